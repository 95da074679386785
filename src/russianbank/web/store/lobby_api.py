"""The lobby's part of the store's API: its writes (through the group commit) and its reads (both
databases, SQLAlchemy 2 Core)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .lobby_records import CancelTable, KeepTables, LobbyRow, OpenTable, TakeTable
from .records import StorageError, Write

_COLUMNS = (
    "l.id, l.player_id, hp.name, hp.rating, l.token_hash, l.preset, l.stops, l.created, "
    "l.game_id, l.guest_id, gp.name, gp.rating, l.match_to"
)
_FROM = (
    "FROM rb_lobby l JOIN rb_players hp ON hp.id = l.player_id "
    "LEFT JOIN rb_players gp ON gp.id = l.guest_id LEFT JOIN rb_games g ON g.id = l.game_id"
)
_LISTED = (
    f"SELECT {_COLUMNS} {_FROM} WHERE (l.game_id IS NULL AND l.touched >= :stale) "
    "OR (l.game_id IS NOT NULL AND l.taken >= :listed AND NOT g.finished) ORDER BY l.created, l.id"
)
_ONE = f"SELECT {_COLUMNS} {_FROM} WHERE l.id = :id"


def _row(r: Any) -> LobbyRow:
    return LobbyRow(
        r[0], r[1], r[2], float(r[3]), r[4], r[5], bool(r[6]), float(r[7]),
        r[8], r[9], r[10], None if r[11] is None else float(r[11]), None if r[12] is None else int(r[12]),
    )  # fmt: skip


class LobbyAPI:
    """What the server asks of the store about the lobby; :class:`~.base.Store` has it."""

    _rengine: Any  # the readers' engine (:class:`~.core.CoreStore`'s)

    async def write(self, item: Write) -> bool:
        raise NotImplementedError

    async def _run(self, fn: Callable[[Any], Any]) -> Any:
        raise NotImplementedError

    def _wrap(self, e: BaseException) -> StorageError:
        raise NotImplementedError

    async def _read_alone(self, sql: str, params: dict[str, Any]) -> list[Any]:
        """The rows of one statement, which is a snapshot by itself: read without a transaction
        around it (autocommit), so one round trip to the database instead of three (BEGIN, the
        statement, COMMIT). Every process reads the lobby each time it changes."""
        from sqlalchemy import text
        from sqlalchemy.exc import SQLAlchemyError

        try:
            async with self._rengine.connect() as con:
                con = await con.execution_options(isolation_level="AUTOCOMMIT")
                return list(await con.execute(text(sql), params))
        except (SQLAlchemyError, OSError) as e:
            raise self._wrap(e) from e

    async def open_table(self, table: OpenTable) -> bool:
        return await self.write(table)

    async def cancel_table(self, table_id: str, player_id: str) -> bool:
        return await self.write(CancelTable(table_id, player_id))

    async def take_table(self, take: TakeTable) -> bool:
        return await self.write(take)

    async def keep_tables(self, ids: list[str], stale_before: float, listed_after: float) -> bool:
        return await self.write(KeepTables(ids, stale_before, listed_after))

    async def lobby_rows(self, stale_before: float, listed_after: float) -> list[LobbyRow]:
        """The open tables kept since ``stale_before`` and the games taken since ``listed_after``
        that are not over, the oldest first."""
        rows = [tuple(r) for r in await self._read_alone(_LISTED, {"stale": stale_before, "listed": listed_after})]
        seen: dict[tuple[Any, ...], LobbyRow] = getattr(self, "_lobby_seen", {})  # the last reading's, unchanged
        out = [seen.get(r) or _row(r) for r in rows]
        self._lobby_seen = dict(zip(rows, out, strict=True))
        return out

    async def lobby_row(self, table_id: str) -> LobbyRow | None:
        """One table of the lobby, whatever its state, or None (closed, or gone)."""
        from sqlalchemy import text

        async def q(con: Any) -> Any:
            return (await con.execute(text(_ONE), {"id": table_id})).first()

        r = await self._run(q)
        return None if r is None else _row(r)
