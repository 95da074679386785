"""The store keeps its rooms: one module per database and per writer, each small enough to read.

The server talks to storage only through the ``russianbank.web.store`` package (its interface,
``Store``, and ``open_store``); inside, the SQLite and PostgreSQL stores and their writers live in
modules of their own that do not reach into each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "russianbank" / "web"
STORE = WEB / "store"
MAX_LINES = 250

#: module -> the modules of the other database it must not import
APART = {
    "sqlite": {"postgres", "pg_writer", "pg_players"},
    "sqlite_writer": {"postgres", "pg_writer", "pg_players", "sqlite"},
    "sqlite_players": {"postgres", "pg_writer", "pg_players", "sqlite", "sqlite_writer"},
    "postgres": {"sqlite", "sqlite_writer", "sqlite_players"},
    "pg_writer": {"sqlite", "sqlite_writer", "sqlite_players", "postgres"},
    "pg_players": {"sqlite", "sqlite_writer", "sqlite_players", "postgres", "pg_writer"},
}
#: the drivers each database's modules may use; nobody else imports them at module level
DRIVERS = {
    "sqlite3": {"sqlite", "sqlite_writer", "sqlite_players"},
    "asyncpg": {"postgres", "pg_writer", "pg_players"},
}


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports, relative ones by their name inside the store."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module)
            elif node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
    return out


def _top_level_imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


@pytest.mark.parametrize("path", sorted(STORE.glob("*.py")), ids=lambda p: p.name)
def test_each_store_module_stays_small(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"web/store/{path.name} has {lines} lines; split it along a seam"


@pytest.mark.parametrize("name", sorted(APART))
def test_the_two_databases_live_apart(name: str) -> None:
    crossing = _imports(STORE / f"{name}.py") & APART[name]
    assert not crossing, f"web/store/{name}.py imports {sorted(crossing)}"


def test_each_driver_stays_in_its_databases_modules() -> None:
    for path in STORE.glob("*.py"):
        for driver, owners in DRIVERS.items():
            if driver in _top_level_imports(path):
                assert path.stem in owners, f"web/store/{path.name} imports {driver}"


def test_the_server_uses_the_store_through_its_package() -> None:
    """Outside the store, the server imports ``.store`` itself, never one of its modules."""
    for path in WEB.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and (node.module or "").startswith("store."):
                pytest.fail(f"web/{path.name} imports {node.module}; use russianbank.web.store")
