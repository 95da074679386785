"""Helpers for driving ``russianbank play`` with Textual's pilot."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.pilot import Pilot

from russianbank.tui.app import RussianBankApp


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


def message(app: RussianBankApp) -> str:
    m = app.message_text
    return m if isinstance(m, str) else m.plain


def keys_for(move_text: str) -> list[str]:
    """The pile keys that play a move written in the notation (``"3F"`` -> ``["3", "F"]``)."""
    return list(move_text)
