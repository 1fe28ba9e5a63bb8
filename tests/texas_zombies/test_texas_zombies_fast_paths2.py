"""Texas Zombies' draws from piles of different cards change no answer.

Objects and Events are one card each, so ``chance_weights`` gives their draws a
shared tuple of ones (:func:`~zombie_rules.core.chance.present_distinct`) instead
of filtering the pile: the same moves and weights as the plain
:func:`~zombie_rules.core.chance.present`, hence the same seeded games. Nothing is
timed.
"""

from __future__ import annotations

import random

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights, present, present_distinct
from zombie_rules.texas_zombies import (
    GAME,
    Config,
    Move,
    Phase,
    State,
    chance_outcomes,
    chance_weights,
)
from zombie_rules.texas_zombies.config import tables
from zombie_rules.texas_zombies.rules import _event_moves, _object_moves

_CONFIGS = [Config(), Config(players=5, team_sizes=(4, 1)), Config(players=3)]


def _plain_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """What ``chance_weights`` gave before: ``present`` over the pile, every phase alike."""
    if state.phase in (Phase.DEAL_OBJECT, Phase.DRAW_OBJECT):
        pile = state.object_pile
        return present(_object_moves(len(pile)), pile)
    assert state.phase is Phase.DRAW_EVENT and state.top_back is not None
    pool = state.event_pool
    with_back = tables(state.config).by_back[state.top_back]
    moves = _event_moves(len(pool))
    return present(tuple(moves[i] for i in with_back), tuple(pool[i] for i in with_back))


@pytest.mark.parametrize("config", _CONFIGS)
def test_object_and_event_draws_weigh_what_present_weighs(config: Config) -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        state = GAME.new_game(config)
        while actors := GAME.to_act(state):
            if CHANCE in actors:
                moves, weights = chance_weights(state)
                if state.phase in (Phase.DEAL_OBJECT, Phase.DRAW_OBJECT, Phase.DRAW_EVENT):
                    assert (tuple(moves), tuple(weights)) == _plain_weights(state)
                    assert set(weights) == {1}
                    checked += 1
                # The exact outcomes are still the plain build from the weights.
                assert chance_outcomes(state) == outcomes_from_weights(moves, weights)
                move = moves[rng.randrange(len(moves))]
            else:
                legal = GAME.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = GAME.apply(state, move)
    assert checked > 100


def test_present_distinct_is_present_for_cards_held_once() -> None:
    moves = tuple("abcdef")
    for held in [(1, 1, 1, 1, 1, 1), (0, 1, 0, 1, 1, 0), (0, 0, 0, 0, 0, 1), (0,) * 6]:
        assert present_distinct(moves, held) == present(moves, held)
    first = present_distinct(moves, (1, 0, 1, 0, 0, 0))[1]
    assert present_distinct(moves, (0, 1, 0, 0, 0, 1))[1] is first  # one tuple of ones per size
