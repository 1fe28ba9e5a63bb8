"""Labels say what a move will certainly set off, before the player chooses it.

A menu shows ``label`` (the first line of ``describe``, worded from the state alone):
a player choosing X-Ray with only their head left to flip, a penalty flip of the head,
a bite, a beheading, the last turn the round cap allows or an amputation no Morgue card
can undo must read it there, not only in the account once it is too late. Each test
pairs a state where the label names the consequence with one where it does not apply
and the label does not claim it; the last test holds ``foresight.foresee`` to what
``apply`` then does over seeded games.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.play import sample_chance
from zombie_rules.zombie_doctor import (
    CONFIG_SPACE,
    GAME,
    Config,
    Move,
    Phase,
    State,
    Status,
    apply,
    describe,
    label,
    legal_moves,
    new_game,
    parse_move,
    result,
    to_act,
)
from zombie_rules.zombie_doctor.foresight import NOTHING, foresee

Make = Callable[..., State]

OUT = "turn into a zombie and are out of the game"
HEAD_FLIP = "Your own flip then can only be your head: you " + OUT + "."


def said(state: State, text: str, seat: int | None) -> str:
    """The label of the move written ``text``, checked to be the first line of its account."""
    move = parse_move(state, text)
    words = label(state, move, seat)
    assert describe(state, move, seat).split("\n")[0] == words
    return words


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def zombie_to_bite(state: State, seat: int) -> State:
    """``seat`` turned earlier and has just rolled an even number (Bonus Game Mode)."""
    body = tuple(code | 1 for code in state.bodies[seat])
    return attrs.evolve(
        state,
        phase=Phase.BITE,
        turn=seat,
        bodies=state.bodies[:seat] + (body,) + state.bodies[seat + 1 :],
        status=state.status[:seat] + (Status.TURNED,) + state.status[seat + 1 :],
        out_order=(*state.out_order, seat),
        hands=state.hands[:seat] + ((),) + state.hands[seat + 1 :],
        deck_bottom=state.deck_bottom + state.hands[seat],
        deck_bottom_hidden_by=state.deck_bottom_hidden_by + (seat,) * len(state.hands[seat]),
    )


def test_xray_with_only_the_head_left_to_flip_says_the_user_turns(make: Make) -> None:
    """ "Only the Amputate and X-Ray cards require you to flip one of your cards at the end
    of your turn." ... "You are finished when you have an infected head." """
    hands = [("xray", "coma", "coma"), ("medicine", "coma", "coma"), ("coma",) * 3]
    last = make(players=3, hands=hands, bodies=["hz----", "hhhhhh", "hhhhhh"])
    assert said(last, "0: use xray 1", 0) == f"You use X-Ray on Seat 1. {HEAD_FLIP}"
    assert said(last, "0: use xray 1", 2).endswith(
        "Seat 0's own flip then can only be their head: they turn into a zombie and are out of"
        " the game."
    )
    taking = play(last, "0: use xray 1")
    assert said(taking, "0: take medicine", 0) == f"You take Seat 1's Medicine. {HEAD_FLIP}"
    assert said(taking, "0: take coma", 1).endswith("they " + OUT + ".")
    # Two cards left to flip: the user chooses one then, and nobody turns.
    safe = make(players=3, hands=hands, bodies=["hhhhzz", "hhhhhh", "hhhhhh"])
    assert said(safe, "0: use xray 1", 0) == "You use X-Ray on Seat 1."
    assert said(play(safe, "0: use xray 1"), "0: take coma", 0) == "You take Seat 1's Coma."


def test_amputate_with_only_the_head_left_to_flip_says_the_user_turns(make: Make) -> None:
    """The same for Amputate, whose user flips "at the end of your turn"; with two players
    the game then ends: "The winner is the last player to keep the infection away from
    their head!" """
    hands = [("amputate", "coma", "coma"), ("coma",) * 3]
    two = make(hands=hands, bodies=["hz----", "hhzhhh"])
    assert said(two, "0: use amputate 1 larm", 1) == (
        "Seat 0 uses Amputate on your infected left arm: it goes into the morgue. Seat 0's own"
        " flip then can only be their head: they " + OUT + ". That ends the game: you win."
    )
    more = make(hands=hands, bodies=["hzhhhh", "hhzhhh"])
    assert said(more, "0: use amputate 1 larm", 0) == (
        "You use Amputate on Seat 1's infected left arm: it goes into the morgue."
    )


def test_a_penalty_flip_of_the_head_says_the_player_turns(make: Make) -> None:
    """ "you must flip one of your limbs as a penalty" ... "You are finished when you have
    an infected head." """
    hands = [("medicine", "mad_scientist", "mad_scientist")] + [("coma",) * 3] * 2
    head = make(players=3, hands=hands, bodies=["hz----", "hhhhhh", "hhhhhh"])
    assert said(head, "0: stuck flip head", 0) == (
        "You cannot use any of your cards: you keep your hand and flip your head to the infected"
        " side as a penalty. You " + OUT + "."
    )
    assert said(head, "0: stuck flip head return medicine", 1).endswith(
        "as a penalty. Seat 0 turns into a zombie and is out of the game."
    )
    torso = make(players=3, hands=hands, bodies=["hh----", "hhhhhh", "hhhhhh"])
    assert said(torso, "0: stuck flip torso", 0).endswith(
        "torso to the infected side as a penalty."
    )


def test_turning_in_the_bonus_game_says_the_die_follows(make: Make) -> None:
    """Bonus Game Mode: "Continue playing normally until you turn into a zombie. When it is
    your turn again, roll the die." """
    hands = [("medicine", "mad_scientist", "mad_scientist")] + [("coma",) * 3] * 2
    state = make(players=3, bonus_mode=True, hands=hands, bodies=["hz----", "hhhhhh", "hhhhhh"])
    assert said(state, "0: stuck flip head", 0).endswith(
        "as a penalty. You turn into a zombie and roll the die on your turns (Bonus Game Mode)."
    )


def test_a_bite_on_the_head_says_the_victim_turns(make: Make) -> None:
    """ "If you roll an even number, you may bite an opponent of your choice. You must flip
    their limb so that it becomes infected." """
    state = zombie_to_bite(
        make(players=3, bonus_mode=True, bodies=["hhhhhh", "hz----", "hhzzzz"]), 0
    )
    assert said(state, "0: bite 1 head", 1) == (
        "Seat 0 bites you: your head becomes infected. You turn into a zombie and roll the die on"
        " your turns (Bonus Game Mode)."
    )
    assert said(state, "0: bite 2 torso", 2) == "Seat 0 bites you: your torso becomes infected."
    # "Continue playing until all players are zombies!": the last bite ends the game.
    both = make(players=3, bonus_mode=True, bodies=["hhhhhh", "hz----", "hhhhhh"])
    last = zombie_to_bite(zombie_to_bite(both, 2), 0)  # seat 1 is the last one in
    assert said(last, "0: bite 1 head", None) == (
        "Seat 0 bites Seat 1: Seat 1's head becomes infected. Seat 1 turns into a zombie. That"
        " ends the game: every player is a zombie, and Seat 1, the last to turn, wins."
    )


def test_a_beheading_says_the_player_is_out_and_whether_the_game_ends(make: Make) -> None:
    """ "If an opponent has an infected torso, you may cut off their head using the Amputate
    card, ending the game and their suffering." (Ruling 14: the game ends when one player
    is left.)"""
    hands = [("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3]
    two = make(hands=hands[:2], bodies=["hhhhhh", "hzzzzz"])
    assert said(two, "0: use amputate 1 head", 0) == (
        "You use Amputate to cut off Seat 1's head, as Seat 1's torso is infected. Seat 1 is out"
        " of the game. That ends the game: you win."
    )
    three = make(players=3, hands=hands, bodies=["hhhhhh", "hzzzzz", "hhhhhh"])
    words = said(three, "0: use amputate 1 head", 1)
    assert words == (
        "Seat 0 uses Amputate to cut off your head, as your torso is infected. You are out of the"
        " game."
    )
    assert "ends the game" not in words


def test_the_last_turn_before_the_round_cap_says_the_game_ends(make: Make) -> None:
    """The round cap is our house rule (Ruling 28): after ``round_limit`` rounds the game
    ends and the most healthy body cards win; a round ends as the turn passes the first
    player again (Ruling 10)."""
    hands = [("coma",) * 3, ("coma",) * 3]
    state = make(hands=hands, round_limit=1)
    first = said(state, "0: use coma", 0)
    assert first == "You use Coma: you are immune to all cards until your next turn."
    state = play(state, "0: use coma", "chance: draw coma")
    assert state.turn == 1 and state.round == 0
    assert said(state, "1: use coma", 0) == (
        "Seat 1 uses Coma: they are immune to all cards until their next turn. It is the last"
        " turn of the last round (the round limit is 1): the game then ends, and the most"
        " healthy body cards win."
    )
    after = play(state, "1: use coma", "chance: draw coma")
    assert after.phase is Phase.OVER
    # No cap, no such claim.
    uncapped = play(make(hands=hands), "0: use coma", "chance: draw coma")
    assert "round limit" not in said(uncapped, "1: use coma", 0)


def test_an_amputation_no_morgue_card_can_undo_says_for_good(make: Make) -> None:
    """ "Removed limbs should be placed in the card box, aka the morgue." Only a Morgue card
    ("Take a limb from the card box") brings one out again: without one in the deck the
    limb is gone for good."""
    hands = [("amputate", "coma", "coma"), ("coma",) * 3]
    bodies = ["hhhhhh", "hhzhhh"]
    no_morgue = make(hands=hands, bodies=bodies, deck=(("amputate", 8), ("coma", 8)))
    assert said(no_morgue, "0: use amputate 1 larm", 1) == (
        "Seat 0 uses Amputate on your infected left arm: it goes into the morgue for good."
    )
    with_morgue = make(hands=hands, bodies=bodies)
    assert said(with_morgue, "0: use amputate 1 larm", 1) == (
        "Seat 0 uses Amputate on your infected left arm: it goes into the morgue."
    )


def _configs() -> list[Config]:
    keys = list(CONFIG_SPACE)
    configs: list[dict[str, Any]] = [
        dict(zip(keys, values, strict=True)) for values in itertools.product(*CONFIG_SPACE.values())
    ]
    out = [Config(**c) for c in configs if c["first_player"] < c["players"]]
    # A deck without a Morgue card, where an amputated limb is gone for good.
    return [*out[::4], Config(players=3, deck=(("amputate", 9), ("xray", 6), ("medicine", 6)))]


def _turn_end(state: State, turn: int, turns_taken: int) -> State:
    """Play on the mover's own follow-ups (take, flip) and the chance steps of the same turn."""
    rng = random.Random(0)
    while state.phase is not Phase.OVER and state.turns_taken == turns_taken:
        actors = to_act(state)
        if CHANCE in actors:
            state = apply(state, sample_chance_of(state, rng))
        elif state.turn == turn and state.phase in (Phase.XRAY, Phase.SELF_FLIP):
            state = apply(state, legal_moves(state)[0])
        else:
            break
    return state


def sample_chance_of(state: State, rng: random.Random) -> Move:
    return sample_chance(GAME, state, rng)


def test_foresight_agrees_with_apply_over_seeded_games() -> None:
    """Every consequence a label announces is what ``apply`` then does, and what ``apply``
    does that a label must announce was foreseen: who goes out and how, the game's end and
    its winner, the round cap."""
    seen: set[str] = set()
    for i, config in enumerate(_configs()):
        rng = random.Random(i)
        state = new_game(config)
        while to_act(state):
            if CHANCE in to_act(state):
                state = apply(state, sample_chance_of(state, rng))
                continue
            for move in legal_moves(state):
                o = foresee(state, move)
                after = _turn_end(apply(state, move), state.turn, state.turns_taken)
                gone = tuple((s, after.status[s]) for s in after.out_order[len(state.out_order) :])
                assert o.out == gone, (move, o)
                assert o.over == (after.phase is Phase.OVER), (move, o)
                if o.over and not o.capped:
                    res = result(after)
                    assert res is not None and res.winners == frozenset((o.winner,))
                if o.capped:
                    assert config.round_limit is not None and after.round >= config.round_limit
                seen |= {name for name, on in attrs.asdict(o).items() if on and name != "winner"}
                if o == NOTHING:
                    seen.add("nothing")
            legal = legal_moves(state)
            state = apply(state, legal[rng.randrange(len(legal))])
    assert seen >= {"out", "head_flip", "over", "capped", "for_good", "nothing"}
