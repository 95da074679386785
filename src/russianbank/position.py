"""Position notation: a whole position on one line, in the spirit of FEN.

Thirteen fields separated by spaces (the last one optional)::

    tableau foundations resA stockA wasteA resB stockB wasteB turn hand turn_no no_progress [secret]

* ``tableau``: the 8 piles (A's 1-4, then B's 1-4) separated by ``/``, each
  written bottom to top as two-character cards (``QH`` deck A, ``qh`` deck B);
  ``-`` is a space, ``.`` a pile not laid out yet (one-deck game, S-3).
* ``foundations``: the 8 foundations separated by ``/`` (``-`` empty); ``-``
  alone in the one-deck game.
* reserve: ``N|UP``: N face-down cards, then the face-up cards bottom to top
  (``12|`` before the first turn, ``11|QH``, ``0|`` when empty). Face-down
  cards that public history names (a Stop turned them back) follow N in
  brackets: ``9(KD)|QH``. ``-`` in the one-deck game.
* stock: ``N`` face-down cards, with known top cards in brackets: ``30(5H6C)``.
  After a recycle the whole stock is known: ``0(5H6C7D)`` (V3).
* waste: the cards bottom to top, or ``-``.
* ``turn``: ``A`` or ``B``; ``hand``: the hand card or ``-``; ``turn_no``: the
  number of the current turn; ``no_progress``: turns in a row with no
  foundation play (D3).
* ``secret`` (optional): the unknown face-down cards, bottom to top, as
  ``resA/stockA/resB/stockB``. Without it the engine fills the face-down
  cards at random from the cards not shown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from .cards import RANK, SUIT, card_name, parse_cards
from .errors import InvalidCardError, InvalidPositionError
from .options import Options
from .state import State

_COUNT_RE = re.compile(r"^(\d+)(?:\(([^)]*)\))?$")


def _cards(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards) or "-"


def _counted(n: int, known: list[int]) -> str:
    return f"{n}({''.join(card_name(c) for c in known)})" if known else str(n)


def format_position(st: State, options: Options, secret: bool = False) -> str:
    single = options.single
    piles = []
    for i, pile in enumerate(st.tableau):
        if single and not st.laid[i // 4]:
            piles.append(".")
        else:
            piles.append(_cards(pile))
    fields = ["/".join(piles)]
    fields.append("-" if single else "/".join(_cards(f) for f in st.foundations))
    hidden: list[list[int]] = []
    for p in (0, 1):
        rp = st.reserve[p]
        up = st.reserve_up[p]
        down = rp[: len(rp) - up]
        k = st.reserve_known[p]
        unknown, known = down[: len(down) - k], down[len(down) - k :]
        if single:
            fields.append("-")
        else:
            ups = "".join(card_name(c) for c in rp[len(rp) - up :])
            fields.append(f"{_counted(len(unknown), known)}|{ups}")
        s = st.stock[p]
        ks = st.stock_known[p]
        sunknown, sknown = s[: len(s) - ks], s[len(s) - ks :]
        fields.append(_counted(len(sunknown), sknown))
        fields.append(_cards(st.waste[p]))
        hidden.append(unknown)
        hidden.append(sunknown)
    fields.append("AB"[st.turn])
    fields.append(card_name(st.hand) if st.hand >= 0 else "-")
    fields.append(str(st.turn_no))
    fields.append(str(st.no_progress))
    text = " ".join(fields)
    if secret:
        text += " " + "/".join(_cards(h) for h in hidden)
    return text


def _parse_counted(text: str, what: str) -> tuple[int, list[int]]:
    m = _COUNT_RE.match(text)
    if not m:
        raise InvalidPositionError(f"{what}: expected a count such as '36' or '30(5H6C)', got {text!r}")
    try:
        known = parse_cards(m.group(2) or "")
    except InvalidCardError as e:
        raise InvalidPositionError(f"{what}: {e}") from None
    return int(m.group(1)), known


def _parse_pile(text: str, what: str) -> list[int]:
    try:
        return parse_cards(text)
    except InvalidCardError as e:
        raise InvalidPositionError(f"{what}: {e}") from None


def deal_face_down(missing: list[int], counts: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Deal the unknown face-down cards at random: ``counts`` are (reserve A, stock A, reserve B, stock B).

    A face-down card is always one of its pile owner's own deck (a loaded card
    is face up, a recycled stock is public, V3), so each player's face-down
    piles get the cards of their own deck that ``missing`` holds, shuffled
    (both players share the one deck of the one-deck game). Only a hand-made
    position can show a player more face-down cards than their deck has
    missing; those extra places get the other deck's left-over cards.
    """
    if len(missing) != sum(counts):
        raise InvalidPositionError(f"{len(missing)} cards to deal face down into {sum(counts)} places")
    need = (counts[0] + counts[1], counts[2] + counts[3])
    if all(c < 52 for c in missing):  # one deck (or nothing of deck B to place): one pool
        pool = list(missing)
        rng.shuffle(pool)
        pools = [pool[: need[0]], pool[need[0] :]]
    else:
        pools = [[c for c in missing if c < 52], [c for c in missing if c >= 52]]
        for p in (0, 1):
            rng.shuffle(pools[p])
        for p in (0, 1):
            if len(pools[p]) > need[p]:  # hand-made positions only: lend the surplus to the other side
                pools[1 - p].extend(pools[p][need[p] :])
                del pools[p][need[p] :]
                rng.shuffle(pools[1 - p])
    return [pools[0][: counts[0]], pools[0][counts[0] :], pools[1][: counts[2]], pools[1][counts[2] :]]


def parse_position(text: str, options: Options, rng: random.Random) -> State:
    """Parse position text into a :class:`~russianbank.state.State`."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    fields = text.split()
    if len(fields) not in (12, 13):
        raise InvalidPositionError(
            f"a position has 12 fields (13 with the secret part), not {len(fields)}: "
            "tableau foundations resA stockA wasteA resB stockB wasteB turn hand turn_no no_progress [secret]"
        )
    single = options.single
    ncards = options.num_cards
    seen: dict[int, str] = {}

    def claim(cards: list[int], where: str) -> None:
        for c in cards:
            if single and c >= 52:
                raise InvalidPositionError(f"{where}: {card_name(c)} - the one-deck game uses upper-case cards only")
            if c in seen:
                raise InvalidPositionError(f"{where}: {card_name(c)} appears twice (also in {seen[c]})")
            seen[c] = where

    tab_fields = fields[0].split("/")
    if len(tab_fields) != 8:
        raise InvalidPositionError(f"tableau: expected 8 piles separated by '/', got {len(tab_fields)}")
    tableau: list[list[int]] = []
    laid = [True, True]
    for i, t in enumerate(tab_fields):
        where = f"tableau pile {i + 1}"
        if t == ".":
            if not single:
                raise InvalidPositionError(f"{where}: '.' (not laid out) exists only in the one-deck game")
            laid[i // 4] = False
            tableau.append([])
            continue
        pile = _parse_pile(t, where)
        claim(pile, where)
        tableau.append(pile)
    for p in (0, 1):
        marks = [tab_fields[4 * p + i] == "." for i in range(4)]
        if any(marks) and not all(marks):
            raise InvalidPositionError(f"tableau: {'AB'[p]}'s four piles are laid out together (S-3)")

    foundations: list[list[int]] = [[] for _ in range(8)]
    if single:
        if fields[1] != "-":
            raise InvalidPositionError("foundations: the one-deck game has none; write '-'")
    else:
        fparts = fields[1].split("/")
        if len(fparts) != 8:
            raise InvalidPositionError(f"foundations: expected 8 piles separated by '/', got {len(fparts)}")
        for i, t in enumerate(fparts):
            where = f"foundation {i + 1}"
            pile = _parse_pile(t, where)
            if not pile:
                continue
            claim(pile, where)
            suit = SUIT[pile[0]]
            for j, c in enumerate(pile):
                if SUIT[c] != suit or RANK[c] != j + 1:
                    raise InvalidPositionError(f"{where}: must be built up in suit from the Ace (R5a)")
            if not foundations[2 * suit]:
                foundations[2 * suit] = pile
            elif not foundations[2 * suit + 1]:
                foundations[2 * suit + 1] = pile
            else:
                raise InvalidPositionError(f"{where}: more than two foundations of one suit")

    reserve: list[list[int]] = [[], []]
    reserve_up = [0, 0]
    reserve_known = [0, 0]
    reserve_hidden = [0, 0]
    stock_hidden = [0, 0]
    stock_known_cards: list[list[int]] = [[], []]
    waste: list[list[int]] = [[], []]
    for p in (0, 1):
        name = "AB"[p]
        rf, sf, wf = fields[2 + 3 * p : 5 + 3 * p]
        if single:
            if rf != "-":
                raise InvalidPositionError(f"reserve {name}: the one-deck game has none; write '-'")
        else:
            if "|" not in rf:
                raise InvalidPositionError(f"reserve {name}: expected 'N|UP' such as '11|QH', got {rf!r}")
            down, up = rf.split("|", 1)
            n, known = _parse_counted(down, f"reserve {name}")
            ups = _parse_pile(up, f"reserve {name}") if up else []
            claim(known, f"reserve {name}")
            claim(ups, f"reserve {name}")
            reserve_hidden[p] = n
            reserve[p] = known + ups  # hidden cards go underneath later
            reserve_up[p] = len(ups)
            reserve_known[p] = len(known)
        n, known = _parse_counted(sf, f"stock {name}")
        claim(known, f"stock {name}")
        stock_hidden[p] = n
        stock_known_cards[p] = known
        w = _parse_pile(wf, f"waste {name}")
        claim(w, f"waste {name}")
        waste[p] = w
    if fields[8] not in ("A", "B"):
        raise InvalidPositionError(f"turn: expected A or B, got {fields[8]!r}")
    turn = 0 if fields[8] == "A" else 1
    hand = -1
    if fields[9] != "-":
        hp = _parse_pile(fields[9], "hand")
        if len(hp) != 1:
            raise InvalidPositionError(f"hand: expected one card or '-', got {fields[9]!r}")
        claim(hp, "hand")
        hand = hp[0]
    try:
        turn_no = int(fields[10])
        no_progress = int(fields[11])
    except ValueError:
        raise InvalidPositionError("turn_no and no_progress must be whole numbers") from None
    if turn_no < 1 or no_progress < 0:
        raise InvalidPositionError("turn_no must be at least 1 and no_progress at least 0")
    if not single and reserve_up[turn] == 0 and (reserve_hidden[turn] or reserve_known[turn]):
        raise InvalidPositionError(
            f"reserve {'AB'[turn]}: the player on move has a face-down reserve top (R6 turns it up "
            "at the start of the turn); write it face up"
        )
    if not laid[turn] and single:
        raise InvalidPositionError("the player on move must have laid out their piles (S-3)")
    nhidden = sum(reserve_hidden) + sum(stock_hidden)
    if len(seen) + nhidden != ncards:
        raise InvalidPositionError(
            f"the position accounts for {len(seen)} shown and {nhidden} face-down cards; "
            f"it must account for exactly {ncards}"
        )
    missing = [c for c in range(ncards) if c not in seen]
    if len(fields) == 13:
        parts = fields[12].split("/")
        if len(parts) != 4:
            raise InvalidPositionError("secret: expected resA/stockA/resB/stockB")
        lists = [_parse_pile(t, "secret") for t in parts]
        want = [reserve_hidden[0], stock_hidden[0], reserve_hidden[1], stock_hidden[1]]
        for lst, n, what in zip(lists, want, ("reserve A", "stock A", "reserve B", "stock B"), strict=True):
            if len(lst) != n:
                raise InvalidPositionError(f"secret: {what} lists {len(lst)} cards but the position says {n}")
        for lst in lists:
            claim(lst, "secret")
        if len(seen) != ncards:
            raise InvalidPositionError("secret: the face-down cards do not complete the deck(s)")
    else:
        lists = deal_face_down(missing, (reserve_hidden[0], stock_hidden[0], reserve_hidden[1], stock_hidden[1]), rng)
    reserve = [lists[0] + reserve[0], lists[2] + reserve[1]]
    stock = [lists[1] + stock_known_cards[0], lists[3] + stock_known_cards[1]]
    return State(
        tableau=tableau,
        foundations=foundations,
        reserve=reserve,
        reserve_up=reserve_up,
        reserve_known=reserve_known,
        stock=stock,
        stock_known=[len(stock_known_cards[0]), len(stock_known_cards[1])],
        waste=waste,
        hand=hand,
        turn=turn,
        laid=laid,
        turn_no=turn_no,
        no_progress=no_progress,
    )


def position_to_dict(st: State, options: Options, secret: bool = False) -> dict[str, Any]:
    """The position as a JSON-ready dict (the same content as the text form)."""
    fields = format_position(st, options, secret).split(" ")
    return _fields_to_dict(fields, options)


def _names(text: str) -> list[str]:
    return [] if text in ("-", "") else [text[i : i + 2] for i in range(0, len(text), 2)]


def _fields_to_dict(fields: list[str], options: Options) -> dict[str, Any]:
    single = options.single
    out: dict[str, Any] = {
        "tableau": [None if t == "." else _names(t) for t in fields[0].split("/")],
        "foundations": [] if single else [_names(f) for f in fields[1].split("/")],
        "players": {},
        "turn": fields[8],
        "hand": None if fields[9] == "-" else fields[9],
        "turn_no": int(fields[10]),
        "no_progress": int(fields[11]),
    }
    for p in (0, 1):
        rf, sf, wf = fields[2 + 3 * p : 5 + 3 * p]
        side: dict[str, Any] = {}
        if not single:
            down, up = rf.split("|", 1)
            m = _COUNT_RE.match(down)
            assert m is not None
            side["reserve_hidden"] = int(m.group(1))
            side["reserve_known"] = _names(m.group(2) or "")
            side["reserve_up"] = _names(up)
        m = _COUNT_RE.match(sf)
        assert m is not None
        side["stock_hidden"] = int(m.group(1))
        side["stock_known"] = _names(m.group(2) or "")
        side["waste"] = _names(wf)
        out["players"]["AB"[p]] = side
    if len(fields) == 13:
        parts = fields[12].split("/")
        out["secret"] = {
            "A": {"reserve": _names(parts[0]), "stock": _names(parts[1])},
            "B": {"reserve": _names(parts[2]), "stock": _names(parts[3])},
        }
    return out


def position_from_dict(data: Any, options: Options) -> str:
    """Turn the dict form back into position text (then parse it with :func:`parse_position`)."""

    def cards(v: Any, where: str) -> str:
        if not isinstance(v, list) or not all(isinstance(c, str) and len(c) == 2 for c in v):
            raise InvalidPositionError(f"{where}: expected a list of two-character card names")
        return "".join(v) or "-"

    def count(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise InvalidPositionError(f"{where}: expected a whole number >= 0")
        return v

    try:
        if not isinstance(data, dict):
            raise InvalidPositionError("a position must be a JSON object")
        tab = data["tableau"]
        if not isinstance(tab, list) or len(tab) != 8:
            raise InvalidPositionError("tableau: expected a list of 8 piles")
        fields = ["/".join("." if t is None else cards(t, f"tableau pile {i + 1}") for i, t in enumerate(tab))]
        if options.single:
            fields.append("-")
        else:
            fnd = data["foundations"]
            if not isinstance(fnd, list) or len(fnd) != 8:
                raise InvalidPositionError("foundations: expected a list of 8 piles")
            fields.append("/".join(cards(f, f"foundation {i + 1}") for i, f in enumerate(fnd)))
        for name in ("A", "B"):
            side = data["players"][name]
            if options.single:
                fields.append("-")
            else:
                known = "".join(side.get("reserve_known", []))
                n = count(side["reserve_hidden"], f"{name} reserve_hidden")
                up = cards(side.get("reserve_up", []), f"{name} reserve_up")
                fields.append(f"{n}({known})|{'' if up == '-' else up}" if known else f"{n}|{'' if up == '-' else up}")
            sk = "".join(side.get("stock_known", []))
            n = count(side["stock_hidden"], f"{name} stock_hidden")
            fields.append(f"{n}({sk})" if sk else str(n))
            fields.append(cards(side.get("waste", []), f"{name} waste"))
        fields.append(str(data["turn"]))
        fields.append(data["hand"] if data.get("hand") else "-")
        fields.append(str(count(data.get("turn_no", 1), "turn_no")))
        fields.append(str(count(data.get("no_progress", 0), "no_progress")))
        if data.get("secret") is not None:
            s = data["secret"]
            fields.append(
                "/".join(
                    cards(s[n][k], f"secret {n} {k}")
                    for n, k in (("A", "reserve"), ("A", "stock"), ("B", "reserve"), ("B", "stock"))
                )
            )
    except (KeyError, TypeError) as e:
        raise InvalidPositionError(f"position JSON is missing or has a bad field: {e}") from None
    return " ".join(fields)
