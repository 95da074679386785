"""Game records: files of many games (text records one after another, JSON Lines), read game by game,
and ``russianbank replay`` on them (reports per game, BOM, --json for every error, stated results that
contradict the moves, no traceback when piped to head)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from russianbank import Game, HistoryIndexError, IllegalMoveError, InvalidRecordError, Move
from russianbank.record import (
    load_record,
    parse_record,
    read_records,
    record_json,
    record_text,
    split_records,
    write_records,
)

ROOT = Path(__file__).resolve().parents[2]


def _game(seed: int, moves: int, preset: str = "classic", stops: bool = False) -> Game:
    g = Game(preset, seed=seed, stops=stops)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        if g.can_stop() and rng.random() < 0.3:
            g.call_stop()
        else:
            g.push(rng.choice(g.legal_moves()))
    return g


def _replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "russianbank", "replay", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=env,
        cwd=ROOT,
    )


GAMES = [_game(1, 40), _game(2, 3000, "single"), _game(3, 90, "hoyle", stops=True)]


@pytest.mark.parametrize("form", ["text", "json"])
def test_files_of_many_games_write_and_read_back(form: str) -> None:
    """write_records writes records one after another (text, or JSON Lines); read_records gives them back."""
    out = io.StringIO()
    assert write_records(GAMES, out, form) == 3
    records = list(read_records(out.getvalue()))
    assert len(records) == 3
    for g, r in zip(GAMES, records, strict=True):
        h = r.replay()
        assert h.position(secret=True) == g.position(secret=True) and h.move_stack == g.move_stack
        assert h.outcome() == g.outcome()


def test_reading_many_games_streams_game_by_game() -> None:
    """split_records reads a stream line by line: the first game comes out before the rest is read."""
    text = "\n".join(record_text(g) for g in GAMES)
    lines = text.splitlines(keepends=True)
    consumed = [0]

    def source() -> Iterator[str]:
        for line in lines:
            consumed[0] += 1
            yield line

    chunks = split_records(source())
    first = next(chunks)
    assert first.number == 1 and first.line == 1 and consumed[0] < len(lines) // 2
    assert first.parse().replay().position() == GAMES[0].position()
    rest = list(chunks)
    assert [c.number for c in rest] == [2, 3] and consumed[0] == len(lines)


def test_a_bad_game_in_a_file_is_named_by_number_and_line() -> None:
    good = record_text(GAMES[0])
    text = good + "\n" + good.replace('[Seed "1"]', '[Seed "one"]')
    with pytest.raises(InvalidRecordError, match=r"game 2 \(line 1[0-9]\): Seed must be a whole number"):
        list(read_records(text))


def test_a_utf8_bom_is_accepted() -> None:
    text = "\ufeff" + record_text(GAMES[0])
    assert parse_record(text).replay().position() == GAMES[0].position()
    assert len(list(read_records(text))) == 1
    jtext = "\ufeff" + json.dumps(record_json(GAMES[0]))
    assert parse_record(jtext).replay().position() == GAMES[0].position()


def test_replay_command_reports_every_game_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    with path.open("w", encoding="utf-8") as f:
        write_records(GAMES, f)
    r = _replay(str(path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("game 1 (line 1): 40 moves replayed, all legal")
    assert "game 2 (line " in lines[1] and "result " in lines[1]
    assert lines[-1] == "3 games: 3 replayed and consistent, 0 with problems"
    j = _replay(str(path), "--json")
    rows = [json.loads(line) for line in j.stdout.splitlines()]
    assert [row["game"] for row in rows] == [1, 2, 3] and all(row["ok"] for row in rows)
    assert rows[1]["position"] == GAMES[1].position()


def test_replay_names_an_illegal_move_once_with_its_number_and_rule(tmp_path: Path) -> None:
    """No doubled "move 19 (1F): move 19 (1F)": the report names the move once, then the rule and reason."""
    lines = record_text(GAMES[0]).splitlines()
    body = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    toks = lines[body].split()
    toks[3] = "WF"
    lines[body] = " ".join(toks)
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = _replay(str(path))
    assert r.returncode == 1
    assert r.stderr.strip() == "illegal move 1 (WF), rule R4: waste cards are never available"
    j = json.loads(_replay(str(path), "--json").stdout)
    assert (j["ok"], j["move_number"], j["move"], j["rule"], j["code"]) == (
        False,
        1,
        "WF",
        "R4",
        "error.record.illegal",
    )


def test_replay_flags_a_stated_result_the_moves_contradict(tmp_path: Path) -> None:
    """A Result tag (or closing token, Termination or Score tag) that the moves contradict is flagged."""
    text = record_text(GAMES[0]).replace('[Result "*"]', '[Result "1-0"]')
    path = tmp_path / "claim.txt"
    path.write_text(text, encoding="utf-8")
    r = _replay(str(path))
    assert r.returncode == 1 and "contradiction: the record says 1-0, but its moves give *" in r.stderr
    assert parse_record(text).contradictions(GAMES[0])[0].text("ru").startswith("в записи указан результат 1-0")
    done = GAMES[1]
    assert done.is_over()
    score = done.outcome().score.total  # type: ignore[union-attr]
    wrong = record_text(done).replace(f'[Score "{score}"]', f'[Score "{score + 1}"]')
    assert [m.code for m in parse_record(wrong).contradictions(done)] == ["error.record.score_differs"]
    j = json.loads(_replay("-", "--json", stdin=text).stdout)
    assert j["ok"] is False and j["contradictions"] == ["the record says 1-0, but its moves give *"]


def test_replay_honours_json_for_read_errors(tmp_path: Path) -> None:
    missing = _replay(str(tmp_path / "nope.txt"), "--json")
    assert missing.returncode == 2
    row = json.loads(missing.stdout)
    assert row["ok"] is False and row["code"] == "error.replay.read" and "nope.txt" in row["error"]
    binary = tmp_path / "latin1.txt"
    binary.write_bytes(b'[Event "\xe9"]\n')
    r = _replay(str(binary), "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["code"] == "error.replay.read" and r.stderr == ""
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    e = _replay(str(empty), "--json")
    assert e.returncode == 1 and json.loads(e.stdout)["code"] == "error.replay.empty"


def test_replay_piped_to_head_stops_quietly(tmp_path: Path) -> None:
    """No BrokenPipeError traceback when the reader goes away (``russianbank replay f | head -1``)."""
    path = tmp_path / "long.txt"
    with path.open("w", encoding="utf-8") as f:
        write_records([GAMES[0]] * 600, f)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "russianbank", "replay", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # what head does after its line
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert first.startswith(b"game 1 (line 1):")
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_long_games_replay_in_flat_memory() -> None:
    """A record read lazily (RecordChunk.replay) plays its moves one at a time and forgets them: a game of
    tens of thousands of moves (a lone card shuttled between two spaces in one turn) ends with an empty
    move stack and the same final position as a full replay; text and JSON alike."""
    g = _shuttle_game()
    text = record_text(g)
    full = parse_record(text).replay()
    for source in (text, json.dumps(record_json(g))):
        (chunk,) = split_records(source)
        rec, lazy = chunk.replay()
        assert rec.replayed == len(g.move_stack) > 10_000
        assert len(lazy.move_stack) < 4096 and lazy.position(secret=True) == full.position(secret=True)


def _shuttle_game() -> Game:
    for seed in range(50):
        g = Game("classic", seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.move_stack) < 400:
            for m in g.legal_moves():
                t = str(m)
                if t[0] in "12345678" and t[1] in "12345678":
                    back = Move.from_str(t[1] + t[0])
                    g.push(m)
                    if back in g.legal_moves:
                        for _ in range(6000):
                            g.push(back)
                            g.push(m)
                        return g
                    g.pop()
            g.push(rng.choice(g.legal_moves()))
    raise AssertionError("no shuttle found")


def test_clear_stack_forgets_the_moves_but_not_the_rules() -> None:
    """Game.clear_stack (python-chess's name): the current position becomes the start; pop has nothing
    to take back; a record written afterwards starts from here; refused while a Stop is still possible."""
    g = _game(4, 50)
    pos = g.position(secret=True)
    g.clear_stack()
    assert g.move_stack == [] and g.position(secret=True) == pos and g.starting_position == pos
    with pytest.raises(HistoryIndexError):
        g.pop()
    assert load_record(record_text(g)).position(secret=True) == pos
    s = Game("classic", seed=7, stops=True)
    s.push(Move.from_str("SH"))  # breaks O1: a Stop may come
    with pytest.raises(IllegalMoveError, match="may still be stopped"):
        s.clear_stack()
