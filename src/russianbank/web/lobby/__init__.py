"""The lobby: open tables, quick pairing and the games to watch (:mod:`.service`), over a
websocket of its own (:mod:`.routes`)."""
