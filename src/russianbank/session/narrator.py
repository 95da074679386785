"""What the session says to each viewer about what happened: the messages of its events."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from .. import moves as mv
from ..game import Game
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
    it compares and iterates like the dict of all three. Ask before the next call that changes
    the session (an adapter tells its viewers at once): the words of a move played are read from
    the game's history at its index."""

    __slots__ = ("_made", "_make")

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

    def __repr__(self) -> str:
        return f"Said({dict(self)!r})"


class Narrator:
    """Words for one game's events, for every viewer (seat A, seat B, a spectator)."""

    def __init__(self, game: Game, seating: Seating) -> None:
        self.game = game
        self.seating = seating

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
        return self._each(lambda v: self.played(index, v))

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

    def end(self, viewer: Viewer, match: MatchTotal) -> tuple[Message, Message, Message]:
        """The headline ("The computer wins"), how the game ended with its score (D2), the match (D4)."""
        out = self.game.outcome()
        assert out is not None
        return (
            words.headline(self.seating, out, viewer),
            words.outcome(out, viewer, self.seating),
            words.match_total(self.seating, match, viewer),
        )

    def game_over(self, match: MatchTotal) -> Said:
        def say(v: Viewer) -> Message:
            _, how, total = self.end(v, match)
            return Message("play.over", {"outcome": how, "match": total})

        return self._each(say)
