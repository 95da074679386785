"""Bad input, fuzzed with hypothesis: every parser and every Game call given junk raises the package's
own error (a RussianBankError, a ValueError) with a message in both languages, or succeeds; any other
exception fails the test, and a refused call on a game changes nothing.

``RB_FUZZ_EXAMPLES`` sets the examples per test (default 150); ``RB_FUZZ_REPORT=path`` writes how
many inputs each parser got and which exceptions they raised.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from russianbank import (
    SPECTATOR,
    Game,
    Move,
    Options,
    RussianBankError,
    options_for,
    parse_card,
    parse_cards,
    parse_options,
)
from russianbank.cards import card_message, card_name, make_card
from russianbank.errors import shown
from russianbank.moves import PILE_CHARS
from russianbank.record import (
    load_record,
    parse_record,
    parse_record_json,
    read_records,
    record_json,
    record_text,
    split_records,
)
from russianbank.runs import run_moves
from russianbank.scoring import MatchScore

EXAMPLES = int(os.environ.get("RB_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

COUNTS: Counter[str] = Counter()
SEEN: defaultdict[str, Counter[str]] = defaultdict(Counter)


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    path = os.environ.get("RB_FUZZ_REPORT")
    if path:
        data = {name: {"inputs": COUNTS[name], "outcomes": dict(SEEN[name])} for name in sorted(COUNTS)}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)


def attempt(parser: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call ``fn``; only the package's errors may come out (each with a message in both languages)."""
    COUNTS[parser] += 1
    try:
        result = fn(*args, **kwargs)
    except RussianBankError as e:
        SEEN[parser][type(e).__name__] += 1
        assert isinstance(e, ValueError)
        assert str(e) == e.message.text("en") and e.message.text("ru")
        json.dumps(e.message.to_dict())
        return None
    SEEN[parser]["accepted"] += 1
    return result


# ----------------------------------------------------------------- junk values


def _text(value: Any) -> str:
    """``value`` as option text (huge numbers and deep nesting made short)."""
    return value[:80] if isinstance(value, str) else shown(value, 80)


def _nested(depth: int) -> Any:
    out: Any = []
    for _ in range(depth):
        out = [out]
    return out


# Built once (and never changed): 100,000-deep nesting, and numbers no error may print in full.
_HUGE: tuple[Any, ...] = (_nested(100_000), {"preset": _nested(50_000)}, float("inf"), float("nan"), 10**5000)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63, -1, 0, 1, 2, 103, 104, 255, 256, 260, 261])
    | st.integers(0, 1).map(lambda i: (10**5000, -(10**5000))[i])  # mapped: hypothesis cannot print them
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["", "-", "RF", "SH", "QH", "qh", "10h", "A", "B", "on", "classic", "∞", "\x00"])
    | st.just("é").map(lambda c: c * 5000)
    | st.binary(max_size=8)
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=8) | st.sampled_from(["preset", "base", "tableau", "hand"]), inner, max_size=4
        )
        | st.tuples(inner, inner)
    ),
    max_leaves=12,
) | st.integers(0, len(_HUGE) - 1).map(_HUGE.__getitem__)
NOTATION_TEXT = st.text(alphabet=PILE_CHARS + '0123456789TJQKACDHSacdhs=-|/.() {}[]"\\\n\ufeff', max_size=40)


# ------------------------------------------------------------------ the parsers


@given(value=JUNK | NOTATION_TEXT)
@FUZZ
def test_fuzz_moves(value: Any) -> None:
    """Move.from_str, Move.card and Move(code) refuse junk with InvalidMoveError."""
    attempt("Move.from_str", Move.from_str, value)
    attempt("Move.card", Move.card, value, value)
    attempt("Move.card", Move.card, value, 10)
    attempt("Move(code)", Move, value)


@given(value=JUNK | NOTATION_TEXT)
@FUZZ
def test_fuzz_cards(value: Any) -> None:
    """parse_card, parse_cards, make_card, card_name and card_message refuse junk with InvalidCardError."""
    attempt("parse_card", parse_card, value)
    attempt("parse_cards", parse_cards, value)
    attempt("make_card", make_card, value, value, value)
    attempt("card_name", card_name, value)
    attempt("card_message", card_message, value)


OPTION_NAMES = [
    "preset",
    "single",
    "reserve_size",
    "tableau",
    "bonus",
    "recycle",
    "stops",
    "stop_penalty",
    "first_player",
    "draw_limit",
    "base",
    "options",
]


OPTION_FIELDS = {f for f in Options.__dataclass_fields__}


@given(
    text=NOTATION_TEXT | st.text(max_size=60) | JUNK,
    key=st.sampled_from(OPTION_NAMES) | st.text(max_size=10),
    value=JUNK,
    data=st.dictionaries(st.sampled_from(OPTION_NAMES) | st.text(max_size=6), JUNK, max_size=5) | JUNK,
)
@FUZZ
def test_fuzz_options(text: Any, key: Any, value: Any, data: Any) -> None:
    """parse_options, options_for, Options.from_dict and Options(...) refuse junk with InvalidOptionsError:
    ``base=1``, ``reserve_size=inf``, a nested ``base``, non-text presets, wrong types."""
    attempt("parse_options", parse_options, text)
    attempt("parse_options", parse_options, f"preset=classic {key}={_text(value)}")
    attempt("options_for", options_for, value)
    if isinstance(key, str):
        attempt("options_for", options_for, "classic", **{key: value})
        if key in OPTION_FIELDS:  # an unknown keyword is Python's TypeError, as for any dataclass
            attempt("Options(...)", Options, **{key: value})
    attempt("Options.from_dict", Options.from_dict, data)
    attempt("Game(...)", Game, value, seed=value)
    attempt("Game(...)", Game, "classic", seed=1, first_mover=value, validate=value)


def _positions() -> list[tuple[str, str]]:
    out = []
    for preset, seed, steps in (("classic", 1, 40), ("hoyle", 2, 160), ("single", 3, 90), ("suited", 4, 0)):
        g = Game(preset, seed=seed, stops=preset == "hoyle")
        rng = random.Random(seed)
        for _ in range(steps):
            if g.is_over():
                break
            g.push(rng.choice(g.legal_moves()))
        out.append((preset, g.position(secret=True)))
    return out


POSITIONS = _positions()


def _mutate_text(rng: random.Random, text: str, junk: str) -> str:
    if not text:
        return junk
    fields = text.split(" ")
    kind = rng.randrange(6)
    if kind == 0:
        fields[rng.randrange(len(fields))] = junk
    elif kind == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + junk + text[i + rng.randrange(3) :]
    elif kind == 2:
        del fields[rng.randrange(len(fields))]
    elif kind == 3:
        fields.insert(rng.randrange(len(fields) + 1), junk)
    elif kind == 4:  # swap two cards inside the text
        chars = list(text)
        a, b = rng.randrange(len(chars)), rng.randrange(len(chars))
        chars[a], chars[b] = chars[b], chars[a]
        return "".join(chars)
    else:
        fields[rng.randrange(len(fields))] = "9" * rng.choice([10, 5000])
    return " ".join(fields)


@given(
    which=st.integers(0, len(POSITIONS) - 1),
    seed=st.integers(0, 2**32),
    junk=NOTATION_TEXT,
    validate=st.booleans(),
)
@FUZZ
def test_fuzz_position_text(which: int, seed: int, junk: str, validate: bool) -> None:
    """Position text, mutated (fields replaced, cards swapped, huge numbers): InvalidPositionError or a
    game; with validation on, every accepted position is one play can reach."""
    preset, text = POSITIONS[which]
    rng = random.Random(seed)
    bad = _mutate_text(rng, text, junk)
    g = attempt("position text", Game.from_position, bad, preset, seed=seed, validate=validate)
    if g is not None and validate:
        assert g.is_valid()
    attempt("position text", Game.from_position, junk, preset)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*prefix, i))


def _set(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    target = data
    for k in path[:-1]:
        target = target[k]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@given(
    which=st.integers(0, len(POSITIONS) - 1),
    pick=st.integers(0, 10**6),
    value=JUNK,
    delete=st.booleans(),
)
@FUZZ
def test_fuzz_position_dict(which: int, pick: int, value: Any, delete: bool) -> None:
    """Position JSON with any field set to junk or removed ({"hand": 5}, players.A null or [], ...)."""
    preset, text = POSITIONS[which]
    data = Game.from_position(text, preset).position_dict(secret=pick % 2 == 0)
    paths = list(_paths(data))
    path = paths[pick % len(paths)]
    mutated = _set(json.loads(json.dumps(data)), path, value, delete and bool(path))
    attempt("position dict", Game.from_position_dict, mutated, preset)
    attempt("position dict", Game.from_position_dict, value, preset)


def _records() -> list[Game]:
    games = []
    for preset, seed, stops in (("classic", 5, True), ("single", 6, False), ("hoyle", 7, True)):
        g = Game(preset, seed=seed, stops=stops)
        rng = random.Random(seed)
        for _ in range(70):
            if g.is_over():
                break
            if g.can_stop() and rng.random() < 0.3:
                g.call_stop()
            else:
                g.push(rng.choice(g.legal_moves()))
        games.append(g)
    return games


RECORD_GAMES = _records()


@given(which=st.integers(0, len(RECORD_GAMES) - 1), seed=st.integers(0, 2**32), junk=NOTATION_TEXT)
@FUZZ
def test_fuzz_record_text(which: int, seed: int, junk: str) -> None:
    """Text records with lines dropped or doubled, tokens and tags replaced by junk, huge numbers, a BOM:
    InvalidRecordError (ReplayError for a bad move), never anything else."""
    text = record_text(RECORD_GAMES[which])
    rng = random.Random(seed)
    lines = text.split("\n")
    kind = rng.randrange(5)
    i = rng.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        toks = lines[i].split(" ")
        toks[rng.randrange(len(toks))] = junk
        lines[i] = " ".join(toks)
    elif kind == 3:
        tag = rng.choice(["Seed", "Options", "First", "Result", "Position", "Validate", "Preset"])
        lines.insert(0, f'[{tag} "{junk.replace(chr(34), "")}"]')
    else:
        lines[i] = _mutate_text(rng, lines[i], junk)
    bad = ("\ufeff" if seed % 7 == 0 else "") + "\n".join(lines)
    attempt("record text", load_record, bad)
    attempt("record text", parse_record, junk)


@given(which=st.integers(0, len(RECORD_GAMES) - 1), pick=st.integers(0, 10**6), value=JUNK, delete=st.booleans())
@FUZZ
def test_fuzz_record_json(which: int, pick: int, value: Any, delete: bool) -> None:
    """JSON records with any field junk or removed; JSON text nested 100,000 deep, Infinity, NaN, numbers
    of thousands of digits."""
    data = record_json(RECORD_GAMES[which])
    paths = list(_paths(data))
    path = paths[pick % len(paths)]
    mutated = _set(json.loads(json.dumps(data)), path, value, delete and bool(path))
    attempt("record JSON", lambda d: parse_record_json(d).replay(), mutated)
    try:
        text = json.dumps(mutated)
    except (TypeError, ValueError, RecursionError):
        text = "{" + shown(value)
    attempt("record JSON", load_record, text)
    bombs = [
        "[" * 100_000 + "]" * 100_000,
        '{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"seed": 1, "options": {"draw_limit": Infinity}}',
        '{"seed": NaN}',
        '{"seed": ' + "9" * 5000 + "}",
        '{"seed": 1, "moves": [' + ",".join(['"SH"'] * (pick % 50)) + "]}",
    ]
    attempt("record JSON", load_record, bombs[pick % len(bombs)])


@given(parts=st.lists(st.integers(0, 3), min_size=1, max_size=4), junk=NOTATION_TEXT)
@FUZZ
def test_fuzz_record_streams(parts: list[int], junk: str) -> None:
    """Files of many records (text and JSON lines mixed with junk): read_records and split_records."""
    pieces = []
    for k in parts:
        if k == 3:
            pieces.append(junk)
        elif k % 2:
            pieces.append(json.dumps(record_json(RECORD_GAMES[k])))
        else:
            pieces.append(record_text(RECORD_GAMES[k]))
    stream = "\n".join(pieces)
    attempt("record stream", lambda s: [r.replay() for r in read_records(s)], stream)

    def each(s: str) -> None:
        for chunk in split_records(s.splitlines(keepends=True)):
            attempt("record stream", lambda c: c.parse().replay(), chunk)

    attempt("record stream", each, stream)


GAME_CALLS: list[tuple[str, Callable[[Game, Any], Any]]] = [
    ("Game.push", lambda g, v: g.push(v)),
    ("Game.push_str", lambda g, v: g.push_str(v)),
    ("Game.is_legal", lambda g, v: g.is_legal(v)),
    ("Game.illegal_reason", lambda g, v: g.illegal_reason(v)),
    ("Game.refusal", lambda g, v: g.refusal(v)),
    ("Game.order_violation", lambda g, v: g.order_violation(v)),
    ("Game.targets", lambda g, v: g.targets(v)),
    ("Game.describe", lambda g, v: g.describe(v)),
    ("Game.describe", lambda g, v: g.describe(g.legal_moves()[0], viewer=v) if g.legal_moves() else None),
    ("Game.history_message", lambda g, v: g.history_message(v)),
    ("Game.history_message", lambda g, v: g.history_message(-1, viewer=v)),
    ("Game.view", lambda g, v: g.view(v)),
    ("Game.view", lambda g, v: g.view(0).history_message(v)),
    ("Game.resign", lambda g, v: g.copy().resign(v)),
    ("Game.pile_card", lambda g, v: g.pile_card(v)),
    ("Game.pile_card", lambda g, v: g.pile_card(0, v)),
    ("Game.reserve_top", lambda g, v: g.reserve_top(v)),
    ("Game.waste_top", lambda g, v: g.waste_top(v)),
    ("Game.pile_index", lambda g, v: g.pile_index(v, v)),
    ("Game.mover", lambda g, v: g.mover(v)),
    ("Game.reveals", lambda g, v: g.reveals(v)),
    ("Game.ruling", lambda g, v: g.ruling(v)),
    ("run_moves", lambda g, v: run_moves(g, v, v, v)),
    ("run_moves", lambda g, v: run_moves(g, 0, 1, v)),
    ("record_text", lambda g, v: record_text(g, v)),
    ("record_text", lambda g, v: record_text(v)),
    ("MatchScore", lambda g, v: MatchScore(v)),
    ("MatchScore", lambda g, v: MatchScore(("a", "b")).add(v)),
    ("Outcome.message", lambda g, v: _FINISHED.outcome().message(v)),  # type: ignore[union-attr]
    ("StopRuling.message", lambda g, v: _STOPPED.ruling(-1).message(v)),  # type: ignore[union-attr]
]

_FINISHED = Game("classic", seed=3)
_FINISHED.resign(1)
_STOPPED = Game("classic", seed=7, stops=True)
_STOPPED.push(Move.from_str("SH"))
_STOPPED.call_stop()


@given(
    call=st.integers(0, len(GAME_CALLS) - 1),
    value=JUNK | NOTATION_TEXT | st.sampled_from([Move.from_str(t) for t in ("RF", "SH", "HW", "stop", "pass", "WF")]),
    steps=st.integers(0, 60),
    stops=st.booleans(),
)
@FUZZ
def test_fuzz_game_calls(call: int, value: Any, steps: int, stops: bool) -> None:
    """Every public Game call given junk (is_legal("RF"), illegal_reason(None), targets(99), push of text,
    a viewer of 7 ...): the package's error or a result, and a refused call changes nothing."""
    g = Game("classic", seed=steps, stops=stops)
    rng = random.Random(steps)
    for _ in range(steps):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    before = (g.position(secret=True), len(g.move_stack), g.view(None).to_dict())
    name, fn = GAME_CALLS[call]
    legal_before = set(g.legal_moves())
    result = attempt(name, fn, g, value)
    pushed = name in ("Game.push", "Game.push_str") and len(g.move_stack) == before[1] + 1
    if not pushed:
        assert (g.position(secret=True), len(g.move_stack), g.view(None).to_dict()) == before
    else:
        assert g.move_stack[-1] in legal_before or g.move_stack[-1].code >= 256
    if name == "Game.describe" and value is SPECTATOR:
        assert result is not None
