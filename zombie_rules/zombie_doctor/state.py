"""Zombie Doctor's immutable state and moves.

The pain/gain deck is face down and shuffled, and a used card is shown before it
goes back under it, so the deck is kept as two parts: ``deck_unknown`` (counts per
card kind of the shuffled part nobody has seen, drawn first) and ``deck_bottom``
(the order of the cards put back underneath, drawn in order once the unknown part
is used up). Not every card put back is shown: "do not show them to your
opponents, unless a pain or opponent's card forces you to reveal your cards", so a
card returned by a player who cannot play, and the hand of a player who is out, go
under unseen. ``deck_bottom_hidden_by`` says, card by card, who put it there face
down (the only seat that knows it), or ``SHOWN``. The morgue is a face-down pile of removed limbs,
kept as counts per limb kind (character, slot, side). Hands are sorted tuples
of card-kind indices (the order in a hand carries no information). ``known``
is what the table and each seat remember of the hands (``knowledge``, Ruling 30).
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs

from zombie_rules.core.actors import seat_name
from zombie_rules.core.records import builder
from zombie_rules.core.validation import short
from zombie_rules.zombie_doctor.cards import AMPUTATE, MAD_SCIENTIST, MEDICINE, slot_word
from zombie_rules.zombie_doctor.config import Config
from zombie_rules.zombie_doctor.knowledge import NOTHING_KNOWN, Known


class Phase(enum.IntEnum):
    """Where in a turn the game is; the actor of each phase is fixed."""

    DEAL = 0  # chance: the next card of the opening hands
    PLAY = 1  # seat ``turn`` uses one card, or (if it cannot) takes the penalty
    XRAY = 2  # seat ``turn`` takes one card from ``xray_target``'s revealed hand
    SELF_FLIP = 3  # seat ``turn`` flips one of its own cards (after Amputate or X-Ray)
    MORGUE = 4  # chance: the limb seat ``turn`` takes from the morgue
    DRAW = 5  # chance: a card from the unknown part of the deck to a short hand
    ROLL = 6  # chance: the die a zombie rolls (Bonus Game Mode)
    BITE = 7  # zombie seat ``turn`` bites a player after an even roll
    OVER = 8
    LOOK = 9  # chance: the next card a custom card's look turns up from the unseen deck
    ARRANGE = 10  # seat ``turn`` puts the cards it looked at back on top, in any order


class Status(enum.IntEnum):
    """Where a seat stands; only ``ALIVE`` seats hold and use cards."""

    ALIVE = 0
    TURNED = 1  # infected head: a zombie
    BEHEADED = 2  # head cut off by Amputate


class Action(enum.Enum):
    """The kinds of move; the value is the notation's keyword."""

    USE = "use"  # card, args per card (see Move)
    STUCK = "stuck"  # cannot use any card: args (flipped slot,), card = card returned or ""
    TAKE = "take"  # X-Ray: card taken from the revealed hand
    FLIP = "flip"  # args (slot,)
    BITE = "bite"  # args (victim, slot)
    DRAW = "draw"  # chance: card drawn from the deck's unknown part
    LIMB = "limb"  # chance: args (character, slot, infected) of the morgue draw
    ROLL = "roll"  # chance: args (face,)
    PASS = "pass"  # a zombie does not bite after an even roll ("you may bite")
    ORDER = "order"  # args: the looked-at cards' positions, in the new order (top first)


#: ``deck_bottom_hidden_by`` of a card everyone saw go under the deck.
SHOWN = -1

#: Cards whose ``USE`` arguments are ``(target seat, slot)``.
_SEAT_SLOT = frozenset((AMPUTATE, MAD_SCIENTIST))


@attrs.frozen
class Move:
    """One move. ``card`` names a pain/gain card kind (``""`` when none).

    ``USE`` arguments: Amputate and Mad Scientist ``(opponent, slot)``; X-Ray and
    custom cards with a registered effect ``(target seat,)``; Medicine ``(slot,)``;
    Coma, Defibrillator and Morgue none; a vocabulary card each step's arguments in
    order (``usability.step_choices``). ``ORDER`` arguments: the positions (0 the
    top) of the looked-at cards, in the order they go back. Slots are indices into
    ``cards.SLOT_NAMES``.
    """

    seat: int
    action: Action
    card: str = ""
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        words = [self.action.value]
        action = self.action
        args = [str(a) for a in self.args]
        if action is Action.USE:
            words.append(self.card)
            if self.card in _SEAT_SLOT and len(self.args) == 2:
                args[1] = slot_word(self.args[1])
            elif self.card == MEDICINE and len(self.args) == 1:
                args[0] = slot_word(self.args[0])
            words += args
        elif action is Action.STUCK:
            words += ["flip", *(slot_word(a) for a in self.args)]
            if self.card:
                words += ["return", self.card]
        elif action is Action.FLIP:
            words += [slot_word(a) for a in self.args]
        elif action is Action.BITE:
            if len(self.args) == 2:
                args[1] = slot_word(self.args[1])
            words += args
        elif action is Action.LIMB:
            if len(self.args) == 3:
                args[1] = slot_word(self.args[1])
                if self.args[2] in (0, 1):
                    args[2] = "infected" if self.args[2] else "healthy"
            words += args
        else:  # TAKE, DRAW, ROLL
            if self.card:
                words.append(self.card)
            words += args
        return f"{seat_name(self.seat)}: {' '.join(words)}"


def said(move: Move, limit: int = 60) -> str:
    """``str(move)`` for an error message, cut to ``limit`` characters.

    A move's card name is free text until ``apply`` has checked it, and a refusal
    must never repeat a huge input in full (an int past Python's 4,300-digit limit
    cannot even be printed: ``short`` stands in).
    """
    try:
        text = str(move)
    except ValueError:
        return short(move, limit)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


@attrs.frozen(weakref_slot=False)
class State:
    """A Zombie Doctor game at one moment.

    ``turn`` is the seat whose turn it is (during ``DEAL``, the first player).
    ``bodies[s]`` holds six body-slot codes (see ``cards``). ``out_order`` lists
    seats in the order they turned or lost their heads. ``coma`` is the bitmask
    of seats immune to cards until their next turn. ``xray_target`` is the seat
    whose hand the X-Ray user is looking at (``-1`` outside ``XRAY``).
    ``round`` counts completed rounds (the turn passing the first player again).
    ``deck_bottom_hidden_by[i]`` is the seat that put ``deck_bottom[i]`` under the
    deck face down, or ``SHOWN`` if everyone saw it.
    ``known`` is ``()`` while nobody knows of a card in another hand, else per
    seat ``(shared, ((knower, extra), ...))``: the cards everyone knows that
    seat holds, and what each listed seat knows there besides (see
    :mod:`.knowledge`). It defaults to ``()``, so a state saved before it
    existed still decodes.

    A custom card's look (``vocabulary.LOOK_TOP``) leaves cards on top of the deck
    in a known order: ``deck_top`` (drawn before the unseen part) and, card by card,
    ``deck_top_seen_by``, the seat that knows it is there. ``look`` is how many top
    cards the look in progress covers (``LOOK``: until that many lie there;
    ``ARRANGE``: the ones being put back), and ``pending_card`` the kind of the
    custom card whose follow-up is pending (``-1`` when none). All default to
    empty, so a state saved before they existed still decodes.
    """

    config: Config
    phase: Phase
    turn: int
    round: int
    turns_taken: int
    bodies: tuple[tuple[int, ...], ...]
    status: tuple[Status, ...]
    out_order: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck_unknown: tuple[int, ...]
    deck_bottom: tuple[int, ...]
    deck_bottom_hidden_by: tuple[int, ...]
    morgue: tuple[int, ...]
    coma: int
    xray_target: int
    known: Known = NOTHING_KNOWN
    deck_top: tuple[int, ...] = ()
    deck_top_seen_by: tuple[int, ...] = ()
    look: int = 0
    pending_card: int = -1


#: ``build_state(config, phase, ..., known)``: ``State(...)`` positionally, a quarter of the cost.
build_state: Callable[..., State] = builder(State)
