"""The widgets of the terminal game: the table, the move line, the key bar."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input, Static

from .table import Drawing, Pile


class TableView(Widget):
    """The table: every pile with its key; keys and clicks go to the app."""

    can_focus = True

    DEFAULT_CSS = """
    TableView { height: 1fr; width: 1fr; padding: 0 0; text-wrap: nowrap; text-overflow: clip; }
    """

    def __init__(
        self,
        draw: Callable[[int, int], Drawing],
        on_pile: Callable[[Pile], None],
        on_key: Callable[[str, str | None], bool],
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        self._draw = draw
        self._on_pile = on_pile
        self._key_handler = on_key
        self.drawing: Drawing | None = None

    def render(self) -> Text:
        self.drawing = self._draw(self.size.width, self.size.height)
        return self.drawing.text

    def on_click(self, event: events.Click) -> None:
        if self.drawing is None:
            return
        pile = self.drawing.pile_at(event.x, event.y)
        if pile is not None:
            event.stop()
            self._on_pile(pile)

    def on_key(self, event: events.Key) -> None:
        if self._key_handler(event.key, event.character):
            event.stop()
            event.prevent_default()


class MoveInput(Input):
    """The line for typing a move in the notation; Enter plays it and goes back to the table."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "app.focus_table", show=False),
    ]


class KeyBar(Static):
    """The keys that do something now, with what they do, in the player's language."""

    DEFAULT_CSS = """
    KeyBar { height: 1; width: 1fr; background: $panel; color: $text; padding: 0 1; }
    """

    def show(self, items: list[tuple[str, str]]) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (key, what) in enumerate(items):
            if i:
                text.append("  ")
            text.append(f" {key} ", Style(bold=True, reverse=True))
            text.append(f" {what}")
        self.update(text)


class MessageBar(Static):
    """What just happened: the newest message in full, older ones dimmed as room allows (4 lines)."""

    DEFAULT_CSS = """
    MessageBar { height: auto; min-height: 2; max-height: 4; padding: 0 1; }
    """
    LINES = 4

    def show(self, recent: list[Text]) -> None:
        width = max(20, self.size.width - 2 if self.size.width else 78)
        room, lines = self.LINES, list[Text]()
        for line in reversed(recent):
            need = max(1, -(-len(line.plain) // width))
            if need > room and lines:
                break
            room -= need
            lines.insert(0, line if not lines else Text(line.plain, style="dim"))
        shown = Text()
        for i, line in enumerate(lines):
            if i:
                shown.append("\n")
            shown.append_text(line)
        self.update(shown)
