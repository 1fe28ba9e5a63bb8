"""Zombie Doctor, rule by rule; each test quotes the rulebook sentence it checks.

Rulings (docs/rulings/zombie_doctor.md) are cited as "Ruling N".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.zombie_doctor import (
    DEFAULT_DECK,
    HEAD,
    LEFT_ARM,
    LEFT_LEG,
    RIGHT_ARM,
    RIGHT_LEG,
    TORSO,
    Action,
    Config,
    Phase,
    State,
    Status,
    apply,
    card,
    card_uses,
    chance_outcomes,
    flip_choices,
    legal_moves,
    new_game,
    parse_move,
    result,
    to_act,
    view,
)
from zombie_rules.zombie_doctor.checks import card_census, card_set, check_state
from zombie_rules.zombie_doctor.config import morgue_kind, tables

Make = Callable[..., State]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def kinds(state: State, *names: str) -> tuple[int, ...]:
    index = tables(state.config).index
    return tuple(sorted(index[n] for n in names))


def moves_text(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state)]


def knock_out(state: State, seat: int) -> State:
    """Seat ``seat`` turned earlier: infected head, hand under the deck."""
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


# ------------------------------------------------------------------ components


def test_components_four_characters_six_body_cards_each() -> None:
    """ "Select the character you would like to be and place your character's cards in
    front of you" (published: 2-4 players, four characters; Ruling 1)."""
    state = new_game()
    assert state.config.players == 4
    assert all(len(body) == 6 for body in state.bodies)
    for seat, body in enumerate(state.bodies):
        assert body == (card(seat, False),) * 6  # healthy side up, own character
    assert Counter(k for k in card_set(state.config) if k[0] == "body") == Counter(
        {("body", c, slot): 1 for c in range(4)
         for slot in ("head", "torso", "larm", "rarm", "lleg", "rleg")}
    )  # fmt: skip


def test_default_deck_is_the_documented_mix() -> None:
    """ "Shuffle the pain or gain cards": Amputate, X-Ray, Mad Scientist, Coma, Medicine,
    Defibrillator and Morgue in our documented mix (Ruling 2)."""
    assert dict(DEFAULT_DECK) == {
        "amputate": 4, "xray": 3, "mad_scientist": 3, "coma": 3,
        "medicine": 5, "defibrillator": 3, "morgue": 3,
    }  # fmt: skip
    assert Config().deck == DEFAULT_DECK


def test_morgue_starts_empty_and_unused_characters_stay_out() -> None:
    """ "All unused characters must be set aside ... They will not be used in the game."
    The morgue holds only limbs removed in play (Ruling 3)."""
    state = new_game(Config(players=2))
    assert not any(state.morgue)
    assert len(state.bodies) == 2
    assert all(key[1] in (0, 1) for key in card_set(state.config) if key[0] == "body")


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    """Published descriptions: 2-4 players."""
    with pytest.raises(InvalidConfig, match="players"):
        Config(players=players)


# ---------------------------------------------------------------- set-up, turns


def test_three_cards_each_then_first_player_uses_one() -> None:
    """ "Each player takes three cards from the top of the pain or gain deck." ... "The
    chosen player must use one and only one of their three pain or gain cards.\""""
    state = new_game(Config(players=3, first_player=1))
    assert to_act(state) == {CHANCE} and state.phase is Phase.DEAL
    outcomes = chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    assert {m.card: p for m, p in outcomes}["medicine"] == pytest.approx(5 / 24)
    rng_free = state
    while CHANCE in to_act(rng_free):
        rng_free = apply(rng_free, legal_moves(rng_free)[0])
    assert [len(h) for h in rng_free.hands] == [3, 3, 3]
    assert rng_free.phase is Phase.PLAY and rng_free.turn == 1
    assert {m.seat for m in legal_moves(rng_free)} == {1}


def test_used_card_goes_to_the_bottom_and_a_card_is_drawn_from_the_top(make: Make) -> None:
    """ "Once a card has been used, it must be returned to the bottom of the pain/gain
    deck and take a new card from the top." (Ruling 5: the bottom order is public.)"""
    state = make(hands=[("coma", "medicine", "medicine"), ("coma", "coma", "xray")])
    after = play(state, "0: use coma")
    assert after.deck_bottom == kinds(state, "coma")
    assert after.phase is Phase.DRAW and to_act(after) == {CHANCE}
    assert len(after.hands[0]) == 2
    drawn = play(after, "chance: draw amputate")
    assert drawn.hands[0] == kinds(state, "amputate", "medicine", "medicine")
    assert drawn.phase is Phase.PLAY and drawn.turn == 1
    assert view(drawn, 1).deck_bottom == ("coma",)


def test_draws_come_from_the_known_bottom_once_the_unseen_part_is_gone(make: Make) -> None:
    """ "take a new card from the top": once every unseen card is drawn, the top card is
    the oldest one put back underneath, known to all, so the draw is not chance (Ruling 5)."""
    state = make(hands=[("coma", "medicine", "medicine"), ("coma", "coma", "xray")])
    rest = tuple(k for k, n in enumerate(state.deck_unknown) for _ in range(n))
    state = attrs.evolve(state, deck_unknown=(0,) * 7, deck_bottom=rest)
    first = state.deck_bottom[0]
    after = play(state, "0: use coma")
    assert after.phase is Phase.PLAY and after.turn == 1  # no chance node
    assert first in after.hands[0] and len(after.hands[0]) == 3
    assert after.deck_bottom == rest[1:] + kinds(state, "coma")


def test_play_is_clockwise_skipping_players_who_are_out(make: Make) -> None:
    """ "The game continues clockwise, with the next player proceeding with their turn"."""
    state = make(players=3, hands=[("coma",) * 3, ("coma",) * 3, ("medicine",) * 3])
    after = play(state, "0: use coma", "chance: draw xray")
    assert after.turn == 1
    skipped = play(knock_out(state, 1), "0: use coma", "chance: draw xray")
    assert skipped.turn == 2


def test_every_hand_is_back_to_three_at_the_end_of_a_turn(make: Make) -> None:
    """ "Note: at the end of each turn, all players must have three cards in hand before
    the game can continue." (X-Ray takes a card; the target draws one: Ruling 16.)"""
    state = make(
        hands=[("xray", "coma", "coma"), ("medicine", "defibrillator", "morgue")],
        bodies=["hhhhhh", "hhhhhh"],
    )
    state = play(state, "0: use xray 1", "0: take defibrillator", "0: flip larm")
    assert [len(h) for h in state.hands] == [3, 2]
    assert state.phase is Phase.DRAW
    state = play(state, "chance: draw amputate")
    assert [len(h) for h in state.hands] == [3, 3] and state.turn == 1


# -------------------------------------------------------------- cannot use a card


def test_cannot_use_any_card_means_a_penalty_flip(make: Make) -> None:
    """ "If you cannot use any of your cards, you have the option to return one to the
    bottom of the pain/gain deck and replace it with one taken from the top of the deck.
    However, you must flip one of your limbs as a penalty, and your turn ends.\""""
    state = make(
        hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3],
        bodies=["hhhhhh", "hhhhhh"],
    )
    texts = moves_text(state)
    assert all(m.action is Action.STUCK for m in legal_moves(state))
    assert "0: stuck flip larm" in texts and "0: stuck flip rleg return morgue" in texts
    assert not any("torso" in t or "head" in t for t in texts)
    kept = play(state, "0: stuck flip larm")
    assert kept.bodies[0][LEFT_ARM] == card(0, True)
    assert kept.turn == 1 and kept.hands[0] == state.hands[0]
    swapped = play(state, "0: stuck flip lleg return morgue")
    assert swapped.phase is Phase.DRAW and swapped.deck_bottom == kinds(state, "morgue")
    assert swapped.deck_bottom_hidden_by == (0,)  # unseen by the others (Ruling 6)
    swapped = play(swapped, "chance: draw coma")
    assert swapped.hands[0] == kinds(state, "coma", "defibrillator", "medicine")


def test_a_usable_card_must_be_used(make: Make) -> None:
    """ "The chosen player must use one and only one of their three pain or gain cards.\""""
    state = make(hands=[("coma", "medicine", "morgue"), ("coma",) * 3])
    with pytest.raises(IllegalMove, match="you can use coma"):
        play(state, "0: stuck flip larm")


def test_usability_is_one_definition(make: Make) -> None:
    """A card is usable only if its effect can happen now (Ruling 7): Medicine needs an
    infected limb you still have; Defibrillator an infected torso; Morgue a limb in the
    morgue; Coma always."""
    state = make(
        hands=[("medicine", "defibrillator", "morgue"), ("coma",) * 3],
        bodies=["hz-hhh", "hhhhhh"],
    )
    index = tables(state.config).index
    assert card_uses(state, 0, index["medicine"]) == ()  # the only infected-ish limb is gone
    assert card_uses(state, 0, index["defibrillator"]) == ((),)
    assert card_uses(state, 0, index["morgue"]) == ((),)
    assert card_uses(state, 0, index["coma"]) == ((),)
    assert {m.card for m in legal_moves(state)} == {"defibrillator", "morgue"}


# -------------------------------------------------------------------- flip order


def test_flip_order_limbs_then_torso_then_head() -> None:
    """ "The limbs, arms and legs, must be flipped (or removed) first, followed by the torso
    and finally the head." A removed limb counts as done (Ruling 11)."""
    h, z, gone = card(0, False), card(0, True), -1
    assert flip_choices((h, h, h, h, h, h)) == (LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG)
    assert flip_choices((h, h, z, gone, z, h)) == (RIGHT_LEG,)
    assert flip_choices((h, h, z, gone, z, gone)) == (TORSO,)
    assert flip_choices((h, z, z, gone, z, z)) == (HEAD,)
    assert flip_choices((h, z, h, z, z, z)) == (LEFT_ARM,)  # a cured limb goes first again


def test_infected_head_means_turned_and_the_last_player_wins(make: Make) -> None:
    """ "You are finished when you have an infected head" ... "The winner is the last
    player to keep the infection away from their head!\""""
    state = make(
        hands=[("medicine", "mad_scientist", "mad_scientist"), ("coma",) * 3],
        bodies=["hz----", "hhhhhh"],
    )
    assert moves_text(state) == ["0: stuck flip head", "0: stuck flip head return mad_scientist",
                                 "0: stuck flip head return medicine"]  # fmt: skip
    over = play(state, "0: stuck flip head")
    assert over.status[0] is Status.TURNED and over.phase is Phase.OVER
    assert legal_moves(over) == () and to_act(over) == frozenset()
    res = result(over)
    assert res is not None and res.winners == {1} and res.scores == (0, 1)


def test_three_players_go_on_until_one_is_left(make: Make) -> None:
    """ "The winner is the last player to keep the infection away from their head!\""""
    state = make(
        players=3,
        hands=[("medicine", "mad_scientist", "mad_scientist"), ("coma",) * 3, ("coma",) * 3],
        bodies=["hz----", "hhhhhh", "hhhhhh"],
    )
    after = play(state, "0: stuck flip head")
    assert after.phase is Phase.PLAY and after.turn == 1 and after.out_order == (0,)
    assert after.hands[0] == () and after.deck_bottom[-3:] == kinds(
        state, "mad_scientist", "mad_scientist", "medicine"
    )  # Ruling 12: the hand goes under the deck, unseen by the others
    assert after.deck_bottom_hidden_by[-3:] == (0, 0, 0)
    assert view(after, 1).deck_bottom[-3:] == (None, None, None)
    assert view(after, 0).deck_bottom[-3:] == ("mad_scientist", "mad_scientist", "medicine")
    check_state(after)


# ------------------------------------------------------------------------- cards


def test_amputate_only_an_opponents_infected_limb(make: Make) -> None:
    """Amputate: "You may only amputate an opponent's infected limb. Removed limbs should
    be placed in the card box, aka the morgue." Then: "Only the Amputate and X-Ray cards
    require you to flip one of your cards at the end of your turn.\""""
    state = make(
        hands=[("amputate", "coma", "coma"), ("coma",) * 3],
        bodies=["hhzhhh", "hhhzhh"],
    )
    uses = [t for t in moves_text(state) if "amputate" in t]
    assert uses == ["0: use amputate 1 rarm"]  # not my own limb, not a healthy one
    after = play(state, "0: use amputate 1 rarm")
    assert after.bodies[1][RIGHT_ARM] == -1
    assert after.morgue[morgue_kind(1, RIGHT_ARM, True)] == 1
    assert after.phase is Phase.SELF_FLIP and after.turn == 0
    assert moves_text(after) == ["0: flip rarm", "0: flip lleg", "0: flip rleg"]
    flipped = play(after, "0: flip lleg")
    assert flipped.bodies[0][LEFT_LEG] == card(0, True) and flipped.phase is Phase.DRAW


def test_amputate_the_head_of_an_opponent_with_an_infected_torso(make: Make) -> None:
    """ "If an opponent has an infected torso, you may cut off their head using the
    Amputate card, ending the game and their suffering." (Ruling 14: with two players the
    game ends before the Amputate flip.)"""
    state = make(
        hands=[("amputate", "coma", "coma"), ("coma",) * 3],
        bodies=["hhhhhz", "hzhhhh"],
    )
    assert "0: use amputate 1 head" in moves_text(state)
    over = play(state, "0: use amputate 1 head")
    assert over.phase is Phase.OVER and over.status[1] is Status.BEHEADED
    assert over.bodies[0] == state.bodies[0]  # no flip
    res = result(over)
    assert res is not None and res.winners == {0}


def test_amputating_a_head_with_players_left_still_costs_a_flip(make: Make) -> None:
    """ "Only the Amputate and X-Ray cards require you to flip one of your cards at the end
    of your turn." With the last flip choice left, the flip is automatic (Ruling 17)."""
    state = make(
        players=3,
        hands=[("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3],
        bodies=["hhhzzz", "hzzzzz", "hhhhhh"],
    )
    after = play(state, "0: use amputate 1 head")
    assert after.status[1] is Status.BEHEADED and after.phase is Phase.DRAW
    assert after.bodies[0][LEFT_ARM] == card(0, True)


def test_xray_reveals_only_to_the_user_and_takes_one(make: Make) -> None:
    """X-Ray: "Look at all of an opponent's cards and take one. The opponent must reveal
    them only to you.\""""
    state = make(
        players=3,
        hands=[("xray", "coma", "coma"), ("medicine", "amputate", "morgue"), ("coma",) * 3],
        bodies=["hhhhhh", "hhhhhh", "hhhhhh"],
    )
    looking = play(state, "0: use xray 1")
    assert looking.phase is Phase.XRAY and to_act(looking) == {0}
    assert view(looking, 0).xray_hand == ("amputate", "medicine", "morgue")
    assert view(looking, 1).xray_hand is None and view(looking, 2).xray_hand is None
    assert view(looking, None).xray_hand is None
    assert moves_text(looking) == ["0: take amputate", "0: take medicine", "0: take morgue"]
    took = play(looking, "0: take medicine")
    assert took.hands[0] == kinds(state, "coma", "coma", "medicine")
    assert took.hands[1] == kinds(state, "amputate", "morgue")
    assert took.phase is Phase.SELF_FLIP and view(took, 0).xray_hand is None


def test_mad_scientist_swaps_matching_limbs(make: Make) -> None:
    """Mad Scientist: "Swap one of your infected limbs with a healthy limb of an opponent.
    A swap can only take place with a matching limb." (Ruling 18.)"""
    state = make(
        hands=[("mad_scientist", "coma", "coma"), ("coma",) * 3],
        bodies=["hhzhhh", "hhhhhz"],
    )
    assert [t for t in moves_text(state) if "mad" in t] == ["0: use mad_scientist 1 larm"]
    after = play(state, "0: use mad_scientist 1 larm")
    assert after.bodies[0][LEFT_ARM] == card(1, False)  # their healthy arm, on me
    assert after.bodies[1][LEFT_ARM] == card(0, True)  # my infected arm, on them
    assert after.phase is Phase.DRAW  # no flip for Mad Scientist
    with pytest.raises(IllegalMove, match="not a way to use mad_scientist"):
        play(state, "0: use mad_scientist 1 rleg")


def test_coma_makes_you_immune_until_your_next_turn(make: Make) -> None:
    """Coma: "Sleep for one round. You are immune to all cards until your next turn.\""""
    state = make(
        hands=[("coma", "coma", "coma"), ("amputate", "xray", "mad_scientist")],
        bodies=["hhzhhz", "hhzhhh"],
    )
    asleep = play(state, "0: use coma", "chance: draw medicine")
    assert asleep.coma == 1 and view(asleep, 1).coma == {0}
    # Nothing seat 1 holds can target seat 0, so it is stuck.
    assert all(m.action is Action.STUCK for m in legal_moves(asleep))
    awake = play(asleep, "1: stuck flip rarm")
    assert awake.turn == 0 and awake.coma == 0


def test_medicine_cures_an_infected_limb_not_a_missing_one(make: Make) -> None:
    """Medicine: "Cure one of your limbs by turning an infected limb over to the
    non-infected side. You cannot heal a missing limb.\""""
    state = make(
        hands=[("medicine", "coma", "coma"), ("coma",) * 3],
        bodies=["hz-zhh", "hhhhhh"],
    )
    assert [t for t in moves_text(state) if "medicine" in t] == ["0: use medicine rarm"]
    after = play(state, "0: use medicine rarm")
    assert after.bodies[0][RIGHT_ARM] == card(0, False) and after.bodies[0][TORSO] & 1
    with pytest.raises(IllegalMove):
        play(state, "0: use medicine larm")


def test_defibrillator_cures_the_torso(make: Make) -> None:
    """Defibrillator: "Cure your torso of the infection by turning the card back over to
    the non-infected side.\""""
    state = make(hands=[("defibrillator", "coma", "coma"), ("coma",) * 3],
                 bodies=["hzzzzz", "hhhhhh"])  # fmt: skip
    after = play(state, "0: use defibrillator")
    assert after.bodies[0][TORSO] == card(0, False)
    healthy = make(hands=[("defibrillator", "coma", "coma"), ("coma",) * 3])
    with pytest.raises(IllegalMove, match="cannot be used now"):
        play(healthy, "0: use defibrillator")


def test_morgue_is_a_blind_draw_of_a_limb(make: Make) -> None:
    """Morgue: "Take a limb from the card box (the morgue). Do not look into the box when
    taking a card.\""""
    state = make(
        hands=[("morgue", "coma", "coma"), ("coma",) * 3],
        bodies=["hh-hhh", "hhhZhH"],
    )
    drawing = play(state, "0: use morgue")
    assert drawing.phase is Phase.MORGUE and to_act(drawing) == {CHANCE}
    outcomes = {str(m): p for m, p in chance_outcomes(drawing)}
    assert outcomes == {
        "chance: limb 0 larm infected": pytest.approx(1 / 3),
        "chance: limb 1 rarm infected": pytest.approx(1 / 3),
        "chance: limb 1 rleg healthy": pytest.approx(1 / 3),
    }
    assert view(drawing, 0).morgue == view(drawing, 1).morgue  # contents public, draw not


def test_morgue_limb_attaches_to_a_missing_slot_and_stays_infected(make: Make) -> None:
    """ "If the limb you draw is infected, it must stay that way.\""""
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hh-hhh", "hhhhhh"])
    after = play(state, "0: use morgue", "chance: limb 0 larm infected")
    assert after.bodies[0][LEFT_ARM] == card(0, True) and not any(after.morgue)


def test_morgue_infected_limb_replaces_a_matching_healthy_one(make: Make) -> None:
    """ "If the limb you draw is infected and matches a healthy limb of yours, the healthy
    limb must be removed and the infected limb attached." (The removed limb goes into the
    morgue: Ruling 21.)"""
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hhhhhh", "hhhZhh"])
    after = play(state, "0: use morgue", "chance: limb 1 rarm infected")
    assert after.bodies[0][RIGHT_ARM] == card(1, True)
    assert after.morgue[morgue_kind(0, RIGHT_ARM, False)] == 1
    assert sum(after.morgue) == 1


def test_morgue_gap_rulings(make: Make) -> None:
    """Rulebook silent (Ruling 21): a healthy limb replaces a matching infected one (which
    goes to the morgue); a limb with the same side as yours goes back into the box."""
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hhhzhz", "hhhHhH"])
    cured = play(state, "0: use morgue", "chance: limb 1 rarm healthy")
    assert cured.bodies[0][RIGHT_ARM] == card(1, False)
    assert cured.morgue[morgue_kind(0, RIGHT_ARM, True)] == 1
    state = make(hands=[("morgue", "coma", "coma"), ("coma",) * 3], bodies=["hhhhhh", "hhhHhh"])
    same = play(state, "0: use morgue", "chance: limb 1 rarm healthy")
    assert same.bodies == state.bodies and same.morgue == state.morgue


def test_only_amputate_and_xray_make_the_user_flip(make: Make) -> None:
    """ "Only the Amputate and X-Ray cards require you to flip one of your cards at the end
    of your turn.\""""
    hands = [("mad_scientist", "medicine", "defibrillator"), ("coma",) * 3]
    state = make(hands=hands, bodies=["hzzhhh", "hhhhhh"])
    for text in ("0: use mad_scientist 1 larm", "0: use medicine larm", "0: use defibrillator"):
        after = play(state, text)
        assert after.phase is Phase.DRAW
        flipped = [p for p in range(6) if after.bodies[0][p] & 1 > state.bodies[0][p] & 1]
        assert flipped == []


def test_reattached_limbs_work_the_same(make: Make) -> None:
    """ "Also, pain and gain cards always work the same way on reattached limbs....\""""
    state = make(hands=[("medicine", "coma", "coma"), ("coma",) * 3], bodies=["hhhhhh", "hhhhhh"])
    body = state.bodies[0][:2] + (card(1, True),) + state.bodies[0][3:]
    other = (card(1, False), card(1, False), card(0, False)) + state.bodies[1][3:]
    state = attrs.evolve(state, bodies=(body, other))
    after = play(state, "0: use medicine larm")
    assert after.bodies[0][LEFT_ARM] == card(1, False)


# --------------------------------------------------------------- bonus game mode


def test_bonus_mode_is_recommended_for_more_than_two_players_but_allows_two(make: Make) -> None:
    """Bonus Game Mode: "This alternative variant is designed for more than two players":
    a recommendation, so two may play it (Ruling 23); the one left plays on alone."""
    state = make(
        players=2, bonus_mode=True,
        hands=[("medicine", "mad_scientist", "mad_scientist"), ("coma",) * 3],
        bodies=["hz----", "hhhhhh"],
    )  # fmt: skip
    after = play(state, "0: stuck flip head")
    assert after.status[0] is Status.TURNED and after.phase is Phase.PLAY and after.turn == 1
    after = play(after, "1: use coma", "chance: draw coma")
    assert after.turn == 0 and after.phase is Phase.ROLL


def test_bonus_mode_zombies_roll_and_bite(make: Make) -> None:
    """ "When it is your turn again, roll the die. If you roll an even number, you may bite
    an opponent of your choice. You must flip their limb so that it becomes infected. Your
    turn ends. If you roll an odd number, your victim has managed to escape and your turn
    ends." ... "as a zombie, you do not draw or play pain/gain cards, only the die.\""""
    state = make(
        players=3, bonus_mode=True,
        hands=[("coma",) * 3, ("coma",) * 3, ("medicine",) * 3],
        bodies=["hhhhhh", "hhhhhh", "hhhzzz"],
    )  # fmt: skip
    state = knock_out(state, 1)
    rolling = play(state, "0: use coma", "chance: draw xray")
    assert rolling.turn == 1 and rolling.phase is Phase.ROLL
    assert [p for _, p in chance_outcomes(rolling)] == [pytest.approx(1 / 6)] * 6
    escaped = play(rolling, "chance: roll 3")
    assert escaped.turn == 2 and escaped.phase is Phase.PLAY and escaped.bodies == state.bodies
    biting = play(rolling, "chance: roll 4")
    assert biting.phase is Phase.BITE and biting.hands[1] == ()
    # Any player still in, even one in a Coma (Ruling 24); in flip order; or no bite.
    assert moves_text(biting) == ["1: bite 0 larm", "1: bite 0 rarm", "1: bite 0 lleg",
                                  "1: bite 0 rleg", "1: bite 2 larm", "1: pass"]  # fmt: skip
    bitten = play(biting, "1: bite 2 larm")
    assert bitten.bodies[2][LEFT_ARM] & 1 and bitten.turn == 2


def test_bonus_mode_biting_is_optional(make: Make) -> None:
    """ "If you roll an even number, you may bite an opponent of your choice." (Ruling 24:
    the zombie may decline with 'pass', and its turn ends.)"""
    state = make(
        players=3, bonus_mode=True,
        hands=[("coma",) * 3, ("coma",) * 3, ("medicine",) * 3],
    )  # fmt: skip
    state = knock_out(state, 1)
    biting = play(state, "0: use coma", "chance: draw xray", "chance: roll 2")
    assert biting.phase is Phase.BITE
    spared = play(biting, "1: pass")
    assert spared.bodies == biting.bodies and spared.turn == 2 and spared.phase is Phase.PLAY
    with pytest.raises(IllegalMove, match="just 'pass'"):
        apply(biting, attrs.evolve(parse_move(biting, "1: pass"), args=(0,)))
    rolled_odd = play(state, "0: use coma", "chance: draw xray", "chance: roll 3")
    assert all(m.action is not Action.PASS for m in legal_moves(rolled_odd))


def test_bonus_mode_beheading_the_last_living_opponent_ends_the_game(make: Make) -> None:
    """ "If an opponent has an infected torso, you may cut off their head using the
    Amputate card, ending the game and their suffering." In the Bonus Game Mode too, when
    it leaves one player (Ruling 14): the zombies do not play on against the winner."""
    state = make(
        players=3, bonus_mode=True,
        hands=[("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3],
        bodies=["hhhhhh", "hzzzzz", "hhhhhh"],
    )  # fmt: skip
    state = knock_out(state, 2)
    over = play(state, "0: use amputate 1 head")
    assert over.phase is Phase.OVER and over.status[1] is Status.BEHEADED
    assert over.bodies[0] == state.bodies[0]  # no Amputate flip: the game is over
    res = result(over)
    assert res is not None and res.winners == {0} and res.scores == (2, 1, 0)
    # With another player still in, the game goes on (and the user flips).
    three = make(
        players=3, bonus_mode=True,
        hands=[("amputate", "coma", "coma"), ("coma",) * 3, ("coma",) * 3],
        bodies=["hhzzzh", "hzzzzz", "hhhhhh"],
    )  # fmt: skip
    on = play(three, "0: use amputate 1 head")
    assert on.phase is not Phase.OVER and on.bodies[0][RIGHT_LEG] & 1


def test_bonus_mode_goes_on_until_all_are_zombies(make: Make) -> None:
    """ "Continue playing until all players are zombies!" — ranked by when they turned."""
    state = make(
        players=3, bonus_mode=True,
        hands=[("medicine", "mad_scientist", "mad_scientist")] * 2 + [("coma",) * 3],
        bodies=["hz----", "hz----", "hzzzzz"],
    )  # fmt: skip
    state = knock_out(state, 2)
    state = play(state, "0: stuck flip head")
    assert state.phase is Phase.PLAY and state.turn == 1  # one player left: still playing
    assert state.out_order == (2, 0)
    state = play(state, "1: stuck flip head")
    assert state.phase is Phase.OVER
    res = result(state)
    assert res is not None and res.winners == {1} and res.scores == (1, 2, 0)


def test_configs_hold_their_rulebook_defaults() -> None:
    """ "You are now ready to play!": Config() is the rulebook game (with the round cap
    that Ruling 28 turns on because the game can loop)."""
    config = Config()
    assert (config.players, config.hand_size, config.bonus_mode) == (4, 3, False)
    assert config.round_limit == 200 and config.custom_cards == ()
    assert "house rule" in (Config.__doc__ or "")  # the cap is ours, and says so
    assert card_census(new_game(config)) == card_set(config)
