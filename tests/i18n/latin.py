"""Finding Latin-alphabet words that are not notation (for the Russian-only checks)."""

from __future__ import annotations

import re

from russianbank.moves import PILE_CHARS, SPECIAL_WORDS

RULE_ID = re.compile(r"^(R\d+[a-f]?|O\d|S-?\d|D\d|V\d)$")
CARD = re.compile(r"^(10|[2-9TJQKA])[CDHScdhs]$")
MOVE = re.compile(f"^[{re.escape(PILE_CHARS)}]{{2}}$")
KEYS = {"Esc", "Enter", "Tab", "PgUp", "PgDn", "Ctrl", "Space", "Shift"}
WORDS = set(SPECIAL_WORDS.values())


def notation(word: str) -> bool:
    """Whether a Latin-alphabet word is notation rather than an untranslated word."""
    return bool(
        len(word) == 1 or RULE_ID.match(word) or CARD.match(word) or MOVE.match(word) or word in KEYS or word in WORDS
    )


def latin_words(text: str) -> list[str]:
    """The Latin-alphabet words of ``text`` that are not notation, command lines or key names."""
    text = re.sub(r"\brussianbank(?: [a-z]+)?", " ", text)  # the command and its subcommand
    text = re.sub(r"--[a-z][a-z0-9-]*(?:[ =][a-z0-9|]+)?", " ", text)  # command-line options and their values
    text = re.sub(r"'[^'\s][^']*'", " ", text)  # literal input a user types ('first_mover=0', 'JSON' names)
    return [w for w in re.findall(r"[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*", text) if not notation(w.strip("-"))]
