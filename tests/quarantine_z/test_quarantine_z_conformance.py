"""Quarantine Z against the test kit, plus config validation, notation, views and bots.

The generic conformance suite runs once the title is registered; these tests call
the same zombie_rules.testing checks on ``GAME`` directly so the title is checked
on its own, including games long enough to reach Shelters and disputes.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.quarantine_z.qz_helpers import start
from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.play import RandomAgent, play_game
from zombie_rules.quarantine_z import (
    BUILDINGS,
    GAME,
    ITEMS,
    ZOMBIE_CARDS,
    Config,
    HeuristicAgent,
    Item,
    Phase,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    render,
    result,
    view,
)
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import check_invariants, playthroughs, random_playout


def _states(config: Config, moves: tuple[object, ...]) -> list[State]:
    state = new_game(config)
    states = [state]
    for m in moves:
        state = apply(state, m)  # type: ignore[arg-type]
        states.append(state)
    return states


def _random_config(rng: random.Random) -> Config:
    while True:
        kwargs = {k: rng.choice(v) for k, v in GAME.config_space.items()}
        try:
            return Config(**kwargs)
        except InvalidConfig:
            continue


def test_random_playouts_finish_without_a_move_cap() -> None:
    """Free phases must not trap play: uniformly random games end on their own (ruling 15
    and 10 bound the free steps and the Zombie Player's passing)."""
    rng = random.Random(2026)
    for seed in range(40):
        walk = random_playout(GAME, _random_config(rng), seed, max_moves=20_000)
        final = walk.states[-1]
        assert result(final) is not None, f"seed {seed}: no result after {len(walk.moves)}"
        assert legal_moves(final) == ()
    check_invariants(GAME, final, thorough=True)


def test_every_state_of_random_games_passes_the_invariants() -> None:
    rng = random.Random(7)
    for seed in range(4):
        walk = random_playout(GAME, _random_config(rng), seed)
        for i, state in enumerate(walk.states):
            check_invariants(GAME, state, random.Random(i), thorough=i % 40 == 0)
        assert _states(walk.config, walk.moves) == list(walk.states)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_games_pass_the_invariants(players: int) -> None:
    """Bots reach the phases random play rarely does: Shelters, claims, long combats."""
    config = Config(players=players, zombie_seat=players - 1)
    record = play_game(GAME, config, [HeuristicAgent() for _ in range(players)], seed=players)
    states = _states(config, record.moves)
    assert result(states[-1]) is not None
    for i, state in enumerate(states):
        if i % 4 == 0:
            check_invariants(GAME, state, random.Random(i), thorough=i % 80 == 0)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_walks_pass_the_invariants(data: st.DataObject) -> None:
    walk = data.draw(playthroughs(GAME, max_moves=60))
    for i, state in enumerate(walk.states):
        check_invariants(GAME, state, random.Random(i), thorough=i % 30 == 29)
    assert _states(walk.config, walk.moves) == list(walk.states)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_agents_finish_their_games(players: int) -> None:
    """Issue: "heuristic agents for the Survivors and for the Zombie Player must finish
    their games"."""
    config = Config(players=players)
    for seed in range(10):
        record = play_game(GAME, config, [HeuristicAgent() for _ in range(players)], seed)
        assert result(_states(config, record.moves)[-1]) is not None


def test_random_agents_finish_through_play_game() -> None:
    config = Config()
    record = play_game(GAME, config, [RandomAgent() for _ in range(4)], seed=11)
    assert result(_states(config, record.moves)[-1]) is not None


# ------------------------------------------------------------------- config


def test_the_default_card_set_has_the_rulebook_counts() -> None:
    """ "54 Zombie Cards ... 12 Action Cards ... 36 Supply Cards ... 27 Munition Cards ...
    18 Building Cards\""""
    cards = GAME.card_set(Config())
    by_deck: dict[str, int] = {}
    for name, n in cards.items():
        by_deck[str(name)[0]] = by_deck.get(str(name)[0], 0) + n
    assert by_deck == {"Z": 54, "A": 12, "S": 36, "M": 27, "B": 18}


def test_players_and_zombie_seat_are_validated() -> None:
    """ "Quarantine Z is a survival card game for 3-5 players." and "Select a Zombie Player.\""""
    for bad in (2, 6):
        with pytest.raises(InvalidConfig, match="players"):
            Config(players=bad)
    with pytest.raises(InvalidConfig, match="zombie_seat"):
        Config(players=3, zombie_seat=3)
    assert Config(players=5, zombie_seat=4).players == 5


def test_a_replaced_card_set_is_validated() -> None:
    """Issue: "A Config may replace the card set; the engine validates it (counts,
    references, no duplicate names)"."""
    with pytest.raises(InvalidConfig, match="54"):
        Config(zombie_card_set=ZOMBIE_CARDS[:-1])
    with pytest.raises(InvalidConfig, match="unique"):
        Config(building_set=(*BUILDINGS[:-1], BUILDINGS[0]))
    no_bullets = tuple(i for i in ITEMS if i.name != "Bullets") + (
        Item("Cartridges", ITEMS[0].deck.MUNITION, 6, ITEMS[-1].kind.AMMO),
    )
    with pytest.raises(InvalidConfig, match="ammunition 'Bullets'"):
        Config(item_set=no_bullets)
    small = Config(
        strict_counts=False,
        zombie_card_set=ZOMBIE_CARDS[:3],
        building_set=BUILDINGS[:4],
        area_size=4,
    )
    state = start(small, buildings=(0, 1, 2, 3), zombie_hand=("Runner", "Brute", "Brute", "Horde"))
    assert state.phase is Phase.DECIDE
    with pytest.raises(InvalidConfig, match="zombie_card_set"):
        Config(zombie_card_set=("Runner",))  # type: ignore[arg-type]


def test_config_round_trips_as_short_json() -> None:
    config = Config(players=5, zombie_seat=2, free_actions=3)
    text = to_json(config)
    assert from_json(Config, text) == config and len(text) < 1000


# ------------------------------------------------------------ notation, views


def test_notation_round_trips_and_rejects_junk() -> None:
    state = start()
    for m in legal_moves(state):
        assert parse_move(state, str(m)) == m
    with pytest.raises(DecodeError):
        parse_move(state, "1: fly 3")
    with pytest.raises(DecodeError):
        parse_move(state, "1: propose north")
    with pytest.raises(DecodeError):
        parse_move(state, "propose 3")  # three Survivors may act: say who


def test_views_hide_decks_hands_and_commitments() -> None:
    """Issue: "a Survivor sees its own hand and equipment, everything face up, the counts
    of others' hands ...; the Zombie Player sees its hand, never the decks"."""
    state = start()
    zombie = view(state, 0)
    assert len(zombie.zombie_hand) == 4 and zombie.zombie_deck_size == 50
    survivor = view(state, 1)
    assert survivor.zombie_hand == () and survivor.zombie_hand_size == 4
    assert len(survivor.survivors[1].known) == 4
    assert survivor.survivors[2].known == ()
    assert survivor.survivors[2].hidden_supply + survivor.survivors[2].hidden_munition == 4
    spectator = view(state, None)
    assert all(s.known == () for s in spectator.survivors)
    assert "Quarantine Z" in render(survivor) and "your Zombie cards" in render(zombie)
    with pytest.raises(ValueError):
        view(state, 9)


def test_check_state_names_a_broken_field() -> None:
    state = start()
    broken = attrs.evolve(state, burned=999)
    with pytest.raises(ValueError, match="burned"):
        GAME.check_state(broken)


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
