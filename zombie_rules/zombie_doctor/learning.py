"""Zombie Doctor for learning libraries: fixed action, chance and observation spaces per config.

:func:`learning` builds one :class:`~zombie_rules.core.learning.Learning` per config
(cached), following the contract in :mod:`zombie_rules.core.learning`:

- **actions**: every move a seat can make has an index, in this order: for each card
  kind of ``Config.deck`` (deck order) its ``use`` moves (Amputate ``(seat, slot)``
  over every seat and the slots it may cut: the four limbs and the head; Mad Scientist
  ``(seat, limb)``; X-Ray and custom cards ``(seat,)``; Medicine ``(limb,)``; Coma,
  Defibrillator and Morgue alone); then ``stuck flip SLOT [return CARD]`` (six slots,
  nothing or a kind returned); ``take CARD`` (X-Ray); ``flip SLOT``;
  ``bite SEAT SLOT``; ``pass``. Seats in arguments are absolute seat numbers, as in
  the notation; an index for the seat itself is simply never legal for it.
- **chance**: ``draw CARD`` per kind, ``limb CHARACTER SLOT SIDE`` per morgue kind,
  ``roll N`` per die face.
- **observation**: the seat's view as a flat tuple in named slices (see
  :func:`_observation_slices`), given by its non-zero entries (most are zero); a
  deck position, a hand or the morgue not yet filled is zeros in its reserved room,
  so the size depends on the config only.
- **recall**: the tokens of each step (see :class:`_Told`): the seat's own moves in
  full, others' moves as the seat sees them, then the cards its hand gained and lost
  and what its X-Ray shows it (so a card it takes from under the deck that another
  seat put there unseen is told).
- **returns**: :class:`~zombie_rules.core.learning.SharedWin` over ``result`` (a round
  cap tie shares the win).
- **bounds**: derived in :func:`_bounds` from the round cap: a config without one
  (``round_limit=None``, the rulebook game, which can loop for ever) has none, and
  :func:`learning` refuses it with ``InvalidConfig``, as it refuses a custom card
  built from vocabulary steps (its moves take other arguments than one seat).

Every reader of the state sits in the accessors at the top (``_hand``, ``_known`` ...),
each the same as :func:`~zombie_rules.zombie_doctor.views.view` reads it, so a renamed
state field is a one-place fix; encoding from the state rather than building the
``View`` keeps a step's encoding to a few microseconds. ``tests/test_learning_zombie_doctor.py``
proves the encodings depend on the view alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    ActionSpace,
    Bounds,
    ChanceTable,
    Learning,
    Packed,
    Recall,
    SharedWin,
    Slice,
    chance_table,
    not_legal,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import has_seat
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    LIMBS,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    SLOT_NAMES,
    XRAY,
    character_of,
    is_infected,
)
from zombie_rules.zombie_doctor.config import Config, morgue_limb, tables
from zombie_rules.zombie_doctor.knowledge import known_to
from zombie_rules.zombie_doctor.rules import DIE_FACES, chance_weights, legal_moves, result
from zombie_rules.zombie_doctor.state import SHOWN, Action, Move, Phase, State, Status

__all__ = ["learning"]

_SLOTS: Final = len(SLOT_NAMES)
_PHASES: Final = len(Phase)
_STATUSES: Final = len(Status)
#: Body-slot entries before the character one-hot: healthy side up, infected, missing.
_SIDES: Final = 3
#: The slots Amputate may cut (infected limbs, or the head once the torso is infected).
_CUTTABLE: Final = (HEAD, *LIMBS)


# ----------------------------------------------------------- state accessors
# The only places the state is read. Each reads what ``views.view`` shows the seat.


def _hand(state: State, seat: int) -> tuple[int, ...]:
    """``seat``'s own hand, as sorted card-kind indices (``View.hand``)."""
    return state.hands[seat]


def _xray_hand(state: State, seat: int) -> tuple[int, ...] | None:
    """The hand ``seat``'s X-Ray shows it now, else ``None`` (``View.xray_hand``)."""
    if state.phase is Phase.XRAY and seat == state.turn:
        return state.hands[state.xray_target]
    return None


def _known(state: State, seat: int, holder: int) -> tuple[int, ...]:
    """The card kinds ``seat`` knows ``holder`` holds (``View.known_hands``)."""
    return () if holder == seat or not state.known else known_to(state.known, seat, holder)


def _known_part(state: State) -> tuple[object, ...]:
    """The parts of the state ``_known`` reads (what each seat remembers of the hands)."""
    return (state.known,)


def _deck_bottom(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards under the deck in draw order, and who put each there unseen (or ``SHOWN``)."""
    return state.deck_bottom, state.deck_bottom_hidden_by


def _bottom(bottom: tuple[int, ...], hidden_by: tuple[int, ...], seat: int) -> list[int]:
    """What ``seat`` sees under the deck (``View.deck_bottom``): a kind, or ``-1`` if unseen."""
    return [k if by in (SHOWN, seat) else -1 for k, by in zip(bottom, hidden_by, strict=True)]


# ------------------------------------------------------------------ actions


def _action_moves(config: Config) -> tuple[tuple[Action, str, tuple[int, ...]], ...]:
    """Every seat move of the config as ``(action, card, args)``, in index order."""
    names = tables(config).names
    n = config.players
    rows: list[tuple[Action, str, tuple[int, ...]]] = []
    for name in names:
        if name == AMPUTATE:
            rows += [(Action.USE, name, (o, p)) for o in range(n) for p in _CUTTABLE]
        elif name == MAD_SCIENTIST:
            rows += [(Action.USE, name, (o, p)) for o in range(n) for p in LIMBS]
        elif name == MEDICINE:
            rows += [(Action.USE, name, (p,)) for p in LIMBS]
        elif name in (COMA, DEFIBRILLATOR, MORGUE):
            rows.append((Action.USE, name, ()))
        else:  # X-Ray and custom cards name a seat
            rows += [(Action.USE, name, (o,)) for o in range(n)]
    rows += [(Action.STUCK, back, (p,)) for p in range(_SLOTS) for back in ("", *names)]
    rows += [(Action.TAKE, name, ()) for name in names]
    rows += [(Action.FLIP, "", (p,)) for p in range(_SLOTS)]
    rows += [(Action.BITE, "", (v, p)) for v in range(n) for p in range(_SLOTS)]
    rows.append((Action.PASS, "", ()))
    return tuple(rows)


def _words(move: Move) -> str:
    """``str(move)`` without the actor: the name of an index."""
    return str(move).split(": ", 1)[1]


@attrs.frozen
class _Actions:
    """The index tables of one config: moves of every seat by index, and back."""

    names: tuple[str, ...]
    by_move: dict[Move, int]
    moves: tuple[tuple[Move, ...], ...]  # moves[seat][i]
    #: ``listed`` of the state asked about last (a driver asks the mask, then the move).
    remembered: Callable[[State], tuple[int, tuple[int, ...]]]

    def index(self, state: State, move: Move) -> int:
        i = self.by_move.get(move) if type(move) is Move else None
        if i is None:
            raise IllegalMove(
                f"{move!s:.60}: not a Zombie Doctor seat move of this config's"
                f" {len(self.names)} actions"
            )
        return i

    def legal(self, state: State, seat: int) -> tuple[int, ...]:
        actor, indices = self.remembered(state)
        return indices if seat == actor else ()

    def move(self, state: State, seat: int, i: int) -> Move:
        legal = self.legal(state, seat)
        if type(i) is not int or i not in legal:
            raise IllegalMove(not_legal(i, seat, legal, self.names))
        return self.moves[seat][i]


@attrs.frozen
class _Listed:
    """(the seat to move or ``CHANCE``, its legal indices ascending): one seat acts at a time.

    The rules hand out the same ``Move`` objects again and again (each kind's uses, the
    flips and takes are built once per hand or body), and hashing a ``Move`` costs far
    more than looking up its ``id``, so indices are also kept by the move's identity
    in ``seen``, each with its move (an ``id`` is never mistaken for a later object's);
    the table is emptied past 8192 entries.
    """

    by_move: dict[Move, int]
    seen: dict[int, tuple[Move, int]] = attrs.field(factory=dict, eq=False)

    def __call__(self, state: State) -> tuple[int, tuple[int, ...]]:
        moves = legal_moves(state)
        if not moves or moves[0].seat == CHANCE:
            return CHANCE, ()
        seen = self.seen
        indices = []
        for move in moves:
            hit = seen.get(id(move))
            if hit is None or hit[0] is not move:
                if len(seen) >= 8192:
                    seen.clear()
                hit = seen[id(move)] = (move, self.by_move[move])
            indices.append(hit[1])
        indices.sort()
        return moves[0].seat, tuple(indices)


def _actions(config: Config) -> _Actions:
    rows = _action_moves(config)
    moves = tuple(
        tuple(Move(seat, action, card, args) for action, card, args in rows)
        for seat in range(config.players)
    )
    by_move = {m: i for row in moves for i, m in enumerate(row)}
    names = tuple(_words(m) for m in moves[0])
    return _Actions(names, by_move, moves, remember_last(_Listed(by_move)))


# ------------------------------------------------------------------- chance


def _chance(config: Config) -> ChanceTable:
    """Deck draws per kind, morgue limbs per kind, die faces, in that order."""
    t = tables(config)
    outcomes = (
        *(Move(CHANCE, Action.DRAW, name) for name in t.names),
        *(
            Move(CHANCE, Action.LIMB, "", (c, slot, int(infected)))
            for c, slot, infected in map(morgue_limb, range(t.morgue_kinds))
        ),
        *(Move(CHANCE, Action.ROLL, "", (face,)) for face in range(1, DIE_FACES + 1)),
    )
    return chance_table("Zombie Doctor", outcomes, _words, chance_weights)


# -------------------------------------------------------------- observation


def _observation_slices(config: Config) -> tuple[Slice, ...]:
    """The observation's slices: name, size, meaning and range of every entry."""
    n, h = config.players, config.hand_size
    t = tables(config)
    k, d = len(t.names), sum(t.copies)
    limit = float(config.round_limit or 0)
    return sliced(
        [
            ("seat", n, "1 at the observing seat", 0.0, 1.0),
            ("phase", _PHASES, "1 at the phase (Phase order: deal, play, xray, ...)", 0.0, 1.0),
            ("turn", n, "1 at the seat whose turn it is", 0.0, 1.0),
            ("round", 1, "rounds completed (0 to round_limit)", 0.0, limit),
            ("status", n * _STATUSES, "per seat: 1 at alive, turned or beheaded", 0.0, 1.0),
            ("out_place", n * n, "per seat: 1 at its place in the order seats went out", 0.0, 1.0),
            ("coma", n, "1 for each seat in a Coma (immune to cards)", 0.0, 1.0),
            ("hand_sizes", n, "cards in each seat's hand", 0.0, float(h)),
            ("xray_target", n, "1 at the seat whose hand an X-Ray is looking at", 0.0, 1.0),
            ("deck_unknown", 1, "cards in the unseen part of the deck", 0.0, float(d)),
            (
                "bodies",
                n * _SLOTS * (_SIDES + n),
                "per seat, per slot (head, torso, larm, rarm, lleg, rleg): healthy side up,"
                " infected side up, missing, then 1 at the character the card belongs to",
                0.0,
                1.0,
            ),
            ("hand", k, "the observing seat's cards, counted per kind (deck order)", 0.0, float(h)),
            (
                "xray_hand",
                k,
                "the hand the seat's X-Ray shows it now, per kind (else zeros)",
                0.0,
                float(h),
            ),
            (
                "known_hands",
                n * k,
                "per seat: the cards the observer knows are in that hand, per kind",
                0.0,
                float(h),
            ),
            (
                "deck_bottom",
                d * (k + 1),
                "per place under the deck, in draw order: 1 at the card's kind, or at the last"
                " entry for a card put there unseen; zeros past the last card",
                0.0,
                1.0,
            ),
            (
                "morgue",
                t.morgue_kinds,
                "limbs in the morgue by kind (character * 8 + (slot - 2) * 2 + infected)",
                0.0,
                1.0,
            ),
        ]
    )


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
class _Observe:
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


class _Pack:
    """``packed(state, seat)``: the observation of :class:`_Observe` as ``float32`` bytes.

    The PettingZoo environment asks at every step, for a state it has not seen, and
    most of what it reads recurs: a seat's one-hot, a body, a hand's counts, the
    statuses, the morgue. Each slice's bytes are kept in a table by the part of the
    state they come from (:class:`~zombie_rules.core.learning.Packed`) and the
    observation is one join of them; the deck's bottom is joined from one row per
    place. ``tests/test_encoder_equivalence_zombie_doctor.py`` checks it against the
    former encoder at every step of seeded games.
    """

    def __init__(self, players: int, kinds: int, slices: tuple[Slice, ...]) -> None:
        n = self.players = players
        self.kinds = kinds
        size = {p.name: p.size for p in slices}
        self.seats = Packed.one_hots(n)  # seat, turn, xray_target (row n: none)
        self.phases = Packed.one_hots(size["phase"])
        self.places = Packed.one_hots(kinds + 1)  # a place under the deck; row kinds: unseen
        self.deck_room = size["deck_bottom"] // (kinds + 1)
        self.no_cards = Packed.zeros(kinds)
        #: Bytes by the part of the state they come from, one table per kind of block.
        self.tables: dict[str, dict[Any, bytes]] = {
            name: {}
            for name in ("float", "status", "out", "coma", "sizes", "body", "cards", "morgue")
        }
        self.no_hands = (self.no_cards,) * n
        #: The zeros after a bottom of ``i`` cards.
        self.deck_rest = tuple(
            Packed.zeros((self.deck_room - i) * (kinds + 1)) for i in range(self.deck_room + 1)
        )
        #: The head block (:meth:`_head`) for the fields it was made from last.
        self.last: list[object] = [None, b""]

    def _status(self, status: tuple[Status, ...]) -> bytes:
        row = [0.0] * (self.players * _STATUSES)
        for s, st in enumerate(status):
            row[s * _STATUSES + int(st)] = 1.0
        return Packed.floats(row)

    def _out(self, out_order: tuple[int, ...]) -> bytes:
        n = self.players
        row = [0.0] * (n * n)
        for place, seat in enumerate(out_order):
            row[seat * n + place] = 1.0
        return Packed.floats(row)

    def _coma(self, coma: int) -> bytes:
        return Packed.floats([float(has_seat(coma, s)) for s in range(self.players)])

    def _body(self, body: tuple[int, ...]) -> bytes:
        return Packed.kept(self.tables["body"], body, lambda: self._body_row(body))

    def _body_row(self, body: tuple[int, ...]) -> bytes:
        width = _SIDES + self.players
        row = [0.0] * (_SLOTS * width)
        for p, code in enumerate(body):
            if code == MISSING:
                row[p * width + 2] = 1.0
            else:
                row[p * width + (1 if is_infected(code) else 0)] = 1.0
                row[p * width + _SIDES + character_of(code)] = 1.0
        return Packed.floats(row)

    def _cards(self, cards: tuple[int, ...]) -> bytes:
        return Packed.kept(self.tables["cards"], cards, lambda: Packed.counts(self.kinds, cards))

    def _head(self, state: State) -> bytes:
        """Round, statuses, order out, Comas and hand sizes: kept for the fields asked last."""
        sizes = tuple(map(len, state.hands))
        key = (state.round, state.status, state.out_order, state.coma, sizes)
        last = self.last
        if last[0] == key:
            return last[1]  # type: ignore[return-value]
        kept, tables = Packed.kept, self.tables
        status, out_order, coma = state.status, state.out_order, state.coma
        head = b"".join(
            (
                kept(tables["float"], state.round, lambda: Packed.floats((state.round,))),
                kept(tables["status"], status, lambda: self._status(status)),
                kept(tables["out"], out_order, lambda: self._out(out_order)),
                kept(tables["coma"], coma, lambda: self._coma(coma)),
                kept(tables["sizes"], sizes, lambda: Packed.floats(sizes)),
            )
        )
        last[:] = [key, head]
        return head

    def __call__(self, state: State, seat: int) -> bytes:
        n, seats, tables = self.players, self.seats, self.tables
        turn, target = state.turn, state.xray_target
        parts = [
            seats[seat],
            self.phases[int(state.phase)],
            seats[turn if 0 <= turn < n else n],
            self._head(state),
            seats[target if 0 <= target < n else n],
        ]
        unknown = sum(state.deck_unknown)
        found = tables["float"].get(unknown)
        if found is None:
            found = Packed.kept(tables["float"], unknown, lambda: Packed.floats((unknown,)))
        parts.append(found)
        bodies = tables["body"]
        for body in state.bodies:
            found = bodies.get(body)
            parts.append(self._body(body) if found is None else found)
        cards = tables["cards"]
        hand = _hand(state, seat)
        found = cards.get(hand)
        parts.append(self._cards(hand) if found is None else found)
        xray = _xray_hand(state, seat)
        parts.append(self.no_cards if xray is None else self._cards(xray))
        if state.known:
            for holder in range(n):
                known = _known(state, seat, holder)
                found = cards.get(known)
                parts.append(self._cards(known) if found is None else found)
        else:
            parts += self.no_hands
        bottom, hidden_by = _deck_bottom(state)
        unseen, places = self.kinds, self.places
        if hidden_by.count(SHOWN) == len(hidden_by):
            parts += map(places.__getitem__, bottom)
        else:
            parts += [places[unseen if k < 0 else k] for k in _bottom(bottom, hidden_by, seat)]
        parts.append(self.deck_rest[len(bottom)])
        morgue = state.morgue
        found = tables["morgue"].get(morgue)
        if found is None:
            found = Packed.kept(tables["morgue"], morgue, lambda: Packed.floats(morgue))
        parts.append(found)
        return b"".join(parts)


# ------------------------------------------------------------------- recall


@functools.lru_cache(maxsize=16384)
def _hand_change(kinds: int, before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """Secret tokens (before the offset) for a hand going from ``before`` to ``after``.

    ``k`` for each card of kind ``k`` gained, ``kinds + k`` for each lost (multisets).
    """
    gained = list(after)
    lost: list[int] = []
    for k in before:
        if k in gained:
            gained.remove(k)
        else:
            lost.append(k)
    return (*gained, *(kinds + k for k in lost))


@attrs.frozen
class _Told:
    """The tokens of one step for one seat: the move as the seat saw it, then its secrets.

    The first token tells the move (``range(public)``):

    - ``[0, actions)``: a seat move seen in full: the seat's own, or another's public
      one (a card used, a flip, a bite, a pass, a stuck flip returning nothing);
    - ``actions + slot``: another seat's stuck flip of ``slot`` returning a card unseen
      ("do not show them to your opponents");
    - ``actions + 6``: another seat takes a card from an X-Rayed hand;
    - ``actions + 7``: a card drawn from the unseen part of the deck (by anyone);
    - ``actions + 8 + i``: chance outcome ``i`` seen by all (a morgue limb, a die).

    Then the secrets, each ``public + s``: ``s = k`` for each card of kind ``k`` the
    seat's hand gained in the step, ``kinds + k`` for each it lost, and, when the seat
    uses an X-Ray, ``2 * kinds + k`` for each card of the hand it is shown ("The
    opponent must reveal them only to you"). The hand's change tells the seat the card
    it drew, the card an X-Ray took from it, and a card it took from under the deck that
    another seat had put there unseen. The rest of its view is public, or follows from
    what it did and saw: its own moves are told in full.
    """

    actions: _Actions
    chance: ChanceTable
    kinds: int

    @property
    def public(self) -> int:
        return len(self.actions.names) + _SLOTS + 2 + len(self.chance.names)

    @property
    def size(self) -> int:
        return self.public + 3 * self.kinds

    def __call__(self, before: State, move: Move, after: State, seat: int) -> tuple[int, ...]:
        actor = move.seat
        action = move.action
        base = len(self.actions.names)
        shown: tuple[int, ...] = ()
        if actor == CHANCE:
            if action is Action.DRAW:
                first = base + _SLOTS + 1
            else:
                first = base + _SLOTS + 2 + self.chance.by_move[move]
        elif actor == seat:
            first = self.actions.by_move[move]
            if action is Action.USE and move.card == XRAY:
                shown = tuple([2 * self.kinds + k for k in after.hands[move.args[0]]])
        elif action is Action.STUCK and move.card:
            first = base + move.args[0]
        elif action is Action.TAKE:
            first = base + _SLOTS
        else:
            first = self.actions.by_move[move]
        mine, now = _hand(before, seat), _hand(after, seat)
        secrets = shown if mine == now else _hand_change(self.kinds, mine, now) + shown
        if not secrets:
            return (first,)
        offset = self.public
        return (first, *[offset + s for s in secrets])


# ------------------------------------------------------------------- bounds


def _bounds(config: Config, actions: int, outcomes: int) -> Bounds:
    """The limits of a game under ``config``.

    Turns: the game ends once ``round_limit`` rounds are complete, a round has at
    most one turn per seat, so at most ``T = round_limit * players`` turns start.
    A turn is a card turn (play, then an X-Ray's take and a self flip at most: 3
    decisions; a morgue limb and the one refill draw its used card calls for: 2
    chance nodes) or, in the Bonus Game Mode, a zombie's (a die roll, then a bite or a
    pass). The opening deal adds ``players * hand_size`` draws. A hand is never short
    by more than one card after the deal: a turn uses one card, or returns one, or
    an X-Ray moves one between two hands.

    Legal moves at once: in ``play``, the uses of the distinct kinds in a hand (at
    most ``hand_size`` kinds; Amputate (seats - 1) * 5, Mad Scientist (seats - 1) * 4,
    X-Ray seats - 1, Medicine 4, a custom card every seat, the others 1), or the
    stuck flips (4 limbs, each returning nothing or one of those kinds); a take lists
    the target's kinds; a flip 4 limbs; a bite 4 limbs of each other seat, and pass.
    Chance outcomes at once: a card kind, a morgue limb (each limb card is one of a
    kind: 4 per character) or a die face.
    """
    limit = config.round_limit
    if limit is None:
        raise InvalidConfig(
            "round_limit",
            "a game without a round cap may never end, so it has no bounds to learn with;"
            " set round_limit (the default is 200)",
        )
    n, h = config.players, config.hand_size
    t = tables(config)
    turns = limit * n
    per_kind = []
    for name in t.names:
        if name == AMPUTATE:
            per_kind.append((n - 1) * len(_CUTTABLE))
        elif name == MAD_SCIENTIST:
            per_kind.append((n - 1) * len(LIMBS))
        elif name == XRAY:
            per_kind.append(n - 1)
        elif name == MEDICINE:
            per_kind.append(len(LIMBS))
        elif name in (COMA, DEFIBRILLATOR, MORGUE):
            per_kind.append(1)
        else:
            per_kind.append(n)
    distinct = min(h, len(t.names))
    play = sum(sorted(per_kind, reverse=True)[:distinct])
    stuck = len(LIMBS) * (1 + distinct)
    bite = (n - 1) * len(LIMBS) + 1
    most = max(play, stuck, distinct, len(LIMBS), bite)
    limbs = min(t.morgue_kinds, n * len(LIMBS))
    return Bounds(
        max_decisions=3 * turns,
        max_chance_nodes=n * h + 2 * turns,
        max_legal_moves=min(actions, most),
        max_chance_outcomes=min(outcomes, max(len(t.names), limbs, DIE_FACES)),
    )


def _max_told(config: Config, bounds: Bounds) -> int:
    """The most tokens (:class:`_Told`) one seat is told in a game.

    One per step; a seat's hand gains at most one card a turn besides the deal
    (``hand_size + turns`` gains), it cannot lose more than it gained, and each of its
    own turns (one a round) may show it an X-Rayed hand of at most ``hand_size`` cards.
    """
    assert config.round_limit is not None  # _bounds refused a game without a cap
    turns = config.round_limit * config.players
    gains = config.hand_size + turns
    return bounds.max_game_length + 2 * gains + config.hand_size * config.round_limit


# --------------------------------------------------------------- the bundle


def _learning(config: Config) -> Learning:
    built = [card.name for card in config.custom_cards if card.steps]
    if built:
        # The action space gives a custom card one use per seat and has no ``order``
        # move: a card of vocabulary steps takes other arguments and may be followed by
        # a look, so encoding it would mislabel its moves.
        raise InvalidConfig(
            "custom_cards",
            f"the learning records encode a custom card as a use on one seat, but"
            f" {', '.join(map(repr, built))} is built from vocabulary steps; give such a"
            " card a registered effect (CustomCard(name, effect=...)) or leave it out",
        )
    acts = _actions(config)
    chance = _chance(config)
    bounds = _bounds(config, len(acts.names), len(chance.names))
    t = tables(config)
    kinds = len(t.names)
    slices = _observation_slices(config)
    size = slices[-1].stop
    told = _Told(acts, chance, kinds)
    return Learning(
        actions=ActionSpace(len(acts.names), acts.names, acts.index, acts.move, acts.legal),
        chance=chance.space(),
        observation=sparse_encoding(
            size,
            slices,
            _Observe(config.players, kinds, {p.name: p.start for p in slices}),
            _Pack(config.players, kinds, slices),
        ),
        recall=Recall(told.size, _max_told(config, bounds), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds,
    )


#: One ``Learning`` per config, the config asked about last answered by identity.
_remembered = remember_last(functools.lru_cache(maxsize=64)(_learning))


def learning(config: Config) -> Learning:
    """The learning records of ``config``, built once (a plain function: ``Game`` pickles)."""
    return _remembered(config)
