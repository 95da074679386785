"""SQLite: the store, its writer thread or process, and the upgrade of an old file."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..procpipe import ChildDied, PipeChild
from .base import Store
from .cipher import SeedCipher
from .core import CoreStore
from .records import NewGame, StorageError, Write
from .schema import SCHEMA
from .sqlite_writer import SQLiteWriter, sqlite_child_close, sqlite_child_init, sqlite_child_write
from .urls import default_db_path, private_dir, private_file, sqlite_path

log = logging.getLogger("russianbank.web.store")


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
            for stmt in SCHEMA:
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
        child = PipeChild(None, sqlite_child_init, (str(self.path), self.BUSY_TIMEOUT_MS))
        child.start()
        self._wchild = child

    # The writer: one sqlite3 connection, and each batch one call to it, not one trip between the
    # event loop and the driver's thread per statement (begin, each statement, commit), each of
    # which would wait for a busy loop to take its answer. In a thread of this process each of
    # the connection's calls still takes the interpreter lock back from a busy loop; in a process
    # of its own (the pipe read by the loop itself) it does not wait for the loop at all.

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
            done: list[bool] = await child.call(sqlite_child_write, items, rows, now)
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
                    await child.call(sqlite_child_close)
            await asyncio.get_running_loop().run_in_executor(None, child.close)
        if self._wthread is not None:
            await asyncio.get_running_loop().run_in_executor(self._wthread, self._close_writer)
            self._wthread.shutdown(wait=True)
            self._wthread = None
        await super()._close()


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
        con.execute(SCHEMA[0])
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
        con.execute(SCHEMA[2])
        con.execute("INSERT INTO rb_moves SELECT game_id, idx, move, created FROM rb_moves_v1")
        con.execute("DROP TABLE rb_moves_v1")
        con.execute("DROP TABLE rb_games_v1")
        con.execute("DROP INDEX IF EXISTS ix_rb_games_match_id")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
