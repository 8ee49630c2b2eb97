"""Views of the game: they listen to ``GameModel`` signals and send intents.

Rooms, one folder each:

common/   what every view shares: colours and sizes (style), translated sentences
          built from rules data (texts), live language switching (retranslate),
          opening windows whole on the screen (on_screen)
sheet/    one seat's sheet: the scene that turns gestures into intents, its items,
          the ghost, overlays, the pencil and marks, motion, the paper boxes, the
          scaling view and the final paper score sheet
table/    the table around the sheet: card line, turn panel and its actions, player
          panel, objectives, announcements, the pass-and-play cover, the welcome
          page and the tutorial
windows/  top-level windows: main, replay, review, statistics, the final score sheet
dialogs/  modal dialogs: New Game, leaving an unfinished game, paying for a special
          action, the rules and controls help
"""
