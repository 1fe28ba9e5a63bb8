"""Quarantine Z through the three adapters, on a small table whose games end quickly.

The frameworks' own tests (PettingZoo ``api_test`` and ``seed_test``, Gymnasium
``check_env``, ``pyspiel.random_sim_test`` with serialization), the MCTS and IS-MCTS
bots, masks that are the legal moves, and a config with no finite bound refused by every
adapter with the records' own error.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]
import pytest
from gymnasium.utils.env_checker import check_env

from tests.learning_helpers import api_and_seed_tests, walk_checking_masks
from tests.test_learning_quarantine_z import small_config
from tests.test_rl_openspiel import bots_play
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.quarantine_z import GAME
from zombie_rules.quarantine_z.learning import learning
from zombie_rules.rl import gymnasium_env, openspiel_game, pettingzoo_env


def test_pettingzoo_api_and_seed_tests() -> None:
    api_and_seed_tests(lambda: pettingzoo_env("quarantine_z", small_config()), cycles=200)


def test_pettingzoo_masks_are_the_legal_moves_to_the_end() -> None:
    config = small_config()
    records = learning(config)
    env = pettingzoo_env("quarantine_z", config)
    for seed in range(3):
        steps = walk_checking_masks(
            env, GAME, records, seed, lambda agent, mask, _: env.action_space(agent).sample(mask)
        )
        assert steps > 10 and not env.agents
        assert GAME.result(env.state) is not None


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium_env("quarantine_z", seat=1, opponents="random", config=small_config())
        check_env(env, skip_render_check=True)


def test_openspiel_random_sim_test_with_serialization() -> None:
    game = openspiel_game("quarantine_z", small_config())
    assert game.max_game_length() == learning(small_config()).bounds.max_decisions
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _chance(state: Any, rng: np.random.RandomState) -> int:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(actions, p=probs))


def test_the_mcts_and_ismcts_bots_play() -> None:
    bots_play(openspiel_game("quarantine_z", small_config()), simulations=4, decisions=10)


def test_every_adapter_refuses_a_table_with_no_finite_bound() -> None:
    unbounded = small_config(combat_round_limit=None)
    makers = (
        lambda: pettingzoo_env("quarantine_z", unbounded),
        lambda: gymnasium_env("quarantine_z", config=unbounded),
        lambda: openspiel_game("quarantine_z", unbounded),
    )
    for make in makers:
        with pytest.raises(InvalidConfig, match=r"combat_round_limit: .*finite limit"):
            make()


def test_a_table_too_long_for_a_tensor_offers_the_information_string_alone() -> None:
    """The full table's bound is millions of steps: no per-state tensor of that size."""
    from zombie_rules.rl.spiel import INFO_TENSOR_LIMIT

    game = openspiel_game("quarantine_z")
    assert learning(GAME.default_config()).info_size > (INFO_TENSOR_LIMIT)
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    state = game.new_initial_state()
    assert state.information_state_string(0).startswith("p0")
    small = openspiel_game("quarantine_z", small_config())
    assert small.get_type().provides_information_state_tensor
