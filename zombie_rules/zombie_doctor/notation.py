"""Zombie Doctor's move notation.

``use amputate 2 larm``, ``use xray 1``, ``use medicine rleg``, ``use coma``,
``stuck flip lleg``, ``stuck flip torso return morgue``, ``take medicine``,
``flip rarm``, ``bite 2 torso``, and for chance ``draw coma``,
``limb 1 larm infected``, ``roll 4``.
"""

from __future__ import annotations

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, split_actor
from zombie_rules.zombie_doctor.cards import SLOTS
from zombie_rules.zombie_doctor.rules import to_act
from zombie_rules.zombie_doctor.state import Action, Move, State

_FORMS = (
    "'use CARD [SEAT] [SLOT]', 'stuck flip SLOT [return CARD]', 'take CARD', 'flip SLOT',"
    " 'bite SEAT SLOT', and for chance 'draw CARD', 'limb CHARACTER SLOT infected|healthy',"
    " 'roll N'; each optionally after '<actor>:'; slots: head torso larm rarm lleg rleg"
)
_SIDES = {"healthy": 0, "infected": 1}


def _arg(word: str, text: str) -> int:
    if word in SLOTS:
        return SLOTS[word]
    if word in _SIDES:
        return _SIDES[word]
    return parse_int(word, "a seat, slot or number", text)


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question.
    """
    actor, words = split_actor(text, to_act(state))
    keyword, rest = words[0], words[1:]
    try:
        action = Action(keyword)
    except ValueError:
        raise DecodeError(f"{text!r} is not a Zombie Doctor move; moves are {_FORMS}") from None
    if action is Action.STUCK:
        if len(rest) in (2, 4) and rest[0] == "flip" and (len(rest) == 2 or rest[2] == "return"):
            card = rest[3] if len(rest) == 4 else ""
            return Move(actor, action, card, (_arg(rest[1], text),))
        raise DecodeError(f"{text!r}: write 'stuck flip SLOT' or 'stuck flip SLOT return CARD'")
    if action in (Action.USE, Action.TAKE, Action.DRAW):
        if not rest:
            raise DecodeError(f"{text!r}: name the card after {keyword!r}")
        return Move(actor, action, rest[0], tuple(_arg(w, text) for w in rest[1:]))
    return Move(actor, action, "", tuple(_arg(w, text) for w in rest))
