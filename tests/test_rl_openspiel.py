"""Every title with learning records as an OpenSpiel game: OpenSpiel's own tests and bots.

``pyspiel.random_sim_test`` (with serialization), the MCTS and IS-MCTS bots, CFR on a
tiny Zombie Run!, perfect recall of the information states, and clones that share the
immutable state instead of copying it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]
import pytest
from open_spiel.python.algorithms import (  # type: ignore[import-untyped,unused-ignore]
    cfr,
    exploitability,
    ismcts,
    mcts,
)

from zombie_rules import GAMES
from zombie_rules.rl import openspiel_game, register_openspiel

LEARNED = sorted(name for name, game in GAMES.items() if game.learning is not None)


def _records(name: str) -> Any:
    game = GAMES[name]
    assert game.learning is not None
    return game.learning(game.default_config())


def _tiny_zombie_run() -> Any:
    config = GAMES["zombie_run"].config_type(
        players=2, rounds=1, hand_size=1, peek_count=0, deck=((0, 2), (1, 2)), turn_limit=1
    )
    return openspiel_game("zombie_run", config)


def _chance(state: Any, rng: np.random.RandomState) -> int:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(actions, p=probs))


@pytest.mark.parametrize("name", LEARNED)
def test_random_sim_test_with_serialization(name: str) -> None:
    game = openspiel_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_titles_load_by_name_and_configs_round_trip() -> None:
    names = register_openspiel()
    assert {f"python_zombie_rules_{n}" for n in LEARNED} == set(names)
    assert str(pyspiel.load_game("python_zombie_rules_zombie_run")).endswith("(config=)")
    game = _tiny_zombie_run()
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        state.apply_action(
            _chance(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again_game.num_distinct_actions() == game.num_distinct_actions() == 6
    assert again.history() == state.history() and again.returns() == state.returns()


def test_game_info_comes_from_the_records() -> None:
    records = _records("zombie_run")
    game = openspiel_game("zombie_run")
    assert game.num_distinct_actions() == records.actions.size
    assert game.max_chance_outcomes() == records.chance.size
    assert game.max_game_length() == records.bounds.max_decisions
    assert (game.min_utility(), game.max_utility()) == (records.returns.low, records.returns.high)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.information_state_tensor_shape() == [records.info_size]
    assert game.observation_tensor_shape() == [records.observation.size]


def bots_play(game: Any, simulations: int, decisions: int) -> None:
    """OpenSpiel's MCTS and IS-MCTS bots each make ``decisions`` legal moves (or finish)."""
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        mcts.MCTSBot(game, 2, simulations, evaluator, random_state=rng),
        ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng),
    ]
    for bot in bots:
        state = game.new_initial_state()
        made = 0
        while not state.is_terminal() and made < decisions:
            if state.is_chance_node():
                state.apply_action(_chance(state, rng))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                made += 1
        assert made == decisions or state.is_terminal()


@pytest.mark.parametrize("name", LEARNED)
def test_the_mcts_and_ismcts_bots_play(name: str) -> None:
    bots_play(openspiel_game(name), simulations=3, decisions=6)


def test_cfr_on_a_tiny_zombie_run() -> None:
    game = _tiny_zombie_run()
    solver = cfr.CFRSolver(game)
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(30):
        solver.evaluate_and_update_policy()
    after = exploitability.nash_conv(game, solver.average_policy())
    assert after < first and after < 0.05


def test_information_states_have_perfect_recall_on_a_tiny_game() -> None:
    """Each information state fixes the observation, and the one before it for that player."""
    game = _tiny_zombie_run()
    observation: dict[str, str] = {}
    previous: dict[str, str | None] = {}

    def walk(state: Any, last: list[str | None]) -> None:
        if state.is_terminal():
            return
        for player in range(2):
            key = state.information_state_string(player)
            seen = state.observation_string(player)
            assert observation.setdefault(key, seen) == seen, key
            if key != last[player]:
                assert previous.setdefault(key, last[player]) == last[player], key
        keys = [state.information_state_string(p) for p in range(2)]
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        for action in actions:
            walk(state.child(action), list(keys))

    walk(game.new_initial_state(), [None, None])
    assert len(observation) > 10


def test_resampled_worlds_keep_the_players_information() -> None:
    game = openspiel_game("texas_zombies")
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 30:
        if state.is_terminal():
            break
        state.apply_action(
            _chance(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    player = state.current_player()
    sampler = random.Random(5).random
    for _ in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        other = (player + 1) % game.num_players()
        assert "since" in world.information_state_string(other)


def test_clones_share_the_immutable_state() -> None:
    game = openspiel_game("zombie_run")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(60):
        state.apply_action(
            _chance(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    clone = state.clone()
    assert clone.state is state.state and clone.memories is state.memories
    assert clone.history() == state.history()
    clone.apply_action(_chance(clone, rng) if clone.is_chance_node() else clone.legal_actions()[0])
    assert clone.history() != state.history() and clone.state is not state.state


def test_a_title_without_records_is_refused() -> None:
    import attrs

    bare = attrs.evolve(GAMES["zombie_run"], learning=None)
    with pytest.raises(LookupError, match=r"no learning records.*titles with them"):
        openspiel_game(bare)
