"""Frozen baselines ``planner-v2`` and ``expert-v2``: the planner and the expert on the learned
evaluation, held fixed so that the live players can be measured against them.

``expert-v2`` is the expert that searches the reserve's and the hand card's moves first (the
``expert`` level's budget); ``planner-v2`` is the planner engine that looks at the opponent's reply
(``reply_nodes=300``, ``reply_plans=6``) and searches in that same order. Each plays with the weights
of ``ai/v2/data/eval.json``, a copy of the learned evaluation it was frozen with.

These modules are copies of the players' code with the evaluation, its features and weights, the
searches and the common helpers they use, kept unchanged (only their imports, their references to
one another and the weights' path point into this package), so that every figure measured
against them measures against something that does not move while the live players improve. They
use only the engine's public API. ``russianbank match`` accepts them; the web app and the
terminal game never offer them (:func:`russianbank.ai.make_player` does not know them).
"""

from __future__ import annotations

from typing import Any

from .expert import ExpertPlayer
from .planner import PlannerPlayer

#: The baselines' names, as ``russianbank match`` takes them.
BASELINES = ("planner-v2", "expert-v2")

_CLASSES: dict[str, Any] = {"planner-v2": PlannerPlayer, "expert-v2": ExpertPlayer}

#: The budgets each baseline plays with unless told otherwise (the engines' budgets when frozen).
BUDGETS: dict[str, dict[str, Any]] = {
    "planner-v2": {"reply_nodes": 300, "reply_plans": 6, "move_order": 1},
    "expert-v2": {"move_order": 1},
}


def make_baseline(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A frozen baseline by name; keywords override its budget (``node_budget``, ``samples``, ...)."""
    if name not in _CLASSES:
        raise ValueError(f"unknown baseline {name!r}; choose one of {', '.join(BASELINES)}")
    try:
        player = _CLASSES[name](seed, **{**BUDGETS[name], **budget})
    except TypeError as e:
        raise ValueError(f"bad budget for {name!r}: {e}") from None
    player.name = name
    return player


__all__ = ["BASELINES", "BUDGETS", "make_baseline"]
