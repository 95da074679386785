"""docs/ai.md runs as written and names the budgets as the code has them."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from russianbank.ai.clairvoyant import CLAIRVOYANT_BUDGET
from russianbank.ai.expert import ExpertPlayer
from russianbank.ai.levels import ENGINE_BUDGETS, LEVEL_BUDGETS, BeginnerPlayer, SlipPlayer
from russianbank.ai.planner import PlannerPlayer

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
TEXT = DOC.read_text(encoding="utf-8")

#: Every keyword a player of the levels or engines takes (``greedy_turns`` and ``easy_noise`` are
#: :func:`russianbank.ai.make_player`'s own).
KNOBS = {"greedy_turns", "easy_noise"}.union(
    *(inspect.signature(cls).parameters for cls in (ExpertPlayer, PlannerPlayer, SlipPlayer, BeginnerPlayer))
)


def _pairs(text: str) -> list[tuple[str, str]]:
    """The ``key=value`` pairs written in backticks (``a=1,b=2`` counts as two)."""
    out = []
    for code in re.findall(r"`([^`\n]*)`", text):
        for part in code.split(","):
            m = re.fullmatch(r"\s*([a-z_]+)=([^\s,]+)\s*", part)
            if m:
                out.append((m.group(1), m.group(2)))
    return out


def _same(written: str, value: Any) -> bool:
    if isinstance(value, bool):
        return written == str(value)
    return float(written) == float(value)


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", TEXT, flags=re.S))
def test_python_blocks_of_the_ai_guide_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(DOC), "exec"), {})


def test_every_knob_the_guide_names_is_a_players_keyword() -> None:
    named = {key for key, _ in _pairs(TEXT)}
    assert named, "the guide names no budget keys"
    assert named <= KNOBS, f"not a keyword of any player: {sorted(named - KNOBS)}"


@pytest.mark.parametrize(
    ("name", "budget", "cls"),
    [
        *((level, LEVEL_BUDGETS[level], None) for level in LEVEL_BUDGETS),
        ("planner", ENGINE_BUDGETS["planner"], PlannerPlayer),
    ],
)
def test_the_budget_table_gives_each_names_budget(name: str, budget: dict[str, Any], cls: type | None) -> None:
    table = TEXT[TEXT.index("## The levels' budgets") :]
    row = next((line for line in table.splitlines() if line.startswith(f"| `{name}`")), None)
    assert row is not None, f"no row for {name} in the levels' budgets"
    written = dict(_pairs(row))
    for key, value in budget.items():
        assert key in written and _same(written[key], value), f"{name}: {key}={value}"
    player = {"hard": ExpertPlayer, "expert": ExpertPlayer}.get(name, cls)
    if player is not None:  # the defaults the row says it keeps are the player's defaults
        defaults = {k: p.default for k, p in inspect.signature(player).parameters.items()}
        for key, text in written.items():
            if key not in budget:
                assert _same(text, defaults[key]), f"{name}: {key}={text}, the default is {defaults[key]}"


def test_the_clairvoyants_budget_is_as_written() -> None:
    start = TEXT.index("**The clairvoyant**")
    written = dict(_pairs(TEXT[start : TEXT.index("\n\n", start)]))
    for key, value in CLAIRVOYANT_BUDGET.items():
        assert key in written and _same(written[key], value), f"clairvoyant: {key}={value}"


def test_the_guide_tells_no_history() -> None:
    for pattern in (r"\b\w+th session\b", r"\bUTC\b", r"\bthe lead\b", r"\bload \d"):
        assert not re.search(pattern, TEXT, flags=re.I), pattern
