"""Exceptions. All are ``ValueError`` subclasses, as in python-chess."""

from __future__ import annotations


class RussianBankError(ValueError):
    """Base class of every error this package raises for bad input."""


class InvalidCardError(RussianBankError):
    """A card name could not be parsed."""


class InvalidMoveError(RussianBankError):
    """Move text could not be parsed (it is not a move in the notation)."""


class IllegalMoveError(RussianBankError):
    """A well-formed move that may not be played now.

    ``rule`` names the rule of RULES.md that refuses it (``"R5b"``, ``"O1"``, ...).
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class InvalidPositionError(RussianBankError):
    """Position text could not be parsed or describes an impossible position."""


class InvalidRecordError(RussianBankError):
    """A game record could not be parsed."""


class InvalidOptionsError(RussianBankError):
    """Unknown preset or option, or an option value out of range."""
