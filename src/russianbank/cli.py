"""The ``russianbank`` command.

Each subcommand lives in its own module, which provides
``add_arguments(parser)`` and ``run(args) -> int``; the module is imported
only when its command runs, so the engine commands need no extra packages.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# command -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("russianbank.tui.main", "play in the terminal (Textual)"),
    "serve": ("russianbank.web.main", "start the web app on http://127.0.0.1:8000"),
    "loadtest": ("russianbank.web.loadtest", "play many tables at once against a server on this machine"),
    "match": ("russianbank.match", "play computer players against each other and measure them"),
    "replay": ("russianbank.replay_cmd", "check a game record: replay it and report the result or the first bad move"),
    "bench": ("russianbank.bench", "measure the engine's speed"),
}


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="russianbank", description="Russian Bank (Crapette), the two-player competitive solitaire."
    )
    parser.add_argument("--version", action="version", version=f"russianbank {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module)
        try:
            mod = importlib.import_module(module)
        except ImportError as e:
            p.set_defaults(_import_error=str(e))
            continue
        mod.add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
    return result


if __name__ == "__main__":
    sys.exit(main())
