"""``describe``: every kind of move told to its mover, another seat and a spectator.

The rule checked throughout is the rulebook's secrecy: "You may look at these cards at
any time during the game but do not show them to your opponents, unless a pain or
opponent's card forces you to reveal your cards." A card is named to a seat only if
the rules show it to that seat.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, UnknownSeat
from zombie_rules.play import sample_chance
from zombie_rules.testing import check_knowledge
from zombie_rules.zombie_doctor import (
    DEFAULT_DECK,
    GAME,
    LIMBS,
    Action,
    Config,
    CustomCard,
    HeuristicAgent,
    Move,
    State,
    Status,
    apply,
    describe,
    is_healthy,
    legal_moves,
    new_game,
    opponents,
    parse_move,
    register_card_effect,
    unregister_card_effect,
    view,
)
from zombie_rules.zombie_doctor.config import tables

Make = Callable[..., State]


def told(state: State, text: str, seat: int | None) -> str:
    return describe(state, parse_move(state, text), seat)


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def knock_out(state: State, seat: int) -> State:
    """Seat ``seat`` turned earlier: infected head, hand under the deck unseen."""
    body = tuple(code | 1 for code in state.bodies[seat])
    return attrs.evolve(
        state,
        bodies=state.bodies[:seat] + (body,) + state.bodies[seat + 1 :],
        status=state.status[:seat] + (Status.TURNED,) + state.status[seat + 1 :],
        out_order=(*state.out_order, seat),
        hands=state.hands[:seat] + ((),) + state.hands[seat + 1 :],
        deck_bottom=state.deck_bottom + state.hands[seat],
        deck_bottom_hidden_by=state.deck_bottom_hidden_by + (seat,) * len(state.hands[seat]),
    )


def empty_deck(state: State) -> State:
    """The unseen part of the deck used up: every draw is from the known bottom."""
    rest = tuple(k for k, n in enumerate(state.deck_unknown) for _ in range(n))
    return attrs.evolve(
        state,
        deck_unknown=(0,) * len(state.deck_unknown),
        deck_bottom=rest + state.deck_bottom,
        deck_bottom_hidden_by=(-1,) * len(rest) + state.deck_bottom_hidden_by,
    )


# ------------------------------------------------------------------ draws


def test_a_draw_is_named_to_its_drawer_only() -> None:
    """ "Each player takes three cards from the top of the pain or gain deck. You may look
    at these cards ... but do not show them to your opponents\""""
    state = new_game(Config(players=3))
    assert told(state, "chance: draw coma", 0) == "You are dealt the Coma."
    for seat in (1, 2, None):
        accounts = {describe(state, m, seat) for m in legal_moves(state)}
        assert accounts == {"Seat 0 is dealt a card."}
    while CHANCE in GAME.to_act(state):
        last = state
        state = apply(state, legal_moves(state)[0])
    assert describe(last, legal_moves(last)[0], 1) == (
        "Seat 2 is dealt a card.\nEvery hand is dealt. Seat 0 goes first."
    )


def test_a_draw_in_play_is_named_to_its_drawer_only(make: Make) -> None:
    """ "Once a card has been used, it must be returned to the bottom of the pain/gain deck
    and take a new card from the top.\""""
    state = play(make(players=3), "0: use coma")
    assert told(state, "chance: draw xray", 0) == (
        "You draw the X-Ray from the deck.\nSeat 1's turn."
    )
    for seat in (1, 2, None):
        accounts = {describe(state, m, seat) for m in legal_moves(state)}
        turn = "Your turn." if seat == 1 else "Seat 1's turn."
        assert accounts == {f"Seat 0 draws a card from the deck.\n{turn}"}


# ------------------------------------------------------------- the cards


def test_amputate_a_limb_then_the_users_flip(make: Make) -> None:
    """Amputate: "You may only amputate an opponent's infected limb. Removed limbs should be
    placed in the card box, aka the morgue." ... "Only the Amputate and X-Ray cards require
    you to flip one of your cards at the end of your turn.\""""
    state = make(players=3, hands=[("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3],
                 bodies=["hhhhhh", "hhzhhh", "hhhhhh"])  # fmt: skip
    text = "0: use amputate 1 larm"
    assert told(state, text, 0) == (
        "You use Amputate on Seat 1's infected left arm: it goes into the morgue.\n"
        "You must now flip one of your cards to the infected side."
    )
    assert told(state, text, 1).startswith("Seat 0 uses Amputate on your infected left arm:")
    assert (
        told(state, text, 2)
        == told(state, text, None)
        == (
            "Seat 0 uses Amputate on Seat 1's infected left arm: it goes into the morgue.\n"
            "Seat 0 must now flip one of their cards to the infected side."
        )
    )
    flipping = play(state, text)
    assert told(flipping, "0: flip rleg", 0) == (
        "You flip your right leg to the infected side, as your card requires."
    )
    assert told(flipping, "0: flip rleg", None) == (
        "Seat 0 flips their right leg to the infected side, as their card requires."
    )


def test_an_automatic_flip_is_told(make: Make) -> None:
    """ "Only the Amputate and X-Ray cards require you to flip one of your cards": with one
    card left to flip it is made at once (Ruling 17)."""
    state = make(players=3, hands=[("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3],
                 bodies=["hhzzzh", "hhzhhh", "hhhhhh"])  # fmt: skip
    assert told(state, "0: use amputate 1 larm", 2) == (
        "Seat 0 uses Amputate on Seat 1's infected left arm: it goes into the morgue.\n"
        "Seat 0 must flip one of their cards: only their right leg is left to flip, so it"
        " turns infected."
    )


def test_beheading_ends_a_two_player_game(make: Make) -> None:
    """ "If an opponent has an infected torso, you may cut off their head using the Amputate
    card, ending the game and their suffering." ... "The winner is the last player to keep
    the infection away from their head!\""""
    state = make(hands=[("amputate", "coma", "coma"), ("medicine", "coma", "xray")],
                 bodies=["hhhhhh", "hzzzzz"])  # fmt: skip
    text = "0: use amputate 1 head"
    assert told(state, text, 0) == (
        "You use Amputate to cut off Seat 1's head, as Seat 1's torso is infected. Seat 1 is out"
        " of the game. That ends the game: you win.\n"
        "Seat 1 is out of the game.\n"
        "Seat 1's 3 cards go under the deck unseen.\n"
        "The game is over. You are the last player without an infected head and win."
    )
    assert told(state, text, 1) == (
        "Seat 0 uses Amputate to cut off your head, as your torso is infected. You are out of the"
        " game. That ends the game: Seat 0 wins.\n"
        "You are out of the game.\n"
        "Your hand (X-Ray, Coma and Medicine) goes under the deck unseen.\n"
        "The game is over. Seat 0 is the last player without an infected head and wins."
    )
    assert "Seat 1's 3 cards go under the deck unseen." in told(state, text, None)


def test_xray_reveals_the_hand_only_to_its_user(make: Make) -> None:
    """X-Ray: "Look at all of an opponent's cards and take one. The opponent must reveal them
    only to you.\""""
    state = make(players=3, hands=[("xray", "coma", "coma"), ("medicine", "morgue", "morgue"),
                                   ("coma",) * 3])  # fmt: skip
    text = "0: use xray 1"
    # The first line is the move's label before it is made; what it reveals comes after.
    assert told(state, text, 0) == (
        "You use X-Ray on Seat 1.\n"
        "Seat 1 shows you their hand: Medicine, Morgue and Morgue. Take one card."
    )
    assert told(state, text, 1) == (
        "Seat 0 uses X-Ray on you: you show them your hand, and they take one."
    )
    for seat in (2, None):
        assert told(state, text, seat) == (
            "Seat 0 uses X-Ray on Seat 1: Seat 1 shows Seat 0 their hand, and Seat 0 takes one"
            " card."
        )
        assert "Medicine" not in told(state, text, seat)
    looking = play(state, text)
    assert told(looking, "0: take morgue", 0).startswith("You take Seat 1's Morgue.\n")
    assert told(looking, "0: take morgue", 1).startswith("Seat 0 takes your Morgue.\n")
    for seat in (2, None):
        accounts = {describe(looking, m, seat) for m in legal_moves(looking)}
        assert accounts == {
            "Seat 0 takes one of Seat 1's cards.\n"
            "Seat 0 must now flip one of their cards to the infected side."
        }


def test_the_cures_and_the_coma(make: Make) -> None:
    """Medicine: "Cure one of your limbs by turning an infected limb over to the non-infected
    side." Defibrillator: "Cure your torso of the infection". Coma: "You are immune to all
    cards until your next turn." Mad Scientist: "Swap one of your infected limbs with a
    healthy limb of an opponent.\""""
    state = make(hands=[("medicine", "defibrillator", "mad_scientist"), ("coma",) * 3],
                 bodies=["hzzhhh", "hhhhhh"])  # fmt: skip
    assert told(state, "0: use medicine larm", 0) == (
        "You use Medicine and cure your infected left arm."
    )
    assert told(state, "0: use medicine larm", 1) == (
        "Seat 0 uses Medicine and cures their infected left arm."
    )
    assert told(state, "0: use defibrillator", None) == (
        "Seat 0 uses Defibrillator and cures their infected torso."
    )
    assert told(state, "0: use mad_scientist 1 larm", 1) == (
        "Seat 0 uses Mad Scientist on you: their infected left arm and your healthy left arm"
        " change places."
    )
    coma = make(hands=[("coma", "coma", "coma"), ("coma",) * 3])
    assert told(coma, "0: use coma", 0) == (
        "You use Coma: you are immune to all cards until your next turn."
    )
    assert told(coma, "0: use coma", None) == (
        "Seat 0 uses Coma: they are immune to all cards until their next turn."
    )
    asleep = play(coma, "0: use coma", "chance: draw medicine", "1: use coma")
    assert told(asleep, "chance: draw xray", 0) == (
        "Seat 1 draws a card from the deck.\nRound 2 begins.\nYou wake from the Coma.\nYour turn."
    )
    assert told(asleep, "chance: draw xray", None).endswith(
        "Seat 0 wakes from the Coma.\nSeat 0's turn."
    )


def test_the_morgue_draw_is_public(make: Make) -> None:
    """Morgue: "Take a limb from the card box (the morgue). Do not look into the box when
    taking a card. If the limb you draw is infected, it must stay that way. If the limb you
    draw is infected and matches a healthy limb of yours, the healthy limb must be removed
    and the infected limb attached." (Ruling 21 for the cases the rulebook leaves open.)"""
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hh-hhz", "hhhZhH"])
    assert told(state, "0: use morgue", 1) == (
        "Seat 0 uses Morgue and takes a limb from the morgue without looking."
    )
    drawing = play(state, "0: use morgue")
    assert told(drawing, "chance: limb 0 larm infected", 0) == (
        "You take Dr. Bones's infected left arm from the morgue and attach it where your left"
        " arm was missing."
    )
    assert told(drawing, "chance: limb 1 rarm infected", 1) == (
        "Seat 0 takes Nurse Ivy's infected right arm from the morgue: it replaces their healthy"
        " right arm (Dr. Bones's), which goes into the morgue."
    )
    assert told(drawing, "chance: limb 1 rleg healthy", None) == (
        "Seat 0 takes Nurse Ivy's healthy right leg from the morgue: it replaces their infected"
        " right leg (Dr. Bones's), which goes into the morgue."
    )
    same = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hhhhhh", "hhhHhh"])
    assert told(play(same, "0: use morgue"), "chance: limb 1 rarm healthy", 1) == (
        "Seat 0 takes Nurse Ivy's healthy right arm from the morgue: it shows the same side as"
        " their healthy right arm (Dr. Bones's), so it goes back into the morgue."
    )


def test_a_custom_card_tells_what_it_changed(make: Make) -> None:
    """ "Have an idea for a card? Customise your set by designing new ones" (Ruling 26)."""

    def targets(state: State, user: int, params: Mapping[str, int]) -> tuple[int, ...]:
        return tuple(
            o for o in opponents(state, user) if any(is_healthy(state.bodies[o][p]) for p in LIMBS)
        )

    def effect(
        state: State, user: int, target: int, params: Mapping[str, int]
    ) -> tuple[tuple[int, ...], ...]:
        body = state.bodies[target]
        slot = next(p for p in LIMBS if is_healthy(body[p]))
        new = body[:slot] + (body[slot] | 1,) + body[slot + 1 :]
        return state.bodies[:target] + (new,) + state.bodies[target + 1 :]

    register_card_effect("sneeze", targets, effect)
    try:
        sneeze = CustomCard("sneeze", "sneeze", self_flip=True, description="Infect a limb.")
        state = make(hands=[("sneeze", "coma", "coma"), ("coma",) * 3], bodies=["hhzzzh", "hhhhhh"],
                     deck=(("sneeze", 4), ("coma", 8)), custom_cards=(sneeze,))  # fmt: skip
        assert told(state, "0: use sneeze 1", 1) == (
            "Seat 0 uses Sneeze on you (Infect a limb).\n"
            "Your left arm becomes infected.\n"
            "Seat 0 must flip one of their cards: only their right leg is left to flip, so it"
            " turns infected."
        )
    finally:
        unregister_card_effect("sneeze")


# --------------------------------------------------- cannot play, going out


def test_a_card_returned_when_stuck_is_named_to_its_owner_only(make: Make) -> None:
    """ "If you cannot use any of your cards, you have the option to return one to the
    bottom of the pain/gain deck" ... "do not show them to your opponents, unless a pain or
    opponent's card forces you to reveal your cards" (Ruling 6)."""
    state = make(hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3])
    assert told(state, "0: stuck flip larm return morgue", 0) == (
        "You cannot use any of your cards: you return the Morgue to the bottom of the deck"
        " unseen and flip your left arm to the infected side as a penalty."
    )
    for seat in (1, None):
        returns = {
            describe(state, m, seat) for m in legal_moves(state) if m.args == (2,) and m.card
        }
        assert returns == {
            "Seat 0 cannot use any of their cards: they return one card to the bottom of the deck"
            " unseen and flip their left arm to the infected side as a penalty."
        }
    assert told(state, "0: stuck flip larm", 1) == (
        "Seat 0 cannot use any of their cards: they keep their hand and flip their left arm to"
        " the infected side as a penalty.\nYour turn."
    )


def test_turning_puts_the_hand_under_the_deck_unseen(make: Make) -> None:
    """ "You are finished when you have an infected head." The hand goes under the deck
    unseen: going out is no "pain or opponent's card" that "forces you to reveal your
    cards" (Ruling 12)."""
    state = make(players=3,
                 hands=[("medicine", "mad_scientist", "mad_scientist"), ("coma",) * 3,
                        ("coma",) * 3],
                 bodies=["hz----", "hhhhhh", "hhhhhh"])  # fmt: skip
    text = "0: stuck flip head"
    assert told(state, text, 0) == (
        "You cannot use any of your cards: you keep your hand and flip your head to the"
        " infected side as a penalty. You turn into a zombie and are out of the game.\n"
        "Your head is infected: you turn into a zombie and are out of the game.\n"
        "Your hand (Mad Scientist, Mad Scientist and Medicine) goes under the deck unseen.\n"
        "Seat 1's turn."
    )
    assert (
        told(state, text, 2)
        == told(state, text, None)
        == (
            "Seat 0 cannot use any of their cards: they keep their hand and flip their head to the"
            " infected side as a penalty. Seat 0 turns into a zombie and is out of the game.\n"
            "Seat 0's head is infected: they turn into a zombie and are out of the game.\n"
            "Seat 0's 3 cards go under the deck unseen.\n"
            "Seat 1's turn."
        )
    )


def test_draws_from_the_known_bottom_name_only_what_the_seat_saw(make: Make) -> None:
    """ "it must be returned to the bottom of the pain/gain deck and take a new card from the
    top": a used card was shown, so everyone knows it when it comes back up; a card returned
    unseen is known only to who returned it and who draws it (Rulings 5 and 6)."""
    # Ten cards: nine in the hands, the tenth (a Coma, shown earlier) under the deck.
    deck = (("medicine", 1), ("defibrillator", 1), ("morgue", 1), ("coma", 7))
    state = make(
        players=3,
        deck=deck,
        hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3, ("coma",) * 3],
    )
    state = empty_deck(state)  # fmt: skip
    assert state.deck_bottom == (tables(state.config).index["coma"],)
    stuck = "0: stuck flip larm return morgue"
    assert told(state, stuck, 0).split("\n")[1] == "You take the Coma from the top of the deck."
    assert told(state, stuck, 2).split("\n")[1] == "Seat 0 takes the Coma from the top of the deck."
    state = play(state, stuck)  # the Morgue now lies under the deck, unseen
    assert view(state, 0).deck_bottom == ("morgue",) and view(state, 1).deck_bottom == (None,)
    coma = "1: use coma"
    assert told(state, coma, 1).split("\n")[1] == "You take the Morgue from the top of the deck."
    assert told(state, coma, 0).split("\n")[1] == (
        "Seat 1 takes the Morgue from the top of the deck."
    )
    for seat in (2, None):
        assert told(state, coma, seat).split("\n")[1] == (
            "Seat 1 takes a card from the top of the deck (one put there unseen)."
        )
    # The Coma seat 1 used was shown: it is public when seat 2 takes it.
    state = play(state, coma)
    assert told(state, "2: use coma", None).split("\n")[1] == (
        "Seat 2 takes the Coma from the top of the deck."
    )


# ------------------------------------------------------------ Bonus Game Mode


def test_zombie_rolls_bites_and_passes(make: Make) -> None:
    """ "When it is your turn again, roll the die. If you roll an even number, you may bite an
    opponent of your choice. You must flip their limb so that it becomes infected. Your turn
    ends. If you roll an odd number, your victim has managed to escape and your turn ends.\""""
    state = make(players=3, bonus_mode=True,
                 hands=[("coma",) * 3, ("coma",) * 3, ("medicine",) * 3])  # fmt: skip
    state = knock_out(state, 1)
    drawing = play(state, "0: use coma")
    assert told(drawing, "chance: draw xray", None) == (
        "Seat 0 draws a card from the deck.\nSeat 1's turn: as a zombie, they roll the die."
    )
    rolling = play(drawing, "chance: draw xray")
    assert told(rolling, "chance: roll 4", 1) == "You roll a 4: you may bite a player still in."
    assert told(rolling, "chance: roll 3", None) == (
        "Seat 1 rolls a 3: the victim escapes.\nSeat 2's turn."
    )
    biting = play(rolling, "chance: roll 4")
    assert told(biting, "1: bite 2 larm", 2) == (
        "Seat 1 bites you: your left arm becomes infected.\nYour turn."
    )
    assert told(biting, "1: bite 0 rarm", None) == (
        "Seat 1 bites Seat 0: Seat 0's right arm becomes infected.\nSeat 2's turn."
    )
    assert told(biting, "1: pass", 1) == "You let the victim go: no bite.\nSeat 2's turn."


def test_the_last_player_to_turn_wins_the_bonus_game(make: Make) -> None:
    """ "Continue playing until all players are zombies!\""""
    state = make(players=3, bonus_mode=True,
                 hands=[("medicine", "mad_scientist", "mad_scientist")] * 2 + [("coma",) * 3],
                 bodies=["hz----", "hz----", "hzzzzz"])  # fmt: skip
    state = play(knock_out(state, 2), "0: stuck flip head")
    assert told(state, "1: stuck flip head", None) == (
        "Seat 1 cannot use any of their cards: they keep their hand and flip their head to the"
        " infected side as a penalty. Seat 1 turns into a zombie. That ends the game: every player"
        " is a zombie, and Seat 1, the last to turn, wins.\n"
        "Seat 1's head is infected: they turn into a zombie.\n"
        "Seat 1's 3 cards go under the deck unseen.\n"
        "The game is over. Every player is a zombie; Seat 1 turned last and wins."
    )
    assert told(state, "1: stuck flip head", 1).endswith(
        "The game is over. Every player is a zombie; you turned last and win."
    )


def test_the_round_cap_ends_the_game_with_the_health_tiebreak(make: Make) -> None:
    """Ruling 28 (a house rule): after ``round_limit`` rounds the most healthy body cards win."""
    state = make(hands=[("coma",) * 3, ("coma",) * 3], bodies=["hhzhhh", "hhhhhh"], round_limit=1)
    state = play(state, "0: use coma", "chance: draw coma", "1: use coma")
    assert told(state, "chance: draw coma", 0) == (
        "Seat 1 draws a card from the deck.\n"
        "The round limit (1 round) is reached, so the game ends. The most healthy body cards"
        " on the table (6) win: Seat 1 wins."
    )
    assert told(state, "chance: draw coma", 1).endswith("(6) win: You win.")


# ------------------------------------------------------------ refusals


def test_describe_refuses_what_apply_refuses(make: Make) -> None:
    """An illegal or malformed move is an IllegalMove; a seat not at the table, UnknownSeat."""
    state = make()
    with pytest.raises(IllegalMove, match="seat 0's move"):
        describe(state, Move(1, Action.USE, "coma"), 1)
    with pytest.raises(IllegalMove, match="field 'seat'"):
        describe(state, Move(0.0, Action.USE, "coma"), 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        describe(state, "0: use coma", 0)  # type: ignore[arg-type]
    for seat in (2, -1, True, 1.0, "0"):
        with pytest.raises(UnknownSeat):
            describe(state, Move(0, Action.USE, "coma"), seat)  # type: ignore[arg-type]


# ------------------------------------------------------------ whole games

#: Notation ids that must never stand in for a card or slot name (case-sensitive).
_IDS = re.compile(
    r"\b(larm|rarm|lleg|rleg|xray|mad_scientist|amputate|medicine|coma|defibrillator)\b"
)


def _walk(config: Config, seed: int, bot: bool) -> tuple[list[State], list[Move]]:
    rng = random.Random(seed)
    agent = HeuristicAgent()
    state = new_game(config)
    states, moves = [state], []
    while GAME.to_act(state):
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            legal = legal_moves(state)
            move = (
                agent.choose(view(state, state.turn), legal, rng)
                if bot
                else legal[rng.randrange(len(legal))]
            )
        state = apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


SMALL_DECK = (("coma", 2), ("medicine", 2), ("xray", 2), ("amputate", 2))
_CONFIGS = [
    Config(players=2),
    Config(players=3, bonus_mode=True),
    Config(players=4),
    # A small deck: the unseen part is soon used up and draws come from the bottom.
    Config(players=3, hand_size=2, deck=SMALL_DECK),
    Config(players=2, bonus_mode=True, round_limit=8),
]


@pytest.mark.parametrize("config", _CONFIGS)
def test_every_move_of_whole_games_is_told_in_plain_words(config: Config) -> None:
    """Every legal move has an account for every seat, with card and slot names, never ids;
    moves a seat cannot tell apart (another's draw, card returned or card taken) read the
    same to it."""
    for seed in range(2):
        states, _ = _walk(config, seed, bot=seed == 1)
        for state in states[::3]:
            legal = legal_moves(state)
            for seat in (*range(config.players), None):
                by_text: dict[str, set[Move]] = {}
                for move in legal:
                    text = describe(state, move, seat)
                    assert text and all(line.strip() for line in text.split("\n"))
                    assert not _IDS.search(text), text
                    by_text.setdefault(text, set()).add(move)
                if seat is not None and seat not in GAME.to_act(state):
                    # Chance draws for another seat read the same: one account for all.
                    draws = [m for m in legal if m.action is Action.DRAW]
                    if draws and describe(state, draws[0], seat).startswith("Seat"):
                        assert len({describe(state, m, seat) for m in draws}) == 1


@pytest.mark.parametrize("config", _CONFIGS)
def test_each_seat_is_told_everything_its_view_shows_and_nothing_more(config: Config) -> None:
    """The generic knowledge check: a seat told the same about two alternatives (another
    seat's card, a hidden draw) has the same view in both, for as long as it is told the
    same."""
    for seed in range(2):
        _, moves = _walk(config, seed, bot=seed == 1)
        assert check_knowledge(GAME, config, moves[:200], alternatives=2, steps=60) > 0


def test_knowledge_with_custom_cards() -> None:
    """Custom cards are told by what they change (Ruling 26)."""

    def targets(state: State, user: int, params: Mapping[str, int]) -> tuple[int, ...]:
        return tuple(opponents(state, user))

    def effect(
        state: State, user: int, target: int, params: Mapping[str, int]
    ) -> tuple[tuple[int, ...], ...]:
        return state.bodies

    register_card_effect("dud", targets, effect)
    try:
        dud = CustomCard("dud", "dud", self_flip=True)
        config = Config(players=3, deck=(*DEFAULT_DECK, ("dud", 3)), custom_cards=(dud,))
        _, moves = _walk(config, 4, bot=False)
        assert check_knowledge(GAME, config, moves[:150], steps=40) > 0
    finally:
        unregister_card_effect("dud")
