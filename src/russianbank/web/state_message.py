"""What the web page needs beside a seat's view: the move log in words, grouped by turn, the end of
the game in words, and who is connected.

:func:`history_entries` turns a view's public history into log entries the page shows as they
are: the turn each move belongs to, who made it, the move in words from the viewer's side (the
engine's :meth:`PlayerView.history_message <russianbank.view.PlayerView.history_message>`), what
a founded Stop ruled and which moves it took back. An entry never changes once written (a Stop
names the moves it annuls rather than changing earlier entries), so the deltas carry entries one
by one. :func:`page_extras` is the ``page`` part of a seat's state (``seatstate.build_seat_state``).

The log is kept for the whole game (a full state on join carries all of it), so what each entry
holds is kept small for the garbage collector, which walks every container a table keeps: the
words come from :func:`message_dict`: one shared dict for each different message (a card, a pile,
"the opponent" are the same few dicts in every entry of every game), and a move that revealed
nothing shares one empty list.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import moves as mv
from ..cards import card_name
from ..game import Game, Outcome
from ..i18n import Message
from ..session import Played
from ..view import PlayerView
from ..words import SPECTATOR
from .away import forfeit_words

if TYPE_CHECKING:
    from .tables import Table

SEATS = "AB"
_TURN_ENDS = (mv.DISCARD, mv.PASS, mv.STOP)


_SHARED: dict[Any, dict[str, Any]] = {}
_SHARED_LIMIT = 1 << 16
_SCALARS = (str, int, float, bool, type(None))
NO_REVEALS: list[str] = []  # shared by every entry that revealed nothing: never changed


def _key(value: Any) -> Any:
    """A hashable key for a message (or a parameter), exact as JSON (``1``, ``1.0`` and ``True``
    differ); TypeError for what cannot be a key."""
    if isinstance(value, Message):
        return (value.code, tuple((k, _key(v)) for k, v in value.params.items()))
    if type(value) in _SCALARS:
        return (type(value), value)
    raise TypeError(type(value).__name__)


def message_dict(message: Message) -> dict[str, Any]:
    """``message.to_dict()``, the very same dict for equal messages (never change it). A message
    with a parameter that is not a scalar or a message gets a dict of its own."""
    try:
        key = _key(message)
    except TypeError:
        return message.to_dict()
    out = _SHARED.get(key)
    if out is None:
        if len(_SHARED) >= _SHARED_LIMIT:
            _SHARED.clear()
        params = {k: message_dict(v) if isinstance(v, Message) else v for k, v in message.params.items()}
        out = _SHARED[key] = {"code": message.code, "params": params}
    return out


def _engine_viewer(viewer: int | None) -> int:
    return SPECTATOR if viewer is None else viewer


def turn_of(view: PlayerView, i: int) -> int:
    """The turn (counted from 1) that history entry ``i`` belongs to; a Stop belongs to the turn it ended."""
    return 1 + sum(1 for h in view.history[:i] if h.move.code in _TURN_ENDS)


def log_entry(
    view: PlayerView, i: int, turn: int, viewer: int | None, names: Any = None, say: Message | None = None
) -> dict[str, Any]:
    """Log entry ``i`` of the view's history (played in turn ``turn``), worded for ``viewer``;
    ``say``: those words when the caller has them already (``view.history_message``'s)."""
    h = view.history[i]
    if say is None:
        say = view.history_message(i, _engine_viewer(viewer), names)
    entry: dict[str, Any] = {
        "i": i,
        "turn": turn,
        "by": SEATS[h.player],
        "move": str(h.move),
        "reveals": [card_name(c) for c in h.reveals] if h.reveals else NO_REVEALS,
        "say": message_dict(say),
    }
    r = h.stop
    if r is not None:
        entry["stop"] = {
            "rule": r.rule,
            "violation": str(r.move),
            "violation_index": r.move_index,
            "penalty": r.penalty,
            "annulled": r.annulled,
        }
    return entry


def history_entries(
    view: PlayerView, viewer: int | None = None, start: int = 0, names: Any = None
) -> list[dict[str, Any]]:
    """Log entries for the view's public history from index ``start`` on.

    Each is ``{"i", "turn", "by", "move", "reveals", "say"}``; ``say`` is the move in words
    from ``viewer``'s side (a catalogue message as a dict). A founded Stop adds
    ``"stop": {"rule", "violation", "violation_index", "penalty", "annulled"}`` (the
    annulled moves are ``violation_index`` to ``i - 1`` when the penalty is ``annul``).
    ``turn`` counts the turns of the game from 1; ``names`` names the players as the session does.
    """
    turn = turn_of(view, start)
    out = []
    for i in range(start, len(view.history)):
        out.append(log_entry(view, i, turn, viewer, names))
        if view.history[i].move.code in _TURN_ENDS:
            turn += 1
    return out


def outcome_words(out: Outcome | None, viewer: int | None, names: Any = None) -> dict[str, Any] | None:
    """The end of the game in words for ``viewer`` (the result, how it ended, the score), or None."""
    if out is None:
        return None
    return out.message(_engine_viewer(viewer), names).to_dict()


def game_log(game: Game, viewer: int | None, names: Any = None) -> list[dict[str, Any]]:
    """The whole log of a game (for a replay), worded for ``viewer``."""
    return history_entries(game.view(None), viewer, names=names)


def presence(table: Table | None, elsewhere: Iterable[int] = ()) -> dict[str, bool]:
    """Which seats have a connection open (``GET /api/games/{id}/presence``): to this process
    (``table``, None when it is not in memory here) or, ``elsewhere``, to another one."""
    seats = {c.seat for c in table.conns} if table is not None else set()
    seats.update(elsewhere)
    return {SEATS[s]: s in seats for s in (0, 1)}


def _turns(table: Table, view: PlayerView) -> list[int]:
    """:func:`turn_of` for every history entry, each counted once (entries never change; an undo
    or a rollback cuts the list with the table's other caches)."""
    cache: list[int] = table.caches.setdefault("turns", [])
    n = len(view.history)
    if len(cache) > n:
        del cache[n:]
    h = view.history
    for i in range(len(cache), n):
        cache.append(1 if i == 0 else cache[i - 1] + (h[i - 1].move.code in _TURN_ENDS))
    return cache


def _said(e: Played | None, i: int, seat: int | None) -> Message | None:
    """The words of move ``i`` for ``seat`` as the session's event ``e`` has them (worded already,
    for what the seat is told), or None. The session says a move as "who: what", where ``what``
    is the history's words for it, and a founded Stop as its ruling (the history's words too);
    a test checks that the log is the same as the one made from the history alone."""
    if e is None or e.index != i:
        return None
    m = e.messages.get(seat)
    if m is None:
        return None
    if e.ruling is not None:
        return m
    what = m.params.get("what") if m.code == "play.moved" else None
    return what if isinstance(what, Message) else None


def page_extras(table: Table, seat: int | None, view: PlayerView | None = None) -> dict[str, Any]:
    """The ``page`` part of a seat's state (``seatstate.build_seat_state``): the log, the end of
    the game in words, and the computer's pace (None without a computer). ``view``: the seat's
    view when the caller has it already.

    The log grows with the game: each entry is built once (``Table.append_only``), so the
    deltas carry only the new ones.
    """
    s = table.session
    if view is None:
        view = s.view(seat)
    v = view
    names = s.seating.names(seat)  # the players as the session names them ("the computer's pile 7")
    turns = _turns(table, v)
    e = table.last_played
    log = table.append_only(
        f"page-log-{seat}", len(v.history), lambda i: log_entry(v, i, turns[i], seat, names, _said(e, i, seat))
    )
    pace = s.pace if s.computer is not None else None  # seconds between the computer's moves
    said = forfeit_words(table, seat, names, table.manager.away.grace) if table.stored.forfeit else None
    return {"log": log, "outcome": said or outcome_words(s.outcome, seat, names), "pace": pace}
