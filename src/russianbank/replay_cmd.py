"""``russianbank replay FILE``: check a game record."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import InvalidRecordError
from .record import ReplayError, parse_record


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a game record (text or JSON); '-' reads standard input")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"russianbank replay: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        game = record.replay()
    except ReplayError as e:
        if args.json:
            print(json.dumps({"ok": False, "move_number": e.number, "move": e.move, "rule": e.rule, "error": str(e)}))
        else:
            print(f"illegal move {e.number} ({e.move}): {e}", file=sys.stderr)
        return 1
    except InvalidRecordError as e:
        if args.json:
            print(json.dumps({"ok": False, "move_number": None, "error": str(e)}))
        else:
            print(f"bad record: {e}", file=sys.stderr)
        return 1
    outcome = game.outcome()
    result = outcome.result() if outcome else "*"
    mismatch = record.result != "*" and record.result != result
    if args.json:
        print(
            json.dumps(
                {
                    "ok": not mismatch,
                    "moves": len(game.move_stack),
                    "result": result,
                    "recorded_result": record.result,
                    "outcome": outcome.to_dict() if outcome else None,
                    "position": game.position(),
                }
            )
        )
    else:
        print(f"{len(game.move_stack)} moves replayed, all legal.")
        if outcome:
            print(f"result {result}: {outcome.termination.value}", end="")
            if outcome.score is not None and outcome.winner is not None:
                s = outcome.score
                print(
                    f", {'AB'[outcome.winner]} scores {s.total} (bonus {s.bonus}, reserve {s.reserve_cards}x2, "
                    f"stock+waste {s.stock_waste_cards}, hand {s.hand_cards})",
                    end="",
                )
            print()
        else:
            print("the game is not over (result *)")
        if mismatch:
            print(f"but the record says {record.result}", file=sys.stderr)
        print("final position:")
        print(game.position())
        print(game)
    return 1 if mismatch else 0
