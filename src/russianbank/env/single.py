"""A Gymnasium environment: one agent against a built-in computer player."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..ai import ENGINES, LEVELS, make_player, make_stop_caller
from ..ai.stops import ATTENTIVENESS
from ..errors import InvalidOptionsError, RussianBankError, shown
from ..game import Game
from . import codec
from .aec import ENV_VERSION, RENDER_MODES, check_choice, check_flag, check_settings, no_game, observation_space
from .observation import encode
from .table import Table

#: The Stop-calling level of an engine name that is not a level itself.
_STOP_LEVEL = {"random": "beginner", "greedy": "easy", "planner": "medium", "expert": "expert"}


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The agent plays one seat, a built-in player (``russianbank.ai.make_player``) the other.

    * ``opponent``: a level (``beginner`` .. ``expert``) or engine name
      (``random``, ``greedy``, ``planner``, ``expert``); default ``easy``.
    * ``seat``: 0 (the agent is A), 1 (B) or None (drawn at each reset).
    * ``stop_level``: how attentive the opponent is in calling Stop! on the
      agent's violations (stops mode); by default the opponent's level.
    * ``illegal_action``: ``resign`` (default here: an action the mask forbids
      ends the episode as the agent's resignation, scored as D2 says) or
      ``raise`` (``IllegalMoveError``, nothing changes).
    * ``max_steps``: truncate the episode after that many decisions of the agent.
    * ``preset``, ``stops``, ``reward``, ``allow_resign``, ``options``,
      ``position``: as for :class:`~russianbank.env.RussianBankEnv`.

    Observations are the agent's (the same Dict space as the AEC
    environment); the opponent only ever gets its own view. Each step is one
    decision of the agent, followed by the opponent's decisions up to the
    agent's next one.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium declares it an instance attribute)
        "render_modes": list(RENDER_MODES),
        "name": f"russianbank_single_v{ENV_VERSION}",
        "render_fps": 4,
    }

    def __init__(
        self,
        opponent: str = "easy",
        *,
        seat: int | None = 0,
        preset: str = "classic",
        stops: bool = False,
        stop_level: str | None = None,
        reward: str = "win",
        illegal_action: str = "resign",
        allow_resign: bool = False,
        max_steps: int | None = None,
        options: dict[str, Any] | None = None,
        position: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game_options = check_settings(preset, stops, reward, illegal_action, max_steps, options, render_mode)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1)):
            raise InvalidOptionsError("env.error.seat", {"name": "seat", "none": "None", "value": shown(seat)})
        check_choice("opponent", opponent, LEVELS + ENGINES)
        level = stop_level if stop_level is not None else opponent if opponent in LEVELS else _STOP_LEVEL[opponent]
        check_choice("stop_level", level, tuple(ATTENTIVENESS))
        check_flag("allow_resign", allow_resign)
        if position is not None:
            Game(options=self.game_options, seed=0, position=position)  # refuse a bad position now
        self.opponent_name = opponent
        self.stop_level = level
        self.seat_choice = seat
        self.reward = reward
        self.illegal_action = illegal_action
        self.allow_resign = allow_resign
        self.max_steps = max_steps
        self.position = position
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(codec.NUM_ACTIONS)
        self.table: Table | None = None
        self.seat = 0 if seat is None else seat
        self._opponent: Any = None
        self._stops: Any = None
        self._agent_steps = 0

    @property
    def game(self) -> Game:
        """The engine game being played (call :meth:`reset` first)."""
        if self.table is None:
            raise no_game()
        return self.table.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game (``seed`` is the deal's seed) and play the opponent up to the agent's first decision.

        Without a seed, the deal, the seat (when drawn) and the opponent's
        seeds come from the generator the last seeded reset started.
        ``options`` is accepted for the Gymnasium API and not used.
        """
        super().reset(seed=seed)
        rng = self.np_random
        deal = seed if seed is not None else int(rng.integers(2**63))
        self.seat = int(rng.integers(2)) if self.seat_choice is None else self.seat_choice
        self._opponent = make_player(self.opponent_name, seed=int(rng.integers(2**62)))
        self._stops = make_stop_caller(self.stop_level, seed=int(rng.integers(2**62)))
        game = Game(options=self.game_options, seed=deal, position=self.position)
        self.table = Table(game, allow_resign=self.allow_resign)
        self._agent_steps = 0
        self._play_opponent()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table is None:
            raise no_game()
        truncated = self.max_steps is not None and self._agent_steps >= self.max_steps
        if table.over or truncated:
            raise RussianBankError("env.error.episode_over", {"call": "reset()"})
        illegal = False
        try:
            table.play(action)
        except RussianBankError:
            if self.illegal_action == "raise":
                raise
            illegal = True
            table.forfeit()
        self._agent_steps += 1
        truncated = self.max_steps is not None and self._agent_steps >= self.max_steps
        if not truncated:
            self._play_opponent()
        terminated = table.over
        truncated = truncated and not terminated
        reward = table.returns(self.reward)[self.seat] if terminated else 0.0
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent as booleans (for maskable learners)."""
        m = np.zeros(codec.NUM_ACTIONS, dtype=np.bool_)
        table = self.table
        if table is not None and table.acting == self.seat:
            m[table.legal_actions()] = True
        return m

    def _play_opponent(self) -> None:
        table = self.table
        assert table is not None
        other = 1 - self.seat
        while table.acting == other:
            view = table.game.view(other)
            if table.stop_offer:
                table.play(codec.STOP if self._stops.decide(view) is not None else codec.NO_STOP)
            else:
                table.play(codec.move_to_action(self._opponent.choose(view)))

    def _obs(self) -> dict[str, Any]:
        table = self.table
        assert table is not None
        offer = table.stop_offer and table.acting == self.seat
        return {
            "observation": encode(table.game.view(self.seat), stop_offer=offer),
            "action_mask": self.action_masks().astype(np.int8),
        }

    def _info(self) -> dict[str, Any]:
        table = self.table
        assert table is not None
        out = table.game.outcome()
        return {"seat": self.seat, "outcome": None if out is None else out.to_dict()}

    def render(self) -> str | None:
        """``ansi``: the Unicode picture of the table from the agent's seat; ``human`` prints it."""
        if self.render_mode is None or self.table is None:
            return None
        from ..picture import unicode

        text = unicode(self.table.game.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


gymnasium.register(id="russianbank/RussianBank-v1", entry_point="russianbank.env.single:SingleAgentEnv")
