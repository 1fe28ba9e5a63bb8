"""How to read a title's results: score words and direction, sides, roles, margins.

The protocol says who won and gives per-seat scores, but not which way scores run,
what unit they count, which seats play on one side, or how close a game was. A title
states those facts in its own ``facts.py`` as one :class:`Facts`; a title that states
none gets :data:`GENERIC` (higher scores better, no sides, no roles). Simulations,
the terminal's result lines and the web read them through ``Game.facts``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from zombie_rules.core.result import Result

#: Side name -> the seats on it, for one game.
Sides = Mapping[str, frozenset[int]]


def no_sides(config: Any, final: Any) -> Sides:
    """Every seat for itself."""
    return {}


def no_role(config: Any, seat: int) -> str:
    return ""


def best_gap(result: Result, lower_is_better: bool) -> int | None:
    """How far the winners' best score is ahead of the best loser's, in score units.

    ``None`` when every seat won (nobody to be ahead of) or nobody did.
    """
    winners = [result.scores[s] for s in result.winners]
    losers = [score for s, score in enumerate(result.scores) if s not in result.winners]
    if not winners or not losers:
        return None
    if lower_is_better:
        return min(losers) - min(winners)
    return max(winners) - max(losers)


@attrs.frozen
class Facts:
    """How to read one title's results.

    ``sides`` maps a finished (or capped) game to its sides; ``role`` names a seat's
    fixed role for the tables ("Zombie Player"), or ``""``; ``margin`` is one
    game's score margin (``None`` when it has none), described by ``margin_text``.
    """

    score_text: str
    lower_is_better: bool = False
    rounds_text: str = "rounds"
    margin_text: str = "the winners' best score minus the best loser's"
    sides: Callable[[Any, Any], Sides] = no_sides
    role: Callable[[Any, int], str] = no_role
    margin: Callable[[Result, Any], int | None] | None = None

    def game_margin(self, result: Result, config: Any) -> int | None:
        """The margin of one finished game (``None`` when it has none)."""
        if self.margin is not None:
            return self.margin(result, config)
        return best_gap(result, self.lower_is_better)


GENERIC = Facts(score_text="points")
