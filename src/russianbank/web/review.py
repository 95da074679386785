"""Game review for the replay page: :func:`russianbank.ai.review.review_game` on a finished game
(or an uploaded record), with each turn's plan as played and the better plan found in the
engine's words from the viewer's side (:meth:`Game.describe_message
<russianbank.game.Game.describe_message>`), not in notation.

A review takes seconds, so :class:`Reviews` computes it off the event loop, one at a time: in
the server's thinking worker processes when it has them (``run``: a search in a thread of the
server would hold the interpreter lock while acknowledgements wait), else in a thread of its
own, with a node budget that shrinks as the game
grows so a long game costs about what a short one does (:func:`node_budget`), and keeps the last
ones it made (a finished game never changes). A request waits a bounded time for it; after that
the page is told to ask again (the review goes on and is kept).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .. import moves as mv
from ..ai.review import REVIEW_NODE_BUDGET, review_game
from ..game import Game
from ..moves import Move
from ..record import parse_record
from ..words import SPECTATOR

#: Planner nodes for the whole game: a turn gets this divided by the game's turns ...
TOTAL_NODES = 60_000
#: ... but never fewer than this, nor more than the review's own default.
MIN_NODES = 200

_TURN_ENDS = (mv.DISCARD, mv.PASS, mv.STOP)


def node_budget(game: Game) -> int:
    """The planner's node budget per segment for reviewing ``game``: less for a longer game."""
    turns = 1 + sum(1 for m in game.move_stack if m.code in _TURN_ENDS)
    return max(MIN_NODES, min(REVIEW_NODE_BUDGET, TOTAL_NODES // turns))


def _strict_copy(g: Game) -> Game:
    """The position as the review's planner saw it (rules of order kept: no Stop mode)."""
    options = g.options.with_changes(stops=False) if g.options.stops else g.options
    return Game.from_state(g.state(), options)


def review_record(text: str, viewer: int | None = None, names: Any = None) -> dict[str, Any]:
    """The review of the record's game as a dict for the page (raises the record's own errors).

    It is :meth:`GameReview.to_dict <russianbank.ai.review.GameReview.to_dict>` with, for each
    turn, ``first`` (the index of its first move in the game's history: the replay shows the
    position before it), ``played_say`` and ``best_say`` (the plans in words from ``viewer``'s
    side, catalogue messages as dicts; ``names`` names the players as the game's session does),
    and ``budget``, the node budget used.
    """
    rec = parse_record(text)
    game = rec.replay()
    budget = node_budget(game)
    review = review_game(game, budget)
    out = review.to_dict()
    seen = SPECTATOR if viewer is None else viewer
    g = rec.replay(upto=0)
    moves = list(game.move_stack)
    i = 0
    for turn, data in zip(review.turns, out["turns"], strict=True):
        data["first"] = i
        best = _strict_copy(g)
        best_say = []
        for text_move in turn.best:
            m = Move.from_str(text_move)
            best_say.append(best.describe_message(m, seen, names).to_dict())
            best.push(m)
        played_say = []
        for _ in turn.played:
            g.push(moves[i])
            played_say.append(g.history_message(i, seen, names).to_dict())
            i += 1
        data["played_say"] = played_say
        data["best_say"] = best_say
    out["budget"] = budget
    return out


class ReviewBusy(Exception):
    """Too many reviews are waiting to be made: ask later."""


class Reviews:
    """Reviews made one at a time off the event loop, the last ``keep`` of them kept by key."""

    def __init__(
        self, keep: int = 64, waiting: int = 4, run: Callable[..., Awaitable[dict[str, Any]]] | None = None
    ) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rb-review")
        self._run = run  # where to make them (Thinker.run: a worker process), else the thread
        self._one = asyncio.Semaphore(1)
        self._made: OrderedDict[str, asyncio.Future[dict[str, Any]]] = OrderedDict()
        self.keep = keep
        self.waiting = waiting

    @staticmethod
    def key_of(text: str, viewer: int | None) -> str:
        return hashlib.sha256(f"{viewer}\n{text}".encode()).hexdigest()

    def _pending(self) -> int:
        return sum(1 for f in self._made.values() if not f.done())

    async def get(
        self, key: str, text: str, viewer: int | None, wait: float, names: Any = None
    ) -> dict[str, Any] | None:
        """The review of ``text`` for ``viewer`` (made once per ``key``), or None if it is not made
        within ``wait`` seconds (it goes on: ask again). Raises the record's errors, :class:`ReviewBusy`."""
        fut = self._made.get(key)
        if fut is None:
            if self._pending() >= self.waiting:
                raise ReviewBusy
            if self._run is not None:
                fut = asyncio.ensure_future(self._in_turn(self._run, text, viewer, names))
            else:
                fut = asyncio.get_running_loop().run_in_executor(self._executor, review_record, text, viewer, names)
            self._made[key] = fut
            while len(self._made) > self.keep:
                old_key = next(iter(self._made))
                if not self._made[old_key].done():
                    break
                del self._made[old_key]
        else:
            self._made.move_to_end(key)
        try:
            return await asyncio.wait_for(asyncio.shield(fut), wait)
        except TimeoutError:
            return None
        except BaseException:
            if fut.done() and self._made.get(key) is fut:
                del self._made[key]  # a failed review is not kept
            raise

    async def _in_turn(
        self, run: Callable[..., Awaitable[dict[str, Any]]], text: str, viewer: int | None, names: Any
    ) -> dict[str, Any]:
        async with self._one:  # one at a time: the computer players need the other workers
            return await run(review_record, text, viewer, names)

    def close(self) -> None:
        for fut in self._made.values():
            if not fut.done():
                fut.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
