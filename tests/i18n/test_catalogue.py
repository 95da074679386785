"""The message catalogue: both languages complete, templates render, plurals and forms."""

from __future__ import annotations

import pytest

from russianbank import i18n
from russianbank.i18n import Message, msg, plural_index


def test_catalogue_has_every_code_in_both_languages_with_the_same_placeholders() -> None:
    assert i18n.problems() == []


@pytest.mark.parametrize(
    ("n", "form"),
    [(1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (101, 0), (111, 2), (0, 2)],
)
def test_russian_plural_forms(n: int, form: int) -> None:
    assert plural_index("ru", n) == form


def test_english_plural_forms() -> None:
    assert [plural_index("en", n) for n in (0, 1, 2)] == [1, 0, 1]


def test_nested_message_takes_the_asked_grammatical_form() -> None:
    who = msg("actor.computer")
    assert i18n._fill("«Стоп!» от {who:gen}", {"who": who}, "ru", "t") == "«Стоп!» от компьютера"
    assert i18n._fill("Stop! from {who}", {"who": who}, "en", "t") == "Stop! from the computer"


def test_plural_choice_writes_the_number() -> None:
    t = "{n|# карта|# карты|# карт}"
    assert [i18n._fill(t, {"n": n}, "ru", "t") for n in (1, 3, 7)] == ["1 карта", "3 карты", "7 карт"]


def test_literal_braces_and_missing_parameter() -> None:
    assert i18n._fill("{{x}}", {}, "en", "t") == "{x}"
    with pytest.raises(KeyError):
        i18n._fill("{x}", {}, "en", "t")


def test_message_round_trips_through_json_form() -> None:
    m = msg("player.A")
    outer = Message("x", {"who": m, "n": 3})
    assert Message.from_dict(outer.to_dict()) == outer
    assert m.text("ru") == "игрок A"
