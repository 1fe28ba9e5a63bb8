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
``propose gun shop``), read as every title reads names
(:func:`~zombie_rules.core.notation.pick_name`): the whole name, a unique start of
it or whole words of it (``use first aid``, ``give 2 bat``, ``mutate claws 0``); a
name that could be several lists them. A keyword may be typed with a space for its
hyphen (``target zombie 3``). A keyword that is no move gets a guess among the
moves of whoever moves (``unknown move 'equp'; did you mean 'equip ITEM'?``): a
person is never offered chance's notation.
"""

from __future__ import annotations

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import (
    ambiguous,
    is_number,
    name_matches,
    name_words,
    split_actor,
    unknown_move,
)
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
#: What an argument place holds, as an error names it.
_KINDS = {
    "B": "a building",
    "I": "an item",
    "C": "a Zombie card",
    "L": "a location",
    "N": "a number",
    "S": "a seat",
    "Z": "a zombie number",
}
#: The word a form writes for each argument place.
_PLACES = {
    "B": "BUILDING",
    "I": "ITEM",
    "C": "CARD",
    "L": "LOCATION",
    "N": "N",
    "S": "SEAT",
    "Z": "ZOMBIE",
}


def _form(action: Action) -> str:
    """``give SEAT ITEM``, ``commit fight|shoot|escape|pass``, ``event CARD [SEAT]``."""
    letters = _SIGNATURES.get(action, "")
    words = [action.value]
    for at, letter in enumerate(letters):
        if letter == "W":
            words.append("|".join(ARG_WORDS[action][1]))
        else:
            place = _PLACES[letter]
            words.append(f"[{place}]" if action is Action.EVENT and at == 1 else place)
    return " ".join(words)


#: The moves a seat may type, and chance's, among which an unknown keyword's guess is made.
SEAT_FORMS = tuple(_form(a) for a in Action if a not in _CHANCE)
CHANCE_FORMS = tuple(_form(a) for a in Action if a in _CHANCE)


def _names(state: State, kind: str) -> tuple[str, ...]:
    """The names an argument of ``kind`` is read by, indexed by its number."""
    config = state.config
    if kind == "I":
        return tuple(i.name for i in config.items)
    if kind == "C":
        return tuple(c.name for c in config.zombie_cards)
    if kind == "B":
        return tuple(b.name for b in config.buildings)
    if kind == "L":
        return tuple(config.buildings[loc.building].name for loc in state.area)
    return ()


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now".
    """
    actor, words = split_actor(text, to_act(state))
    action, rest = _keyword(words)
    if action is None:
        forms = CHANCE_FORMS if actor == CHANCE else SEAT_FORMS
        raise DecodeError(f"{short(text)}: {unknown_move(words[0], forms)}")
    letters = _SIGNATURES.get(action, "")
    args: list[int] = []
    while rest:
        letter = letters[len(args)] if len(args) < len(letters) else "N"
        number, used = _argument(state, action, letter, rest, text)
        if not used:
            what = _KINDS.get(letter) or " or ".join(ARG_WORDS[action][1])
            raise DecodeError(
                f"{short(text)}: {short(rest[0], 30)} is not {what}; {action.value!r} takes"
                f" {_form(action)!r}"
            )
        args.append(number)
        rest = rest[used:]
    return Move(actor, action, tuple(args))


def _keyword(words: list[str]) -> tuple[Action | None, list[str]]:
    """The action the first word names (or the first two, joined by the hyphen they
    stand for: ``target zombie``) and the words after it."""
    if len(words) > 1:
        try:
            return Action(f"{words[0]}-{words[1]}"), words[2:]
        except ValueError:
            pass
    try:
        return Action(words[0]), words[1:]
    except ValueError:
        return None, words[1:]


def _argument(
    state: State, action: Action, letter: str, words: list[str], text: str
) -> tuple[int, int]:
    """The next argument and how many words it took (0: the words are no argument)."""
    word = words[0]
    if is_number(word.removeprefix("-")):
        # Negative numbers only appear in ill-formed moves; they still round-trip.
        return int(word), 1
    if letter == "W":
        choices = ARG_WORDS[action][1]
        return _name(words[:1], choices, "word", text)
    names = _names(state, letter)
    if not names:
        return 0, 0
    # The longest run of words that names something (a name may have several words,
    # and the next argument may follow it: ``mutate claws 0``).
    for end in range(len(words), 0, -1):
        if name_matches(name_words(" ".join(words[:end])), names):
            return _name(words[:end], names, _KINDS[letter].split(" ", 1)[1], text)
    return 0, 0


def _name(words: list[str], names: tuple[str, ...], what: str, text: str) -> tuple[int, int]:
    """The one name ``words`` name (:func:`name_matches`), and how many words it took."""
    typed = name_words(" ".join(words))
    found = name_matches(typed, names)
    if not found:
        return 0, 0
    if len(found) > 1:
        candidates = [names[i] for i in found]
        raise DecodeError(f"{short(text)}: {ambiguous(' '.join(typed), candidates, what)}")
    return found[0], len(words)
