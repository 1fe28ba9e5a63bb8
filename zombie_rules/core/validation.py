"""Checks every title's validation shares: ``Config`` field types, a move's actor and kind.

attrs does not check types, and a wrong type in a config (``"3"`` players, a
string where an enum belongs) would otherwise play a silently different game.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig


def require_type(field: str, value: Any, kind: type | tuple[type, ...]) -> None:
    """Raise :class:`InvalidConfig` unless ``value`` is exactly of ``kind`` (bool is not int)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = any(
        type(value) is k or (k is not int and k is not bool and isinstance(value, k)) for k in kinds
    )
    if not ok:
        names = " or ".join("None" if k is type(None) else k.__name__ for k in kinds)
        raise InvalidConfig(field, f"must be {names}, not {type(value).__name__} {value!r}")


def require_int_pairs(field: str, value: Any) -> None:
    """Raise :class:`InvalidConfig` unless ``value`` is a tuple of ``(int, int)`` tuples."""
    if not isinstance(value, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int
        for pair in value
    ):
        raise InvalidConfig(field, f"must be a tuple of (int, int) pairs, not {value!r}")


def expect_move(move: Any, actor: int, actions: tuple[Enum, ...], phase: str) -> None:
    """Raise :class:`IllegalMove` unless ``move`` is by ``actor`` and one of ``actions``.

    The first check of every ``apply`` handler, shared so that every title words
    "wrong actor" and "wrong kind of move" the same way and names what is legal.
    """
    if move.seat != actor:
        who = "chance" if actor == CHANCE else f"seat {actor}"
        raise IllegalMove(f"{move}: it is {who}'s move ({phase} phase)")
    if move.action not in actions:
        legal = " or ".join(repr(a.value) for a in actions)
        raise IllegalMove(
            f"{move}: cannot {move.action.value!r} in the {phase} phase; legal: {legal}"
        )
