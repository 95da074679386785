"""Russian Bank (Crapette): a rules engine, computer players and ways to play."""

from .cards import card_label, card_message, card_name, parse_card, parse_cards
from .errors import (
    HistoryIndexError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPlayerError,
    InvalidPositionError,
    InvalidRecordError,
    RussianBankError,
)
from .game import A, B, Game, Outcome, Score, State, StopRuling, Termination
from .moves import Move
from .options import PRESETS, Options, options_for, parse_options
from .runs import run_moves
from .scoring import MatchScore
from .validity import Status
from .view import HistoryEntry, PlayerView
from .words import SPECTATOR

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "SPECTATOR",
    "A",
    "B",
    "Game",
    "HistoryEntry",
    "HistoryIndexError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidOptionsError",
    "InvalidPlayerError",
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
    "Status",
    "StopRuling",
    "Termination",
    "card_label",
    "card_message",
    "card_name",
    "options_for",
    "parse_card",
    "parse_cards",
    "parse_options",
    "run_moves",
]
