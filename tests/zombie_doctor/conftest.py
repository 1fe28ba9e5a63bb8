"""Builders for Zombie Doctor test positions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.zombie_doctor import BUILT_IN, Action, Config, Move, State, apply, new_game
from zombie_rules.zombie_doctor.cards import MISSING, card
from zombie_rules.zombie_doctor.checks import check_state
from zombie_rules.zombie_doctor.config import morgue_kind, tables

_SIDE = {"h": False, "z": True}
#: Eight of every built-in card, so any test hands can be dealt.
TEST_DECK = tuple((name, 8) for name in BUILT_IN)


def deal(config: Config, hands: Sequence[Sequence[str]]) -> State:
    """A new game whose opening hands are ``hands`` (card names per seat)."""
    state = new_game(config)
    n = config.players
    for i in range(n):
        seat = (config.first_player + i) % n
        for name in hands[seat]:
            state = apply(state, Move(CHANCE, Action.DRAW, name))
    return state


def build(
    players: int = 2,
    hands: Sequence[Sequence[str]] | None = None,
    bodies: Sequence[str] | None = None,
    **config_fields: Any,
) -> State:
    """A position at the start of seat 0's turn, dealt from ``TEST_DECK`` by default.

    ``bodies`` gives one six-letter string per seat over head, torso, larm, rarm,
    lleg, rleg: ``h`` healthy, ``z`` infected, ``-`` or ``Z`` removed (the limb is in
    the morgue, infected side up), ``H`` removed (in the morgue healthy side up).
    """
    config_fields.setdefault("round_limit", None)
    config_fields.setdefault("deck", TEST_DECK)
    config = Config(players=players, **config_fields)
    default = ("medicine", "medicine", "coma")
    state = deal(config, hands or [default] * players)
    if bodies is None:
        return state
    t = tables(config)
    morgue = [0] * t.morgue_kinds
    rows = []
    for seat, spec in enumerate(bodies):
        row = []
        for slot, ch in enumerate(spec):
            if ch in "-HZ":
                row.append(MISSING)
                morgue[morgue_kind(seat, slot, ch != "H")] += 1
            else:
                row.append(card(seat, _SIDE[ch]))
        rows.append(tuple(row))
    state = attrs.evolve(state, bodies=tuple(rows), morgue=tuple(morgue))
    check_state(state)
    return state


@pytest.fixture
def make() -> Callable[..., State]:
    return build
