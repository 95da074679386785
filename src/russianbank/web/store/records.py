"""What the store keeps and is asked to write: the rows of games, the writes, its one error."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any


class StorageError(Exception):
    """The database could not do what was asked; nothing was changed. ``busy``: it was locked."""

    def __init__(self, message: str, *, busy: bool = False) -> None:
        super().__init__(message)
        self.busy = busy

    def __reduce__(self) -> tuple[Any, ...]:  # from a writer process, ``busy`` included
        return (_storage_error_of, (str(self), self.busy))


def _storage_error_of(message: str, busy: bool) -> StorageError:
    return StorageError(message, busy=busy)


def as_storage_error(e: BaseException) -> StorageError:
    """``e`` as a :class:`StorageError` (``busy`` when the database was locked)."""
    if isinstance(e, StorageError):
        return e
    text = str(e) or type(e).__name__
    busy = "locked" in text or "busy" in text
    return StorageError(text, busy=busy)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class StoredGame:
    id: str
    match_id: str
    match_no: int
    mode: str
    level: str | None
    computer_seat: int | None
    options: dict[str, Any]
    seed: int
    token_hashes: tuple[str | None, str | None]
    finished: bool
    next_game: str | None
    moves: list[str]
    state_extra: int = 0  # the state id beyond the number of moves (undos, rollbacks): see MoveWrite


@dataclass
class NewGame:
    """The row of a new game."""

    id: str
    match_id: str
    match_no: int
    mode: str
    level: str | None
    computer_seat: int | None
    options: dict[str, Any]
    seed: int
    token_hashes: tuple[str | None, str | None]


@dataclass
class MoveWrite:
    """One move row; when the move ended the game, its result and the seed in plain text.

    ``state_extra`` (on this write and on :class:`DeleteMoves`): when not None, the game's state
    id from now on is the number of its moves plus this (stored in the same transaction), so
    that a game loaded again after a restart goes on from its state id, never below it."""

    game_id: str
    idx: int
    move: str
    finished: bool = False
    points: tuple[int, int] = (0, 0)
    seed: int | None = None
    state_extra: int | None = None


@dataclass
class NextGameWrite:
    game_id: str
    next_id: str


@dataclass
class DeleteMoves:
    """Moves taken back (an undo): the rows of the game from ``from_idx`` on go."""

    game_id: str
    from_idx: int
    state_extra: int | None = None


Write = NewGame | MoveWrite | NextGameWrite | DeleteMoves
