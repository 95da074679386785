"""Error codes, refusals, moves, Stop rulings and results in words (English and Russian), from a viewer's side."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from enginekit import QUIET, game, play, pos

from russianbank import (
    SPECTATOR,
    Game,
    HistoryIndexError,
    IllegalMoveError,
    InvalidPlayerError,
    Move,
    RussianBankError,
    i18n,
    options_for,
    parse_card,
)
from russianbank.i18n import Message, rules
from russianbank.record import parse_record

SRC = Path(__file__).resolve().parents[2] / "src" / "russianbank"
CYRILLIC = re.compile("[а-яА-ЯёЁ]")

# A position for the examples: A's pile 1 holds 9♣, pile 3 holds 7♥ (6♥ tops a foundation),
# B's waste is topped by 7♠ and A holds 6♠.
WORDS = pos(
    ["9C", "KS", "7H", "JS", "kc", "jc", "9c", "7c"],
    fnd="AH2H3H4H5H6H/-/-/-/-/-/-/-",
    wb="7s",
    hand="6S",
    turn_no=5,
)


def test_R5b_refusal_has_one_code_per_reason_in_english_and_russian() -> None:
    """R5b: "7♥ does not go on 9♣: one rank lower and the opposite colour", with its own code and params."""
    g = game(WORDS)
    err = g.refusal(Move.from_str("31"))
    assert err is not None and err.rule == "R5b" and err.code == "refuse.R5b.alternate"
    assert str(err) == "7♥ does not go on 9♣: one rank lower and the opposite colour"
    assert err.message.text("ru") == "7♥ нельзя положить на 9♣: нужна карта на единицу младше и другого цвета"
    assert g.illegal_reason(Move.from_str("31")) == ("R5b", str(err))
    with pytest.raises(IllegalMoveError) as info:
        g.push(Move.from_str("31"))
    assert info.value.code == err.code and info.value.params == err.params and info.value.move == Move.from_str("31")
    assert g.refusal(Move.from_str("3F")) is None  # legal: 7♥ onto 6♥


def test_O1_refusal_code_and_king_refusal_in_russian_ranks() -> None:
    """O1 and R5b (a King onto a card) get their own codes; Russian names ranks in Russian (К♠)."""
    g = game(WORDS)
    o1 = g.refusal(Move.from_str("HW"))  # 7♥ can go to a foundation first
    assert o1 is not None and (o1.rule, o1.code) == ("O1", "refuse.O1")
    g2 = game(pos(["9C", "KS", "QH", "JS", "kc", "jc", "9c", "7c"], turn_no=5))
    king = g2.refusal(Move.from_str("21"))
    assert king is not None and king.code == "refuse.R5b.king"
    assert king.message.text("ru") == "К♠: король ложится в табло только на пустое место"


def test_every_error_carries_a_catalogue_message_in_both_languages() -> None:
    """Every RussianBankError: .code in the catalogue, .params a dict, str(err) the English text of .message."""
    g = Game("classic", seed=3)
    bad_calls = [
        lambda: parse_card("QX"),
        lambda: Move.from_str("ZZ"),
        lambda: options_for("chess"),
        lambda: options_for("classic", reserve_size="many"),
        lambda: Game.from_position("not a position"),
        lambda: parse_record('[Seed "x"]\n'),
        lambda: g.push(Move.from_str("WF")),
        lambda: g.push("SH"),  # type: ignore[arg-type]
        lambda: g.view(7),
        lambda: g.history_message(0),
        lambda: g.describe(Move.from_str("SH"), viewer=3),
        lambda: Game("classic", seed=1, first_mover=5),
    ]
    for call in bad_calls:
        with pytest.raises(RussianBankError) as info:
            call()
        e = info.value
        assert i18n.has(e.code), e.code
        assert isinstance(e.params, dict)
        assert isinstance(e.message, Message) and e.message.code == e.code
        assert str(e) == e.message.text("en")
        assert CYRILLIC.search(e.message.text("ru")), e.message.text("ru")
        json.dumps(e.message.to_dict())  # what the web sends


def test_every_code_written_in_the_engine_is_in_the_catalogue() -> None:
    """The codes the engine raises and says are all catalogued (a typo would fail at raise time)."""
    pattern = re.compile(r'"((?:refuse|error|move|stop|result|end|pile|rule|where)\.[A-Za-z0-9_.-]+)"')
    found = set()
    for path in SRC.glob("*.py"):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert len(found) > 100
    every = i18n.codes()
    # a code that is not catalogued itself must be the stem of catalogued ones (f"{stem}.{side}")
    missing = sorted(
        c for c in found if c not in every and not any(k.startswith(c + ".") or k.startswith(c + "_") for k in every)
    )
    assert missing == []


def _sample_params(*entries: i18n.Entry) -> dict[str, object]:
    params: dict[str, object] = {}
    for entry in entries:
        templates = entry.values() if not isinstance(entry, str) else [entry]
        for t in templates:
            for m in re.finditer(r"\{([A-Za-z_]\w*)(\|[^}]*)?", t):
                if m.group(2) or params.get(m.group(1)) != 3:
                    params[m.group(1)] = 3 if m.group(2) else params.get(m.group(1), "X")
    return params


# Identifiers of the notation and of the API that Russian error texts may quote.
_NOTATION_WORDS = (
    "A B JSON None True False null on off Options Position Result Termination Score Seed Validate SPECTATOR "
    "first_player first_mover reserve_size tableau bonus circular cut classic hoyle suited russian13 single "
    "pass resign oresign agree stop tags reveals seed form base validate foundations hand no_progress secret "
    "turn turn_no resA stockA wasteA resB stockB wasteB _"
)
NOTATION = set(_NOTATION_WORDS.split())
PLAYER_FACING = ("refuse.", "move.", "stop.", "result.", "end.", "pile.", "rule.", "card.")


def test_every_rules_message_renders_in_russian_without_latin_words() -> None:
    """The rules domain renders in both languages. What players read (refusals, moves, rulings, results)
    has no Latin letters in Russian but rule IDs and the player letters A/B; error texts for programmers
    quote only notation and API names."""
    for code, entry in rules.EN.items():
        params = _sample_params(entry, rules.RU[code])
        en = i18n.render(code, params, "en")
        ru = i18n.render(code, params, "ru")
        assert "{" not in en.replace("'{'", "") and "{" not in ru, code
        if code.startswith("card."):
            continue
        assert CYRILLIC.search(ru) or not CYRILLIC.search(rules.RU[code] if isinstance(rules.RU[code], str) else "")
        if code.startswith(PLAYER_FACING):
            latin = set(re.findall(r"[A-Za-z]+", ru.replace("X", ""))) - {"A", "B"}
            assert not latin, (code, latin, ru)
        else:
            plain = re.sub(r"'[^']*'|\"[^\"]*\"|\([^)]*[A-Za-z0-9][^)]*\)", " ", ru)
            words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:[.-][A-Za-z0-9_]+)*", plain)) - {"X"}
            assert words <= NOTATION, (code, words - NOTATION, ru)


def test_tableau_piles_are_numbered_as_on_the_viewers_screen() -> None:
    """The screens label the viewer's own tableau piles 1-4 and the opponent's 5-8 (a spectator's: A's
    1-4, B's 5-8); the words use the same numbers, which are also the viewer's notation."""
    from russianbank.words import pile_message, pile_number

    for index in range(8):
        assert pile_number(index, 0) == pile_number(index, SPECTATOR) == index + 1
        assert pile_number(index, 1) == (index + 4) % 8 + 1
        for viewer in (0, 1):
            own = index // 4 == viewer
            n = pile_number(index, viewer)
            assert (n <= 4) == own and Move.from_str(f"{n}F").src == (index - 4 * viewer) % 8
            text = pile_message(index, viewer).text("en")
            assert text == (f"your pile {n}" if own else f"the opponent's pile {n}")
            ru = pile_message(index, viewer).text("ru")
            assert ru == (f"ваша стопка {n}" if own else f"стопка {n} соперника")
        who = "AB"[index // 4]
        assert pile_message(index, SPECTATOR).text("en") == f"Player {who}'s pile {index + 1}"


def test_moves_in_words_from_each_side_of_the_table() -> None:
    """Game.describe: "7♥ from your pile 3 to a foundation", "load 6♠ ... on the opponent's waste";
    the same moves from the other player's side and a spectator's; Russian grammar (cases) right."""
    g = game(WORDS)
    found = Move.from_str("3F")
    assert g.describe(found) == "7♥ from your pile 3 to a foundation"
    assert g.describe(found, viewer=1) == "7♥ from the opponent's pile 7 to a foundation"
    assert g.describe(found, viewer=SPECTATOR) == "7♥ from Player A's pile 3 to a foundation"
    assert g.describe(found, "ru") == "7♥ с вашей стопки 3 на базу"
    assert g.describe(found, "ru", viewer=1) == "7♥ со стопки 7 соперника на базу"
    assert g.describe(found, "ru", viewer=SPECTATOR) == "7♥ со стопки 3 игрока A на базу"
    play(g, "3F")
    load = Move.from_str("Hw")
    assert g.describe(load) == "load 6♠ from your hand on the opponent's waste"
    assert g.describe(load, viewer=1) == "load 6♠ from the opponent's hand on your waste"
    assert g.describe(load, "ru") == "нагрузка: 6♠ из вашей руки на сброс соперника"
    assert g.describe(Move.from_str("13"), "ru") == "9♣ с вашей стопки 1 на вашу стопку 3"
    assert g.describe(Move.from_str("13"), viewer=1) == "9♣ from the opponent's pile 5 to the opponent's pile 7"
    assert g.describe(Move.from_str("13"), "ru", viewer=1) == "9♣ со стопки 5 соперника на стопку 7 соперника"
    assert g.describe(Move.from_str("HW")) == "discard 6♠ (the turn ends)"
    with pytest.raises(IllegalMoveError) as info:
        g.describe(Move.from_str("RF"))  # A has no reserve: there is no card to describe
    assert info.value.rule == "R4"
    with pytest.raises(InvalidPlayerError):
        g.describe(load, viewer=2)


def test_history_in_words_names_the_cards_turned_up_and_agrees_with_the_views() -> None:
    """history_message on Game and PlayerView: a draw names its card, a reserve move the card turned up,
    the move ending the second player's first turn... and a view's default viewer is its own player."""
    g = Game("classic", seed=1)
    rng = random.Random(4)
    for _ in range(80):
        g.push(rng.choice(g.legal_moves()))
    va, vb, vs = g.view(0), g.view(1), g.view(None)
    for i in range(len(g.move_stack)):
        for viewer, view in ((0, va), (1, vb), (SPECTATOR, vs)):
            assert g.history_message(i, viewer) == view.history_message(i)
            assert json.loads(json.dumps(view.history_message(i).to_dict())) == view.history_message(i).to_dict()
    draws = [i for i, m in enumerate(g.move_stack) if str(m) == "SH"]
    card = g.reveals(draws[0])[0]
    assert g.history_message(draws[0]).text() == f"draw {i18n.render(f'card.{_upper(card)}')}"
    flips = [i for i, m in enumerate(g.move_stack) if m.src == 8 and g.reveals(i)]
    assert flips and "is turned up on your reserve" in g.history_message(flips[0]).text()
    assert "на вашем резерве открывается" in g.history_message(flips[0]).text("ru")
    with pytest.raises(HistoryIndexError):
        g.history_message(len(g.move_stack))
    with pytest.raises(IndexError):  # also an IndexError, as for a list
        va.history_message(-len(g.move_stack) - 1)


def _upper(card: int) -> str:
    from russianbank.cards import card_name

    return card_name(card).upper()


def test_one_deck_lay_out_and_recycling_in_words() -> None:
    """S-3 in words: the discard that ends A's first turn names the four cards B lays out; R8: a draw
    from an empty stock says the waste is turned over first."""
    g = Game("single", seed=2, first_mover=0)
    while str(g.move_stack[-1] if g.move_stack else "") != "HW":
        g.push(Move.from_str("SH") if g.hand < 0 else Move.from_str("HW"))
    text = g.history_message(-1, viewer=0).text()
    assert text.startswith("discard ") and "; the opponent lays out " in text
    assert "; вы выкладываете " in g.history_message(-1, viewer=1).text("ru")
    r = game(pos(QUIET, wa="5H6D", turn_no=4, sa="0"), recycle="lazy")
    assert r.describe(Move.from_str("SH")) == "your waste is turned over as the stock; draw a card"
    play(r, "SH")
    assert r.history_message(-1).text() == "your waste is turned over as the stock; draw 5♥"
    assert (
        r.history_message(-1, 1).text("ru")
        == "сброс соперника переворачивается и становится колодой; 5♥ из колоды в руку"
    )
    imm = game(pos(QUIET, wa="5H6D", sa="1", turn_no=4), recycle="immediate", validate=False)
    play(imm, "SH")
    assert imm.history_message(-1).text().endswith("; your waste is turned over as the stock")


def test_S4_stop_ruling_in_words_with_penalty_and_hand_card() -> None:
    """S3/S4: the ruling names the caller, the violating move in words and its number, the rule, the
    penalty (moves taken back, Russian plurals), where the turn goes, and the hand card sent to the waste."""
    g = Game("classic", seed=7, stops=True)
    play(g, "SH")
    ruling = g.call_stop()
    assert ruling.move_card == g.reveals(0)[0]
    caller = ruling.caller
    text = ruling.message().text()
    assert text.startswith("Stop! called by you: the opponent's move 1 (draw ")
    assert "broke rule O1" in text and text.endswith("1 move is taken back, and the turn passes to you.")
    ru = ruling.message(1 - caller).text("ru")
    assert ru.startswith("«Стоп!» от соперника: ваш ход 1 (") and "Отменён 1 ход, ход переходит к сопернику." in ru
    spectator = ruling.message(SPECTATOR).text("ru")
    assert spectator.startswith(f"«Стоп!» от игрока {'AB'[caller]}: ход 1 игрока {'AB'[1 - caller]} (")
    assert g.history_message(-1, caller) == ruling.message(caller) or "Then" in g.history_message(-1, caller).text()
    # stand, with a hand card still held: it goes onto the offender's waste
    s = game(pos(["-", *QUIET[1:]], ra="5|5H", sa="20", rb="5|5h", turn_no=3), stops=True, stop_penalty="stand")
    play(s, "SH", "H1")  # O3: the hand card into a space while the reserve lasts
    play(s, "SH")
    held = s.hand
    r2 = s.call_stop()
    assert r2.hand == held and r2.penalty == "stand"
    t2 = r2.message().text()
    assert "The moves stand, and the turn passes to you." in t2
    assert t2.endswith("goes from the hand to the opponent's waste.")
    assert "из руки идёт на ваш сброс." in r2.message(1 - r2.caller).text("ru")


def test_D2_outcome_in_words_with_the_score_breakdown() -> None:
    """D2: the end of the game in words, with bonus, reserve ×2, stock and waste, hand (after a
    resignation); Russian plural forms of карта/очко; draws say why."""
    g = Game("classic", seed=1, stops=True)
    play(g, "7F", "SH")  # the draw breaks O4 (a space is open): allowed in the Stop! game
    hand = g.hand
    assert hand >= 0
    g.resign(g.turn)
    out = g.outcome()
    assert out is not None and out.winner == 1
    en = out.message(1).text()
    assert en == (
        "You won: the opponent resigned. 91 points: bonus 30 + 11 reserve cards × 2 + 38 stock and waste cards"
        " + 1 hand card"
    ) or en.startswith("You won: the opponent resigned.")
    s = out.score
    assert s is not None and en.endswith(f"+ {s.hand_cards} hand card")
    assert out.message(0).text().startswith("You lost: you resigned.")
    ru = out.message(None).text("ru")
    assert ru.startswith("Выиграл игрок B: игрок A сдался.")
    assert f"премия 30 + {s.reserve_cards} карт" in ru or f"премия 30 + {s.reserve_cards} карты" in ru
    assert ru.endswith("1 карта в руке")
    w = game(pos(QUIET, fnd="AC/-/-/-/-/-/-/-", hand="2C", rb="5|6c", wb="4d3h", turn_no=9))
    play(w, "HF")
    win = w.outcome()
    assert win is not None
    ws = win.score
    assert ws is not None
    assert win.message(0).text() == (
        "You won: you have played every card of your reserve, stock, waste and hand. "
        f"{ws.total} points: bonus 30 + 6 reserve cards × 2 + {ws.stock_waste_cards} stock and waste cards"
    )
    assert win.message(1).text("ru").startswith("Вы проиграли: соперник сыграл все карты")
    d = Game("classic", seed=1)
    d.agree_draw()
    assert d.outcome().message().text() == "Drawn: both players agreed a draw."  # type: ignore[union-attr]


def test_D2_russian_plurals_of_cards_and_points() -> None:
    """Russian plurals: 1 карта / 2 карты / 5 карт, 21 очко / 22 очка / 25 очков."""
    for n, card, point in ((1, "1 карта", "1 очко"), (3, "3 карты", "3 очка"), (11, "11 карт", "11 очков")):
        text = i18n.render("result.score", {"total": n, "bonus": 0, "reserve": n, "sw": 0}, "ru")
        assert text.startswith(point) and f"{card} резерва" in text
    assert i18n.render("result.score", {"total": 21, "bonus": 0, "reserve": 22, "sw": 25}, "ru") == (
        "21 очко: премия 0 + 22 карты резерва × 2 + 25 карт колоды и сброса"
    )


COMPUTER = Message("actor.computer")
FRIEND = Message("actor.friend")


def test_names_of_the_players_in_moves_rulings_and_results() -> None:
    """``names=`` (seat -> catalogue noun) names the other side instead of "the opponent", in every
    message that names a player, with the Russian cases right (genitive after «от», dative after «к»);
    the viewer stays "you"; a spectator hears the names instead of "Player A"."""
    g = game(WORDS)
    found = Move.from_str("3F")
    names = {0: FRIEND, 1: COMPUTER}
    assert g.describe(found, viewer=1, names=names) == "7♥ from your friend's pile 7 to a foundation"
    assert g.describe(found, viewer=0, names=names) == "7♥ from your pile 3 to a foundation"  # own seat: you
    assert g.describe(found, viewer=SPECTATOR, names={1: COMPUTER}) == "7♥ from Player A's pile 3 to a foundation"
    assert g.describe(found, "ru", viewer=1, names=names) == "7♥ со стопки 7 друга на базу"
    play(g, "3F")
    load = Move.from_str("Hw")
    assert g.describe(load, names=names) == "load 6♠ from your hand on the computer's waste"
    assert g.describe(load, "ru", names=names) == "нагрузка: 6♠ из вашей руки на сброс компьютера"
    play(g, "Hw")
    assert g.history_message(-1, 1, names).text() == "load 6♠ from your friend's hand on your waste"
    assert g.history_message(-1, 1, names) == g.view(1).history_message(-1, names=names)
    assert g.view(None).history_message(-1, names=names).text("ru") == "нагрузка: 6♠ из руки друга на сброс компьютера"

    s = Game("classic", seed=7, stops=True)
    play(s, "SH")
    ruling = s.call_stop()
    caller = ruling.caller
    by_computer = {caller: COMPUTER}
    en = ruling.message(1 - caller, by_computer).text()
    assert en.startswith("Stop! called by the computer: your move 1 (draw ")
    assert en.endswith("1 move is taken back, and the turn passes to the computer.")
    ru = ruling.message(1 - caller, by_computer).text("ru")
    assert ru.startswith("«Стоп!» от компьютера: ваш ход 1 (") and ru.endswith("ход переходит к компьютеру.")
    ru = ruling.message(caller, {1 - caller: FRIEND}).text("ru")
    assert ru.startswith("«Стоп!» от вас: ход 1 друга (")
    assert s.history_message(-1, 1 - caller, by_computer).text().startswith("Stop! called by the computer")

    r = Game("classic", seed=1)
    r.resign(1)
    out = r.outcome()
    assert out is not None
    assert out.message(0, {1: COMPUTER}).text().startswith("You won: the computer resigned. 90 points")
    assert out.message(1, {0: COMPUTER}).text().startswith("You lost: you resigned.")
    assert out.message(None, {0: COMPUTER}).text().startswith("The computer won: Player B resigned.")
    assert out.message(None, {1: COMPUTER}).text("ru").startswith("Выиграл игрок A: компьютер сдался.")
    assert out.message(0) == out.message(0, {}) == out.message(0, None)


@pytest.mark.parametrize(
    "bad", [[COMPUTER], {2: COMPUTER}, {True: COMPUTER}, {"A": COMPUTER}, {1: "the computer"}, {1: Message("nope")}]
)
def test_bad_names_are_refused_with_the_packages_error(bad: object) -> None:
    g = Game("classic", seed=1)
    with pytest.raises(InvalidPlayerError) as info:
        g.describe(Move.from_str("7F"), names=bad)  # type: ignore[arg-type]
    assert info.value.code.startswith("error.player.names") and info.value.message.text("ru")
    g.push(Move.from_str("7F"))
    with pytest.raises(InvalidPlayerError):
        g.history_message(-1, names=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPlayerError):
        g.view(0).history_message(-1, names=bad)  # type: ignore[arg-type]
