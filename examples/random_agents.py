"""Two random agents play Russian Bank to the end in the PettingZoo environment.

    python examples/random_agents.py [--seed N] [--preset P] [--stops]

Each agent picks uniformly among the actions its mask allows. Nothing is
trained; it shows the loop every PettingZoo agent runs.
"""

from __future__ import annotations

import argparse

import numpy as np

from russianbank.env import ACTION_NAMES, env


def play(seed: int, preset: str = "classic", stops: bool = False) -> dict[str, float]:
    """Play one game of random agents; returns each agent's total reward."""
    e = env(preset=preset, stops=stops)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            decisions += 1
            if decisions <= 5:
                print(f"{agent}: {ACTION_NAMES[action]}")
        e.step(action)
    outcome = e.unwrapped.game.outcome()
    print(f"... {decisions} decisions; {outcome.termination.value}, result {outcome.result()}")
    print("rewards:", ", ".join(f"{a} {r:+g}" for a, r in totals.items()))
    e.close()
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--stops", action="store_true", help="the traditional game with Stop!")
    args = parser.parse_args()
    play(args.seed, args.preset, args.stops)


if __name__ == "__main__":
    main()
