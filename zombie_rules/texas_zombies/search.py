"""What the search bot knows of Texas Zombies: the bot's evaluation and belief, and a budget.

The estimate of each team's chances and the weight of a re-dealt world both come
from the heuristic bot's voter model, so they live with the bot
(:mod:`zombie_rules.texas_zombies.agents`); this module hands them to the search.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.core.search_hints import SearchHints
from zombie_rules.texas_zombies.agents import evaluate, world_weight

#: The search bot's options for Texas Zombies (``benchmarks/search_strength.py`` measures
#: them): worlds weighed by how well their teams explain the votes seen so far.
SETTINGS: Mapping[str, Any] = MappingProxyType(
    {"iterations": 200, "rollout_moves": 40, "world_weight": world_weight}
)

#: The hints ``make_ismcts`` reads through ``Game.search``.
SEARCH = SearchHints(evaluate=evaluate, settings=SETTINGS)
