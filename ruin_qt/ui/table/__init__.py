"""The table around the sheet: card line, turn panel, player panel, announcements, hand-off, welcome, tutorial."""
