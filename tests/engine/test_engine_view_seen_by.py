"""V1: every viewer sees the same table, so ``PlayerView.seen_by`` gives another viewer's view
without working the position out again (the server and the play session use it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import Game
from russianbank.errors import InvalidPlayerError

VIEWERS = (0, 1, None)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["classic", "hoyle", "single"]), st.integers(0, 2**32), st.integers(0, 2**32))
def test_V1_seen_by_is_the_view_of_that_viewer(preset: str, seed: int, pick: int) -> None:
    rng = random.Random(pick)
    g = Game(preset, seed=seed, stops=preset != "single")
    for _ in range(150):
        if g.is_over():
            break
        views = {v: g.view(v) for v in VIEWERS}
        for a in VIEWERS:
            for b in VIEWERS:
                got = views[a].seen_by(b)
                assert got == views[b]
                assert got.player == b
        assert views[0].seen_by(0) is views[0]
        g.push(rng.choice(g.legal_moves()))


@pytest.mark.parametrize("bad", [2, -1, True, "A", 0.0])
def test_seen_by_refuses_a_viewer_that_is_not_one(bad: object) -> None:
    v = Game("classic", seed=1).view(0)
    with pytest.raises(InvalidPlayerError):
        v.seen_by(bad)  # type: ignore[arg-type]
