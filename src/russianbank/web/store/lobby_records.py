"""The lobby's writes and rows: an open table (a person waiting for an opponent), taking it,
cancelling it, and keeping it open while its host is there."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class OpenTable:
    """A named person's open table; ``False`` when that player has an open table already (one
    at a time, on every process) or is not there. ``token_hash`` is the hash of the host's seat
    token: the game made when somebody takes the table binds seat A to it."""

    id: str
    player_id: str
    token_hash: str
    preset: str
    stops: bool
    match_to: int | None = None  # the match it begins is played to these points (None: no target)


@dataclass
class CancelTable:
    """The host closes an open table; ``False`` when it is not open any more (taken, or gone)."""

    id: str
    player_id: str


@dataclass
class TakeTable:
    """A named person takes an open table for the game ``game_id`` (made just before, seat A bound
    to the host's token, seat B to the guest's): the table's row names the game and both seats are
    named, in one transaction. ``False`` when it is taken or closed already, it is the guest's
    own, the guest has an open table of their own, or it was not kept since ``stale_before``."""

    id: str
    guest_id: str
    game_id: str
    stale_before: float


@dataclass
class KeepTables:
    """The open tables whose hosts this process holds stay open (their ``touched`` time moves
    on); every open table not kept since ``stale_before`` goes, and so does every taken one whose
    game is over or was taken before ``listed_after``. Always ``True``."""

    ids: list[str]
    stale_before: float
    listed_after: float


LobbyWrite = OpenTable | CancelTable | TakeTable | KeepTables


@dataclass(frozen=True)
class LobbyRow:
    """A table of the lobby as the store keeps it: open (``game_id`` None) or taken."""

    id: str
    host_id: str
    host_name: str
    host_rating: float
    token_hash: str
    preset: str
    stops: bool
    created: float
    game_id: str | None = None
    guest_id: str | None = None
    guest_name: str | None = None
    guest_rating: float | None = None
    match_to: int | None = None
