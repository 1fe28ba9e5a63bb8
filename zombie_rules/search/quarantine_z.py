"""What the search bot knows of Quarantine Z: an evaluation and settings.

``SETTINGS`` are the :class:`~zombie_rules.search.ISMCTSAgent` options
``make_ismcts`` starts from for this title (``benchmarks/search_strength.py``
measures them).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.quarantine_z import State as QuarantineState
from zombie_rules.quarantine_z._base import living, zombie_deck_size, zombie_stats
from zombie_rules.quarantine_z.rules import result as quarantine_result
from zombie_rules.search.scoring import winner_values

#: Quarantine Z: logistic weights of the Survivors' chance of winning (fitted on 600 games at
#: 3-5 players, before ruling 38 scaled the Zombie Player; the 4-player game is unchanged).
_QZ_BIAS = -0.14
_QZ_ALIVE = 0.23  # per living Survivor
_QZ_LIFE = 0.33  # per point of Life among them
_QZ_DECK = -0.064  # per card left in the Zombie deck
_QZ_HAND = -0.156  # per card in the Zombie Player's hand
_QZ_EQUIPPED = 0.071  # per item equipped
_QZ_ARMOR = 0.094  # per Armor point left
_QZ_ZOMBIE_LIFE = -0.206  # per Life point of the zombies where the Survivors are


def evaluate(state: QuarantineState) -> tuple[float, ...]:
    """The Survivors' chance, shared by each living Survivor; the rest is the Zombie Player's.

    A dead Survivor scores 0: only "the living Survivors win".
    """
    config = state.config
    final = quarantine_result(state)
    if final is not None:
        return winner_values(final, config.players)
    alive = living(state)
    score = _QZ_BIAS + _QZ_ALIVE * len(alive)
    for seat in alive:
        survivor = state.survivors[seat]
        score += _QZ_LIFE * survivor.life + _QZ_EQUIPPED * len(survivor.equipment)
        score += _QZ_ARMOR * survivor.armor
    score += _QZ_DECK * zombie_deck_size(state) + _QZ_HAND * len(state.zombie_hand)
    if state.here >= 0:
        for zombie in state.area[state.here].zombies:
            score += _QZ_ZOMBIE_LIFE * (zombie_stats(config, zombie)[0] - zombie.damage)
    survivors = 1.0 / (1.0 + math.exp(-score))
    alive_set = set(alive)
    return tuple(
        1.0 - survivors if s == config.zombie_seat else survivors if s in alive_set else 0.0
        for s in range(config.players)
    )


#: The search bot's options for Quarantine Z.
SETTINGS: Mapping[str, Any] = MappingProxyType({"iterations": 200, "rollout_moves": 30})
