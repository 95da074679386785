"""``russianbank play``: the terminal game (Textual).

It starts a game against the computer at once (preset ``classic``, level
``medium``). ``--hotseat`` is for two people at one keyboard; ``--resume``
continues the last unfinished game, which is saved after every move (see
:mod:`russianbank.tui.save`).
"""

from __future__ import annotations

import argparse
import sys

from ..options import PRESETS
from . import save as saving
from .app import Settings
from .save import Saved

LEVELS = ("beginner", "easy", "medium", "hard", "expert")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", choices=list(PRESETS), default="classic", help="rules preset (default classic)")
    parser.add_argument("--level", choices=LEVELS, default="medium", help="the computer's level (default medium)")
    parser.add_argument("--stops", action="store_true", help="the traditional game: violations may be Stopped")
    parser.add_argument("--seed", type=int, metavar="N", help="deal number N (the same N gives the same deal)")
    parser.add_argument("--hotseat", action="store_true", help="two people at one keyboard, no computer")
    parser.add_argument("--resume", action="store_true", help="continue the last unfinished game")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="seconds between the computer's moves (default 0.5; + and - change it while playing)",
    )


def prepare(args: argparse.Namespace) -> tuple[Settings, Saved | None, str | None]:
    """The settings, the saved game to resume (if any) and a notice for the player.

    Raises ``ValueError`` for bad options.
    """
    if args.pace < 0:
        raise ValueError("--pace must not be negative")
    if args.stops and args.preset == "single":
        raise ValueError("the one-deck game (preset single) has no Stop (S-7)")
    settings = Settings(
        preset=args.preset,
        level=args.level,
        stops=args.stops,
        seed=args.seed,
        hotseat=args.hotseat,
        pace=args.pace,
    )
    saved = None
    notice = None
    if args.resume:
        path = saving.current_path()
        try:
            saved = saving.load_saved(path)
        except saving.DamagedSave as e:
            notice = f"Could not resume: {e}. A new game has started."
        if saved is None and notice is None:
            notice = f"No saved game in {path}: a new game has started."
        elif saved is not None and saved.game.is_over():
            out = saved.game.outcome()
            assert out is not None
            notice = f"The last saved game is already over ({out.result()}): a new game has started."
            saved = None
    return settings, saved, notice


def run(args: argparse.Namespace) -> int:
    from .app import RussianBankApp

    try:
        settings, saved, notice = prepare(args)
    except ValueError as e:
        print(f"russianbank play: {e}", file=sys.stderr)
        return 2
    hotseat = settings.hotseat if saved is None else saved.tags.get("Mode") == "hotseat"
    if not hotseat:
        try:
            import russianbank.ai  # noqa: F401
        except ImportError as e:
            print(
                f"russianbank play: the computer players are not available ({e}); try --hotseat",
                file=sys.stderr,
            )
            return 2
    app = RussianBankApp(settings, saved=saved, notice=notice)
    app.run()
    game = app.game
    if app.save_error:
        print(app.save_error, file=sys.stderr)
    elif settings.save and not game.is_over():
        print(f"Game saved in {app.saved_path}; continue it with:  russianbank play --resume")
    return 0
