"""The players' part of the store's API: the writes (through the group commit, like a move's) and
the reads (both databases' in :mod:`.player_reads`)."""

from __future__ import annotations

from .records import (
    EndSession,
    NewPlayer,
    NewSession,
    PlayerRow,
    RatedGame,
    SeatPlayer,
    SetPassword,
    Write,
)


class PlayerAPI:
    """What the server asks of the store about players; :class:`~.base.Store` has it."""

    async def write(self, item: Write) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------ writes

    async def create_player(self, player: NewPlayer) -> bool:
        """A new player with a session (its first log-in); ``False``: the name key is taken."""
        return await self.write(player)

    async def start_session(self, session_hash: str, player_id: str) -> bool:
        return await self.write(NewSession(session_hash, player_id))

    async def end_session(self, session_hash: str) -> bool:
        """Delete a session (a log-out): its cookie opens nothing from now on, on any process."""
        return await self.write(EndSession(session_hash))

    async def set_password(self, player_id: str, password_hash: str) -> bool:
        """``False``: the name has a password already (it is never replaced this way)."""
        return await self.write(SetPassword(player_id, password_hash))

    async def change_password(self, player_id: str, password_hash: str, replaces: str, keep_session: str) -> bool:
        """A new password in place of ``replaces``; the name's other sessions end. ``False``: the
        name's password is not ``replaces`` any more."""
        return await self.write(SetPassword(player_id, password_hash, replaces, keep_session))

    async def seat_player(self, game_id: str, seat: int, player_id: str) -> bool:
        """Name the player at a seat of a game being played; ``False``: somebody else has it."""
        return await self.write(SeatPlayer(game_id, seat, player_id))

    # ------------------------------------------------------------- reads

    async def player_by_session(self, session_hash: str) -> PlayerRow | None:
        """The player whose session this is, or None (no such session: never made, or ended)."""
        raise NotImplementedError

    async def player_by_key(self, name_key: str) -> PlayerRow | None:
        raise NotImplementedError

    async def player_by_id(self, player_id: str) -> PlayerRow | None:
        raise NotImplementedError

    async def player_games(self, player_id: str, limit: int = 50) -> list[RatedGame]:
        """The player's rated games, the latest first."""
        raise NotImplementedError

    async def player_record(self, player_id: str) -> tuple[int, int, int]:
        """Games won, drawn and lost, over every rated game of the player."""
        raise NotImplementedError

    async def seat_players(self, game_id: str) -> dict[int, tuple[str, str]]:
        """Who holds each named seat of a game: seat -> (player id, name)."""
        raise NotImplementedError

    async def rated_rows(self) -> list[RatedGame]:
        """Every rated game's rows, in the order they were rated (``seq``, then game and seat)."""
        raise NotImplementedError
