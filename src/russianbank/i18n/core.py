"""Words every part of the package shares: the players and the languages."""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    "lang.en": "English",
    "lang.ru": "Russian",
    "player.A": "Player A",
    "player.B": "Player B",
    # "cap": the form that starts a sentence ("The computer won")
    "actor.you": {"nom": "you", "cap": "You"},
    "actor.computer": {"nom": "the computer", "cap": "The computer"},
    "actor.opponent": {"nom": "your opponent", "cap": "Your opponent"},
    "actor.friend": {"nom": "your friend", "cap": "Your friend"},
}

RU: dict[str, str | Mapping[str, str]] = {
    "lang.en": "английский",
    "lang.ru": "русский",
    "player.A": {"nom": "игрок A", "gen": "игрока A", "dat": "игроку A", "acc": "игрока A"},
    "player.B": {"nom": "игрок B", "gen": "игрока B", "dat": "игроку B", "acc": "игрока B"},
    "actor.you": {"nom": "вы", "cap": "Вы", "gen": "вас", "dat": "вам", "acc": "вас"},
    "actor.computer": {
        "nom": "компьютер",
        "cap": "Компьютер",
        "gen": "компьютера",
        "dat": "компьютеру",
        "acc": "компьютер",
    },
    "actor.opponent": {
        "nom": "соперник",
        "cap": "Соперник",
        "gen": "соперника",
        "dat": "сопернику",
        "acc": "соперника",
    },
    "actor.friend": {"nom": "друг", "cap": "Друг", "gen": "друга", "dat": "другу", "acc": "друга"},
}
