"""The game as a screen reader meets it.  The real program runs
under a virtual X display with the accessibility bus (at-spi2-core), and a
client reads its accessible tree over D-Bus as Orca does
(``tests/ui/access/atspi.py``).  Using only what that tree exposes and keys
on the display, it names the player, starts a solo game, keeps two
objective cards, draws the setup and the first rounds' pieces, walks the
adventurer and confirms; opened on a saved game four rounds before its end,
it plays them, reads the final score and the review; and it hears the
announcements a player should hear.  (The rounds between are the same
gestures again: tests/ui/access/test_keyboard_game.py plays every one of a
whole game with the keys alone, in process.)"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.access import atspi
from tests.ui.access.atspi_player import CELL, Player

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is the Linux accessibility bus"),
    pytest.mark.xdist_group("atspi"),
]


@pytest.fixture(scope="module")
def desk():
    missing = atspi.available()
    assert not missing, f"{missing}: dev.py installs it (python3 dev.py test)"
    d = atspi.Desktop()
    d.listen("Object:Announcement")
    yield d
    d.close()


def program() -> list[str]:
    """The game as a player starts it: the built release when RUIN_QT_RELEASE names its folder
    (.ci/run, after packaging), else this checkout."""
    release = os.environ.get("RUIN_QT_RELEASE")
    return [str(Path(release) / "ruin-qt")] if release else [sys.executable, "-m", "ruin_qt"]


def launch(desk, tmp_path, *args: str):
    env = dict(desk.env, RUIN_QT_DATA_DIR=str(tmp_path / "data"), RUIN_QT_MOTION="0")
    released = bool(os.environ.get("RUIN_QT_RELEASE"))
    # Its own process group: the release's launcher runs the program as its child, and both end.
    proc = subprocess.Popen([*program(), "--language", "en", *args], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield desk.app("ruin-qt", pid=None if released else proc.pid, timeout=60)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture
def app(desk, tmp_path):
    yield from launch(desk, tmp_path)


def said(desk) -> list[tuple[str, int]]:
    """The announcements heard so far: (text, politeness: 1 polite, 2 assertive)."""
    return [(body[3][1], body[1]) for member, _, body in desk.heard(0.02) if member == "Announcement"]


def start_solo(desk, app, player: Player, seats: int = 1, second: str = "") -> None:
    """Name the player, then New Game with ``seats`` seats (the second one a ``second`` if given)."""
    player.wait(lambda: app.find("text", "Your name:"))
    desk.type("Bea")
    player.press("Return")
    player.wait(lambda: app.find("push button", "New Game…")).do()
    player.wait(lambda: "focused" in app.find("spin box", "Seats:").states())
    player.press(*["Down"] * 3, *["Up"] * (seats - 1))  # one seat (a second is a computer by default)
    player.wait(lambda: len(app.find_all("combo box")) == seats)
    if second:
        kind = app.find_all("combo box")[1]
        for _ in range(10):  # Tab to the second seat's kind, as a player does
            if "focused" in kind.states():
                break
            player.press("Tab")
            time.sleep(0.05)
        player.press("Home")  # "Human", the first kind in the list
        player.wait(lambda: app.find_all("combo box")[1].name == second)
    player.press("Return")
    player.wait(lambda: app.find("frame", re.compile(r"^Stage 1, round 1")))
    desk.focus(r"^Stage 1, round 1")


def setup(desk, app, player: Player) -> None:
    for box in app.find_all("check box", re.compile(r"^[A-Z] – [A-Z]$"))[:2]:  # two objective cards kept
        box.do()
    for _ in range(5):  # a piece in hand for each setup card left (four at most)
        ghost = player.to_sheet()
        if ghost is None:
            break
        kind = "road" if ghost.name.startswith("Road") else "wall"
        placed = player.place(kind, setup=True)
        others = [b for b in app.find_all("check box", re.compile(r"^[A-Z] \(\d+\)$"))
                  if "checked" not in b.states() and "enabled" in b.states()]
        while not placed and others:  # this card fits nowhere now (the O piece as roads): another first
            others.pop(0).do()
            player.to_sheet()
            placed = player.place(kind, setup=True)
        assert placed, "\n".join([f"did: {player.log}", f"heard: {said(desk)[-6:]}",
                                  f"piece: {player.piece() and player.piece().name}",
                                  f"map: {dict((c, v) for c, v in player.map().items() if v != ('empty', ''))}"])
    player.press("ctrl+Return")


def one_round(desk, app, player: Player) -> None:
    ghost = player.to_sheet() or player.wait(player.piece)
    placed = player.place("road") if ghost.name.startswith("Road") else False
    if not placed:
        player.press("space")  # walls
        player.wait(lambda: (g := player.piece()) and g.name.startswith("Wall piece"), timeout=5)
        placed = player.place("wall")
    if not placed:
        if app.find_all("push button", re.compile(r"^No draw possible")):  # shown only when nothing fits
            player.press("n")
        else:  # action C: one wall touching the ruin
            player.press("c")
            sheet = player.map()
            filled = {c for c, (state, _) in sheet.items() if state != "empty"}
            cell = next(c for c, (state, _) in sheet.items() if state == "empty" and any(
                (c[0] + dr, c[1] + dc) in filled for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))))
            player.cursor_to(cell)
            player.press("Return")
    if placed:
        player.wait(lambda: player.piece() is None, timeout=5)  # drawn: the adventurer's turn
    player.walk_far()
    player.press("ctrl+Return")


def play_rounds(desk, app, player: Player, most: int) -> list[int]:
    """Rounds through the bus until the game is over (or ``most`` of them): the keys each took."""
    per_round: list[int] = []
    while not any(t.startswith("The game is over.") for t, _ in said(desk)) and len(per_round) < most:
        turns = sum(t.startswith("Bea, your turn.") for t, _ in said(desk))
        keys = player.keys
        one_round(desk, app, player)
        player.wait(lambda turns=turns: sum(t.startswith("Bea, your turn.") for t, _ in said(desk)) > turns
                    or any(t.startswith("The game is over.") for t, _ in said(desk)), timeout=20,
                    told=lambda: f"last heard: {said(desk)[-4:]}; did: {player.log[-12:]}")
        per_round.append(player.keys - keys)
    return per_round


def test_a_solo_game_begins_through_the_accessibility_bus(desk, app):
    """The player's name, New Game, two objective cards kept, the setup drawn, and the first
    rounds: road, wall, action C or none, the adventurer walked, each round confirmed."""
    player = Player(desk, app)
    begun = time.monotonic()
    start_solo(desk, app, player)
    table = player.wait(lambda: app.find("table", "Your map, 11 rows by 11 columns"))
    assert table.table_size() == (11, 11)
    assert CELL.match(table.cell(0, 0).name)
    assert any(t == "A new game: Bea." for t, _ in said(desk))
    setup(desk, app, player)
    player.wait(lambda: any(t.startswith("Setup is over.") for t, _ in said(desk)))
    per_round = play_rounds(desk, app, player, most=4)
    assert len(per_round) == 4 and sum(t.startswith("Bea, your turn.") for t, _ in said(desk)) >= 5
    print(f"\nAT-SPI first rounds: keys per round {per_round}, {time.monotonic() - begun:.0f} s")


LEFT = 4  # rounds of the saved game still to play: its middle rounds are the first ones' gestures again


def late_record(path: Path, seed: int = 11) -> Path:
    """A solo game of Bea's, played by the random policy that never escapes (the player at the
    bus does not: the game ends with the collapse), saved ``LEFT`` rounds before its end."""
    import random

    from ruin_qt.ai.random_policy import random_setup, random_turn
    from ruin_qt.rules import record
    from ruin_qt.rules.game import Game
    from ruin_qt.rules.observation import observe

    def game_after(rounds: int | None) -> tuple[Game, int]:
        rng, game, played = random.Random(seed), Game([("Bea", "human")], seed), 0
        game.submit_setup(0, random_setup(observe(game, 0), rng))
        while not game.over and played != rounds:
            turn = random_turn(observe(game, 0), rng)
            while turn.escape:
                turn = random_turn(observe(game, 0), rng)
            game.play_round([turn])
            played += 1
        return game, played

    _, whole = game_after(None)
    game, _ = game_after(whole - LEFT)
    assert not game.over
    path.write_text(record.dumps(game), encoding="utf-8")
    return path


@pytest.fixture
def saved_app(desk, tmp_path):
    """The program opened on a saved game, as a double-click on a .ruin file opens it."""
    yield from launch(desk, tmp_path, str(late_record(tmp_path / "late.ruin")))


def test_a_saved_solo_game_is_played_to_its_end_score_and_review(desk, saved_app):
    app = saved_app
    player = Player(desk, app)
    begun = time.monotonic()
    player.wait(lambda: app.find("table", "Your map, 11 rows by 11 columns"), timeout=30)  # no question first
    desk.focus(r"^Stage [0-9], round")
    per_round = play_rounds(desk, app, player, most=LEFT + 2)
    over = player.wait(lambda: next((t for t, p in said(desk) if t.startswith("The game is over.")), None))
    assert re.search(r"Bea: -?\d+ VP\.", over), over
    sheet = player.wait(lambda: app.find("dialog", re.compile(r"^Final score sheet")))
    sheet.find("push button", "Review the game…").do()
    player.wait(lambda: any(t.startswith("Accuracy") for t, _ in said(desk)), timeout=120)
    print(f"\nAT-SPI last rounds: {len(per_round)}, keys per round {per_round}, {time.monotonic() - begun:.0f} s")


def test_a_computer_seats_move_and_a_refusal_reach_the_screen_reader(desk, app):
    player = Player(desk, app)
    start_solo(desk, app, player, seats=2)
    setup(desk, app, player)
    player.wait(lambda: any(t.startswith("Setup is over.") for t, _ in said(desk)))
    decided = [t for t, p in said(desk) if t.endswith(" has decided.")]
    assert decided and all(p == 1 for t, p in said(desk) if t in decided)  # polite: news, not an alarm
    ghost = player.to_sheet() or player.wait(player.piece, told=lambda: f"heard {said(desk)[-3:]}")
    sheet = player.map()
    filled = next(cell for cell, (state, _) in sheet.items() if state != "empty")
    target = cells_over(ghost, filled)
    if all(0 <= r < 11 and 0 <= c < 11 for r, c in target):
        player.move_piece(ghost, target)
    player.press("Return")  # on a filled cell: refused, and said at once
    refusal = player.wait(lambda: next(((t, p) for t, p in said(desk) if t.startswith("Not allowed:")), None))
    assert refusal[1] == 2 and "filled" in refusal[0]  # assertive, with the rule's reason
    assert not any(re.search(r"row \d+, column \d+", t) for t, p in said(desk) if p == 1)  # no cell in the news


def cells_over(ghost, cell) -> list[tuple[int, int]]:
    """The piece's cells moved so that its first cell lies on ``cell``."""
    from tests.ui.access.atspi_player import cells_of

    now = sorted(cells_of(ghost.name))
    dr, dc = cell[0] - now[0][0], cell[1] - now[0][1]
    return [(r + dr, c + dc) for r, c in now]


def test_pass_and_play_tells_whose_turn_and_nothing_of_the_other_sheet(desk, app):
    """Two players at one screen: the hand-off is said (assertive) and its cover is named for
    the next player; no announcement between their turns holds a cell of either sheet."""
    player = Player(desk, app)
    start_solo(desk, app, player, seats=2, second="Human")
    first = player.wait(lambda: app.find(None, re.compile(r"^Pass to Bea")))  # the cover, before anyone's sheet
    player.wait(lambda: "focused" in first.states())
    player.press("Return")  # "I am Bea: show my sheet"
    setup(desk, app, player)
    handoff = player.wait(lambda: next(((t, p) for t, p in said(desk)
                                        if t.startswith("Pass the computer to Player 2")), None))
    assert handoff[1] == 2  # assertive: the screen must change hands now
    cover = player.wait(lambda: app.find(None, re.compile(r"^Pass to Player 2")))
    assert "focused" in cover.states()  # the keys are on the cover: nothing of Bea's sheet is in reach
    for t, p in said(desk):
        if p == 1:
            assert not re.search(r"row \d+, column \d+", t), t  # the news never holds a cell
