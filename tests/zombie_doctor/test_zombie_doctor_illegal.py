"""Every kind of move is refused with IllegalMove when it breaks a rule; nothing changes."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.play import sample_chance
from zombie_rules.zombie_doctor import (
    GAME,
    Action,
    Config,
    Move,
    State,
    Status,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from zombie_rules.zombie_doctor.checks import candidate_moves

Make = Callable[..., State]


def refused(state: State, text: str, match: str = "") -> None:
    with pytest.raises(IllegalMove, match=match):
        apply(state, parse_move(state, text))


def test_use_refusals(make: Make) -> None:
    """ "The chosen player must use one and only one of their three pain or gain cards.\""""
    state = make(hands=[("amputate", "coma", "medicine"), ("coma",) * 3],
                 bodies=["hhzhhh", "hhzhhh"])  # fmt: skip
    refused(state, "1: use coma", "seat 0's move")
    refused(state, "0: use xray 1", "holds no 'xray'")
    refused(state, "0: use bogus", "holds no 'bogus'")
    refused(state, "0: use amputate 1 rarm", "not a way")  # healthy limb
    refused(state, "0: use amputate 0 larm", "not a way")  # your own limb
    refused(state, "0: use medicine rarm", "not a way")
    refused(state, "0: use coma 1", "not a way")
    refused(state, "0: take coma", "legal: 'use' or 'stuck'")


def test_stuck_refusals(make: Make) -> None:
    """ "If you cannot use any of your cards ... you must flip one of your limbs\""""
    usable = make(hands=[("coma", "medicine", "medicine"), ("coma",) * 3])
    refused(usable, "0: stuck flip larm", "you can use coma")
    stuck = make(hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3])
    refused(stuck, "0: stuck flip torso", "flip order")
    refused(stuck, "0: stuck flip head", "flip order")
    refused(stuck, "0: stuck flip larm return coma", "holds no 'coma'")


def test_take_and_flip_refusals(make: Make) -> None:
    """X-Ray: "Look at all of an opponent's cards and take one." Then the flip order."""
    state = make(hands=[("xray", "coma", "coma"), ("medicine",) * 3])
    looking = apply(state, parse_move(state, "0: use xray 1"))
    refused(looking, "0: take coma", "seat 1 holds no 'coma'")
    refused(looking, "1: take medicine", "seat 0's move")
    refused(looking, "0: use coma", "cannot 'use'")
    flipping = apply(looking, parse_move(looking, "0: take medicine"))
    refused(flipping, "0: flip torso", "flip order")
    refused(flipping, "0: flip head", "flip order")
    refused(flipping, "1: flip larm", "seat 0's move")


def test_chance_refusals(make: Make) -> None:
    """Chance outcomes must exist: a card in the unseen deck, a limb in the morgue, a die face."""
    config = Config(players=2, deck=(("coma", 6), ("medicine", 1)))
    fresh = new_game(config)
    refused(fresh, "chance: draw xray", "no such card")
    refused(fresh, "0: use coma", "chance's move")
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hh-hhh", "hhhhhh"])
    drawing = apply(state, parse_move(state, "0: use morgue"))
    refused(drawing, "chance: limb 1 larm infected", "no such limb")
    refused(drawing, "chance: limb 0 larm healthy", "no such limb")
    refused(drawing, "chance: limb 0 head infected", "no such limb")


def test_roll_and_bite_refusals(make: Make) -> None:
    """ "If you roll an even number, you may bite an opponent of your choice. You must
    flip their limb so that it becomes infected.\""""
    state = make(players=3, bonus_mode=True, hands=[("coma", "coma", "xray")] * 3)
    body = tuple(c | 1 for c in state.bodies[1])
    state = attrs.evolve(
        state,
        bodies=(state.bodies[0], body, state.bodies[2]),
        status=(Status.ALIVE, Status.TURNED, Status.ALIVE),
        out_order=(1,),
        hands=(state.hands[0], (), state.hands[2]),
        deck_bottom=state.hands[1],
    )
    rolling = apply(state, parse_move(state, "0: use coma"))
    rolling = apply(rolling, parse_move(rolling, "chance: draw xray"))
    refused(rolling, "chance: roll 7", "1-6")
    refused(rolling, "chance: roll 0", "1-6")
    biting = apply(rolling, parse_move(rolling, "chance: roll 2"))
    refused(biting, "1: bite 1 larm", "bite a player still in")
    refused(biting, "1: bite 0 torso", "flip order")
    refused(biting, "2: bite 0 larm", "seat 1's move")
    refused(biting, "1: pass 0", "just 'pass'")
    refused(rolling, "1: pass", "chance's move")
    refused(state, "0: pass", "cannot 'pass'")


def test_no_move_once_the_game_is_over(make: Make) -> None:
    state = make(hands=[("medicine", "mad_scientist", "mad_scientist"), ("coma",) * 3],
                 bodies=["hz----", "hhhhhh"])  # fmt: skip
    over = apply(state, parse_move(state, "0: stuck flip head"))
    assert legal_moves(over) == ()
    with pytest.raises(IllegalMove, match="game is over"):
        apply(over, Move(1, Action.USE, "coma"))


@pytest.mark.parametrize("players,bonus", [(2, False), (3, True), (4, False)])
def test_candidate_moves_are_refused_unless_legal(players: int, bonus: bool) -> None:
    """apply accepts exactly the legal moves among many well-formed near misses."""
    rng = random.Random(players)
    state = GAME.new_game(Config(players=players, bonus_mode=bonus))
    step = 0
    while GAME.to_act(state):
        if step % 7 == 0:
            legal = set(legal_moves(state))
            for move in candidate_moves(state):
                if move in legal:
                    apply(state, move)
                else:
                    with pytest.raises(IllegalMove):
                        apply(state, move)
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            moves = legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = apply(state, move)
        step += 1
