"""Section 4 of RULES.md: Stop! (S1-S4), with both penalties."""

from __future__ import annotations

import json

import pytest
from enginekit import QUIET, assert_refused, game, legal, play, pos

from russianbank import Game, IllegalMoveError, Move
from russianbank.cards import card_name, parse_card
from russianbank.record import load_record, record_json, record_text


def _stop_position(rb: str = "5|7c") -> str:
    # A: 9H KS 5D QS, reserve top JH over unknown cards, stock top 2C (known); AC on a foundation.
    # B: 8s kc jd tc, waste 4d.  After SH the hand 2C fits the AC: O1 is in force.
    return pos(
        ["9H", "KS", "5D", "QS", "8s", "kc", "jd", "tc"],
        fnd="AC/-/-/-/-/-/-/-",
        ra="5|JH",
        sa="10(2C)",
        rb=rb,
        wb="4d",
        turn_no=3,
    )


def _violate(penalty: str, **kw: object) -> tuple[Game, str, int]:
    """A draws 2C (in order), then plays R4 (O1: the 2C should go to the foundation) and loads 5D on B's waste."""
    g = game(_stop_position(**kw), stops=True, stop_penalty=penalty)  # type: ignore[arg-type]
    before = g.position(secret=True)
    play(g, "SH")
    assert g.pending_violation() is None
    play(g, "R4")
    flipped = g.reveals(1)[0]
    play(g, "3w")
    return g, before, flipped


def test_S1_only_from_the_first_violation_until_the_turn_ends() -> None:
    """S1: the opponent of the active player may call Stop from the first violation of the turn until it ends."""
    g = game(_stop_position(), stops=True)
    play(g, "SH")
    assert not g.can_stop()
    play(g, "R4")
    assert g.can_stop()
    assert g.pending_violation() == ("O1", Move.from_str("R4"), 1)
    ruling = g.call_stop()
    assert ruling.caller == 1 and g.turn == 1  # the caller is the side that was not on move


def test_S1_violation_by_the_turn_ending_discard_cannot_be_stopped() -> None:
    """S1: discarding a card that fits a foundation breaks O1, but the discard ends the turn: no Stop."""
    g = game(_stop_position(), stops=True)
    play(g, "SH")
    assert g.order_violation(Move.from_str("HW")) == "O1"
    play(g, "HW")
    assert g.turn == 1
    assert g.pending_violation() is None and not g.can_stop()
    with pytest.raises(IllegalMoveError) as info:
        g.call_stop()
    assert info.value.rule == "S2"  # B's own turn has no violation; A's turn is over


def test_S1_violation_earlier_in_a_turn_is_gone_once_the_turn_ended() -> None:
    """S1 (004): after the turn has ended, a Stop for it is refused."""
    g = game(_stop_position(), stops=True)
    play(g, "SH", "R4")
    assert g.can_stop()
    play(g, "HF", "SH")  # an in-order foundation play, then another draw
    assert g.can_stop()
    play(g, "HW")
    assert g.turn == 1 and not g.can_stop()
    before = g.position(secret=True)
    assert_refused(g, "stop", "S2")
    assert g.position(secret=True) == before


def test_S1_pass_breaking_O4_cannot_be_stopped() -> None:
    """S1: a pass over an open space (O4) ends the turn itself."""
    g = game(pos(["-", *QUIET[1:]], ra="5|5H", rb="5|5h", fill="rb", turn_no=3), stops=True)
    assert g.order_violation(Move.from_str("pass")) == "O4"
    play(g, "pass")
    assert g.turn == 1 and not g.can_stop()


def test_S1_a_winning_violation_cannot_be_stopped() -> None:
    """S1: a move that wins the game ends the turn; a Stop is refused (the game is over)."""
    text = pos(["2C", "8S", "JS", "9S", *QUIET[4:]], fnd="AC/-/-/-/-/-/-/-", hand="7D", rb="5|5h", turn_no=5)
    g = game(text, stops=True)
    assert g.order_violation(Move.from_str("H2")) == "O1"
    play(g, "H2")
    assert g.is_over() and g.outcome().winner == 0  # type: ignore[union-attr]
    assert_refused(g, "stop", "S1")


def test_S1_no_stop_in_strict_mode() -> None:
    """S1/modes: in strict mode violations are not legal, and a Stop is refused."""
    g = game(_stop_position())
    play(g, "SH")
    assert_refused(g, "R4", "O1")
    assert_refused(g, "stop", "S1")


def test_S2_unfounded_stop_is_refused_and_changes_nothing() -> None:
    """S2: a Stop when the current turn has no violation is refused with a clear reason; nothing changes."""
    g = game(_stop_position(), stops=True)
    play(g, "SH", "HF")  # all in order
    view = g.view(1).to_dict()
    e = assert_refused(g, "stop", "S2")
    assert "unfounded" in str(e)
    assert g.view(1).to_dict() == view
    assert g.illegal_reason(Move.from_str("stop"))[0] == "S2"  # type: ignore[index]


def test_S3_annul_takes_back_every_move_from_the_first_violation() -> None:
    """S3 annul: back to just before the first violation; loads come back; the turned-up reserve card goes
    back face down (then known); the hand card still held goes onto the offender's waste; the caller moves."""
    g, before, flipped = _violate("annul")
    ruling = g.call_stop()
    assert (ruling.rule, str(ruling.move), ruling.move_index, ruling.penalty, ruling.annulled) == (
        "O1",
        "R4",
        1,
        "annul",
        2,
    )
    assert g.turn == 1
    # tableau and B's waste as before the violation (the 5D load came back)
    assert [card_name(c) for c in g.tab[2]] == ["5D"] and [card_name(c) for c in g.tab[3]] == ["QS"]
    assert [card_name(c) for c in g.waste[1]] == ["4d"]
    # the reserve: JH on top again, the card R4 turned up is face down again, and known
    assert g.reserve_top(0) == parse_card("JH") and g.res_up[0] == 1
    assert g.res[0][-2] == flipped
    for viewer in (0, 1, None):
        v = g.view(viewer)
        assert v.reserve_known[0] == (flipped,)
        assert v.reserve_up[0] == (parse_card("JH"),)
        assert flipped in v.history[1].reveals  # history still names it
    assert g.position().split()[2] == f"4({card_name(flipped)})|JH"
    # the hand card (drawn before the violation) went onto A's waste
    assert g.hand == -1 and [card_name(c) for c in g.waste[0]] == ["2C"]
    # everything but the hand card, the turn and the counters as before the violation
    h = game(before, stops=True)
    assert g.tab == h.tab and g.res == h.res and g.waste[1] == h.waste[1]


def test_S3_annul_puts_drawn_cards_back_on_the_stock_known() -> None:
    """S3 annul: a card drawn after the violation goes back onto the stock (face down, named by history)."""
    g = game(_stop_position(), stops=True)
    play(g, "SH", "R4", "HF", "SH")  # violation R4, then a foundation play and a draw
    drawn = g.hand
    g.call_stop()
    assert g.hand == -1 and g.stock[0][-1] == drawn
    assert card_name(g.fnd[0][-1]) == "AC"  # the foundation play was undone too
    assert g.view(1).stock_known[0] == (drawn,)
    assert g.position().split()[3] == f"9({card_name(drawn)})"
    # the 2C, drawn before the violation and held again after the annul, went onto A's waste
    assert [card_name(c) for c in g.waste[0]] == ["2C"]


def test_S3_stand_the_moves_stand_hand_card_to_waste() -> None:
    """S3 stand (hoyle): the moves stand; the held hand card goes face up onto the offender's waste."""
    g, _, flipped = _violate("stand")
    ruling = g.call_stop()
    assert ruling.penalty == "stand" and ruling.annulled == 0 and ruling.rule == "O1"
    assert g.turn == 1
    assert [card_name(c) for c in g.tab[3]] == ["QS", "JH"]
    assert [card_name(c) for c in g.waste[1]] == ["4d", "5D"]
    assert g.reserve_top(0) == flipped
    assert [card_name(c) for c in g.waste[0]] == ["2C"] and g.hand == -1


def test_S3_hoyle_preset_stands() -> None:
    """S3: the hoyle preset's penalty is stand."""
    g = game(_stop_position(), "hoyle", stops=True)
    play(g, "SH", "R4")
    assert g.call_stop().penalty == "stand"
    assert [card_name(c) for c in g.tab[3]] == ["QS", "JH"]


def test_S3_the_caller_turn_begins_with_its_reserve_turned_up() -> None:
    """S3 + R6: after the Stop the caller's turn begins; a face-down reserve top is turned up at its start."""
    g, _, _ = _violate("annul", rb="12|")
    assert g.res_up[1] == 0
    g.call_stop()
    assert g.turn == 1 and g.res_up[1] == 1
    assert g.reveals(len(g.move_stack) - 1) == (g.res[1][-1],)


@pytest.mark.parametrize("penalty", ["annul", "stand"])
def test_S3_stop_pops_back_exactly(penalty: str) -> None:
    """S3: a Stop is undone exactly by pop (position, view, legal moves, pending violation)."""
    g, _, _ = _violate(penalty)
    pos_before = g.position(secret=True)
    view_before = g.view(0).to_dict()
    legal_before = legal(g)
    g.call_stop()
    assert g.pop() == Move.from_str("stop")
    assert g.position(secret=True) == pos_before
    assert g.view(0).to_dict() == view_before
    assert legal(g) == legal_before and g.can_stop()
    g.call_stop()  # and it can be played again
    assert g.turn == 1


def test_S3_annulled_foundation_plays_do_not_count_as_progress() -> None:
    """S3 + D3: the stopped turn counts as a turn; foundation plays undone by the annul are not progress."""
    g = game(_stop_position(), stops=True)
    play(g, "SH", "R4", "HF")
    g.call_stop()
    assert g.noprog == 1
    gs = game(_stop_position(), stops=True, stop_penalty="stand")
    play(gs, "SH", "R4", "HF")
    gs.call_stop()
    assert gs.noprog == 0  # the play to the foundation stood


def test_S4_the_record_shows_the_stop_the_rule_and_the_move() -> None:
    """S4: the record names the Stop, the broken rule and the move that broke it; it replays exactly."""
    g, _, _ = _violate("annul")
    g.call_stop()
    text = record_text(g)
    assert "stop {Stop! by B: O1 broken by R4 (move 2); 2 move(s) taken back}" in text
    data = record_json(g)
    assert data["moves"][-1]["move"] == "stop"
    assert "O1 broken by R4" in data["moves"][-1]["ruling"]
    for replayed in (load_record(text), load_record(json.dumps(data))):
        assert replayed.position(secret=True) == g.position(secret=True)
        assert replayed.ruling(3) == g.ruling(3)
    hist = g.view(0).history[-1]
    assert hist.move == Move.from_str("stop") and hist.player == 1 and "O1" in (hist.ruling or "")


def test_S3_annul_of_a_draw_over_a_space() -> None:
    """S3 annul when the violation is the draw itself (O4): the drawn card goes back on the stock, known."""
    g = game(pos(["-", *QUIET[1:]], ra="5|5H", sa="8(3D)", rb="5|5h", turn_no=3), stops=True)
    play(g, "SH", "H1")  # O4, then O3 (the first violation is the one judged)
    assert g.pending_violation()[0] == "O4"  # type: ignore[index]
    ruling = g.call_stop()
    assert (ruling.rule, str(ruling.move), ruling.annulled) == ("O4", "SH", 2)
    assert g.tab[0] == [] and g.hand == -1 and g.waste[0] == []
    assert g.stock[0][-1] == parse_card("3D") and g.view(1).stock_known[0] == (parse_card("3D"),)
    assert g.position().split()[3] == "8(3D)"


def _reserve_secret(text: str, top: list[str]) -> str:
    """``text`` with its secret part written out so that A's face-down reserve ends with ``top``."""
    full = game(text).position(secret=True).split()
    parts = full[-1].split("/")
    lists = [[p[i : i + 2] for i in range(0, len(p), 2)] if p != "-" else [] for p in parts]
    for name in top:
        for lst in lists:
            if name in lst:
                lst.remove(name)
        lists[0].append(name)
    # keep every list's length: move the displaced cards from A's reserve to the lists that lost one
    sizes = [len(p) // 2 if p != "-" else 0 for p in parts]
    spare = lists[0][: len(lists[0]) - sizes[0]]
    lists[0] = lists[0][len(spare) :]
    for i in range(1, 4):
        while len(lists[i]) < sizes[i]:
            lists[i].insert(0, spare.pop())
    return " ".join([*full[:-1], "/".join("".join(lst) or "-" for lst in lists)])


def test_S3_annul_turns_back_two_reserve_cards_face_down_in_order() -> None:
    """S3 annul: the reserve top and the cards its moves uncovered go back face down in their order, known."""
    text = pos(["2C", "KS", "5D", "QS", "8s", "kc", "jd", "tc"], fnd="AC/-/-/-/-/-/-/-", ra="5|JH", rb="5|7c")
    g = game(_reserve_secret(text, ["9H", "TC"]), stops=True)
    play(g, "R4", "R4", "R4")  # JH, TC, 9H onto QS: O1 (the 2C should go up first)
    assert [card_name(c) for c in g.tab[3]] == ["QS", "JH", "TC", "9H"]
    third = card_name(g.reveals(2)[0])  # the card the 9H uncovered
    g.call_stop()
    assert [card_name(c) for c in g.res[0][-4:]] == [third, "9H", "TC", "JH"] and g.res_up[0] == 1
    assert [card_name(c) for c in g.view(1).reserve_known[0]] == [third, "9H", "TC"]
    assert g.position().split()[2] == f"2({third}9HTC)|JH"
