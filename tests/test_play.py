"""Play helpers: seeded play is reproducible, chance sampling follows the probabilities."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from zombie_rules import CHANCE, GAMES, IllegalMove
from zombie_rules import zombie_run as zr
from zombie_rules.play import (
    RandomAgent,
    narrate,
    pick_actor,
    play_game,
    replay,
    resolve_chance,
    sample_chance,
)


def test_the_same_seed_plays_the_same_game() -> None:
    agents = [zr.HeuristicAgent(), RandomAgent(), RandomAgent()]
    config = zr.Config(players=3)
    assert play_game(zr.GAME, config, agents, 8) == play_game(zr.GAME, config, agents, 8)
    assert play_game(zr.GAME, config, agents, 8) != play_game(zr.GAME, config, agents, 9)


def test_sample_chance_matches_the_exact_probabilities() -> None:
    """A fresh deck: P(Zombie Horde) = 15/75 on the first card dealt."""
    state = zr.new_game()
    exact = dict(zr.chance_outcomes(state))
    horde = zr.Move(CHANCE, zr.Action.CARD, (15,))
    assert exact[horde] == Fraction(15, 75)
    rng = random.Random(0)
    draws = Counter(sample_chance(zr.GAME, state, rng) for _ in range(20_000))
    assert abs(draws[horde] / 20_000 - 0.2) < 0.015


def test_resolve_chance_stops_where_a_seat_must_act() -> None:
    state = resolve_chance(zr.GAME, zr.new_game(), random.Random(1))
    assert CHANCE not in zr.to_act(state)
    assert state.phase is zr.Phase.PEEK


def test_sample_chance_refuses_a_seat_node() -> None:
    state = resolve_chance(zr.GAME, zr.new_game(), random.Random(1))
    with pytest.raises(IllegalMove, match="not a chance node"):
        sample_chance(zr.GAME, state, random.Random(1))


def test_play_game_wants_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="needs 4 agents"):
        play_game(zr.GAME, None, [RandomAgent()], seed=1)


def test_max_moves_stops_a_game_early_and_the_record_still_replays() -> None:
    record = play_game(GAMES["zombie_run"], None, [RandomAgent()] * 4, seed=2, max_moves=30)
    assert len(record.moves) == 30
    assert len(replay(record)) == 31


def test_narrate_is_one_account_per_move_as_the_seat_was_told() -> None:
    for name, game in GAMES.items():
        config = game.config_type()
        record = play_game(game, config, [RandomAgent()] * game.players(config), seed=4)
        states = replay(record)
        for seat in (0, None):
            lines = narrate(record, seat)
            assert len(lines) == len(record.moves), name
            assert lines == tuple(
                game.describe(s, m, seat) for s, m in zip(states, record.moves, strict=False)
            )
        # Different seats are told different things somewhere (a hand dealt, a draw).
        assert narrate(record, 0) != narrate(record, None), name


def test_pick_actor_gives_every_seat_that_may_act_its_turn() -> None:
    rng = random.Random(1)
    counts = Counter(pick_actor(frozenset({0, 2, 3}), rng) for _ in range(3000))
    assert set(counts) == {0, 2, 3}
    assert all(800 < n < 1200 for n in counts.values())
    assert pick_actor(frozenset({5}), rng) == 5
    first = [pick_actor(frozenset({0, 1}), random.Random(9)) for _ in range(3)]
    assert len(set(first)) == 1  # seeded: the same seed picks the same seat


def test_another_titles_config_is_refused_by_name() -> None:
    from zombie_rules import InvalidConfig, zombie_doctor

    with pytest.raises(InvalidConfig, match=r"zombie_doctor needs a .*zombie_doctor.*Config"):
        play_game(zombie_doctor.GAME, zr.Config(), [RandomAgent()] * 4, seed=1)  # type: ignore[misc]


def test_get_game_error_is_in_the_librarys_hierarchy_and_a_key_error() -> None:
    from zombie_rules import UnknownGame, ZombieRulesError, get_game

    with pytest.raises(UnknownGame) as caught:
        get_game("chess")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ZombieRulesError)
    assert str(caught.value).startswith("no game called 'chess'; known games: ")
