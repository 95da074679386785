"""docs/rl.md runs as written; examples/random_agents.py plays random agents to the end."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rl.md"


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S))
def test_python_blocks_of_the_rl_guide_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(DOC), "exec"), {})


@pytest.mark.parametrize("args", [[], ["--stops", "--seed", "3"], ["--preset", "single", "--seed", "2"]])
def test_example_random_agents_play_to_the_end(args: list[str]) -> None:
    r = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "random_agents.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()
    assert re.match(
        r"\.\.\. \d+ decisions; (win|resignation|repetition|no progress), result (1-0|0-1|1/2-1/2)", last[-2]
    )
    assert re.match(r"rewards: player_0 [+-][01], player_1 [+-][01]", last[-1])


def test_module_examples_run() -> None:
    import doctest

    import russianbank.env

    assert doctest.testmod(russianbank.env).failed == 0
