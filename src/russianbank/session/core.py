"""The play session: one game at a table, its seats, the computer's timing, Stop, undo, hints.

Sans-I/O: no clock, no threads, no framework. Every call that can change something takes
``now`` (seconds on any monotonic clock the adapter likes) and returns the
:mod:`events <russianbank.session.events>` it caused; :meth:`Session.next_deadline` says when
the session next needs :meth:`Session.advance`. The computer's thinking is a job the adapter
runs where it likes (:meth:`Session.think_job`, :meth:`Session.think_done`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import moves as mv
from ..errors import InvalidMoveError, RussianBankError
from ..game import Game, Outcome
from ..i18n import Message
from ..moves import Move
from ..options import Options
from ..view import PlayerView
from . import words
from .clockwork import Clockwork, PendingMove, StopTimer
from .computer import ComputerSeat, ThinkJob, ThinkResult, TurnGuard
from .errors import PlayError
from .events import (
    VIEWERS,
    DrawDeclined,
    DrawOffered,
    Event,
    GameOver,
    HintReady,
    Notice,
    Played,
    StopRefused,
    TurnStarted,
    Undone,
    Viewer,
)
from .hints import SeatHints
from .match import MatchTotal
from .narrator import Narrator
from .seats import Seating
from .setup import HintJob, Setup, check_pace
from .undo import undo_refusal

_SPECIAL_BY_WORD = (mv.STOP, mv.RESIGN, mv.OPP_RESIGN, mv.AGREE)


class Session:
    """One game at a table: see the module docstring and docs/session.md."""

    def __init__(
        self,
        setup: Setup,
        *,
        seed: int | None = None,
        now: float = 0.0,
        match: MatchTotal | None = None,
        moves: Sequence[str] = (),
        state_id: int | None = None,
        position: str | None = None,
    ) -> None:
        """A new game (or, with ``moves``, a stored one replayed: see :meth:`restore`).

        ``position`` (position notation with its secret part) starts from a set-up position
        instead of a deal."""
        self.setup = setup
        self.seating = Seating(setup.seats)
        self.match_before = match or MatchTotal()
        self._game = Game(options=setup.options, seed=seed, position=position)
        self._views: dict[Viewer, PlayerView] = {}  # the views of the current position, as asked for
        self._say = Narrator(self._game, self.seating)
        self._pace = setup.pace
        self._guard = TurnGuard()
        self._timing = Clockwork()
        self._draw_offer: int | None = None
        self._unstopped: int | None = None  # the last turn that ended with a violation nobody Stopped
        self._violated_turn: int | None = None  # the last turn that had a rule-of-order violation
        # one hinter per person's seat, shown every position the seat is on move in (one plan per turn);
        # a restored game shows it the positions of the current turn only (the others do not count)
        self._hints = {seat: SeatHints(setup.hint_level) for seat in (0, 1) if not self.seating[seat].is_computer}
        turn_start = _current_turn_start(moves)
        if turn_start == 0:
            self._observe()
        for i, text in enumerate(moves):
            try:
                self._push_game(Move.from_str(text))
            except (InvalidMoveError, RussianBankError) as e:
                raise PlayError("play.restore.bad_move", number=i + 1, move=str(text)[:20], reason=_why(e)) from None
            if i + 1 >= turn_start:
                self._observe()
        self._state_id = len(self._game.move_stack) if state_id is None else state_id
        self._turn_at: dict[int, int] = {self._state_id: self._game.turn_no}
        cs = self.seating.computer
        self._computer: ComputerSeat | None = None
        if cs is not None:
            level = setup.seats[cs].level
            assert level is not None
            base = setup.ai_seed if setup.ai_seed is not None else (self._game.seed or 0)
            self._computer = ComputerSeat(cs, level, base % (2**32), setup.options.stops, setup.make_player)
        self._started = False
        self._start_now = now

    @classmethod
    def restore(
        cls,
        setup: Setup,
        *,
        seed: int,
        moves: Sequence[str],
        now: float = 0.0,
        match: MatchTotal | None = None,
        state_id: int | None = None,
    ) -> Session:
        """Rebuild a session from its deal and its stored moves (in the notation).

        A move that does not replay raises :class:`PlayError` ``play.restore.bad_move`` naming its
        number. ``state_id`` continues a stored state id (default: the number of moves).
        """
        return cls(setup, seed=seed, now=now, match=match, moves=moves, state_id=state_id)

    def start(self, now: float) -> list[Event]:
        """Say who is on move (or how the game ended) and start the computer's work. Call once."""
        if self._started:
            return []
        self._started = True
        g = self._game
        if g.is_over():
            return [self._game_over_event()]
        events: list[Event] = [self._turn_event()]
        self._consider_stop(now)
        return events

    # ---------------------------------------------------------------- reading

    @property
    def options(self) -> Options:
        return self._game.options

    @property
    def seed(self) -> int | None:
        """The deal's seed. Secret: the face-down cards follow from it. Store it; never show it."""
        return self._game.seed

    @property
    def moves(self) -> list[str]:
        """Every move played, in the notation (what :meth:`restore` takes)."""
        return [str(m) for m in self._game.move_stack]

    @property
    def state_id(self) -> int:
        """Grows with every change (a move, a Stop, an undo); a request made on an older state can be refused."""
        return self._state_id

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def turn_no(self) -> int:
        return self._game.turn_no

    @property
    def pace(self) -> float:
        return self._pace

    @property
    def computer(self) -> int | None:
        """The computer's seat, or None."""
        return self.seating.computer

    @property
    def hotseat(self) -> bool:
        return self.seating.hotseat

    def is_over(self) -> bool:
        return self._game.is_over()

    @property
    def outcome(self) -> Outcome | None:
        return self._game.outcome()

    @property
    def match(self) -> MatchTotal:
        """The match total with this game, once it is over (D4)."""
        return self.match_before.plus(self._game.outcome())

    @property
    def computer_to_move(self) -> bool:
        cs = self.computer
        return cs is not None and not self._game.is_over() and self._game.turn == cs

    @property
    def draw_offer(self) -> int | None:
        """The seat whose draw offer waits for an answer, or None."""
        return self._draw_offer

    def view(self, viewer: Viewer) -> PlayerView:
        """What ``viewer`` (0, 1, or None for a spectator) may see, and nothing more (V1, V2).

        Built once per position and viewer (a view is immutable): the hinter, the adapter's state
        for each seat and its narration ask for the same view several times a move."""
        v = self._views.get(viewer)
        if v is None:
            other = next(iter(self._views.values()), None)  # the same facts: only whose view differs
            v = self._views[viewer] = self._game.view(viewer) if other is None else other.seen_by(viewer)
        return v

    def record_text(self, tags: dict[str, str] | None = None) -> str:
        """The game record (with its Seed: keep it from the players while the game is on)."""
        from ..record import record_text

        return record_text(self._game, tags)

    def history_message(self, index: int, viewer: Viewer) -> Message:
        """``move_stack[index]`` in words from ``viewer``'s side, with who played it."""
        return self._say.played(index, viewer)

    def move_words(self, index: int, viewer: Viewer) -> Message:
        """``move_stack[index]`` in words from ``viewer``'s side, without who played it (for a log
        grouped by turns); a Stop is its ruling."""
        return self._say.move_words(index, viewer)

    def turns(self) -> list[tuple[int, int, list[int]]]:
        """The moves grouped by turn: ``(turn_no, seat on move, [move indexes])``, the current turn last.
        A Stop belongs to the turn it ended."""
        g = self._game
        out: list[tuple[int, int, list[int]]] = []
        turn_no, seat = g.first_turn_no, g.first_mover
        current: list[int] = []
        for i, m in enumerate(g.move_stack):
            current.append(i)
            if m.code in (mv.DISCARD, mv.PASS, mv.STOP):
                out.append((turn_no, seat, current))
                turn_no, seat, current = turn_no + 1, 1 - seat, []
        if current or not out or not g.is_over():
            out.append((turn_no, seat, current))
        return out

    def annulled(self) -> set[int]:
        """Indexes of the moves a Stop took back (S3 annul); they stay in the history."""
        out: set[int] = set()
        g = self._game
        for i in range(len(g.move_stack)):
            r = g.ruling(i)
            if r is not None and r.penalty == "annul":
                out.update(range(r.move_index, r.move_index + r.annulled))
        return out

    def refusal(self, seat: int, move: Move) -> Message | None:
        """Why ``seat`` may not play ``move`` now (None: it may). Changes nothing."""
        try:
            self._check_turn(seat)
        except PlayError as e:
            return e.message
        return words.refusal(self._game, move)

    def turn_refusal(self, seat: int | None) -> Message | None:
        """Why ``seat`` cannot make a move now (not its turn, the computer's turn, game over), or None."""
        try:
            self._check_person(seat)
            assert seat is not None
            self._check_turn(seat)
        except PlayError as e:
            return e.message
        return None

    def targets(self, seat: int, src: int) -> list[Move]:
        """The legal moves of the card at pile ``src`` (relative code) for ``seat`` on move."""
        if self._game.is_over() or self._game.turn != seat:
            return []
        return self._game.targets(src)

    def undo_refusal(self, seat: int) -> Message | None:
        """Why ``seat`` may not take back its last move now, or None if it may."""
        if not self.setup.undo_allowed:
            return Message("play.undo.remote")
        if self.seating[seat].is_computer:
            return Message("play.undo.not_your_turn")
        return undo_refusal(self._game, seat, self.seating)

    def describe(self, move: Move, viewer: Viewer) -> Message:
        """A move about to be played by the side on move, in words from ``viewer``'s side."""
        return self._say.planned(move, viewer)

    def end_messages(self, viewer: Viewer) -> tuple[Message, Message, Message]:
        """For a finished game: the headline ("The computer wins"), how it ended with the score's
        breakdown (D2, the engine's words), and the match total (D4)."""
        if self._game.outcome() is None:
            raise PlayError("play.refuse.not_over")
        return self._say.end(viewer, self.match)

    # ---------------------------------------------------------------- people

    def play(self, seat: int, move: Move | str, now: float, *, state_id: int | None = None) -> list[Event]:
        """``seat`` plays ``move`` (a card move, a draw, a discard or pass). Refused with :class:`PlayError`."""
        if isinstance(move, str):
            try:
                move = Move.from_str(move)
            except InvalidMoveError as e:
                raise PlayError.wrap(words.error(e)) from None
        if not isinstance(move, Move):
            raise PlayError("play.refuse.not_a_move")
        if move.code in _SPECIAL_BY_WORD:
            raise PlayError("play.refuse.word_move", move=str(move))
        self._check_person(seat)
        self._check_turn(seat)
        self._check_state(state_id)
        why = words.refusal(self._game, move)
        if why is not None:
            raise PlayError.wrap(why)
        return self._push(move, seat, now)

    def call_stop(self, seat: int, now: float, *, state_id: int | None = None) -> list[Event]:
        """``seat`` calls Stop! Founded: the ruling is played (S3). Unfounded or late: a
        :class:`StopRefused` event for everybody, nothing changes. Refused outright (a
        :class:`PlayError`) when the game has no Stop, is over, or ``seat`` is on move."""
        self._check_person(seat)
        g = self._game
        if g.is_over():
            raise PlayError("play.refuse.over")
        if not g.options.stops:
            raise PlayError("play.stop.none_single" if g.options.single else "play.stop.none")
        if state_id is not None:
            if state_id not in self._turn_at:
                raise PlayError("play.refuse.stale", state=state_id, current=self._state_id)
            if self._turn_at[state_id] != g.turn_no:
                return [self._stop_refused(seat, "S1", Message("play.stop.late"))]
        if g.turn == seat:
            if self._unstopped == g.turn_no - 1 and not self._moved_this_turn():
                # The other side's turn had a violation, but it is over: too late (S1).
                return [self._stop_refused(seat, "S1", Message("play.stop.late"))]
            raise PlayError("play.stop.on_move")
        stop = mv.MOVES[mv.STOP]
        why = words.refusal(g, stop)
        if why is not None:
            rule = g.illegal_reason(stop)
            return [self._stop_refused(seat, rule[0] if rule else "S2", why)]
        return self._push(stop, seat, now)

    def resign(self, seat: int, now: float) -> list[Event]:
        """``seat`` resigns (D3): the other side wins and scores as D2 says."""
        self._check_person(seat)
        if self._game.is_over():
            raise PlayError("play.refuse.over")
        code = mv.RESIGN if self._game.turn == seat else mv.OPP_RESIGN
        return self._push(mv.MOVES[code], seat, now)

    def offer_draw(self, seat: int, now: float) -> list[Event]:
        """``seat`` offers a draw (D3); the other seat answers. The computer always declines."""
        self._check_person(seat)
        if self._game.is_over():
            raise PlayError("play.refuse.over")
        if self._draw_offer == seat:
            raise PlayError("play.draw.already")
        other = 1 - seat
        if self._draw_offer == other:
            return self.answer_draw(seat, True, now)
        if self.seating[other].is_computer:
            return [DrawDeclined(seat=other, messages=self._say.about("play.draw.declined", other))]
        self._draw_offer = seat
        return [DrawOffered(seat=seat, messages=self._say.about("play.draw.offered", seat))]

    def answer_draw(self, seat: int, accept: bool, now: float) -> list[Event]:
        """``seat`` accepts or declines the other side's draw offer."""
        self._check_person(seat)
        if self._draw_offer is None or self._draw_offer == seat:
            raise PlayError("play.draw.no_offer")
        if self._game.is_over():
            raise PlayError("play.refuse.over")
        self._draw_offer = None
        if not accept:
            return [DrawDeclined(seat=seat, messages=self._say.about("play.draw.declined", seat))]
        return self._push(mv.MOVES[mv.AGREE], seat, now)

    def undo(self, seat: int, now: float) -> list[Event]:
        """``seat`` takes back its last move (see :meth:`undo_refusal` for when it may)."""
        self._check_person(seat)
        why = self.undo_refusal(seat)
        if why is not None:
            raise PlayError.wrap(why)
        g = self._game
        index = len(g.move_stack) - 1
        messages = self._say.undone(seat, {v: self._say.move_words(index, v) for v in VIEWERS})
        self._say.settle(index)  # the move's words, for whoever asks later, before it leaves the game
        move = g.pop()
        self._changed()
        return [Undone(index=index, seat=seat, move=move, state_id=self._state_id, messages=messages)]

    def hint_job(self, seat: int) -> HintJob:
        """A hint for ``seat`` on move to think of (run it anywhere, then :meth:`hint_done`)."""
        self._check_person(seat)
        self._check_turn(seat)
        lease = self._hints[seat].lend()
        return HintJob(seat, self.view(seat), self._state_id, self.setup.hint_level, lease)

    def hint_done(self, job: HintJob, moves: Sequence[Move]) -> list[Event]:
        """The hint's result; nothing (an empty list) if the game has moved on since it was asked for.
        Hand every job back here, even a late one: it returns the seat's hinter."""
        if job.lease is not None and job.seat in self._hints:
            self._hints[job.seat].give_back(job.lease)
        if job.state_id != self._state_id:
            return []
        plan = tuple(moves)
        if not plan:
            msg = Message("play.hint.none")
        else:
            what = self._say.planned(plan[0], job.seat)
            if len(plan) > 1:
                msg = Message("play.hint.plan", {"what": what, "n": len(plan) - 1})
            else:
                msg = Message("play.hint.one", {"what": what})
        return [HintReady(seat=job.seat, moves=plan, state_id=self._state_id, messages={job.seat: msg})]

    def hint(self, seat: int) -> list[Event]:
        """A hint, thought of here and now (simple adapters and tests; it can take a while)."""
        job = self.hint_job(seat)
        return self.hint_done(job, job.run())

    # ------------------------------------------------------------- computer

    def think_job(self, now: float) -> ThinkJob | None:
        """The computer's next move to think of, if it is on move and nothing is being thought of.

        Hand the job's result to :meth:`think_done` (even a late one: the player is not handed a
        second job while one is out).
        """
        t = self._timing
        c = self._computer
        if c is None or t.job is not None or t.pending is not None or not self.computer_to_move:
            return None
        view = self.view(c.seat)
        t.job = ThinkJob(view, self._state_id, now, c.player)
        return t.job

    def think_done(self, result: ThinkResult, now: float) -> list[Event]:
        """The computer's move is thought of: it is played when the pace says (see :meth:`advance`)."""
        t = self._timing
        if result.job is not t.job:
            return []
        t.job = None
        if result.job.state_id != self._state_id or not self.computer_to_move:
            return []
        g = self._game
        move = result.move
        notice: Event | None = None
        if move is None or g.illegal_reason(move) is not None:
            fallback = g.legal_moves()[0]
            notice = self._notice("play.computer.failed", fallback)
            move = fallback
        guarded = self._guard.check(g, move)
        if guarded is not move:
            notice = self._notice("play.computer.guard", guarded)
            move = guarded
        due = result.job.started + self._pace
        if t.skip_turn == g.turn_no:
            due = now
        t.pending = PendingMove(due, move, self._state_id, notice)
        return self.advance(now)

    def computer_step(self, now: float) -> list[Event]:
        """Think here and now and hand the result in (for adapters without threads, and tests)."""
        job = self.think_job(now)
        if job is None:
            return []
        return self.think_done(job.run(), now)

    def skip(self, now: float) -> list[Event]:
        """Show the rest of the computer's turn at once."""
        if not self.computer_to_move:
            raise PlayError("play.skip.not_computer")
        t = self._timing
        t.skip_turn = self._game.turn_no
        if t.pending is not None:
            t.pending.due = now
        return self.advance(now)

    def set_pace(self, pace: object) -> float:
        """Seconds between the computer's moves from now on (0 to 10)."""
        self._pace = check_pace(pace)
        return self._pace

    # ----------------------------------------------------------------- clock

    def next_deadline(self) -> float | None:
        """When :meth:`advance` next has something to do (None: nothing is scheduled)."""
        return self._timing.next_deadline()

    def advance(self, now: float) -> list[Event]:
        """Do what is due by ``now``: the computer's next move, the computer's Stop."""
        events: list[Event] = []
        while (due := self._timing.next_due(now)) is not None:
            if isinstance(due, PendingMove):
                if due.state_id == self._state_id and self.computer_to_move:
                    if due.notice is not None:
                        events.append(due.notice)
                    assert self._computer is not None
                    events.extend(self._push(due.move, self._computer.seat, now))
            else:
                events.extend(self._computer_stop(due, now))
        return events

    # ------------------------------------------------------------- storage

    def rollback(self, events: Sequence[Event]) -> None:
        """Undo the changes of ``events`` (as returned by one call), last first: for an adapter whose
        storage failed, so that nothing is played that was not stored."""
        g = self._game
        self._say.settle(min((e.index for e in events if isinstance(e, Played)), default=len(g.move_stack)))
        for e in reversed(events):
            if isinstance(e, Played):
                if len(g.move_stack) != e.index + 1 or g.move_stack[-1] != e.move:
                    raise ValueError(f"cannot roll back move {e.index + 1} ({e.move}): it is not the last move")
                g.pop()
            elif isinstance(e, Undone):
                if len(g.move_stack) != e.index:
                    raise ValueError(f"cannot roll back the undo of move {e.index + 1}: the game has moved on")
                self._push_game(e.move)
        self._guard.reset()
        for hints in self._hints.values():  # the positions taken back were never reached
            hints.forget_after(len(g.move_stack))
        self._changed()

    def next_game(self, now: float, seed: int | None = None) -> Session:
        """The next game of the match: the same setup, the match total carried on (D4)."""
        if not self._game.is_over():
            raise PlayError("play.refuse.not_over")
        return Session(self.setup, seed=seed, now=now, match=self.match)

    # ------------------------------------------------------------- internals

    def _check_person(self, seat: object) -> None:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise PlayError("play.refuse.spectator")
        assert isinstance(seat, int)
        if self.seating[seat].is_computer:
            raise PlayError("play.refuse.computer_seat")

    def _check_turn(self, seat: int) -> None:
        g = self._game
        if g.is_over():
            raise PlayError("play.refuse.over")
        if g.turn != seat:
            if self.seating[g.turn].is_computer:
                raise PlayError("play.refuse.computer_turn")
            raise PlayError("play.refuse.not_your_turn", who=self.seating.actor(g.turn, seat))

    def _check_state(self, state_id: int | None) -> None:
        if state_id is not None and state_id != self._state_id:
            raise PlayError("play.refuse.stale", state=state_id, current=self._state_id)

    def _moved_this_turn(self) -> bool:
        g = self._game
        return bool(g.move_stack) and g.mover(len(g.move_stack) - 1) == g.turn and g.move_stack[-1].code != mv.STOP

    def _observe(self) -> None:
        """Show the hinter of the seat on move the position (after every change)."""
        g = self._game
        hints = self._hints.get(g.turn)
        if hints is not None and not g.is_over():
            hints.observe(self.view(g.turn))

    def _changed(self) -> None:
        self._views.clear()  # the game changed (a move, an undo, a rollback)
        self._observe()
        self._state_id += 1
        self._turn_at[self._state_id] = self._game.turn_no
        t = self._timing
        t.changed(self._game.turn_no, self._game.is_over())

    def _push(self, move: Move, seat: int, now: float) -> list[Event]:
        g = self._game
        before_turn, before_no = g.turn, g.turn_no
        index = len(g.move_stack)
        self._push_game(move)
        if move.code != mv.AGREE:
            self._draw_offer = None  # a move lets a pending draw offer lapse
        if g.turn_no != before_no:
            self._unstopped = before_no if self._violated_turn == before_no and move.code != mv.STOP else None
        if self.seating.computer is not None:  # the guard is for the computer's turns only
            self._guard.note(g)
        self._changed()
        by_computer = self.seating[seat].is_computer
        outcome = g.outcome()
        played = Played(
            index=index,
            seat=seat,
            move=move,
            reveals=g.reveals(index),
            state_id=self._state_id,
            turn_no=g.turn_no,
            by_computer=by_computer,
            ruling=g.ruling(index),
            outcome=outcome,
            messages=self._say.played_all(index),
        )
        events: list[Event] = [played]
        if outcome is not None:
            self._timing.game_over()
            events.append(self._game_over_event())
            return events
        if g.turn != before_turn:
            events.append(self._turn_event())
        self._consider_stop(now)
        return events

    def _push_game(self, move: Move) -> None:
        """Push a move on the game (checked), remembering whether the turn broke a rule of order."""
        g = self._game
        self._views.clear()
        checkable = g.options.stops and (move.is_card_move or move.code == mv.PASS) and g.is_legal(move)
        if checkable and (g.order_violation(move) is not None or g.pending_violation() is not None):
            self._violated_turn = g.turn_no
        g.push(move)

    def _consider_stop(self, now: float) -> None:
        """The computer, not on move, decides whether (and when) to call Stop on a violation."""
        c = self._computer
        g = self._game
        if c is None or c.caller is None or g.is_over() or g.turn == c.seat or not g.can_stop():
            return
        pv = g.pending_violation()
        assert pv is not None
        key = (g.turn_no, pv[2])
        t = self._timing
        if key in t.stops_decided:
            return
        t.stops_decided.add(key)
        delay = c.stop_delay(self.view(c.seat))
        if delay is not None:
            t.stop = StopTimer(now + delay * self.setup.stop_delay_scale, g.turn_no, pv[2])

    def _computer_stop(self, stop: StopTimer, now: float) -> list[Event]:
        c = self._computer
        g = self._game
        assert c is not None
        pv = g.pending_violation()
        # Re-checked against the current turn: the violation must still be there to be Stopped.
        if g.is_over() or g.turn == c.seat or g.turn_no != stop.turn_no or pv is None or pv[2] != stop.violation:
            return []
        return self._push(mv.MOVES[mv.STOP], c.seat, now)

    def _stop_refused(self, seat: int, rule: str, why: Message) -> StopRefused:
        return StopRefused(seat=seat, rule=rule, messages=self._say.stop_refused(seat, why))

    def _turn_event(self) -> TurnStarted:
        return TurnStarted(seat=self._game.turn, turn_no=self._game.turn_no, messages=self._say.turn_started())

    def _game_over_event(self) -> GameOver:
        out = self._game.outcome()
        assert out is not None
        return GameOver(outcome=out, match=self.match, messages=self._say.game_over(self.match))

    def _notice(self, code: str, move: Move) -> Notice:
        return Notice(code=code, messages=self._say.notice(code, move))


_TURN_ENDS = (mv.DISCARD, mv.PASS, mv.STOP)


def _current_turn_start(moves: Sequence[str]) -> int:
    """How many of the stored ``moves`` come before the current turn (after its last turn-ending move)."""
    start = 0
    for i, text in enumerate(moves):
        try:
            code = Move.from_str(text).code
        except (InvalidMoveError, RussianBankError):
            return start  # the replay refuses it
        if code in _TURN_ENDS:
            start = i + 1
    return start


def _why(e: Exception) -> Message:
    if isinstance(e, RussianBankError):
        return words.error(e)
    return Message("error.text", {"text": str(e)})


def new_seed() -> int:
    """A fresh deal number."""
    return random.SystemRandom().randrange(2**62)
