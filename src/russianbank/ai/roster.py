"""Every player ``russianbank match`` can field: the levels and engines people play, the frozen
``-v1`` baselines and (from :mod:`russianbank.ai.clairvoyant`) the clairvoyant reference.

Only the match runner uses this roster. The web app and the terminal game build
their players with :func:`russianbank.ai.make_player`, which knows the levels and
engines only, so a baseline or the clairvoyant can never be offered to a person.
"""

from __future__ import annotations

from typing import Any

from .levels import ENGINES, LEVELS, make_player
from .v1 import BASELINES, make_baseline

#: The players of the match runner, in the order its help lists them.
MATCH_PLAYERS = LEVELS + ENGINES + BASELINES


def make_match_player(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A player for ``russianbank match``: a level, an engine or a baseline."""
    if name in BASELINES:
        return make_baseline(name, seed, **budget)
    if name in LEVELS or name in ENGINES:
        return make_player(name, seed, **budget)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(MATCH_PLAYERS)}")


__all__ = ["MATCH_PLAYERS", "make_match_player"]
