"""The hot path's shortcuts change no answer: the fast state constructor, the moves
``apply`` knows well formed, and the remembered counts of Event backs."""

from __future__ import annotations

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.testing import random_playout
from zombie_rules.texas_zombies import GAME, Action, Config, Move, Phase, State, apply, legal_moves
from zombie_rules.texas_zombies.state import make_state


def test_make_state_builds_what_state_builds() -> None:
    walk = random_playout(GAME, Config(players=5, team_sizes=(4, 1)), seed=3)
    for state in walk.states:
        fields = [getattr(state, f.name) for f in attrs.fields(State)]
        built = make_state(*fields)
        assert type(built) is State
        assert built == State(*fields)
        assert hash(built) == hash(state)
        assert repr(built) == repr(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.turn = 0  # type: ignore[misc]


def test_moves_equal_to_listed_ones_but_malformed_are_still_refused() -> None:
    state = random_playout(GAME, Config(), seed=1, max_moves=1).states[-1]
    assert state.phase is Phase.DEAL_OBJECT
    listed = legal_moves(state)[0]
    assert apply(state, listed).phase is Phase.DEAL_OBJECT
    # The same move built anew (not the listed object) goes through every check.
    assert apply(state, Move(CHANCE, Action.OBJECT, listed.args)) == apply(state, listed)
    for bad in (
        Move(CHANCE, Action.OBJECT, (True,)),
        Move(CHANCE, Action.OBJECT, (float(listed.args[0]),)),  # type: ignore[arg-type]
        Move(CHANCE, Action.OBJECT, [listed.args[0]]),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalMove):
            apply(state, bad)


def test_a_wrong_chance_move_is_still_told_what_is_possible() -> None:
    state = GAME.new_game(Config())
    assert state.phase is Phase.TOP_BACK
    with pytest.raises(IllegalMove, match="possible: back 1, back 2, back 3"):
        apply(state, Move(CHANCE, Action.BACK, (7,)))
    with pytest.raises(IllegalMove, match="it is chance's move"):
        apply(state, Move(0, Action.BACK, (1,)))
    with pytest.raises(IllegalMove, match="cannot 'object'"):
        apply(state, Move(CHANCE, Action.OBJECT, (1,)))


@pytest.mark.parametrize("junk", [None, 0, "chance: object 3", (CHANCE, "object", (3,))])
def test_things_that_are_not_moves_are_refused(junk: object) -> None:
    state = GAME.new_game(Config())
    with pytest.raises(IllegalMove):
        apply(state, junk)  # type: ignore[arg-type]


def test_every_state_of_a_game_is_a_frozen_state_of_class_state() -> None:
    # ``make_state`` fills an open subclass and then hands the state its class:
    # no state may keep the open class, or accept a change afterwards.
    walk = random_playout(GAME, Config(players=4), seed=8)
    for state in walk.states:
        assert type(state) is State
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.phase = Phase.OVER  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            del state.turn
