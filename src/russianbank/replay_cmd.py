"""``russianbank replay FILE``: check game records, one game or a file of many.

Each record is replayed move by move: the command reports its result and final
position, or the first illegal move with its number and rule, and flags a stated
result (Result tag, closing token, Termination or Score tag) that the moves
contradict. The file is read game by game, so memory stays bounded by the
longest game, not by the file. Exit status: 0 all good, 1 a bad record or a
contradiction, 2 the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from .errors import InvalidRecordError
from .i18n import Message
from .record import RecordChunk, ReplayError, split_records


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    p.add_argument("file", help="game records (text or JSON, one game or many); '-' reads standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object per game (JSON Lines)")


def run(args: argparse.Namespace) -> int:
    """Replay every game of the file; see the module docstring for the exit status."""
    try:
        if args.file == "-":
            stream: IO[str] = sys.stdin
            return _replay_all(stream, args.json)
        with open(args.file, encoding="utf-8-sig", newline=None) as f:
            return _replay_all(f, args.json)
    except (OSError, UnicodeDecodeError) as e:
        _read_error(args.file, e, args.json)
        return 2


def _read_error(name: str, e: Exception, as_json: bool) -> None:
    msg = Message("error.replay.read", {"file": name, "problem": str(e)})
    if as_json:
        print(json.dumps({"ok": False, "game": None, "code": msg.code, "error": msg.text()}))
    else:
        print(f"russianbank replay: {msg.text()}", file=sys.stderr)


def _replay_all(stream: IO[str], as_json: bool) -> int:
    bad = 0
    count = 0
    pending: RecordChunk | None = None
    for chunk in split_records(stream):
        # Hold one chunk back so that a file of one game gets the full single-game report.
        if pending is not None:
            bad += _report(pending, as_json, many=True)
            count += 1
        pending = chunk
    if pending is not None:
        bad += _report(pending, as_json, many=count > 0)
        count += 1
    if count == 0:
        msg = Message("error.replay.empty")
        if as_json:
            print(json.dumps({"ok": False, "game": None, "code": msg.code, "error": msg.text()}))
        else:
            print(f"russianbank replay: {msg.text()}", file=sys.stderr)
        return 1
    if count > 1 and not as_json:
        print(f"{count} games: {count - bad} replayed and consistent, {bad} with problems")
    return 1 if bad else 0


def _report(chunk: RecordChunk, as_json: bool, many: bool) -> int:
    """Replay one game and print its report; 1 if it has a problem."""
    prefix = f"game {chunk.number} (line {chunk.line}): " if many else ""
    head: dict[str, Any] = {"game": chunk.number, "line": chunk.line}
    try:
        record, game = chunk.replay()
    except ReplayError as e:
        if as_json:
            out = {**head, "ok": False, "move_number": e.number, "move": e.move, "rule": e.rule}
            print(json.dumps({**out, "code": e.code, "error": str(e)}))
        else:
            print(f"{prefix}{e}", file=sys.stderr)
        return 1
    except InvalidRecordError as e:
        if as_json:
            print(json.dumps({**head, "ok": False, "move_number": None, "code": e.code, "error": str(e)}))
        else:
            print(f"{prefix}bad record: {e}", file=sys.stderr)
        return 1
    outcome = game.outcome()
    result = outcome.result() if outcome else "*"
    problems = [m.text("en") for m in record.contradictions(game)]
    if as_json:
        print(
            json.dumps(
                {
                    **head,
                    "ok": not problems,
                    "moves": record.replayed,
                    "result": result,
                    "recorded_result": record.result,
                    "contradictions": problems,
                    "outcome": outcome.to_dict() if outcome else None,
                    "position": game.position(),
                }
            )
        )
        return 1 if problems else 0
    summary = f"{record.replayed} moves replayed, all legal"
    if outcome:
        how = f"result {result}: {outcome.termination.value}"
        if outcome.score is not None and outcome.winner is not None:
            s = outcome.score
            how += (
                f", {'AB'[outcome.winner]} scores {s.total} (bonus {s.bonus}, reserve {s.reserve_cards}x2, "
                f"stock+waste {s.stock_waste_cards}, hand {s.hand_cards})"
            )
    else:
        how = "the game is not over (result *)"
    if many:
        print(f"{prefix}{summary}; {how}")
    else:
        print(summary + ".")
        print(how)
    for p in problems:
        print(f"{prefix}contradiction: {p}", file=sys.stderr)
    if not many:
        print("final position:")
        print(game.position())
        print(game)
    return 1 if problems else 0
