"""docs/pictures.md: its Python runs as written and its printed picture is what the code prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from russianbank import Game
from russianbank.picture import unicode

DOC = Path(__file__).resolve().parents[2] / "docs" / "pictures.md"


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S))
def test_python_blocks_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(DOC), "exec"), {})


def test_the_printed_picture_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "```\n" + unicode(Game("classic", seed=1)) + "\n```" in text
