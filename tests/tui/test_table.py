"""Drawing the table: every pile, the keys, the decks told apart, long piles at 80x24."""

from __future__ import annotations

from rich.style import Style
from tui_helpers import screen_lines

from russianbank import moves as mv
from russianbank.cards import make_card
from russianbank.game import Game
from russianbank.options import options_for
from russianbank.tui.app import RussianBankApp, Settings, TableView
from russianbank.tui.save import Saved, current_path
from russianbank.tui.table import DECK_BG, Marks, card_style, card_text, code_of, draw_table, key_of, pile_of


def long_piles_game() -> Game:
    """A legal-looking position with two 13-card tableau piles (K down to A), the longest possible."""
    g = Game(seed=11)
    st = g.state()
    run_a = [make_card(13 - i, 0 if i % 2 == 0 else 2, 0) for i in range(13)]  # K♣ Q♥ J♣ ... A♣
    run_b = [make_card(13 - i, 3 if i % 2 == 0 else 1, 1) for i in range(13)]  # k♤ q♢ j♤ ... a♤ (deck B)
    moved = set(run_a + run_b)
    for piles in (st.tableau, st.reserve, st.stock, st.waste):
        for p in piles:
            p[:] = [c for c in p if c not in moved]
    st.tableau[1] = run_a
    st.tableau[6] = run_b
    # Keep 104 cards: the cards taken from the tableau piles 1 and 6 go to the stocks.
    have = set(g.all_cards()) - moved
    for piles in (st.tableau, st.reserve, st.stock, st.waste):
        for p in piles:
            have -= set(p)
    for c in sorted(have):
        st.stock[c // 52].append(c)
    return Game.from_state(st, options_for("classic"))


def test_pile_codes_round_trip() -> None:
    """The keys are the move notation relative to the player whose keys are shown."""
    for player in (0, 1):
        for code in (*range(8), mv.RESERVE, mv.HAND, mv.FOUNDATION, mv.OPP_RESERVE, mv.OPP_WASTE, mv.WASTE):
            assert code_of(pile_of(code, player), player) == code
    assert key_of(("T", 0), 0) == "1" and key_of(("T", 0), 1) == "5"
    assert key_of(("R", 0), 0) == "R" and key_of(("R", 0), 1) == "r"
    assert key_of(("W", 1), 0) == "w"


def test_decks_are_told_apart_and_suits_coloured() -> None:
    """R1: the two decks look different (background and hollow suit signs); red suits are red."""
    qh_a, qh_b = make_card(12, 2, 0), make_card(12, 2, 1)
    assert card_text(qh_a, False) != card_text(qh_b, False)
    assert card_style(qh_a).bgcolor != card_style(qh_b).bgcolor
    assert card_style(qh_a).bgcolor == Style(bgcolor=DECK_BG[0]).bgcolor
    red, black = card_style(make_card(5, 1)), card_style(make_card(5, 0))
    assert red.color != black.color
    assert card_text(make_card(10, 3), True) == "10♠" and card_text(make_card(10, 3), False) == "T♠"


def test_every_pile_drawn_at_narrow_width() -> None:
    g = long_piles_game()
    assert len(g.all_cards()) == 104 and len(set(g.all_cards())) == 104
    d = draw_table(g, 0, ("You", "Computer"), width=50, height=20)
    assert d.width <= 50
    lines = d.plain_lines()
    assert len(lines) <= 20
    for a in range(8):
        key = key_of(("T", a), 0)
        row = next(ln for ln in lines if ln.startswith(f" {key} │"))
        assert "+" not in row  # nothing folded away
        assert " ".join(card_text(c, False) for c in g.tab[a]) in row


def test_marks_and_click_map() -> None:
    g = Game(seed=5)
    p = g.turn
    sel = pile_of(0, p)
    d = draw_table(g, p, ("A", "B"), Marks(selected=sel, targets={("F", 0)}), width=50, height=20)
    found = {pile for spans in d.spans for _x0, _x1, pile in spans}
    assert {("T", a) for a in range(8)} <= found
    assert {("R", 0), ("R", 1), ("S", 0), ("S", 1), ("W", 0), ("W", 1), ("F", 0), ("H", 0)} <= found
    for y, spans in enumerate(d.spans):
        for x0, x1, pile in spans:
            assert d.pile_at(x0, y) == pile and d.pile_at(x1 - 1, y) == pile


async def test_longest_piles_fit_80x24_in_the_app() -> None:
    """The 80x24 screen shows both 13-card piles in full, next to the log, with nothing cut off."""
    g = long_piles_game()
    app = RussianBankApp(Settings(hotseat=True, save=False), saved=Saved(g, {"Mode": "hotseat"}, current_path()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one(TableView)
        assert table.drawing is not None and table.drawing.width <= table.region.width
        lines = screen_lines(app)
        for a in (1, 6):
            key = key_of(("T", a), app.persp)
            row = next(ln for ln in lines if ln.startswith(f" {key} │"))
            assert " ".join(card_text(c, False) for c in g.tab[a]) in row[: table.region.width]
        assert lines[-1].strip().startswith("? Help")


def test_status_line_fits_when_the_game_is_over() -> None:
    g = Game(seed=5)
    g.resign(g.turn)
    d = draw_table(g, 0, ("Player A", "Player B"), width=50, height=20)
    assert d.width <= 50
    assert "game over: Player B won" in d.plain_lines()[0] or "game over: Player A won" in d.plain_lines()[0]
