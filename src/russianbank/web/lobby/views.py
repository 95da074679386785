"""What the lobby's messages show of a table, a game and a player: names, ratings, the rules and
the addresses to play or watch; never a token but the receiver's own, never a card."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from ..store import LobbyRow


def player_view(name: str, rating: float) -> dict[str, Any]:
    return {"name": name, "rating": round(rating), "url": "/players/" + quote(name, safe="")}


def table_view(r: LobbyRow) -> dict[str, Any]:
    """An open table: its host, its rules, when it was opened (seconds since 1970, the server's clock)."""
    return {
        "id": r.id,
        "host": player_view(r.host_name, r.host_rating),
        "preset": r.preset,
        "stops": r.stops,
        "match_to": r.match_to,
        "created": round(r.created, 3),
    }


def game_view(r: LobbyRow) -> dict[str, Any]:
    """A game taken from the lobby, to watch: its players (seat A first) and its rules."""
    assert r.game_id is not None
    guest = player_view(r.guest_name or "", r.guest_rating or 0.0)
    return {
        "id": r.game_id,
        "players": [player_view(r.host_name, r.host_rating), guest],
        "preset": r.preset,
        "stops": r.stops,
        "match_to": r.match_to,
        "watch_url": f"/game/{r.game_id}",
    }


def paired_message(r: LobbyRow, seat: int, token: str) -> dict[str, Any]:
    """To one of the two people a taken table seats: the game, the seat and its token."""
    assert r.game_id is not None
    other = (r.host_name, r.host_rating) if seat == 1 else (r.guest_name or "", r.guest_rating or 0.0)
    return {
        "type": "paired",
        "table": r.id,
        "game_id": r.game_id,
        "seat": "AB"[seat],
        "token": token,
        "url": f"/game/{r.game_id}#t={token}",
        "preset": r.preset,
        "stops": r.stops,
        "match_to": r.match_to,
        "opponent": player_view(*other),
    }
