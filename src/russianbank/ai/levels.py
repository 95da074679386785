"""Named levels and engine names."""

from __future__ import annotations

from typing import Any

from .expert import ExpertPlayer
from .greedy import GreedyPlayer, RandomPlayer
from .planner import PlannerPlayer

LEVELS = ("beginner", "easy", "medium", "hard", "expert")
ENGINES = ("random", "greedy", "planner", "expert")


def make_player(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A player by level (``beginner`` .. ``expert``) or engine name (``random``, ``greedy``, ...)."""
    if name == "random":
        return RandomPlayer(seed)
    if name in ("greedy", "beginner", "easy"):
        return GreedyPlayer(seed)
    if name in ("planner", "medium", "hard"):
        return PlannerPlayer(seed, **budget)
    if name == "expert":
        return ExpertPlayer(seed, **budget)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(LEVELS + ENGINES)}")
