"""Zombie Doctor's observation encoder against a frozen copy of the one it replaced.

The encoder was rewritten for speed (tables kept per config, blocks kept by the
fields they come from); the tensors it gives must be the former ones entry for entry.
``_ReferenceObserve`` below is the former encoder as it stood, kept here (not in the
package) as the yardstick; it reads the state through the module's accessors, which
did not change.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
import pytest

from tests.learning_helpers import assert_same_masks, assert_same_observations, seeded_states
from zombie_rules.core.seats import has_seat
from zombie_rules.zombie_doctor import GAME
from zombie_rules.zombie_doctor.cards import MISSING, character_of, is_infected
from zombie_rules.zombie_doctor.learning import (
    _SIDES,
    _SLOTS,
    _STATUSES,
    _bottom,
    _deck_bottom,
    _hand,
    _known,
    _observation_slices,
    _xray_hand,
    learning,
)
from zombie_rules.zombie_doctor.state import State, Status

# ------------------------------------------------------------ the former encoder

#: Positions and values of some non-zero entries.
Cells = tuple[Sequence[int], Sequence[float]]


@functools.lru_cache(maxsize=4096)
def _seat_cells(base: int, players: int, mask: int) -> tuple[int, ...]:
    """The positions of the seats in the seat mask (a ``core.seats`` mask, via its helper)."""
    return tuple(base + s for s in range(players) if has_seat(mask, s))


@functools.lru_cache(maxsize=4096)
def _status_cells(base: int, status: tuple[Status, ...]) -> tuple[int, ...]:
    """Per seat, the position of its status in a block of ``len(Status)`` entries."""
    return tuple(base + s * _STATUSES + int(st) for s, st in enumerate(status))


@functools.lru_cache(maxsize=4096)
def _out_cells(base: int, players: int, out_order: tuple[int, ...]) -> tuple[int, ...]:
    """Per seat gone out, the position of its place in the order of going out."""
    return tuple(base + seat * players + place for place, seat in enumerate(out_order))


@functools.lru_cache(maxsize=16384)
def _body_cells(base: int, players: int, body: tuple[int, ...]) -> tuple[int, ...]:
    """One seat's six slots: the side up (or missing), then the character's one-hot."""
    width = _SIDES + players
    cells: list[int] = []
    for p, code in enumerate(body):
        at = base + p * width
        if code == MISSING:
            cells.append(at + 2)
        else:
            cells += (at + (1 if is_infected(code) else 0), at + _SIDES + character_of(code))
    return tuple(cells)


@functools.lru_cache(maxsize=16384)
def _count_cells(base: int, cards: tuple[int, ...]) -> Cells:
    """The positions and counts of the kinds in a tuple of card-kind indices."""
    counts: dict[int, int] = {}
    for k in cards:
        counts[k] = counts.get(k, 0) + 1
    kinds = sorted(counts)
    return tuple(base + k for k in kinds), tuple(float(counts[k]) for k in kinds)


@functools.lru_cache(maxsize=4096)
def _morgue_cells(base: int, morgue: tuple[int, ...]) -> Cells:
    """The positions and counts of the limbs in the morgue (it changes seldom)."""
    kinds = [i for i, c in enumerate(morgue) if c]
    return tuple(base + i for i in kinds), tuple(float(morgue[i]) for i in kinds)


@attrs.frozen
class _ReferenceObserve:
    """``nonzero(state, seat)``: the seat's view, laid out as :func:`_observation_slices` says.

    Most entries are zero (the bodies' one-hots, the deck's bottom), so only the
    non-zero ones are listed: the 1s apart from the counts, each block's positions
    taken from a cache keyed by the part of the state it reads (a body, a hand, the
    morgue). What the seats know and the deck's bottom change at nearly every step,
    so those are listed afresh. The PettingZoo environment asks at every step and
    fills an array of zeros at these positions; ``encode`` is derived from it.
    """

    players: int
    kinds: int
    at: dict[str, int]

    def known(self, state: State, seat: int) -> Cells:
        """The ``known_hands`` block: per holder, the kinds ``seat`` knows it holds."""
        base, k = self.at["known_hands"], self.kinds
        where: list[int] = []
        values: list[float] = []
        for holder in range(self.players):
            cells, counts = _count_cells(base + holder * k, _known(state, seat, holder))
            where += cells
            values += counts
        return where, values

    def bottom(self, state: State, seat: int) -> Cells:
        """The ``deck_bottom`` block: per place, the kind, or the unseen entry (the last)."""
        base, width = self.at["deck_bottom"], self.kinds + 1
        unseen = self.kinds
        cells = [
            base + i * width + (unseen if kind < 0 else kind)
            for i, kind in enumerate(_bottom(*_deck_bottom(state), seat))
        ]
        return cells, [1.0] * len(cells)

    def __call__(self, state: State, seat: int) -> tuple[list[int], list[float]]:
        n, at = self.players, self.at
        ones = [at["seat"] + seat, at["phase"] + int(state.phase)]
        turn, target = state.turn, state.xray_target
        if 0 <= turn < n:
            ones.append(at["turn"] + turn)
        if 0 <= target < n:
            ones.append(at["xray_target"] + target)
        ones += _status_cells(at["status"], state.status)
        ones += _out_cells(at["out_place"], n, state.out_order)
        ones += _seat_cells(at["coma"], n, state.coma)
        bodies, width = at["bodies"], _SLOTS * (_SIDES + n)
        for s, body in enumerate(state.bodies):
            ones += _body_cells(bodies + s * width, n, body)
        where: list[int] = []
        values: list[float] = []
        if state.round:
            where.append(at["round"])
            values.append(float(state.round))
        sizes = at["hand_sizes"]
        for s, hand in enumerate(state.hands):
            if hand:
                where.append(sizes + s)
                values.append(float(len(hand)))
        unknown = sum(state.deck_unknown)
        if unknown:
            where.append(at["deck_unknown"])
            values.append(float(unknown))
        for cells, counts in (
            _count_cells(at["hand"], _hand(state, seat)),
            _xray_cells(at["xray_hand"], _xray_hand(state, seat)),
            self.known(state, seat) if state.known else _NONE,
            self.bottom(state, seat),
            _morgue_cells(at["morgue"], state.morgue),
        ):
            where += cells
            values += counts
        return ones + where, [1.0] * len(ones) + values


_NONE: Cells = ((), ())


def _xray_cells(base: int, xray: tuple[int, ...] | None) -> Cells:
    """The X-Ray hand's cells, none when no X-Ray shows the seat a hand."""
    return _NONE if xray is None else _count_cells(base, xray)


# ------------------------------------------------------------------------ tests


def _reference(config: object) -> _ReferenceObserve:
    slices = _observation_slices(config)  # type: ignore[arg-type]
    kinds = slices[[p.name for p in slices].index("hand")].size
    return _ReferenceObserve(config.players, kinds, {p.name: p.start for p in slices})  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [0, 1])
def test_observation_matches_the_former_encoder(seed: int) -> None:
    config = GAME.default_config()
    pairs = seeded_states(GAME, config, 400, seed)
    assert_same_observations(learning(config), _reference(config), pairs)


def test_observation_matches_at_other_tables() -> None:
    for config in (
        attrs.evolve(GAME.default_config(), players=2),
        attrs.evolve(GAME.default_config(), players=3, bonus_mode=True),
    ):
        pairs = seeded_states(GAME, config, 200, 7)
        assert_same_observations(learning(config), _reference(config), pairs)


def test_masks_are_the_legal_moves() -> None:
    config = GAME.default_config()
    assert_same_masks(GAME, learning(config), seeded_states(GAME, config, 400, 3))
