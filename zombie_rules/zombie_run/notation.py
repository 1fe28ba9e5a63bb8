"""Zombie Run!'s move notation: ``draw pile``, ``swap 2 shout``, ``peek 0 1``, ``card 7``.

A card may be named as well as numbered (``card zombie horde``, ``card horde``,
``card empty streets``, ``card 7 zombies``), read as every title reads names
(:func:`~zombie_rules.core.notation.pick_name`), a pile by its start (``draw d``),
and a look's positions may come in any order (``peek 3 1`` is ``peek 1 3``): the
order of the cards you look at carries no meaning.
"""

from __future__ import annotations

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, pick_name, split_actor, unknown_move
from zombie_rules.core.validation import short
from zombie_rules.zombie_run.config import card_label, tables
from zombie_rules.zombie_run.rules import to_act
from zombie_rules.zombie_run.state import Action, Move, State

#: The moves a seat may make, and chance's, as an unknown keyword's guess is picked among.
SEAT_FORMS = (
    "draw pile", "draw discard", "swap N", "swap N shout", "discard", "discard shout", "peek N M"
)  # fmt: skip
CHANCE_FORMS = ("card N", "card NAME")
_PILES = ("pile", "discard")


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now". A keyword no
    move has is answered with a guess among the actor's own moves (a seat is never
    offered chance's ``card``); a known keyword with the wrong words after it, with
    that move's forms.
    """
    actor, words = split_actor(text, to_act(state))
    shout = words[-1] == "shout"
    if shout:
        words = words[:-1]
    if not words:
        raise DecodeError(f"{short(text)}: 'shout' goes after a swap or a discard: {_SHOUTS}")
    keyword, args = words[0], words[1:]
    if keyword not in _KEYWORDS:
        forms = CHANCE_FORMS if actor == CHANCE else SEAT_FORMS
        raise DecodeError(f"{short(text)}: {unknown_move(keyword, forms)}")
    if keyword == "draw":
        if shout or len(args) != 1:
            raise DecodeError(f"{short(text)}: {_WRONG['draw']}")
        pile = pick_name(args, _PILES, "pile", text, _WRONG["draw"])
        return Move(actor, Action.DRAW_PILE if pile == 0 else Action.DRAW_DISCARD)
    if keyword == "card" and not shout and args and not (len(args) == 1 and args[0].isdigit()):
        return Move(actor, Action.CARD, (_card_by_name(state, args, text),))
    numbers = tuple(parse_int(w, _WHAT[keyword], text) for w in args)
    if keyword == "swap" and len(numbers) == 1:
        return Move(actor, Action.SWAP, numbers, shout)
    if keyword == "discard" and not numbers:
        return Move(actor, Action.DISCARD, (), shout)
    if keyword == "peek" and not shout:
        return Move(actor, Action.PEEK, tuple(sorted(numbers)))
    if keyword == "card" and len(numbers) == 1 and not shout:
        return Move(actor, Action.CARD, numbers)
    raise DecodeError(f"{short(text)}: {_WRONG[keyword]}")


_KEYWORDS = frozenset({"draw", "swap", "discard", "peek", "card"})
_SHOUTS = "'swap N shout' or 'discard shout'"
_WHAT = {
    "swap": "a hand position",
    "discard": "a hand position",
    "peek": "a hand position",
    "card": "a card",
}
_WRONG = {
    "draw": "draw from a pile: 'draw pile' or 'draw discard'",
    "swap": "swap the drawn card into one hand position: 'swap N' or 'swap N shout'",
    "discard": "a discard names no position: 'discard' or 'discard shout'",
    "peek": "a look names the hand positions: 'peek N M'",
    "card": "chance names one card: 'card N' or 'card NAME'",
}


def _card_by_name(state: State, words: list[str], text: str) -> int:
    """The zombie count of the card ``words`` name in this config's deck."""
    values = sorted(tables(state.config).values)
    names = [card_label(state.config, value).lower() for value in values]
    missing = f"no card called {short(' '.join(words), 30)}; cards: {', '.join(names)}"
    return values[pick_name(words, names, "card", text, missing)]
