"""Deltas between two JSON-like states: a structural diff, and applying it.

Generic over the state's contents: dicts are compared key by key, lists that grew or shrank
at the end become ``append``/``trunc`` (so a move log that only grows costs only its new
entries), lists of the same length are compared item by item, anything else that changed is
replaced. ``static/js/sync.js`` applies the same operations in the page.

An operation is a list: ``["set", path, value]``, ``["del", path]``,
``["append", path, [items...]]`` or ``["trunc", path, length]``; a path is a list of dict
keys and list indices from the top of the state (``["view", "tableau", 3]``).
"""

from __future__ import annotations

import copy
import operator
from typing import Any

Op = list[Any]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON-like; neither is changed;
    the operations share values with ``new``)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def diff_shared(old: Any, new: Any, memo: dict[tuple[Any, ...], tuple[Any, Any, list[Op]]]) -> list[Op]:
    """``diff(old, new)``, the same operations, where what other states share is diffed once.

    States of one table for several seats hold the very same objects for what every seat sees
    (the piles, the history): ``memo`` (one dict for the states diffed together, e.g. every
    seat's after one move) keeps the operations of each list or dict below the top two levels
    of dicts, by path, with the two objects they were worked out from; a state with the same two
    objects at that path gets those operations without diffing again."""
    if type(old) is not dict or type(new) is not dict:
        return diff(old, new)
    ops: list[Op] = []
    _diff_shared(old, new, [], ops, memo, 2)
    return ops


def _diff_shared(
    a: dict[str, Any],
    b: dict[str, Any],
    path: list[Any],
    ops: list[Op],
    memo: dict[tuple[Any, ...], tuple[Any, Any, list[Op]]],
    depth: int,
) -> None:
    for k in a:
        if k not in b:
            ops.append(["del", [*path, k]])
    for k, v in b.items():
        if k not in a:
            ops.append(["set", [*path, k], v])
            continue
        x = a[k]
        if x is v:
            continue
        tx = type(x)
        if tx is not type(v) or (tx is not dict and tx is not list):
            _diff(x, v, [*path, k], ops)
        elif tx is dict and depth > 1:
            _diff_shared(x, v, [*path, k], ops, memo, depth - 1)
        else:
            key = (*path, k)
            m = memo.get(key)
            if m is not None and m[0] is x and m[1] is v:  # held by the memo: not another object at the same address
                ops.extend(m[2])
                continue
            sub: list[Op] = []
            _diff(x, v, [*path, k], sub)
            memo[key] = (x, v, sub)
            ops.extend(sub)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: like ``==``, but ``0``, ``False`` and ``0.0`` differ."""
    if a is b:
        return True
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is dict:
        return bool(a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items()))
    if ta is list:
        if len(a) != len(b):
            return False
        if all(map(operator.is_, a, b)):  # the usual case, at C speed
            return True
        return all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _same_items(a: list[Any], b: list[Any], n: int) -> bool:
    """The first ``n`` items of two lists that are ``==`` are also equal as JSON."""
    return same(a[:n], b[:n])


_SCALARS = (str, int, float, bool, type(None))


def _diff(a: Any, b: Any, path: list[Any], ops: list[Op]) -> None:
    if a is b:
        return
    ta, tb = type(a), type(b)
    if ta is dict and tb is dict:
        for k in a:
            if k not in b:
                ops.append(["del", [*path, k]])
        for k, v in b.items():
            if k not in a:
                ops.append(["set", [*path, k], v])
                continue
            x = a[k]
            if x is v:
                continue
            tx = type(x)
            if tx is type(v) and tx in _SCALARS:
                if x != v:
                    ops.append(["set", [*path, k], v])
                continue
            _diff(x, v, [*path, k], ops)
        return
    if ta is list and tb is list:
        la, lb = len(a), len(b)
        # the usual case (a log that grew): the old items are the very same objects (map stops
        # at the shorter list), checked at C speed without slicing either list
        if lb >= la and all(map(operator.is_, a, b)):
            if lb > la:
                ops.append(["append", path, b[la:]])
            return
        # == first (fast, in C; entries that did not change are often the very same objects), then strictly
        if lb >= la and b[:la] == a and _same_items(b, a, la):
            if lb > la:
                ops.append(["append", path, b[la:]])
            return
        if lb < la and a[:lb] == b and _same_items(a, b, lb):
            ops.append(["trunc", path, lb])
            return
        if la == lb:
            sub: list[Op] = []
            changed = 0
            for i in range(la):
                x, y = a[i], b[i]
                if x is y or (type(x) is type(y) and x == y and same(x, y)):
                    continue
                changed += 1
                _diff(x, y, [*path, i], sub)
            if changed * 2 <= la:
                ops.extend(sub)
                return
        ops.append(["set", path, b])
        return
    if ta is not tb or a != b:
        ops.append(["set", path, b])


class DeltaError(ValueError):
    """A delta that does not fit the state it is applied to."""


def apply(state: Any, ops: list[Op]) -> Any:
    """``state`` with the operations applied, changed in place where it can be; the values in the
    operations are taken as they are (decoded from JSON they belong to nobody else)."""
    for op in ops:
        if not isinstance(op, list) or len(op) < 2 or not isinstance(op[1], list):
            raise DeltaError(f"bad operation {op!r}")
        kind, path = op[0], op[1]
        if not path:
            if kind == "set":
                state = op[2]
                continue
            target = state
        else:
            parent = _walk(state, path[:-1])
            key = path[-1]
            if kind == "set":
                _set(parent, key, op[2])
                continue
            if kind == "del":
                if not isinstance(parent, dict) or key not in parent:
                    raise DeltaError(f"nothing to delete at {path!r}")
                del parent[key]
                continue
            target = _get(parent, key)
        if kind == "append" and isinstance(target, list) and isinstance(op[2], list):
            target.extend(op[2])
        elif kind == "trunc" and isinstance(target, list) and isinstance(op[2], int) and 0 <= op[2] <= len(target):
            del target[op[2] :]
        else:
            raise DeltaError(f"bad operation {op!r}")
    return state


def _walk(state: Any, path: list[Any]) -> Any:
    node = state
    for key in path:
        node = _get(node, key)
    return node


def _get(node: Any, key: Any) -> Any:
    if isinstance(node, dict) and isinstance(key, str) and key in node:
        return node[key]
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node):
        return node[key]
    raise DeltaError(f"no {key!r} here")


def _set(parent: Any, key: Any, value: Any) -> None:
    if isinstance(parent, dict) and isinstance(key, str):
        parent[key] = value
        return
    if isinstance(parent, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(parent):
        parent[key] = value
        return
    raise DeltaError(f"cannot set {key!r} here")


class StateSync:
    """A client's side of the stream (what ``static/js/sync.js`` does in the page, in Python).

    :meth:`receive` takes each message from the server and answers ``("state", full_state)``,
    ``("resync", None)`` (send ``{"type": "sync"}``) or ``("other", message)``. What a message
    tells (its ``events``) is not part of the state: read it from the message.
    """

    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None
        self.rev: int | None = None

    def current(self) -> dict[str, Any] | None:
        """The full state (a copy: later deltas do not change it)."""
        if self.state is None:
            return None
        return copy.deepcopy({"type": "state", "rev": self.rev, **self.state})

    def receive(self, message: dict[str, Any]) -> tuple[str, Any]:
        kind = message.get("type")
        if kind == "state":
            self.state = {k: v for k, v in message.items() if k not in ("type", "rev", "events")}
            self.rev = message.get("rev")
            return "state", self.current()
        if kind != "delta":
            return "other", message
        if self.state is None or message.get("base") != self.rev:
            self.state = self.rev = None
            return "resync", None
        try:
            self.state = apply(self.state, message.get("ops"))  # type: ignore[arg-type]
        except (DeltaError, TypeError):
            self.state = self.rev = None
            return "resync", None
        self.rev = message.get("rev")
        return "state", self.current()
