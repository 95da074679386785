"""Fuzzing the pictures' arguments: only the package's errors, never another exception."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import Game, RussianBankError, svg
from russianbank.picture import unicode

GAME = Game("classic", seed=1)
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(),
    st.text(max_size=6),
    st.lists(st.text(max_size=3), max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["move", "arrows", "orientation", "size", "lang"]), anything, max_size=3),
    st.dictionaries(st.sampled_from(["orientation", "lang", "waste_limit"]), anything, max_size=2),
)
def test_picture_arguments_get_the_package_error(svg_kwargs: dict[str, Any], text_kwargs: dict[str, Any]) -> None:
    for draw, kwargs in ((svg.table, svg_kwargs), (unicode, text_kwargs)):
        try:
            out = draw(GAME, **kwargs)
        except RussianBankError:
            continue
        assert isinstance(out, str) and out
