"""The per-seat state: everything one seat (or a spectator) is shown, built from its own view.

:func:`build_seat_state` is the one place that decides what a seat's state holds; add to it
what a page needs. The server sends it whole on join (``{"type": "state", "rev": R, ...}``)
and after that only the changes (:mod:`.delta`), so any key added here travels as a delta with
no other change. Parts that grow with the game (a move log) should come from
:meth:`Table.append_only`, which builds each entry once and keeps the deltas small.

Never put here what the seat may not see: the state is built from ``game.view(seat)`` only,
``pending_violation`` is dropped, and a test searches every message for hidden cards.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tables import Table

SEATS = "AB"


def history_entry(view: Any, index: int) -> dict[str, Any]:
    """One public history entry as the view's ``to_dict`` writes it."""
    one = dataclasses.replace(view, history=(view.history[index],))
    entry: dict[str, Any] = one.to_dict()["history"][0]
    return entry


def event_for(table: Table, seat: int | None) -> dict[str, Any] | None:
    """The last thing that happened at the table, for this seat."""
    ev = table.last_event
    if ev is None:
        return None
    g = table.game
    idx = ev["index"]
    if idx >= len(g.move_stack):
        return None
    by = SEATS[g.mover(idx)]
    r = g.ruling(idx)
    if r is None:
        return {"kind": "move", "by": by, "move": str(g.move_stack[idx]), "index": idx}
    out: dict[str, Any] = {
        "kind": "stop",
        "by": by,
        "move": "stop",
        "index": idx,
        "founded": True,
        "rule": r.rule,
        "violation": str(r.move),
        "violation_index": r.move_index,
        "penalty": r.penalty,
        "annulled": r.annulled,
        "text": r.describe(),
    }
    message = getattr(r, "message", None)
    if callable(message):
        out["msg"] = message(seat).to_dict()
    return out


def build_seat_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The full state for one seat (0, 1) or a spectator (None)."""
    g = table.game
    view = g.view(seat)
    data = dataclasses.replace(view, history=()).to_dict()
    data["history"] = table.append_only("history", len(view.history), lambda i: history_entry(view, i))
    data.pop("pending_violation", None)  # public, but a UI keeps it quiet (never sent)
    over = g.is_over()
    your_turn = seat is not None and not over and g.turn == seat
    if not your_turn:
        data["legal_moves"] = []
    cs = table.computer_seat
    return {
        "game_id": table.id,
        "state_id": table.state_id,
        "seat": None if seat is None else SEATS[seat],
        "mode": table.stored.mode,
        "level": table.stored.level,
        "computer_seat": None if cs is None else SEATS[cs],
        "your_turn": your_turn,
        "can_stop": bool(seat is not None and not over and g.options.stops and g.turn != seat),
        "thinking": bool(not over and cs is not None and g.turn == cs),
        "match": table.match_totals(),
        "next_game": table.stored.next_game,
        "event": event_for(table, seat),
        "view": data,
    }
