"""Zombie Doctor's move notation.

``use amputate 2 larm``, ``use xray 1``, ``use medicine rleg``, ``use coma``
(a card or a slot may be cut to a unique start: ``use amp 2 la``),
``stuck flip lleg``, ``stuck flip torso return morgue``, ``take medicine``,
``flip rarm``, ``bite 2 torso``, ``pass``, ``order 1 0`` (a custom card's look:
the looked-at cards' positions, 0 the top, in the order they go back), and for chance ``draw coma``,
``limb 1 larm infected``, ``roll 4``.

Each argument has a kind given by its place (a seat, a slot, a side, a number):
a slot word where a seat belongs (``use xray torso``) is refused rather than read
as the seat the slot's index happens to name. Slot and side places also take a
plain number, so that ``str(move)`` of any well-formed move parses back to it.
"""

from __future__ import annotations

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import ambiguous, name_matches, parse_int, split_actor, unknown_move
from zombie_rules.core.validation import short
from zombie_rules.zombie_doctor.cards import AMPUTATE, MAD_SCIENTIST, MEDICINE, SLOTS, XRAY
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.rules import to_act
from zombie_rules.zombie_doctor.state import Action, Move, State
from zombie_rules.zombie_doctor.vocabulary import (
    CURE,
    FLIP,
    NEW_HAND,
    REVEAL_HAND,
    SWAP,
    TO_MORGUE,
    Step,
)

_SIDES = {"healthy": 0, "infected": 1}
#: The moves a seat may make, and chance's, as an unknown keyword's guess is picked among.
SEAT_FORMS = (
    "use CARD [SEAT] [SLOT]", "stuck flip SLOT [return CARD]", "take CARD", "flip SLOT",
    "bite SEAT SLOT", "pass", "order N N ...",
)  # fmt: skip
CHANCE_FORMS = ("draw CARD", "limb CHARACTER SLOT infected|healthy", "roll N")

# The kind of each argument place.
SEAT, SLOT, SIDE, NUMBER = "a seat number", "a slot", "a side", "a number"
_CHARACTER = "a character number"

#: ``use`` argument places per built-in card (a custom card's come from its steps).
_USE_PLACES: dict[str, tuple[str, ...]] = {
    AMPUTATE: (SEAT, SLOT),
    MAD_SCIENTIST: (SEAT, SLOT),
    XRAY: (SEAT,),
    MEDICINE: (SLOT,),
}
_PLACES: dict[Action, tuple[str, ...]] = {
    Action.FLIP: (SLOT,),
    Action.BITE: (SEAT, SLOT),
    Action.LIMB: (_CHARACTER, SLOT, SIDE),
    Action.ROLL: (NUMBER,),
}


def _arg(word: str, kind: str, text: str) -> int:
    """One argument read as ``kind``; a word of another kind is refused, never converted.

    A slot or a side may be given by a unique start (``ll`` for ``lleg``, ``inf``).
    """
    if kind == SLOT and word in SLOTS:
        return SLOTS[word]
    if kind == SIDE and word in _SIDES:
        return _SIDES[word]
    if kind in (SLOT, SIDE) and not word.lstrip("-").isdigit():
        table = SLOTS if kind == SLOT else _SIDES
        names = tuple(table)
        hits = name_matches((word,), names)
        if len(hits) == 1:
            return table[names[hits[0]]]
        if hits:
            found = [names[h] for h in hits]
            raise DecodeError(f"{short(text)}: {ambiguous(word, found, kind, numbered=False)}")
    if word in SLOTS or word in _SIDES:
        what = "slot" if word in SLOTS else "side"
        raise DecodeError(f"{short(text)}: {word!r} is a {what}, but {kind} belongs in its place")
    if not word.lstrip("-").isdigit() and kind in (SLOT, SIDE):
        choices = ", ".join(SLOTS if kind == SLOT else _SIDES)
        raise DecodeError(f"{short(text)}: {kind} is one of {choices}, not {short(word, 20)}")
    return parse_int(word, kind, text)


def _args(words: list[str], places: tuple[str, ...], text: str) -> tuple[int, ...]:
    # Places beyond the form are read as numbers, so apply can say what is legal.
    kinds = places + (NUMBER,) * (len(words) - len(places))
    return tuple(_arg(w, k, text) for w, k in zip(words, kinds, strict=False))


def _use_places(state: State, card: str) -> tuple[str, ...]:
    places = _USE_PLACES.get(card)
    if places is not None:
        return places
    t = tables(state.config)
    kind = t.index.get(card, -1)
    custom = t.custom.get(kind)
    if custom is None:
        return ()
    if not custom.steps:
        return (SEAT,)
    return tuple([place for step in custom.steps for place in _step_places(step)])


def _step_places(step: Step) -> tuple[str, ...]:
    """The argument places of one vocabulary step, as ``usability.step_choices`` lists them."""
    seat = () if step.who == "user" else (SEAT,)
    if step.op in (FLIP, CURE, TO_MORGUE):
        return (*seat, SLOT)
    if step.op == SWAP:
        return (SEAT, SLOT) if step.who == "user" else (SEAT, SEAT, SLOT)
    if step.op == REVEAL_HAND:
        return (SEAT,)
    return seat if step.op == NEW_HAND else ()


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question.
    """
    actor, words = split_actor(text, to_act(state))
    keyword, rest = words[0], words[1:]
    try:
        action = Action(keyword)
    except ValueError:
        forms = CHANCE_FORMS if actor == CHANCE else SEAT_FORMS
        raise DecodeError(f"{short(text)}: {unknown_move(keyword, forms)}") from None
    if action is Action.STUCK:
        if len(rest) in (2, 4) and rest[0] == "flip" and (len(rest) == 2 or rest[2] == "return"):
            card = _card(state, rest[3], text) if len(rest) == 4 else ""
            return Move(actor, action, card, (_arg(rest[1], SLOT, text),))
        raise DecodeError(
            f"{short(text)}: write 'stuck flip SLOT' or 'stuck flip SLOT return CARD'"
        )
    if action in (Action.USE, Action.TAKE, Action.DRAW):
        if not rest:
            raise DecodeError(f"{short(text)}: name the card after {keyword!r}")
        card = _card(state, rest[0], text)
        places = _use_places(state, card) if action is Action.USE else ()
        return Move(actor, action, card, _args(rest[1:], places, text))
    return Move(actor, action, "", _args(rest, _PLACES.get(action, ()), text))


def _card(state: State, word: str, text: str) -> str:
    """The card ``word`` names: its id, a unique start of it or a word of it (``amp``,
    ``scientist``); a word that names no card is kept, so ``apply`` says what is legal."""
    names = tuple(tables(state.config).index)
    if word in names:
        return word
    hits = name_matches((word,), names)
    if len(hits) > 1:
        found = [names[h] for h in hits]
        raise DecodeError(f"{short(text)}: {ambiguous(word, found, 'card', numbered=False)}")
    return names[hits[0]] if hits else word
