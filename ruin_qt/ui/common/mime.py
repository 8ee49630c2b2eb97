"""What is dragged between the table's rooms: the card line gives, the sheet takes."""

CARD_MIME = "application/x-ruin-qt-card"  # a dragged explore card: its letter
