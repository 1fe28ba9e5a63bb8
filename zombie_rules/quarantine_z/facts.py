"""How to read a Quarantine Z result: one Zombie Player against the Survivors.

The two roles score different things (Survivors killed, Life left), so a summary
must know which seat played which, and how close the Zombies came when they lost.
"""

from __future__ import annotations

from zombie_rules.core.facts import Facts, Sides
from zombie_rules.core.result import Result
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.state import State

ZOMBIE_PLAYER = "Zombie Player"
SURVIVORS = "Survivors"


def role(config: Config, seat: int) -> str:
    return ZOMBIE_PLAYER if seat == config.zombie_seat else "Survivor"


def sides(config: Config, final: State) -> Sides:
    zombie = config.zombie_seat
    return {
        ZOMBIE_PLAYER: frozenset((zombie,)),
        SURVIVORS: frozenset(s for s in range(config.players) if s != zombie),
    }


def margin(result: Result, config: Config) -> int | None:
    """Survivors still standing when the Survivors win; ``None`` when the Zombies do.

    The Zombie Player's score counts the dead Survivors; when the Survivors win, how
    many of them are still standing says how close the Zombies came.
    """
    if config.zombie_seat in result.winners:
        return None
    survivors = config.players - 1
    return survivors - result.scores[config.zombie_seat]


FACTS = Facts(
    score_text="Zombie Player: Survivors killed; Survivor: Life left",
    rounds_text="Locations looted",
    margin_text="Survivors still alive when the Survivors win",
    sides=sides,
    role=role,
    margin=margin,
)
