"""Collecting At a Location: claims on the cards lying there, objections and disputes.

"If no other Survivor objects, they get to take the card into their hand." A claim
names a card the claimant has seen (or asks for a face-down one they have not);
the other living Survivors allow or object, and objectors and claimant settle it
"civilly, or violently": the claimant withdraws, objectors concede, or someone
ambushes. Survivors who escaped the last combat may neither claim nor object
until the others have finished collecting.
"""

from __future__ import annotations

from zombie_rules.core.seats import has_seat, seat_bit, seat_names, with_seat, without_seat
from zombie_rules.quarantine_z._base import (
    add,
    args_error,
    living,
    mask_of,
    new_location,
    replace,
    set_location,
    set_survivor,
    state_with,
    survivor_seat,
    take,
    with_hand,
)
from zombie_rules.quarantine_z.cards import Kind
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import apply_item
from zombie_rules.quarantine_z.flow import back_to_location
from zombie_rules.quarantine_z.free_actions import ambush, check_ambush
from zombie_rules.quarantine_z.knowledge import shown_to
from zombie_rules.quarantine_z.state import Action, Move, Phase, State
from zombie_rules.quarantine_z.steps import Claim

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_ALLOW = Action.ALLOW
_AMBUSH = Action.AMBUSH
_CLAIM_HIDDEN = Action.CLAIM_HIDDEN
_CLAIM_USE = Action.CLAIM_USE
_CONCEDE = Action.CONCEDE
_EQUIP = Action.EQUIP
_OBJECT = Action.OBJECT
_USE = Action.USE
_WITHDRAW = Action.WITHDRAW
_HEAL = Kind.HEAL
_CLAIM = Phase.CLAIM
_CLAIM_CARD = Phase.CLAIM_CARD
_DISPUTE = Phase.DISPUTE
_LOCATION = Phase.LOCATION


def start_claim(state: State, s: int, action: Action, move: Move, used: tuple[int, ...]) -> State:
    """'claim I', 'claim-use I' or 'claim-hidden': ask the others, or take it at once."""
    item = None if action is _CLAIM_HIDDEN else move.args[0]
    claim = Claim(s, item, action is _CLAIM_USE, 0)
    alive = mask_of(living(state))
    # "Survivors who successfully "Escaped" from the previous combat may not object".
    waiting = without_seat(alive, s) & ~state.restricted
    if not waiting:
        return grant(_with_claim(state, claim, used))
    return _with_asked(state, _CLAIM, claim, waiting, used)


#: Positional rebuilds for claims (see ``_base.state_with``).
_with_claim = state_with("step", "actions_used")
_with_asked = state_with("phase", "step", "waiting", "actions_used")
_with_phase_waiting = state_with("phase", "waiting")
_with_area = state_with("area")
_with_survivors = state_with("survivors")
_with_claimed = state_with("area", "survivors")


def claim_of(state: State) -> Claim:
    """The claim pending (in the CLAIM, DISPUTE and CLAIM_CARD phases)."""
    step = state.step
    assert isinstance(step, Claim)
    return step


# ------------------------------------------------------------ allow or object


def check_claim(state: State, move: Move) -> str | None:
    """Each Survivor in ``waiting`` answers the claim."""
    if not survivor_seat(state, move.seat) or not has_seat(state.waiting, move.seat):
        return f"waiting for {seat_names(state.waiting)} to allow or object to the claim"
    if move.action not in (_ALLOW, _OBJECT):
        return "answer the claim: 'allow' or 'object'"
    return args_error(move, 0)


def legal_claim(state: State) -> tuple[Move, ...]:
    """'allow' and 'object' for each Survivor still to answer."""
    return tuple(
        Move(s, action)
        for s in tables(state.config).survivors
        if has_seat(state.waiting, s)
        for action in (_ALLOW, _OBJECT)
    )


def do_claim(state: State, move: Move) -> State:
    """An answer; once all are in, the claim is granted or disputed."""
    claim = claim_of(state)
    objectors = claim.objectors
    if move.action is _OBJECT:
        objectors = with_seat(objectors, move.seat)
    waiting = without_seat(state.waiting, move.seat)
    if waiting:
        step = Claim(claim.claimant, claim.item, claim.use, objectors)
        return replace(state, waiting=waiting, step=step)
    if not objectors:
        return grant(replace(state, waiting=0))
    # "the only rule is, nobody gets the card until disputes are settled."
    step = Claim(claim.claimant, claim.item, claim.use, 0)
    return replace(state, phase=_DISPUTE, waiting=objectors, step=step)


# ------------------------------------------------------------------ disputes


def check_dispute(state: State, move: Move) -> str | None:
    """The claimant withdraws, an objector concedes, or one ambushes the other side."""
    s = move.seat
    claimant = claim_of(state).claimant
    if not survivor_seat(state, s) or (s != claimant and not has_seat(state.waiting, s)):
        return (
            f"only the claimant (seat {claimant}) and objectors ({seat_names(state.waiting)}) act"
        )
    action = move.action
    if action is _WITHDRAW:
        return "only the claimant withdraws" if s != claimant else args_error(move, 0)
    if action is _CONCEDE:
        return "only an objector concedes" if s == claimant else args_error(move, 0)
    if action is _AMBUSH:
        error = check_ambush(state, move, s)
        if error is not None:
            return error
        j = move.args[0]
        if s == claimant and not has_seat(state.waiting, j):
            return "ambush one of the objectors"
        if s != claimant and j != claimant:
            return "ambush the claimant"
        return None
    return (
        "settle the dispute: 'withdraw' (claimant), 'concede' (objector)"
        " or 'ambush SEAT fight|shoot'"
    )


def legal_dispute(state: State) -> tuple[Move, ...]:
    """The candidate moves of the rare dispute step, filtered by ``check_dispute``."""
    survivors = tables(state.config).survivors
    candidates = []
    for s in survivors:
        candidates += [Move(s, _WITHDRAW), Move(s, _CONCEDE)]
        for j in survivors:
            candidates += [Move(s, _AMBUSH, (j, 0)), Move(s, _AMBUSH, (j, 1))]
    return tuple(m for m in candidates if check_dispute(state, m) is None)


def do_dispute(state: State, move: Move) -> State:
    """Withdrawn: back to the location; conceded by all: granted; an ambush: the claim lapses."""
    action = move.action
    if action is _WITHDRAW:
        return back_to_location(state)
    if action is _CONCEDE:
        waiting = without_seat(state.waiting, move.seat)
        if waiting:
            return replace(state, waiting=waiting)
        return grant(replace(state, waiting=0))
    # "settle it civilly, or violently (by one Survivor ambushing the other)": the claim lapses.
    state = replace(state, phase=_LOCATION, waiting=0, step=None)
    return ambush(state, move.seat, move.args[0], move.args[1], _LOCATION)


# ------------------------------------------------------------------ granted


def grant(state: State) -> State:
    """The claimant takes the card (a face-down one is a chance event), or uses it at once."""
    claim = claim_of(state)
    s, item = claim.claimant, claim.item
    if item is None:
        return _with_phase_waiting(state, _CLAIM_CARD, 0)
    here = state.area[state.here]
    cards, card = take(here.cards, item, s, known=True)
    location = new_location(here.building, here.looted, cards, here.zombies)
    state = _with_area(state, set_location(state, state.here, location))
    if claim.use:
        # "Items that are at a location can be used or equipped just like items that
        # are in a Survivor's hand."
        kind = state.config.items[item].kind
        state = apply_item(state, s, item, _USE if kind is _HEAL else _EQUIP)
    else:
        me = state.survivors[s]
        me = with_hand(me, add(me.hand, shown_to(card, seat_bit(s))))
        state = _with_survivors(state, set_survivor(state, s, me))
    return back_to_location(state)


def do_claim_card(state: State, item: int) -> State:
    """Chance: the face-down card the claimant turns out to get."""
    s = claim_of(state).claimant
    here = state.area[state.here]
    cards, card = take(here.cards, item, s, known=False)
    location = new_location(here.building, here.looted, cards, here.zombies)
    me = state.survivors[s]
    me = with_hand(me, add(me.hand, shown_to(card, seat_bit(s))))
    state = _with_claimed(
        state, set_location(state, state.here, location), set_survivor(state, s, me)
    )
    return back_to_location(state)
