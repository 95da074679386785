"""SQLite's writes of players, sessions and seats, and the ratings of a finished game, in the
writer's transaction (:class:`~.sqlite_writer.SQLiteWriter`); ``con`` is its ``sqlite3``
connection."""

from __future__ import annotations

from typing import Any

from .rating_plan import rating_of, rating_rows, sides
from .records import EndSession, NewPlayer, NewSession, SeatPlayer, SetPassword, Write
from .schema import RATING_ROW_KEYS

_INSERT_RATING = (
    f"INSERT INTO rb_ratings ({', '.join(RATING_ROW_KEYS)}) VALUES ({', '.join('?' * len(RATING_ROW_KEYS))})"
)
_SEAT = (
    "INSERT INTO rb_seats (game_id, seat, player_id, created) SELECT ?, ?, ?, ? "
    "WHERE EXISTS (SELECT 1 FROM rb_games WHERE id = ? AND NOT finished) "
    "AND EXISTS (SELECT 1 FROM rb_players WHERE id = ?) "
    "AND NOT EXISTS (SELECT 1 FROM rb_seats WHERE game_id = ? AND player_id = ?) ON CONFLICT DO NOTHING"
)


def write_players(con: Any, items: list[Write], out: dict[int, bool], now: float) -> None:
    """The batch's player writes, each told whether it went in (``out``, by its index)."""
    for i, w in enumerate(items):
        if isinstance(w, NewPlayer):
            cur = con.execute(
                "INSERT INTO rb_players (id, name, name_key, rating, rd, volatility, games, created) "
                "VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING",
                (w.id, w.name, w.name_key, w.rating, w.rd, w.volatility, now),
            )
            out[i] = cur.rowcount == 1
            if out[i]:
                con.execute(
                    "INSERT INTO rb_sessions (id_hash, player_id, created) VALUES (?, ?, ?)",
                    (w.session_hash, w.id, now),
                )
        elif isinstance(w, NewSession):
            cur = con.execute(
                "INSERT INTO rb_sessions (id_hash, player_id, created) SELECT ?, id, ? FROM rb_players WHERE id = ? "
                "ON CONFLICT DO NOTHING",
                (w.session_hash, now, w.player_id),
            )
            out[i] = cur.rowcount == 1
        elif isinstance(w, EndSession):
            out[i] = con.execute("DELETE FROM rb_sessions WHERE id_hash = ?", (w.session_hash,)).rowcount == 1
        elif isinstance(w, SetPassword):
            cur = con.execute(
                "UPDATE rb_players SET password_hash = ? WHERE id = ? AND password_hash IS ?",
                (w.password_hash, w.player_id, w.replaces),
            )
            out[i] = cur.rowcount == 1
            if out[i] and w.replaces is not None:
                con.execute(
                    "DELETE FROM rb_sessions WHERE player_id = ? AND id_hash IS NOT ?", (w.player_id, w.keep_session)
                )
        elif isinstance(w, SeatPlayer):
            g, s, p = w.game_id, w.seat, w.player_id
            if con.execute(_SEAT, (g, s, p, now, g, p, g, p)).rowcount == 1:
                out[i] = True
            else:  # taken already: by this player is as good
                row = con.execute("SELECT player_id FROM rb_seats WHERE game_id = ? AND seat = ?", (g, s)).fetchone()
                out[i] = row is not None and row[0] == p


def rate_finished(con: Any, game_id: str, score_a: float, now: float) -> None:
    """Rate the players of a game whose end this transaction stores (see :mod:`.rating_plan`)."""
    game = con.execute("SELECT mode, level, computer_seat FROM rb_games WHERE id = ?", (game_id,)).fetchone()
    if game is None:
        return
    seats = {int(r[0]): r[1] for r in con.execute("SELECT seat, player_id FROM rb_seats WHERE game_id = ?", (game_id,))}
    rated = sides(game[0], game[1], None if game[2] is None else int(game[2]), seats, score_a)
    if not rated:
        return
    ids = sorted({s.player_id for s in rated})
    marks = ", ".join("?" * len(ids))
    current = {}
    for r in con.execute(f"SELECT id, rating, rd, volatility FROM rb_players WHERE id IN ({marks})", ids):
        rating = rating_of(r[1:])
        if rating is not None:
            current[r[0]] = rating
    seq = int(con.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM rb_ratings").fetchone()[0])
    rows, new = rating_rows(game_id, rated, current, seq, now)
    if rows:
        con.executemany(_INSERT_RATING, rows)
        con.executemany(
            "UPDATE rb_players SET rating = ?, rd = ?, volatility = ?, games = games + 1 WHERE id = ?",
            [(r.rating, r.rd, r.volatility, pid) for pid, r in new.items()],
        )
