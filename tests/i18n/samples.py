"""Parameters for a catalogue entry, built from its placeholders (shared by the catalogue's and the
browser's Russian tests)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from russianbank import i18n
from russianbank.i18n import Message


def samples(entry: str | Mapping[str, str], n: int, plain: Callable[[int], Any] = lambda n: "7♥") -> dict[str, Any]:
    """Numbers (``n``) for plurals, an actor for grammatical forms, ``plain(n)`` for everything else."""
    params: dict[str, Any] = {}
    for name, form, plural in i18n.fields(entry):
        if plural:
            params[name] = n
        elif form is not None:
            params[name] = Message("play.who.computer")
        else:
            params.setdefault(name, plain(n))
    return params
