"""Draw offers between the two people at a table for two, across the server processes.

An offer is not a move: nothing is stored until the other player accepts it, which plays the
engine's ``agree`` (a stored move, like any other). It lapses when either player moves, and a
restart of the server forgets it (the player offers again). The session holds the offer
(:meth:`~russianbank.session.Session.offer_draw`); a table here tells the other processes of an
offer or a refusal on the fan-out's channel, as ``d GAME SEAT MOVES`` (``SEAT`` ``A`` or ``B``
for an offer, ``-`` for one declined; ``MOVES`` the stored moves it was made after), so that a
player connected to another process sees it. What arrives after a move is out of date and
ignored.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from ..session import PlayError
from .protocol import RequestError, refuse

if TYPE_CHECKING:
    from .tables import Table

SEATS = "AB"


def draw_line(game_id: str, seat: int | None, moves: int) -> str:
    return f"d {game_id} {'-' if seat is None else SEATS[seat]} {moves}"


def parse_draw_lines(payload: str) -> list[tuple[str, int | None, int]]:
    """The ``(game, seat or None, moves)`` of a payload's draw lines (the others are skipped)."""
    out = []
    for line in payload.split("\n")[1:]:
        parts = line.split(" ")
        if len(parts) != 4 or parts[0] != "d" or parts[2] not in ("A", "B", "-") or not 0 < len(parts[1]) <= 32:
            continue
        if not parts[3].isdigit() or len(parts[3]) > 9:
            continue
        out.append((parts[1], None if parts[2] == "-" else SEATS.index(parts[2]), int(parts[3])))
    return out


def _two_people(table: Table, seat: int | None) -> int:
    if seat is None:
        raise refuse("spectator", "play.refuse.spectator")
    if table.session.computer is not None:
        raise refuse("no_draws", "server.no_draws")
    return seat


async def offer_draw(table: Table, seat: int | None) -> None:
    """``seat`` offers a draw, or accepts the other's offer (both offering is agreeing)."""
    me = _two_people(table, seat)
    before = len(table.moves)
    await table.call(lambda now: table.session.offer_draw(me, now))
    if table.session.draw_offer == me:
        table.manager.tell_others(draw_line(table.id, me, before))


async def answer_draw(table: Table, seat: int | None, data: dict[str, Any]) -> None:
    me = _two_people(table, seat)
    accept = data.get("accept")
    if not isinstance(accept, bool):
        raise refuse("bad_request", "server.bad_accept", field="'accept'", values="true / false")
    before = len(table.moves)
    await table.call(lambda now: table.session.answer_draw(me, accept, now))
    if not accept:
        table.manager.tell_others(draw_line(table.id, None, before))


async def remote_draw(table: Table, seat: int | None, moves: int) -> None:
    """Another process says an offer was made (``seat``) or declined (None) after ``moves`` moves."""
    agree = False
    async with table.lock:
        s = table.session
        if s.is_over() or s.computer is not None or moves != len(table.moves):
            return
        try:
            if seat is not None and s.draw_offer is None:
                events = s.offer_draw(seat, table.manager.clock.now())
            elif seat is None and s.draw_offer is not None:
                events = s.answer_draw(1 - s.draw_offer, False, table.manager.clock.now())
            else:
                events = []
                agree = seat is not None and s.draw_offer == 1 - seat
        except PlayError:
            return
        table.publish(events)
    if agree and seat is not None:  # both offered at once, on two processes: a draw agreed (one stores it)
        who = seat
        with contextlib.suppress(RequestError):
            await table.call(lambda now: table.session.offer_draw(who, now))
