"""What each seat may see: own hand, every body card, the public deck bottom; no other hand."""

from __future__ import annotations

import random
from collections.abc import Callable

from zombie_rules.core.actors import CHANCE
from zombie_rules.play import sample_chance
from zombie_rules.zombie_doctor import GAME, Config, Phase, State, apply, parse_move, render, view
from zombie_rules.zombie_doctor.checks import hidden_variant

Make = Callable[..., State]


def _walk(config: Config, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = GAME.new_game(config)
    states = [state]
    while GAME.to_act(state):
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            legal = GAME.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = GAME.apply(state, move)
        states.append(state)
    return states


def test_a_seat_sees_its_own_hand_and_never_another() -> None:
    """ "You may look at these cards at any time during the game but do not show them to
    your opponents, unless a pain or opponent's card forces you to reveal your cards.\""""
    rng = random.Random(3)
    for seed in range(6):
        for state in _walk(Config(players=3, bonus_mode=seed % 2 == 1), seed):
            for seat in (0, 1, 2, None):
                seen = view(state, seat)
                if seat is not None:
                    names = GAME.config_of(state).deck
                    assert len(seen.hand) == len(state.hands[seat]) and names
                else:
                    assert seen.hand == ()
                variant = hidden_variant(state, seat, rng)
                assert view(variant, seat) == seen
                assert GAME.card_census(variant) == GAME.card_census(state)


def test_every_body_card_and_the_deck_bottom_are_public(make: Make) -> None:
    """Body cards lie face up; cards go "to the bottom of the pain/gain deck" after being
    shown, so their order is public (Ruling 5)."""
    state = make(players=3, bodies=["hzhzh-", "hhhhhh", "hhzhhh"])
    state = apply(state, parse_move(state, "0: use coma"))
    views = [view(state, s) for s in (0, 1, 2, None)]
    assert all(v.bodies == state.bodies for v in views)
    assert all(v.deck_bottom == ("coma",) for v in views)
    assert all(v.deck_unknown_size == sum(state.deck_unknown) for v in views)
    assert all(v.morgue == views[0].morgue for v in views)


def test_xray_shows_the_hand_to_its_user_only_at_that_moment(make: Make) -> None:
    """X-Ray: "The opponent must reveal them only to you." (Ruling 16.)"""
    state = make(players=3, hands=[("xray", "coma", "coma"), ("morgue",) * 3, ("amputate",) * 3])
    looking = apply(state, parse_move(state, "0: use xray 2"))
    assert view(looking, 0).xray_hand == ("amputate",) * 3
    assert all(view(looking, s).xray_hand is None for s in (1, 2, None))
    # Seat 0 cannot see seat 1's hand; re-dealing it does not change seat 0's view.
    rng = random.Random(0)
    for _ in range(5):
        variant = hidden_variant(looking, 0, rng)
        assert variant.hands[2] == looking.hands[2]
        assert view(variant, 0) == view(looking, 0)
    after = apply(looking, parse_move(looking, "0: take amputate"))
    assert view(after, 0).xray_hand is None


def test_a_morgue_draw_is_not_known_in_advance(make: Make) -> None:
    """Morgue: "Do not look into the box when taking a card.\""""
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hh-hhh", "hhhH-h"])
    drawing = apply(state, parse_move(state, "0: use morgue"))
    assert drawing.phase is Phase.MORGUE
    seen = view(drawing, 0)
    assert {limb for limb, _ in seen.morgue} == {(0, 2, True), (1, 3, False), (1, 4, True)}
    # The view has no field for the coming draw: only the whole contents, same for all.
    assert all(view(drawing, s).morgue == seen.morgue for s in (1, None))


def test_render_mentions_hand_and_bodies(make: Make) -> None:
    state = make()
    text = render(view(state, 0))
    assert "Your hand: coma, medicine, medicine" in text
    assert "seat 1" in text and "head:ok" in text


def test_a_card_returned_when_stuck_is_seen_only_by_the_player_who_returned_it(
    make: Make,
) -> None:
    """ "You may look at these cards at any time during the game but do not show them to
    your opponents, unless a pain or opponent's card forces you to reveal your cards."
    Nothing forces a player who "cannot use any of your cards" to show the card they
    "return ... to the bottom of the pain/gain deck" (Ruling 6): the others see where it
    lies, not what it is."""
    state = make(players=3, hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3,
                                   ("coma",) * 3])  # fmt: skip
    stuck = apply(state, parse_move(state, "0: stuck flip larm return morgue"))
    assert view(stuck, 0).deck_bottom == ("morgue",)
    assert all(view(stuck, s).deck_bottom == (None,) for s in (1, 2, None))
    # For everyone else the card is any unseen card: re-deals move it, views do not change.
    rng = random.Random(1)
    seen = set()
    for _ in range(20):
        variant = hidden_variant(stuck, 1, rng)
        assert view(variant, 1) == view(stuck, 1)
        seen.add(variant.deck_bottom[0])
    assert len(seen) > 1
    assert all(hidden_variant(stuck, 0, rng).deck_bottom == stuck.deck_bottom for _ in range(5))


def test_the_hand_of_a_player_who_is_out_goes_under_the_deck_unseen(make: Make) -> None:
    """ "do not show them to your opponents, unless a pain or opponent's card forces you to
    reveal your cards": turning or losing your head forces nothing, so the hand goes under
    the deck unseen by the others (Ruling 12)."""
    state = make(players=3,
                 hands=[("medicine", "mad_scientist", "mad_scientist"), ("medicine",) * 3,
                        ("amputate", "coma", "coma")],
                 bodies=["hz----", "hzzzzz", "hhhhhh"])  # fmt: skip
    turned = apply(state, parse_move(state, "0: stuck flip head"))
    assert view(turned, 0).deck_bottom == ("mad_scientist", "mad_scientist", "medicine")
    assert all(view(turned, s).deck_bottom == (None,) * 3 for s in (1, 2, None))
    beheaded = apply(turned, parse_move(turned, "1: use medicine larm"))
    beheaded = apply(beheaded, parse_move(beheaded, "chance: draw coma"))
    beheaded = apply(beheaded, parse_move(beheaded, "2: use amputate 1 head"))
    assert view(beheaded, 1).deck_bottom[-3:] == ("coma", "medicine", "medicine")
    assert view(beheaded, 2).deck_bottom[-4:] == ("amputate", None, None, None)
    assert view(beheaded, None).deck_bottom[-4:] == ("amputate", None, None, None)
