"""Every message of the catalogue, in every domain, renders in Russian with no Latin-alphabet word
except notation: rule IDs (R5b, O1, S-7, D2), moves (RF, 3w, SH), card names, pile keys, player
letters, key names, command lines (russianbank play --resume), and literal input quoted in single quotes
('RF', 'reserve_size')."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from latin import latin_words
from samples import samples

from russianbank import i18n

CODES = sorted(i18n.codes())


def test_every_domain_is_in_the_catalogue() -> None:
    assert "play" in i18n.DOMAINS and "core" in i18n.DOMAINS


@pytest.mark.parametrize("n", [1, 3, 5, 21])
def test_every_message_renders_in_russian_without_latin_words(n: int) -> None:
    table = i18n.catalogue("ru")
    bad: list[str] = []
    for code in CODES:
        entry = table[code]
        params = samples(entry, n)
        forms = list(entry) if isinstance(entry, Mapping) else [None]
        for form in forms:
            text = i18n.render(code, params, "ru", form)
            words = latin_words(text)
            if words:
                bad.append(f"{code} [{form}]: {words} in {text!r}")
    assert not bad, "\n".join(bad)


def test_the_check_finds_english() -> None:
    assert latin_words("Ход компьютера: RF, 7♥, O1, S-7, D2, russianbank play --resume, Esc, resign") == []
    assert latin_words("Ход the computer") == ["the", "computer"]
    assert latin_words("укажите 'first_mover=0' (A)") == [] and latin_words("укажите first_mover=0") != []
