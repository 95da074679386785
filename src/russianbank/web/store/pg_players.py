"""PostgreSQL's writes of players, sessions and seats, and the ratings of a finished game, in the
writer's transaction (:func:`~.pg_writer.pg_write`); ``con`` is its ``asyncpg`` connection.

Several server processes may finish games of the same player at once: the rated players' rows
are locked (``FOR UPDATE``, in the order of their ids, so two games never wait for each other)
before their ratings are read, so each game is rated from the ratings the one before left, and
``seq`` is taken after the locks, so a player's games are numbered in the order they were rated.
"""

from __future__ import annotations

from typing import Any

from .rating_plan import rating_of, rating_rows, sides
from .records import EndSession, NewPlayer, NewSession, SeatPlayer, SetPassword, Write
from .schema import RATING_ROW_KEYS

_INSERT_RATING = (
    f"INSERT INTO rb_ratings ({', '.join(RATING_ROW_KEYS)}) "
    f"VALUES ({', '.join(f'${i + 1}' for i in range(len(RATING_ROW_KEYS)))})"
)
_SEAT = (
    "INSERT INTO rb_seats (game_id, seat, player_id, created) SELECT $1::varchar, $2::int, $3::varchar, $4::float8 "
    "WHERE EXISTS (SELECT 1 FROM rb_games WHERE id = $1 AND NOT finished) "
    "AND EXISTS (SELECT 1 FROM rb_players WHERE id = $3) "
    "AND NOT EXISTS (SELECT 1 FROM rb_seats WHERE game_id = $1 AND player_id = $3) ON CONFLICT DO NOTHING"
)


def _count(status: str) -> int:
    """The rows an ``INSERT 0 n`` / ``UPDATE n`` / ``DELETE n`` status says were written."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def write_players(con: Any, items: list[Write], out: dict[int, bool], now: float) -> None:
    """The batch's player writes, each told whether it went in (``out``, by its index)."""
    for i, w in enumerate(items):
        if isinstance(w, NewPlayer):
            status = await con.execute(
                "INSERT INTO rb_players (id, name, name_key, rating, rd, volatility, games, created) "
                "VALUES ($1, $2, $3, $4, $5, $6, 0, $7) ON CONFLICT DO NOTHING",
                w.id, w.name, w.name_key, w.rating, w.rd, w.volatility, now,
            )  # fmt: skip
            out[i] = _count(status) == 1
            if out[i]:
                await con.execute(
                    "INSERT INTO rb_sessions (id_hash, player_id, created) VALUES ($1, $2, $3)",
                    w.session_hash,
                    w.id,
                    now,
                )
        elif isinstance(w, NewSession):
            status = await con.execute(
                "INSERT INTO rb_sessions (id_hash, player_id, created) "
                "SELECT $1::varchar, id, $2::float8 FROM rb_players WHERE id = $3 ON CONFLICT DO NOTHING",
                w.session_hash, now, w.player_id,
            )  # fmt: skip
            out[i] = _count(status) == 1
        elif isinstance(w, EndSession):
            out[i] = _count(await con.execute("DELETE FROM rb_sessions WHERE id_hash = $1", w.session_hash)) == 1
        elif isinstance(w, SetPassword):
            status = await con.execute(
                "UPDATE rb_players SET password_hash = $1 WHERE id = $2 AND password_hash IS NOT DISTINCT FROM $3",
                w.password_hash, w.player_id, w.replaces,
            )  # fmt: skip
            out[i] = _count(status) == 1
            if out[i] and w.replaces is not None:
                await con.execute(
                    "DELETE FROM rb_sessions WHERE player_id = $1 AND id_hash IS DISTINCT FROM $2",
                    w.player_id, w.keep_session,
                )  # fmt: skip
        elif isinstance(w, SeatPlayer):
            if _count(await con.execute(_SEAT, w.game_id, w.seat, w.player_id, now)) == 1:
                out[i] = True
            else:  # taken already: by this player is as good
                holder = await con.fetchval(
                    "SELECT player_id FROM rb_seats WHERE game_id = $1 AND seat = $2", w.game_id, w.seat
                )
                out[i] = holder == w.player_id


async def rate_finished(con: Any, game_id: str, score_a: float, now: float) -> None:
    """Rate the players of a game whose end this transaction stores (see :mod:`.rating_plan`)."""
    game = await con.fetchrow("SELECT mode, level, computer_seat FROM rb_games WHERE id = $1", game_id)
    if game is None:
        return
    seats = {
        int(r[0]): r[1] for r in await con.fetch("SELECT seat, player_id FROM rb_seats WHERE game_id = $1", game_id)
    }
    rated = sides(game[0], game[1], None if game[2] is None else int(game[2]), seats, score_a)
    if not rated:
        return
    ids = sorted({s.player_id for s in rated})
    current = {}
    for r in await con.fetch(
        "SELECT id, rating, rd, volatility FROM rb_players WHERE id = ANY($1::varchar[]) ORDER BY id FOR UPDATE", ids
    ):
        rating = rating_of(tuple(r)[1:])
        if rating is not None:
            current[r[0]] = rating
    seq = int(await con.fetchval("SELECT COALESCE(MAX(seq), 0) + 1 FROM rb_ratings"))
    rows, new = rating_rows(game_id, rated, current, seq, now)
    if rows:
        await con.executemany(_INSERT_RATING, rows)
        await con.executemany(
            "UPDATE rb_players SET rating = $1, rd = $2, volatility = $3, games = games + 1 WHERE id = $4",
            [(r.rating, r.rd, r.volatility, pid) for pid, r in new.items()],
        )
