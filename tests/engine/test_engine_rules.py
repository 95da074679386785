"""Sections 2 and 3 of RULES.md: cards, deal, first player, moves (R1-R9) and the rules of order (O1-O4)."""

from __future__ import annotations

import random

import pytest
from enginekit import QUIET, assert_refused, card_set, game, legal, play, pos

from russianbank import Game, IllegalMoveError, InvalidPositionError, Move, options_for
from russianbank.cards import RANK, card_name, deck_of, parse_card
from russianbank.record import load_record, record_text

TWO_DECK = ("classic", "hoyle", "suited", "russian13")
RESERVE = {"classic": 12, "hoyle": 13, "suited": 12, "russian13": 13}


# ------------------------------------------------------------------ R1 R2 R3


@pytest.mark.parametrize("preset", TWO_DECK)
def test_R1_two_decks_104_distinct_cards_each_keeps_its_deck(preset: str) -> None:
    """R1: two 52-card decks, 104 distinct cards; deck A's cards are upper case, deck B's lower case."""
    g = Game(preset, seed=7)
    assert card_set(g) == list(range(104))
    # At the deal every card is on its owner's side: the deck of origin is kept.
    for p in (0, 1):
        own = g.res[p] + g.stock[p] + [c for i in range(4) for c in g.tab[4 * p + i]]
        assert {deck_of(c) for c in own} == {p}
        assert len(own) == 52
    assert card_name(parse_card("QH")) == "QH" and deck_of(parse_card("QH")) == 0
    assert card_name(parse_card("qh")) == "qh" and deck_of(parse_card("qh")) == 1
    assert RANK[parse_card("AS")] == 1 and RANK[parse_card("ks")] == 13


@pytest.mark.parametrize("preset", TWO_DECK)
def test_R2_deal_sizes_per_preset_and_same_seed_same_deal(preset: str) -> None:
    """R2: reserve 12 (13 in hoyle/russian13), one face-up card per tableau pile, the rest in the stock."""
    n = RESERVE[preset]
    g = Game(preset, seed=11)
    for p in (0, 1):
        assert len(g.res[p]) == n
        assert len(g.stock[p]) == 52 - n - 4
        assert g.waste[p] == []
        assert [len(g.tab[4 * p + i]) for i in range(4)] == [1, 1, 1, 1]
    assert all(f == [] for f in g.fnd)
    assert g.hand == -1
    # Reproducible from the seed; another seed deals differently.
    assert Game(preset, seed=11).position(secret=True) == g.position(secret=True)
    assert Game(preset, seed=12).position(secret=True) != g.position(secret=True)
    # The secret-free text shows only the counts of the face-down piles.
    fields = g.position().split()
    assert fields[3] == str(52 - n - 4) and fields[6] == str(52 - n - 4)


def test_R2_deal_order_reserve_then_tableau_then_stock() -> None:
    """R2: the reserve is dealt first, then the four tableau cards, then the stock (seed-shuffled deck)."""
    g = Game("classic", seed=5)
    rng = random.Random(5)
    for p in (0, 1):
        deck = list(range(52 * p, 52 * p + 52))
        rng.shuffle(deck)
        assert g.res[p] == deck[:12]
        assert [g.tab[4 * p + i][0] for i in range(4)] == deck[12:16]
        assert g.stock[p] == deck[16:]


def _expected_first(g: Game) -> int | None:
    for i in range(4):
        ra, rb = RANK[g.tab[i][0]], RANK[g.tab[4 + i][0]]
        if ra != rb:
            return 0 if ra < rb else 1
    return None


@pytest.mark.parametrize("preset", ("classic", "suited", "russian13"))
def test_R3_first_player_by_tableau_comparison(preset: str) -> None:
    """R3: lower first-dealt tableau card plays first; a tie goes to the second card, and so on."""
    ties = 0
    for seed in range(300):
        g = Game(preset, seed=seed)
        want = _expected_first(g)
        if want is None:
            continue  # all four tie: a seeded coin
        assert g.turn == want, seed
        assert g.first_mover == want
        if RANK[g.tab[0][0]] == RANK[g.tab[4][0]]:
            ties += 1
    assert ties > 5  # the tie rule was exercised


def test_R3_all_four_tie_a_seeded_coin_decides() -> None:
    """R3: if all four tableau comparisons tie, a seeded coin decides (seeds found by search)."""
    firsts = []
    for seed in (64992, 79035, 108253, 108954, 261732, 269405):
        g = Game("classic", seed=seed)
        assert all(RANK[g.tab[i][0]] == RANK[g.tab[4 + i][0]] for i in range(4))
        assert Game("classic", seed=seed).turn == g.turn
        firsts.append(g.turn)
    assert set(firsts) == {0, 1}


def test_R3_cut_decides_in_hoyle_reproducibly() -> None:
    """R3 option cut (hoyle): seeded, both players can start, the same seed gives the same first player."""
    firsts = [Game("hoyle", seed=s).turn for s in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [Game("hoyle", seed=s).turn for s in range(40)]
    # The cut on its own, in the classic game: not bound to the tableau comparison.
    cut = options_for("classic", first_player="cut")
    differs = 0
    for s in range(60):
        g = Game(options=cut, seed=s)
        assert g.turn == Game(options=cut, seed=s).turn
        want = _expected_first(g)
        differs += want is not None and want != g.turn
    assert differs > 5


@pytest.mark.parametrize("preset", (*TWO_DECK, "single"))
@pytest.mark.parametrize("first", (0, 1))
def test_R3_first_player_can_be_forced(preset: str, first: int) -> None:
    """R3: for tests and engine comparisons the first player can be forced; R6 turns that player's reserve up."""
    g = Game(preset, seed=3, first_mover=first)
    assert g.turn == first and g.first_mover == first
    if preset != "single":
        assert g.res_up == ([1, 0] if first == 0 else [0, 1])
        assert g.initial_reveals == (g.res[first][-1],)


# ------------------------------------------------------------------------ R4


def _loading_position() -> str:
    # A: tableau 4H 6H TC 8C, reserve top 4h, hand 6h; B: reserve top 5h, waste top 9c.
    return pos(["4H", "6H", "TC", "8C", "QS", "JD", "9D", "7S"], ra="5|4h", rb="10|5h", wb="9c", hand="6h", sa="20")


def test_R4_only_tableau_tops_reserve_top_and_hand_are_available() -> None:
    """R4: never a waste card (either player's), the opponent's reserve, a foundation card or a stock card."""
    g = game(
        pos(
            ["4H", "6H", "TC", "8C", "QS", "JD", "9D", "7S"],
            fnd="AD/-/-/-/-/-/-/-",
            ra="5|4h",
            wa="5C",
            rb="10|5h",
            wb="9c",
            hand="6h",
            sa="20",
        )
    )
    for text in ("w1", "W1", "wr", "r1", "rF", "S1", "s1"):
        assert_refused(g, text, "R4")
    assert_refused(g, "F1", "R5a")  # cards never leave a foundation (R4/R5a)
    srcs = {str(m)[0] for m in g.pseudo_legal_moves() if m.is_card_move}
    assert srcs <= set("12345678RHS")


def test_R4_empty_pile_and_no_hand_card_are_not_available() -> None:
    """R4: an empty tableau pile, an empty reserve and a missing hand card give nothing to move."""
    g = game(pos(["-", "6H", "TC", "8C", "QS", "JD", "9D", "7S"], rb="10|5h", sa="20"))
    assert_refused(g, "12", "R4")
    assert_refused(g, "R1", "R4")
    assert_refused(g, "H1", "R4")


# ------------------------------------------------------------------------ R5


def test_R5a_foundations_ace_first_then_suit_up() -> None:
    """R5a: an Ace goes to an empty foundation; other cards on the same suit one rank lower."""
    g = game(pos(["AS", "2C", "3D", "2D", "QS", "JD", "9D", "7S"], fnd="AD/AC/-/-/-/-/-/-", ra="5|8h", sa="20"))
    assert legal(g) == {"1F", "2F", "4F"}
    assert_refused(g, "3F", "R5a")  # 3D on AD: not one rank higher
    assert_refused(g, "5F", "R5a")  # QS: no spade foundation
    play(g, "1F", "4F", "3F", "2F")  # AS to an empty foundation; 2D then 3D on AD; 2C on AC
    assert g.fnd[2 * 1] == [parse_card("AD"), parse_card("2D"), parse_card("3D")]
    assert sorted(card_name(f[-1]) for f in g.fnd if f) == ["2C", "3D", "AS"]


def test_R5a_two_foundations_of_one_suit() -> None:
    """R5a with two decks: two foundations per suit; a card may go on either one that fits."""
    g = game(pos(["2H", "2h", "3H", "3h", "QS", "JD", "9D", "7S"], fnd="AH/ah/-/-/-/-/-/-", ra="5|8d", sa="20"))
    assert legal(g) == {"1F", "2F"}
    play(g, "1F")  # 2H on one heart foundation
    assert "2F" in legal(g)  # 2h still fits the other Ace
    assert "3F" in legal(g) and "4F" in legal(g)  # either three fits the 2H
    play(g, "2F", "3F", "4F")  # 3H and 3h: each on one of the two twos
    hearts = sorted(g.fnd[4:6], key=len)
    assert [len(h) for h in hearts] == [3, 3]
    assert all(RANK[c] == i + 1 for h in hearts for i, c in enumerate(h))
    # Two Aces of one suit fill both foundations of that suit; no card of the suit fits a third.
    g2 = game(pos(["AH", "ah", "KS", "QS", "jh", "JD", "9D", "7S"], ra="5|8d", sa="20"))
    play(g2, "1F", "2F")
    assert sorted(card_name(f[0]) for f in g2.fnd if f) == ["AH", "ah"]
    e = assert_refused(g2, "RF", "R5a")
    assert "8♦" in str(e)


def test_R5b_tableau_one_lower_opposite_colour() -> None:
    """R5b: on a tableau top one rank lower and of the opposite colour; a King never on a non-empty pile."""
    g = game(pos(["9H", "8S", "8C", "8H", "KD", "qs", "jh", "td"], ra="5|QD", sa="20"))
    assert {"21", "31"} <= legal(g)  # black 8s on the red 9
    assert_refused(g, "41", "R5b")  # red on red
    assert_refused(g, "56", "R5b")  # same rank... a King on a Queen
    e = assert_refused(g, "51", "R5b")
    assert "King" in str(e)
    assert_refused(g, "18", "R5b")  # 9H on td: not one lower
    assert "R6" not in legal(g)  # the reserve QD on qs: not one lower


def test_R5b_suited_preset_builds_in_suit() -> None:
    """R5b in the suited preset: one rank lower and the same suit."""
    text = pos(["9H", "8H", "8C", "8D", "KD", "qs", "jh", "td"], ra="5|QD", sa="20")
    assert "21" in legal(game(text, "suited")) and "31" not in legal(game(text, "suited"))
    assert_refused(game(text, "suited"), "31", "R5b")
    assert "31" in legal(game(text, "classic")) and "21" not in legal(game(text, "classic"))


def test_R5c_any_available_card_into_a_space_king_on_a_space() -> None:
    """R5c: a King joins the tableau only in a space; any available card may fill a space, even a lone one."""
    g = game(pos(["-", "KC", "QS", "9D", "KD", "qs", "jh", "td"], ra="5|KH", sa="20"))
    assert {"21", "31", "41", "51", "61", "71", "81", "R1"} <= legal(g)
    play(g, "21")  # the lone King of pile 2 moves into the space: only its pile changes
    assert card_name(g.tab[0][-1]) == "KC" and g.tab[1] == []
    play(g, "R2")  # the reserve King into the new space
    assert card_name(g.tab[1][-1]) == "KH"


def test_R5d_loading_up_and_down_on_reserve_and_waste() -> None:
    """R5d: load on the opponent's reserve top or waste top, same suit, one rank up or down, from any source."""
    g = game(_loading_position())
    loads = {m for m in legal(g) if m[1] in "rw"}
    # 4H (down) and 6H (up) on 5h; TC (up) and 8C (down) on 9c; reserve 4h and hand 6h on 5h.
    assert loads == {"1r", "2r", "3w", "4w", "Rr", "Hr"}
    for text, pile, top in (
        ("1r", "res", "4H"),
        ("2r", "res", "6H"),
        ("3w", "waste", "TC"),
        ("4w", "waste", "8C"),
        ("Rr", "res", "4h"),
        ("Hr", "res", "6h"),
    ):
        h = g.copy()
        play(h, text)
        got = h.res[1] if pile == "res" else h.waste[1]
        assert card_name(got[-1]) == top
    h = g.copy()
    play(h, "1r")  # loaded cards are face up and form the reserve's new top (R6)
    assert h.res_up[1] == 2 and h.reserve_top(1) == parse_card("4H")
    assert h.view(1).reserve_up[1] == (parse_card("5h"), parse_card("4H"))
    assert_refused(h, "Hr", "R5d")  # 6h fitted the 5h, not the 4H now on top


def test_R5d_loading_refusals_and_no_wrap() -> None:
    """R5d: wrong suit or rank is refused; King and Ace are not adjacent in the two-deck game."""
    g = game(_loading_position())
    assert_refused(g, "1w", "R5d")
    assert_refused(g, "3r", "R5d")
    g = game(pos(["KC", "2S", "TC", "8C", "QS", "JD", "9D", "7S"], ra="5|4h", rb="10|as", wb="ac", sa="20"))
    assert_refused(g, "1w", "R5d")  # KC on ac: no wrap
    assert "2r" in legal(g)  # 2S on as: one higher
    assert_refused(g, "4w", "R5d")  # 8C on ac: the right suit, not one rank away


def test_R5e_never_onto_own_piles_or_face_down_or_empty() -> None:
    """R5e: never onto one's own reserve or waste, from a waste, onto a face-down reserve or an empty waste."""
    g = game(_loading_position())
    assert_refused(g, "1R", "R5e")
    assert_refused(g, "1W", "R5e")
    assert_refused(g, "RW", "R5e")
    assert_refused(g, "1S", "R5e")
    assert_refused(g, "w1", "R4")  # from a waste (R4 names it)
    # B's reserve face down (B has not had a turn yet) and B's waste empty
    g = game(pos(["4H", "6H", "TC", "8C", "QS", "JD", "9D", "7S"], ra="5|5h", rb="12|", sa="20"))
    assert_refused(g, "1r", "R5e")
    assert_refused(g, "1w", "R5e")
    g = game(pos(["4H", "6H", "TC", "8C", "QS", "JD", "9D", "7S"], ra="5|5h", rb="0|", sa="20"))
    assert_refused(g, "1r", "R5e")


def test_R5f_one_card_per_move_runs_go_through_spaces() -> None:
    """R5f: the engine moves one card at a time; a run of two moves through a space as single moves."""
    g = game(pos(["9H8S", "-", "TC", "KD", "QS", "JD", "9D", "7S"], ra="5|QD", sa="20"))
    play(g, "12")  # only the 8S moves
    assert [card_name(c) for c in g.tab[0]] == ["9H"] and [card_name(c) for c in g.tab[1]] == ["8S"]
    play(g, "13", "23")  # 9H onto TC, then 8S onto 9H: the run has moved
    assert [card_name(c) for c in g.tab[2]] == ["TC", "9H", "8S"]
    assert g.tab[0] == [] and g.tab[1] == []
    assert all(m.is_card_move and len(str(m)) == 2 for m in g.legal_moves())


# ------------------------------------------------------------------------ R6 R7 R8 R9


def test_R6_reserve_top_turned_up_at_first_turn_and_when_it_leaves() -> None:
    """R6: the first player's reserve top is up at once; the other's at the start of their first turn;
    the next reserve card is turned up as soon as the top leaves."""
    g = Game("classic", seed=2, first_mover=0)
    assert g.res_up == [1, 0]
    assert g.initial_reveals == (g.res[0][-1],)
    assert "12|" in g.position()  # B's reserve still all face down
    # A discards, and B's reserve top is turned up at the start of B's turn (the discard's reveal).
    g = game(pos(QUIET, ra="5|5H", hand="3D", rb="12|", sa="10"))
    assert g.res_up[1] == 0
    play(g, "HW")
    assert g.turn == 1 and g.res_up[1] == 1
    assert g.reveals(0) == (g.res[1][-1],)
    assert g.position().split()[5] == f"11|{card_name(g.res[1][-1])}"
    # the reserve top leaves: the next card is turned up at once
    h = game(pos(["KS", "QS", "JS", "TS", "KC", "QC", "JC", "TC"], fnd="AH/-/-/-/-/-/-/-", ra="3(5C)|2H", sa="20"))
    play(h, "RF")
    assert h.reserve_top(0) == parse_card("5C") and h.res_up[0] == 1
    assert h.reveals(0) == (parse_card("5C"),)


def test_R7_draw_hold_discard_ends_turn_pass_only_when_nothing_to_draw() -> None:
    """R7: a draw turns the stock top into the hand; no second draw; the discard ends the turn; pass
    only with stock, waste and hand empty."""
    g = game(pos(QUIET, ra="5|5H", sa="3(7D)", rb="5|5h", turn_no=2))
    assert_refused(g, "pass", "R7")
    assert_refused(g, "HW", "R4")  # no hand card to discard
    play(g, "SH")
    assert card_name(g.hand) == "7D" and g.turn == 0
    assert_refused(g, "SH", "R7")
    assert_refused(g, "pass", "R7")
    play(g, "HW")
    assert g.turn == 1 and g.hand == -1 and card_name(g.waste[0][-1]) == "7D"
    # pass: nothing to draw and no hand card
    g = game(pos(QUIET, ra="5|5H", sa="0", rb="5|5h", fill="rb"))
    assert legal(g) == {"pass"}
    play(g, "pass")
    assert g.turn == 1


def _recycle_position(hand: str = "-", sa: str = "0") -> str:
    return pos(
        ["KS", "QS", "JS", "TS", "kc", "6d", "jc", "tc"], ra="5|5H", sa=sa, wa="3C4D5S", rb="5|5h", hand=hand, turn_no=3
    )


def test_R8_lazy_recycle_turns_the_waste_when_drawing() -> None:
    """R8 lazy: the waste is turned over only when the owner must draw; the first discard is then on top."""
    g = game(_recycle_position())
    assert legal(g) == {"SH"}
    play(g, "SH")
    assert card_name(g.hand) == "3C"  # the card discarded first
    assert [card_name(c) for c in g.stock[0]] == ["5S", "4D"] and g.waste[0] == []
    assert g.view(1).stock_known[0] == (parse_card("5S"), parse_card("4D"))  # V3
    g.pop()
    assert [card_name(c) for c in g.waste[0]] == ["3C", "4D", "5S"] and g.stock[0] == []


def test_R8_lazy_last_discard_stays_exposed_to_loading() -> None:
    """R8 lazy: after the owner's last stock card is discarded, the waste stays; the opponent may load on it."""
    g = game(_recycle_position(sa="0(7D)"))
    play(g, "SH", "HW")
    assert g.turn == 1 and g.stock[0] == [] and card_name(g.waste[0][-1]) == "7D"
    assert "2w" in legal(g)  # B loads 6d on A's 7D
    play(g, "2w")
    assert card_name(g.waste[0][-1]) == "6d"


def test_R8_immediate_recycle_after_every_action() -> None:
    """R8 immediate: as soon as the stock is empty and the waste is not, the waste is turned at once."""
    g = game(_recycle_position(sa="0(7D)"), recycle="immediate")
    play(g, "SH")  # the stock is now empty: the waste is turned while 7D is in hand
    assert card_name(g.hand) == "7D"
    assert [card_name(c) for c in g.stock[0]] == ["5S", "4D", "3C"] and g.waste[0] == []
    play(g, "HW")  # the stock is not empty (3 cards), so the 7D stays on the waste
    assert card_name(g.waste[0][-1]) == "7D"
    g = game(_recycle_position(sa="0"), recycle="immediate")
    play(g, "SH")  # position had an empty stock: the draw turns the waste first (as lazy)
    assert card_name(g.hand) == "3C"
    g = game(
        pos(["KS", "QS", "JS", "TS", "kc", "6d", "jc", "tc"], ra="5|5H", sa="0(7D)", rb="5|5h", turn_no=3),
        recycle="immediate",
    )
    play(g, "SH", "HW")  # the discard is the only waste card: turned at once, so B cannot load it
    assert g.waste[0] == [] and [card_name(c) for c in g.stock[0]] == ["7D"]
    assert_refused(g, "2w", "R5e")


def test_R9_after_the_reserve_is_gone_hand_fills_spaces_and_draw_over_space() -> None:
    """R9: with an empty reserve the player goes on from the stock, and the hand card may fill spaces."""
    text = pos(["-", "QS", "JS", "TS", "kc", "qc", "jc", "tc"], ra="0|", sa="5(7D)", rb="5|9h", turn_no=3)
    g = game(text)
    assert "SH" in legal(g)  # O4 does not apply any more
    play(g, "SH")
    assert "H1" in legal(g)  # O3 does not apply any more
    play(g, "H1")
    assert card_name(g.tab[0][-1]) == "7D"


# ------------------------------------------------------------------------ O1-O4


def _o1_position(hand: str = "-") -> str:
    # 2C can go to the AC foundation; 8s can go on 9H; 5D can load on B's 4d.
    return pos(
        ["9H", "2C", "5D", "QS", "8s", "kc", "jd", "tc"],
        fnd="AC/-/-/-/-/-/-/-",
        ra="5|JH",
        sa="10(3H)",
        rb="5|7c",
        wb="4d",
        hand=hand,
        turn_no=3,
    )


def test_O1_center_first_in_strict_mode() -> None:
    """O1: while an available card can go to a foundation, every other move is out of order (strict: illegal)."""
    g = game(_o1_position())
    assert legal(g) == {"2F"}
    for text in ("51", "3w", "SH", "R4"):
        assert_refused(g, text, "O1")
        assert g.order_violation(Move.from_str(text)) == "O1"
    assert g.order_violation(Move.from_str("2F")) is None


def test_O1_hand_card_that_fits_must_go_to_the_foundation_discard_is_a_violation() -> None:
    """O1: a drawn card that fits a foundation must go there; discarding it is a violation."""
    g = game(
        pos(
            ["9H", "KC", "5D", "QS", "8s", "kd", "jd", "tc"],
            fnd="AC/-/-/-/-/-/-/-",
            ra="5|JS",
            sa="10(2C)",
            rb="5|7c",
            wb="4d",
            turn_no=3,
        )
    )
    play(g, "SH")
    assert legal(g) == {"HF"}
    assert_refused(g, "HW", "O1")
    assert_refused(g, "51", "O1")
    gs = game(g.position(secret=True), stops=True)
    assert "HW" in legal(gs) and gs.order_violation(Move.from_str("HW")) == "O1"


def test_O1_stops_mode_violations_are_legal_and_pending() -> None:
    """O1 with stops on: out-of-order moves are legal; the first one is the turn's pending violation."""
    g = game(_o1_position(), stops=True)
    assert {"2F", "51", "3w", "SH", "R4"} <= legal(g)
    assert g.pending_violation() is None
    play(g, "51")
    rule, move, index = g.pending_violation()  # type: ignore[misc]
    assert (rule, str(move), index) == ("O1", "51", 0)
    play(g, "2F")
    assert g.pending_violation()[0] == "O1"  # type: ignore[index]


def test_O2_reserve_before_tableau_to_the_center_hand_may_go_first() -> None:
    """O2: when the reserve top fits a foundation it goes before any tableau card; the hand card may go first."""
    text = pos(
        ["2C", "KS", "QH", "JS", "kc", "qd", "jc", "td"],
        fnd="AC/AD/AS/-/-/-/-/-",
        ra="5|2D",
        hand="2S",
        sa="10",
        rb="5|9h",
        turn_no=3,
    )
    g = game(text)
    assert legal(g) == {"RF", "HF"}
    assert_refused(g, "1F", "O2")
    play(g, "HF")  # the hand card before the reserve top: in order
    assert g.pending_violation() is None
    assert legal(g) == {"RF"}
    play(g, "RF")
    assert "1F" in legal(g)
    gs = game(text, stops=True)
    assert "1F" in legal(gs)
    play(gs, "1F")
    assert gs.pending_violation()[0] == "O2"  # type: ignore[index]


def test_O3_hand_card_may_not_fill_a_space_while_the_reserve_lasts() -> None:
    """O3: with a reserve the hand card may not go into a space; tableau cards and the reserve top may."""
    text = pos(["-", "KS", "QH", "JS", "kc", "qd", "jc", "td"], ra="5|8D", hand="7C", sa="10", rb="5|9h", turn_no=3)
    g = game(text)
    assert_refused(g, "H1", "O3")
    assert {"R1", "21", "51"} <= legal(g)
    assert "H1" not in legal(g)
    gs = game(text, stops=True)
    play(gs, "H1")
    assert gs.pending_violation()[0] == "O3"  # type: ignore[index]
    # R9: once the reserve is empty the hand card may fill the space
    g9 = game(pos(["-", "KS", "QH", "JS", "kc", "qd", "jc", "td"], ra="0|", hand="7C", sa="10", rb="5|9h", turn_no=3))
    assert "H1" in legal(g9)


def test_O4_no_draw_or_pass_over_a_space_while_the_reserve_lasts() -> None:
    """O4: with a reserve and a space open, drawing and passing are out of order; after the reserve (R9) not."""
    g = game(pos(["-", "KS", "QH", "JS", "kc", "qd", "jc", "td"], ra="5|8D", sa="10", rb="5|9h", turn_no=3))
    assert_refused(g, "SH", "O4")
    gp = game(pos(["-", "KS", "QH", "JS", "kc", "qd", "jc", "td"], ra="5|8D", sa="0", rb="5|9h", fill="rb", turn_no=3))
    assert_refused(gp, "pass", "O4")
    gps = game(gp.position(secret=True), stops=True)
    assert "pass" in legal(gps)
    assert gps.order_violation(Move.from_str("pass")) == "O4"
    g9 = game(pos(["-", "KS", "QH", "JS", "kc", "qd", "jc", "td"], ra="0|", sa="10", rb="5|9h", turn_no=3))
    assert "SH" in legal(g9)


def test_O1_to_O4_a_move_breaking_several_rules_is_named_by_the_first() -> None:
    """One move, several rules: O1 before O3 and O4."""
    text = pos(
        ["-", "2C", "QH", "JS", "kc", "qd", "jc", "td"],
        fnd="AC/-/-/-/-/-/-/-",
        ra="5|8D",
        hand="7C",
        sa="10",
        rb="5|9h",
        turn_no=3,
    )
    g = game(text)
    assert_refused(g, "H1", "O1")  # also O3
    text = pos(
        ["-", "2C", "QH", "JS", "kc", "qd", "jc", "td"],
        fnd="AC/-/-/-/-/-/-/-",
        ra="5|8D",
        sa="10",
        rb="5|9h",
        turn_no=3,
    )
    assert_refused(game(text), "SH", "O1")  # also O4


def test_illegal_push_raises_and_changes_nothing() -> None:
    """R5b via push: IllegalMoveError with .rule; the position, the stack and the view are unchanged."""
    g = game(_o1_position(), stops=True)
    before = g.position(secret=True)
    with pytest.raises(IllegalMoveError) as info:
        g.push(Move.from_str("41"))
    assert info.value.rule == "R5b"
    assert g.position(secret=True) == before and g.move_stack == []


def test_R2_R5b_D2_each_option_on_its_own() -> None:
    """Section 8: every option is settable on its own (reserve size, tableau rule, bonus, recycle, Stop
    penalty, first-player method, draw limit)."""
    g = Game("classic", seed=1, reserve_size=5)
    assert [len(r) for r in g.res] == [5, 5] and [len(s) for s in g.stock] == [43, 43]
    g = Game("classic", seed=1, reserve_size=0)
    assert g.res == [[], []] and g.res_up == [0, 0] and g.initial_reveals == ()
    text = pos(["9H", "8H", "8C", "8D", "KD", "qs", "jh", "td"], ra="5|QD", sa="20")
    assert "21" in legal(game(text, tableau="suited"))
    o = options_for("hoyle", bonus=7, recycle="immediate", stop_penalty="annul", first_player="tableau", draw_limit=9)
    assert (o.reserve_size, o.bonus, o.recycle, o.stop_penalty, o.first_player, o.draw_limit) == (
        13,
        7,
        "immediate",
        "annul",
        "tableau",
        9,
    )
    w = game(pos(QUIET, fnd="AC/-/-/-/-/-/-/-", hand="2C", rb="5|6c", wb="4d3h", turn_no=9), bonus=7)
    play(w, "HF")
    assert w.outcome().score.bonus == 7  # type: ignore[union-attr]


def test_R6_forcing_the_first_player_of_a_set_up_position_turns_their_reserve_up() -> None:
    """R6/R3: a position set up with the first player forced to B starts B's turn: B's reserve top is
    turned up (it was face down in the text, where A was on move)."""
    text = pos(QUIET, ra="5|5H", sa="10", rb="12|", turn_no=1)
    with pytest.raises(InvalidPositionError, match="it is turn 1, but"):  # A would have played before B's first turn
        Game("classic", seed=0, position=text, first_mover=1)
    g = Game("classic", seed=0, position=text, first_mover=1, validate=False)
    assert g.turn == 1 and g.res_up[1] == 1
    assert g.initial_reveals == (g.res[1][-1],)
    same = Game.from_position(g.position(secret=True), validate=False)
    assert same.position(secret=True) == g.position(secret=True)
    replayed = load_record(record_text(g))  # the record (tag Validate "off") sets the game up the same way
    assert replayed.position(secret=True) == g.position(secret=True)
    assert replayed.initial_reveals == g.initial_reveals
    single = Game("single", seed=2, first_mover=0)
    s = Game("single", seed=0, position=single.position(secret=True), first_mover=1, validate=False)
    assert s.laid == [True, True] and len(s.initial_reveals) == 4  # S-3: B lays out at the start of its turn
