"""Texas Zombies' knobs through the adapters: a hand of another size, unequal splits.

PettingZoo's ``api_test`` and ``seed_test``, OpenSpiel's ``random_sim_test`` with
serialization, Gymnasium's ``check_env``, and masks that are the legal moves, on the
tables of ``test_learning_texas_zombies.KNOBS``: each knob changes the action space, the
observation's width and the bounds, and the adapters must follow.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]
import pytest
from gymnasium.utils.env_checker import check_env

from tests.learning_helpers import api_and_seed_tests, walk_checking_masks
from tests.test_learning_texas_zombies import KNOBS
from zombie_rules.rl import gymnasium_env, openspiel_game, pettingzoo_env
from zombie_rules.texas_zombies import GAME, learning

NAMES = sorted(KNOBS)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    config = KNOBS[name]
    api_and_seed_tests(lambda: pettingzoo_env("texas_zombies", config), cycles=60)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_masks_are_the_legal_moves_to_the_end(name: str) -> None:
    config = KNOBS[name]
    records = learning(config)
    env = pettingzoo_env("texas_zombies", config)
    assert env.action_space("player_0").n == records.actions.size == 2**config.hand_size + 2

    def pick(agent: str, mask: Any, step: int) -> int:
        return int(np.flatnonzero(mask)[step % int(mask.sum())])

    steps = walk_checking_masks(env, GAME, records, 3, pick)
    assert not env.agents and steps <= records.bounds.max_decisions + config.players
    assert GAME.result(env.state) is not None


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test_with_serialization(name: str) -> None:
    config = KNOBS[name]
    game = openspiel_game("texas_zombies", config)
    assert game.num_distinct_actions() == learning(config).actions.size
    assert game.max_chance_outcomes() == learning(config).chance.size
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["hand-4", "split-4-1"])
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium_env("texas_zombies", seat=1, opponents="random", config=KNOBS[name])
        check_env(env, skip_render_check=True)
