"""PostgreSQL: the store, its writer on the event loop or in a process, the upgrade of an old database."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from ..procpipe import ChildDied, PipeChild
from .base import Store
from .cipher import SeedCipher
from .core import CoreStore
from .notify import NOTIFY_CHANNEL
from .pg_writer import pg_child_close, pg_child_init, pg_child_write, pg_write
from .records import NewGame, StorageError, Write
from .schema import SCHEMA
from .urls import asyncpg_dsn, describe_url

log = logging.getLogger("russianbank.web.store")


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
    # rows in one INSERT (unnest of arrays) and all its notifications in one SELECT; not through
    # SQLAlchemy's async layer, whose greenlet hops, statement compiling and row processing would
    # cost the loop's thread more Python a batch.

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
            return await pg_write(con, items, rows, time.time(), self.notify, self.origin)
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
            child = self._wchild = PipeChild(None, pg_child_init, (self.dsn, self.notify, self.origin))
            await loop.run_in_executor(None, child.start)
        try:
            done: list[bool] = await child.call(pg_child_write, items, rows, now)
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
                for stmt in SCHEMA:
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
                with contextlib.suppress(Exception):  # a writer stuck past 10 s is killed by close()
                    await asyncio.wait_for(child.call(pg_child_close), 10)
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
