"""``russianbank play`` driven with Textual's pilot: moves, refusals, undo, Stop, the computer, hints."""

from __future__ import annotations

from tui_helpers import (
    bar,
    box_text,
    computer_turn,
    make_app,
    message,
    screen_lines,
    screen_text,
    tick,
    type_move,
    wait_until,
)

from russianbank import moves as mv
from russianbank.cards import card_message
from russianbank.game import Game
from russianbank.moves import Move
from russianbank.session import Seat
from russianbank.tui.app import RussianBankApp
from russianbank.tui.opening import Settings
from russianbank.tui.screens import EndScreen, HelpScreen
from russianbank.tui.table import card_text, pile_of
from russianbank.tui.widgets import TableView

SIZE = (80, 24)


def tableau_move(game_or_view: object, *, violation: bool | None = False) -> Move:
    """A tableau-to-tableau move of the side to move (such a move never turns a card up)."""
    g = game_or_view if isinstance(game_or_view, Game) else None
    assert g is not None
    for m in g.legal_moves():
        if m.src < 8 and m.dst < 8:
            v = g.order_violation(m)
            if violation is None or (v is not None) == violation:
                return m
    raise AssertionError(f"no tableau move in {g.legal_moves()}")


def row_of(app: RussianBankApp, abs_pile: int) -> str:
    """The screen row showing tableau pile ``abs_pile`` (found by its key label)."""
    key = str((abs_pile - 4 * app.persp) % 8 + 1)
    width = app.query_one(TableView).region.width
    rows = [ln[:width] for ln in screen_lines(app) if ln.startswith(f" {key} │")]
    assert len(rows) == 1, rows
    return rows[0]


async def test_start_with_seed_shows_the_deal() -> None:
    """A fixed seed deals the same game as the engine, and every tableau card is on the screen."""
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE):
        view = app.session.view(0)
        g = Game(seed=5)
        assert view == g.view(0)
        assert "Player A" in screen_text(app)
        for a in range(8):
            for c in view.tableau[a]:
                assert card_text(c, 2) in row_of(app, a)


async def test_pile_keys_play_a_move_and_the_log_says_it_in_words() -> None:
    """R5: pick a source with its key, then a target; the card moves on screen; the log words it."""
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        g = Game(seed=5)
        move = tableau_move(g)
        p = g.turn
        src, dst = g.pile_index(p, move.src), g.pile_index(p, move.dst)
        card = g.tab[src][-1]
        await pilot.press(str(move)[0])
        assert app.picker.selected == move.src and move in app.picker.targets
        assert pile_of(move.dst, p) in app.marks().targets
        await pilot.press(str(move)[1])
        await pilot.pause()
        assert app.session.moves == [str(move)]
        assert row_of(app, dst).rstrip().endswith(card_text(card, 2))
        assert card_text(card, 2) not in row_of(app, src)
        assert message(app).startswith("Player A: ") and "from your pile" in message(app)


async def test_typed_notation_plays_a_move_and_gives_the_keys_back() -> None:
    """Issue 12: after a typed move the focus is back on the table, so i, u, n are keys again."""
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        move = tableau_move(Game(seed=5))
        await pilot.press("colon")
        assert app.focused is not None and app.focused.id == "move-input"
        await pilot.press("enter")  # an empty line just goes back
        assert isinstance(app.focused, TableView)
        await pilot.press("colon", *str(move), "enter")
        await pilot.pause()
        assert app.session.moves == [str(move)]
        assert isinstance(app.focused, TableView)
        await pilot.press("u")  # a key, not a letter typed into the input
        await pilot.pause()
        assert app.session.moves == []


async def test_refused_move_names_the_rule_and_changes_nothing() -> None:
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        before = app.session.view(0)
        await type_move(pilot, "RW")
        assert "R5e" in message(app) and "Nothing changed" in message(app)
        assert app.session.view(0) == before and not app.session.moves
        await type_move(pilot, "Z9")
        assert "Z9" in message(app) and not app.session.moves


async def test_click_picks_a_pile_and_a_target() -> None:
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        g = Game(seed=5)
        move = tableau_move(g)
        drawing = app.query_one(TableView).drawing
        assert drawing is not None

        def where(code: int) -> tuple[int, int]:
            pile = pile_of(code, g.turn)
            for y, spans in enumerate(drawing.spans):
                for x0, _x1, p in spans:
                    if p == pile:
                        return (x0 + 1, y)
            raise AssertionError(pile)

        await pilot.click(TableView, offset=where(move.src))
        assert app.picker.selected == move.src
        await pilot.click(TableView, offset=(40, where(move.dst)[1]))  # anywhere on the target's row
        await pilot.pause()
        assert app.session.moves == [str(move)]


async def test_undo_takes_back_own_moves_but_never_a_reveal() -> None:
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        start = app.session.view(0)
        await pilot.press("u")
        assert "no move in this turn" in message(app)
        move = tableau_move(Game(seed=5))
        await pilot.press(*str(move))
        await pilot.press("u")
        await pilot.pause()
        assert not app.session.moves and app.session.view(0) == start
        assert "took back" in message(app)
        await pilot.press("S")  # a draw turns a card up
        await pilot.press("u")
        assert app.session.moves == ["SH"] and "cannot be taken back" in message(app)


async def test_stop_in_a_hotseat_game_with_stop() -> None:
    """S2: an unfounded Stop is refused; S3: a founded Stop ends the turn and annuls the violation."""
    app = make_app(seed=10, hotseat=True, stops=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        g = Game(seed=10, stops=True)
        mover = g.turn
        await pilot.press("exclamation_mark")
        assert "S2" in message(app) and not app.session.moves
        bad = tableau_move(g, violation=True)
        rule = g.order_violation(bad)
        await pilot.press(*str(bad))
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert app.session.turn == 1 - mover
        assert "Stop! called by you" in bar(app) and f"broke rule {rule}" in bar(app)  # said to B, on move now
        assert "1 move is taken back" in bar(app)


async def test_computer_calls_stop_on_the_persons_violation() -> None:
    """The computer (an expert notices everything) calls Stop after its delay, on the fake clock."""
    app = make_app(seed=10, level="expert", stops=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        bad = tableau_move(Game(seed=10, stops=True), violation=True)
        await pilot.press(*str(bad))
        await pilot.pause()
        assert app.session.next_deadline() is not None
        assert await tick(pilot, app)
        stops = [m for m in app.said if m.code.startswith("stop.")]
        assert stops and "Stop! called by the computer: " in bar(app)  # named, not "your opponent"
        assert app.session.turn == 1


async def test_computer_completes_its_turn_in_real_time() -> None:
    """With the real clock the computer thinks in worker threads and plays move by move until its turn ends."""
    app = make_app(seed=3, level="easy", pace=0.0, fake=False, save=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, app.person_to_move)
        await pilot.pause()
        s = app.session
        assert s.moves and Move.from_str(s.moves[-1]).code in (mv.DISCARD, mv.PASS)
        # the log is drawn on a later frame than the session's turn changes (late on a busy machine)
        await wait_until(pilot, lambda: "Turn 2 · you" in screen_text(app))
        assert "Your move." in message(app)


async def test_pace_and_skip() -> None:
    """The computer waits for the pace between moves; '.' shows the rest of its turn at once; + and - pace."""
    app = make_app(seed=3, level="easy", pace=2.0, save=False)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s.next_deadline() == 2.0 and not s.moves  # thought of, waiting
        await pilot.press("1")
        assert "it is the computer's turn" in message(app)
        await pilot.press("full_stop")
        await pilot.pause()
        assert not s.computer_to_move and s.moves
        await pilot.press("plus")
        assert s.pace < 2.0 and "now waits" in message(app)


async def test_person_calls_stop_during_the_computers_pause() -> None:
    """The web bug of issue 9, in the terminal: no error, and an unfounded Stop changes nothing."""
    app = make_app(seed=3, level="easy", stops=True, pace=2.0, save=False)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s.computer_to_move and s.next_deadline() == 2.0
        await pilot.press("exclamation_mark")
        assert "Stop! from you refused" in message(app) and "S2" in message(app)
        assert not s.moves
        await computer_turn(pilot, app)
        assert app.person_to_move()


async def test_hint_suggests_a_legal_move() -> None:
    app = make_app(seed=5, hotseat=True, hint_level="easy", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await pilot.pause()
        hint = next(m for m in reversed(app.said) if m.code.startswith("play.hint"))
        assert message(app).startswith("Hint: ") and hint.code in ("play.hint.one", "play.hint.plan")
        assert app.hint_piles


async def test_hotseat_keys_follow_the_player_on_move() -> None:
    """In a hotseat game the keys are the notation of the player on move: B's own piles become 1-4."""
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=SIZE) as pilot:
        assert row_of(app, 0).startswith(" 1 │")
        for _ in range(40):
            if app.session.turn != 0:
                break
            legal = app.session.view(0).legal_moves
            order = (mv.MOVES[mv.DISCARD], mv.MOVES[mv.DRAW])
            m = next((m for m in order if m in legal), None)
            m = m or next((m for m in legal if m.dst == mv.FOUNDATION or m.src == mv.RESERVE), legal[0])
            await type_move(pilot, str(m))
        assert app.session.turn == 1 and app.persp == 1
        text = screen_text(app)
        assert "Player B's turn" in text
        assert row_of(app, 4).startswith(" 1 │") and row_of(app, 0).startswith(" 5 │")


async def test_help_screen_opens_and_closes() -> None:
    app = make_app(seed=5, level="easy", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Keys" in screen_text(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_end_screen_has_the_score_and_the_match_total_and_n_plays_on() -> None:
    """D2 and D4: the end screen breaks the score down and adds up the match; n deals the next game."""
    app = make_app(seed=5, level="easy", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "resign")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        out = app.session.outcome
        assert out is not None and out.winner == 1 and out.score is not None
        text = box_text(app)
        assert "The computer wins." in text and "You lost: you resigned." in text
        assert f"{out.score.total} points: bonus 30 + 12 reserve cards × 2" in text
        assert f"the computer {out.score.total}." in text and "after 1 game" in text
        await pilot.press("n")
        await pilot.pause()
        assert not app.session.is_over() and app.session.match.b == out.score.total


def test_settings_build_the_seats() -> None:
    assert Settings(hotseat=True).setup().seats == (Seat.person(), Seat.person())
    assert Settings(level="hard").setup().seats == (Seat.person(), Seat.computer("hard"))


async def test_pick_up_messages_name_the_pile_as_the_screen_labels_it() -> None:
    """The pick-up messages name the pile by the label the screen prints beside it: the person's own
    piles 1-4 ("your pile 3") and the other side's 5-8 ("Player B's pile 7" at one keyboard), in English
    and Russian."""
    for lang, own, opp, nothing in (
        ("en", "picked up from your pile {n}", "picked up from Player {who}'s pile {n}", "Nothing to pick up here"),
        ("ru", "взята с вашей стопки {n}", "взята со стопки {n} игрока {who}", "Здесь нечего взять"),
    ):
        app = make_app(seed=5, hotseat=True, save=False, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            view = app.session.view(app.persp)
            for key in "15":
                n = int(key)
                a = (n - 1 + 4 * app.persp) % 8
                assert view.tableau[a], "the deal has a card on every pile"
                await pilot.press(key)
                assert message(app).startswith(card_message(view.tableau[a][-1]).text(lang))
                assert (own if n <= 4 else opp).format(n=n, who="AB"[1 - app.persp]) in message(app), message(app)
                assert row_of(app, a).startswith(f" {key} │")  # the label the words use
                await pilot.press("escape")
            await pilot.press("f")
            assert message(app).startswith(nothing) and ("the foundations" if lang == "en" else "базы") in message(app)
