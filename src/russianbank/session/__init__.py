"""The play session: a game at a table, shared by the terminal game and the web server.

Sans-I/O, in the manner of h11 and the websockets library's core: plain state and
methods, no clock, no threads, no framework. The adapter (the terminal app, the web
server) turns input into calls and events into characters or pixels:

>>> from russianbank.options import options_for
>>> from russianbank.session import Seat, Session, Setup
>>> s = Session(Setup((Seat.person(), Seat.computer("easy")), options_for("classic")), seed=3)
>>> events = s.start(now=0.0)
>>> [e.message(0).text("en") for e in events]
["It is the computer's turn."]
>>> job = s.think_job(now=0.0)          # run job.run() in a thread if you like
>>> played = s.think_done(job.run(), now=0.0)
>>> s.next_deadline()                    # its first move waits for the pace (0.5 s)
0.5
>>> [e.kind for e in s.advance(now=0.5)]
['played']

Time comes from outside: every call that can change something takes ``now`` and
:meth:`Session.next_deadline` says when :meth:`Session.advance` is due. Everything said
is an :class:`~russianbank.i18n.Message`, worded from each viewer's side of the table.
Moves the session plays or accepts come as :class:`Played` events to store before
anybody is told (see :mod:`russianbank.session.events`). docs/session.md has the whole API.
"""

from __future__ import annotations

from .computer import MAX_COMPUTER_MOVES_PER_TURN, ThinkJob, ThinkResult
from .core import Session, new_seed
from .errors import PlayError
from .events import (
    DrawDeclined,
    DrawOffered,
    Event,
    GameOver,
    HintReady,
    Notice,
    Played,
    StopRefused,
    TurnStarted,
    Undone,
)
from .match import MatchTotal
from .seats import LEVELS, Seat, Seating, SeatKind
from .setup import MAX_PACE, HintJob, Setup, check_pace

__all__ = [
    "LEVELS",
    "MAX_COMPUTER_MOVES_PER_TURN",
    "MAX_PACE",
    "DrawDeclined",
    "DrawOffered",
    "Event",
    "GameOver",
    "HintJob",
    "HintReady",
    "MatchTotal",
    "Notice",
    "PlayError",
    "Played",
    "Seat",
    "SeatKind",
    "Seating",
    "Session",
    "Setup",
    "StopRefused",
    "ThinkJob",
    "ThinkResult",
    "TurnStarted",
    "Undone",
    "check_pace",
    "new_seed",
]
