"""Every player ``russianbank match`` can field: the levels and engines people play, the frozen
``-v1`` and ``-v2`` baselines and (from :mod:`russianbank.ai.clairvoyant`) the clairvoyant reference.

Only the match runner uses this roster. The web app and the terminal game build
their players with :func:`russianbank.ai.make_player`, which knows the levels and
engines only, so a baseline or the clairvoyant can never be offered to a person.
"""

from __future__ import annotations

from typing import Any

from . import v1, v2
from .levels import ENGINES, LEVELS, make_player

#: The frozen baselines (:mod:`russianbank.ai.v1`, :mod:`russianbank.ai.v2`), oldest first.
BASELINES = (*v1.BASELINES, *v2.BASELINES)

#: The reference that sees every card (measurement only).
CLAIRVOYANT = "clairvoyant"

#: The players of the match runner, in the order its help lists them.
MATCH_PLAYERS = (*LEVELS, *ENGINES, *BASELINES, CLAIRVOYANT)


def make_match_player(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A player for ``russianbank match``: a level, an engine, a baseline or the clairvoyant.

    The clairvoyant takes the expert's budget keywords; it has ``needs_game`` set and must be
    shown the real game (``watch(game)``) before every move.
    """
    if name == CLAIRVOYANT:
        from .clairvoyant import ClairvoyantPlayer

        try:
            return ClairvoyantPlayer(seed, **budget)
        except TypeError as e:
            raise ValueError(f"bad budget for {name!r}: {e}") from None
    if name in v1.BASELINES:
        return v1.make_baseline(name, seed, **budget)
    if name in v2.BASELINES:
        return v2.make_baseline(name, seed, **budget)
    if name in LEVELS or name in ENGINES:
        return make_player(name, seed, **budget)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(MATCH_PLAYERS)}")


__all__ = ["BASELINES", "CLAIRVOYANT", "MATCH_PLAYERS", "make_match_player"]
