"""A player gone from a table for two: once the grace period has passed, the one who stayed wins.

Each process watches the tables for two people it holds a connection to. A seat is *away* when
no connection holds it here or on another process (:mod:`.presence`), and it counts once the seat
is known to be somebody's: a player's name is at it (a lobby game, a rated one) or this process
has seen a connection at it. While a seat is away and the other is here, the state of the
table says so (``away``: the seat and the seconds left), and when ``grace`` seconds have passed
the server resigns the game for the seat that went (D3): the row in ``rb_forfeits`` is stored
first, so that the end of the game is told as what it was (:func:`forfeit_words`). Nothing
happens while both are away: the game waits for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING, Any

from ..i18n import Message
from ..session import PlayError
from ..words import SPECTATOR
from .protocol import RequestError
from .store import Forfeit, StorageError

if TYPE_CHECKING:
    from .manager import TableManager
    from .tables import Table

log = logging.getLogger("russianbank.web")

GRACE = 120.0  # seconds a player may be gone before the game is lost (``serve --abandon-after``)
CHECK_EVERY = 1.0  # seconds between looks at the tables


def _duration(seconds: float) -> Message:
    s = max(0, math.ceil(seconds))
    if s >= 60 and s % 60 == 0:
        return Message("server.duration.min", {"n": s // 60})
    return Message("server.duration.s", {"n": s})


class AwayWatch:
    """When each seat of this process's tables for two went away, as this process saw it."""

    def __init__(self, manager: TableManager, grace: float = GRACE) -> None:
        self.manager = manager
        self.grace = grace
        self.since: dict[tuple[str, int], float] = {}  # (game, seat) -> away since (the tables' clock)
        self.seen: dict[str, set[int]] = {}  # game -> the seats a connection has held here
        self._task: asyncio.Task[None] | None = None

    def joined(self, game_id: str, seat: int | None) -> None:
        """A connection took ``seat`` here: from now on, its going counts."""
        if seat is not None:
            self.seen.setdefault(game_id, set()).add(seat)

    def present(self, table: Table) -> set[int]:
        here = {c.seat for c in table.conns if c.seat is not None}
        return here | self.manager.presence.remote_seats(table.id)

    def _counts(self, table: Table, seat: int) -> bool:
        return seat in (table.named or {}) or seat in self.seen.get(table.id, ())

    def look(self, now: float) -> list[tuple[Table, int]]:
        """Note who is away at each table; the tables whose away seat's grace is over."""
        due = []
        watched = set()
        for table in list(self.manager.tables.values()):
            s = table.session
            if not table.conns or s.computer is not None or s.is_over() or self.grace <= 0:
                continue
            watched.add(table.id)
            here = {c.seat for c in table.conns if c.seat is not None}
            present = self.present(table)
            self.seen.setdefault(table.id, set()).update(present)
            changed = False
            for seat in (0, 1):
                key = (table.id, seat)
                if seat in present or not self._counts(table, seat):
                    changed |= self.since.pop(key, None) is not None
                    continue
                if key not in self.since:
                    self.since[key] = now
                    changed = True
                if 1 - seat in here and now - self.since[key] >= self.grace:
                    due.append((table, seat))
            if changed:
                table.publish()
        for key in [k for k in self.since if k[0] not in watched]:
            del self.since[key]
        for gid in [g for g in self.seen if g not in self.manager.tables]:
            del self.seen[gid]
        return due

    def state(self, table: Table, seat: int | None) -> dict[str, Any] | None:
        """``away`` in a seat's state: the seat gone and the seconds it has left, or None."""
        if seat is None or table.session.is_over():
            return None
        key = (table.id, 1 - seat)
        if key not in self.since:
            return None
        left = max(0.0, self.grace - (self.manager.clock.now() - self.since[key]))
        return {"seat": "AB"[1 - seat], "seconds": math.ceil(left)}

    async def forfeit(self, table: Table, seat: int) -> None:
        """``seat`` has been gone past the grace period: it resigns, told as a forfeit."""
        async with table.lock:
            s = table.session
            if s.is_over() or seat in self.present(table):
                return
            idx = len(table.moves)
            try:
                await self.manager.store.write(Forfeit(table.id, seat, idx))
                table.stored.forfeit = (seat, idx)
                events = s.resign(seat, self.manager.clock.now())
                await table.commit(events)
            except (StorageError, RequestError, PlayError) as e:
                log.warning("could not end game %s for a player gone: %s", table.id, e)
                return
        log.info("game %s: seat %s gone for %.0f s lost it", table.id, "AB"[seat], self.grace)
        self.since.pop((table.id, seat), None)

    # ------------------------------------------------------------ running

    def start(self) -> None:
        if self.grace > 0:
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="rb-away")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                for table, seat in self.look(self.manager.clock.now()):
                    await self.forfeit(table, seat)
            except Exception:
                log.exception("the watch of players gone failed")


def forfeit_words(table: Table, seat: int | None, names: Any, grace: float) -> dict[str, Any] | None:
    """The end of a game lost by a player gone, in words for ``seat`` (``names``: the session's
    names of the other seats); None for any other end."""
    s = table.session
    o = s.outcome
    f = table.stored.forfeit
    if o is None or f is None or o.winner != 1 - f[0] or len(table.moves) != f[1] + 1:
        return None
    words = o.message(SPECTATOR if seat is None else seat, names)  # the engine's words, "how" replaced
    lost = f[0]
    if lost == seat:
        how = Message("server.end.gone.own", {"time": _duration(grace)})
    else:
        how = Message("server.end.gone.player", {"player": names[lost], "time": _duration(grace)})
    return Message(words.code, {**words.params, "how": how}).to_dict()
