"""Replays for the browser: every public position of a finished game, from a record or a stored game.

A replay is what a spectator saw, move by move: the spectator view (``game.view(None)``)
after every move, without the parts a replay does not need (the legal moves and the history,
which is sent once). Face-down cards stay face down, as they were at the table.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..record import Record, parse_record
from .state_message import game_log, outcome_words

_FRAME_DROP = ("history", "legal_moves", "options", "player")


def frame(game: Game) -> dict[str, Any]:
    """The spectator's view of the game now, without history and legal moves."""
    data: dict[str, Any] = game.view(None).to_dict()
    for key in _FRAME_DROP:
        data.pop(key, None)
    data.pop("pending_violation", None)
    return data


def replay_frames(start: Game, moves: list[Any], viewer: int | None = None, names: Any = None) -> dict[str, Any]:
    """Push ``moves`` on ``start`` (a game at its first position) and keep every position.

    ``viewer`` is the seat the move log is worded for (0 = A, 1 = B, None: a spectator);
    ``names`` names the players as the game's session does ("the computer's pile 7").
    """
    frames = [frame(start)]
    for m in moves:
        start.push(m)
        frames.append(frame(start))
    out = start.outcome()
    return {
        "options": start.options.to_dict(),
        "frames": frames,
        "history": game_log(start, viewer, names),
        "outcome": None if out is None else out.to_dict(),
        "outcome_words": outcome_words(out, viewer, names),
    }


def record_frames(text: str, viewer: int | None = None, names: Any = None) -> dict[str, Any]:
    """Frames of the game a record holds (its first game). Raises the record's own errors."""
    rec: Record = parse_record(text)
    rec.replay()  # checks every move (and the recorded reveals), with the record's own errors
    start = rec.replay(upto=0)
    data = replay_frames(start, [rm.move for rm in rec.moves], viewer, names)
    data["tags"] = dict(rec.tags)
    return data
