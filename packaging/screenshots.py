"""Screenshots for the AppStream data, rendered from the game itself at
release time (offscreen, a throw-away data folder): a solo game under way, the
statistics after a few games, the Expert's review.

    python packaging/screenshots.py OUT_DIR

packaging/release.py puts them beside the release's files; the metainfo
names them by their address in the newest GitHub Release (SHOTS).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# (file, caption) in the order of the metainfo's <screenshots>.
SHOTS = (
    ("ruin-qt-screenshot-game.png", "A game against the computer: roads and walls on the map, the cards beside it"),
    ("ruin-qt-screenshot-statistics.png", "Statistics: totals over time and the breakdown of each game"),
    ("ruin-qt-screenshot-review.png", "The Expert's review of a finished game, decision by decision"),
)
URL = "https://github.com/ruinqt/ruin_qt/releases/latest/download/"


def render(out: Path, games: int = 6) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not os.environ.get("RUIN_QT_DATA_DIR"):
        os.environ["RUIN_QT_DATA_DIR"] = tempfile.mkdtemp(prefix="ruin-qt-shots-")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    from ruin_qt.app.public import decide_at_random, main_window, wait_until
    from ruin_qt.rules import record

    app = QApplication.instance() or QApplication(["ruin-qt"])
    window = main_window("en")
    window.resize(1280, 840)
    window.show()
    rng = random.Random(20261127)  # the self-test's: the same shots from one release to the next
    m = window.model
    out.mkdir(parents=True, exist_ok=True)
    made = []

    def save(widget, name: str) -> None:
        wait_until(lambda: False, 1.0)  # let the cards' and the last paint's animations end
        image = widget.grab().toImage()
        if image.isNull() or not image.save(str(out / name)):
            raise SystemExit(f"could not render {name}")
        made.append(out / name)

    last = None
    for game in range(games):
        window._close_scoreboard()
        window.start_game([("You", "human"), ("Computer", "ai:beginner")], seed=20261100 + game)
        for _ in range(200):
            if not wait_until(lambda: m.step() in ("setup", "draw", "handoff") or m.public().phase == "over", 60):
                raise SystemExit(f"the game waits in step {m.step()!r}")
            if m.public().phase == "over":
                break
            if m.step() == "handoff":
                m.accept_handoff()
                continue
            if game == 0 and m.public().round == 8 and not made:
                save(window, SHOTS[0][0])
            if not decide_at_random(window, m.screen.actor, rng):
                raise SystemExit(f"seat {m.screen.actor + 1}'s decision is refused")
        last = record.to_record(m.session.game)
    window._close_scoreboard()
    window.show_statistics()
    window.stats_window.resize(1100, 760)
    save(window.stats_window, SHOTS[1][0])
    review = window.open_review(0, last)
    if not wait_until(lambda: review.review is not None, 300):
        raise SystemExit("the review did not finish")
    save(review, SHOTS[2][0])
    for w in (review, window.stats_window, window):
        w.close()
    app.processEvents()
    return made


if __name__ == "__main__":
    for path in render(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "screenshots"):
        print(path)
