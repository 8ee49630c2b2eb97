"""The guided first game (Help ▸ Tutorial): a solo game on a fixed deal,
played on the real table, one lesson at a time.  Each step says what to do,
outlines where to look and waits until the player has done it; any step can
be skipped, the tutorial left and taken up again where it was."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:  # the lesson panel's module is imported when a lesson first shows: most start-ups show none
    from ...model.game_model import GameModel
    from .tutorial_panel import Highlight, TutorialPanel

__all__ = ["STEPS", "TUTORIAL_SEED", "Step", "Tutorial", "TutorialHost"]

TUTORIAL_SEED = 5  # a short solo deal with a gem in reach in the first round


@dataclass(frozen=True)
class Step:
    key: str
    target: str | None  # what to outline: a name TutorialHost.target knows
    done: Callable[[Tutorial], bool] | None  # None: the player reads and clicks Next
    # Something to look at once done (a refusal's reason, a route on the map):
    # the lesson waits for Next instead of moving on under the player's eyes.
    then_read: bool = False


def _turn(t: Tutorial):
    v = t.model.view()
    return v.turn if v is not None and v.acting else None


def _special_done(tn) -> bool:
    """A special action taken whole: a paid +1 cell only counts once the cell is drawn."""
    return tn is not None and tn.special is not None and tn.step != "extra"


STEPS = [
    Step("welcome", None, None),
    Step("keep", "setup", lambda t: t.setup_keep() >= 2),
    Step("first_road", "sheet", lambda t: t.setup_pieces() >= 1),
    Step("other_pieces", "setup", lambda t: t.setup_pieces() >= 4),
    Step("confirm_setup", "confirm", lambda t: t.model.public().phase != "setup"),
    Step("line", "line", None),
    Step("illegal", "sheet", lambda t: t.refused, then_read=True),
    # The first round's three lessons: a round played since the first of them began completes them all.
    Step("draw_roads", "sheet", lambda t: (tn := _turn(t)) is not None and tn.action == "A" or t.played("draw_roads")),
    Step("move", "sheet", lambda t: (tn := _turn(t)) is not None and bool(tn.path) or t.played("draw_roads")),
    Step("confirm", "confirm", lambda t: t.played("draw_roads")),
    Step("gem", "sheet", lambda t: t.gems() >= 1),
    Step("route", "hand", lambda t: t.route_pointed, then_read=True),
    Step("action_c", "c_button", lambda t: (tn := _turn(t)) is not None and tn.action == "C" or t.used_c),
    Step("special", "extra_button", lambda t: _special_done(_turn(t)) or t.used_special),
    Step("stage2", "line", lambda t: t.model.public().stage == 2 or t.model.public().phase == "over"),
    Step("escape", "sheet", lambda t: t.model.public().phase == "over"),
    Step("end", "score", None),
]


class Tutorial(QObject):
    """The lessons, their order and what completes each; ``TutorialPanel`` shows them.

    Every lesson is shown: one whose action was already done before it came
    up (the suggested play collected a gem in round 1) waits for Next like a
    reading step, and one action moves on by one lesson at most."""

    steps = STEPS
    step_changed = Signal(int)  # the step shown now (len(STEPS): the tutorial is over)
    left = Signal()  # the player left the tutorial (the game goes on)

    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.model: GameModel = model
        self.index = 0
        self.active = False
        # Typed where set: the steps' checks above the class read these.
        self.refused: bool = False
        self.route_pointed: bool = False
        self.used_c: bool = False
        self.used_special: bool = False
        self.complete = False  # the current lesson's action is done; it waits for Next
        self.skipped: int | None = None  # the lesson just passed over by Skip: the next one says so
        self._round_at_step = 0
        self._began: dict[str, int] = {}  # the round each lesson was first shown in
        for sig in (model.turn_changed, model.announced, model.phase_changed):
            sig.connect(self.check)
        model.refused.connect(self._on_refused)

    # -- facts the steps ask about -------------------------------------------
    def setup_keep(self) -> int:
        v = self.model.view()
        if v is None or v.setup is None:
            return 2 if self.model.public().phase != "setup" else 0
        return len(v.setup.keep)

    def setup_pieces(self) -> int:
        v = self.model.view()
        if v is None or v.setup is None:
            return 4 if self.model.public().phase != "setup" else 0
        return len(v.setup.pieces)

    def gems(self) -> int:
        p = self.model.public()
        return p.seats[0].gems if p.seats else 0

    def played(self, lesson: str) -> bool:
        """A round was played since ``lesson`` was first shown (or since this one, if it was not)."""
        return self.model.public().round > self._began.get(lesson, self._round_at_step)

    def note_refusal(self) -> None:
        """A refused gesture (a click on a crossed-out ghost): the status bar says why."""
        if self.active and self.current().key == "illegal":
            self.refused = True
            self.check()

    def _on_refused(self, *args) -> None:
        self.note_refusal()

    def note_route(self, card) -> None:
        if card is not None and self.active:
            self.route_pointed = True
            self.check()

    def note_turn(self) -> None:
        """Remember a C or a special action done this step, even if undone later."""
        tn = _turn(self)
        if tn is not None:
            self.used_c |= tn.action == "C"
            self.used_special |= _special_done(tn)

    # -- the steps ------------------------------------------------------------------
    def current(self) -> Step:
        return STEPS[min(self.index, len(STEPS) - 1)]

    @property
    def over(self) -> bool:
        return self.index >= len(STEPS)

    def waits_for_next(self) -> bool:
        """A reading step, or a lesson done already: Next moves on."""
        return self.current().done is None or self.complete

    def begin(self, index: int = 0) -> None:
        self.active = True
        self._began = {}
        self.skipped = None
        self.go_to(index)

    def go_to(self, index: int, skipped: int | None = None) -> None:
        """Show lesson ``index``; ``skipped``: the lesson Skip just passed over, which it names."""
        self.skipped = skipped
        self.index = index
        self.refused = self.route_pointed = self.used_c = self.used_special = False
        self._round_at_step = self.model.public().round
        step = self.current()
        if not self.over:
            self._began.setdefault(step.key, self._round_at_step)
        # Done before it was shown: it is read, not skipped.
        self.complete = not self.over and step.done is not None and step.done(self)
        self.step_changed.emit(index)

    def next(self) -> None:
        """Next (a reading step, or a lesson done): on to the following lesson."""
        if self.active and not self.over:
            self.go_to(self.index + 1)

    def skip(self) -> None:
        """Skip this step: on to the following lesson, which says this one was skipped."""
        if self.active and not self.over:
            self.go_to(self.index + 1, None if self.waits_for_next() else self.index)

    def check(self, *args) -> None:
        """Move on once the current lesson's action is done (one lesson at a time)."""
        if not self.active or self.over or self.complete:
            return
        self.note_turn()
        step = self.current()
        if step.done is None or not step.done(self):
            return
        if step.then_read:
            self.complete = True
            self.step_changed.emit(self.index)  # the panel shows it done, with Next
        else:
            self.go_to(self.index + 1)

    def leave(self) -> None:
        self.active = False
        self.left.emit()


class TutorialHost(QObject):
    """Puts the tutorial on a main window: its Help menu item, its panel above
    the card line, its outline.  It learns what the player did from the
    model (the intents' outcomes) and from the two facts the window passes on
    (a refusal shown, an objective card pointed at); it finds what a lesson
    outlines by object name and starts its game through ``start_game``."""

    # What a lesson outlines: the object name of a widget on the window.
    TARGETS = {"setup": "setup_box", "sheet": "table_sheet", "confirm": "confirm_button", "line": "card_line",
               "hand": "hand", "c_button": "c_button", "extra_button": "extra_button", "score": "public_tabs"}

    def __init__(self, window: QWidget, model, *, start_game: Callable[[list, int], None],
                 then: Callable[[Callable[[], None]], None], settings, resumable: Callable[[], bool],
                 panel_at: Callable[[QWidget], None], help_menu):
        """``start_game(seats, seed)`` starts a game on the window;
        ``then(fn)`` runs ``fn`` once the game on the table may be left;
        ``panel_at(panel)`` puts the lesson panel on the side of the table."""
        super().__init__(window)
        self.window, self.model, self.settings = window, model, settings
        self._start_game, self._then, self._resumable = start_game, then, resumable
        self.tutorial = Tutorial(model, self)
        self._panel_at = panel_at
        self._panel: TutorialPanel | None = None
        self._highlight: Highlight | None = None
        self.action = QAction(window)
        self.action.triggered.connect(self.start)
        help_menu.insertAction(help_menu.actions()[0], self.action)
        self._starting = False
        self.tutorial.step_changed.connect(self._on_step)
        self.tutorial.left.connect(self._on_left)
        model.game_started.connect(self._on_game_started)
        self.translate()

    @property
    def panel(self) -> TutorialPanel:
        """The lesson panel beside the table, made when first shown: most start-ups show none."""
        if self._panel is None:
            from .tutorial_panel import TutorialPanel

            self._panel = TutorialPanel(self.tutorial, self.window)
            self._panel.hide()
            self._panel_at(self._panel)
        return self._panel

    @property
    def highlight(self) -> Highlight:
        from .tutorial_panel import Highlight

        self._highlight = self._highlight or Highlight(self.window)
        return self._highlight

    def translate(self) -> None:
        self.action.setText(self.tr("&Tutorial…"))
        self.action.setToolTip(self.tr("A guided first game: learn the rules by playing"))

    def is_tutorial_game(self) -> bool:
        p = self.model.public()
        return p.seed == TUTORIAL_SEED and p.n == 1 and p.phase in ("setup", "play")

    def start(self) -> None:
        """Help ▸ Tutorial: take it up where it was left, or begin it anew."""
        saved = self.settings.tutorial_step() if self.settings is not None else 0
        if self.is_tutorial_game():
            self.tutorial.begin(saved if self.tutorial.index == 0 else self.tutorial.index)
            return
        self._then(self._new_tutorial_game)

    def _new_tutorial_game(self) -> None:
        self._starting = True
        try:
            me = getattr(self.window, "player_name", str)() or self.tr("Player")  # the profile's
            self._start_game([(me, "human")], TUTORIAL_SEED)
        finally:
            self._starting = False
        self.tutorial.begin(0)

    def _on_game_started(self) -> None:
        if self.tutorial.active and not self._starting:
            self.tutorial.leave()  # another game replaced the tutorial's

    def _on_step(self, index: int) -> None:
        settings = self.settings
        if settings is not None:
            settings.set_tutorial_step(0 if self.tutorial.over else index)
        if self.tutorial.over:
            self.tutorial.active = False
            self._on_left()
            return
        self.panel.show()
        self.highlight.follow(self.target(self.tutorial.current().target))

    def target(self, name: str | None) -> QWidget | None:
        """The widget a lesson is about."""
        object_name = self.TARGETS.get(name or "")
        return self.window.findChild(QWidget, object_name) if object_name else None

    def offer(self) -> bool:
        """At a first start with nothing to resume: True once, when the guided game
        is to be offered (the welcome page shows it; no box repeats its button)."""
        if self.settings is None or self.settings.tutorial_offered() or self._resumable():
            return False
        self.settings.set_tutorial_offered()
        return True

    def _on_left(self) -> None:
        if self._panel is not None:
            self._panel.hide()
        if self._highlight is not None:
            self._highlight.follow(None)
