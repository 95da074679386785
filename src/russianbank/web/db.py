"""Storage of games: SQLAlchemy 2 async, SQLite by default, PostgreSQL too.

A game is stored as its set-up (options, seed) and its move list, one row per
move; the live game is rebuilt by replaying the moves. A move is acknowledged
to the players only after its row is committed.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "rb_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    match_id: Mapped[str] = mapped_column(String(32), index=True)
    match_no: Mapped[int] = mapped_column(Integer, default=1)
    mode: Mapped[str] = mapped_column(String(16))  # "computer" or "friend"
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    computer_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    options_json: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    token_a: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the seat token
    token_b: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    points_a: Mapped[int] = mapped_column(Integer, default=0)
    points_b: Mapped[int] = mapped_column(Integer, default=0)
    next_game: Mapped[str | None] = mapped_column(String(32), nullable=True)


class MoveRow(Base):
    __tablename__ = "rb_moves"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("rb_games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[str] = mapped_column(String(16))
    created: Mapped[float] = mapped_column(Float)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class StoredGame:
    id: str
    match_id: str
    match_no: int
    mode: str
    level: str | None
    computer_seat: int | None
    options: dict[str, Any]
    seed: int
    token_hashes: tuple[str | None, str | None]
    finished: bool
    next_game: str | None
    moves: list[str]


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "russianbank" / "russianbank.db"


def normalize_url(url: str | None) -> str:
    """An async SQLAlchemy URL: the default file, ``sqlite:///`` and ``postgresql://`` get their drivers."""
    if not url:
        path = default_db_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{path}"
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:") :]
    if url.startswith("postgresql:") or url.startswith("postgres:"):
        return "postgresql+asyncpg:" + url.split(":", 1)[1]
    return url


class Store:
    """The database of games and moves."""

    def __init__(self, url: str | None) -> None:
        self.url = normalize_url(url)
        self.engine: AsyncEngine = create_async_engine(self.url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    async def init(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def close(self) -> None:
        await self.engine.dispose()

    async def create_game(
        self,
        *,
        game_id: str,
        match_id: str,
        match_no: int,
        mode: str,
        level: str | None,
        computer_seat: int | None,
        options: dict[str, Any],
        seed: int,
        token_hashes: tuple[str | None, str | None],
    ) -> None:
        async with self.sessions.begin() as s:
            s.add(
                GameRow(
                    id=game_id,
                    match_id=match_id,
                    match_no=match_no,
                    mode=mode,
                    level=level,
                    computer_seat=computer_seat,
                    options_json=json.dumps(options, sort_keys=True),
                    seed=seed,
                    token_a=token_hashes[0],
                    token_b=token_hashes[1],
                    created=time.time(),
                    finished=False,
                    points_a=0,
                    points_b=0,
                    next_game=None,
                )
            )

    async def add_move(
        self, game_id: str, idx: int, move: str, *, finished: bool = False, points: tuple[int, int] = (0, 0)
    ) -> None:
        """Store one move (and, when it ended the game, the result) in one transaction."""
        async with self.sessions.begin() as s:
            s.add(MoveRow(game_id=game_id, idx=idx, move=move, created=time.time()))
            if finished:
                await s.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(finished=True, points_a=points[0], points_b=points[1])
                )

    async def set_next_game(self, game_id: str, next_id: str) -> None:
        async with self.sessions.begin() as s:
            await s.execute(update(GameRow).where(GameRow.id == game_id).values(next_game=next_id))

    async def load_game(self, game_id: str) -> StoredGame | None:
        async with self.sessions() as s:
            row = await s.get(GameRow, game_id)
            if row is None:
                return None
            result = await s.execute(select(MoveRow.move).where(MoveRow.game_id == game_id).order_by(MoveRow.idx))
            moves = [m for (m,) in result.all()]
            return StoredGame(
                id=row.id,
                match_id=row.match_id,
                match_no=row.match_no,
                mode=row.mode,
                level=row.level,
                computer_seat=row.computer_seat,
                options=json.loads(row.options_json),
                seed=row.seed,
                token_hashes=(row.token_a, row.token_b),
                finished=row.finished,
                next_game=row.next_game,
                moves=moves,
            )

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        """Points of A and B over the match's finished games, and how many games finished."""
        async with self.sessions() as s:
            result = await s.execute(
                select(GameRow.points_a, GameRow.points_b).where(
                    GameRow.match_id == match_id, GameRow.finished.is_(True)
                )
            )
            rows = result.all()
        return sum(r[0] for r in rows), sum(r[1] for r in rows), len(rows)
