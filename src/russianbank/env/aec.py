"""The PettingZoo AEC environment ``russianbank_v1``."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import InvalidOptionsError, RussianBankError, shown
from ..game import Game
from ..options import Options, options_for
from . import codec
from .observation import OBSERVATION_SIZE, encode
from .table import Table

ENV_VERSION = 1
REWARD_VERSION = 1
REWARDS = ("win", "score")
ILLEGAL_ACTIONS = ("raise", "resign")
RENDER_MODES = ("ansi", "human")

AGENTS = ("player_0", "player_1")  # player_0 is A, player_1 is B


def observation_space() -> spaces.Dict:
    """The observation space of every agent: the encoded view and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=1.0, shape=(OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(codec.NUM_ACTIONS,), dtype=np.int8),
        }
    )


def check_settings(
    preset: str,
    stops: bool,
    reward: str,
    illegal_action: str,
    max_steps: int | None,
    options: dict[str, Any] | None,
    render_mode: str | None,
) -> Options:
    """Validate the settings the environments share; returns the game options."""
    check_choice("reward", reward, REWARDS)
    check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
    if max_steps is not None and (not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1):
        raise InvalidOptionsError(
            "env.error.max_steps", {"name": "max_steps", "none": "None", "value": shown(max_steps)}
        )
    if render_mode is not None:
        check_choice("render_mode", render_mode, RENDER_MODES)
    if options is not None and not isinstance(options, dict):
        raise InvalidOptionsError("env.error.options", {"name": "options", "value": type(options).__name__})
    check_flag("stops", stops)
    extra = dict(options or {})
    if "stops" in extra:
        raise InvalidOptionsError("env.error.own_argument", {"name": "stops", "within": "options"})
    if stops:
        extra["stops"] = True
    if not isinstance(preset, str):
        raise InvalidOptionsError("env.error.preset", {"name": "preset", "value": shown(preset)})
    try:
        return options_for(preset, **extra)
    except RussianBankError:
        raise
    except (TypeError, ValueError, OverflowError) as e:  # an option value the engine could not take
        raise InvalidOptionsError("env.error.game_options", {"value": shown(extra), "reason": str(e)}) from None


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Refuse ``value`` for the setting ``name`` unless it is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidOptionsError(
            "env.error.choice", {"name": name, "choices": ", ".join(choices), "value": shown(value)}
        )


def check_flag(name: str, value: object) -> None:
    """Refuse anything but True or False for the setting ``name``."""
    if not isinstance(value, bool):
        raise InvalidOptionsError("env.error.choice", {"name": name, "choices": "True, False", "value": shown(value)})


def no_game() -> RussianBankError:
    """The error for using an environment before its first reset()."""
    return RussianBankError("env.error.no_game", {"call": "reset()"})


class RussianBankEnv(AECEnv):  # type: ignore[misc]
    """Two agents, ``player_0`` (A) and ``player_1`` (B), take the decisions of :class:`Table` in turn.

    See ``docs/rl.md`` for the settings, the action codec, the observation
    and the rewards. Use :func:`env` to get it wrapped as PettingZoo expects.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": f"russianbank_v{ENV_VERSION}",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        preset: str = "classic",
        *,
        stops: bool = False,
        reward: str = "win",
        illegal_action: str = "raise",
        allow_resign: bool = False,
        max_steps: int | None = None,
        options: dict[str, Any] | None = None,
        position: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game_options = check_settings(preset, stops, reward, illegal_action, max_steps, options, render_mode)
        check_flag("allow_resign", allow_resign)
        if position is not None:
            Game(options=self.game_options, seed=0, position=position)  # refuse a bad position now
        self.reward = reward
        self.illegal_action = illegal_action
        self.allow_resign = allow_resign
        self.max_steps = max_steps
        self.position = position
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(codec.NUM_ACTIONS)
        self.observation_spaces = dict.fromkeys(AGENTS, self._obs_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._act_space)
        self._seeds = random.Random()
        self.table: Table | None = None
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    # ---------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------- the game

    @property
    def game(self) -> Game:
        """The engine game being played (call :meth:`reset` first)."""
        if self.table is None:
            raise no_game()
        return self.table.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``seed`` is the deal's seed (``Game(preset, seed=seed)``).

        Without a seed the deal's seed is drawn from the generator that the
        last seeded reset started, so a seeded reset followed by seedless
        ones replays the same games. ``options`` is accepted for the
        PettingZoo API and not used (settings are given to the constructor).
        """
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.randrange(2**63)
        game = Game(options=self.game_options, seed=deal, position=self.position)
        self.table = Table(game, allow_resign=self.allow_resign)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.table.acting if self.table.acting is not None else 0]

    def mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The action mask of ``agent``: 1 for each legal action if it is its decision, else all 0."""
        m = np.zeros(codec.NUM_ACTIONS, dtype=np.int8)
        table = self.table
        if table is not None and table.acting is not None and AGENTS[table.acting] == agent:
            m[table.legal_actions()] = 1
        return m

    def observe(self, agent: str) -> dict[str, Any]:
        table = self.table
        if table is None:
            raise no_game()
        p = AGENTS.index(agent)
        offer = table.stop_offer and table.acting == p
        return {"observation": encode(table.game.view(p), stop_offer=offer), "action_mask": self.mask(agent)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None and table.acting is not None
        p = table.acting
        self._cumulative_rewards[agent] = 0.0
        illegal = False
        try:
            table.play(action)
        except RussianBankError:
            if self.illegal_action == "raise":
                raise
            illegal = True
            table.forfeit()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if table.over:
            ra, rb = table.returns(self.reward)
            self.rewards = {AGENTS[0]: ra, AGENTS[1]: rb}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: self._end_info(illegal and AGENTS[p] == a) for a in self.agents}
        elif self.max_steps is not None and table.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        acting = table.acting
        self.agent_selection = AGENTS[acting] if acting is not None else AGENTS[1 - p]
        if self.render_mode == "human":
            self.render()

    def _end_info(self, illegal: bool) -> dict[str, Any]:
        out = self.game.outcome()
        info: dict[str, Any] = {"outcome": None if out is None else out.to_dict()}
        if illegal:
            info["illegal_action"] = True
        return info

    def render(self) -> str | None:
        """``ansi``: the Unicode picture of the table as the agent to act sees it; ``human`` prints it."""
        if self.render_mode is None or self.table is None:
            return None
        from ..picture import unicode

        acting = self.table.acting
        text = unicode(self.table.game.view(acting if acting is not None else None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> Any:
    """:class:`RussianBankEnv` in PettingZoo's order-enforcing wrapper (the usual way to get one)."""
    return wrappers.OrderEnforcingWrapper(RussianBankEnv(**kwargs))


def raw_env(**kwargs: Any) -> RussianBankEnv:
    """The environment without wrappers."""
    return RussianBankEnv(**kwargs)
