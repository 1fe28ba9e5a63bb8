"""The state vocabulary in ``core``: seat masks, the fast ``replace`` and card codes."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zombie_rules.core.codes import CodeLayout
from zombie_rules.core.records import replacer
from zombie_rules.core.seats import (
    Seats,
    every_seat,
    has_seat,
    lowest_seat,
    mask_of,
    seat_count,
    seat_names,
    seats_in,
    seats_without,
    with_seat,
    without_seat,
)

SEAT_SETS = st.frozensets(st.integers(0, 9))


@given(SEAT_SETS, st.integers(0, 9))
def test_mask_helpers_agree_with_a_set(seats: frozenset[int], seat: int) -> None:
    mask = mask_of(seats)
    assert seats_in(mask) == tuple(sorted(seats))
    assert seat_count(mask) == len(seats)
    assert has_seat(mask, seat) == (seat in seats)
    assert seats_in(with_seat(mask, seat)) == tuple(sorted(seats | {seat}))
    assert seats_in(without_seat(mask, seat)) == tuple(sorted(seats - {seat}))
    if seats:
        assert lowest_seat(mask) == min(seats)
    others = frozenset({seat, (seat + 3) % 10})
    assert seats_in(seats_without(mask, mask_of(others))) == tuple(sorted(seats - others))
    assert seats_without(mask, mask) == 0 and seats_without(mask, 0) == mask
    assert seat_names(mask) == (", ".join(map(str, sorted(seats))) or "nobody")


@given(SEAT_SETS, SEAT_SETS)
def test_seats_behave_as_a_set_over_the_mask(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = Seats(*a), Seats(*b)
    assert list(x) == sorted(a) and len(x) == len(a) and bool(x) == bool(a)
    assert set(x | y) == a | b and set(x & y) == a & b and set(x - y) == a - b
    assert (x == y) == (a == b) and Seats.from_mask(x.mask) == x
    assert all(s in x for s in a) and -1 not in x and "0" not in x
    assert hash(Seats(*a)) == hash(x)


def test_seats_are_immutable_and_masks_not_negative() -> None:
    seats = Seats(0, 2)
    assert repr(seats) == "Seats(0, 2)" and seats.mask == 0b101 == mask_of((2, 0))
    with pytest.raises(AttributeError):
        seats.mask = 1
    with pytest.raises(ValueError):
        Seats.from_mask(-1)
    with pytest.raises(ValueError):
        lowest_seat(0)
    assert every_seat(3) == 0b111


@attrs.frozen(cache_hash=True)
class _Point:
    x: int
    y: int = attrs.field(converter=int)
    tags: tuple[str, ...] = ()


def test_replace_is_evolve_without_the_lookups() -> None:
    replace = replacer(_Point)
    point = _Point(1, 2, ("a",))
    moved = replace(point, y="5")  # the converter runs, as in evolve
    assert moved == attrs.evolve(point, y="5") == _Point(1, 5, ("a",))
    assert hash(moved) == hash(_Point(1, 5, ("a",)))  # the hash cache is fresh
    assert replace(point) == point and replace(point) is not point
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(point, z=3)


@given(st.integers(0, 500), st.integers(0, 31))
def test_a_code_layout_packs_and_reads_back(high: int, low: int) -> None:
    layout = CodeLayout(5)
    code = layout.pack(high, low)
    assert (layout.high(code), layout.low(code)) == (high, low)
    assert layout.with_low(code, 7) == layout.pack(high, 7)
    assert layout.low_limit == 32


def test_a_code_layout_refuses_parts_out_of_range() -> None:
    layout = CodeLayout(5)
    for high, low in ((1, 32), (1, -1), (-1, 0)):
        with pytest.raises(ValueError, match="cannot pack"):
            layout.pack(high, low)
