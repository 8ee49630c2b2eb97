"""``python -m ruin_qt host`` and ``python -m ruin_qt join``: a table without a window.

The table itself is net/'s (``HostService``, ``BotClient``, the wormhole
link); this is its command line, beside the app's other commands.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

from ..ai.base import LEVELS
from ..net.protocol import PROTOCOL
from ..net.table_host import TableHost, Takeover
from ..paths import program_name

WORMHOLE_FAILED = 6  # join's exit status: the wormhole invite could not be used (wrong code, no mailbox...)


def _takeover(text: str) -> Takeover:
    seconds, _, level = text.partition(":")
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"LEVEL must be one of {sorted(LEVELS)}")
    try:
        return Takeover(float(seconds), level)
    except ValueError:
        raise argparse.ArgumentTypeError("use SECONDS:LEVEL, e.g. 60:standard") from None


def _seats(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not 1 <= len(kinds) <= 4 or any(k != "remote" and (not k.startswith("ai:") or k[3:] not in LEVELS)
                                       for k in kinds):
        raise argparse.ArgumentTypeError(f"1 to 4 of: remote, ai:LEVEL ({', '.join(sorted(LEVELS))})")
    return kinds


def host_main(argv: list[str]) -> int:
    """The computers decide in the app's runner's workers (``runners.host_decider``)."""
    p = argparse.ArgumentParser(prog=f"{program_name()} host", description="host a table without a window")
    p.add_argument("--seats", type=_seats, help="e.g. remote,remote,ai:standard (not needed to resume --data)")
    p.add_argument("--port", type=int, default=None,
                   help="TCP port (0: any free one; default: a resumed table's own port, else any free one)")
    p.add_argument("--listen", default="0.0.0.0", help="address to listen on (127.0.0.1: this computer only)")
    p.add_argument("--code", help="the join code (default: a new random one)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--takeover", type=_takeover, help="SECONDS:LEVEL: a computer plays a dropped player's seat")
    p.add_argument("--data", type=Path, help="autosave folder: a table found there is resumed")
    p.add_argument("--invite", action="store_true",
                   help='invite each remote seat across the internet with a magic-wormhole code: prints '
                        '{"invite": CODE, "seat": N} lines')
    _wormhole_servers(p)
    args = p.parse_args(argv)
    from PySide6.QtCore import QCoreApplication

    from ..net import host_state
    from ..net.host_service import HostService
    from .runners import host_decider

    app = QCoreApplication.instance() or QCoreApplication([])
    host = host_state.load(args.data) if args.data else None
    if host is None:
        if args.seats is None:
            p.error("--seats is needed for a new table")
        import random

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
        host = TableHost(args.seats, seed, args.code, args.takeover)
    service = HostService(host, args.data, decide=host_decider(app))
    port = args.port if args.port is not None else host.port  # a resumed table keeps its address
    moved_from = None
    if not service.listen(args.listen, port):
        if args.port is not None or not port or not service.listen(args.listen, 0):
            print(f"ruin_qt host: cannot listen on {args.listen}:{port}", file=sys.stderr)
            return 1
        moved_from = port
        print(f"ruin_qt host: port {port}, where this table listened before, is taken now; listening on port "
              f"{service.port} instead: players returning to the table type the new address in Join a Table "
              "(no code needed)",
              file=sys.stderr, flush=True)
    from ..net.discovery import lan_addresses

    hosts = lan_addresses() if args.listen in ("0.0.0.0", "::") else [args.listen]
    addresses = [f"ws://[{h}]:{service.port}/" if ":" in h else f"ws://{h}:{service.port}/" for h in hosts]
    print(json.dumps({"address": addresses[0] if addresses else None, "addresses": addresses, "port": service.port,
                      "code": host.code, "protocol": PROTOCOL, "resumed": host.started,
                      **({"moved_from": moved_from} if moved_from else {})}), flush=True)

    link = _invite(host, service.port, args) if args.invite else None

    def over() -> None:
        print(json.dumps({"over": True, "winners": host.session.live.winners()}), flush=True)
        service.quit("the game is over: the host has closed the table")
        from PySide6.QtCore import QTimer

        QTimer.singleShot(500, app.quit)

    def stop(*_: object) -> None:
        service.quit()
        app.quit()

    service.game_over.connect(over)
    for sig in (signal.SIGTERM, signal.SIGINT):  # the host's periodic tick lets Python see them
        signal.signal(sig, stop)
    status = app.exec()
    if link is not None:
        from ..net.link_process import settle

        link.stop()
        settle()  # the invited players' helpers are told the wormholes closed
    print(json.dumps({"accepted": host.accepted, "refused": host.refused}), flush=True)
    return status


def _wormhole_servers(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mailbox", help="magic-wormhole mailbox server URL (default: magic-wormhole's public one)")
    p.add_argument("--relay", help="magic-wormhole transit relay, e.g. tcp:HOST:PORT (default: the public one)")
    p.add_argument("--relay-only", action="store_true",
                   help="offer no direct address (both sides asking it: the game goes through the relay)")


def _invite(host: TableHost, port: int, args: argparse.Namespace):
    """A wormhole invite for each open remote seat, its code printed; a seat's invite spoiled by a wrong
    code, or closed by the friend, is made anew (a new code line) while the seat is still open.  A seat
    taken through an invite before a restart gets no new code: the host waits on its way back."""
    from ..net.link_process import WormholeLink, back_code

    link = WormholeLink(echo_stderr=True)
    link.code.connect(lambda seat, code: print(json.dumps({"invite": code, "seat": seat}), flush=True))
    link.path.connect(lambda seat, path: print(json.dumps({"path": path, "seat": seat}), flush=True))
    link.away.connect(lambda seat: print(json.dumps({"away": True, "seat": seat}), flush=True))

    def gen(seat: int, generation: int) -> None:
        if 0 <= seat < len(host.seats) and host.seats[seat].back:
            host.seats[seat].back_gen = generation
            host.changed = True

    link.gen.connect(gen)

    def invite(seat: int) -> None:
        host.seats[seat].back = back_code()  # kept in the autosave with the seat's token
        host.changed = True
        link.invite(seat, host.code, host.seats[seat].back)

    def failed(seat: int, kind: str, message: str) -> None:
        print(f"ruin_qt host: the wormhole invite{f' of seat {seat}' if seat >= 0 else 's'}: {message}",
              file=sys.stderr, flush=True)
        if 0 <= seat < len(host.seats) and kind in ("wrong_code", "closed") and host.presence(seat) == "open":
            invite(seat)

    link.failed.connect(failed)
    link.host(port, args.mailbox, args.relay, relay_only=args.relay_only)
    for seat, s in enumerate(host.seats):
        if s.kind != "remote":
            continue
        if s.joined and s.back:  # the generation after the one kept: a dead program may still hold that one
            s.back_gen += 1
            host.changed = True
            link.await_back(seat, host.code, s.back, s.back_gen)
        else:
            invite(seat)
    return link


def join_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog=f"{program_name()} join", description="join a table with a computer brain")
    p.add_argument("address", nargs="?", help="HOST:PORT or ws://HOST:PORT/ (not with --wormhole)")
    p.add_argument("--code", help="the table's join code (with --wormhole: the invite tells it)")
    p.add_argument("--wormhole", metavar="CODE", help="join through a magic-wormhole invite, like 7-guitarist-revenge")
    _wormhole_servers(p)
    p.add_argument("--bot", default="standard", choices=sorted(LEVELS))
    p.add_argument("--name")
    # Counted from 1 as people count (and review --seat); the protocol's own numbering, from 0, stays inside.
    p.add_argument("--seat", type=int, choices=range(1, 5), metavar="SEAT",
                   help="the seat wanted, from 1 (1 to 4), if it is free")
    p.add_argument("--state", type=Path, help="file keeping the seat's token (and the brain's RNG) for rejoining; "
                                              "alone, it returns to the seat it keeps (LAN or invite)")
    p.add_argument("--think", type=float, default=0.0, help="seconds between taking a decision and confirming it")
    p.add_argument("--retry", type=float, default=30.0, help="seconds to keep trying to reach the table")
    p.add_argument("--record", type=Path, help="write the game's record here once it ends")
    args = p.parse_args(argv)
    if args.state is not None and not args.address and not args.wormhole:
        kept = _kept_table(args.state)  # back to the seat the state file keeps, as it was reached
        if kept is None:
            p.error(f"{args.state} keeps no table to return to: give ADDRESS --code CODE or --wormhole CODE")
        if "back" in kept:
            args.wormhole, args.code, args.gen = kept["back"], kept["table_code"], kept.get("gen", 0)
            args.mailbox, args.relay = args.mailbox or kept.get("mailbox"), args.relay or kept.get("relay")
            args.returning = True
        else:
            args.address, args.code = kept["address"], kept["code"]
    if args.wormhole:
        if args.address:
            p.error("give ADDRESS or --wormhole, not both")
        return _join_wormhole(args)
    if not args.address or not args.code:
        p.error("ADDRESS and --code are needed (or --wormhole CODE, or --state FILE of an earlier join)")
    where = args.address.removeprefix("ws://").rstrip("/")
    host, _, port = where.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit():
        p.error("ADDRESS is HOST:PORT")
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance() or QCoreApplication([])
    status = [1]
    seat = args.seat - 1 if args.seat is not None else None
    bot = _run_bot(app, host, int(port), args.code, seat, args, status)  # noqa: F841 -- kept until the end
    app.exec()
    return status[0]


def _run_bot(app, host: str, port: int, code: str, seat: int | None, args: argparse.Namespace, status: list[int]):
    """A started BotClient; its exit status goes into ``status`` and ends the event loop."""
    from ..net.bot_client import BotClient

    bot = BotClient(host, port, code, args.bot, args.state, int(args.think * 1000), args.retry, args.name, seat)
    bot.saved["table"] = getattr(args, "kept", None) or {"address": f"{host}:{port}", "code": code}

    def finished(result: int) -> None:
        status[0] = result
        if bot.record is not None and args.record:
            args.record.write_text(json.dumps(bot.record), encoding="utf-8")
        app.quit()

    bot.finished.connect(finished)
    bot.start()
    return bot


def _kept_table(state: Path) -> dict | None:
    """The table a bot's state file keeps (``BotClient``: its ``table``), or None."""
    try:
        kept = json.loads(state.read_text(encoding="utf-8")).get("table")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(kept, dict) or not all(isinstance(v, str) for k, v in kept.items() if k != "gen") \
            or not isinstance(kept.get("gen", 0), int):
        return None
    if {"back", "table_code"} <= kept.keys() or {"address", "code"} <= kept.keys():
        return kept
    return None


def _join_wormhole(args: argparse.Namespace) -> int:
    """The invite's wormhole first (its helper prints the table and a local port), then the bot through it.
    A return (``--state`` alone) goes through the seat's way back and waits for the host as long as it takes."""
    from PySide6.QtCore import QCoreApplication

    from ..net.link_process import WormholeLink, settle

    app = QCoreApplication.instance() or QCoreApplication([])
    status = [WORMHOLE_FAILED]
    link = WormholeLink(echo_stderr=True)
    invite: dict = {}

    def table(code: str, seat: int, back: str, gen: int) -> None:
        invite.update(code=code, seat=seat)
        if back:  # kept in the state file: the way back to this seat after a crash, without a new invite
            args.kept = {"back": back, "gen": gen, "table_code": code,
                         **({"mailbox": args.mailbox} if args.mailbox else {}),
                         **({"relay": args.relay} if args.relay else {})}
            if "bot" in invite:
                invite["bot"].saved["table"] = args.kept

    def listening(port: int) -> None:
        invite["port"] = port
        seat = args.seat - 1 if args.seat is not None else invite.get("seat")  # the invite's: the protocol's
        invite["bot"] = _run_bot(app, "127.0.0.1", port, args.code or invite["code"], seat, args, status)

    def failed(seat: int, kind: str, message: str) -> None:
        print(f"ruin_qt join: the wormhole: {message}", file=sys.stderr, flush=True)
        if kind != "bad_line" and "port" not in invite:  # nothing to join (once joined, the bot sees the rest)
            print(json.dumps({"wormhole": kind}), flush=True)
            app.quit()

    link.table.connect(table)
    link.listening.connect(listening)
    link.path.connect(lambda _seat, path: print(json.dumps({"path": path}), flush=True))
    link.away.connect(lambda _seat: print(json.dumps({"away": True}), flush=True))
    link.failed.connect(failed)
    link.ended.connect(lambda _code: None if "port" in invite else app.quit())
    returning = getattr(args, "returning", False)
    link.join(args.wormhole, args.mailbox, args.relay, relay_only=args.relay_only,
              gen=getattr(args, "gen", 0) if returning else 0)
    app.exec()
    link.stop()
    settle()
    return status[0]
