"""What a player may see (V1-V3), and sampling the hidden cards from it.

Both players see the same things in Russian Bank (the hand card is face up),
so a view differs only in whose view it is. A view holds no face-down card's
identity or order except what public history names (V1, V3), and no seed or
generator state (V2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .cards import card_name
from .errors import HistoryIndexError, InvalidPlayerError, shown
from .i18n import Message
from .moves import Move
from .options import Options
from .words import SPECTATOR, Names, check_names, check_viewer, history_words

if TYPE_CHECKING:
    from .game import Game, Outcome, StopRuling

Cards = tuple[int, ...]


@dataclass(frozen=True)
class HistoryEntry:
    """One public move: who made it, the move, and the cards it turned face up.

    ``card`` is the card the move moved (the drawn card for a draw; -1 for a move of no card),
    ``recycle`` how it turned a waste over (0 not, 1 before a draw, 2 after the move: R8),
    ``stop`` the ruling of a Stop (S4), whose compact English form is ``ruling``.
    """

    player: int
    move: Move
    reveals: Cards
    ruling: str | None = None  # for a Stop: the ruling (S4)
    card: int = -1
    recycle: int = 0
    stop: StopRuling | None = None


@dataclass(frozen=True)
class PlayerView:
    """Everything V1 lists, nothing of V2. ``player`` is None for a spectator."""

    player: int | None
    options: Options
    turn: int
    hand: int
    tableau: tuple[Cards, ...]
    laid: tuple[bool, bool]
    foundations: tuple[Cards, ...]
    reserve_count: tuple[int, int]
    reserve_up: tuple[Cards, Cards]
    reserve_known: tuple[Cards, Cards]  # face-down, but named by history (a Stop turned them back)
    stock_count: tuple[int, int]
    stock_known: tuple[Cards, Cards]  # top cards of the stock that history names (V3)
    waste: tuple[Cards, Cards]
    turn_no: int
    no_progress: int
    history: tuple[HistoryEntry, ...]
    pending_violation: tuple[str, int] | None  # (rule, move index): public, but UIs keep it quiet
    outcome: dict[str, Any] | None
    legal_moves: tuple[Move, ...]

    def seen_by(self, player: int | None) -> PlayerView:
        """The same position as ``player`` (0, 1, or None for a spectator) sees it: what
        :meth:`Game.view <russianbank.game.Game.view>` gives for ``player``, made without working
        the position out again (every viewer sees the same things: only ``player`` differs).

        >>> from russianbank import Game
        >>> g = Game("classic", seed=1)
        >>> g.view(0).seen_by(1) == g.view(1)
        True
        """
        if player is not None and (not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1)):
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        if player == self.player:
            return self
        return replace(self, player=player)

    def game_outcome(self) -> Outcome | None:
        """How the game ended, as the :class:`~russianbank.game.Outcome` that
        :meth:`Game.outcome <russianbank.game.Game.outcome>` gives (None while it goes on): for its
        words (``view.game_outcome().message(viewer)``), winner, score and points. The ``outcome``
        field is the same as a JSON-ready dict (``Outcome.to_dict()``).

        >>> from russianbank import Game
        >>> g = Game("classic", seed=1)
        >>> g.resign(1)
        >>> v = g.view(0)
        >>> v.game_outcome() == g.outcome(), v.outcome["result"]
        (True, '1-0')
        """
        from .game import Outcome, Score, Termination

        d = self.outcome
        if d is None:
            return None
        termination = Termination(d["termination"])
        s = d.get("score")
        score = None
        if s is not None:
            score = Score(s["bonus"], s["reserve_cards"], s["stock_waste_cards"], s["hand_cards"], s["total"])
        winner = None if d["winner"] is None else "AB".index(d["winner"])
        drawn = termination in (Termination.NO_PROGRESS, Termination.REPETITION)
        turns = self.no_progress if drawn else 0  # the game keeps its no-progress count when it ends
        return Outcome(termination, winner, score, single=self.options.single, turns=turns)

    def history_message(self, index: int, viewer: int | None = None, names: Names | None = None) -> Message:
        """``history[index]`` in words from ``viewer``'s side (default: this view's player; a spectator's
        view names the players), as :meth:`Game.history_message <russianbank.game.Game.history_message>`;
        ``names`` (seat -> catalogue noun message) names the players instead of "the opponent"."""
        n = len(self.history)
        if not isinstance(index, int) or isinstance(index, bool) or not -n <= index < n:
            raise HistoryIndexError("error.history.index", {"value": shown(index), "n": n})
        h = self.history[index]
        v = check_viewer(viewer, SPECTATOR if self.player is None else self.player)
        nm = check_names(names)
        return history_words(h.player, h.move, h.card, h.reveals, h.recycle, h.stop, v, self.options.single, nm)

    def hidden_count(self) -> int:
        """How many cards are face down and unknown."""
        return sum(
            self.reserve_count[p]
            - len(self.reserve_up[p])
            - len(self.reserve_known[p])
            + self.stock_count[p]
            - len(self.stock_known[p])
            for p in (0, 1)
        )

    def unseen_cards(self) -> list[int]:
        """The cards this view does not place: the face-down unknown ones, in card order."""
        shown: set[int] = set()
        for pile in self.tableau + self.foundations:
            shown.update(pile)
        for p in (0, 1):
            shown.update(self.reserve_up[p])
            shown.update(self.reserve_known[p])
            shown.update(self.stock_known[p])
            shown.update(self.waste[p])
        if self.hand >= 0:
            shown.add(self.hand)
        return [c for c in range(self.options.num_cards) if c not in shown]

    def sample(self, rng: random.Random) -> Game:
        """A game consistent with this view, the unknown face-down cards dealt at random (determinization).

        Every face-down card dealt is one this view does not show, and one of
        its pile owner's own deck (a face-down card always is: loaded cards are
        face up and a recycled stock is public, V3); both players share the
        deck of the one-deck game.
        """
        from .game import Game
        from .position import deal_face_down
        from .state import State

        n_res = [self.reserve_count[p] - len(self.reserve_up[p]) - len(self.reserve_known[p]) for p in (0, 1)]
        n_stock = [self.stock_count[p] - len(self.stock_known[p]) for p in (0, 1)]
        dealt = deal_face_down(self.unseen_cards(), (n_res[0], n_stock[0], n_res[1], n_stock[1]), rng)
        reserve: list[list[int]] = []
        stock: list[list[int]] = []
        for p in (0, 1):
            reserve.append(dealt[2 * p] + list(self.reserve_known[p]) + list(self.reserve_up[p]))
            stock.append(dealt[2 * p + 1] + list(self.stock_known[p]))
        state = State(
            tableau=[list(t) for t in self.tableau],
            foundations=[list(f) for f in self.foundations],
            reserve=reserve,
            reserve_up=[len(self.reserve_up[0]), len(self.reserve_up[1])],
            reserve_known=[len(self.reserve_known[0]), len(self.reserve_known[1])],
            stock=stock,
            stock_known=[len(self.stock_known[0]), len(self.stock_known[1])],
            waste=[list(self.waste[0]), list(self.waste[1])],
            hand=self.hand,
            turn=self.turn,
            laid=list(self.laid),
            turn_no=self.turn_no,
            no_progress=self.no_progress,
        )
        return Game.from_state(state, self.options)

    def _repr_svg_(self) -> str:
        """The view as SVG (:func:`russianbank.svg.table`), so Jupyter shows it as a picture."""
        from .svg import table

        return table(self)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards as names such as ``"QH"``/``"qh"``)."""

        def names(cards: Cards) -> list[str]:
            return [card_name(c) for c in cards]

        def side(p: int) -> dict[str, Any]:
            return {
                "reserve_count": self.reserve_count[p],
                "reserve_up": names(self.reserve_up[p]),
                "reserve_known": names(self.reserve_known[p]),
                "stock_count": self.stock_count[p],
                "stock_known": names(self.stock_known[p]),
                "waste": names(self.waste[p]),
                "laid": self.laid[p],
            }

        return {
            "player": None if self.player is None else "AB"[self.player],
            "options": self.options.to_dict(),
            "turn": "AB"[self.turn],
            "hand": card_name(self.hand) if self.hand >= 0 else None,
            "tableau": [names(t) for t in self.tableau],
            "foundations": [names(f) for f in self.foundations],
            "players": {"A": side(0), "B": side(1)},
            "turn_no": self.turn_no,
            "no_progress": self.no_progress,
            "history": [
                {
                    "player": "AB"[h.player],
                    "move": str(h.move),
                    "reveals": names(h.reveals),
                    **({"ruling": h.ruling} if h.ruling else {}),
                }
                for h in self.history
            ],
            "outcome": self.outcome,
            "legal_moves": [str(m) for m in self.legal_moves],
        }


def make_view(game: Game, player: int | None) -> PlayerView:
    """``player``'s view of ``game`` (what :meth:`Game.view <russianbank.game.Game.view>` returns)."""
    if player is not None and (not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1)):
        raise InvalidPlayerError("error.player.player", {"value": shown(player)})
    g = game
    # Entries are immutable and built once per move; Game.pop() drops those of popped moves.
    history = g._vhist
    for i in range(len(history), len(g.move_stack)):
        ruling = g.ruling(i)
        mover, card, recycle = g.history_facts(i)
        history.append(
            HistoryEntry(
                mover,
                g.move_stack[i],
                g.reveals(i),
                ruling.describe() if ruling else None,
                card,
                recycle,
                ruling,
            )
        )
    res_up: list[Cards] = []
    res_known: list[Cards] = []
    stock_known: list[Cards] = []
    for p in (0, 1):
        r = g.res[p]
        up = g.res_up[p]
        k = g.res_known[p]
        res_up.append(tuple(r[len(r) - up :]) if up else ())
        down = r[: len(r) - up]
        res_known.append(tuple(down[len(down) - k :]) if k else ())
        s = g.stock[p]
        ks = g.stock_known[p]
        stock_known.append(tuple(s[len(s) - ks :]) if ks else ())
    pv = g.pending_violation()
    out = g.outcome()
    return PlayerView(
        player=player,
        options=g.options,
        turn=g.turn,
        hand=g.hand,
        tableau=tuple(tuple(p) for p in g.tab),
        laid=(g.laid[0], g.laid[1]),
        foundations=tuple(tuple(f) for f in g.fnd),
        reserve_count=(len(g.res[0]), len(g.res[1])),
        reserve_up=(res_up[0], res_up[1]),
        reserve_known=(res_known[0], res_known[1]),
        stock_count=(len(g.stock[0]), len(g.stock[1])),
        stock_known=(stock_known[0], stock_known[1]),
        waste=(tuple(g.waste[0]), tuple(g.waste[1])),
        turn_no=g.turn_no,
        no_progress=g.noprog,
        history=tuple(history),
        pending_violation=None if pv is None else (pv[0], pv[2]),
        outcome=None if out is None else out.to_dict(),
        legal_moves=tuple(g.legal_move_list()),
    )
