"""The rulebook's cards are checked once per process; a table's own cards every time.

Every decoded state and view rebuilds its config, so the check of the built-in cards
is done once; skipping must never let through a table's card that merely compares
equal to a built-in one (``1.0 == 1``).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.quarantine_z import BUILDINGS, ITEMS, ZOMBIE_CARDS, Config
from zombie_rules.quarantine_z.config import (
    _check_buildings,
    _check_items,
    _check_zombie_cards,
)


def _float(number: int) -> Any:
    """``number`` as a float: a value of the wrong type that compares equal."""
    return float(number)


def test_the_rulebook_cards_pass_every_check_of_a_table_s_cards() -> None:
    _check_zombie_cards(ZOMBIE_CARDS)
    _check_items(ITEMS)
    _check_buildings(BUILDINGS)
    Config()  # and the skip path, after the first config has checked them


def test_a_card_equal_to_a_built_in_one_but_of_the_wrong_type_is_still_refused() -> None:
    Config()  # the built-in tuples are now known good
    first = ZOMBIE_CARDS[0]
    sneaky = attrs.evolve(first, copies=_float(first.copies))
    assert sneaky == first  # equal, so equality could never be the reason to skip
    cards = (sneaky, *ZOMBIE_CARDS[1:])
    assert cards == ZOMBIE_CARDS
    with pytest.raises(InvalidConfig, match="copies"):
        Config(zombie_card_set=cards)
    item = attrs.evolve(ITEMS[0], copies=_float(ITEMS[0].copies))
    with pytest.raises(InvalidConfig, match="copies"):
        Config(item_set=(item, *ITEMS[1:]))
    building = attrs.evolve(BUILDINGS[0], supply=_float(BUILDINGS[0].supply))
    with pytest.raises(InvalidConfig, match="supply"):
        Config(building_set=(building, *BUILDINGS[1:]))
