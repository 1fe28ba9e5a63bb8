"""Sets of seats as ints: one bit per seat, read only through the names here.

A seat mask (bit ``s`` set: seat ``s`` is in the set) is the cheapest set of seats a
frozen state can hold: an int hashes, compares and serializes as itself. What makes a
mask dangerous is reading it by hand (``mask >> seat & 1`` written fifty times, one of
them wrong), so rule code never does: it calls the small functions below, and people
get :class:`Seats`, a set-like view of a mask in the spirit of python-chess's
``SquareSet`` (``in``, iteration in seat order, ``len``, ``|``, ``&``, ``-``, and the
mask underneath as :attr:`Seats.mask`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

#: A set of seats as an int: bit ``s`` is seat ``s``. Build and read it with the
#: functions of this module, never with shifts in rule code.
SeatMask: TypeAlias = int

#: The mask of no seat.
NOBODY: SeatMask = 0


def seat_bit(seat: int) -> SeatMask:
    """The mask of ``seat`` alone."""
    return 1 << seat


def has_seat(mask: SeatMask, seat: int) -> bool:
    """Whether ``seat`` is in ``mask``."""
    return bool(mask >> seat & 1)


def with_seat(mask: SeatMask, seat: int) -> SeatMask:
    """``mask`` with ``seat`` added."""
    return mask | 1 << seat


def without_seat(mask: SeatMask, seat: int) -> SeatMask:
    """``mask`` with ``seat`` taken out."""
    return mask & ~(1 << seat)


def seats_without(mask: SeatMask, other: SeatMask) -> SeatMask:
    """The seats of ``mask`` that are not in ``other``: the seats still to act, say."""
    return mask & ~other


def mask_of(seats: Iterable[int]) -> SeatMask:
    """The mask of ``seats`` (each once or more)."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def every_seat(players: int) -> SeatMask:
    """The mask of seats ``0 .. players - 1``."""
    return (1 << players) - 1


def seats_in(mask: SeatMask) -> tuple[int, ...]:
    """The seats of ``mask``, ascending."""
    return tuple(s for s in range(mask.bit_length()) if mask >> s & 1)


def seat_count(mask: SeatMask) -> int:
    """How many seats ``mask`` holds."""
    return mask.bit_count()


def lowest_seat(mask: SeatMask) -> int:
    """The lowest seat of a non-empty ``mask``; ``ValueError`` for an empty one."""
    if not mask:
        raise ValueError("no seat in an empty set of seats")
    return (mask & -mask).bit_length() - 1


def seat_names(mask: SeatMask) -> str:
    """``0, 2`` (or ``nobody``): the seats of ``mask`` for a message."""
    return ", ".join(map(str, seats_in(mask))) or "nobody"


class Seats:
    """An immutable set of seats over a :data:`SeatMask`, for people and front ends.

    ``Seats(0, 2)`` or ``Seats.from_mask(0b101)``; ``2 in seats``, ``list(seats)``
    (ascending), ``len(seats)``, ``seats | Seats(1)``, ``seats - Seats(0)``,
    ``seats & other``, ``seats.mask``. Equal to another ``Seats`` with the same
    mask, and hashable.
    """

    __slots__ = ("mask",)
    mask: SeatMask

    def __init__(self, *seats: int) -> None:
        object.__setattr__(self, "mask", mask_of(seats))

    @classmethod
    def from_mask(cls, mask: SeatMask) -> Seats:
        """The seats of ``mask``; ``ValueError`` for a negative mask."""
        if mask < 0:
            raise ValueError(f"a seat mask is not negative: {mask}")
        made = cls.__new__(cls)
        object.__setattr__(made, "mask", mask)
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Seats is immutable")

    def __contains__(self, seat: object) -> bool:
        return isinstance(seat, int) and seat >= 0 and bool(self.mask >> seat & 1)

    def __iter__(self) -> Iterator[int]:
        return iter(seats_in(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __or__(self, other: Seats) -> Seats:
        return Seats.from_mask(self.mask | other.mask)

    def __and__(self, other: Seats) -> Seats:
        return Seats.from_mask(self.mask & other.mask)

    def __sub__(self, other: Seats) -> Seats:
        return Seats.from_mask(seats_without(self.mask, other.mask))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seats) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("Seats", self.mask))

    def __repr__(self) -> str:
        return f"Seats({', '.join(map(str, self))})"
