"""A match played to a chosen score: its target, stored with the match's first game (a match
with no row is played game after game, as long as the players like). Both databases' writes, in
the writer's transaction."""

from __future__ import annotations

from typing import Any

from .records import NewGame

_SQLITE = "INSERT INTO rb_match_targets (match_id, points) VALUES (?, ?) ON CONFLICT DO NOTHING"
_PG = "INSERT INTO rb_match_targets (match_id, points) VALUES ($1, $2) ON CONFLICT DO NOTHING"
READ = "SELECT points FROM rb_match_targets WHERE match_id = :id"


def _targets(items: list[Any]) -> list[tuple[str, int]]:
    return [(w.match_id, w.match_to) for w in items if isinstance(w, NewGame) and w.match_to and w.match_no == 1]


def write_targets_sqlite(con: Any, items: list[Any]) -> None:
    targets = _targets(items)
    if targets:
        con.executemany(_SQLITE, targets)


async def write_targets_pg(con: Any, items: list[Any]) -> None:
    targets = _targets(items)
    if targets:
        await con.executemany(_PG, targets)
