"""What the store keeps and is asked to write: the rows of games, the writes, its one error."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .forfeits import Forfeit
from .lobby_records import LobbyWrite


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
    forfeit: tuple[int, int] | None = None  # (seat, index of its resignation): lost for being gone
    match_to: int | None = None  # the points that win the match; None: a match of any length


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
    match_to: int | None = None  # the match is over when a side has this many points (the first game's)


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
    score_a: float | None = None  # when the move ended the game: A's score (1 won, 0.5 drawn, 0 lost)


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


# ------------------------------------------------------------------ players


@dataclass
class NewPlayer:
    """A new player and a session of its own (its first log-in); ``False`` when a player has that name key already."""

    id: str
    name: str
    name_key: str
    session_hash: str
    rating: float
    rd: float
    volatility: float


@dataclass
class NewSession:
    """A session of a player (a log-in); ``False`` when the player is not there."""

    session_hash: str
    player_id: str


@dataclass
class EndSession:
    """A session ended (a log-out); ``False`` when there was no such session."""

    session_hash: str


@dataclass
class SetPassword:
    """A password for a name that has none yet; ``False`` when it has one already. With
    ``replaces``, a new password in place of that one (``False`` when the name's is another by
    now), and every session of the name but ``keep_session`` ends: its other devices log in again."""

    player_id: str
    password_hash: str
    replaces: str | None = None
    keep_session: str | None = None


@dataclass
class SeatPlayer:
    """A named player takes a seat of a game being played; ``False`` when the seat is some other
    player's already, the player holds the other seat, or the game is over."""

    game_id: str
    seat: int
    player_id: str


PlayerWrite = NewPlayer | NewSession | EndSession | SetPassword | SeatPlayer
Write = NewGame | MoveWrite | NextGameWrite | DeleteMoves | PlayerWrite | LobbyWrite | Forfeit


@dataclass(frozen=True)
class PlayerRow:
    """A player as the store keeps it."""

    id: str
    name: str
    name_key: str
    password_hash: str | None
    rating: float
    rd: float
    volatility: float
    games: int
    created: float


@dataclass(frozen=True)
class RatedGame:
    """One rated game of a player: whom it was against, the result, the rating after it."""

    game_id: str
    seat: int
    player_id: str
    seq: int
    opponent_id: str | None
    opponent_name: str | None  # a person's name, or None against the computer
    opponent_level: str | None  # the computer's level, or None against a person
    score: float
    rating_before: float
    rd_before: float
    rating: float
    rd: float
    volatility: float
    opponent_rating: float
    opponent_rd: float
    created: float
