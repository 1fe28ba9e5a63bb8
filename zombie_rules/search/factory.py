"""``make_ismcts``: the search bot of a title, with the settings measured to suit it.

Budgets are iterations or steps, never seconds, so a seeded game is
reproducible on any machine; they are set so that a move takes under 0.5 s on
one core of the 2-core development machine (``benchmarks/search_strength.py``
measures it, and the README gives the figures).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.search import quarantine_z, zombie_run
from zombie_rules.search.evaluation import EVALUATIONS
from zombie_rules.search.ismcts import ISMCTSAgent
from zombie_rules.texas_zombies.agents import world_weight as texas_world_weight

#: Per title, the ``ISMCTSAgent`` options ``make_ismcts`` starts from.
DEFAULTS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "zombie_run": zombie_run.SETTINGS,
        "texas_zombies": MappingProxyType(
            {"iterations": 200, "rollout_moves": 40, "world_weight": texas_world_weight}
        ),
        "zombie_doctor": MappingProxyType({"iterations": 150, "rollout_moves": 30}),
        "quarantine_z": quarantine_z.SETTINGS,
    }
)


#: The keyword options of :class:`ISMCTSAgent` (and so of ``make_ismcts``).
OPTIONS: tuple[str, ...] = tuple(
    name
    for name in inspect.signature(ISMCTSAgent.__init__).parameters
    if name not in ("self", "game")
)


def make_ismcts(game: Game[Any, Any, Any, Any], **options: Any) -> ISMCTSAgent:
    """An :class:`ISMCTSAgent` for ``game``: the title's evaluation and defaults, then ``options``.

    A title with no evaluation here plays its rollouts to the end of the game. An
    unknown option raises :class:`InvalidConfig` naming it.
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidConfig(
            unknown[0], f"not an option of the search bot; options: {', '.join(OPTIONS)}"
        )
    settings: dict[str, Any] = dict(DEFAULTS.get(game.name, {}))
    evaluate = EVALUATIONS.get(game.name)
    if evaluate is not None:
        settings["evaluate"] = evaluate
    settings.update(options)
    if settings.get("evaluate") is None:
        settings.pop("rollout_moves", None)
        settings.pop("stop", None)
    return ISMCTSAgent(game, **settings)
