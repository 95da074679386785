"""Which players a finished game rates, against whom, and the rows that rating writes.

Both databases' writers ask this module, inside the transaction that stores the game's end
(:mod:`.sqlite_players`, :mod:`.pg_players`), so a game's end and its ratings are committed
together or not at all. A game between two named people (two different players) rates both, each
from the other's rating before the game; a game against the computer rates the person only,
against the level's fixed rating (:func:`russianbank.ratings.level_rating`); a game with a seat
nobody named took, or one person on both seats, rates nobody. Each game is a rating period of its
own (:func:`russianbank.ratings.rate_game`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...ratings import LEVEL_RATINGS, Rating, RatingError, level_rating, rate


@dataclass(frozen=True)
class Side:
    """One player a game rates: the seat, the opponent (a player or a computer level), the score."""

    seat: int
    player_id: str
    opponent_id: str | None
    opponent_level: str | None
    score: float


def score_of(winner: int | None) -> float:
    """A's score in a game ``winner`` (0 for A, 1 for B, None for a draw) won."""
    return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


def sides(
    mode: str, level: str | None, computer_seat: int | None, seats: Mapping[int, str], score_a: float
) -> list[Side]:
    """The players a finished game rates (none, one against the computer, or two)."""
    score = {0: score_a, 1: 1.0 - score_a}
    if mode == "computer":
        if computer_seat not in (0, 1) or level not in LEVEL_RATINGS:
            return []
        person = 1 - computer_seat
        pid = seats.get(person)
        return [] if pid is None else [Side(person, pid, None, level, score[person])]
    a, b = seats.get(0), seats.get(1)
    if a is None or b is None or a == b:
        return []
    return [Side(0, a, b, None, score[0]), Side(1, b, a, None, score[1])]


def rating_rows(
    game_id: str, rated: Sequence[Side], current: Mapping[str, Rating], seq: int, now: float
) -> tuple[list[tuple[Any, ...]], dict[str, Rating]]:
    """The game's ``rb_ratings`` rows (in :data:`~.schema.RATING_ROW_KEYS` order) and each rated
    player's new rating; nothing when a stored rating cannot be used (the game's end is stored
    all the same, unrated)."""
    rows: list[tuple[Any, ...]] = []
    new: dict[str, Rating] = {}
    try:
        for s in rated:
            me = current[s.player_id]
            opp = current[s.opponent_id] if s.opponent_id is not None else level_rating(str(s.opponent_level))
            after = rate(me, [(opp, s.score)])
            new[s.player_id] = after
            rows.append(
                (game_id, s.seat, s.player_id, seq, s.opponent_id, s.opponent_level, s.score,
                 me.rating, me.rd, me.volatility, after.rating, after.rd, after.volatility,
                 opp.rating, opp.rd, now)
            )  # fmt: skip
    except (RatingError, KeyError):
        return [], {}
    return rows, new


def rating_of(row: Sequence[Any]) -> Rating | None:
    """A stored ``(rating, rd, volatility)``, or None when it is not one Glicko-2 can use."""
    try:
        return Rating(float(row[0]), float(row[1]), float(row[2]))
    except (RatingError, TypeError, ValueError):
        return None
