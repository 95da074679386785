"""Whether a position can arise in play, in python-chess's manner: a set of :class:`Status` flags and,
for people, a list of named problems.

:meth:`Game.status() <russianbank.game.Game.status>` gives the flags,
:meth:`Game.problems() <russianbank.game.Game.problems>` the problems as catalogue messages and
:meth:`Game.is_valid() <russianbank.game.Game.is_valid>` whether there are none. A position set
up from text or JSON is refused when it has a problem, unless it is set up with
``validate=False`` (for puzzles).

What is checked (a position of a game in progress, at any moment of a turn):

- every tableau pile is built by the tableau rule above its bottom card (R5b, S-4);
- foundations are built up in suit from the Ace, at most two per suit (R5a);
- a reserve holds no more of its owner's face-down cards than were dealt (R2), and its
  face-up cards are the owner's turned-up card with a loading sequence on it (R5d: each
  card the same suit as the one below and one rank up or down);
- face-down cards, unknown ones, are their owner's own deck (V3: loaded cards lie face up and
  a turned-over waste is public), and a stock holds no more of them than were dealt;
- a player who has had a turn has turned their reserve top up (R6) or laid out their piles
  (S-3); at turn 1 the second player has not played at all (full reserve and stock, no waste,
  in the one-deck game no piles), and the first player has no waste (a discard ends the turn);
- the no-progress count is below the draw limit and below the number of the turn (D3);
- every player still has a card (D1: a player with none has won);
- with immediate recycling, no stock is empty while its waste holds cards (R8).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import pairwise

from .cards import COLOR, RANK, SUIT, card_message
from .i18n import Message
from .options import Options
from .state import State


class Status(enum.IntFlag):
    """What is wrong with a position (``Status.VALID``: nothing), as python-chess's ``Status``."""

    VALID = 0
    CARDS = enum.auto()  #: a card missing, doubled or of the wrong game
    TABLEAU = enum.auto()  #: a tableau pile not built by the tableau rule
    FOUNDATION = enum.auto()  #: a foundation not built up in suit from the Ace
    RESERVE = enum.auto()  #: more face-down reserve cards than dealt, or face-up ones no loading builds
    DECK = enum.auto()  #: a face-down card of the other player's deck
    STOCK = enum.auto()  #: more face-down stock cards than dealt
    NOT_STARTED = enum.auto()  #: a player who has had a turn without their reserve top up or piles laid out
    FIRST_TURN = enum.auto()  #: turn 1 with the second player having played, or the first holding a waste
    COUNTERS = enum.auto()  #: a no-progress count the turn number or the draw limit rules out
    NO_CARDS = enum.auto()  #: a player with no card left (they would have won)
    RECYCLE = enum.auto()  #: an empty stock beside a waste under immediate recycling


Problem = tuple[Status, Message]


def _who(player: int) -> str:
    return "AB"[player]


def position_problems(st: State, options: Options) -> list[Problem]:
    """Every problem of the position ``st`` under ``options`` (empty: it can arise in play)."""
    return list(_problems(st, options))


def position_status(st: State, options: Options) -> Status:
    """The :class:`Status` flags of the position ``st``."""
    out = Status.VALID
    for flag, _ in _problems(st, options):
        out |= flag
    return out


def _problems(st: State, o: Options) -> Iterator[Problem]:
    single = o.single
    yield from _cards(st, o)
    yield from _tableau(st, o)
    if not single:
        yield from _foundations(st)
    dealt_stock = 22 if single else 52 - o.reserve_size - 4
    for p in (0, 1):
        started = st.turn_no >= 2 or st.turn == p
        res = st.reserve[p]
        up = st.reserve_up[p]
        down = len(res) - up
        unknown_res = res[: down - st.reserve_known[p]]
        stock = st.stock[p]
        unknown_stock = stock[: len(stock) - st.stock_known[p]]
        who = _who(p)
        if not single:
            own = down + (1 if up else 0)
            if own > o.reserve_size:
                yield (
                    Status.RESERVE,
                    Message("problem.reserve_size", {"player": who, "n": own, "size": o.reserve_size}),
                )
            ups = res[down:]
            if ups and ups[0] // 52 != p:
                yield (
                    Status.RESERVE,
                    Message("problem.reserve_first_up", {"player": who, "card": card_message(ups[0])}),
                )
            for below, above in pairwise(ups):
                if SUIT[below] != SUIT[above] or abs(RANK[below] - RANK[above]) != 1:
                    yield (
                        Status.RESERVE,
                        Message(
                            "problem.reserve_loading",
                            {"player": who, "card": card_message(above), "below": card_message(below)},
                        ),
                    )
            foreign = [c for c in unknown_res + unknown_stock if c // 52 != p]
            known_down = res[down - st.reserve_known[p] : down]
            foreign += [c for c in known_down if c // 52 != p]
            if foreign:
                yield (
                    Status.DECK,
                    Message(
                        "problem.deck",
                        {"player": who, "n": len(foreign), "other": _who(1 - p), "card": card_message(foreign[0])},
                    ),
                )
            if started and res and not up:
                yield (Status.NOT_STARTED, Message("problem.reserve_down", {"player": who}))
        else:
            laid = st.laid[p]
            if started and not laid:
                yield (Status.NOT_STARTED, Message("problem.not_laid", {"player": who}))
        limit = dealt_stock if (not single or st.laid[p]) else 26
        if len(unknown_stock) > limit:
            yield (Status.STOCK, Message("problem.stock_size", {"player": who, "n": len(unknown_stock), "size": limit}))
        if not started:
            yield from _not_started(st, o, p)
        hand = 1 if (st.hand >= 0 and st.turn == p) else 0
        if not (res or stock or st.waste[p] or hand):
            yield (Status.NO_CARDS, Message("problem.no_cards", {"player": who}))
        if o.recycle == "immediate" and not stock and st.waste[p]:
            yield (Status.RECYCLE, Message("problem.recycle", {"player": who}))
    if st.turn_no == 1 and st.waste[st.turn]:
        yield (Status.FIRST_TURN, Message("problem.first_waste", {"player": _who(st.turn)}))
    if st.turn_no == 1 and not single and st.reserve_up[st.turn] > 1:
        yield (Status.FIRST_TURN, Message("problem.first_loaded", {"player": _who(st.turn)}))
    if st.turn_no == 1 and (st.stock_known[st.turn] or st.reserve_known[st.turn]):
        yield (Status.FIRST_TURN, Message("problem.first_known", {"player": _who(st.turn)}))
    if st.no_progress >= o.draw_limit:
        yield (Status.COUNTERS, Message("problem.draw_limit", {"n": st.no_progress, "limit": o.draw_limit}))
    if st.no_progress > st.turn_no - 1:
        yield (Status.COUNTERS, Message("problem.no_progress", {"n": st.no_progress, "turn": st.turn_no}))


def _not_started(st: State, o: Options, p: int) -> Iterator[Problem]:
    """At turn 1, the second player has not played: everything of theirs is as dealt."""
    who = _who(p)
    if st.waste[p]:
        yield (Status.FIRST_TURN, Message("problem.second_waste", {"player": who}))
    if o.single:
        if st.laid[p] or len(st.stock[p]) != 26 or st.stock_known[p]:
            yield (Status.FIRST_TURN, Message("problem.second_stack", {"player": who}))
        return
    full_stock = 52 - o.reserve_size - 4
    if st.reserve_up[p] or st.reserve_known[p] or len(st.reserve[p]) != o.reserve_size:
        yield (Status.FIRST_TURN, Message("problem.second_reserve", {"player": who, "size": o.reserve_size}))
    if len(st.stock[p]) != full_stock or st.stock_known[p]:
        yield (Status.FIRST_TURN, Message("problem.second_stock", {"player": who, "size": full_stock}))


def _tableau(st: State, o: Options) -> Iterator[Problem]:
    for i, pile in enumerate(st.tableau):
        if o.single and not st.laid[i // 4] and pile:
            yield (Status.TABLEAU, Message("problem.tableau_not_laid", {"n": i + 1}))
        for below, above in pairwise(pile):
            if not _builds(above, below, o.tableau):
                yield (
                    Status.TABLEAU,
                    Message("problem.tableau", {"n": i + 1, "card": card_message(above), "below": card_message(below)}),
                )
                break


def _builds(card: int, top: int, rule: str) -> bool:
    d = RANK[top] - RANK[card]
    if rule == "alternate":
        return d == 1 and COLOR[card] != COLOR[top]
    if rule == "suited":
        return d == 1 and SUIT[card] == SUIT[top]
    return SUIT[card] == SUIT[top] and d in (1, -1, 12, -12)


def _foundations(st: State) -> Iterator[Problem]:
    for slot, pile in enumerate(st.foundations):
        for j, c in enumerate(pile):
            if SUIT[c] != slot // 2 or RANK[c] != j + 1:
                yield (Status.FOUNDATION, Message("problem.foundation", {"n": slot + 1}))
                break


def _cards(st: State, o: Options) -> Iterator[Problem]:
    cards: list[int] = []
    for group in (st.tableau, st.foundations, st.reserve, st.stock, st.waste):
        for pile in group:
            cards.extend(pile)
    if st.hand >= 0:
        cards.append(st.hand)
    if sorted(cards) != list(range(o.num_cards)):
        yield (Status.CARDS, Message("problem.cards", {"n": len(cards), "total": o.num_cards}))
