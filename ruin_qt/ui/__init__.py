"""Views of the game: they listen to ``GameModel`` signals and send intents.

main_window   the window, menus, pages, hand-off and scoreboard wiring
sheet_scene   the grid scene: gestures -> intents, ghost, reach, escape
sheet_items   cell, letter badge, pawn, ghost, cursor, escape and square items (paint only)
sheet_drawing a seat's sheet drawn from states (live scene, replay, PNG export)
sheet_story   what changed on a seat's sheet while it was away; the square bonus outlined
pencil        hand-drawn ○, ■ and frames as cached vector paths
marks         painting a mark, a chip, centred text (items and ghost share them)
sheet_boxes   the paper's gem/penalty tracks and score boxes
motion        the animation switch and the Motion that paints state changes in
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
style         colours and sizes, the pencil and high-contrast looks
"""
