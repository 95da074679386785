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

from typing import TYPE_CHECKING, Any

from ..cards import NUM_CARDS, card_name
from .state_message import NO_REVEALS, page_extras

if TYPE_CHECKING:
    from .tables import Table

SEATS = "AB"
_NAMES = tuple(card_name(c) for c in range(NUM_CARDS))


def history_entry(view: Any, index: int) -> dict[str, Any]:
    """One public history entry as the view's ``to_dict`` writes it."""
    h = view.history[index]
    entry: dict[str, Any] = {
        "player": SEATS[h.player],
        "move": str(h.move),
        "reveals": [_NAMES[c] for c in h.reveals] if h.reveals else NO_REVEALS,
    }
    if h.ruling:
        entry["ruling"] = h.ruling
    return entry


def event_for(table: Table, seat: int | None) -> dict[str, Any] | None:
    """The last move (or Stop) played at the table (what it says comes with it, in ``events``):
    the same for every seat, made once per move (the very same dict in every seat's state)."""
    n = len(table.moves)
    if n == 0:
        return None
    e = table.last_played
    cached = table.caches.get("event")
    if cached is not None and cached[0] is e and cached[1] == n and e is not None:
        out: dict[str, Any] | None = cached[2]
        return out
    out = _event(table, seat, n)
    table.caches["event"] = (e, n, out)
    return out


def _event(table: Table, seat: int | None, n: int) -> dict[str, Any]:
    s = table.session
    idx = n - 1
    e = table.last_played
    if e is None or e.index != idx:  # the table was rebuilt from the database: what the history says
        h = s.view(seat).history[idx]
        kind = "stop" if str(h.move) == "stop" else "move"
        out: dict[str, Any] = {"kind": kind, "by": SEATS[h.player], "move": str(h.move), "index": idx}
        if kind == "stop":
            out.update(founded=True, text=h.ruling)
        return out
    by = SEATS[e.seat]
    r = e.ruling
    if r is None:
        return {"kind": "move", "by": by, "move": e.text, "index": idx}
    return {
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


def view_dict(table: Table, view: Any, *, legal: bool = True) -> dict[str, Any]:
    """``view.to_dict()`` without ``pending_violation`` (public, but a UI keeps it quiet: never
    sent), built faster: the options and history entries are made once per table and shared.
    A test checks that it is the same as ``to_dict``. ``legal=False``: ``legal_moves`` left
    empty (not worked out) for a seat that is not on move.

    Every viewer of a position sees the same piles and history (only ``player`` and, for the
    seat on move, ``legal_moves`` differ), so that part is built once per position and the very
    same objects go into every seat's state (the deltas of that part are then worked out once,
    see :meth:`SeatStream.delta <russianbank.web.tables.SeatStream.delta>`)."""
    legal_moves = [str(m) for m in view.legal_moves] if legal else []
    player = None if view.player is None else SEATS[view.player]
    cached = table.caches.get("common")
    # the views of one position share their tuples (PlayerView.seen_by): the same tableau object
    if cached is not None and cached[0] is view.tableau and cached[1] is view.history:
        return {"player": player, **cached[2], "legal_moves": legal_moves}
    common = _common_part(table, view)
    table.caches["common"] = (view.tableau, view.history, common)
    return {"player": player, **common, "legal_moves": legal_moves}


def _common_part(table: Table, view: Any) -> dict[str, Any]:
    """What every viewer of the position sees (``view_dict`` without ``player`` and ``legal_moves``)."""
    n = _NAMES
    interned: dict[tuple[int, ...], list[str]] = table.caches.setdefault("piles", {})
    if len(interned) > 4096:
        interned.clear()

    def names(cards: tuple[int, ...]) -> list[str]:
        """The names of a pile's cards: the very same list while the pile does not change (the
        deltas then skip it at once). Never changed once made."""
        out = interned.get(cards)
        if out is None:
            out = interned[cards] = [n[c] for c in cards]
        return out

    sides: dict[tuple[Any, ...], dict[str, Any]] = table.caches.setdefault("sides", {})
    if len(sides) > 4096:
        sides.clear()

    def side(p: int) -> dict[str, Any]:
        """One player's piles: the very same dict while none of them changes (as ``names``)."""
        key = (
            p,
            view.reserve_count[p],
            view.reserve_up[p],
            view.reserve_known[p],
            view.stock_count[p],
            view.stock_known[p],
            view.waste[p],
            view.laid[p],
        )
        out = sides.get(key)
        if out is None:
            out = sides[key] = {
                "reserve_count": key[1],
                "reserve_up": names(key[2]),
                "reserve_known": names(key[3]),
                "stock_count": key[4],
                "stock_known": names(key[5]),
                "waste": names(key[6]),
                "laid": key[7],
            }
        return out

    options = table.caches.get("options")
    if options is None:
        options = table.caches["options"] = [view.options.to_dict()]
    return {
        "options": options[0],
        "turn": SEATS[view.turn],
        "hand": n[view.hand] if view.hand >= 0 else None,
        "tableau": [names(t) for t in view.tableau],
        "foundations": [names(f) for f in view.foundations],
        "players": {"A": side(0), "B": side(1)},
        "turn_no": view.turn_no,
        "no_progress": view.no_progress,
        "history": table.append_only("history", len(view.history), lambda i: history_entry(view, i)),
        "outcome": view.outcome,
    }


def build_seat_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The full state for one seat (0, 1) or a spectator (None)."""
    s = table.session
    view = s.view(seat)
    over = s.is_over()
    cs = s.computer
    your_turn = seat is not None and seat != cs and not over and s.turn == seat
    data = view_dict(table, view, legal=your_turn)
    return {
        "game_id": table.id,
        "state_id": s.state_id,
        "seat": None if seat is None else SEATS[seat],
        "mode": table.stored.mode,
        "level": table.stored.level,
        "computer_seat": None if cs is None else SEATS[cs],
        "your_turn": your_turn,
        "can_stop": bool(seat is not None and not over and s.options.stops and s.turn != seat),
        "can_undo": bool(seat is not None and seat != cs and s.undo_refusal(seat) is None),
        "thinking": bool(not over and cs is not None and s.turn == cs),
        "match": table.match_totals(),
        "next_game": table.stored.next_game,
        "draw_offer": None if s.draw_offer is None or over else SEATS[s.draw_offer],
        "away": table.manager.away.state(table, seat),
        "event": event_for(table, seat),
        "view": data,
        "page": page_extras(table, seat, view),
    }
