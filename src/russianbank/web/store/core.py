"""The reads both databases share, in SQLAlchemy 2 Core."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from .base import Store
from .cipher import SeedCipher
from .forfeits import READ as FORFEIT_READ
from .matches import READ as TARGET_READ
from .player_reads import PlayerReads
from .records import StorageError
from .schema import GAME_COLUMNS, tables

log = logging.getLogger("russianbank.web")


class CoreStore(Store, PlayerReads):
    """The reads both databases share (the players' ones from :class:`PlayerReads`, the lobby's
    from :class:`LobbyAPI`), in SQLAlchemy 2 Core (async, no ORM), from a small pool of
    connections. Each database writes with its own driver directly (:class:`SQLiteStore`,
    :class:`PostgresStore`): one transaction per batch, one statement per kind of write in it."""

    def __init__(self, url: str, cipher: SeedCipher) -> None:
        super().__init__(cipher)
        PlayerReads.__init__(self)
        self.url = url
        self._rengine: Any = None  # readers
        self._games, self._moves = tables()

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

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str], dict[str, Any]]:
        from sqlalchemy import select, text

        g, m = self._games, self._moves
        cols = [g.c[name.strip()] for name in GAME_COLUMNS.split(",")]

        async def q(con: Any) -> tuple[tuple[Any, ...] | None, list[str], dict[str, Any]]:
            row = (await con.execute(select(*cols).where(g.c.id == game_id))).first()
            if row is None:
                return None, [], {}
            moves = (await con.execute(select(m.c.move).where(m.c.game_id == game_id).order_by(m.c.idx))).scalars()
            lost = (await con.execute(text(FORFEIT_READ), {"id": game_id})).first()
            target = (await con.execute(text(TARGET_READ), {"id": row[1]})).first()  # row[1]: the match id
            extras = {
                "forfeit": None if lost is None else (int(lost[0]), int(lost[1])),
                "match_to": None if target is None else int(target[0]),
            }
            return tuple(row), list(moves), extras

        result: tuple[tuple[Any, ...] | None, list[str], dict[str, Any]] = await self._run(q)
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
            try:  # bounded: a read connection stuck on its server does not hold the shutdown
                await asyncio.wait_for(self._rengine.dispose(), 10)
            except TimeoutError:
                log.warning("the read connections did not close within 10 s; left to the process's end")
