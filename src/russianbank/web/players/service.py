"""What the server does for players: a name on first visit, an optional password, logging in and
out, naming the player at a seat, and what a player page shows.

Every refusal is the package's :class:`~russianbank.web.protocol.RequestError` with a catalogue
message of the ``players`` domain; nothing is changed by a refused request. A session is a random
id in the signed cookie (:mod:`.cookies`); the store keeps only its SHA-256, and a log-out deletes
it, so the cookie opens nothing from then on, on any server process. Password checks take the
same time whether or not the name exists or has a password (:mod:`.passwords`); creating names,
setting passwords and logging in are limited per client address, and logging in per name too
(:mod:`.limits`).
"""

from __future__ import annotations

import logging
import secrets
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ...i18n import Message
from ...ratings import Rating
from ..protocol import RequestError, refuse
from ..store import NewPlayer, PlayerRow, RatedGame, StorageError, Store
from .cookies import cookie_key, make_cookie, new_session_id, read_cookie, session_hash
from .limits import PlayerLimits, Window
from .names import BadName, check_name, name_key
from .passwords import MAX_PASSWORD, MIN_PASSWORD, Passwords

log = logging.getLogger("russianbank.web")

PROVISIONAL_GAMES = 10  # a rating of fewer rated games is shown as provisional
MAX_GAMES_SHOWN = 200  # games a player page or its JSON lists at most
MAX_NAME_IN_PATH = 80  # characters of a name looked up from an address


def rate_limited(wait: int) -> RequestError:
    return RequestError("rate_limited", Message("players.rate_limited", {"seconds": wait}), 429, retry_after=wait)


def _fields(data: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise refuse("bad_request", "server.unknown_fields", fields=", ".join(sorted(map(str, unknown)))[:200])


def check_password(password: object) -> str:
    """The password as it is hashed (NFKC, so it types the same on every device), or a refusal."""
    if not isinstance(password, str):
        raise refuse("bad_password", "players.password_text")
    if len(password) > 4 * MAX_PASSWORD:
        raise refuse("bad_password", "players.password_length", min=MIN_PASSWORD, max=MAX_PASSWORD)
    p = unicodedata.normalize("NFKC", password)
    if not MIN_PASSWORD <= len(p) <= MAX_PASSWORD:
        raise refuse("bad_password", "players.password_length", min=MIN_PASSWORD, max=MAX_PASSWORD)
    return p


def result_word(score: float) -> str:
    return "won" if score == 1.0 else "lost" if score == 0.0 else "drawn"


class Players:
    """The players' side of one server process (its limits are this process's own)."""

    def __init__(self, store: Store, limits: PlayerLimits | None = None, passwords: Passwords | None = None) -> None:
        self.store = store
        self.limits = limits or PlayerLimits()
        lim = self.limits
        self.names = Window(lim.names_per_address, lim.window)
        self.registrations = Window(lim.registrations_per_address, lim.window)
        self.logins = Window(lim.logins_per_address, lim.window)
        self.logins_by_name = Window(lim.logins_per_name, lim.window)
        self._passwords = passwords
        self._key: bytes | None = None

    @property
    def passwords(self) -> Passwords:
        if self._passwords is None:  # made on first use: its dummy hash takes a moment
            self._passwords = Passwords()
        return self._passwords

    @property
    def key(self) -> bytes:
        if self._key is None:
            self._key = cookie_key(self.store.cipher.key)
        return self._key

    # --------------------------------------------------------------- sessions

    def session_of(self, cookie: str | None) -> str | None:
        """The session id a cookie's value holds, when it is ours."""
        return read_cookie(self.key, cookie)

    async def current(self, cookie: str | None) -> PlayerRow | None:
        """The player of the session the cookie holds, or None (no cookie, not ours, logged out)."""
        sid = self.session_of(cookie)
        return None if sid is None else await self.store.player_by_session(session_hash(sid))

    async def choose_name(self, client: str, cookie: str | None, data: Mapping[str, Any]) -> tuple[PlayerRow, str]:
        """``{"name": ...}``: a new player and its session; the player and the cookie's value."""
        _fields(data, {"name"})
        me = await self.current(cookie)
        if me is not None:
            raise RequestError("has_name", Message("players.has_name", {"name": me.name}), 409)
        wait = self.names.wait(client)
        if wait:
            raise rate_limited(wait)
        try:
            name = check_name(data.get("name"))
        except BadName as e:
            raise RequestError("bad_name", e.message, 400) from None
        sid = new_session_id()
        d = Rating()
        pid = secrets.token_urlsafe(12)
        new = NewPlayer(pid, name, name_key(name), session_hash(sid), d.rating, d.rd, d.volatility)
        if not await self.store.create_player(new):
            raise RequestError("name_taken", Message("players.name_taken", {"name": name}), 409)
        row = await self.store.player_by_id(new.id)
        assert row is not None
        return row, make_cookie(self.key, sid)

    async def set_password(self, client: str, cookie: str | None, data: Mapping[str, Any]) -> PlayerRow:
        """``{"password": ...}``: a password for the name of this session (once); ``{"old_password":
        ..., "password": ...}``: another one in place of it (the name's other sessions end)."""
        _fields(data, {"password", "old_password"})
        me = await self.current(cookie)
        if me is None:
            raise RequestError("no_name", Message("players.no_name", {}), 401)
        if "old_password" in data:
            return await self._change_password(client, cookie, me, data)
        if me.password_hash is not None:
            raise RequestError("has_password", Message("players.has_password", {}), 409)
        wait = self.registrations.wait(client)
        if wait:
            raise rate_limited(wait)
        password = check_password(data.get("password"))
        if not await self.store.set_password(me.id, await self.passwords.hash(password)):
            raise RequestError("has_password", Message("players.has_password", {}), 409)
        row = await self.store.player_by_id(me.id)
        assert row is not None
        return row

    async def _change_password(
        self, client: str, cookie: str | None, me: PlayerRow, data: Mapping[str, Any]
    ) -> PlayerRow:
        wait = self.logins.wait(client) or self.logins_by_name.wait(name_key(me.name))
        if wait:
            raise rate_limited(wait)
        old = check_password(data.get("old_password"))
        new = check_password(data.get("password"))
        if me.password_hash is None or not await self.passwords.verify(me.password_hash, old):
            raise RequestError("wrong_password", Message("players.wrong_password", {}), 403)
        sid = self.session_of(cookie)
        assert sid is not None  # current() found the session
        if not await self.store.change_password(
            me.id, await self.passwords.hash(new), me.password_hash, session_hash(sid)
        ):
            raise RequestError("wrong_password", Message("players.wrong_password", {}), 403)  # changed meanwhile
        row = await self.store.player_by_id(me.id)
        assert row is not None
        return row

    async def log_in(self, client: str, cookie: str | None, data: Mapping[str, Any]) -> tuple[PlayerRow, str]:
        """``{"name": ..., "password": ...}``: a new session of that name; the old one, if any, ends."""
        _fields(data, {"name", "password"})
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or len(name) > MAX_NAME_IN_PATH:
            raise refuse("bad_name", "players.name_text")
        wait = self.logins.wait(client) or self.logins_by_name.wait(name_key(name))
        if wait:
            raise rate_limited(wait)
        password = check_password(password)
        row = await self.store.player_by_key(name_key(name))
        ok = await self.passwords.verify(None if row is None else row.password_hash, password)
        if not ok or row is None:
            raise RequestError("login_failed", Message("players.login_failed", {}), 401)
        await self.log_out(cookie)
        sid = new_session_id()
        await self.store.start_session(session_hash(sid), row.id)
        return row, make_cookie(self.key, sid)

    async def log_out(self, cookie: str | None) -> bool:
        """End the cookie's session (on every server process); whether there was one."""
        sid = self.session_of(cookie)
        return sid is not None and await self.store.end_session(session_hash(sid))

    # ------------------------------------------------------------------ seats

    async def name_creator(self, game_id: str, seat: int, cookie: str | None) -> None:
        """Name the cookie's player at the seat of the game it just created (a database that fails
        here leaves the seat unnamed: the game goes on, unrated)."""
        try:
            me = None if self.session_of(cookie) is None else await self.current(cookie)
            if me is not None:
                await self.store.seat_player(game_id, seat, me.id)
        except StorageError as e:
            log.warning("could not name the player at game %s: %s", game_id, e)

    async def take_seat(self, table: Any, seat: int, cookie: str | None) -> None:
        """Name the cookie's player at a seat of ``table``'s game while it is being played (once: a
        seat named stays so); the seat itself stays bound to its token. ``table.named`` (seat ->
        player id) is what this process knows of the game's named seats."""
        try:
            await self._take_seat(table, seat, cookie)
        except StorageError as e:
            log.warning("could not name the player at game %s: %s", table.id, e)

    async def _take_seat(self, table: Any, seat: int, cookie: str | None) -> None:
        if self.session_of(cookie) is None or table.session.is_over():
            return
        if table.named is None:
            table.named = {s: pid for s, (pid, _) in (await self.store.seat_players(table.id)).items()}
        if seat in table.named:
            return
        me = await self.current(cookie)
        if me is None or me.id in table.named.values():
            return
        if await self.store.seat_player(table.id, seat, me.id):
            table.named[seat] = me.id

    # ------------------------------------------------------------ what is shown

    @staticmethod
    def me(row: PlayerRow | None) -> dict[str, Any]:
        """``/api/players/me``: the player of this session, or None."""
        if row is None:
            return {"player": None}
        return {"player": {**_summary(row), "has_password": row.password_hash is not None}}

    async def find(self, name: str) -> PlayerRow | None:
        if not name or len(name) > MAX_NAME_IN_PATH:
            return None
        return await self.store.player_by_key(name_key(name))

    async def public(self, row: PlayerRow, limit: int = 50) -> dict[str, Any]:
        """A player page's facts (the JSON of ``/api/players/{name}``): rating, record, games."""
        limit = max(1, min(MAX_GAMES_SHOWN, limit))
        won, drawn, lost = await self.store.player_record(row.id)
        games = await self.store.player_games(row.id, limit)
        return {
            **_summary(row),
            "provisional": row.games < PROVISIONAL_GAMES,
            "won": won,
            "drawn": drawn,
            "lost": lost,
            "history": [_game(g) for g in games],
        }


def _summary(row: PlayerRow) -> dict[str, Any]:
    return {
        "name": row.name,
        "rating": round(row.rating, 2),
        "rd": round(row.rd, 2),
        "games": row.games,
        "url": "/players/" + _quote(row.name),
    }


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


def _game(g: RatedGame) -> dict[str, Any]:
    seat = "AB"[g.seat]
    opponent: dict[str, Any]
    if g.opponent_level is not None:
        opponent = {"computer": g.opponent_level}
    else:
        opponent = {"name": g.opponent_name, "url": "/players/" + _quote(g.opponent_name or "")}
    return {
        "game_id": g.game_id,
        "seat": seat,
        "opponent": opponent,
        "opponent_rating": round(g.opponent_rating, 2),
        "result": result_word(g.score),
        "score": g.score,
        "rating_before": round(g.rating_before, 2),
        "rating": round(g.rating, 2),
        "rd": round(g.rd, 2),
        "change": round(g.rating - g.rating_before, 2),
        "time": round(g.created, 3),
        "date": datetime.fromtimestamp(g.created, UTC).isoformat(timespec="seconds"),
        "replay_url": f"/replay/{g.game_id}?seat={seat}",
    }
