"""The in-app rules summary (both languages through the translation files)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ..common.retranslate import Retranslating


class RulesDialog(Retranslating, QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rules_dialog")
        self.resize(640, 720)
        self.text = QTextBrowser(self)
        self.text.setOpenExternalLinks(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.text)
        lay.addWidget(self.buttons)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Rules Summary"))
        self.text.setAccessibleName(self.tr("Rules Summary"))
        parts = [
            self.tr("<h2>In the Ruin — rules summary</h2>"
                    "<p>Each player draws on a private 11×11 map sheet. Score victory points (VP) with gems, "
                    "objective routes, big rectangles and an early escape.</p>"),
            self.tr("<h3>Setup</h3><p>Keep 2 of your 4 objective cards. Draw one explore card as roads ○ "
                    "covering the exit, the other as walls ■ touching a road (solo: two road cards, then two "
                    "wall cards). The letters on everyone's setup cards become destinations.</p>"),
            self.tr("<h3>Each round: step 1 (secret, everyone at once)</h3><p>The active card is the one "
                    "farthest from the deck. Take exactly one action:</p><ul>"
                    "<li><b>A</b>: draw its piece as roads ○ (rotate and mirror freely);</li>"
                    "<li><b>B</b>: draw it as walls ■;</li>"
                    "<li><b>C</b>: draw one wall anywhere next to a filled cell, and take a penalty.</li></ul>"
                    "<p>A piece must touch a cell filled before this round and may not cover a filled cell. "
                    "Roads never form a 2×2 block. Then move your adventurer up to the card's number of steps "
                    "along roads and gates.</p>"),
            self.tr("<h3>Special actions</h3><p>Once per round, discard an objective card to draw one extra "
                    "○ or ■ next to any filled cell (+1 cell), or to let one step jump from a gate to any other "
                    "gate (warp).</p>"),
            self.tr("<h3>Step 2: gems and new destinations</h3><p>An adventurer standing on an active "
                    "destination collects a gem and draws an objective card (hand limit 5). That letter becomes "
                    "a gate where it is a road on each sheet, and a wall elsewhere. For each letter collected, "
                    "one explore card is discarded and its letter becomes a new destination.</p>"),
            self.tr("<p>Letters never block drawing: a road or a wall may cover one. A wall on an active "
                    "destination keeps its gem from you, since your adventurer can never stand there: on your "
                    "sheet its letter is struck out (it stays a destination for the others).</p>"),
            self.tr("<h3>Stages and the collapse</h3><p>When the line of cards runs out, stage 1 ends: "
                    "score your largest filled rectangle (square bonus), reshuffle the discards, and play "
                    "stage 2. In stage 2 you may escape from the exit; every escaped player makes the ruin "
                    "collapse faster (one more card discarded each round).</p>"),
            self.tr("<h3>Scoring</h3><ul><li>Both square bonuses (a traced letter that is not a road "
                    "breaks a rectangle);</li><li>10 VP per gem;</li><li>honour: −10 VP per penalty; escaping "
                    "first 30 VP, second 10 VP (players escaping in the same round score the next rank), not "
                    "escaping −20 VP (solo: escape 30 VP);</li><li>15 VP per objective card whose two letters "
                    "are joined by roads.</li></ul><p>Ties go to the player with more road cells. The solo "
                    "challenge: reach 300 VP.</p>"),
        ]
        self.text.setHtml("".join(parts))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))



class ControlsDialog(Retranslating, QDialog):
    """Help ▸ Controls: every key the game answers to, built from the window's
    own actions, so it lists exactly the shortcuts that work."""

    def __init__(self, actions, parent: QWidget | None = None):
        """``actions``: a callable giving [(menu title, [QAction, ...]), ...]."""
        super().__init__(parent)
        self.setObjectName("controls_dialog")
        self.actions_of = actions
        self.resize(560, 640)
        self.text = QTextBrowser(self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.text)
        lay.addWidget(self.buttons)
        self.translate_ui()

    def rows(self) -> list[tuple[str, str, str]]:
        """(section, keys, what) for every row of the page."""
        from ..table.turn_actions import NAME_PROPERTY, sheet_keys

        out = [(self.tr("On the sheet"), key, what) for key, what in sheet_keys()]
        out.append((self.tr("On the sheet"), self.tr("Mouse"),
                    self.tr("point to place the piece, click to draw or to move there; or press, slide the piece "
                            "and release to draw it (Esc, or a release off the sheet, draws nothing); drag the "
                            "active card from the line onto the sheet")))
        for title, actions in self.actions_of():
            for a in actions:
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts())
                if keys:
                    name = a.property(NAME_PROPERTY) or a.text()  # Undo, not "Undo Draw the +1 cell"
                    out.append((title.replace("&", ""), keys, name.replace("&", "").rstrip("…")))
        return out

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Controls"))
        self.text.setAccessibleName(self.tr("Controls"))
        html, section = [], None
        for sec, keys, what in self.rows():
            if sec != section:
                if section is not None:
                    html.append("</table>")
                html.append(f"<h3>{escape(sec)}</h3><table cellspacing='6'>")
                section = sec
            html.append(f"<tr><td><b>{escape(keys)}</b></td><td>{escape(what)}</td></tr>")
        html.append("</table>")
        self.text.setHtml("".join(html))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))

    def showEvent(self, event) -> None:
        self.translate_ui()  # the shortcuts as they are now
        super().showEvent(event)
