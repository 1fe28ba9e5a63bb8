"""The records a title fills in so reinforcement-learning libraries can train on it.

What each title exports, from ``<title>/learning.py`` through one line of its
``__init__`` (``from zombie_rules.<title>.learning import learning``), which
:func:`~zombie_rules.core.builder.build_game` puts in ``Game.learning``:
``learning(config) -> Learning``, a plain function of that module (the ``Game`` must
pickle) built once per config (``functools.lru_cache`` behind
``core.memo.remember_last``), raising :class:`~zombie_rules.core.errors.InvalidConfig`
for a config it cannot bound (a game that may never end). The :class:`Learning` holds
``actions`` (:class:`ActionSpace`: every move a seat may make has a fixed index),
``chance`` (:class:`ChanceSpace`: every chance outcome has one), ``observation``
(:class:`Encoding`: a flat, fixed-size tensor of the seat's view, in named
:class:`Slice` s), ``recall`` (:class:`Recall`: what each step tells a seat, as tokens,
from which perfect-recall information states are built), ``returns``
(:class:`Returns`; :class:`SharedWin` fits any title) and ``bounds`` (:class:`Bounds`).
Everything is pure Python (flat tuples of numbers); ``zombie_rules.rl`` turns them into
arrays, and ``zombie_rules.testing.check_learning`` checks every promise made here.

Seats are served one at a time, also when several may act at once, and that is sound
in both cases that arise. A hidden commitment (a vote, a card laid face down) tells the
other seats nothing but that it was made, so the moves give the same state in either
order and leave the others' choices as they were. A move the others see (a steal in a
free phase) is a race: serving one seat first is the environment choosing who acts
first, and the second seat sees the first's move before it decides. A seat's index
space never names the seat.
"""

from __future__ import annotations

import functools
import operator
import struct
from array import array
from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.result import Result


@attrs.frozen
class Slice:
    """A named run ``[start, stop)`` of a flat tensor whose entries lie in ``[low, high]``.

    ``doc`` says what one entry means in the rulebook's words (which seat, which card,
    how it is scaled), so a person reading a trained network's inputs can tell.
    """

    name: str
    start: int
    stop: int
    doc: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many entries the slice holds."""
        return self.stop - self.start


def check_slices(slices: Sequence[Slice], size: int) -> None:
    """``ValueError`` unless ``slices`` tile ``[0, size)`` in order, with distinct names.

    Encoders build their slices once per config; a gap or an overlap would silently
    shift every entry after it, so the records check themselves when made.
    """
    at = 0
    for part in slices:
        if part.start != at or part.stop < part.start or part.low > part.high:
            raise ValueError(
                f"slice {part.name!r} should start at {at}, end after it and have low <= high"
            )
        at = part.stop
    if at != size:
        raise ValueError(f"slices cover {at} entries, not the declared {size}")
    names = [part.name for part in slices]
    if len(set(names)) != len(names):
        raise ValueError("two slices share a name")


def sliced(parts: Sequence[tuple[str, int, str, float, float]]) -> tuple[Slice, ...]:
    """Slices laid end to end from ``(name, size, doc, low, high)`` rows."""
    out = []
    at = 0
    for name, size, doc, low, high in parts:
        out.append(Slice(name, at, at + size, doc, low, high))
        at += size
    return tuple(out)


# ------------------------------------------------------------------- actions


@attrs.frozen
class ActionSpace:
    """Every move a seat can ever make under one config, numbered ``0 .. size - 1``.

    The index never names the seat: ``move(state, seat, i)`` is seat ``seat``'s move
    number ``i``, the same kind of move for every seat. The meaning of an index is
    fixed per config (``names[i]`` says it, e.g. ``"swap 2 shout"``), though a title
    may number moves relative to what the seat sees (the Objects at hand positions
    0 and 2) when that keeps the space small; ``names`` then says so.

    ``index(state, move)``
        the index of ``move`` (a move of any seat); raises :class:`IllegalMove`
        naming the space when no index stands for it here. It need not check that the
        move is legal now.
    ``move(state, seat, i)``
        the move; raises :class:`IllegalMove` naming the legal indices and their
        names unless ``i`` is legal for ``seat`` at ``state``.
    ``legal(state, seat)``
        the seat's legal indices, ascending, one for each of its legal moves (an empty
        tuple when it may not act, chance included). Together with ``move`` it is a
        bijection onto the seat's part of ``legal_moves(state)``.

    All three read only what the seat knows: equal in every world the seat cannot
    tell apart. :func:`actions_from_legal_moves` builds ``move`` and ``legal`` from
    ``index`` and the title's ``legal_moves``.
    """

    size: int
    names: tuple[str, ...]
    index: Callable[[Any, Any], int]
    move: Callable[[Any, int, int], Any]
    legal: Callable[[Any, int], tuple[int, ...]]

    def __attrs_post_init__(self) -> None:
        if len(self.names) != self.size or len(set(self.names)) != self.size:
            raise ValueError(f"an action space of {self.size} needs as many distinct names")

    def mask(self, state: Any, seat: int) -> tuple[int, ...]:
        """``1`` at each index legal for ``seat`` now, else ``0`` (length ``size``)."""
        row = [0] * self.size
        for i in self.legal(state, seat):
            row[i] = 1
        return tuple(row)


@attrs.frozen
class _SeatMoves:
    """One state's legal moves, per seat, sorted by index (built once per state)."""

    indices: dict[int, tuple[int, ...]]
    moves: dict[int, dict[int, Any]]


def _group(state: Any, legal: Sequence[Any], index: Callable[[Any, Any], int]) -> _SeatMoves:
    moves: dict[int, dict[int, Any]] = {}
    for move in legal:
        if move.seat != CHANCE:
            moves.setdefault(move.seat, {})[index(state, move)] = move
    return _SeatMoves({seat: tuple(sorted(row)) for seat, row in moves.items()}, moves)


class IndexByIdentity:
    """``index(state, move)`` remembered per move object, for an index that reads the move alone.

    Rules that hand out the same ``Move`` objects state after state (built once per
    hand, per phase) would otherwise have every legal move of every state indexed
    afresh, and a title's ``index`` hashes the move's fields (an ``Enum`` hashes in
    Python). Here a move seen before costs one dictionary look-up by ``id``; the move
    is kept beside its index (in ``seen``), so an ``id`` is never mistaken for a later
    object's, and the tables are emptied past ``limit`` entries. ``ids`` maps the same
    ``id`` to the index alone, for look-ups mapped over a whole tuple of moves at C
    speed: an ``id`` in it is that of a move ``seen`` keeps alive. Only for an ``index``
    that ignores the state (the same move has the same index everywhere).
    """

    def __init__(self, index: Callable[[Any, Any], int], limit: int = 8192) -> None:
        self.index = index
        self.limit = limit
        self.seen: dict[int, tuple[Any, int]] = {}
        self.ids: dict[int, int] = {}

    def __call__(self, state: Any, move: Any) -> int:
        hit = self.seen.get(id(move))
        if hit is not None and hit[0] is move:
            return hit[1]
        return self.learn(state, move)

    def learn(self, state: Any, move: Any) -> int:
        """Index ``move`` the title's way (refusals included) and remember it."""
        i = self.index(state, move)
        if len(self.seen) >= self.limit:
            self.seen.clear()
            self.ids.clear()
        self.seen[id(move)] = (move, i)
        self.ids[id(move)] = i
        return i


_seat_of = operator.attrgetter("seat")


def _group_known(state: Any, legal: Sequence[Any], index: IndexByIdentity) -> _SeatMoves:
    """:func:`_group` with the indices of moves seen before read from ``index.ids``.

    When every move is known (the common case) the indices are one mapped look-up;
    when one seat makes them all, the grouping is then one sort, with no Python step
    per move. Otherwise each move is looked at in turn.
    """
    found = list(map(index.ids.get, map(id, legal)))
    if None not in found:
        indices = cast("list[int]", found)
        of: list[int] = list(map(_seat_of, legal))
        seats = set(of)
        if CHANCE not in seats:
            if len(seats) == 1:
                only = dict(zip(indices, legal, strict=True))
                return _SeatMoves({of[0]: tuple(sorted(only))}, {of[0]: only})
            known: dict[int, dict[int, Any]] = {seat: {} for seat in seats}
            for seat, i, move in zip(of, indices, legal, strict=True):
                known[seat][i] = move
            return _SeatMoves({seat: tuple(sorted(row)) for seat, row in known.items()}, known)
    moves: dict[int, dict[int, Any]] = {}
    seen = index.seen
    for move in legal:
        seat = move.seat
        if seat == CHANCE:
            continue
        hit = seen.get(id(move))
        i = hit[1] if hit is not None and hit[0] is move else index.learn(state, move)
        row = moves.get(seat)
        if row is None:
            row = moves[seat] = {}
        row[i] = move
    return _SeatMoves({seat: tuple(sorted(row)) for seat, row in moves.items()}, moves)


@attrs.frozen
class _ByState:
    """The per-state grouping behind :func:`actions_from_legal_moves` (a record: it pickles).

    With an :class:`IndexByIdentity` index the grouping depends on the move objects
    alone, and rules that reuse their moves list the very same ones again and again
    (a seat's commitments, its free actions while its hand stays), each time in a new
    tuple. So groupings are also kept by the moves' identities (``tuple(map(id,
    legal))``, a C-speed key) in ``seen``, each with the tuple it was made from: that
    keeps every move alive, so equal keys mean the same objects. The table is emptied
    past 4096 entries.
    """

    index: Callable[[Any, Any], int]
    legal_moves: Callable[[Any], Sequence[Any]]
    seen: dict[tuple[int, ...], tuple[Sequence[Any], _SeatMoves]] = attrs.field(
        factory=dict, eq=False, repr=False
    )

    def __call__(self, state: Any) -> _SeatMoves:
        index = self.index
        legal = self.legal_moves(state)
        if type(index) is not IndexByIdentity:
            return _group(state, legal, index)
        key = tuple(map(id, legal))
        hit = self.seen.get(key)
        if hit is not None:
            return hit[1]
        grouped = _group_known(state, legal, index)
        if len(self.seen) >= 4096:
            self.seen.clear()
        self.seen[key] = (legal, grouped)
        return grouped


@attrs.frozen(eq=False)
class _ByTuple:
    """The grouping of each tuple ``legal_moves`` hands out, kept by the tuple's identity.

    For titles whose ``legal_moves`` returns cached, shared tuples: the grouping is done
    once per tuple object, not once per state. The tuple is kept with its entry, so an
    ``id`` is never mistaken for a later tuple's; the table is emptied past 4096 entries.
    """

    index: Callable[[Any, Any], int]
    legal_moves: Callable[[Any], Sequence[Any]]
    table: dict[int, tuple[Sequence[Any], _SeatMoves]] = attrs.field(factory=dict)

    def __call__(self, state: Any) -> _SeatMoves:
        legal = self.legal_moves(state)
        entry = self.table.get(id(legal))
        if entry is not None and entry[0] is legal:
            return entry[1]
        grouped = _group(state, legal, self.index)
        if len(self.table) >= 4096:
            self.table.clear()
        self.table[id(legal)] = (legal, grouped)
        return grouped


@attrs.frozen
class _LegalFrom:
    grouped: Callable[[Any], _SeatMoves]

    def __call__(self, state: Any, seat: int) -> tuple[int, ...]:
        return self.grouped(state).indices.get(seat, ())


@attrs.frozen
class _MoveFrom:
    grouped: Callable[[Any], _SeatMoves]
    names: tuple[str, ...]

    def __call__(self, state: Any, seat: int, i: int) -> Any:
        row = self.grouped(state).moves.get(seat, {})
        move = row.get(i) if type(i) is int else None
        if move is None:
            raise IllegalMove(not_legal(i, seat, sorted(row), self.names))
        return move


def actions_from_legal_moves(
    size: int,
    names: tuple[str, ...],
    index: Callable[[Any, Any], int],
    legal_moves: Callable[[Any], Sequence[Any]],
    *,
    shared: bool = False,
) -> ActionSpace:
    """An :class:`ActionSpace` whose ``move`` and ``legal`` come from ``legal_moves``.

    The legal moves of the state asked about last are grouped by seat and index once
    (``remember_last``), so a driver asking for the mask, then the move, pays once.
    With ``shared=True`` the grouping is kept per tuple that ``legal_moves`` returns
    (by identity), for titles that hand out cached tuples: then ``index(state, move)``
    must give the same answer for every state at which that very tuple is legal (it
    reads the move, or only what the tuple's cache key fixes, such as the hand). An
    ``index`` wrapped in :class:`IndexByIdentity` (one that reads the move alone) is
    read per move object while grouping. Moves must have a ``seat`` attribute, as every
    title's do; chance moves are skipped.
    """
    grouped: Callable[[Any], _SeatMoves]
    if shared:
        grouped = _ByTuple(index, legal_moves)
    else:
        grouped = remember_last(_ByState(index, legal_moves))
    return ActionSpace(size, names, index, _MoveFrom(grouped, names), _LegalFrom(grouped))


def not_legal(i: object, seat: int, legal: Sequence[int], names: Sequence[str]) -> str:
    """The refusal of action ``i`` for ``seat``: what is legal, by index and name."""
    shown = ", ".join(f"{j} ({names[j]})" for j in legal[:20])
    more = f" and {len(legal) - 20} more" if len(legal) > 20 else ""
    what = f"{i} ({names[i]})" if type(i) is int and 0 <= i < len(names) else repr(i)[:40]
    if not legal:
        return f"action {what}: seat {seat} has no move now"
    return f"action {what} is not legal for seat {seat} now; legal: {shown}{more}"


@attrs.frozen
class ChanceSpace:
    """Every chance outcome under one config, numbered ``0 .. size - 1``.

    ``index(state, move)`` is the outcome's number at a chance node (raises
    :class:`IllegalMove` for a move that is not a chance outcome here), and
    ``outcome(state, i)`` the chance move (raises :class:`IllegalMove` naming the
    possible ones unless ``i`` has positive weight at ``state``). Distinct outcomes
    of one node have distinct indices; ``names[i]`` reads like ``"card 7"``.
    """

    size: int
    names: tuple[str, ...]
    index: Callable[[Any, Any], int]
    outcome: Callable[[Any, int], Any]

    def __attrs_post_init__(self) -> None:
        if len(self.names) != self.size or len(set(self.names)) != self.size:
            raise ValueError(f"a chance space of {self.size} needs as many distinct names")


@attrs.frozen
class ChanceTable:
    """A title's chance outcomes listed once per config and numbered by position.

    For titles whose chance moves are a fixed list of move objects (a draw per card
    kind, a roll per die face): ``outcomes[i]`` is outcome ``i``, ``by_move`` its
    inverse, ``names[i]`` how it reads, and ``weights`` the title's
    ``chance_weights``, which says which outcomes are possible now. :meth:`space` is
    the :class:`ChanceSpace`; its refusals name the title (``title``) and, for an
    impossible outcome, the possible ones by number and name.
    """

    title: str
    names: tuple[str, ...]
    by_move: dict[Any, int]
    outcomes: tuple[Any, ...]
    weights: Callable[[Any], tuple[Sequence[Any], Sequence[int]]]

    def index(self, state: Any, move: Any) -> int:
        """The number of the chance move ``move`` (:class:`IllegalMove` if none has one)."""
        i = self.by_move.get(move) if type(move) is type(self.outcomes[0]) else None
        if i is None:
            raise IllegalMove(f"{move!s:.60}: not a {self.title} chance outcome of this config")
        return i

    def outcome(self, state: Any, i: int) -> Any:
        """Outcome ``i`` if it is possible at ``state``, else :class:`IllegalMove`."""
        moves, _ = self.weights(state)
        if type(i) is int and 0 <= i < len(self.outcomes) and self.outcomes[i] in moves:
            return self.outcomes[i]
        possible = ", ".join(f"{self.by_move[m]} ({self.names[self.by_move[m]]})" for m in moves)
        raise IllegalMove(
            f"chance outcome {i!r:.40} is not possible now; possible: {possible or 'none'}"
        )

    def space(self) -> ChanceSpace:
        """The :class:`ChanceSpace` of these outcomes."""
        return ChanceSpace(len(self.names), self.names, self.index, self.outcome)


def chance_table(
    title: str,
    outcomes: Sequence[Any],
    name: Callable[[Any], str],
    weights: Callable[[Any], tuple[Sequence[Any], Sequence[int]]],
) -> ChanceTable:
    """The :class:`ChanceTable` of ``outcomes`` (distinct moves of one type), named by ``name``."""
    listed = tuple(outcomes)
    if not listed:
        raise ValueError("a chance table needs at least one outcome")
    by_move = {move: i for i, move in enumerate(listed)}
    if len(by_move) != len(listed):
        raise ValueError("two chance outcomes are equal")
    return ChanceTable(title, tuple(map(name, listed)), by_move, listed, weights)


# ----------------------------------------------------------- observations


@attrs.frozen
class Encoding:
    """A flat tensor of fixed ``size`` per config, read through named ``slices``.

    ``encode(state, seat)`` is a tuple of ``size`` numbers (``int`` or ``float``), each
    inside its slice's ``[low, high]``, and a function of ``view(state, seat)`` alone:
    equal in every world the seat cannot tell apart (``hidden_variant``,
    ``determinize``). The size never depends on the state: a pile, area or hand not yet
    dealt is encoded as zeros in its reserved room.

    ``nonzero(state, seat)``, optional, is the same observation as the positions and
    the values of its non-zero entries (two sequences; positions distinct, any
    order). Adapters prefer it when given, because filling an array of zeros at a few
    positions costs less than converting ``size`` numbers; :func:`sparse_encoding`
    derives ``encode`` from it, and ``check_learning`` checks that the two agree.

    ``packed(state, seat)``, optional, is the same observation once more as ``size``
    ``float32`` numbers in native byte order (``bytes``; see :class:`Packed`), which an
    adapter turns into an array in one step, without a Python number per entry. A
    title gives it when its blocks repeat, so their bytes can be kept and joined.
    ``encode`` stays the reference: ``packed`` holds its entries rounded to ``float32``,
    as any ``float32`` array of them would.
    """

    size: int
    slices: tuple[Slice, ...]
    encode: Callable[[Any, int], tuple[float, ...]]
    nonzero: Callable[[Any, int], tuple[Sequence[int], Sequence[float]]] | None = None
    packed: Callable[[Any, int], bytes] | None = None

    def __attrs_post_init__(self) -> None:
        check_slices(self.slices, self.size)

    def lows(self) -> tuple[float, ...]:
        """The lowest value of every entry (for a ``Box`` space)."""
        return tuple(part.low for part in self.slices for _ in range(part.size))

    def highs(self) -> tuple[float, ...]:
        """The highest value of every entry."""
        return tuple(part.high for part in self.slices for _ in range(part.size))

    def slice(self, name: str) -> Slice:
        """The slice called ``name`` (``KeyError`` naming the slices otherwise)."""
        for part in self.slices:
            if part.name == name:
                return part
        raise KeyError(f"no slice {name!r}; slices: {', '.join(p.name for p in self.slices)}")


@attrs.frozen
class _Dense:
    """``encode`` written from ``nonzero`` (a record, so the encoding pickles)."""

    size: int
    nonzero: Callable[[Any, int], tuple[Sequence[int], Sequence[float]]]

    def __call__(self, state: Any, seat: int) -> tuple[float, ...]:
        out = [0.0] * self.size
        positions, values = self.nonzero(state, seat)
        for i, x in zip(positions, values, strict=True):
            out[i] = x
        return tuple(out)


def sparse_encoding(
    size: int,
    slices: tuple[Slice, ...],
    nonzero: Callable[[Any, int], tuple[Sequence[int], Sequence[float]]],
    packed: Callable[[Any, int], bytes] | None = None,
) -> Encoding:
    """An :class:`Encoding` given by its non-zero entries, ``encode`` derived from them."""
    return Encoding(size, slices, _Dense(size, nonzero), nonzero, packed)


@functools.lru_cache(maxsize=1024)
def _floats_struct(count: int) -> struct.Struct:
    """The ``struct`` of ``count`` ``float32`` entries in native byte order (``array``'s ``f``)."""
    return struct.Struct(f"={count}f")


class Packed:
    """Small named helpers for a ``packed`` encoder: blocks as ``float32`` bytes, kept and joined.

    A packed observation is the ``float32`` bytes of each slice in order, joined once
    (``b"".join``): a block that recurs (a one-hot, a hand's counts, a body) is made
    once and then only looked up, so a state costs a few dictionary look-ups per block
    rather than a Python number per entry. Every block made here is exactly ``width``
    entries wide; :meth:`kept` bounds the tables so nothing grows without end.
    """

    #: The ``array`` type code of one entry (a C ``float``: ``float32``).
    CODE = "f"
    #: Entries a table holds before it is emptied.
    LIMIT = 8192

    @staticmethod
    def floats(values: Sequence[float]) -> bytes:
        """``values`` as packed entries (the bytes of ``array(CODE, values)``).

        Through a ``struct.Struct`` per length: ``array`` parses each entry with a format
        string, which costs three times as many instructions for a block of a hundred.
        """
        return _floats_struct(len(values)).pack(*values)

    @staticmethod
    def zeros(width: int) -> bytes:
        """``width`` zero entries."""
        return bytes(4 * width)

    @staticmethod
    def one_hots(width: int) -> tuple[bytes, ...]:
        """Row ``i`` has a 1 at ``i`` (``width`` entries); row ``width`` is all zeros.

        So ``one_hots(w)[i if 0 <= i < w else w]`` is the block of a one-hot that may be unset.
        """
        rows = [[0.0] * width for _ in range(width + 1)]
        for i in range(width):
            rows[i][i] = 1.0
        return tuple(Packed.floats(row) for row in rows)

    @staticmethod
    def counts(width: int, ids: Sequence[int]) -> bytes:
        """How many of each id in ``range(width)`` ``ids`` holds."""
        row = [0.0] * width
        for i in ids:
            row[i] += 1.0
        return Packed.floats(row)

    @staticmethod
    def placed(width: int, base: int, where: Sequence[int], values: Sequence[float]) -> bytes:
        """A block of ``width`` entries starting at position ``base`` of the tensor, from the
        positions (``where``, all in ``[base, base + width)``) and values of its non-zero ones.

        For an encoder that has its blocks as sparse entries: the bytes are made once per
        block and then only looked up.
        """
        # From zero bytes, not from a list: ``array`` converts a list entry by entry,
        # which costs ten times as much for a block of hundreds of entries.
        row: array[float] = array(Packed.CODE, bytes(4 * width))
        for k, x in zip(where, values, strict=True):
            if not base <= k < base + width:
                raise ValueError(f"entry {k} lies outside the block [{base}, {base + width})")
            row[k - base] = x
        return row.tobytes()

    @staticmethod
    def kept(table: dict[Any, bytes], key: Any, make: Callable[[], bytes]) -> bytes:
        """``table[key]``, made by ``make()`` the first time (the table emptied when full)."""
        found = table.get(key)
        if found is None:
            if len(table) >= Packed.LIMIT:
                table.clear()
            found = table[key] = make()
        return found


# ---------------------------------------------------------- perfect recall


@attrs.frozen
class Recall:
    """What each step tells one seat, as tokens: the makings of perfect recall.

    ``told(before, move, after, seat)`` is a tuple of ``int`` tokens, each in
    ``range(told_size)``: the public part of the move (who did what, in the seat's
    own index space where it can), then any card or secret the step shows the seat
    (a card turned face up, the card it drew, the cards it looked at). It is ``()``
    only when the seat cannot notice the step at all (its view must then be the same
    before and after). Two steps from one ``before`` that the seat cannot tell apart
    (the same view after, the same ``account`` for the seat) give the same tokens;
    steps it can tell apart (another view after, or another account) give different
    tokens. The tokens since ``new_game`` are then exactly what the seat has been
    told, in order: its information state with perfect recall (:meth:`Learning.key`),
    which determines its view. ``max_told`` bounds how many tokens one seat is told
    in any one game (each title's docstring derives it from the config).
    """

    told_size: int
    max_told: int
    told: Callable[[Any, Any, Any, int], tuple[int, ...]]


@attrs.frozen
class Memory:
    """What one seat remembers: the tokens it was told (:class:`Recall`), in order.

    ``since`` is ``None`` for a memory kept from the start of the game. A world
    sampled for a search (``determinize``) has no history for the other seats;
    there an adapter starts their memories ``since`` a snapshot of what they see in
    that world (their observation), stated in the key, so nothing from the true
    world leaks in.
    """

    seat: int
    told: tuple[int, ...] = ()
    since: Hashable = None

    def __copy__(self) -> Memory:
        return self

    def __deepcopy__(self, memo: Any) -> Memory:
        # Immutable: OpenSpiel clones a state's attributes with ``deepcopy``.
        return self


# ------------------------------------------------------------ returns, bounds


@attrs.frozen
class Returns:
    """Each seat's return at the end of a game, in ``[low, high]``.

    ``returns(state)`` has one number per seat: all zeros before the game ends, and
    summing to ``total`` at the end when ``total`` is not ``None`` (a constant-sum game).
    ``convention`` says how wins, losses, ties and shared wins are scored.
    """

    low: float
    high: float
    total: float | None
    convention: str
    returns: Callable[[Any], tuple[float, ...]]


#: How :class:`SharedWin` scores a game, for docs and adapters.
SHARED_WIN_CONVENTION = (
    "A game's winners share one win: with n seats and w winners, a winner gets"
    " (n / w - 1) / (n - 1) and every other seat -1 / (n - 1). A lone winner gets 1,"
    " a tie that every seat shares (a Texas Zombies draw: everyone wins) gives 0 to all,"
    " and the returns always sum to 0. With two seats: win 1, loss -1, tie 0."
)


@attrs.frozen
class SharedWin:
    """:data:`SHARED_WIN_CONVENTION` over a title's ``result``: zero-sum, fits any title.

    It reads only ``Result.winners``, never a title's score unit, so every title can use
    it; ``players`` is the config's number of seats.
    """

    result: Callable[[Any], Result | None]
    players: int

    def __call__(self, state: Any) -> tuple[float, ...]:
        outcome = self.result(state)
        n = self.players
        if outcome is None:
            return (0.0,) * n
        share = n / len(outcome.winners) - 1
        lose = -1 / (n - 1)
        return tuple(share / (n - 1) if s in outcome.winners else lose for s in range(n))

    def record(self) -> Returns:
        """The :class:`Returns` this convention makes."""
        return Returns(-1 / (self.players - 1), 1.0, 0.0, SHARED_WIN_CONVENTION, self)


@attrs.frozen
class Bounds:
    """Limits of every game under one config, derived from the rules and the config.

    ``max_decisions`` bounds the seats' moves in one game, ``max_chance_nodes`` the
    chance moves; ``max_legal_moves`` the legal moves one seat has at once (at most the
    action space's size); ``max_chance_outcomes`` the outcomes of one chance node (at
    most the chance space's size). Each title's docstring derives its numbers.
    """

    max_decisions: int
    max_chance_nodes: int
    max_legal_moves: int
    max_chance_outcomes: int

    @property
    def max_game_length(self) -> int:
        """The most steps (moves and chance outcomes) any one game can take."""
        return self.max_decisions + self.max_chance_nodes


# ------------------------------------------------------------------ the bundle


@attrs.frozen
class Learning:
    """Everything a reinforcement-learning adapter needs about one title under one config.

    The information state of a seat is a :class:`Memory`: :meth:`start` at
    ``new_game``, :meth:`remember` after every step (chance included), :meth:`key` a
    hashable perfect-recall key, :meth:`tensor` a fixed-size tensor holding the
    seat's current observation and then every token it was told, in order, as
    ``token + 1`` (``0``: room not used yet), so the tensor too has perfect recall.
    """

    actions: ActionSpace
    chance: ChanceSpace
    observation: Encoding
    recall: Recall
    returns: Returns
    bounds: Bounds

    def start(self, seat: int) -> Memory:
        """The memory of ``seat`` at the start of a game: nothing told yet."""
        return Memory(seat)

    def remember(self, memory: Memory, before: Any, move: Any, after: Any) -> Memory:
        """``memory`` after the step ``before --move--> after``."""
        tokens = self.recall.told(before, move, after, memory.seat)
        if not tokens:
            return memory
        return Memory(memory.seat, memory.told + tokens, memory.since)

    def key(self, memory: Memory) -> Hashable:
        """A hashable key, equal for two memories exactly when they were told the same."""
        if memory.since is None:
            return memory.told
        return (memory.since, memory.told)

    @property
    def info_size(self) -> int:
        """The length of :meth:`tensor`."""
        return self.observation.size + self.recall.max_told

    @property
    def info_slices(self) -> tuple[Slice, ...]:
        """The slices of :meth:`tensor`: the observation's, then ``told``."""
        told = Slice(
            "told",
            self.observation.size,
            self.info_size,
            "every token the seat was told, in order, plus 1 (0: room not used yet)",
            0.0,
            float(self.recall.told_size),
        )
        return (*self.observation.slices, told)

    def tensor(self, memory: Memory, state: Any) -> tuple[float, ...]:
        """The information-state tensor of ``memory``'s seat, ``state`` being where it is now."""
        told = memory.told
        room = self.recall.max_told - len(told)
        if room < 0:
            raise ValueError(f"{len(told)} tokens told, beyond the bound of {room + len(told)}")
        codes = tuple(token + 1 for token in told)
        return self.observation.encode(state, memory.seat) + codes + (0,) * room
