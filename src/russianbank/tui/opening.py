"""How a terminal game begins: a new game, the saved one resumed, or what is left of a damaged save."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import Message
from ..options import Options, options_for
from ..session import MatchTotal, PlayError, Seat, Session, Setup
from . import save as saving


@dataclass
class Settings:
    """What ``russianbank play`` was asked for."""

    preset: str = "classic"
    level: str = "medium"
    stops: bool = False
    seed: int | None = None
    hotseat: bool = False
    pace: float = 0.5  # seconds between the computer's moves
    lang: str = "en"
    save: bool = True
    hint_level: str = "hard"
    stop_delay_scale: float = 1.0  # scales the computer's Stop delay (tests use 0)
    ai_seed: int | None = None

    def setup(self, options: Options | None = None, hotseat: bool | None = None, level: str | None = None) -> Setup:
        """The session setup: these settings, with the rules, mode and level of a saved game if given."""
        hot = self.hotseat if hotseat is None else hotseat
        seats = (Seat.person(), Seat.person()) if hot else (Seat.person(), Seat.computer(level or self.level))
        return Setup(
            seats,
            options or options_for(self.preset, stops=self.stops),
            pace=self.pace,
            hint_level=self.hint_level,
            ai_seed=self.ai_seed,
            stop_delay_scale=self.stop_delay_scale,
        )


@dataclass
class Opening:
    """What the app starts with: ``session``, after the player has read ``notice`` (if any).

    With an ``alternative``, the notice offers a choice: Enter keeps ``session`` (the damaged
    game from its last good move), ``n`` plays ``alternative`` (a new game) instead.
    """

    session: Session
    notice: list[Message] = field(default_factory=list)
    alternative: Session | None = None
    resumed: bool = False


def new_game(settings: Settings) -> Opening:
    return Opening(Session(settings.setup(), seed=settings.seed))


def resume(settings: Settings, keep_pace: bool = True) -> Opening:
    """``--resume``: the saved game, or a new game of the same match, with a notice saying why.

    With ``keep_pace`` the computer plays at the saved game's pace (``--pace`` not given)."""
    path = saving.current_path()
    saved = saving.read_save(path)
    if saved is None:
        return Opening(
            Session(settings.setup(), seed=settings.seed), [Message("play.tui.resume.none", {"path": str(path)})]
        )
    if keep_pace and saved.pace is not None:
        settings.pace = saved.pace
    setup = settings.setup(saved.options, hotseat=saved.hotseat, level=saved.level or settings.level)
    match = MatchTotal(*saved.match())
    fresh = Session(setup, match=match)
    if saved.damage is None and saved.resumable:
        assert saved.seed is not None
        session = Session.restore(setup, seed=saved.seed, moves=saved.moves, match=match)
        if session.is_over():
            headline = session.end_messages(0)[0]
            return Opening(session.next_game(0.0), [Message("play.tui.resume.over", {"headline": headline})])
        return Opening(session, resumed=True)
    kept = saving.keep_damaged(saved)
    notice = [
        Message("play.tui.resume.damaged", {"path": str(path), "damage": saved.damage or Message("play.save.no_deal")})
    ]
    notice.append(Message("play.tui.resume.kept", {"kept": str(kept)}) if kept else Message("play.tui.resume.not_kept"))
    if saved.resumable and saved.bad_move is not None:
        assert saved.seed is not None
        try:
            salvaged = Session.restore(setup, seed=saved.seed, moves=saved.moves, match=match)
        except PlayError:
            salvaged = None
        if salvaged is not None and not salvaged.is_over():
            notice.append(Message("play.tui.resume.salvage", {"n": len(saved.moves)}))
            return Opening(salvaged, notice, alternative=fresh, resumed=True)
    notice.append(Message("play.tui.resume.fresh" if saved.options is not None else "play.tui.resume.fresh_plain"))
    return Opening(fresh, notice)
