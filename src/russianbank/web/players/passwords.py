"""Passwords: argon2id hashes (argon2-cffi), checked in constant time, off the event loop.

A check for a name that has no password, or that does not exist, verifies a dummy hash made with
the same parameters, so the answer takes as long whether or not the name is there. Hashing runs
in a thread: the argon2 library releases the interpreter lock while it works.
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_PASSWORD = 8
MAX_PASSWORD = 200

#: OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (about 30 ms a check on one core).
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


class Passwords:
    """Hashing and checking, with one dummy hash for names without a password."""

    def __init__(self, hasher: PasswordHasher = HASHER) -> None:
        self.hasher = hasher
        self._dummy = hasher.hash("not a password of anybody's")

    def hash_sync(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify_sync(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` opens ``stored``; with no hash, a dummy check of the same length."""
        try:
            self.hasher.verify(stored or self._dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return stored is not None

    async def hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(None, self.hash_sync, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        return await asyncio.get_running_loop().run_in_executor(None, self.verify_sync, stored, password)
