"""Russian Bank (Crapette): a rules engine, computer players and ways to play."""

from .cards import card_label, card_name, parse_card, parse_cards
from .errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPositionError,
    InvalidRecordError,
    RussianBankError,
)
from .game import A, B, Game, Outcome, Score, State, StopRuling, Termination
from .moves import Move
from .options import PRESETS, Options, options_for, parse_options
from .runs import run_moves
from .scoring import MatchScore
from .view import HistoryEntry, PlayerView

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "A",
    "B",
    "Game",
    "HistoryEntry",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidOptionsError",
    "InvalidPositionError",
    "InvalidRecordError",
    "MatchScore",
    "Move",
    "Options",
    "Outcome",
    "PlayerView",
    "RussianBankError",
    "Score",
    "State",
    "StopRuling",
    "Termination",
    "card_label",
    "card_name",
    "options_for",
    "parse_card",
    "parse_cards",
    "parse_options",
    "run_moves",
]
