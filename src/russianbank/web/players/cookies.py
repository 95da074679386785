"""The session cookie: a random session id signed with a key of its own.

The cookie holds ``<session id>.<HMAC-SHA256 of it>``; the database keeps only the SHA-256 of
the id (a copy of the database opens no session), and logging out deletes that row, so a cookie
stops working the moment its session ends, on every server process. The signature lets a forged
or damaged cookie be turned away before the database is asked. Its key is derived from the
server key (the one that enciphers the seeds) with a label of its own, so the two never mix.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

COOKIE_NAME = "rb_player"
MAX_AGE = 400 * 24 * 3600  # seconds: the longest a browser keeps a cookie
_LABEL = b"russianbank player session cookie v1"
_SIG_LEN = 32  # characters of the signature (base64url of 24 bytes)


def cookie_key(server_key: bytes) -> bytes:
    """The cookie's signing key, derived from the server key."""
    return hmac.new(server_key, _LABEL, hashlib.sha256).digest()


def new_session_id() -> str:
    return secrets.token_urlsafe(24)


def session_hash(session_id: str) -> str:
    """What the database keeps of a session id."""
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


def _sign(key: bytes, session_id: str) -> str:
    mac = hmac.new(key, session_id.encode("ascii"), hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(mac).decode("ascii")


def make_cookie(key: bytes, session_id: str) -> str:
    return f"{session_id}.{_sign(key, session_id)}"


def read_cookie(key: bytes, value: str | None) -> str | None:
    """The session id a cookie holds, or None when it is missing, malformed or not signed by us."""
    if not value or len(value) > 100 or value.count(".") != 1:
        return None
    sid, sig = value.split(".")
    if not sid or len(sig) != _SIG_LEN or not sid.isascii() or not sig.isascii():
        return None
    if not hmac.compare_digest(sig, _sign(key, sid)):
        return None
    return sid


def set_cookie_header(value: str, *, secure: bool) -> str:
    """The ``Set-Cookie`` header of a session: HttpOnly, SameSite=Lax, Secure behind https."""
    parts = [f"{COOKIE_NAME}={value}", "Path=/", f"Max-Age={MAX_AGE}", "HttpOnly", "SameSite=Lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def clear_cookie_header(*, secure: bool) -> str:
    parts = [f"{COOKIE_NAME}=", "Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def cookie_from_header(header: str | None) -> str | None:
    """Our cookie's value from a ``Cookie`` request header."""
    if not header:
        return None
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name == COOKIE_NAME:
            return value.strip()
    return None
