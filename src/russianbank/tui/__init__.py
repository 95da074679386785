"""The terminal game, ``russianbank play`` (Textual)."""
