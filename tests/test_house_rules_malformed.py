"""A composed game refuses malformed moves with the same typed error as its title.

A house rule wraps ``apply`` and ``describe``; before the wrapper compares a move with
the rule's own moves it strips the free text, and doing so on something that is not a
move of the title must not raise a bare ``AttributeError``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zombie_rules import quarantine_z, texas_zombies, zombie_doctor, zombie_run
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.play import sample_chance

TITLES: dict[str, Any] = {
    "zombie_run": zombie_run.GAME,
    "texas_zombies": texas_zombies.GAME,
    "zombie_doctor": zombie_doctor.GAME,
    "quarantine_z": quarantine_z.GAME,
}


def _decision_states(game: Any, seed: int, limit: int) -> list[Any]:
    """States where a seat decides, along one seeded random game."""
    rng = random.Random(seed)
    state = game.new_game(None)
    found: list[Any] = []
    while game.result(state) is None and len(found) < limit:
        if CHANCE in game.to_act(state):
            state = game.apply(state, sample_chance(game, state, rng))
            continue
        found.append(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return found


@pytest.mark.parametrize("title", sorted(TITLES))
@pytest.mark.parametrize("bad", [None, 7, "tell", object()])
def test_a_composed_game_refuses_a_malformed_move_with_illegal_move(title: str, bad: Any) -> None:
    game = with_house_rules(TITLES[title], [HouseRule("quiet", title, "changes nothing")])
    for state in _decision_states(game, seed=3, limit=30):
        with pytest.raises(IllegalMove):
            game.apply(state, bad)
