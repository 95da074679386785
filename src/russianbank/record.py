"""Game records, in the spirit of PGN, and their JSON form.

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
    2. A RF=2C SH=8h stop {B: O1 broken by SH (move 3); annul, 1 move(s) taken back}
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
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import moves as mv
from .cards import card_name, parse_cards
from .errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidRecordError,
)
from .moves import Move
from .options import Options, parse_options

if TYPE_CHECKING:
    from .game import Game

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_TAG_RE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


class ReplayError(InvalidRecordError):
    """A record's move could not be replayed: ``number`` is the 1-based move number."""

    def __init__(self, message: str, number: int, move: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.number = number
        self.move = move
        self.rule = rule


@dataclass
class RecordMove:
    move: Move
    reveals: tuple[int, ...] | None = None  # None: not written (not checked)
    player: int | None = None


@dataclass
class Record:
    """A parsed game record. :meth:`replay` rebuilds the game."""

    options: Options
    seed: int | None = None
    position: str | None = None
    first_player: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    initial_reveals: tuple[int, ...] | None = None
    moves: list[RecordMove] = field(default_factory=list)
    result: str = "*"

    def replay(self, upto: int | None = None) -> Game:
        """Replay the moves (the first ``upto`` only, if given); raise :class:`ReplayError` at a bad one."""
        from .game import Game

        if self.seed is None and self.position is None:
            raise InvalidRecordError(
                "the record has neither a Seed nor a Position tag, so it cannot be replayed"
            )
        try:
            game = Game(
                options=self.options, seed=self.seed, first_player=self.first_player, position=self.position
            )
        except (InvalidRecordError, ValueError) as e:
            raise InvalidRecordError(f"the record's setup is invalid: {e}") from None
        if self.initial_reveals is not None and self.initial_reveals != game.initial_reveals:
            raise ReplayError(
                f"the cards turned up at the start are {_names(game.initial_reveals)}, "
                f"not {_names(self.initial_reveals)} as recorded (does the Seed match?)",
                0,
                "=",
            )
        for i, rm in enumerate(self.moves[:upto] if upto is not None else self.moves):
            n = i + 1
            text = str(rm.move)
            if rm.player is not None:
                actual = 1 - game.turn if rm.move.code in (mv.STOP, mv.OPP_RESIGN) else game.turn
                if game.is_over():
                    raise ReplayError(f"move {n} ({text}): the game is already over", n, text, "D1")
                if actual != rm.player:
                    raise ReplayError(
                        f"move {n} ({text}): recorded for {'AB'[rm.player]}, but it is {'AB'[game.turn]}'s turn",
                        n,
                        text,
                    )
            try:
                game.push(rm.move)
            except IllegalMoveError as e:
                raise ReplayError(f"move {n} ({text}): {e}", n, text, e.rule) from None
            got = game.reveals(len(game.move_stack) - 1)
            if rm.reveals is not None and rm.reveals != got:
                raise ReplayError(
                    f"move {n} ({text}): it turned up {_names(got)}, not {_names(rm.reveals)} as recorded "
                    "(does the Seed match?)",
                    n,
                    text,
                )
        return game


def _names(cards: tuple[int, ...]) -> str:
    return "".join(card_name(c) for c in cards) or "nothing"


def iter_history(game: Game) -> Iterator[tuple[int, Move, tuple[int, ...]]]:
    for i, m in enumerate(game.move_stack):
        yield game.mover(i), m, game.reveals(i)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _base_tags(game: Game, tags: dict[str, str] | None) -> dict[str, str]:
    out: dict[str, str] = {"Event": "Russian Bank", "Preset": game.options.preset}
    out["Options"] = game.options.describe()
    if game.starting_position is not None:
        out["Position"] = game.starting_position
    elif game.seed is not None:
        out["Seed"] = str(game.seed)
    out["First"] = "AB"[game.first_player]
    if tags:
        for k, v in tags.items():
            if not re.fullmatch(r"\w+", k):
                raise InvalidRecordError(f"bad tag name {k!r}")
            out[k] = str(v)
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
    player = game.first_player
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
        if m.code in (mv.DISCARD, mv.PASS, mv.STOP):  # these end the turn
            turn_lines.append(" ".join(cur))
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
    return {
        "format": "russianbank-record/1",
        "tags": head,
        "options": game.options.to_dict(),
        "seed": game.seed if game.starting_position is None else None,
        "position": game.starting_position,
        "first_player": "AB"[game.first_player],
        "initial_reveals": [card_name(c) for c in game.initial_reveals],
        "moves": [
            {
                "player": "AB"[game.mover(i)],
                "move": str(m),
                "reveals": [card_name(c) for c in game.reveals(i)],
                **({"ruling": game.ruling(i).describe()} if game.ruling(i) else {}),  # type: ignore[union-attr]
            }
            for i, m in enumerate(game.move_stack)
        ],
        "result": head["Result"],
        "outcome": None if o is None else o.to_dict(),
    }


def _player(text: str, where: str) -> int:
    if text == "A":
        return 0
    if text == "B":
        return 1
    raise InvalidRecordError(f"{where}: player must be 'A' or 'B', not {text!r}")


def _cards(text: str, where: str) -> tuple[int, ...]:
    try:
        return tuple(parse_cards(text))
    except InvalidCardError as e:
        raise InvalidRecordError(f"{where}: {e}") from None


def _setup(tags: dict[str, str], where: str) -> tuple[Options, int | None, str | None, int | None]:
    try:
        if "Options" in tags:
            options = parse_options(tags["Options"])
        else:
            options = parse_options(f"preset={tags.get('Preset', 'classic')}")
    except InvalidOptionsError as e:
        raise InvalidRecordError(f"{where}: {e}") from None
    seed = None
    if tags.get("Seed") not in (None, ""):
        try:
            seed = int(tags["Seed"])
        except ValueError:
            raise InvalidRecordError(f"{where}: Seed must be a whole number, not {tags['Seed']!r}") from None
    first = _player(tags["First"], f"{where} First") if tags.get("First") else None
    return options, seed, tags.get("Position") or None, first


def parse_record_text(text: str) -> Record:
    """Parse the text form. Raises :class:`InvalidRecordError` saying what and where."""
    tags: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    in_head = True
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if in_head and s.startswith("["):
            m = _TAG_RE.match(s)
            if not m:
                raise InvalidRecordError(f'line {lineno}: bad tag {s[:60]!r}: expected [Name "value"]')
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            continue
        if s:
            in_head = False
            body.append((lineno, s))
    options, seed, position, first = _setup(tags, "tags")
    rec = Record(options=options, seed=seed, position=position, first_player=first, tags=tags)
    result = tags.get("Result", "*")
    expect: int | None = None
    for lineno, s in body:
        s = re.sub(r"\{[^}]*\}", " ", s)
        if "{" in s or "}" in s:
            raise InvalidRecordError(f"line {lineno}: unbalanced '{{' or '}}' in a comment")
        for tok in s.split():
            where = f"line {lineno}"
            if re.fullmatch(r"\d+\.", tok):
                continue
            if tok in ("A", "B"):
                expect = _player(tok, where)
                continue
            if tok in RESULTS:
                result = tok
                continue
            if tok.startswith("="):
                if rec.moves or rec.initial_reveals is not None:
                    raise InvalidRecordError(f"{where}: a bare '=' reveal may only open the game")
                rec.initial_reveals = _cards(tok[1:], where)
                continue
            mtext, _, rv = tok.partition("=")
            try:
                move = Move.from_str(mtext)
            except InvalidMoveError as e:
                raise InvalidRecordError(f"{where}, move {len(rec.moves) + 1}: {e}") from None
            reveals = _cards(rv, where) if "=" in tok else ()
            player = expect
            if player is not None and move.code in (mv.STOP, mv.OPP_RESIGN):  # by the other side
                player = 1 - player
            rec.moves.append(RecordMove(move, reveals, player))
    if result not in RESULTS:
        raise InvalidRecordError(f"Result must be one of {', '.join(RESULTS)}, not {result!r}")
    rec.result = result
    return rec


def parse_record_json(data: Any) -> Record:
    if not isinstance(data, dict):
        raise InvalidRecordError("a JSON record must be an object")
    tags = data.get("tags") or {}
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise InvalidRecordError("'tags' must be an object of strings")
    try:
        options = Options.from_dict(data["options"]) if "options" in data else _setup(tags, "tags")[0]
    except (InvalidOptionsError, TypeError) as e:
        raise InvalidRecordError(f"options: {e}") from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidRecordError("'seed' must be a whole number or null")
    position = data.get("position")
    if position is not None and not isinstance(position, str):
        raise InvalidRecordError("'position' must be a string or null")
    first = data.get("first_player")
    rec = Record(
        options=options,
        seed=seed,
        position=position,
        first_player=_player(first, "first_player") if first is not None else None,
        tags=dict(tags),
    )
    if data.get("initial_reveals") is not None:
        rv = data["initial_reveals"]
        if not isinstance(rv, list) or not all(isinstance(c, str) for c in rv):
            raise InvalidRecordError("'initial_reveals' must be a list of card names")
        rec.initial_reveals = _cards("".join(rv), "initial_reveals")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise InvalidRecordError("'moves' must be a list")
    for i, item in enumerate(moves, 1):
        where = f"moves[{i}]"
        if isinstance(item, str):
            item = {"move": item}
        if not isinstance(item, dict) or not isinstance(item.get("move"), str):
            raise InvalidRecordError(f"{where}: expected an object with a 'move' string")
        try:
            move = Move.from_str(item["move"])
        except InvalidMoveError as e:
            raise InvalidRecordError(f"{where}: {e}") from None
        reveals = None
        if "reveals" in item:
            rv = item["reveals"]
            if not isinstance(rv, list) or not all(isinstance(c, str) for c in rv):
                raise InvalidRecordError(f"{where}: 'reveals' must be a list of card names")
            reveals = _cards("".join(rv), where)
        player = _player(item["player"], where) if item.get("player") is not None else None
        rec.moves.append(RecordMove(move, reveals, player))
    result = data.get("result", "*")
    if result not in RESULTS:
        raise InvalidRecordError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
    rec.result = result
    return rec


def parse_record(text: str) -> Record:
    """Parse a record in either form (JSON if it starts with ``{``)."""
    if not isinstance(text, str):
        raise InvalidRecordError("a record must be text")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidRecordError(f"bad JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
        return parse_record_json(data)
    return parse_record_text(text)


def load_record(text: str) -> Game:
    """Parse a record and replay it to the final position."""
    return parse_record(text).replay()
