"""People at the server: their names, sessions, passwords and ratings, and the player page.

- :mod:`.names`: what a name may be, when two names are the same, the reserved ones;
- :mod:`.cookies`: the signed session cookie;
- :mod:`.passwords`: argon2id hashes, checked in constant time, off the event loop;
- :mod:`.limits`: attempts per client address and per name, in a sliding window;
- :mod:`.service`: choosing a name, a password, logging in and out, naming the player at a seat;
- :mod:`.routes`: the HTTP routes; :mod:`.page`: the player page.

The ratings themselves are :mod:`russianbank.ratings`; the store rates a game in the transaction
that stores its end (:mod:`russianbank.web.store.rating_plan`).
"""
