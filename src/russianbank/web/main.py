"""``russianbank serve``: start the web app."""

from __future__ import annotations

import argparse

from .db import default_db_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help=(
            "database URL (default: SQLite in "
            f"{default_db_path()}); e.g. sqlite:///games.db or postgresql+asyncpg://user:pw@host/db"
        ),
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.7,
        metavar="SECONDS",
        help="seconds between the computer's moves, so a person can follow them (default 0.7)",
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from .app import create_app
    from .db import normalize_url

    if not 0 <= args.port <= 65535:
        print(f"russianbank serve: bad port {args.port}")
        return 2
    if args.pace < 0:
        print("russianbank serve: --pace must not be negative")
        return 2
    url = normalize_url(args.db)
    app = create_app(url, ai_delay=args.pace)
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    print(f"Russian Bank is ready: open http://{shown}:{args.port}/ in your browser", flush=True)
    where = url.split(":///", 1)[-1] if url.startswith("sqlite") else url.split("@")[-1]
    print(f"Games are stored in {where}")
    print("Press Ctrl+C to stop.", flush=True)
    uvicorn.run(app, host=host, port=args.port, log_level="warning", ws_max_size=1 << 20)
    return 0
