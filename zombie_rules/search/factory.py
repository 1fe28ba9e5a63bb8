"""``make_ismcts``: the search bot of a title, with the settings measured to suit it.

The title says what suits it (``Game.search``: an evaluation and settings), so this
module knows no title and a title from another package gets its own bot the same
way. Budgets are iterations or steps, never seconds, so a seeded game is
reproducible on any machine; the built-in titles set theirs so that a move takes
under 0.5 s on one core of the 2-core development machine
(``benchmarks/search_strength.py`` measures it, and the README gives the figures).
"""

from __future__ import annotations

import inspect
from typing import Any

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.search.ismcts import ISMCTSAgent

#: The keyword options of :class:`ISMCTSAgent` (and so of ``make_ismcts``).
OPTIONS: tuple[str, ...] = tuple(
    name
    for name in inspect.signature(ISMCTSAgent.__init__).parameters
    if name not in ("self", "game")
)


def make_ismcts(game: Game[Any, Any, Any, Any], **options: Any) -> ISMCTSAgent:
    """An :class:`ISMCTSAgent` for ``game``: the title's settings and evaluation, then ``options``.

    A title with no evaluation plays its rollouts to the end of the game (a cut-off
    or a stop rule means nothing without one). An unknown option raises
    :class:`InvalidConfig` naming it.
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidConfig(
            unknown[0], f"not an option of the search bot; options: {', '.join(OPTIONS)}"
        )
    hints = game.search
    settings: dict[str, Any] = dict(hints.settings)
    if hints.evaluate is not None:
        settings["evaluate"] = hints.evaluate
    settings.update(options)
    if settings.get("evaluate") is None:
        settings.pop("rollout_moves", None)
        settings.pop("stop", None)
    return ISMCTSAgent(game, **settings)
