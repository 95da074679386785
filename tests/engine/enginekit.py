"""Helpers for the engine tests: hand-built positions in the position notation.

``pos(...)`` writes a position line from its shown parts and fills the face-down
count of one stock (by default B's) so that the position accounts for every card;
the engine deals those face-down cards at random (reproducibly from the seed).

Such a position shows only what a test is about, so it is often not one a real game
could reach (B's stock may hold more cards than were dealt to it, or cards of A's
deck): ``game(...)`` sets it up as a puzzle, ``validate=False``. The positions of real
play are checked by ``tests/engine/test_engine_validity.py``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from russianbank import Game, IllegalMoveError, Move
from russianbank.cards import parse_cards

EMPTY8 = "-/-/-/-/-/-/-/-"
# A tableau on which nothing builds (all black, ranks two apart) for positions about other things.
QUIET = ["KS", "JS", "9S", "7S", "kc", "jc", "9c", "7c"]
_COUNTED = re.compile(r"^(\d+)(?:\(([^)]*)\))?$")


def _shown(text: str) -> int:
    """Number of cards written in a pile field (``-``, ``.`` and '/' separators allowed)."""
    n = 0
    for part in text.split("/"):
        if part not in ("-", ".", ""):
            n += len(parse_cards(part))
    return n


def _counted(text: str) -> tuple[int, int]:
    """(face-down count, named cards) of ``N`` / ``N(cards)``."""
    m = _COUNTED.match(text)
    assert m, text
    return int(m.group(1)), len(parse_cards(m.group(2) or ""))


def _reserve(text: str) -> tuple[int, int]:
    if text == "-":
        return 0, 0
    down, up = text.split("|", 1)
    n, known = _counted(down)
    return n, known + (len(parse_cards(up)) if up else 0)


def _add(text: str, extra: int, reserve: bool) -> str:
    if reserve:
        down, up = text.split("|", 1)
        return _add(down, extra, False) + "|" + up
    m = re.match(r"^(\d+)(.*)$", text)
    assert m, text
    return f"{int(m.group(1)) + extra}{m.group(2)}"


def pos(
    tab: str | list[str],
    fnd: str = EMPTY8,
    ra: str = "0|",
    sa: str = "0",
    wa: str = "-",
    rb: str = "0|",
    sb: str = "0",
    wb: str = "-",
    turn: str = "A",
    hand: str = "-",
    turn_no: int = 1,
    noprog: int = 0,
    fill: str = "sb",
    ncards: int = 104,
) -> str:
    """A position line; the cards not shown are added face down to ``fill`` (sa, sb, ra or rb)."""
    if isinstance(tab, list):
        tab = "/".join(tab)
    fields = {"ra": ra, "sa": sa, "rb": rb, "sb": sb}
    shown = _shown(tab) + (_shown(fnd) if fnd != "-" else 0) + _shown(wa) + _shown(wb)
    shown += _shown(hand) if hand != "-" else 0
    hidden = 0
    for key in ("ra", "rb"):
        n, k = _reserve(fields[key])
        hidden += n
        shown += k
    for key in ("sa", "sb"):
        n, k = _counted(fields[key])
        hidden += n
        shown += k
    rest = ncards - shown - hidden
    assert rest >= 0, f"the position shows {shown} and hides {hidden} cards: more than {ncards}"
    fields[fill] = _add(fields[fill], rest, fill.startswith("r"))
    parts = [tab, fnd, fields["ra"], fields["sa"], wa, fields["rb"], fields["sb"], wb, turn, hand]
    return " ".join([*parts, str(turn_no), str(noprog)])


def game(text: str, preset: str = "classic", seed: int = 0, validate: bool = False, **options: Any) -> Game:
    """A game set up from position text as a puzzle (options such as ``stops=True`` as keywords)."""
    return Game(preset, seed=seed, position=text, validate=validate, **options)


def ms(*texts: str) -> list[Move]:
    return [Move.from_str(t) for t in texts]


def legal(g: Game) -> set[str]:
    return {str(m) for m in g.legal_moves()}


def play(g: Game, *texts: str) -> None:
    for t in texts:
        g.push(Move.from_str(t))


def assert_refused(g: Game, text: str, rule: str) -> IllegalMoveError:
    """Pushing ``text`` raises IllegalMoveError naming ``rule`` and changes nothing."""
    before = g.position(secret=True)
    nmoves = len(g.move_stack)
    view = g.view(g.turn).to_dict()
    try:
        g.push(Move.from_str(text))
    except IllegalMoveError as e:
        assert e.rule == rule, f"{text}: refused by {e.rule} ({e}), expected {rule}"
        assert g.position(secret=True) == before
        assert len(g.move_stack) == nmoves
        assert g.view(g.turn).to_dict() == view
        assert g.illegal_reason(Move.from_str(text)) is not None
        assert Move.from_str(text) not in g.legal_moves()
        return e
    raise AssertionError(f"{text} was accepted; expected a refusal by {rule}")


def card_set(g: Game) -> list[int]:
    return sorted(g.all_cards())


def hidden_unknown(g: Game) -> set[int]:
    """Face-down cards whose identity no public history names (what no view may contain, V2)."""
    out: set[int] = set()
    for p in (0, 1):
        r = g.res[p]
        down = r[: len(r) - g.res_up[p]]
        out.update(down[: len(down) - g.res_known[p]])
        s = g.stock[p]
        out.update(s[: len(s) - g.stock_known[p]])
    return out


_QUOTED_CARD = re.compile(r'"([2-9TJQKA][CDHS]|[2-9tjqka][cdhs])"')


def quoted_card_names(text: str) -> set[str]:
    """Card names appearing as JSON strings in ``text`` (no move of the notation looks like one)."""
    return set(_QUOTED_CARD.findall(text))


def reshuffle_secret(text: str, rng: random.Random) -> str:
    """The same position with its face-down cards dealt anew among the same hidden places.

    In the two-deck game each player's face-down cards stay their own (a face-down card is always
    of its owner's deck); the one-deck game's players share its deck.
    """
    fields = text.split()
    parts = fields[-1].split("/")
    lists = [[p[i : i + 2] for i in range(0, len(p), 2)] if p != "-" else [] for p in parts]
    groups = [[0, 1, 2, 3]] if all(c.isupper() for lst in lists for c in lst) else [[0, 1], [2, 3]]
    for group in groups:
        cards = [c for i in group for c in lists[i]]
        rng.shuffle(cards)
        k = 0
        for i in group:
            n = len(lists[i])
            lists[i] = cards[k : k + n]
            k += n
    return " ".join([*fields[:-1], "/".join("".join(lst) or "-" for lst in lists)])
