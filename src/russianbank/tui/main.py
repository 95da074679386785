"""``russianbank play``: the terminal game (Textual).

It starts a game against the computer at once (preset ``classic``, level ``medium``).
``--hotseat`` is for two people at one keyboard; ``--resume`` continues the last game, which
is saved after every move (see :mod:`russianbank.tui.save`); ``--lang`` chooses English or
Russian (default: the locale).
"""

from __future__ import annotations

import argparse
import sys

from ..i18n import LANGS, Message
from ..options import PRESETS
from ..session import LEVELS, PlayError, check_pace
from . import opening
from .opening import Opening, Settings
from .texts import Texts, lang_from_env


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", choices=list(PRESETS), default="classic", help="rules preset (default classic)")
    parser.add_argument("--level", choices=LEVELS, default="medium", help="the computer's level (default medium)")
    parser.add_argument("--stops", action="store_true", help="the traditional game: violations may be Stopped")
    parser.add_argument("--seed", type=int, metavar="N", help="deal number N (the same N gives the same deal)")
    parser.add_argument("--hotseat", action="store_true", help="two people at one keyboard, no computer")
    parser.add_argument("--resume", action="store_true", help="continue the last game (or a new game of its match)")
    parser.add_argument(
        "--pace",
        type=str,
        default=None,
        metavar="SECONDS",
        help="seconds between the computer's moves, 0 to 10 (default 0.5, or the resumed game's; + and - change it)",
    )
    parser.add_argument("--lang", choices=LANGS, default=None, help="en or ru (default: the locale, LANG)")


def prepare(args: argparse.Namespace) -> tuple[Settings, Opening]:
    """The settings and how the game begins. Raises :class:`PlayError` for bad options."""
    lang = args.lang or lang_from_env()
    pace = parse_pace(args.pace) if args.pace is not None else None
    if args.stops and args.preset == "single":
        raise PlayError("play.stop.none_single")
    settings = Settings(
        preset=args.preset,
        level=args.level,
        stops=args.stops,
        seed=args.seed,
        hotseat=args.hotseat,
        pace=0.5 if pace is None else pace,
        lang=lang,
    )
    start = opening.resume(settings, keep_pace=pace is None) if args.resume else opening.new_game(settings)
    return settings, start


def parse_pace(text: str) -> float:
    """``--pace``: seconds from 0 to 10; NaN, infinities and anything else are refused."""
    try:
        pace = float(text)
    except ValueError:
        raise PlayError("play.pace.bad", value=str(text)[:20], max=10) from None
    return check_pace(pace)


def run(args: argparse.Namespace) -> int:
    texts = Texts(args.lang or lang_from_env())
    try:
        settings, start = prepare(args)
    except PlayError as e:
        print(texts("play.tui.bad_option", problem=e.message), file=sys.stderr)
        return 2
    if start.session.computer is not None:
        try:
            import russianbank.ai  # noqa: F401
        except ImportError as e:
            print(texts.say(Message("play.tui.no_ai", {"error": str(e)})), file=sys.stderr)
            return 2
    from .app import RussianBankApp

    app = RussianBankApp(settings, start)
    app.run()
    saver = app.runner.saver
    if saver.error:
        print(texts("play.tui.save_failed", error=saver.error), file=sys.stderr)
    elif settings.save and not app.session.is_over():
        print(texts("play.tui.saved_in", path=str(saver.path)))
    return 0
