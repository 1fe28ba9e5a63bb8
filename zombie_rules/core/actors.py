"""Who may act: seats are ``0 .. players-1`` clockwise; chance is a pseudo-seat."""

from __future__ import annotations

from typing import Final

#: The actor of chance events (shuffles, draws from face-down piles, die rolls).
#: Negative so it can never collide with a seat index.
CHANCE: Final[int] = -1


def seat_name(actor: int) -> str:
    """The notation prefix for an actor: ``"chance"`` or the seat number."""
    return "chance" if actor == CHANCE else str(actor)
