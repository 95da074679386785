"""Named levels and engine names."""

from __future__ import annotations

from typing import Any

from .greedy import GreedyPlayer, RandomPlayer

LEVELS = ("beginner", "easy", "medium", "hard", "expert")
ENGINES = ("random", "greedy", "planner", "expert")


def make_player(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A player by level (``beginner`` .. ``expert``) or engine name (``random``, ``greedy``, ...)."""
    if name == "random":
        return RandomPlayer(seed)
    if name in ("greedy", "beginner", "easy", "medium", "hard", "expert", "planner"):
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(LEVELS + ENGINES)}")
