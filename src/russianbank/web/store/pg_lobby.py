"""PostgreSQL's writes of the lobby (:mod:`.lobby_records`), in the writer's transaction
(:func:`~.pg_writer.pg_write`); ``con`` is its ``asyncpg`` connection. Each write that went in
is announced (a ``l`` line, :mod:`.notify`), so every process's lobby looks again."""

from __future__ import annotations

from typing import Any

from .lobby_records import CancelTable, KeepTables, OpenTable, TakeTable
from .records import Write

_OPEN = (
    "INSERT INTO rb_lobby (id, player_id, token_hash, preset, stops, created, touched, match_to) "
    "SELECT $1::varchar, $2::varchar, $3::varchar, $4::varchar, $5::boolean, $6::float8, $6::float8, $7::integer "
    "WHERE EXISTS (SELECT 1 FROM rb_players WHERE id = $2) ON CONFLICT DO NOTHING"
)
_TAKE = (
    "UPDATE rb_lobby SET game_id = $1, guest_id = $2, taken = $3 "
    "WHERE id = $4 AND game_id IS NULL AND player_id <> $2 AND touched >= $5 "
    "AND EXISTS (SELECT 1 FROM rb_games WHERE id = $1 AND NOT finished) "
    "AND EXISTS (SELECT 1 FROM rb_players WHERE id = $2) "
    "AND NOT EXISTS (SELECT 1 FROM rb_lobby WHERE player_id = $2 AND game_id IS NULL) "
    "RETURNING player_id"
)
_SEATS = "INSERT INTO rb_seats (game_id, seat, player_id, created) VALUES ($1, 0, $2, $4), ($1, 1, $3, $4)"
_SWEEP = (
    "DELETE FROM rb_lobby WHERE (game_id IS NULL AND touched < $1) OR (game_id IS NOT NULL AND (taken < $2 "
    "OR EXISTS (SELECT 1 FROM rb_games g WHERE g.id = rb_lobby.game_id AND g.finished)))"
)


def _count(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def write_lobby(con: Any, items: list[Write], out: dict[int, bool], now: float) -> list[Write]:
    """The batch's lobby writes, each told whether it went in (``out``, by its index); the ones
    that changed the lobby, to announce."""
    changed: list[Write] = []
    for i, w in enumerate(items):
        if isinstance(w, OpenTable):
            status = await con.execute(_OPEN, w.id, w.player_id, w.token_hash, w.preset, w.stops, now, w.match_to)
            out[i] = _count(status) == 1
        elif isinstance(w, CancelTable):
            status = await con.execute(
                "DELETE FROM rb_lobby WHERE id = $1 AND player_id = $2 AND game_id IS NULL", w.id, w.player_id
            )
            out[i] = _count(status) == 1
        elif isinstance(w, TakeTable):
            host = await con.fetchval(_TAKE, w.game_id, w.guest_id, now, w.id, w.stale_before)
            out[i] = host is not None
            if out[i]:
                await con.execute(_SEATS, w.game_id, host, w.guest_id, now)
        elif isinstance(w, KeepTables):
            if w.ids:
                await con.execute(
                    "UPDATE rb_lobby SET touched = $1 WHERE game_id IS NULL AND id = ANY($2::varchar[])", now, w.ids
                )
            status = await con.execute(_SWEEP, w.stale_before, w.listed_after)
            out[i] = True
            if _count(status) == 0:
                continue
        else:
            continue
        if out[i]:
            changed.append(w)
    return changed
