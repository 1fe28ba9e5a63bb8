"""Move notation: ``str(move)`` parses back to the move; other text is a DecodeError."""

from __future__ import annotations

import random

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.play import sample_chance
from zombie_rules.zombie_doctor import GAME, Action, Config, Move, new_game, parse_move
from zombie_rules.zombie_doctor.checks import candidate_moves


@pytest.mark.parametrize("players,bonus", [(2, False), (3, True), (4, False), (4, True)])
def test_every_legal_and_candidate_move_round_trips(players: int, bonus: bool) -> None:
    rng = random.Random(players)
    state = new_game(Config(players=players, bonus_mode=bonus))
    steps = 0
    while GAME.to_act(state):
        for move in GAME.legal_moves(state):
            assert parse_move(state, str(move)) == move
        if steps % 25 == 0:
            for move in candidate_moves(state):
                if move.card in ("", "bogus") or move.action in (Action.USE, Action.BITE):
                    continue
                assert parse_move(state, str(move)) == move
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            legal = GAME.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = GAME.apply(state, move)
        steps += 1


@pytest.mark.parametrize(
    "text,move",
    [
        ("0: use amputate 1 larm", Move(0, Action.USE, "amputate", (1, 2))),
        ("2: use xray 0", Move(2, Action.USE, "xray", (0,))),
        ("1: use medicine rleg", Move(1, Action.USE, "medicine", (5,))),
        ("0: USE Coma", Move(0, Action.USE, "coma")),
        ("0: stuck flip torso return morgue", Move(0, Action.STUCK, "morgue", (1,))),
        ("0: stuck flip lleg", Move(0, Action.STUCK, "", (4,))),
        ("3: take defibrillator", Move(3, Action.TAKE, "defibrillator")),
        ("1: flip head", Move(1, Action.FLIP, "", (0,))),
        ("2: bite 0 rarm", Move(2, Action.BITE, "", (0, 3))),
        ("chance: draw mad_scientist", Move(CHANCE, Action.DRAW, "mad_scientist")),
        ("chance: limb 1 lleg healthy", Move(CHANCE, Action.LIMB, "", (1, 4, 0))),
        ("chance: roll 6", Move(CHANCE, Action.ROLL, "", (6,))),
        ("2: pass", Move(2, Action.PASS)),
    ],
)
def test_notation_examples(text: str, move: Move) -> None:
    state = new_game(Config(players=4))
    assert parse_move(state, text) == move
    assert str(move) == text.lower()


def test_the_actor_may_be_left_out_when_one_actor_moves() -> None:
    state = new_game(Config(players=2))
    assert parse_move(state, "draw coma") == Move(CHANCE, Action.DRAW, "coma")


@pytest.mark.parametrize(
    "text",
    ["0: dance", "0:", "0: use", "0: stuck larm", "0: stuck flip larm keep coma", "x: use coma",
     "0: use amputate one larm", "0: flip elbow"],
)  # fmt: skip
def test_text_that_is_not_a_move_is_a_decode_error(text: str) -> None:
    with pytest.raises(DecodeError):
        parse_move(new_game(Config(players=2)), text)


@pytest.mark.parametrize(
    "text,word",
    [
        ("0: use xray torso", "'torso' is a slot, but a seat number"),
        ("0: use amputate larm head", "'larm' is a slot, but a seat number"),
        ("chance: limb larm larm infected", "'larm' is a slot, but a character number"),
        ("chance: limb 1 infected larm", "'infected' is a side, but a slot"),
        ("0: bite healthy larm", "'healthy' is a side, but a seat number"),
        ("chance: roll head", "'head' is a slot, but a number"),
        ("0: use medicine infected", "'infected' is a side, but a slot"),
    ],
)
def test_slot_and_side_words_are_never_read_as_seats_or_numbers(text: str, word: str) -> None:
    """Ruling 29: each argument place has a kind. ``use xray torso`` used to be read as
    X-Ray on seat 1 (the torso's slot number): now it is refused, saying why."""
    with pytest.raises(DecodeError, match=word):
        parse_move(new_game(Config(players=4)), text)


def test_slot_places_also_take_numbers_so_every_move_round_trips() -> None:
    """Ruling 29: ``str(move)`` of a well-formed move with a slot out of range parses back."""
    state = new_game(Config(players=4))
    for move in (Move(0, Action.FLIP, "", (7,)), Move(1, Action.USE, "medicine", (9,)),
                 Move(CHANCE, Action.LIMB, "", (1, 2, 2))):  # fmt: skip
        assert parse_move(state, str(move)) == move
