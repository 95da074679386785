"""Helpers for driving ``russianbank play`` with Textual's pilot (fake clock: the computer thinks at once,
its moves wait until the test moves the clock)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from russianbank.tui.app import RussianBankApp
from russianbank.tui.opening import Opening, Settings
from russianbank.tui.runner import FakeClock

SIZES = [(80, 24), (120, 40)]


def make_app(opening: Opening | None = None, *, fake: bool = True, **settings: Any) -> RussianBankApp:
    return RussianBankApp(Settings(**settings), opening, clock=FakeClock() if fake else None)


async def wait_until(pilot: Pilot[None], cond: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``cond()`` holds (fails the test after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)


def screen_lines(app: RussianBankApp) -> list[str]:
    """The text of the whole screen as rendered, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app: RussianBankApp) -> str:
    return "\n".join(screen_lines(app))


def message(app: RussianBankApp) -> str:
    """The newest line of the message bar."""
    return app.message_text


def bar(app: RussianBankApp) -> str:
    """The last few lines said in the message bar."""
    return "\n".join(t.plain for t in app.recent)


async def tick(pilot: Pilot[None], app: RussianBankApp) -> bool:
    """Move the fake clock to the session's next deadline and do what is due; False if nothing is due."""
    due = app.session.next_deadline()
    if due is None:
        return False
    clock = app.runner.clock
    assert isinstance(clock, FakeClock)
    clock.t = max(clock.t, due)
    app.runner.tick()
    await pilot.pause()
    return True


async def computer_turn(pilot: Pilot[None], app: RussianBankApp, limit: int = 500) -> None:
    """Let the computer play until it is not on move."""
    for _ in range(limit):
        if not app.session.computer_to_move:
            return
        if not await tick(pilot, app):
            await pilot.pause()
    raise AssertionError("the computer's turn did not end")


async def type_move(pilot: Pilot[None], text: str) -> None:
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


def box_text(app: RussianBankApp) -> str:
    """The text inside the framed notice or end box on screen (heavy or double border), as one line."""
    inside = []
    for ln in screen_lines(app):
        for edge in ("┃", "║"):
            if ln.count(edge) >= 2:
                inside.append(ln[ln.index(edge) + 1 : ln.rindex(edge)].strip())
                break
    return " ".join(" ".join(inside).split())
