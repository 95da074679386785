"""A game lost by a player gone from the table past the grace period (:mod:`..away`): the row
says which seat lost and the index of the resignation the server made for it, so that the end
of the game is told as what it was. Both databases' writes, in the writer's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Forfeit:
    """``seat`` of ``game_id`` loses for being gone: its resignation is the move at ``idx``."""

    game_id: str
    seat: int
    idx: int


_SQLITE = "INSERT INTO rb_forfeits (game_id, seat, idx, created) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
_PG = "INSERT INTO rb_forfeits (game_id, seat, idx, created) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING"
READ = "SELECT seat, idx FROM rb_forfeits WHERE game_id = :id"


def write_forfeits_sqlite(con: Any, items: list[Any], out: dict[int, bool], now: float) -> None:
    for i, w in enumerate(items):
        if isinstance(w, Forfeit):
            out[i] = con.execute(_SQLITE, (w.game_id, w.seat, w.idx, now)).rowcount == 1


async def write_forfeits_pg(con: Any, items: list[Any], out: dict[int, bool], now: float) -> None:
    for i, w in enumerate(items):
        if isinstance(w, Forfeit):
            out[i] = (await con.execute(_PG, w.game_id, w.seat, w.idx, now)) == "INSERT 0 1"
