"""Zombie Run!'s exact chance path: ``chance_outcomes`` and ``pick_exact`` in a playout.

"Shuffle the deck": a card off the face-down pile is each card left in it alike,
so a kind comes with its count over the pile's size. ``chance_outcomes`` answers
from shared pairs, and from a memo for piles met again (the first cards of every
deal); these tests hold every answer, looked up or built, to the plain build from
the weights, and a seeded exact game to the same moves whatever the memo holds.
Nothing is timed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from zombie_rules.core import chance
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights, pick_exact
from zombie_rules.zombie_run import GAME, Config, chance_outcomes, chance_weights


def _exact_game(config: Config, seed: int) -> list[Any]:
    """The moves of one random game whose chance is drawn by ``pick_exact``."""
    rng = random.Random(seed)
    state = GAME.new_game(config)
    moves = []
    while actors := GAME.to_act(state):
        if CHANCE in actors:
            move = pick_exact(chance_outcomes(state), rng)
        else:
            legal = GAME.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = GAME.apply(state, move)
    return moves


def _forget_every_pile() -> None:
    """Empty the pile tables, as a new process would have them."""
    chance._PILES.clear()
    chance._last_table = chance._PileTable(())


@pytest.mark.parametrize("config", [Config(), Config(players=2, hand_size=3, peek_count=1)])
def test_every_chance_node_gets_the_shuffled_piles_exact_probabilities(config: Config) -> None:
    """ "Shuffle the deck": each kind with its count over the cards left, summing to 1."""
    rng = random.Random(7)
    looked_up = 0
    for _ in range(40):
        state = GAME.new_game(config)
        while actors := GAME.to_act(state):
            if CHANCE in actors:
                outcomes = chance_outcomes(state)
                looked_up += outcomes is chance_outcomes(state)
                moves, weights = chance_weights(state)
                assert outcomes == outcomes_from_weights(moves, weights)
                assert sum(p for _, p in outcomes) == 1
                assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
                total = sum(state.draw_pile)
                assert {m.args[0]: p * total for m, p in outcomes} == {
                    m.args[0]: w for m, w in zip(moves, weights, strict=True)
                }
                move = pick_exact(outcomes, rng)
            else:
                legal = GAME.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = GAME.apply(state, move)
    assert looked_up > 0  # the memo answered some of them


def test_a_seeded_exact_game_does_not_depend_on_what_the_memo_holds() -> None:
    config = Config()
    _forget_every_pile()
    cold = [_exact_game(config, seed) for seed in range(30)]
    warm = [_exact_game(config, seed) for seed in range(30)]  # the first deals now looked up
    assert cold == warm
    _forget_every_pile()
    assert [_exact_game(config, seed) for seed in reversed(range(30))] == cold[::-1]


def test_the_first_deals_are_looked_up_and_deep_ones_built() -> None:
    """Piles recur near a full deck and hardly ever deep into a deal: only the former keep memos."""
    _forget_every_pile()
    config = Config()
    for seed in range(200):
        _exact_game(config, seed)
    levels = chance._last_table.levels
    full = sum(GAME.new_game(config).draw_pile)
    memos = levels[full].memos
    assert memos is not None and len(memos) == 1
    assert levels[full - 1].hits > 0
    assert levels[full - 14].memos is None  # 14 cards dealt: a new pile almost every time
    kept = sum(len(level.memos or ()) for level in levels.values())
    assert kept <= chance._MEMO_LEVELS * chance._MEMOS_PER_TOTAL
