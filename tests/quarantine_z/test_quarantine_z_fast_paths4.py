"""Quarantine Z's fourth round of speed-ups builds exactly the records the plain code did.

The rules now read the enum members they compare on every move as module constants
(the very members), copy a Survivor's record with a generated rebuild rather than
the attrs ``__init__`` (``_base.with_hand``, ``with_life``), share the set-up step
records (``steps.setup_draw``) and answer ``tables`` for the config asked about last
without hashing it. Each is checked against the plain construction over seeded
games; the fingerprint of seeded games (tools) covers the moves and states whole.
"""

from __future__ import annotations

import attrs

from tests.quarantine_z.qz_helpers import random_states
from zombie_rules.quarantine_z import Config, Phase, Survivor, combat, rules, travel
from zombie_rules.quarantine_z._base import with_hand, with_life
from zombie_rules.quarantine_z.config import _tables, tables
from zombie_rules.quarantine_z.state import Action
from zombie_rules.quarantine_z.steps import SetupDraw, setup_draw

STATES = random_states(range(6))


def _same(a: object, b: object) -> None:
    assert type(a) is type(b)
    assert a == b
    assert hash(a) == hash(b)
    assert attrs.asdict(a) == attrs.asdict(b)  # type: ignore[arg-type]


def test_survivor_copies_are_the_records_init_builds() -> None:
    for state in STATES:
        for sv in state.survivors:
            _same(with_hand(sv, (1, 2)), Survivor(sv.life, (1, 2), sv.equipment, sv.armor, sv.wear))
            _same(with_life(sv, 1), Survivor(1, sv.hand, sv.equipment, sv.armor, sv.wear))
            copy = with_hand(sv, sv.hand)
            assert copy is not sv
            _same(copy, sv)
    # Frozen like any record built by ``__init__``.
    sv = with_life(STATES[0].survivors[0], 2)
    try:
        sv.life = 3  # type: ignore[misc]
    except attrs.exceptions.FrozenInstanceError:
        pass
    else:  # pragma: no cover - the assertion below names the failure
        raise AssertionError("a copied Survivor must stay frozen")


def test_shared_setup_steps_equal_fresh_ones() -> None:
    seen = [s.step for s in STATES if isinstance(s.step, SetupDraw)]
    assert seen
    for step in seen:
        _same(setup_draw(step.drawer, step.drawn, step.deck), step)
        assert setup_draw(step.drawer, step.drawn, step.deck) is setup_draw(
            step.drawer, step.drawn, step.deck
        )


def test_tables_of_the_last_config_are_those_of_its_equals() -> None:
    configs = [Config(), Config(players=5), Config(), Config(players=3, zombie_seat=2)]
    for config in configs + configs[::-1]:
        assert tables(config) is _tables(config)
        assert tables(Config(**attrs.asdict(config, recurse=False))) == _tables(config)


def test_the_module_constants_are_the_members() -> None:
    assert rules._OVER is Phase.OVER and rules._BUILDINGS is Phase.BUILDINGS
    assert combat._DECLARE is Phase.DECLARE and combat._TARGET_ZOMBIE is Action.TARGET_ZOMBIE
    assert travel._USE is Action.USE and travel._READY is Action.READY
