"""Calling Stop! on the other side's violations, with a level's attentiveness."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..view import PlayerView


@dataclass(frozen=True)
class Attentiveness:
    """How likely a level is to notice a violation, and how long it takes to say so (seconds)."""

    chance: float
    min_delay: float
    max_delay: float


ATTENTIVENESS: dict[str, Attentiveness] = {
    "beginner": Attentiveness(0.35, 2.5, 5.0),
    "easy": Attentiveness(0.6, 1.8, 3.5),
    "medium": Attentiveness(0.8, 1.2, 2.5),
    "hard": Attentiveness(0.95, 0.8, 1.6),
    "expert": Attentiveness(1.0, 0.4, 1.0),
}


class StopCaller:
    """Decides whether (and after what delay) the computer calls Stop.

    ``decide(view)`` takes the computer's view while the other side is on
    move. It returns None (no Stop) or a delay in seconds. It never returns a
    delay unless the view shows a violation in the current turn
    (``view.pending_violation``), so the computer never calls an unfounded
    Stop. Each violation is decided once: asking again about the same
    violation gives the same answer.
    """

    def __init__(self, level: str, seed: int | None = 0) -> None:
        if level not in ATTENTIVENESS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(ATTENTIVENESS)}")
        self.level = level
        self.att = ATTENTIVENESS[level]
        self.rng = random.Random(seed)
        self._decided: dict[tuple[int, int], float | None] = {}

    def decide(self, view: PlayerView) -> float | None:
        if not isinstance(view, PlayerView):
            raise TypeError(f"decide needs a PlayerView, not {type(view).__name__}")
        if view.player is None:
            raise ValueError("a spectator's view cannot call Stop")
        if view.outcome is not None or not view.options.stops or view.player == view.turn:
            return None
        pv = view.pending_violation
        if pv is None:
            return None
        key = (view.turn_no, pv[1])
        if key not in self._decided:
            att = self.att
            if self.rng.random() < att.chance:
                self._decided[key] = round(self.rng.uniform(att.min_delay, att.max_delay), 2)
            else:
                self._decided[key] = None
        return self._decided[key]
