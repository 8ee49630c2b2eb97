"""Views of the game: they listen to ``GameModel`` signals and send intents.

main_window   the window, menus, pages, hand-off and scoreboard wiring
sheet_scene   the grid scene: gestures -> intents, ghost, reach, escape
sheet_items   cell, pawn, ghost, cursor and escape items (paint only)
sheet_view    the scaling QGraphicsView
card_line     the line, deck count and the card browser (line/discard/deck)
turn_panel    setup choices, A/B/C, special actions, escape, undo, confirm
player_panel  gem and penalty tracks, hand with route status, score sheet, seats
dialogs       the New Game dialog
final_sheet   the end of a game: every seat's paper score sheet, the winner and why
paper_sheet   one seat's final score sheet, drawn like the paper one
on_screen     opening windows whole on the screen
handoff       the pass-and-play cover
texts         translated sentences for refusals (rule id first) and announcements
style         colours and sizes
"""
