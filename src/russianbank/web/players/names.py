"""Player names: what a name may be, the key that makes two names the same, the reserved ones.

A name is 2 to 20 characters after Unicode NFKC normalisation: letters of any script (a letter
may carry up to two combining marks), digits, spaces and ``-``, ``_``, ``.``; at least one
letter; no space at either end and never two in a row. Two names are the same name
(:func:`name_key`) when they differ only in case, in the marks ``-``, ``_``, ``.`` and spaces,
or in Latin and Cyrillic letters that look alike (``Bob`` and ``Вов``, ``Ivan`` and ``I.van``).

No name may pass for the computer or for the server: the computer levels' names, in every
language and grammatical form of the message catalogue, the catalogue's words for the computer,
and a few words of authority (:data:`RESERVED_WORDS`) are refused, with or without digits
around them; a name with "computer" or "компьютер" anywhere in it is refused too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from ... import i18n
from ...ai import LEVELS
from ...i18n import Message

MIN_LENGTH = 2
MAX_LENGTH = 20
MARKS = frozenset(" -_.")
MAX_COMBINING = 2  # combining marks after one letter

#: Words no name may be (in its key, digits dropped), besides the levels and the computer's nouns.
RESERVED_WORDS = (
    "admin", "administrator", "moderator", "server", "system", "root", "russianbank", "anonymous",
    "админ", "администратор", "модератор", "сервер", "система",
)  # fmt: skip
#: Words no name may contain anywhere (in its key).
FORBIDDEN_PARTS = ("computer", "компьютер")

#: Cyrillic letters that look like Latin ones (after case folding), and ё as е.
_LOOKALIKE = str.maketrans("аеорсухкмтнвіјѕԁёԛԝ", "aeopcyxkmthbijsdeqw")


class BadName(ValueError):
    """A name that cannot be used: ``message`` (a catalogue message) says why."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.text("en"))
        self.message = message


def normalize(name: str) -> str:
    """The name as it is kept and shown: NFKC."""
    return unicodedata.normalize("NFKC", name)


def name_key(name: str) -> str:
    """What makes two names the same: NFKC, case folded, marks and spaces dropped, look-alikes
    merged. Names with equal keys cannot both exist."""
    folded = unicodedata.normalize("NFKC", normalize(name).casefold())
    kept = "".join(ch for ch in folded if ch not in MARKS and not unicodedata.category(ch).startswith("M"))
    return kept.translate(_LOOKALIKE)


def _letters_key(name: str) -> str:
    return "".join(ch for ch in name_key(name) if not unicodedata.category(ch).startswith("N"))


def _entry_forms(entry: str | Mapping[str, str]) -> Iterable[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


@lru_cache(maxsize=1)
def reserved_keys() -> frozenset[str]:
    """The letter keys of every reserved name: the levels (their names and their words in each
    language of the catalogue), the catalogue's nouns for the computer, :data:`RESERVED_WORDS`."""
    words: list[str] = [*LEVELS, *RESERVED_WORDS, *FORBIDDEN_PARTS]
    for lang in i18n.LANGS:
        cat = i18n.catalogue(lang)
        codes = [f"{dom}.level.{lv}" for dom in ("web", "play") for lv in LEVELS]
        codes += ["actor.computer", "play.who.computer", "play.tui.name.computer"]
        for code in codes:
            if code in cat:
                for form in _entry_forms(cat[code]):
                    words.append(form)
                    words.append(form.removeprefix("the "))
    return frozenset(k for k in (_letters_key(w) for w in words) if k)


def check_name(name: object) -> str:
    """The name as it is kept (NFKC), or :class:`BadName` saying what is wrong with it."""
    if not isinstance(name, str):
        raise BadName(Message("players.name_text"))
    if len(name) > 4 * MAX_LENGTH:  # before normalising: NFKC can only make a long text longer
        raise BadName(Message("players.name_length", {"min": MIN_LENGTH, "max": MAX_LENGTH}))
    n = normalize(name)
    if not MIN_LENGTH <= len(n) <= MAX_LENGTH:
        raise BadName(Message("players.name_length", {"min": MIN_LENGTH, "max": MAX_LENGTH}))
    if n != n.strip(" "):
        raise BadName(Message("players.name_spaces"))
    if "  " in n:
        raise BadName(Message("players.name_double_space"))
    marks_after = 0
    for i, ch in enumerate(n):
        cat = unicodedata.category(ch)
        if cat.startswith("M"):
            marks_after += 1
            if i == 0 or not unicodedata.category(n[i - marks_after]).startswith("L") or marks_after > MAX_COMBINING:
                raise BadName(Message("players.name_char", {"char": f"U+{ord(ch):04X}"}))
            continue
        marks_after = 0
        if not (cat.startswith("L") or cat == "Nd" or ch in MARKS):
            shown = ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
            raise BadName(Message("players.name_char", {"char": shown}))
    if not any(unicodedata.category(ch).startswith("L") for ch in n):
        raise BadName(Message("players.name_letter"))
    letters = _letters_key(n)
    if letters in reserved_keys() or any(_letters_key(w) in letters for w in FORBIDDEN_PARTS):
        raise BadName(Message("players.name_reserved", {"name": n}))
    return n
