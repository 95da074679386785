"""The tables: their DDL (both databases), their SQLAlchemy Core description, column lists."""

from __future__ import annotations

from typing import Any

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS rb_games (
        id VARCHAR(32) PRIMARY KEY,
        match_id VARCHAR(32) NOT NULL,
        match_no INTEGER NOT NULL,
        mode VARCHAR(16) NOT NULL,
        level VARCHAR(32),
        computer_seat INTEGER,
        options_json TEXT NOT NULL,
        seed BIGINT,
        seed_enc VARCHAR(64),
        token_a VARCHAR(64),
        token_b VARCHAR(64),
        created DOUBLE PRECISION NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        points_a INTEGER NOT NULL DEFAULT 0,
        points_b INTEGER NOT NULL DEFAULT 0,
        next_game VARCHAR(32),
        state_extra INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS ix_rb_games_match_id ON rb_games (match_id)",
    """CREATE TABLE IF NOT EXISTS rb_moves (
        game_id VARCHAR(32) NOT NULL REFERENCES rb_games (id),
        idx INTEGER NOT NULL,
        move VARCHAR(16) NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, idx)
    )""",
]

GAME_COLUMNS = (
    "id, match_id, match_no, mode, level, computer_seat, options_json, seed, seed_enc, "
    "token_a, token_b, finished, next_game, state_extra"
)


def tables() -> tuple[Any, Any]:
    from sqlalchemy import BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table, Text

    md = MetaData()
    games = Table(
        "rb_games",
        md,
        Column("id", String(32), primary_key=True),
        Column("match_id", String(32)),
        Column("match_no", Integer),
        Column("mode", String(16)),
        Column("level", String(32)),
        Column("computer_seat", Integer),
        Column("options_json", Text),
        Column("seed", BigInteger),
        Column("seed_enc", String(64)),
        Column("token_a", String(64)),
        Column("token_b", String(64)),
        Column("created", Float),
        Column("finished", Boolean),
        Column("points_a", Integer),
        Column("points_b", Integer),
        Column("next_game", String(32)),
        Column("state_extra", Integer),
    )
    moves = Table(
        "rb_moves",
        md,
        Column("game_id", String(32), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("move", String(16)),
        Column("created", Float),
    )
    return games, moves


NEW_GAME_KEYS = (
    "id", "match_id", "match_no", "mode", "level", "computer_seat", "options_json",
    "seed_enc", "token_a", "token_b", "created",
)  # fmt: skip
