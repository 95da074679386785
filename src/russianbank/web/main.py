"""``russianbank serve``: start the web app."""

from __future__ import annotations

import argparse
import fcntl
import functools
import logging
import os
import sys
from pathlib import Path
from typing import Any

from ..session.setup import MAX_PACE
from .away import GRACE
from .players.limits import PlayerLimits
from .store import default_db_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help=f"database URL (default: SQLite in {default_db_path()}); sqlite:///FILE or postgresql://USER@HOST/DB",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.7,
        metavar="SECONDS",
        help="seconds between the computer's moves, so a person can follow them (default 0.7)",
    )
    parser.add_argument(
        "--think-processes",
        type=int,
        default=min(2, os.cpu_count() or 1),
        metavar="N",
        help="worker processes in which the computer thinks, per server process (0: threads; default: "
        "the cores, at most 2)",
    )
    parser.add_argument(
        "--workers", type=int, default=1, metavar="N", help="server processes on one port (PostgreSQL, or --redis)"
    )
    parser.add_argument(
        "--redis", metavar="URL", default=None, help="tell the other processes about moves through Redis pub/sub"
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin (https://host:port) whose pages may use this server besides its own; repeatable",
    )
    parser.add_argument(
        "--games-per-minute", type=int, default=30, metavar="N", help="new games per client address (default 30)"
    )
    parser.add_argument(
        "--connections-per-client",
        type=int,
        default=64,
        metavar="N",
        help="open websockets per client address (default 64)",
    )
    parser.add_argument(
        "--names-per-address",
        type=int,
        default=PlayerLimits.names_per_address,
        metavar="N",
        help=f"new player names per client address in {PlayerLimits.window / 60:g} minutes "
        f"(default {PlayerLimits.names_per_address})",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=GRACE,
        metavar="SECONDS",
        help=f"a player gone from a table for two this long loses the game (default {GRACE:g}; 0: never)",
    )
    parser.add_argument(
        "--gc",
        choices=["clock", "counts"],
        default="clock",
        help="the garbage collector: on a clock, every pause short (default), or by counts, less CPU "
        "with fast play and longer pauses (docs/operate.md)",
    )
    parser.add_argument(
        "--db-writer",
        choices=["process", "inline"],
        default="process",
        help="commit in a process of its own (default), or inline: SQLite in a thread of the server "
        "process, PostgreSQL on its event loop, where the commits wait for a busy loop (docs/operate.md)",
    )
    parser.add_argument("--key-file", type=Path, default=None, help="the server key (default: beside the database)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])


def build_app(db: str | None, pace: float, options: dict[str, Any]) -> Any:
    """The app of one process (importable, so worker processes can build it)."""
    from .app import Settings, create_app

    return create_app(db, ai_delay=pace, settings=Settings(**options))


def _lock_sqlite(url: str) -> Any:
    """One server process per SQLite file: a lock file beside it, held while serving."""
    import os

    from .store import private_dir, sqlite_path

    path = sqlite_path(url)
    if not path.parent.exists():
        private_dir(path.parent)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_CREAT | os.O_WRONLY, 0o600)
    f = os.fdopen(fd, "w")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return None
    return f


def run(args: argparse.Namespace) -> int:
    from .server import run_workers, serve
    from .store import describe_url, normalize_url

    def fail(text: str) -> int:
        print(f"russianbank serve: {text}", file=sys.stderr)
        return 2

    if not 0 <= args.port <= 65535:
        return fail(f"bad port {args.port}")
    if not 0 <= args.pace <= MAX_PACE:
        return fail(f"--pace must be from 0 to {MAX_PACE:g} seconds (the longest the play session allows)")
    if not 0 <= args.think_processes <= 16:
        return fail("--think-processes must be from 0 to 16")
    if not 1 <= args.workers <= 64:
        return fail("--workers must be from 1 to 64")
    if not (args.abandon_after == 0 or 10 <= args.abandon_after <= 86400):
        return fail("--abandon-after must be 0 (never) or from 10 to 86400 seconds")
    for name in ("games_per_minute", "connections_per_client", "names_per_address"):
        if getattr(args, name) < 1:
            return fail(f"--{name.replace('_', '-')} must be at least 1")
    try:
        url = normalize_url(args.db)
    except ValueError as e:
        return fail(str(e))
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    lock = None
    if url.startswith("sqlite"):
        if args.workers > 1 and not args.redis:
            return fail("several --workers share one database through PostgreSQL (or give --redis)")
        if not args.redis:
            lock = _lock_sqlite(url)
            if lock is None:
                return fail(f"another russianbank server is using {describe_url(url)}")
    options = {
        "allowed_origins": list(args.allow_origin),
        "games_per_minute": args.games_per_minute,
        "connections_per_client": args.connections_per_client,
        "key_file": args.key_file,
        "redis_url": args.redis,
        "think_processes": args.think_processes,
        "gc": args.gc,
        "db_writer": args.db_writer,
        "player_limits": PlayerLimits(names_per_address=args.names_per_address),
        "abandon_after": args.abandon_after,
    }
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Russian Bank is ready: open http://{shown}:{args.port}/ in your browser", flush=True)
    print(f"Games are stored in {describe_url(url)}")
    print("Press Ctrl+C to stop.", flush=True)
    build = functools.partial(build_app, url, args.pace, options)
    try:
        if args.workers > 1:
            return run_workers(build, args.host, args.port, args.workers)
        serve(build(), args.host, args.port)
    except OSError as e:
        return fail(str(e))
    finally:
        if lock is not None:
            lock.close()
    return 0
