"""Reinforcement learning on Russian Bank (the ``rl`` extra: ``pip install 'russianbank[rl]'``).

* :func:`env` / :class:`RussianBankEnv`: a PettingZoo AEC environment for two
  agents, ``player_0`` (A) and ``player_1`` (B).
* :class:`SingleAgentEnv`: a Gymnasium environment for one agent against a
  built-in computer player (registered as ``russianbank/RussianBank-v1``).
* :mod:`~russianbank.env.codec` (actions), :mod:`~russianbank.env.observation`
  (the observation vector) and :mod:`~russianbank.env.table` (who decides
  when, Stop! included) are versioned and documented in ``docs/rl.md``.

>>> from russianbank.env import env
>>> e = env(preset="classic")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((2811,), True)
"""

from __future__ import annotations

from .aec import ENV_VERSION, REWARD_VERSION, RussianBankEnv, env, raw_env
from .codec import ACTION_CODEC_VERSION, ACTION_NAMES, NUM_ACTIONS, action_to_move, move_to_action
from .observation import OBSERVATION_SIZE, OBSERVATION_VERSION, encode
from .single import SingleAgentEnv
from .table import Table

__all__ = [
    "ACTION_CODEC_VERSION",
    "ACTION_NAMES",
    "ENV_VERSION",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "OBSERVATION_VERSION",
    "REWARD_VERSION",
    "RussianBankEnv",
    "SingleAgentEnv",
    "Table",
    "action_to_move",
    "encode",
    "env",
    "move_to_action",
    "raw_env",
]
