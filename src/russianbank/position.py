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
from .errors import InvalidCardError, InvalidPositionError, shown
from .i18n import Message
from .options import Options
from .state import State

_MAX_NUMBER = 999_999_999
_COUNT_RE = re.compile(r"^([0-9]{1,9})(?:\(([^)]*)\))?$")
_NUMBER_RE = re.compile(r"[0-9]{1,9}")


def _cards(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards) or "-"


def _counted(n: int, known: list[int]) -> str:
    return f"{n}({''.join(card_name(c) for c in known)})" if known else str(n)


def format_position(st: State, options: Options, secret: bool = False) -> str:
    """The position notation of ``st`` (with the secret part when ``secret``)."""
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


def _where(kind: str, **params: Any) -> Message:
    return Message("where." + kind, params)


def _parse_counted(text: str, where: Message) -> tuple[int, list[int]]:
    m = _COUNT_RE.match(text)
    if not m:
        raise InvalidPositionError("error.position.count", {"where": where, "text": shown(text)})
    return int(m.group(1)), _parse_pile(m.group(2) or "", where)


def _parse_pile(text: str, where: Message) -> list[int]:
    try:
        return parse_cards(text)
    except InvalidCardError as e:
        raise InvalidPositionError("error.position.card", {"where": where, "problem": e.message}) from None


def _number(text: str, name: str) -> int:
    if not _NUMBER_RE.fullmatch(text):
        raise InvalidPositionError("error.position.number", {"name": name, "text": shown(text)})
    return int(text)


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
        raise InvalidPositionError("error.position.deal", {"cards": len(missing), "places": sum(counts)})
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
    """Parse position text into a :class:`~russianbank.state.State`.

    Checks the notation and that every card is accounted for exactly once; whether the
    position could arise in play is :func:`russianbank.validity.position_problems`'s job.
    """
    if not isinstance(text, str):
        raise InvalidPositionError("error.position.not_text", {"value": shown(text)})
    fields = text.split()
    if len(fields) not in (12, 13):
        raise InvalidPositionError("error.position.fields", {"n": len(fields)})
    single = options.single
    ncards = options.num_cards
    seen: dict[int, Message] = {}

    def claim(cards: list[int], where: Message) -> None:
        for c in cards:
            if single and c >= 52:
                raise InvalidPositionError("error.position.upper_only", {"where": where, "card": card_name(c)})
            if c in seen:
                raise InvalidPositionError(
                    "error.position.twice", {"where": where, "card": card_name(c), "other": seen[c]}
                )
            seen[c] = where

    tab_fields = fields[0].split("/")
    if len(tab_fields) != 8:
        raise InvalidPositionError("error.position.piles", {"where": _where("tableau"), "n": len(tab_fields)})
    tableau: list[list[int]] = []
    laid = [True, True]
    for i, t in enumerate(tab_fields):
        where = _where("tableau_pile", n=i + 1)
        if t == ".":
            if not single:
                raise InvalidPositionError("error.position.dot", {"where": where})
            laid[i // 4] = False
            tableau.append([])
            continue
        pile = _parse_pile(t, where)
        claim(pile, where)
        tableau.append(pile)
    for p in (0, 1):
        marks = [tab_fields[4 * p + i] == "." for i in range(4)]
        if any(marks) and not all(marks):
            raise InvalidPositionError("error.position.laid_together", {"player": "AB"[p]})

    foundations: list[list[int]] = [[] for _ in range(8)]
    if single:
        if fields[1] != "-":
            raise InvalidPositionError("error.position.single_none", {"where": _where("foundations")})
    else:
        fparts = fields[1].split("/")
        if len(fparts) != 8:
            raise InvalidPositionError("error.position.piles", {"where": _where("foundations"), "n": len(fparts)})
        for i, t in enumerate(fparts):
            where = _where("foundation", n=i + 1)
            pile = _parse_pile(t, where)
            if not pile:
                continue
            claim(pile, where)
            suit = SUIT[pile[0]]
            for j, c in enumerate(pile):
                if SUIT[c] != suit or RANK[c] != j + 1:
                    raise InvalidPositionError("error.position.foundation_order", {"where": where})
            if not foundations[2 * suit]:
                foundations[2 * suit] = pile
            elif not foundations[2 * suit + 1]:
                foundations[2 * suit + 1] = pile
            else:
                raise InvalidPositionError("error.position.foundation_suit", {"where": where})

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
        where = _where("reserve", player=name)
        if single:
            if rf != "-":
                raise InvalidPositionError("error.position.single_none", {"where": where})
        else:
            if "|" not in rf:
                raise InvalidPositionError("error.position.reserve_syntax", {"where": where, "text": shown(rf)})
            down, up = rf.split("|", 1)
            n, known = _parse_counted(down, where)
            ups = _parse_pile(up, where) if up else []
            claim(known, where)
            claim(ups, where)
            reserve_hidden[p] = n
            reserve[p] = known + ups  # hidden cards go underneath later
            reserve_up[p] = len(ups)
            reserve_known[p] = len(known)
        where = _where("stock", player=name)
        n, known = _parse_counted(sf, where)
        claim(known, where)
        stock_hidden[p] = n
        stock_known_cards[p] = known
        where = _where("waste", player=name)
        w = _parse_pile(wf, where)
        claim(w, where)
        waste[p] = w
    if fields[8] not in ("A", "B"):
        raise InvalidPositionError("error.position.turn", {"text": shown(fields[8])})
    turn = 0 if fields[8] == "A" else 1
    hand = -1
    if fields[9] != "-":
        hp = _parse_pile(fields[9], _where("hand"))
        if len(hp) != 1:
            raise InvalidPositionError("error.position.hand", {"text": shown(fields[9])})
        claim(hp, _where("hand"))
        hand = hp[0]
    turn_no = _number(fields[10], "turn_no")
    no_progress = _number(fields[11], "no_progress")
    if turn_no < 1:
        raise InvalidPositionError("error.position.turn_no", {"value": turn_no})
    if not single and reserve_up[turn] == 0 and (reserve_hidden[turn] or reserve_known[turn]):
        raise InvalidPositionError("error.position.reserve_down", {"player": "AB"[turn]})
    if not laid[turn] and single:
        raise InvalidPositionError("error.position.not_laid_mover")
    nhidden = sum(reserve_hidden) + sum(stock_hidden)
    if len(seen) + nhidden != ncards:
        raise InvalidPositionError("error.position.total", {"shown": len(seen), "hidden": nhidden, "total": ncards})
    missing = [c for c in range(ncards) if c not in seen]
    if len(fields) == 13:
        parts = fields[12].split("/")
        if len(parts) != 4:
            raise InvalidPositionError("error.position.secret_syntax")
        lists = [_parse_pile(t, _where("secret")) for t in parts]
        want = [reserve_hidden[0], stock_hidden[0], reserve_hidden[1], stock_hidden[1]]
        for lst, n, (kind, name) in zip(
            lists, want, (("reserve", "A"), ("stock", "A"), ("reserve", "B"), ("stock", "B")), strict=True
        ):
            if len(lst) != n:
                raise InvalidPositionError(
                    "error.position.secret_count", {"where": _where(kind, player=name), "listed": len(lst), "n": n}
                )
        for lst in lists:
            claim(lst, _where("secret"))
        if len(seen) != ncards:
            raise InvalidPositionError("error.position.secret_complete")
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


_TOP_KEYS = {"tableau", "foundations", "players", "turn", "hand", "turn_no", "no_progress", "secret"}
_SIDE_KEYS = {"reserve_hidden", "reserve_known", "reserve_up", "stock_hidden", "stock_known", "waste"}


def position_from_dict(data: Any, options: Options) -> str:
    """Turn the dict form back into position text (then parse it with :func:`parse_position`)."""

    def field(where: str) -> Message:
        return _where("json", path=where)

    def obj(v: Any, where: str) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise InvalidPositionError("error.position.json_object", {"where": field(where), "value": shown(v)})
        return v

    def cards(v: Any, where: str) -> str:
        if not isinstance(v, list) or not all(isinstance(c, str) and len(c) == 2 for c in v):
            raise InvalidPositionError("error.position.json_cards", {"where": field(where), "value": shown(v)})
        text = "".join(v) or "-"
        try:
            parse_cards("" if text == "-" else text)
        except InvalidCardError as e:
            raise InvalidPositionError("error.position.card", {"where": field(where), "problem": e.message}) from None
        return text

    def count(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= _MAX_NUMBER:
            raise InvalidPositionError("error.position.json_count", {"where": field(where), "value": shown(v)})
        return v

    def need(d: dict[str, Any], key: str, where: str) -> Any:
        if key not in d:
            raise InvalidPositionError("error.position.json_missing", {"where": field(where)})
        return d[key]

    def known_list(d: dict[str, Any], key: str, where: str) -> str:
        text = cards(d.get(key, []), where)
        return "" if text == "-" else text

    data = obj(data, "position")
    extra = sorted(str(k) for k in data if k not in _TOP_KEYS)
    if extra:
        raise InvalidPositionError("error.position.json_unknown", {"where": field("position"), "keys": shown(extra)})
    tab = need(data, "tableau", "tableau")
    if not isinstance(tab, list) or len(tab) != 8:
        raise InvalidPositionError("error.position.json_list8", {"where": field("tableau"), "value": shown(tab)})
    fields = ["/".join("." if t is None else cards(t, f"tableau[{i}]") for i, t in enumerate(tab))]
    if options.single:
        fields.append("-")
    else:
        fnd = need(data, "foundations", "foundations")
        if not isinstance(fnd, list) or len(fnd) != 8:
            raise InvalidPositionError(
                "error.position.json_list8", {"where": field("foundations"), "value": shown(fnd)}
            )
        fields.append("/".join(cards(f, f"foundations[{i}]") for i, f in enumerate(fnd)))
    players = obj(need(data, "players", "players"), "players")
    for name in ("A", "B"):
        side = obj(need(players, name, f"players.{name}"), f"players.{name}")
        extra = sorted(str(k) for k in side if k not in _SIDE_KEYS)
        if extra:
            raise InvalidPositionError(
                "error.position.json_unknown", {"where": field(f"players.{name}"), "keys": shown(extra)}
            )
        if options.single:
            fields.append("-")
        else:
            known = known_list(side, "reserve_known", f"players.{name}.reserve_known")
            n = count(need(side, "reserve_hidden", f"players.{name}.reserve_hidden"), f"players.{name}.reserve_hidden")
            up = known_list(side, "reserve_up", f"players.{name}.reserve_up")
            fields.append(f"{n}({known})|{up}" if known else f"{n}|{up}")
        sk = known_list(side, "stock_known", f"players.{name}.stock_known")
        n = count(need(side, "stock_hidden", f"players.{name}.stock_hidden"), f"players.{name}.stock_hidden")
        fields.append(f"{n}({sk})" if sk else str(n))
        fields.append(cards(side.get("waste", []), f"players.{name}.waste"))
    turn = need(data, "turn", "turn")
    if turn not in ("A", "B"):
        raise InvalidPositionError("error.position.turn", {"text": shown(turn)})
    fields.append(turn)
    hand = data.get("hand")
    if hand is None:
        fields.append("-")
    elif isinstance(hand, str) and len(hand) == 2:
        fields.append(cards([hand], "hand"))
    else:
        raise InvalidPositionError("error.position.json_hand", {"where": field("hand"), "value": shown(hand)})
    fields.append(str(count(data.get("turn_no", 1), "turn_no")))
    fields.append(str(count(data.get("no_progress", 0), "no_progress")))
    if data.get("secret") is not None:
        secret = obj(data["secret"], "secret")
        parts = []
        for who, kind in (("A", "reserve"), ("A", "stock"), ("B", "reserve"), ("B", "stock")):
            part = obj(need(secret, who, f"secret.{who}"), f"secret.{who}")
            parts.append(cards(need(part, kind, f"secret.{who}.{kind}"), f"secret.{who}.{kind}"))
        fields.append("/".join(parts))
    return " ".join(fields)
