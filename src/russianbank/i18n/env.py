"""Words of the reinforcement-learning environments (``russianbank.env``): their refusals and errors.

Names from the program (arguments, values such as ``None``, calls such as
``reset()``) are parameters, never translated.
"""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    "env.error.not_a_move": "not a move ({kind}): {value}",
    "env.error.no_action": "{move} has no action in the codec (version {version})",
    "env.error.action": "an action must be a whole number 0..{last}, not {value}",
    "env.error.action_range": "no action {value}: actions run 0..{last}",
    "env.error.choice": "{name} must be one of {choices}, not {value}",
    "env.error.max_steps": "{name} must be a whole number, 1 or more (or {none}), not {value}",
    "env.error.options": "{name} must be a dict of game options, not {value}",
    "env.error.own_argument": "give {name} as its own argument, not in {within}",
    "env.error.preset": "{name} must be the name of a preset, not {value}",
    "env.error.game_options": "bad game options {value}: {reason}",
    "env.error.seat": "{name} must be 0 (A), 1 (B) or {none} (drawn for each game), not {value}",
    "env.error.no_game": "the environment has no game yet: call {call} first",
    "env.error.episode_over": "the episode is over (or was truncated): call {call}",
    "env.error.spectator": "an observation is a player's: use {calls}, not a spectator's view",
    "env.refuse.over": "action {action} ({name}) is not allowed now: the game is over",
    "env.refuse.resign": "action {action} ({name}) is not allowed now: this environment does not allow resigning",
    "env.refuse.stop_offer": (
        "action {action} ({name}) is not allowed now: the player not on move is deciding whether to call Stop "
        "({choices})"
    ),
    "env.refuse.no_offer": (
        "action {action} ({name}) is not allowed now: no Stop is offered (the player on move is deciding a move)"
    ),
    "env.refuse.move": "action {action} ({name}) is not allowed now ({rule_id}): {reason}",
}

RU: dict[str, str | Mapping[str, str]] = {
    "env.error.not_a_move": "это не ход ({kind}): {value}",
    "env.error.no_action": "у хода {move} нет действия в кодеке (версия {version})",
    "env.error.action": "действие — целое число от 0 до {last}, а не {value}",
    "env.error.action_range": "действия {value} нет: действия идут от 0 до {last}",
    "env.error.choice": "{name}: допустимо одно из значений {choices}, а не {value}",
    "env.error.max_steps": "{name}: допустимо целое число не меньше 1 (или {none}), а не {value}",
    "env.error.options": "{name} — словарь правил игры, а не {value}",
    "env.error.own_argument": "{name} задаётся отдельным аргументом, а не в {within}",
    "env.error.preset": "{name} — название набора правил, а не {value}",
    "env.error.game_options": "неверные правила игры {value}: {reason}",
    "env.error.seat": "{name}: допустимо 0 (A), 1 (B) или {none} (место выбирается в каждой партии), а не {value}",
    "env.error.no_game": "в среде ещё нет партии: сначала вызовите {call}",
    "env.error.episode_over": "эпизод окончен (или прерван): вызовите {call}",
    "env.error.spectator": "наблюдение бывает только у игрока: используйте {calls}, а не вид зрителя",
    "env.refuse.over": "действие {action} ({name}) сейчас недопустимо: партия окончена",
    "env.refuse.resign": "действие {action} ({name}) сейчас недопустимо: в этой среде сдаваться нельзя",
    "env.refuse.stop_offer": (
        "действие {action} ({name}) сейчас недопустимо: игрок, который не ходит, решает, объявлять ли «Стоп!» "
        "({choices})"
    ),
    "env.refuse.no_offer": (
        "действие {action} ({name}) сейчас недопустимо: «Стоп!» сейчас не предлагается (ходящий игрок выбирает ход)"
    ),
    "env.refuse.move": "действие {action} ({name}) сейчас недопустимо ({rule_id}): {reason}",
}
