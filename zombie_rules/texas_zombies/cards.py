"""Texas Zombies' default cards, as data.

The rulebook fixes the counts (30 Event cards, 50 Object cards, 6 Team cards) but
not the text. The names below are ours; the Objects include the published
examples (cucumber, knife, deck of cards, cat, chopsticks, handgun, basketball,
gum, metal coat hanger). Each Event carries on its back the number of Objects the
*previous* player's story must use; the rulebook does not say how many Events show
each number, so the default spreads them evenly, 10 each of 1, 2 and 3 (see
docs/rulings/texas_zombies.md). :func:`spread_events` builds other spreads.
"""

from __future__ import annotations

import enum
from typing import Final


class Team(enum.Enum):
    """The two secret teams; the value is the name printed on the Team card."""

    BETA_LAMBDA = "Beta Lambda"
    DARWIN_DRAGONS = "Darwin & Dragons"


#: Teams in index order: the index is what moves and per-team counts use.
TEAMS: Final[tuple[Team, Team]] = (Team.BETA_LAMBDA, Team.DARWIN_DRAGONS)
#: Team cards in the box: 3 of each.
TEAM_CARDS_EACH: Final = 3
#: Object cards in a hand ("draws ... as many new Object cards as necessary to have 3").
HAND_SIZE: Final = 3

EVENT_NAMES: Final[tuple[str, ...]] = (
    "Zombies in the gas station restroom",
    "Stuck on the roof of a pickup truck",
    "A horde at the rodeo",
    "The church bells will not stop ringing",
    "Trapped in a walk-in freezer",
    "Your grandmother is back, and hungry",
    "The bridge over the Rio Grande is out",
    "Surrounded in a corn maze",
    "A zombie longhorn charges",
    "The school bus is full of them",
    "Lost in the mall after closing time",
    "The elevator doors open on a crowd",
    "Your car will not start in the drive-in",
    "Swarmed at the barbecue cook-off",
    "Night falls at the county fair",
    "The radio tower is the only way out",
    "A zombie in the back seat",
    "Cornered in the high-school gym",
    "The armadillo was not dead after all",
    "Flooded tunnel under the interstate",
    "Stranded at the top of the Ferris wheel",
    "The sheriff has turned",
    "Tornado season, zombie season",
    "A pack of zombie coyotes",
    "The hospital's power fails",
    "Hiding in the grain silo",
    "Ambushed at the border checkpoint",
    "The oil rig is overrun",
    "Your best friend has been bitten",
    "The last helicopter is leaving",
)

OBJECT_NAMES: Final[tuple[str, ...]] = (
    "cucumber",
    "knife",
    "deck of cards",
    "cat",
    "chopsticks",
    "handgun",
    "basketball",
    "gum",
    "metal coat hanger",
    "cowboy hat",
    "lasso",
    "jar of salsa",
    "garden hose",
    "harmonica",
    "duct tape",
    "fire extinguisher",
    "umbrella",
    "bag of marbles",
    "rubber duck",
    "flashlight",
    "frying pan",
    "tennis racket",
    "can of hairspray",
    "lighter",
    "spurs",
    "guitar",
    "skateboard",
    "bottle of hot sauce",
    "garden gnome",
    "toilet plunger",
    "bowling ball",
    "roll of toilet paper",
    "mirror",
    "bicycle pump",
    "leaf blower",
    "fishing rod",
    "rope",
    "chainsaw",
    "bag of flour",
    "pool noodle",
    "megaphone",
    "horseshoe",
    "pair of roller skates",
    "cattle prod",
    "cast-iron skillet",
    "stapler",
    "water pistol",
    "pillow",
    "tortilla press",
    "golf club",
)


def spread_events(counts: tuple[int, int, int]) -> tuple[tuple[str, int], ...]:
    """The 30 Event names with backs ``1`` x ``counts[0]``, then ``2``, then ``3``.

    ``counts`` must sum to 30 (the number of Event names); the backs are handed
    out in name order, which does not matter because the pile is shuffled.
    """
    if sum(counts) != len(EVENT_NAMES) or any(c < 0 for c in counts):
        raise ValueError(f"counts must be 3 non-negative numbers summing to {len(EVENT_NAMES)}")
    backs = [back for back, n in zip((1, 2, 3), counts, strict=True) for _ in range(n)]
    return tuple(zip(EVENT_NAMES, backs, strict=True))


#: ``(name, number on the back)`` per Event card: 10 each of 1, 2 and 3.
DEFAULT_EVENTS: Final[tuple[tuple[str, int], ...]] = spread_events((10, 10, 10))
#: One name per Object card.
DEFAULT_OBJECTS: Final[tuple[str, ...]] = OBJECT_NAMES
