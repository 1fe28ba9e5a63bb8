"""Hostile input: wrong types in a Config, malformed moves, bad seats, huge values.

Every one is refused with the library's typed error naming what was wrong, never a
``TypeError``/``AttributeError``, never stored in a state, and in a message of
bounded length.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig, UnknownSeat
from zombie_rules.core.validation import expect_well_formed
from zombie_rules.play import sample_chance
from zombie_rules.testing import check_malformed_moves, malformed_moves
from zombie_rules.zombie_doctor import (
    GAME,
    Action,
    Config,
    CustomCard,
    Move,
    State,
    Step,
    apply,
    describe,
    legal_moves,
    new_game,
    parse_move,
    view,
)

Make = Callable[..., State]


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"players": "4"}, "players"),
        ({"players": 4.0}, "players"),
        ({"players": True}, "players"),
        ({"first_player": 0.0}, "first_player"),
        ({"hand_size": "3"}, "hand_size"),
        ({"bonus_mode": "no"}, "bonus_mode"),
        ({"bonus_mode": 1}, "bonus_mode"),
        ({"round_limit": 2.5}, "round_limit"),
        ({"round_limit": "200"}, "round_limit"),
        ({"deck": [("coma", 12)]}, "deck"),
        ({"deck": (("coma", "12"),)}, "deck"),
        ({"deck": (("coma", 12.0),)}, "deck"),
        ({"deck": (("coma",),)}, "deck"),
        ({"deck": (("coma", 10**9),)}, "deck"),
        ({"custom_cards": ["x"]}, "custom_cards"),
        ({"custom_cards": ("x",)}, "custom_cards"),
    ],
)
def test_config_fields_have_their_types(fields: dict[str, Any], field: str) -> None:
    """attrs checks no types: ``players="4"`` would otherwise fail deep in the rules."""
    with pytest.raises(InvalidConfig) as info:
        Config(**fields)
    assert info.value.field == field
    assert len(str(info.value)) < 200


def test_custom_card_fields_have_their_types() -> None:
    with pytest.raises(InvalidConfig, match="custom_cards"):
        CustomCard(7, steps=(Step("flip"),))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig, match="self_flip"):
        CustomCard("sneeze", steps=(Step("flip"),), self_flip="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig, match="Step"):
        CustomCard("sneeze", steps=("flip",))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig, match="params"):
        CustomCard("sneeze", steps=(Step("flip"),), params=(("n", "2"),))  # type: ignore[arg-type]


def test_config_messages_do_not_repeat_huge_values() -> None:
    with pytest.raises(InvalidConfig) as info:
        Config(deck=(("x" * 10_000, 3),))
    assert len(str(info.value)) < 200
    with pytest.raises(InvalidConfig) as info:
        Config(players=10**5000)
    assert len(str(info.value)) < 200


def _states() -> list[State]:
    """States of every phase: a bonus game played at random, sampled."""
    rng = random.Random(5)
    out = []
    for config in (Config(players=3, bonus_mode=True), Config(players=2)):
        state = new_game(config)
        while GAME.to_act(state):
            out.append(state)
            if CHANCE in GAME.to_act(state):
                move = sample_chance(GAME, state, rng)
            else:
                legal = legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = apply(state, move)
        out.append(state)
    return out


def test_malformed_moves_are_refused_by_apply_and_describe() -> None:
    """The kit's malformed moves (float seats, list args, other titles' moves, ...) are
    an IllegalMove in every phase; the input state is unchanged."""
    by_phase: dict[object, State] = {}
    for state in _states():
        by_phase.setdefault(state.phase, state)
    assert len(by_phase) == 9  # every phase, the game's end included
    for state in by_phase.values():
        check_malformed_moves(GAME, state)


def test_the_fast_shape_check_agrees_with_expect_well_formed() -> None:
    """``apply`` checks a move's shape with a few identity tests before the full check:
    both refuse the same moves, and neither refuses a legal one."""
    for state in _states()[::5]:
        for move in legal_moves(state):
            expect_well_formed(move, Move)
        for move in malformed_moves(GAME, state, limit=6):
            with pytest.raises(IllegalMove):
                expect_well_formed(move, Move)
            with pytest.raises(IllegalMove):
                apply(state, move)
    # A bool seat or a float arg equals the legal int in Python: it must still be refused.
    state = _states()[0]
    legal = legal_moves(state)[0]
    for bad in (attrs.evolve(legal, args=(True,)), attrs.evolve(legal, args=(1.0,))):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove, match="'args'"):
            apply(state, bad)


def test_a_view_is_for_a_seat_at_the_table_or_a_spectator(make: Make) -> None:
    state = make(players=3)
    assert view(state, None).hand == ()
    for seat in (True, 1.0, -1, 3, 99, "0"):
        with pytest.raises(UnknownSeat):
            view(state, seat)  # type: ignore[arg-type]


def test_refusals_do_not_repeat_a_huge_card_name(make: Make) -> None:
    state = make()
    huge = "x" * 100_000
    for move in (
        Move(0, Action.USE, huge),
        Move(0, Action.STUCK, huge, (2,)),
        Move(1, Action.USE, huge, (1,) * 10_000),
        Move(0, Action.USE, "amputate", (10**5000, 2)),
        Move(CHANCE, Action.DRAW, "coma", (10**5000,)),
    ):
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        assert len(str(info.value)) < 300
        with pytest.raises(IllegalMove) as info:
            describe(state, move, 0)
        assert len(str(info.value)) < 300
    with pytest.raises(DecodeError) as decode:
        parse_move(state, "0: flip " + huge)
    assert len(str(decode.value)) < 300
    with pytest.raises(DecodeError) as decode:
        parse_move(state, huge)
    assert len(str(decode.value)) < 500
