"""Section 7 of RULES.md: the one-deck game, preset ``single`` (S-1 .. S-7)."""

from __future__ import annotations

import pytest
from enginekit import assert_refused, card_set, game, legal, play, pos

from russianbank import Game, InvalidOptionsError, Move, Termination
from russianbank.cards import card_name, parse_card


def single_pos(tab: list[str], **kw: object) -> str:
    return pos(tab, fnd="-", ra="-", rb="-", ncards=52, **kw)  # type: ignore[arg-type]


# A: KH AH 5C and a space; B: QH 2S 9D JC; A's stock top KS; B's waste top AS.
MID = single_pos(["KH", "AH", "5C", "-", "QH", "2S", "9D", "JC"], sa="10(KS)", wb="AS", turn_no=5)


def test_S_1_one_deck_26_each_no_reserve_no_foundations() -> None:
    """S-1: one 52-card deck, 26 cards to each player as a face-down stack; no reserve, no foundations."""
    g = Game("single", seed=4, first_mover=1)
    assert card_set(g) == list(range(52))
    assert len(g.stock[0]) == 26  # A has not laid out yet
    assert len(g.stock[1]) == 22 and sum(len(g.tab[i]) for i in range(4, 8)) == 4  # B laid four (S-3)
    assert g.res == [[], []] and all(f == [] for f in g.fnd)
    fields = g.position().split()
    assert fields[1] == "-" and fields[2] == "-" and fields[5] == "-"
    h = game(MID, "single")
    assert_refused(h, "1F", "S-1")
    assert_refused(h, "R1", "S-1")


def test_S_2_ranks_are_circular_king_and_ace_adjacent() -> None:
    """S-2: ... Q K A 2 ...: a King and an Ace of a suit build on each other (tableau and loading)."""
    g = game(MID, "single")
    assert {"12", "21"} <= legal(g)  # KH on AH and AH on KH
    play(g, "SH")  # KS
    assert "Hw" in legal(g)  # KS loads on B's AS
    play(g, "Hw")
    assert card_name(g.waste[1][-1]) == "KS"


def test_S_2_two_deck_game_never_wraps() -> None:
    """S-2: only the one-deck game wraps; in the two-deck game a King does not go on an Ace."""
    g = game(pos(["KC", "2S", "9S", "7S", "kd", "jc", "9c", "7c"], ra="5|5H", rb="10|5h", wb="ac", sa="20"))
    assert_refused(g, "1w", "R5d")


def test_S_3_piles_are_laid_out_at_the_first_turn() -> None:
    """S-3: at the start of a player's first turn the top four stack cards become their four piles, the top
    card on the first pile; until then those piles do not exist (they are not spaces)."""
    g = Game("single", seed=1, first_mover=0)
    secret = Game("single", seed=1, first_mover=0).position(secret=True).split()[-1].split("/")
    assert g.laid == [True, False]
    assert [g.tab[i] for i in range(4)] == [[c] for c in g.initial_reveals]
    assert g.position().split()[0].endswith("/./././.")
    assert_refused(g, "15", "S-3")
    b_stack = secret[3]
    b_top4 = [b_stack[i : i + 2] for i in range(len(b_stack) - 2, len(b_stack) - 10, -2)]
    play(g, "SH")
    assert "HW" in legal(g)  # B's missing piles are not spaces (S-6 would forbid the discard)
    while g.turn == 0:  # place or discard: take the discard as soon as it is allowed
        ms = legal(g)
        play(g, "HW" if "HW" in ms else sorted(m for m in ms if m.startswith("H"))[0])
        if g.turn == 0 and "SH" in legal(g):
            play(g, "SH")
    assert g.laid == [True, True]
    assert [card_name(g.tab[4 + i][0]) for i in range(4)] == b_top4
    assert g.reveals(len(g.move_stack) - 1)[-4:] == tuple(parse_card(c) for c in b_top4)


def test_S_4_building_same_suit_up_or_down_any_card_in_a_space() -> None:
    """S-4: tableau building in the same suit, one rank up or down (circular); any card may fill a space."""
    g = game(MID, "single")
    assert "15" in legal(g)  # KH on QH (up)
    assert "51" in legal(g)  # QH on KH (down)
    assert_refused(g, "25", "S-4")  # AH on QH: two ranks away
    assert_refused(g, "36", "S-4")  # 5C on 2S: other suit
    assert {"14", "24", "34", "54", "64", "74", "84"} <= legal(g)  # any tableau card into the space
    play(g, "SH")
    assert "H4" in legal(g)  # the hand card into the space (no O3 here)


def test_S_5_only_the_hand_card_loads() -> None:
    """S-5: only the hand card may go on the opponent's waste top; tableau cards may not."""
    g = game(single_pos(["KH", "AH", "5C", "2S", "QH", "KS", "9D", "JC"], sa="10(QS)", wb="AS", turn_no=5), "single")
    assert_refused(g, "6w", "S-5")  # KS would fit AS, but it is a tableau card
    play(g, "SH")
    assert {m for m in legal(g) if m.endswith("w")} == set()  # QS does not fit AS
    g = game(MID, "single")
    play(g, "SH")
    assert {m for m in legal(g) if m.endswith("w")} == {"Hw"}


def test_S_6_no_discard_with_a_space_open_draw_allowed() -> None:
    """S-6: a player may not discard while a space is open; drawing with a space open is allowed; no pass."""
    g = game(MID, "single")
    assert "SH" in legal(g)
    assert_refused(g, "pass", "S-6")
    play(g, "SH")
    assert "HW" not in legal(g)
    assert_refused(g, "HW", "S-6")
    play(g, "H4")  # fill the space with the hand card
    play(g, "SH")
    assert "HW" in legal(g)
    play(g, "HW")
    assert g.turn == 1


def test_S_7_recycling_win_and_score_no_stop() -> None:
    """S-7: recycling as R8; the first with no cards in stack, waste and hand wins; 1 point per loser card."""
    g = game(single_pos(["KH", "AH", "5C", "8C", "QH", "2S", "9D", "JC"], sa="0", wa="3D4D", turn_no=5), "single")
    play(g, "SH")  # lazy recycle: the first discard (3D) is on top of the turned-over waste
    assert card_name(g.hand) == "3D" and [card_name(c) for c in g.stock[0]] == ["4D"]
    # a win: A's last card goes on the tableau
    g = game(single_pos(["KH", "AH", "5C", "8C", "QH", "2S", "9D", "JC"], sa="0(7C)", wb="4D", turn_no=5), "single")
    nb = len(g.stock[1]) + len(g.waste[1])
    play(g, "SH", "H4")
    out = g.outcome()
    assert out is not None and out.termination is Termination.WIN and out.winner == 0
    assert out.score.total == nb and out.score.bonus == 0 and out.score.reserve_cards == 0  # type: ignore[union-attr]
    with pytest.raises(InvalidOptionsError, match="no Stop"):
        Game("single", stops=True)
    g = game(MID, "single")
    assert_refused(g, "stop", "S1")
    assert g.illegal_reason(Move.from_str("stop"))[0] == "S1"  # type: ignore[index]


def test_S_7_no_progress_counts_tableau_placements_from_the_hand() -> None:
    """S-7/D3: with no foundations, a card placed on the tableau (from the hand) is progress."""
    g = game(MID, "single", draw_limit=50)
    play(g, "SH", "H4", "SH", "HW")
    assert g.noprog == 0
    g = game(single_pos(["KH", "AH", "5C", "8C", "QH", "2S", "9D", "JC"], sa="10(3D)", wb="AS", turn_no=5), "single")
    play(g, "SH", "HW")
    assert g.noprog == 1


def test_R3_tableau_comparison_is_refused_in_the_one_deck_game() -> None:
    """R3/S-3: first_player="tableau" cannot decide the one-deck game (its piles are laid out only at each
    player's first turn, so comparing them would read face-down cards): refused, not silently a cut."""
    from russianbank import InvalidOptionsError, options_for

    with pytest.raises(InvalidOptionsError, match="first_player=cut") as info:
        options_for("single", first_player="tableau")
    assert info.value.code == "error.options.single_first" and "S-3" in str(info.value)
    with pytest.raises(InvalidOptionsError):
        Game("single", seed=1, first_player="tableau")
    assert Game("single", seed=1).options.first_player == "cut"
