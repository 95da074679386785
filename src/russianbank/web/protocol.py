"""The wire protocol's checks: sizes, JSON depth, fields, and refusals as catalogue messages.

Every refusal is a :class:`RequestError`: a short protocol ``code`` (``"stale"``), a catalogue
message (``server.stale`` with its parameters) and extra fields. On the wire (websocket)::

    {"type": "error", "code": "stale", "message": "<English text>",
     "msg": {"code": "server.stale", "params": {...}}, "state_id": 12}

and over HTTP ``{"error": code, "message": text, "msg": {...}}``. A page shows ``msg`` in its
language (``static/js/catalogue.js``); ``message`` is the same in English for logs and scripts.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from ..i18n import Message

MAX_MESSAGE = 4096  # characters in one websocket message
MAX_BODY = 4096  # bytes in one API request body
MAX_DEPTH = 16  # nesting of JSON arrays and objects
MAX_FRAME = 1 << 16  # bytes in one websocket frame (the websocket layer closes the connection beyond it)

#: the requests that change a game (refused while the server stops), and all the websocket's types
CHANGES = ("move", "stop", "resign", "offer_draw", "answer_draw", "undo", "skip")
KNOWN_TYPES = ("join", *CHANGES, "hint", "pace", "ping", "sync")


class RequestError(Exception):
    """A request that is refused: ``code`` for programs, ``msg`` (a catalogue message) for people."""

    def __init__(self, code: str, msg: Message | None = None, status: int = 400, **extra: Any) -> None:
        self.code = code
        self.msg = msg if msg is not None else Message(f"server.{code}", {})
        super().__init__(self.msg.text("en"))
        self.status = status
        self.extra = extra

    @property
    def message(self) -> str:
        return self.msg.text("en")

    def to_dict(self) -> dict[str, Any]:
        """The websocket error message."""
        return {"type": "error", "code": self.code, "message": self.message, "msg": self.msg.to_dict(), **self.extra}

    def to_http(self) -> dict[str, Any]:
        """The body of an HTTP error answer."""
        return {"error": self.code, "message": self.message, "msg": self.msg.to_dict(), **self.extra}


def refuse(code: str, msg_code: str | None = None, status: int = 400, /, **params: Any) -> RequestError:
    """``refuse("bad_request", "server.field_text", field="token")``: an error with its message."""
    return RequestError(code, Message(msg_code or f"server.{code}", params), status)


def engine_message(e: BaseException) -> Message:
    """The catalogue message of an engine error (its ``.message``), else its text."""
    m = getattr(e, "message", None)
    if isinstance(m, Message):
        return m
    return Message("server.text", {"text": str(e)})


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text nests arrays/objects more than ``limit`` deep (strings are skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # cannot be deeper than the brackets it has
    depth = 0
    in_str = False
    esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def parse_json_object(text: str, *, body: bool = False) -> dict[str, Any]:
    """Parse a JSON object (a websocket message, or an HTTP body with ``body``), or refuse it."""
    if too_deep(text):
        raise refuse("bad_json", "server.too_deep", limit=MAX_DEPTH)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise refuse("bad_json", "server.bad_json", line=e.lineno, column=e.colno) from None
    except (ValueError, RecursionError):
        raise refuse("bad_json", "server.bad_json", line=1, column=1) from None
    if body:
        if not isinstance(data, dict):
            raise refuse("bad_request", "server.body_not_object")
        return data
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise refuse("bad_request", "server.not_object", field="'type'")
    return data


def check_size(text: str) -> None:
    if len(text) > MAX_MESSAGE:
        raise refuse("too_large", "server.too_large", size=len(text), limit=MAX_MESSAGE)


def state_field(data: dict[str, Any]) -> int:
    """The ``state`` a message names (a whole number, not a boolean)."""
    sid = data.get("state")
    if isinstance(sid, bool) or not isinstance(sid, int):
        raise refuse("bad_request", "server.need_state", field="'state'")
    return sid


def text_field(data: dict[str, Any], name: str, limit: int = 200) -> str | None:
    """An optional text field, refused when it is not text or too long."""
    v = data.get(name)
    if v is None:
        return None
    if not isinstance(v, str) or len(v) > limit:
        raise refuse("bad_request", "server.field_text", field=name)
    return v


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 as it is, no escapes for ♥ or Cyrillic).

    orjson writes the same JSON as ``json.dumps(separators=(",", ":"), ensure_ascii=False)``
    about eight times faster; non-text keys become text as the standard module makes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
