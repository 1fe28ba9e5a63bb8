"""Zombie Run! rules, one test (or a few) per rulebook sentence.

Every docstring quotes the sentence of /work/shared/rulebooks/zombie_run.txt it
checks (or names the ruling in docs/rulings/zombie_run.md it pins down). States
are built by applying explicit chance moves, so each test chooses its cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig
from zombie_rules.zombie_run import (
    DEFAULT_DECK,
    EMPTY_STREETS,
    ZOMBIE_HORDE,
    Action,
    Config,
    Move,
    Phase,
    State,
    TieBreak,
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    parse_move,
    result,
    to_act,
)

# ------------------------------------------------------------------- helpers


def card(value: int) -> Move:
    """The chance move that turns up a card worth ``value`` zombies."""
    return Move(CHANCE, Action.CARD, (value,))


def deal(
    hands: Sequence[Sequence[int]],
    top: int,
    config: Config | None = None,
    state: State | None = None,
) -> State:
    """Deal ``hands[s]`` to each seat ``s`` (position order) and turn ``top`` face up.

    Cards go out one at a time clockwise from the dealer's left, which is the
    order ``apply`` expects them in.
    """
    state = new_game(config) if state is None else state
    config = state.config
    n = config.players
    for i in range(config.hand_size):
        for k in range(1, n + 1):
            seat = (state.dealer + k) % n
            assert state.phase is Phase.DEAL and state.turn == seat
            state = apply(state, card(hands[seat][i]))
    assert state.phase is Phase.FLIP
    return apply(state, card(top))


def peek_all(state: State, positions: Sequence[int] = (0, 1)) -> State:
    """Every seat looks at the same positions."""
    for seat in range(state.config.players):
        state = apply(state, Move(seat, Action.PEEK, tuple(positions)))
    return state


def ready(hands: Sequence[Sequence[int]], top: int, config: Config | None = None) -> State:
    """Dealt, everyone has looked at positions 0 and 1: the first turn's draw."""
    state = deal(hands, top, config)
    if state.phase is Phase.PEEK:
        state = peek_all(state, tuple(range(state.config.peek_count)))
    assert state.phase is Phase.DRAW
    return state


def turn_from_pile(state: State, drawn: int, decision: Move) -> State:
    """Seat ``state.turn`` draws ``drawn`` from the Draw Pile, then plays ``decision``."""
    state = apply(state, Move(state.turn, Action.DRAW_PILE))
    state = apply(state, card(drawn))
    return apply(state, decision)


FOUR_HANDS = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 0, 0, 0), (15, 15, 15, 15))


def spread(players: int, hand_size: int) -> list[list[int]]:
    """Hands for any table, dealt round robin from the default deck's cards in order
    (so no card kind runs out); leaves 7s for the face-up card."""
    pool = [z for z, n in DEFAULT_DECK if z != 7 for _ in range(n)]
    return [pool[s::players][:hand_size] for s in range(players)]


def raises_unchanged(state: State, move: Move, match: str | None = None) -> None:
    """``move`` is refused with IllegalMove and ``state`` is left as it was."""
    before = attrs.astuple(state, recurse=False)
    copy = State(*before)
    with pytest.raises(IllegalMove, match=match):
        apply(state, move)
    assert state == copy
    assert move not in legal_moves(state)


# ---------------------------------------------------------------- components


def test_default_deck_has_75_cards() -> None:
    """ "There are 75 cards in this game: 15 Empty Streets ... 15 Zombie Hordes ...
    45 cards with varying numbers of zombies on them" (five each of 1-9; a Horde is
    worth 15: see the deck ruling)."""
    deck = dict(Config().deck)
    assert Config().deck == DEFAULT_DECK
    assert sum(deck.values()) == 75
    assert deck[EMPTY_STREETS] == 15 and EMPTY_STREETS == 0
    assert deck[ZOMBIE_HORDE] == 15 and ZOMBIE_HORDE == 15
    assert {z: n for z, n in deck.items() if z not in (0, 15)} == {z: 5 for z in range(1, 10)}


def test_the_whole_deck_is_in_the_draw_pile_before_the_deal() -> None:
    """ "Shuffle the deck." The first chance node draws from all 75 cards."""
    state = new_game()
    assert state.phase is Phase.DEAL
    assert to_act(state) == frozenset({CHANCE})
    assert sum(state.draw_pile) == 75


# --------------------------------------------------------------------- setup


def test_deal_chance_probabilities_are_exact_fractions() -> None:
    """ "Shuffle the deck. The dealer deals four cards to each player, face down."
    Each dealt card is a chance node over card kinds weighted by the cards left."""
    state = new_game()
    outcomes = dict(chance_outcomes(state))
    assert all(isinstance(p, Fraction) for p in outcomes.values())
    assert outcomes[card(15)] == Fraction(15, 75)
    assert outcomes[card(0)] == Fraction(15, 75)
    assert all(outcomes[card(v)] == Fraction(5, 75) for v in range(1, 10))
    assert sum(outcomes.values()) == 1
    assert legal_moves(state) == tuple(outcomes)
    moves, weights = chance_weights(state)
    assert dict(zip(moves, weights, strict=True))[card(15)] == 15

    state = apply(state, card(15))
    outcomes = dict(chance_outcomes(state))
    assert outcomes[card(15)] == Fraction(14, 74)
    assert outcomes[card(3)] == Fraction(5, 74)


def test_an_exhausted_card_kind_is_no_longer_an_outcome() -> None:
    """Chance outcomes are the kinds still in the face-down pile, weighted by count."""
    config = Config(players=2, hand_size=2, peek_count=2, deck=((0, 1), (1, 5)))
    state = apply(new_game(config), card(0))
    assert dict(chance_outcomes(state)) == {card(1): Fraction(1)}
    raises_unchanged(state, card(0), match="no such card")


def test_deal_is_four_cards_each_one_at_a_time_from_the_dealers_left() -> None:
    """ "The dealer deals four cards to each player, face down" (ruling: one at a time,
    clockwise, starting with the player on the dealer's left)."""
    state = new_game()
    order = []
    while state.phase is Phase.DEAL:
        order.append(state.turn)
        state = apply(state, card(len(order) % 10))
    assert order == [1, 2, 3, 0] * 4
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    # Seat 1 got cards 1, 5, 9 and 13 of the deal.
    assert state.hands[1] == (1, 5, 9, 3)
    assert all(mask == 0 for row in state.seen for mask in row)  # face down


def test_one_card_goes_face_up_to_start_the_discard_pile() -> None:
    """ "The dealer places the remaining cards face down in the center of the table.
    This is the "Draw Pile". The dealer also places one card face up next to the Draw
    Pile. This is the "Discard Pile"."""
    state = deal(FOUR_HANDS, 7)
    assert state.discard_pile == (7,)
    assert state.phase is Phase.PEEK
    expected = Counter(dict(DEFAULT_DECK))
    expected.subtract([c for hand in FOUR_HANDS for c in hand] + [7])
    assert dict(zip(sorted(dict(DEFAULT_DECK)), state.draw_pile, strict=True)) == dict(expected)
    assert sum(state.draw_pile) == 75 - 16 - 1


@pytest.mark.parametrize("hand_size", [5, 6])
def test_five_or_six_card_hands(hand_size: int) -> None:
    """ "Was playing with four cards too easy? Try playing with five or six instead!\""""
    config = Config(hand_size=hand_size)
    state = deal(spread(4, hand_size), 9, config)
    assert [len(h) for h in state.hands] == [hand_size] * 4
    assert sum(state.draw_pile) == 75 - 4 * hand_size - 1
    assert len([m for m in legal_moves(state) if m.seat == 0]) == hand_size * (hand_size - 1) // 2


# ---------------------------------------------------------------------- peek


def test_everyone_looks_at_exactly_two_of_their_cards() -> None:
    """ "Each player can look at two, and only two, of the cards in their hand.\""""
    state = deal(FOUR_HANDS, 7)
    assert to_act(state) == frozenset({0, 1, 2, 3})
    peeks = [m for m in legal_moves(state) if m.seat == 2]
    assert [m.args for m in peeks] == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    state = apply(state, Move(2, Action.PEEK, (1, 3)))
    assert state.seen[2] == (0, 1 << 2, 0, 1 << 2)
    assert to_act(state) == frozenset({0, 1, 3})
    for seat in (0, 1, 3):
        state = apply(state, Move(seat, Action.PEEK, (0, 1)))
    assert state.phase is Phase.DRAW


def test_peeking_may_happen_in_any_order() -> None:
    """Everyone looks at the same time (ruling: peeks are simultaneous)."""
    a = deal(FOUR_HANDS, 7)
    b = a
    for seat in (0, 1, 2, 3):
        a = apply(a, Move(seat, Action.PEEK, (0, 1)))
    for seat in (3, 1, 0, 2):
        b = apply(b, Move(seat, Action.PEEK, (0, 1)))
    assert a == b


def test_peeking_twice_or_the_wrong_number_of_cards_is_illegal() -> None:
    """ "two, and only two" -- not one, not three, not twice, not the same card twice."""
    state = deal(FOUR_HANDS, 7)
    raises_unchanged(state, Move(0, Action.PEEK, (0,)))
    raises_unchanged(state, Move(0, Action.PEEK, (0, 1, 2)))
    raises_unchanged(state, Move(0, Action.PEEK, ()))
    raises_unchanged(state, Move(0, Action.PEEK, (1, 1)))
    raises_unchanged(state, Move(0, Action.PEEK, (1, 0)))  # positions in increasing order
    raises_unchanged(state, Move(0, Action.PEEK, (0, 4)))
    raises_unchanged(state, Move(0, Action.PEEK, (-1, 0)))
    raises_unchanged(state, Move(4, Action.PEEK, (0, 1)))
    raises_unchanged(state, Move(CHANCE, Action.PEEK, (0, 1)))
    state = apply(state, Move(0, Action.PEEK, (0, 1)))
    raises_unchanged(state, Move(0, Action.PEEK, (2, 3)), match="cannot look now")


def test_no_draw_or_chance_move_during_the_peek() -> None:
    """Play starts only once everyone has looked: "Now REMEMBER what those cards are.\""""
    state = deal(FOUR_HANDS, 7)
    raises_unchanged(state, Move(1, Action.DRAW_PILE))
    raises_unchanged(state, Move(1, Action.DRAW_DISCARD))
    raises_unchanged(state, Move(1, Action.SWAP, (0,)))
    raises_unchanged(state, card(3))


def test_peek_with_a_shout_is_illegal() -> None:
    """ "You can only shout to end the round when 1) it's your turn, and 2) as you are
    discarding a card." A peek is neither; ``apply`` must refuse the shout flag."""
    state = deal(FOUR_HANDS, 7)
    raises_unchanged(state, Move(0, Action.PEEK, (0, 1), shout=True))


def test_chance_card_with_a_shout_flag_is_illegal() -> None:
    """Only "as you are discarding a card" may anyone shout; chance never does."""
    state = new_game()
    raises_unchanged(state, Move(CHANCE, Action.CARD, (5,), shout=True))


def test_peek_count_stays_two_with_bigger_hands_and_can_be_changed() -> None:
    """ "two, and only two" also with "five or six" cards (ruling: peek_count)."""
    state = deal(spread(4, 6), 7, Config(hand_size=6))
    assert {len(m.args) for m in legal_moves(state)} == {2}
    state = deal(spread(4, 6), 7, Config(hand_size=6, peek_count=3))
    assert {len(m.args) for m in legal_moves(state)} == {3}
    state = deal(FOUR_HANDS, 2, Config(peek_count=0))
    assert state.phase is Phase.DRAW


# ---------------------------------------------------------------------- turns


def test_the_player_left_of_the_dealer_takes_the_first_turn() -> None:
    """ "Play continues clockwise" (ruling: starting with the dealer's left)."""
    state = ready(FOUR_HANDS, 7)
    assert state.dealer == 0
    assert to_act(state) == frozenset({1})
    assert legal_moves(state) == (Move(1, Action.DRAW_PILE), Move(1, Action.DRAW_DISCARD))


def test_turns_go_clockwise() -> None:
    """ "Play continues clockwise with each player drawing ... and discarding one card.\""""
    state = ready(FOUR_HANDS, 7)
    order = []
    for drawn in (0, 0, 15, 15, 9, 9):
        order.append(state.turn)
        state = turn_from_pile(state, drawn, Move(state.turn, Action.DISCARD))
    assert order == [1, 2, 3, 0, 1, 2]


def test_draw_from_the_draw_pile_is_a_chance_node_over_what_is_left() -> None:
    """ "drawing a card from the Draw Pile ... looking at it\""""
    state = ready(FOUR_HANDS, 7)
    state = apply(state, Move(1, Action.DRAW_PILE))
    assert state.phase is Phase.DRAW_CARD
    assert to_act(state) == frozenset({CHANCE})
    outcomes = dict(chance_outcomes(state))
    left = 75 - 16 - 1
    assert outcomes[card(15)] == Fraction(15 - 4, left)
    assert outcomes[card(0)] == Fraction(15 - 3, left)
    assert outcomes[card(7)] == Fraction(5 - 2, left)
    assert outcomes[card(3)] == Fraction(5 - 1, left)
    assert sum(outcomes.values()) == 1
    state = apply(state, card(3))
    assert state.phase is Phase.DECIDE and state.held == 3 and not state.held_public
    assert to_act(state) == frozenset({1})


def test_draw_from_the_discard_pile_takes_its_top_card() -> None:
    """ "drawing a card from ... the Discard Pile\""""
    state = ready(FOUR_HANDS, 7)
    state = apply(state, Move(1, Action.DRAW_DISCARD))
    assert state.phase is Phase.DECIDE
    assert state.held == 7 and state.held_public
    assert state.discard_pile == ()


def test_swap_puts_the_drawn_card_in_the_hand_and_discards_the_old_one() -> None:
    """ "choosing whether or not to exchange it for one of the cards in your hand\""""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 0, Move(1, Action.SWAP, (2,)))
    assert state.hands[1] == (5, 6, 0, 8)
    assert state.discard_pile == (7, 7)
    assert state.turn == 2 and state.phase is Phase.DRAW and state.held is None


def test_not_exchanging_discards_the_drawn_card() -> None:
    """ "You MUST draw and discard a card on each turn": keeping the hand discards the draw."""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 9, Move(1, Action.DISCARD))
    assert state.hands[1] == FOUR_HANDS[1]
    assert state.discard_pile == (7, 9)


def test_decide_moves_are_every_swap_and_the_discard_with_or_without_a_shout() -> None:
    """ "You MUST draw and discard a card on each turn. There is no passing\""""
    state = ready(FOUR_HANDS, 7)
    state = apply(apply(state, Move(1, Action.DRAW_PILE)), card(4))
    moves = legal_moves(state)
    expected = {Move(1, Action.SWAP, (p,), s) for p in range(4) for s in (False, True)}
    expected |= {Move(1, Action.DISCARD, (), s) for s in (False, True)}
    assert set(moves) == expected and len(moves) == len(expected)


def test_a_card_taken_from_the_discard_pile_cannot_be_discarded_straight_back() -> None:
    """ "There is no passing: you don't flee from zombies by standing still!" (ruling:
    discard_taken_card=False by default)."""
    state = ready(FOUR_HANDS, 7)
    state = apply(state, Move(1, Action.DRAW_DISCARD))
    assert {m.action for m in legal_moves(state)} == {Action.SWAP}
    raises_unchanged(state, Move(1, Action.DISCARD), match="no passing")
    raises_unchanged(state, Move(1, Action.DISCARD, (), shout=True), match="no passing")
    state = apply(state, Move(1, Action.SWAP, (0,)))
    assert state.hands[1] == (7, 6, 7, 8)
    assert state.discard_pile == (5,)


def test_discard_taken_card_variant_allows_throwing_it_back() -> None:
    """Config(discard_taken_card=True): tables that read "discard a card" loosely."""
    state = ready(FOUR_HANDS, 7, Config(discard_taken_card=True))
    state = apply(state, Move(1, Action.DRAW_DISCARD))
    assert Move(1, Action.DISCARD) in legal_moves(state)
    state = apply(state, Move(1, Action.DISCARD))
    assert state.discard_pile == (7,)
    assert state.hands[1] == FOUR_HANDS[1]
    assert state.turn == 2


# ---------------------------------------------------------------------- shout


def test_shout_ends_the_round_immediately() -> None:
    """ "shout "I'VE GOT BRAAAAAINS!" and the round stops immediately\""""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 0, Move(1, Action.SWAP, (3,), shout=True))
    assert state.round == 1 and state.phase is Phase.DEAL
    (record,) = state.history
    assert record.shouter == 1
    assert record.hands[1] == (5, 6, 7, 0)
    assert record.totals == (10, 18, 9, 60)


def test_shout_may_ride_on_a_plain_discard() -> None:
    """ "as you are discarding a card" (ruling: a swap and a plain discard both discard)."""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 4, Move(1, Action.DISCARD, (), shout=True))
    assert state.history[0].shouter == 1
    assert state.history[0].hands[1] == FOUR_HANDS[1]


def test_shout_only_on_your_own_turn_while_discarding() -> None:
    """ "You can only shout to end the round when 1) it's your turn, and 2) as you are
    discarding a card.\""""
    state = ready(FOUR_HANDS, 7)
    # Not while drawing:
    raises_unchanged(state, Move(1, Action.DRAW_PILE, (), shout=True))
    raises_unchanged(state, Move(1, Action.DRAW_DISCARD, (), shout=True))
    # Not on someone else's turn:
    held = apply(apply(state, Move(1, Action.DRAW_PILE)), card(4))
    raises_unchanged(held, Move(2, Action.DISCARD, (), shout=True))
    raises_unchanged(held, Move(0, Action.SWAP, (0,), shout=True))
    assert all(m.seat == 1 for m in legal_moves(held))


def test_shouter_with_the_lowest_total_keeps_the_score() -> None:
    """ "Each player then turns over all four of their cards and counts the number of
    zombies in their hand. Write the scores for each player down\""""
    hands = ((1, 1, 1, 1), (5, 5, 5, 5), (9, 9, 9, 9), (15, 15, 15, 15))
    state = ready(hands, 7)
    state = turn_from_pile(state, 3, Move(1, Action.DISCARD))
    state = turn_from_pile(state, 3, Move(2, Action.DISCARD))
    state = turn_from_pile(state, 3, Move(3, Action.DISCARD))
    state = turn_from_pile(state, 0, Move(0, Action.SWAP, (0,), shout=True))
    (record,) = state.history
    assert record.totals == (3, 20, 36, 60)
    assert record.scores == record.totals
    assert state.scores == (3, 20, 36, 60)


def test_shouter_without_the_lowest_total_doubles() -> None:
    """ "If the person who shouted out and ended the round does NOT have the lowest
    number of zombies in their hand, their score for the round DOUBLES\""""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 2, Move(1, Action.DISCARD, (), shout=True))
    (record,) = state.history
    assert record.totals == (10, 26, 9, 60)
    assert record.scores == (10, 52, 9, 60)
    assert state.scores == (10, 52, 9, 60)


def test_shouter_tied_for_lowest_does_not_double() -> None:
    """ "If the person who shouted out and ended the round TIES for the lowest score
    with another player(s), nothing happens, but that was a close call!\""""
    hands = ((1, 2, 3, 4), (4, 3, 2, 1), (9, 9, 9, 9), (15, 15, 15, 15))
    state = ready(hands, 7)
    state = turn_from_pile(state, 8, Move(1, Action.DISCARD, (), shout=True))
    (record,) = state.history
    assert record.totals == (10, 10, 36, 60)
    assert record.scores == (10, 10, 36, 60)


def test_only_the_shouter_can_double() -> None:
    """Only "the person who shouted out" doubles; others score their plain totals
    (and the comparison is against every player's total: ruling)."""
    hands = ((0, 0, 0, 0), (8, 8, 8, 8), (9, 9, 9, 9), (15, 15, 15, 15))
    state = ready(hands, 7)
    state = turn_from_pile(state, 0, Move(1, Action.SWAP, (0,), shout=True))
    (record,) = state.history
    assert record.totals == (0, 24, 36, 60)
    assert record.scores == (0, 48, 36, 60)


# --------------------------------------------------------------------- rounds


def test_dealer_rotates_clockwise_and_the_next_round_starts_left_of_the_dealer() -> None:
    """ "Dealer responsibilities rotate clockwise to the next player each round." /
    "shuffle all the cards together, and deal again to start a new round.\""""
    state = ready(FOUR_HANDS, 7)
    state = turn_from_pile(state, 2, Move(1, Action.DISCARD, (), shout=True))
    assert state.round == 1 and state.dealer == 1
    assert sum(state.draw_pile) == 75 and state.discard_pile == ()
    assert state.hands == ((),) * 4
    state = deal(FOUR_HANDS, 7, state=state)
    state = peek_all(state)
    assert state.turn == 2 and to_act(state) == frozenset({2})


def test_the_first_dealer_is_configurable() -> None:
    """ "The oldest player is the first dealer." (ruling: first_dealer, seat 0 by default)."""
    state = new_game(Config(first_dealer=2))
    assert state.dealer == 2 and state.turn == 3
    state = ready(FOUR_HANDS, 7, Config(first_dealer=2))
    assert state.turn == 3


def test_dealer_wraps_around_over_rounds() -> None:
    """ "rotate clockwise to the next player each round" -- from the last seat to seat 0."""
    config = Config(players=3, rounds=5, first_dealer=1)
    state = new_game(config)
    dealers = []
    hands = spread(3, 4)
    while state.phase is not Phase.OVER:
        dealers.append(state.dealer)
        state = deal(hands, 7, state=state)
        state = peek_all(state)
        state = turn_from_pile(state, 1, Move(state.turn, Action.DISCARD, (), shout=True))
    assert dealers == [1, 2, 0, 1, 2]


def test_empty_draw_pile_reshuffles_the_discard_pile_keeping_its_top_card() -> None:
    """ "If you run out of cards during a game, have the dealer reshuffle the Discard Pile
    and use it to start a new Draw Pile." (ruling: the top card stays face up)."""
    config = Config(players=2, hand_size=2, peek_count=0, deck=((0, 4), (1, 4)))
    state = ready(((0, 0), (0, 0)), 1, config)
    assert state.draw_pile == (0, 3)
    state = turn_from_pile(state, 1, Move(1, Action.DISCARD))
    state = turn_from_pile(state, 1, Move(0, Action.DISCARD))
    assert state.draw_pile == (0, 1) and state.discard_pile == (1, 1, 1)
    state = turn_from_pile(state, 1, Move(1, Action.SWAP, (0,)))
    # The pile ran out: the discards under the top card (three 1s) are the new pile.
    assert state.draw_pile == (0, 3)
    assert state.discard_pile == (0,)
    assert state.phase is Phase.DRAW and state.turn == 0
    outcomes = dict(chance_outcomes(apply(state, Move(0, Action.DRAW_PILE))))
    assert outcomes == {card(1): Fraction(1)}


def test_reshuffling_the_whole_discard_pile_leaves_the_next_player_both_piles() -> None:
    """ "If you run out of cards during a game, have the dealer reshuffle the Discard Pile
    and use it to start a new Draw Pile." read literally (Config(reshuffle_keeps_top=False)),
    yet "On your turn, you take turns either drawing a card from the Draw Pile or the Discard
    Pile": ruling 14 reshuffles only when a player draws from the empty Draw Pile, so the
    face-up card can still be taken."""
    config = Config(
        players=2, hand_size=2, peek_count=0, deck=((0, 4), (1, 4)), reshuffle_keeps_top=False
    )
    state = ready(((0, 0), (0, 0)), 1, config)
    state = turn_from_pile(state, 1, Move(1, Action.DISCARD))
    state = turn_from_pile(state, 1, Move(0, Action.DISCARD))
    state = turn_from_pile(state, 1, Move(1, Action.SWAP, (0,)))
    # The Draw Pile has run out; the 0 seat 1 threw out is face up on the Discard Pile.
    assert state.draw_pile == (0, 0) and state.discard_pile == (1, 1, 1, 0)
    assert legal_moves(state) == (Move(0, Action.DRAW_PILE), Move(0, Action.DRAW_DISCARD))
    # Taking the face-up card: no reshuffle, and the next player has both choices again.
    taken = apply(apply(state, Move(0, Action.DRAW_DISCARD)), Move(0, Action.SWAP, (1,)))
    assert taken.hands[0] == (0, 0) and taken.discard_pile == (1, 1, 1, 0)
    assert legal_moves(taken) == (Move(1, Action.DRAW_PILE), Move(1, Action.DRAW_DISCARD))
    # Drawing from the empty pile: the dealer shuffles the whole Discard Pile in first.
    drawing = apply(state, Move(0, Action.DRAW_PILE))
    assert drawing.phase is Phase.DRAW_CARD
    assert drawing.draw_pile == (1, 3) and drawing.discard_pile == ()
    assert dict(chance_outcomes(drawing)) == {card(0): Fraction(1, 4), card(1): Fraction(3, 4)}
    state = apply(apply(drawing, card(0)), Move(0, Action.DISCARD))
    assert state.discard_pile == (0,) and state.draw_pile == (0, 3)


def test_with_the_top_card_kept_an_empty_draw_pile_cannot_be_drawn_from() -> None:
    """Ruling 11 reshuffles as the turn ends, so a Draw Pile found empty at a draw (only in
    a hand-made state) is refused rather than reshuffled twice."""
    config = Config(players=2, hand_size=2, peek_count=0, deck=((0, 4), (1, 4)))
    state = ready(((0, 0), (0, 0)), 1, config)
    empty = attrs.evolve(state, draw_pile=(0, 0), discard_pile=(1, 1, 1, 1))
    raises_unchanged(empty, Move(1, Action.DRAW_PILE), match="Draw Pile is empty")


def test_the_game_lasts_five_rounds() -> None:
    """ "The game lasts five rounds.\""""
    state = new_game()
    rounds = 0
    while result(state) is None:
        state = deal(FOUR_HANDS, 7, state=state)
        state = peek_all(state)
        state = turn_from_pile(state, 2, Move(state.turn, Action.DISCARD, (), shout=True))
        rounds += 1
    assert rounds == 5 and len(state.history) == 5
    assert state.phase is Phase.OVER
    assert legal_moves(state) == () and to_act(state) == frozenset()


def test_ten_rounds_for_a_longer_game() -> None:
    """ "Play five rounds for short games, 10 rounds for longer games.\""""
    state = new_game(Config(rounds=10))
    rounds = 0
    while result(state) is None:
        state = peek_all(deal(FOUR_HANDS, 7, state=state))
        state = turn_from_pile(state, 2, Move(state.turn, Action.DISCARD, (), shout=True))
        rounds += 1
    assert rounds == 10


def test_turn_limit_ends_a_round_with_nobody_shouting() -> None:
    """The rulebook ends a round only when someone shouts "I'VE GOT BRAAAAAINS!" (ruling 10:
    turn_limit, 100 turns by default, None for no limit); with a limit the round ends
    after that many turns and nobody doubles."""
    config = Config(turn_limit=3)
    state = ready(FOUR_HANDS, 7, config)
    state = turn_from_pile(state, 2, Move(1, Action.DISCARD))
    state = turn_from_pile(state, 2, Move(2, Action.DISCARD))
    assert state.round == 0
    state = turn_from_pile(state, 0, Move(3, Action.SWAP, (0,)))
    (record,) = state.history
    assert record.shouter is None
    assert record.totals == record.scores == (10, 26, 9, 45)
    assert Config().turn_limit == 100
    assert Config(turn_limit=None).turn_limit is None


# -------------------------------------------------------------------- winning


def play_rounds(config: Config, rounds: Sequence[Sequence[Sequence[int]]]) -> State:
    """Play one round per entry of ``rounds`` (the hands); each ends after one turn
    in which the first player draws a 1 and discards it, without shouting."""
    state = new_game(attrs.evolve(config, rounds=len(rounds), turn_limit=1))
    for hands in rounds:
        state = deal(hands, 1, state=state)
        if state.phase is Phase.PEEK:
            state = peek_all(state, tuple(range(state.config.peek_count)))
        state = turn_from_pile(state, 1, Move(state.turn, Action.DISCARD))
    return state


TWO = Config(players=2, hand_size=1, peek_count=1, deck=((1, 5), (2, 5), (3, 5)))


def test_lowest_total_wins() -> None:
    """ "The player with the lowest score after five rounds successfully escapes the town
    and wins ... The rest of you are zombie bait.\""""
    state = play_rounds(TWO, [((1,), (2,)), ((3,), (2,))])
    outcome = result(state)
    assert outcome is not None
    assert outcome.scores == (4, 4)
    state = play_rounds(TWO, [((1,), (2,)), ((2,), (2,))])
    outcome = result(state)
    assert outcome is not None
    assert outcome.scores == (3, 4) and outcome.winners == frozenset({0})


def test_a_tie_for_the_lowest_total_is_shared_by_default() -> None:
    """ "The player with the lowest score ... wins" says nothing of ties (ruling: shared)."""
    state = play_rounds(TWO, [((1,), (2,)), ((3,), (2,))])
    outcome = result(state)
    assert outcome is not None and outcome.winners == frozenset({0, 1})


def test_last_round_tie_break_variant() -> None:
    """TieBreak.LAST_ROUND: among the tied, the lower score in the latest round that
    separates them wins."""
    config = attrs.evolve(TWO, tie_break=TieBreak.LAST_ROUND)
    outcome = result(play_rounds(config, [((1,), (2,)), ((3,), (2,))]))
    assert outcome is not None and outcome.winners == frozenset({1})
    outcome = result(play_rounds(config, [((2,), (1,)), ((2,), (2,))]))
    assert outcome is not None and outcome.winners == frozenset({1})
    outcome = result(play_rounds(config, [((2,), (2,)), ((2,), (2,))]))
    assert outcome is not None and outcome.winners == frozenset({0, 1})


def test_result_is_none_until_the_game_is_over() -> None:
    """ "after five rounds": no winner before the last round is scored."""
    state = ready(FOUR_HANDS, 7)
    assert result(state) is None
    state = turn_from_pile(state, 2, Move(1, Action.DISCARD, (), shout=True))
    assert result(state) is None


def test_moves_after_the_game_is_over_are_illegal() -> None:
    """The game is over: every move is refused."""
    state = play_rounds(TWO, [((1,), (2,))])
    assert state.phase is Phase.OVER
    for move in (card(1), Move(0, Action.DRAW_PILE), Move(1, Action.PEEK, (0,))):
        raises_unchanged(state, move, match="over")


# -------------------------------------------------------------------- configs


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_two_to_seven_players(players: int) -> None:
    """Configs for 2-7 players deal and play (the rulebook names no player count)."""
    config = Config(players=players, hand_size=6)
    state = ready(spread(players, 6), 7, config)
    assert state.turn == 1 and len(state.hands) == players


@pytest.mark.parametrize(
    ("field", "kwargs"),
    [
        ("players", {"players": 1}),
        ("players", {"players": 8}),
        ("players", {"players": 0}),
        ("rounds", {"rounds": 0}),
        ("hand_size", {"hand_size": 0}),
        ("peek_count", {"peek_count": -1}),
        ("peek_count", {"hand_size": 1, "peek_count": 2}),
        ("first_dealer", {"first_dealer": 4}),
        ("first_dealer", {"first_dealer": -1}),
        ("turn_limit", {"turn_limit": 0}),
        ("deck", {"deck": ()}),
        ("deck", {"deck": ((0, 9),), "players": 2}),
        ("deck", {"deck": ((0, 10), (0, 10))}),
        ("deck", {"deck": ((-1, 40),)}),
        ("deck", {"deck": ((0, 40), (3, 0))}),
        ("deck", {"players": 7, "hand_size": 11}),
    ],
)
def test_invalid_config_names_the_field(field: str, kwargs: dict[str, object]) -> None:
    """Every unplayable field raises InvalidConfig naming it."""
    with pytest.raises(InvalidConfig) as info:
        Config(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field
    assert str(info.value).startswith(field)


def test_deck_too_small_for_the_deal_names_deck() -> None:
    """The deal needs every hand, a Discard Pile card and a Draw Pile card."""
    Config(players=2, hand_size=4, deck=((0, 10),))
    with pytest.raises(InvalidConfig, match="deck"):
        Config(players=2, hand_size=4, deck=((0, 9),))


@pytest.mark.parametrize("deck", [((1,),), ((1, 20, 3),), ((0, 30), (5,))])
def test_malformed_deck_entry_names_deck(deck: tuple[tuple[int, ...], ...]) -> None:
    """A deck entry must be a ``(zombies, copies)`` pair: InvalidConfig naming "deck",
    not a bare unpacking ValueError."""
    with pytest.raises(InvalidConfig) as info:
        Config(deck=deck)  # type: ignore[arg-type]
    assert info.value.field == "deck"


def test_tie_break_must_be_a_tiebreak() -> None:
    """A tie_break that is not a TieBreak would silently play as SHARED: refuse it."""
    with pytest.raises(InvalidConfig) as info:
        Config(tie_break="last_round")  # type: ignore[arg-type]
    assert info.value.field == "tie_break"


# -------------------------------------------------------------- illegal moves


def test_illegal_deal_moves() -> None:
    """Only chance deals, and only cards still in the deck."""
    state = new_game(Config(players=2, deck=((0, 5), (4, 5))))
    raises_unchanged(state, Move(1, Action.CARD, (0,)), match="chance")
    raises_unchanged(state, Move(1, Action.DRAW_PILE))
    raises_unchanged(state, card(3), match="no such card")
    raises_unchanged(state, Move(CHANCE, Action.CARD, ()))
    raises_unchanged(state, Move(CHANCE, Action.CARD, (0, 4)))
    raises_unchanged(state, Move(CHANCE, Action.PEEK, (0, 1)))


def test_illegal_flip_moves() -> None:
    """The face-up card is a chance event from the remaining deck."""
    state = new_game(Config(players=2, hand_size=1, peek_count=1, deck=((0, 2), (4, 3))))
    state = apply(apply(state, card(0)), card(0))
    assert state.phase is Phase.FLIP
    raises_unchanged(state, card(0), match="no such card")
    raises_unchanged(state, Move(1, Action.DRAW_DISCARD))


def test_illegal_draw_moves() -> None:
    """ "On your turn": only the seat to play draws, and only a draw is legal then."""
    state = ready(FOUR_HANDS, 7)
    raises_unchanged(state, Move(0, Action.DRAW_PILE), match="seat 1")
    raises_unchanged(state, Move(2, Action.DRAW_DISCARD), match="seat 1")
    raises_unchanged(state, Move(1, Action.SWAP, (0,)))
    raises_unchanged(state, Move(1, Action.DISCARD))
    raises_unchanged(state, Move(1, Action.PEEK, (0, 1)))
    raises_unchanged(state, Move(1, Action.DRAW_PILE, (0,)))
    raises_unchanged(state, card(3))


def test_illegal_draw_card_moves() -> None:
    """The card drawn from the Draw Pile is chance's, and must still be in the pile."""
    state = ready(FOUR_HANDS, 7)
    state = apply(state, Move(1, Action.DRAW_PILE))
    raises_unchanged(state, Move(1, Action.SWAP, (0,)), match="chance")
    raises_unchanged(state, Move(1, Action.CARD, (3,)))
    raises_unchanged(state, card(99), match="no such card")
    raises_unchanged(state, Move(1, Action.DRAW_PILE))


def test_illegal_decide_moves() -> None:
    """Swap names one hand position; discard names none; only the drawer decides."""
    state = ready(FOUR_HANDS, 7)
    state = apply(apply(state, Move(1, Action.DRAW_PILE)), card(4))
    raises_unchanged(state, Move(1, Action.SWAP, (4,)), match="position")
    raises_unchanged(state, Move(1, Action.SWAP, (-1,)), match="position")
    raises_unchanged(state, Move(1, Action.SWAP, ()), match="position")
    raises_unchanged(state, Move(1, Action.SWAP, (0, 1)), match="position")
    raises_unchanged(state, Move(1, Action.DISCARD, (0,)))
    raises_unchanged(state, Move(2, Action.DISCARD), match="seat 1")
    raises_unchanged(state, Move(1, Action.DRAW_PILE))
    raises_unchanged(state, Move(1, Action.PEEK, (0, 1)))
    raises_unchanged(state, card(3))


def test_illegal_move_messages_say_what_would_be_legal() -> None:
    """IllegalMove messages name what is wrong and what is legal."""
    state = ready(FOUR_HANDS, 7)
    with pytest.raises(IllegalMove, match="draw pile"):
        apply(state, Move(1, Action.DISCARD))


# ------------------------------------------------------------------- notation


def sample_states(seed: int, count: int, config: Config | None = None) -> list[State]:
    """States along a random walk through whole games."""
    rng = random.Random(seed)
    out: list[State] = []
    state = new_game(config)
    while len(out) < count:
        out.append(state)
        moves = legal_moves(state)
        if not moves:
            state = new_game(config)
            continue
        state = apply(state, moves[rng.randrange(len(moves))])
    return out


@pytest.mark.parametrize(
    "config", [Config(), Config(players=2, hand_size=6, peek_count=3), Config(players=7)]
)
def test_notation_round_trips_every_legal_move(config: Config) -> None:
    """``parse_move(state, str(move)) == move`` for every legal move of many states."""
    checked = Counter[Action]()
    for state in sample_states(1, 600, config):
        for move in legal_moves(state):
            assert parse_move(state, str(move)) == move
            checked[move.action] += 1
    assert set(checked) == set(Action)


def test_notation_examples() -> None:
    """The notation is "<actor>: <words>"; the actor may be left out when only one can act."""
    state = ready(FOUR_HANDS, 7)
    assert str(Move(1, Action.DRAW_PILE)) == "1: draw pile"
    assert str(Move(1, Action.SWAP, (2,), shout=True)) == "1: swap 2 shout"
    assert str(card(15)) == "chance: card 15"
    assert parse_move(state, "draw discard") == Move(1, Action.DRAW_DISCARD)
    assert parse_move(state, "  1:  Draw   PILE ") == Move(1, Action.DRAW_PILE)
    assert parse_move(state, "1: discard shout") == Move(1, Action.DISCARD, (), True)
    # Parsing does not judge legality: a wrong seat parses, then apply refuses it.
    assert parse_move(state, "3: swap 9") == Move(3, Action.SWAP, (9,))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "1:",
        "fly away",
        "1: draw",
        "1: draw pile shout",
        "1: draw deck",
        "1: swap",
        "1: swap x",
        "1: swap 1 2",
        "1: discard 3",
        "1: peek 0 shout",
        "1: card",
        "chance: card 3 shout",
        "bob: draw pile",
        "1: shout",
        "1: swap 1 shout shout",
    ],
)
def test_junk_text_is_a_decode_error(text: str) -> None:
    """Text that is not notation raises DecodeError."""
    state = ready(FOUR_HANDS, 7)
    with pytest.raises(DecodeError):
        parse_move(state, text)


def test_actor_must_be_named_when_several_may_act() -> None:
    """During the peek everyone may act, so the actor prefix is required."""
    state = deal(FOUR_HANDS, 7)
    with pytest.raises(DecodeError, match="who moves"):
        parse_move(state, "peek 0 1")
    assert parse_move(state, "2: peek 0 1") == Move(2, Action.PEEK, (0, 1))


@pytest.mark.parametrize(
    ("field", "value"),
    [("rounds", 2.5), ("turn_limit", 1.5), ("players", True), ("hand_size", "4")],
)
def test_config_fields_of_the_wrong_type_are_refused(field: str, value: object) -> None:
    """A float, bool or string where a whole number belongs would play a different game."""
    with pytest.raises(InvalidConfig) as info:
        Config(**{field: value})  # type: ignore[arg-type]
    assert info.value.field == field
