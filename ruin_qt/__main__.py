"""``python -m ruin_qt [replay | review | bench | sim | host | join | invite-servers ...]``; no command starts
the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None or sys.stderr is None:
        # A windowed start (Windows' ruin-qt.exe, pythonw, a menu): output and errors to the data folder's log.
        from .app.no_console import attach

        attach(argv)
    if argv[:1] in (["-h"], ["--help"]):
        from .cli import full_help

        print(full_help(), end="")
        return 0
    # wormhole-link: the helper process of an invite (net/link_process.py starts it), not a command for people.
    if argv and (argv[0] in ("replay", "review", "bench", "sim", "host", "join", "invite-servers")
                 or argv[0] == "wormhole-link"):
        from .cli import run_command

        return run_command(argv)
    from .app.main import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
