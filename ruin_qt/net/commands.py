"""``python -m ruin_qt host`` and ``python -m ruin_qt join``: a table without a window."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

from ..ai.base import LEVELS
from .protocol import PROTOCOL
from .table_host import TableHost, Takeover


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
    p = argparse.ArgumentParser(prog="python -m ruin_qt host", description="host a table without a window")
    p.add_argument("--seats", type=_seats, help="e.g. remote,remote,ai:standard (not needed to resume --data)")
    p.add_argument("--port", type=int, default=None,
                   help="TCP port (0: any free one; default: a resumed table's own port, else any free one)")
    p.add_argument("--listen", default="0.0.0.0", help="address to listen on (127.0.0.1: this computer only)")
    p.add_argument("--code", help="the join code (default: a new random one)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--takeover", type=_takeover, help="SECONDS:LEVEL: a computer plays a dropped player's seat")
    p.add_argument("--data", type=Path, help="autosave folder: a table found there is resumed")
    args = p.parse_args(argv)
    from PySide6.QtCore import QCoreApplication

    from . import host_state
    from .host_service import HostService

    app = QCoreApplication.instance() or QCoreApplication([])
    host = host_state.load(args.data) if args.data else None
    if host is None:
        if args.seats is None:
            p.error("--seats is needed for a new table")
        import random

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
        host = TableHost(args.seats, seed, args.code, args.takeover)
    service = HostService(host, args.data)
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
    from .discovery import lan_addresses

    hosts = lan_addresses() if args.listen in ("0.0.0.0", "::") else [args.listen]
    addresses = [f"ws://[{h}]:{service.port}/" if ":" in h else f"ws://{h}:{service.port}/" for h in hosts]
    print(json.dumps({"address": addresses[0] if addresses else None, "addresses": addresses, "port": service.port,
                      "code": host.code, "protocol": PROTOCOL, "resumed": host.started,
                      **({"moved_from": moved_from} if moved_from else {})}), flush=True)

    def over() -> None:
        print(json.dumps({"over": True, "winners": host.session.live.winners()}), flush=True)
        service.quit("the game is over: the host has closed the table")
        from PySide6.QtCore import QTimer

        QTimer.singleShot(500, app.quit)

    service.game_over.connect(over)
    for sig in (signal.SIGTERM, signal.SIGINT):  # the host's periodic tick lets Python see them
        signal.signal(sig, lambda *_: (service.quit(), app.quit()))
    status = app.exec()
    print(json.dumps({"accepted": host.accepted, "refused": host.refused}), flush=True)
    return status


def join_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m ruin_qt join", description="join a table with a computer brain")
    p.add_argument("address", help="HOST:PORT or ws://HOST:PORT/")
    p.add_argument("--code", required=True)
    p.add_argument("--bot", default="standard", choices=sorted(LEVELS))
    p.add_argument("--name")
    p.add_argument("--seat", type=int, choices=range(4), metavar="SEAT",
                   help="the seat wanted, from 0 as the protocol counts (0 to 3), if it is free")
    p.add_argument("--state", type=Path, help="file keeping the seat's token (and the brain's RNG) for rejoining")
    p.add_argument("--think", type=float, default=0.0, help="seconds between taking a decision and confirming it")
    p.add_argument("--retry", type=float, default=30.0, help="seconds to keep trying to reach the table")
    p.add_argument("--record", type=Path, help="write the game's record here once it ends")
    args = p.parse_args(argv)
    where = args.address.removeprefix("ws://").rstrip("/")
    host, _, port = where.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit():
        p.error("ADDRESS is HOST:PORT")
    from PySide6.QtCore import QCoreApplication

    from .bot_client import BotClient

    app = QCoreApplication.instance() or QCoreApplication([])
    bot = BotClient(host, int(port), args.code, args.bot, args.state, int(args.think * 1000), args.retry, args.name,
                    args.seat)
    status = [1]

    def finished(code: int) -> None:
        status[0] = code
        if bot.record is not None and args.record:
            args.record.write_text(json.dumps(bot.record), encoding="utf-8")
        app.quit()

    bot.finished.connect(finished)
    bot.start()
    app.exec()
    return status[0]
