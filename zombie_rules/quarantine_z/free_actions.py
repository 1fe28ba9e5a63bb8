"""Free actions between Survivors: gifts, theft (a random hand card or equipment) and ambush.

Gifts and theft happen At a Location; an ambush also settles a disagreement On the
Move or a disputed claim. Each costs one of the seat's free actions of the visit
(Config.free_actions). The location and travel modules call these checks and
effects; the legal-move generators here list exactly what the checks accept.
"""

from __future__ import annotations

import functools

from zombie_rules.quarantine_z._base import (
    add,
    alive,
    args_error,
    can_shoot,
    free_cap_left,
    hand_items,
    has,
    living,
    replace,
    set_row,
    take,
    use_cap,
)
from zombie_rules.quarantine_z.effects import attack, hurt, spend_ammo
from zombie_rules.quarantine_z.flow import back_to_location, start_combat, zombie_draws
from zombie_rules.quarantine_z.state import Action, Move, Phase, State, Survivor

# ------------------------------------------------------------------- ambush


def check_ambush(state: State, move: Move, s: int) -> str | None:
    """'ambush SEAT fight|shoot': another living Survivor, Fight or Shoot, a free action left."""
    if args_error(move, 2):
        return args_error(move, 2)
    j, kind = move.args
    if not alive(state, j) or j == s:
        return "ambush another living Survivor"
    if kind not in (0, 1):
        return "ambush with 0 (Fight) or 1 (Shoot)"
    if kind == 1 and not can_shoot(state, s):
        return "Shoot needs an equipped firearm and its ammunition in your hand"
    if not free_cap_left(state, s):
        return f"you have used your {state.config.free_actions} free actions of this visit"
    return None


def ambush_moves(state: State, s: int) -> tuple[Move, ...]:
    """The ambushes ``check_ambush`` accepts from ``s``: per victim, Fight then Shoot."""
    if not free_cap_left(state, s):
        return ()
    return _ambush_moves(s, living(state), can_shoot(state, s))


@functools.lru_cache(maxsize=1024)
def _ambush_moves(s: int, victims: tuple[int, ...], shoot: bool) -> tuple[Move, ...]:
    moves = []
    for j in victims:
        if j != s:
            moves.append(Move(s, Action.AMBUSH, (j, 0)))
            if shoot:
                moves.append(Move(s, Action.AMBUSH, (j, 1)))
    return tuple(moves)


def ambush(state: State, s: int, victim: int, kind: int, origin: Phase) -> State:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action. This is considered a free attack, so they cannot immediately respond."."""
    state = replace(state, actions_used=use_cap(state, s), noise=0)
    gun = -1
    if kind == 1:
        state, gun = spend_ammo(state, s)
    return replace(state, phase=Phase.AMBUSH_ROLL, turn=s, pick=victim, count=gun, resume=origin)


def do_ambush_roll(state: State, roll: int) -> State:
    """Chance: the ambush die; then "all Survivors enter combat"."""
    s, victim, gun = state.turn, state.pick, state.count
    hit, damage, headshot = attack(state, s, 1 if gun >= 0 else 0, roll, gun)
    if hit:
        state = hurt(state, victim, damage, headshot=headshot)
    noise = state.noise
    # "After the attack is resolved, then all Survivors enter combat".
    state = replace(state, noise=0, count=0, pick=0, turn=-1)
    state = start_combat(state, state.resume)
    if noise and state.phase is Phase.COMMIT:
        return zombie_draws(state, noise, Phase.COMMIT)
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
    if not has(state.survivors[s].hand, item):
        return "that card is not in your hand"
    if len(state.survivors[j].hand) >= limit:
        return f"their hand is full ({limit} cards)"
    return None


def check_theft(state: State, move: Move, s: int) -> str | None:
    """'steal S' (a random hand card) or 'snatch S I' (an equipped item)."""
    config = state.config
    action = move.action
    if not config.allow_steal:
        return "stealing is off at this table (Config.allow_steal)"
    n = 1 if action is Action.STEAL else 2
    if args_error(move, n):
        return args_error(move, n)
    j = move.args[0]
    if not alive(state, j) or j == s:
        return "steal from another living Survivor"
    me = state.survivors[s]
    limit = config.survivor_hand
    if action is Action.STEAL:
        if not state.survivors[j].hand:
            return "their hand is empty"
        if len(me.hand) >= limit:
            return f"your hand is full ({limit} cards)"
        return None
    item = move.args[1]
    if item not in state.survivors[j].equipment:
        return "they have no such item equipped"
    if item in me.equipment:
        return "you already have an item of that name equipped"
    return None


def gift_and_theft_moves(state: State, s: int) -> list[Move]:
    """The gifts, then per victim the theft, that ``s`` may make (a free action left)."""
    config = state.config
    survivors = state.survivors
    me = survivors[s]
    limit = config.survivor_hand
    others = [j for j in living(state) if j != s]
    moves = []
    held = tuple(dict.fromkeys(hand_items(me)))
    for j in others:
        if len(survivors[j].hand) < limit:
            moves += [Move(s, Action.GIVE, (j, item)) for item in held]
    if config.allow_steal:
        room = len(me.hand) < limit
        for j in others:
            other = survivors[j]
            if other.hand and room:
                moves.append(Move(s, Action.STEAL, (j,)))
            for item in other.equipment:
                if item not in me.equipment:
                    moves.append(Move(s, Action.SNATCH, (j, item)))
    return moves


def do_give(state: State, s: int, j: int, item: int) -> State:
    """The card changes hands; the receiver now knows it."""
    me = state.survivors[s]
    hand, card = take(me.hand, item)
    other = state.survivors[j]
    survivors = set_row(state.survivors, s, Survivor(me.life, hand, me.equipment, me.armor))
    other_hand = add(other.hand, card | 1 << j)
    survivors = set_row(
        survivors, j, Survivor(other.life, other_hand, other.equipment, other.armor)
    )
    return replace(state, survivors=survivors, actions_used=use_cap(state, s))


def do_steal(state: State, s: int, j: int) -> State:
    """A random card of their hand: a chance event over the kinds they hold."""
    return replace(state, phase=Phase.STEAL_CARD, turn=s, pick=j, actions_used=use_cap(state, s))


def do_snatch(state: State, s: int, j: int, item: int) -> State:
    """The equipped item moves with its Armor; the victim keeps what Armor their rest gives."""
    config = state.config
    me = state.survivors[s]
    other = state.survivors[j]
    equipment = tuple(e for e in other.equipment if e != item)
    armor_left = sum(config.items[e].armor for e in equipment)
    victim = Survivor(other.life, other.hand, equipment, min(other.armor, armor_left))
    thief = Survivor(
        me.life, me.hand, tuple(sorted((*me.equipment, item))),
        me.armor + config.items[item].armor,
    )  # fmt: skip
    survivors = set_row(set_row(state.survivors, j, victim), s, thief)
    return replace(state, survivors=survivors, actions_used=use_cap(state, s))


def do_steal_card(state: State, item: int) -> State:
    """Chance: the card taken; thief and victim both know it now."""
    thief, victim = state.turn, state.pick
    other = state.survivors[victim]
    hand, card = take(other.hand, item)
    me = state.survivors[thief]
    survivors = set_row(
        state.survivors, victim, Survivor(other.life, hand, other.equipment, other.armor)
    )
    survivors = set_row(
        survivors, thief,
        Survivor(me.life, add(me.hand, card | 1 << thief | 1 << victim), me.equipment, me.armor),
    )  # fmt: skip
    return back_to_location(replace(state, survivors=survivors))
