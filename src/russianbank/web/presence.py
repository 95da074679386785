"""Who is at a table, across the server processes that share one database.

Each process knows the connections it holds itself. With several processes (``--workers``, or
several servers on one PostgreSQL) a friend may be connected to another one, so each process
also tells the others, on the channel that already carries the moves (PostgreSQL ``NOTIFY`` or
Redis, :mod:`.fanout`), which seats of a game it holds: at once when a connection joins or
leaves, and again every few seconds for every game it holds a connection to. What another
process said is believed for :data:`PRESENCE_TTL` seconds, so a process that dies without a
word stops counting soon after.

A presence payload is the sender's origin on the first line, then one line per game:
``p GAME SEATS`` where ``SEATS`` is ``A``, ``B``, ``AB``, or ``-`` (nobody seated any more).
Spectators are not counted: the page asks whether the other *player* is there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from .store import pack_payloads  # the moves' own notifications are packed the same way

SEATS = "AB"
PRESENCE_TTL = 10.0  # seconds another process's word is believed without being said again


def seats_text(seats: Iterable[int | None]) -> str:
    """``{0, 1}`` -> ``"AB"``; no seat -> ``"-"`` (spectators, ``None``, are left out)."""
    text = "".join(SEATS[s] for s in sorted({s for s in seats if s in (0, 1)}))
    return text or "-"


def presence_payloads(origin: str, games: dict[str, str]) -> list[str]:
    """Payloads saying ``games`` (game id -> seats text), each under the size limit."""
    return pack_payloads(origin, (f"p {gid} {seats}" for gid, seats in games.items()))


def parse_presence(payload: str) -> tuple[str, list[tuple[str, str]]]:
    """The origin and the ``(game, seats)`` of a payload; lines that are not presence are skipped."""
    origin, *lines = payload.split("\n")
    out = []
    for line in lines:
        parts = line.split(" ")
        if len(parts) == 3 and parts[0] == "p" and parts[2] in ("-", "A", "B", "AB") and 0 < len(parts[1]) <= 32:
            out.append((parts[1], parts[2]))
    return origin, out


class Presence:
    """The seats other processes hold, and the games whose local seats changed since last told."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, ttl: float = PRESENCE_TTL) -> None:
        self.clock = clock
        self.ttl = ttl
        self.shared = False  # set by the fan-out when there are other processes to tell
        self.dirty: set[str] = set()
        self.on_dirty: Callable[[], None] | None = None
        self._remote: dict[str, dict[str, tuple[str, float]]] = {}  # game -> origin -> (seats, heard at)

    def changed(self, game_id: str) -> None:
        """A connection joined or left ``game_id`` here (the others are told soon)."""
        if not self.shared:
            return
        self.dirty.add(game_id)
        if self.on_dirty is not None:
            self.on_dirty()

    def take_dirty(self) -> list[str]:
        out = sorted(self.dirty)
        self.dirty.clear()
        return out

    def heard(self, origin: str, game_id: str, seats: str) -> None:
        """Another process says which seats of ``game_id`` it holds."""
        now = self.clock()
        by = self._remote.setdefault(game_id, {})
        if seats == "-":
            by.pop(origin, None)
            if not by:
                del self._remote[game_id]
        else:
            by[origin] = (seats, now)

    def deliver(self, payload: str, own_origin: str) -> None:
        origin, games = parse_presence(payload)
        if origin == own_origin:
            return
        for gid, seats in games:
            self.heard(origin, gid, seats)

    def remote_seats(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` other processes hold (said within the last ``ttl`` seconds)."""
        by = self._remote.get(game_id)
        if not by:
            return set()
        now = self.clock()
        out: set[int] = set()
        for origin, (seats, at) in list(by.items()):
            if now - at > self.ttl:
                del by[origin]
                continue
            out.update(SEATS.index(c) for c in seats)
        if not by:
            del self._remote[game_id]
        return out

    def prune(self) -> None:
        """Forget what is too old to be believed (called now and then)."""
        for gid in list(self._remote):
            self.remote_seats(gid)
