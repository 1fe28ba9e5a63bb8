"""Small pieces of English shared by Texas Zombies' errors, notation and move accounts.

Kept apart so that ``rules`` (errors), ``notation`` (hints) and ``describe`` (accounts)
count, list and name things the same way: "1 Object", "2 Objects", "Seats 0 and 2".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from zombie_rules.core.validation import short
from zombie_rules.core.wording import listing

if TYPE_CHECKING:  # config imports this module for its messages
    from zombie_rules.texas_zombies.config import Config

#: Longest rendering of a move inside an error message: a refused move may carry
#: a huge story or argument tuple, and an error must not repeat it in full.
SHOWN_LIMIT = 60


def seats(numbers: Sequence[int], you: int | None = None) -> str:
    """ "Seat 2" or "Seats 0, 2 and 4"; the reader's own seat is marked "(you)"."""
    marked = [f"{s} (you)" if s == you else str(s) for s in numbers]
    return f"{'Seat' if len(marked) == 1 else 'Seats'} {listing(marked)}"


def shown(move: object) -> str:
    """The move's notation for an error message, cut to :data:`SHOWN_LIMIT` characters.

    Called only on refusal paths, for well-formed moves (``str`` of a malformed one
    may itself fail; :func:`zombie_rules.core.validation.expect_well_formed` comes first).
    """
    try:
        text = str(move)
    except ValueError:  # an int too long to print (Python refuses > 4300 digits)
        return short(move, SHOWN_LIMIT)
    return text if len(text) <= SHOWN_LIMIT else f"{text[: SHOWN_LIMIT - 3]}..."


def event_name(config: Config, event: int) -> str:
    """An Event as people call it: its title in quotes."""
    return f'"{config.events[event][0]}"'


def object_names(config: Config, objects: Sequence[int]) -> str:
    """Objects by name, as an English list."""
    return listing([config.objects[o] for o in objects])


def hand_listing(config: Config, hand: Sequence[int]) -> str:
    """A hand for a hint: each Object's id and name, "3 cucumber, 17 lasso"."""
    return ", ".join(f"{o} {config.objects[o]}" for o in hand) or "no Objects"
