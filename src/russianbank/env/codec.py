"""The integer action codec, version 1 (fixed: a change makes a new version).

An action is an integer ``0 <= a < NUM_ACTIONS``:

* ``0``-``101``: the card moves. The sources in order are the mover's
  tableau piles ``1``-``8`` (as in the move notation: ``1``-``4`` the mover's
  own, ``5``-``8`` the opponent's), the reserve ``R`` and the hand ``H``; the
  targets in order are the tableau piles ``1``-``8``, a foundation ``F``, the
  opponent's reserve ``r`` and the opponent's waste ``w``. The actions run
  through every (source, target) pair in that order, skipping a pile onto
  itself: ``0`` is ``12``, ``1`` is ``13``, ..., ``9`` is ``1w``, ``10`` is
  ``21``, ..., ``80`` is ``R1``, ``88`` is ``RF``, ``91`` is ``H1``, ``99`` is
  ``HF``, ``101`` is ``Hw``.
* ``102`` ``SH`` (draw), ``103`` ``HW`` (the discard, which ends the turn),
  ``104`` ``pass``.
* ``105`` ``stop``: the player not on move calls Stop! (stops mode only).
* ``106`` ``resign``: the acting player resigns (the move ``resign`` when
  on move, ``oresign`` when deciding on a Stop). Masked unless the
  environment allows resigning.
* ``107`` ``no-stop``: the player not on move lets the turn go on without
  calling Stop. Not a move of the engine: it only answers the environment's
  offer of a Stop (see :mod:`russianbank.env.table`).

``agree`` (an agreed draw) is no action: it takes both players. The codec is
the same for every preset; in the one-deck game the actions with ``R``,
``F`` and ``r`` are never legal.
"""

from __future__ import annotations

import numbers

from .. import moves as mv
from ..errors import InvalidMoveError, shown
from ..moves import Move

ACTION_CODEC_VERSION = 1

_SOURCES = (0, 1, 2, 3, 4, 5, 6, 7, mv.RESERVE, mv.HAND)
_TARGETS = (0, 1, 2, 3, 4, 5, 6, 7, mv.FOUNDATION, mv.OPP_RESERVE, mv.OPP_WASTE)

_CARD_MOVES: tuple[Move, ...] = tuple(Move.card(s, d) for s in _SOURCES for d in _TARGETS if s != d)

DRAW = len(_CARD_MOVES)  # 102
DISCARD = DRAW + 1  # 103
PASS = DRAW + 2  # 104
STOP = DRAW + 3  # 105
RESIGN = DRAW + 4  # 106
NO_STOP = DRAW + 5  # 107
NUM_ACTIONS = NO_STOP + 1  # 108

#: The move of every action but ``no-stop`` (``resign`` stands for both resignations).
ACTION_MOVES: tuple[Move, ...] = (
    *_CARD_MOVES,
    Move.from_str("SH"),
    Move.from_str("HW"),
    Move.from_str("pass"),
    Move.from_str("stop"),
    Move.from_str("resign"),
)

#: A name for every action: the move text, or ``no-stop``.
ACTION_NAMES: tuple[str, ...] = (*(str(m) for m in ACTION_MOVES), "no-stop")

_INDEX: dict[Move, int] = {m: i for i, m in enumerate(ACTION_MOVES)}
_INDEX[Move.from_str("oresign")] = RESIGN


def move_to_action(move: Move) -> int:
    """The action of ``move`` (``resign`` and ``oresign`` are both :data:`RESIGN`).

    Raises :class:`~russianbank.errors.InvalidMoveError` for a move no action
    stands for (``agree``, or a card move that is never possible, such as ``WF``).
    """
    if not isinstance(move, Move):
        raise InvalidMoveError("env.error.not_a_move", {"kind": "Move", "value": shown(move)})
    try:
        return _INDEX[move]
    except KeyError:
        raise InvalidMoveError("env.error.no_action", {"move": str(move), "version": ACTION_CODEC_VERSION}) from None


def check_action(action: object) -> int:
    """``action`` as a plain ``int`` (numpy integers accepted), or InvalidMoveError if it is none."""
    a: int | None = None
    if isinstance(action, numbers.Integral) and not isinstance(action, bool):
        a = int(action)
    if a is None:
        raise InvalidMoveError("env.error.action", {"last": NUM_ACTIONS - 1, "value": shown(action)})
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidMoveError("env.error.action_range", {"last": NUM_ACTIONS - 1, "value": shown(a)})
    return a


def action_to_move(action: int, on_move: bool = True) -> Move | None:
    """The move of ``action`` for the acting player, or None for ``no-stop``.

    ``on_move`` says whether the acting player is the side to move (it only
    matters for :data:`RESIGN`: ``resign`` or ``oresign``).
    """
    a = check_action(action)
    if a == NO_STOP:
        return None
    if a == RESIGN and not on_move:
        return Move.from_str("oresign")
    return ACTION_MOVES[a]
