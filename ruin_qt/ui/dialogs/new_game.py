"""The New Game dialog (the final score sheet is in ``final_sheet``)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from ...model.levels import known_levels
from ...session.facts import MAX_SEATS, NAME_LIMIT, SEED_MAX, SEED_MIN, looks_default, parse_seed, same_name, valid_name
from ..common import texts, tones
from ..common.retranslate import Retranslating

__all__ = ["MAX_SEATS", "NAME_LIMIT", "NewGameDialog", "valid_name"]  # the names' rules live in rules.names


class NewGameDialog(Retranslating, QDialog):
    """1-4 seats, each human or computer (any level in ``LEVELS``), names, and a seed only if
    the player types one (empty: a random deal).  ``me``: the player profile's name, put on the
    first human seat unless a human seat has it already (the seat with it is the profile's)."""

    def __init__(self, defaults: dict | None = None, parent=None, me: str = ""):
        super().__init__(parent)
        d = defaults or {}
        self.count = QSpinBox(self)
        self.count.setRange(1, MAX_SEATS)
        self.count_label = QLabel(self)
        self.names = [QLineEdit(self) for _ in range(MAX_SEATS)]
        self.kinds = [QComboBox(self) for _ in range(MAX_SEATS)]
        self.seat_labels = [QLabel(self) for _ in range(MAX_SEATS)]
        self.levels = known_levels()  # read at run time: new levels show up by themselves
        self.seed = QLineEdit(self)  # checked as typed (refused() says why), not blocked key by key
        self.seed_label = QLabel(self)
        self.problem_label = QLabel(self)
        self.problem_label.setWordWrap(True)
        tones.follow(self.problem_label, tones.problem_label)
        grid = QGridLayout()
        grid.addWidget(self.count_label, 0, 0)
        grid.addWidget(self.count, 0, 1)
        for i in range(MAX_SEATS):
            grid.addWidget(self.seat_labels[i], i + 1, 0)
            grid.addWidget(self.names[i], i + 1, 1)
            grid.addWidget(self.kinds[i], i + 1, 2)
            # The seat's label names its kind box (on Linux a combo box's own name is its value: a
            # screen reader takes its name from the label); the name field is named on its own.
            self.seat_labels[i].setBuddy(self.kinds[i])
        grid.addWidget(self.seed_label, MAX_SEATS + 1, 0)
        grid.addWidget(self.seed, MAX_SEATS + 1, 1, 1, 2)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(ok_cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(grid)
        lay.addWidget(self.problem_label)
        lay.addWidget(self.buttons)
        self.count.valueChanged.connect(self._seats_shown)
        self.translate_ui()
        # Defaults come from a settings file: anything of the wrong type is ignored.
        got_names, got_kinds = d.get("names"), d.get("kinds")
        names = got_names if isinstance(got_names, list) else []
        kinds = got_kinds if isinstance(got_kinds, list) else []
        for i in range(MAX_SEATS):
            name = names[i] if i < len(names) else None
            self.names[i].setText(name if isinstance(name, str) and name and valid_name(name)
                                  else self._default_name(i))
            want = kinds[i] if i < len(kinds) else ("human" if i == 0 else "ai:" + self._default_level())
            idx = self.kinds[i].findData(want) if isinstance(want, str) else -1
            self.kinds[i].setCurrentIndex(idx if idx >= 0 else 0)
        count = d.get("count")
        self.count.setValue(count if isinstance(count, int) and not isinstance(count, bool) else 2)
        self.me = me.strip() if me and valid_name(me) else ""
        if self.me:
            self._seat_me(self.me, d.get("me"))
        # The seed field starts empty, whatever the last game was: a fresh deal unless the player types one.
        for w in (*self.names, self.seed):
            w.textChanged.connect(self._check)
        self._seats_shown()

    def _seat_me(self, me: str, remembered: object) -> None:
        """The profile's name on the seat it had last time (renamed since: its new name), else on the
        first human seat if that one has a name given by the app ("Player 1") or none."""
        humans = [i for i in range(MAX_SEATS) if self.kinds[i].currentData() == "human"]
        shown = [i for i in humans if i < self.count.value()] or humans
        if not shown or any(same_name(self.names[i].text(), me) for i in shown):
            return
        if isinstance(remembered, int) and not isinstance(remembered, bool) and remembered in shown:
            self.names[remembered].setText(me)
        elif looks_default(self.names[shown[0]].text()):
            self.names[shown[0]].setText(me)

    def _default_level(self) -> str:
        return "standard" if "standard" in self.levels else self.levels[0] if self.levels else "random"

    def _default_name(self, i: int) -> str:
        return self.tr("Player %1").replace("%1", str(i + 1))

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("New Game"))
        self.count_label.setText(self.tr("&Seats:"))
        self.count_label.setBuddy(self.count)
        self.seed_label.setText(self.tr("S&eed (optional):"))
        self.seed_label.setBuddy(self.seed)
        self.seed.setPlaceholderText(self.tr("random"))
        self._check()  # its messages in the new language
        for i in range(MAX_SEATS):
            self.seat_labels[i].setText(self.tr("Seat %1:").replace("%1", str(i + 1)))
            combo = self.kinds[i]
            current = combo.currentData()
            combo.clear()
            combo.addItem(self.tr("Human"), "human")
            for level in self.levels:
                combo.addItem(self.tr("Computer (%1)").replace("%1", texts.level_name(level)), "ai:" + level)
            idx = combo.findData(current)
            if idx >= 0:
                combo.setCurrentIndex(idx)
            self._name_seat(i)



    def _name_seat(self, i: int) -> None:
        """A seat's box named by its seat ("Seat 2: Human" with its value), where the platform takes
        a combo box's name from it (its label names it on Linux); its name field "Seat 2: name"."""
        self.kinds[i].setAccessibleName(self.tr("Seat %1:").replace("%1", str(i + 1)))
        self.names[i].setAccessibleName(self.tr("Seat %1: name").replace("%1", str(i + 1)))

    def _seats_shown(self, *args) -> None:
        n = self.count.value()
        for i in range(MAX_SEATS):
            for w in (self.names[i], self.kinds[i], self.seat_labels[i]):
                w.setVisible(i < n)
        # Fewer rows, a shorter dialog (the layout's new size only counts once laid out).
        QTimer.singleShot(0, self, lambda: self.resize(self.width(), self.minimumSizeHint().height()))
        self._check()

    def refused(self) -> list[str]:
        """Why OK is refused, one line per value (empty: all values are fine)."""
        out = []
        for i in range(self.count.value()):
            name = self.names[i].text()
            if len(name) > NAME_LIMIT:
                out.append(self.tr("Seat %1's name is too long: at most %2 characters.")
                           .replace("%1", str(i + 1)).replace("%2", str(NAME_LIMIT)))
            elif not valid_name(name):
                out.append(self.tr("Seat %1's name contains characters that cannot be used (control characters).")
                           .replace("%1", str(i + 1)))
        if self.seed.text().strip() and parse_seed(self.seed.text()) is None:
            out.append(self.tr("The seed must be a whole number from %1 to %2, or empty for a random one.")
                       .replace("%1", str(SEED_MIN)).replace("%2", str(SEED_MAX)))
        return out

    def _check(self, *args) -> None:
        problems = self.refused()
        self.problem_label.setText("\n".join(problems))
        self.problem_label.setVisible(bool(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)

    def accept(self) -> None:
        if not self.refused():
            super().accept()

    def seats(self) -> list[tuple[str, str]]:
        out = []
        for i in range(self.count.value()):
            name = self.names[i].text().strip() or self._default_name(i)
            out.append((name, self.kinds[i].currentData()))
        return out

    def seed_value(self) -> int | None:
        """The seed typed (None: a random one); only called once accepted."""
        return parse_seed(self.seed.text())

    def choices(self) -> dict:
        """What the settings remember for next time (not the seed: the next deal is a new one), and the
        player profile's seat, if one has its name."""
        mine = [i for i, (name, kind) in enumerate(self.seats()) if kind == "human" and same_name(name, self.me)]
        return {
            "count": self.count.value(),
            "names": [w.text() for w in self.names],
            "kinds": [c.currentData() for c in self.kinds],
            **({"me": mine[0]} if self.me and mine else {}),
        }
