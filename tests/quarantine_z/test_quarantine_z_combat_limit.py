"""``Config.combat_round_limit``: a combat that lasts that many rounds ends undecided (ruling 39).

The rulebook's combat: "Repeat this sequence until all Survivors have died or escaped,
or until no Zombies remain in combat (and no Survivors are still trying to kill one
another)." Nothing bounds that loop; the knob does.
"""

from __future__ import annotations

import random

import attrs
import pytest

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.quarantine_z import GAME, Config, Phase, State, apply, check_state, describe
from zombie_rules.quarantine_z.aftermath import stopped_by_round_limit
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import check_invariants, random_playout

SEEDS = range(40)


def _capped_games(limit: int) -> list[tuple[State, State, object]]:
    """Every (before, after, move) of seeded random games where the limit ended a combat."""
    found = []
    for seed in SEEDS:
        config = Config(players=(3, 4, 5)[seed % 3], combat_round_limit=limit)
        walk = random_playout(GAME, config, seed)
        for before, move, after in zip(walk.states, walk.moves, walk.states[1:], strict=False):
            if before.combat is not None and stopped_by_round_limit(before, move):
                found.append((before, after, move))
    return found


def test_the_default_is_fifty_rounds_and_none_is_the_rulebook() -> None:
    assert Config().combat_round_limit == 50
    assert Config(combat_round_limit=None).combat_round_limit is None


@pytest.mark.parametrize("value", [0, -3, True, 2.5, "50"])
def test_a_limit_below_one_round_or_not_an_int_is_refused(value: object) -> None:
    with pytest.raises(InvalidConfig, match="combat_round_limit"):
        Config(combat_round_limit=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [1, 7, 50, None])
def test_the_limit_round_trips_as_json(limit: int | None) -> None:
    config = Config(players=5, combat_round_limit=limit)
    assert from_json(Config, to_json(config)) == config


def test_a_config_saved_before_the_knob_gets_the_default() -> None:
    data = to_json(Config()).replace(',"combat_round_limit":50', "")
    assert "combat_round_limit" not in data
    assert from_json(Config, data) == Config()


def test_a_limit_of_one_ends_every_combat_after_its_first_round() -> None:
    capped = _capped_games(1)
    assert capped, "some seeded combat goes past its first round"
    for before, after, move in capped:
        assert before.combat is not None and before.combat.rounds == 0
        assert after.combat is None
        # Without the limit the same move starts a second round.
        unlimited = attrs.evolve(before.config, combat_round_limit=None)
        again = apply(attrs.evolve(before, config=unlimited), move)
        assert again.combat is not None and again.combat.rounds == 1
        check_state(after)
        text = describe(before, move, None)
        assert "The combat has lasted 1 round and ends undecided" in text


def test_zombies_left_standing_stay_at_full_life_and_the_survivors_move_on() -> None:
    with_zombies = [
        (b, a, m)
        for b, a, m in _capped_games(1)
        if b.area[b.here].zombies and a.phase is not Phase.OVER
    ]
    assert with_zombies
    for before, after, _ in with_zombies:
        assert after.phase is Phase.DECIDE
        left = after.area[before.here].zombies
        assert [z.number for z in left] == [z.number for z in before.area[before.here].zombies]
        assert all(z.damage == 0 for z in left)


def test_no_state_holds_a_combat_past_the_limit() -> None:
    for seed in range(10):
        walk = random_playout(GAME, Config(players=4, combat_round_limit=2), seed)
        assert all(s.combat is None or s.combat.rounds < 2 for s in walk.states)


def test_a_capped_game_passes_the_kit() -> None:
    before, after, _ = _capped_games(1)[0]
    rng = random.Random(1)
    check_invariants(GAME, before, rng)
    check_invariants(GAME, after, rng)


def test_a_state_with_more_rounds_than_the_limit_is_refused() -> None:
    for seed in SEEDS:
        walk = random_playout(GAME, Config(combat_round_limit=3), seed)
        fighting = [s for s in walk.states if s.combat is not None]
        if fighting:
            state = fighting[0]
            assert state.combat is not None
            bad = attrs.evolve(state, combat=attrs.evolve(state.combat, rounds=3))
            with pytest.raises(ValueError, match=r"combat\.rounds"):
                check_state(bad)
            return
    pytest.fail("no seeded game has a combat")  # pragma: no cover


def test_fifty_rounds_are_never_reached_in_seeded_games() -> None:
    for seed in range(30):
        config = Config(players=(3, 4, 5)[seed % 3], combat_round_limit=None)
        walk = random_playout(GAME, config, seed)
        assert all(s.combat is None or s.combat.rounds < 50 for s in walk.states)
