"""SQLite's writes of the lobby (:mod:`.lobby_records`), in the writer's transaction
(:class:`~.sqlite_writer.SQLiteWriter`); ``con`` is its ``sqlite3`` connection."""

from __future__ import annotations

from typing import Any

from .lobby_records import CancelTable, KeepTables, OpenTable, TakeTable
from .records import Write

_OPEN = (
    "INSERT INTO rb_lobby (id, player_id, token_hash, preset, stops, created, touched, match_to) "
    "SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM rb_players WHERE id = ?) ON CONFLICT DO NOTHING"
)
_TAKE = (
    "UPDATE rb_lobby SET game_id = ?, guest_id = ?, taken = ? "
    "WHERE id = ? AND game_id IS NULL AND player_id <> ? AND touched >= ? "
    "AND EXISTS (SELECT 1 FROM rb_games WHERE id = ? AND NOT finished) "
    "AND EXISTS (SELECT 1 FROM rb_players WHERE id = ?) "
    "AND NOT EXISTS (SELECT 1 FROM rb_lobby WHERE player_id = ? AND game_id IS NULL)"
)
_SEATS = "INSERT INTO rb_seats (game_id, seat, player_id, created) VALUES (?, 0, ?, ?), (?, 1, ?, ?)"
_SWEEP = (
    "DELETE FROM rb_lobby WHERE (game_id IS NULL AND touched < ?) OR (game_id IS NOT NULL AND (taken < ? "
    "OR EXISTS (SELECT 1 FROM rb_games g WHERE g.id = rb_lobby.game_id AND g.finished)))"
)


def write_lobby(con: Any, items: list[Write], out: dict[int, bool], now: float) -> None:
    """The batch's lobby writes, each told whether it went in (``out``, by its index)."""
    for i, w in enumerate(items):
        if isinstance(w, OpenTable):
            args = (w.id, w.player_id, w.token_hash, w.preset, w.stops, now, now, w.match_to, w.player_id)
            out[i] = con.execute(_OPEN, args).rowcount == 1
        elif isinstance(w, CancelTable):
            cur = con.execute(
                "DELETE FROM rb_lobby WHERE id = ? AND player_id = ? AND game_id IS NULL", (w.id, w.player_id)
            )
            out[i] = cur.rowcount == 1
        elif isinstance(w, TakeTable):
            g, p = w.game_id, w.guest_id
            out[i] = con.execute(_TAKE, (g, p, now, w.id, p, w.stale_before, g, p, p)).rowcount == 1
            if out[i]:
                (host,) = con.execute("SELECT player_id FROM rb_lobby WHERE id = ?", (w.id,)).fetchone()
                con.execute(_SEATS, (g, host, now, g, p, now))
        elif isinstance(w, KeepTables):
            if w.ids:
                marks = ", ".join("?" * len(w.ids))
                con.execute(f"UPDATE rb_lobby SET touched = ? WHERE game_id IS NULL AND id IN ({marks})", (now, *w.ids))
            con.execute(_SWEEP, (w.stale_before, w.listed_after))
            out[i] = True
