"""The conformance suite: every title in ``GAMES`` passes the test kit's checks.

Modelled on OpenSpiel's basic API tests: Hypothesis walks games by legal moves
and chance outcomes and checks every state it reaches; seeded random playouts
must finish; replays must reproduce games exactly.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeded_games import random_config

from zombie_rules import GAMES, get_game
from zombie_rules.core.errors import IllegalMove
from zombie_rules.play import RandomAgent, Record, play_game, play_out, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    FirstLegalAgent,
    check_invariants,
    check_playthrough,
    check_termination,
    configs,
    playthroughs,
    random_playout,
)

TITLES = sorted(GAMES)
# 20 drawn walks per title: the suite's costliest test (every state of each walk is checked),
# sized so the whole suite stays under 10 minutes on 2 cores; seeded random, heuristic and
# search-bot walks of every title are checked by the tests below as well.
WALK_SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.slow
@pytest.mark.parametrize("name", TITLES)
@WALK_SETTINGS
@given(data=st.data())
def test_every_state_of_a_walk_passes_the_invariants(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    walk = data.draw(playthroughs(game, max_moves=150))
    rng = random.Random(0)
    for state in walk.states:
        check_invariants(game, state, rng, thorough=False)
    # Applying every candidate move is the costly check: do it at a sample of states.
    for state in walk.states[:: max(1, len(walk.states) // 6)] + walk.states[-1:]:
        check_invariants(game, state, rng, thorough=True)
    check_playthrough(game, walk)


@pytest.mark.parametrize("name", TITLES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_configs_round_trip_and_start_games(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    config = data.draw(configs(game))
    assert from_json(game.config_type, to_json(config)) == config
    check_invariants(game, game.new_game(config), thorough=True)


@pytest.mark.parametrize("name", TITLES)
def test_random_playouts_from_many_seeds_finish(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(2026)
    finished = 0
    for seed in range(40):
        walk = random_playout(game, random_config(game, rng), seed, max_moves=200_000)
        final = walk.states[-1]
        assert game.result(final) is not None, f"seed {seed}: no result after {len(walk.moves)}"
        assert game.legal_moves(final) == ()
        check_invariants(game, final, thorough=True)
        finished += 1
    assert finished == 40


@pytest.mark.parametrize("name", TITLES)
def test_replay_of_a_played_game_reproduces_every_state(name: str) -> None:
    game = GAMES[name]
    config = game.config_type()
    agents = [RandomAgent() for _ in range(game.players(config))]
    record = play_game(game, config, agents, seed=11)
    walk = random_playout(game, config, seed=11)  # an independent loop over the same API
    states = replay(record)
    assert game.result(states[-1]) is not None
    assert replay(from_json(Record, to_json(record))) == states
    assert len(walk.states) > 1 and replay(Record(name, config, walk.moves)) == walk.states


@pytest.mark.parametrize("name", TITLES)
def test_a_corrupt_record_names_the_bad_move(name: str) -> None:
    game = GAMES[name]
    config = game.config_type()
    record = play_game(game, config, [RandomAgent()] * game.players(config), seed=3)
    states = replay(record)
    # Drop the first move whose successor is illegal without it.
    skip = next(
        i
        for i in range(len(record.moves) - 1)
        if not _applies(game, states[i], record.moves[i + 1])
    )
    broken = Record(name, config, record.moves[:skip] + record.moves[skip + 1 :])
    with pytest.raises(IllegalMove, match=f"move {skip} of the record"):
        replay(broken)


def _applies(game: Any, state: Any, move: Any) -> bool:
    try:
        game.apply(state, move)
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("name", TITLES)
def test_stalling_seats_cannot_keep_a_game_going(name: str) -> None:
    game = GAMES[name]
    config = game.config_type()
    check_termination(game, config, seeds=range(4))
    for seat in range(game.players(config)):
        check_termination(game, config, seeds=[seat], stallers=frozenset({seat}))


@pytest.mark.parametrize("name", TITLES)
def test_stubborn_seats_beside_bots_finish_under_the_fair_driver(name: str) -> None:
    """One seat always takes its first legal move; with the lowest-seat-first driver that
    let a bot in seat 1 flip its Quarantine Z proposal for ever, starving seats 2 and 3."""
    game = GAMES[name]
    bot = game.agents.get("heuristic", RandomAgent)
    for players in sorted(set(game.config_space.get("players", (None,)))):
        config = game.config_type() if players is None else game.config_type(players=players)
        seats = game.players(config)
        for seed in range(5):
            stubborn = seed % seats
            agents = [FirstLegalAgent() if s == stubborn else bot() for s in range(seats)]
            played = play_out(game, config, agents, seed=seed, max_moves=50_000)
            assert game.result(played.final) is not None, (
                f"{players} players, seed {seed}: no end after {len(played.record.moves)} moves"
            )


@pytest.mark.slow
@pytest.mark.parametrize("name", TITLES)
def test_search_bots_reach_odd_corners_and_every_state_holds(name: str) -> None:
    """Games between exploring search bots (every seat searched, a share of random
    rollout moves) on random configs: search steers where random play rarely goes
    (a Zombie Run! shout on the first turn, a Quarantine Z fight nobody needed), so
    every state of these games must hold the invariants and the games must replay."""
    from zombie_rules.search import make_ismcts

    game = GAMES[name]
    rng = random.Random(11)
    for seed in range(2):
        config = random_config(game, rng)
        agents = [
            make_ismcts(game, iterations=4, rollout_moves=6, epsilon=0.3, opponents="search")
            for _ in range(game.players(config))
        ]
        played = play_out(game, config, agents, seed=seed, max_moves=50_000)
        assert game.result(played.final) is not None
        states = replay(played.record)
        assert states[-1] == played.final
        check = random.Random(seed)
        for number, state in enumerate(states):
            check_invariants(game, state, check, thorough=number % 25 == 0)


def test_get_game_lists_the_known_names() -> None:
    with pytest.raises(KeyError, match=r"known games: .*zombie_run"):
        get_game("chess")
