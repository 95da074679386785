"""The web server's words: refusals of requests and protocol messages (``server.*``).

Each code is what the server says when it refuses something; the protocol's short error
code (``stale``, ``illegal``, ...) travels beside it. ``{reason}`` is a nested message (the
engine's refusal) or a text; ``{who}`` a player (``player.A``/``player.B``).
"""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    # the shape of a message or a request body
    "server.bad_json": "malformed JSON (line {line}, column {column})",
    "server.too_deep": "the JSON is nested too deeply (at most {limit} levels)",
    "server.not_object": "a message must be a JSON object with a {field} (text)",
    "server.body_not_object": "the request body must be a JSON object",
    "server.binary": "send text (JSON) messages, not binary ones",
    "server.too_large": "message too large: {size} characters (at most {limit})",
    "server.body_too_large": "the request body is larger than {limit} bytes",
    "server.content_type": "send the request body as JSON ({header})",
    "server.unknown_fields": "unknown field(s): {fields}",
    "server.unknown_type": "unknown message type {kind} (known: {known})",
    "server.not_joined": "join the game first: {example}",
    "server.field_text": "'{field}' must be text",
    "server.need_state": "this message needs {field}: the state id (a whole number) it was made on",
    "server.move_text": "a move needs {field}: its text, such as RF or 3w",
    "server.not_a_move": "{move} is not sent as a move: use the message types {types}",
    "server.bad_move": "not a move: {reason}",
    # new games
    "server.bad_mode": "mode must be one of {choices}, not {value}",
    "server.bad_level": "level must be one of {choices}, not {value}",
    "server.bad_preset": "{field} must be a name such as {example}",
    "server.bad_options": "these rules cannot be played: {reason}",
    "server.bad_stops": "{field} must be {values}",
    "server.bad_seed": "{field} must be a whole number from 0 to 2**62-1",
    "server.seed_friend": (
        "a chosen deal (seed) is only for games against the computer: whoever chose it could work out the "
        "face-down cards"
    ),
    # the table
    "server.unknown_game": "no game {game}",
    "server.wrong_token": "this token holds no seat at this table",
    "server.spectator": "spectators can only watch",
    "server.not_your_turn": "it is not your turn",
    "server.hint_not_your_turn": "a hint is for the player on move",
    "server.stale": "stale state id {got}: the game is at state {state}; look again",
    "server.unknown_state": "unknown state id {got}",
    "server.stale_stop": "that turn is over: a Stop for it is refused (S1)",
    "server.illegal": "{move} is illegal ({rule}): {reason}",
    "server.game_over": "the game is over",
    "server.no_stops": "Stop is not part of this game (strict mode)",
    "server.not_your_stop": "only the player who is not on move may call Stop",
    "server.no_computer": (
        "there is no computer at this table: its pace and skipping its turn are for a game against the computer"
    ),
    "server.stop_unfounded": "Stop! by {who}: unfounded ({rule}): {reason}; play goes on",
    "server.end.gone.own": "you left the table and were not back within {time}",
    "server.end.gone.player": "{player} left the table and was not back within {time}",
    "server.duration.min": "{n} min",
    "server.duration.s": "{n} s",
    "server.bad_match_to": "{field} must be a whole number of points from {min} to {max}, or left out",
    "server.match_over": "the match is over: a side has reached {to|# point|# points}",
    "server.no_draws": "the computer does not take draw offers: draws are offered between two people",
    "server.bad_accept": "{field} must be {values}",
    "server.not_over": (
        "the record is available when the game is over (it names the deal's seed, which would show the face-down cards)"
    ),
    "server.still_playing": "the game is still being played",
    # the server itself
    "server.storage": "the move could not be stored, so it was not played; try again",
    "server.storage_busy": "the database is busy, so nothing was changed; try again in a moment",
    "server.origin": "requests from {origin} are not accepted here",
    "server.rate_games": (
        "too many new games from your address (at most {limit} a minute); try again in {seconds|# second|# seconds}"
    ),
    "server.too_many_connections": "too many open connections from your address (at most {limit})",
    "server.shutting_down": "the server is restarting; reconnect in a moment",
    "server.slow_client": "this connection did not keep up with the game and was closed; reconnect",
    "server.join_timeout": "no {kind} message in {seconds|# second|# seconds}: connection closed",
    "server.internal": "something went wrong on the server; nothing was changed",
    "server.not_found": "there is nothing at this address",
    "server.method": "this address does not take {method} requests",
    "server.text": "{text}",
}

RU: dict[str, str | Mapping[str, str]] = {
    "server.bad_json": "не удалось разобрать сообщение: ошибка в строке {line}, столбце {column}",
    "server.too_deep": "слишком глубокая вложенность данных (не больше {limit} уровней)",
    "server.not_object": "сообщение должно быть объектом с полем {field} (текст)",
    "server.body_not_object": "тело запроса должно быть объектом (в фигурных скобках)",
    "server.binary": "отправляйте текстовые сообщения, а не двоичные",
    "server.too_large": "сообщение слишком длинное: {size|# символ|# символа|# символов} (не больше {limit})",
    "server.body_too_large": "тело запроса длиннее {limit|# байта|# байт|# байт}",
    "server.content_type": "тело запроса должно быть в нужном формате ({header})",
    "server.unknown_fields": "неизвестные поля: {fields}",
    "server.unknown_type": "неизвестный тип сообщения {kind} (известные: {known})",
    "server.not_joined": "сначала присоединитесь к игре: {example}",
    "server.field_text": "поле '{field}' должно быть текстом",
    "server.need_state": "в этом сообщении нужно поле {field}: номер состояния (целое число), из которого оно сделано",
    "server.move_text": "в ходе нужно поле {field}: его запись, например RF или 3w",
    "server.not_a_move": "{move} не отправляют как ход: для этого есть сообщения {types}",
    "server.bad_move": "это не ход: {reason}",
    "server.bad_mode": "режим должен быть одним из: {choices}, а не {value}",
    "server.bad_level": "уровень должен быть одним из: {choices}, а не {value}",
    "server.bad_preset": "{field} задаётся названием, например {example}",
    "server.bad_options": "по таким правилам играть нельзя: {reason}",
    "server.bad_stops": "{field} должно быть {values}",
    "server.bad_seed": "{field} должен быть целым числом от 0 до 2**62-1",
    "server.seed_friend": (
        "выбрать расклад можно только в игре с компьютером: тот, кто его выбрал, мог бы вычислить закрытые карты"
    ),
    "server.unknown_game": "игры {game} нет",
    "server.wrong_token": "этот ключ не даёт места за этим столом",
    "server.spectator": "зрители могут только смотреть",
    "server.not_your_turn": "сейчас не ваш ход",
    "server.hint_not_your_turn": "подсказка даётся только тому, чей ход",
    "server.stale": "устаревший номер состояния {got}: игра уже в состоянии {state}; посмотрите ещё раз",
    "server.unknown_state": "неизвестный номер состояния {got}",
    "server.stale_stop": "этот ход уже закончен: «Стоп!» к нему не принимается (S1)",
    "server.illegal": "{move} нельзя ({rule}): {reason}",
    "server.game_over": "игра окончена",
    "server.no_stops": "в этой игре нет «Стоп!» (строгий режим)",
    "server.not_your_stop": "«Стоп!» может объявить только тот, чей сейчас не ход",
    "server.no_computer": (
        "за этим столом нет компьютера: темп его ходов и пропуск его хода бывают только в игре с компьютером"
    ),
    "server.stop_unfounded": "«Стоп!» от {who:gen}: необоснованно ({rule}): {reason}; игра продолжается",
    "server.end.gone.own": "вы ушли из-за стола и не вернулись за {time}",
    "server.end.gone.player": "{player} ушёл из-за стола и не вернулся за {time}",
    "server.duration.min": "{n} мин",
    "server.duration.s": "{n} с",
    "server.bad_match_to": "{field} должно быть целым числом очков от {min} до {max} или отсутствовать",
    "server.match_over": "матч окончен: одна из сторон набрала {to|# очко|# очка|# очков}",
    "server.no_draws": "компьютер не принимает предложений ничьей: ничью предлагают друг другу двое людей",
    "server.bad_accept": "{field} должно быть {values}",
    "server.not_over": (
        "запись партии будет доступна, когда игра закончится (в ней есть номер расклада, по которому видны "
        "закрытые карты)"
    ),
    "server.still_playing": "игра ещё идёт",
    "server.storage": "ход не удалось сохранить, поэтому он не сделан; попробуйте ещё раз",
    "server.storage_busy": "база данных занята, поэтому ничего не изменилось; попробуйте чуть позже",
    "server.origin": "запросы с {origin} здесь не принимаются",
    "server.rate_games": (
        "слишком много новых игр с вашего адреса (не больше {limit} в минуту); попробуйте через "
        "{seconds|# секунду|# секунды|# секунд}"
    ),
    "server.too_many_connections": "слишком много открытых соединений с вашего адреса (не больше {limit})",
    "server.shutting_down": "сервер перезапускается; подключитесь снова через минуту",
    "server.slow_client": "это соединение не успевало за игрой и было закрыто; подключитесь снова",
    "server.join_timeout": "за {seconds|# секунду|# секунды|# секунд} не пришло сообщение {kind}: соединение закрыто",
    "server.internal": "на сервере что-то пошло не так; ничего не изменилось",
    "server.not_found": "по этому адресу ничего нет",
    "server.method": "этот адрес не принимает запросы {method}",
    "server.text": "{text}",
}
