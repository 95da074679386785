"""Game records, in the spirit of PGN, and their JSON form; files of many games.

Text form::

    [Event "Russian Bank"]
    [Preset "classic"]
    [Options "preset=classic single=off reserve_size=12 ..."]
    [Seed "42"]
    [First "B"]
    [A "Alice"]
    [B "Computer (medium)"]
    [Result "0-1"]
    [Termination "win"]
    [Score "47"]

    1. B =qh 5F 6F SH=4d H7 SH=9c HW=QS
    2. A RF=2C SH=8h stop {Stop! by B: O1 broken by SH (move 3); 1 move(s) taken back}
    ...
    0-1

Each turn starts on a new line with its number and the player on move. A
move is written in the move notation (:mod:`russianbank.moves`); ``=`` and
cards after it name the cards the move turned face up (the drawn card, the
next reserve card, the opponent's reserve top at their first turn, the four
cards a one-deck player lays out). ``=`` alone at the start names the cards
turned up before the first move. ``{...}`` is a comment (the engine writes the
ruling of each Stop there, S4). The replay checks every reveal against the
deal, so a record that does not match its seed is reported.

A file may hold many records, as a PGN file holds many games: text records one
after the other (each starts with its tags), or JSON records one per line (JSON
Lines). :func:`read_records` reads such a file game by game, so memory stays
bounded by the longest game, and :func:`write_records` writes one.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from . import moves as mv
from .cards import card_name, parse_cards
from .errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidRecordError,
    RussianBankError,
    shown,
)
from .i18n import Message
from .moves import Move
from .options import Options, parse_options

if TYPE_CHECKING:
    from .game import Game

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_TAG_RE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_NUMBER_RE = re.compile(r"[+-]?[0-9]{1,30}")
_TURN_RE = re.compile(r"[0-9]+\.")
_COMMENT_RE = re.compile(r"\{[^}]*\}")
_TOKEN_RE = re.compile(r"\S+")
_BOM = "\ufeff"
_LAZY_JSON = 1 << 18  # a JSON record longer than this has its moves decoded one at a time


class ReplayError(InvalidRecordError):
    """A record's move could not be replayed: ``number`` is the 1-based move number, ``move`` its text."""

    def __init__(
        self,
        code: str,
        params: dict[str, Any] | None = None,
        number: int = 0,
        move: str = "",
        rule: str | None = None,
    ) -> None:
        super().__init__(code, params)
        self.number = number
        self.move = move
        self.rule = rule


@dataclass
class RecordMove:
    """One move of a record: the move, the cards it turned up (None: not written, not checked), the mover."""

    move: Move
    reveals: tuple[int, ...] | None = None
    player: int | None = None


@dataclass
class Record:
    """A parsed game record. :meth:`replay` rebuilds the game.

    ``result`` is the result the record states (its Result tag, or its closing result token
    when the tag is missing); :meth:`contradictions` compares it with the replayed game.
    """

    options: Options
    seed: int | None = None
    position: str | None = None
    first_mover: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    initial_reveals: tuple[int, ...] | None = None
    moves: list[RecordMove] = field(default_factory=list)
    result: str = "*"
    results: tuple[str, ...] = ()  # every result the record states (tag, closing token), for checks
    validate: bool = True
    #: The moves still to be read, for a record read lazily (:meth:`RecordChunk.replay`); else None.
    source: Iterator[RecordMove] | None = field(default=None, repr=False, compare=False)
    #: How many moves the last :meth:`replay` played.
    replayed: int = field(default=0, compare=False)

    def replay(self, upto: int | None = None, *, keep_history: bool = True) -> Game:
        """Replay the moves (the first ``upto`` only, if given); raise :class:`ReplayError` at a bad one.

        With ``keep_history=False`` the game forgets the moves as it goes (:meth:`Game.clear_stack
        <russianbank.game.Game.clear_stack>`), so a very long game replays in little memory; the
        replayed game then has no move stack (:attr:`replayed` counts the moves).
        """
        from .game import Game

        if self.seed is None and self.position is None:
            raise InvalidRecordError("error.record.no_setup")
        try:
            game = Game(
                options=self.options,
                seed=self.seed,
                first_mover=self.first_mover,
                position=self.position,
                validate=self.validate,
            )
        except RussianBankError as e:
            raise InvalidRecordError("error.record.setup", {"problem": e.message}) from None
        start = game.initial_reveals
        moves: Iterable[RecordMove] = self.moves if self.source is None else self.source
        if upto is not None:
            moves = itertools.islice(moves, upto)
        self.replayed = 0
        for n, rm in enumerate(itertools.chain(moves, (None,))):
            if n == 0 and self.initial_reveals is not None and self.initial_reveals != start:
                raise ReplayError(
                    "error.record.start_reveals",
                    {"got": _names(start), "want": _names(self.initial_reveals)},
                    0,
                    "=",
                )
            if rm is None:
                break
            self.replayed = n = n + 1
            if not keep_history and n % 4096 == 0 and game.pending_violation() is None:
                game.clear_stack()
            text = str(rm.move)
            if game.is_over():
                raise ReplayError("error.record.over", {"n": n, "move": text}, n, text, "D1")
            if rm.player is not None:
                actual = 1 - game.turn if rm.move.code in (mv.STOP, mv.OPP_RESIGN) else game.turn
                if actual != rm.player:
                    raise ReplayError(
                        "error.record.wrong_player",
                        {"n": n, "move": text, "recorded": "AB"[rm.player], "turn": "AB"[game.turn]},
                        n,
                        text,
                    )
            try:
                game.push(rm.move)
            except IllegalMoveError as e:
                raise ReplayError(
                    "error.record.illegal", {"n": n, "move": text, "rule": e.rule, "reason": e.message}, n, text, e.rule
                ) from None
            got = game.reveals(len(game.move_stack) - 1)
            if rm.reveals is not None and rm.reveals != got:
                raise ReplayError(
                    "error.record.reveals",
                    {"n": n, "move": text, "got": _names(got), "want": _names(rm.reveals)},
                    n,
                    text,
                )
        return game

    def contradictions(self, game: Game) -> list[Message]:
        """Where the record's stated result (Result tag, closing token, Termination and Score tags)
        contradicts ``game``, the game its moves replay to. Empty when all agree."""
        out: list[Message] = []
        o = game.outcome()
        actual = o.result() if o else "*"
        for stated in dict.fromkeys(self.results):
            if stated != "*" and stated != actual:
                out.append(Message("error.record.result_differs", {"stated": stated, "actual": actual}))
        term = self.tags.get("Termination")
        if term and o is not None and term != o.termination.value:
            out.append(
                Message("error.record.termination_differs", {"stated": shown(term), "actual": o.termination.value})
            )
        score = self.tags.get("Score")
        if score and o is not None and o.score is not None and score != str(o.score.total):
            out.append(Message("error.record.score_differs", {"stated": shown(score), "actual": o.score.total}))
        return out


def _names(cards: tuple[int, ...]) -> str:
    return "".join(card_name(c) for c in cards) or "nothing"


def iter_history(game: Game) -> Iterator[tuple[int, Move, tuple[int, ...]]]:
    """(player, move, reveals) for every move of ``game``, in order."""
    for i, m in enumerate(game.move_stack):
        yield game.mover(i), m, game.reveals(i)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")


def _base_tags(game: Game, tags: dict[str, str] | None) -> dict[str, str]:
    from .game import Game

    if not isinstance(game, Game):
        raise InvalidRecordError("error.record.game", {"value": shown(game)})
    out: dict[str, str] = {"Event": "Russian Bank", "Preset": game.options.preset}
    out["Options"] = game.options.describe()
    if game.starting_position is not None:
        out["Position"] = game.starting_position
        if not game.validated:
            out["Validate"] = "off"
    elif game.seed is not None:
        out["Seed"] = str(game.seed)
    out["First"] = "AB"[game.first_mover]
    if tags:
        if not isinstance(tags, dict):
            raise InvalidRecordError("error.record.tags_arg", {"value": shown(tags)})
        for k, v in tags.items():
            if not isinstance(k, str) or not re.fullmatch(r"\w+", k, re.ASCII):
                raise InvalidRecordError("error.record.tag_name", {"name": shown(k)})
            if not isinstance(v, str | int):
                raise InvalidRecordError("error.record.tag_value", {"name": k, "value": shown(v)})
            out[k] = str(v) if not isinstance(v, int) or v.bit_length() < 1000 else shown(v)
    o = game.outcome()
    out["Result"] = o.result() if o else "*"
    if o is not None:
        out["Termination"] = o.termination.value
        if o.score is not None:
            out["Score"] = str(o.score.total)
    return out


def record_text(game: Game, tags: dict[str, str] | None = None) -> str:
    """The game record of ``game`` as text (tags, then one line per turn)."""
    head = _base_tags(game, tags)
    lines = [f'[{k} "{_escape(v)}"]' for k, v in head.items()]
    lines.append("")
    turn_lines: list[str] = []
    cur: list[str] = []
    turn_no = game.first_turn_no
    player = game.first_mover
    cur.append(f"{turn_no}. {'AB'[player]}")
    if game.initial_reveals:
        cur.append("=" + "".join(card_name(c) for c in game.initial_reveals))
    for i, m in enumerate(game.move_stack):
        tok = str(m)
        rv = game.reveals(i)
        if rv:
            tok += "=" + "".join(card_name(c) for c in rv)
        cur.append(tok)
        r = game.ruling(i)
        if r is not None:
            cur.append("{" + r.describe() + "}")
        if m.code in (mv.DISCARD, mv.PASS, mv.STOP) and not (i == len(game.move_stack) - 1 and game.is_over()):
            turn_lines.append(" ".join(cur))  # these end the turn (and start the next one, unless the game ends)
            turn_no += 1
            player = 1 - player
            cur = [f"{turn_no}. {'AB'[player]}"]
    if len(cur) > 1 or not turn_lines:
        turn_lines.append(" ".join(cur))
    lines.extend(turn_lines)
    lines.append(head["Result"])
    return "\n".join(lines) + "\n"


def record_json(game: Game, tags: dict[str, str] | None = None) -> dict[str, Any]:
    """The game record as a JSON-ready dict."""
    head = _base_tags(game, tags)
    o = game.outcome()
    moves_out: list[dict[str, Any]] = []
    for i, m in enumerate(game.move_stack):
        item: dict[str, Any] = {
            "player": "AB"[game.mover(i)],
            "move": str(m),
            "reveals": [card_name(c) for c in game.reveals(i)],
        }
        ruling = game.ruling(i)
        if ruling is not None:
            item["ruling"] = ruling.describe()
        moves_out.append(item)
    out: dict[str, Any] = {
        "format": "russianbank-record/1",
        "tags": head,
        "options": game.options.to_dict(),
        "seed": game.seed if game.starting_position is None else None,
        "position": game.starting_position,
        "first_player": "AB"[game.first_mover],
        "initial_reveals": [card_name(c) for c in game.initial_reveals],
        "moves": moves_out,
        "result": head["Result"],
        "outcome": None if o is None else o.to_dict(),
    }
    if game.starting_position is not None and not game.validated:
        out["validate"] = False
    return out


# ------------------------------------------------------------------ parsing


def _player(text: object, where: str) -> int:
    if text == "A":
        return 0
    if text == "B":
        return 1
    raise InvalidRecordError("error.record.player", {"where": where, "text": shown(text)})


def _cards(text: str, where: str) -> tuple[int, ...]:
    try:
        return tuple(parse_cards(text))
    except InvalidCardError as e:
        raise InvalidRecordError("error.record.cards", {"where": where, "problem": e.message}) from None


def _setup(tags: dict[str, str]) -> tuple[Options, int | None, str | None, int | None, bool]:
    try:
        if "Options" in tags:
            options = parse_options(tags["Options"])
        else:
            options = parse_options(f"preset={tags.get('Preset', 'classic')}")
    except InvalidOptionsError as e:
        raise InvalidRecordError("error.record.options", {"where": "Options", "problem": e.message}) from None
    seed = None
    if tags.get("Seed") not in (None, ""):
        if not _NUMBER_RE.fullmatch(tags["Seed"].strip()):
            raise InvalidRecordError("error.record.seed", {"text": shown(tags["Seed"])})
        seed = int(tags["Seed"])
    first = _player(tags["First"], "First") if tags.get("First") else None
    validate = tags.get("Validate", "on")
    if validate not in ("on", "off"):
        raise InvalidRecordError("error.record.validate", {"text": shown(validate)})
    return options, seed, tags.get("Position") or None, first, validate == "on"


def parse_record_text(text: str) -> Record:
    """Parse the text form of one game. Raises :class:`InvalidRecordError` saying what and where."""
    if not isinstance(text, str):
        raise InvalidRecordError("error.record.not_text", {"value": shown(text)})
    return _parse_text_lines(enumerate(text.removeprefix(_BOM).splitlines(), 1))


def _parse_text_lines(lines: Iterable[tuple[int, str]], lazy: bool = False) -> Record:
    tags: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    in_head = True
    for lineno, line in lines:
        s = line.strip()
        if in_head and s.startswith("["):
            m = _TAG_RE.match(s)
            if not m:
                raise InvalidRecordError("error.record.tag", {"line": lineno, "text": shown(s)})
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            continue
        if s:
            in_head = False
            body.append((lineno, s))
    options, seed, position, first, validate = _setup(tags)
    rec = Record(options=options, seed=seed, position=position, first_mover=first, tags=tags, validate=validate)
    tag_result = tags.get("Result")
    if tag_result is not None and tag_result not in RESULTS:
        raise InvalidRecordError("error.record.result", {"value": shown(tag_result)})
    rec.results = (tag_result,) if tag_result is not None else ()
    rec.result = tag_result or "*"
    source = _text_moves(rec, body, tag_result)
    if lazy:
        rec.source = source
    else:
        rec.moves = list(source)
    return rec


def _text_moves(rec: Record, body: list[tuple[int, str]], tag_result: str | None) -> Iterator[RecordMove]:
    """The moves of a text record's body, one at a time (the closing result is noted at the end)."""
    closing: str | None = None
    expect: int | None = None
    n = 0
    for lineno, s in body:
        s = _COMMENT_RE.sub(" ", s)
        if "{" in s or "}" in s:
            raise InvalidRecordError("error.record.comment", {"line": lineno})
        for found in _TOKEN_RE.finditer(s):
            tok = found.group(0)
            if _TURN_RE.fullmatch(tok):
                continue
            if tok in ("A", "B"):
                expect = _player(tok, f"line {lineno}")
                continue
            if tok in RESULTS:
                closing = tok
                continue
            if tok.startswith("="):
                if n or rec.initial_reveals is not None:
                    raise InvalidRecordError("error.record.bare_reveal", {"line": lineno})
                rec.initial_reveals = _cards(tok[1:], f"line {lineno}")
                continue
            mtext, eq, rv = tok.partition("=")
            n += 1
            try:
                move = Move.from_str(mtext)
            except InvalidMoveError as e:
                raise InvalidRecordError("error.record.move", {"line": lineno, "n": n, "problem": e.message}) from None
            reveals = _cards(rv, f"line {lineno}") if eq else ()
            player = expect
            if player is not None and move.code in (mv.STOP, mv.OPP_RESIGN):  # by the other side
                player = 1 - player
            yield RecordMove(move, reveals, player)
    stated = [r for r in (tag_result, closing) if r is not None]
    rec.results = tuple(stated)
    rec.result = stated[0] if stated else "*"


def parse_record_json(data: Any) -> Record:
    """Parse the JSON form of one game (as loaded by :func:`json.loads`)."""
    if not isinstance(data, dict):
        raise InvalidRecordError("error.record.json_object", {"value": shown(data)})
    tags = data.get("tags") or {}
    if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
        raise InvalidRecordError("error.record.json_tags")
    if "options" in data:
        try:
            options = Options.from_dict(data["options"])
        except InvalidOptionsError as e:
            raise InvalidRecordError("error.record.options", {"where": "options", "problem": e.message}) from None
    else:
        options = _setup(tags)[0]
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > 100):
        raise InvalidRecordError("error.record.json_seed", {"value": shown(seed)})
    position = data.get("position")
    if position is not None and not isinstance(position, str):
        raise InvalidRecordError("error.record.json_position", {"value": shown(position)})
    validate = data.get("validate", True)
    if not isinstance(validate, bool):
        raise InvalidRecordError("error.record.validate", {"text": shown(validate)})
    first = data.get("first_player")
    rec = Record(
        options=options,
        seed=seed,
        position=position,
        first_mover=_player(first, "first_player") if first is not None else None,
        tags=dict(tags),
        validate=validate,
    )
    if data.get("initial_reveals") is not None:
        rv = data["initial_reveals"]
        if not isinstance(rv, list) or not all(isinstance(c, str) and len(c) == 2 for c in rv):
            raise InvalidRecordError("error.record.json_reveals", {"where": "initial_reveals"})
        rec.initial_reveals = _cards("".join(rv), "initial_reveals")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise InvalidRecordError("error.record.json_moves")
    rec.moves = [_json_move(item, i) for i, item in enumerate(moves, 1)]
    result = data.get("result", "*")
    if not isinstance(result, str) or result not in RESULTS:
        raise InvalidRecordError("error.record.result", {"value": shown(result)})
    tag_result = tags.get("Result")
    if tag_result is not None and tag_result not in RESULTS:
        raise InvalidRecordError("error.record.result", {"value": shown(tag_result)})
    rec.result = result
    rec.results = tuple(r for r in (tag_result, result) if r is not None)
    return rec


def _json_move(item: Any, i: int) -> RecordMove:
    where = f"moves[{i}]"
    if isinstance(item, str):
        item = {"move": item}
    if not isinstance(item, dict) or not isinstance(item.get("move"), str):
        raise InvalidRecordError("error.record.json_move", {"where": where})
    try:
        move = Move.from_str(item["move"])
    except InvalidMoveError as e:
        raise InvalidRecordError("error.record.json_bad_move", {"where": where, "problem": e.message}) from None
    reveals = None
    if "reveals" in item:
        rv = item["reveals"]
        if not isinstance(rv, list) or not all(isinstance(c, str) and len(c) == 2 for c in rv):
            raise InvalidRecordError("error.record.json_reveals", {"where": where})
        reveals = _cards("".join(rv), where)
    player = _player(item["player"], where) if item.get("player") is not None else None
    return RecordMove(move, reveals, player)


def _bad_constant(name: str) -> Any:
    raise InvalidRecordError("error.record.json_constant", {"name": name})


_DECODER = json.JSONDecoder(parse_constant=_bad_constant)
_SPACE = re.compile(r"[ \t\n\r]*")


def _json_lazily(text: str, line: int) -> Record | None:
    """A big JSON record read with its moves decoded one at a time (memory stays flat); None when the
    text is not one JSON object with a list of moves (the caller then reads it whole)."""

    def at(i: int) -> int:
        m = _SPACE.match(text, i)
        return m.end() if m else i

    try:
        i = at(0)
        if text[i : i + 1] != "{":
            return None
        i = at(i + 1)
        head: dict[str, Any] = {}
        moves_at = -1
        while text[i : i + 1] != "}":
            key, i = _DECODER.raw_decode(text, i)
            i = at(i)
            if not isinstance(key, str) or text[i : i + 1] != ":":
                return None
            i = at(i + 1)
            if key == "moves" and text[i : i + 1] == "[":
                moves_at = i
                i = _skip_list(text, i, at)
            else:
                head[key], i = _DECODER.raw_decode(text, i)
            i = at(i)
            if text[i : i + 1] == ",":
                i = at(i + 1)
            elif text[i : i + 1] != "}":
                return None
        if moves_at < 0 or text[at(i + 1) :].strip():
            return None
    except (json.JSONDecodeError, RecursionError, ValueError):
        return None
    rec = parse_record_json(head)
    rec.source = _json_list_items(text, moves_at, at)
    return rec


def _skip_list(text: str, i: int, at: Callable[[int], int]) -> int:
    """The index after the JSON list starting at ``text[i]``, decoding its items one by one."""
    i = at(i + 1)
    if text[i : i + 1] == "]":
        return i + 1
    while True:
        _, i = _DECODER.raw_decode(text, i)
        i = at(i)
        if text[i : i + 1] == "]":
            return i + 1
        if text[i : i + 1] != ",":
            raise json.JSONDecodeError("expected ',' or ']'", text, i)
        i = at(i + 1)


def _json_list_items(text: str, i: int, at: Callable[[int], int]) -> Iterator[RecordMove]:
    i = at(i + 1)
    n = 0
    while text[i : i + 1] != "]":
        item, i = _DECODER.raw_decode(text, i)
        n += 1
        yield _json_move(item, n)
        i = at(i)
        if text[i : i + 1] == ",":
            i = at(i + 1)


def _load_json(text: str, line: int = 1) -> Any:
    try:
        return json.loads(text, parse_constant=_bad_constant)
    except json.JSONDecodeError as e:
        raise InvalidRecordError(
            "error.record.json", {"line": e.lineno + line - 1, "col": e.colno, "msg": e.msg}
        ) from None
    except RecursionError:  # nested deeper than the decoder goes; a record is three levels deep
        raise InvalidRecordError("error.record.json_deep") from None
    except ValueError:  # a number too long for Python's int parser
        raise InvalidRecordError("error.record.json_number") from None


def parse_record(text: str) -> Record:
    """Parse one record in either form (JSON if it starts with ``{``; a UTF-8 BOM is skipped)."""
    if not isinstance(text, str):
        raise InvalidRecordError("error.record.not_text", {"value": shown(text)})
    text = text.removeprefix(_BOM)
    if text.lstrip().startswith("{"):
        return parse_record_json(_load_json(text))
    return parse_record_text(text)


def load_record(text: str) -> Game:
    """Parse a record and replay it to the final position."""
    return parse_record(text).replay()


# ------------------------------------------------------------ many games


@dataclass
class RecordChunk:
    """One game's part of a file of many records: its number (from 1), first line, and form."""

    number: int
    line: int
    form: str  # "text" or "json"
    lines: list[str]
    data: Any = None  # a JSON line already loaded

    def parse(self) -> Record:
        """This game's record, or :class:`InvalidRecordError` saying what is wrong (lines count in the file)."""
        if self.form == "json":
            data = self.data if self.data is not None else _load_json("\n".join(self.lines), self.line)
            return parse_record_json(data)
        return _parse_text_lines(enumerate(self.lines, self.line))

    def replay(self) -> tuple[Record, Game]:
        """Parse and replay this game in little memory: its moves are read one at a time and the game
        forgets them as it goes (``keep_history=False``; :attr:`Record.replayed` counts them)."""
        if self.form == "json":
            rec = None
            if self.data is None:
                text = "\n".join(self.lines)
                rec = _json_lazily(text, self.line) if len(text) > _LAZY_JSON else None
            if rec is None:
                rec = self.parse()
        else:
            rec = _parse_text_lines(enumerate(self.lines, self.line), lazy=True)
        return rec, rec.replay(keep_history=False)


def split_records(source: str | IO[str] | Iterable[str]) -> Iterator[RecordChunk]:
    """Cut a file of many records into one chunk per game, reading it line by line.

    ``source`` is the whole text, an open text file or any iterable of lines. Text records
    start at their first tag line; JSON records stand one per line (JSON Lines), or the
    file is a single JSON record spread over several lines.
    """
    lines: Iterable[str]
    if isinstance(source, str):
        lines = io.StringIO(source)
    elif isinstance(source, Iterable):
        lines = source
    else:
        raise InvalidRecordError("error.record.not_text", {"value": shown(source)})
    number = 0
    cur: list[str] = []
    start = 0
    form = ""
    in_body = False
    json_doc: list[str] | None = None
    for lineno, raw in enumerate(lines, 1):
        if not isinstance(raw, str):
            raise InvalidRecordError("error.record.not_text", {"value": shown(raw)})
        line = raw.rstrip("\r\n")
        if lineno == 1:
            line = line.removeprefix(_BOM)
        s = line.strip()
        if json_doc is not None:
            json_doc.append(line)
            continue
        if not form and not s:
            continue
        if not cur and s.startswith("{"):
            if s.endswith("}") and len(s) > _LAZY_JSON:  # a big record on one line: read lazily later
                number += 1
                yield RecordChunk(number, lineno, "json", [line])
                continue
            data = _json_object(s) if s.endswith("}") else None
            if data is not None:
                number += 1
                yield RecordChunk(number, lineno, "json", [line], data)
                continue
            if number == 0:
                json_doc = [line]  # one record spread over the whole file
                start = lineno
                continue
        if form == "text" and in_body and s.startswith("["):
            number += 1
            yield RecordChunk(number, start, "text", cur)
            cur, form, in_body = [], "", False
        if not cur:
            if not s:
                continue
            if s.startswith("{"):
                number += 1
                yield RecordChunk(number, lineno, "json", [line])
                continue
            start, form = lineno, "text"
        cur.append(line)
        if s and not s.startswith("["):
            in_body = True
    if json_doc is not None:
        yield RecordChunk(1, start, "json", json_doc)
    elif cur and any(x.strip() for x in cur):
        yield RecordChunk(number + 1, start, form or "text", cur)


def _json_object(line: str) -> dict[str, Any] | None:
    try:
        data = _load_json(line)
    except InvalidRecordError:
        return None
    return data if isinstance(data, dict) else None


def read_records(source: str | IO[str] | Iterable[str]) -> Iterator[Record]:
    """Every record of a file of many games, parsed one game at a time.

    Raises :class:`InvalidRecordError` at the first record that cannot be parsed, naming its
    game number and first line; use :func:`split_records` to go on past bad ones.
    """
    for chunk in split_records(source):
        try:
            yield chunk.parse()
        except InvalidRecordError as e:
            raise InvalidRecordError(
                "error.record.in_game", {"number": chunk.number, "line": chunk.line, "problem": e.message}
            ) from None


def write_records(games: Iterable[Game], out: IO[str], form: str = "text", tags: dict[str, str] | None = None) -> int:
    """Write the records of ``games`` to ``out`` one after the other; returns how many.

    ``form`` is ``"text"`` (records separated by a blank line) or ``"json"`` (JSON Lines).
    """
    if form not in ("text", "json"):
        raise InvalidRecordError("error.record.form", {"value": shown(form)})
    n = 0
    for game in games:
        if form == "text":
            if n:
                out.write("\n")
            out.write(record_text(game, tags))
        else:
            out.write(json.dumps(record_json(game, tags), ensure_ascii=False) + "\n")
        n += 1
    return n
