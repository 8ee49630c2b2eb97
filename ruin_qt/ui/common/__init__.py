"""What every view shares: style, translated texts, retranslation, on-screen placement."""
