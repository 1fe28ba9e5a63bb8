"""Seeded random Texas Zombies games, for the tests that need many real states.

One copy of the loop (a chance node by its integer weights, otherwise a uniform legal
move), so that "seed 3" names the same game in every test module that uses it.
"""

from __future__ import annotations

import random

from zombie_rules.core.actors import CHANCE
from zombie_rules.texas_zombies import (
    Config,
    Move,
    Phase,
    State,
    apply,
    chance_weights,
    legal_moves,
    new_game,
    to_act,
)


def random_step(state: State, rng: random.Random) -> Move:
    """The next move of a seeded random game: chance by its weights, else uniform."""
    if CHANCE in to_act(state):
        moves, weights = chance_weights(state)
        return rng.choices(moves, weights)[0]
    return rng.choice(legal_moves(state))


def walk(config: Config, seed: int) -> list[State]:
    """Every state of the seeded random game, the first and the last included."""
    rng = random.Random(seed)
    state = new_game(config)
    states = [state]
    while legal_moves(state):
        state = apply(state, random_step(state, rng))
        states.append(state)
    return states


def random_finish(config: Config, seed: int) -> State:
    """The last state of the seeded random game."""
    return walk(config, seed)[-1]


def first(phase: Phase, config: Config | None = None, seed: int = 0) -> State:
    """The first state of the seeded random game that is in ``phase``."""
    rng = random.Random(seed)
    state = new_game(config or Config())
    while state.phase is not phase:
        state = apply(state, random_step(state, rng))
    return state
