"""The terminal game's modal screens: help, a notice with choices, a yes/no question, the end of a game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class HelpScreen(ModalScreen[None]):
    """The keys and a summary of the rules; scrolls; Esc closes."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "close", show=False),
        Binding("q", "close", show=False),
        Binding("question_mark", "close", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 100%; max-width: 100; height: 100%; border: round $accent;
                                  background: $surface; padding: 0 1; }
    HelpScreen Static { width: 100%; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str]):
    """A notice the player must read, answered with one of a few keys (``choices``: key -> answer)."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > VerticalScroll { width: 76; max-width: 100%; height: auto; max-height: 100%;
                                    border: heavy $warning; background: $surface; padding: 0 1; }
    ChoiceScreen Static { width: 100%; }
    """

    def __init__(self, text: str, choices: dict[str, str], keys_line: str, default: str | None = None) -> None:
        super().__init__()
        self.text = text
        self.choices = choices
        self.keys_line = keys_line
        self.default = default

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.text), id="choice-text")
            yield Static(Text(self.keys_line, style="bold"), id="choice-keys")

    def on_key(self, event: object) -> None:
        key = getattr(event, "key", "")
        answer = self.choices.get(key)
        if answer is None and key == "escape" and self.default is not None:
            answer = self.default
        if answer is not None:
            stop = getattr(event, "stop", None)
            if callable(stop):
                stop()
            self.dismiss(answer)


class EndScreen(ModalScreen[str]):
    """The result, the score breakdown and the match total; n another game, q quit, Esc look."""

    BINDINGS = [  # noqa: RUF012
        Binding("n", "choose('new')", show=False),
        Binding("enter", "choose('new')", show=False),
        Binding("q", "choose('quit')", show=False),
        Binding("escape", "choose('look')", show=False),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > VerticalScroll { width: 70; max-width: 100%; height: auto; max-height: 100%;
                                 border: double $accent; background: $surface; padding: 0 1; }
    EndScreen Static { width: 100%; }
    """

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="end-text")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
