"""D4: a match is a series of games whose scores are added."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InvalidPlayerError, shown
from .game import Outcome


@dataclass
class MatchScore:
    """Running totals of a match between two named players, who may swap seats between games.

    >>> m = MatchScore(("Ann", "Bob"))
    """

    players: tuple[str, str] = ("A", "B")
    totals: dict[str, int] = field(default_factory=dict)
    games: list[tuple[str, str, str, int]] = field(default_factory=list)  # (seat A, seat B, result, points)

    def __post_init__(self) -> None:
        if (
            not isinstance(self.players, tuple)
            or len(self.players) != 2
            or not all(isinstance(n, str) for n in self.players)
        ):
            raise InvalidPlayerError("error.match.players", {"value": shown(self.players)})
        if self.players[0] == self.players[1]:
            raise InvalidPlayerError("error.match.names", {"name": shown(self.players[0])})
        for name in self.players:
            self.totals.setdefault(name, 0)

    def add(self, outcome: Outcome, seats: tuple[str, str] | None = None) -> None:
        """Add a finished game; ``seats`` names who played A and who played B (default: in order)."""
        seat_names = seats or self.players
        if not isinstance(outcome, Outcome):
            raise InvalidPlayerError("error.match.outcome", {"value": shown(outcome)})
        if not isinstance(seat_names, tuple) or len(seat_names) != 2 or set(seat_names) != set(self.players):
            raise InvalidPlayerError("error.match.seats", {"seats": shown(seat_names), "players": shown(self.players)})
        points = 0
        if outcome.winner is not None and outcome.score is not None:
            points = outcome.score.total
            self.totals[seat_names[outcome.winner]] += points
        self.games.append((seat_names[0], seat_names[1], outcome.result(), points))

    def leader(self) -> str | None:
        """The player ahead, or None when level."""
        a, b = self.players
        if self.totals[a] == self.totals[b]:
            return None
        return a if self.totals[a] > self.totals[b] else b
