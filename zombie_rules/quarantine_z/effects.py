"""What happens to a Survivor's kit and body: using and equipping items, Shoot ammunition,
attack rolls, damage, Armor and death.

These effects are shared by every part of a round (a healing item On the Move or At
a Location, damage from a Bite event, an ambush or a combat), so they live apart
from the phases that trigger them.
"""

from __future__ import annotations

from zombie_rules.core.seats import has_seat, with_seat
from zombie_rules.quarantine_z._base import (
    args_error,
    best_gun,
    best_melee,
    bump,
    combat_with,
    has,
    new_location,
    new_survivor,
    set_location,
    set_survivor,
    state_with,
    with_hand,
    with_life,
)
from zombie_rules.quarantine_z.cards import Kind
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.knowledge import card_code, take_public
from zombie_rules.quarantine_z.state import (
    Action,
    Commit,
    Move,
    State,
    Survivor,
)

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_USE = Action.USE
_FIGHT = Commit.FIGHT
_EQUIPMENT = Kind.EQUIPMENT
_HEAL = Kind.HEAL

# ------------------------------------------------------------ using and equipping


def check_item_use(state: State, move: Move, s: int) -> str | None:
    """USE or EQUIP of a hand card outside combat."""
    if args_error(move, 1):
        return args_error(move, 1)
    item = move.args[0]
    me = state.survivors[s]
    if not has(me.hand, item):
        return "that card is not in your hand"
    return usable(state, s, item, move.action)


def usable(state: State, s: int, item: int, action: Action) -> str | None:
    """Why ``s`` cannot use (heal with) or equip ``item`` now, or None."""
    return _usable(state.config, state.survivors[s], item, action)


def _usable(config: Config, me: Survivor, item: int, action: Action) -> str | None:
    it = config.items[item]
    if action is _USE:
        if it.kind is not _HEAL:
            return f"{it.name} is not a non-combat item that can be used"
        if me.life >= config.survivor_life:
            return "you are at full Life; a healing item would be wasted"
        return None
    if it.kind is not _EQUIPMENT:
        return f"{it.name} is not equipment"
    if item in me.equipment:
        # "Survivors may not equip two items of the same name."
        return f"you already have a {it.name} equipped"
    return None


def use_from_hand(state: State, s: int, item: int, action: Action) -> State:
    """Play ``item`` from ``s``'s hand: heal with it or equip it."""
    me = state.survivors[s]
    hand, _ = take_public(state.config, me.hand, item)
    state = _with_survivors(state, set_survivor(state, s, with_hand(me, hand)))
    return apply_item(state, s, item, action)


def apply_item(state: State, s: int, item: int, action: Action) -> State:
    """Heal with a non-combat item, or equip: "playing them face-up in front of themselves"."""
    config = state.config
    it = config.items[item]
    me = state.survivors[s]
    if action is _USE:
        life = min(config.survivor_life, me.life + it.heal)
        me = with_life(me, life)
        return _with_hurt(state, set_survivor(state, s, me), bump(state.used, item))
    # A card from a hand or a location carries no damage tokens: it is worn at full Armor.
    equipment = tuple(sorted((*me.equipment, item)))
    me = new_survivor(me.life, me.hand, equipment, me.armor + it.armor, me.wear)
    return _with_survivors(state, set_survivor(state, s, me))


# ------------------------------------------------------------ attacks


def spend_ammo(state: State, s: int) -> tuple[State, int]:
    """A Shoot discards one ammunition card of the firearm used; returns (state, gun)."""
    config = state.config
    me = state.survivors[s]
    gun = best_gun(config, me)
    ammo = tables(config).ammo_of[gun]
    hand, _ = take_public(config, me.hand, ammo)
    silent = any(config.items[e].silent for e in me.equipment)
    state = _with_shot(
        state,
        set_survivor(state, s, with_hand(me, hand)),
        bump(state.used, ammo),
        state.noise + (0 if silent else 1),
    )
    return state, gun


def attack(state: State, s: int, kind: int, roll: int, gun: int) -> tuple[bool, int, bool]:
    """(hit, damage, headshot) of a Fight (kind 0) or a Shoot (kind 1) with ``roll``."""
    config = state.config
    if kind == _FIGHT:
        # Fight: "3 or more hits for 1 damage plus your best melee weapon's bonus; a 6
        # with a Headshot weapon is a Headshot."
        bonus, head = best_melee(config, state.survivors[s])
        hit = roll >= config.fight_hit
        return hit, 1 + bonus, hit and head and roll == 6
    it = config.items[gun]
    hit = roll >= it.gun_hit
    return hit, it.gun_damage, hit and bool(it.gun_headshot) and roll >= it.gun_headshot


# ------------------------------------------------------------ damage and death


def absorb(config: Config, me: Survivor, damage: int) -> tuple[Survivor, tuple[int, ...]]:
    """``me`` after taking ``damage`` (not a Headshot), and the armor cards it wore out.

    Worn armor absorbs first, one point per damage token laid on a card: the card
    with the fewest points left takes each token (ties: the lowest item id), so a
    damaged card is used up before a fresh one is scratched; a card with no points
    left is discarded (ruling 30). Life takes what the armor cannot absorb.
    """
    absorbed = min(me.armor, damage)
    life = max(0, me.life - (damage - absorbed))
    if not absorbed:
        return with_life(me, life), ()
    items = config.items
    wear = list(me.wear)
    for _ in range(absorbed):
        card, fewest = -1, 0
        for e in me.equipment:
            left = items[e].armor - wear.count(e)
            if left > 0 and (card < 0 or left < fewest):
                card, fewest = e, left
        wear.append(card)
    worn_out = tuple(e for e in me.equipment if items[e].armor and wear.count(e) >= items[e].armor)
    if worn_out:
        equipment = tuple(e for e in me.equipment if e not in worn_out)
        wear = [w for w in wear if w not in worn_out]
    else:
        equipment = me.equipment
    return new_survivor(
        life, me.hand, equipment, me.armor - absorbed, tuple(sorted(wear))
    ), worn_out


def hurt(state: State, s: int, damage: int, *, headshot: bool) -> State:
    """Damage a Survivor: Armor absorbs first; a Headshot "doesn't damage Armor, but does
    still kill them"; a dead Survivor drops everything at the location."""
    me = state.survivors[s]
    if me.life <= 0:
        return state
    worn_out: tuple[int, ...] = ()
    if headshot:
        me = with_life(me, 0)
    else:
        me, worn_out = absorb(state.config, me, damage)
    used = state.used
    for e in worn_out:
        used = bump(used, e)
    state = _with_hurt(state, set_survivor(state, s, me), used)
    if me.life > 0:
        return state
    return drop(state, s)


def hurt_later(state: State, s: int, damage: int, headshot: bool) -> State:
    """Damage to a Survivor in the Resolve step; their death waits for the end of the step."""
    me = state.survivors[s]
    if headshot:
        me = with_life(me, 0)
        return _with_survivors(state, set_survivor(state, s, me))
    me, worn_out = absorb(state.config, me, damage)
    used = state.used
    for e in worn_out:
        used = bump(used, e)
    return _with_hurt(state, set_survivor(state, s, me), used)


def drop(state: State, s: int) -> State:
    """ "any Supplies or Munitions in their hand are laid face-down at the current Location.
    Any equipment they had equipped is laid face-up at the current Location."."""
    me = state.survivors[s]
    everyone = tables(state.config).everyone
    combat = state.combat
    if combat is not None and has_seat(combat.members, s):
        state = _with_combat(state, _with_died(combat, with_seat(combat.died, s)))
    dead = new_survivor(0, (), (), 0, ())
    if state.here < 0:
        # Killed On the Move before any arrival: no location to lay the cards at, so they
        # leave the game as they lay, the hand face down and the equipment face up (ruling 26).
        used = state.used
        for e in me.equipment:
            used = bump(used, e)
        lost = tuple(sorted((*state.lost, *me.hand)))
        return _with_lost(state, set_survivor(state, s, dead), used, lost)
    here = state.area[state.here]
    cards = tuple(sorted((*here.cards, *me.hand, *(card_code(e, everyone) for e in me.equipment))))
    location = new_location(here.building, here.looted, cards, here.zombies)
    return _with_laid(
        state, set_survivor(state, s, dead), set_location(state, state.here, location)
    )


#: Positional rebuilds for the blows and deaths of every combat (see ``_base.state_with``).
_with_hurt = state_with("survivors", "used")
_with_survivors = state_with("survivors")
_with_combat = state_with("combat")
_with_laid = state_with("survivors", "area")
_with_died = combat_with("died")
_with_shot = state_with("survivors", "used", "noise")
_with_lost = state_with("survivors", "used", "lost")
