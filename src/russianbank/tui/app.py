"""The Textual application of ``russianbank play``: a thin adapter over the play session.

The game is a :class:`~russianbank.session.Session`, driven by a :class:`~.runner.Runner`
(clock, the computer's thinking in worker threads, saving). This module turns keys, clicks
and typed moves into session requests, and the session's view and messages into the screen.
Everything shown is a catalogue message in the chosen language.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Input, Static

from .. import moves as mv
from ..errors import InvalidMoveError
from ..i18n import Message
from ..moves import Move
from ..session import DrawOffered, Event, GameOver, HintReady, Notice, Played, Session, StopRefused
from ..session import words as session_words
from .labels import key_items, log_title, table_labels
from .log import log_text
from .opening import Opening, Settings, new_game
from .picker import Picker, key_code
from .runner import Clock, MonotonicClock, Runner, Saver
from .save import current_path
from .screens import ChoiceScreen, EndScreen, HelpScreen
from .table import SIXTEEN_COLOURS, Drawing, Marks, Pile, code_of, draw_table, palette_for, pile_of
from .texts import Texts
from .widgets import KeyBar, MessageBar, MoveInput, TableView

PACES = (0.0, 0.1, 0.25, 0.5, 0.8, 1.2, 2.0, 3.0)  # what + and - step through (seconds)
MIN_SIZE = (80, 24)
REFUSAL = "bold #ff8080"
RULING = "bold #ffd75f"


class RussianBankApp(App[None]):
    """``russianbank play``."""

    TITLE = "Russian Bank"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #side { width: 30; border-left: solid $primary-darken-2; padding: 0 0 0 1; }
    #log-title { height: 1; text-style: bold; }
    #log-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    #message { height: auto; min-height: 2; max-height: 4; padding: 0 1; }
    #move-input { height: 1; border: none; padding: 0 1; }
    #move-input:focus { border: none; background: $boost; }
    #too-small { display: none; height: 1fr; padding: 1 2; }
    """
    BINDINGS = [Binding("ctrl+c", "quit_game", show=False)]  # noqa: RUF012

    def __init__(self, settings: Settings, opening: Opening | None = None, clock: Clock | None = None) -> None:
        palette = palette_for()
        # On a 16-colour terminal the decks' ANSI colours go out as they are (white and cyan
        # backgrounds the console has), not turned into the theme's RGB and back.
        super().__init__(ansi_color=palette is SIXTEEN_COLOURS)
        self.settings = settings
        self.texts = Texts(settings.lang)
        self.opening = opening or new_game(settings)
        self.palette = palette
        self.runner = Runner(
            self.opening.session, self, clock or MonotonicClock(), Saver(current_path(), settings.save)
        )
        self.picker = Picker()
        self.hint_piles: set[Pile] = set()
        self.last_piles: set[Pile] = set()
        self.recent: list[Text] = []
        self.said: list[Message] = []  # every session message shown to the person, in order
        self.too_small = False
        self._end_shown = -1
        self._asking = False

    # ------------------------------------------------------------- reading

    @property
    def session(self) -> Session:
        return self.runner.session

    @property
    def persp(self) -> int:
        """Whose keys and words the screen shows: the player on move (hotseat) or the person (A)."""
        return self.session.turn if self.session.hotseat else 0

    def person_to_move(self) -> bool:
        s = self.session
        return not s.is_over() and not s.computer_to_move

    @property
    def message_text(self) -> str:
        """The message bar as plain text (tests)."""
        return "\n".join(t.plain for t in self.recent[-1:])

    # ---------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield TableView(self.draw, self.pile_clicked, self.table_key, id="table")
            with Vertical(id="side"):
                yield Static("", id="log-title")
                with VerticalScroll(id="log-scroll"):
                    yield Static("", id="log")
        yield Static("", id="too-small")
        yield MessageBar(id="message")
        yield MoveInput(placeholder=self.texts("play.tui.input"), id="move-input")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one(TableView).focus()
        op = self.opening
        self.say(self._welcome())
        if op.resumed and not op.notice:
            self.say(Message("play.tui.resumed", {"turn": self.session.turn_no}))
        if op.notice:
            self.runner.pause()
            self.refresh_all()
            text = " ".join(self.texts.say(m) for m in op.notice)
            if op.alternative is not None:
                keys, choices = self.texts("play.tui.resume.salvage_keys"), {"enter": "keep", "n": "new"}
            else:
                keys, choices = self.texts("play.tui.continue_key"), {"enter": "keep", "space": "keep"}
            self.push_screen(ChoiceScreen(text, choices, keys, default="keep"), self._opening_chosen)
        else:
            self.runner.start()

    def _opening_chosen(self, choice: str | None) -> None:
        alt = self.opening.alternative
        if choice == "new" and alt is not None:
            self.runner.replace(alt)
            self.say(Message("play.tui.new_game"))
        self.runner.saver.save(self.session)
        self.runner.paused = False
        self.runner.start()
        self.check_size()

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        with contextlib.suppress(NoMatches):
            self.query_one("#side").styles.width = 30 if width < 110 else min(56, width // 3)
        self.check_size(event.size.width, event.size.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        """Below 80x24 the table does not fit: say what size is needed, and let the game wait."""
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        try:
            notice = self.query_one("#too-small", Static)
            main = self.query_one("#main")
        except NoMatches:
            return
        if small:
            notice.update(self.texts("play.tui.too_small", w=w, h=h, need_w=MIN_SIZE[0], need_h=MIN_SIZE[1]))
        notice.display = small
        main.display = not small
        if small != self.too_small:
            self.too_small = small
            if small:
                self.runner.pause()
            else:
                self.query_one(TableView).focus()
                if not self._modal_open():
                    self.runner.resume()
        self.refresh_all()

    def _modal_open(self) -> bool:
        return len(self.screen_stack) > 1

    # --------------------------------------------------------------- drawing

    def marks(self) -> Marks:
        m = Marks(hint=self.hint_piles, last=self.last_piles)
        if self.picker.selected is not None and self.person_to_move():
            p = self.session.turn
            m.selected = pile_of(self.picker.selected, p)
            m.targets = {pile_of(t.dst, p) for t in self.picker.targets}
        return m

    def draw(self, width: int, height: int) -> Drawing:
        view = self.session.view(self.persp)
        return draw_table(
            view,
            self.persp,
            table_labels(self.session, self.persp, self.texts),
            self.marks(),
            width,
            height,
            self.palette,
        )

    def refresh_all(self) -> None:
        try:
            self.query_one(TableView).refresh()
            s, t = self.session, self.texts
            self.query_one("#log-title", Static).update(Text(log_title(s, t), style="bold"))
            self.query_one("#log", Static).update(log_text(s, self.persp, t))
            scroll = self.query_one("#log-scroll", VerticalScroll)
            self.call_after_refresh(scroll.scroll_end, animate=False)
            self.query_one(KeyBar).show(key_items(s, t))
        except NoMatches:  # before the screen is composed
            return

    def say(self, what: Message | Text | str, style: str = "") -> None:
        """Put a line in the message bar."""
        if isinstance(what, Message):
            what = self.texts.say(what)
        text = what if isinstance(what, Text) else Text(what, style=style)
        self.recent = [*self.recent[-2:], text]
        with contextlib.suppress(NoMatches):
            self.query_one(MessageBar).show(self.recent)

    # ------------------------------------------------------------ host (runner)

    def show_events(self, events: list[Event]) -> None:
        if events:
            self.picker.clear()
        over: GameOver | None = None
        for e in events:
            viewer = self.persp
            m = e.message(viewer)
            if isinstance(e, Played):
                self.hint_piles = set()
                if e.by_computer and e.move.is_card_move:
                    self.last_piles = {pile_of(e.move.src, e.seat), pile_of(e.move.dst, e.seat)}
                elif not e.by_computer:
                    self.last_piles = set()
            if isinstance(e, HintReady) and e.moves and e.moves[0].is_card_move:
                first = e.moves[0]
                self.hint_piles = {pile_of(first.src, e.seat), pile_of(first.dst, e.seat)}
            if m is None:
                continue
            self.said.append(m)
            if isinstance(e, StopRefused | Notice):
                self.say(m, REFUSAL)
            elif isinstance(e, Played) and e.ruling is not None:
                self.say(m, RULING)
            else:
                self.say(m)
            if isinstance(e, DrawOffered) and self.session.hotseat:
                self.ask_draw(e.seat)
            if isinstance(e, GameOver):
                over = e
        self.refresh_all()
        if over is not None:
            self.show_end()

    def show_refusal(self, message: Message) -> None:
        self.said.append(message)
        self.say(message, REFUSAL)
        self.refresh_all()

    def run_thread(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        def job() -> None:
            result = work()
            with contextlib.suppress(RuntimeError):  # the app has closed
                self.call_from_thread(done, result)

        self.run_worker(job, thread=True, exit_on_error=False)

    # ---------------------------------------------------------------- input

    def table_key(self, key: str, char: str | None) -> bool:
        """A key on the table; True if it was one of the game's."""
        actions: dict[str, Callable[[], None]] = {
            "escape": self.action_cancel,
            "tab": self.action_type_move,
            "colon": self.action_type_move,
            "question_mark": self.action_help,
            "i": self.action_hint,
            "u": self.action_undo,
            "exclamation_mark": self.action_stop,
            "full_stop": self.action_skip,
            "plus": lambda: self.action_pace(-1),
            "minus": lambda: self.action_pace(1),
            "n": self.action_new_game,
            "q": self.action_quit_game,
            "x": lambda: self.try_move(mv.MOVES[mv.DISCARD]),
            "p": lambda: self.try_move(mv.MOVES[mv.PASS]),
        }
        action = actions.get(key)
        if action is not None:
            action()
            return True
        if not char or len(char) != 1:
            return False
        code = key_code(char, self.picker.selected is not None)
        if code is None:
            return False
        self.press_code(code)
        return True

    def pile_clicked(self, pile: Pile) -> None:
        self.press_code(code_of(pile, self.session.turn))

    def press_code(self, code: int) -> None:
        why = self.session.turn_refusal(self.session.turn if self.person_to_move() else self.persp)
        if why is not None:
            self.show_refusal(why)
            return
        result = self.picker.press(code, self.session, self.session.turn)
        if result.move is not None:
            self.try_move(result.move)
        elif result.say is not None:
            self.say(result.say, REFUSAL if result.refusal else "")
        self.query_one(TableView).refresh()

    def try_move(self, move: Move) -> None:
        self.picker.clear()
        seat = self.session.turn if self.person_to_move() else self.persp
        self.runner.request(self.session.play, seat, move)

    def action_cancel(self) -> None:
        self.picker.clear()
        self.hint_piles = set()
        self.query_one(TableView).refresh()

    def action_type_move(self) -> None:
        self.query_one("#move-input", Input).focus()

    def action_focus_table(self) -> None:
        self.query_one(TableView).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        self.action_focus_table()  # back to the pile keys: i, u, n ... are keys again
        if text:
            self.play_text(text)

    def play_text(self, text: str) -> None:
        try:
            move = Move.from_str(text)
        except InvalidMoveError as e:
            self.show_refusal(session_words.error(e))
            return
        code = move.code
        self.picker.clear()
        if code == mv.STOP:
            self.action_stop()
        elif code == mv.RESIGN:
            self.ask_resign(self.persp)
        elif code == mv.OPP_RESIGN:
            if not self.session.hotseat:
                self.show_refusal(Message("play.tui.oresign_computer"))
            else:
                self.ask_resign(1 - self.session.turn)
        elif code == mv.AGREE:
            self.runner.request(self.session.offer_draw, self.persp)
        else:
            self.try_move(move)

    # ------------------------------------------------------------- commands

    def action_stop(self) -> None:
        s = self.session
        caller = 1 - s.turn if s.hotseat else 0
        self.runner.request(s.call_stop, caller)

    def action_undo(self) -> None:
        self.runner.request(self.session.undo, self.persp)

    def action_hint(self) -> None:
        if self.person_to_move():
            self.say(Message("play.tui.thinking_hint"))
        self.runner.hint(self.persp)

    def action_skip(self) -> None:
        self.runner.request(lambda now: self.session.skip(now))

    def action_pace(self, step: int) -> None:
        s = self.session
        if s.computer is None:
            self.say(Message("play.tui.pace_hotseat"))
            return
        i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - s.pace))
        pace = s.set_pace(PACES[max(0, min(len(PACES) - 1, i + step))])
        self.say(Message("play.tui.pace", {"pace": self.texts.number(pace)}))
        self.refresh_all()

    def action_help(self) -> None:
        t = self.texts
        self.push_screen(
            HelpScreen(t("play.help.keys") + "\n" + t("play.help.rules") + "\n[dim]" + t("play.help.close") + "[/dim]")
        )

    def action_new_game(self) -> None:
        if not self.session.is_over():
            self.show_refusal(Message("play.refuse.not_over"))
            return
        self.picker.clear()
        self.last_piles = set()
        self.hint_piles = set()
        self.say(Message("play.tui.new_game"))
        self.runner.next_game()

    def action_quit_game(self) -> None:
        self.runner.saver.save(self.session)
        self.exit()

    # ------------------------------------------------------------ questions

    def ask(self, text: str, keys: str, then: Callable[[bool], None]) -> None:
        self.push_screen(
            ChoiceScreen(text, {"y": "yes", "n": "no", "enter": "no"}, keys, default="no"),
            lambda answer: then(answer == "yes"),
        )

    def ask_resign(self, seat: int) -> None:
        """Resigning needs a yes; in a hotseat game the player who would resign is asked by name."""
        s = self.session
        if s.is_over():
            self.show_refusal(Message("play.refuse.over"))
            return
        t = self.texts
        if s.hotseat:
            question = t("play.tui.confirm.oresign", to=s.seating.actor(seat, None))
        else:
            question = t("play.tui.confirm.resign")

        def answer(yes: bool) -> None:
            if yes:
                self.runner.request(s.resign, seat)

        self.ask(question, t("play.tui.confirm.resign_keys"), answer)

    def ask_draw(self, offerer: int) -> None:
        """A hotseat draw offer: the other player must agree."""
        s = self.session
        other = 1 - offerer
        t = self.texts
        question = t("play.tui.confirm.draw", to=s.seating.actor(other, None), who=s.seating.actor(offerer, None))

        def answer(yes: bool) -> None:
            self.runner.request(s.answer_draw, other, yes)

        self.ask(question, t("play.tui.confirm.draw_keys"), answer)

    # ---------------------------------------------------------- end of game

    def show_end(self) -> None:
        s = self.session
        if self._end_shown == id(s):
            return
        self._end_shown = id(s)
        head, how, match = s.end_messages(self.persp)
        t = self.texts
        text = Text()
        text.append(t.say(head) + "\n\n", style="bold")
        text.append(t.say(how) + ".\n\n")
        text.append(t.say(match) + "\n\n", style="bold")
        text.append(t("play.tui.end.keys"))
        self.action_focus_table()
        self.push_screen(EndScreen(text), self._end_choice)

    def _end_choice(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.exit()
        else:
            self.say(Message("play.tui.game_over_keys"))

    def _welcome(self) -> Message:
        s = self.session
        if s.hotseat:
            return Message("play.tui.welcome.hotseat")
        level = s.setup.seats[1].level or "medium"
        return Message("play.tui.welcome.computer", {"level": Message(f"play.level.{level}")})
