"""Attempts per client address and per name, in a sliding window (the style of ``web/guards.py``)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass


@dataclass
class PlayerLimits:
    """What an operator may set: attempts allowed in a window of ``window`` seconds."""

    names_per_address: int = 10  # new names (players) from one address
    registrations_per_address: int = 10  # passwords set from one address
    logins_per_address: int = 20  # log-in attempts from one address
    logins_per_name: int = 10  # log-in attempts at one name, from anywhere
    window: float = 900.0  # seconds


class Window:
    """At most ``limit`` events per key in ``window`` seconds."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float | None = None) -> int:
        """0 when ``key`` may try now (the attempt is counted), else the seconds to wait."""
        now = time.monotonic() if now is None else now
        q = self._seen.setdefault(key, deque())
        while q and now - q[0] >= self.window:
            q.popleft()
        if len(q) >= self.limit:
            return max(1, int(self.window - (now - q[0]) + 0.999))
        q.append(now)
        if len(self._seen) > 10000:  # forget quiet keys
            for k in [k for k, v in self._seen.items() if not v or now - v[-1] >= self.window]:
                del self._seen[k]
        return 0
