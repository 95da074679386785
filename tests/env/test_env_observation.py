"""The observation, version 1: fixed size, in bounds, from the player's view only (V1-V3)."""

from __future__ import annotations

import numpy as np
import pytest
from envkit import PRESETS, other_hidden, played
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import Game
from russianbank.env import env
from russianbank.env.observation import FIELDS, OBSERVATION_SIZE, OBSERVATION_VERSION, PLACES, encode

positions = st.tuples(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 600), st.booleans())
UNSEEN = PLACES.index("unseen")


def where(obs: np.ndarray) -> np.ndarray:
    off, size = FIELDS["where"]
    return obs[off : off + size].reshape(104, len(PLACES))


def test_observation_version_1_layout() -> None:
    assert OBSERVATION_VERSION == 1
    assert OBSERVATION_SIZE == 2811
    sizes = {name: size for name, (_, size) in FIELDS.items()}
    assert sizes == {
        "where": 1976,
        "tops": 689,
        "foundations": 112,
        "counts": 16,
        "turn": 8,
        "violation": 5,
        "rules": 5,
    }
    offsets = [off for off, _ in FIELDS.values()]
    assert offsets == sorted(offsets) and offsets[0] == 0


@settings(max_examples=50, deadline=None)
@given(positions, st.sampled_from([0, 1]))
def test_observation_shape_bounds_and_one_place_per_card(pos: tuple[str, int, int, bool], who: int) -> None:
    g = played(*pos)
    obs = encode(g.view(who))
    assert obs.shape == (OBSERVATION_SIZE,) and obs.dtype == np.float32
    assert obs.min() >= 0.0 and obs.max() <= 1.0
    per_card = where(obs).sum(axis=1)
    n = g.options.num_cards
    assert (per_card[:n] == 1).all()  # every card of the game is in exactly one place
    assert (per_card[n:] == 0).all()  # the one-deck game has no second deck
    off, size = FIELDS["tops"]
    assert (obs[off : off + size].reshape(13, 53).sum(axis=1) == 1).all()


@settings(max_examples=50, deadline=None)
@given(positions, st.sampled_from([0, 1]))
def test_V2_never_a_hidden_card_in_an_observation(pos: tuple[str, int, int, bool], who: int) -> None:
    """Every card face down and not named by public history is only 'unseen', wherever it really lies."""
    g = played(*pos)
    view = g.view(who)
    obs = where(encode(view))
    flip = 52 * who if not g.options.single else 0
    unseen = set(view.unseen_cards())
    st = g.state()
    for p in (0, 1):  # the real face-down cards, from the game itself
        down_res = st.reserve[p][: len(st.reserve[p]) - st.reserve_up[p]]
        hidden_res = down_res[: len(down_res) - st.reserve_known[p]]
        hidden_stock = st.stock[p][: len(st.stock[p]) - st.stock_known[p]]
        for c in hidden_res + hidden_stock:
            assert c in unseen
            row = obs[(c + flip) % 104]
            assert row[UNSEEN] == 1 and row.sum() == 1


@settings(max_examples=30, deadline=None)
@given(positions, st.integers(0, 1000))
def test_V2_two_deals_that_differ_only_in_face_down_cards_give_identical_observations(
    pos: tuple[str, int, int, bool], seed: int
) -> None:
    g = played(*pos)
    h = other_hidden(g, seed)
    assert h.position() == g.position() and h.view(0).history == g.view(0).history
    if g.view(0).hidden_count() >= 12:
        assert h.position(secret=True) != g.position(secret=True)
    for who in (0, 1):
        assert np.array_equal(encode(g.view(who)), encode(h.view(who)))
        assert np.array_equal(encode(g.view(who), stop_offer=True), encode(h.view(who), stop_offer=True))


@pytest.mark.parametrize("preset", ["classic", "single"])
def test_V2_the_environment_observes_the_same_for_a_position_dealt_with_two_seeds(preset: str) -> None:
    """One position without its secret part, its face-down cards dealt from two seeds: same observations."""
    start = played(preset, 4, 40)
    text = start.position()
    deals = []
    for seed in (1, 2):
        e = env(preset=preset, position=text)
        e.reset(seed=seed)
        deals.append(e)
    a, b = deals
    assert a.unwrapped.game.position(secret=True) != b.unwrapped.game.position(secret=True)
    for agent in a.possible_agents:
        oa, ob = a.observe(agent), b.observe(agent)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])


def test_observations_are_from_the_observers_side() -> None:
    """A's observation of a position is B's observation of the mirrored deal: my deck first, my piles first."""
    g = Game("classic", seed=1)
    va, vb = g.view(0), g.view(1)
    oa, ob = where(encode(va)), where(encode(vb))
    for a in range(8):
        for c in g.tab[a]:
            assert oa[c, a] == 1  # A: absolute pile a is its relative pile a
            assert ob[(c + 52) % 104, (a - 4) & 7] == 1  # B: its own piles are 0-3, its deck first
    turn = FIELDS["turn"][0]
    assert encode(va)[turn] == 1.0 and encode(vb)[turn] == 0.0  # A is on move


def test_a_spectator_view_has_no_observation() -> None:
    with pytest.raises(ValueError):
        encode(Game("classic", seed=1).view(None))
