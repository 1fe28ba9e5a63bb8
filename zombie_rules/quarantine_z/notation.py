"""Quarantine Z's move notation: ``<actor>: <keyword> <integers>``.

Keywords are the :class:`Action` values (``propose 3``, ``give 2 14``,
``commit 0``, ``target-zombie 1``, ``roll 5``, ``zcard 12``); arguments are the
card, seat, location or zombie numbers the views print.
"""

from __future__ import annotations

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, split_actor
from zombie_rules.quarantine_z.rules import to_act
from zombie_rules.quarantine_z.state import Action, Move, State

_ACTIONS = {a.value: a for a in Action}


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation."""
    actor, words = split_actor(text, to_act(state))
    action = _ACTIONS.get(words[0])
    if action is None:
        raise DecodeError(
            f"{text!r} is not a Quarantine Z move; keywords: {', '.join(sorted(_ACTIONS))}"
        )
    args = tuple(parse_int(w, "an argument", text) for w in words[1:])
    return Move(actor, action, args)
