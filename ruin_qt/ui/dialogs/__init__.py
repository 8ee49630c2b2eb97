"""Modal dialogs: New Game, leaving an unfinished game, paying for a special action, help."""
