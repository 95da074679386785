"""Player names: what is accepted, what is refused and why, when two names are the same; the cookie."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from russianbank import i18n
from russianbank.ai import LEVELS
from russianbank.web.players.cookies import (
    cookie_from_header,
    cookie_key,
    make_cookie,
    read_cookie,
    set_cookie_header,
)
from russianbank.web.players.names import MARKS, BadName, check_name, name_key, reserved_keys


@pytest.mark.parametrize("name", ["Bob", "Вася", "Ivan Petrov", "anna_k", "J.R.R.", "Hardy", "Ёжик-2", "李小龙", "Zoë"])
def test_good_names_are_kept_as_given(name: str) -> None:
    assert check_name(name) == unicodedata.normalize("NFKC", name)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("a", "players.name_length"),
        ("x" * 21, "players.name_length"),
        (" Bob", "players.name_spaces"),
        ("Bob ", "players.name_spaces"),
        ("Bo  b", "players.name_double_space"),
        ("Bob!", "players.name_char"),
        ("Bob\n", "players.name_char"),
        ("B\u200bob", "players.name_char"),  # a zero-width space
        ("\u0301ab", "players.name_char"),  # a combining mark on nothing
        ("1234", "players.name_letter"),
        ("--", "players.name_letter"),
        (42, "players.name_text"),
        (None, "players.name_text"),
        ("computer", "players.name_reserved"),
        ("My Computer 2", "players.name_reserved"),
        ("Компьютер", "players.name_reserved"),
        ("ADMIN", "players.name_reserved"),
        ("server.", "players.name_reserved"),
        ("Ｅｘｐｅｒｔ", "players.name_reserved"),  # full-width letters: NFKC makes them Expert
        ("Ехреrt", "players.name_reserved"),  # Cyrillic look-alikes
        ("Expert 1", "players.name_reserved"),
        ("Новичок", "players.name_reserved"),
        ("лёгкий", "players.name_reserved"),
    ],
)
def test_bad_names_are_refused_with_their_reason(name: object, code: str) -> None:
    with pytest.raises(BadName) as e:
        check_name(name)
    assert e.value.message.code == code
    assert e.value.message.text("en") and e.value.message.text("ru")


def test_every_level_is_reserved_in_every_language() -> None:
    for level in LEVELS:
        with pytest.raises(BadName):
            check_name(level.title())
        for lang in i18n.LANGS:
            entry = i18n.catalogue(lang)[f"web.level.{level}"]
            for form in [entry] if isinstance(entry, str) else entry.values():
                with pytest.raises(BadName):
                    check_name(form)
    assert len(reserved_keys()) > 2 * len(LEVELS)


@pytest.mark.parametrize(("a", "b"), [("Bob", "bob"), ("Bob", "B.o-b"), ("Bob", "Вов"), ("Ivan Petrov", "ivan_petrov")])
def test_names_that_look_the_same_have_one_key(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


def test_different_names_have_different_keys() -> None:
    assert name_key("bob1") != name_key("bob2") and name_key("Ann") != name_key("Anna")


@given(st.text(max_size=30))
def test_any_text_is_accepted_or_refused_with_a_message(text: str) -> None:
    try:
        name = check_name(text)
    except BadName as e:
        assert e.message.code.startswith("players.name_") and e.message.text("ru")
        return
    assert 2 <= len(name) <= 20 and name == name.strip() and name == unicodedata.normalize("NFKC", name)
    assert any(unicodedata.category(ch).startswith("L") for ch in name)
    assert all(unicodedata.category(ch)[0] in "LMN" or ch in MARKS for ch in name)
    assert check_name(name) == name  # a kept name passes again
    assert name_key(name)


@given(st.text(alphabet=st.characters(categories=["L", "Nd"]) | st.sampled_from(list(MARKS)), max_size=25))
def test_names_from_the_allowed_characters(text: str) -> None:
    try:
        check_name(text)
    except BadName as e:
        assert e.message.code in {
            "players.name_length",
            "players.name_spaces",
            "players.name_double_space",
            "players.name_letter",
            "players.name_reserved",
            "players.name_char",  # a letter that NFKC turns into something else
        }


def test_the_cookie_is_signed() -> None:
    key = cookie_key(b"k" * 32)
    value = make_cookie(key, "abc_DEF-123")
    assert read_cookie(key, value) == "abc_DEF-123"
    assert read_cookie(cookie_key(b"j" * 32), value) is None
    sid, sig = value.split(".")
    assert read_cookie(key, f"x{sid}.{sig}") is None
    for bad in (None, "", ".", "a.b.c", value + "x", "é" * 10 + "." + sig, "a" * 200):
        assert read_cookie(key, bad) is None
    assert cookie_key(b"k" * 32) != b"k" * 32


def test_the_cookie_header() -> None:
    h = set_cookie_header("v.s", secure=False)
    assert "HttpOnly" in h and "SameSite=Lax" in h and "Secure" not in h and h.startswith("rb_player=v.s;")
    assert "Secure" in set_cookie_header("v.s", secure=True)
    assert cookie_from_header("a=1; rb_player=v.s; b=2") == "v.s"
    assert cookie_from_header("a=1") is None and cookie_from_header(None) is None


@given(st.text(max_size=120))
def test_any_cookie_text_is_read_or_turned_away(text: str) -> None:
    assert read_cookie(cookie_key(b"k" * 32), text) is None or "." in text
