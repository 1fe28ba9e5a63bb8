"""Every title with learning records as a PettingZoo AEC environment.

PettingZoo's own ``api_test`` and ``seed_test``; masks that are the legal moves; the
classic envs' convention for an action the mask forbids; rewards that are the returns.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped,unused-ignore]
    api_test,
    seed_test,
)

from tests.learning_helpers import walk_checking_masks
from zombie_rules import GAMES
from zombie_rules.core.errors import IllegalMove
from zombie_rules.rl import pettingzoo_env


def _records(name: str) -> Any:
    game = GAMES[name]
    assert game.learning is not None
    return game.learning(game.default_config())


LEARNED = sorted(name for name, game in GAMES.items() if game.learning is not None)


@pytest.mark.parametrize("name", LEARNED)
def test_api_test(name: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation is not a plain array: the classic
        # envs' form, masks in the observation, is the one we follow.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(pettingzoo_env(name), num_cycles=60)


@pytest.mark.parametrize("name", LEARNED)
def test_seed_test(name: str) -> None:
    seed_test(lambda: pettingzoo_env(name), num_cycles=60)


@pytest.mark.parametrize("name", LEARNED)
def test_masks_are_the_legal_moves_and_rewards_the_returns(name: str) -> None:
    game = GAMES[name]
    env = pettingzoo_env(name)
    records = _records(name)
    steps = walk_checking_masks(
        env, game, records, 7, lambda agent, mask, _: env.action_space(agent).sample(mask)
    )
    assert steps > 10
    if not env.agents:
        return
    assert game.result(env.state) is not None


def test_the_final_rewards_are_the_returns() -> None:
    env = pettingzoo_env("zombie_run")
    records = _records("zombie_run")
    env.reset(seed=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(
            None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        )
    assert not env.agents
    assert tuple(totals.values()) == records.returns.returns(env.state)
    assert abs(sum(totals.values())) < 1e-9


def test_an_action_the_mask_forbids_ends_the_game_for_the_offender() -> None:
    env = pettingzoo_env("zombie_run")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    env.step(forbidden)
    assert all(env.terminations.values())
    assert "is not legal for seat" in env.infos[agent]["illegal_move"]
    low = _records("zombie_run").returns.low
    assert env.rewards[agent] == low
    assert all(r == 0 for a, r in env.rewards.items() if a != agent)


def test_simultaneous_seats_are_served_lowest_first() -> None:
    """Zombie Run!'s look at the cards: every seat may act; the env serves seat 0, then 1..."""
    env = pettingzoo_env("zombie_run")
    env.reset(seed=3)
    served: list[str] = []
    while len(served) < 4:
        served.append(env.agent_selection)
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert served == ["player_0", "player_1", "player_2", "player_3"]


def test_render_shows_only_the_spectators_view() -> None:
    env = pettingzoo_env("zombie_run", render_mode="ansi")
    env.reset(seed=0)
    game = GAMES["zombie_run"]
    assert env.render() == game.render(game.view(env.state, None))
    assert pettingzoo_env("zombie_run").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("zombie_run", render_mode="rgb_array")


def test_an_unbounded_config_is_refused() -> None:
    config = GAMES["zombie_run"].config_type(turn_limit=None)
    with pytest.raises(Exception, match="turn_limit"):
        pettingzoo_env("zombie_run", config)
    assert issubclass(IllegalMove, ValueError)


@pytest.mark.parametrize("name", LEARNED)
def test_an_observation_returned_never_changes_and_is_the_encoding(name: str) -> None:
    """Each observation is a new array: stepping on, or writing to one, changes no other."""
    env = pettingzoo_env(name)
    env.reset(seed=3)
    records = _records(name)
    kept = []
    for agent in env.agent_iter(max_iter=40):
        observation, _, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        expected = np.array(records.observation.encode(env.state, seat), dtype=np.float32)
        assert np.array_equal(observation["observation"], expected)
        kept.append(
            (observation, observation["observation"].copy(), observation["action_mask"].copy())
        )
        observation["action_mask"][:] = 0  # a caller may write to what it was given
        mask = env.observe(agent)["action_mask"]
        assert list(np.flatnonzero(mask)) == list(records.actions.legal(env.state, seat))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(mask)[0]))
    for observation, values, _ in kept:
        assert np.array_equal(observation["observation"], values)


def test_a_chance_table_refuses_equal_outcomes() -> None:
    from zombie_rules.core.learning import chance_table

    with pytest.raises(ValueError, match="equal"):
        chance_table("Demo", ("a", "a"), str, lambda state: ((), ()))
    with pytest.raises(ValueError, match="at least one"):
        chance_table("Demo", (), str, lambda state: ((), ()))
