"""What the session says to each viewer about what happened: the messages of its events."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Mapping

from .. import moves as mv
from ..game import Game, Outcome
from ..i18n import Message
from ..moves import Move
from . import words
from .events import VIEWERS, Viewer
from .match import MatchTotal
from .seats import Seating


class Said(Mapping[Viewer, Message]):
    """What an event says to each viewer, each message worded when it is first asked for.

    An adapter asks only for the viewers it has (a web table with nobody watching never words
    the spectator's message); each is made once. Being a read-only mapping of every viewer,
    it compares and iterates like the dict of all three. It may be read at any time later: what
    the words need is captured when the event is made, and the words of a move are worded for
    every viewer before the move leaves the game (an undo, a rollback: :meth:`Narrator.settle`)."""

    __slots__ = ("__weakref__", "_made", "_make")

    def __init__(self, make: Callable[[Viewer], Message]) -> None:
        self._make = make
        self._made: dict[Viewer, Message] = {}

    def __getitem__(self, viewer: Viewer) -> Message:
        m = self._made.get(viewer)
        if m is None:
            if viewer not in VIEWERS:
                raise KeyError(viewer)
            m = self._made[viewer] = self._make(viewer)
        return m

    def __iter__(self) -> Iterator[Viewer]:
        return iter(VIEWERS)

    def __len__(self) -> int:
        return len(VIEWERS)

    def settle(self) -> None:
        """Word every viewer's message now (what they need is about to change)."""
        for v in VIEWERS:
            self[v]

    def __repr__(self) -> str:
        return f"Said({dict(self)!r})"


class Narrator:
    """Words for one game's events, for every viewer (seat A, seat B, a spectator)."""

    # the moves' words not yet worded for every viewer, by index (a move taken back settles them);
    # held weakly: words nobody holds any more are never read, so they need no settling, and a
    # long game does not keep every move's words (and the collector does not walk them)
    _OPEN_LIMIT = 512

    def __init__(self, game: Game, seating: Seating) -> None:
        self.game = game
        self.seating = seating
        self._open: weakref.WeakValueDictionary[int, Said] = weakref.WeakValueDictionary()

    def _each(self, make: Callable[[Viewer], Message]) -> Said:
        return Said(make)

    def who(self, seat: int, viewer: Viewer) -> Message:
        return self.seating.actor(seat, viewer)

    # ------------------------------------------------------------------- moves

    def move_words(self, index: int, viewer: Viewer) -> Message:
        """``move_stack[index]`` in words (the engine's: a Stop is its ruling), without who played it."""
        return words.played(self.game, index, viewer, self.seating)

    def played(self, index: int, viewer: Viewer) -> Message:
        """``move_stack[index]`` with who played it: "The computer: 7♥ from your pile 3 to a foundation."."""
        g = self.game
        seat = g.mover(index)
        move = g.move_stack[index]
        if g.ruling(index) is not None:
            return words.played(g, index, viewer, self.seating)  # the ruling says who called Stop
        if move.code in (mv.RESIGN, mv.OPP_RESIGN):
            return Message(words.who_code("play.resigned", self.seating, seat, viewer), {"who": self.who(seat, viewer)})
        if move.code == mv.AGREE:
            return Message("play.draw.agreed")
        what = words.played(g, index, viewer, self.seating)
        return Message("play.moved", {"who": self.who(seat, viewer), "what": what})

    def played_all(self, index: int) -> Said:
        said = self._each(lambda v: self.played(index, v))
        self._open[index] = said
        if len(self._open) > self._OPEN_LIMIT:  # moves this far back are never taken back one by one
            del self._open[next(iter(self._open))]
        return said

    def settle(self, from_index: int) -> None:
        """Word, for every viewer, the moves from ``from_index`` on: call before they leave the game."""
        for index in [i for i in list(self._open) if i >= from_index]:
            said = self._open.pop(index, None)
            if said is not None:
                said.settle()

    def undone(self, seat: int, what: Mapping[Viewer, Message]) -> Said:
        return self._each(
            lambda v: Message(
                words.who_code("play.undone", self.seating, seat, v), {"who": self.who(seat, v), "what": what[v]}
            )
        )

    def planned(self, move: Move, viewer: Viewer) -> Message:
        return words.planned(self.game, move, viewer, self.seating)

    # ------------------------------------------------------------------- turns

    def turn_started(self) -> Said:
        seat = self.game.turn
        return self._each(
            lambda v: Message(words.who_code("play.turn", self.seating, seat, v), {"who": self.who(seat, v)})
        )

    def stop_refused(self, seat: int, why: Message) -> Said:
        return self._each(lambda v: Message("play.stop.refused", {"who": self.who(seat, v), "reason": why}))

    def about(self, base: str, seat: int) -> Said:
        """``base.you`` / ``base.other`` with who (draw offers and answers)."""
        return self._each(lambda v: Message(words.who_code(base, self.seating, seat, v), {"who": self.who(seat, v)}))

    def notice(self, code: str, move: Move) -> Mapping[Viewer, Message]:
        """Worded now: a planned move is described from the position before it is played."""
        return {v: Message(code, {"what": self.planned(move, v)}) for v in VIEWERS}

    # -------------------------------------------------------------------- end

    def end(self, viewer: Viewer, match: MatchTotal, out: Outcome | None = None) -> tuple[Message, Message, Message]:
        """The headline ("The computer wins"), how the game ended with its score (D2), the match (D4)."""
        if out is None:
            out = self.game.outcome()
        assert out is not None
        return (
            words.headline(self.seating, out, viewer),
            words.outcome(out, viewer, self.seating),
            words.match_total(self.seating, match, viewer),
        )

    def game_over(self, match: MatchTotal) -> Said:
        out = self.game.outcome()  # now: a rollback could take the last move back

        def say(v: Viewer) -> Message:
            _, how, total = self.end(v, match, out)
            return Message("play.over", {"outcome": how, "match": total})

        return self._each(say)
