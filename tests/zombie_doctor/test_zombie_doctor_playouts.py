"""Random playouts: cards conserved, hands refilled, determinism; JSON; custom cards."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping

import cattrs
import pytest
from hypothesis import HealthCheck, given, settings

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, InvalidConfig, ZombieRulesError
from zombie_rules.play import sample_chance
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import check_invariants, configs, states
from zombie_rules.zombie_doctor import (
    DEFAULT_DECK,
    GAME,
    Config,
    CustomCard,
    Phase,
    State,
    Status,
    apply,
    legal_moves,
    new_game,
    opponents,
    parse_move,
    register_card_effect,
    unregister_card_effect,
)
from zombie_rules.zombie_doctor.checks import card_census, card_set, check_state


def _playout(config: Config, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = new_game(config)
    trail = [state]
    while GAME.to_act(state):
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            moves = legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = apply(state, move)
        trail.append(state)
    return trail


@pytest.mark.parametrize(
    "config",
    [Config(players=2), Config(players=3, bonus_mode=True), Config(players=4),
     Config(players=4, bonus_mode=True, hand_size=2, first_player=3)],
)  # fmt: skip
def test_random_playouts_conserve_cards_and_refill_hands(config: Config) -> None:
    """ "at the end of each turn, all players must have three cards in hand": every
    turn starts with full hands, every card stays somewhere, and the same seed replays
    the same game."""
    for seed in range(8):
        trail = _playout(config, seed)
        assert trail == _playout(config, seed)
        for state in trail:
            check_state(state)
            assert card_census(state) == card_set(config)
            if state.phase is Phase.PLAY:
                assert all(
                    len(h) == config.hand_size
                    for s, h in enumerate(state.hands)
                    if state.status[s] is Status.ALIVE
                )
        assert GAME.result(trail[-1]) is not None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(GAME, max_moves=120))
def test_conformance_kit_invariants(state: State) -> None:
    """The generic kit's checks (views, notation, JSON, candidate moves) on random states."""
    check_invariants(GAME, state, random.Random(0), thorough=True)


@settings(max_examples=15, deadline=None)
@given(config=configs(GAME))
def test_built_in_configs_round_trip_through_json(config: Config) -> None:
    converter = cattrs.Converter()
    text = json.dumps(converter.unstructure(config))
    assert converter.structure(json.loads(text), Config) == config


def _bandage_targets(state: State, user: int, params: Mapping[str, int]) -> tuple[int, ...]:
    return (user,) if state.bodies[user][1] & 1 else ()


def _bandage_effect(
    state: State, user: int, target: int, params: Mapping[str, int]
) -> tuple[tuple[int, ...], ...]:
    body = state.bodies[target]
    cured = (body[0], body[1] & ~1, *body[2:])
    return state.bodies[:target] + (cured,) + state.bodies[target + 1 :]


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    """The registered effects these tests' cards name, registered for each test only."""
    register_card_effect("bandage", _bandage_targets, _bandage_effect)
    yield
    unregister_card_effect("bandage")
    unregister_card_effect("thief")


def _bandage() -> CustomCard:
    """A card curing its user's torso, named by its registered effect (see the fixture)."""
    return CustomCard("bandage", effect="bandage", self_flip=True)


def test_a_custom_card_kind_plays_through_the_rules() -> None:
    """ "Have an idea for a card? Customise your set by designing new ones" (Ruling 26)."""
    config = Config(players=3, deck=(*DEFAULT_DECK, ("bandage", 2)), custom_cards=(_bandage(),))
    for seed in range(5):
        trail = _playout(config, seed)
        assert all(card_census(s) == card_set(config) for s in trail)
        assert GAME.result(trail[-1]) is not None


def test_custom_card_usability_and_effect(make: Callable[..., State]) -> None:
    builder = make
    deck = (("bandage", 4), ("coma", 8), ("medicine", 8))
    state = builder(hands=[("bandage", "coma", "coma"), ("coma",) * 3], bodies=["hzzhhh", "hhhhhh"],
                    deck=deck, custom_cards=(_bandage(),))  # fmt: skip
    assert "0: use bandage 0" in [str(m) for m in legal_moves(state)]
    after = apply(state, parse_move(state, "0: use bandage 0"))
    assert after.bodies[0][1] & 1 == 0
    assert after.phase is Phase.SELF_FLIP  # self_flip=True, several limbs to choose from
    healthy = builder(hands=[("bandage", "coma", "coma"), ("coma",) * 3],
                      deck=deck, custom_cards=(_bandage(),))  # fmt: skip
    assert not any(m.card == "bandage" for m in legal_moves(healthy))


def test_custom_effects_that_break_the_rules_are_refused(make: Callable[..., State]) -> None:
    def steal_head(state: State, user: int, target: int) -> tuple[tuple[int, ...], ...]:
        return tuple((-1, *b[1:]) for b in state.bodies)

    def anyone(state: State, user: int, params: Mapping[str, int]) -> tuple[int, ...]:
        return tuple(opponents(state, user))

    register_card_effect("thief", anyone, lambda state, user, target, params: steal_head(
        state, user, target))  # fmt: skip
    thief = CustomCard("thief", effect="thief")
    state = make(hands=[("thief", "coma", "coma"), ("coma",) * 3],
                 deck=(("thief", 2), ("coma", 8)), custom_cards=(thief,))  # fmt: skip
    with pytest.raises(ZombieRulesError, match="thief"):
        apply(state, parse_move(state, "0: use thief 1"))


def test_configs_through_the_library_serializer() -> None:
    """Configs round-trip, custom cards too; a card naming no known effect is a DecodeError."""
    config = Config(players=3, bonus_mode=True, round_limit=None)
    assert from_json(Config, to_json(config)) == config
    data = {"players": 2, "custom_cards": [{"name": "x", "effect": "nowhere"}]}
    with pytest.raises(DecodeError, match="nowhere"):
        from_json(Config, json.dumps(data))


def test_custom_card_fields_are_checked() -> None:
    """A card names a registered effect or vocabulary steps; other values say what is legal."""
    with pytest.raises(InvalidConfig, match=r"registered: .*bandage"):
        CustomCard("x", effect="g")
    with pytest.raises(InvalidConfig, match="neither"):
        CustomCard("x")
    with pytest.raises(InvalidConfig, match="built-in"):
        Config(custom_cards=(CustomCard("coma", effect="bandage"),))
    with pytest.raises(InvalidConfig, match="deck"):
        Config(deck=(("sneeze", 3),))


def test_a_config_with_custom_cards_is_written_as_json() -> None:
    """A custom card is data: its config round-trips, and replays decode by the effect's name."""
    config = Config(deck=(*Config().deck, ("bandage", 2)), custom_cards=(_bandage(),))
    assert from_json(Config, to_json(config)) == config
    text = to_json(config)
    unregister_card_effect("bandage")
    with pytest.raises(DecodeError, match="bandage"):
        from_json(Config, text)
