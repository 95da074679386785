"""People at the server: their names and the signed cookie that keeps a person's session.

- :mod:`.names`: what a name may be, when two names are the same, the reserved ones;
- :mod:`.cookies`: the signed session cookie.
"""
