"""The players' reads, in SQLAlchemy 2 Core (both databases)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .player_api import PlayerAPI
from .records import PlayerRow, RatedGame
from .schema import RATING_VALUES, player_tables


class PlayerReads(PlayerAPI):
    """The reads of :class:`PlayerAPI`, for :class:`~.core.CoreStore`."""

    def __init__(self) -> None:
        self._players, self._sessions, self._seats, self._ratings = player_tables()

    async def _run(self, fn: Callable[[Any], Any]) -> Any:
        raise NotImplementedError

    def _player_cols(self) -> list[Any]:
        p = self._players
        return [p.c[k] for k in ("id", "name", "name_key", "password_hash", "rating", "rd", "volatility", "games")] + [
            p.c.created
        ]

    @staticmethod
    def _row(r: Any) -> PlayerRow:
        return PlayerRow(
            str(r[0]), r[1], r[2], r[3], float(r[4]), float(r[5]), float(r[6]), int(r[7] or 0), float(r[8])
        )

    async def _one_player(self, where: Any, *joins: Any) -> PlayerRow | None:
        from sqlalchemy import select

        async def q(con: Any) -> Any:
            stmt = select(*self._player_cols())
            for j in joins:
                stmt = stmt.join_from(self._players, *j)
            return (await con.execute(stmt.where(where))).first()

        r = await self._run(q)
        return None if r is None else self._row(r)

    async def player_by_session(self, session_hash: str) -> PlayerRow | None:
        s = self._sessions
        return await self._one_player(s.c.id_hash == session_hash, (s, s.c.player_id == self._players.c.id))

    async def player_by_key(self, name_key: str) -> PlayerRow | None:
        return await self._one_player(self._players.c.name_key == name_key)

    async def player_by_id(self, player_id: str) -> PlayerRow | None:
        return await self._one_player(self._players.c.id == player_id)

    def _rated_select(self) -> Any:
        from sqlalchemy import select

        r, opp = self._ratings, self._players.alias("opp")
        cols = [r.c.game_id, r.c.seat, r.c.player_id, r.c.seq, r.c.opponent_id, opp.c.name, r.c.opponent_level]
        cols += [r.c[k] for k in RATING_VALUES if k != "volatility_before"] + [r.c.created]
        return select(*cols).select_from(r.outerjoin(opp, opp.c.id == r.c.opponent_id))

    @staticmethod
    def _rated(row: Any) -> RatedGame:
        g, seat, pid, seq, oid, oname, olevel, *nums, at = tuple(row)
        score, before, rd_before, rating, rd, vol, opp, opp_rd = map(float, nums)
        seat_no, ident, no, when = int(seat), str(pid), int(seq), float(at)
        return RatedGame(
            g, seat_no, ident, no, oid, oname, olevel, score, before, rd_before, rating, rd, vol, opp, opp_rd, when
        )

    async def player_games(self, player_id: str, limit: int = 50) -> list[RatedGame]:
        r = self._ratings
        stmt = self._rated_select().where(r.c.player_id == player_id).order_by(r.c.seq.desc()).limit(limit)

        async def q(con: Any) -> list[Any]:
            return list(await con.execute(stmt))

        return [self._rated(row) for row in await self._run(q)]

    async def player_record(self, player_id: str) -> tuple[int, int, int]:
        from sqlalchemy import func, select

        r = self._ratings

        async def q(con: Any) -> Any:
            return (
                await con.execute(select(r.c.score, func.count()).where(r.c.player_id == player_id).group_by(r.c.score))
            ).all()

        counts = {float(s): int(n) for s, n in await self._run(q)}
        return counts.get(1.0, 0), counts.get(0.5, 0), counts.get(0.0, 0)

    async def seat_players(self, game_id: str) -> dict[int, tuple[str, str]]:
        from sqlalchemy import select

        s, p = self._seats, self._players

        async def q(con: Any) -> list[Any]:
            stmt = select(s.c.seat, p.c.id, p.c.name).join_from(s, p, s.c.player_id == p.c.id)
            return list(await con.execute(stmt.where(s.c.game_id == game_id)))

        return {int(r[0]): (str(r[1]), r[2]) for r in await self._run(q)}

    async def rated_rows(self) -> list[RatedGame]:
        r = self._ratings
        stmt = self._rated_select().order_by(r.c.seq, r.c.game_id, r.c.seat)

        async def q(con: Any) -> list[Any]:
            return list(await con.execute(stmt))

        return [self._rated(row) for row in await self._run(q)]
