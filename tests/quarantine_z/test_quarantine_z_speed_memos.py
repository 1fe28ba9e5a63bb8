"""The shortcuts that make Quarantine Z's ``apply`` and legal moves cheaper change no answer.

``replace`` (``core.records.replacer``) copies a record without its ``__init__``, and
``apply`` trusts the moves ``legal_moves`` just listed; ``living``, the
Decide step's per-seat moves and ``best_gun`` keep or cache answers by the Survivors'
records. Each is checked here against the plain computation, over seeded games.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.quarantine_z import GAME, Config, Phase, State, Survivor, legal_moves
from zombie_rules.quarantine_z._base import (
    best_gun,
    living,
    replace,
)
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.knowledge import item_of
from zombie_rules.quarantine_z.rules import PHASES
from zombie_rules.quarantine_z.state import Move
from zombie_rules.testing import random_playout


def _states(seeds: range = range(6)) -> list[State]:
    out: list[State] = []
    for seed in seeds:
        config = Config(players=(3, 4, 5)[seed % 3], zombie_seat=seed % 3)
        out += random_playout(GAME, config, seed).states
    return out


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


def test_the_replacer_builds_the_record_the_constructor_builds() -> None:
    """``replace`` skips ``State.__init__`` (``core.records.replacer``): the copy must still be
    an equal, equally hashed, frozen ``State`` that shares the unchanged fields."""
    for state in _states(range(2))[::7]:
        values = {f.name: getattr(state, f.name) for f in attrs.fields(State)}
        copy = replace(state, passed=state.passed ^ 1, noise=state.noise + 1)
        expected = State(**{**values, "passed": state.passed ^ 1, "noise": state.noise + 1})
        assert type(copy) is State and copy is not state
        assert copy == expected and hash(copy) == hash(expected) and repr(copy) == repr(expected)
        assert copy.survivors is state.survivors and copy.area is state.area
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            copy.passed = 0  # type: ignore[misc]
        same = replace(state)
        assert same == state and same is not state and hash(same) == hash(state)
    with pytest.raises(TypeError, match="no field 'pased'"):
        replace(state, pased=1)


def test_a_listed_move_skips_the_check_and_lands_where_a_checked_one_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``apply`` trusts the very ``Move`` objects ``legal_moves`` (or ``chance_weights``)
    just listed for the very same state; an equal move built anywhere else, or a move
    listed for another state, is checked in full, and the two land on equal states."""
    checked = [0]
    for phase, record in list(PHASES.items()):

        def counting(state: State, move: Move, check: Any = record.check) -> str | None:
            checked[0] += 1
            return check(state, move)  # type: ignore[no-any-return]

        monkeypatch.setitem(PHASES, phase, attrs.evolve(record, check=counting))
    listed = 0
    for state in _states(range(2))[::3]:
        moves = legal_moves(state)
        if not moves:
            continue
        move = moves[len(moves) // 2]
        before = checked[0]
        trusted = GAME.apply(state, move)
        assert checked[0] == before  # listed for this very state: no check
        listed += 1
        rebuilt = Move(move.seat, move.action, tuple(move.args))
        assert GAME.apply(state, rebuilt) == trusted
        assert checked[0] == before + 1  # an equal move built elsewhere is checked
    assert listed > 50


def test_a_move_listed_for_another_state_is_still_refused() -> None:
    """Trust is by state identity too: a move listed for one state is checked in full
    when applied to another, where it may be illegal."""
    refused = 0
    for state in _states(range(2)):
        moves = legal_moves(state)
        if not moves or moves[0].seat == CHANCE:
            continue
        after = GAME.apply(state, moves[0])
        if after.phase is not state.phase or not GAME.legal_moves(after):
            legal_moves(state)  # listed again for ``state``, not for ``after``
            try:
                GAME.apply(after, moves[0])
            except IllegalMove:
                refused += 1
    assert refused > 10
