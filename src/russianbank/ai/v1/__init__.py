"""Frozen baselines ``greedy-v1``, ``planner-v1`` and ``expert-v1``: fixed players to measure the
live ones against.

``greedy-v1`` is the greedy engine; ``planner-v1`` the planner on a hand-made evaluation
(:func:`russianbank.ai.v1.common.evaluate`), without the look at the opponent's reply or the
search order; ``expert-v1`` the expert on that evaluation, playing its deals out with the greedy
policy.

These modules are copies of the players' code, kept unchanged (only their imports point one
package further up), so that every figure measured against them measures against something that
does not move while the live players improve. They use only the engine's public API. ``russianbank
match`` accepts them; the web app and the terminal game never offer them
(:func:`russianbank.ai.make_player` does not know them).
"""

from __future__ import annotations

from typing import Any

from .expert import ExpertPlayer
from .greedy import GreedyPlayer
from .planner import PlannerPlayer

#: The baselines' names, as ``russianbank match`` takes them.
BASELINES = ("greedy-v1", "planner-v1", "expert-v1")

_CLASSES: dict[str, Any] = {"greedy-v1": GreedyPlayer, "planner-v1": PlannerPlayer, "expert-v1": ExpertPlayer}


def make_baseline(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A frozen baseline by name, with the same budget keywords as before (``node_budget``, ``samples``, ...)."""
    if name not in _CLASSES:
        raise ValueError(f"unknown baseline {name!r}; choose one of {', '.join(BASELINES)}")
    try:
        player = _CLASSES[name](seed, **budget)
    except TypeError as e:
        raise ValueError(f"bad budget for {name!r}: {e}") from None
    player.name = name
    return player


__all__ = ["BASELINES", "make_baseline"]
