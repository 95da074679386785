"""Saving the game in progress, in the user's data folder, without showing the face-down cards.

The folder is ``$XDG_DATA_HOME/russianbank`` (default ``~/.local/share/russianbank``). The
game in progress is ``current-game.txt``, rewritten atomically (temporary file, then
``os.replace``) after every move. It is a game record (tags, then the moves of each turn)
whose deal is *sealed*: instead of the ``Seed`` tag, from which every face-down card could be
worked out, it holds a ``Deal`` tag encrypted with a key kept in ``save.key`` beside it
(created on the first save, readable only by its owner). Reading the record shows the moves
and the cards that have been face up, as the table does, and nothing more. A local game
cannot keep a secret from its own player -- the key is on the same disk -- but the hidden
cards are not readable at a glance, nor by replaying the record elsewhere.

Finished games are kept in ``games/`` as ordinary records, with their seed, so that
``russianbank replay`` can check them.

A damaged save is moved aside to ``current-game.txt.damaged`` (then ``.damaged.1``,
``.damaged.2`` ...: an earlier one is never overwritten); every move before the first bad
one can still be replayed, and the saved mode, level and rules are kept.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import re
import secrets
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..cards import parse_cards
from ..errors import RussianBankError
from ..game import Game
from ..i18n import Message
from ..moves import Move
from ..options import Options, options_for, parse_options
from ..record import RESULTS
from ..session.words import error as error_message

CURRENT = "current-game.txt"
KEY = "save.key"
_TAG_RE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_SEAL = "rb1."
MAX_REASON = 160  # characters of a damaged file's content quoted in a notice


def data_dir() -> Path:
    """The user's data folder for russianbank (XDG base directory rules)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "russianbank"


def current_path() -> Path:
    return data_dir() / CURRENT


def write_atomic(path: Path, text: str, mode: int = 0o644) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# ------------------------------------------------------------------ the sealed deal


def _key(folder: Path, create: bool) -> bytes | None:
    path = folder / KEY
    try:
        raw = path.read_bytes()
        if len(raw) == 32:
            return raw
    except FileNotFoundError:
        pass
    if not create:
        return None
    key = secrets.token_bytes(32)
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key


def _pad(key: bytes, nonce: bytes) -> bytes:
    return hmac.new(key, b"deal" + nonce, hashlib.sha256).digest()[:8]


def seal(seed: int, folder: Path) -> str:
    """The deal's seed, encrypted with the folder's save key (made if there is none)."""
    key = _key(folder, create=True)
    assert key is not None
    nonce = secrets.token_bytes(12)
    body = bytes(a ^ b for a, b in zip(seed.to_bytes(8, "big"), _pad(key, nonce), strict=True))
    tag = hmac.new(key, b"tag" + nonce + body, hashlib.sha256).digest()[:8]
    return _SEAL + base64.urlsafe_b64encode(nonce + body + tag).decode("ascii")


def unseal(token: str, folder: Path) -> int | None:
    """The seed of a sealed deal, or None if it cannot be opened with this folder's key."""
    key = _key(folder, create=False)
    if key is None or not token.startswith(_SEAL):
        return None
    try:
        raw = base64.urlsafe_b64decode(token[len(_SEAL) :].encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return None
    if len(raw) != 28:
        return None
    nonce, body, tag = raw[:12], raw[12:20], raw[20:]
    if not hmac.compare_digest(tag, hmac.new(key, b"tag" + nonce + body, hashlib.sha256).digest()[:8]):
        return None
    return int.from_bytes(bytes(a ^ b for a, b in zip(body, _pad(key, nonce), strict=True)), "big")


def sealed_record(record: str, seed: int | None, folder: Path) -> str:
    """A game record with its ``Seed`` tag replaced by a sealed ``Deal`` tag."""
    if seed is None:
        return record
    deal = f'[Deal "{seal(seed, folder)}"]'
    out = [deal if line.startswith("[Seed ") else line for line in record.split("\n")]
    return "\n".join(out)


# ------------------------------------------------------------------------ reading


@dataclass
class Saved:
    """A save read back, as far as it goes.

    ``moves`` are the moves that replay (all of them for an intact file). ``damage`` says what
    is wrong (None: nothing); ``bad_move`` is the number of the first move that does not replay
    (None if the moves are fine, or if the setup itself could not be read: then ``seed`` is None).
    """

    path: Path
    tags: dict[str, str]
    options: Options | None = None
    seed: int | None = None
    moves: list[str] = field(default_factory=list)
    damage: Message | None = None
    bad_move: int | None = None
    kept_as: Path | None = None

    @property
    def resumable(self) -> bool:
        """Whether a game can be rebuilt from it (all of it, or up to its last good move)."""
        return self.options is not None and self.seed is not None

    @property
    def hotseat(self) -> bool:
        return self.tags.get("Mode") == "hotseat"

    @property
    def level(self) -> str | None:
        from ..session import LEVELS

        level = self.tags.get("Level")
        return level if level in LEVELS else None

    @property
    def pace(self) -> float | None:
        """The saved pace of the computer, if it is a valid one."""
        from ..session import PlayError, check_pace

        try:
            return check_pace(float(self.tags.get("Pace", "")))
        except (ValueError, PlayError):
            return None

    def match(self) -> tuple[int, int, int]:
        """The match total before this game (A points, B points, games)."""
        try:
            vals = tuple(max(0, int(self.tags.get(k, "0"))) for k in ("MatchA", "MatchB", "MatchGames"))
        except ValueError:
            return (0, 0, 0)
        return (vals[0], vals[1], vals[2])


def _quote(text: str) -> str:
    """A bounded, printable quotation of damaged content."""
    clean = "".join(ch if ch.isprintable() else "·" for ch in text)
    clean = re.sub("·{4,}", "····", clean)
    return clean[:MAX_REASON] + ("…" if len(clean) > MAX_REASON else "")


def read_save(path: Path | None = None) -> Saved | None:
    """The saved game, or None if there is none. Never raises for a damaged file: see :class:`Saved`."""
    path = path or current_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        return Saved(path, {}, damage=Message("play.save.unreadable", {"reason": _quote(e.strerror or str(e))}))
    text = data.decode("utf-8", errors="replace")
    tags: dict[str, str] = {}
    lines = text.split("\n")
    body_start = len(lines)
    damage: Message | None = None
    for i, line in enumerate(lines):
        s = line.strip()
        if not s:
            if tags:
                body_start = i + 1
                break
            continue
        m = _TAG_RE.match(s)
        if m is None:
            if s.startswith("[") or not tags:
                damage = Message("play.save.bad_line", {"line": i + 1, "text": _quote(s)})
            body_start = i
            break
        tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
    saved = Saved(path, tags, damage=damage)
    if "\x00" in text or "\ufffd" in text:
        saved.damage = saved.damage or Message("play.save.binary")
    try:
        saved.options = parse_options(tags["Options"]) if "Options" in tags else options_for(tags["Preset"])
    except (KeyError, RussianBankError):
        saved.damage = saved.damage or Message("play.save.no_rules")
        return saved
    seed = unseal(tags.get("Deal", ""), path.parent) if "Deal" in tags else None
    if seed is None and tags.get("Seed", "").isdigit():
        seed = int(tags["Seed"])  # a record written by hand, or by an older version
    if seed is None:
        saved.damage = saved.damage or Message("play.save.no_deal")
        return saved
    saved.seed = seed
    _replay_moves(saved, lines[body_start:], body_start)
    return saved


def _replay_moves(saved: Saved, body: list[str], first_line: int) -> None:
    """Replay the movetext move by move; keep the moves that replay, note the first that does not."""
    assert saved.options is not None and saved.seed is not None
    game = Game(options=saved.options, seed=saved.seed)
    number = 0
    for k, line in enumerate(body):
        text = re.sub(r"\{[^}]*\}", " ", line)
        for tok in text.split():
            if re.fullmatch(r"\d+\.", tok) or tok in ("A", "B") or tok in RESULTS:
                continue
            if tok.startswith("=") and number == 0:
                continue  # the cards turned up before the first move (checked by the replay)
            number += 1
            mtext, _, shown = tok.partition("=")
            try:
                move = Move.from_str(mtext)
                game.push(move)
                if shown and tuple(parse_cards(shown)) != game.reveals(len(game.move_stack) - 1):
                    game.pop()
                    reason = Message("play.save.reveals")
                else:
                    saved.moves.append(str(move))
                    continue
            except RussianBankError as e:
                reason = error_message(e)
            saved.bad_move = number
            saved.damage = saved.damage or Message(
                "play.save.bad_move",
                {"number": number, "line": first_line + k + 1, "move": _quote(tok)[:20], "reason": reason},
            )
            return


def keep_damaged(saved: Saved) -> Path | None:
    """Move a damaged save aside, to the first free ``.damaged`` name (never over an earlier one)."""
    path = saved.path
    n = 0
    while True:
        kept = path.with_name(path.name + ".damaged" + (f".{n}" if n else ""))
        if not kept.exists():
            break
        n += 1
    try:
        os.replace(path, kept)
    except OSError:
        return None
    saved.kept_as = kept
    return kept


def archive(text: str, name: str) -> Path:
    """Keep a finished game's record in ``games/``; returns its path."""
    folder = data_dir() / "games"
    path = folder / name
    write_atomic(path, text)
    return path
