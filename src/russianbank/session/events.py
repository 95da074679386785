"""What a session reports: events, each with what to say to each viewer.

Every call that changes a session returns a list of events in the order they happened.
Events with ``persist = True`` (:class:`Played`, :class:`Undone`) change the stored game:
an adapter that keeps games (the web server's database, the terminal's save file) stores
them, in order, before it tells anybody about any event of the list. If storing fails it
calls :meth:`Session.rollback` with the same list, and the session is as it was.

``event.message(viewer)`` is what to say to ``viewer`` (seat 0, seat 1, or None for a
spectator), an :class:`~russianbank.i18n.Message` worded from that viewer's side of the
table, or None when the event says nothing to that viewer (a hint is for its seat only).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..game import Outcome, StopRuling
from ..i18n import Message
from ..moves import Move
from .match import MatchTotal

Viewer = int | None
VIEWERS: tuple[Viewer, ...] = (0, 1, None)


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened in a session."""

    kind: ClassVar[str] = "event"
    persist: ClassVar[bool] = False
    messages: Mapping[Viewer, Message] = field(default_factory=dict, compare=False, repr=False)

    def message(self, viewer: Viewer) -> Message | None:
        """What to tell ``viewer`` about this event (None: nothing)."""
        return self.messages.get(viewer)

    def data(self) -> dict[str, Any]:
        """The event's facts as JSON-ready values (no message)."""
        return {}

    def to_dict(self, viewer: Viewer) -> dict[str, Any]:
        """JSON-ready form for one viewer: ``kind``, the facts, and ``message`` as a ``{code, params}`` dict."""
        m = self.message(viewer)
        return {"kind": self.kind, **self.data(), "message": None if m is None else m.to_dict()}


@dataclass(frozen=True, kw_only=True)
class Played(Event):
    """A move was played: ``move_stack[index]`` is ``move`` (a founded Stop, a resignation and an
    agreed draw are moves too). Store ``text`` at ``index`` before telling anybody."""

    kind: ClassVar[str] = "played"
    persist: ClassVar[bool] = True
    index: int
    seat: int  # who made it (for a Stop: the caller)
    move: Move
    reveals: tuple[int, ...]
    state_id: int  # the session's state id after the move
    turn_no: int  # the turn number after the move
    by_computer: bool
    ruling: StopRuling | None = None  # for a founded Stop
    outcome: Outcome | None = None  # when this move ended the game

    @property
    def text(self) -> str:
        """The move in the notation, as a game record and the server's database keep it."""
        return str(self.move)

    def data(self) -> dict[str, Any]:
        from ..cards import card_name

        return {
            "index": self.index,
            "seat": "AB"[self.seat],
            "move": self.text,
            "reveals": [card_name(c) for c in self.reveals],
            "state_id": self.state_id,
            "by_computer": self.by_computer,
            "finished": self.outcome is not None,
        }


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """``seat`` took back ``move``, which was ``move_stack[index]``: delete the stored move at ``index``."""

    kind: ClassVar[str] = "undone"
    persist: ClassVar[bool] = True
    index: int
    seat: int
    move: Move
    state_id: int

    def data(self) -> dict[str, Any]:
        return {"index": self.index, "seat": "AB"[self.seat], "move": str(self.move), "state_id": self.state_id}


@dataclass(frozen=True, kw_only=True)
class StopRefused(Event):
    """An unfounded or late Stop by ``seat`` (S1/S2): refused, nothing changed; both sides hear of it."""

    kind: ClassVar[str] = "stop_refused"
    seat: int
    rule: str

    def data(self) -> dict[str, Any]:
        return {"seat": "AB"[self.seat], "rule": self.rule}


@dataclass(frozen=True, kw_only=True)
class TurnStarted(Event):
    """``seat`` is on move now (turn ``turn_no``)."""

    kind: ClassVar[str] = "turn"
    seat: int
    turn_no: int

    def data(self) -> dict[str, Any]:
        return {"seat": "AB"[self.seat], "turn_no": self.turn_no}


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    """The game has ended: the outcome (D1-D3) and the match total with this game (D4)."""

    kind: ClassVar[str] = "game_over"
    outcome: Outcome
    match: MatchTotal

    def data(self) -> dict[str, Any]:
        return {"outcome": self.outcome.to_dict(), "match": self.match.to_dict()}


@dataclass(frozen=True, kw_only=True)
class DrawOffered(Event):
    """``seat`` offers a draw; the other seat answers with :meth:`Session.answer_draw`."""

    kind: ClassVar[str] = "draw_offered"
    seat: int

    def data(self) -> dict[str, Any]:
        return {"seat": "AB"[self.seat]}


@dataclass(frozen=True, kw_only=True)
class DrawDeclined(Event):
    """``seat`` declined the other side's draw offer (or the offer lapsed with a move)."""

    kind: ClassVar[str] = "draw_declined"
    seat: int

    def data(self) -> dict[str, Any]:
        return {"seat": "AB"[self.seat]}


@dataclass(frozen=True, kw_only=True)
class HintReady(Event):
    """The hint ``seat`` asked for: the best move first, then the rest of its plan."""

    kind: ClassVar[str] = "hint"
    seat: int
    moves: tuple[Move, ...]
    state_id: int

    def data(self) -> dict[str, Any]:
        return {"seat": "AB"[self.seat], "moves": [str(m) for m in self.moves], "state_id": self.state_id}


@dataclass(frozen=True, kw_only=True)
class Notice(Event):
    """Something worth saying that changes nothing by itself (the computer player failed, ...)."""

    kind: ClassVar[str] = "notice"
    code: str

    def data(self) -> dict[str, Any]:
        return {"code": self.code}
