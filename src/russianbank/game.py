"""The rules engine: :class:`Game`.

A ``Game`` is mutable, like python-chess's ``Board``: :meth:`Game.push` plays a
move, :meth:`Game.pop` takes the last one back exactly (reveals, recycles,
Stops and game end included) and :meth:`Game.copy` gives an independent game
for search. Piles are numbered absolutely inside (tableau piles 0-3 belong to
player A, 4-7 to player B); moves are relative to the player on move (see
:mod:`russianbank.moves`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import moves as mv
from .cards import COLOR, RANK, SUIT, card_message, parse_card
from .deal import copy_state, deal
from .errors import (
    HistoryIndexError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPlayerError,
    InvalidPositionError,
    shown,
)
from .i18n import Message, render
from .moves import MOVE_TABLE, Move
from .options import Options, options_for
from .outcome import Outcome, Score, StopRuling, Termination
from .players import PLAYER_NAMES, A, B
from .state import State
from .validity import Status, position_problems, position_status
from .words import (
    RECYCLE_AFTER,
    RECYCLE_BEFORE,
    RECYCLE_NONE,
    Names,
    check_names,
    check_viewer,
    history_words,
    move_words,
    pile_message,
)

if TYPE_CHECKING:
    from .view import PlayerView


# Flat pile ids used in undo records (position independent, so copies can share them).
_TAB = 0  # 0..7
_FND = 8  # 8..15
_RES = 16  # 16, 17
_STK = 18  # 18, 19
_WST = 20  # 20, 21
_HND = 22
_RECYCLE = 1000  # op code 1000 + player: the waste turned over into the stock

_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(8) if m >> i & 1) for m in range(256))

# Tableau index keys: KEY[card] is what a card is; ACC[card] the keys a top card accepts.
_KEY_ALT = tuple(RANK[c] * 2 + COLOR[c] for c in range(104))
_ACC_ALT: tuple[tuple[int, ...], ...] = tuple(
    ((RANK[c] - 1) * 2 + 1 - COLOR[c],) if RANK[c] > 1 else () for c in range(104)
)
_KEY_SUIT = tuple(RANK[c] * 4 + SUIT[c] for c in range(104))
_ACC_SUIT: tuple[tuple[int, ...], ...] = tuple(
    ((RANK[c] - 1) * 4 + SUIT[c],) if RANK[c] > 1 else () for c in range(104)
)
_ACC_CIRC: tuple[tuple[int, ...], ...] = tuple(
    ((RANK[c] % 13 + 1) * 4 + SUIT[c], ((RANK[c] - 2) % 13 + 1) * 4 + SUIT[c]) for c in range(104)
)


class LegalMoves:
    """The legal moves of a game, as a light view in python-chess's manner: ``move in g.legal_moves``,
    ``g.legal_moves.count()``, ``g.legal_moves.any()``, ``for m in g.legal_moves``; calling it,
    ``g.legal_moves()``, gives the list.

    The moves are those the side to move may make now. In strict mode these are the in-order
    moves; with ``stops`` on, every physically possible move (violations included: the opponent
    may Stop). Resign, agree and stop are not listed (see :meth:`Game.can_stop`).

    Each access to :attr:`Game.legal_moves` makes a fresh view that holds its game strongly (so
    ``Game(...).legal_moves()`` works on a temporary game) while the game does not hold the view
    (no reference cycle). A search's inner loop calls :meth:`Game.legal_move_list` instead: the
    same list without making a view.

    >>> g = Game("classic", seed=1)
    >>> Move.from_str("7F") in g.legal_moves, g.legal_moves.count(), g.legal_moves.any()
    (True, 1, True)
    """

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        #: The game whose moves these are.
        self.game = game

    def __call__(self) -> list[Move]:
        g = self.game
        if g._outcome is not None:
            return []
        return g._gen(not g._stops)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.code in _NOT_LISTED:
            return False
        return self.game._check(move) is None

    def __iter__(self) -> Iterator[Move]:
        return iter(self.game.legal_move_list())

    def __len__(self) -> int:
        return len(self.game.legal_move_list())

    def __bool__(self) -> bool:
        return bool(self.game.legal_move_list())

    def count(self) -> int:
        """How many legal moves there are."""
        return len(self.game.legal_move_list())

    def any(self) -> bool:
        """Whether there is a legal move."""
        return bool(self.game.legal_move_list())

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self.game.legal_move_list())})>"


_NOT_LISTED = frozenset((mv.RESIGN, mv.OPP_RESIGN, mv.AGREE, mv.STOP))


# Why a move is refused: (rule, catalogue code, parameters).
_Refusal = tuple[str, str, dict[str, Any]]


def _as_move(move: object) -> Move:
    if not isinstance(move, Move):
        raise IllegalMoveError("error.move.not_move", {"value": shown(move)})
    return move


def _pile_code(src: object) -> int:
    if isinstance(src, str) and len(src) == 1 and src in mv.PILE_CHARS:
        return mv.PILE_CHARS.index(src)
    if isinstance(src, int) and not isinstance(src, bool) and 0 <= src < 16:
        return src
    raise InvalidMoveError("error.move.pile", {"value": shown(src)})


class Game:
    """A game of Russian Bank.

    >>> g = Game("classic", seed=1)
    >>> moves = g.legal_moves()
    >>> g.push(moves[0]); g.pop() == moves[0]
    True
    """

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        preset: str = "classic",
        seed: int | None = None,
        *,
        options: Options | None = None,
        first_mover: int | None = None,
        position: str | None = None,
        validate: bool = True,
        **option_changes: Any,
    ) -> None:
        """A new game of ``preset`` dealt from ``seed`` (random when None), or set up from ``position``.

        Any option can be changed on its own as a keyword (``stops=True``, ``first_player="cut"``,
        ...; see :class:`~russianbank.options.Options`). ``first_mover`` forces who moves first
        (0 = A, 1 = B) instead of the first-player rule (R3). A ``position`` (position notation)
        must be one that can arise in play (:meth:`status`) unless ``validate`` is False, for
        puzzles; its face-down cards not given in the secret part are dealt from ``seed``.
        """
        if options is None:
            options = options_for(preset, **option_changes)
        elif not isinstance(options, Options):
            raise InvalidOptionsError("error.options.base", {"value": shown(options)})
        elif option_changes:
            options = options.with_changes(**option_changes)
        if first_mover is not None and (
            not isinstance(first_mover, int) or isinstance(first_mover, bool) or first_mover not in (A, B)
        ):
            raise InvalidPlayerError("error.game.first_mover", {"value": shown(first_mover)})
        if not isinstance(validate, bool):
            raise InvalidOptionsError("error.game.validate", {"value": shown(validate)})
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > 128:
            raise InvalidOptionsError("error.game.seed", {"value": shown(seed)})
        self.options = options
        self.seed: int | None = seed
        self.validated = validate
        if position is not None:
            from .position import format_position, parse_position

            if not isinstance(position, str):
                raise InvalidPositionError("error.position.not_text", {"value": shown(position)})
            state = parse_position(position, options, random.Random(seed))
            # Keep the whole given position (secret part too) so a record replays to the same cards.
            self._start_pos: str | None = format_position(state, options, True)
            self._start_state: State | None = None
            if first_mover is not None:
                state.turn = first_mover
            # A forced first mover starts their turn (R6 reserve top, S-3 lay-out); a no-op otherwise.
            self._setup(state, start_turn=first_mover is not None)
            if validate:
                found = self.problems()
                if found:
                    params: dict[str, Any] = {"problem": found[0]}
                    if len(found) > 1:
                        params["n"] = len(found) - 1
                    raise InvalidPositionError(
                        "error.position.impossible_more" if len(found) > 1 else "error.position.impossible", params
                    )
        else:
            state = deal(options, seed, first_mover)
            self._setup(state, start_turn=True)
            self._start_pos = None
            self._start_state = None
        self._begin()
        #: The player who moved first (0 = A, 1 = B).
        self.first_mover = self.turn if position is None else state.turn

    @classmethod
    def from_state(cls, state: State, options: Options, *, start_turn: bool = False) -> Game:
        """A game in the given position (no seed: the face-down order is as given). The fast constructor
        for search and sampling: the position is not checked (:meth:`status` tells)."""
        game = cls.__new__(cls)
        game.options = options
        game.seed = None
        # The position text for records is written only when asked for (sampling makes many games).
        game._start_pos = None
        game._start_state = copy_state(state)
        game.validated = False
        game._setup(state, start_turn=start_turn)
        game._begin()
        game.first_mover = game.turn
        return game

    @property
    def starting_position(self) -> str | None:
        """The set-up position (with its secret part), or None for a game dealt from a seed."""
        if self._start_pos is None and self._start_state is not None:
            from .position import format_position

            self._start_pos = format_position(self._start_state, self.options, True)
        return self._start_pos

    @classmethod
    def from_position(
        cls,
        text: str,
        preset: str = "classic",
        *,
        options: Options | None = None,
        seed: int | None = None,
        validate: bool = True,
    ) -> Game:
        """Set up a position from :meth:`position` text.

        Without the secret part, the face-down cards are filled in at random
        (reproducibly from ``seed``) from the cards the position does not show.
        An impossible position is refused unless ``validate`` is False (see :meth:`status`).
        """
        if not isinstance(text, str):  # None would mean "deal a new game" to the constructor
            raise InvalidPositionError("error.position.not_text", {"value": shown(text)})
        return cls(preset, seed=seed, options=options, position=text, validate=validate)

    def _setup(self, st: State, start_turn: bool) -> None:
        o = self.options
        self._single = o.single
        self._immediate = o.recycle == "immediate"
        self._stops = o.stops
        self._annul = o.stop_penalty == "annul"
        if o.tableau == "alternate":
            self._key, self._acck = _KEY_ALT, _ACC_ALT
        elif o.tableau == "suited":
            self._key, self._acck = _KEY_SUIT, _ACC_SUIT
        else:
            self._key, self._acck = _KEY_SUIT, _ACC_CIRC
        self.tab = [list(p) for p in st.tableau]
        self.fnd = [list(p) for p in st.foundations]
        self.res = [list(st.reserve[0]), list(st.reserve[1])]
        self.stock = [list(st.stock[0]), list(st.stock[1])]
        self.waste = [list(st.waste[0]), list(st.waste[1])]
        self._hand: list[int] = [st.hand] if st.hand >= 0 else []
        self._piles: list[list[int]] = self.tab + self.fnd + self.res + self.stock + self.waste + [self._hand]
        self.res_up = list(st.reserve_up)
        self.res_known = list(st.reserve_known)
        self.stock_known = list(st.stock_known)
        self.laid = list(st.laid)
        self.turn = st.turn
        self.turn_no = st.turn_no
        self.first_turn_no = st.turn_no
        self.noprog = st.no_progress
        self._tfp = 0
        self._mc = 0  # the last move's card and recycling, for the history (see _push)
        self._viol: tuple[int, str, int] | None = None
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Any, ...]] = []
        self.move_stack: list[Move] = []
        self._reveals: list[tuple[int, ...]] = []
        self._by: list[int] = []
        self._vhist: list[Any] = []  # view history entries, built once per move (view.make_view)
        self._rulings: dict[int, StopRuling] = {}
        self._rep: dict[tuple[Any, ...], int] = {}
        self._ftop = [0] * 8
        self._fneed = [0] * 4
        self._acc = [0] * 64
        self._topkeys: list[tuple[int, ...]] = [()] * 8
        self._space = 0
        self._exists = 0
        self._rebuild_index()
        self.initial_reveals: tuple[int, ...] = ()
        if start_turn:
            ops: list[int] = []
            self.initial_reveals = self._start_turn(self.turn, ops)
            self._rebuild_index()

    def _begin(self) -> None:
        """Finish setting up: a set-up position under immediate recycling turns any waste beside an empty
        stock at once (R8; a position that can arise in play has none); the start counts for D3."""
        if self._immediate:
            for p in (0, 1):
                if not self.stock[p] and self.waste[p]:
                    self._recycle(p, [])
        self._rep[self._poskey()] = 1

    def _rebuild_index(self) -> None:
        self._exists = (15 if self.laid[0] else 0) | (240 if self.laid[1] else 0)
        self._acc = [0] * 64
        self._topkeys = [()] * 8
        self._space = 0
        for i in range(8):
            self._retop(i)
        for s in range(8):
            self._refound(s)

    def _retop(self, i: int) -> None:
        bit = 1 << i
        acc = self._acc
        for k in self._topkeys[i]:
            acc[k] &= ~bit
        pile = self.tab[i]
        if pile:
            keys = self._acck[pile[-1]]
            for k in keys:
                acc[k] |= bit
            self._topkeys[i] = keys
            self._space &= ~bit
        else:
            self._topkeys[i] = ()
            if self._exists & bit:
                self._space |= bit
            else:
                self._space &= ~bit

    def _refound(self, slot: int) -> None:
        f = self.fnd[slot]
        self._ftop[slot] = RANK[f[-1]] if f else 0
        s = slot >> 1
        self._fneed[s] = (1 << (self._ftop[2 * s] + 1)) | (1 << (self._ftop[2 * s + 1] + 1))

    def copy(self) -> Game:
        """An independent copy (move stack included, so it can be popped)."""
        g = Game.__new__(Game)
        d = g.__dict__
        d.update(self.__dict__)
        g.tab = [p[:] for p in self.tab]
        g.fnd = [p[:] for p in self.fnd]
        g.res = [self.res[0][:], self.res[1][:]]
        g.stock = [self.stock[0][:], self.stock[1][:]]
        g.waste = [self.waste[0][:], self.waste[1][:]]
        g._hand = self._hand[:]
        g._piles = g.tab + g.fnd + g.res + g.stock + g.waste + [g._hand]
        g.res_up = self.res_up[:]
        g.res_known = self.res_known[:]
        g.stock_known = self.stock_known[:]
        g.laid = self.laid[:]
        g._undo = self._undo[:]
        g.move_stack = self.move_stack[:]
        g._reveals = self._reveals[:]
        g._by = self._by[:]
        g._vhist = self._vhist[:]
        g._rulings = dict(self._rulings)
        g._rep = dict(self._rep)
        g._ftop = self._ftop[:]
        g._fneed = self._fneed[:]
        g._acc = self._acc[:]
        g._topkeys = self._topkeys[:]
        return g

    # ------------------------------------------------------------- properties

    @property
    def hand(self) -> int:
        """The hand card, or -1."""
        return self._hand[0] if self._hand else -1

    @property
    def opponent(self) -> int:
        """The player not on move."""
        return 1 - self.turn

    def is_over(self) -> bool:
        """Whether the game has ended (see :meth:`outcome`)."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    def state(self) -> State:
        """A copy of the whole position (face-down order included)."""
        return State(
            tableau=[p[:] for p in self.tab],
            foundations=[p[:] for p in self.fnd],
            reserve=[self.res[0][:], self.res[1][:]],
            reserve_up=self.res_up[:],
            reserve_known=self.res_known[:],
            stock=[self.stock[0][:], self.stock[1][:]],
            stock_known=self.stock_known[:],
            waste=[self.waste[0][:], self.waste[1][:]],
            hand=self.hand,
            turn=self.turn,
            laid=self.laid[:],
            turn_no=self.turn_no,
            no_progress=self.noprog,
        )

    def all_cards(self) -> list[int]:
        """Every card in the game, wherever it is (for conservation checks)."""
        out: list[int] = []
        for p in self._piles:
            out.extend(p)
        return out

    def pile_index(self, player: int, rel: int) -> int:
        """Absolute tableau index of ``player``'s relative pile ``rel`` (0..7)."""
        if player != 0 and player != 1:
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        if not isinstance(rel, int) or not 0 <= rel < 8:
            raise InvalidMoveError("error.move.pile", {"value": shown(rel)})
        return (rel + 4 * player) & 7

    def reserve_top(self, player: int) -> int:
        """The face-up reserve top of ``player``, or -1."""
        if player != 0 and player != 1:
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        return self.res[player][-1] if self.res_up[player] else -1

    def waste_top(self, player: int) -> int:
        """The top card of ``player``'s waste, or -1."""
        if player != 0 and player != 1:
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        w = self.waste[player]
        return w[-1] if w else -1

    def pile_card(self, code: int | str, player: int | None = None) -> int:
        """The card a move from pile ``code`` (a pile letter or its code) would take, for ``player``
        (default the mover), or -1."""
        code = _pile_code(code)
        p = self.turn if player is None else player
        if p != 0 and p != 1:
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        if code < 8:
            pile = self.tab[(code + 4 * p) & 7]
            return pile[-1] if pile else -1
        if code == mv.RESERVE:
            return self.reserve_top(p)
        if code == mv.HAND:
            return self.hand if p == self.turn else -1
        if code == mv.OPP_RESERVE:
            return self.reserve_top(1 - p)
        if code == mv.OPP_WASTE:
            return self.waste_top(1 - p)
        if code == mv.WASTE:
            return self.waste_top(p)
        return -1

    # --------------------------------------------------------- move generation

    @property
    def legal_moves(self) -> LegalMoves:
        """The moves the side to move may make now, as a view (see :class:`LegalMoves`)."""
        return LegalMoves(self)

    def legal_move_list(self) -> list[Move]:
        """The moves the side to move may make now, as a new list: what ``g.legal_moves()`` gives,
        without making the view (for a search's inner loop)."""
        if self._outcome is not None:
            return []
        return self._gen(not self._stops)

    def pseudo_legal_moves(self) -> list[Move]:
        """Every physically possible move, in order or not (see :meth:`order_violation`)."""
        if self._outcome is not None:
            return []
        return self._gen(False)

    def _gen(self, strict: bool) -> list[Move]:
        p = self.turn
        o = 1 - p
        off = 4 * p
        MT = MOVE_TABLE
        tab = self.tab
        fneed = self._fneed
        single = self._single
        srcs: list[tuple[int, int]] = []
        for a in range(8):
            pile = tab[a]
            if pile:
                srcs.append(((a + off) & 7, pile[-1]))
        res = self.res[p]
        rtop = res[-1] if self.res_up[p] else -1
        if rtop >= 0:
            srcs.append((8, rtop))
        hl = self._hand
        hcard = hl[0] if hl else -1
        if hcard >= 0:
            srcs.append((9, hcard))
        out: list[Move] = []
        if not single:
            fsrc = [s for s, c in srcs if fneed[SUIT[c]] >> RANK[c] & 1]
            if fsrc:
                res_found = rtop >= 0 and fneed[SUIT[rtop]] >> RANK[rtop] & 1
                if strict:
                    for s in fsrc:
                        if s < 8 and res_found:
                            continue
                        out.append(MT[s * 16 + 10])  # type: ignore[arg-type]
                    return out
                for s in fsrc:
                    out.append(MT[s * 16 + 10])  # type: ignore[arg-type]
        acc = self._acc
        key = self._key
        space = self._space
        bits = _BITS
        ores = self.res[o]
        ortop = ores[-1] if (self.res_up[o] and not single) else -1
        ow = self.waste[o]
        owtop = ow[-1] if ow else -1
        no_space_hand = strict and not single and bool(res)
        for s, c in srcs:
            base = s * 16
            if s < 8:
                m = acc[key[c]] & ~(1 << ((s + off) & 7))
            else:
                m = acc[key[c]]
            if m:
                for a in bits[m]:
                    out.append(MT[base + ((a + off) & 7)])  # type: ignore[arg-type]
            if space and not (s == 9 and no_space_hand):
                for a in bits[space]:
                    out.append(MT[base + ((a + off) & 7)])  # type: ignore[arg-type]
            if single:
                if s == 9 and owtop >= 0 and SUIT[owtop] == SUIT[c]:
                    d = RANK[owtop] - RANK[c]
                    if d in (1, -1, 12, -12):
                        out.append(MT[base + 12])  # type: ignore[arg-type]
            else:
                if ortop >= 0 and SUIT[ortop] == SUIT[c] and RANK[ortop] - RANK[c] in (1, -1):
                    out.append(MT[base + 11])  # type: ignore[arg-type]
                if owtop >= 0 and SUIT[owtop] == SUIT[c] and RANK[owtop] - RANK[c] in (1, -1):
                    out.append(MT[base + 12])  # type: ignore[arg-type]
        if hcard >= 0:
            if not (single and space):
                out.append(MT[mv.DISCARD])  # type: ignore[arg-type]
        elif self.stock[p] or self.waste[p]:
            if not (strict and not single and space and res):
                out.append(MT[mv.DRAW])  # type: ignore[arg-type]
        elif not single and not (strict and space and res):
            out.append(MT[mv.PASS])  # type: ignore[arg-type]
        return out

    def classified_moves(self) -> list[tuple[Move, str | None]]:
        """Every physically possible move with the rule of order it breaks (None: in order)."""
        return [(m, self._order_rule(m.code)) for m in self.pseudo_legal_moves()]

    def is_legal(self, move: Move) -> bool:
        """Whether :meth:`push` would accept ``move`` now."""
        return self._check(_as_move(move)) is None

    def illegal_reason(self, move: Move) -> tuple[str, str] | None:
        """None if ``move`` may be pushed now, else ``(rule, English reason)``; see :meth:`refusal`."""
        bad = self._check(_as_move(move))
        if bad is None:
            return None
        return (bad[0], render(bad[1], bad[2], "en"))

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """The error :meth:`push` would raise for ``move`` (its ``rule``, ``code`` and ``message``), or None.

        >>> g = Game("classic", seed=1)
        >>> g.refusal(Move.from_str("WF")).message.text("ru")
        'карты сброса никогда не играют'
        """
        m = _as_move(move)
        bad = self._check(m)
        if bad is None:
            return None
        return IllegalMoveError(bad[1], bad[2], bad[0], m)

    def _check(self, move: Move) -> _Refusal | None:
        code = move.code
        if code == mv.STOP:
            return self._stop_refusal()  # S1 also refuses a Stop after the game has ended
        if self._outcome is not None:
            return ("D1", "refuse.D1.game_over", {})
        if code in (mv.RESIGN, mv.OPP_RESIGN, mv.AGREE):
            return None
        bad = self._physical(code)
        if bad is not None:
            return bad
        if not self._stops:
            rule = self._order_rule(code)
            if rule is not None:
                return (rule, "refuse." + rule, {})
        return None

    def order_violation(self, move: Move) -> str | None:
        """For a physically possible move: None if in order, else the rule it breaks (O1-O4).

        Raises :class:`IllegalMoveError` for a move that is not physically possible.
        """
        m = _as_move(move)
        if m.code >= 256 and m.code != mv.PASS:
            return None
        bad = self._physical(m.code)
        if bad is not None:
            raise IllegalMoveError(bad[1], bad[2], bad[0], m)
        return self._order_rule(m.code)

    def targets(self, src: int | str) -> list[Move]:
        """The legal moves of the card at pile ``src`` (a pile letter such as ``"R"``, or its code), for a UI."""
        code = _pile_code(src)
        return [m for m in self.legal_move_list() if m.src == code]

    def _order_rule(self, code: int) -> str | None:
        if self._single:
            return None
        p = self.turn
        fneed = self._fneed
        res = self.res[p]
        rtop = res[-1] if self.res_up[p] else -1
        res_found = rtop >= 0 and bool(fneed[SUIT[rtop]] >> RANK[rtop] & 1)
        dst = code & 15
        src = code >> 4
        if code < 256 and dst == mv.FOUNDATION:
            if src < 8 and res_found:
                return "O2"
            return None
        any_found = res_found
        if not any_found:
            hl = self._hand
            if hl and fneed[SUIT[hl[0]]] >> RANK[hl[0]] & 1:
                any_found = True
            else:
                for pile in self.tab:
                    if pile and fneed[SUIT[pile[-1]]] >> RANK[pile[-1]] & 1:
                        any_found = True
                        break
        if any_found:
            return "O1"
        if res:
            if code < 256 and src == mv.HAND and dst < 8 and not self.tab[(dst + 4 * p) & 7]:
                return "O3"
            if (code == mv.DRAW or code == mv.PASS) and self._space:
                return "O4"
        return None

    def _physical(self, code: int) -> _Refusal | None:
        """Why a move is physically impossible: (rule, catalogue code, params), or None."""
        p = self.turn
        o = 1 - p
        single = self._single
        if code == mv.PASS:
            if single:
                return ("S-6", "refuse.S-6.no_pass", {})
            if self._hand:
                return ("R7", "refuse.R7.pass_with_hand", {})
            if self.stock[p] or self.waste[p]:
                return ("R7", "refuse.R7.pass_can_draw", {})
            return None
        src, dst = code >> 4, code & 15
        if code == mv.DRAW:
            if self._hand:
                return ("R7", "refuse.R7.draw_with_hand", {"card": card_message(self._hand[0])})
            if not self.stock[p] and not self.waste[p]:
                return ("R7", "refuse.R7.nothing_to_draw", {})
            return None
        # --- the source card
        if src == mv.FOUNDATION:
            return ("R5a", "refuse.R5a.from_foundation", {})
        if src in (mv.WASTE, mv.OPP_WASTE):
            return ("R4", "refuse.R4.from_waste", {})
        if src == mv.OPP_RESERVE:
            return ("R4", "refuse.R4.opp_reserve", {})
        if src in (mv.STOCK, mv.OPP_STOCK):
            return ("R4", "refuse.R4.from_stock", {})
        if src == mv.RESERVE:
            if single:
                return ("S-1", "refuse.S-1.no_reserve", {})
            if not self.res[p]:
                return ("R4", "refuse.R4.reserve_empty", {})
            if not self.res_up[p]:
                return ("R4", "refuse.R4.reserve_down", {})
            card = self.res[p][-1]
        elif src == mv.HAND:
            if not self._hand:
                return ("R4", "refuse.R4.no_hand", {})
            card = self._hand[0]
        else:
            a = (src + 4 * p) & 7
            if not self.tab[a]:
                return ("R4", "refuse.R4.pile_empty", {"pile": pile_message(a, p)})
            card = self.tab[a][-1]
        # --- the target
        if dst == mv.HAND:
            return ("R7", "refuse.R7.into_hand", {})
        if dst in (mv.STOCK, mv.OPP_STOCK):
            return ("R5e", "refuse.R5e.onto_stock", {})
        if dst == mv.RESERVE:
            return ("R5e", "refuse.R5e.own_reserve", {})
        if dst == mv.WASTE:
            if src != mv.HAND:
                return ("R5e", "refuse.R5e.own_waste", {})
            if single and self._space:
                return ("S-6", "refuse.S-6.discard_space", {})
            return None
        if dst == mv.FOUNDATION:
            if single:
                return ("S-1", "refuse.S-1.no_foundation", {})
            if not self._fneed[SUIT[card]] >> RANK[card] & 1:
                if RANK[card] == 1:
                    return ("R5a", "refuse.R5a.no_empty", {"card": card_message(card)})
                return ("R5a", "refuse.R5a.needs", {"card": card_message(card), "lower": card_message(card - 1)})
            return None
        if dst == mv.OPP_RESERVE:
            if single:
                return ("S-5", "refuse.S-5.no_reserve", {})
            if not self.res[o]:
                return ("R5e", "refuse.R5e.opp_reserve_empty", {})
            if not self.res_up[o]:
                return ("R5e", "refuse.R5e.opp_reserve_down", {})
            top = self.res[o][-1]
            if SUIT[top] != SUIT[card] or RANK[top] - RANK[card] not in (1, -1):
                return ("R5d", "refuse.R5d.load", {"card": card_message(card), "target": card_message(top)})
            return None
        if dst == mv.OPP_WASTE:
            if single and src != mv.HAND:
                return ("S-5", "refuse.S-5.hand_only", {})
            if not self.waste[o]:
                return ("R5e", "refuse.R5e.opp_waste_empty", {})
            top = self.waste[o][-1]
            d = RANK[top] - RANK[card]
            ok = SUIT[top] == SUIT[card] and (d in (1, -1) or (single and d in (12, -12)))
            if not ok:
                if single:
                    return ("S-5", "refuse.S-5.load", {"card": card_message(card), "target": card_message(top)})
                return ("R5d", "refuse.R5d.load", {"card": card_message(card), "target": card_message(top)})
            return None
        # tableau target
        a = (dst + 4 * p) & 7
        if not self._exists >> a & 1:
            return ("S-3", "refuse.S-3.not_laid", {"pile": pile_message(a, p)})
        pile = self.tab[a]
        if not pile:
            return None  # R5c: any available card may go into a space (O3 is an order rule)
        top = pile[-1]
        if self._key[card] not in self._acck[top]:
            names = {"card": card_message(card), "target": card_message(top)}
            if single:
                return ("S-4", "refuse.S-4.build", names)
            if RANK[card] == 13:
                return ("R5b", "refuse.R5b.king", {"card": card_message(card)})
            if self.options.tableau == "suited":
                return ("R5b", "refuse.R5b.suited", names)
            return ("R5b", "refuse.R5b.alternate", names)
        return None

    # ------------------------------------------------------------------- stop

    def can_stop(self) -> bool:
        """Whether the side not on move may call Stop now (a founded Stop, S1)."""
        return self._stop_refusal() is None

    def pending_violation(self) -> tuple[str, Move, int] | None:
        """The first violation of the current turn: (rule, move, index in move_stack), or None.

        Public information (anyone watching can work it out), but a UI should
        not show it before a Stop is called.
        """
        if self._viol is None:
            return None
        _, rule, pub = self._viol
        return (rule, self.move_stack[pub], pub)

    def _stop_refusal(self) -> _Refusal | None:
        if self._outcome is not None:
            return ("S1", "refuse.S1.game_over", {})
        if not self._stops:
            return ("S1", "refuse.S1.strict", {})
        if self._viol is None:
            return ("S2", "refuse.S2.unfounded", {})
        return None

    # ------------------------------------------------------------ push / pop

    def push(self, move: Move) -> None:
        """Play ``move`` (checked). Raises :class:`IllegalMoveError` naming the rule; changes nothing then."""
        if not isinstance(move, Move):
            raise IllegalMoveError("error.move.not_move", {"value": shown(move)})
        bad = self._check(move)
        if bad is not None:
            raise IllegalMoveError(bad[1], bad[2], bad[0], move)
        self._push(move)

    def push_str(self, text: str) -> Move:
        """Parse move text and push it; returns the move."""
        move = Move.from_str(text)
        self.push(move)
        return move

    def push_unchecked(self, move: Move) -> None:
        """Push a move known to be legal (from :meth:`legal_moves`), skipping the checks."""
        self._push(move)

    def _push(self, move: Move) -> None:
        code = move.code
        pub = len(self.move_stack)
        # _by packs, per move: the mover (bit 0), the card moved + 1 (bits 1-7), how it recycled (bits 8-9).
        if code < 256 or code == mv.PASS:
            p = self.turn
            rule = self._order_rule(code) if self._stops else None
            reveals = self._apply(code, rule, pub)
            self._by.append(p | self._mc)
        elif code == mv.STOP:
            p = 1 - self.turn
            reveals = self._apply_stop(pub)
            self._by.append(p | self._mc)
        else:
            reveals = self._apply_end(code)
            self._by.append(1 - self.turn if code == mv.OPP_RESIGN else self.turn)
        self.move_stack.append(move)
        self._reveals.append(reveals)

    def pop(self) -> Move:
        """Take back the last move exactly and return it."""
        stack = self.move_stack
        if not stack:
            raise HistoryIndexError("error.history.empty")
        move = stack.pop()
        self._reveals.pop()
        self._by.pop()
        n = len(stack)
        if len(self._vhist) > n:
            del self._vhist[n:]
        if self._rulings:
            self._rulings.pop(n, None)
        self._undo_entry(self._undo.pop())
        return move

    def clear_stack(self) -> None:
        """Forget the moves played so far, as python-chess's ``Board.clear_stack``: the current position
        becomes the game's start (for :meth:`pop`, the history and records), which keeps memory flat
        when a very long game is replayed. The rules are unchanged (the repetition counts of D3 are
        kept). Refused while a violation of the current turn is pending, since a Stop would need the
        moves since it."""
        if self._viol is not None:
            raise IllegalMoveError("error.history.pending", {}, "S3")
        self._start_state = self.state()
        self._start_pos = None
        self.seed = None
        self.first_mover = self.turn
        self.first_turn_no = self.turn_no
        self.initial_reveals = ()
        self._undo.clear()
        self.move_stack.clear()
        self._reveals.clear()
        self._by.clear()
        self._vhist.clear()
        self._rulings.clear()

    def peek(self) -> Move:
        """The last move played (as python-chess's ``Board.peek``)."""
        if not self.move_stack:
            raise HistoryIndexError("error.history.empty")
        return self.move_stack[-1]

    def _snap(self) -> tuple[Any, ...]:
        return (
            self.turn,
            self.res_up[0],
            self.res_up[1],
            self.res_known[0],
            self.res_known[1],
            self.stock_known[0],
            self.stock_known[1],
            self.laid[0],
            self.laid[1],
            self.turn_no,
            self.noprog,
            self._tfp,
            self._viol,
            self._outcome,
        )

    def _restore(self, s: tuple[Any, ...]) -> None:
        (
            self.turn,
            self.res_up[0],
            self.res_up[1],
            self.res_known[0],
            self.res_known[1],
            self.stock_known[0],
            self.stock_known[1],
            self.laid[0],
            self.laid[1],
            self.turn_no,
            self.noprog,
            self._tfp,
            self._viol,
            self._outcome,
        ) = s
        if self._single:
            self._exists = (15 if self.laid[0] else 0) | (240 if self.laid[1] else 0)

    def _recycle(self, p: int, ops: list[int]) -> None:
        w = self.waste[p]
        s = self.stock[p]
        s.extend(reversed(w))
        w.clear()
        self.stock_known[p] = len(s)  # V3: the reversed waste's order was public
        ops.append(_RECYCLE + p)

    def _apply(self, code: int, rule: str | None, pub: int) -> tuple[int, ...]:
        """Apply a card move, draw, discard or pass. Returns the cards it turned face up."""
        p = self.turn
        snap = self._snap()
        ops: list[int] = []
        tmask = 0
        fslot = -1
        flip = 0
        repkey = None
        reveals: tuple[int, ...] = ()
        if rule is not None and self._viol is None:
            self._viol = (len(self._undo), rule, pub)
        hand = self._hand
        if code == mv.DRAW:
            st = self.stock[p]
            rc = 0
            if not st:
                self._recycle(p, ops)
                rc = 256  # R8 lazy: the waste was turned over for this draw
            card = st.pop()
            hand.append(card)
            ops.append((_STK + p) * 32 + _HND)
            if self.stock_known[p]:
                self.stock_known[p] -= 1
            reveals = (card,)
            if self._immediate and not st and self.waste[p]:
                self._recycle(p, ops)
                rc = 512  # R8 immediate: turned over after the draw
            self._mc = (card + 1) << 1 | rc
        elif code == mv.PASS:
            repkey, rv, tm = self._end_turn(p, ops)
            tmask |= tm
            reveals = rv
            self._mc = 0
        else:
            src = code >> 4
            dst = code & 15
            off = 4 * p
            if src < 8:
                a = (src + off) & 7
                card = self.tab[a].pop()
                sid = a
                tmask |= 1 << a
            elif src == 8:
                r = self.res[p]
                card = r.pop()
                sid = _RES + p
                self.res_up[p] -= 1
                if self.res_up[p] == 0 and r:
                    self.res_up[p] = 1
                    flip = 1
                    if self.res_known[p]:
                        self.res_known[p] -= 1
                    reveals = (r[-1],)
            else:
                card = hand.pop()
                sid = _HND
            if dst < 8:
                a = (dst + off) & 7
                self.tab[a].append(card)
                did = a
                tmask |= 1 << a
                if self._single and src == 9:
                    self._tfp += 1  # D3: in the one-deck game a card placed on the tableau is progress
            elif dst == 10:
                s2 = SUIT[card] * 2
                fslot = s2 if self._ftop[s2] == RANK[card] - 1 else s2 + 1
                self.fnd[fslot].append(card)
                did = _FND + fslot
                self._tfp += 1
                self._refound(fslot)
            elif dst == 11:
                o = 1 - p
                self.res[o].append(card)
                self.res_up[o] += 1
                did = _RES + o
            elif dst == 12:
                o = 1 - p
                self.waste[o].append(card)
                did = _WST + o
            else:  # discard
                self.waste[p].append(card)
                did = _WST + p
            ops.append(sid * 32 + did)
            if tmask:
                for a in _BITS[tmask]:
                    self._retop(a)
            if dst == 13:
                if self._immediate and not self.stock[p]:
                    self._recycle(p, ops)
                    self._mc = (card + 1) << 1 | 512
                else:
                    self._mc = (card + 1) << 1
                repkey, rv, tm = self._end_turn(p, ops)
                tmask |= tm
                reveals = reveals + rv
            else:
                self._mc = (card + 1) << 1
                if not hand and not self.res[p] and not self.stock[p] and not self.waste[p]:
                    self._outcome = self._win(p)
        self._undo.append((code, snap, tuple(ops), tmask, fslot, flip, repkey, None))
        return reveals

    def _end_turn(self, p: int, ops: list[int]) -> tuple[Any, tuple[int, ...], int]:
        """End ``p``'s turn and start the opponent's, unless the game ends with this turn (D3).

        Returns (repetition key, reveals, tableau mask).
        """
        if self._tfp:
            self.noprog = 0
        else:
            self.noprog += 1
        self._tfp = 0
        self._viol = None
        q = 1 - p
        stuck = self.noprog >= self.options.draw_limit
        if self._single:
            first = not self.laid[q]
        else:
            first = bool(self.res[q]) and not self.res_up[q]
        if first:
            # q's first turn: it turns cards up, so its position is new and cannot be a repetition.
            if stuck:
                self._outcome = Outcome(Termination.NO_PROGRESS, None, None, self._single, self.noprog)
                return None, (), 0
            self.turn = q
            self.turn_no += 1
            tmask = 15 << (4 * q) if self._single else 0
            reveals = self._start_turn(q, ops)
            for a in _BITS[tmask]:
                self._retop(a)
            key = self._poskey()
            self._rep[key] = self._rep.get(key, 0) + 1
            return key, reveals, tmask
        self.turn = q
        key = self._poskey()
        n = self._rep.get(key, 0) + 1
        self._rep[key] = n
        if n >= 3:
            # D3: the turn-start position a third time. The game ends in that position (q to move),
            # and repetition is named even if the no-progress count reaches the limit with this turn.
            self.turn_no += 1
            self._outcome = Outcome(Termination.REPETITION, None, None, self._single, self.noprog)
        elif stuck:
            # D3: the N-th turn without progress has ended; the game ends with it, no new turn starts.
            self.turn = p
            self._outcome = Outcome(Termination.NO_PROGRESS, None, None, self._single, self.noprog)
        else:
            self.turn_no += 1
        return key, (), 0

    def _start_turn(self, q: int, ops: list[int]) -> tuple[int, ...]:
        """R6: turn the reserve top up at the start of the first turn; S-3: lay out four piles."""
        if self._single:
            if self.laid[q]:
                return ()
            st = self.stock[q]
            out = []
            for i in range(4):
                if not st:
                    break
                card = st.pop()
                a = 4 * q + i
                self.tab[a].append(card)
                ops.append((_STK + q) * 32 + a)
                if self.stock_known[q]:
                    self.stock_known[q] -= 1
                out.append(card)
            self.laid[q] = True
            self._exists |= 15 << (4 * q)
            if not st and not self.waste[q] and not self._hand:
                self._outcome = self._win(q)  # S-7: the lay-out played the last cards
            return tuple(out)
        r = self.res[q]
        if r and not self.res_up[q]:
            self.res_up[q] = 1
            if self.res_known[q]:
                self.res_known[q] -= 1
            return (r[-1],)
        return ()

    def _win(self, p: int) -> Outcome:
        return Outcome(Termination.WIN, p, self._score(1 - p, with_hand=False), self._single)

    def _score(self, loser: int, with_hand: bool) -> Score:
        reserve = len(self.res[loser])
        sw = len(self.stock[loser]) + len(self.waste[loser])
        hand = len(self._hand) if (with_hand and loser == self.turn) else 0
        if self._single:
            return Score(0, 0, sw, hand, sw + hand)
        bonus = self.options.bonus
        return Score(bonus, reserve, sw, hand, bonus + 2 * reserve + sw + hand)

    def _apply_end(self, code: int) -> tuple[int, ...]:
        snap = self._snap()
        if code == mv.AGREE:
            self._outcome = Outcome(Termination.AGREED_DRAW, None, None, self._single)
        else:
            loser = self.turn if code == mv.RESIGN else 1 - self.turn
            self._outcome = Outcome(
                Termination.RESIGNATION, 1 - loser, self._score(loser, with_hand=True), self._single
            )
        self._undo.append((code, snap, (), 0, -1, 0, None, None))
        return ()

    def _apply_stop(self, pub: int) -> tuple[int, ...]:
        assert self._viol is not None
        snap0 = self._snap()
        p = self.turn
        vidx, rule, vpub = self._viol
        annulled: list[tuple[Any, ...]] = []
        p0snap = None
        if self._annul:
            while len(self._undo) > vidx:
                e = self._undo.pop()
                self._undo_entry(e)
                annulled.append(e)
            annulled.reverse()
            p0snap = self._snap()
            # Cards the annulled moves turned up go back face down, but public history names them.
            draws = 0
            recycled = False
            flips = 0
            stk = _STK + p
            for e in annulled:
                flips += e[5]
                for op in e[2]:
                    if op == _RECYCLE + p:
                        recycled = True
                    elif op < _RECYCLE and op >> 5 == stk:
                        draws += 1
            nst = len(self.stock[p])
            self.stock_known[p] = nst if recycled else min(nst, max(self.stock_known[p], draws))
            ndown = len(self.res[p]) - self.res_up[p]
            self.res_known[p] = min(ndown, max(self.res_known[p], flips))
        ops: list[int] = []
        held = -1
        self._mc = 0
        if self._hand:
            held = self._hand.pop()
            self.waste[p].append(held)
            ops.append(_HND * 32 + _WST + p)
            if self._immediate and not self.stock[p]:
                self._recycle(p, ops)
                self._mc = 512
        repkey, reveals, tmask = self._end_turn(p, ops)
        self._rebuild_index()
        self._rulings[pub] = StopRuling(
            caller=1 - p,
            rule=rule,
            move=self.move_stack[vpub],
            move_index=vpub,
            penalty="annul" if self._annul else "stand",
            annulled=len(annulled),
            move_card=((self._by[vpub] >> 1) & 127) - 1,
            hand=held,
        )
        self._undo.append((mv.STOP, snap0, tuple(ops), tmask, -1, 0, repkey, (annulled, p0snap)))
        return reveals

    def _undo_entry(self, e: tuple[Any, ...]) -> None:
        _code, snap, ops, tmask, fslot, _flip, repkey, stopdata = e
        P = self._piles
        if len(ops) == 1 and ops[0] < _RECYCLE:  # one card moved: most moves
            op = ops[0]
            P[op >> 5].append(P[op & 31].pop())
            ops = ()
        for op in reversed(ops):
            if op < _RECYCLE:
                P[op >> 5].append(P[op & 31].pop())
            else:
                q = op - _RECYCLE
                w = P[_WST + q]
                s = P[_STK + q]
                w.extend(reversed(s))
                s.clear()
        if repkey is not None:
            n = self._rep[repkey] - 1
            if n:
                self._rep[repkey] = n
            else:
                del self._rep[repkey]
        if stopdata is not None:
            annulled, p0snap = stopdata
            if annulled:
                self._restore(p0snap)
                for a in annulled:
                    for op in a[2]:
                        if op < _RECYCLE:
                            P[op & 31].append(P[op >> 5].pop())
                        else:
                            q = op - _RECYCLE
                            w = P[_WST + q]
                            s = P[_STK + q]
                            s.extend(reversed(w))
                            w.clear()
                    self._undo.append(a)
            self._restore(snap)
            self._rebuild_index()
            return
        self._restore(snap)
        if tmask:
            for a in _BITS[tmask]:
                self._retop(a)
        if fslot >= 0:
            self._refound(fslot)

    def _poskey(self) -> tuple[Any, ...]:
        f = self.fnd
        fk = []
        for s in range(0, 8, 2):
            x, y = tuple(f[s]), tuple(f[s + 1])
            fk.append((x, y) if x <= y else (y, x))
        return (
            self.turn,
            tuple(map(tuple, self.tab)),
            tuple(fk),
            tuple(self.res[0]),
            tuple(self.res[1]),
            self.res_up[0],
            self.res_up[1],
            tuple(self.stock[0]),
            tuple(self.stock[1]),
            tuple(self.waste[0]),
            tuple(self.waste[1]),
            tuple(self._hand),
        )

    # ------------------------------------------------------------- end of game

    def resign(self, player: int) -> None:
        """``player`` (0 or 1) resigns, at any time (D3)."""
        if player != 0 and player != 1:
            raise InvalidPlayerError("error.player.player", {"value": shown(player)})
        self.push(MOVE_TABLE[mv.RESIGN if player == self.turn else mv.OPP_RESIGN])  # type: ignore[arg-type]

    def agree_draw(self) -> None:
        """Both players agree a draw (D3)."""
        self.push(MOVE_TABLE[mv.AGREE])  # type: ignore[arg-type]

    def call_stop(self) -> StopRuling:
        """The side not on move calls Stop! Refused (S1/S2) with a reason; else applied (S3)."""
        self.push(MOVE_TABLE[mv.STOP])  # type: ignore[arg-type]
        return self._rulings[len(self.move_stack) - 1]

    def ruling(self, index: int) -> StopRuling | None:
        """The ruling of the Stop at ``move_stack[index]`` (None for any other move)."""
        return self._rulings.get(self._history_index(index))

    def mover(self, index: int) -> int:
        """The player who made ``move_stack[index]`` (for a Stop: the caller)."""
        return self._by[self._history_index(index)] & 1

    def reveals(self, index: int) -> tuple[int, ...]:
        """Cards that ``move_stack[index]`` turned face up (newly seen)."""
        return self._reveals[self._history_index(index)]

    def key(self) -> tuple[Any, ...]:
        """A hashable identity of the position (every pile in order, faces, hand, side to move).

        The two foundations of a suit count as interchangeable, as for repetition (D3).
        Search can use it as a transposition key.
        """
        return self._poskey()

    def status(self) -> Status:
        """What is wrong with the position, as flags (``Status.VALID`` when it can arise in play); see
        :mod:`russianbank.validity`. Meant for a game in progress: a finished game's last position may
        show the player who won with no cards left."""
        return position_status(self.state(), self.options)

    def problems(self) -> list[Message]:
        """The position's problems in words (empty when it can arise in play), as :meth:`status` finds them."""
        return [m for _, m in position_problems(self.state(), self.options)]

    def is_valid(self) -> bool:
        """Whether the position can arise in play (:meth:`status` is ``Status.VALID``)."""
        return not position_problems(self.state(), self.options)

    def repetition_count(self) -> int:
        """How often the current turn-start position has occurred (D3)."""
        return self._rep.get(self._poskey(), 0)

    # ------------------------------------------------------------------ texts

    def position(self, secret: bool = False) -> str:
        """The position in position notation (with the face-down order if ``secret``)."""
        from .position import format_position

        return format_position(self.state(), self.options, secret)

    def position_dict(self, secret: bool = False) -> dict[str, Any]:
        """The position as a JSON-ready dict (same content as :meth:`position`)."""
        from .position import position_to_dict

        return position_to_dict(self.state(), self.options, secret)

    @classmethod
    def from_position_dict(
        cls,
        data: Any,
        preset: str = "classic",
        *,
        options: Options | None = None,
        seed: int | None = None,
        validate: bool = True,
    ) -> Game:
        """Set up a position from :meth:`position_dict` data (see :meth:`from_position`)."""
        from .position import position_from_dict

        opts = options_for(preset) if options is None else options
        if not isinstance(opts, Options):
            raise InvalidOptionsError("error.options.base", {"value": shown(opts)})
        return cls(options=opts, seed=seed, position=position_from_dict(data, opts), validate=validate)

    def view(self, player: int | None = None) -> PlayerView:
        """What ``player`` (0, 1, or None for a spectator) may see: V1 and nothing of V2."""
        from .view import make_view

        return make_view(self, player)

    def move_text(self, move: Move) -> str:
        """The move in the notation (relative to the player on move): ``"RF"``, ``"3w"``."""
        return str(move)

    def describe_message(self, move: Move, viewer: int | None = None, names: Names | None = None) -> Message:
        """``move``, about to be played, in words from ``viewer``'s side (default: the mover).

        A draw does not name its card (it is face down until drawn). Raises
        :class:`IllegalMoveError` for a move that is not physically possible here. ``names``
        (seat -> catalogue noun message, see :mod:`russianbank.words`) names the players instead of
        "the opponent" and "Player A": ``names={1: Message("actor.computer")}`` gives "the
        computer's pile 7".

        >>> g = Game("classic", seed=1)
        >>> g.describe(Move.from_str("7F"))
        "A♥ from the opponent's pile 7 to a foundation"
        >>> g.describe(Move.from_str("7F"), "ru", viewer=1)
        'Т♥ с вашей стопки 3 на базу'
        """
        m = _as_move(move)
        code = m.code
        p = self.turn
        mover = 1 - p if code in (mv.STOP, mv.OPP_RESIGN) else p
        v = check_viewer(viewer, mover)
        nm = check_names(names)
        card = -1
        recycle = RECYCLE_NONE
        if code < 256 or code == mv.PASS:
            bad = self._physical(code)
            if bad is not None:
                raise IllegalMoveError(bad[1], bad[2], bad[0], m)
            st = self.stock[p]
            if code == mv.DRAW:
                if not st:
                    recycle = RECYCLE_BEFORE
                elif self._immediate and len(st) == 1 and self.waste[p]:
                    recycle = RECYCLE_AFTER
            elif code < 256:
                card = self.pile_card(m.src)
                if code == mv.DISCARD and self._immediate and not st:
                    recycle = RECYCLE_AFTER
        return move_words(mover, m, card, v, recycle=recycle, single=self._single, names=nm)

    def describe(self, move: Move, lang: str = "en", viewer: int | None = None, names: Names | None = None) -> str:
        """:meth:`describe_message` as text in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.describe_message(move, viewer, names).text(lang)

    def history_message(self, index: int, viewer: int | None = None, names: Names | None = None) -> Message:
        """``move_stack[index]``, already played, in words from ``viewer``'s side (default: its mover).

        Names the cards it turned up; for a Stop, its ruling (S4). Negative indexes count from the end.
        ``names`` names the players, as for :meth:`describe_message`.
        """
        i = self._history_index(index)
        packed = self._by[i]
        player = packed & 1
        return history_words(
            player,
            self.move_stack[i],
            ((packed >> 1) & 127) - 1,
            self._reveals[i],
            packed >> 8,
            self._rulings.get(i),
            check_viewer(viewer, player),
            self._single,
            check_names(names),
        )

    def history_facts(self, index: int) -> tuple[int, int, int]:
        """(mover, card moved or -1, how the move recycled a waste: 0 not, 1 before a draw, 2 after)."""
        packed = self._by[self._history_index(index)]
        return packed & 1, ((packed >> 1) & 127) - 1, packed >> 8

    def _history_index(self, index: object) -> int:
        n = len(self.move_stack)
        if not isinstance(index, int) or isinstance(index, bool) or not -n <= index < n:
            raise HistoryIndexError("error.history.index", {"value": shown(index), "n": n})
        return index % n

    def history(self) -> Iterator[tuple[int, Move, tuple[int, ...]]]:
        """(player, move, reveals) for every move played, in order."""
        from .record import iter_history

        return iter_history(self)

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)

    def unicode(self, orientation: int | None = None, lang: str = "en") -> str:
        """A Unicode text picture of the table (:func:`russianbank.picture.unicode`)."""
        from .picture import unicode

        return unicode(self, orientation=orientation, lang=lang)

    def _repr_svg_(self) -> str:
        """The table as SVG (:func:`russianbank.svg.table`), so Jupyter shows a game as a picture."""
        from .svg import table

        return table(self)

    def __repr__(self) -> str:
        return f"<Game {self.options.preset} {self.position()!r}>"


__all__ = [
    "PLAYER_NAMES",
    "A",
    "B",
    "Game",
    "Outcome",
    "Score",
    "State",
    "StopRuling",
    "Termination",
    "parse_card",
]
