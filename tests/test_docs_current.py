"""The docs and the code describe the product as it is: no diary of who measured what when.

History belongs in git; figures belong in one place, docs/benchmarks.md, as table rows with
their command, machine and date. These checks keep it so: no file under docs/ or src/ speaks of
work sessions or rounds, of people, of clock times or of load averages (the benchmarks page
alone names a run's load, in its machine column), and the README stays short enough to read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 150
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
SUFFIXES = {".py", ".md", ".js", ".html", ".css", ".txt", ".toml", ".json"}

_ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    r"thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|\d+(?:st|nd|rd|th))"
)
#: (what it is, pattern) — each one a kind of narrative the docs and comments must not carry.
NARRATIVE = [
    ("a numbered work session", re.compile(rf"\b{_ORDINAL}[- ]sessions?\b|\bsession \d+\b", re.I)),
    # a training run has rounds too: only a heading or a "code" named after a round is narrative
    ("a numbered round of work", re.compile(rf"^#+ .*\b{_ORDINAL} round\b|\b{_ORDINAL} round's\b", re.I)),
    ("a person", re.compile(r"\bthe lead\b|\b(?:other|another) (?:developer|helper)s?\b|\bthe CEO\b", re.I)),
    ("a clock time", re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[–-]\s*\d{1,2}:\d{2}\s*)?UTC\b")),
    ("a result kept for comparison", re.compile(r"\bkept for comparison\b", re.I)),
]
LOAD = ("a load average", re.compile(r"\bload(?: average)? (?:of )?\d+(?:\.\d+)?\b", re.I))


def _files() -> list[Path]:
    out = [ROOT / "README.md"]
    for top in ("docs", "src"):
        out += [p for p in sorted((ROOT / top).rglob("*")) if p.is_file() and p.suffix in SUFFIXES]
    return [p for p in out if "static/vendor" not in p.as_posix() and "/data/" not in p.as_posix()]


def narrative_in(text: str, *, benchmarks: bool = False) -> list[tuple[int, str, str]]:
    """The lines of ``text`` that carry narrative: (line number, what kind, the words found)."""
    checks = NARRATIVE if benchmarks else [*NARRATIVE, LOAD]
    found = []
    for no, line in enumerate(text.splitlines(), 1):
        for what, pattern in checks:
            m = pattern.search(line)
            if m:
                found.append((no, what, m.group(0)))
    return found


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_history_narrative(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = narrative_in(text, benchmarks=path == BENCHMARKS)
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{no}: {what}: {words!r}" for no, what, words in found)


@pytest.mark.parametrize(
    "line",
    [
        "measured in the tenth session by hand",
        "Fifteenth session: the nearness features",
        "the 3rd round's code",
        "#### Seventh round (the code on main now)",
        "the work of session 12",
        "the lead ran it again",
        "beside another developer's work",
        "played at 17:04–17:24 UTC",
        "(03:38 UTC)",
        "at a load average of 0.9",
        "load 1.6→2.0",
        "Sixth round (kept for comparison)",
    ],
)
def test_the_checks_catch_narrative(line: str) -> None:
    assert narrative_in(line)


@pytest.mark.parametrize(
    "line",
    [
        "the play session keeps the seats",
        "a session cookie",
        "each round of training refits the weights",
        "round 0 plays the planner; the second round refits",
        "the first player is chosen by tableau comparison",
        "strftime('%Y-%m-%d %H:%M:%S UTC')",
        "the server's load: 1,000 tables",
    ],
)
def test_the_checks_leave_product_words_alone(line: str) -> None:
    assert not narrative_in(line)


def test_the_benchmarks_page_may_name_a_runs_load() -> None:
    assert not narrative_in("| 2 cores, Python 3.11, load 1.6–2.0 |", benchmarks=True)
    assert narrative_in("| 2 cores, 17:04 UTC |", benchmarks=True)


def test_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; keep it at most {README_MAX_LINES}"


def test_every_doc_is_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if f"docs/{p.name}" not in readme]
    assert not missing, f"README.md links to no {', '.join(missing)}"


LINK = re.compile(r"\]\((?!https?://|mailto:|#)([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("path", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name)
def test_links_between_the_docs_lead_somewhere(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    broken = [target for target in LINK.findall(text) if not (path.parent / target).exists()]
    assert not broken, f"{path.name} links to missing files: {broken}"
