"""Exceptions. All are ``ValueError`` subclasses, as in python-chess.

Every error carries a message of the catalogue (:mod:`russianbank.i18n`):
``err.code`` (a catalogue code such as ``"refuse.R5b.alternate"``),
``err.params`` (a dict) and ``err.message`` (the :class:`~russianbank.i18n.Message`,
for showing it in any language: ``err.message.text("ru")``). ``str(err)`` is the
English text of that message. (An error raised with plain text instead of a code
gets the code ``"error.text"``: its text, untranslated.)

>>> from russianbank import Game, Move
>>> g = Game("classic", seed=1)
>>> try:
...     g.push(Move.from_str("WF"))
... except IllegalMoveError as e:
...     print(e.rule, e.code, "-", e)
R4 refuse.R4.from_waste - waste cards are never available
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .i18n import Message, has, render

if TYPE_CHECKING:
    from .moves import Move


class RussianBankError(ValueError):
    """Base class of every error this package raises for bad input.

    ``code`` and ``params`` name a catalogue message; nothing has changed when one is raised.
    """

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        if not has(code):
            # Plain English text instead of a code: kept as the catalogue's untranslated "error.text".
            params, code = {"text": str(code)}, "error.text"
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = dict(params) if params else {}

    @property
    def message(self) -> Message:
        """The error as a catalogue message (render it with ``.text(lang)``)."""
        return Message(self.code, self.params)

    def __str__(self) -> str:
        return render(self.code, self.params, "en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.__dict__.copy()))


def _rebuild(cls: type[RussianBankError], state: dict[str, Any]) -> RussianBankError:
    err = cls.__new__(cls)
    ValueError.__init__(err, state.get("code", ""))
    err.__dict__.update(state)
    return err


class InvalidCardError(RussianBankError):
    """A card name could not be parsed."""


class InvalidMoveError(RussianBankError):
    """Move text could not be parsed (it is not a move in the notation)."""


class IllegalMoveError(RussianBankError):
    """A well-formed move that may not be played now.

    ``rule`` names the rule of RULES.md that refuses it (``"R5b"``, ``"O1"``, ...);
    ``move`` is the refused move (None when what was pushed is not a move at all).
    """

    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] | str | None = None,
        rule: str | None = None,
        move: Move | None = None,
    ) -> None:
        if isinstance(params, str) and rule is None:  # the older IllegalMoveError(text, rule)
            params, rule = None, params
        super().__init__(code, None if isinstance(params, str) else params)
        self.rule = rule
        self.move = move


class InvalidPositionError(RussianBankError):
    """Position text could not be parsed or describes an impossible position."""


class InvalidRecordError(RussianBankError):
    """A game record could not be parsed."""


class InvalidOptionsError(RussianBankError):
    """Unknown preset or option, or an option value out of range."""


class InvalidPlayerError(RussianBankError):
    """A player (or viewer) that is not 0 (A), 1 (B) or, where allowed, a spectator."""


class HistoryIndexError(RussianBankError, IndexError):
    """A move number outside the history (also an ``IndexError``, as for a list)."""


def shown(value: Any, limit: int = 40) -> str:
    """``repr`` of a bad input for a message, cut to ``limit`` characters (huge inputs stay readable)."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
        return text if len(value) <= limit else text[:-2] + "…" + text[-1]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"
    try:
        text = _REPR.repr(value)
    except Exception:  # deep nesting, huge numbers or a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlong = 40
