"""docs/ai.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S))
def test_python_blocks_of_the_ai_guide_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(DOC), "exec"), {})
