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

SQLite: the writer is one ``sqlite3`` connection in a thread of its own, each batch one call to
that thread (WAL journal; ``synchronous=FULL``; ``BEGIN IMMEDIATE``); the readers are a small
pool of read-only ``aiosqlite`` connections. PostgreSQL: the writer is one ``asyncpg``
connection on the event loop, each batch one transaction (its move rows in one ``INSERT`` from
``unnest`` of arrays, its notifications in one ``SELECT``); the readers are a small pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from .procpipe import ChildDied, PipeChild

log = logging.getLogger("russianbank.web.db")

MAX_BATCH = 500  # writes in one transaction
NOTIFY_CHANNEL = "rb_moves"
NOTIFY_LIMIT = 7000  # bytes in one NOTIFY payload (PostgreSQL's limit is 8000)


class StorageError(Exception):
    """The database could not do what was asked; nothing was changed. ``busy``: it was locked."""

    def __init__(self, message: str, *, busy: bool = False) -> None:
        super().__init__(message)
        self.busy = busy

    def __reduce__(self) -> tuple[Any, ...]:  # from a writer process, ``busy`` included
        return (_storage_error_of, (str(self), self.busy))


def _storage_error_of(message: str, busy: bool) -> StorageError:
    return StorageError(message, busy=busy)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class StoredGame:
    id: str
    match_id: str
    match_no: int
    mode: str
    level: str | None
    computer_seat: int | None
    options: dict[str, Any]
    seed: int
    token_hashes: tuple[str | None, str | None]
    finished: bool
    next_game: str | None
    moves: list[str]
    state_extra: int = 0  # the state id beyond the number of moves (undos, rollbacks): see MoveWrite


@dataclass
class NewGame:
    """The row of a new game."""

    id: str
    match_id: str
    match_no: int
    mode: str
    level: str | None
    computer_seat: int | None
    options: dict[str, Any]
    seed: int
    token_hashes: tuple[str | None, str | None]


@dataclass
class MoveWrite:
    """One move row; when the move ended the game, its result and the seed in plain text.

    ``state_extra`` (on this write and on :class:`DeleteMoves`): when not None, the game's state
    id from now on is the number of its moves plus this (stored in the same transaction), so
    that a game loaded again after a restart goes on from its state id, never below it."""

    game_id: str
    idx: int
    move: str
    finished: bool = False
    points: tuple[int, int] = (0, 0)
    seed: int | None = None
    state_extra: int | None = None


@dataclass
class NextGameWrite:
    game_id: str
    next_id: str


@dataclass
class DeleteMoves:
    """Moves taken back (an undo): the rows of the game from ``from_idx`` on go."""

    game_id: str
    from_idx: int
    state_extra: int | None = None


Write = NewGame | MoveWrite | NextGameWrite | DeleteMoves

# ------------------------------------------------------------------ places and URLs


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "russianbank" / "russianbank.db"


def normalize_url(url: str | None) -> str:
    """``sqlite:///PATH`` or ``postgresql://...``: the default file, and driver names dropped."""
    if not url:
        return f"sqlite:///{default_db_path()}"
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"not a database URL: {url!r} (use sqlite:///FILE or postgresql://USER@HOST/DB)")
    base = scheme.split("+", 1)[0].lower()
    if base == "sqlite":
        return "sqlite://" + rest
    if base in ("postgresql", "postgres"):
        return "postgresql://" + rest
    raise ValueError(f"unsupported database {scheme!r}: use sqlite:///FILE or postgresql://USER@HOST/DB")


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///`` URL (``sqlite:////abs`` or ``sqlite:///rel``)."""
    rest = url.split("://", 1)[1]
    if not rest.startswith("/"):
        raise ValueError(f"an SQLite URL is sqlite:///FILE, not {url!r}")
    path = unquote(rest[1:].split("?", 1)[0])
    if not path or path == ":memory:":
        raise ValueError("an SQLite database must be a file (the games have to outlive the server)")
    return Path(path)


def describe_url(url: str) -> str:
    """Where the games are, for people: the file, or the database without its password."""
    if url.startswith("sqlite"):
        return str(sqlite_path(url))
    rest = url.split("://", 1)[1]
    return "postgresql://" + rest.split("@", 1)[-1]


def private_dir(path: Path) -> None:
    """Create ``path`` (a folder) readable by its owner only, or tighten it to 0700 when it is ours."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        path.chmod(0o700)


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600, or tighten an existing file to 0600."""
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o600)
    os.close(fd)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)


def default_key_path(url: str) -> Path:
    """The server key's file: beside an SQLite file, else in the data folder."""
    if url.startswith("sqlite"):
        p = sqlite_path(url)
        return p.with_name(p.name + ".key")
    return default_db_path().parent / "server.key"


# ------------------------------------------------------------------------ the seed


class SeedCipher:
    """Enciphers a game's seed with the server key, so the database alone does not give it away.

    The seed (below 2**62) is XORed with 8 bytes of HMAC-SHA256(key, game id): a pad used
    once, since every game has its own id. A second HMAC checks the key on the way back.
    """

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the server key is too short")
        self.key = key

    @classmethod
    def from_file(cls, path: Path) -> SeedCipher:
        """Read the key file, or create it (32 random bytes in hex, mode 0600, in a 0700 folder)."""
        if not path.exists():
            if not path.parent.exists() or path.parent == default_db_path().parent:
                private_dir(path.parent)
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32) + "\n")
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
        text = path.read_text(encoding="ascii").strip()
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"the server key file {path} does not hold a key in hex") from None
        return cls(key)

    def _mac(self, label: str, game_id: str) -> bytes:
        return hmac.new(self.key, f"{label}:{game_id}".encode(), hashlib.sha256).digest()

    def encrypt(self, game_id: str, seed: int) -> str:
        pad = int.from_bytes(self._mac("seed", game_id)[:8], "big")
        check = self._mac(f"check:{seed}", game_id)[:8].hex()
        return f"{seed ^ pad:016x}.{check}"

    def decrypt(self, game_id: str, text: str) -> int:
        enc, _, check = text.partition(".")
        pad = int.from_bytes(self._mac("seed", game_id)[:8], "big")
        seed = int(enc, 16) ^ pad
        if not hmac.compare_digest(check, self._mac(f"check:{seed}", game_id)[:8].hex()):
            raise StorageError(
                f"game {game_id}: the server key does not open this game's deal "
                "(is this the key file that was used with this database?)"
            )
        return seed


# ---------------------------------------------------------------------- the store

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS rb_games (
        id VARCHAR(32) PRIMARY KEY,
        match_id VARCHAR(32) NOT NULL,
        match_no INTEGER NOT NULL,
        mode VARCHAR(16) NOT NULL,
        level VARCHAR(32),
        computer_seat INTEGER,
        options_json TEXT NOT NULL,
        seed BIGINT,
        seed_enc VARCHAR(64),
        token_a VARCHAR(64),
        token_b VARCHAR(64),
        created DOUBLE PRECISION NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        points_a INTEGER NOT NULL DEFAULT 0,
        points_b INTEGER NOT NULL DEFAULT 0,
        next_game VARCHAR(32),
        state_extra INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS ix_rb_games_match_id ON rb_games (match_id)",
    """CREATE TABLE IF NOT EXISTS rb_moves (
        game_id VARCHAR(32) NOT NULL REFERENCES rb_games (id),
        idx INTEGER NOT NULL,
        move VARCHAR(16) NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, idx)
    )""",
]

_GAME_COLUMNS = (
    "id, match_id, match_no, mode, level, computer_seat, options_json, seed, seed_enc, "
    "token_a, token_b, finished, next_game, state_extra"
)


class Store:
    """The database of games and moves (see the module docstring); open one with :func:`open_store`."""

    url: str

    def __init__(self, cipher: SeedCipher) -> None:
        self.cipher = cipher
        self._pending: list[tuple[Write, asyncio.Future[bool]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self.on_batch: Callable[[int, float], None] | None = None  # (writes, seconds): for metrics
        self.on_committed: Callable[[list[Write]], None] | None = None  # writes just committed
        self.on_waited: Callable[[float], None] | None = None  # seconds from write() to its caller going on
        self.origin = secrets.token_hex(4)  # names this process in notifications (it ignores its own)

    # ------------------------------------------------------------ group commit

    async def init(self) -> None:
        self._wake = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write_loop(), name="rb-db-writer")

    async def write(self, item: Write) -> bool:
        """Store one write with whatever else is waiting; ``False``: the move row was there already."""
        if self._closing or self._wake is None:
            raise StorageError("the server is shutting down")
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        t0 = time.perf_counter()
        self._pending.append((item, fut))
        self._wake.set()
        try:
            return await fut
        finally:
            if self.on_waited is not None:
                self.on_waited(time.perf_counter() - t0)

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                items = [w for w, _ in batch]
                t0 = time.perf_counter()
                results: Sequence[bool | BaseException]
                try:
                    results = await self._write_batch(items)
                except Exception as e:  # one bad write must not sink the others: each on its own
                    if len(items) == 1:
                        results = [_storage_error(e)]
                    else:
                        results = [await self._write_one(w) for w in items]
                if self.on_batch is not None:
                    self.on_batch(len(items), time.perf_counter() - t0)
                if self.on_committed is not None:
                    committed = [w for w, res in zip(items, results, strict=True) if res is True]
                    if committed:
                        self.on_committed(committed)
                for (_, fut), res in zip(batch, results, strict=True):
                    if fut.done():
                        continue
                    if isinstance(res, BaseException):
                        fut.set_exception(res)
                    else:
                        fut.set_result(res)
            if self._closing:
                return

    async def _write_one(self, item: Write) -> bool | BaseException:
        try:
            return (await self._write_batch([item]))[0]
        except Exception as e:
            return _storage_error(e)

    async def flush(self) -> None:
        """Wait until every write asked for so far is committed (or refused)."""
        while self._pending:
            await asyncio.sleep(0.001)

    async def close(self) -> None:
        """Finish the writes in flight, then close."""
        await self.flush()
        self._closing = True
        if self._wake is not None:
            self._wake.set()
        writer = self._writer
        if writer is not None and not writer.done():
            # asyncio.wait neither raises the writer's end nor swallows a cancellation of close()
            # itself (wait_for under suppress(CancelledError) did both)
            done, _ = await asyncio.wait({writer}, timeout=10)
            if not done:
                writer.cancel()
                await asyncio.wait({writer})
        await self._close()

    # ------------------------------------------------------------------ API

    async def create_game(self, game: NewGame) -> None:
        await self.write(game)

    async def add_move(self, write: MoveWrite) -> bool:
        """Store a move row; ``False`` when that index of the game is stored already."""
        return await self.write(write)

    async def set_next_game(self, game_id: str, next_id: str) -> bool:
        return await self.write(NextGameWrite(game_id, next_id))

    async def load_game(self, game_id: str) -> StoredGame | None:
        row, moves = await self._load(game_id)
        if row is None:
            return None
        (gid, match_id, match_no, mode, level, cseat, options_json, seed, seed_enc, ta, tb, finished, nxt, extra) = row
        real_seed = int(seed) if seed_enc is None else self.cipher.decrypt(gid, seed_enc)
        return StoredGame(
            id=gid,
            match_id=match_id,
            match_no=int(match_no),
            mode=mode,
            level=level,
            computer_seat=None if cseat is None else int(cseat),
            options=json.loads(options_json),
            seed=real_seed,
            token_hashes=(ta, tb),
            finished=bool(finished),
            next_game=nxt,
            moves=moves,
            state_extra=int(extra or 0),
        )

    def _new_game_row(self, g: NewGame) -> tuple[Any, ...]:
        return (
            g.id,
            g.match_id,
            g.match_no,
            g.mode,
            g.level,
            g.computer_seat,
            json.dumps(g.options, sort_keys=True),
            self.cipher.encrypt(g.id, g.seed),
            g.token_hashes[0],
            g.token_hashes[1],
            time.time(),
        )

    # implemented by each database
    async def _write_batch(self, items: list[Write]) -> list[bool]:
        raise NotImplementedError

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str]]:
        raise NotImplementedError

    async def moves_since(self, game_id: str, idx: int) -> list[tuple[int, str]]:
        """The stored moves of a game from index ``idx`` on, in order."""
        raise NotImplementedError

    async def move_counts(self, game_ids: list[str]) -> dict[str, int]:
        """How many moves each of these games has stored."""
        raise NotImplementedError

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        """Points of A and B over the match's finished games, and how many games finished."""
        raise NotImplementedError

    async def ping(self) -> None:
        """Raise :class:`StorageError` when the database does not answer."""
        raise NotImplementedError

    def writer_pids(self) -> list[int]:
        """The writer's process, when it has one of its own (for its CPU time in /metrics)."""
        child = getattr(self, "_wchild", None)
        return [child.pid] if child is not None and child.pid is not None and not child.dead else []

    async def _close(self) -> None:
        raise NotImplementedError


def _storage_error(e: BaseException) -> StorageError:
    if isinstance(e, StorageError):
        return e
    text = str(e) or type(e).__name__
    busy = "locked" in text or "busy" in text
    return StorageError(text, busy=busy)


# --------------------------------------------------------------- SQLAlchemy Core


def _tables() -> tuple[Any, Any]:
    from sqlalchemy import BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table, Text

    md = MetaData()
    games = Table(
        "rb_games",
        md,
        Column("id", String(32), primary_key=True),
        Column("match_id", String(32)),
        Column("match_no", Integer),
        Column("mode", String(16)),
        Column("level", String(32)),
        Column("computer_seat", Integer),
        Column("options_json", Text),
        Column("seed", BigInteger),
        Column("seed_enc", String(64)),
        Column("token_a", String(64)),
        Column("token_b", String(64)),
        Column("created", Float),
        Column("finished", Boolean),
        Column("points_a", Integer),
        Column("points_b", Integer),
        Column("next_game", String(32)),
        Column("state_extra", Integer),
    )
    moves = Table(
        "rb_moves",
        md,
        Column("game_id", String(32), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("move", String(16)),
        Column("created", Float),
    )
    return games, moves


_NEW_GAME_KEYS = (
    "id", "match_id", "match_no", "mode", "level", "computer_seat", "options_json",
    "seed_enc", "token_a", "token_b", "created",
)  # fmt: skip


class CoreStore(Store):
    """The reads both databases share, in SQLAlchemy 2 Core (async, no ORM), from a small pool of
    connections. Each database writes with its own driver directly (:class:`SQLiteStore`,
    :class:`PostgresStore`): one transaction per batch, one statement per kind of write in it."""

    def __init__(self, url: str, cipher: SeedCipher) -> None:
        super().__init__(cipher)
        self.url = url
        self._rengine: Any = None  # readers
        self._games, self._moves = _tables()

    def _wrap(self, e: BaseException) -> StorageError:
        text = str(getattr(e, "orig", None) or e) or type(e).__name__
        return StorageError(text, busy="locked" in text or "busy" in text)

    async def _run(self, fn: Callable[[Any], Any]) -> Any:
        """Run ``await fn(connection)`` in a read transaction (one snapshot)."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            async with self._rengine.connect() as con:
                con = await self._read_options(con)
                async with con.begin():
                    return await fn(con)
        except (SQLAlchemyError, OSError) as e:
            raise self._wrap(e) from e

    async def _read_options(self, con: Any) -> Any:
        return con

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str]]:
        from sqlalchemy import select

        g, m = self._games, self._moves
        cols = [g.c[name.strip()] for name in _GAME_COLUMNS.split(",")]

        async def q(con: Any) -> tuple[tuple[Any, ...] | None, list[str]]:
            row = (await con.execute(select(*cols).where(g.c.id == game_id))).first()
            moves = (await con.execute(select(m.c.move).where(m.c.game_id == game_id).order_by(m.c.idx))).scalars()
            return (None if row is None else tuple(row)), list(moves)

        result: tuple[tuple[Any, ...] | None, list[str]] = await self._run(q)
        return result

    async def moves_since(self, game_id: str, idx: int) -> list[tuple[int, str]]:
        from sqlalchemy import select

        m = self._moves

        async def q(con: Any) -> list[tuple[int, str]]:
            res = await con.execute(
                select(m.c.idx, m.c.move).where(m.c.game_id == game_id, m.c.idx >= idx).order_by(m.c.idx)
            )
            return [(int(r[0]), r[1]) for r in res]

        rows: list[tuple[int, str]] = await self._run(q)
        return rows

    async def move_counts(self, game_ids: list[str]) -> dict[str, int]:
        from sqlalchemy import func, select

        if not game_ids:
            return {}
        m = self._moves

        async def q(con: Any) -> dict[str, int]:
            out: dict[str, int] = {}
            for i in range(0, len(game_ids), 500):
                part = game_ids[i : i + 500]
                res = await con.execute(
                    select(m.c.game_id, func.count()).where(m.c.game_id.in_(part)).group_by(m.c.game_id)
                )
                out.update((r[0], int(r[1])) for r in res)
            return out

        counts: dict[str, int] = await self._run(q)
        return counts

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        from sqlalchemy import func, select

        g = self._games

        async def q(con: Any) -> Any:
            return (
                await con.execute(
                    select(
                        func.coalesce(func.sum(g.c.points_a), 0),
                        func.coalesce(func.sum(g.c.points_b), 0),
                        func.count(),
                    ).where(g.c.match_id == match_id, g.c.finished.is_(True))
                )
            ).one()

        row = await self._run(q)
        return int(row[0]), int(row[1]), int(row[2])

    async def ping(self) -> None:
        from sqlalchemy import text

        async def q(con: Any) -> None:
            await con.execute(text("SELECT 1"))

        await self._run(q)

    async def _close(self) -> None:
        if self._rengine is not None:
            await self._rengine.dispose()


# ------------------------------------------------------------------------- SQLite


class SQLiteStore(CoreStore):
    """SQLite (``aiosqlite``): a file (0600) in a folder of its own, WAL journal,
    ``synchronous=FULL``; the writer's transactions are ``BEGIN IMMEDIATE``. The writer is a
    thread of this process, or with ``writer_process`` a process of its own (``russianbank
    serve`` does that): see :class:`SQLiteWriter`."""

    BUSY_TIMEOUT_MS = 5000

    def __init__(self, url: str, cipher: SeedCipher, *, writer_process: bool = False) -> None:
        super().__init__(url, cipher)
        self.path = sqlite_path(url)
        self.writer_process = writer_process
        self._wthread: ThreadPoolExecutor | None = None  # the writer's thread
        self._wchild: PipeChild | None = None  # or the writer's process
        self._thread_writer = SQLiteWriter(self.path, self.BUSY_TIMEOUT_MS)  # used in that thread only

    def _init_file(self) -> None:
        """Create the file 0600 (its folder 0700 when it is ours), WAL, the schema, an old one upgraded."""
        if self.path.parent == default_db_path().parent or not self.path.parent.exists():
            private_dir(self.path.parent)
        private_file(self.path)
        con = sqlite3.connect(self.path, isolation_level=None, timeout=self.BUSY_TIMEOUT_MS / 1000)
        try:
            con.execute(f"PRAGMA busy_timeout = {self.BUSY_TIMEOUT_MS}")
            con.execute("PRAGMA journal_mode = WAL")
            _migrate_sqlite(con, self.cipher)
            for stmt in _SCHEMA:
                con.execute(stmt)
            if "state_extra" not in _columns(con, "rb_games"):  # a database from before the column
                con.execute("ALTER TABLE rb_games ADD COLUMN state_extra INTEGER NOT NULL DEFAULT 0")
        finally:
            con.close()

    def _engine(self, *, writer: bool) -> Any:
        from sqlalchemy import event
        from sqlalchemy.ext.asyncio import create_async_engine

        engine = create_async_engine(
            f"sqlite+aiosqlite:///{self.path}", pool_size=1 if writer else 2, max_overflow=0 if writer else 2
        )
        timeout = self.BUSY_TIMEOUT_MS

        @event.listens_for(engine.sync_engine, "connect")
        def on_connect(dbapi_con: Any, _rec: Any) -> None:
            dbapi_con.isolation_level = None  # the transactions are begun below, not by the driver
            cur = dbapi_con.cursor()
            cur.execute(f"PRAGMA busy_timeout = {timeout}")
            cur.execute("PRAGMA synchronous = FULL")
            cur.execute("PRAGMA foreign_keys = ON")
            if not writer:
                cur.execute("PRAGMA query_only = ON")
            cur.close()

        begin = "BEGIN IMMEDIATE" if writer else "BEGIN"

        @event.listens_for(engine.sync_engine, "begin")
        def on_begin(con: Any) -> None:
            con.exec_driver_sql(begin)

        return engine

    async def init(self) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(None, self._init_file)
        except sqlite3.Error as e:
            raise StorageError(f"cannot open the database {self.path}: {e}", busy="locked" in str(e)) from e
        self._rengine = self._engine(writer=False)
        self._thread_writer.busy_timeout_ms = self.BUSY_TIMEOUT_MS
        if self.writer_process:
            await asyncio.get_running_loop().run_in_executor(None, self._start_child)
        else:
            self._wthread = ThreadPoolExecutor(1, thread_name_prefix="rb-sqlite-writer")
        await Store.init(self)

    def _start_child(self) -> None:
        child = PipeChild(None, _child_writer_init, (str(self.path), self.BUSY_TIMEOUT_MS))
        child.start()
        self._wchild = child

    # The writer: one sqlite3 connection, and each batch one call to it. Through SQLAlchemy's
    # async layer a batch was five or six trips between the event loop and the driver's thread
    # (begin, each statement, commit), each waiting for a busy loop to take its answer: 10-50 ms
    # a commit where the disk needs 4. In a thread of this process, each of the connection's
    # calls still takes the interpreter lock back from a busy loop (up to 5 ms each: 8-25 ms a
    # commit); in a process of its own (the pipe read by the loop itself) it does not wait for
    # the loop at all (docs/web.md).

    async def _write_batch(self, items: list[Write]) -> list[bool]:
        rows = [self._new_game_row(w) if isinstance(w, NewGame) else None for w in items]
        now = time.time()
        try:
            if not self.writer_process:
                assert self._wthread is not None
                return await asyncio.get_running_loop().run_in_executor(
                    self._wthread, self._write_sync, items, rows, now
                )
            child = self._wchild
            if child is None or child.dead:  # it died: a new one for this batch
                if child is not None:
                    await asyncio.get_running_loop().run_in_executor(None, child.close)  # reaped
                await asyncio.get_running_loop().run_in_executor(None, self._start_child)
                child = self._wchild
                assert child is not None
            done: list[bool] = await child.call(_child_write, items, rows, now)
            return done
        except sqlite3.Error as e:
            text = str(e) or type(e).__name__
            raise StorageError(text, busy="locked" in text or "busy" in text) from e
        except ChildDied as e:  # whether it committed is not known: the rows tell (a move there already is "stale")
            raise StorageError(f"the database writer process stopped: {e}") from e

    def _write_sync(self, items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
        return self._thread_writer.write(items, rows, now)

    def _close_writer(self) -> None:
        self._thread_writer.close()

    async def _close(self) -> None:
        child, self._wchild = self._wchild, None
        if child is not None:
            if not child.dead:
                with contextlib.suppress(Exception):
                    await child.call(_child_close)
            await asyncio.get_running_loop().run_in_executor(None, child.close)
        if self._wthread is not None:
            await asyncio.get_running_loop().run_in_executor(self._wthread, self._close_writer)
            self._wthread.shutdown(wait=True)
            self._wthread = None
        await super()._close()


class SQLiteWriter:
    """The SQLite writer's connection and its batches (``synchronous=FULL``, ``BEGIN IMMEDIATE``),
    used from one thread or process only: the writer thread of a :class:`SQLiteStore`, or the
    writer process of one (``writer_process``)."""

    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._wraw: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._wraw is None:
            con = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_timeout_ms / 1000)
            con.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            con.execute("PRAGMA synchronous = FULL")
            con.execute("PRAGMA foreign_keys = ON")
            self._wraw = con
        return self._wraw

    def write(self, items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
        """The batch in one transaction: the new games (``rows``: their rows, made by the store),
        the moves, the moves taken back, the next games and the state ids, committed at once."""
        con = self._connection()
        out: dict[int, bool] = {}
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                games = [r for r in rows if r is not None]
                if games:
                    con.executemany(_INSERT_GAME, games)
                    out.update((i, True) for i, r in enumerate(rows) if r is not None)
                for i, w in enumerate(items):
                    if isinstance(w, DeleteMoves):
                        con.execute("DELETE FROM rb_moves WHERE game_id = ? AND idx >= ?", (w.game_id, w.from_idx))
                        out[i] = True
                moves = [(i, w) for i, w in enumerate(items) if isinstance(w, MoveWrite)]
                if moves:
                    before = con.total_changes
                    con.executemany(_INSERT_MOVE, [(w.game_id, w.idx, w.move, now) for _, w in moves])
                    if con.total_changes - before == len(moves):  # the usual case: every row is new
                        out.update((i, True) for i, _ in moves)
                    else:  # some were there already (another process was first): which ones are ours
                        for i, w in moves:
                            row = con.execute(
                                "SELECT move, created FROM rb_moves WHERE game_id = ? AND idx = ?", (w.game_id, w.idx)
                            ).fetchone()
                            out[i] = row is not None and row[1] == now and row[0] == w.move
                    finished = [
                        (w.points[0], w.points[1], w.seed, w.game_id) for i, w in moves if out[i] and w.finished
                    ]
                    if finished:
                        con.executemany(
                            "UPDATE rb_games SET finished = 1, points_a = ?, points_b = ?, seed = ?, seed_enc = NULL "
                            "WHERE id = ?",
                            finished,
                        )
                for i, w in enumerate(items):
                    if isinstance(w, NextGameWrite):
                        cur = con.execute(
                            "UPDATE rb_games SET next_game = ? WHERE id = ? AND next_game IS NULL",
                            (w.next_id, w.game_id),
                        )
                        out[i] = cur.rowcount == 1
                extra = {  # of each game, the last one stored in the batch (a batch keeps the order)
                    w.game_id: w.state_extra
                    for i, w in enumerate(items)
                    if isinstance(w, MoveWrite | DeleteMoves) and w.state_extra is not None and out.get(i)
                }
                if extra:
                    con.executemany(
                        "UPDATE rb_games SET state_extra = ? WHERE id = ?", [(ex, gid) for gid, ex in extra.items()]
                    )
                con.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
                raise
        except sqlite3.Error:
            self.close()  # the next batch opens it again (a broken connection is not kept)
            raise
        return [out[i] for i in range(len(items))]

    def close(self) -> None:
        if self._wraw is not None:
            with contextlib.suppress(sqlite3.Error):
                self._wraw.close()
            self._wraw = None


_CHILD_WRITER: SQLiteWriter | None = None  # in a writer process: its connection


def _child_writer_init(path: str, busy_timeout_ms: int) -> None:
    global _CHILD_WRITER
    _CHILD_WRITER = SQLiteWriter(Path(path), busy_timeout_ms)


def _child_write(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    assert _CHILD_WRITER is not None
    return _CHILD_WRITER.write(items, rows, now)


def _child_close() -> None:
    if _CHILD_WRITER is not None:
        _CHILD_WRITER.close()


_INSERT_GAME = f"INSERT INTO rb_games ({', '.join(_NEW_GAME_KEYS)}) VALUES ({', '.join('?' * len(_NEW_GAME_KEYS))})"
_INSERT_MOVE = "INSERT INTO rb_moves (game_id, idx, move, created) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"


def _columns(con: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in con.execute(f"PRAGMA table_info({table})")]


def _migrate_sqlite(con: sqlite3.Connection, cipher: SeedCipher) -> None:
    """A database written by the first version of the server (seed in plain text, NOT NULL):
    rebuild ``rb_games`` with the seed of every unfinished game enciphered."""
    cols = _columns(con, "rb_games")
    if not cols or "seed_enc" in cols:
        return
    log.warning("upgrading the database: enciphering the seeds of the games being played")
    con.execute("BEGIN IMMEDIATE")
    try:
        con.execute("ALTER TABLE rb_games RENAME TO rb_games_v1")
        con.execute(_SCHEMA[0])
        con.execute(
            "INSERT INTO rb_games (id, match_id, match_no, mode, level, computer_seat, options_json, seed, "
            "token_a, token_b, created, finished, points_a, points_b, next_game) SELECT id, match_id, match_no, "
            "mode, level, computer_seat, options_json, seed, token_a, token_b, created, finished, points_a, "
            "points_b, next_game FROM rb_games_v1"
        )
        for gid, seed in con.execute("SELECT id, seed FROM rb_games WHERE NOT finished").fetchall():
            con.execute(
                "UPDATE rb_games SET seed = NULL, seed_enc = ? WHERE id = ?", (cipher.encrypt(gid, int(seed)), gid)
            )
        # rb_moves refers to the renamed table: rebuild it against the new one
        con.execute("ALTER TABLE rb_moves RENAME TO rb_moves_v1")
        con.execute(_SCHEMA[2])
        con.execute("INSERT INTO rb_moves SELECT game_id, idx, move, created FROM rb_moves_v1")
        con.execute("DROP TABLE rb_moves_v1")
        con.execute("DROP TABLE rb_games_v1")
        con.execute("DROP INDEX IF EXISTS ix_rb_games_match_id")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


# --------------------------------------------------------------------- PostgreSQL


def asyncpg_dsn(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]


class PostgresStore(CoreStore):
    """PostgreSQL: one writer connection (group commit, raw ``asyncpg``), a pool for reads
    (SQLAlchemy Core on ``postgresql+asyncpg``).

    ``notify``: each committed move is also announced on the channel ``rb_moves`` (in the same
    transaction, so a notification never runs ahead of its row), for the other server processes.
    """

    def __init__(self, url: str, cipher: SeedCipher, *, notify: bool = True, writer_process: bool = False) -> None:
        super().__init__(url, cipher)
        self.dsn = asyncpg_dsn(url)
        self.notify = notify
        self.writer_process = writer_process
        self._wraw: Any = None  # the writer's asyncpg connection
        self._wchild: PipeChild | None = None  # or the writer's process (its own connection)

    # The writer: asyncpg itself on the event loop's thread, one transaction a batch, all its move
    # rows in one INSERT (unnest of arrays) and all its notifications in one SELECT. Through
    # SQLAlchemy's async layer each batch cost the loop's thread ~0.5 ms more in Python (its
    # greenlet hops, statement compiling and row processing, docs/web.md).

    async def _writer_conn(self) -> Any:
        import asyncpg

        if self._wraw is None or self._wraw.is_closed():
            self._wraw = await asyncpg.connect(self.dsn)
        return self._wraw

    async def _write_batch(self, items: list[Write]) -> list[bool]:
        import asyncpg

        rows = [self._new_game_row(w) if isinstance(w, NewGame) else None for w in items]
        if self.writer_process:
            return await self._write_in_child(items, rows, time.time())
        try:
            con = await self._writer_conn()
            return await _pg_write(con, items, rows, time.time(), self.notify, self.origin)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            if not isinstance(e, asyncpg.PostgresError):  # the connection itself: not kept
                self._drop_writer()
            text = str(e) or type(e).__name__
            raise StorageError(text, busy="locked" in text or "busy" in text) from e

    def _drop_writer(self) -> None:
        if self._wraw is not None:
            with contextlib.suppress(Exception):
                self._wraw.terminate()
            self._wraw = None

    async def _write_in_child(self, items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
        loop = asyncio.get_running_loop()
        child = self._wchild
        if child is None or child.dead:  # not started yet, or it died: a new one for this batch
            if child is not None:
                await loop.run_in_executor(None, child.close)
            child = self._wchild = PipeChild(None, _pg_child_init, (self.dsn, self.notify, self.origin))
            await loop.run_in_executor(None, child.start)
        try:
            done: list[bool] = await child.call(_pg_child_write, items, rows, now)
        except ChildDied as e:  # whether it committed is not known: the rows tell (a move there already is "stale")
            raise StorageError(f"the database writer process stopped: {e}") from e
        return done

    async def _read_options(self, con: Any) -> Any:
        return await con.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)

    async def notify_now(self, payload: str) -> None:
        """Announce ``payload`` on the moves' channel at once (not with a write: presence)."""
        from sqlalchemy import func, select
        from sqlalchemy.exc import SQLAlchemyError

        try:
            async with self._rengine.begin() as con:
                await con.execute(select(func.pg_notify(NOTIFY_CHANNEL, payload)))
        except (SQLAlchemyError, OSError) as e:
            raise self._wrap(e) from e

    async def init(self) -> None:
        from sqlalchemy import text
        from sqlalchemy.exc import SQLAlchemyError
        from sqlalchemy.ext.asyncio import create_async_engine

        sa_url = "postgresql+asyncpg://" + self.url.split("://", 1)[1]
        self._rengine = create_async_engine(sa_url, pool_size=4, max_overflow=0)
        try:
            async with self._rengine.begin() as con:
                await con.execute(text("SELECT pg_advisory_xact_lock(7261)"))  # several processes start at once
                for stmt in _SCHEMA:
                    await con.exec_driver_sql(stmt)
                await _migrate_pg(con, self.cipher)
                await con.exec_driver_sql(
                    "ALTER TABLE rb_games ADD COLUMN IF NOT EXISTS state_extra INTEGER NOT NULL DEFAULT 0"
                )
        except (OSError, SQLAlchemyError) as e:
            await self._close()
            raise StorageError(f"cannot open the database {describe_url(self.url)}: {e}") from e
        await Store.init(self)

    async def _close(self) -> None:
        child, self._wchild = self._wchild, None
        if child is not None:
            if not child.dead:
                with contextlib.suppress(Exception):
                    await child.call(_pg_child_close)
            await asyncio.get_running_loop().run_in_executor(None, child.close)
        if self._wraw is not None:
            try:
                await asyncio.wait_for(self._wraw.close(), 5)
            except BaseException:  # cancelled or timed out: the connection is dropped, never kept half closed
                self._drop_writer()
                raise
            finally:
                self._wraw = None
        await super()._close()


async def _pg_write(
    con: Any, items: list[Write], rows: list[tuple[Any, ...] | None], now: float, notify: bool, origin: str
) -> list[bool]:
    """The batch in one transaction on the asyncpg connection ``con``: what
    :meth:`SQLiteWriter.write` does, in PostgreSQL's SQL, and (``notify``) the notifications of
    what went in, in the name of ``origin``."""
    out: dict[int, bool] = {}
    announce: list[Write] = []
    async with con.transaction():
        games = [r for r in rows if r is not None]
        if games:
            await con.executemany(_INSERT_GAME_PG, games)
            out.update((i, True) for i, r in enumerate(rows) if r is not None)
        for i, w in enumerate(items):
            if isinstance(w, DeleteMoves):
                await con.execute("DELETE FROM rb_moves WHERE game_id = $1 AND idx >= $2", w.game_id, w.from_idx)
                out[i] = True
                announce.append(w)
        moves = [(i, w) for i, w in enumerate(items) if isinstance(w, MoveWrite)]
        if moves:
            got = await con.fetch(
                _INSERT_MOVES_PG, [w.game_id for _, w in moves], [w.idx for _, w in moves],
                [w.move for _, w in moves], now,
            )  # fmt: skip
            stored = {(r[0], r[1]) for r in got}
            done = []
            for i, w in moves:
                out[i] = ok = (w.game_id, w.idx) in stored
                if ok:
                    done.append(w)
            finished = [(w.game_id, w.points[0], w.points[1], w.seed) for w in done if w.finished]
            if finished:
                await con.executemany(
                    "UPDATE rb_games SET finished = TRUE, points_a = $2, points_b = $3, seed = $4, "
                    "seed_enc = NULL WHERE id = $1",
                    finished,
                )
            announce.extend(done)
        for i, w in enumerate(items):
            if isinstance(w, NextGameWrite):
                status = await con.execute(
                    "UPDATE rb_games SET next_game = $2 WHERE id = $1 AND next_game IS NULL", w.game_id, w.next_id
                )
                out[i] = status == "UPDATE 1"
                if out[i]:
                    announce.append(w)
        extra = {  # of each game, the last one stored in the batch (a batch keeps the order)
            w.game_id: w.state_extra
            for i, w in enumerate(items)
            if isinstance(w, MoveWrite | DeleteMoves) and w.state_extra is not None and out.get(i)
        }
        if extra:
            await con.executemany("UPDATE rb_games SET state_extra = $2 WHERE id = $1", list(extra.items()))
        if notify and announce:
            await con.execute(
                "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS t(p)",
                NOTIFY_CHANNEL,
                notify_payloads(origin, announce),
            )
    return [out[i] for i in range(len(items))]


_PG_CHILD: dict[str, Any] = {}  # in a writer process: its event loop, connection and settings


def _pg_child_init(dsn: str, notify: bool, origin: str) -> None:
    _PG_CHILD.update(dsn=dsn, notify=notify, origin=origin, loop=asyncio.new_event_loop(), con=None)


def _pg_child_write(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    done: list[bool] = _PG_CHILD["loop"].run_until_complete(_pg_child_write_async(items, rows, now))
    return done


async def _pg_child_write_async(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    import asyncpg

    c = _PG_CHILD
    try:
        if c["con"] is None or c["con"].is_closed():
            c["con"] = await asyncpg.connect(c["dsn"])
        done: list[bool] = await _pg_write(c["con"], items, rows, now, c["notify"], c["origin"])
        return done
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
        if not isinstance(e, asyncpg.PostgresError) and c["con"] is not None:  # the connection itself: not kept
            with contextlib.suppress(Exception):
                c["con"].terminate()
            c["con"] = None
        text = str(e) or type(e).__name__
        raise StorageError(text, busy="locked" in text or "busy" in text) from None


def _pg_child_close() -> None:
    con = _PG_CHILD.get("con")
    if con is not None:
        with contextlib.suppress(Exception):
            _PG_CHILD["loop"].run_until_complete(asyncio.wait_for(con.close(), 5))
        _PG_CHILD["con"] = None


_INSERT_GAME_PG = (
    f"INSERT INTO rb_games ({', '.join(_NEW_GAME_KEYS)}) "
    f"VALUES ({', '.join(f'${i + 1}' for i in range(len(_NEW_GAME_KEYS)))})"
)
_INSERT_MOVES_PG = (
    "INSERT INTO rb_moves (game_id, idx, move, created) "
    "SELECT g, i, m, $4 FROM unnest($1::varchar[], $2::int[], $3::varchar[]) AS t(g, i, m) "
    "ON CONFLICT DO NOTHING RETURNING game_id, idx"
)


async def _migrate_pg(con: Any, cipher: SeedCipher) -> None:
    from sqlalchemy import text

    cols = {
        r[0]
        for r in await con.execute(
            text(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'rb_games' "
                "AND table_schema = current_schema()"
            )
        )
    }
    if "seed_enc" in cols:
        return
    log.warning("upgrading the database: enciphering the seeds of the games being played")
    await con.exec_driver_sql("ALTER TABLE rb_games ADD COLUMN seed_enc VARCHAR(64)")
    await con.exec_driver_sql("ALTER TABLE rb_games ALTER COLUMN seed DROP NOT NULL")
    for r in (await con.execute(text("SELECT id, seed FROM rb_games WHERE NOT finished"))).all():
        await con.execute(
            text("UPDATE rb_games SET seed = NULL, seed_enc = :enc WHERE id = :id"),
            {"id": r[0], "enc": cipher.encrypt(r[0], int(r[1]))},
        )


def pack_payloads(origin: str, lines: Iterable[str]) -> list[str]:
    """``lines`` in as few notification texts as fit: each is the ``origin`` line, then as many of
    the lines, in order, as stay under :data:`NOTIFY_LIMIT`."""
    out: list[str] = []
    batch: list[str] = []
    size = len(origin)
    for line in lines:
        if batch and size + len(line) + 1 > NOTIFY_LIMIT:
            out.append("\n".join([origin, *batch]))
            batch, size = [], len(origin)
        batch.append(line)
        size += len(line) + 1
    if batch:
        out.append("\n".join([origin, *batch]))
    return out


def _notify_line(w: Write) -> str | None:
    if isinstance(w, MoveWrite):
        return f"m {w.game_id} {w.idx} {w.move}"
    if isinstance(w, NextGameWrite):
        return f"n {w.game_id} {w.next_id}"
    if isinstance(w, DeleteMoves):
        return f"u {w.game_id} {w.from_idx}"
    return None


def notify_payloads(origin: str, writes: Sequence[Write]) -> list[str]:
    """Notification texts for committed writes, each under the size limit: the ``origin`` line,
    then ``m GAME IDX MOVE`` for a move, ``n GAME NEXT`` for the next game of a match and
    ``u GAME FROM`` for moves taken back."""
    return pack_payloads(origin, (line for w in writes if (line := _notify_line(w)) is not None))


@dataclass
class Notification:
    """What one notification payload says: who sent it, moves stored, undos, next games."""

    origin: str
    moves: list[tuple[str, int, str]] = field(default_factory=list)
    undos: list[tuple[str, int]] = field(default_factory=list)
    nexts: list[tuple[str, str]] = field(default_factory=list)


def parse_notify(payload: str) -> Notification:
    """The inverse of :func:`notify_payloads` for one payload."""
    origin, *lines = payload.split("\n")
    out = Notification(origin)
    for line in lines:
        parts = line.split(" ")
        if len(parts) == 4 and parts[0] == "m" and parts[2].isdigit():
            out.moves.append((parts[1], int(parts[2]), parts[3]))
        elif len(parts) == 3 and parts[0] == "u" and parts[2].isdigit():
            out.undos.append((parts[1], int(parts[2])))
        elif len(parts) == 3 and parts[0] == "n":
            out.nexts.append((parts[1], parts[2]))
    return out


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
