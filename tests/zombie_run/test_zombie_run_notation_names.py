"""Zombie Run! notation: cards by name as well as by number; a look's positions in any order."""

from __future__ import annotations

import pytest

from zombie_rules import DecodeError
from zombie_rules import zombie_run as zr


def test_cards_are_named_as_printed_or_numbered() -> None:
    state = zr.new_game(zr.Config(players=3))
    assert zr.parse_move(state, "chance: card zombie horde") == zr.Move(-1, zr.Action.CARD, (15,))
    assert zr.parse_move(state, "chance: card Empty Streets") == zr.Move(-1, zr.Action.CARD, (0,))
    assert zr.parse_move(state, "chance: card 7 zombies") == zr.parse_move(state, "chance: card 7")
    with pytest.raises(DecodeError, match="no card called 'bogus'; cards: empty streets"):
        zr.parse_move(state, "chance: card bogus")


def test_a_looks_positions_may_come_in_any_order() -> None:
    state = zr.new_game(zr.Config(players=3))
    assert zr.parse_move(state, "0: peek 3 1") == zr.parse_move(state, "0: peek 1 3")
