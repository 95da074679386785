"""The two players: ``A`` (0) and ``B`` (1), and their names in notation and records."""

from __future__ import annotations

A, B = 0, 1
PLAYER_NAMES = ("A", "B")

__all__ = ["PLAYER_NAMES", "A", "B"]
