"""Bad input: malformed moves, positions, records and options raise specific ValueError subclasses
whose messages say what is wrong and where; nothing changes."""

from __future__ import annotations

import json

import pytest
from enginekit import QUIET, game, pos

from russianbank import (
    Game,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPlayerError,
    InvalidPositionError,
    InvalidRecordError,
    Move,
    Options,
    RussianBankError,
    options_for,
    parse_card,
    parse_options,
)
from russianbank.record import ReplayError, load_record, parse_record, record_json, record_text


def test_error_classes_are_value_errors() -> None:
    for cls in (InvalidCardError, InvalidMoveError, InvalidPositionError, InvalidRecordError, InvalidOptionsError):
        assert issubclass(cls, RussianBankError) and issubclass(cls, ValueError)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "expected two pile letters"),
        ("RFX", "expected two pile letters"),
        ("XF", "unknown source pile 'X'"),
        ("R9", "unknown target pile '9'"),
        ("RR", "source and target are the same pile"),
        ("stopp", "expected two pile letters"),
        ("1", "expected two pile letters"),
    ],
)
def test_malformed_moves(text: str, fragment: str) -> None:
    with pytest.raises(InvalidMoveError, match=fragment):
        Move.from_str(text)


def test_move_must_be_text() -> None:
    with pytest.raises(InvalidMoveError, match="must be text"):
        Move.from_str(12)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="no move from pile"):
        Move.card(3, 3)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Q", "expected rank and suit"),
        ("QX", "unknown suit 'X'"),
        ("XH", "unknown rank 'X'"),
        ("Qh", "same case"),
        ("QHS", "expected rank and suit"),
    ],
)
def test_bad_card_names(text: str, fragment: str) -> None:
    with pytest.raises(InvalidCardError, match=fragment):
        parse_card(text)


GOOD = pos(QUIET, ra="5|5H", sa="10", rb="5|5h", turn_no=3)


def _replace_field(text: str, index: int, value: str) -> str:
    f = text.split()
    f[index] = value
    return " ".join(f)


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda t: " ".join(t.split()[:11]), "12 fields .* not 11"),
        (lambda t: t + " -/-/-/- extra", "not 14"),
        (lambda t: _replace_field(t, 0, "KS/JS/9S/7S/kc/jc/9c"), "tableau: expected 8 piles"),
        (lambda t: _replace_field(t, 0, "KS/JS/9S/7S/kc/jc/9c/7X"), "tableau pile 8: bad card '7X'"),
        (
            lambda t: _replace_field(t, 0, "KS/JS/9S/7S/kc/jc/9c/KS"),
            "tableau pile 8: KS appears twice .*tableau pile 1",
        ),
        (lambda t: _replace_field(t, 0, "KS/JS/9S/7S/kc/jc/9c/."), "only in the one-deck game"),
        (lambda t: _replace_field(t, 1, "-/-/-"), "foundations: expected 8 piles"),
        (lambda t: _replace_field(t, 1, "2H/-/-/-/-/-/-/-"), "foundation 1: must be built up in suit from the Ace"),
        (lambda t: _replace_field(t, 1, "AH3H/-/-/-/-/-/-/-"), "foundation 1: must be built up"),
        (lambda t: _replace_field(t, 2, "5"), "reserve A: expected 'N|UP'"),
        (lambda t: _replace_field(t, 2, "x|5H"), "reserve A: expected a count"),
        (lambda t: _replace_field(t, 3, "ten"), "stock A: expected a count"),
        (lambda t: _replace_field(t, 3, "3(5Z)"), "stock A: bad card '5Z'"),
        (lambda t: _replace_field(t, 4, "5H"), "waste A: 5H appears twice"),
        (lambda t: _replace_field(t, 8, "C"), "turn: expected A or B"),
        (lambda t: _replace_field(t, 9, "5D6D"), "hand: expected one card"),
        (lambda t: _replace_field(t, 10, "x"), "turn_no: expected a whole number"),
        (lambda t: _replace_field(t, 10, "0"), "turn_no must be at least 1"),
        (lambda t: _replace_field(t, 3, "11"), "accounts for .* it must account for exactly 104"),
        (lambda t: _replace_field(t, 2, "5|"), "the player on move has a face-down reserve top"),
        (lambda t: t + " -/-/-", "secret: expected resA/stockA/resB/stockB"),
        (lambda t: t + " -/-/-/-", "secret: reserve A lists 0 cards but the position says 5"),
    ],
)
def test_malformed_positions(make, fragment: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidPositionError, match=fragment):
        Game.from_position(make(GOOD))


def test_position_secret_must_complete_the_decks() -> None:
    g = game(GOOD)
    text = g.position(secret=True)
    secret = text.split()[-1].split("/")
    # swap one secret card for a card that is shown elsewhere: a duplicate
    secret[0] = "KS" + secret[0][2:]
    with pytest.raises(InvalidPositionError, match="KS appears twice"):
        Game.from_position(" ".join([*text.split()[:-1], "/".join(secret)]))


def test_single_positions_refuse_two_deck_fields() -> None:
    g = Game("single", seed=1)
    text = g.position()
    with pytest.raises(InvalidPositionError, match="the one-deck game has none"):
        Game.from_position(_replace_field(text, 1, "-/-/-/-/-/-/-/-"), "single")
    with pytest.raises(InvalidPositionError, match="upper-case cards only"):
        Game.from_position(_replace_field(text, 4, "ah"), "single")


def test_bad_options() -> None:
    with pytest.raises(InvalidOptionsError, match="unknown preset 'chess'"):
        Game("chess")
    with pytest.raises(InvalidOptionsError, match="unknown option 'colour'"):
        Game("classic", colour="red")
    with pytest.raises(InvalidOptionsError, match="recycle must be one of"):
        Game("classic", recycle="sometimes")
    with pytest.raises(InvalidOptionsError, match="no Stop"):
        Game("single", stops=True)
    with pytest.raises(InvalidOptionsError, match="draw_limit must be"):
        options_for("classic", draw_limit=0)
    with pytest.raises(InvalidOptionsError, match="must be on or off"):
        options_for("classic", stops="maybe")


def test_first_mover_must_be_a_player_and_first_player_is_the_option() -> None:
    """R3: the forced first mover (``first_mover=``) is 0, 1 or None; ``first_player`` is the option that
    picks the first player (tableau comparison or cut), settable through ``Game(**options)``."""
    with pytest.raises(InvalidPlayerError, match="first_mover must be 0"):
        Game("classic", seed=1, first_mover="cut")  # type: ignore[arg-type]
    with pytest.raises(InvalidPlayerError, match="first_mover must be 0"):
        Game("classic", seed=1, first_mover=2)
    with pytest.raises(InvalidOptionsError, match="use first_mover=0"):
        Game("classic", seed=1, first_player=1)
    assert Game("classic", seed=1, first_player="cut").options.first_player == "cut"


def _record() -> str:
    g = Game("classic", seed=4, stops=True)
    for _ in range(6):
        g.push(g.legal_moves()[0])
    return record_text(g, {"A": "Ann", "B": "Bob"})


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda r: r.replace('[Seed "4"]', '[Seed "four"]'), "Seed must be a whole number"),
        (lambda r: r.replace('[Event "Russian Bank"]', "[Event Russian Bank]"), "line 1: bad tag"),
        (lambda r: r.replace('[Seed "4"]', "").replace('[First "', '[X "'), "neither a Seed nor a Position"),
        (lambda r: r.replace('[Options "preset=classic', '[Options "preset=chess'), "unknown preset"),
        (lambda r: r.rstrip("\n").rsplit("\n", 1)[0] + "\nZZ\n*\n", "line \\d+, move \\d+: bad move 'ZZ'"),
        (lambda r: r.rstrip("\n") + "\n{unclosed\n", "unbalanced"),
        (
            lambda r: r.replace("*\n", "2-0\n").replace('[Result "*"]', '[Result "2-0"]'),
            "Result must be one of 1-0, 0-1, 1/2-1/2, \\*, not '2-0'",
        ),
    ],
)
def test_malformed_records(edit, fragment: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidRecordError, match=fragment):
        load_record(edit(_record()))


def test_record_with_an_illegal_move_names_its_number_and_rule() -> None:
    text = _record()
    lines = text.rstrip("\n").split("\n")
    lines.insert(-1, "RW")  # onto one's own waste: never (R5e)
    with pytest.raises(ReplayError) as info:
        load_record("\n".join(lines) + "\n")
    assert info.value.number == 7 and info.value.move == "RW" and info.value.rule == "R5e"
    assert "move 7 (RW)" in str(info.value)


def test_record_with_a_wrong_reveal_is_reported() -> None:
    g = Game("classic", seed=4)
    g.push(g.legal_moves()[0])
    rec = record_json(g)
    rec["seed"] = 5
    rec["tags"]["Seed"] = "5"
    with pytest.raises(ReplayError, match="does the Seed match"):
        load_record(json.dumps(rec))


def test_malformed_json_records() -> None:
    with pytest.raises(InvalidRecordError, match="bad JSON at line 1"):
        parse_record("{not json")
    with pytest.raises(InvalidRecordError, match="'moves' must be a list"):
        parse_record(json.dumps({"seed": 1, "moves": "RF"}))
    with pytest.raises(InvalidRecordError, match=r"moves\[1\]: bad move"):
        parse_record(json.dumps({"seed": 1, "moves": ["QQ"]}))
    with pytest.raises(InvalidRecordError, match="'seed' must be a whole number"):
        parse_record(json.dumps({"seed": "x"}))


def test_bad_input_changes_nothing() -> None:
    g = game(GOOD)
    before = g.position(secret=True)
    for text in ("ZZ", "R9", ""):
        with pytest.raises(InvalidMoveError):
            g.push_str(text)
    assert g.position(secret=True) == before and g.move_stack == []


def test_record_with_the_wrong_player_is_reported() -> None:
    g = Game("classic", seed=4, first_mover=0)
    g.push(g.legal_moves()[0])
    text = record_text(g).replace("1. A", "1. B")
    with pytest.raises(ReplayError, match=r"move 1 .*recorded for B, but it is A's turn"):
        load_record(text)
    data = record_json(g)
    data["moves"][0]["player"] = "C"
    with pytest.raises(InvalidRecordError, match=r"moves\[1\]: player must be 'A' or 'B'"):
        load_record(json.dumps(data))


def test_non_text_inputs() -> None:
    with pytest.raises(InvalidPositionError, match="must be text"):
        Game.from_position(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="must be text"):
        parse_record(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="waste A: bad card list '5C6': odd number of characters"):
        Game.from_position(_replace_field(GOOD, 4, "5C6"))


def test_malformed_position_json() -> None:
    good = Game("classic", seed=1).position_dict()
    with pytest.raises(InvalidPositionError, match="position: expected a JSON object"):
        Game.from_position_dict([])
    with pytest.raises(InvalidPositionError, match="position JSON: tableau is missing"):
        Game.from_position_dict({})
    with pytest.raises(InvalidPositionError, match="tableau: expected a list of 8 piles"):
        Game.from_position_dict({**good, "tableau": "x"})
    bad = json.loads(json.dumps(good))
    bad["players"]["A"]["stock_hidden"] = -1
    with pytest.raises(InvalidPositionError, match=r"players\.A\.stock_hidden: expected a whole number from 0"):
        Game.from_position_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["tableau"][0] = ["KS"]  # KS is also A's reserve top
    with pytest.raises(InvalidPositionError, match="KS appears twice"):
        Game.from_position_dict(bad)


def test_push_needs_a_move_object() -> None:
    g = game(GOOD)
    before = g.position(secret=True)
    with pytest.raises(IllegalMoveError, match="not a Move: 'SH'"):
        g.push("SH")  # type: ignore[arg-type]
    assert g.position(secret=True) == before
    assert g.push_str("SH") == Move.from_str("SH")  # text goes through push_str


def _issue_cases() -> list[tuple[str, object]]:
    good = Game("classic", seed=1).position_dict()
    hand = {**json.loads(json.dumps(good)), "hand": 5}
    null_a = json.loads(json.dumps(good))
    null_a["players"]["A"] = None
    list_a = json.loads(json.dumps(good))
    list_a["players"]["A"] = []
    record = record_json(Game("classic", seed=2))
    inf_record = json.dumps(record).replace('"draw_limit": 200', '"draw_limit": Infinity')
    huge = _replace_field(GOOD, 10, "9" * 5000)
    g = game(GOOD)
    return [
        ("from_position_dict hand 5", lambda: Game.from_position_dict(hand)),
        ("from_position_dict players.A null", lambda: Game.from_position_dict(null_a)),
        ("from_position_dict players.A []", lambda: Game.from_position_dict(list_a)),
        ("Options.from_dict base {}", lambda: Options.from_dict({"base": {}})),
        ("Options.from_dict reserve_size inf", lambda: Options.from_dict({"reserve_size": float("inf")})),
        ("options_for reserve_size -inf", lambda: options_for("classic", reserve_size=float("-inf"))),
        ("record draw_limit Infinity", lambda: parse_record(inf_record)),
        ("parse_options base=1", lambda: parse_options("base=1")),
        ("record nested 100,000 deep", lambda: parse_record("[" * 100_000 + "]" * 100_000)),
        ("JSON record nested 100,000 deep", lambda: parse_record('{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}")),
        ("position number of 5,000 digits", lambda: Game.from_position(huge)),
        ("record Seed of 5,000 digits", lambda: parse_record(f'[Seed "{"9" * 5000}"]\n*\n')),
        ("JSON record seed of 5,000 digits", lambda: parse_record('{"seed": ' + "9" * 5000 + "}")),
        ("parse_options(None)", lambda: parse_options(None)),  # type: ignore[arg-type]
        ("options_for(['x'])", lambda: options_for(["x"])),  # type: ignore[arg-type]
        ("Options(reserve_size='12')", lambda: Options(reserve_size="12")),  # type: ignore[arg-type]
        ("is_legal('RF')", lambda: g.is_legal("RF")),  # type: ignore[arg-type]
        ("illegal_reason(None)", lambda: g.illegal_reason(None)),  # type: ignore[arg-type]
        ("targets('Z')", lambda: g.targets("Z")),
    ]


def test_every_bad_input_of_the_issue_raises_the_package_error_and_says_where() -> None:
    """The inputs that broke the library (TypeError, AttributeError, OverflowError, RecursionError, Python's
    bare ValueError about int digits) now raise a RussianBankError whose message says what and where."""
    for name, call in _issue_cases():
        with pytest.raises(RussianBankError) as info:
            call()  # type: ignore[operator]
        assert type(info.value) is not RussianBankError or info.value.code != "error.text", name
        assert str(info.value) and info.value.message.text("ru"), name
    g = game(GOOD)
    assert g.targets("R") == [m for m in g.legal_moves() if m.src == 8]  # a pile letter is a pile, not junk
