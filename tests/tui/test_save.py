"""Saving after every move, resuming, damaged saves, the command line, undo's limits."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from tui_helpers import message, wait_until

from russianbank import moves as mv
from russianbank.cards import card_name
from russianbank.game import Game
from russianbank.record import record_text
from russianbank.tui import main as play
from russianbank.tui.app import NoticeScreen, RussianBankApp, Settings, turn_lines, undo_refusal
from russianbank.tui.save import DamagedSave, current_path, data_dir, load_saved, write_atomic


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_data_dir_follows_xdg(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == data_home
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == Path.home() / ".local" / "share" / "russianbank"


def test_write_atomic_replaces_whole_file(data_home: Path) -> None:
    path = data_home / "x.txt"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in data_home.iterdir()] == ["x.txt"]  # no temporary file left behind


def test_options_and_defaults() -> None:
    settings, saved, notice = play.prepare(args())
    assert (settings.preset, settings.level, settings.stops, settings.hotseat) == ("classic", "medium", False, False)
    assert saved is None and notice is None
    settings, _, _ = play.prepare(args("--preset", "hoyle", "--level", "expert", "--stops", "--seed", "9"))
    assert (settings.preset, settings.level, settings.stops, settings.seed) == ("hoyle", "expert", True, 9)
    with pytest.raises(ValueError, match="S-7"):
        play.prepare(args("--preset", "single", "--stops"))
    with pytest.raises(SystemExit):
        args("--level", "genius")


def test_resume_without_a_save_starts_a_new_game() -> None:
    _, saved, notice = play.prepare(args("--resume"))
    assert saved is None and notice is not None and "No saved game" in notice


def test_damaged_save_is_reported_and_kept(data_home: Path) -> None:
    path = current_path()
    g = Game(seed=4)
    g.push(g.legal_moves()[0])
    text = record_text(g, {"Mode": "hotseat"})
    path.parent.mkdir(parents=True)
    path.write_text(text.replace("1. ", "1. XQ ", 1))  # a move that is not in the notation
    with pytest.raises(DamagedSave) as e:
        load_saved()
    assert "XQ" in str(e.value) or "bad move" in str(e.value)
    assert not path.exists() and (data_home / "current-game.txt.damaged").exists()
    # Through the command line: a clear notice, and a new game can start.
    path.write_text("this is not a game record\n[oops")
    _settings, saved, notice = play.prepare(args("--resume"))
    assert saved is None and notice is not None
    assert "damaged" in notice and "new game" in notice


async def test_damaged_save_notice_shown_in_the_app() -> None:
    notice = "Could not resume: the saved game /x is damaged: line 3: bad tag. A new game has started."
    app = RussianBankApp(Settings(seed=3, level="easy", pace=0.0), notice=notice)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, NoticeScreen)
        assert "damaged" in message(app)
        await pilot.pause(0.2)
        assert not app.game.move_stack  # the computer (on move) waits until the notice is read
        await pilot.press("enter")
        assert not isinstance(app.screen, NoticeScreen)
        await wait_until(pilot, app.human_to_move)
        assert app.game.move_stack


async def test_saved_after_every_move_and_resumed_by_the_command_line() -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True, stops=True))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            m = next(m for m in app.game.legal_moves() if m.code != mv.DISCARD)
            await pilot.press("colon", *str(m), "enter")
            saved = load_saved()
            assert saved is not None and saved.game.move_stack == app.game.move_stack
        position = app.game.position(secret=True)
    _settings, saved, notice = play.prepare(args("--resume"))
    assert notice is None and saved is not None
    assert saved.game.position(secret=True) == position
    assert saved.tags["Mode"] == "hotseat" and saved.game.options.stops


async def test_finished_game_is_not_resumed(data_home: Path) -> None:
    app = RussianBankApp(Settings(seed=5, hotseat=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"resign", "enter")
        await pilot.pause()
        assert app.game.is_over()
    assert list((data_home / "games").iterdir())  # the finished game is kept
    _, saved, notice = play.prepare(args("--resume"))
    assert saved is None and notice is not None and "already over" in notice


def end_turn(g: Game) -> None:
    """Play on until the side to move discards (draws, foundation and reserve moves first)."""
    me = g.turn
    for _ in range(60):
        if g.turn != me:
            return
        legal = g.legal_moves()
        order = (mv.MOVES[mv.DISCARD], mv.MOVES[mv.DRAW])
        move = next((m for m in order if m in legal), None)
        move = move or next((m for m in legal if m.dst == mv.FOUNDATION or m.src == mv.RESERVE), legal[0])
        g.push(move)
    raise AssertionError("the turn did not end")


def test_undo_limits() -> None:
    """Undo: own moves of this turn only, never a move that turned a card up."""
    g = Game(seed=5)
    me = g.turn
    assert undo_refusal(g, me) == "no move has been made yet"
    assert undo_refusal(g, 1 - me) is not None
    tab = next(m for m in g.legal_moves() if m.src < 8 and m.dst < 8)
    g.push(tab)
    assert undo_refusal(g, me) is None
    reserve = next(m for m in g.legal_moves() if m.src == mv.RESERVE)
    g.push(reserve)  # the next reserve card turns up
    why = undo_refusal(g, me)
    assert why is not None and "turned up" in why
    end_turn(g)
    assert g.turn != me
    assert undo_refusal(g, g.turn) == "you have made no move in this turn yet"
    assert undo_refusal(g, me) is not None


def test_undo_keeps_a_stoppable_violation() -> None:
    g = Game(seed=10, stops=True)
    bad = next(m for m in g.legal_moves() if m.src < 8 and m.dst < 8 and g.order_violation(m))
    g.push(bad)
    why = undo_refusal(g, g.turn)
    assert why is not None and "Stop" in why


def test_log_lines_are_the_record_notation() -> None:
    g = Game(seed=5)
    m = next(m for m in g.legal_moves() if m.src < 8 and m.dst < 8)
    g.push(m)
    lines = turn_lines(g)
    shown = "".join(card_name(c) for c in g.initial_reveals)  # the reserve top turned up at the start (R6)
    assert lines == [f"1. {'AB'[g.turn]} ={shown} {m}"]


async def test_new_game_after_resume_keeps_the_resumed_rules() -> None:
    g = Game("hoyle", seed=2, stops=True)
    text = record_text(g, {"Mode": "hotseat", "MatchA": "7", "MatchB": "0", "MatchGames": "1"})
    current_path().parent.mkdir(parents=True)
    current_path().write_text(text)
    settings, saved, _ = play.prepare(args("--resume"))
    app = RussianBankApp(settings, saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.hotseat and app.game.options.preset == "hoyle"
        await pilot.press("colon", *"resign", "enter")
        await pilot.pause()
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "after 2 games" in text  # the match goes on from the saved total
        await pilot.press("n")
        await pilot.pause()
        assert not app.game.is_over()
        assert app.game.options.preset == "hoyle" and app.game.options.stops
