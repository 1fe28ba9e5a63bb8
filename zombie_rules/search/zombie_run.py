"""What the search bot knows of Zombie Run!: an evaluation, a natural break, a belief, settings.

``SETTINGS`` are the :class:`~zombie_rules.search.ISMCTSAgent` options
``make_ismcts`` starts from for this title (``benchmarks/search_strength.py``
measures them).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.search.scoring import softmax, winner_values
from zombie_rules.zombie_run import State as RunState
from zombie_rules.zombie_run import View as RunView
from zombie_rules.zombie_run.rules import result as run_result


def evaluate(state: RunState) -> tuple[float, ...]:
    """Lowest projected total wins: the scores so far plus each hand now.

    Cards not dealt yet count at the deck's mean.
    The chance of winning is a softmax of the negated projections with a
    temperature of 7 zombies times the square root of the rounds still to come
    (this one included), fitted on 300 heuristic games.
    """
    config = state.config
    final = run_result(state)
    if final is not None:
        return winner_values(final, config.players)
    deck = config.deck
    mean = sum(z * c for z, c in deck) / sum(c for _, c in deck)
    size = config.hand_size
    projected = [
        score + sum(hand) + (size - len(hand)) * mean
        for score, hand in zip(state.scores, state.hands, strict=True)
    ]
    temperature = 7.0 * math.sqrt(config.rounds - state.round)
    return softmax([-p / temperature for p in projected], [True] * config.players)


def round_over(origin: RunState, state: RunState) -> bool:
    """A Zombie Run! rollout stops when the round it started in is scored.

    Round scores are what the game is won with; a rollout that plays into the next
    round only adds the noise of a fresh deal.
    """
    return state.round != origin.round


#: Zombie Run!: how much likelier each card is to be one an opponent knows in its hand
#: (and the searching seat does not) than to be any unseen card, by zombies on it, for
#: turns 0-3, 4-7, 8-11 and 12 on of the round. Bots and people keep the low cards they
#: look at and swap out the high ones, so a card its owner has known for a while is
#: rarely a Horde; a re-deal uniform over the unseen cards ignores that. Measured on 300
#: heuristic games; a card of another count (a custom deck) weighs 1.
_RUN_KNOWN_CARD: tuple[dict[int, float], ...] = (
    {0: 1.1, 1: 1.12, 2: 1.17, 3: 1.17, 4: 1.21, 5: 1.23, 6: 1.08, 7: 0.93, 8: 0.85, 9: 0.82,
     15: 0.69},
    {0: 1.25, 1: 1.31, 2: 1.43, 3: 1.44, 4: 1.52, 5: 1.62, 6: 1.03, 7: 0.78, 8: 0.67, 9: 0.43,
     15: 0.19},
    {0: 1.24, 1: 1.35, 2: 1.55, 3: 1.54, 4: 1.76, 5: 1.96, 6: 0.78, 7: 0.57, 8: 0.38, 9: 0.19,
     15: 0.05},
    {0: 1.08, 1: 1.34, 2: 1.98, 3: 1.43, 4: 2.08, 5: 2.31, 6: 0.45, 7: 0.18, 8: 0.11, 9: 0.03,
     15: 0.02},
)  # fmt: skip


def world_weight(view: RunView, world: RunState) -> float:
    """How plausible ``world``'s cards are where opponents know their cards and we do not."""
    seat = view.seat
    table = _RUN_KNOWN_CARD[min(view.turns_taken // 4, len(_RUN_KNOWN_CARD) - 1)]
    weight = 1.0
    for s, (seen, knows, cards) in enumerate(
        zip(view.hands, view.owner_knows, world.hands, strict=True)
    ):
        if s == seat:
            continue
        for card, owner, shown in zip(cards, knows, seen, strict=True):
            if owner and shown is None:
                weight *= table.get(card, 1.0)
    return weight


#: The search bot's options for Zombie Run!.
SETTINGS: Mapping[str, Any] = MappingProxyType(
    {
        "iterations": 300,
        "rollout_moves": 150,
        "stop": round_over,
        "world_weight": world_weight,
        "candidates": 8,
        # Measured: below two standard errors its departures from the heuristic's
        # move win no more often than the heuristic's move (the noise of a round);
        # 600 iterations play no better than 300.
        "confidence": 2.0,
    }
)
