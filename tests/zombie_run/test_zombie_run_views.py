"""What each seat of Zombie Run! is shown: perfect memory, nothing more.

"Lift them carefully so no one else can see. Now REMEMBER what those cards are."
A seat's view holds every card it has looked at while the card stays where it
saw it, every card it saw placed, and everything face up; never the Draw Pile's
contents or another seat's secrets. A spectator (seat None) sees only what is
face up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import UnknownSeat
from zombie_rules.zombie_run import (
    GAME,
    Action,
    Config,
    Move,
    Phase,
    State,
    View,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    render,
    view,
)


def card(value: int) -> Move:
    return Move(CHANCE, Action.CARD, (value,))


def deal(hands: Sequence[Sequence[int]], top: int, config: Config | None = None) -> State:
    """Deal ``hands[s]`` to each seat in position order, then turn ``top`` face up."""
    state = new_game(config)
    n = state.config.players
    for i in range(state.config.hand_size):
        for k in range(1, n + 1):
            state = apply(state, card(hands[(state.dealer + k) % n][i]))
    return apply(state, card(top))


def ready(hands: Sequence[Sequence[int]], top: int = 7) -> State:
    """Dealt and every seat has looked at positions 0 and 1; seat 1 is to draw."""
    state = deal(hands, top)
    for seat in range(state.config.players):
        state = apply(state, Move(seat, Action.PEEK, (0, 1)))
    return state


def from_pile(state: State, drawn: int) -> State:
    """Seat ``state.turn`` draws ``drawn`` from the Draw Pile and holds it."""
    return apply(apply(state, Move(state.turn, Action.DRAW_PILE)), card(drawn))


HANDS = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 0, 0, 0), (15, 15, 15, 15))
OTHER_HANDS = ((1, 2, 3, 4), (0, 0, 9, 9), (15, 5, 5, 8), (6, 6, 15, 15))
SEATS = (0, 1, 2, 3)


def test_a_seat_sees_the_two_cards_it_looked_at_and_nobody_else_does() -> None:
    """ "Each player can look at two, and only two, of the cards in their hand. Lift them
    carefully so no one else can see.\""""
    state = deal(HANDS, 7)
    state = apply(state, Move(2, Action.PEEK, (1, 3)))
    assert view(state, 2).hands[2] == (None, 0, None, 0)
    for seat in (0, 1, 3, None):
        assert view(state, seat).hands[2] == (None,) * 4
    # Which cards were lifted is public (ruling); what they are is not.
    for seat in (0, 1, 2, 3, None):
        assert view(state, seat).owner_knows[2] == (False, True, False, True)
        assert view(state, seat).peeked == frozenset({2})


def test_before_looking_a_seat_sees_none_of_its_cards() -> None:
    """ "The dealer deals four cards to each player, face down.\""""
    state = deal(HANDS, 7)
    for seat in SEATS:
        assert all(c is None for hand in view(state, seat).hands for c in hand)


def test_the_draw_pile_shows_only_its_size_and_others_secrets_stay_secret() -> None:
    """The Draw Pile is face down; other hands are face down. Two deals that differ only
    in cards seat 0 has not seen give seat 0 the same view."""
    a, b = ready(HANDS), ready(OTHER_HANDS)
    assert a.draw_pile != b.draw_pile and a.hands != b.hands
    assert view(a, 0) == view(b, 0)
    assert view(a, 0).draw_pile_size == 75 - 16 - 1
    assert view(a, None) == view(b, None)
    assert view(a, 1) != view(b, 1)
    names = {field.name for field in attrs.fields(View)}
    assert "draw_pile" not in names


def test_the_drawer_sees_its_draw_and_nobody_else_does() -> None:
    """ "drawing a card from the Draw Pile ... looking at it": only the drawer looks."""
    state = from_pile(ready(HANDS), 2)
    assert view(state, 1).held == 2
    for seat in (0, 2, 3, None):
        v = view(state, seat)
        assert v.holding and v.held is None and not v.held_public


def test_a_card_swapped_in_from_the_draw_pile_is_known_only_to_its_owner() -> None:
    """ "Try and remember which card is where": the drawer knows what it put where."""
    state = apply(from_pile(ready(HANDS), 2), Move(1, Action.SWAP, (3,)))
    assert view(state, 1).hands[1] == (5, 6, None, 2)
    for seat in (0, 2, 3, None):
        assert view(state, seat).hands[1] == (None,) * 4
        # The card swapped out went face up on the Discard Pile.
        assert view(state, seat).discard_pile == (7, 8)
        assert view(state, seat).owner_knows[1] == (True, True, False, True)


def test_a_drawn_card_that_is_discarded_is_seen_by_everyone() -> None:
    """Discards are face up: another seat's draw becomes public when discarded."""
    state = apply(from_pile(ready(HANDS), 2), Move(1, Action.DISCARD))
    for seat in (0, 1, 2, 3, None):
        assert view(state, seat).discard_pile == (7, 2)
        assert not view(state, seat).holding


def test_a_card_taken_from_the_discard_pile_is_seen_by_everyone_wherever_it_goes() -> None:
    """The Discard Pile is face up, so everyone saw the card taken and where it went."""
    state = apply(ready(HANDS), Move(1, Action.DRAW_DISCARD))
    for seat in (0, 1, 2, 3, None):
        assert view(state, seat).held == 7 and view(state, seat).held_public
    state = apply(state, Move(1, Action.SWAP, (2,)))
    for seat in (0, 2, 3, None):
        assert view(state, seat).hands[1] == (None, None, 7, None)
        assert view(state, seat).discard_pile == (7,)
    assert view(state, 1).hands[1] == (5, 6, 7, None)


def test_knowledge_of_a_position_ends_when_its_card_is_replaced() -> None:
    """Perfect memory of a place lasts while the card stays there: a public card that is
    swapped out for a secret draw leaves the place unknown to the others."""
    state = apply(ready(HANDS), Move(1, Action.DRAW_DISCARD))
    state = apply(state, Move(1, Action.SWAP, (2,)))  # the 7 goes to seat 1's position 2
    for other in (2, 3, 0):  # three more turns, discarding their draws
        state = apply(from_pile(state, 0), Move(other, Action.DISCARD))
    assert view(state, 0).hands[1][2] == 7  # still remembered
    state = apply(from_pile(state, 0), Move(1, Action.SWAP, (2,)))
    assert view(state, 1).hands[1][2] == 0
    for seat in (0, 2, 3, None):
        assert view(state, seat).hands[1][2] is None
        assert view(state, seat).discard_pile[-1] == 7


def test_peeked_cards_are_remembered_across_turns() -> None:
    """ "Now REMEMBER what those cards are.\""""
    state = ready(HANDS)
    for seat in (1, 2, 3, 0, 1):
        state = apply(from_pile(state, 0), Move(seat, Action.DISCARD))
    assert view(state, 3).hands[3] == (15, 15, None, None)
    assert view(state, 0).hands[0] == (1, 2, None, None)


def test_a_spectator_sees_only_face_up_cards() -> None:
    """seat=None: nothing that was ever face down and unrevealed."""
    state = ready(HANDS)
    v = view(state, None)
    assert all(c is None for hand in v.hands for c in hand)
    assert v.discard_pile == (7,) and v.held is None and v.seat is None
    state = from_pile(state, 3)
    assert view(state, None).held is None
    state = apply(state, Move(1, Action.SWAP, (0,)))
    assert view(state, None).discard_pile == (7, 5)
    assert all(c is None for hand in view(state, None).hands for c in hand)


def test_all_hands_are_revealed_at_the_end_of_the_round() -> None:
    """ "Each player then turns over all four of their cards and counts the number of
    zombies in their hand.\""""
    state = apply(from_pile(ready(HANDS), 3), Move(1, Action.SWAP, (0,), shout=True))
    expected = (HANDS[0], (3, 6, 7, 8), HANDS[2], HANDS[3])
    for seat in (0, 1, 2, 3, None):
        (record,) = view(state, seat).history
        assert record.hands == expected
        assert record.totals == (10, 24, 9, 60)


def test_the_last_rounds_hands_are_face_up_when_the_game_ends() -> None:
    """At the end of the game every card is turned over."""
    config = Config(players=2, rounds=1, hand_size=2, peek_count=1)
    state = deal(((1, 2), (3, 4)), 7, config)
    state = apply(apply(state, Move(0, Action.PEEK, (0,))), Move(1, Action.PEEK, (1,)))
    state = apply(from_pile(state, 9), Move(1, Action.DISCARD, (), shout=True))
    assert state.phase is Phase.OVER
    for seat in (0, 1, None):
        assert view(state, seat).hands == ((1, 2), (3, 4))


@pytest.mark.parametrize("seat", [4, -1, CHANCE, 10])
def test_view_of_a_seat_not_at_the_table_is_a_value_error(seat: int) -> None:
    """Only the table's seats (and a spectator, None) have views."""
    with pytest.raises(UnknownSeat, match="not at this"):
        view(ready(HANDS), seat)


@pytest.mark.parametrize("seat", [True, 1.0, "1", (1,)])
def test_view_of_something_that_is_not_a_seat_is_refused(seat: Any) -> None:
    """``True`` and ``1.0`` equal seat 1 but are not seats: no view is built with them."""
    with pytest.raises(UnknownSeat, match="seat is an int"):
        view(ready(HANDS), seat)


def test_views_ignore_what_the_seat_cannot_see_along_random_games() -> None:
    """Re-dealing every card a seat has not seen never changes its view."""
    rng = random.Random(3)
    state = new_game()
    for _ in range(400):
        for seat in (0, 1, 2, 3, None):
            assert view(GAME.hidden_variant(state, seat, rng), seat) == view(state, seat)
        moves = legal_moves(state)
        if not moves:
            state = new_game()
            continue
        state = apply(state, moves[rng.randrange(len(moves))])


def test_views_are_hashable_and_render_as_text() -> None:
    """Views are frozen values; ``render`` draws unknown cards as ``??``."""
    state = from_pile(ready(HANDS), 2)
    v = view(state, 0)
    assert hash(v) == hash(view(state, 0))
    text = render(v)
    assert isinstance(text, str) and "??" in text and "(you)" in text
    assert "seat 0 (you): [0: 1] [1: 2] [2:??] [3:??]" in text


# ------------------------------------------------------------------ reshuffles

#: Two seats, two cards each and no look: everything dealt stays unseen by everyone.
SMALL = Config(players=2, hand_size=2, peek_count=0, deck=((0, 3), (1, 3), (15, 4)))


def run_out(config: Config = SMALL) -> State:
    """Four Hordes dealt, an Empty Streets face up, and five turns of drawing and
    discarding: the Draw Pile (two 0s, three 1s) runs out as the fifth turn ends."""
    state = deal(((15, 15), (15, 15)), 0, config)
    for drawn in (1, 0, 1, 0, 1):
        state = apply(from_pile(state, drawn), Move(state.turn, Action.DISCARD))
    return state


def test_every_seat_remembers_what_was_reshuffled_into_the_new_draw_pile() -> None:
    """ "If you run out of cards during a game, have the dealer reshuffle the Discard Pile and
    use it to start a new Draw Pile." Every card of the Discard Pile was face up, so with
    perfect memory ("Now REMEMBER what those cards are.") everyone, the spectator included,
    knows what the new pile holds, though not its order."""
    before = apply(from_pile(deal(((15, 15), (15, 15)), 0, SMALL), 1), Move(1, Action.DISCARD))
    assert all(view(before, seat).reshuffled == () for seat in (0, 1, None))
    state = run_out()
    # Ruling 11: all but the top card (the last 1 discarded) went in.
    assert state.discard_pile == (1,)
    for seat in (0, 1, None):
        v = view(state, seat)
        assert v.reshuffled == ((0, 3), (1, 2))
        assert v.draw_pile_size == 5
    # What the view shows is exactly what the next draw can turn up.
    drawing = apply(state, Move(state.turn, Action.DRAW_PILE))
    assert dict(chance_outcomes(drawing)) == {
        card(0): Fraction(3, 5),
        card(1): Fraction(2, 5),
    }
    # It stays shown as the pile is drawn from; the pile holds it less what was drawn.
    state = apply(apply(drawing, card(0)), Move(drawing.turn, Action.SWAP, (0,)))
    assert view(state, None).reshuffled == ((0, 3), (1, 2))
    assert state.draw_pile == (2, 2, 0)
    assert render(view(state, 1)).count("reshuffled from the Discard Pile: 3 Empty Streets") == 1


def test_reshuffling_the_whole_pile_is_remembered_too() -> None:
    """Config(reshuffle_keeps_top=False) (ruling 14): the whole pile goes in when a draw
    needs it, and every seat sees what went in."""
    state = run_out(attrs.evolve(SMALL, reshuffle_keeps_top=False))
    assert state.discard_pile == (0, 1, 0, 1, 0, 1) and view(state, 0).reshuffled == ()
    drawing = apply(state, Move(state.turn, Action.DRAW_PILE))
    for seat in (0, 1, None):
        assert view(drawing, seat).reshuffled == ((0, 3), (1, 3))
    weights = {move.args[0]: p for move, p in chance_outcomes(drawing)}
    assert weights == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_a_new_round_starts_with_a_fresh_deck() -> None:
    """ "shuffle all the cards together, and deal again to start a new round": nothing
    reshuffled is left to remember."""
    state = apply(from_pile(run_out(), 0), Move(0, Action.DISCARD, (), shout=True))
    assert state.round == 1 and state.reshuffles == ()
    assert view(state, 0).reshuffled == ()


def test_a_re_deal_of_hidden_cards_keeps_each_card_among_the_places_it_could_be() -> None:
    """A card reshuffled into the Draw Pile was face up, so it cannot trade places with an
    unseen dealt card: the re-deal (``hidden_variant``) moves the reshuffled cards only
    among the new pile and the places they went unseen."""
    state = run_out()
    rng = random.Random(1)
    for seat in (0, 1, None):
        for _ in range(20):
            variant = GAME.hidden_variant(state, seat, rng)
            assert variant.draw_pile == state.draw_pile and variant.hands == state.hands
    # Seat 0 draws from the new pile and swaps the card, unseen, into position 1.
    state = apply(from_pile(state, 1), Move(0, Action.SWAP, (1,)))
    assert state.hands[0] == (15, 1) and state.discard_pile == (1, 15)
    placed = set()
    for seat in (1, None):
        for _ in range(40):
            variant = GAME.hidden_variant(state, seat, rng)
            assert variant.hands[1] == (15, 15) and variant.hands[0][0] == 15
            assert variant.hands[0][1] in (0, 1)
            assert all(now <= then for now, then in zip(variant.draw_pile, (3, 2, 0), strict=True))
            assert view(variant, seat) == view(state, seat)
            GAME.check_state(variant)
            placed.add(variant.hands[0][1])
    assert placed == {0, 1}  # the unseen card really is re-dealt
    # The drawer knows its card: its re-deal leaves it.
    assert all(GAME.hidden_variant(state, 0, rng).hands[0] == (15, 1) for _ in range(20))


def test_views_ignore_what_the_seat_cannot_see_across_reshuffles() -> None:
    """Re-dealing what a seat has not seen never changes its view, in games long enough
    for the Draw Pile to run out (only the turn limit ends a round)."""
    rng = random.Random(5)
    for keeps_top in (True, False):
        config = Config(
            players=3, hand_size=2, peek_count=1, deck=((0, 3), (1, 3), (5, 3), (15, 2)),
            rounds=2, turn_limit=30, reshuffle_keeps_top=keeps_top,
        )  # fmt: skip
        state = new_game(config)
        reshuffled = 0
        while legal_moves(state):
            for seat in (0, 1, 2, None):
                variant = GAME.hidden_variant(state, seat, rng)
                assert view(variant, seat) == view(state, seat)
                GAME.check_state(variant)
            moves = [m for m in legal_moves(state) if not m.shout]
            state = apply(state, moves[rng.randrange(len(moves))])
            reshuffled = max(reshuffled, len(state.reshuffles))
        assert reshuffled >= 2
