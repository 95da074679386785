"""Words of the pictures of a table (``russianbank.svg`` and ``russianbank.picture``)."""

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
    "picture.more": "{n} more",
    "picture.to_move": "{player} to move, turn {turn}",
    "picture.result.win": "{player} wins ({points|# point|# points})",
    "picture.result.resignation": "{player} wins by resignation ({points|# point|# points})",
    "picture.result.agreed": "Drawn by agreement",
    "picture.result.repetition": "Drawn: the same position for the third time",
    "picture.result.no_progress": "Drawn: no progress in {n|# turn|# turns}",
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
    "picture.more": "ещё {n}",
    "picture.to_move": "Очередь {player:gen}, ход {turn}",
    "picture.result.win": "Выигрывает {player} ({points|# очко|# очка|# очков})",
    "picture.result.resignation": "Соперник сдался, выигрывает {player} ({points|# очко|# очка|# очков})",
    "picture.result.agreed": "Ничья по соглашению",
    "picture.result.repetition": "Ничья: позиция повторилась в третий раз",
    "picture.result.no_progress": "Ничья: {n|# ход|# хода|# ходов} без продвижения",
}
