"""The shared scenarios (tests/session/scenarios.py) played through the terminal app: the person sees
the same messages as on the session itself."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_helpers import make_app, tick

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
from scenarios import SCENARIOS, Action, Scenario, reference, run_async

from russianbank.i18n import Message
from russianbank.session import Session
from russianbank.tui.app import RussianBankApp
from russianbank.tui.opening import Opening, Settings
from russianbank.tui.screens import ChoiceScreen
from russianbank.view import PlayerView


class TuiDriver:
    """Seat A at the keyboard: typed moves, the ! u i keys, a confirmed resign; the fake clock for waiting."""

    def __init__(self, app: RussianBankApp, pilot: Pilot[None]) -> None:
        self.app = app
        self.pilot = pilot

    def view(self) -> PlayerView:
        return self.app.session.view(0)

    async def act(self, action: Action) -> None:
        p = self.pilot
        kind = action[0]
        if kind == "move":
            await p.press("colon", *action[1], "enter")
        elif kind == "stop":
            await p.press("exclamation_mark")
        elif kind == "undo":
            await p.press("u")
        elif kind == "hint":
            await p.press("i")
        elif kind == "resign":
            await p.press("colon", *"resign", "enter")
            assert isinstance(self.app.screen, ChoiceScreen)
            await p.press("y")
        await p.pause()

    async def wait(self) -> None:
        if not await tick(self.pilot, self.app):
            await self.pilot.pause()

    def messages(self) -> list[Message]:
        return list(self.app.said)


def opening_for(sc: Scenario) -> Opening:
    return Opening(Session(sc.setup(), seed=sc.seed))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_terminal_says_what_the_session_says(name: str, size: tuple[int, int]) -> None:
    sc = SCENARIOS[name]
    want = reference(sc)
    app = make_app(opening_for(sc), save=False, **{"stops": sc.stops, "level": sc.level})
    assert isinstance(app.settings, Settings)
    async with app.run_test(size=size) as pilot:
        got = await run_async(sc, TuiDriver(app, pilot))
    assert [m.text("en") for m in got] == [m.text("en") for m in want]
    assert [m.text("ru") for m in got] == [m.text("ru") for m in want]
