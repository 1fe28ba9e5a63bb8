"""The actor prefix shared by every title's move notation.

A move's text is ``"<actor>: <action>"`` (``"2: swap 1"``, ``"chance: card 7"``).
The prefix may be left out when exactly one actor can move, which is what a person
at a terminal types; ``str(move)`` always writes it so logs are unambiguous.
"""

from __future__ import annotations

from collections.abc import Set

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.validation import short

#: The longest number a move's text may hold: ids, seats and positions are small, and
#: a cap keeps ``int()`` of a hostile thousand-digit word out of the parser.
MAX_DIGITS = 6


def split_actor(text: str, to_act: Set[int]) -> tuple[int, list[str]]:
    """The actor and the action's words, or :class:`DecodeError` saying why not."""
    if not isinstance(text, str):
        raise DecodeError(f"a move's text must be a string, not {type(text).__name__}")
    head, sep, rest = text.partition(":")
    if sep:
        name = head.strip().lower()
        if name == "chance":
            actor = CHANCE
        elif is_number(name):
            actor = int(name)
        else:
            raise DecodeError(
                f"{short(text)}: actor {short(head.strip(), 30)} is neither a seat number"
                " nor 'chance'"
            )
        words = rest.split()
    else:
        if len(to_act) != 1:
            who = ", ".join(sorted("chance" if a == CHANCE else str(a) for a in to_act))
            raise DecodeError(
                f"{short(text)}: say who moves as '<actor>: <move>'; may act now: {who or 'nobody'}"
            )
        (actor,) = to_act
        words = text.split()
    if not words:
        raise DecodeError(f"{short(text)}: no move after the actor")
    return actor, [w.lower() for w in words]


def is_number(word: str) -> bool:
    """Plain decimal digits only, at most :data:`MAX_DIGITS` of them.

    ``int()`` also takes ``"1_0"``, ``"+1"``, ``" 1"`` and non-ASCII digits, and
    spends quadratic time on huge words; none of those is a move's number.
    """
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def parse_int(word: str, what: str, text: str) -> int:
    """A non-negative integer argument of a move, or a :class:`DecodeError` naming it."""
    if is_number(word):
        return int(word)
    if word.isascii() and word.isdigit():
        raise DecodeError(f"{short(text)}: {what} has more than {MAX_DIGITS} digits")
    raise DecodeError(
        f"{short(text)}: {what} must be a whole number written in digits, not {short(word, 30)}"
    )
