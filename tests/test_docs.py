"""Every ```python block of README.md and docs/*.md runs as written.

The blocks of one file run in order in one namespace (a later block may use what an earlier one
set up), each file afresh. A block that is not meant to run (a sketch, or one that needs a
server) carries the marker line ``<!-- not run: why -->`` right above its fence. A block that
needs an optional package that is not installed (the ``rl`` extra's numpy, say) is skipped.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:^<!-- not run: (?P<why>[^>]*)-->\n)?^```python\n(?P<code>.*?)^```", re.S | re.M)
OPTIONAL = {"numpy", "pettingzoo", "gymnasium", "textual", "fastapi", "IPython"}


def blocks(path: Path) -> list[tuple[int, str, str | None]]:
    text = path.read_text(encoding="utf-8")
    return [(text[: m.start("code")].count("\n") + 1, m.group("code"), m.group("why")) for m in BLOCK.finditer(text)]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_python_blocks_run_as_written(path: Path, tmp_path: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    here = os.getcwd()
    os.chdir(tmp_path)  # a block that writes a file writes it here
    try:
        for line, code, why in blocks(path):
            if why is not None:
                assert why.strip(), f"{path.name}:{line}: say why the block is not run"
                continue
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(code, f"{path.name}:{line}", "exec"), namespace)
            except ModuleNotFoundError as e:
                if e.name and e.name.split(".")[0] in OPTIONAL:
                    pytest.skip(f"{path.name}:{line} needs {e.name}")
                raise
    finally:
        os.chdir(here)


def test_the_marker_is_found() -> None:
    text = "<!-- not run: needs a server -->\n```python\nserve()\n```\n```python\nx = 1\n```\n"
    found = [(m.group("why"), m.group("code")) for m in BLOCK.finditer(text)]
    assert found == [("needs a server ", "serve()\n"), (None, "x = 1\n")]
