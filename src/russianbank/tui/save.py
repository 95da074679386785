"""Saving the game in progress: a game record in the user's data folder.

The folder is ``$XDG_DATA_HOME/russianbank`` (default
``~/.local/share/russianbank``). The game in progress is
``current-game.txt``, rewritten atomically (temporary file, then
``os.replace``) after every move; a finished game is also copied to
``games/``. ``russianbank play --resume`` replays ``current-game.txt`` with
:func:`russianbank.record.load_record`.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import RussianBankError
from ..game import Game
from ..record import load_record, parse_record

CURRENT = "current-game.txt"


def data_dir() -> Path:
    """The user's data folder for russianbank (XDG base directory rules)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "russianbank"


def current_path() -> Path:
    return data_dir() / CURRENT


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass
class Saved:
    """A saved game read back: the replayed game and its tags."""

    game: Game
    tags: dict[str, str]
    path: Path


class DamagedSave(Exception):
    """The save file exists but cannot be read or replayed."""

    def __init__(self, path: Path, reason: str, kept_as: Path | None) -> None:
        self.path = path
        self.reason = reason
        self.kept_as = kept_as
        where = f"; it was kept as {kept_as}" if kept_as else ""
        super().__init__(f"the saved game {path} is damaged: {reason}{where}")


def load_saved(path: Path | None = None) -> Saved | None:
    """The saved game, or None if there is none. Raises :class:`DamagedSave`.

    A damaged file is renamed to ``*.damaged`` (so the next save does not
    overwrite it and the user can look at it).
    """
    path = path or current_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as e:
        raise _damaged(path, f"cannot read it ({e})") from None
    try:
        record = parse_record(text)
        game = load_record(text)
    except RussianBankError as e:
        raise _damaged(path, str(e)) from None
    return Saved(game, dict(record.tags), path)


def _damaged(path: Path, reason: str) -> DamagedSave:
    kept: Path | None = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, kept)  # type: ignore[arg-type]
    except OSError:
        kept = None
    return DamagedSave(path, reason, kept)


def archive(text: str, name: str) -> Path:
    """Keep a finished game's record in ``games/``; returns its path."""
    folder = data_dir() / "games"
    path = folder / name
    write_atomic(path, text)
    return path
