"""Quarantine Z's move notation: ``<actor>: <keyword> <arguments>``.

The keyword is the :class:`Action` value; ids stay numbers (the ones the rendered
view prints next to each name), enumerated choices are words:

========================================  ==============================================
move                                      meaning
========================================  ==============================================
``choose supply`` / ``choose munition``   set-up: the deck to draw from
``propose L``, ``ready``                  On the Move: go to location ``[L]``; wait
``use I``, ``equip I``                    an item from the hand
``give S I``, ``snatch S I``              hand item to / take equipped item from seat S
``steal S``                               a random card from seat S's hand
``ambush S fight``, ``ambush S shoot``    attack seat S with the Fight or Shoot card
``claim I``, ``claim-use I``              an item lying here (into the hand / use it)
``claim-hidden``                          a face-down card lying here
``stash I``, ``feed I``                   leave an item here / feed the Shelter
``leave``, ``allow``, ``object``          leave; allow or object to a claim
``withdraw``, ``concede``                 settle a disputed claim
``commit fight|shoot|escape|pass``        combat: the Action card laid face down
``target-zombie Z``                       combat: the zombie numbered ``Z``
``target-survivor S``, ``ready``          combat: target seat S; done declaring
``play C``, ``hide C``                    Zombie Player: a Zombie face up / face down
``event C``, ``event C S``                an Event (``S``: the Survivor it bites)
``mutate C Z``                            a Mutation on the zombie numbered ``Z``
``draw``, ``done``, ``burn``              draw instead; end the step; burn a card
``bite S``, ``discard C``                 the Survivor bitten; a Shelter discard
``building B``, ``item I``                chance: the Building dealt, the item drawn
``zcard C``, ``roll N``                   chance: the Zombie card drawn, the die face
========================================  ==============================================

``L`` location index, ``S`` seat, ``Z`` zombie number (the one the view prints: a
zombie keeps it while it is in play), ``I`` item id, ``C`` Zombie card id, ``B``
building id. The words were once numbers (``choose 0``, ``commit 2``,
``ambush 2 1``); those numbers are still accepted. Where an item, a Zombie card, a
Building or a location is meant, its name may be typed instead of its number (any
case, spaces or hyphens: ``use first-aid-kit``, ``give 2 baseball bat``,
``propose gun shop``); card names are unique within their kind.
"""

from __future__ import annotations

import re

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import is_number, split_actor
from zombie_rules.core.validation import short
from zombie_rules.quarantine_z.rules import to_act
from zombie_rules.quarantine_z.state import ARG_WORDS, Action, Move, State

# Argument kinds, by the letters of the table above; "N" a plain number, "W" a word
# of ARG_WORDS (or its number).
_SIGNATURES: dict[Action, str] = {
    Action.BUILDING: "B",
    Action.ITEM: "I",
    Action.ZCARD: "C",
    Action.ROLL: "N",
    Action.CHOOSE: "W",
    Action.PROPOSE: "L",
    Action.USE: "I",
    Action.EQUIP: "I",
    Action.GIVE: "SI",
    Action.STEAL: "S",
    Action.SNATCH: "SI",
    Action.AMBUSH: "SW",
    Action.CLAIM: "I",
    Action.CLAIM_USE: "I",
    Action.STASH: "I",
    Action.FEED: "I",
    Action.COMMIT: "W",
    Action.TARGET_ZOMBIE: "Z",
    Action.TARGET_SURVIVOR: "S",
    Action.EVENT: "CS",
    Action.PLAY: "C",
    Action.HIDE: "C",
    Action.MUTATE: "CZ",
    Action.BITE: "S",
    Action.DISCARD: "C",
}
_CHANCE = frozenset({Action.BUILDING, Action.ITEM, Action.ZCARD, Action.ROLL})
_KINDS = {
    "B": "a building",
    "I": "an item",
    "C": "a Zombie card",
    "L": "a location",
    "N": "a number",
    "S": "a seat",
    "Z": "a zombie number",
}


def _form(action: Action) -> str:
    letters = _SIGNATURES.get(action, "")
    words = [action.value]
    for at, letter in enumerate(letters):
        if letter == "W":
            words.append("|".join(ARG_WORDS[action][1]))
        else:
            words.append(f"[{letter}]" if action is Action.EVENT and at == 1 else letter)
    return " ".join(words)


_FORMS = (
    ", ".join(_form(a) for a in Action if a not in _CHANCE)
    + "; chance: "
    + ", ".join(_form(a) for a in Action if a in _CHANCE)
    + " (L location, S seat, Z zombie, I item, C Zombie card, B building: numbers as the"
    " view shows them, or the card's name); each optionally after '<actor>:'"
)


def _key(name: str) -> str:
    """A name as it is matched: lower case, hyphens and underscores as spaces."""
    return " ".join(re.split(r"[\s_-]+", name.lower())).strip()


def _names(state: State, kind: str) -> dict[str, int]:
    config = state.config
    if kind == "I":
        cards = [i.name for i in config.items]
    elif kind == "C":
        cards = [c.name for c in config.zombie_cards]
    elif kind == "B":
        cards = [b.name for b in config.buildings]
    elif kind == "L":
        cards = [config.buildings[loc.building].name for loc in state.area]
    else:
        return {}
    return {_key(name): number for number, name in enumerate(cards)}


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now".
    """
    try:
        actor, words = split_actor(text, to_act(state))
    except DecodeError as error:
        raise DecodeError(f"{error}; moves are {_FORMS}") from None
    try:
        action = Action(words[0])
    except ValueError:
        raise DecodeError(f"{short(text)} is not a Quarantine Z move; moves are {_FORMS}") from None
    letters = _SIGNATURES.get(action, "")
    rest = words[1:]
    args: list[int] = []
    while rest:
        letter = letters[len(args)] if len(args) < len(letters) else "N"
        number, used = _argument(state, action, letter, rest)
        if not used:
            what = _KINDS.get(letter) or " or ".join(ARG_WORDS[action][1])
            raise DecodeError(
                f"{short(text)}: {short(rest[0], 30)} is not {what}; {action.value!r} takes"
                f" {_form(action)!r}; moves are {_FORMS}"
            )
        args.append(number)
        rest = rest[used:]
    return Move(actor, action, tuple(args))


def _argument(state: State, action: Action, letter: str, words: list[str]) -> tuple[int, int]:
    """The next argument and how many words it took (0: the words are no argument)."""
    word = words[0]
    if is_number(word.removeprefix("-")):
        # Negative numbers only appear in ill-formed moves; they still round-trip.
        return int(word), 1
    if letter == "W":
        names = ARG_WORDS[action][1]
        return (names.index(word), 1) if word in names else (0, 0)
    table = _names(state, letter)
    for end in range(len(words), 0, -1):  # the longest name that fits
        number = table.get(_key(" ".join(words[:end])))
        if number is not None:
            return number, end
    return 0, 0
