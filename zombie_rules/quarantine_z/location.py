"""At a Location: every living Survivor's free actions until all are ready to leave.

Survivors act in any order here (use, equip, give, steal, snatch, ambush, claim,
stash, feed a Shelter, leave), so every seat that is not yet ready has moves at
once. Claims are :mod:`~zombie_rules.quarantine_z.claims`, gifts, theft and ambush
:mod:`~zombie_rules.quarantine_z.free_actions`; this module checks and dispatches
them, and owns stashing, leaving and the Shelter ("the Survivors may play a Supply
Card for each living Survivor" and the Zombie Player discards).
"""

from __future__ import annotations

import functools

from zombie_rules.core.seats import has_seat, with_seat
from zombie_rules.quarantine_z._base import (
    add,
    alive,
    args_error,
    bump,
    counted,
    free_cap_left,
    has,
    in_play,
    move_row,
    new_location,
    set_location,
    set_survivor,
    state_with,
    take,
    use_cap,
    with_hand,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.cards import Deck, Kind
from zombie_rules.quarantine_z.claims import start_claim
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.effects import check_item_use, usable, use_from_hand
from zombie_rules.quarantine_z.flow import lift_restriction, wait_out
from zombie_rules.quarantine_z.free_actions import (
    ambush,
    cap_used,
    check_ambush,
    check_give,
    check_theft,
    do_give,
    do_snatch,
    do_steal,
)
from zombie_rules.quarantine_z.kit import add_kit_moves, kit, with_room
from zombie_rules.quarantine_z.knowledge import (
    any_unseen,
    distinct_items,
    has_seen_item,
    take_public,
)
from zombie_rules.quarantine_z.state import (
    Action,
    Move,
    Phase,
    State,
)
from zombie_rules.quarantine_z.steps import ShelterDiscards, discards

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_AMBUSH = Action.AMBUSH
_BURN = Action.BURN
_CLAIM = Action.CLAIM
_CLAIM_HIDDEN = Action.CLAIM_HIDDEN
_CLAIM_USE = Action.CLAIM_USE
_DISCARD = Action.DISCARD
_EQUIP = Action.EQUIP
_FEED = Action.FEED
_GIVE = Action.GIVE
_LEAVE = Action.LEAVE
_SNATCH = Action.SNATCH
_STASH = Action.STASH
_STEAL = Action.STEAL
_USE = Action.USE
_SUPPLY = Deck.SUPPLY
_EQUIPMENT = Kind.EQUIPMENT
_HEAL = Kind.HEAL
_LOCATION = Phase.LOCATION

#: The free actions that count against Config.free_actions (use, equip and feed do not).
_CAPPED = frozenset(
    {
        _GIVE, _STEAL, _SNATCH, _CLAIM, _CLAIM_USE,
        _CLAIM_HIDDEN, _STASH,
    }
)  # fmt: skip


def check_location(state: State, move: Move) -> str | None:
    """What is wrong with a free action At a Location, or None when it is legal."""
    s = move.seat
    if not alive(state, s):
        return "only living Survivors act at a location"
    if has_seat(state.passed, s):
        return "you are ready to leave; wait for the others"
    if has_seat(state.restricted, s):
        # "If a Survivor successfully escapes, they are excluded from play until Combat
        # ends and Loot has been collected" (ruling 36).
        return (
            "you escaped the last combat: you are out of play until the others have"
            " finished collecting"
        )
    config = state.config
    action = move.action
    me = state.survivors[s]
    limit = config.survivor_hand
    if action is _LEAVE:
        return args_error(move, 0)
    if action is _USE or action is _EQUIP:
        return check_item_use(state, move, s)
    if action is _AMBUSH:
        return check_ambush(state, move, s)
    if action in _CAPPED and not free_cap_left(state, s):
        return cap_used(state)
    if action is _GIVE:
        return check_give(state, move, s)
    if action is _STEAL or action is _SNATCH:
        return check_theft(state, move, s)
    here_cards = state.area[state.here].cards
    if action in (_CLAIM, _CLAIM_USE, _CLAIM_HIDDEN):
        if action is _CLAIM_HIDDEN:
            if args_error(move, 0):
                return args_error(move, 0)
            if not any_unseen(here_cards, s):
                return "no card lies here that you have not seen"
            if len(me.hand) >= limit:
                return f"your hand is full ({counted(limit, 'card')})"
            return None
        if args_error(move, 1):
            return args_error(move, 1)
        item = move.args[0]
        if not has_seen_item(here_cards, item, s):
            return "no card of that name that you have seen lies here"
        if action is _CLAIM:
            if len(me.hand) >= limit:
                return f"your hand is full ({counted(limit, 'card')})"
            return None
        it = config.items[item]
        return usable(state, s, item, _USE if it.kind is _HEAL else _EQUIP)
    if action is _STASH:
        if args_error(move, 1):
            return args_error(move, 1)
        if not has(me.hand, move.args[0]):
            return "that card is not in your hand"
        return None
    if action is _FEED:
        if args_error(move, 1):
            return args_error(move, 1)
        if not config.buildings[state.area[state.here].building].shelter:
            return "this location is not a Shelter"
        item = move.args[0]
        if not has(me.hand, item):
            return "that card is not in your hand"
        if config.items[item].deck is not _SUPPLY:
            return "a Shelter takes Supply cards"
        return None
    return (
        "at a location: use, equip, give, steal, snatch, ambush, claim, claim-use,"
        " claim-hidden, stash, feed or leave"
    )


def legal_location(state: State) -> tuple[Move, ...]:
    """What ``check_location`` accepts, seat by seat, in the notation's order of actions.

    The items, gifts, thefts and ambushes come out of the config's :class:`~.kit.Kit`
    (see :mod:`~zombie_rules.quarantine_z.kit`); who has room for a gift is read
    once for every seat.
    """
    config = state.config
    table = kit(config)
    here = state.area[state.here]
    shelter = config.buildings[here.building].shelter
    survivors = state.survivors
    moves: list[Move] = []
    players = in_play(state)
    rooms = with_room(table, survivors, players)
    passed = state.passed
    for s in players:
        if passed and has_seat(passed, s):  # nobody waiting (mask 0): no call per seat
            continue
        capped = free_cap_left(state, s)
        held = add_kit_moves(moves, table, config, survivors, s, players, rooms, capped)
        me = survivors[s]
        if capped:
            if here.cards:
                room = len(me.hand) < config.survivor_hand
                hurt = me.life < config.survivor_life
                moves += _claim_moves(config, s, room, hurt, me.equipment, here.cards)
            if held:
                moves += _stash_moves(s, held, len(config.items))
        if shelter:
            moves += _feed_moves(config, s, held)
        moves.append(_leave(s))
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def _leave(s: int) -> Move:
    return Move(s, _LEAVE)


@functools.lru_cache(maxsize=4096)
def _claim_moves(
    config: Config,
    s: int,
    room: bool,
    hurt: bool,
    equipment: tuple[int, ...],
    cards: tuple[int, ...],
) -> tuple[Move, ...]:
    """'claim I' / 'claim-use I' for the cards here ``s`` has seen, then 'claim-hidden'.

    Cached by what they depend on (room in hand, hurt, the equipment, the cards
    here) rather than by the whole Survivor record, which repeats too seldom.
    """
    n = len(config.items)
    claim, claim_use = move_row(s, _CLAIM, (), n), move_row(s, _CLAIM_USE, (), n)
    moves = []
    for item in distinct_items(cards):
        if has_seen_item(cards, item, s):
            if room:
                moves.append(claim[item])
            if _usable_here(config, hurt, equipment, item):
                moves.append(claim_use[item])
    if room and any_unseen(cards, s):
        moves.append(Move(s, _CLAIM_HIDDEN))
    return tuple(moves)


def _usable_here(config: Config, hurt: bool, equipment: tuple[int, ...], item: int) -> bool:
    # The same test as effects.usable (use a healing item when hurt, equip equipment
    # not equipped yet), on the parts of the Survivor record in the cache key.
    kind = config.items[item].kind
    if kind is _HEAL:
        return hurt
    return kind is _EQUIPMENT and item not in equipment


# Neither is cached by the kinds held: those seldom repeat, and a cache that keeps missing
# leaves long-lived tuples behind, which bring on the garbage collector's full passes.
def _stash_moves(s: int, held: tuple[int, ...], kinds: int) -> tuple[Move, ...]:
    row = move_row(s, _STASH, (), kinds)
    return tuple(map(row.__getitem__, held))


def _feed_moves(config: Config, s: int, held: tuple[int, ...]) -> tuple[Move, ...]:
    items = config.items
    row = move_row(s, _FEED, (), len(items))
    return tuple([row[item] for item in held if items[item].deck is _SUPPLY])


def do_location(state: State, move: Move) -> State:
    """Apply a checked free action At a Location."""
    s = move.seat
    action = move.action
    if action is _LEAVE:
        return lift_restriction(_with_passed(state, with_seat(state.passed, s)))
    if action is _USE or action is _EQUIP:
        return use_from_hand(state, s, move.args[0], action)
    if action is _AMBUSH:
        return ambush(state, s, move.args[0], move.args[1], _LOCATION)
    if action is _FEED:
        return _feed(state, s, move.args[0])
    if action is _GIVE:
        return do_give(state, s, move.args[0], move.args[1])
    if action is _STEAL:
        return do_steal(state, s, move.args[0])
    if action is _SNATCH:
        return do_snatch(state, s, move.args[0], move.args[1])
    used = use_cap(state, s)
    me = state.survivors[s]
    if action is _STASH:
        # "Place the card face-down under the location."
        hand, card = take(me.hand, move.args[0])
        here = state.area[state.here]
        location = new_location(here.building, here.looted, add(here.cards, card), here.zombies)
        return _with_stash(
            state,
            set_survivor(state, s, with_hand(me, hand)),
            set_location(state, state.here, location),
            used,
        )
    # A claim: "If no other Survivor objects, they get to take the card into their hand."
    return start_claim(state, s, action, move, used)


# ------------------------------------------------------------------ Shelter


def _feed(state: State, s: int, item: int) -> State:
    """Shelter: "the Survivors may play a Supply Card for each living Survivor"."""
    me = state.survivors[s]
    hand, _ = take_public(state.config, me.hand, item)
    state = _with_fed(
        state, set_survivor(state, s, with_hand(me, hand)), bump(state.used, item), state.fed + 1
    )
    return wait_out(state)


def check_shelter(state: State, move: Move) -> str | None:
    """The Zombie Player discards from hand ('discard C') or from the deck ('burn')."""
    if move.seat != state.config.zombie_seat:
        return f"the Zombie Player (seat {state.config.zombie_seat}) is discarding"
    if move.action is _DISCARD:
        if args_error(move, 1):
            return args_error(move, 1)
        if move.args[0] not in state.zombie_hand:
            return "that card is not in your hand"
        return None
    if move.action is _BURN:
        if args_error(move, 0):
            return args_error(move, 0)
        if zombie_deck_size(state) <= 0:
            return "the Zombie deck is empty"
        return None
    return (
        f"discard {counted(discards_due(state), 'more card')}: 'discard C' from hand or 'burn'"
        " from the deck"
    )


def discards_due(state: State) -> int:
    """The Shelter's discards the Zombie Player still owes."""
    step = state.step
    assert isinstance(step, ShelterDiscards)
    return step.discards_left


def legal_shelter(state: State) -> tuple[Move, ...]:
    """A discard per card kind in hand, then 'burn' while the deck has cards."""
    z = state.config.zombie_seat
    moves = [Move(z, _DISCARD, (card,)) for card in dict.fromkeys(state.zombie_hand)]
    if zombie_deck_size(state) > 0:
        moves.append(Move(z, _BURN))
    return tuple(moves)


def do_shelter(state: State, move: Move) -> State:
    """One discard; the Survivors act again when the count is done or nothing is left."""
    if move.action is _BURN:
        state = _with_burned(state, state.burned + 1)
    else:
        card = move.args[0]
        hand = list(state.zombie_hand)
        hand.remove(card)
        state = _with_discard(state, tuple(hand), bump(state.zombie_hidden, card))
    left = discards_due(state) - 1
    if left > 0 and (state.zombie_hand or zombie_deck_size(state) > 0):
        return _with_step(state, discards(left))
    # The wait-out may have been completed by a death when everyone left was ready to leave.
    return lift_restriction(_with_phase_step(state, _LOCATION, None))


#: Positional rebuilds for the Shelter's discards and 'ready' (see ``_base.state_with``).
_with_passed = state_with("passed")
_with_burned = state_with("burned")
_with_discard = state_with("zombie_hand", "zombie_hidden")
_with_step = state_with("step")
_with_phase_step = state_with("phase", "step")
_with_stash = state_with("survivors", "area", "actions_used")
_with_fed = state_with("survivors", "used", "fed")
