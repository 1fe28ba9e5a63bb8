"""One seat of every title with learning records as a Gymnasium environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from zombie_rules import GAMES
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.play import RandomAgent
from zombie_rules.rl import gymnasium_env

LEARNED = sorted(name for name, game in GAMES.items() if game.learning is not None)


@pytest.mark.parametrize("name", LEARNED)
def test_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker is a failure here
        check_env(gymnasium_env(name, seat=1, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("name", LEARNED)
def test_an_episode_against_the_bots(name: str) -> None:
    game = GAMES[name]
    opponents = "heuristic" if "heuristic" in game.agents else "random"
    env = gymnasium_env(name, seat=0, opponents=opponents)
    assert game.learning is not None
    records = game.learning(game.default_config())
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, reward, steps = False, 0.0, 0
    while not done:
        mask = info["action_mask"]
        assert (env.action_masks() == mask.astype(bool)).all()
        assert env.observation_space.contains(obs)
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        steps += 1
    assert steps > 0 and "illegal_move" not in info
    assert reward == records.returns.returns(env.state)[0]


def test_an_action_the_mask_forbids_ends_the_episode_with_the_lowest_return() -> None:
    env = gymnasium_env("texas_zombies")
    _, info = env.reset(seed=0)
    forbidden = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(forbidden)
    assert done and reward == env.title.learning.returns.low
    assert "legal" in info["illegal_move"]


def test_opponents_per_seat() -> None:
    env = gymnasium_env("zombie_run", seat=2, opponents=["heuristic", RandomAgent(), "random"])
    env.reset(seed=0)
    with pytest.raises(InvalidConfig, match="need 3 opponents"):
        gymnasium_env("zombie_run", opponents=["random"])
    with pytest.raises(InvalidConfig, match="unknown agent"):
        gymnasium_env("zombie_run", opponents="nobody")
    with pytest.raises(InvalidConfig, match="seat"):
        gymnasium_env("zombie_run", seat=9)


def test_the_same_seed_plays_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        env = gymnasium_env("zombie_run", opponents="random")
        obs, info = env.reset(seed=11)
        trace = [obs.tobytes()]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(obs.tobytes())
        runs.append((trace, reward))
    assert runs[0] == runs[1]
