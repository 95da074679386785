"""D4: the running total of a match, carried from one game of a session to the next."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Outcome


@dataclass(frozen=True)
class MatchTotal:
    """Points of seat A and seat B over ``games`` finished games."""

    a: int = 0
    b: int = 0
    games: int = 0

    def __post_init__(self) -> None:
        if min(self.a, self.b, self.games) < 0:
            raise ValueError(f"a match total cannot be negative: {self}")

    def points(self, seat: int) -> int:
        return self.b if seat else self.a

    def plus(self, outcome: Outcome | None) -> MatchTotal:
        """The total with one more finished game (unchanged for ``None``: a game still on)."""
        if outcome is None:
            return self
        return MatchTotal(self.a + outcome.points(0), self.b + outcome.points(1), self.games + 1)

    def to_dict(self) -> dict[str, int]:
        return {"A": self.a, "B": self.b, "games": self.games}
