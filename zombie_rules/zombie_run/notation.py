"""Zombie Run!'s move notation: ``draw pile``, ``swap 2 shout``, ``peek 0 1``, ``card 7``.

A card may be named as well as numbered (``card zombie horde``, ``card empty streets``,
``card 7 zombies``), and a look's positions may come in any order (``peek 3 1`` is
``peek 1 3``): the order of the cards you look at carries no meaning.
"""

from __future__ import annotations

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, split_actor
from zombie_rules.core.validation import short
from zombie_rules.zombie_run.cards import card_name
from zombie_rules.zombie_run.config import tables
from zombie_rules.zombie_run.rules import to_act
from zombie_rules.zombie_run.state import Action, Move, State

_FORMS = (
    "'draw pile', 'draw discard', 'swap N', 'swap N shout', 'discard', 'discard shout',"
    " 'peek N M', 'card N' or 'card NAME' (chance), each optionally after '<seat>:'"
)


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now".
    """
    actor, words = split_actor(text, to_act(state))
    shout = words[-1] == "shout"
    if shout:
        words = words[:-1]
    head = " ".join(words[:2])
    if head in ("draw pile", "draw discard") and len(words) == 2 and not shout:
        return Move(actor, Action(head))
    keyword, args = (words[0], words[1:]) if words else ("", [])
    if keyword == "card" and not shout and args and not (len(args) == 1 and args[0].isdigit()):
        return Move(actor, Action.CARD, (_card_by_name(state, " ".join(args), text),))
    numbers = tuple(parse_int(w, "a hand position or card", text) for w in args)
    if keyword == "swap" and len(numbers) == 1:
        return Move(actor, Action.SWAP, numbers, shout)
    if keyword == "discard" and not numbers:
        return Move(actor, Action.DISCARD, (), shout)
    if keyword == "peek" and not shout:
        return Move(actor, Action.PEEK, tuple(sorted(numbers)))
    if keyword == "card" and len(numbers) == 1 and not shout:
        return Move(actor, Action.CARD, numbers)
    raise DecodeError(f"{short(text)} is not a Zombie Run! move; moves are {_FORMS}")


def _card_by_name(state: State, name: str, text: str) -> int:
    """The zombie count of the card called ``name`` in this config's deck."""
    names = {card_name(value).lower(): value for value in tables(state.config).values}
    found = names.get(name)
    if found is None:
        known = ", ".join(sorted(names, key=lambda n: names[n]))
        raise DecodeError(f"{short(text)}: no card called {short(name, 30)}; cards: {known}")
    return found
