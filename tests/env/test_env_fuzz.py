"""Fuzzing what the environments accept: anything but a legal action gets the package's error and changes nothing."""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import RussianBankError
from russianbank.env import RussianBankEnv, SingleAgentEnv

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(0, 200), max_size=3),
    st.builds(np.int64, st.integers(-(2**62), 2**62)),
    st.builds(np.float32, st.floats(width=32, allow_nan=False)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(anything, min_size=1, max_size=6), st.booleans())
def test_aec_step_accepts_legal_actions_only(actions: list[Any], stops: bool) -> None:
    e = RussianBankEnv(stops=stops, allow_resign=False)
    e.reset(seed=3)
    for a in actions:
        before = (e.game.position(secret=True), e.agent_selection, len(e.game.move_stack))
        legal = set(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist())
        try:
            e.step(a)
        except RussianBankError:
            assert (e.game.position(secret=True), e.agent_selection, len(e.game.move_stack)) == before
        else:
            assert int(a) in legal and not isinstance(a, bool)


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "preset",
                "stops",
                "reward",
                "illegal_action",
                "allow_resign",
                "max_steps",
                "options",
                "position",
                "render_mode",
                "seat",
                "opponent",
                "stop_level",
            ]
        ),
        anything,
        max_size=3,
    )
)
def test_bad_settings_get_the_package_error(kwargs: dict[str, Any]) -> None:
    aec = {k: v for k, v in kwargs.items() if k not in ("seat", "opponent", "stop_level")}
    for make, args in ((RussianBankEnv, aec), (SingleAgentEnv, kwargs)):
        with contextlib.suppress(RussianBankError):
            make(**args)
