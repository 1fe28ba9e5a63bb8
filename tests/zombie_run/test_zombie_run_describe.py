"""Zombie Run!'s ``describe``: every move kind, told to its mover, another seat and a spectator.

The account depends only on what the seat may know: "Lift them carefully so no
one else can see." Which positions a player lifts or swaps into is seen across
the table; what the cards are is not, until they are face up. States are built
from explicit chance moves, so each test chooses its cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, UnknownSeat
from zombie_rules.play import sample_chance
from zombie_rules.testing import check_knowledge
from zombie_rules.texas_zombies import GAME as TEXAS
from zombie_rules.zombie_run import (
    GAME,
    Action,
    Config,
    Move,
    Phase,
    State,
    TieBreak,
    apply,
    card_name,
    describe,
    legal_moves,
    new_game,
)

# ------------------------------------------------------------------- helpers


def card(value: int) -> Move:
    return Move(CHANCE, Action.CARD, (value,))


def deal(hands: Sequence[Sequence[int]], top: int, config: Config | None = None) -> State:
    """Deal ``hands[s]`` to each seat in position order, then turn ``top`` face up."""
    state = new_game(config)
    return deal_round(state, hands, top)


def deal_round(state: State, hands: Sequence[Sequence[int]], top: int) -> State:
    n = state.config.players
    for i in range(state.config.hand_size):
        for k in range(1, n + 1):
            state = apply(state, card(hands[(state.dealer + k) % n][i]))
    return apply(state, card(top))


def ready(hands: Sequence[Sequence[int]], top: int = 7, config: Config | None = None) -> State:
    """Dealt, and every seat has looked at positions 0 and 1; the first player draws."""
    state = deal(hands, top, config)
    for seat in range(state.config.players):
        state = apply(state, Move(seat, Action.PEEK, (0, 1)))
    return state


def holding(state: State, drawn: int) -> State:
    """The player to move has drawn ``drawn`` from the Draw Pile."""
    return apply(apply(state, Move(state.turn, Action.DRAW_PILE)), card(drawn))


def told(state: State, move: Move) -> dict[int | None, str]:
    """The account of ``move`` for every seat and the spectator."""
    return {seat: describe(state, move, seat) for seat in (*range(state.config.players), None)}


NAMES = ("Empty Streets", "Zombie Horde", "zombie")


def names_a_card(text: str) -> bool:
    return any(name in text for name in NAMES)


HANDS = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 0, 0, 0), (15, 15, 15, 15))

# ------------------------------------------------------------ deal and flip


def test_a_dealt_card_reads_the_same_whatever_it_is_even_to_its_owner() -> None:
    """ "The dealer deals four cards to each player, face down": nobody looks at a card as
    it is dealt, so every outcome is told identically, naming only who gets it and where."""
    state = new_game()
    for seat in (0, 1, 2, 3, None):
        lines = {describe(state, move, seat) for move in legal_moves(state)}
        assert len(lines) == 1
        (line,) = lines
        assert not names_a_card(line)
    assert describe(state, card(15), 1) == "The dealer deals you a card face down, at position 0."
    assert (
        describe(state, card(15), 2) == "The dealer deals Seat 1 a card face down, at position 0."
    )
    assert describe(state, card(0), None) == describe(state, card(15), 2)


def test_the_face_up_card_is_named_to_everyone() -> None:
    """ "The dealer also places one card face up next to the Draw Pile. This is the
    "Discard Pile"." The card and the look that follows are public."""
    state = new_game()
    for i in range(16):
        state = apply(state, card(HANDS[(1 + i) % 4][i // 4]))
    assert state.phase is Phase.FLIP
    for text in told(state, card(15)).values():
        assert text == (
            "The dealer turns up the Zombie Horde (15 zombies) to start the Discard Pile.\n"
            "Everyone now looks at 2 cards of their own."
        )


def test_without_a_look_the_flip_says_who_plays_first() -> None:
    """Config(peek_count=0) (ruling 4) skips the look; ruling 6: the dealer's left starts."""
    config = Config(players=2, hand_size=1, peek_count=0)
    state = apply(apply(new_game(config), card(3)), card(4))
    accounts = told(state, card(7))
    assert accounts[1].endswith("\nYou play first.")
    assert accounts[0].endswith("\nSeat 1 plays first.")
    assert accounts[None] == accounts[0]


# --------------------------------------------------------------------- peek


def test_a_look_names_the_cards_to_their_owner_only() -> None:
    """ "Each player can look at two, and only two, of the cards in their hand. Lift them
    carefully so no one else can see." Everyone sees which two are lifted."""
    state = deal(HANDS, 7)
    move = Move(2, Action.PEEK, (1, 3))
    accounts = told(state, move)
    assert accounts[2] == (
        "You look at positions 1 and 3 of your hand.\n"
        "You see the Empty Streets (0 zombies) at position 1 and the Empty Streets"
        " (0 zombies) at position 3."
    )
    # The first line, a label for the choice, names no card: the look has not happened yet.
    assert not names_a_card(accounts[2].splitlines()[0])
    for seat in (0, 1, 3, None):
        assert accounts[seat] == "Seat 2 looks at positions 1 and 3 of their hand."
    # Other hands, same account for the others.
    other = deal(((1, 2, 3, 4), (5, 6, 7, 8), (15, 9, 15, 1), (15, 15, 15, 15)), 7)
    for seat in (0, 1, 3, None):
        assert describe(other, move, seat) == accounts[seat]
    assert describe(other, move, 2) != accounts[2]


def test_the_last_look_starts_play() -> None:
    """Play starts once everyone has looked (ruling 5); the dealer's left plays first."""
    state = deal(HANDS, 7)
    for seat in (1, 2, 3):
        state = apply(state, Move(seat, Action.PEEK, (0, 1)))
    accounts = told(state, Move(0, Action.PEEK, (2, 3)))
    assert accounts[0].endswith("\nEveryone has looked. Seat 1 plays first.")
    assert accounts[1].endswith("\nEveryone has looked. You play first.")
    assert accounts[None] == "Seat 0 looks at positions 2 and 3 of their hand.\n" + (
        "Everyone has looked. Seat 1 plays first."
    )


# --------------------------------------------------------------------- draws


def test_choosing_the_draw_pile_is_public() -> None:
    """ "drawing a card from the Draw Pile or the Discard Pile": which pile is seen."""
    accounts = told(ready(HANDS), Move(1, Action.DRAW_PILE))
    assert accounts[1] == "You choose to draw from the Draw Pile."
    for seat in (0, 2, 3, None):
        assert accounts[seat] == "Seat 1 chooses to draw from the Draw Pile."


def test_the_card_drawn_is_named_to_the_drawer_only() -> None:
    """ "drawing a card from the Draw Pile ..., looking at it": only the drawer looks."""
    state = apply(ready(HANDS), Move(1, Action.DRAW_PILE))
    assert describe(state, card(15), 1) == (
        "You draw the Zombie Horde (15 zombies) from the Draw Pile."
    )
    assert describe(state, card(4), 1) == "You draw the 4 (4 zombies) from the Draw Pile."
    for seat in (0, 2, 3, None):
        lines = {describe(state, move, seat) for move in legal_moves(state)}
        assert lines == {"Seat 1 draws a card from the Draw Pile."}


def test_taking_the_face_up_card_is_public_and_says_it_must_stay() -> None:
    """The Discard Pile is face up: everyone sees which card is taken. "You MUST draw and
    discard a card on each turn. There is no passing": by default (ruling 7) the taken card
    cannot go straight back, which the label says before the choice is made."""
    accounts = told(ready(HANDS, top=9), Move(1, Action.DRAW_DISCARD))
    assert accounts[1] == (
        "You take the 9 (9 zombies) from the Discard Pile, and must then swap it into your hand"
        " (no passing)."
    )
    for seat in (0, 2, 3, None):
        assert accounts[seat] == (
            "Seat 1 takes the 9 (9 zombies) from the Discard Pile, and must then swap it into"
            " their hand (no passing)."
        )
    assert GAME.label(ready(HANDS, top=9), Move(1, Action.DRAW_DISCARD), 1) == accounts[1]


def test_a_taken_card_that_may_go_back_gets_no_warning() -> None:
    """With Config(discard_taken_card=True) nothing is forced, and the label says nothing."""
    state = ready(HANDS, top=9, config=Config(discard_taken_card=True))
    assert GAME.label(state, Move(1, Action.DRAW_DISCARD), 1) == (
        "You take the 9 (9 zombies) from the Discard Pile."
    )


# ------------------------------------------------------------ swap, discard


def test_a_swap_tells_the_mover_what_it_knew_of_the_place() -> None:
    """ "Try and remember which card is where and try not to swap out a low card for a high
    one by accident": the label says what the mover remembers at that position."""
    state = holding(ready(HANDS), 2)
    seen = describe(state, Move(1, Action.SWAP, (0,)), 1)
    assert seen == (
        "You swap the drawn 2 (2 zombies) into position 0, where you saw the 5 (5 zombies).\n"
        "The 5 (5 zombies) goes face up on the Discard Pile."
    )
    unseen = describe(state, Move(1, Action.SWAP, (3,)), 1)
    assert unseen == (
        "You swap the drawn 2 (2 zombies) into position 3, a card you have not seen.\n"
        "It was the 8 (8 zombies), which goes face up on the Discard Pile."
    )
    # The label (first line) names no card the mover has not seen.
    assert "8" not in unseen.splitlines()[0]


def test_a_swap_of_a_drawn_card_hides_it_from_the_others() -> None:
    """Only the drawer looked at the drawn card; the card thrown out goes face up."""
    state = holding(ready(HANDS), 2)
    move = Move(1, Action.SWAP, (3,))
    for seat in (0, 2, 3, None):
        text = describe(state, move, seat)
        assert text == (
            "Seat 1 swaps the card they drew into position 3.\n"
            "The 8 (8 zombies) from there goes face up on the Discard Pile."
        )
        # Whatever seat 1 drew, the others are told the same.
        for drawn in (0, 1, 9, 15):
            assert describe(attrs.evolve(state, held=drawn), move, seat) == text


def test_a_swap_of_a_taken_card_names_it_to_everyone() -> None:
    """A card taken from the Discard Pile was face up; everyone sees where it goes."""
    state = apply(ready(HANDS, top=9), Move(1, Action.DRAW_DISCARD))
    accounts = told(state, Move(1, Action.SWAP, (1,)))
    assert accounts[1] == (
        "You swap the taken 9 (9 zombies) into position 1, where you saw the 6 (6 zombies).\n"
        "The 6 (6 zombies) goes face up on the Discard Pile."
    )
    for seat in (0, 2, 3, None):
        assert accounts[seat] == (
            "Seat 1 swaps the 9 (9 zombies), which they took, into position 1.\n"
            "The 6 (6 zombies) from there goes face up on the Discard Pile."
        )


def test_a_discarded_draw_is_named_to_everyone() -> None:
    """ "You MUST draw and discard a card on each turn": a discard is face up."""
    state = holding(ready(HANDS), 15)
    accounts = told(state, Move(1, Action.DISCARD))
    assert accounts[1] == "You discard the drawn Zombie Horde (15 zombies)."
    for seat in (0, 2, 3, None):
        assert accounts[seat] == (
            "Seat 1 discards the card they drew, the Zombie Horde (15 zombies)."
        )


def test_throwing_a_taken_card_straight_back() -> None:
    """Config(discard_taken_card=True) (ruling 7) allows putting the taken card back."""
    state = apply(ready(HANDS, 9, Config(discard_taken_card=True)), Move(1, Action.DRAW_DISCARD))
    accounts = told(state, Move(1, Action.DISCARD))
    assert accounts[1] == "You put the 9 (9 zombies) back on the Discard Pile."
    assert (
        accounts[0] == accounts[None] == "Seat 1 puts the 9 (9 zombies) back on the Discard Pile."
    )


# ----------------------------------------------------------------- round end


SHOUT = '"I\'VE GOT BRAAAAAINS!"'


def test_a_shout_ends_the_round_and_every_hand_is_told() -> None:
    """ "Each player then turns over all four of their cards and counts the number of
    zombies in their hand." and "If the person who shouted out and ended the round does NOT
    have the lowest number of zombies in their hand, their score for the round DOUBLES
    (zombies hate liars)." and "Dealer responsibilities rotate clockwise to the next player
    each round." """
    state = holding(ready(HANDS), 3)
    move = Move(1, Action.SWAP, (0,), shout=True)
    accounts = told(state, move)
    assert accounts[2] == "\n".join(
        [
            "Seat 1 swaps the card they drew into position 0, and shouts " + SHOUT + ": the"
            " round stops at once and every hand is turned over; Seat 1's score for the round"
            " doubles unless their total is the lowest.",
            "The 5 (5 zombies) from there goes face up on the Discard Pile.",
            "Round 1 is over. Everyone turns over their cards:",
            "  Seat 0: 1 zombie, 2 zombies, 3 zombies, 4 zombies (10 zombies in all)",
            "  Seat 1: 3 zombies, 6 zombies, 7 zombies, 8 zombies (24 zombies in all)",
            "  You: 9 zombies, Empty Streets, Empty Streets, Empty Streets (9 zombies in all)",
            "  Seat 3: Zombie Horde, Zombie Horde, Zombie Horde, Zombie Horde (60 zombies in all)",
            "Seat 1 shouted with 24 zombies, but you have only 9 zombies: Seat 1's score for"
            " the round doubles to 48 (zombies hate liars).",
            "Round scores: Seat 0 10, Seat 1 48, Seat 2 (you) 9, Seat 3 60.",
            "Totals: Seat 0 10, Seat 1 48, Seat 2 (you) 9, Seat 3 60.",
            "Seat 1 deals round 2.",
        ]
    )
    assert accounts[1].startswith(
        "You swap the drawn 3 (3 zombies) into position 0, where you saw the 5 (5 zombies),"
        " and shout " + SHOUT + ": the round stops at once and every hand is turned over;"
        " your score for the round doubles unless your total is the lowest."
    )
    assert "Seat 2 has only 9 zombies: your score for the round doubles to 48" in accounts[1]
    assert "You deal round 2." in accounts[1]
    # The round's end is public: the spectator reads it all, in the third person.
    spectator = accounts[None]
    assert "  Seat 2: 9 zombies, Empty Streets, Empty Streets, Empty Streets" in spectator
    assert "but Seat 2 has only 9 zombies: Seat 1's score" in spectator
    assert "you" not in spectator.lower()


def test_a_shouts_label_says_the_round_stops_and_a_plain_discard_does_not() -> None:
    """ "shout "I'VE GOT BRAAAAAINS!" and the round stops immediately"; "Each player then
    turns over all four of their cards"; "If the person who shouted out and ended the round
    does NOT have the lowest number of zombies in their hand, their score for the round
    DOUBLES". The menu tells the mover all of it before the choice, from the state alone."""
    state = holding(ready(HANDS), 3)
    shout = GAME.label(state, Move(1, Action.DISCARD, (), shout=True), 1)
    assert shout == (
        "You discard the drawn 3 (3 zombies), and shout " + SHOUT + ": the round stops at once"
        " and every hand is turned over; your score for the round doubles unless your total is"
        " the lowest."
    )
    plain = GAME.label(state, Move(1, Action.DISCARD), 1)
    assert plain == "You discard the drawn 3 (3 zombies)."
    for move in legal_moves(state):
        says = "the round stops" in GAME.label(state, move, 1)
        assert says == move.shout, move


def test_a_shout_in_the_last_round_says_the_game_ends() -> None:
    """ "The game lasts five rounds.": a shout in the last one ends the game as well."""
    state = one_round_game(TWO, ((1, 2), (5, 5)))
    assert GAME.label(state, Move(1, Action.DISCARD, (), shout=True), 0) == (
        "Seat 1 discards the card they drew, the 1 (1 zombie), and shouts " + SHOUT + ": the"
        " last round, and with it the game, stops at once and every hand is turned over; Seat"
        " 1's score for the round doubles unless their total is the lowest."
    )
    first = holding(ready(HANDS, 7, Config(rounds=2)), 3)
    assert "the game" not in GAME.label(first, Move(1, Action.DISCARD, (), shout=True), 1)


def test_a_shouter_alone_lowest_or_tied_for_lowest_does_not_double() -> None:
    """ "If the person who shouted out and ended the round TIES for the lowest score with
    another player(s), nothing happens, but that was a close call!" """
    lowest = holding(ready(((9, 9, 9, 9), (0, 0, 1, 1), (5, 5, 5, 5), (8, 8, 8, 8))), 1)
    text = describe(lowest, Move(1, Action.DISCARD, (), shout=True), None)
    assert "Seat 1 shouted and has the lowest total (2 zombies): the score stands." in text
    tied = holding(ready(((0, 0, 1, 1), (0, 0, 1, 1), (5, 5, 5, 5), (8, 8, 8, 8))), 1)
    text = describe(tied, Move(1, Action.DISCARD, (), shout=True), 1)
    assert (
        "You shouted and tie for the lowest total (2 zombies) with Seat 0: nothing happens,"
        " but that was a close call." in text
    )


def test_the_turn_limit_ends_a_round_with_nobody_shouting() -> None:
    """Ruling 10: after ``turn_limit`` turns time is called; nobody doubles."""
    state = holding(ready(HANDS, 7, Config(turn_limit=1)), 2)
    text = describe(state, Move(1, Action.DISCARD), 3)
    lines = text.splitlines()
    assert lines[0] == (
        "Seat 1 discards the card they drew, the 2 (2 zombies); that is turn 1, the turn limit,"
        " so the round ends and every hand is turned over."
    )
    assert GAME.label(state, Move(1, Action.SWAP, (2,)), 1) == (
        "You swap the drawn 2 (2 zombies) into position 2, a card you have not seen; that is"
        " turn 1, the turn limit, so the round ends and every hand is turned over."
    )
    # A turn before the limit goes on: its label names no end.
    earlier = holding(ready(HANDS, 7, Config(turn_limit=2)), 2)
    assert GAME.label(earlier, Move(1, Action.DISCARD), 1) == "You discard the drawn 2 (2 zombies)."
    assert lines[1] == (
        "That was turn 1 of the round, the turn limit: time is called with nobody shouting."
    )
    assert "Nobody shouted, so no score doubles." in lines
    assert (
        "  You: Zombie Horde, Zombie Horde, Zombie Horde, Zombie Horde (60 zombies in all)" in lines
    )


def one_round_game(config: Config, hands: Sequence[Sequence[int]]) -> State:
    """The last round's first player, holding a 1 drawn from the Draw Pile."""
    state = new_game(config)
    while state.round < config.rounds - 1:
        state = deal_round(state, hands, 7)
        state = apply(state, Move(0, Action.PEEK, (0,)))
        state = apply(state, Move(1, Action.PEEK, (0,)))
        state = apply(holding(state, 1), Move(state.turn, Action.DISCARD, (), shout=True))
    state = deal_round(state, hands, 7)
    state = apply(apply(state, Move(0, Action.PEEK, (0,))), Move(1, Action.PEEK, (0,)))
    return holding(state, 1)


TWO = Config(players=2, rounds=1, hand_size=2, peek_count=1)


def test_the_games_end_names_the_winner() -> None:
    """ "The player with the lowest score after five rounds successfully escapes the town and
    wins" (here one round)."""
    state = one_round_game(TWO, ((1, 2), (5, 5)))
    move = Move(1, Action.DISCARD, (), shout=True)
    assert describe(state, move, 0).endswith(
        "The game is over after 1 round.\nYou escape the town and win with 3 zombies."
    )
    assert describe(state, move, None).endswith(
        "The game is over after 1 round.\nSeat 0 escapes the town and wins with 3 zombies."
    )


def test_a_shared_win_and_a_broken_tie() -> None:
    """Ruling 12: a tie is shared, or broken by the latest round that separates them."""
    shared = one_round_game(TWO, ((1, 2), (2, 1)))
    move = Move(1, Action.DISCARD, (), shout=True)
    assert describe(shared, move, None).endswith("Seats 0 and 1 share the win with 3 zombies each.")
    assert describe(shared, move, 1).endswith("You and Seat 0 share the win with 3 zombies each.")
    config = attrs.evolve(TWO, rounds=2, tie_break=TieBreak.LAST_ROUND)
    state = new_game(config)
    state = deal_round(state, ((1, 3), (1, 1)), 7)
    state = apply(apply(state, Move(0, Action.PEEK, (0,))), Move(1, Action.PEEK, (0,)))
    state = apply(holding(state, 1), Move(1, Action.DISCARD, (), shout=True))  # 4 and 2
    state = deal_round(state, ((1, 1), (1, 3)), 7)
    state = apply(apply(state, Move(0, Action.PEEK, (0,))), Move(1, Action.PEEK, (0,)))
    state = holding(state, 1)  # seat 0 to move: 2 and 4 this round, 6 each in all
    text = describe(state, Move(0, Action.DISCARD, (), shout=True), None)
    assert text.endswith(
        "The game is over after 2 rounds.\n"
        "Seats 0 and 1 tie on 6 zombies; Seat 0 wins on the latest round that separates them."
    )


# ------------------------------------------------------------------ reshuffle


SMALL = {"players": 2, "hand_size": 2, "peek_count": 0, "deck": ((0, 4), (1, 4))}


def run_out(config: Config) -> State:
    """Three turns of drawing a 1: the Draw Pile is empty as the third one ends."""
    state = deal(((0, 0), (0, 0)), 1, config)
    state = apply(holding(state, 1), Move(1, Action.DISCARD))
    state = apply(holding(state, 1), Move(0, Action.DISCARD))
    return holding(state, 1)


def test_a_reshuffle_keeping_the_top_card_is_told_with_what_went_in() -> None:
    """ "If you run out of cards during a game, have the dealer reshuffle the Discard Pile
    and use it to start a new Draw Pile." Every card going in was face up, so the account
    names them all (not their order)."""
    state = run_out(Config(**SMALL))  # type: ignore[arg-type]
    accounts = told(state, Move(1, Action.SWAP, (0,)))
    tail = (
        "The Draw Pile has run out: the dealer ({}) shuffles the Discard Pile, all but its top"
        " card (the Empty Streets (0 zombies)), into a new Draw Pile: 3 cards, 3 cards of"
        " 1 zombie."
    )
    assert accounts[0].splitlines()[-1] == tail.format("you")
    assert accounts[1].splitlines()[-1] == tail.format("Seat 0")
    assert accounts[None].splitlines()[-1] == tail.format("Seat 0")


def test_a_reshuffle_of_the_whole_pile_is_told_when_the_draw_needs_it() -> None:
    """Ruling 14: with Config(reshuffle_keeps_top=False) the whole Discard Pile is
    reshuffled when a player draws from the empty Draw Pile."""
    config = Config(**SMALL, reshuffle_keeps_top=False)  # type: ignore[arg-type]
    state = apply(run_out(config), Move(1, Action.SWAP, (0,)))
    assert describe(state, Move(0, Action.DRAW_DISCARD), 1) == (
        "Seat 0 takes the Empty Streets (0 zombies) from the Discard Pile, and must then swap it"
        " into their hand (no passing)."
    )
    assert describe(state, Move(0, Action.DRAW_PILE), 1) == (
        "Seat 0 chooses to draw from the Draw Pile; it is empty, so the dealer first shuffles"
        " the whole Discard Pile, its face-up card too, into a new Draw Pile.\n"
        "The Draw Pile is empty, so the dealer (Seat 0) shuffles the whole Discard Pile into a"
        " new Draw Pile: 4 cards, 1 Empty Streets and 3 cards of 1 zombie."
    )
    # A Draw Pile with cards in it: drawing takes nothing else with it.
    assert GAME.label(run_out(config), Move(1, Action.DISCARD), 1).startswith("You discard")
    fresh = ready(HANDS, 7, Config(reshuffle_keeps_top=False))
    assert GAME.label(fresh, Move(1, Action.DRAW_PILE), 1) == (
        "You choose to draw from the Draw Pile."
    )


# ------------------------------------------------------------- bad requests


def test_an_illegal_move_is_refused_like_apply_refuses_it() -> None:
    """``describe`` of a move that is not legal raises IllegalMove, saying why."""
    state = ready(HANDS)
    with pytest.raises(IllegalMove, match="seat 1"):
        describe(state, Move(2, Action.DRAW_PILE), 2)
    with pytest.raises(IllegalMove, match="position"):
        describe(holding(state, 3), Move(1, Action.SWAP, (4,)), None)
    over = one_round_game(TWO, ((1, 2), (5, 5)))
    over = apply(over, Move(1, Action.DISCARD, (), shout=True))
    with pytest.raises(IllegalMove, match="over"):
        describe(over, Move(0, Action.DRAW_PILE), 0)


@pytest.mark.parametrize(
    "move",
    [
        None,
        "1: draw pile",
        Move(1.0, Action.DRAW_PILE),  # type: ignore[arg-type]
        Move(True, Action.DRAW_PILE),
        Move(1, None),  # type: ignore[arg-type]
        Move(1, Action.DRAW_PILE, [1]),  # type: ignore[arg-type]
        Move(1, Action.DRAW_PILE, (), 0),  # type: ignore[arg-type]
        TEXAS.legal_moves(TEXAS.new_game(None))[0],
    ],
)
def test_a_malformed_move_is_an_illegal_move(move: Any) -> None:
    """Bad input gets a typed error, never a TypeError or AttributeError."""
    with pytest.raises(IllegalMove):
        describe(ready(HANDS), move, 1)


@pytest.mark.parametrize("seat", [4, -1, True, 1.0, "1"])
def test_a_seat_not_at_the_table_is_refused(seat: Any) -> None:
    with pytest.raises(UnknownSeat):
        describe(ready(HANDS), Move(1, Action.DRAW_PILE), seat)


# ------------------------------------------------------------- along games


def walk(config: Config, seed: int, shouts: bool = True) -> list[tuple[State, Move]]:
    """A random game as (state, move) pairs; without ``shouts`` only the turn limit ends
    rounds, so the Draw Pile runs out and is reshuffled."""
    rng = random.Random(seed)
    state = new_game(config)
    steps: list[tuple[State, Move]] = []
    while legal_moves(state):
        legal = legal_moves(state)
        if legal[0].seat == CHANCE:
            move = sample_chance(GAME, state, rng)
        else:
            choices = [m for m in legal if shouts or not m.shout]
            move = choices[rng.randrange(len(choices))]
        steps.append((state, move))
        state = apply(state, move)
    return steps


CONFIGS = [
    Config(),
    Config(players=3, rounds=2, hand_size=2, peek_count=1, deck=((0, 3), (1, 3), (5, 3), (15, 2)),
           turn_limit=25),
    Config(players=3, rounds=2, hand_size=2, peek_count=1, deck=((0, 3), (1, 3), (5, 3), (15, 2)),
           turn_limit=25, reshuffle_keeps_top=False, discard_taken_card=True),
]  # fmt: skip


@pytest.mark.parametrize("config", CONFIGS)
def test_every_legal_move_is_told_and_hidden_outcomes_read_alike(config: Config) -> None:
    """Every legal move gets an account for every seat; a chance outcome the seat does not
    see (a card dealt, another seat's draw) reads the same whatever the card, and a look
    or an unseen draw is never named to anyone but its owner."""
    kinds = set()
    for seed in range(3):
        for state, _ in walk(config, seed, shouts=config == Config()):
            legal = legal_moves(state)
            for seat in (*range(config.players), None):
                texts = {move: describe(state, move, seat) for move in legal}
                assert all(texts.values())
                assert not any(re.search(r"Move\(|chance:", t) for t in texts.values())
                if state.phase is Phase.DEAL or (
                    state.phase is Phase.DRAW_CARD and seat != state.turn
                ):
                    assert len(set(texts.values())) == 1
                for move, text in texts.items():
                    kinds.add(move.action)
                    if move.action is Action.PEEK and seat != move.seat:
                        assert not names_a_card(text)
                    if state.phase is Phase.DECIDE and seat != state.turn:
                        assert state.held is not None
                        if not state.held_public:
                            first = text.splitlines()[0]
                            assert move.action is Action.DISCARD or not names_a_card(first)
    assert kinds == set(Action)


@pytest.mark.parametrize("config", CONFIGS)
def test_views_change_only_with_what_each_seat_is_told(config: Config) -> None:
    """The test kit's knowledge check: two histories a seat was told alike leave it the
    same view and the same choices (no leak, and no account leaves anything out)."""
    branches = 0
    for seed in range(2):
        moves = [move for _, move in walk(config, seed, shouts=config == Config())]
        branches += check_knowledge(GAME, config, moves, steps=40)
    assert branches > 100


def test_card_names_come_from_the_deck() -> None:
    """Card names are the printed ones (ruling 1), with their zombies."""
    assert card_name(0) == "Empty Streets" and card_name(15) == "Zombie Horde"
    assert card_name(1) == "1 zombie" and card_name(7) == "7 zombies"
