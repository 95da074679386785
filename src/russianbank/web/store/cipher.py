"""The seed of a game being played, enciphered with the server key."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from .records import StorageError
from .urls import default_db_path, private_dir


class SeedCipher:
    """Enciphers a game's seed with the server key, so the database alone does not give it away.

    The seed (below 2**62) is XORed with 8 bytes of HMAC-SHA256(key, game id): a pad used
    once, since every game has its own id. A second HMAC checks the key on the way back.
    """

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the server key is too short")
        self.key = key

    @classmethod
    def from_file(cls, path: Path) -> SeedCipher:
        """Read the key file, or create it (32 random bytes in hex, mode 0600, in a 0700 folder)."""
        if not path.exists():
            if not path.parent.exists() or path.parent == default_db_path().parent:
                private_dir(path.parent)
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32) + "\n")
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
        text = path.read_text(encoding="ascii").strip()
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"the server key file {path} does not hold a key in hex") from None
        return cls(key)

    def _mac(self, label: str, game_id: str) -> bytes:
        return hmac.new(self.key, f"{label}:{game_id}".encode(), hashlib.sha256).digest()

    def encrypt(self, game_id: str, seed: int) -> str:
        pad = int.from_bytes(self._mac("seed", game_id)[:8], "big")
        check = self._mac(f"check:{seed}", game_id)[:8].hex()
        return f"{seed ^ pad:016x}.{check}"

    def decrypt(self, game_id: str, text: str) -> int:
        enc, _, check = text.partition(".")
        pad = int.from_bytes(self._mac("seed", game_id)[:8], "big")
        seed = int(enc, 16) ^ pad
        if not hmac.compare_digest(check, self._mac(f"check:{seed}", game_id)[:8].hex()):
            raise StorageError(
                f"game {game_id}: the server key does not open this game's deal "
                "(is this the key file that was used with this database?)"
            )
        return seed
