"""The actor prefix shared by every title's move notation.

A move's text is ``"<actor>: <action>"`` (``"2: swap 1"``, ``"chance: card 7"``).
The prefix may be left out when exactly one actor can move, which is what a person
at a terminal types; ``str(move)`` always writes it so logs are unambiguous.
"""

from __future__ import annotations

from collections.abc import Set

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError


def split_actor(text: str, to_act: Set[int]) -> tuple[int, list[str]]:
    """The actor and the action's words, or :class:`DecodeError` saying why not."""
    head, sep, rest = text.partition(":")
    if sep:
        name = head.strip().lower()
        if name == "chance":
            actor = CHANCE
        else:
            try:
                actor = int(name)
            except ValueError:
                raise DecodeError(
                    f"{text!r}: actor {head.strip()!r} is neither a seat number nor 'chance'"
                ) from None
        words = rest.split()
    else:
        if len(to_act) != 1:
            who = ", ".join(sorted("chance" if a == CHANCE else str(a) for a in to_act))
            raise DecodeError(
                f"{text!r}: say who moves as '<actor>: <move>'; may act now: {who or 'nobody'}"
            )
        (actor,) = to_act
        words = text.split()
    if not words:
        raise DecodeError(f"{text!r}: no move after the actor")
    return actor, [w.lower() for w in words]


def parse_int(word: str, what: str, text: str) -> int:
    """An integer argument of a move, or a :class:`DecodeError` naming it."""
    try:
        return int(word)
    except ValueError:
        raise DecodeError(f"{text!r}: {what} must be a whole number, not {word!r}") from None
