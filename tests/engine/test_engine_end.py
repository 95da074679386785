"""Section 5 of RULES.md: end of game (D1-D4)."""

from __future__ import annotations

import pytest
from enginekit import QUIET, assert_refused, game, legal, play, pos

from russianbank import Game, Move, Outcome, Termination
from russianbank.cards import card_name
from russianbank.record import load_record, record_text
from russianbank.scoring import MatchScore


def _win_position(preset_stock_b: str = "0") -> str:
    # A has only the hand card 2C left, which fits the AC. B: reserve 6 (top 6c), waste 4d3h, the rest in stock.
    return pos(QUIET, fnd="AC/-/-/-/-/-/-/-", hand="2C", rb="5|6c", wb="4d3h", turn_no=9)


def test_D1_win_when_reserve_stock_waste_and_hand_are_empty() -> None:
    """D1: the active player wins the moment their reserve, stock, waste and hand are all empty."""
    g = game(_win_position())
    assert not g.is_over()
    play(g, "HF")
    out = g.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 0
    assert out.result() == "1-0"
    assert g.legal_moves() == [] and g.is_over()
    assert_refused(g, "12", "D1")
    g.pop()
    assert not g.is_over() and g.outcome() is None and "HF" in legal(g)


def test_D1_win_by_a_tableau_move_of_the_last_reserve_card() -> None:
    """D1: any move that empties the last of the four piles wins (here the reserve's last card to the tableau)."""
    g = game(pos(["8S", *QUIET[1:]], ra="0|7D", rb="5|6c", wb="4d", turn_no=9))
    play(g, "R1")
    assert g.outcome().winner == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(("preset", "bonus"), [("classic", 30), ("suited", 30), ("russian13", 30), ("hoyle", 0)])
def test_D2_score_bonus_reserve_twice_stock_and_waste(preset: str, bonus: int) -> None:
    """D2: bonus + 2 per card in the loser's reserve + 1 per card in the loser's stock and waste."""
    g = game(_win_position(), preset)
    nstock = len(g.stock[1])
    play(g, "HF")
    score = g.outcome().score  # type: ignore[union-attr]
    assert score is not None
    assert (score.bonus, score.reserve_cards, score.stock_waste_cards, score.hand_cards) == (bonus, 6, nstock + 2, 0)
    assert score.total == bonus + 2 * 6 + nstock + 2
    assert score.to_dict()["reserve_points"] == 12
    assert g.outcome().points(0) == score.total and g.outcome().points(1) == 0  # type: ignore[union-attr]


def test_D2_resignation_counts_the_hand_card() -> None:
    """D2/D3: a resignation: the opponent wins and scores as in D2, the resigner's hand card included."""
    g = game(pos(QUIET, ra="5|5H", wa="3C", sa="10", hand="4D", rb="5|5h", turn_no=4))
    g.resign(0)
    out = g.outcome()
    assert out is not None and out.termination is Termination.RESIGNATION and out.winner == 1
    s = out.score
    assert s is not None and (s.reserve_cards, s.stock_waste_cards, s.hand_cards) == (6, 11, 1)
    assert s.total == 30 + 12 + 11 + 1
    g.pop()
    g.resign(1)  # the side not on move resigns ("oresign"): the hand card is the winner's, not counted
    s = g.outcome().score  # type: ignore[union-attr]
    assert g.outcome().winner == 0 and s.hand_cards == 0  # type: ignore[union-attr]
    assert str(g.move_stack[-1]) == "oresign"


def test_D3_agreed_draw_has_no_score() -> None:
    """D3: the two players may agree a draw."""
    g = Game("classic", seed=3)
    g.agree_draw()
    out = g.outcome()
    assert out.termination is Termination.AGREED_DRAW and out.winner is None and out.score is None  # type: ignore[union-attr]
    assert out.result() == "1/2-1/2" and out.points(0) == out.points(1) == 0  # type: ignore[union-attr]


def _blocked_position(noprog: int = 0) -> str:
    # Both stocks and wastes empty, no space, nothing to play: each player can only pass.
    return pos(QUIET, ra="5|5H", rb="5|5h", fill="rb", noprog=noprog, turn_no=20)


def test_D3_third_occurrence_of_a_turn_start_position_is_a_draw() -> None:
    """D3: drawn when the position at the start of a turn occurs for the third time; the start counts as first."""
    g = game(_blocked_position())
    assert legal(g) == {"pass"}
    assert g.repetition_count() == 1  # the set-up position (like the deal) is the first occurrence
    play(g, "pass", "pass", "pass")  # A-start twice, B-start twice
    assert not g.is_over() and g.repetition_count() == 2
    play(g, "pass")  # A-start for the third time
    out = g.outcome()
    assert out is not None and out.termination is Termination.REPETITION and out.winner is None
    assert out.score is None
    g.pop()
    assert not g.is_over() and g.repetition_count() == 2


def test_D3_the_deal_counts_as_the_first_occurrence() -> None:
    """D3: the deal is the first occurrence of its turn-start position.

    With no reserve (nothing turned up at the first turn), each player in turn breaks O1 and is stopped
    (annul): A's turn starts from the deal position again after every two Stops, and its third
    occurrence (deal, then twice more) draws the game.
    """
    g = Game("classic", seed=0, stops=True, reserve_size=0)
    deal = g.position(secret=True).split()
    assert g.repetition_count() == 1
    for i in range(4):
        assert not g.is_over()
        v = next(m for m in g.legal_moves() if g.order_violation(m) and str(m) not in ("HW", "pass"))
        g.push(v)
        g.call_stop()
        if i % 2 == 1:  # A's turn again: the deal position (turn number and counters aside)
            now = g.position(secret=True).split()
            assert now[:10] == deal[:10]
            assert g.repetition_count() == (i + 3) // 2  # 2, then 3
    out = g.outcome()
    assert out is not None and out.termination is Termination.REPETITION


def test_D3_same_suit_foundations_are_interchangeable() -> None:
    """D3: "the position" treats the two foundations of a suit as interchangeable.

    Within one line of play the engine always fills the same foundation, so the swap can only be set
    up from two position texts; their repetition keys (Game.key()) must be equal.
    """
    a = game(pos(QUIET, fnd="AH2H/ah/-/-/-/-/-/-", ra="5|5H", rb="5|5h", fill="rb"))
    b = game(pos(QUIET, fnd="ah/AH2H/-/-/-/-/-/-", ra="5|5H", rb="5|5h", fill="rb"))
    assert a.fnd != b.fnd  # stored the other way round
    assert a.key() == b.key()
    c = game(pos(QUIET, fnd="AH/ah2H/-/-/-/-/-/-", ra="5|5H", rb="5|5h", fill="rb"))
    assert a.key() != c.key()  # the 2H is on the other Ace: another position


def test_D3_no_progress_limit() -> None:
    """D3: drawn when no card has gone to a foundation in N consecutive turns (option draw_limit)."""
    g = game(_blocked_position(), draw_limit=3)
    play(g, "pass", "pass")
    assert not g.is_over() and g.noprog == 2
    play(g, "pass")
    out = g.outcome()
    assert out is not None and out.termination is Termination.NO_PROGRESS
    assert Game("classic", seed=1).options.draw_limit == 200


def test_D3_a_foundation_play_resets_the_no_progress_count() -> None:
    """D3: a turn with a foundation play is progress; the count restarts."""

    def text(first: str) -> str:
        return pos([first, *QUIET[1:]], fnd="AC/-/-/-/-/-/-/-", ra="5|5H", sa="3(8D)", rb="5|5h", noprog=7, turn_no=20)

    g = game(text("3D"), draw_limit=9)
    play(g, "SH", "HW")
    assert g.noprog == 8
    g = game(text("3D2C"), draw_limit=9)
    play(g, "1F", "SH", "HW")
    assert g.noprog == 0 and not g.is_over()
    assert g.position().split()[11] == "0"


def _won_game() -> Game:
    g = game(_win_position())
    play(g, "HF")
    return g


def _resigned_game() -> Game:
    g = game(pos(QUIET, ra="5|5H", wa="3C", sa="10", hand="4D", rb="5|5h", turn_no=4))
    g.resign(0)
    return g


def _agreed_game() -> Game:
    g = Game("classic", seed=2)
    g.agree_draw()
    return g


def test_D4_match_scores_add_up() -> None:
    """D4: a match is a series of games whose scores are added (Outcome.points, scoring.MatchScore)."""
    outcomes: list[Outcome] = []
    for make in (_won_game, _resigned_game, _agreed_game):
        out = make().outcome()
        assert out is not None
        outcomes.append(out)
    totals = [sum(o.points(p) for o in outcomes) for p in (0, 1)]
    won, resigned = outcomes[0].score, outcomes[1].score
    assert won is not None and resigned is not None
    assert totals == [won.total, resigned.total]
    match = MatchScore(("Ann", "Bob"))
    match.add(outcomes[0])
    match.add(outcomes[1], seats=("Bob", "Ann"))  # seats swapped: Ann played B
    match.add(outcomes[2])
    assert match.totals == {"Ann": totals[0] + totals[1], "Bob": 0}
    assert match.leader() == "Ann"


def test_D1_D2_outcome_in_the_record() -> None:
    """D1/D2: the record's result tags carry the outcome and replay to it."""
    g = game(_win_position())
    play(g, "HF")
    text = record_text(g)
    assert '[Result "1-0"]' in text and '[Termination "win"]' in text
    assert f'[Score "{g.outcome().score.total}"]' in text  # type: ignore[union-attr]
    assert load_record(text).outcome() == g.outcome()
    assert card_name(g.fnd[0][-1]) == "2C"
    assert Move.from_str("HF") == g.move_stack[-1]


def test_D3_a_no_progress_draw_starts_no_new_turn() -> None:
    """D3: the draw comes at the end of the N-th turn without progress; the game does not start the next
    turn (the side to move stays, the opponent's reserve is not turned up, no one-deck lay-out)."""
    seed = next(s for s in range(200) if _first_turn_is_draw_and_discard(s))
    g = Game("classic", seed=seed, draw_limit=1)
    first = g.turn
    play(g, "SH", "HW")
    out = g.outcome()
    assert out is not None and out.termination is Termination.NO_PROGRESS and out.turns == 1
    assert g.turn == first and g.turn_no == 1
    assert g.res_up[1 - first] == 0 and g.reveals(1) == ()  # B's reserve top was not turned up
    g.pop()
    assert not g.is_over() and g.turn == first
    s = Game("single", seed=3, draw_limit=1)
    mover = s.turn
    play(s, "SH", "HW")
    assert s.outcome().termination is Termination.NO_PROGRESS  # type: ignore[union-attr]
    assert s.laid[1 - mover] is False and s.turn == mover  # the opponent never laid out their piles
    assert "lays out" not in s.history_message(-1).text()


def _first_turn_is_draw_and_discard(seed: int) -> bool:
    g = Game("classic", seed=seed, draw_limit=1)
    if Move.from_str("SH") not in g.legal_moves():
        return False
    g.push(Move.from_str("SH"))
    return Move.from_str("HW") in g.legal_moves()


def test_D3_repetition_is_named_when_the_same_turn_also_reaches_the_no_progress_limit() -> None:
    """D3: a turn whose end makes the no-progress count reach N while the next turn starts on a third
    occurrence is drawn by repetition; the game ends in that repeated position."""
    g = Game("classic", seed=0, stops=True, reserve_size=0, draw_limit=4)
    deal = g.position(secret=True).split()
    for _ in range(4):
        v = next(m for m in g.legal_moves() if g.order_violation(m) and str(m) not in ("HW", "pass"))
        g.push(v)
        g.call_stop()
    out = g.outcome()
    assert out is not None and out.termination is Termination.REPETITION
    assert g.noprog == 4 and g.position(secret=True).split()[:10] == deal[:10]


def test_S_7_laying_out_the_last_cards_wins() -> None:
    """S-3/S-7: a player whose lay-out at the start of their first turn plays their last cards wins at once
    (a set-up position: B's stack holds only four cards)."""
    text = pos(
        ["AH", "2C", "3D", "4S", ".", ".", ".", "."], fnd="-", ra="-", rb="-", sb="4", hand="5H", fill="sa", ncards=52
    )
    g = game(text, "single", validate=False)
    play(g, "HW")
    out = g.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 1
    assert g.laid == [True, True] and g.stock[1] == [] and len(g.reveals(0)) == 4
    assert out.score is not None and out.score.total == len(g.stock[0]) + len(g.waste[0])
    g.pop()
    assert not g.is_over() and g.laid[1] is False
