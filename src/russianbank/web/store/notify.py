"""The notification of committed writes to the other server processes: its channel and text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .lobby_records import CancelTable, KeepTables, OpenTable, TakeTable
from .records import DeleteMoves, MoveWrite, NextGameWrite, Write

NOTIFY_CHANNEL = "rb_moves"
NOTIFY_LIMIT = 7000  # bytes in one NOTIFY payload (PostgreSQL's limit is 8000)


def pack_payloads(origin: str, lines: Iterable[str]) -> list[str]:
    """``lines`` in as few notification texts as fit: each is the ``origin`` line, then as many of
    the lines, in order, as stay under :data:`NOTIFY_LIMIT`."""
    out: list[str] = []
    batch: list[str] = []
    size = len(origin)
    for line in lines:
        if batch and size + len(line) + 1 > NOTIFY_LIMIT:
            out.append("\n".join([origin, *batch]))
            batch, size = [], len(origin)
        batch.append(line)
        size += len(line) + 1
    if batch:
        out.append("\n".join([origin, *batch]))
    return out


def _notify_line(w: Write) -> str | None:
    if isinstance(w, MoveWrite):
        return f"m {w.game_id} {w.idx} {w.move}"
    if isinstance(w, NextGameWrite):
        return f"n {w.game_id} {w.next_id}"
    if isinstance(w, DeleteMoves):
        return f"u {w.game_id} {w.from_idx}"
    if isinstance(w, OpenTable | CancelTable | TakeTable | KeepTables):
        return "l"
    return None


def notify_payloads(origin: str, writes: Sequence[Write]) -> list[str]:
    """Notification texts for committed writes, each under the size limit: the ``origin`` line,
    then ``m GAME IDX MOVE`` for a move, ``n GAME NEXT`` for the next game of a match and
    ``u GAME FROM`` for moves taken back; ``l`` for a change of the lobby's tables."""
    return pack_payloads(origin, (line for w in writes if (line := _notify_line(w)) is not None))


@dataclass
class Notification:
    """What one notification payload says: who sent it, moves stored, undos, next games."""

    origin: str
    moves: list[tuple[str, int, str]] = field(default_factory=list)
    undos: list[tuple[str, int]] = field(default_factory=list)
    nexts: list[tuple[str, str]] = field(default_factory=list)
    lobby: bool = False  # the lobby's tables changed


def parse_notify(payload: str) -> Notification:
    """The inverse of :func:`notify_payloads` for one payload."""
    origin, *lines = payload.split("\n")
    out = Notification(origin)
    for line in lines:
        parts = line.split(" ")
        if len(parts) == 4 and parts[0] == "m" and parts[2].isdigit():
            out.moves.append((parts[1], int(parts[2]), parts[3]))
        elif len(parts) == 3 and parts[0] == "u" and parts[2].isdigit():
            out.undos.append((parts[1], int(parts[2])))
        elif len(parts) == 3 and parts[0] == "n":
            out.nexts.append((parts[1], parts[2]))
        elif line == "l":
            out.lobby = True
    return out
