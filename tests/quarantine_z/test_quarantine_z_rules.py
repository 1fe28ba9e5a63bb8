"""Quarantine Z rules, one test (or a few) per rulebook sentence.

Every docstring quotes the sentence of /work/shared/rulebooks/quarantine_z.txt it
checks, or names the ruling of docs/rulings/quarantine_z.md it pins down. States
are built by applying explicit chance moves (see qz_helpers), so each test
chooses its cards and dice.
"""

from __future__ import annotations

import pytest

from tests.quarantine_z.qz_helpers import (
    building,
    chance,
    item,
    legal_for,
    loot,
    move,
    propose_all,
    sneak,
    start,
    step_as,
    travel,
    zcard,
)
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z import (
    Action,
    Commit,
    Config,
    Phase,
    SetupDraw,
    ShelterDiscards,
    State,
    Turn,
    ZombieDraws,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    result,
    to_act,
    view,
)
from zombie_rules.quarantine_z._base import zombie_deck_size
from zombie_rules.quarantine_z.combat import escape_bonus, escape_value
from zombie_rules.quarantine_z.knowledge import item_of

A = Action


def hand(state: State, seat: int) -> list[str]:
    return sorted(state.config.items[item_of(c)].name for c in state.survivors[seat].hand)


def cards_here(state: State) -> list[str]:
    return sorted(state.config.items[item_of(c)].name for c in state.area[state.here].cards)


def at_location(state: State, where: int = 1, loot_names: tuple[str, ...] = ()) -> State:
    """Travel to ``where``, no zombie played (the Zombie Player draws instead), loot it."""
    state = travel(state, where)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))
    state = loot(state, loot_names)
    assert state.phase is Phase.LOCATION, state.phase
    return state


GUN_SHOP_LOOT = ("Bullets", "Shells", "Rifle")  # the Gun Shop: 0 Supply, 3 Munition


# ------------------------------------------------------------------- set-up


def test_ten_buildings_are_dealt_face_up_as_chance_events() -> None:
    """ "Deal 10 Building Cards (B) face up — this is the quarantine area." (of the 18)"""
    state = new_game()
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 18 and to_act(state) == {CHANCE}
    state = start()
    assert len(state.area) == 10 and len({loc.building for loc in state.area}) == 10
    assert sum(state.building_pile) == 8
    assert all(not loc.looted for loc in state.area)


def test_each_survivor_draws_four_choosing_the_deck_each_time() -> None:
    """ "Each Survivor draws either a Supply or Munition card into their hand. They may look
    at this card. They may do this until they have drawn 4 total cards." (one at a time,
    in seat order: ruling 3)"""
    state = new_game()
    for b in range(10):
        state = apply(state, chance(A.BUILDING, b))
    assert state.phase is Phase.SETUP_CHOOSE and state.step == SetupDraw(1, 0, None)
    assert {m.action for m in legal_moves(state)} == {A.CHOOSE}
    state = apply(state, move(1, A.CHOOSE, 1))
    # Only Munition cards can come out of the Munition deck.
    names = {state.config.items[m.args[0]].name for m, _ in chance_outcomes(state)}
    assert "Pistol" in names and "Canned Food" not in names
    state = apply(state, chance(A.ITEM, item(state.config, "Pistol")))
    assert view(state, 1).survivors[1].known == (item(state.config, "Pistol"),)
    assert view(state, 2).survivors[1].known == () and view(state, 2).survivors[1].hidden_munition
    assert step_as(state, SetupDraw).drawer == 2  # the next Survivor draws next
    state = start()
    assert all(len(state.survivors[s].hand) == 4 for s in (1, 2, 3))


def test_zombie_player_draws_four_and_survivors_have_three_life() -> None:
    """ "The Zombie Player draws 4 cards from the Zombie (Z) deck." and "Survivors start
    with 3"."""
    state = start()
    assert len(state.zombie_hand) == 4 and zombie_deck_size(state) == 50
    assert [state.survivors[s].life for s in (1, 2, 3)] == [3, 3, 3]


def test_the_game_starts_on_the_move() -> None:
    """ "The game starts in the On the Move phase.\""""
    state = start()
    assert state.phase is Phase.DECIDE and state.here == -1
    assert to_act(state) == {1, 2, 3}


# -------------------------------------------------------------- On the Move


def test_all_survivors_must_agree_on_one_destination() -> None:
    """ "All Survivors must go to the same location." Proposals must match; a Survivor
    settles a disagreement by giving way to a group at least as large as its own
    (rulings 5 and 35); one with nobody to give way to may wait ('ready')."""
    state = start()
    state = apply(state, move(1, A.PROPOSE, 2))
    assert move(1, A.READY) in legal_moves(state)  # 1 may wait for the others ...
    assert not [m for m in legal_for(state, 1) if m.action is A.PROPOSE]  # ... not re-propose
    state = apply(state, move(1, A.READY))
    assert to_act(state) == {2, 3}
    state = apply(state, move(2, A.PROPOSE, 3))
    state = apply(state, move(3, A.PROPOSE, 3))
    assert state.phase is Phase.DECIDE and to_act(state) == {1, 2, 3}  # 1 is called back
    with pytest.raises(IllegalMove, match="another Survivor made: 3"):
        apply(state, move(1, A.PROPOSE, 5))
    with pytest.raises(IllegalMove, match=r"yours \(2 Survivors\) is the largest"):
        apply(state, move(2, A.PROPOSE, 2))  # the larger group does not give way
    state = apply(state, move(1, A.PROPOSE, 3))
    assert state.phase is Phase.SNEAK and state.here == 3


def test_a_disagreement_can_be_settled_by_an_ambush() -> None:
    """ "Any disputes can be settled civilly or violently." An ambush On the Move is a free
    action like any other ("While not in combat, Survivors can: ... ambush other
    Survivors"), before and after proposing."""
    state = start()
    state = apply(state, move(1, A.PROPOSE, 2))
    state = apply(state, move(2, A.PROPOSE, 3))
    assert move(3, A.AMBUSH, 1, 0) in legal_moves(state)  # before its own proposal
    state = apply(state, move(3, A.PROPOSE, 4))
    assert move(3, A.AMBUSH, 1, 0) in legal_moves(state)
    state = apply(state, move(3, A.AMBUSH, 1, 0))
    state = apply(state, chance(A.ROLL, 5))  # hits for 1
    assert state.survivors[1].life == 2
    assert state.phase is Phase.COMMIT  # "then all Survivors enter combat"


def test_sneak_rolls_of_three_or_below_make_noise_and_the_zombie_player_draws() -> None:
    """ "Each Survivor who rolls a 3 or below makes Noise. Once each Survivor has rolled, the
    Zombie Player draws a Zombie Card for every Noise made.\""""
    state = propose_all(start(), 1)
    assert state.phase is Phase.SNEAK and len(chance_outcomes(state)) == 6
    state = apply(state, chance(A.ROLL, 3))
    state = apply(state, chance(A.ROLL, 4))
    state = apply(state, chance(A.ROLL, 1))
    assert state.phase is Phase.ZOMBIE_DRAW and step_as(state, ZombieDraws).left == 2
    state = sneak(state, [], ["Runner", "Swarm"])
    assert len(state.zombie_hand) == 6


def test_the_zombie_player_hand_limit_stops_noise_draws() -> None:
    """ "The Zombie Player is limited to 8 cards in their hand." A draw beyond 8 is not made
    (ruling 8)."""
    state = propose_all(start(), 1)
    state = sneak(state, [1, 1, 1], ["Runner", "Runner", "Runner"])
    assert len(state.zombie_hand) == 7
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Brute")))
    assert len(state.zombie_hand) == 8
    state = loot(state, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.LEAVE))
    state = apply(state, move(2, A.LEAVE))
    state = apply(state, move(3, A.LEAVE))
    state = propose_all(state, 2)
    for _ in range(3):
        state = apply(state, chance(A.ROLL, 1))
    assert state.phase is Phase.ZOMBIES and len(state.zombie_hand) == 8
    assert move(0, A.DRAW) not in legal_moves(state)


def test_zombies_step_plays_face_down_or_this_is_a_zombie_face_up() -> None:
    """ "To play a Zombie, the Zombie Player plays any card in their hand face-down, or any
    card that says "This is a Zombie" face-up." Once played, "Combat immediately begins"."""
    state = travel(start(), 1)
    config = state.config
    assert move(0, A.PLAY, zcard(config, "Claws")) not in legal_moves(state)
    assert move(0, A.HIDE, zcard(config, "Claws")) in legal_moves(state)
    state = apply(state, move(0, A.HIDE, zcard(config, "Claws")))
    zombie = state.area[1].zombies[0]
    assert not zombie.face_up
    assert view(state, 1).area[1].zombies[0].card is None  # Survivors cannot see the face
    assert view(state, 0).area[1].zombies[0].card == zcard(config, "Claws")
    state = apply(state, move(0, A.DONE))
    assert state.phase is Phase.COMMIT


def test_one_zombie_per_step_unless_a_card_allows_more() -> None:
    """ "the Zombie Player may play a Zombie" (one by default, ruling 9); a Swarm is a card
    playable "when you could play a Zombie" that allows one more."""
    state = travel(start(zombie_hand=("Runner", "Brute", "Swarm", "Claws")), 1)
    config = state.config
    state = apply(state, move(0, A.PLAY, zcard(config, "Runner")))
    assert move(0, A.PLAY, zcard(config, "Brute")) not in legal_moves(state)
    state = apply(state, move(0, A.EVENT, zcard(config, "Swarm")))
    state = apply(state, move(0, A.PLAY, zcard(config, "Brute")))
    assert len(state.area[1].zombies) == 2
    assert state.zombie_gone[zcard(config, "Swarm")] == 1  # played face up, then gone


def test_no_mutation_twice_on_the_same_zombie() -> None:
    """ "These Zombies may be modified with Mutation cards ... No mutation may be played
    twice on the same zombie.\""""
    state = travel(start(zombie_hand=("Runner", "Claws", "Claws", "Fast")), 1)
    config = state.config
    state = apply(state, move(0, A.PLAY, zcard(config, "Runner")))
    state = apply(state, move(0, A.MUTATE, zcard(config, "Claws"), 0))
    with pytest.raises(IllegalMove, match="already on that zombie"):
        apply(state, move(0, A.MUTATE, zcard(config, "Claws"), 0))
    state = apply(state, move(0, A.MUTATE, zcard(config, "Fast"), 0))
    assert state.area[1].zombies[0].mutations == (zcard(config, "Claws"), zcard(config, "Fast"))


def test_the_zombie_player_may_draw_instead_of_playing_but_must_do_one() -> None:
    """ "If the Zombie Player so desires, they may draw a card instead of playing a Zombie."
    Doing neither is not allowed (ruling 10, Config.zombie_may_pass)."""
    state = travel(start(), 1)
    with pytest.raises(IllegalMove, match="play a Zombie or draw"):
        apply(state, move(0, A.DONE))
    passing = travel(start(Config(zombie_may_pass=True)), 1)
    assert move(0, A.DONE) in legal_moves(passing)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Runner")))
    assert state.phase is Phase.LOOT_DRAW and len(state.zombie_hand) == 5


def test_events_when_you_could_play_a_zombie() -> None:
    """ "Some Zombie Cards are able to be played "when you could play a Zombie." ... they
    follow the instructions on the card, and play proceeds as normal.\""""
    state = travel(start(zombie_hand=("Lurker", "Fresh Meat", "Runner", "Brute")), 1)
    config = state.config
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    assert state.survivors[2].life == 2 and state.phase is Phase.ZOMBIES
    state = apply(state, move(0, A.EVENT, zcard(config, "Fresh Meat")))
    assert state.phase is Phase.ZOMBIE_DRAW and step_as(state, ZombieDraws).left == 2
    state = apply(state, chance(A.ZCARD, zcard(config, "Claws")))
    state = apply(state, chance(A.ZCARD, zcard(config, "Claws")))
    assert state.phase is Phase.ZOMBIES and len(state.zombie_hand) == 4


def test_first_arrival_loots_face_down_and_marks_the_location() -> None:
    """ "If it's the first time the Survivors have successfully arrived there, draw an
    additional number of cards face-down as indicated by the building's Supply and
    Munition values ... Mark this location as being "looted".\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    assert state.area[1].looted and len(state.area[1].cards) == 3
    assert all(c & 0b11111 == 0 for c in state.area[1].cards)  # nobody has seen them
    assert view(state, 1).area[1].hidden_munition == 3 and view(state, 1).area[1].known == ()
    # Leave and come back: no second loot.
    for s in (1, 2, 3):
        state = apply(state, move(s, A.LEAVE))
    state = travel(state, 2)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    state = loot(state, ("Canned Food",) * 4)
    for s in (1, 2, 3):
        state = apply(state, move(s, A.LEAVE))
    state = travel(state, 1)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    assert state.phase is Phase.LOCATION and len(state.area[1].cards) == 3


def test_a_variable_location_rolls_for_its_loot() -> None:
    """ "If it's a variable location (such as a House) have one player roll a die to
    determine what is there." (Config.variable_loot: a 6 finds 2 Supply, 2 Munition)"""
    config = Config()
    house = building(config, "House on Elm Street")
    state = start(buildings=(*range(9), house))
    state = travel(state, 9)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    assert state.phase is Phase.LOOT_ROLL and len(chance_outcomes(state)) == 6
    state = apply(state, chance(A.ROLL, 6))
    state = loot(state, ("Canned Food", "Bandages", "Bullets", "Pistol"))
    assert state.phase is Phase.LOCATION and len(state.area[9].cards) == 4


# --------------------------------------------------------------- At a Location


def test_a_claim_nobody_objects_to_goes_into_the_hand() -> None:
    """ "Any cards that are at a building can be claimed by a Survivor. If no other Survivor
    objects, they get to take the card into their hand.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.CLAIM_HIDDEN))
    assert state.phase is Phase.CLAIM and to_act(state) == {2, 3}
    state = apply(state, move(2, A.ALLOW))
    state = apply(state, move(3, A.ALLOW))
    assert state.phase is Phase.CLAIM_CARD
    state = apply(state, chance(A.ITEM, item(state.config, "Rifle")))
    assert "Rifle" in hand(state, 1) and len(state.area[1].cards) == 2
    assert state.phase is Phase.LOCATION


def test_nobody_gets_a_disputed_card_until_the_dispute_is_settled() -> None:
    """ "If another Survivor has an objection, they can either settle it civilly, or violently
    ...; the only rule is, nobody gets the card until disputes are settled.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.CLAIM_HIDDEN))
    state = apply(state, move(2, A.OBJECT))
    state = apply(state, move(3, A.ALLOW))
    assert state.phase is Phase.DISPUTE and to_act(state) == {1, 2}
    assert len(state.area[1].cards) == 3
    withdrawn = apply(state, move(1, A.WITHDRAW))
    assert withdrawn.phase is Phase.LOCATION and len(withdrawn.area[1].cards) == 3
    conceded = apply(state, move(2, A.CONCEDE))
    assert conceded.phase is Phase.CLAIM_CARD
    violent = apply(state, move(2, A.AMBUSH, 1, 0))
    violent = apply(violent, chance(A.ROLL, 1))  # a miss
    assert violent.phase is Phase.COMMIT and violent.step is None


def test_escaped_survivors_may_not_claim_or_object_until_the_others_finish() -> None:
    """ "Survivors who successfully "Escaped" from the previous combat may not object (either
    civilly or violently) until the non-Escaping Survivors have finished Collecting.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = attrs_replace(state, restricted=1 << 3)
    assert move(3, A.CLAIM_HIDDEN) not in legal_moves(state)
    state = apply(state, move(1, A.CLAIM_HIDDEN))
    assert state.waiting == 1 << 2  # seat 3 is not asked
    state = apply(state, move(2, A.ALLOW))
    state = apply(state, chance(A.ITEM, item(state.config, "Rifle")))
    state = apply(state, move(1, A.LEAVE))
    state = apply(state, move(2, A.LEAVE))
    assert state.restricted == 0 and move(3, A.CLAIM_HIDDEN) in legal_moves(state)


def attrs_replace(state: State, **changes: object) -> State:
    import attrs

    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def test_stash_puts_a_card_face_down_under_the_location() -> None:
    """ "Stash: ... Place the card face-down under the location. It is then considered to be
    at the location and collected by the normal collection rules.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    food = item(state.config, "Canned Food")
    state = apply(state, move(1, A.STASH, food))
    assert "Canned Food" in cards_here(state) and "Canned Food" not in hand(state, 1)
    assert food in view(state, 1).area[1].known  # the stasher knows it
    assert food not in view(state, 2).area[1].known  # the others see a face-down card
    assert move(1, A.CLAIM, food) in legal_moves(state)
    assert move(2, A.CLAIM, food) not in legal_moves(state)


def test_survivors_hold_at_most_six_cards() -> None:
    """ "Survivors can have up to 6 Supply and/or Munition cards in their hand." A claim,
    gift or theft that would make seven is not allowed (ruling 12)."""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = attrs_replace(
        state,
        survivors=tuple(
            s if i != 1 else type(s)(s.life, s.hand + s.hand[:2], s.equipment, s.armor)
            for i, s in enumerate(state.survivors)
        ),
    )
    assert len(state.survivors[1].hand) == 6
    assert move(1, A.CLAIM_HIDDEN) not in legal_moves(state)
    assert move(2, A.GIVE, 1, item(state.config, "Canned Food")) not in legal_moves(state)


def test_equip_face_up_never_two_of_a_name_and_not_part_of_the_hand() -> None:
    """ "They may also equip any number of equipment cards ... Survivors may not equip two
    items of the same name. Equipped items are not considered to be part of your hand.\""""
    hands = {1: ("Pistol", "Pistol", "Baseball Bat", "Canned Food"), 2: ("Canned Food",) * 4,
             3: ("Canned Food",) * 4}  # fmt: skip
    state = start(hands=hands)
    pistol = item(state.config, "Pistol")
    state = apply(state, move(1, A.EQUIP, pistol))
    assert state.survivors[1].equipment == (pistol,) and hand(state, 1).count("Pistol") == 1
    with pytest.raises(IllegalMove, match="already have a Pistol"):
        apply(state, move(1, A.EQUIP, pistol))
    assert pistol in view(state, 2).survivors[1].equipment  # face up
    with pytest.raises(IllegalMove, match="not equipment"):
        apply(state, move(1, A.EQUIP, item(state.config, "Canned Food")))


def test_non_combat_items_are_used_outside_combat() -> None:
    """ "Survivors can play non-combat items at any time while they are not in combat"; a
    healing item needs a wound (ruling 13)."""
    state = start()
    bandages = item(state.config, "Bandages")
    assert move(1, A.USE, bandages) not in legal_moves(state)  # at full Life
    state = travel(state, 1)
    state = apply(state, move(0, A.EVENT, zcard(state.config, "Fresh Meat")))
    state = apply(state, chance(A.ZCARD, 0))
    state = apply(state, chance(A.ZCARD, 0))
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Brute")))
    state = apply(state, move(0, A.DONE))
    assert move(1, A.USE, bandages) not in legal_moves(state)  # in combat


def test_trade_steal_and_snatch_outside_combat() -> None:
    """ "Survivors may trade items with each other ... it is perfectly legal to steal their
    Supply cards, Munition cards, or Equipment." A stolen hand card is random (ruling 14)."""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    config = state.config
    food = item(config, "Canned Food")
    state = apply(state, move(1, A.GIVE, 2, food))
    assert hand(state, 2).count("Canned Food") == 2 and "Canned Food" not in hand(state, 1)
    state = apply(state, move(3, A.STEAL, 2))
    assert state.phase is Phase.STEAL_CARD
    weights = {m.args[0]: p for m, p in chance_outcomes(state)}
    assert weights[food] == weights[item(config, "Baseball Bat")] * 2
    state = apply(state, chance(A.ITEM, food))
    assert hand(state, 3).count("Canned Food") == 2
    state = apply(state, move(2, A.EQUIP, item(config, "Baseball Bat")))
    state = apply(state, move(1, A.SNATCH, 2, item(config, "Baseball Bat")))
    assert item(config, "Baseball Bat") in state.survivors[1].equipment
    no_theft = at_location(start(Config(allow_steal=False)), 1, GUN_SHOP_LOOT)
    assert not [m for m in legal_moves(no_theft) if m.action in (A.STEAL, A.SNATCH)]


def test_free_actions_per_visit_are_capped() -> None:
    """Ruling 15: at most Config.free_actions gifts, thefts, ambushes, claims and stashes
    per Survivor per visit, so the free phase cannot loop forever."""
    state = at_location(start(Config(free_actions=1)), 1, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.STASH, item(state.config, "Canned Food")))
    assert {m.action for m in legal_for(state, 1)} <= {A.USE, A.EQUIP, A.LEAVE, A.FEED}


def test_ambush_is_a_free_attack_then_everyone_enters_combat() -> None:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action. This is considered a free attack, so they cannot immediately respond. After the
    attack is resolved, then all Survivors enter combat.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    assert move(1, A.AMBUSH, 2, 1) not in legal_moves(state)  # no firearm equipped
    state = apply(state, move(1, A.EQUIP, item(state.config, "Pistol")))
    state = apply(state, move(1, A.AMBUSH, 2, 1))
    assert state.phase is Phase.AMBUSH_ROLL and "Bullets" not in hand(state, 1)
    state = apply(state, chance(A.ROLL, 6))  # a Pistol Headshot on 6
    assert state.survivors[2].life == 0
    # The Shoot made Noise: the Zombie Player draws, then combat.
    assert state.phase is Phase.ZOMBIE_DRAW
    state = apply(state, chance(A.ZCARD, 0))
    assert state.phase is Phase.COMMIT and state.combat is not None
    assert state.combat.members == (1 << 1) | (1 << 3)


def test_a_dead_survivor_drops_hand_face_down_and_equipment_face_up() -> None:
    """ "If a Survivor has died, any Supplies or Munitions in their hand are laid face-down
    at the current Location. Any equipment they had equipped is laid face-up.\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Baseball Bat")))
    state = apply(state, move(1, A.EQUIP, item(config, "Pistol")))
    state = apply(state, move(1, A.AMBUSH, 2, 1))
    state = apply(state, chance(A.ROLL, 6))
    assert state.survivors[2].hand == () and state.survivors[2].equipment == ()
    here = view(state, 3).area[1]
    assert item(config, "Baseball Bat") in here.known  # face up
    assert item(config, "Kevlar Vest") not in here.known  # face down


def test_shelter_feeding_makes_the_zombie_player_discard_six() -> None:
    """ "While at a Shelter, the Survivors may play a Supply Card for each living Survivor,
    the Zombie Player must discard 6 cards from the game ... The Zombie Player may discard
    cards from their deck or their hand." and "as many times as they please\""""
    config = Config()
    school = building(config, "School")
    state = start(buildings=(*range(8), school, 9))
    state = travel(state, 8)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    state = loot(state, ("Canned Food", "Bandages", "Bullets"))
    food = item(config, "Canned Food")
    assert move(1, A.FEED, item(config, "Pistol")) not in legal_moves(state)  # not Supply
    state = apply(state, move(1, A.FEED, food))
    state = apply(state, move(2, A.FEED, food))
    assert state.phase is Phase.LOCATION
    state = apply(state, move(3, A.FEED, food))
    assert state.phase is Phase.SHELTER and state.step == ShelterDiscards(6)
    assert to_act(state) == {0}
    before = zombie_deck_size(state) + len(state.zombie_hand)
    state = apply(state, move(0, A.DISCARD, state.zombie_hand[0]))
    for _ in range(5):
        state = apply(state, move(0, A.BURN))
    assert zombie_deck_size(state) + len(state.zombie_hand) == before - 6
    assert state.phase is Phase.LOCATION
    assert move(2, A.FEED, item(config, "Bottled Water")) in legal_moves(state)  # repeatable
    not_shelter = at_location(start(), 1, GUN_SHOP_LOOT)
    assert move(1, A.FEED, food) not in legal_moves(not_shelter)


def test_leaving_needs_every_living_survivor() -> None:
    """ "The Survivors may choose to leave the location and transition to the On the Move
    phase at any time." All leave together (ruling 6)."""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.LEAVE))
    state = apply(state, move(2, A.LEAVE))
    assert state.phase is Phase.LOCATION and to_act(state) == {3}
    state = apply(state, move(3, A.LEAVE))
    assert state.phase is Phase.DECIDE
    assert move(1, A.PROPOSE, 1) not in legal_moves(state)  # not back where they were


# ------------------------------------------------------------------- combat


def combat_with(names: tuple[str, ...], hands: dict[int, tuple[str, ...]] | None = None) -> State:
    """Arrive at the Gun Shop and have the Zombie Player play ``names`` face up."""
    state = travel(start(hands=hands, zombie_hand=(*names, "Swarm", "Swarm", "Claws")[:4]), 1)
    config = state.config
    for i, name in enumerate(names):
        if i:
            state = apply(state, move(0, A.EVENT, zcard(config, "Swarm")))
        state = apply(state, move(0, A.PLAY, zcard(config, name)))
    return apply(state, move(0, A.DONE))


def test_commitments_are_hidden_until_everyone_has_committed() -> None:
    """ "Decide: ... lay this card face-down on the table." "Declare: Survivors
    simultaneously flip their cards face-up\""""
    state = combat_with(("Runner",))
    assert state.phase is Phase.COMMIT and to_act(state) == {1, 2, 3}
    state = apply(state, move(1, A.COMMIT, int(Commit.FIGHT)))
    hidden, own = view(state, 2).combat, view(state, 1).combat
    assert hidden is not None and hidden.commits[1] is None and has_seat(hidden.laid, 1)
    assert own is not None and own.commits[1] is Commit.FIGHT
    state = apply(state, move(2, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(3, A.COMMIT, int(Commit.ESCAPE)))
    assert state.phase is Phase.DECLARE and view(state, 2).combat.commits[1] is Commit.FIGHT  # type: ignore[union-attr]


def test_shoot_needs_an_equipped_firearm_and_ammunition() -> None:
    """Shoot (our Action card text): "needs an equipped firearm and its ammunition"."""
    state = combat_with(("Runner",))
    assert move(1, A.COMMIT, int(Commit.SHOOT)) not in legal_moves(state)  # Pistol in hand


def fight_round(state: State, targets: dict[int, int], rolls: list[int]) -> State:
    for s in (1, 2, 3):
        c = Commit.FIGHT if s in targets else Commit.PASS
        state = apply(state, move(s, A.COMMIT, int(c)))
    for s in (1, 2, 3):
        if s in targets:
            state = apply(state, move(s, A.TARGET_ZOMBIE, targets[s]))
        else:
            state = apply(state, move(s, A.READY))
    for r in rolls:
        state = apply(state, chance(A.ROLL, r))
    return state


def test_fight_damage_kills_zombies_at_the_end_of_the_step() -> None:
    """ "When a Survivor damages the Zombie its Life is reduced. When a Zombie drops to 0
    Life, it is dead" and "Any Zombies who are killed are removed from play at the end of
    this Step.\""""
    state = combat_with(("Runner",))  # Life 2
    # Seat 2 has a Baseball Bat in hand, unequipped: Fight deals 1 on 3+.
    state = fight_round(state, {1: 0, 2: 0}, [3, 1])
    # One hit: the Runner lives; it must damage one of those who fought it.
    assert state.area[1].zombies[0].damage == 1
    assert state.phase is Phase.BITE and {m.args[0] for m in legal_moves(state)} == {1, 2}
    state = apply(state, move(0, A.BITE, 2))
    assert state.survivors[2].life == 2 and state.phase is Phase.COMMIT
    state = fight_round(state, {1: 0, 3: 0}, [5, 6])
    assert state.area[1].zombies == () and state.zombie_gone[zcard(state.config, "Runner")] == 1
    assert state.phase is Phase.LOOT_DRAW  # "After successfully resolving Combat ... loot"


def test_a_zombie_nobody_fought_may_damage_any_survivor_not_escaped() -> None:
    """ "otherwise, it is able to damage any Survivor who hasn't successfully escaped.\""""
    state = combat_with(("Runner",))
    state = fight_round(state, {}, [])
    assert {m.args[0] for m in legal_moves(state)} == {1, 2, 3}


def test_escape_value_and_bonus() -> None:
    """ "The Escape Value is calculated by adding all Escape Value modifiers ... from the
    location of Combat, Zombies and other various items" and "+1 bonus ... for each other
    Survivor at that location not also trying to escape\""""
    state = combat_with(("Runner",))  # Gun Shop Escape 2 + Runner 3 = 5
    state = apply(state, move(1, A.COMMIT, int(Commit.ESCAPE)))
    state = apply(state, move(2, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(3, A.COMMIT, int(Commit.ESCAPE)))
    assert escape_value(state, 1) == 5 and escape_bonus(state, 1) == 1
    for s in (1, 2, 3):
        state = apply(state, move(s, A.READY))
    state = apply(state, chance(A.ROLL, 4))  # 4 + 1 >= 5: seat 1 escapes
    state = apply(state, chance(A.ROLL, 3))  # 3 + 1 < 5: seat 3 is stuck
    assert state.combat is not None and state.combat.escaped == 1 << 1
    assert state.phase is Phase.BITE and {m.args[0] for m in legal_moves(state)} == {2, 3}


def test_when_all_escape_the_zombies_stay_and_heal() -> None:
    """ "In the event that all Survivors escape, they immediately transition to the On the
    Move phase, and any Zombies still alive remain at the previous location and return to
    full Life.\""""
    state = combat_with(("Brute",))  # Escape 2 + 1 = 3
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.ESCAPE)))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.READY))
    for _ in range(3):
        state = apply(state, chance(A.ROLL, 3))
    assert state.phase is Phase.DECIDE
    assert len(state.area[1].zombies) == 1 and state.area[1].zombies[0].damage == 0
    assert not state.area[1].looted  # not a successful arrival


def test_zombies_left_at_a_location_are_there_on_return() -> None:
    """Issue: "zombies left at that location earlier are there too" in the Zombies! step."""
    state = combat_with(("Brute",))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.ESCAPE)))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.READY))
    for _ in range(3):
        state = apply(state, chance(A.ROLL, 6))
    state = travel(state, 2)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    state = loot(state, ("Canned Food",) * 4)
    for s in (1, 2, 3):
        state = apply(state, move(s, A.LEAVE))
    state = travel(state, 1)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    assert state.phase is Phase.COMMIT and len(state.area[1].zombies) == 1


def test_shooting_makes_noise_the_zombie_player_draws_after_the_round() -> None:
    """ "The Zombie Player now draws a card for each Noise made during the round." (Shoot
    makes Noise: our Action card text; "Normal combat does not generate Noise.")"""
    hands = {1: ("Pistol", "Bullets", "Bullets", "Canned Food"), 2: ("Canned Food",) * 4,
             3: ("Canned Food",) * 4}  # fmt: skip
    state = start(hands=hands)
    state = apply(state, move(1, A.EQUIP, item(state.config, "Pistol")))
    state = travel(state, 1)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Brute")))
    state = apply(state, move(0, A.DONE))
    state = apply(state, move(1, A.COMMIT, int(Commit.SHOOT)))
    state = apply(state, move(2, A.COMMIT, int(Commit.FIGHT)))
    state = apply(state, move(3, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(1, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(2, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(3, A.READY))
    state = apply(state, chance(A.ROLL, 4))  # Pistol hit: 1
    state = apply(state, chance(A.ROLL, 2))  # Fight miss
    assert hand(state, 1).count("Bullets") == 1
    # Only seat 2 fought it, so the Brute must damage seat 2 (no choice: no BITE step).
    assert state.survivors[2].life == 1
    assert state.phase is Phase.ZOMBIE_DRAW and step_as(state, ZombieDraws).left == 1


def test_headshots_kill_outright_but_count_as_one_hit_on_a_horde() -> None:
    """ "Headshot: This is an instantly lethal attack ... (In the case of the Horde, this
    counts as a hit, in the case of Survivors it doesn't damage Armor, but does still kill
    them)\""""
    hands = {1: ("Rifle", "Bullets", "Bullets", "Canned Food"), 2: ("Canned Food",) * 4,
             3: ("Canned Food",) * 4}  # fmt: skip
    for name, damage, gone in (("Brute", 0, True), ("Horde", 1, False)):
        state = start(hands=hands, zombie_hand=(name, "Swarm", "Swarm", "Swarm"))
        state = apply(state, move(1, A.EQUIP, item(state.config, "Rifle")))
        state = travel(state, 1)
        state = apply(state, move(0, A.PLAY, zcard(state.config, name)))
        state = apply(state, move(0, A.DONE))
        state = apply(state, move(1, A.COMMIT, int(Commit.SHOOT)))
        state = apply(state, move(2, A.COMMIT, int(Commit.PASS)))
        state = apply(state, move(3, A.COMMIT, int(Commit.PASS)))
        state = apply(state, move(1, A.TARGET_ZOMBIE, 0))
        state = apply(state, move(2, A.READY))
        state = apply(state, move(3, A.READY))
        state = apply(state, chance(A.ROLL, 5))  # Rifle: Headshot on 5+
        assert (state.area[1].zombies == ()) is gone
        if not gone:
            assert state.area[1].zombies[0].damage == damage


def test_armor_absorbs_damage_but_not_a_headshot() -> None:
    """Armor (glossary: a Headshot "doesn't damage Armor, but does still kill them")."""
    hands = {1: ("Rifle", "Bullets", "Bullets", "Canned Food"), 2: ("Kevlar Vest",) * 1
             + ("Canned Food",) * 3, 3: ("Canned Food",) * 4}  # fmt: skip
    state = start(hands=hands, zombie_hand=("Lurker", "Runner", "Runner", "Runner"))
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Kevlar Vest")))
    assert state.survivors[2].armor == 2
    state = travel(state, 1)
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    assert state.survivors[2].life == 3 and state.survivors[2].armor == 1
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    state = loot(state, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.EQUIP, item(config, "Rifle")))
    state = apply(state, move(1, A.AMBUSH, 2, 1))
    state = apply(state, chance(A.ROLL, 5))
    assert state.survivors[2].life == 0


def test_combat_items_are_played_in_declare() -> None:
    """ "Survivors may play Combat Items at this time." (Grenade: 2 damage to every zombie,
    2 Noise.)"""
    state = combat_with(("Runner", "Brute"))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(1, A.READY))
    state = apply(state, move(2, A.READY))
    grenade = item(state.config, "Grenade")
    assert state.step == Turn(3) and move(3, A.USE, grenade) in legal_moves(state)
    state = apply(state, move(3, A.USE, grenade))
    state = apply(state, move(3, A.READY))
    assert len(state.area[1].zombies) == 1  # the Runner (Life 2) died; the Brute has 1 left


def test_survivor_only_combat_ends_when_nobody_attacks() -> None:
    """ "until no Zombies remain in combat (and no Survivors are still trying to kill one
    another)\""""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.AMBUSH, 2, 0))
    state = apply(state, chance(A.ROLL, 1))
    assert state.phase is Phase.COMMIT
    state = apply(state, move(1, A.COMMIT, int(Commit.FIGHT)))
    state = apply(state, move(2, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(3, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(1, A.TARGET_SURVIVOR, 2))
    state = apply(state, move(2, A.READY))
    state = apply(state, move(3, A.READY))
    state = apply(state, chance(A.ROLL, 1))
    assert state.phase is Phase.COMMIT  # someone tried to kill: another round
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.PASS)))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.READY))
    assert state.phase is Phase.LOCATION  # back where the ambush interrupted


# ---------------------------------------------------------------------- end


def test_survivors_win_when_the_zombie_player_runs_out_of_cards() -> None:
    """ "Survivors win the game when the Zombie Player has no more cards in their deck and
    their hand.\""""
    state = travel(start(), 1)
    state = attrs_replace(state, burned=zombie_deck_size(state), zombie_deck=state.zombie_deck)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Brute")))
    state = apply(state, move(0, A.DONE))
    for card in tuple(state.zombie_hand):
        assert state.phase is not Phase.OVER
        state = attrs_replace(state, zombie_hand=state.zombie_hand[1:])
        state = attrs_replace(state, zombie_hidden=tuple(
            n + (k == card) for k, n in enumerate(state.zombie_hidden)
        ))  # fmt: skip
    # The next move ends the game (the check runs after every move).
    state = apply(state, move(1, A.COMMIT, int(Commit.PASS)))
    outcome = result(state)
    assert state.phase is Phase.OVER and legal_moves(state) == ()
    assert outcome is not None and outcome.winners == {1, 2, 3}
    assert "no cards left" in outcome.reason


def test_the_zombie_player_wins_when_all_survivors_are_dead() -> None:
    """ "The Zombie Player wins once all Survivors are dead.\""""
    # The rulebook's 4-card opening hand (ruling 38 deals none at 3 players).
    config = Config(players=3, survivor_life=1, player_scaling=False)
    hands = {1: ("Canned Food",) * 4, 2: ("Canned Food",) * 4}
    state = start(config, hands=hands, zombie_hand=("Lurker", "Lurker", "Swarm", "Runner"))
    state = travel(state, 1)
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 1))
    assert state.survivors[1].life == 0 and state.phase is Phase.ZOMBIES
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    outcome = result(state)
    assert outcome is not None and outcome.winners == {0}
    assert outcome.reason == "all Survivors are dead"
    with pytest.raises(IllegalMove, match="over"):
        apply(state, move(0, A.DONE))


def test_illegal_moves_say_what_is_wrong() -> None:
    """apply refuses and names the problem; the state is unchanged."""
    state = start()
    with pytest.raises(IllegalMove, match="propose a location"):
        apply(state, move(1, A.PROPOSE, 42))
    with pytest.raises(IllegalMove, match="chance"):
        apply(state, chance(A.ROLL, 3))
    with pytest.raises(IllegalMove, match="only living Survivors"):
        apply(state, move(0, A.PROPOSE, 1))
