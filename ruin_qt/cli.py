"""Command-line tools: replay a record, benchmark the engine, host or join a table."""

from __future__ import annotations

import argparse
import json
import sys

from .paths import program_name
from .rules.errors import RuleError


def _replay(args: argparse.Namespace) -> int:
    from .app.storage.record_files import load_game
    from .rules import record

    try:
        game = load_game(args.file)
    except RuleError as e:  # load_game turns every failure into one
        print(e.line(), file=sys.stderr)
        return 2
    out = record.summary(game)
    if args.json:
        text = json.dumps(out, ensure_ascii=False)
        if not _encodable(text):
            text = json.dumps(out)  # the same JSON, escaped for a terminal that cannot show the names
        print(text)
    else:
        state = "finished" if out["finished"] else f"unfinished, stage {out['stage']}"
        lines = [f"{args.file}: {out['round']} rounds, {state}"]
        for s in out["seats"]:
            win = " (winner)" if s["winner"] else ""
            lines.append(f"  {s['name']}: total {s['total']}{win}, gems {s['gems']}, penalties {s['penalties']}")
        text = "\n".join(lines)
        if not _encodable(text):
            text = text.encode("ascii", "backslashreplace").decode("ascii")
        print(text)
    return 0


def _encodable(text: str) -> bool:
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")  # None: a program without streams
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _bench(args: argparse.Namespace) -> int:
    if args.against:
        if getattr(sys, "frozen", False):
            # It runs probes under this checkout's Python and REV's: a bundle has neither (its executable
            # given a probe's arguments would open a game window instead).
            print("bench --against: needs a source checkout and its Python; run it there as "
                  "`python -m ruin_qt bench --against REV`", file=sys.stderr)
            return 2
        from .bench.against import run_against

        return run_against(args)
    if args.ui:
        from .bench.ui import main as ui_main

        return ui_main()
    if args.invites:
        from .bench.invites import main as invites_main

        return invites_main(args.repeat or 200, args.json)
    from .bench import run_bench

    return run_bench(args)


# ``ruin-qt --help``: the game's options (app/main.py) and then every command.
COMMANDS = {
    "replay": "replay FILE [--json]: replay a game record and print its state",
    "review": "review FILE [--seat N] [--json]: the Expert's review of one seat's decisions",
    "sim": "sim --seats LEVELS [--games N]: computer seats play many games; scores and records",
    "bench": "bench [--ui | --against REV]: engine (or window) benchmarks, medians; or this checkout beside REV",
    "host": "host --seats remote,ai:LEVEL [--listen ADDR] [--port N]: host a table across laptops, without a window",
    "join": "join HOST:PORT --code CODE | --wormhole INVITE [--bot LEVEL]: a computer brain joins a hosted table",
    "invite-servers": "invite-servers [--host ADDR]: run a magic-wormhole mailbox server and transit relay for invites",
}


def commands_epilog() -> str:
    return "\n".join([
        f"commands ({program_name()} COMMAND --help tells each one's options):",
        *(f"  {text}" for text in COMMANDS.values()),
        "",
        "without a command the game's window opens (with FILE: that saved game);",
        "--self-test checks every feature offscreen (a solo game, pass-and-play, a table",
        "across two processes, a table through a relay, a review, the statistics chart, both",
        "languages, save and open)",
    ])


def full_help() -> str:
    """The game's own options (its parser in app/main.py, loaded without Qt), then the commands."""
    import contextlib
    import io

    from .app.main import parse_args

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            parse_args(["--help"])
        except SystemExit:
            pass
    return f"{out.getvalue().rstrip()}\n\n{commands_epilog()}\n"


def run_command(argv: list[str]) -> int:
    if argv and argv[0] == "sim":
        # The simulator owns its own argument parser (ruin_qt/ai/sim.py).
        from .ai.sim import main as sim_main
        from .model.processes import pool_of

        return sim_main(argv[1:], pool_of)
    if argv and argv[0] == "wormhole-link":
        # The helper process carrying a table through magic-wormhole (Twisted, no Qt): net/link_process.py starts it.
        from .net.wormhole_link import main as link_main

        return link_main(argv[1:])
    if argv and argv[0] == "invite-servers":
        from .net.invite_servers import main as servers_main

        return servers_main(argv[1:])
    if argv and argv[0] in ("host", "join"):
        # A table across laptops (ruin_qt/net, docs/PROTOCOL.md).
        from .app.table_commands import host_main, join_main

        return host_main(argv[1:]) if argv[0] == "host" else join_main(argv[1:])
    if argv and argv[0] == "review":
        from .app.review_command import main as review_main
        from .model.processes import pool_of

        return review_main(argv[1:], pool_of)
    p = argparse.ArgumentParser(prog=program_name())
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay a game record and print its state")
    r.add_argument("file")
    r.add_argument("--json", action="store_true", help="print the summary as JSON (docs/RECORD.md)")
    b = sub.add_parser("bench", help="engine benchmarks (medians)")
    b.add_argument("--repeat", type=int, default=0, help="samples per benchmark (0: default per case)")
    b.add_argument("--json", action="store_true")
    b.add_argument("--ui", action="store_true", help="UI and app benchmarks (Qt, offscreen) instead of the engine's")
    b.add_argument("--invites", action="store_true",
                   help="a table reached on the LAN channel, by an invite direct and through a relay (local "
                        "servers, a busy second process): code -> first state, round trip median and p95")
    if argv and argv[0] == "bench":  # the bench's own modules, for it alone
        from .bench.against import add_arguments

        add_arguments(b)
    args = p.parse_args(argv)
    return {"replay": _replay, "bench": _bench}[args.cmd](args)
