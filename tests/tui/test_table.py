"""Drawing the table from a player's view: every pile, the keys, the decks told apart, long piles at 80x24."""

from __future__ import annotations

from tui_helpers import make_app, screen_lines

from russianbank import moves as mv
from russianbank.cards import make_card
from russianbank.game import Game
from russianbank.options import options_for
from russianbank.session import Session
from russianbank.tui.opening import Opening, Settings
from russianbank.tui.table import (
    SIXTEEN_COLOURS,
    TRUE_COLOUR,
    Labels,
    Marks,
    TableDrawing,
    card_text,
    code_of,
    draw_table,
    key_of,
    pile_of,
)
from russianbank.tui.widgets import TableView

LABELS = Labels(
    "classic · strict · turn 1", "▶ your turn", ("You", "Computer"), "space", "(not laid out)", "-", "decks:", ""
)


def long_piles_game() -> Game:
    """A position with two 13-card tableau piles (K down to A), the longest possible."""
    g = Game(seed=11)
    st = g.state()
    run_a = [make_card(13 - i, 0 if i % 2 == 0 else 2, 0) for i in range(13)]
    run_b = [make_card(13 - i, 3 if i % 2 == 0 else 1, 1) for i in range(13)]
    moved = set(run_a + run_b)
    for piles in (st.tableau, st.reserve, st.stock, st.waste):
        for p in piles:
            p[:] = [c for c in p if c not in moved]
    st.tableau[1] = run_a
    st.tableau[6] = run_b
    have = set(g.all_cards()) - moved
    for piles in (st.tableau, st.reserve, st.stock, st.waste):
        for p in piles:
            have -= set(p)
    for c in sorted(have):  # the cards the runs displaced go face up on their owner's waste
        st.waste[c // 52].append(c)
    st.turn_no = 5  # a later turn, both reserve tops up: a position play can reach (Game.is_valid)
    st.reserve_up = [1 if r else 0 for r in st.reserve]
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
    assert card_text(qh_a, 2) != card_text(qh_b, 2)
    view = Game(seed=5).view(0)
    for pal in (TRUE_COLOUR, SIXTEEN_COLOURS):
        t = TableDrawing(view, 0, LABELS, Marks(), 50, 20, pal)
        a, b = t.card(qh_a)[1], t.card(qh_b)[1]
        assert isinstance(a, type(b)) and a.bgcolor != b.bgcolor  # type: ignore[union-attr]
        red, black = t.card(make_card(5, 1))[1], t.card(make_card(5, 0))[1]
        assert red.color != black.color  # type: ignore[union-attr]
    assert card_text(make_card(10, 3), 3) == "10♠" and card_text(make_card(10, 3), 2) == "T♠"
    assert card_text(make_card(10, 3), 5) == " 10♠ "


def test_every_pile_drawn_at_narrow_width() -> None:
    g = long_piles_game()
    assert len(set(g.all_cards())) == 104
    d = draw_table(g.view(0), 0, LABELS, width=50, height=20)
    assert d.width <= 50
    lines = d.plain_lines()
    assert len(lines) <= 20
    for a in range(8):
        key = key_of(("T", a), 0)
        row = next(ln for ln in lines if ln.startswith(f" {key} │"))
        assert "+" not in row
        assert " ".join(card_text(c, 2) for c in g.tab[a]) in row


def test_big_cards_keep_to_the_height() -> None:
    g = long_piles_game()
    d = draw_table(g.view(0), 0, LABELS, width=80, height=33)
    assert d.card_height == 2 and len(d.plain_lines()) <= 33
    d = draw_table(g.view(0), 0, LABELS, width=80, height=30)
    assert len(d.plain_lines()) <= 30


def test_marks_and_click_map() -> None:
    g = Game(seed=5)
    p = g.turn
    sel = pile_of(0, p)
    d = draw_table(g.view(p), p, LABELS, Marks(selected=sel, targets={("F", 0)}), width=50, height=20)
    found = {pile for spans in d.spans for _x0, _x1, pile in spans}
    assert {("T", a) for a in range(8)} <= found
    assert {("R", 0), ("R", 1), ("S", 0), ("S", 1), ("W", 0), ("W", 1), ("F", 0), ("H", 0)} <= found
    for y, spans in enumerate(d.spans):
        for x0, x1, pile in spans:
            assert d.pile_at(x0, y) == pile and d.pile_at(x1 - 1, y) == pile


def test_the_table_is_drawn_from_a_view_only() -> None:
    """V2: the drawing gets a PlayerView, never the game; face-down cards are backs."""
    g = Game(seed=5)
    d = draw_table(g.view(0), 0, LABELS, width=50, height=20)
    hidden = {c for p in (0, 1) for c in g.stock[p]}
    shown_text = d.text.plain
    assert "▒▒" in shown_text
    assert all(g.view(0).stock_count[p] == len(g.stock[p]) for p in (0, 1)) and hidden


async def test_longest_piles_fit_80x24_in_the_app() -> None:
    g = long_piles_game()
    session = Session(Settings(hotseat=True).setup(), position=g.position(secret=True))
    app = make_app(Opening(session), hotseat=True, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one(TableView)
        assert table.drawing is not None and table.drawing.width <= table.region.width
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(ln) <= 80 for ln in lines)
        for a in (1, 6):
            key = key_of(("T", a), app.persp)
            row = next(ln for ln in lines if ln.startswith(f" {key} │"))
            assert " ".join(card_text(c, 2) for c in g.tab[a]) in row[: table.region.width]
        assert lines[-1].strip().startswith("?  Help")
        text = "\n".join(lines)
        assert " F │" in text and text.count(" S:") == 1 and text.count(" s:") == 1
        assert " R:" in text and " r:" in text and " W:" in text and " w:" in text and " H:" in text
