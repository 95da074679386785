"""Project-level checks: README and CI agree, the code is lint- and type-clean, the CLI works."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```(?:sh|bash|console)?\n(.*?)\n```", text, flags=re.S)


def test_readme_leads_with_play_and_test_commands() -> None:
    blocks = _readme_commands()
    assert len(blocks) >= 2
    assert re.search(r"russianbank (serve|play)", blocks[0])
    assert "pytest" in blocks[1]


def test_ci_runs_the_readme_test_command() -> None:
    test_cmd = _readme_commands()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_cmd in ci.splitlines()


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_clean() -> None:
    r = subprocess.run(["ruff", "check", "src", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_format_clean() -> None:
    r = subprocess.run(
        ["ruff", "format", "--check", "src", "tests", "tools", "examples"], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, "run `ruff format src tests tools examples`:\n" + r.stdout + r.stderr


def test_mypy_clean() -> None:
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "src/russianbank"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_engine_core_imports_nothing_outside_the_standard_library() -> None:
    core = [
        "cards",
        "errors",
        "options",
        "moves",
        "game",
        "outcome",
        "deal",
        "players",
        "position",
        "view",
        "record",
        "render",
        "state",
        "scoring",
        "runs",
    ]
    code = (
        "import sys, russianbank\n"
        + "".join(f"import russianbank.{m}\n" for m in core)
        + (
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual','fastapi','sqlalchemy','uvicorn','starlette','pydantic'))\nprint(bad)"
        )
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]"


def test_bench_json_has_the_documented_keys() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "russianbank", "bench", "--seconds", "0.05", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(r.stdout)
    for key in ("legal_moves_per_s", "push_pop_per_s", "random_games_per_s"):
        assert data[key] > 0


def test_replay_command_reports_result_and_first_illegal_move(tmp_path: Path) -> None:
    import random

    from russianbank import Game
    from russianbank.record import record_text

    g = Game("classic", seed=5)
    rng = random.Random(5)
    for _ in range(60):
        g.push(rng.choice(g.legal_moves()))
    good = tmp_path / "good.rbr"
    good.write_text(record_text(g))
    r = subprocess.run(
        [sys.executable, "-m", "russianbank", "replay", str(good), "--json"], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["moves"] == 60 and data["position"] == g.position()
    # Corrupt move 3 into one that is never legal there.
    lines = record_text(g).splitlines()
    body = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    toks = lines[body].split()
    first_move = next(i for i, t in enumerate(toks) if i >= 2 and not t.startswith("="))
    toks[first_move] = "WF"
    lines[body] = " ".join(toks)
    bad = tmp_path / "bad.rbr"
    bad.write_text("\n".join(lines) + "\n")
    r = subprocess.run([sys.executable, "-m", "russianbank", "replay", str(bad)], capture_output=True, text=True)
    assert r.returncode == 1
    assert "illegal move 1 (WF)" in r.stderr and "R4" in r.stderr
    broken = tmp_path / "broken.rbr"
    broken.write_text('[Seed "x"]\n')
    r = subprocess.run([sys.executable, "-m", "russianbank", "replay", str(broken)], capture_output=True, text=True)
    assert r.returncode == 1 and "Seed must be a whole number" in r.stderr
