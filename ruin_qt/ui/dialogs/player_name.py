"""The player profile's two questions: the name, asked at
the first start with the system's user name offered (and again from
Game ▸ Player Name…), and, once, which names of the games already in the
history were the player ("These are you: …")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout

from ...session.facts import NAME_LIMIT, valid_name
from ..common import tones
from ..common.retranslate import Retranslating


class PlayerNameDialog(Retranslating, QDialog):
    """The profile's name.  OK keeps the name typed (refused while empty); Cancel and Escape keep the
    name offered (``first``: the first start's welcome words, else the menu's)."""

    def __init__(self, name: str, first: bool = False, parent=None):
        super().__init__(parent)
        self.setObjectName("player_name_dialog")
        self.first = first
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        self.name_label = QLabel(self)
        self.name = QLineEdit(name[:NAME_LIMIT], self)
        self.name.setMaxLength(NAME_LIMIT)  # a longer paste is cut at the limit: a seat name fits the panels
        self.name.selectAll()
        self.name_label.setBuddy(self.name)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        tones.follow(self.problem, tones.problem_label)
        Std = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(Std.Ok | Std.Cancel, self)
        self.ok_button = self.buttons.button(Std.Ok)
        self.ok_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        for w in (self.about, self.name_label, self.name, self.problem, self.buttons):
            lay.addWidget(w)
        self.name.textChanged.connect(self._check)
        self.translate_ui()
        self.setMinimumWidth(420)

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Player Name"))
        if self.first:
            self.about.setText(self.tr("Welcome to In the Ruin! What is your name? Your games, statistics and "
                                       "personal bests are kept under it, whatever the language. You can change "
                                       "it later with Game ▸ Player Name…"))
        else:
            self.about.setText(self.tr("Your games, statistics and personal bests are kept under this name. "
                                       "Changing it keeps them all."))
        self.name_label.setText(self.tr("Your &name:"))
        self._check()

    def player_name(self) -> str:
        return self.name.text().strip()

    def refused(self) -> str:
        """Why OK is refused ("" if the name will do)."""
        if not self.player_name():
            return self.tr("Type your name.")
        if not valid_name(self.name.text()):
            return self.tr("The name contains characters that cannot be used (control characters).")
        return ""

    def _check(self, *args) -> None:
        problem = self.refused()
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self.ok_button.setEnabled(not problem)

    def accept(self) -> None:
        if not self.refused():
            super().accept()


class EarlierNamesDialog(Retranslating, QDialog):
    """"These are you": the names of the history's earlier games, each with a
    check box (pre-checked: the ones that look like the player).  OK gives
    the checked names' games to the player; Cancel and Escape keep them all
    apart."""

    def __init__(self, me: str, names: list[tuple[str, int, bool]], parent=None):
        """``me``: the profile's name; ``names``: (name, games, pre-checked)."""
        super().__init__(parent)
        self.setObjectName("earlier_names_dialog")
        self.me, self.counts = me, [n for _name, n, _c in names]
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.PlainText)
        self.heading = QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.boxes = []
        for name, _n, checked in names:
            box = QCheckBox(self)
            box.setProperty("player_name", name)
            box.setChecked(checked)
            self.boxes.append(box)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        Std = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(Std.Ok | Std.Cancel, self)
        self.ok_button, self.cancel_button = self.buttons.button(Std.Ok), self.buttons.button(Std.Cancel)
        self.ok_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.about)
        lay.addWidget(self.heading)
        for box in self.boxes:
            lay.addWidget(box)
        lay.addWidget(self.note)
        lay.addWidget(self.buttons)
        self.translate_ui()
        self.setMinimumWidth(440)

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Your Earlier Games"))
        self.about.setText(self.tr("Games already in the history were played under these names. Check the ones "
                                   "that were you, %1: their games then count in your statistics and personal "
                                   "bests.").replace("%1", self.me))
        self.heading.setText(self.tr("These are you:"))
        for box, n in zip(self.boxes, self.counts):
            box.setText(self.tr("%1 (games: %2)").replace("%2", str(n)).replace("%1", box.property("player_name")))
        self.note.setText(self.tr("This is asked once. Names left unchecked stay other players."))
        self.ok_button.setText(self.tr("&These Are Me"))
        self.cancel_button.setText(self.tr("&Keep Apart"))

    def chosen(self) -> list[str]:
        return [box.property("player_name") for box in self.boxes if box.isChecked()]
