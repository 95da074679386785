"""The search core's shortcuts give exactly what the plain computation gives.

The segment search finds a child position's transposition key without playing the move
(``planner._child_key``), and the features keep what stays the same between positions of a
segment (the unknown cards, the tableau tops); both must agree with the plain computation
everywhere, or the players' decisions would change.
"""

from __future__ import annotations

import random

import pytest

from russianbank import Game
from russianbank.ai.common import ends_segment, flips_reserve
from russianbank.ai.features import features
from russianbank.ai.planner import _child_key, segment_key
from russianbank.ai.v2.features import features as frozen_features

PRESETS = ("classic", "suited", "hoyle", "russian13", "single")


def _positions(preset: str, seed: int, moves: int = 400) -> list[Game]:
    """Positions along a game of random in-order moves (copies)."""
    g = Game(preset, seed=seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over() and len(g.move_stack) < moves:
        out.append(g.copy())
        g.push_unchecked(rng.choice(g.legal_move_list()))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_the_child_key_is_the_key_after_the_move(preset: str) -> None:
    derived = 0
    for seed in (1, 2):
        for g in _positions(preset, seed):
            p = g.turn
            parent = segment_key(g)
            for m in g.legal_move_list():
                if ends_segment(g, m):
                    continue
                key = _child_key(g, parent, m.code, p)
                g.push_unchecked(m)
                if key is not None:
                    derived += 1
                    assert not g.is_over()
                    assert key == segment_key(g), (g.position(), m)
                g.pop()
    assert derived > 100


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "single"])
def test_the_features_are_those_of_the_frozen_copy(preset: str) -> None:
    """The live features compute what ``ai/v2/features.py`` computes. Like the check that the live
    players decide as their v2 copies, this is meant to break when the features change: delete it then."""
    for seed in (3, 4):
        for g in _positions(preset, seed):
            assert features(g) == frozen_features(g), g.position()
            for m in g.legal_move_list():
                if flips_reserve(g, m):
                    g.push_unchecked(m)
                    assert features(g, True) == frozen_features(g, True), g.position()
                    g.pop()
