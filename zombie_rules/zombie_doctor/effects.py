"""What each Zombie Doctor card does once it is used, including a table's custom cards.

Callers (the per-phase handlers in ``rules``) have already checked the move
against ``usability.card_uses`` or the chance node, so these functions only
carry the effect out and hand over to ``turns.end_action``. Keeping validation
and effects apart lets ``apply`` reject an illegal move before anything is
built, so a move is never half-applied. X-Ray and Morgue take two steps (look,
then take; draw, then attach); both steps are here.
"""

from __future__ import annotations

from collections.abc import Sequence

from zombie_rules.core.piles import put, take
from zombie_rules.core.seats import with_seat
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    TORSO,
    XRAY,
    card,
    character_of,
    healthy_side,
    is_infected,
)
from zombie_rules.zombie_doctor.config import morgue_kind, tables
from zombie_rules.zombie_doctor.custom_effects import finish_follow_up, use_custom
from zombie_rules.zombie_doctor.knowledge import xray_taken
from zombie_rules.zombie_doctor.state import Phase, State, Status
from zombie_rules.zombie_doctor.turns import Work, end_action

ALIVE, TURNED, BEHEADED = Status.ALIVE, Status.TURNED, Status.BEHEADED
# Enum members as module globals (CPython 3.11 reads ``Phase.OVER`` through the metaclass).
XRAY_PHASE, MORGUE_PHASE, OVER = Phase.XRAY, Phase.MORGUE, Phase.OVER


def use_card(state: State, seat: int, kind: int, args: tuple[int, ...], name: str = "") -> State:
    """``seat`` uses its card of ``kind`` with ``args`` (one of ``card_uses``).

    ``name`` is the kind's name when the caller already has it (``apply`` read the
    kind from it), so the config's tables need not be asked again.
    """
    w = Work(state)
    # "Once a card has been used, it must be returned to the bottom of the pain/gain deck"
    w.discard(seat, kind)
    if not name:
        name = tables(state.config).names[kind]
    if name == AMPUTATE:
        target, slot = args
        if slot == HEAD:
            # "you may cut off their head using the Amputate card, ending the game and
            # their suffering."
            w.knock_out(target, BEHEADED)
            if beheading_ends_game(w.status):
                w.phase = OVER
                return w.seal()
        else:
            # "Removed limbs should be placed in the card box, aka the morgue."
            code = w.bodies[target][slot]
            w.set_slot(target, slot, MISSING)
            w.morgue = put(w.morgue, morgue_kind(character_of(code), slot, True))
        # "Only the Amputate and X-Ray cards require you to flip one of your cards at
        # the end of your turn." Only the user's hand is short (``turns.refill``).
        return end_action(w, self_flip=True, short=seat)
    if name == XRAY:
        # "The opponent must reveal them only to you."
        w.phase = XRAY_PHASE
        w.xray_target = args[0]
        return w.seal()
    if name == MAD_SCIENTIST:
        target, slot = args
        mine, theirs = w.bodies[seat][slot], w.bodies[target][slot]
        w.set_slot(seat, slot, theirs)
        w.set_slot(target, slot, mine)
    elif name == COMA:
        # "Sleep for one round. You are immune to all cards until your next turn."
        w.coma = with_seat(w.coma, seat)
    elif name == MEDICINE:
        w.set_slot(seat, args[0], healthy_side(w.bodies[seat][args[0]]))
    elif name == DEFIBRILLATOR:
        w.set_slot(seat, TORSO, healthy_side(w.bodies[seat][TORSO]))
    elif name == MORGUE:
        # "Do not look into the box when taking a card.": a chance draw.
        w.phase = MORGUE_PHASE
        return w.seal()
    else:
        return use_custom(w, seat, kind, args)
    return end_action(w, self_flip=False, short=seat)


def beheading_ends_game(status: Sequence[Status]) -> bool:
    """After a beheading: whether one player alone is left, which ends the game at once.

    The last living opponent's head: the game ends at once, in the Bonus Game Mode
    too, where zombies would otherwise go on biting the lone winner (Ruling 14).
    """
    return status.count(ALIVE) == 1


def xray_take(state: State, kind: int) -> State:
    """X-Ray, second step: "Look at all of an opponent's cards and take one.".

    The user remembers the rest of the hand it saw, and the target the card it
    lost (Ruling 30).
    """
    seat, target = state.turn, state.xray_target
    w = Work(state)
    hand = w.hands[target]
    i = hand.index(kind)
    w.set_hand(target, hand[:i] + hand[i + 1 :])
    w.give(seat, kind)
    w.known = xray_taken(w.known, seat, target, kind, hand, state.config.players)
    w.xray_target = -1
    return end_action(w, self_flip=True)


def morgue_attach(state: State, k: int, character: int, slot: int, infected: bool) -> State:
    """Morgue, second step: attach the limb of morgue kind ``k`` drawn by ``state.turn``."""
    seat = state.turn
    w = Work(state)
    w.morgue = take(state.morgue, k)
    drawn = card(character, infected)
    current = w.bodies[seat][slot]
    if current == MISSING:
        # The limb is attached to the empty slot, side up as drawn: "If the limb you
        # draw is infected, it must stay that way."
        w.set_slot(seat, slot, drawn)
    elif infected != is_infected(current):
        # "If the limb you draw is infected and matches a healthy limb of yours, the
        # healthy limb must be removed and the infected limb attached." A healthy
        # limb replaces a matching infected one the same way (ruling); the replaced
        # limb goes into the morgue.
        w.set_slot(seat, slot, drawn)
        w.morgue = put(w.morgue, morgue_kind(character_of(current), slot, not infected))
    else:
        # Same side as the limb you have: it goes back into the box (ruling).
        w.morgue = put(w.morgue, k)
    if w.pending_card >= 0:
        return finish_follow_up(w)  # a custom card's morgue draw
    return end_action(w, self_flip=False)
