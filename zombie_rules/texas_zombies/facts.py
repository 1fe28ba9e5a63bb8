"""How to read a Texas Zombies result: two secret teams, each scoring its Events won.

Every seat of a team gets the team's total, so a summary that saw only the scores
could not tell who played with whom; the sides come from the Team cards.
"""

from __future__ import annotations

from zombie_rules.core.facts import Facts, Sides
from zombie_rules.texas_zombies.config import Config
from zombie_rules.texas_zombies.state import State


def sides(config: Config, final: State) -> Sides:
    """The teams as dealt, read from the end state.

    The teams are secret and dealt at random, so only the end state knows them; a seat
    whose team was never dealt (a capped game) is on no side.
    """
    found: dict[str, set[int]] = {}
    for seat, team in enumerate(getattr(final, "teams", ())):
        if team is not None:
            found.setdefault(str(team.value), set()).add(seat)
    return {name: frozenset(seats) for name, seats in found.items()}


FACTS = Facts(
    score_text="the seat's team total of Events",
    rounds_text="turns (Events drawn)",
    margin_text="the winning team's Events minus the other team's",
    sides=sides,
)
