"""The ``russianbank`` command.

Each subcommand lives in its own module, which provides
``add_arguments(parser)`` and ``run(args) -> int``. Only the module of the
command being run is imported (``russianbank --version`` and ``russianbank
replay`` never load the terminal or web apps), so a command starts quickly and
needs only its own packages.

Adding a command is one line in :data:`COMMANDS`: its name, its module and a
one-line help text.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

# command -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("russianbank.tui.main", "play in the terminal (Textual)"),
    "serve": ("russianbank.web.main", "start the web app on http://127.0.0.1:8000"),
    "loadtest": ("russianbank.web.loadtest", "play many tables at once against a server on this machine"),
    "match": ("russianbank.match", "play computer players against each other and measure them"),
    "replay": ("russianbank.replay_cmd", "check game records: replay them and report results or the first bad move"),
    "bench": ("russianbank.bench", "measure the engine's speed"),
    "train": ("russianbank.ai.train", "learn the computer players' evaluation from self-play (needs numpy)"),
    "review": ("russianbank.ai.review", "review a game record: evaluation per turn, best plans, costly turns"),
}


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not an option), or None."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser. Only ``command``'s module is imported to add its arguments
    (``""``: none); None imports every command's module, for a complete parser."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="russianbank", description="Russian Bank (Crapette), the two-player competitive solitaire."
    )
    parser.add_argument("--version", action="version", version=f"russianbank {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module)
        if command is not None and name != command:
            continue
        try:
            mod = importlib.import_module(module)
        except ImportError as e:
            p.set_defaults(_import_error=str(e))
            p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
            continue
        mod.add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(_command_in(words) or "")
        args = parser.parse_args(words)
        if not getattr(args, "command", None):
            parser.print_help()
            return 0
        err = getattr(args, "_import_error", None)
        if err:
            print(
                f"russianbank {args.command}: a package it needs is missing ({err}).\n"
                "Install everything with:  pip install 'russianbank[all]'",
                file=sys.stderr,
            )
            return 2
        mod = importlib.import_module(args._module)
        result: int = mod.run(args)
        sys.stdout.flush()
        return result
    except BrokenPipeError:
        # The reader went away (``russianbank replay big.txt | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
