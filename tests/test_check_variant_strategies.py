"""Hypothesis strategies over a variant's own parameters: ``configs(game, space)``,
``variant_playthroughs`` and ``variant_states``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from zombie_rules import zombie_run as zr
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.testing import (
    Playthrough,
    check_invariants,
    configs,
    variant_playthroughs,
    variant_states,
)

GAME = zr.GAME
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Peeking two cards needs a hand of two: "hand_size 1, peek_count 2" is refused.
SPACE = {"hand_size": (1, 2, 4), "peek_count": (0, 2), "players": st.integers(2, 4)}


@FEW
@given(config=configs(GAME, SPACE))
def test_configs_vary_only_the_given_fields_and_skip_refused_combinations(
    config: zr.Config,
) -> None:
    assert config.peek_count <= config.hand_size  # the title's own refusal filtered it
    assert 2 <= config.players <= 4 and config.hand_size in (1, 2, 4)
    assert config.rounds == zr.Config().rounds  # not in the space: the default's


def test_configs_shrink_to_each_fields_first_value() -> None:
    smallest = find(configs(GAME, SPACE), lambda config: config.hand_size >= 2)
    assert (smallest.hand_size, smallest.peek_count, smallest.players) == (2, 0, 2)


def test_configs_default_to_the_titles_config_space() -> None:
    drawn = find(configs(GAME), lambda config: config.players == 7)
    assert drawn.players == 7 and set(GAME.config_space) >= {"players", "deck"}


def test_an_unknown_field_or_an_empty_space_is_refused_with_the_fields_named() -> None:
    with pytest.raises(InvalidConfig, match="has no field hand_sise; its fields: players"):
        configs(GAME, {"hand_sise": (4, 5)})
    with pytest.raises(InvalidConfig, match="no values to draw zombie_run's rounds from"):
        configs(GAME, {"rounds": ()})


@FEW
@given(walk=variant_playthroughs(GAME, configs(GAME, SPACE), max_moves=60))
def test_variant_playthroughs_play_the_drawn_config(
    walk: Playthrough[zr.Config, zr.State, zr.Move],
) -> None:
    assert walk.states[0] == GAME.new_game(walk.config)
    assert all(GAME.config_of(state) == walk.config for state in walk.states)
    assert walk.config.peek_count <= walk.config.hand_size


@FEW
@given(state=variant_states(GAME, configs(GAME, {"hand_size": (4, 6)}), max_moves=60))
def test_variant_states_pass_the_invariants(state: zr.State) -> None:
    check_invariants(GAME, state, thorough=False)
    assert state.config.hand_size in (4, 6)
