"""Quarantine Z: illegal moves of every kind are refused, explained, and change nothing.

For every :class:`~zombie_rules.quarantine_z.state.Action` (the chance kinds too)
there are tests of its illegal cases (wrong actor, wrong phase, bad or out-of-range
arguments, and the cases the rulebook and docs/rulings/quarantine_z.md name) and a
test that its legal version applies, so each test can fail both ways. ``refused``
checks that ``apply`` raises IllegalMove, that the message names the move and what is
wrong (and, where the code says it, what is legal), that ``legal_moves`` agrees, and
that the input state is unchanged. States are reached by explicit moves, the chance
moves chosen by the test (see qz_helpers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs
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
    survivors,
    travel,
    zcard,
)
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.quarantine_z import (
    ZOMBIE_CARDS,
    Action,
    Ambush,
    Bite,
    Claim,
    Commit,
    Config,
    Deck,
    LootDraw,
    Move,
    Phase,
    SetupDraw,
    ShelterDiscards,
    State,
    Steal,
    Turn,
    ZombieDraws,
    ZombiesStep,
    apply,
    legal_moves,
    new_game,
)
from zombie_rules.quarantine_z._base import zombie_deck_size
from zombie_rules.quarantine_z.knowledge import item_of
from zombie_rules.quarantine_z.state import zombie_target
from zombie_rules.serialize import to_json

A = Action
GUN_SHOP_LOOT = ("Bullets", "Shells", "Rifle")  # Gun Shop (location 1): 0 Supply, 3 Munition
LOCATION_MENU = "at a location: use, equip, give, steal, snatch, ambush, claim"
ON_THE_MOVE_MENU = "On the Move: 'propose L', 'ready', 'use I', 'equip I', 'give S I'"
COMMIT_MENU = "lay an Action card face down: 'commit fight|shoot|escape|pass'"
DECLARE_MENU = (
    "declare: 'use I' \\(Combat Item\\), 'target-zombie Z', 'target-survivor S' or 'ready'"
)
NOT_POSSIBLE = "not a possible outcome now; possible: "


# ------------------------------------------------------------------ checks


def refused(state: State, mv: Move, *patterns: str) -> str:
    """``apply`` raises IllegalMove naming ``mv`` and matching ``patterns``; nothing changes."""
    before = to_json(state)
    assert mv not in legal_moves(state), f"{mv} is listed as legal"
    with pytest.raises(IllegalMove) as info:
        apply(state, mv)
    message = str(info.value)
    assert message.startswith(f"{mv}: "), message
    for pattern in patterns:
        assert re.search(pattern, message), f"{pattern!r} not found in {message!r}"
    assert to_json(state) == before
    return message


def accepted(state: State, mv: Move) -> State:
    """``mv`` is listed as legal, applies, changes the game and leaves its input alone."""
    before = to_json(state)
    assert mv in legal_moves(state), f"{mv} is not listed as legal"
    after = apply(state, mv)
    assert to_json(state) == before
    assert to_json(after) != before
    return after


def hand(state: State, seat: int) -> list[str]:
    return sorted(state.config.items[item_of(c)].name for c in state.survivors[seat].hand)


# ------------------------------------------------------------------ states


def dealt() -> State:
    """The ten Buildings dealt: Survivor 1 chooses the deck of the first set-up draw."""
    state = new_game()
    for b in range(10):
        state = apply(state, chance(A.BUILDING, b))
    assert state.phase is Phase.SETUP_CHOOSE and step_as(state, SetupDraw).drawer == 1
    return state


def arrive(state: State, where: int = 1) -> State:
    """Travel quietly; the Zombie Player draws (a Swarm) instead of playing a Zombie."""
    state = travel(state, where)
    state = apply(state, move(0, A.DRAW))
    return apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))


def at_location(state: State | None = None, loot_names: tuple[str, ...] = GUN_SHOP_LOOT) -> State:
    """At the Gun Shop with its loot lying face down."""
    state = loot(arrive(start() if state is None else state), loot_names)
    assert state.phase is Phase.LOCATION
    return state


def school_start(config: Config | None = None) -> State:
    """Set-up done with the School (a Shelter) dealt as location 8."""
    config = Config() if config is None else config
    return start(config, buildings=(*range(8), building(config, "School"), 9))


def at_school(state: State | None = None) -> State:
    """At the School (location 8) with its loot lying face down."""
    state = school_start() if state is None else state
    state = loot(arrive(state, 8), ("Canned Food", "Bandages", "Bullets"))
    assert state.phase is Phase.LOCATION and state.here == 8
    return state


def answer_all(state: State, action: Action = A.ALLOW) -> State:
    while state.phase is Phase.CLAIM:
        seat = next(s for s in survivors(state) if state.waiting >> s & 1)
        state = apply(state, move(seat, action))
    return state


def take_hidden(state: State, seat: int, name: str) -> State:
    """``seat`` claims a face-down card, nobody objects, and it turns out to be ``name``."""
    state = answer_all(apply(state, move(seat, A.CLAIM_HIDDEN)))
    return apply(state, chance(A.ITEM, item(state.config, name)))


def full_hand() -> State:
    """At the Gun Shop; Survivor 1 has claimed two cards and holds 6 (the limit)."""
    state = take_hidden(take_hidden(at_location(), 1, "Bullets"), 1, "Shells")
    assert len(state.survivors[1].hand) == 6
    return state


def claimed() -> State:
    """Survivor 1 claims a face-down card at the Gun Shop; 2 and 3 are to answer."""
    state = apply(at_location(), move(1, A.CLAIM_HIDDEN))
    assert state.phase is Phase.CLAIM and state.waiting == 0b1100
    return state


def disputed() -> State:
    """Survivor 2 objects to Survivor 1's claim, Survivor 3 allows it."""
    state = apply(apply(claimed(), move(2, A.OBJECT)), move(3, A.ALLOW))
    assert state.phase is Phase.DISPUTE
    return state


def combat_from(state: State, name: str = "Runner") -> State:
    """Arrive at the Gun Shop; the Zombie Player plays ``name`` face up: combat Decide."""
    state = travel(state, 1)
    state = apply(state, move(0, A.PLAY, zcard(state.config, name)))
    state = apply(state, move(0, A.DONE))
    assert state.phase is Phase.COMMIT
    return state


def declaring() -> State:
    """Runner combat: 1 commits Fight, 2 Pass, 3 Escape; Survivor 1 declares first."""
    state = combat_from(start())
    for seat, c in ((1, Commit.FIGHT), (2, Commit.PASS), (3, Commit.ESCAPE)):
        state = apply(state, move(seat, A.COMMIT, int(c)))
    assert state.phase is Phase.DECLARE and state.step == Turn(1)
    return state


def resolving() -> State:
    """``declaring``, then 1 targets the Runner: the Resolve dice (1 first, then 3)."""
    state = apply(declaring(), move(1, A.TARGET_ZOMBIE, 0))
    state = apply(apply(state, move(2, A.READY)), move(3, A.READY))
    assert state.phase is Phase.RESOLVE and state.step == Turn(1)
    return state


def second_round() -> State:
    """``resolving``: 1 misses, 3 escapes (6 + 2 >= 5), the Runner bites 1: round two."""
    state = apply(apply(resolving(), chance(A.ROLL, 1)), chance(A.ROLL, 6))
    assert state.phase is Phase.COMMIT and state.combat is not None
    assert state.combat.escaped == 1 << 3 and state.survivors[1].life == 2
    return state


def biting() -> State:
    """1 and 2 Fight the Runner and miss, 3 passes: the Runner must bite 1 or 2."""
    state = combat_from(start())
    for seat, c in ((1, Commit.FIGHT), (2, Commit.FIGHT), (3, Commit.PASS)):
        state = apply(state, move(seat, A.COMMIT, int(c)))
    state = apply(state, move(1, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(2, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(3, A.READY))
    state = apply(apply(state, chance(A.ROLL, 1)), chance(A.ROLL, 2))
    assert state.phase is Phase.BITE and state.step == Bite(0)
    return state


def escaped_one() -> State:
    """Survivor 1 escapes the Runner (6 + 2 >= 5); 2 and 3 kill it and the Gun Shop is looted."""
    state = combat_from(start())
    for seat, c in ((1, Commit.ESCAPE), (2, Commit.FIGHT), (3, Commit.FIGHT)):
        state = apply(state, move(seat, A.COMMIT, int(c)))
    state = apply(state, move(1, A.READY))
    state = apply(state, move(2, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(3, A.TARGET_ZOMBIE, 0))
    for roll in (6, 5, 5):
        state = apply(state, chance(A.ROLL, roll))
    state = loot(state, GUN_SHOP_LOOT)
    assert state.phase is Phase.LOCATION and state.restricted == 1 << 1
    return state


def ambushed() -> State:
    """At the Gun Shop Survivor 1 ambushes 2 with Fight: the ambush die is due."""
    state = apply(at_location(), move(1, A.AMBUSH, 2, 0))
    assert state.phase is Phase.AMBUSH_ROLL
    return state


def ambush_combat() -> State:
    """The ambush misses; combat with no zombie: 1 Fights, 2 and 3 Pass; 1 declares."""
    state = apply(ambushed(), chance(A.ROLL, 1))
    for seat, c in ((1, Commit.FIGHT), (2, Commit.PASS), (3, Commit.PASS)):
        state = apply(state, move(seat, A.COMMIT, int(c)))
    assert state.phase is Phase.DECLARE and state.step == Turn(1)
    return state


def sheltering(config: Config | None = None) -> State:
    """At the School every Survivor feeds a Canned Food: the Zombie Player discards."""
    state = at_school(school_start(config))
    for seat in (1, 2, 3):
        state = apply(state, move(seat, A.FEED, item(state.config, "Canned Food")))
    assert state.phase is Phase.SHELTER
    return state


def small_zombie_deck() -> Config:
    """A 6-card Zombie deck: the default hand, then a Runner and a Swarm left in the deck."""
    keep = {"Runner": 2, "Brute": 1, "Claws": 1, "Fresh Meat": 1, "Swarm": 1}
    cards = tuple(attrs.evolve(c, copies=keep[c.name]) for c in ZOMBIE_CARDS if c.name in keep)
    return Config(zombie_card_set=cards, strict_counts=False)


def game_over() -> State:
    """Two Lurkers kill both Survivors of Life 1: the Zombie Player has won."""
    # The rulebook's 4-card opening hand (ruling 38 deals none at 3 players).
    config = Config(players=3, survivor_life=1, player_scaling=False)
    hands: dict[int, Sequence[str]] = {1: ("Canned Food",) * 4, 2: ("Canned Food",) * 4}
    state = start(config, hands=hands, zombie_hand=("Lurker", "Lurker", "Swarm", "Runner"))
    state = travel(state, 1)
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 1))
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    assert state.phase is Phase.OVER
    return state


# ============================================================ chance kinds


def test_building_illegal() -> None:
    """ "Deal 10 Building Cards (B) face up" from the 18 (ruling 4): only chance deals,
    only a Building still in the pile, only while dealing."""
    state = new_game()
    refused(state, move(1, A.BUILDING, 0), r"a chance event is due \(buildings\)", "only 'chance'")
    refused(state, chance(A.BUILDING, 18), NOT_POSSIBLE + "building 0, building 1")
    refused(state, chance(A.BUILDING, -1), NOT_POSSIBLE)
    refused(state, Move(CHANCE, A.BUILDING, ()), NOT_POSSIBLE)
    refused(state, Move(CHANCE, A.BUILDING, (0, 1)), NOT_POSSIBLE)
    one = apply(state, chance(A.BUILDING, 0))
    message = refused(one, chance(A.BUILDING, 0), NOT_POSSIBLE + "building 1,")
    assert "building 0," not in message  # dealt already: a Building is dealt once
    # Wrong phase: a Building is no outcome of a Sneak roll.
    refused(propose_all(start(), 1), chance(A.BUILDING, 0), NOT_POSSIBLE + "roll 1, .*roll 6")


def test_building_legal() -> None:
    """ "Deal 10 Building Cards (B) face up — this is the quarantine area.\""""
    state = accepted(new_game(), chance(A.BUILDING, 17))
    assert state.area[0].building == 17 and state.building_pile[17] == 0


def test_item_illegal_in_set_up_and_loot_draws() -> None:
    """ "Each Survivor draws either a Supply or Munition card" (from the deck chosen,
    ruling 3) and loot is "the building's Supply and Munition values" (Supply first)."""
    config = Config()
    state = apply(dealt(), move(1, A.CHOOSE, 1))  # the Munition deck
    refused(state, chance(A.ITEM, item(config, "Canned Food")), NOT_POSSIBLE + "item 11")
    refused(state, chance(A.ITEM, 99), NOT_POSSIBLE)
    refused(state, move(1, A.ITEM, item(config, "Pistol")), r"chance event is due \(setup_draw\)")
    # The School loots 2 Supply then 1 Munition: the first draw is no Bullets.
    school = apply(travel(school_start(config), 8), move(0, A.DRAW))
    school = apply(school, chance(A.ZCARD, zcard(config, "Swarm")))
    assert school.phase is Phase.LOOT_DRAW and school.step == LootDraw(Deck.SUPPLY)
    refused(school, chance(A.ITEM, item(config, "Bullets")), NOT_POSSIBLE + "item 0")
    # Wrong phase: no card is drawn during a Sneak.
    refused(propose_all(start(), 1), chance(A.ITEM, 0), NOT_POSSIBLE + "roll 1")


def test_item_illegal_in_claims_and_thefts() -> None:
    """A face-down claim: "chance picks among those it has not seen" (ruling 16); a theft
    "takes a random hand card" of the victim (ruling 14)."""
    state = at_location()
    config = state.config
    food = item(config, "Canned Food")
    state = apply(state, move(1, A.STASH, food))  # Survivor 1 has seen this one
    state = answer_all(apply(state, move(1, A.CLAIM_HIDDEN)))
    assert state.phase is Phase.CLAIM_CARD
    refused(state, chance(A.ITEM, food), NOT_POSSIBLE + "item 12, item 14, item 15$")
    refused(state, move(1, A.ITEM, item(config, "Rifle")), r"chance event is due \(claim_card\)")
    theft = apply(at_location(), move(1, A.STEAL, 2))
    assert theft.phase is Phase.STEAL_CARD
    refused(theft, chance(A.ITEM, item(config, "Pistol")), NOT_POSSIBLE + "item 0, item 1, ")
    refused(theft, move(1, A.ITEM, item(config, "Canned Food")), "chance event is due")


def test_item_legal() -> None:
    """ "They may look at this card." A set-up draw, a face-down claim and a theft apply."""
    config = Config()
    state = accepted(apply(dealt(), move(1, A.CHOOSE, 1)), chance(A.ITEM, item(config, "Rifle")))
    assert hand(state, 1) == ["Rifle"]
    state = answer_all(apply(at_location(), move(1, A.CLAIM_HIDDEN)))
    state = accepted(state, chance(A.ITEM, item(config, "Rifle")))
    assert "Rifle" in hand(state, 1)
    theft = apply(at_location(), move(1, A.STEAL, 2))
    theft = accepted(theft, chance(A.ITEM, item(config, "Kevlar Vest")))
    assert "Kevlar Vest" in hand(theft, 1) and "Kevlar Vest" not in hand(theft, 2)


def test_zcard_illegal() -> None:
    """ "the Zombie Player draws a Zombie Card for every Noise made": only chance draws,
    only a card still in the Zombie deck."""
    config = Config()
    state = propose_all(start(zombie_hand=("Lurker", "Lurker", "Runner", "Brute")), 1)
    for roll in (1, 6, 6):
        state = apply(state, chance(A.ROLL, roll))
    assert state.phase is Phase.ZOMBIE_DRAW
    # Both Lurkers are in the hand: none is left to draw.
    message = refused(state, chance(A.ZCARD, zcard(config, "Lurker")), NOT_POSSIBLE)
    assert f"zcard {zcard(config, 'Lurker')}," not in message
    refused(state, chance(A.ZCARD, 99), NOT_POSSIBLE + "zcard 0, zcard 1")
    refused(state, chance(A.ZCARD, -1), NOT_POSSIBLE)
    refused(state, move(0, A.ZCARD, 0), r"chance event is due \(zombie_draw\)", "only 'chance'")
    refused(state, move(0, A.DRAW), r"chance event is due \(zombie_draw\)")
    # Wrong phase: the set-up draw of a Survivor is from the Supply or Munition deck.
    refused(apply(dealt(), move(1, A.CHOOSE, 0)), chance(A.ZCARD, 0), NOT_POSSIBLE + "item 0")


def test_zcard_legal() -> None:
    """ "Once each Survivor has rolled, the Zombie Player draws a Zombie Card for every
    Noise made.\""""
    state = propose_all(start(), 1)
    for roll in (1, 6, 6):
        state = apply(state, chance(A.ROLL, roll))
    state = accepted(state, chance(A.ZCARD, zcard(state.config, "Horde")))
    assert state.phase is Phase.ZOMBIES and len(state.zombie_hand) == 5


def test_roll_illegal() -> None:
    """ "each Survivor rolls a die", "have one player roll a die", "by rolling a six-sided
    die": only faces 1-6, only by chance, only when a die is due."""
    sneaking = propose_all(start(), 1)
    refused(
        sneaking,
        chance(A.ROLL, 0),
        NOT_POSSIBLE + "roll 1, roll 2, roll 3, roll 4, roll 5, roll 6$",
    )
    refused(sneaking, chance(A.ROLL, 7), NOT_POSSIBLE + "roll 1")
    refused(sneaking, Move(CHANCE, A.ROLL, ()), NOT_POSSIBLE)
    refused(sneaking, move(1, A.ROLL, 6), r"a chance event is due \(sneak\)")
    house = building(Config(), "House on Elm Street")
    variable = arrive(start(buildings=(*range(9), house)), 9)
    assert variable.phase is Phase.LOOT_ROLL
    refused(variable, chance(A.ROLL, 7), NOT_POSSIBLE + "roll 1")
    refused(variable, move(1, A.ROLL, 6), r"chance event is due \(loot_roll\)")
    refused(ambushed(), move(2, A.ROLL, 1), r"chance event is due \(ambush_roll\)")
    refused(ambushed(), chance(A.ROLL, 0), NOT_POSSIBLE + "roll 1")
    refused(resolving(), chance(A.ROLL, 7), NOT_POSSIBLE + "roll 1")
    refused(resolving(), move(1, A.ROLL, 4), r"chance event is due \(resolve\)")
    # Wrong phase: a loot draw is a card, not a die.
    refused(arrive(start()), chance(A.ROLL, 3), NOT_POSSIBLE + "item 11")


def test_roll_legal() -> None:
    """ "Each Survivor who rolls a 3 or below makes Noise." / "roll a number greater than or
    equal to the Escape Value\""""
    state = accepted(propose_all(start(), 1), chance(A.ROLL, 3))
    assert state.noise == 1 and state.step == Turn(2)
    state = accepted(resolving(), chance(A.ROLL, 6))
    assert state.area[1].zombies[0].damage == 1


def test_chance_moves_when_no_chance_event_is_due_say_so() -> None:
    """Protocol: "raises IllegalMove with a message saying what is wrong and what would be
    legal". A chance move while Survivors are to act (On the Move, At a Location) should
    say no chance event is due, not that "only living Survivors" act."""
    for state in (start(), at_location()):
        for mv in (chance(A.BUILDING, 0), chance(A.ITEM, 0), chance(A.ZCARD, 0), chance(A.ROLL, 3)):
            refused(state, mv, "no chance event is due")


# ============================================================ set-up and On the Move


def test_choose_illegal() -> None:
    """ "Each Survivor draws either a Supply or Munition card" (in seat order, choosing
    before each draw; an empty deck cannot be chosen: ruling 3)."""
    state = dealt()
    for seat in (0, 2, 9):
        refused(state, move(seat, A.CHOOSE, 0), "seat 1 is choosing a deck to draw from")
    for args in ((2,), (-1,), (), (0, 1)):
        refused(state, Move(1, A.CHOOSE, args), "'choose supply' or 'choose munition'")
    refused(state, move(1, A.PROPOSE, 1), "seat 1 is choosing", "'choose supply'")
    refused(start(), move(1, A.CHOOSE, 0), ON_THE_MOVE_MENU)  # set-up is over


def test_choose_an_empty_deck_is_refused() -> None:
    """Ruling 3: "an empty deck cannot be chosen". Five players drawing 7 each (28 cards)
    empty the 27-card Munition deck."""
    state = new_game(Config(players=5, survivor_hand=10, setup_draws=7))
    for b in range(10):
        state = apply(state, chance(A.BUILDING, b))
    while any(state.munition_deck):
        state = apply(state, move(step_as(state, SetupDraw).drawer, A.CHOOSE, 1))
        kind = next(k for k, n in enumerate(state.munition_deck) if n)
        state = apply(state, chance(A.ITEM, kind))
    assert state.phase is Phase.SETUP_CHOOSE
    drawer = step_as(state, SetupDraw).drawer
    refused(state, move(drawer, A.CHOOSE, 1), "that deck is empty; choose the other one")
    accepted(state, move(drawer, A.CHOOSE, 0))


def test_choose_legal() -> None:
    """ "Each Survivor draws either a Supply or Munition card into their hand.\""""
    state = accepted(dealt(), move(1, A.CHOOSE, 1))
    assert state.phase is Phase.SETUP_DRAW and step_as(state, SetupDraw).deck is Deck.MUNITION


def test_propose_illegal() -> None:
    """ "All the Survivors must decide on a location to travel to" (ruling 5: each living
    Survivor proposes a location other than the one just left; one may change only to
    another's proposal, once all have proposed)."""
    state = start()
    refused(state, move(0, A.PROPOSE, 1), "only living Survivors decide where to go")
    refused(state, move(4, A.PROPOSE, 1), "only living Survivors")
    for args in ((10,), (-1,)):
        refused(
            state, Move(1, A.PROPOSE, args), "propose a location 0-9 other than the one you left"
        )
    refused(state, Move(1, A.PROPOSE, ()), "'propose' takes 1 argument")
    refused(state, Move(1, A.PROPOSE, (1, 2)), "'propose' takes 1 argument")
    waiting = apply(state, move(1, A.PROPOSE, 2))
    refused(waiting, move(1, A.PROPOSE, 3), "wait for the others' proposals")
    split = apply(apply(waiting, move(2, A.PROPOSE, 3)), move(3, A.PROPOSE, 4))
    refused(split, move(1, A.PROPOSE, 5), "change your proposal to one another Survivor made: 3, 4")
    refused(split, move(1, A.PROPOSE, 2), "another Survivor made: 3, 4")  # no change at all
    here = at_location()
    refused(here, move(1, A.PROPOSE, 2), LOCATION_MENU)  # wrong phase
    for seat in (1, 2, 3):
        here = apply(here, move(seat, A.LEAVE))
    assert here.phase is Phase.DECIDE and here.here == 1
    refused(here, move(1, A.PROPOSE, 1), "other than the one you left")


def test_propose_legal() -> None:
    """ "All Survivors must go to the same location." The last matching proposal starts the
    Sneak."""
    state = apply(start(), move(1, A.PROPOSE, 3))
    state = accepted(apply(state, move(2, A.PROPOSE, 3)), move(3, A.PROPOSE, 3))
    assert state.phase is Phase.SNEAK and state.here == 3


# ============================================================ items


def test_use_illegal() -> None:
    """ "Survivors can play non-combat items at any time while they are not in combat
    (though some require additional conditions)" (ruling 13: healing needs a wound) and
    "Survivors may play Combat Items" in Declare."""
    state = start()
    config = state.config
    bandages, pistol = item(config, "Bandages"), item(config, "Pistol")
    grenade = item(config, "Grenade")
    refused(state, move(1, A.USE, bandages), "you are at full Life; a healing item would be wasted")
    refused(state, move(1, A.USE, pistol), "Pistol is not a non-combat item that can be used")
    refused(state, move(3, A.USE, grenade), "Grenade is not a non-combat item")
    refused(state, move(1, A.USE, grenade), "that card is not in your hand")
    refused(state, move(1, A.USE, 99), "that card is not in your hand")
    refused(state, Move(1, A.USE, ()), "'use' takes 1 argument")
    refused(at_location(), move(0, A.USE, bandages), "only living Survivors act at a location")
    fight = combat_from(start())
    refused(fight, move(1, A.USE, bandages), COMMIT_MENU)  # Decide: no items
    declare = declaring()
    refused(declare, move(1, A.USE, bandages), "only Combat Items are played in combat")
    refused(declare, move(3, A.USE, grenade), "seat 1 is declaring")


def test_use_legal() -> None:
    """A healing item with a wound At a Location; a Combat Item in Declare ("Survivors may
    play Combat Items at this time")."""
    state = travel(start(zombie_hand=("Lurker", "Runner", "Brute", "Claws")), 1)
    state = apply(state, move(0, A.EVENT, zcard(state.config, "Lurker"), 1))
    state = apply(state, move(0, A.DRAW))
    state = loot(apply(state, chance(A.ZCARD, 0)), GUN_SHOP_LOOT)
    assert state.survivors[1].life == 2
    state = accepted(state, move(1, A.USE, item(state.config, "Bandages")))
    assert state.survivors[1].life == 3 and "Bandages" not in hand(state, 1)
    declare = apply(apply(declaring(), move(1, A.TARGET_ZOMBIE, 0)), move(2, A.READY))
    declare = accepted(declare, move(3, A.USE, item(declare.config, "Grenade")))
    assert declare.area[1].zombies[0].damage == 2 and declare.step == Turn(3)


def test_equip_illegal() -> None:
    """ "Survivors may not equip two items of the same name." Only equipment is equipped,
    from the hand, outside combat."""
    hands: dict[int, Sequence[str]] = {
        1: ("Pistol", "Pistol", "Baseball Bat", "Canned Food"),
        2: ("Canned Food",) * 4,
        3: ("Canned Food",) * 4,
    }
    state = start(hands=hands)
    config = state.config
    pistol = item(config, "Pistol")
    state = apply(state, move(1, A.EQUIP, pistol))
    refused(state, move(1, A.EQUIP, pistol), "you already have a Pistol equipped")
    refused(state, move(1, A.EQUIP, item(config, "Canned Food")), "Canned Food is not equipment")
    refused(state, move(1, A.EQUIP, item(config, "Rifle")), "that card is not in your hand")
    refused(state, Move(1, A.EQUIP, (pistol, pistol)), "'equip' takes 1 argument")
    refused(state, move(0, A.EQUIP, pistol), "only living Survivors decide")
    fight = combat_from(state)
    bat = item(config, "Baseball Bat")
    refused(fight, move(1, A.EQUIP, bat), COMMIT_MENU)
    ready = apply(at_location(), move(1, A.LEAVE))
    refused(
        ready,
        move(1, A.EQUIP, item(config, "Pistol")),
        "you are ready to leave; wait for the others",
    )


def test_equip_legal() -> None:
    """ "They may also equip any number of equipment cards ... playing them face-up in
    front of themselves.\""""
    state = accepted(start(), move(2, A.EQUIP, item(Config(), "Kevlar Vest")))
    assert state.survivors[2].equipment == (item(Config(), "Kevlar Vest"),)
    assert state.survivors[2].armor == 2 and "Kevlar Vest" not in hand(state, 2)


# ============================================================ trade, theft, ambush


def test_give_illegal() -> None:
    """ "Survivors may trade items with each other. Remember, Survivors cannot exchange
    cards in the middle of Combat." A gift into a full hand (6) is not legal (ruling 12)."""
    state = full_hand()
    config = state.config
    food = item(config, "Canned Food")
    refused(state, move(2, A.GIVE, 1, food), r"their hand is full \(6 cards\)")
    refused(state, move(2, A.GIVE, 2, food), "give to another living Survivor")
    refused(state, move(2, A.GIVE, 0, food), "give to another living Survivor")
    refused(state, move(2, A.GIVE, 9, food), "give to another living Survivor")
    refused(state, move(2, A.GIVE, 3, item(config, "Rifle")), "that card is not in your hand")
    refused(state, Move(2, A.GIVE, (3,)), "'give' takes 2 arguments")
    refused(state, move(0, A.GIVE, 3, food), "only living Survivors act at a location")
    refused(combat_from(start()), move(1, A.GIVE, 2, food), COMMIT_MENU)
    refused(declaring(), move(1, A.GIVE, 2, food), DECLARE_MENU)


def test_give_is_capped_by_free_actions() -> None:
    """Ruling 15: "Each Survivor makes at most `free_actions` (6) gifts, thefts, ambushes,
    claims and stashes per visit" (here Config.free_actions=2)."""
    state = at_location(start(Config(free_actions=2)))
    food = item(state.config, "Canned Food")
    state = apply(state, move(1, A.GIVE, 2, item(state.config, "Bandages")))
    state = apply(state, move(1, A.GIVE, 3, food))
    refused(
        state,
        move(1, A.GIVE, 2, item(state.config, "Pistol")),
        "you have used your 2 free actions of this visit",
    )


def test_give_legal() -> None:
    """ "Survivors may trade items with each other" (one card per gift, ruling 14)."""
    state = accepted(at_location(), move(1, A.GIVE, 2, item(Config(), "Bullets")))
    assert "Bullets" in hand(state, 2) and "Bullets" not in hand(state, 1)


def test_steal_illegal() -> None:
    """ "it is perfectly legal to steal their Supply cards, Munition cards" but "Survivors
    are unable to trade or steal cards during combat"; not into a full hand (ruling 12)."""
    state = full_hand()
    refused(state, move(1, A.STEAL, 2), r"your hand is full \(6 cards\)")
    refused(state, move(2, A.STEAL, 2), "steal from another living Survivor")
    refused(state, move(2, A.STEAL, 0), "steal from another living Survivor")
    refused(state, Move(2, A.STEAL, (3, 0)), "'steal' takes 1 argument")
    refused(state, move(0, A.STEAL, 2), "only living Survivors act")
    empty = at_location()
    for name in ("Baseball Bat", "Canned Food", "Bottled Water", "Kevlar Vest"):
        empty = apply(empty, move(2, A.STASH, item(empty.config, name)))
    refused(empty, move(1, A.STEAL, 2), "their hand is empty")
    refused(
        at_location(start(Config(allow_steal=False))),
        move(1, A.STEAL, 2),
        r"stealing is off at this table \(Config.allow_steal\)",
    )
    refused(combat_from(start()), move(1, A.STEAL, 2), COMMIT_MENU)
    refused(declaring(), move(1, A.STEAL, 2), DECLARE_MENU)


def test_steal_legal() -> None:
    """ "if another Survivor isn't paying attention, it is perfectly legal to steal their
    Supply cards" (a random hand card: a chance event, ruling 14)."""
    state = accepted(at_location(), move(1, A.STEAL, 2))
    assert state.phase is Phase.STEAL_CARD and state.step == Steal(1, 2, Phase.LOCATION)


def test_snatch_illegal() -> None:
    """ "it is perfectly legal to steal their ... Equipment" (ruling 14: a named equipped
    item), never a second item of a name the thief has equipped, never in combat."""
    hands: dict[int, Sequence[str]] = {
        1: ("Pistol", "Bullets", "Canned Food", "Canned Food"),
        2: ("Pistol", "Kevlar Vest", "Canned Food", "Canned Food"),
        3: ("Canned Food",) * 4,
    }
    state = start(hands=hands)
    config = state.config
    pistol, vest = item(config, "Pistol"), item(config, "Kevlar Vest")
    state = apply(apply(state, move(1, A.EQUIP, pistol)), move(2, A.EQUIP, pistol))
    refused(state, move(1, A.SNATCH, 2, pistol), "you already have an item of that name")
    fight = combat_from(state)
    refused(fight, move(1, A.SNATCH, 2, pistol), COMMIT_MENU)
    here = at_location(state)
    refused(here, move(1, A.SNATCH, 2, pistol), "you already have an item of that name equipped")
    refused(here, move(1, A.SNATCH, 2, vest), "they have no such item equipped")  # in hand
    refused(here, move(1, A.SNATCH, 1, pistol), "steal from another living Survivor")
    refused(here, move(3, A.SNATCH, 0, pistol), "steal from another living Survivor")
    refused(here, Move(3, A.SNATCH, (2,)), "'snatch' takes 2 arguments")
    refused(here, move(0, A.SNATCH, 2, pistol), "only living Survivors act")


def test_snatch_legal() -> None:
    """ "it is perfectly legal to steal their ... Equipment" (it stays equipped, ruling 14)."""
    vest = item(Config(), "Kevlar Vest")
    state = at_location(apply(start(), move(2, A.EQUIP, vest)))
    state = accepted(state, move(3, A.SNATCH, 2, vest))
    assert vest in state.survivors[3].equipment
    assert vest not in state.survivors[2].equipment and state.survivors[3].armor == 2


def test_ambush_illegal() -> None:
    """ "To ambush another Survivor, play either your Fight or Shoot cards"; Shoot needs an
    equipped firearm and its ammunition (our Action card); never in combat."""
    state = at_location()
    refused(state, move(1, A.AMBUSH, 1, 0), "ambush another living Survivor")
    refused(state, move(1, A.AMBUSH, 0, 0), "ambush another living Survivor")
    refused(state, move(1, A.AMBUSH, 9, 0), "ambush another living Survivor")
    refused(state, move(1, A.AMBUSH, 2, 2), r"ambush with 0 \(Fight\) or 1 \(Shoot\)")
    refused(state, Move(1, A.AMBUSH, (2,)), "'ambush' takes 2 arguments")
    # The Pistol is in the hand, not equipped; the Shotgun's Shells are in the hand.
    refused(state, move(1, A.AMBUSH, 2, 1), "Shoot needs an equipped firearm and its ammunition")
    refused(state, move(0, A.AMBUSH, 2, 0), "only living Survivors act")
    refused(combat_from(start()), move(1, A.AMBUSH, 2, 0), COMMIT_MENU)
    # Disputes: "by one Survivor ambushing the other" - the claimant and an objector only.
    dispute = disputed()
    refused(dispute, move(2, A.AMBUSH, 3, 0), "ambush the claimant")
    refused(dispute, move(1, A.AMBUSH, 3, 0), "ambush one of the objectors")
    refused(
        dispute, move(3, A.AMBUSH, 1, 0), r"only the claimant \(seat 1\) and objectors \(2\) act"
    )
    capped = at_location(start(Config(free_actions=1)))
    capped = apply(capped, move(1, A.STASH, item(capped.config, "Canned Food")))
    refused(capped, move(1, A.AMBUSH, 2, 0), "you have used your 1 free action of this visit")


def test_shoot_ambush_needs_the_right_ammunition() -> None:
    """Shoot (our Action card text): "needs an equipped firearm and its ammunition" - a
    Shotgun takes Shells, not Bullets."""
    hands: dict[int, Sequence[str]] = {
        1: ("Shotgun", "Bullets", "Canned Food", "Canned Food"),
        2: ("Canned Food",) * 4,
        3: ("Canned Food",) * 3 + ("Shells",),
    }
    state = start(hands=hands)
    state = at_location(apply(state, move(1, A.EQUIP, item(state.config, "Shotgun"))))
    refused(
        state,
        move(1, A.AMBUSH, 2, 1),
        "Shoot needs an equipped firearm and its ammunition in your hand",
    )


def test_ambush_legal() -> None:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action." (a loaded Pistol shoots; any Survivor fights)"""
    state = at_location(apply(start(), move(1, A.EQUIP, item(Config(), "Pistol"))))
    shot = accepted(state, move(1, A.AMBUSH, 2, 1))
    assert shot.phase is Phase.AMBUSH_ROLL and "Bullets" not in hand(shot, 1)
    fought = accepted(state, move(3, A.AMBUSH, 1, 0))
    assert fought.phase is Phase.AMBUSH_ROLL
    assert fought.step == Ambush(3, 1, None, Phase.LOCATION)
    split = start()
    for seat, where in ((1, 2), (2, 3), (3, 3)):
        split = apply(split, move(seat, A.PROPOSE, where))
    accepted(split, move(1, A.AMBUSH, 2, 0))  # "Any disputes can be settled ... violently"
    accepted(disputed(), move(2, A.AMBUSH, 1, 0))


# ============================================================ At a Location


def test_claim_illegal() -> None:
    """ "Any cards that are at a building can be claimed by a Survivor" - a card it has
    seen (ruling 16), into a hand below 6 (ruling 12), not by one who escaped the last
    combat before the others have finished (ruling 17)."""
    state = full_hand()
    config = state.config
    food = item(config, "Canned Food")
    state = apply(state, move(2, A.STASH, food))
    state = apply(state, move(1, A.STASH, food))  # now 5 cards; 1 knows a Canned Food here
    refused(
        state,
        move(1, A.CLAIM, item(config, "Rifle")),
        "no card of that name that you have seen lies here",
    )
    refused(state, move(3, A.CLAIM, food), "no card of that name that you have seen")
    refused(state, move(1, A.CLAIM, 99), "no card of that name")
    refused(state, Move(1, A.CLAIM, ()), "'claim' takes 1 argument")
    refused(state, move(0, A.CLAIM, food), "only living Survivors act at a location")
    full = take_hidden(state, 1, "Rifle")
    assert len(full.survivors[1].hand) == 6
    refused(full, move(1, A.CLAIM, food), r"your hand is full \(6 cards\)")
    refused(start(), move(1, A.CLAIM, food), ON_THE_MOVE_MENU)
    refused(combat_from(start()), move(1, A.CLAIM, food), COMMIT_MENU)


def test_claim_is_refused_to_an_escaped_survivor_until_the_others_finish() -> None:
    """ "Survivors who successfully "Escaped" from the previous combat may not object ...
    until the non-Escaping Survivors have finished Collecting their loot." (ruling 17:
    neither claim nor object; "they are excluded from play until Combat ends and Loot has
    been collected")"""
    state = escaped_one()
    food = item(state.config, "Canned Food")
    state = apply(state, move(2, A.STASH, food))
    refused(
        state,
        move(1, A.CLAIM_HIDDEN),
        "you escaped the last combat: you are out of play until the others have finished"
        " collecting",
    )
    refused(state, move(1, A.CLAIM, food), "you escaped the last combat")
    refused(state, move(1, A.CLAIM_USE, food), "you escaped the last combat")
    state = apply(apply(state, move(2, A.LEAVE)), move(3, A.LEAVE))
    assert state.restricted == 0
    accepted(state, move(1, A.CLAIM_HIDDEN))


def test_claim_legal() -> None:
    """ "It is then considered to be at the location and collected by the normal collection
    rules." A stashed card is claimed back; nobody objects; it is in the hand again."""
    state = at_location()
    food = item(state.config, "Canned Food")
    state = accepted(apply(state, move(1, A.STASH, food)), move(1, A.CLAIM, food))
    assert state.phase is Phase.CLAIM and state.step == Claim(1, food, False, 0)
    assert "Canned Food" in hand(answer_all(state), 1)


def test_claim_use_illegal() -> None:
    """ "Items that are at a location can be used or equipped just like items that are in a
    Survivor's hand" - so not a second Pistol, not a heal at full Life, not food."""
    hands: dict[int, Sequence[str]] = {
        1: ("Pistol", "Pistol", "Bandages", "Canned Food"),
        2: ("Canned Food",) * 4,
        3: ("Canned Food",) * 4,
    }
    state = start(hands=hands)
    config = state.config
    pistol, bandages, food = (item(config, n) for n in ("Pistol", "Bandages", "Canned Food"))
    state = at_location(apply(state, move(1, A.EQUIP, pistol)))
    for card in (pistol, bandages, food):
        state = apply(state, move(1, A.STASH, card))
    refused(state, move(1, A.CLAIM_USE, pistol), "you already have a Pistol equipped")
    refused(state, move(1, A.CLAIM_USE, bandages), "you are at full Life")
    refused(state, move(1, A.CLAIM_USE, food), "Canned Food is not equipment")
    refused(
        state,
        move(1, A.CLAIM_USE, item(config, "Rifle")),
        "no card of that name that you have seen lies here",
    )
    refused(state, move(2, A.CLAIM_USE, pistol), "no card of that name that you have seen")
    refused(state, Move(1, A.CLAIM_USE, (pistol, 0)), "'claim-use' takes 1 argument")
    refused(state, move(0, A.CLAIM_USE, pistol), "only living Survivors act")
    refused(start(), move(1, A.CLAIM_USE, pistol), ON_THE_MOVE_MENU)


def test_claim_use_legal() -> None:
    """ "Using items in this way is subject to the same limitations as Collecting (there
    can be no objections)": a Kevlar Vest at the location is claimed to be equipped."""
    state = at_location()
    vest = item(state.config, "Kevlar Vest")
    state = accepted(apply(state, move(2, A.STASH, vest)), move(2, A.CLAIM_USE, vest))
    assert state.phase is Phase.CLAIM and state.step == Claim(2, vest, True, 0)
    assert answer_all(state).survivors[2].equipment == (vest,)


def test_claim_hidden_illegal() -> None:
    """A claim of "a face-down card" this Survivor has not seen (ruling 16), into a hand
    below 6 (ruling 12)."""
    house = building(Config(), "House on Elm Street")
    state = arrive(start(buildings=(*range(9), house)), 9)
    state = apply(state, chance(A.ROLL, 1))  # (1 Supply, 0 Munition)
    state = loot(state, ("Canned Food",))
    state = take_hidden(state, 2, "Canned Food")
    assert state.area[9].cards == ()
    refused(state, move(1, A.CLAIM_HIDDEN), "no card lies here that you have not seen")
    state = apply(state, move(1, A.STASH, item(state.config, "Canned Food")))
    refused(state, move(1, A.CLAIM_HIDDEN), "no card lies here that you have not seen")
    accepted(state, move(2, A.CLAIM_HIDDEN))  # Survivor 2 has not seen it
    refused(full_hand(), move(1, A.CLAIM_HIDDEN), r"your hand is full \(6 cards\)")
    refused(state, Move(1, A.CLAIM_HIDDEN, (0,)), "'claim-hidden' takes 0 arguments")
    refused(state, move(0, A.CLAIM_HIDDEN), "only living Survivors act")
    refused(claimed(), move(2, A.CLAIM_HIDDEN), "answer the claim: 'allow' or 'object'")
    refused(start(), move(1, A.CLAIM_HIDDEN), ON_THE_MOVE_MENU)


def test_claim_hidden_legal() -> None:
    """ "Any cards that are at a building can be claimed by a Survivor.\""""
    state = accepted(at_location(), move(3, A.CLAIM_HIDDEN))
    assert state.phase is Phase.CLAIM and state.step == Claim(3, None, False, 0)
    assert state.waiting == 0b0110


def test_stash_illegal() -> None:
    """ "Stash: If a Survivor has too many cards, they may choose to "Stash" a card at the
    location." Only a hand card: "Once a card has been played face-up ... it may never be
    played face-down." Only At a Location."""
    state = at_location(apply(start(), move(1, A.EQUIP, item(Config(), "Pistol"))))
    config = state.config
    refused(state, move(1, A.STASH, item(config, "Pistol")), "that card is not in your hand")
    refused(state, move(1, A.STASH, item(config, "Rifle")), "that card is not in your hand")
    refused(state, Move(1, A.STASH, ()), "'stash' takes 1 argument")
    refused(state, move(0, A.STASH, 0), "only living Survivors act")
    food = item(config, "Canned Food")
    refused(start(), move(1, A.STASH, food), ON_THE_MOVE_MENU)
    refused(combat_from(start()), move(1, A.STASH, food), COMMIT_MENU)
    capped = at_location(start(Config(free_actions=1)))
    capped = apply(capped, move(1, A.STASH, food))
    refused(
        capped,
        move(1, A.STASH, item(config, "Bullets")),
        "you have used your 1 free action of this visit",
    )


def test_stash_legal() -> None:
    """ "Place the card face-down under the location.\""""
    state = accepted(at_location(), move(1, A.STASH, item(Config(), "Bullets")))
    assert "Bullets" not in hand(state, 1) and len(state.area[1].cards) == 4


def test_feed_illegal() -> None:
    """ "While at a Shelter, the Survivors may play a Supply Card for each living Survivor"
    (ruling 24): only at a Shelter, only Supply cards, only from the hand."""
    config = Config()
    food = item(config, "Canned Food")
    refused(at_location(), move(1, A.FEED, food), "this location is not a Shelter")
    school = at_school(apply(school_start(), move(2, A.EQUIP, item(config, "Kevlar Vest"))))
    refused(school, move(1, A.FEED, item(config, "Pistol")), "a Shelter takes Supply cards")
    refused(school, move(1, A.FEED, item(config, "Bottled Water")), "that card is not in your hand")
    refused(school, move(2, A.FEED, item(config, "Kevlar Vest")), "that card is not in your hand")
    refused(school, Move(1, A.FEED, ()), "'feed' takes 1 argument")
    refused(school, move(0, A.FEED, food), "only living Survivors act")
    refused(start(), move(1, A.FEED, food), ON_THE_MOVE_MENU)
    refused(sheltering(), move(1, A.FEED, food), r"the Zombie Player \(seat 0\) is discarding")


def test_feed_legal() -> None:
    """ "the Survivors may play a Supply Card for each living Survivor, the Zombie Player
    must discard 6 cards\""""
    state = accepted(at_school(), move(1, A.FEED, item(Config(), "Bandages")))
    assert state.fed == 1 and state.phase is Phase.LOCATION


def test_leave_illegal() -> None:
    """ "The Survivors may choose to leave the location" (ruling 6: `leave` marks a Survivor
    ready; it then waits for the others). Not On the Move, not in combat."""
    state = at_location()
    refused(state, Move(1, A.LEAVE, (1,)), "'leave' takes 0 arguments")
    refused(state, move(0, A.LEAVE), "only living Survivors act at a location")
    ready = apply(state, move(1, A.LEAVE))
    refused(ready, move(1, A.LEAVE), "you are ready to leave; wait for the others")
    refused(start(), move(1, A.LEAVE), ON_THE_MOVE_MENU)
    refused(combat_from(start()), move(1, A.LEAVE), COMMIT_MENU)
    refused(claimed(), move(2, A.LEAVE), "answer the claim: 'allow' or 'object'")


def test_leave_legal() -> None:
    """ "The Survivors may choose to leave the location and transition to the On the Move
    phase at any time.\""""
    state = accepted(at_location(), move(2, A.LEAVE))
    assert state.passed == 1 << 2 and state.phase is Phase.LOCATION


# ============================================================ claims and disputes


def test_allow_illegal() -> None:
    """ "If no other Survivor objects, they get to take the card" - every other living,
    unrestricted Survivor answers once (ruling 16)."""
    state = claimed()
    refused(state, move(1, A.ALLOW), "waiting for 2, 3 to allow or object to the claim")
    refused(state, move(0, A.ALLOW), "waiting for 2, 3")
    refused(state, move(9, A.ALLOW), "waiting for 2, 3")
    refused(state, Move(2, A.ALLOW, (1,)), "'allow' takes 0 arguments")
    answered = apply(state, move(2, A.ALLOW))
    refused(answered, move(2, A.ALLOW), "waiting for 3 to allow or object")
    refused(at_location(), move(2, A.ALLOW), LOCATION_MENU)  # no claim
    refused(disputed(), move(3, A.ALLOW), r"only the claimant \(seat 1\) and objectors \(2\) act")


def test_allow_legal() -> None:
    """ "If no other Survivor objects, they get to take the card into their hand.\""""
    state = accepted(claimed(), move(2, A.ALLOW))
    state = accepted(state, move(3, A.ALLOW))
    assert state.phase is Phase.CLAIM_CARD


def test_object_illegal() -> None:
    """ "Survivors who successfully "Escaped" from the previous combat may not object
    (either civilly or violently) until the non-Escaping Survivors have finished Collecting
    their loot." Only those asked object, once."""
    state = apply(escaped_one(), move(2, A.CLAIM_HIDDEN))
    assert state.waiting == 1 << 3  # the escaped Survivor 1 is not asked
    refused(state, move(1, A.OBJECT), "waiting for 3 to allow or object to the claim")
    refused(state, move(2, A.OBJECT), "waiting for 3")  # the claimant
    refused(state, move(0, A.OBJECT), "waiting for 3")
    refused(state, Move(3, A.OBJECT, (2,)), "'object' takes 0 arguments")
    answered = apply(claimed(), move(2, A.OBJECT))
    refused(answered, move(2, A.OBJECT), "waiting for 3 to allow or object")
    refused(at_location(), move(2, A.OBJECT), LOCATION_MENU)
    refused(
        disputed(),
        move(2, A.OBJECT),
        "settle the dispute: 'withdraw' \\(claimant\\), 'concede' \\(objector\\)",
    )


def test_object_legal() -> None:
    """ "If another Survivor has an objection ... nobody gets the card until disputes are
    settled.\""""
    state = accepted(claimed(), move(3, A.OBJECT))
    state = accepted(state, move(2, A.ALLOW))
    assert state.phase is Phase.DISPUTE and state.waiting == 1 << 3


def test_withdraw_illegal() -> None:
    """ "they can either settle it civilly, or violently" - the claimant withdraws
    (ruling 16)."""
    state = disputed()
    refused(state, move(2, A.WITHDRAW), "only the claimant withdraws")
    refused(state, move(3, A.WITHDRAW), r"only the claimant \(seat 1\) and objectors \(2\) act")
    refused(state, move(0, A.WITHDRAW), "only the claimant")
    refused(state, Move(1, A.WITHDRAW, (1,)), "'withdraw' takes 0 arguments")
    refused(claimed(), move(1, A.WITHDRAW), "waiting for 2, 3")
    refused(at_location(), move(1, A.WITHDRAW), LOCATION_MENU)


def test_withdraw_legal() -> None:
    """A claim withdrawn: the card stays ("nobody gets the card until disputes are settled")."""
    state = accepted(disputed(), move(1, A.WITHDRAW))
    assert state.phase is Phase.LOCATION and len(state.area[1].cards) == 3


def test_concede_illegal() -> None:
    """ "they can either settle it civilly, or violently" - an objector concedes (ruling 16)."""
    state = disputed()
    refused(state, move(1, A.CONCEDE), "only an objector concedes")
    refused(state, move(3, A.CONCEDE), r"only the claimant \(seat 1\) and objectors \(2\) act")
    refused(state, move(0, A.CONCEDE), "only the claimant")
    refused(state, Move(2, A.CONCEDE, (1,)), "'concede' takes 0 arguments")
    refused(claimed(), move(2, A.CONCEDE), "answer the claim: 'allow' or 'object'")
    refused(at_location(), move(2, A.CONCEDE), LOCATION_MENU)


def test_concede_legal() -> None:
    """Conceded by every objector: "they get to take the card" (a face-down one by chance)."""
    state = accepted(disputed(), move(2, A.CONCEDE))
    assert state.phase is Phase.CLAIM_CARD


# ============================================================ combat


def test_commit_illegal() -> None:
    """ "Decide: Survivors decide which action to take — Fight, Shoot, or Escape — and lay
    this card face-down" - once each, only those still in the combat ("If a Survivor
    successfully escapes, they are excluded from play until Combat ends")."""
    state = combat_from(start())
    refused(state, move(0, A.COMMIT, 0), "waiting for the face-down Action cards of 1, 2, 3")
    refused(state, move(9, A.COMMIT, 0), "waiting for the face-down Action cards")
    for args in ((4,), (-1,), (), (0, 0)):
        refused(
            state,
            Move(1, A.COMMIT, args),
            "'commit fight', 'commit shoot', 'commit escape' or 'commit pass'",
        )
    once = apply(state, move(1, A.COMMIT, int(Commit.FIGHT)))
    refused(
        once, move(1, A.COMMIT, int(Commit.PASS)), "waiting for the face-down Action cards of 2, 3"
    )
    escaped = second_round()
    refused(
        escaped,
        move(3, A.COMMIT, int(Commit.FIGHT)),
        "waiting for the face-down Action cards of 1, 2",
    )
    refused(at_location(), move(1, A.COMMIT, 0), LOCATION_MENU)
    refused(declaring(), move(1, A.COMMIT, 0), DECLARE_MENU)


def test_commit_shoot_needs_a_loaded_firearm() -> None:
    """Shoot (our Action card text): "needs an equipped firearm and its ammunition" -
    not a firearm in the hand, not one without ammunition, not the wrong ammunition."""
    hands: dict[int, Sequence[str]] = {
        1: ("Pistol", "Bullets", "Canned Food", "Canned Food"),
        2: ("Pistol", "Canned Food", "Canned Food", "Canned Food"),
        3: ("Shotgun", "Bullets", "Canned Food", "Canned Food"),
    }
    state = start(hands=hands)
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Pistol")))
    state = apply(state, move(3, A.EQUIP, item(config, "Shotgun")))
    state = combat_from(state)
    shoot = int(Commit.SHOOT)
    for seat in (1, 2, 3):  # in hand / no Bullets / Bullets for a Shotgun
        refused(
            state,
            move(seat, A.COMMIT, shoot),
            "Shoot needs an equipped firearm and its ammunition in your hand",
        )


def test_commit_legal() -> None:
    """ "lay this card face-down on the table"; a loaded Pistol may Shoot."""
    state = combat_from(apply(start(), move(1, A.EQUIP, item(Config(), "Pistol"))))
    state = accepted(state, move(1, A.COMMIT, int(Commit.SHOOT)))
    state = accepted(state, move(2, A.COMMIT, int(Commit.ESCAPE)))
    state = accepted(state, move(3, A.COMMIT, int(Commit.PASS)))
    assert state.phase is Phase.DECLARE and state.combat is not None
    assert state.combat.commits[1:] == (1, 2, 3)


def test_target_zombie_illegal() -> None:
    """ "each Survivor declares the target of their action" (in seat order, ruling 19);
    "Survivors may also choose to Pass ... taking no action this turn"."""
    state = declaring()
    refused(state, move(1, A.TARGET_ZOMBIE, 1), "no zombie 1 in this combat")
    refused(state, move(1, A.TARGET_ZOMBIE, -1), "no zombie -1 in this combat")
    refused(state, Move(1, A.TARGET_ZOMBIE, ()), "'target-zombie' takes 1 argument")
    refused(state, move(2, A.TARGET_ZOMBIE, 0), "seat 1 is declaring")
    refused(state, move(0, A.TARGET_ZOMBIE, 0), "seat 1 is declaring")
    passer = apply(state, move(1, A.TARGET_ZOMBIE, 0))
    refused(
        passer,
        move(2, A.TARGET_ZOMBIE, 0),
        "only a Fight or a Shoot has a target; 'ready' when done",
    )
    escaper = apply(passer, move(2, A.READY))
    refused(escaper, move(3, A.TARGET_ZOMBIE, 0), "only a Fight or a Shoot has a target")
    refused(ambush_combat(), move(1, A.TARGET_ZOMBIE, 0), "no zombie 0 in this combat")
    refused(combat_from(start()), move(1, A.TARGET_ZOMBIE, 0), COMMIT_MENU)


def test_target_zombie_legal() -> None:
    """ "each Survivor declares the target of their action\""""
    state = accepted(declaring(), move(1, A.TARGET_ZOMBIE, 0))
    assert (
        state.combat is not None
        and state.combat.targets[1] == zombie_target(0)
        and state.step == Turn(2)
    )


def test_target_survivor_illegal() -> None:
    """ "Since Survivors may target other Survivors at this time" - another Survivor still
    in the combat (an escaped one is "excluded from play until Combat ends")."""
    state = ambush_combat()
    refused(state, move(1, A.TARGET_SURVIVOR, 1), "target another Survivor still in the combat")
    refused(state, move(1, A.TARGET_SURVIVOR, 0), "target another Survivor still in the combat")
    refused(state, move(1, A.TARGET_SURVIVOR, 9), "target another Survivor")
    refused(state, Move(1, A.TARGET_SURVIVOR, ()), "'target-survivor' takes 1 argument")
    refused(state, move(2, A.TARGET_SURVIVOR, 1), "seat 1 is declaring")
    passer = apply(state, move(1, A.TARGET_SURVIVOR, 2))
    refused(passer, move(2, A.TARGET_SURVIVOR, 1), "only a Fight or a Shoot has a target")
    escaped = second_round()
    escaped = apply(apply(escaped, move(1, A.COMMIT, 0)), move(2, A.COMMIT, 0))
    refused(escaped, move(1, A.TARGET_SURVIVOR, 3), "target another Survivor still in the combat")
    refused(at_location(), move(1, A.TARGET_SURVIVOR, 2), LOCATION_MENU)


def test_target_survivor_legal() -> None:
    """ "Since Survivors may target other Survivors at this time\""""
    state = accepted(ambush_combat(), move(1, A.TARGET_SURVIVOR, 2))
    assert state.combat is not None and state.combat.hostile and state.step == Turn(2)


def test_ready_illegal() -> None:
    """ "each Survivor declares the target of their action" - a Fight or Shoot with a
    target available must name one (ruling 19)."""
    state = declaring()
    refused(state, move(1, A.READY), "declare the target of your Fight or Shoot")
    refused(state, move(2, A.READY), "seat 1 is declaring")
    refused(state, Move(1, A.READY, (0,)), "'ready' takes 0 arguments")
    refused(combat_from(start()), move(1, A.READY), COMMIT_MENU)
    refused(at_location(), move(1, A.READY), LOCATION_MENU)


def test_ready_legal() -> None:
    """ "Survivors may also choose to Pass by leaving their card face-down, taking no action
    this turn.\""""
    state = accepted(apply(declaring(), move(1, A.TARGET_ZOMBIE, 0)), move(2, A.READY))
    assert state.step == Turn(3)


def test_bite_illegal() -> None:
    """ "If any Survivors target a Zombie with the "Fight" command, that Zombie must deal
    damage to one of them" (the Zombie Player picks among them, ruling 21)."""
    state = biting()
    refused(
        state, move(0, A.BITE, 3), "that Survivor cannot be damaged by this zombie; options: 1, 2"
    )
    refused(state, move(0, A.BITE, 0), "options: 1, 2")
    refused(state, move(0, A.BITE, 9), "options: 1, 2")
    refused(state, Move(0, A.BITE, ()), "'bite' takes 1 argument")
    refused(state, move(1, A.BITE, 2), r"the Zombie Player picks whom zombie 0 damages: 'bite S'")
    refused(state, move(0, A.DISCARD, 0), "the Zombie Player picks whom zombie 0 damages")
    refused(
        sheltering(), move(0, A.BITE, 1), "discard 6 more cards: 'discard C' from hand or 'burn'"
    )


def test_bite_legal() -> None:
    """ "that Zombie must deal damage to one of them" (the Runner deals 1)."""
    state = accepted(biting(), move(0, A.BITE, 2))
    assert state.survivors[2].life == 2 and state.survivors[1].life == 3


# ============================================================ the Zombie Player


def test_event_illegal() -> None:
    """ "Some Zombie Cards are able to be played "when you could play a Zombie."" - only
    those, from the hand, in the Zombies! step; a Lurker names a living Survivor."""
    config = Config(survivor_life=1)
    state = travel(start(config, zombie_hand=("Lurker", "Lurker", "Fresh Meat", "Brute")), 1)
    lurker, meat = zcard(config, "Lurker"), zcard(config, "Fresh Meat")
    refused(
        state,
        move(0, A.EVENT, zcard(config, "Brute")),
        "that card is not playable 'when you could play a Zombie'",
    )
    refused(state, move(0, A.EVENT, zcard(config, "Swarm")), "that card is not in your hand")
    refused(state, Move(0, A.EVENT, ()), "that card is not in your hand")
    refused(state, move(0, A.EVENT, lurker), "'event' takes 2 arguments")
    refused(state, move(0, A.EVENT, lurker, 0), "target a living Survivor")
    refused(state, move(0, A.EVENT, meat, 1), "'event' takes 1 argument")
    refused(state, move(1, A.EVENT, meat), r"the Zombie Player \(seat 0\) is checking for Zombies!")
    dead = apply(state, move(0, A.EVENT, lurker, 1))
    assert dead.survivors[1].life == 0
    refused(dead, move(0, A.EVENT, lurker, 1), "target a living Survivor")
    refused(
        combat_from(start()),
        move(0, A.EVENT, zcard(config, "Fresh Meat")),
        "waiting for the face-down Action cards",
    )
    refused(
        at_location(), move(0, A.EVENT, zcard(config, "Fresh Meat")), "only living Survivors act"
    )


def test_event_legal() -> None:
    """ "If the Zombie Player chooses to play one of these cards, they follow the
    instructions on the card, and play proceeds as normal.\""""
    state = travel(start(zombie_hand=("Lurker", "Swarm", "Brute", "Runner")), 1)
    config = state.config
    state = accepted(state, move(0, A.EVENT, zcard(config, "Lurker"), 3))
    assert state.survivors[3].life == 2 and state.phase is Phase.ZOMBIES
    state = accepted(state, move(0, A.EVENT, zcard(config, "Swarm")))
    assert state.allowance == 2


def test_play_illegal() -> None:
    """ "plays ... any card that says "This is a Zombie" face-up" - one Zombie per step
    unless a card allows more (ruling 9), only in the Zombies! step."""
    state = travel(start(), 1)
    config = state.config
    refused(
        state,
        move(0, A.PLAY, zcard(config, "Claws")),
        "only a card that says 'This is a Zombie' is played face up",
    )
    refused(state, move(0, A.PLAY, zcard(config, "Horde")), "that card is not in your hand")
    refused(state, Move(0, A.PLAY, (zcard(config, "Brute"), 0)), "'play' takes 1 argument")
    refused(
        state, move(2, A.PLAY, zcard(config, "Brute")), r"the Zombie Player \(seat 0\) is checking"
    )
    one = apply(state, move(0, A.PLAY, zcard(config, "Brute")))
    refused(one, move(0, A.PLAY, zcard(config, "Runner")), "you may play 1 Zombie this step")
    refused(
        combat_from(start()),
        move(0, A.PLAY, zcard(config, "Runner")),
        "waiting for the face-down Action cards",
    )


def test_play_a_second_zombie_message_is_complete() -> None:
    """Ruling 9: "One zombie per step". The refusal should say how many were played; it
    currently ends mid-sentence ("... this step and have")."""
    state = apply(travel(start(), 1), move(0, A.PLAY, zcard(Config(), "Brute")))
    refused(
        state,
        move(0, A.PLAY, zcard(Config(), "Runner")),
        "you may play 1 Zombie this step and have played 1",
    )


def test_play_legal() -> None:
    """ "To play a Zombie, the Zombie Player plays ... any card that says "This is a Zombie"
    face-up.\""""
    state = accepted(travel(start(), 1), move(0, A.PLAY, zcard(Config(), "Runner")))
    zombie = state.area[1].zombies[0]
    assert zombie.face_up and zombie.card == zcard(Config(), "Runner")
    assert state.step == ZombiesStep(1)


def test_hide_illegal() -> None:
    """ "plays any card in their hand face-down" - from the hand, one per step (ruling 9)."""
    state = travel(start(), 1)
    config = state.config
    refused(state, move(0, A.HIDE, zcard(config, "Horde")), "that card is not in your hand")
    refused(state, Move(0, A.HIDE, (zcard(config, "Claws"), 1)), "'hide' takes 1 argument")
    refused(state, move(3, A.HIDE, zcard(config, "Claws")), r"the Zombie Player \(seat 0\)")
    one = apply(state, move(0, A.HIDE, zcard(config, "Claws")))
    refused(one, move(0, A.HIDE, zcard(config, "Brute")), "you may play 1 Zombie this step")
    refused(sheltering(), move(0, A.HIDE, zcard(config, "Brute")), "discard 6 more")


def test_hide_legal() -> None:
    """ "To play a Zombie, the Zombie Player plays any card in their hand face-down\""""
    state = accepted(travel(start(), 1), move(0, A.HIDE, zcard(Config(), "Fresh Meat")))
    assert not state.area[1].zombies[0].face_up


def test_mutate_illegal() -> None:
    """ "These Zombies may be modified with Mutation cards ... No mutation may be played
    twice on the same zombie." (ruling 11: on a zombie at the location)"""
    state = travel(start(zombie_hand=("Runner", "Claws", "Claws", "Brute")), 1)
    config = state.config
    claws = zcard(config, "Claws")
    refused(state, move(0, A.MUTATE, claws, 0), "no zombie 0 here; zombies here: none")
    state = apply(state, move(0, A.PLAY, zcard(config, "Runner")))
    state = apply(state, move(0, A.MUTATE, claws, 0))
    refused(state, move(0, A.MUTATE, claws, 0), "that Mutation is already on that zombie")
    refused(state, move(0, A.MUTATE, claws, 1), "no zombie 1 here; zombies here: 0")
    refused(state, move(0, A.MUTATE, claws, -1), "no zombie -1 here")
    refused(state, move(0, A.MUTATE, zcard(config, "Brute"), 0), "that card is not a Mutation")
    refused(state, move(0, A.MUTATE, zcard(config, "Fast"), 0), "that card is not in your hand")
    refused(state, move(0, A.MUTATE, claws), "'mutate' takes 2 arguments")
    refused(state, move(1, A.MUTATE, claws, 0), r"the Zombie Player \(seat 0\)")
    refused(at_location(), move(0, A.MUTATE, claws, 0), "only living Survivors act")


def test_mutate_legal() -> None:
    """ "These Zombies may be modified with Mutation cards\""""
    state = travel(start(zombie_hand=("Runner", "Claws", "Fast", "Brute")), 1)
    config = state.config
    state = apply(state, move(0, A.PLAY, zcard(config, "Runner")))
    state = accepted(state, move(0, A.MUTATE, zcard(config, "Claws"), 0))
    state = accepted(state, move(0, A.MUTATE, zcard(config, "Fast"), 0))
    assert state.area[1].zombies[0].mutations == (zcard(config, "Claws"), zcard(config, "Fast"))


def test_draw_illegal() -> None:
    """ "The Zombie Player is limited to 8 cards in their hand." (`draw` is not legal at 8,
    ruling 8) and "they may draw a card instead of playing a Zombie" - not as well."""
    config = Config()
    state = sneak(propose_all(start(), 1), [1, 1, 1], ["Runner", "Runner", "Runner"])
    state = apply(state, move(0, A.EVENT, zcard(config, "Fresh Meat")))
    brute = zcard(config, "Brute")
    state = apply(apply(state, chance(A.ZCARD, brute)), chance(A.ZCARD, brute))
    assert state.phase is Phase.ZOMBIES and len(state.zombie_hand) == 8
    refused(state, move(0, A.DRAW), "you cannot draw: your hand is at its limit of 8")
    played = apply(travel(start(), 1), move(0, A.PLAY, zcard(config, "Brute")))
    refused(played, move(0, A.DRAW), "instead of playing a Zombie, and you played one this step")
    zombies = travel(start(), 1)
    refused(zombies, Move(0, A.DRAW, (1,)), "'draw' takes 0 arguments")
    refused(zombies, move(1, A.DRAW), r"the Zombie Player \(seat 0\) is checking for Zombies!")
    refused(at_location(), move(0, A.DRAW), "only living Survivors act")
    refused(sheltering(), move(0, A.DRAW), "discard 6 more")


def test_draw_legal() -> None:
    """ "If the Zombie Player so desires, they may draw a card instead of playing a Zombie.\""""
    state = accepted(travel(start(), 1), move(0, A.DRAW))
    assert state.phase is Phase.ZOMBIE_DRAW and step_as(state, ZombieDraws).left == 1


def test_done_illegal() -> None:
    """Ruling 10: "In the Zombies! step the Zombie Player must play a zombie or draw (`done`
    is legal only after a zombie was played)"."""
    state = travel(start(), 1)
    refused(
        state,
        move(0, A.DONE),
        "play a Zombie or draw a card instead \\('hide C', 'play C' or 'draw'\\)",
    )
    refused(state, Move(0, A.DONE, (0,)), "'done' takes 0 arguments")
    refused(state, move(1, A.DONE), r"the Zombie Player \(seat 0\) is checking")
    refused(at_location(), move(0, A.DONE), "only living Survivors act")
    refused(sheltering(), move(0, A.DONE), "discard 6 more")


def test_done_legal() -> None:
    """ "Once Zombies have been played, play moves into Combat." (and with
    Config.zombie_may_pass, `done` without either: ruling 10)"""
    state = apply(travel(start(), 1), move(0, A.HIDE, zcard(Config(), "Claws")))
    assert accepted(state, move(0, A.DONE)).phase is Phase.COMMIT
    passing = accepted(travel(start(Config(zombie_may_pass=True)), 1), move(0, A.DONE))
    assert passing.phase is Phase.LOOT_DRAW


def test_discard_illegal() -> None:
    """ "the Zombie Player must discard 6 cards from the game ... from their deck or their
    hand" (ruling 24: `discard` from the hand)."""
    state = sheltering()
    config = state.config
    refused(state, move(0, A.DISCARD, zcard(config, "Lurker")), "that card is not in your hand")
    refused(state, move(0, A.DISCARD, 99), "that card is not in your hand")
    refused(state, Move(0, A.DISCARD, ()), "'discard' takes 1 argument")
    refused(
        state,
        move(1, A.DISCARD, zcard(config, "Brute")),
        r"the Zombie Player \(seat 0\) is discarding",
    )
    refused(state, move(1, A.FEED, item(config, "Canned Food")), "is discarding")
    refused(at_location(), move(0, A.DISCARD, zcard(config, "Brute")), "only living Survivors act")
    zombies = travel(start(), 1)
    refused(
        zombies,
        move(0, A.DISCARD, zcard(config, "Brute")),
        "Zombies!: 'event C', 'play C', 'hide C'",
    )


def test_discard_legal() -> None:
    """ "The Zombie Player may discard cards from their deck or their hand.\""""
    state = sheltering()
    brute = zcard(state.config, "Brute")
    state = accepted(state, move(0, A.DISCARD, brute))
    assert brute not in state.zombie_hand and state.zombie_hidden[brute] == 1
    assert state.step == ShelterDiscards(5)


def test_burn_illegal() -> None:
    """ "The Zombie Player may discard cards from their deck" (ruling 24: `burn` from the top
    of the deck, unseen) - not from an empty deck."""
    state = sheltering(small_zombie_deck())
    assert zombie_deck_size(state) == 1 and state.step == ShelterDiscards(6)
    state = apply(state, move(0, A.BURN))
    assert state.phase is Phase.SHELTER and zombie_deck_size(state) == 0
    refused(state, move(0, A.BURN), "the Zombie deck is empty")
    refused(state, Move(0, A.BURN, (1,)), "'burn' takes 0 arguments")
    refused(state, move(2, A.BURN), r"the Zombie Player \(seat 0\) is discarding")
    refused(at_location(), move(0, A.BURN), "only living Survivors act")


def test_burn_legal() -> None:
    """ "The Zombie Player may discard cards from their deck or their hand.\""""
    state = sheltering()
    before = zombie_deck_size(state)
    state = accepted(state, move(0, A.BURN))
    assert zombie_deck_size(state) == before - 1 and state.step == ShelterDiscards(5)


def test_zombies_step_refuses_non_card_moves_with_the_menu() -> None:
    """ "The Zombie player may only play a Zombie during the Zombie! step". A move of another
    kind there (burn, bite, leave) should be told the Zombies! moves, not "that card is not
    in your hand" (it names no card)."""
    state = travel(start(), 1)
    for mv in (move(0, A.BURN), move(0, A.BITE, 1), move(0, A.LEAVE), move(0, A.READY)):
        refused(
            state, mv, "Zombies!: 'event C', 'play C', 'hide C', 'mutate C Z', 'draw' or 'done'"
        )


# ============================================================ the end


@pytest.mark.parametrize("action", list(Action), ids=lambda a: a.value)
def test_no_move_of_any_kind_after_the_game_is_over(action: Action) -> None:
    """ "The Zombie Player wins once all Survivors are dead." (ruling 25: the game ends
    there; no move of any kind follows)"""
    state = game_over()
    for seat in (CHANCE, 0, 1):
        for args in ((), (1,), (1, 0)):
            refused(state, Move(seat, action, args), "the game is over; no move is legal")


def test_every_move_kind_is_tested_here() -> None:
    """Every Action has illegal and legal tests in this module (by name)."""
    names = {n for n in globals() if n.startswith("test_")}
    for action in Action:
        stem = action.value.replace("-", "_")
        assert f"test_{stem}_legal" in names, action
        assert any(n.startswith(f"test_{stem}_illegal") for n in names), action
    assert legal_for(start(), 1)  # the helpers agree on a live state
