"""``russianbank play`` driven with Textual's pilot: moves, refusals, undo, Stop, the computer, resume."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import message, screen_lines, wait_until

from russianbank import moves as mv
from russianbank.ai import make_stop_caller
from russianbank.game import Game
from russianbank.moves import Move
from russianbank.tui.app import EndScreen, HelpScreen, RussianBankApp, Settings, TableView
from russianbank.tui.save import load_saved
from russianbank.tui.table import card_text, pile_of

SIZE = (80, 24)


def tableau_move(game: Game, *, violation: bool | None = False) -> Move:
    """A tableau-to-tableau move of the side to move (such a move never turns a card up)."""
    for m in game.legal_moves():
        if m.src < 8 and m.dst < 8:
            v = game.order_violation(m)
            if violation is None or (v is not None) == violation:
                return m
    raise AssertionError(f"no tableau move in {game.legal_moves()}")


def row_of(app: RussianBankApp, abs_pile: int) -> str:
    """The screen row showing tableau pile ``abs_pile`` (found by its key label)."""
    key = str((abs_pile - 4 * app.persp) % 8 + 1)
    width = app.query_one(TableView).region.width
    rows = [ln[:width] for ln in screen_lines(app) if ln.startswith(f" {key} │")]
    assert len(rows) == 1, rows
    return rows[0]


async def test_start_with_seed_shows_the_deal() -> None:
    """A fixed seed deals the same game as the engine, and every tableau card is on the screen."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE):
        assert app.game.position(secret=True) == Game(seed=5).position(secret=True)
        text = "\n".join(screen_lines(app))
        assert "A to move" in text or "Player A to move" in text
        for a in range(8):
            for c in app.game.tab[a]:
                assert card_text(c, False) in row_of(app, a)


async def test_pile_keys_play_a_move_and_the_table_changes() -> None:
    """R5: pick a source with its key, then a target; the card moves on screen."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        move = tableau_move(g)
        p = g.turn
        src, dst = g.pile_index(p, move.src), g.pile_index(p, move.dst)
        card = g.tab[src][-1]
        await pilot.press(str(move)[0])
        assert app.selected == move.src
        assert move in app.targets  # the legal targets are highlighted
        marks = app.marks()
        assert pile_of(move.dst, p) in marks.targets
        await pilot.press(str(move)[1])
        await pilot.pause()
        assert app.game.move_stack == [move]
        assert app.game.tab[dst][-1] == card
        assert row_of(app, dst).rstrip().endswith(card_text(card, False))
        assert card_text(card, False) not in row_of(app, src)
        assert str(move) in "\n".join(screen_lines(app))  # the move log


async def test_typed_notation_plays_a_move() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        move = tableau_move(app.game)
        await pilot.press("colon")
        assert app.focused is not None and app.focused.id == "move-input"
        await pilot.press(*str(move), "enter")
        await pilot.pause()
        assert app.game.move_stack == [move]
        await pilot.press("escape")
        assert isinstance(app.focused, TableView)


async def test_refused_move_names_the_rule_and_changes_nothing() -> None:
    """A refused move says which rule refuses it (here R5b or an order rule) and the game is unchanged."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        before = g.position(secret=True)
        bad = next(
            Move.card(s, d)
            for s in range(8)
            for d in range(8)
            if s != d and g.tab[g.pile_index(g.turn, s)] and g.tab[g.pile_index(g.turn, d)]
            if g.illegal_reason(Move.card(s, d)) is not None
        )
        rule = g.illegal_reason(bad)
        assert rule is not None
        await pilot.press(*str(bad))
        await pilot.pause()
        assert f"{bad} refused" in message(app)
        assert rule[0] in message(app)
        assert g.position(secret=True) == before and not g.move_stack
        # Typed: the same refusal; and text that is no move at all.
        await pilot.press("colon", *str(bad), "enter")
        assert rule[0] in message(app) and not g.move_stack
        await pilot.press(*"Z9", "enter")
        assert "bad move" in message(app) and not g.move_stack


async def test_click_picks_a_pile_and_a_target() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        move = tableau_move(g)
        table = app.query_one(TableView)
        drawing = table.drawing
        assert drawing is not None

        def where(code: int) -> tuple[int, int]:
            pile = pile_of(code, g.turn)
            for y, spans in enumerate(drawing.spans):
                for x0, _x1, p in spans:
                    if p == pile:
                        return (x0 + 1, y)
            raise AssertionError(pile)

        await pilot.click(TableView, offset=where(move.src))
        assert app.selected == move.src
        await pilot.click(TableView, offset=(40, where(move.dst)[1]))  # anywhere on the target's row
        await pilot.pause()
        assert g.move_stack == [move]


async def test_undo_takes_back_own_moves_but_never_a_reveal() -> None:
    """Undo goes back within the turn; a draw (it turns a card up) is a barrier."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        start = g.position(secret=True)
        await pilot.press("u")
        assert "Cannot undo" in message(app)
        move = tableau_move(g)
        await pilot.press(*str(move))
        assert len(g.move_stack) == 1
        await pilot.press("u")
        await pilot.pause()
        assert not g.move_stack and g.position(secret=True) == start
        assert "Took back" in message(app)
        # A move that turns a card up (the next reserve card) cannot be taken back.
        await pilot.press(*str(move))
        reserve = next(m for m in g.legal_moves() if m.src == mv.RESERVE)
        await pilot.press(*str(reserve))
        assert g.move_stack == [move, reserve] and g.reveals(1)
        await pilot.press("u")
        assert g.move_stack == [move, reserve]
        assert "cannot be taken back" in message(app)


async def test_stop_in_stops_mode_hotseat() -> None:
    """S2: an unfounded Stop is refused; S3: a founded Stop ends the turn and annuls the violation."""
    app = RussianBankApp(Settings(seed=10, hotseat=True, stops=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        mover = g.turn
        await pilot.press("exclamation_mark")
        assert "S2" in message(app) and not g.move_stack
        bad = tableau_move(g, violation=True)
        rule = g.order_violation(bad)
        await pilot.press(*str(bad))
        assert g.move_stack == [bad]
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert g.turn == 1 - mover
        assert "Founded" in message(app) and str(rule) in message(app) and "taken back" in message(app)
        ruling = g.ruling(len(g.move_stack) - 1)
        assert ruling is not None and ruling.rule == rule


async def test_computer_calls_stop_on_the_persons_violation() -> None:
    """The computer (Stop caller of its level) calls Stop after the person breaks a rule of order."""
    app = RussianBankApp(Settings(seed=10, level="easy", stops=True, pace=0.0, stop_delay_factor=0.0))
    async with app.run_test(size=SIZE) as pilot:
        app.stop_caller = make_stop_caller("expert", seed=1)  # expert notices every violation
        g = app.game
        assert g.turn == app.human
        bad = tableau_move(g, violation=True)
        await pilot.press(*str(bad))
        await wait_until(pilot, lambda: any(m.code == mv.STOP for m in g.move_stack))
        i = next(i for i, m in enumerate(g.move_stack) if m.code == mv.STOP)
        ruling = g.ruling(i)
        assert ruling is not None and ruling.caller == app.cpu and ruling.move == bad
        assert "The computer calls Stop!" in message(app) and "Founded" in message(app)


async def test_computer_completes_its_turn() -> None:
    """The computer's moves are played one by one (off the event loop) until its turn ends."""
    app = RussianBankApp(Settings(seed=3, level="easy", pace=0.0))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        assert g.turn == app.cpu
        await wait_until(pilot, app.human_to_move)
        assert g.move_stack, "the computer moved"
        assert all(g.mover(i) == app.cpu for i in range(len(g.move_stack)))
        assert g.move_stack[-1].code in (mv.DISCARD, mv.PASS)
        log = "\n".join(screen_lines(app))
        assert "1. B" in log
        # Keys are refused while the computer plays: here it is the person's turn, so a pick works.
        await pilot.press("escape")


async def test_pace_and_skip() -> None:
    """With a slow pace the computer waits between moves; '.' shows the rest of the turn at once."""
    app = RussianBankApp(Settings(seed=3, level="easy", pace=2.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app._cpu_timer is not None)
        assert not app.game.move_stack  # waiting before its first move
        await pilot.press("1")
        assert "wait" in message(app)
        await pilot.press("full_stop")
        await wait_until(pilot, app.human_to_move, timeout=10)
        await pilot.press("plus")
        assert app.pace < 2.0


async def test_quit_and_resume_restore_the_same_position(data_home: Path) -> None:
    app = RussianBankApp(Settings(seed=5, level="easy", pace=0.0))
    async with app.run_test(size=SIZE) as pilot:
        move = tableau_move(app.game)
        await pilot.press(*str(move))
        position = app.game.position(secret=True)
        await pilot.press("q")
    assert (data_home / "current-game.txt").exists()
    saved = load_saved()
    assert saved is not None
    assert saved.tags["Mode"] == "computer" and saved.tags["Level"] == "easy"
    assert saved.game.position(secret=True) == position
    app2 = RussianBankApp(Settings(pace=0.0), saved=saved)
    async with app2.run_test(size=SIZE) as pilot:
        assert app2.game.position(secret=True) == position
        assert app2.level == "easy" and not app2.hotseat
        assert app2.game.move_stack == [move]
        dst = app2.game.pile_index(0, move.dst)
        assert row_of(app2, dst).rstrip().endswith(card_text(app2.game.tab[dst][-1], False))
        assert "resume" not in message(app2).lower() or "Could not" not in message(app2)


async def test_layout_80x24_shows_every_pile_uncut() -> None:
    """Every pile, the foundations, both players' reserve/stock/waste and the hand fit in 80x24."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        # Lengthen the piles: play tableau and foundation moves for a while (no reveal changes the layout).
        for _ in range(6):
            ms = [m for m in g.legal_moves() if m.src < 8]
            if not ms:
                break
            await pilot.press("colon", *str(ms[0]), "enter", "escape")
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(ln) <= 80 for ln in lines)
        table = app.query_one(TableView)
        assert table.drawing is not None
        assert table.drawing.width <= table.region.width
        assert table.region.right <= 80 and table.region.bottom <= 24
        for a in range(8):
            row = row_of(app, a)
            assert row.count("│") >= 1
            for c in g.tab[a]:
                assert card_text(c, False) in row
        text = "\n".join(lines)
        assert " F │" in text
        assert text.count(" S:") == 1 and text.count(" s:") == 1  # both stocks
        assert " R:" in text and " r:" in text and " W:" in text and " w:" in text and " H:" in text
        assert "Moves" in text  # the log panel
        assert "Help" in lines[-1]  # the footer with the keys
        # A long message (a Stop ruling, a computer turn) takes up to 4 lines; the table still fits.
        app.say("a long message " * 40)
        await pilot.pause()
        lines = screen_lines(app)
        for a in range(8):
            assert row_of(app, a)
        text = "\n".join(lines)
        assert " F │" in text and "▶" in text and text.count(" S:") == 1 and text.count(" s:") == 1


async def test_bigger_terminal_uses_more_room() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=(120, 40)):
        table = app.query_one(TableView)
        assert table.region.width > 60 and table.region.height > 30
        assert app.query_one("#side").region.width > 30  # a wider move log
        text = "\n".join(screen_lines(app))
        assert card_text(app.game.tab[0][0], True) in text  # wide cards ("10♠" rather than "T♠")


async def test_help_screen_and_end_screen_with_match_total() -> None:
    """The help screen opens and closes; resigning ends the game with the score and the match total (D4)."""
    app = RussianBankApp(Settings(seed=5, level="easy", pace=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "O1" in "\n".join(screen_lines(app)) or "Keys" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("colon", *"resign", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        out = app.game.outcome()
        assert out is not None and out.winner == app.cpu and out.score is not None
        text = "\n".join(screen_lines(app))
        assert "Computer wins" in text and "total" in text and "Match" in text
        assert f"Computer {out.score.total}" in text
        await pilot.press("n")
        await pilot.pause()
        assert not app.game.is_over() and not isinstance(app.screen, EndScreen)
        assert app.match.totals["Computer"] == out.score.total and len(app.match.games) == 1


async def test_hint_suggests_a_legal_move() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True, hint_level="easy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await wait_until(pilot, lambda: message(app).startswith("Hint:"))
        suggested = Move.from_str(message(app).split()[1])
        assert suggested in app.game.legal_moves()
        assert app.hint_piles


async def test_person_calls_stop_during_the_computers_turn() -> None:
    """S1/S2: the person (not on move) may call Stop while the computer plays; unfounded, it is refused."""
    app = RussianBankApp(Settings(seed=3, level="easy", stops=True, pace=2.0))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        await wait_until(pilot, lambda: app._cpu_timer is not None)
        assert g.turn == app.cpu
        before = g.position(secret=True)
        assert not g.move_stack  # it waits (pace) before its first move: nothing to Stop yet
        await pilot.press("exclamation_mark")
        assert "Stop! refused" in message(app) and "S2" in message(app)
        assert g.position(secret=True) == before
        await pilot.press("full_stop")  # the computer goes on with its turn
        await wait_until(pilot, app.human_to_move)
        assert "The computer played" in message(app)


async def test_hotseat_keys_follow_the_player_on_move() -> None:
    """In a hotseat game the keys are the notation of the player on move: B's own piles become 1-4."""
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        g = app.game
        assert g.turn == 0 and row_of(app, 0).startswith(" 1 │")
        for _ in range(40):
            if g.turn != 0:
                break
            legal = g.legal_moves()
            order = (mv.MOVES[mv.DISCARD], mv.MOVES[mv.DRAW])
            m = next((m for m in order if m in legal), None)
            m = m or next((m for m in legal if m.dst == mv.FOUNDATION or m.src == mv.RESERVE), legal[0])
            await pilot.press("colon", *str(m), "enter", "escape")
        assert g.turn == 1 and app.persp == 1
        text = "\n".join(screen_lines(app))
        assert "Player B to move" in text
        assert row_of(app, 4).startswith(" 1 │") and row_of(app, 0).startswith(" 5 │")
        assert " R:" in text and " r:" in text


async def test_stop_key_in_strict_mode_explains() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("exclamation_mark")
        assert "S1" in message(app) and "strict" in message(app)
        assert not app.game.move_stack
