"""Quarantine Z rules fidelity (issue 9): each test quotes the rulebook sentence or the
ruling of docs/rulings/quarantine_z.md it checks.

States are built by explicit chance moves (see qz_helpers), so every test chooses its
cards and dice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.quarantine_z.qz_helpers import (
    building,
    chance,
    item,
    legal_for,
    loot,
    move,
    start,
    travel,
    zcard,
)
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.validation import expect_well_formed
from zombie_rules.quarantine_z import (
    Action,
    Commit,
    Config,
    Move,
    Phase,
    ShelterDiscards,
    State,
    Turn,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from zombie_rules.quarantine_z._base import armor_error
from zombie_rules.quarantine_z.combat import escape_bonus, escape_value
from zombie_rules.quarantine_z.knowledge import item_of
from zombie_rules.quarantine_z.state import Target, survivor_target, zombie_target
from zombie_rules.serialize import to_json

A = Action
GUN_SHOP = 1
GUN_SHOP_LOOT = ("Bullets", "Shells", "Rifle")  # the Gun Shop: 0 Supply, 3 Munition
FOOD = ("Canned Food", "Canned Food", "Bottled Water", "Bottled Water")


def hand(state: State, seat: int) -> list[str]:
    return sorted(state.config.items[item_of(c)].name for c in state.survivors[seat].hand)


def refused(state: State, mv: Move, pattern: str) -> None:
    """``apply`` refuses ``mv`` with a message matching ``pattern``; nothing changes."""
    before = to_json(state)
    assert mv not in legal_moves(state), f"{mv} is listed as legal"
    with pytest.raises(IllegalMove, match=pattern):
        apply(state, mv)
    assert to_json(state) == before


def arrive(
    state: State, where: int, names: Sequence[str], events: Sequence[tuple[str, int]] = ()
) -> State:
    """Travel to ``where`` quietly; the Zombie Player plays ``events`` (card, bitten seat),
    then draws instead of playing a zombie; the loot ``names`` are drawn."""
    state = travel(state, where)
    for card, seat in events:
        state = apply(state, move(0, A.EVENT, zcard(state.config, card), seat))
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))
    state = loot(state, names)
    assert state.phase is Phase.LOCATION, state.phase
    return state


def resolve(
    state: State, commits: dict[int, Commit], targets: dict[int, Target], rolls: Sequence[int]
) -> State:
    """One combat round up to the Zombies' step: commitments, declarations, the dice."""
    for s, c in commits.items():
        state = apply(state, move(s, A.COMMIT, int(c)))
    for s in commits:
        t = targets.get(s)
        if t is None:
            state = apply(state, move(s, A.READY))
        elif t.survivor:
            state = apply(state, move(s, A.TARGET_SURVIVOR, t.which))
        else:
            state = apply(state, move(s, A.TARGET_ZOMBIE, t.which))
    for r in rolls:
        assert state.phase is Phase.RESOLVE, state.phase
        state = apply(state, chance(A.ROLL, r))
    return state


# -------------------------------------------------------------- 1. Armor travels


def vest_worn_down() -> State:
    """Survivor 2 wears a Kevlar Vest (Armor 2); a Lurker's bite takes one point; then the
    Gun Shop is looted."""
    hands = {1: FOOD, 2: ("Kevlar Vest", *FOOD[:3]), 3: FOOD}
    state = start(hands=hands, zombie_hand=("Lurker", "Runner", "Runner", "Runner"))
    vest = item(state.config, "Kevlar Vest")
    state = apply(state, move(2, A.EQUIP, vest))
    state = arrive(state, GUN_SHOP, GUN_SHOP_LOOT, [("Lurker", 2)])
    me = state.survivors[2]
    assert me.life == 3 and me.armor == 1 and me.wear == (vest,)
    return state


def test_a_snatched_vest_keeps_its_damage() -> None:
    """ "it is perfectly legal to steal their ... Equipment" - and the Armor points travel
    with the card (ruling 30): a vest at 1 point is still at 1 after it has been
    snatched and snatched back, never repaired."""
    state = vest_worn_down()
    vest = item(state.config, "Kevlar Vest")
    state = apply(state, move(3, A.SNATCH, 2, vest))
    assert state.survivors[3].armor == 1 and state.survivors[3].wear == (vest,)
    assert state.survivors[2].armor == 0 and state.survivors[2].wear == ()
    state = apply(state, move(2, A.SNATCH, 3, vest))
    assert state.survivors[2].armor == 1 and state.survivors[2].wear == (vest,)
    assert state.survivors[3].armor == 0 and vest not in state.survivors[3].equipment
    for sv in state.survivors:
        assert armor_error(state.config, sv) is None


def test_a_worn_down_card_is_discarded_and_each_card_keeps_its_own_points() -> None:
    """Ruling 23: "Armor points absorb damage first; at 0, armor items are discarded" -
    card by card (ruling 30): the card with the fewest points left takes the damage,
    and a card with none left is discarded while the others stay."""
    hands = {1: FOOD, 2: ("Kevlar Vest", "Motorcycle Helmet", *FOOD[:2]), 3: FOOD}
    state = start(hands=hands, zombie_hand=("Lurker", "Lurker", "Runner", "Runner"))
    config = state.config
    vest, helmet = item(config, "Kevlar Vest"), item(config, "Motorcycle Helmet")
    state = apply(apply(state, move(2, A.EQUIP, vest)), move(2, A.EQUIP, helmet))
    assert state.survivors[2].armor == 3
    state = travel(state, GUN_SHOP)
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    me = state.survivors[2]
    # The Helmet (1 point left) takes the point and is worn out; the Vest is whole.
    assert me.life == 3 and me.armor == 2 and me.equipment == (vest,) and me.wear == ()
    assert state.used[helmet] == 1
    state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    me = state.survivors[2]
    assert me.life == 3 and me.armor == 1 and me.wear == (vest,)


def test_armor_records_stay_consistent_in_random_games() -> None:
    """Ruling 30: a Survivor's Armor is always the points its worn cards have left
    (their Armor less the damage tokens on them)."""
    rng = random.Random(9)
    for players in (3, 4, 5):
        state = new_game(Config(players=players))
        for _ in range(3000):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
            for sv in state.survivors:
                assert armor_error(state.config, sv) is None, (sv, armor_error(state.config, sv))


# ------------------------------------------------------- 2. The Escape bonus


def test_a_survivor_killed_earlier_in_the_resolve_step_counts_for_the_escape_bonus() -> None:
    """ "Any Survivor trying to escape receives a +1 bonus to their roll for each other
    Survivor at that location not also trying to escape — including Survivors who have
    already been killed during this combat." Survivor 2 (Life 1) is killed by Survivor
    1's Fight before Survivor 3 rolls to escape: it counts (ruling 31)."""
    zombies = ("Lurker", "Lurker", "Runner", "Swarm")
    state = start(hands={1: FOOD, 2: FOOD, 3: FOOD}, zombie_hand=zombies)
    config = state.config
    state = travel(state, GUN_SHOP)
    for _ in range(2):
        state = apply(state, move(0, A.EVENT, zcard(config, "Lurker"), 2))
    state = apply(state, move(0, A.PLAY, zcard(config, "Runner")))
    state = apply(state, move(0, A.DONE))
    assert state.survivors[2].life == 1
    commits = {1: Commit.FIGHT, 2: Commit.ESCAPE, 3: Commit.ESCAPE}
    state = resolve(state, commits, {1: survivor_target(2)}, [6, 1])  # 1 kills 2; 2 fails to escape
    assert state.phase is Phase.RESOLVE and state.step == Turn(3)
    assert state.survivors[2].life == 0  # dead, its cards dropped at the end of the step
    # Seat 1 fights (+1) and seat 2 has been killed (+1); the Escape Value is 2 + 3.
    assert escape_value(state, 3) == 5 and escape_bonus(state, 3) == 2
    state = apply(state, chance(A.ROLL, 3))  # 3 + 2 >= 5
    assert state.combat is not None and state.combat.escaped == 1 << 3


# --------------------------------------------------------- 3. Horde Headshots


@pytest.mark.parametrize("roll", [5, 6])
def test_a_headshot_on_the_horde_is_a_full_hit(roll: int) -> None:
    """ "Headshot: ... (In the case of the Horde, this counts as a hit ...)": a Machete's
    Fight (1 + 1 damage, a Headshot on a 6) deals the Horde its hit, 2, on the 6 as on a
    5 - never less than the same roll without the Headshot (ruling 32)."""
    hands = {1: ("Machete", *FOOD[:3]), 2: FOOD, 3: FOOD}
    state = start(hands=hands, zombie_hand=("Horde", "Swarm", "Swarm", "Swarm"))
    state = apply(state, move(1, A.EQUIP, item(state.config, "Machete")))
    state = travel(state, GUN_SHOP)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Horde")))
    state = apply(state, move(0, A.DONE))
    commits = {1: Commit.FIGHT, 2: Commit.PASS, 3: Commit.PASS}
    state = resolve(state, commits, {1: zombie_target(0)}, [roll])
    zombies = state.area[GUN_SHOP].zombies
    assert len(zombies) == 1 and zombies[0].damage == 2


def test_a_headshot_still_kills_a_zombie_that_is_not_a_horde() -> None:
    """ "Headshot: This is an instantly lethal attack. It deals no damage but instead
    instantly kills whatever it hit." (a Machete 6 on a Brute, Life 3)"""
    hands = {1: ("Machete", *FOOD[:3]), 2: FOOD, 3: FOOD}
    state = start(hands=hands, zombie_hand=("Brute", "Swarm", "Swarm", "Swarm"))
    state = apply(state, move(1, A.EQUIP, item(state.config, "Machete")))
    state = travel(state, GUN_SHOP)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Brute")))
    state = apply(state, move(0, A.DONE))
    state = resolve(
        state, {1: Commit.FIGHT, 2: Commit.PASS, 3: Commit.PASS}, {1: zombie_target(0)}, [6]
    )
    assert state.area[GUN_SHOP].zombies == ()


# ------------------------------------------------------------ 4. Shelter count


def at_school(state: State, events: Sequence[tuple[str, int]] = ()) -> State:
    """Arrive at the School (a Shelter: 2 Supply, 1 Munition) at location 1."""
    return arrive(state, 1, ("Canned Food", "Bandages", "Bullets"), events)


def school_start(zombies: Sequence[str] = ("Lurker", "Lurker", "Runner", "Runner")) -> State:
    school = building(Config(), "School")
    return start(
        hands={1: FOOD, 2: FOOD, 3: FOOD}, zombie_hand=zombies, buildings=(0, school, *range(2, 10))
    )


@pytest.mark.parametrize("fed_by", [(1, 2), (1, 3)])
def test_supply_cards_fed_before_a_death_complete_the_wait_out(fed_by: tuple[int, int]) -> None:
    """ "While at a Shelter, the Survivors may play a Supply Card for each living Survivor,
    the Zombie Player must discard 6 cards": two of three Survivors' cards are fed, then
    Survivor 3 is killed (an ambush). Two cards for the two living Survivors complete the
    wait-out, whoever fed them - the dead one's card too (ruling 33)."""
    state = at_school(school_start(), [("Lurker", 3), ("Lurker", 3)])
    food = item(state.config, "Canned Food")
    assert state.survivors[3].life == 1
    for seat in fed_by:
        state = apply(state, move(seat, A.FEED, food))
    assert state.phase is Phase.LOCATION and state.fed == 2
    state = apply(state, move(1, A.AMBUSH, 3, 0))
    state = apply(state, chance(A.ROLL, 6))  # 1 damage: Survivor 3 dies
    assert state.survivors[3].life == 0 and state.phase is Phase.COMMIT
    state = resolve(state, {1: Commit.PASS, 2: Commit.PASS}, {}, [])
    # Nobody attacked: the combat ends, and the Shelter's wait-out completes.
    assert state.phase is Phase.SHELTER and state.step == ShelterDiscards(6)
    assert to_act(state) == {0}
    assert state.fed == 0


def test_a_wait_out_completed_by_a_death_also_when_everyone_left_is_ready() -> None:
    """Ruling 33: the wait-out completes after a death even when the living
    Survivors have all said 'leave'; after the discards they go On the Move."""
    state = at_school(school_start(), [("Lurker", 3), ("Lurker", 3)])
    food = item(state.config, "Canned Food")
    state = apply(state, move(2, A.FEED, food))
    state = apply(state, move(3, A.FEED, food))
    state = apply(state, move(2, A.LEAVE))
    state = apply(state, move(1, A.AMBUSH, 3, 0))
    state = apply(state, chance(A.ROLL, 6))
    state = resolve(state, {1: Commit.PASS, 2: Commit.PASS}, {}, [])
    assert state.phase is Phase.SHELTER
    state = apply(state, move(0, A.DISCARD, state.zombie_hand[0]))
    for _ in range(5):
        state = apply(state, move(0, A.BURN))
    assert state.phase is Phase.LOCATION and to_act(state) == {1}
    state = apply(state, move(1, A.LEAVE))
    assert state.phase is Phase.DECIDE


# ------------------------------------------------- 5. Free actions On the Move


def test_on_the_move_survivors_trade_steal_and_ambush_before_and_after_proposing() -> None:
    """ "While not in combat, Survivors can: use and equip items, trade items with each
    other (or steal them), and ambush other Survivors" - On the Move too, before and
    after proposing, not only in a disagreement (ruling 34)."""
    hands = {1: ("Pistol", "Bullets", "Canned Food", "Bandages"), 2: ("Baseball Bat", *FOOD[:3]),
             3: FOOD}  # fmt: skip
    state = start(hands=hands)
    config = state.config
    food, bat = item(config, "Canned Food"), item(config, "Baseball Bat")
    state = apply(state, move(2, A.EQUIP, bat))
    kinds = {A.GIVE, A.STEAL, A.SNATCH, A.AMBUSH}
    assert kinds <= {m.action for m in legal_for(state, 1)}  # before proposing
    state = apply(state, move(1, A.PROPOSE, 4))
    assert kinds <= {m.action for m in legal_for(state, 1)}  # after proposing
    state = apply(state, move(1, A.GIVE, 3, food))
    assert hand(state, 3).count("Canned Food") == 3 and state.phase is Phase.DECIDE
    state = apply(state, move(1, A.SNATCH, 2, bat))
    assert bat in state.survivors[1].equipment
    state = apply(state, move(2, A.STEAL, 1))
    assert state.phase is Phase.STEAL_CARD
    state = apply(state, chance(A.ITEM, item(config, "Bandages")))
    # Back in the same Decide step: proposals and free actions used are kept.
    assert state.phase is Phase.DECIDE and state.proposals[1] == 4
    assert "Bandages" in hand(state, 2) and state.actions_used[1] == 2
    state = apply(state, move(3, A.PROPOSE, 4))
    assert move(2, A.AMBUSH, 1, 0) in legal_moves(state)  # before its proposal
    state = apply(state, move(2, A.PROPOSE, 4))
    assert state.phase is Phase.SNEAK and state.here == 4


def test_the_free_action_cap_holds_on_the_move() -> None:
    """Ruling 15: at most Config.free_actions gifts, thefts and ambushes per Decide step
    (ruling 34)."""
    state = start(Config(free_actions=1), hands={1: FOOD, 2: FOOD, 3: FOOD})
    food = item(state.config, "Canned Food")
    state = apply(state, move(1, A.GIVE, 2, food))
    refused(state, move(1, A.GIVE, 3, food), "used your 1 free action of this Decide step")
    assert not {A.GIVE, A.STEAL, A.AMBUSH} & {m.action for m in legal_for(state, 1)}


# ------------------------------------------------- 6. Escaped Survivors excluded


def escaped_at_school() -> State:
    """Survivor 1 escapes the Runner at the School (Escape 2 + 3); 2 and 3 kill it; the
    School is looted and Survivor 1 is excluded from play."""
    state = travel(school_start(("Runner", "Swarm", "Swarm", "Swarm")), 1)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Runner")))
    state = apply(state, move(0, A.DONE))
    commits = {1: Commit.ESCAPE, 2: Commit.FIGHT, 3: Commit.FIGHT}
    state = resolve(state, commits, {2: zombie_target(0), 3: zombie_target(0)}, [6, 5, 5])
    state = loot(state, ("Canned Food", "Bandages", "Bullets"))
    assert state.phase is Phase.LOCATION and state.restricted == 1 << 1
    return state


def test_an_escaped_survivor_is_out_of_play_until_the_others_have_collected() -> None:
    """ "If a Survivor successfully escapes, they are excluded from play until Combat ends
    and Loot has been collected": until the others are done, Survivor 1 may not claim,
    object, ambush, steal, give, stash or feed (ruling 36), and is no one's target."""
    state = escaped_at_school()
    config = state.config
    food = item(config, "Canned Food")
    assert to_act(state) == {2, 3}
    out = "you escaped the last combat: you are out of play"
    for mv in (
        move(1, A.CLAIM_HIDDEN), move(1, A.AMBUSH, 2, 0), move(1, A.STEAL, 2),
        move(1, A.GIVE, 2, food), move(1, A.STASH, food), move(1, A.FEED, food),
        move(1, A.LEAVE),
    ):  # fmt: skip
        refused(state, mv, out)
    for mv in (move(2, A.AMBUSH, 1, 0), move(2, A.STEAL, 1), move(2, A.GIVE, 1, food)):
        refused(state, mv, "seat 1 escaped the last combat and is out of play")
    # A claim is answered by Survivor 3 only: Survivor 1 may not object.
    claim = apply(state, move(2, A.CLAIM_HIDDEN))
    assert claim.phase is Phase.CLAIM and claim.waiting == 1 << 3
    # The Shelter counts every living Survivor, the excluded one too.
    state = apply(apply(state, move(2, A.FEED, food)), move(3, A.FEED, food))
    assert state.phase is Phase.LOCATION and state.fed == 2
    state = apply(apply(state, move(2, A.LEAVE)), move(3, A.LEAVE))
    assert state.restricted == 0 and to_act(state) == {1}
    assert move(1, A.CLAIM_HIDDEN) in legal_moves(state)
    state = apply(state, move(1, A.FEED, food))  # the third card: the wait-out completes
    assert state.phase is Phase.SHELTER


def test_escapes_on_the_move_return_to_the_same_decide_step() -> None:
    """ "In the event that all Survivors escape, they immediately transition to the On the
    Move phase": from a combat On the Move (an ambush) that is the Decide step they were
    in - proposals and free actions used stand (ruling 37), so an ambush that
    everyone escapes cannot renew the free actions."""
    state = start(hands={1: FOOD, 2: FOOD, 3: FOOD})
    state = apply(state, move(2, A.PROPOSE, 5))
    state = apply(state, move(1, A.AMBUSH, 2, 0))
    state = apply(state, chance(A.ROLL, 1))  # a miss; everyone enters combat
    commits = {1: Commit.ESCAPE, 2: Commit.ESCAPE, 3: Commit.ESCAPE}
    state = resolve(state, commits, {}, [6, 6, 6])
    assert state.phase is Phase.DECIDE and state.combat is None
    assert state.proposals[2] == 5 and state.actions_used[1] == 1


# ------------------------------------------------------- 8. Hostile input


HOSTILE: tuple[object, ...] = (
    Move(1.0, A.PROPOSE, (1,)),  # type: ignore[arg-type]
    Move(True, A.PROPOSE, (1,)),  # type: ignore[arg-type]
    Move(1, "propose", (1,)),  # type: ignore[arg-type]
    Move(1, A.PROPOSE, [1]),  # type: ignore[arg-type]
    Move(1, A.PROPOSE, (True,)),
    Move(1, A.PROPOSE, (1.0,)),  # type: ignore[arg-type]
    "1: propose 1",
    None,
)


@pytest.mark.parametrize("bad", HOSTILE, ids=repr)
def test_ill_formed_moves_are_refused_before_any_rule(bad: object) -> None:
    """A move that is not a well-formed Quarantine Z Move is refused with the same words as
    ``expect_well_formed``; nothing is stored."""
    state = start()
    before = to_json(state)
    with pytest.raises(IllegalMove) as info:
        apply(state, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove) as expected:
        expect_well_formed(bad, Move)
    assert str(info.value) == str(expected.value)
    assert to_json(state) == before


@pytest.mark.parametrize(
    "bad",
    [
        Move(1, A.PROPOSE, tuple(range(100_000))),
        Move(1, A.PROPOSE, (10**5000,)),
        Move(10**5000, A.PROPOSE, (1,)),
        Move(1, A.GIVE, (-(10**40), 10**40)),
    ],
    ids=["many args", "huge arg", "huge seat", "big args"],
)
def test_huge_moves_get_short_messages(bad: Move) -> None:
    """Refusals never repeat a huge input in full (core.validation.short)."""
    with pytest.raises(IllegalMove) as info:
        apply(start(), bad)
    assert len(str(info.value)) < 300, str(info.value)


def test_refusals_count_in_good_english() -> None:
    """Messages say "1 card" and "4 cards", "1 argument" and "2 arguments"."""
    config = Config(survivor_hand=4)
    state = start(config, hands={1: FOOD, 2: FOOD, 3: FOOD})
    food = item(config, "Canned Food")
    refused(state, move(1, A.GIVE, 2, food), r"their hand is full \(4 cards\)")
    one = Config(survivor_hand=1, setup_draws=1)
    state = start(one, hands={1: FOOD[:1], 2: FOOD[:1], 3: FOOD[:1]})
    refused(state, move(1, A.GIVE, 2, food), r"their hand is full \(1 card\)$")
    refused(state, move(1, A.STEAL, 2), r"your hand is full \(1 card\)$")
    refused(state, Move(1, A.STEAL, ()), "'steal' takes 1 argument$")
    refused(state, Move(1, A.GIVE, (2,)), "'give' takes 2 arguments$")
