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
    # the players: a name (one per name key), an optional password hash, the Glicko-2 rating
    """CREATE TABLE IF NOT EXISTS rb_players (
        id VARCHAR(32) PRIMARY KEY,
        name VARCHAR(80) NOT NULL,
        name_key VARCHAR(100) NOT NULL UNIQUE,
        password_hash VARCHAR(200),
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        created DOUBLE PRECISION NOT NULL
    )""",
    # a session: the SHA-256 of the id its cookie holds; a log-out deletes the row
    """CREATE TABLE IF NOT EXISTS rb_sessions (
        id_hash VARCHAR(64) PRIMARY KEY,
        player_id VARCHAR(32) NOT NULL REFERENCES rb_players (id),
        created DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS ix_rb_sessions_player ON rb_sessions (player_id)",
    # who holds a seat of a game (the seat itself stays bound to its token)
    """CREATE TABLE IF NOT EXISTS rb_seats (
        game_id VARCHAR(32) NOT NULL REFERENCES rb_games (id),
        seat INTEGER NOT NULL,
        player_id VARCHAR(32) NOT NULL REFERENCES rb_players (id),
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS ix_rb_seats_player ON rb_seats (player_id)",
    # one row per player of each rated game, written in the transaction that stores the game's end:
    # the opponent (a player, or a computer level), the score, the ratings before and after;
    # ``seq`` orders the rated games (a replay of the rows in that order gives every rating)
    """CREATE TABLE IF NOT EXISTS rb_ratings (
        game_id VARCHAR(32) NOT NULL REFERENCES rb_games (id),
        seat INTEGER NOT NULL,
        player_id VARCHAR(32) NOT NULL REFERENCES rb_players (id),
        seq BIGINT NOT NULL,
        opponent_id VARCHAR(32) REFERENCES rb_players (id),
        opponent_level VARCHAR(32),
        score DOUBLE PRECISION NOT NULL,
        rating_before DOUBLE PRECISION NOT NULL,
        rd_before DOUBLE PRECISION NOT NULL,
        volatility_before DOUBLE PRECISION NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        opponent_rating DOUBLE PRECISION NOT NULL,
        opponent_rd DOUBLE PRECISION NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS ix_rb_ratings_player ON rb_ratings (player_id, seq)",
    "CREATE INDEX IF NOT EXISTS ix_rb_ratings_seq ON rb_ratings (seq)",
    # the lobby: a person's open table (``game_id`` NULL) until somebody takes it, then the game
    # it became, listed to watch until it is over; an open table whose host's process stops
    # keeping it (``touched``) goes. A player has one open table at most.
    """CREATE TABLE IF NOT EXISTS rb_lobby (
        id VARCHAR(32) PRIMARY KEY,
        player_id VARCHAR(32) NOT NULL REFERENCES rb_players (id),
        token_hash VARCHAR(64) NOT NULL,
        preset VARCHAR(40) NOT NULL,
        stops BOOLEAN NOT NULL,
        match_to INTEGER,
        created DOUBLE PRECISION NOT NULL,
        touched DOUBLE PRECISION NOT NULL,
        game_id VARCHAR(32) REFERENCES rb_games (id),
        guest_id VARCHAR(32) REFERENCES rb_players (id),
        taken DOUBLE PRECISION
    )""",
    "CREATE UNIQUE INDEX IF NOT EXISTS ux_rb_lobby_open ON rb_lobby (player_id) WHERE game_id IS NULL",
    # a match played to a chosen score
    """CREATE TABLE IF NOT EXISTS rb_match_targets (
        match_id VARCHAR(32) PRIMARY KEY,
        points INTEGER NOT NULL
    )""",
    # a game lost by a player gone past the grace period: the seat and its resignation's index
    """CREATE TABLE IF NOT EXISTS rb_forfeits (
        game_id VARCHAR(32) PRIMARY KEY REFERENCES rb_games (id),
        seat INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL
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


def player_tables() -> tuple[Any, Any, Any, Any]:
    """The Core description of ``rb_players``, ``rb_sessions``, ``rb_seats`` and ``rb_ratings``."""
    from sqlalchemy import BigInteger, Column, Float, Integer, MetaData, String, Table

    md = MetaData()
    players = Table(
        "rb_players",
        md,
        Column("id", String(32), primary_key=True),
        Column("name", String(80)),
        Column("name_key", String(100)),
        Column("password_hash", String(200)),
        Column("rating", Float),
        Column("rd", Float),
        Column("volatility", Float),
        Column("games", Integer),
        Column("created", Float),
    )
    sessions = Table(
        "rb_sessions",
        md,
        Column("id_hash", String(64), primary_key=True),
        Column("player_id", String(32)),
        Column("created", Float),
    )
    seats = Table(
        "rb_seats",
        md,
        Column("game_id", String(32), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("player_id", String(32)),
        Column("created", Float),
    )
    ratings = Table(
        "rb_ratings",
        md,
        Column("game_id", String(32), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("player_id", String(32)),
        Column("seq", BigInteger),
        Column("opponent_id", String(32)),
        Column("opponent_level", String(32)),
        *(Column(c, Float) for c in RATING_VALUES),
        Column("created", Float),
    )
    return players, sessions, seats, ratings


#: The figures of an ``rb_ratings`` row, in the order :data:`RATING_ROW_KEYS` lists them.
RATING_VALUES = (
    "score", "rating_before", "rd_before", "volatility_before", "rating", "rd", "volatility",
    "opponent_rating", "opponent_rd",
)  # fmt: skip
#: The columns of an ``rb_ratings`` row as the writers insert it.
RATING_ROW_KEYS = ("game_id", "seat", "player_id", "seq", "opponent_id", "opponent_level", *RATING_VALUES, "created")

NEW_GAME_KEYS = (
    "id", "match_id", "match_no", "mode", "level", "computer_seat", "options_json",
    "seed_enc", "token_a", "token_b", "created",
)  # fmt: skip
