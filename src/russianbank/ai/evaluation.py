"""The learned evaluation: how likely the player on move is to win, from the features of the position.

A logistic model over :mod:`russianbank.ai.features`:
``P(mover wins) = 1 / (1 + exp(-w . features))``, with the weights learned from
self-play (:mod:`russianbank.ai.train`) and shipped in ``ai/data/eval.json``. It
runs in pure Python (one dot product after the features), so the players need
no package outside the standard library.

Search compares *logits* (``w . features``, from the searching player's side:
negated when the other side is on move), which orders positions as the
probabilities do; averages over chance use the probabilities.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import mul
from typing import Any

from ..game import Game
from .features import FEATURES, features

#: A won game's value (logit scale): far above anything the model gives.
WIN_LOGIT = 1000.0


class Evaluation:
    """A logistic evaluation with given weights (one per :data:`~russianbank.ai.features.FEATURES`)."""

    def __init__(self, weights: Sequence[float], names: Sequence[str] = FEATURES, info: dict[str, Any] | None = None):
        if tuple(names) != FEATURES:
            raise ValueError("the weights are for other features than this version computes")
        if len(weights) != len(FEATURES) or not all(math.isfinite(float(w)) for w in weights):
            raise ValueError(f"expected {len(FEATURES)} finite weights, got {len(weights)}")
        self.weights = tuple(float(w) for w in weights)
        self.info = dict(info or {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evaluation:
        try:
            return cls(data["weights"], data["features"], data.get("info"))
        except (KeyError, TypeError) as e:
            raise ValueError(f"not an evaluation weights file: {e}") from None

    def to_dict(self) -> dict[str, Any]:
        return {"features": list(FEATURES), "weights": [round(w, 6) for w in self.weights], "info": self.info}

    def mover_logit(self, g: Game, hidden_top: bool = False) -> float:
        """``w . features``: the log-odds that the player on move wins."""
        # the products added left to right, as the sum of a generator of them adds them
        z: float = sum(map(mul, self.weights, features(g, hidden_top)))
        return z

    def logit(self, g: Game, p: int, hidden_top: bool = False) -> float:
        """The log-odds that ``p`` wins (a finished game: +-WIN_LOGIT, 0 for a draw)."""
        o = g.outcome()
        if o is not None:
            return 0.0 if o.winner is None else (WIN_LOGIT if o.winner == p else -WIN_LOGIT)
        z = self.mover_logit(g, hidden_top)
        return z if g.turn == p else -z

    def probability(self, g: Game, p: int, hidden_top: bool = False) -> float:
        """The chance that ``p`` wins (1 or 0 for a finished game, 0.5 for a draw)."""
        return sigmoid(self.logit(g, p, hidden_top))


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def logit_of(prob: float) -> float:
    """The inverse of :func:`sigmoid` (probabilities clipped away from 0 and 1)."""
    p = min(max(prob, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))


def load_evaluation(path: str | None = None) -> Evaluation:
    """The weights in ``path`` (a file written by ``russianbank train``), or the shipped ones."""
    if path is None:
        return shipped_evaluation()
    with open(path, encoding="utf-8") as f:
        return Evaluation.from_dict(json.load(f))


@lru_cache(maxsize=1)
def shipped_evaluation() -> Evaluation:
    """The weights shipped with the package (``russianbank/ai/data/eval.json``)."""
    text = resources.files("russianbank.ai").joinpath("data/eval.json").read_text(encoding="utf-8")
    return Evaluation.from_dict(json.loads(text))


__all__ = ["WIN_LOGIT", "Evaluation", "load_evaluation", "logit_of", "shipped_evaluation", "sigmoid"]
