"""Words of the pictures of a table (``russianbank.svg`` and ``russianbank.picture``).

Names from the program (arguments, class names) are parameters, never translated.
"""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    "picture.title": "Russian Bank ({preset}), turn {turn}",
    "picture.reserve": "reserve",
    "picture.stock": "stock",
    "picture.waste": "waste",
    "picture.hand": "hand",
    "picture.foundations": "foundations",
    "picture.not_laid": "not laid out yet",
    "picture.face_down": "{n|# card|# cards} face down",
    "picture.to_move": "{player} to move, turn {turn}",
    "picture.error.table": "a picture needs a game or a player's view ({kinds}), not {value}",
    "picture.error.orientation": "{name} must be 0 (A at the bottom) or 1 (B at the bottom), not {value}",
    "picture.error.size": "{name} must be a positive whole number of pixels, not {value}",
    "picture.error.choice": "{name} must be one of {choices}, not {value}",
    "picture.error.at_least_0": "{name} must be a whole number, 0 or more, not {value}",
    "picture.error.arrow": "an arrow needs a move ({kinds}), not {value}",
    "picture.error.arrows": "{name} must be a list of moves, not {value}",
}

RU: dict[str, str | Mapping[str, str]] = {
    "picture.title": "Русский банк ({preset}), ход {turn}",
    "picture.reserve": "резерв",
    "picture.stock": "колода",
    "picture.waste": "сброс",
    "picture.hand": "в руке",
    "picture.foundations": "базы",
    "picture.not_laid": "ещё не выложена",
    "picture.face_down": "{n|# карта|# карты|# карт} рубашкой вверх",
    "picture.to_move": "Очередь {player:gen}, ход {turn}",
    "picture.error.table": "для картинки нужна партия или вид игрока ({kinds}), а не {value}",
    "picture.error.orientation": "{name}: допустимо 0 (A внизу) или 1 (B внизу), а не {value}",
    "picture.error.size": "{name} — целое положительное число пикселей, а не {value}",
    "picture.error.choice": "{name}: допустимо одно из значений {choices}, а не {value}",
    "picture.error.at_least_0": "{name} — целое число не меньше 0, а не {value}",
    "picture.error.arrow": "для стрелки нужен ход ({kinds}), а не {value}",
    "picture.error.arrows": "{name} — список ходов, а не {value}",
}
