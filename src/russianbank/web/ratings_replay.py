"""The stored ratings checked against a replay of the stored results.

Every rated game left one ``rb_ratings`` row per rated player, numbered by ``seq`` in the order
the games were rated. :func:`replay_ratings` reads them in that order, starts every player from a
newcomer's rating and rates each game again with :func:`russianbank.ratings.rate` (a game is a
rating period of its own; both people rated from their ratings before it; a person against the
computer from the level's fixed rating), and compares, to the last bit, each row's ratings before
and after and every player's rating in ``rb_players`` with the replay's. It reads the database
itself (SQLite read-only, PostgreSQL in a read-only repeatable-read transaction), so what it
finds does not depend on the server's own code that wrote the rows.

``python -m russianbank.web.ratings_replay --db URL`` prints what it found; ``russianbank
loadtest --lobby --db URL`` runs it after its run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from dataclasses import dataclass, field
from typing import Any

from ..ratings import Rating, level_rating, rate
from .store import normalize_url, sqlite_path

_RATED = (
    "SELECT seq, game_id, seat, player_id, opponent_id, opponent_level, score, rating_before, rd_before, "
    "volatility_before, rating, rd, volatility, opponent_rating, opponent_rd FROM rb_ratings "
    "ORDER BY seq, game_id, seat"
)
_PLAYERS = "SELECT id, name, rating, rd, volatility, games FROM rb_players"
_SEATS = "SELECT s.game_id, s.seat, p.name FROM rb_seats s JOIN rb_players p ON p.id = s.player_id"
SHOWN = 5  # mismatches described, at most


@dataclass
class Stored:
    """What the database holds: the rated rows, the players, the named seats."""

    rated: list[tuple[Any, ...]]
    players: list[tuple[Any, ...]]
    seats: list[tuple[Any, ...]]


def _read_sqlite(url: str) -> Stored:
    path = sqlite_path(url)
    if not path.exists():
        raise ValueError(f"no database at {path}")
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        con.execute("BEGIN")  # the three reads see one moment
        out = Stored(*(con.execute(q).fetchall() for q in (_RATED, _PLAYERS, _SEATS)))
        con.execute("COMMIT")
        return out
    finally:
        con.close()


async def _read_pg(url: str) -> Stored:
    import asyncpg

    con = await asyncpg.connect(url)  # normalized: postgresql://..., as asyncpg takes it
    try:
        async with con.transaction(isolation="repeatable_read", readonly=True):
            got = [[tuple(r) for r in await con.fetch(q)] for q in (_RATED, _PLAYERS, _SEATS)]
        return Stored(*got)
    finally:
        await con.close()


def read_stored(url: str) -> Stored:
    """The rated rows, the players and the named seats of the database ``url``."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        return _read_sqlite(url)
    return asyncio.run(_read_pg(url))


@dataclass
class Replay:
    """What a replay found: counts, and the mismatches (each a line of text)."""

    rows: int = 0
    games: int = 0
    players: int = 0
    moved: int = 0  # players whose stored rating is not a newcomer's
    mismatches: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rated_rows": self.rows,
            "rated_games": self.games,
            "players": self.players,
            "players_rated": self.moved,
            "mismatches": len(self.mismatches),
            "first_mismatches": self.mismatches[:SHOWN],
        }


def _triple(r: Rating) -> tuple[float, float, float]:
    return (r.rating, r.rd, r.volatility)


def replay(stored: Stored) -> Replay:
    """Rate the stored results again in their order and compare with what is stored."""
    out = Replay(rows=len(stored.rated), players=len(stored.players))
    now: dict[str, Rating] = {}
    games: set[str] = set()
    i = 0
    rows = stored.rated
    while i < len(rows):
        seq = rows[i][0]
        after: dict[str, Rating] = {}
        while i < len(rows) and rows[i][0] == seq:  # the games of one seq: disjoint players, rated from before
            _, gid, seat, pid, opp_id, level, score, *values = rows[i]
            i += 1
            games.add(gid)
            me = now.get(pid, Rating())
            opp = now.get(opp_id, Rating()) if opp_id is not None else level_rating(str(level))
            new = rate(me, [(opp, float(score))])
            before, stored_after, stored_opp = tuple(values[0:3]), tuple(values[3:6]), tuple(values[6:8])
            where = f"game {gid} seat {seat} (seq {seq})"
            if before != _triple(me):
                out.mismatches.append(f"{where}: stored before {before}, replayed {_triple(me)}")
            if stored_opp != (opp.rating, opp.rd):
                out.mismatches.append(f"{where}: stored opponent {stored_opp}, replayed {(opp.rating, opp.rd)}")
            if stored_after != _triple(new):
                out.mismatches.append(f"{where}: stored after {stored_after}, replayed {_triple(new)}")
            if pid in after:
                out.mismatches.append(f"{where}: player {pid} rated twice in one seq")
            after[pid] = new
        now.update(after)
    out.games = len(games)
    counted: dict[str, int] = {}
    for r in rows:
        counted[r[3]] = counted.get(r[3], 0) + 1
    for pid, name, rating, rd, vol, n in stored.players:
        want = now.get(pid, Rating())
        got = (float(rating), float(rd), float(vol))
        if got != _triple(want):
            out.mismatches.append(f"player {name!r}: stored {got}, replayed {_triple(want)}")
        if int(n or 0) != counted.get(pid, 0):
            out.mismatches.append(f"player {name!r}: {n} games stored, {counted.get(pid, 0)} rated rows")
        if got != _triple(Rating()):
            out.moved += 1
    return out


def replay_ratings(url: str) -> Replay:
    """:func:`replay` of the database ``url``."""
    return replay(read_stored(url))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m russianbank.web.ratings_replay", description=__doc__)
    parser.add_argument("--db", metavar="URL", required=True, help="the server's database (as serve --db)")
    args = parser.parse_args(argv)
    try:
        found = replay_ratings(args.db)
    except (ValueError, OSError, sqlite3.Error) as e:
        print(f"ratings_replay: {e}", file=sys.stderr)
        return 2
    print(json.dumps(found.as_dict(), indent=1))
    return 1 if found.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
