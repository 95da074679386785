"""Storage of games: SQLite (default) or PostgreSQL, with group commit.

A game is stored as its set-up (options, the deal's seed, enciphered while the game goes on)
and its move list, one row per move (``rb_moves``, primary key ``(game_id, idx)``); the live
game is rebuilt by replaying the moves. A move is acknowledged to anybody only after the
transaction holding its row is committed.

The reads are SQLAlchemy 2 Core (async; no ORM): ``sqlite+aiosqlite`` or
``postgresql+asyncpg``; each database's writer uses its driver directly (below). Writes that
arrive while the previous transaction is being committed wait for the next one and then go
together (group commit): one transaction, one commit (one fsync) for all of them, each
writer told on its own whether its row went in. A move row that already exists (another server
process stored that index of the game first) is not an error: its writer is told ``False`` and
catches up from the database. That primary key is the optimistic check that keeps the moves of
a game in one order whichever process receives them.

Players go through the same writer: a player (``rb_players``: name, name key, optional password
hash, Glicko-2 rating), its sessions (``rb_sessions``: the SHA-256 of each session id), the
player who took a seat (``rb_seats``), and one row per player of each rated game
(``rb_ratings``), written in the very transaction that stores the game's end
(:mod:`.rating_plan`), so a game is rated once, when and only when its end is committed.

SQLite: the writer is one ``sqlite3`` connection in a thread of its own, each batch one call to
that thread (WAL journal; ``synchronous=FULL``; ``BEGIN IMMEDIATE``); the readers are a small
pool of read-only ``aiosqlite`` connections. PostgreSQL: the writer is one ``asyncpg``
connection on the event loop, each batch one transaction (its move rows in one ``INSERT`` from
``unnest`` of arrays, its notifications in one ``SELECT``); the readers are a small pool.
"""

from __future__ import annotations

from pathlib import Path

from .base import Store
from .cipher import SeedCipher
from .core import CoreStore
from .forfeits import Forfeit
from .lobby_records import CancelTable, KeepTables, LobbyRow, OpenTable, TakeTable
from .notify import NOTIFY_CHANNEL, Notification, notify_payloads, pack_payloads, parse_notify
from .postgres import PostgresStore
from .rating_plan import score_of
from .records import (
    DeleteMoves,
    EndSession,
    MoveWrite,
    NewGame,
    NewPlayer,
    NewSession,
    NextGameWrite,
    PlayerRow,
    RatedGame,
    SeatPlayer,
    SetPassword,
    StorageError,
    StoredGame,
    Write,
    hash_token,
)
from .sqlite import SQLiteStore
from .urls import default_db_path, default_key_path, describe_url, normalize_url, private_dir, sqlite_path

__all__ = [
    "NOTIFY_CHANNEL",
    "CancelTable",
    "CoreStore",
    "DeleteMoves",
    "EndSession",
    "Forfeit",
    "KeepTables",
    "LobbyRow",
    "MoveWrite",
    "NewGame",
    "NewPlayer",
    "NewSession",
    "NextGameWrite",
    "Notification",
    "OpenTable",
    "PlayerRow",
    "PostgresStore",
    "RatedGame",
    "SQLiteStore",
    "SeatPlayer",
    "SeedCipher",
    "SetPassword",
    "StorageError",
    "Store",
    "StoredGame",
    "TakeTable",
    "Write",
    "default_db_path",
    "default_key_path",
    "describe_url",
    "hash_token",
    "normalize_url",
    "notify_payloads",
    "open_store",
    "pack_payloads",
    "parse_notify",
    "private_dir",
    "score_of",
    "sqlite_path",
]


def open_store(
    url: str | None, *, key_path: Path | None = None, notify: bool = True, writer_process: bool = False
) -> Store:
    """The store for a database URL (SQLite file or PostgreSQL), its seeds enciphered with the key;
    ``writer_process``: the writer in a process of its own (see :class:`SQLiteStore`,
    :class:`PostgresStore`)."""
    url = normalize_url(url)
    cipher = SeedCipher.from_file(key_path or default_key_path(url))
    if url.startswith("sqlite"):
        return SQLiteStore(url, cipher, writer_process=writer_process)
    return PostgresStore(url, cipher, notify=notify, writer_process=writer_process)
