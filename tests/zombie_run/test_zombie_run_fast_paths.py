"""Zombie Run!'s hot-path shortcuts change no answer.

``apply`` builds every state by slot stores (``state.make_state``), so each state a
game reaches must be the very state ``State(...)`` builds from its fields: same
class, equal, same hash and repr, frozen. Nothing is timed.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from zombie_rules.testing import random_playout
from zombie_rules.zombie_run import GAME, Config, Phase, SpecialCard, State
from zombie_rules.zombie_run.state import make_state

_SMALL_DECK = ((0, 6), (1, 6), (5, 6), (15, 6))
_SPECIALS = (
    SpecialCard("Flare", "reveal_discard", 5, 2),
    SpecialCard("Lookout", "peek_one", 0, 2),
    SpecialCard("Medkit", "counts_as", -5, 2),
    SpecialCard("Shotgun", "cancels_highest", 2, 1),
)
#: Tables that reach every phase and branch: the rulebook game, a small deck that
#: reshuffles (both ways), and special cards with a turn limit.
_CONFIGS = [
    Config(),
    Config(players=2, deck=_SMALL_DECK, reshuffle_keeps_top=False, turn_limit=40),
    Config(players=3, deck=_SMALL_DECK, discard_taken_card=True),
    Config(players=5, specials=_SPECIALS, turn_limit=3, peek_count=0),
    Config(players=2, deck=_SMALL_DECK, specials=_SPECIALS, hand_size=5, turn_limit=40),
]


def _states(seeds: int = 6) -> Iterator[State]:
    """Every state of a few random games of every table above."""
    for config in _CONFIGS:
        for seed in range(seeds):
            yield from random_playout(GAME, config, seed).states


def test_make_state_builds_what_state_builds() -> None:
    checked = 0
    for state in _states():
        fields = [getattr(state, f.name) for f in attrs.fields(State)]
        built = make_state(*fields)
        assert type(built) is State and type(state) is State
        assert built == State(*fields) == state
        assert hash(built) == hash(State(*fields))
        assert repr(built) == repr(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.phase = Phase.OVER  # type: ignore[misc]
        checked += 1
    assert checked > 1000
