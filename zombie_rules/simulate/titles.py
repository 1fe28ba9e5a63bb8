"""What a summary needs to know about each title beyond the protocol: roles, sides, scores.

The protocol says who won and gives per-seat scores, but not which way scores run,
what unit they count, which seats play on one side, or how close a game was. Those
are presentation facts, kept here by title name so the rules stay free of them; a
title missing from :data:`_TITLES` gets :data:`GENERIC` (higher scores better, no
sides).
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
class TitleInfo:
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


GENERIC = TitleInfo(score_text="points")

# ------------------------------------------------------------- Quarantine Z

ZOMBIE_PLAYER = "Zombie Player"
SURVIVORS = "Survivors"


def _qz_role(config: Any, seat: int) -> str:
    return ZOMBIE_PLAYER if seat == config.zombie_seat else "Survivor"


def _qz_sides(config: Any, final: Any) -> Sides:
    zombie = config.zombie_seat
    return {
        ZOMBIE_PLAYER: frozenset((zombie,)),
        SURVIVORS: frozenset(s for s in range(config.players) if s != zombie),
    }


def _qz_margin(result: Result, config: Any) -> int | None:
    # The Zombie Player's score counts the dead Survivors; when the Survivors win,
    # how many of them are still standing says how close the Zombies came.
    if config.zombie_seat in result.winners:
        return None
    survivors: int = config.players - 1
    zombie: int = config.zombie_seat
    return survivors - result.scores[zombie]


# ------------------------------------------------------------ Texas Zombies


def _texas_sides(config: Any, final: Any) -> Sides:
    # The teams are secret and dealt at random, so they are read from the end state;
    # a seat whose team was never dealt (a capped game) is on no side.
    sides: dict[str, set[int]] = {}
    for seat, team in enumerate(getattr(final, "teams", ())):
        if team is not None:
            sides.setdefault(str(team.value), set()).add(seat)
    return {name: frozenset(seats) for name, seats in sides.items()}


_TITLES: Mapping[str, TitleInfo] = {
    "zombie_run": TitleInfo(
        score_text="zombies taken, lower is better",
        lower_is_better=True,
        margin_text="the best loser's zombies minus the winner's",
    ),
    "texas_zombies": TitleInfo(
        score_text="the seat's team total of Events",
        rounds_text="turns (Events drawn)",
        margin_text="the winning team's Events minus the other team's",
        sides=_texas_sides,
    ),
    "zombie_doctor": TitleInfo(
        score_text="players outlasted",
        margin_text="places between the winner and the next player",
    ),
    "quarantine_z": TitleInfo(
        score_text="Zombie Player: Survivors killed; Survivor: Life left",
        rounds_text="Locations looted",
        margin_text="Survivors still alive when the Survivors win",
        sides=_qz_sides,
        role=_qz_role,
        margin=_qz_margin,
    ),
}


def title_info(name: str) -> TitleInfo:
    """The reading of ``name``'s results; :data:`GENERIC` for a title not listed."""
    return _TITLES.get(name, GENERIC)
