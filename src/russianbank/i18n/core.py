"""Words every part of the package shares: the players and the languages."""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    "lang.en": "English",
    "lang.ru": "Russian",
    "player.A": "Player A",
    "player.B": "Player B",
    "actor.you": "you",
    "actor.computer": "the computer",
    "actor.opponent": "your opponent",
    "actor.friend": "your friend",
}

RU: dict[str, str | Mapping[str, str]] = {
    "lang.en": "английский",
    "lang.ru": "русский",
    "player.A": {"nom": "игрок A", "gen": "игрока A", "dat": "игроку A", "acc": "игрока A"},
    "player.B": {"nom": "игрок B", "gen": "игрока B", "dat": "игроку B", "acc": "игрока B"},
    "actor.you": {"nom": "вы", "gen": "вас", "dat": "вам", "acc": "вас"},
    "actor.computer": {"nom": "компьютер", "gen": "компьютера", "dat": "компьютеру", "acc": "компьютер"},
    "actor.opponent": {"nom": "соперник", "gen": "соперника", "dat": "сопернику", "acc": "соперника"},
    "actor.friend": {"nom": "друг", "gen": "друга", "dat": "другу", "acc": "друга"},
}
