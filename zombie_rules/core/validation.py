"""Checks every title's validation shares: ``Config`` field types, a move's actor and kind.

attrs does not check types, and a wrong type in a config (``"3"`` players, a
string where an enum belongs) would otherwise play a silently different game.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig, UnknownSeat


def require_type(field: str, value: Any, kind: type | tuple[type, ...]) -> None:
    """Raise :class:`InvalidConfig` unless ``value`` is exactly of ``kind`` (bool is not int)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = any(
        type(value) is k or (k is not int and k is not bool and isinstance(value, k)) for k in kinds
    )
    if not ok:
        names = " or ".join("None" if k is type(None) else k.__name__ for k in kinds)
        raise InvalidConfig(field, f"must be {names}, not {type(value).__name__} {short(value)}")


def require_int_pairs(field: str, value: Any) -> None:
    """Raise :class:`InvalidConfig` unless ``value`` is a tuple of ``(int, int)`` tuples."""
    if not isinstance(value, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int
        for pair in value
    ):
        raise InvalidConfig(field, f"must be a tuple of (int, int) pairs, not {short(value)}")


def expect_move(move: Any, actor: int, actions: tuple[Enum, ...], phase: str) -> None:
    """Raise :class:`IllegalMove` unless ``move`` is by ``actor`` and one of ``actions``.

    The first check of every ``apply`` handler, shared so that every title words
    "wrong actor" and "wrong kind of move" the same way and names what is legal.
    """
    if move.seat != actor:
        who = "chance" if actor == CHANCE else f"seat {actor}"
        raise IllegalMove(f"{said(move)}: it is {who}'s move ({phase} phase)")
    if move.action not in actions:
        legal = " or ".join(repr(a.value) for a in actions)
        raise IllegalMove(
            f"{said(move)}: cannot {move.action.value!r} in the {phase} phase; legal: {legal}"
        )


def expect_seat(seat: Any, players: int) -> None:
    """Raise :class:`UnknownSeat` unless ``seat`` is ``None`` (a spectator) or an int seat.

    ``True`` and ``1.0`` compare equal to ``1`` but are not seats: a view asked for
    with them is refused like ``-1`` or ``99``, so no caller stores a float seat.
    """
    if seat is None:
        return
    if type(seat) is not int:
        raise UnknownSeat(f"a seat is an int from 0 to {players - 1} or None, not {short(seat)}")
    if not 0 <= seat < players:
        raise UnknownSeat(
            f"seat {short(seat)} is not at this {players}-player table (0-{players - 1})"
        )


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, so an error never repeats a huge input."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


_Check = Callable[[Any], bool]
_SHAPES: dict[type, tuple[tuple[str, _Check, str], ...]] = {}


def _field_check(kind: Any) -> tuple[_Check, str]:
    if kind is int:
        return (lambda v: type(v) is int), "an int"
    if kind is bool:
        return (lambda v: type(v) is bool), "true or false"
    if kind is str:
        return (lambda v: type(v) is str), "a string"
    if isinstance(kind, type) and issubclass(kind, Enum):
        article = "an" if kind.__name__[0] in "AEIOU" else "a"
        return (lambda v: type(v) is kind), f"{article} {kind.__name__}"
    if kind == tuple[int, ...]:
        return (lambda v: type(v) is tuple and all(type(x) is int for x in v)), "a tuple of ints"
    raise TypeError(f"expect_well_formed cannot check a field of type {kind!r}")


def _shape(move_type: type) -> tuple[tuple[str, _Check, str], ...]:
    shape = _SHAPES.get(move_type)
    if shape is None:
        attrs.resolve_types(move_type)
        shape = tuple((field.name, *_field_check(field.type)) for field in attrs.fields(move_type))
        _SHAPES[move_type] = shape
    return shape


def expect_well_formed(move: Any, move_type: type) -> None:
    """Raise :class:`IllegalMove` unless ``move`` is a ``move_type`` whose fields have their types.

    attrs does not check types, so ``Move(seat=1.0)`` or ``Move(args=[1])`` can be
    built; it compares equal to a legal move, and a handler would store the bad
    value in a frozen state (a list cannot even be hashed). Every title's ``apply``
    calls this first. The fields supported are those moves use: ints, bools,
    strings, enums and tuples of ints. A move registered by :func:`vetted` passes
    at once.
    """
    if type(move) is move_type and id(move) in _VETTED:
        return
    if type(move) is not move_type:
        raise IllegalMove(
            f"{short(move)}: not a move of this game (expected a {move_type.__module__}."
            f"{move_type.__qualname__}, got {type(move).__name__})"
        )
    for name, check, what in _shape(move_type):
        value = getattr(move, name)
        if not check(value):
            raise IllegalMove(
                f"{short(move)}: field {name!r} must be {what}, not"
                f" {type(value).__name__} {short(value, 30)}"
            )


#: The moves :func:`vetted` has checked, by ``id``. Holding them here keeps them
#: alive, so no other object can take one of these ids while it is listed.
_VETTED: dict[int, Any] = {}
#: Past this many the registry is emptied: a move no longer listed is checked in
#: full again, which is slower but still right, and memory stays bounded.
_MAX_VETTED = 1 << 16

T = TypeVar("T")


def vetted(moves: tuple[T, ...], move_type: type) -> tuple[T, ...]:
    """``moves``, each checked once by :func:`expect_well_formed` and then let through at once.

    ``legal_moves`` hands out cached tuples of shared ``Move`` objects, and ``apply``
    is called with those nearly every time; checking every field of every move
    there was a fifth of a playout's ``apply``. Registering the cached moves once
    (by ``id``, the objects held alive) lets :func:`expect_well_formed` skip them,
    while a move built anywhere else (parsed, decoded, hand-made) is still checked
    in full. Use it on cached move tuples only: each call registers its moves.
    """
    if len(_VETTED) + len(moves) > _MAX_VETTED:
        _VETTED.clear()
    for move in moves:
        expect_well_formed(move, move_type)
        _VETTED[id(move)] = move
    return moves


def said(move: Any) -> str:
    """A move's notation for an error message, cut short (a story may be megabytes long)."""
    try:
        text = str(move)
    except Exception:  # a malformed move whose __str__ fails must still be refusable
        text = short(move)
    return text if len(text) <= 60 else f"{text[:57]}..."
