"""The game heard through the real screen reader: Debian 12's Orca (43) runs on
the accessibility bus under Xvfb, as on a stock desktop, and the game is played
by keys, reading only the accessible tree.  What Orca said is read from its
own debug log (every utterance it sends to speech-dispatcher is written there
as ``SPEECH OUTPUT: '...'``); what the game announced is written by a thin
wrapper around the game's speaker, so that the two can be compared.

No announcement listener of the test's own is registered on the bus: the
game must reach Orca as it is, not because a test listens."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.access import atspi
from tests.ui.access.atspi_player import CELL, Player

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Orca is the Linux screen reader"),
    pytest.mark.xdist_group("atspi"),
    pytest.mark.slow,
]

SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*?)'(?= ?\{| voice=|$)", re.MULTILINE)  # then the voice, if any
LEFT = 2  # rounds of the saved game still to play

# The game, with each announcement also written to a file: the speaker's words as sent.
WRAPPER = """
import json, runpy, sys
from ruin_qt.ui.common import speech
sent, sys.argv = sys.argv[1], ["ruin_qt", *sys.argv[2:]]
say = speech.Speaker.say
def told(self, text, assertive=False):
    with open(sent, "a", encoding="utf-8") as f:
        f.write(json.dumps([" ".join(text.split()), assertive]) + "\\n")
    say(self, text, assertive)
speech.Speaker.say = told
runpy.run_module("ruin_qt", run_name="__main__")
"""


ORCA_LINE_BUFFERED = """
import builtins, runpy, sys
opened = builtins.open
def line_by_line(file, mode="r", *args, **kw):
    if file == sys.argv[-1] and "w" in mode:
        return opened(file, mode, 1)
    return opened(file, mode, *args, **kw)
builtins.open = line_by_line
orca, sys.argv = sys.argv[1], ["orca", *sys.argv[2:]]
runpy.run_path(orca, run_name="__main__")
"""


def python_of(script: str) -> list[str]:
    """The interpreter a script's first line names (Orca runs on the system's Python, with pyatspi)."""
    first = Path(script).read_text(errors="replace").split("\n", 1)[0]
    return first.removeprefix("#!").split() or ["python3"]


def orca_missing() -> str:
    orca = shutil.which("orca")
    if not orca:
        return "Orca is not installed (python3 dev.py setup installs Debian's orca and speech-dispatcher)"
    r = subprocess.run([*python_of(orca), "-c", "import pyatspi, gi"], capture_output=True)
    return "" if r.returncode == 0 else "Orca's Python libraries (pyatspi, gi) do not load"


class Orca:
    """Orca started for a desktop, with preferences of its own and its debug log in ``log``."""

    def __init__(self, desk: atspi.Desktop) -> None:
        self.log = Path(desk.tmp) / "orca-debug.out"
        prefs = Path(desk.tmp) / "orca-prefs"
        prefs.mkdir()
        orca = shutil.which("orca") or "orca"
        # Orca as installed, its debug log written line by line (it buffers it: read only at its exit else).
        self.proc = subprocess.Popen([*python_of(orca), "-c", ORCA_LINE_BUFFERED, orca, "--user-prefs", str(prefs),
                                      "--debug-file", str(self.log)],
                                     env=desk.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        desk.procs.append(self.proc)
        end = time.monotonic() + 60
        while not any("Screen reader on" in s for s in self.spoken()):
            if self.proc.poll() is not None or time.monotonic() > end:
                pytest.skip(f"Orca did not start here (exit {self.proc.poll()})")
            time.sleep(0.2)

    def spoken(self) -> list[str]:
        """Every utterance so far."""
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        return [m.group(1) for m in SPOKEN.finditer(text)]


@pytest.fixture(scope="module")
def desk():
    missing = atspi.available() or orca_missing()
    if missing:
        pytest.skip(missing)
    d = atspi.Desktop()
    d.orca = Orca(d)  # type: ignore[attr-defined]
    yield d
    d.close()


class SentPlayer(Player):
    """The player of the other screen-reader tests, told where its cursor is by the game's words as sent
    (not by the bus's announcement events, which the test must not ask for, nor by Orca, which is tested)."""

    def __init__(self, desk, app, sent: Path):
        super().__init__(desk, app)
        self.sent = sent

    def heard(self) -> list[tuple[str, int]]:
        return [(t, 2) for t in announcements(self.sent)]


def late_record(path: Path, seed: int = 7) -> Path:
    """Bea against a computer seat, saved ``LEFT`` rounds before the end (both never escape)."""
    import random

    from ruin_qt.ai.random_policy import random_setup, random_turn
    from ruin_qt.rules import record
    from ruin_qt.rules.game import Game
    from ruin_qt.rules.observation import observe

    seats = [("Bea", "human"), ("Max", "ai:random")]

    def game_after(rounds: int | None) -> tuple[Game, int]:
        rng, game, played = random.Random(seed), Game(seats, seed), 0
        for s in range(2):
            game.submit_setup(s, random_setup(observe(game, s), rng))
        while not game.over and played != rounds:
            turns = []
            for s in range(2):
                turn = random_turn(observe(game, s), rng)
                while turn.escape:
                    turn = random_turn(observe(game, s), rng)
                turns.append(turn)
            game.play_round(turns)
            played += 1
        return game, played

    _, whole = game_after(None)
    game, _ = game_after(whole - LEFT)
    assert not game.over
    path.write_text(record.dumps(game), encoding="utf-8")
    return path


@pytest.fixture
def game(desk, tmp_path):
    sent = tmp_path / "sent.jsonl"
    env = dict(desk.env, RUIN_QT_DATA_DIR=str(tmp_path / "data"), RUIN_QT_MOTION="0")
    proc = subprocess.Popen([sys.executable, "-c", WRAPPER, str(sent), "--language", "en",
                             str(late_record(tmp_path / "late.ruin"))], env=env, start_new_session=True,
                            cwd=Path(__file__).resolve().parents[3],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield desk.app("ruin-qt", pid=proc.pid, timeout=60), sent
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def announcements(sent: Path) -> list[str]:
    try:
        lines = sent.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    return [json.loads(line)[0] for line in lines if line.strip()]


def one_round(app, player: Player) -> None:
    """Roads where a road fits, else walls, else action C's wall, else no draw; then confirmed."""
    ghost = player.to_sheet() or player.wait(player.piece)
    placed = player.place("road") if ghost.name.startswith("Road") else False
    if not placed:
        player.press("space")
        player.wait(lambda: (g := player.piece()) and g.name.startswith("Wall piece"), timeout=5)
        placed = player.place("wall")
    if not placed:
        if app.find_all("push button", re.compile(r"^No draw possible")):
            player.press("n")
        else:
            player.press("c")
            sheet = player.map()
            filled = {c for c, (state, _) in sheet.items() if state != "empty"}
            cell = next(c for c, (state, _) in sheet.items() if state == "empty" and any(
                (c[0] + dr, c[1] + dc) in filled for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))))
            player.cursor_to(cell)
            player.press("Return")
    player.press("ctrl+Return")


def test_orca_speaks_every_announcement_of_a_game_against_a_computer(desk, game):
    app, sent = game
    orca = desk.orca
    player = SentPlayer(desk, app, sent)
    title = player.wait(lambda: next((c.name for c in app.children() if c.role == "frame"
                                      and re.match(r"^Stage \d, round \d+", c.name)), None), timeout=60)
    desk.focus(r"^Stage [0-9], round")
    player.wait(lambda: app.find("table", "Your map, 11 rows by 11 columns"), timeout=30)
    ghost = player.to_sheet() or player.wait(player.piece)
    assert ghost is not None

    # A read key: L says where the cursor is.
    player.press("Escape")  # the piece back to the hand: the keys move the cursor
    player.press("l")
    player.wait(lambda: any(CELL.match(t) for t in announcements(sent)), timeout=10)
    # A refusal with its reason: the turn confirmed with nothing drawn.
    player.press("ctrl+Return")
    player.wait(lambda: any(t.startswith("Not allowed:") for t in announcements(sent)), timeout=10)

    rounds = 0
    while not any(t.startswith("The game is over.") for t in announcements(sent)) and rounds < LEFT + 2:
        before = title
        one_round(app, player)
        rounds += 1
        player.wait(lambda before=before: any(t.startswith("The game is over.") for t in announcements(sent))
                    or next((c.name for c in app.children() if c.role == "frame"), before) != before,
                    timeout=30, told=lambda: f"sent: {announcements(sent)[-4:]}; did: {player.log[-10:]}")
        title = next((c.name for c in app.children() if c.role == "frame"), title)
    player.wait(lambda: any(t.startswith("The game is over.") for t in announcements(sent)), timeout=30)

    said = announcements(sent)
    end = time.monotonic() + 15  # Orca speaks as it catches up with the bus's events
    while True:
        spoken = orca.spoken()
        heard = [t for t in said if any(t in s for s in spoken)]
        if len(heard) == len(said) or time.monotonic() > end:
            break
        time.sleep(0.3)
    print(f"\nOrca spoke {len(heard)} of {len(said)} announcements")
    missed = [t for t in said if t not in heard]
    for kind in (" has decided.", "Not allowed:", "The game is over."):
        assert any(kind in t for t in heard), f"Orca did not say {kind!r}; it said {spoken[-12:]}"
    assert any(CELL.match(t) for t in heard), f"Orca did not say the L key's answer; it said {spoken[-12:]}"
    refusal = next(t for t in heard if t.startswith("Not allowed:"))
    assert len(refusal) > len("Not allowed: ") + 5, refusal  # with its reason
    assert not missed, f"not spoken by Orca: {missed}"
    for t in set(heard):  # said once each: never by two ways at once
        assert sum(s.count(t) for s in spoken) <= said.count(t), (t, [s for s in spoken if t in s])
