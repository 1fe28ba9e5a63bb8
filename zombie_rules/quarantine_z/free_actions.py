"""Free actions between Survivors: gifts, theft (a random hand card or equipment) and ambush.

"While not in combat, Survivors can: use and equip items, trade items with each
other (or steal them), and ambush other Survivors": At a Location and On the Move
alike, before and after proposing; an ambush also settles a disputed claim. Each
costs one of the seat's free actions of the visit or Decide step
(Config.free_actions). Survivors excluded from play after escaping a combat
neither make nor suffer them (:func:`~zombie_rules.quarantine_z._base.in_play`).
The location and travel modules call these checks and effects;
:mod:`~zombie_rules.quarantine_z.kit` lists exactly the moves the checks accept.
"""

from __future__ import annotations

from zombie_rules.core.seats import has_seat, mask_of, seat_bit
from zombie_rules.quarantine_z._base import (
    add,
    alive,
    args_error,
    can_shoot,
    counted,
    free_cap_left,
    has,
    new_survivor,
    set_row,
    state_with,
    use_cap,
    with_hand,
)
from zombie_rules.quarantine_z.effects import attack, hurt, spend_ammo
from zombie_rules.quarantine_z.flow import (
    back_to_decide,
    back_to_location,
    start_combat,
    zombie_draws,
)
from zombie_rules.quarantine_z.knowledge import shown_to, take_shown
from zombie_rules.quarantine_z.state import Action, Move, Phase, State
from zombie_rules.quarantine_z.steps import Ambush, Steal

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_STEAL = Action.STEAL
_AMBUSH_ROLL = Phase.AMBUSH_ROLL
_COMMIT = Phase.COMMIT
_DECIDE = Phase.DECIDE
_STEAL_CARD = Phase.STEAL_CARD

# ------------------------------------------------------------------- ambush


def check_ambush(state: State, move: Move, s: int) -> str | None:
    """'ambush SEAT fight|shoot': another living Survivor, Fight or Shoot, a free action left."""
    if args_error(move, 2):
        return args_error(move, 2)
    j, kind = move.args
    if not alive(state, j) or j == s:
        return "ambush another living Survivor"
    if has_seat(state.restricted, j):
        return excluded_target(j)
    if kind not in (0, 1):
        return "ambush with 0 (Fight) or 1 (Shoot)"
    if kind == 1 and not can_shoot(state, s):
        return "Shoot needs an equipped firearm and its ammunition in your hand"
    if not free_cap_left(state, s):
        return cap_used(state)
    return None


def cap_used(state: State) -> str:
    """The refusal of a free action beyond Config.free_actions."""
    n = state.config.free_actions
    where = "of this Decide step" if state.phase is _DECIDE else "of this visit"
    return f"you have used your {counted(n, 'free action')} {where}"


def excluded_target(j: int) -> str:
    """The refusal of a free action on a Survivor excluded from play."""
    return (
        f"seat {j} escaped the last combat and is out of play until the others have"
        " finished collecting"
    )


def ambush(state: State, s: int, victim: int, kind: int, origin: Phase) -> State:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action. This is considered a free attack, so they cannot immediately respond."."""
    state = _with_used_noise(state, use_cap(state, s), 0)
    gun: int | None = None
    if kind == 1:
        state, gun = spend_ammo(state, s)
    return _with_step(state, _AMBUSH_ROLL, Ambush(s, victim, gun, origin))


#: Positional rebuilds for ambushes and thefts (see ``_base.state_with``).
_with_used_noise = state_with("actions_used", "noise")
_with_step = state_with("phase", "step")
_with_noise_step = state_with("noise", "step")
_with_theft = state_with("phase", "step", "actions_used")


def ambush_of(state: State) -> Ambush:
    """The ambush whose die is due."""
    step = state.step
    assert isinstance(step, Ambush)
    return step


def do_ambush_roll(state: State, roll: int) -> State:
    """Chance: the ambush die; then "all Survivors enter combat"."""
    step = ambush_of(state)
    s, victim, gun = step.attacker, step.victim, step.gun
    if gun is None:
        hit, damage, headshot = attack(state, s, 0, roll, -1)
    else:
        hit, damage, headshot = attack(state, s, 1, roll, gun)
    if hit:
        state = hurt(state, victim, damage, headshot=headshot)
    noise = state.noise
    # "After the attack is resolved, then all Survivors enter combat".
    state = _with_noise_step(state, 0, None)
    state = start_combat(state, step.resume)
    if noise and state.phase is _COMMIT:
        return zombie_draws(state, noise, _COMMIT)
    return state


# ------------------------------------------------------------ gifts and theft


def check_give(state: State, move: Move, s: int) -> str | None:
    """'give S I': a hand card to another living Survivor with room in their hand."""
    if args_error(move, 2):
        return args_error(move, 2)
    j, item = move.args
    limit = state.config.survivor_hand
    if not alive(state, j) or j == s:
        return "give to another living Survivor"
    if has_seat(state.restricted, j):
        return excluded_target(j)
    if not has(state.survivors[s].hand, item):
        return "that card is not in your hand"
    if len(state.survivors[j].hand) >= limit:
        return f"their hand is full ({counted(limit, 'card')})"
    return None


def check_theft(state: State, move: Move, s: int) -> str | None:
    """'steal S' (a random hand card) or 'snatch S I' (an equipped item)."""
    config = state.config
    action = move.action
    if not config.allow_steal:
        return "stealing is off at this table (Config.allow_steal)"
    n = 1 if action is _STEAL else 2
    if args_error(move, n):
        return args_error(move, n)
    j = move.args[0]
    if not alive(state, j) or j == s:
        return "steal from another living Survivor"
    if has_seat(state.restricted, j):
        return excluded_target(j)
    me = state.survivors[s]
    limit = config.survivor_hand
    if action is _STEAL:
        if not state.survivors[j].hand:
            return "their hand is empty"
        if len(me.hand) >= limit:
            return f"your hand is full ({counted(limit, 'card')})"
        return None
    item = move.args[1]
    if item not in state.survivors[j].equipment:
        return "they have no such item equipped"
    if item in me.equipment:
        return "you already have an item of that name equipped"
    return None


def do_give(state: State, s: int, j: int, item: int) -> State:
    """The card changes hands; the receiver now knows it (the one it had seen, if any)."""
    me = state.survivors[s]
    hand, card = take_shown(me.hand, item, seat_bit(j))
    other = state.survivors[j]
    survivors = set_row(state.survivors, s, with_hand(me, hand))
    other_hand = add(other.hand, shown_to(card, seat_bit(j)))
    survivors = set_row(survivors, j, with_hand(other, other_hand))
    return _with_trade(state, survivors, use_cap(state, s))


#: Positional rebuilds for gifts and snatches (see ``_base.state_with``).
_with_trade = state_with("survivors", "actions_used")


def do_steal(state: State, s: int, j: int) -> State:
    """A random card of their hand: a chance event over the kinds they hold.

    The :class:`~.steps.Steal` keeps the step the theft interrupts (On the Move or At a
    Location).
    """
    return _with_theft(state, _STEAL_CARD, Steal(s, j, state.phase), use_cap(state, s))


def theft_of(state: State) -> Steal:
    """The theft whose card is drawn."""
    step = state.step
    assert isinstance(step, Steal)
    return step


def do_snatch(state: State, s: int, j: int, item: int) -> State:
    """The equipped item changes hands with its damage tokens (ruling 30): its Armor
    points travel with the card, so a snatch never repairs it."""
    config = state.config
    me = state.survivors[s]
    other = state.survivors[j]
    tokens = tuple(w for w in other.wear if w == item)
    points = config.items[item].armor - len(tokens)
    victim = new_survivor(
        other.life, other.hand, tuple(e for e in other.equipment if e != item),
        other.armor - points, tuple(w for w in other.wear if w != item),
    )  # fmt: skip
    thief = new_survivor(
        me.life, me.hand, tuple(sorted((*me.equipment, item))), me.armor + points,
        tuple(sorted((*me.wear, *tokens))) if tokens else me.wear,
    )  # fmt: skip
    survivors = set_row(set_row(state.survivors, j, victim), s, thief)
    return _with_trade(state, survivors, use_cap(state, s))


def do_steal_card(state: State, item: int) -> State:
    """Chance: the card taken; thief and victim both know it now."""
    step = theft_of(state)
    thief, victim = step.thief, step.victim
    other = state.survivors[victim]
    hand, card = take_shown(other.hand, item, seat_bit(thief))
    me = state.survivors[thief]
    survivors = set_row(state.survivors, victim, with_hand(other, hand))
    survivors = set_row(
        survivors, thief,
        with_hand(me, add(me.hand, shown_to(card, mask_of((thief, victim))))),
    )  # fmt: skip
    if step.resume is _DECIDE:
        return back_to_decide(state, survivors=survivors)
    return back_to_location(state, survivors=survivors)
