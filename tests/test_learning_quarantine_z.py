"""Quarantine Z's learning records, checked directly (the title does not export them yet).

The records are reached through ``quarantine_z.learning`` by module name until the
title's ``__init__`` exports ``learning`` (the lead's decision: see the module's bounds,
a horizon). The checks are the kit's promises that do not depend on the order seats
are served in: indices map one to one onto legal moves, the observation has its size,
stays in range and is equal in every world the seat cannot tell apart.
"""

from __future__ import annotations

import importlib
import random

from zombie_rules.core.actors import CHANCE
from zombie_rules.quarantine_z import GAME, Config
from zombie_rules.testing import random_playout

_learning = importlib.import_module("zombie_rules.quarantine_z.learning")._learning


def test_spaces_observation_and_worlds() -> None:
    config = Config()
    learning = _learning(config)
    obs, actions = learning.observation, learning.actions
    lows, highs = obs.lows(), obs.highs()
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        walk = random_playout(GAME, config, seed)
        for state in walk.states[::3]:
            legal = GAME.legal_moves(state)
            for seat in range(config.players):
                indices = actions.legal(state, seat)
                mine = {m for m in legal if m.seat == seat}
                assert {actions.move(state, seat, i) for i in indices} == mine
                assert all(actions.index(state, actions.move(state, seat, i)) == i for i in indices)
                encoded = obs.encode(state, seat)
                assert len(encoded) == obs.size
                assert all(lo <= x <= hi for x, lo, hi in zip(encoded, lows, highs, strict=True))
                world = GAME.determinize(state, seat, random.Random(rng.randrange(2**32)))
                assert obs.encode(world, seat) == encoded
                assert actions.legal(world, seat) == indices
                checked += 1
            if CHANCE in GAME.to_act(state):
                for move in GAME.chance_weights(state)[0]:
                    assert (
                        learning.chance.outcome(state, learning.chance.index(state, move)) == move
                    )
    assert checked > 100


def test_a_hidden_commitment_is_told_by_kind_only() -> None:
    """ "Decide: lay this card face-down": another seat's commitment tells a seat only
    that a card was laid, whichever card it was."""
    config = Config()
    told = _learning(config).recall.told
    found = 0
    for seed in range(10):
        walk = random_playout(GAME, config, seed)
        for i, move in enumerate(walk.moves):
            if move.action.value != "commit":
                continue
            before = walk.states[i]
            for other in GAME.legal_moves(before):
                if other.seat != move.seat or other.action is not move.action or other == move:
                    continue
                there = GAME.apply(before, other)
                for seat in range(config.players):
                    if seat != move.seat and there.combat is not None and not there.combat.revealed:
                        after = walk.states[i + 1]
                        if after.combat is not None and not after.combat.revealed:
                            assert told(before, move, after, seat) == told(
                                before, other, there, seat
                            )
                            found += 1
    assert found
