"""The Textual application of ``russianbank play``.

The game (:class:`russianbank.game.Game`) lives on the UI thread and only the
UI thread changes it. The computer thinks in Textual thread workers on a
:class:`~russianbank.view.PlayerView` snapshot; each result carries the
"generation" of the game it was computed for and is dropped if the game has
changed since (a Stop, a new game).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from .. import moves as mv
from ..cards import card_name
from ..errors import InvalidMoveError
from ..game import Game
from ..moves import Move
from ..record import record_text
from ..scoring import MatchScore
from . import save as saving
from .rules_help import KEYS, RULES
from .table import Drawing, Marks, Pile, code_of, draw_table, pile_of

LEVELS = ("beginner", "easy", "medium", "hard", "expert")
PACES = (0.0, 0.1, 0.25, 0.5, 0.8, 1.2, 2.0)  # seconds between the computer's moves
TURN_ENDERS = (mv.DISCARD, mv.PASS, mv.STOP)
SOURCES = (*range(8), mv.RESERVE, mv.HAND)
SHORT_RULES = {
    "O1": "a foundation move was possible",
    "O2": "the reserve top had to go to a foundation first",
    "O3": "the hand card may not fill a space while the reserve lasts",
    "O4": "no draw with a space open while the reserve lasts",
}


@dataclass
class Settings:
    """What ``russianbank play`` was asked for."""

    preset: str = "classic"
    level: str = "medium"
    stops: bool = False
    seed: int | None = None
    hotseat: bool = False
    pace: float = 0.5  # seconds between the computer's moves
    stop_delay_factor: float = 1.0  # scales the computer's Stop delay (tests use 0)
    hint_level: str = "hard"
    save: bool = True


def undo_refusal(game: Game, player: int) -> str | None:
    """Why ``player`` may not take back the last move now, or None if they may.

    Only one's own moves of the current turn, back to the last card turned up:
    a move that turned a card face up is a barrier, and so (with Stops) is the
    first rule-of-order violation of the turn, which the opponent may still Stop.
    """
    if game.is_over():
        return "the game is over"
    if game.turn != player:
        return "you can only undo your own moves, on your turn"
    n = len(game.move_stack)
    if n == 0:
        return "no move has been made yet"
    i = n - 1
    move = game.move_stack[i]
    if game.mover(i) != player or move.code in TURN_ENDERS or move.code >= 256:
        return "you have made no move in this turn yet"
    rv = game.reveals(i)
    if rv:
        shown = " ".join(card_name(c) for c in rv)
        return f"{move} turned up {shown}: a move that shows a card cannot be taken back"
    pv = game.pending_violation()
    if pv is not None and pv[2] >= i:
        return f"{move} broke {pv[0]}; the opponent may still call Stop, so it stands"
    return None


def turn_lines(game: Game) -> list[str]:
    """The moves so far in the record's notation, one line per turn (``5. B RF=qh 3F SH=7d HW``)."""
    body = record_text(game).split("\n\n", 1)[1].strip().splitlines()
    if body and body[-1] in ("1-0", "0-1", "1/2-1/2", "*"):
        body = body[:-1]
    return [ln for ln in body if ln.strip()]


class TableView(Widget):
    """The table: every pile, with its key; clicks pick piles."""

    can_focus = True

    BINDINGS = [  # noqa: RUF012
        Binding("question_mark", "app.help", "Help"),
        Binding("i", "app.hint", "Hint"),
        Binding("u", "app.undo", "Undo"),
        Binding("exclamation_mark", "app.stop", "Stop!"),
        Binding("colon", "app.type_move", "Type move"),
        Binding("full_stop", "app.skip", "Skip"),
        Binding("plus", "app.pace(-1)", "Faster", show=False),
        Binding("minus", "app.pace(1)", "Slower", show=False),
        Binding("n", "app.new_game", "New game", show=False),
        Binding("q", "app.quit_game", "Save & quit"),
    ]

    DEFAULT_CSS = """
    TableView { height: 1fr; width: 1fr; padding: 0 0; text-wrap: nowrap; text-overflow: clip; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.drawing: Drawing | None = None

    @property
    def rb(self) -> RussianBankApp:
        app = self.app
        assert isinstance(app, RussianBankApp)
        return app

    def render(self) -> Text:
        rb = self.rb
        self.drawing = draw_table(
            rb.game, rb.persp, rb.names, rb.marks(), width=self.size.width, height=self.size.height
        )
        return self.drawing.text

    def on_click(self, event: events.Click) -> None:
        if self.drawing is None:
            return
        pile = self.drawing.pile_at(event.x, event.y)
        if pile is not None:
            event.stop()
            self.rb.pile_clicked(pile)

    def on_key(self, event: events.Key) -> None:
        if self.rb.pile_key(event.key, event.character):
            event.stop()
            event.prevent_default()


class MoveInput(Input):
    """The line for typing a move in the notation."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "app.focus_table", "Back to the pile keys"),
        Binding("enter", "submit", "Play the move"),
        Binding("question_mark", "app.help", "Help", show=False),
    ]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [  # noqa: RUF012
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; height: 94%; border: round $accent; background: $surface;
                                  padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(KEYS + "\n" + RULES + "\n[dim]Esc closes this help (arrows/PgUp/PgDn scroll).[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)


class NoticeScreen(ModalScreen[None]):
    """Something the player must read before the game starts (a damaged save, nothing to resume)."""

    BINDINGS = [  # noqa: RUF012
        Binding("enter", "close", "Continue"),
        Binding("escape", "close", "Continue", show=False),
        Binding("space", "close", "Continue", show=False),
    ]
    DEFAULT_CSS = """
    NoticeScreen { align: center middle; }
    NoticeScreen > Static { width: 70; height: auto; border: heavy $warning; background: $surface; padding: 0 1; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(Text(self.text + "\n\nEnter: continue", no_wrap=False), id="notice-text")

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(ModalScreen[str]):
    """The result, the score breakdown and the match total; offers another game."""

    BINDINGS = [  # noqa: RUF012
        Binding("n", "choose('new')", "New game"),
        Binding("enter", "choose('new')", "New game", show=False),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('look')", "Look at the table"),
    ]
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Static { width: 64; height: auto; max-height: 22; border: double $accent; background: $surface;
                         padding: 0 1; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="end-text")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


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
    """
    BINDINGS = [Binding("ctrl+c", "quit_game", "Quit", show=False)]  # noqa: RUF012

    def __init__(self, settings: Settings, saved: saving.Saved | None = None, notice: str | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.notice = notice
        self.player: Any = None
        self.stop_caller: Any = None
        self.level = settings.level
        self.hotseat = settings.hotseat
        self.pace = settings.pace
        self.human = 0  # against the computer the person plays A
        self.match_before = [0, 0]
        self.games_before = 0
        self.match = MatchScore(self._match_names())
        self.resumed = saved is not None
        if saved is not None:
            self.game = saved.game
            tags = saved.tags
            self.hotseat = tags.get("Mode") == "hotseat"
            self.level = tags.get("Level", self.level) if tags.get("Level") in LEVELS else self.level
            self.match = MatchScore(self._match_names())
            try:
                self.match_before = [int(tags.get("MatchA", "0")), int(tags.get("MatchB", "0"))]
                self.games_before = int(tags.get("MatchGames", "0"))
            except ValueError:
                self.match_before = [0, 0]
        else:
            self.game = self._deal(settings.seed)
        self.selected: int | None = None  # relative source code of the mover
        self.targets: list[Move] = []
        self.hint_piles: set[Pile] = set()
        self.last_piles: set[Pile] = set()
        self.message_text: Text | str = ""
        self.gen = 0  # bumped at every change of the game
        self._cpu_running = False
        self._cpu_timer: Timer | None = None
        self._cpu_pending: Callable[[], None] | None = None
        self._skip_turn = False
        self._cpu_moves: list[str] = []  # the computer's moves in its current turn
        self._cpu_prefix = ""  # what to say before them (its Stop's ruling)
        self._stop_timer: Timer | None = None
        self._ended_gen = -1
        self._end_recorded = False
        self.saved_path = saving.current_path()
        self.save_error: str | None = None

    # ----------------------------------------------------------------- setup

    def _match_names(self) -> tuple[str, str]:
        return ("Player A", "Player B") if self.hotseat else ("You", "Computer")

    @property
    def names(self) -> tuple[str, str]:
        return self._match_names()

    def _deal(self, seed: int | None) -> Game:
        """A new deal with the rules of this session (those of the resumed game, if any)."""
        if hasattr(self, "game"):
            return Game(self.game.options.preset, seed=seed, options=self.game.options)
        return Game(self.settings.preset, seed=seed, stops=self.settings.stops)

    def _make_computer(self) -> None:
        if self.hotseat:
            return
        from ..ai import make_player, make_stop_caller

        seed = (self.game.seed or 0) % (2**32)
        self.player = make_player(self.level, seed=seed)
        self.stop_caller = make_stop_caller(self.level, seed=seed + 1) if self.game.options.stops else None

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield TableView(id="table")
            with Vertical(id="side"):
                yield Static("Moves", id="log-title")
                with VerticalScroll(id="log-scroll"):
                    yield Static("", id="log")
        yield Static("", id="message")
        yield MoveInput(placeholder="type a move: RF 3w SH HW pass stop — Enter (: or Tab)", id="move-input")
        yield Footer()

    def on_mount(self) -> None:
        self._make_computer()
        self.query_one(TableView).focus()
        if self.notice:
            self.say(Text(self.notice, style="bold #ff8080"))
        else:
            self.say(self._welcome())
        if self.resumed:
            self.say(f"Resumed the saved game at turn {self.game.turn_no}. " + self._welcome())
        if self.notice:
            # The computer waits until the notice has been read.
            self.save()
            self.refresh_all()
            self.push_screen(NoticeScreen(self.notice), self._notice_read)
        else:
            self.after_change()

    def _notice_read(self, _: None) -> None:
        self.say(self._welcome())
        self.after_change()

    def on_resize(self, event: events.Resize) -> None:
        # The move log takes 30 columns at 80x24 and a third of a wide terminal.
        width = event.size.width
        self.query_one("#side").styles.width = 30 if width < 110 else min(56, width // 3)

    def _welcome(self) -> str:
        if self.hotseat:
            return "Two players at one keyboard. Pick a pile, then a target; ? for help."
        return f"You are A (bottom) against the computer ({self.level}). Pick a pile, then a target; ? for help."

    # -------------------------------------------------------------- helpers

    @property
    def cpu(self) -> int:
        return 1 - self.human

    @property
    def persp(self) -> int:
        """Whose keys the table shows: the person on move (hotseat) or the person."""
        return self.game.turn if self.hotseat else self.human

    def human_to_move(self) -> bool:
        return not self.game.is_over() and (self.hotseat or self.game.turn == self.human)

    def computer_to_move(self) -> bool:
        return not self.hotseat and not self.game.is_over() and self.game.turn == self.cpu

    def marks(self) -> Marks:
        m = Marks(hint=self.hint_piles, last=self.last_piles)
        if self.selected is not None and self.human_to_move():
            p = self.game.turn
            m.selected = pile_of(self.selected, p)
            m.targets = {pile_of(t.dst, p) for t in self.targets}
        return m

    def say(self, text: Text | str) -> None:
        self.message_text = text
        with contextlib.suppress(NoMatches):  # before the screen is composed
            self.query_one("#message", Static).update(text)

    def refuse(self, text: str) -> None:
        self.say(Text(text, style="bold #ff8080"))

    def refresh_all(self) -> None:
        self.query_one(TableView).refresh()
        lines = turn_lines(self.game)
        names = self.names
        who = f"A = {names[0]}, B = {names[1]}"
        log = Text(no_wrap=False)
        log.append(who + "\n", style="dim")
        for ln in lines[-60:]:
            log.append(ln + "\n")
        pace = "" if self.hotseat else f"pace {self.pace:g}s · {self.level}"
        self.query_one("#log-title", Static).update(Text(f"Moves  {pace}", style="bold"))
        self.query_one("#log", Static).update(log)
        self.query_one("#log-scroll", VerticalScroll).scroll_end(animate=False)

    def clear_pick(self) -> None:
        self.selected = None
        self.targets = []

    # ----------------------------------------------------------- saving

    def tags(self) -> dict[str, str]:
        names = self.names
        return {
            "Mode": "hotseat" if self.hotseat else "computer",
            "Level": self.level,
            "A": names[0],
            "B": names[1] if self.hotseat else f"Computer ({self.level})",
            "MatchA": str(self.match_before[0] + self.match.totals[names[0]]),
            "MatchB": str(self.match_before[1] + self.match.totals[names[1]]),
            "MatchGames": str(self.games_before + len(self.match.games)),
            "Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
        }

    def save(self) -> None:
        if not self.settings.save:
            return
        try:
            saving.write_atomic(self.saved_path, record_text(self.game, self.tags()))
            self.save_error = None
        except OSError as e:
            self.save_error = f"could not save the game to {self.saved_path}: {e}"
            self.refuse(self.save_error)

    # ---------------------------------------------------------- the flow

    def changed(self) -> None:
        """The game changed: drop stale computer work, then carry on."""
        self.gen += 1
        self.hint_piles = set()
        if self._cpu_timer is not None:
            self._cpu_timer.stop()
            self._cpu_timer = None
            self._cpu_pending = None
        self.after_change()

    def after_change(self) -> None:
        game = self.game
        if not game.is_over() and game.turn == self.human and not self.hotseat:
            self._skip_turn = False
        if game.is_over():
            self.clear_pick()
            self.save()
            self.refresh_all()
            self._game_over()
            return
        # Save before any computer outcome is known.
        self.save()
        self.refresh_all()
        if self.computer_to_move():
            self.clear_pick()
            self.computer_step()
        elif not self.hotseat and game.options.stops and game.can_stop():
            self.consult_stop_caller()

    # --------------------------------------------------- the computer's turn

    def computer_step(self) -> None:
        if self._cpu_running or self._cpu_timer is not None or not self.computer_to_move():
            return
        self._cpu_running = True
        gen = self.gen
        view = self.game.view(self.cpu)
        self.run_worker(partial(self._think, gen, view), thread=True, group="computer", exit_on_error=False)

    def _think(self, gen: int, view: Any) -> None:
        t0 = time.monotonic()
        move: Move | None = None
        err: str | None = None
        try:
            move = self.player.choose(view)
        except Exception as e:  # the computer player failed: reported, the game goes on
            err = f"{type(e).__name__}: {e}"
        took = time.monotonic() - t0
        with contextlib.suppress(RuntimeError):  # the app has closed
            self.call_from_thread(self._cpu_ready, gen, move, err, took)

    def _cpu_ready(self, gen: int, move: Move | None, err: str | None, took: float) -> None:
        self._cpu_running = False
        if gen != self.gen or not self.computer_to_move():
            if self.computer_to_move():
                self.computer_step()
            return
        game = self.game
        if move is None or game.illegal_reason(move) is not None:
            why = err or (f"{move} is illegal: {game.illegal_reason(move)}" if move else "no move")
            move = game.legal_moves()[0]
            self.refuse(f"The computer player failed ({why}); it plays {move} instead.")
        wait = 0.0 if self._skip_turn else max(0.0, self.pace - took)
        action = partial(self._cpu_apply, gen, move)
        if wait <= 0:
            action()
        else:
            self._cpu_pending = action
            self._cpu_timer = self.set_timer(wait, self._cpu_fire)

    def _cpu_fire(self) -> None:
        action = self._cpu_pending
        self._cpu_timer = None
        self._cpu_pending = None
        if action is not None:
            action()

    def _cpu_apply(self, gen: int, move: Move) -> None:
        if gen != self.gen or not self.computer_to_move():
            return
        game = self.game
        p = game.turn
        game.push(move)
        self._cpu_moves.append(str(move))
        if move.is_card_move:
            self.last_piles = {pile_of(move.src, p), pile_of(move.dst, p)}
        if game.turn != p or game.is_over():
            done = " ".join(self._cpu_moves)
            self._cpu_moves = []
            after = "" if game.is_over() else " Your move."
            before, self._cpu_prefix = self._cpu_prefix, ""
            self.say(Text(before + f"The computer played {done}.{after}", style="bold" if before else ""))
        self.changed()

    def action_skip(self) -> None:
        """Show the rest of the computer's turn at once."""
        if not self.computer_to_move():
            self.say("Skip works while the computer is playing its turn.")
            return
        self._skip_turn = True
        if self._cpu_timer is not None:
            self._cpu_timer.stop()
            self._cpu_fire()

    def action_pace(self, step: int) -> None:
        i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, i + step))]
        self.say(f"The computer now waits {self.pace:g} s between its moves.")
        self.refresh_all()

    # ---------------------------------------------------------- Stop!

    def consult_stop_caller(self) -> None:
        if self.stop_caller is None or self._stop_timer is not None:
            return
        gen = self.gen
        view = self.game.view(self.cpu)
        self.run_worker(partial(self._decide_stop, gen, view), thread=True, group="stop", exit_on_error=False)

    def _decide_stop(self, gen: int, view: Any) -> None:
        delay = self.stop_caller.decide(view)
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(self._stop_decided, gen, view.turn_no, delay)

    def _stop_decided(self, gen: int, turn_no: int, delay: float | None) -> None:
        if delay is None or self._stop_timer is not None or self.game.turn_no != turn_no:
            return
        # (Textual timers need a positive delay.)
        wait = max(0.001, delay * self.settings.stop_delay_factor)
        self._stop_timer = self.set_timer(wait, partial(self._computer_calls_stop, turn_no))

    def _computer_calls_stop(self, turn_no: int) -> None:
        self._stop_timer = None
        g = self.game
        if g.turn_no != turn_no or g.turn != self.human or not g.can_stop():
            return
        ruling = g.call_stop()
        self.clear_pick()
        self.last_piles = set()
        said = "The computer calls Stop! " + self._ruling_text(ruling)
        self._cpu_prefix = said + " "
        self.refuse(said)
        self.changed()

    def _ruling_text(self, ruling: Any) -> str:
        why = SHORT_RULES.get(ruling.rule, "")
        if ruling.penalty == "annul":
            n = ruling.annulled
            pen = f"{n} move{'s' if n != 1 else ''} taken back"
        else:
            pen = "the moves stand"
        return (
            f"Founded: {ruling.move} broke {ruling.rule} ({why}). Penalty: {pen}; {self.names[ruling.caller]} to move."
        )

    def action_stop(self) -> None:
        g = self.game
        caller = 1 - g.turn
        if not self.hotseat and caller != self.human and not g.is_over():
            self.refuse("You are on move: Stop! is called by the player not on move.")
            return
        reason = g.illegal_reason(mv.MOVES[mv.STOP])
        if reason is not None:
            self.refuse(f"Stop! refused — {reason[0]}: {reason[1]}.")
            return
        ruling = g.call_stop()
        self.clear_pick()
        self.last_piles = set()
        self._cpu_moves = []
        self.say(Text(f"{self.names[caller]} called Stop! " + self._ruling_text(ruling), style="bold #ffd75f"))
        self.changed()

    # ---------------------------------------------------- the person's moves

    def pile_key(self, key: str, char: str | None) -> bool:
        """Handle a key on the table; True if it was a game key."""
        if key == "escape":
            self.clear_pick()
            self.hint_piles = set()
            self.say("")
            self.query_one(TableView).refresh()
            return True
        if key == "tab":
            self.action_type_move()
            return True
        if not char or len(char) != 1:
            return False
        code: int | None = None
        if char in "12345678":
            code = int(char) - 1
        elif char in "Rr":
            code = mv.RESERVE if self.selected is None else mv.OPP_RESERVE
        elif char in "Hh":
            code = mv.HAND
        elif char in "Ff":
            code = mv.FOUNDATION
        elif char in "Ss":
            code = mv.STOCK
        elif char == "w":
            code = mv.OPP_WASTE
        elif char == "W":
            code = mv.WASTE
        elif char == "x":
            if not self.human_to_move():
                self._not_your_turn()
            else:
                self.clear_pick()
                self.try_move(mv.MOVES[mv.DISCARD])
            return True
        elif char == "p":
            if not self.human_to_move():
                self._not_your_turn()
            else:
                self.clear_pick()
                self.try_move(mv.MOVES[mv.PASS])
            return True
        if code is None:
            return False
        self.press_code(code)
        return True

    def pile_clicked(self, pile: Pile) -> None:
        if not self.human_to_move():
            self._not_your_turn()
            return
        self.press_code(code_of(pile, self.game.turn))

    def _not_your_turn(self) -> None:
        if self.game.is_over():
            self.say("The game is over: n for a new game, q to quit.")
        else:
            self.say("Please wait: it is the computer's turn (. shows its moves at once).")

    def press_code(self, code: int) -> None:
        if not self.human_to_move():
            self._not_your_turn()
            return
        if self.selected is None:
            if code == mv.STOCK:
                self.try_move(mv.MOVES[mv.DRAW])
                return
            self.pick(code)
            return
        src = self.selected
        if code == src:
            self.clear_pick()
            self.say("Put back.")
            self.query_one(TableView).refresh()
            return
        self.clear_pick()
        self.try_move(Move.card(src, code))

    def pick(self, code: int) -> None:
        g = self.game
        card = g.pile_card(code) if code in SOURCES else -1
        if card < 0:
            probe = Move.card(code, mv.FOUNDATION if code != mv.FOUNDATION else 0)
            reason = g.illegal_reason(probe)
            what = mv.pile_name(code)
            if reason is not None:
                self.refuse(f"Nothing to pick up at {what} — {reason[0]}: {reason[1]}.")
            else:
                self.refuse(f"Nothing to pick up at {what}.")
            return
        self.selected = code
        self.targets = g.targets(code)
        name = card_name(card)
        if self.targets:
            keys = " ".join(mv.PILE_CHARS[t.dst] for t in self.targets)
            self.say(f"{name} picked up from {mv.pile_name(code)}: legal targets {keys} (Esc puts it back).")
        else:
            self.refuse(f"{name} picked up, but it has no legal move now: {self._why_stuck(code)} (Esc puts it back)")
        self.query_one(TableView).refresh()

    def _why_stuck(self, src: int) -> str:
        g = self.game
        order: set[str] = set()
        for dst in (*range(8), mv.FOUNDATION, mv.OPP_RESERVE, mv.OPP_WASTE):
            if dst == src:
                continue
            r = g.illegal_reason(Move.card(src, dst))
            if r is not None and r[0].startswith("O"):
                order.add(f"{r[0]}: {r[1]}")
        if order:
            return "; ".join(sorted(order))
        return "no pile accepts it"

    def try_move(self, move: Move) -> bool:
        g = self.game
        reason = g.illegal_reason(move)
        if reason is not None:
            self.refuse(f"{move} refused — {reason[0]}: {reason[1]}. Nothing changed.")
            self.query_one(TableView).refresh()
            return False
        p = g.turn
        g.push(move)
        self.last_piles = set()
        msg = f"{self.names[p]} played {move}"
        rv = g.reveals(len(g.move_stack) - 1)
        if rv:
            msg += " — turned up " + " ".join(card_name(c) for c in rv)
        if g.turn != p and not g.is_over():
            msg += f"; {self.names[g.turn]}'s turn"
        self.say(msg + ".")
        self.changed()
        return True

    def action_undo(self) -> None:
        g = self.game
        if not self.human_to_move():
            self._not_your_turn()
            return
        why = undo_refusal(g, g.turn)
        if why is not None:
            self.refuse(f"Cannot undo: {why}.")
            return
        move = g.pop()
        self.clear_pick()
        self.say(f"Took back {move}.")
        self.changed()

    def action_hint(self) -> None:
        if not self.human_to_move():
            self._not_your_turn()
            return
        gen = self.gen
        view = self.game.view(self.game.turn)
        self.say("Thinking of a hint…")
        self.run_worker(partial(self._think_hint, gen, view), thread=True, group="hint", exit_on_error=False)

    def _think_hint(self, gen: int, view: Any) -> None:
        from ..ai import hint

        try:
            plan: list[Move] | str = hint(view, level=self.settings.hint_level)
        except Exception as e:
            plan = f"{type(e).__name__}: {e}"
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(self._hint_ready, gen, plan)

    def _hint_ready(self, gen: int, plan: list[Move] | str) -> None:
        if gen != self.gen:
            return
        if isinstance(plan, str):
            self.refuse(f"No hint: the computer player failed ({plan}).")
            return
        if not plan:
            self.say("No hint: nothing to suggest.")
            return
        first = plan[0]
        p = self.game.turn
        if first.is_card_move:
            self.hint_piles = {pile_of(first.src, p), pile_of(first.dst, p)}
        rest = " ".join(str(m) for m in plan[1:8])
        self.say(f"Hint: {first}" + (f"  (then {rest}{' …' if len(plan) > 8 else ''})" if rest else ""))
        self.query_one(TableView).refresh()

    # ------------------------------------------------------- typed moves

    def action_type_move(self) -> None:
        self.query_one("#move-input", Input).focus()

    def action_focus_table(self) -> None:
        self.query_one(TableView).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            self.query_one(TableView).focus()
            return
        self.play_text(text)

    def play_text(self, text: str) -> None:
        try:
            move = Move.from_str(text)
        except InvalidMoveError as e:
            self.refuse(str(e))
            return
        g = self.game
        code = move.code
        self.clear_pick()
        if code == mv.STOP:
            self.action_stop()
        elif code == mv.RESIGN:
            if g.is_over():
                self._not_your_turn()
                return
            who = g.turn if self.hotseat else self.human
            g.resign(who)
            self.say(f"{self.names[who]} resigned.")
            self.changed()
        elif code == mv.OPP_RESIGN:
            if not self.hotseat:
                self.refuse("You cannot resign for the computer (type resign to resign yourself).")
                return
            if g.is_over():
                self._not_your_turn()
                return
            who = 1 - g.turn
            g.resign(who)
            self.say(f"{self.names[who]} resigned.")
            self.changed()
        elif code == mv.AGREE:
            if not self.hotseat:
                self.refuse("The computer does not agree to a draw; play on (or resign).")
                return
            if g.is_over():
                self._not_your_turn()
                return
            g.agree_draw()
            self.say("Draw agreed.")
            self.changed()
        elif not self.human_to_move():
            self._not_your_turn()
        else:
            self.try_move(move)

    # ---------------------------------------------------------- end of game

    def _game_over(self) -> None:
        g = self.game
        out = g.outcome()
        assert out is not None
        if not self._end_recorded:
            self._end_recorded = True
            self.match.add(out)
            self.save()
            if self.settings.save:
                stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
                try:
                    saving.archive(record_text(g, self.tags()), f"{stamp}-seed{g.seed}.txt")
                except OSError as e:
                    self.refuse(f"could not keep the finished game: {e}")
        if self._ended_gen == self.gen:
            return
        self._ended_gen = self.gen
        self.action_focus_table()
        self.push_screen(EndScreen(self.end_text()), self._end_choice)

    def end_text(self) -> str:
        g = self.game
        out = g.outcome()
        assert out is not None
        names = self.names
        lines = []
        if out.winner is None:
            lines.append(f"[b]Draw[/b] ({out.termination.value}).")
        else:
            verb = "win" if names[out.winner] == "You" else "wins"
            lines.append(f"[b]{names[out.winner]} {verb}[/b] ({out.termination.value}), result {out.result()}.")
        if out.score is not None:
            s = out.score
            rows = [("bonus for the win", s.bonus), (f"loser's reserve: {s.reserve_cards} x 2", 2 * s.reserve_cards)]
            rows.append((f"loser's stock and waste: {s.stock_waste_cards} x 1", s.stock_waste_cards))
            if s.hand_cards:
                rows.append((f"loser's hand card: {s.hand_cards} x 1", s.hand_cards))
            lines.append("")
            lines.append("[b]Score[/b] (D2)")
            lines.extend(f"  {label:<34}{points:>5}" for label, points in rows)
            lines.append(f"  [b]{'total':<34}{s.total:>5}[/b]")
        a = self.match_before[0] + self.match.totals[names[0]]
        b = self.match_before[1] + self.match.totals[names[1]]
        n = self.games_before + len(self.match.games)
        lines.append("")
        lines.append(f"[b]Match[/b] (D4) after {n} game{'s' if n != 1 else ''}: {names[0]} {a} — {names[1]} {b}")
        lines.append("")
        lines.append("[b]n[/b] another game   [b]q[/b] quit   [b]Esc[/b] look at the table")
        return "\n".join(lines)

    def _end_choice(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.exit()
        else:
            self.say("Game over. n for another game, q to quit.")

    def action_new_game(self) -> None:
        if not self.game.is_over():
            self.refuse("Finish this game first (or type resign).")
            return
        self.game = self._deal(None)
        self._end_recorded = False
        if self._stop_timer is not None:
            self._stop_timer.stop()
            self._stop_timer = None
        self._cpu_moves = []
        self._cpu_prefix = ""
        self._make_computer()
        self.clear_pick()
        self.last_piles = set()
        self.say("A new game. " + self._welcome())
        self.changed()

    # --------------------------------------------------------------- other

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The computer's pace keys are left out of the footer in a hotseat game."""
        return not (action in ("skip", "pace") and self.hotseat)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        self.save()
        self.exit()
