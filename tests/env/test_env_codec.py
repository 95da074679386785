"""The action codec, version 1: fixed, total over the engine's moves, round-trips, refuses what is no action."""

from __future__ import annotations

import pytest
from envkit import PRESETS, played
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import InvalidMoveError, Move
from russianbank.env import codec
from russianbank.moves import MOVES

# Version 1, written out: a change to this table needs a new ACTION_CODEC_VERSION.
V1 = str.split(
    "12 13 14 15 16 17 18 1F 1r 1w 21 23 24 25 26 27 28 2F 2r 2w 31 32 34 35 36 37 38 3F 3r 3w "
    "41 42 43 45 46 47 48 4F 4r 4w 51 52 53 54 56 57 58 5F 5r 5w 61 62 63 64 65 67 68 6F 6r 6w "
    "71 72 73 74 75 76 78 7F 7r 7w 81 82 83 84 85 86 87 8F 8r 8w "
    "R1 R2 R3 R4 R5 R6 R7 R8 RF Rr Rw H1 H2 H3 H4 H5 H6 H7 H8 HF Hr Hw SH HW pass stop resign no-stop"
)


def test_codec_version_1_is_the_documented_table() -> None:
    assert codec.ACTION_CODEC_VERSION == 1
    assert list(codec.ACTION_NAMES) == V1
    assert codec.NUM_ACTIONS == 108
    specials = (codec.DRAW, codec.DISCARD, codec.PASS, codec.STOP, codec.RESIGN, codec.NO_STOP)
    assert specials == tuple(range(102, 108))
    assert codec.ACTION_NAMES[88] == "RF" and codec.ACTION_NAMES[99] == "HF"  # as the docstring says


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 600), st.booleans())
def test_every_legal_move_of_random_positions_has_an_action_that_round_trips(
    preset: str, seed: int, n: int, stops: bool
) -> None:
    g = played(preset, seed, n, stops)
    for m in g.pseudo_legal_moves():
        a = codec.move_to_action(m)
        assert codec.action_to_move(a) == m
    actions = [codec.move_to_action(m) for m in g.legal_moves()]
    assert len(set(actions)) == len(actions)


def test_every_engine_move_a_player_can_choose_has_an_action() -> None:
    """Every move that can ever be legal (all but agree) is in the codec; impossible ones are not."""
    possible_sources = set(range(8)) | {8, 9}
    for code, m in MOVES.items():
        if code >= 256:
            if str(m) == "agree":
                with pytest.raises(InvalidMoveError):
                    codec.move_to_action(m)
            else:
                codec.move_to_action(m)
            continue
        can_be_legal = str(m) in ("SH", "HW") or (m.src in possible_sources and m.dst in set(range(8)) | {10, 11, 12})
        if can_be_legal:
            assert codec.action_to_move(codec.move_to_action(m)) == m
        else:
            with pytest.raises(InvalidMoveError):
                codec.move_to_action(m)


def test_resign_stands_for_the_acting_players_resignation() -> None:
    assert codec.action_to_move(codec.RESIGN, on_move=True) == Move.from_str("resign")
    assert codec.action_to_move(codec.RESIGN, on_move=False) == Move.from_str("oresign")
    assert codec.move_to_action(Move.from_str("oresign")) == codec.RESIGN
    assert codec.action_to_move(codec.NO_STOP) is None


@pytest.mark.parametrize("bad", [-1, 108, 10**30, 1.5, "3", None, True, [1]])
def test_what_is_no_action_is_refused_with_InvalidMoveError(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        codec.action_to_move(bad)  # type: ignore[arg-type]


def test_numpy_integers_are_actions() -> None:
    np = pytest.importorskip("numpy")
    assert codec.action_to_move(np.int64(102)) == Move.from_str("SH")
    assert codec.check_action(np.int32(7)) == 7
    with pytest.raises(InvalidMoveError):
        codec.check_action(np.float64(7.0))
