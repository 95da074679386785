"""Who sits at the table: a person, the computer at a level, or a friend elsewhere."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..i18n import Message
from .errors import PlayError

LEVELS = ("beginner", "easy", "medium", "hard", "expert")


class SeatKind(Enum):
    """How a seat is played."""

    PERSON = "person"  # someone at this adapter (two of them: a hotseat game at one keyboard)
    COMPUTER = "computer"  # a computer player; it thinks only with its seat's PlayerView
    REMOTE = "remote"  # a person reached through another connection (a friend on the web)


@dataclass(frozen=True)
class Seat:
    """One of the two seats (A = 0, B = 1). ``level`` is for a computer seat only."""

    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        if self.kind is SeatKind.COMPUTER:
            if self.level not in LEVELS:
                raise PlayError("play.seat.level", levels=", ".join(LEVELS), value=repr(self.level)[:40])
        elif self.level is not None:
            raise PlayError("play.seat.no_level")

    @classmethod
    def person(cls) -> Seat:
        return cls(SeatKind.PERSON)

    @classmethod
    def computer(cls, level: str = "medium") -> Seat:
        return cls(SeatKind.COMPUTER, level)

    @classmethod
    def remote(cls) -> Seat:
        return cls(SeatKind.REMOTE)

    @property
    def is_computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER

    @property
    def is_human(self) -> bool:
        return self.kind is not SeatKind.COMPUTER


@dataclass(frozen=True)
class Seating:
    """Both seats, and how each viewer (seat 0, seat 1, or None for a spectator) names them."""

    seats: tuple[Seat, Seat]

    def __post_init__(self) -> None:
        if all(s.is_computer for s in self.seats):
            raise PlayError("play.seating.no_person")

    def __getitem__(self, seat: int) -> Seat:
        return self.seats[seat]

    @functools.cached_property
    def computer(self) -> int | None:
        """The computer's seat, or None (asked on every move: worked out once)."""
        for i, s in enumerate(self.seats):
            if s.is_computer:
                return i
        return None

    @functools.cached_property
    def hotseat(self) -> bool:
        """Two people at one keyboard (asked on every move: worked out once)."""
        return all(s.kind is SeatKind.PERSON for s in self.seats)

    @functools.cached_property
    def _actors(self) -> dict[tuple[int, int | None], Message]:
        return {(seat, viewer): self._actor(seat, viewer) for seat in (0, 1) for viewer in (0, 1, None)}

    @functools.cached_property
    def _names(self) -> dict[int | None, Mapping[int, Message]]:
        return {
            viewer: {seat: self._actor(seat, viewer) for seat in (0, 1) if seat != viewer} for viewer in (0, 1, None)
        }

    def actor(self, seat: int, viewer: int | None) -> Message:
        """``seat`` as ``viewer`` calls it: you, the computer, your opponent, or Player A/B.

        The entries have grammatical forms: ``cap`` (sentence start), ``poss`` (English
        possessive), and the Russian cases ``gen``, ``dat``, ``acc``. (Asked for on every move:
        worked out once per seat and viewer.)
        """
        m = self._actors.get((seat, viewer))
        return self._actor(seat, viewer) if m is None else m

    def _actor(self, seat: int, viewer: int | None) -> Message:
        if self.seats[seat].is_computer:
            return Message("play.who.computer")
        if viewer is None or self.hotseat:
            return Message(f"play.who.{'AB'[seat]}")
        if seat == viewer:
            return Message("play.who.you")
        return Message("play.who.opponent")

    def names(self, viewer: int | None) -> Mapping[int, Message]:
        """How ``viewer`` names the players, for the engine's words (``names=`` of
        :meth:`Game.describe_message <russianbank.game.Game.describe_message>` and the rest): every
        seat but the viewer's own (the engine says "you" for that one), so the engine says "the
        computer's pile 7" and "Stop! called by the computer", not "the opponent". (Made once per viewer and
        shared: do not change it.)"""
        names = self._names.get(viewer)
        return {seat: self._actor(seat, viewer) for seat in (0, 1) if seat != viewer} if names is None else names

    def is_you(self, seat: int, viewer: int | None) -> bool:
        """Whether ``viewer`` is addressed as "you" when ``seat`` is meant."""
        return viewer is not None and seat == viewer and not self.hotseat and not self.seats[seat].is_computer
