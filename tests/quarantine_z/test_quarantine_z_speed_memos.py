"""The shortcuts that make Quarantine Z's ``apply`` and legal moves cheaper change no answer.

``slot_builder`` fills a record's slots without its ``__init__``; ``living``, the
Decide step's per-seat moves and ``best_gun`` keep or cache answers by the Survivors'
records. Each is checked here against the plain computation, over seeded games.
"""

from __future__ import annotations

import attrs
import pytest

from zombie_rules.quarantine_z import GAME, Combat, Config, Phase, State, Survivor, legal_moves
from zombie_rules.quarantine_z._base import (
    best_gun,
    living,
    replace,
    replace_combat,
    slot_builder,
)
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import _usable, item_moves
from zombie_rules.quarantine_z.knowledge import item_of
from zombie_rules.quarantine_z.state import Action, Move
from zombie_rules.testing import random_playout


def _states(seeds: range = range(6)) -> list[State]:
    out: list[State] = []
    for seed in seeds:
        config = Config(players=(3, 4, 5)[seed % 3], zombie_seat=seed % 3)
        out += random_playout(GAME, config, seed).states
    return out


def test_the_slot_builder_makes_the_record_the_constructor_makes() -> None:
    build_state, build_combat = slot_builder(State), slot_builder(Combat)
    combats = 0
    for state in _states(range(2))[::5]:
        rebuilt = build_state([getattr(state, f.name) for f in attrs.fields(State)])
        assert rebuilt is not state
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert repr(rebuilt) == repr(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            rebuilt.passed = 1  # type: ignore[misc]
        if state.combat is not None:
            combats += 1
            combat = state.combat
            again = build_combat([getattr(combat, f.name) for f in attrs.fields(Combat)])
            assert again == combat and hash(again) == hash(combat)
            assert replace_combat(combat, noise=combat.noise + 1).noise == combat.noise + 1
    assert combats


def test_the_slot_builder_refuses_records_whose_init_does_more() -> None:
    @attrs.frozen
    class Converted:
        x: int = attrs.field(converter=int)

    @attrs.frozen
    class PostInit:
        x: int

        def __attrs_post_init__(self) -> None:  # pragma: no cover - never built here
            pass

    for cls in (Converted, PostInit):
        with pytest.raises(TypeError, match="slot_builder"):
            slot_builder(cls)


def test_living_follows_the_survivors_records() -> None:
    for state in _states():
        expected = tuple(s for s, sv in enumerate(state.survivors) if sv.life > 0)
        assert living(state) == expected
        # A state with other records (the same values, a new tuple) gets its own answer.
        dead = tuple(
            Survivor(0, sv.hand, sv.equipment, sv.armor, sv.wear) for sv in state.survivors
        )
        assert living(replace(state, survivors=dead)) == ()
        assert living(state) == expected


def test_decide_moves_kept_by_survivors_match_a_fresh_listing() -> None:
    decide = [s for s in _states() if s.phase is Phase.DECIDE]
    assert decide
    for state in decide:
        first = legal_moves(state)
        # The same state again answers from the memo; a copy with new records does not.
        assert legal_moves(state) == first
        fresh = replace(state, survivors=tuple(attrs.evolve(sv) for sv in state.survivors))
        assert legal_moves(fresh) == first


def test_item_moves_are_what_the_item_check_accepts() -> None:
    for state in _states(range(3))[::5]:
        config = state.config
        for s in tables(config).survivors:
            me = state.survivors[s]
            listed = set(item_moves(config, s, me))
            for item in {item_of(c) for c in me.hand}:
                for action in (Action.USE, Action.EQUIP):
                    legal = _usable(config, me, item, action) is None
                    assert (Move(s, action, (item,)) in listed) == legal


def _plain_best_gun(config: Config, sv: Survivor) -> int:
    """The most damaging equipped firearm whose ammunition is in hand (lowest id on ties)."""
    held = {item_of(c) for c in sv.hand}
    guns = [
        e for e in sv.equipment if config.items[e].gun_damage and tables(config).ammo_of[e] in held
    ]
    return max(guns, key=lambda e: (config.items[e].gun_damage, -e), default=-1)


def test_best_gun_is_the_plain_answer() -> None:
    armed = 0
    for state in _states(range(4)):
        for sv in state.survivors:
            assert best_gun(state.config, sv) == _plain_best_gun(state.config, sv)
            armed += best_gun(state.config, sv) >= 0
    assert armed
