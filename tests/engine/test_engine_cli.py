"""The command line: each subcommand's module is imported only when it runs (``--version`` and ``replay``
load neither the terminal nor the web app), errors come without tracebacks, and ``match`` pairs deals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from russianbank import cli

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("textual", "fastapi", "starlette", "uvicorn", "sqlalchemy", "russianbank.tui", "russianbank.web")


def _modules_after(*argv: str) -> set[str]:
    code = (
        "import sys\n"
        "from russianbank import cli\n"
        "try:\n"
        f"    cli.main({list(argv)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    return set(r.stderr.split())


@pytest.mark.parametrize("argv", [("--version",), ("replay", "--help"), ("bench", "--help"), ()])
def test_a_command_imports_only_what_it_needs(argv: tuple[str, ...]) -> None:
    loaded = _modules_after(*argv)
    assert "russianbank.cli" in loaded
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]
    assert "russianbank.ai" not in loaded and "russianbank.match" not in loaded


def test_every_command_is_listed_without_importing_it(capsys: pytest.CaptureFixture[str]) -> None:
    """The top-level help names every command from the COMMANDS table alone."""
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    for name in cli.COMMANDS:
        assert name in out
    full = cli.build_parser()  # None: every command's module, for a complete parser
    assert full.parse_args(["replay", "x.txt", "--json"]).json is True


def test_match_refuses_an_odd_number_of_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Deals are played in pairs (seats swapped), so --games must be even."""
    assert cli.main(["match", "greedy", "random", "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert "--games must be an even number" in err and "Traceback" not in err


def test_match_names_each_player_once_in_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["match", "greedy", "nobody", "--games", "2"]) == 2
    err = capsys.readouterr().err
    names = err.split("choose one of ", 1)[1].strip().split(", ")
    assert "expert" in names and len(names) == len(set(names))
