"""Database URLs, where the files go, and the owner-only folders and files they live in."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from urllib.parse import unquote


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "russianbank" / "russianbank.db"


def normalize_url(url: str | None) -> str:
    """``sqlite:///PATH`` or ``postgresql://...``: the default file, and driver names dropped."""
    if not url:
        return f"sqlite:///{default_db_path()}"
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"not a database URL: {url!r} (use sqlite:///FILE or postgresql://USER@HOST/DB)")
    base = scheme.split("+", 1)[0].lower()
    if base == "sqlite":
        return "sqlite://" + rest
    if base in ("postgresql", "postgres"):
        return "postgresql://" + rest
    raise ValueError(f"unsupported database {scheme!r}: use sqlite:///FILE or postgresql://USER@HOST/DB")


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///`` URL (``sqlite:////abs`` or ``sqlite:///rel``)."""
    rest = url.split("://", 1)[1]
    if not rest.startswith("/"):
        raise ValueError(f"an SQLite URL is sqlite:///FILE, not {url!r}")
    path = unquote(rest[1:].split("?", 1)[0])
    if not path or path == ":memory:":
        raise ValueError("an SQLite database must be a file (the games have to outlive the server)")
    return Path(path)


def describe_url(url: str) -> str:
    """Where the games are, for people: the file, or the database without its password."""
    if url.startswith("sqlite"):
        return str(sqlite_path(url))
    rest = url.split("://", 1)[1]
    return "postgresql://" + rest.split("@", 1)[-1]


def private_dir(path: Path) -> None:
    """Create ``path`` (a folder) readable by its owner only, or tighten it to 0700 when it is ours."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        path.chmod(0o700)


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600, or tighten an existing file to 0600."""
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o600)
    os.close(fd)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)


def default_key_path(url: str) -> Path:
    """The server key's file: beside an SQLite file, else in the data folder."""
    if url.startswith("sqlite"):
        p = sqlite_path(url)
        return p.with_name(p.name + ".key")
    return default_db_path().parent / "server.key"


def asyncpg_dsn(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]
