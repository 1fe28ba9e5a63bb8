"""Quarantine Z for learning libraries: fixed action, chance and observation spaces per config.

:func:`learning` builds one :class:`~zombie_rules.core.learning.Learning` per config
(cached), following the contract in :mod:`zombie_rules.core.learning`:

- **actions**: every move a seat can make has an index, in :class:`~.state.Action`
  order, each over all its arguments: items by id, seats, locations, Zombie cards by
  id (``event``: Events only, with a victim seat for a Bite; ``mutate``: Mutations
  only). A zombie is named by its number (``Zombie.number``), which it keeps while in
  play: ``target-zombie N`` and ``mutate C N`` run over ``N < Z``, where ``Z`` is the
  number of Zombie cards of the config (each card enters play at most once, so no
  zombie is numbered ``Z`` or more). Seats in arguments are absolute seat numbers.
- **chance**: a Building, an item, a Zombie card by id; a die face.
- **observation**: the seat's view (:func:`~zombie_rules.quarantine_z.views.view`), as
  a flat tuple of ints in named slices (:func:`_slices`): the area has room for
  ``area_size`` locations and zombies for ``Z`` numbers from the start, zeros until
  set-up deals them, so the shape never changes.
- **recall**: per step, a token for the move as the seat saw it, then one for each entry
  of the observation's card part that changed (see :class:`_Told`).
- **returns**: :class:`~zombie_rules.core.learning.SharedWin` over ``result`` (the
  living Survivors share a win).
- **bounds**: true bounds (:func:`_bounds`, derived in :func:`_counts_of`): every loop
  of the rules is bounded by a config number, combats by ``Config.combat_round_limit``.
  A config with no finite bound is refused with
  :class:`~zombie_rules.core.errors.InvalidConfig`: ``combat_round_limit=None`` (a
  combat of missed rolls may go on for ever) or ``zombie_may_pass=True`` (so may trips).
  The bounds are loose (any capped free action may be an ambush whose combat runs to the
  limit), and ``max_told`` with them: the perfect-recall tensor (``Learning.tensor``) is
  practical only at small tables; train on the observation, or on the key.

The seat-dependent parts of the view are read only through the accessors at the top
(``_cards_seen``, ``_lost_seen``) and the step record only
through :func:`_step_entries_of`, so a renamed view field is a one-place fix. The
observation is sparse (:func:`~zombie_rules.core.learning.sparse_encoding`): some sixty
non-zero entries of the default table's 1,840, from blocks cached per state record.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from typing import Any, Final

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    ActionSpace,
    Bounds,
    ChanceTable,
    IndexByIdentity,
    Learning,
    Packed,
    Recall,
    SharedWin,
    Slice,
    actions_from_legal_moves,
    chance_table,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import has_seat, mask_of
from zombie_rules.quarantine_z._base import zombie_deck_size
from zombie_rules.quarantine_z.cards import Deck, Event, Face, Kind
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.rules import chance_weights, legal_moves, result, to_act
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State
from zombie_rules.quarantine_z.views import (
    ClaimedCard,
    _split,
    view,
)

__all__ = ["learning"]

_PHASES: Final = tuple(Phase)
_PHASE_AT: Final = {phase: i for i, phase in enumerate(_PHASES)}
_DIE: Final = 6
#: Commitments as the view shows them: none laid or face down (``None``), then each card.
_COMMITS: Final = (None, *Commit)
#: What a claim's card is to the seat: no claim, then each ``ClaimedCard``.
_CLAIMED: Final = (None, *ClaimedCard)


@attrs.frozen(cache_hash=True)
class _Sizes:
    """The counts every table of one config is sized by."""

    players: int
    items: int
    zombie_kinds: int
    buildings: int
    area: int
    zombies: int  # Z: Zombie cards of the config, a bound on zombie numbers
    mutations: tuple[int, ...]  # Zombie card ids with a Mutation face
    big: int  # a bound for counters: every card and point of Life in the game


def _sizes(config: Config) -> _Sizes:
    zc = config.zombie_cards
    items = config.items
    zombies = sum(c.copies for c in zc)
    cards = zombies + sum(i.copies for i in items)
    life = config.players * config.survivor_life + sum(i.heal * i.copies for i in items)
    return _Sizes(
        players=config.players,
        items=len(items),
        zombie_kinds=len(zc),
        buildings=len(config.buildings),
        area=config.area_size,
        zombies=zombies,
        mutations=tuple(i for i, c in enumerate(zc) if c.face is Face.MUTATION),
        big=cards + life + sum(i.armor * i.copies for i in items) + 6 * config.players,
    )


# ------------------------------------------------------------- view accessors
# The only places the view's seat-dependent parts are read (the view's own cached
# functions for one state record), and the step record: a renamed field is fixed here.
# The fields every seat sees alike are read from the state in ``_Observe``.


def _lost_seen(config: Config, lost: tuple[int, ...], seat: int) -> tuple[Any, int, int]:
    """``View.lost_known``, ``lost_hidden_supply`` and ``lost_hidden_munition``."""
    return _split(config, lost, seat)


def _cards_seen(config: Config, cards: tuple[int, ...], seat: int) -> tuple[Any, int, int]:
    """A hand's or a location's cards as the view shows them to ``seat``.

    ``known``, ``hidden_supply`` and ``hidden_munition`` of ``View.survivors[k]`` (for
    ``Survivor.hand``) and of ``View.area[k]`` (for ``Location.cards``): the view makes
    both with this same function of the cards alone, so the encoder keeps them by the
    cards, which change far less often than the records holding them.
    """
    return _split(config, cards, seat)


def _plain_step(state: State) -> bool:
    """Whether ``View.step`` is the state's step record itself (all but a claim's are)."""
    return type(state.step).__name__ != "Claim"


def _step_entries_of(step: Any, s: _Sizes) -> list[float]:
    """The step record (``View.step``) as the ``step`` slice: MARKED, the part that moves.

    The step records (``steps.py``, ``views.ClaimView``) are new and may still change;
    this function is the one place that reads them. Layout: the record's kind (one-hot,
    none first), a first seat (drawer, roller or declarer, claimant, thief, attacker), a
    second seat (victim), a count (set-up draws made, Zombie draws left, Zombies played,
    discards left, the biting zombie's number), a second count (Zombies played before
    the draws), the deck (Supply, Munition), the phase resumed, the objectors' mask, a
    claim's use flag, and an ambush's gun (item id; the last entry: Fight).
    """
    n = s.players  # the record is read by its class name: the records may still change
    kind = 0 if step is None else 1 + _STEP_KINDS.index(type(step).__name__)
    first = second = -1
    count = count2 = 0
    deck: Deck | None = None
    resume: Phase | None = None
    mask = 0
    use = False
    gun = -1
    name = type(step).__name__
    if name == "SetupDraw":
        first, count, deck = step.drawer, step.drawn, step.deck
    elif name == "ZombieDraws":
        count, resume, count2 = step.left, step.resume, step.played
    elif name == "Turn":
        first = step.seat
    elif name == "ZombiesStep":
        count = step.played
    elif name == "LootDraw":
        deck = step.deck
    elif name == "ClaimView":
        first, use, mask = step.claimant, step.use, step.objectors
    elif name == "Steal":
        first, second, resume = step.thief, step.victim, step.resume
    elif name == "Ambush":
        first, second, resume = step.attacker, step.victim, step.resume
        gun = s.items if step.gun is None else step.gun
    elif name == "ShelterDiscards":
        count = step.discards_left
    elif name == "Bite":
        count = step.zombie
    out = _hot(len(_STEP_KINDS) + 1, kind)
    out += _hot(n, first) + _hot(n, second) + [float(count), float(count2)]
    out += [float(deck is Deck.SUPPLY), float(deck is Deck.MUNITION)]
    out += _hot(len(_PHASES), -1 if resume is None else _PHASE_AT[resume])
    out += _flags(n, mask)
    out += [float(use), *_hot(s.items + 1, gun)]
    return out


#: The step record kinds ``_step_entries`` knows, by class name (the view's claim record).
_STEP_KINDS: Final = (
    "SetupDraw", "ZombieDraws", "Turn", "ZombiesStep", "LootDraw", "ClaimView", "Steal",
    "Ambush", "ShelterDiscards", "Bite",
)  # fmt: skip


def _hot(size: int, at: int) -> list[float]:
    """``size`` zeros with a 1 at ``at`` (none when ``at`` is outside).

    Entries are floats: an adapter turns the tuple into a ``float32`` array, which
    NumPy does half again as fast from floats as from ints.
    """
    row = [0.0] * size
    if 0 <= at < size:
        row[at] = 1.0
    return row


def _counts(size: int, ids: tuple[int, ...]) -> list[float]:
    """How many of each id ``ids`` holds, as floats."""
    row = [0.0] * size
    for i in ids:
        row[i] += 1.0
    return row


# ---------------------------------------------------------------- observation


def _slices(config: Config) -> tuple[tuple[Slice, ...], int]:
    """The observation's slices, and where its card part starts (all after it is cards)."""
    s = _sizes(config)
    n, i, zk, a, z = s.players, s.items, s.zombie_kinds, s.area, s.zombies
    big = float(s.big)
    step_size = len(_STEP_KINDS) + 1 + 2 * n + 2 + 2 + len(_PHASES) + n + 1 + i + 1
    public = [
        ("seat", n, "1 at the observing seat", 0.0, 1.0),
        ("phase", len(_PHASES), "1 at the phase (Phase order)", 0.0, 1.0),
        ("to_act", n + 1, "1 for each seat that may act, the last entry for chance", 0.0, 1.0),
        ("here", a + 1, "1 at the Survivors' location, the last entry before any", 0.0, 1.0),
        ("piles", 3, "Buildings left to deal, Supply and Munition deck sizes", 0.0, big),
        ("proposals", n * (a + 1), "per seat: 1 at its proposal (last entry: none)", 0.0, 1.0),
        ("passed", n, "1 for each seat marked passed (ready or waiting)", 0.0, 1.0),
        ("restricted", n, "1 for each seat restricted this visit", 0.0, 1.0),
        ("waiting", n, "1 for each seat still to answer a claim", 0.0, 1.0),
        ("actions_used", n, "free actions each seat used this visit", 0.0, big),
        ("counters", 5, "loot to draw (Supply, Munition), noise, fed, allowance", 0.0, big),
        ("next_zombie", 1, "zombies that have entered play so far", 0.0, float(z)),
        ("step", step_size, "the phase's step record (see _step_entries_of)", 0.0, big),
        ("survivors", n * (2 + 2 * i), "per seat: Life, Armor, equipped items, wear", 0.0, big),
        ("locations", a * (2 + s.buildings), "per place: dealt, 1 at its building, looted", 0, 1),
        (
            "zombies",
            z * (4 + len(s.mutations) + n),
            "per zombie number: in play, face up, damage taken, its location's place (0 to"
            " area_size - 1), its Mutations (config order), the seats that fought it this round",
            0.0,
            big,
        ),
        (
            "combat",
            2 + len(_PHASES) + 4 * n + n * 4 + n * n + 3,
            "in combat, revealed, 1 at the phase it interrupted, members, escaped, died,"
            " laid a card; per seat its target (none, zombie, Survivor; then which);"
            " per seat its place in the queue; noise, scare (items may lower it), hostile",
            -big,
            big,
        ),
    ]
    cards = [
        (
            "hands",
            n * (i + 2),
            "per seat: its hand's items the observer knows (counts by id), then its other"
            " cards by back (Supply, Munition)",
            0.0,
            big,
        ),
        ("lying", a * (i + 2), "per place: the cards lying there, as for hands", 0.0, big),
        ("lost", i + 2, "cards out of the game face down (a hand lost before any arrival)", 0, big),
        (
            "zombie_secrets",
            2 * zk,
            "the Zombie Player's hand by card id, then the cards it put out face down by id"
            " (both in its own view only)",
            0.0,
            big,
        ),
        ("used", i, "items played out of the game, by id", 0.0, big),
        ("zombie_gone", zk, "Zombie cards out of the game face up, by id", 0.0, big),
        (
            "zombie_counts",
            3,
            "the Zombie Player's hand size, the Zombie deck's size, cards out face down",
            0.0,
            big,
        ),
        (
            "zombie_faces",
            z,
            "per zombie number: its card id plus 1 if the observer knows it, else 0",
            0.0,
            float(zk),
        ),
        ("commits", n * len(_COMMITS), "per seat: its Action card as the observer knows it", 0, 1),
        ("claim", len(_CLAIMED) + i, "the claimed card: what the observer knows, its item", 0, 1),
    ]
    parts = sliced([(nm, sz, doc, float(lo), float(hi)) for nm, sz, doc, lo, hi in public])
    start = parts[-1].stop
    rest = sliced([(nm, sz, doc, float(lo), float(hi)) for nm, sz, doc, lo, hi in cards])
    shifted = tuple(
        Slice(p.name, p.start + start, p.stop + start, p.doc, p.low, p.high) for p in rest
    )
    return (*parts, *shifted), start


@functools.lru_cache(maxsize=1024)
def _flags(players: int, mask: int) -> tuple[float, ...]:
    """1 for each seat of a seat mask (read through ``core.seats``)."""
    return tuple(float(has_seat(mask, p)) for p in range(players))


@functools.lru_cache(maxsize=4096)
def _rows(size: int) -> tuple[tuple[float, ...], ...]:
    """One-hot rows of ``size`` by position, then all zeros (index ``-1`` or ``size``)."""
    return (*(tuple(_hot(size, at)) for at in range(size)), (0.0,) * size)


#: Entries of a block: positions and values of its non-zero entries (two tuples).
_Entries = tuple[tuple[int, ...], tuple[float, ...]]
_NONE: _Entries = ((), ())


def _entries(base: int, dense: Sequence[float]) -> _Entries:
    """The non-zero entries of ``dense`` laid at ``base`` (a block built the plain way).

    Selected by ``itertools.compress`` and ``filter`` (no Python step per entry): the
    zombies' rows and the piles are laid out this way at many steps.
    """
    where = tuple(compress(range(base, base + len(dense)), dense))
    return where, tuple(map(float, filter(None, dense)))


class _Observe:
    """``nonzero(state, seat)``: the seat's view laid out as :func:`_slices` says, sparsely.

    Only some sixty of the default table's 1,840 entries are not zero, so the
    observation is built as their positions and values, from blocks cached per state
    record: a Survivor, a location, the combat, the step record (records are immutable
    and shared between states, so a block is built once per record and seat). The
    Survivors', the locations' and the piles' blocks are found first per seat by the
    state's tuple of them (``last``: by identity, or as one tuple compared), since a move
    leaves most of them as they were.
    The seat-dependent parts of a record come from the view's own functions for it
    (:func:`_cards_seen`, :func:`_lost_seen`), so the observation stays a function of
    the view; a claim's step is read from the view.
    The hands and the cards lying at each place are kept by the cards themselves (a
    Survivor's wound or a zombie's damage makes a new record, not new cards).
    """

    def __init__(self, config: Config, sizes: _Sizes, slices: tuple[Slice, ...]) -> None:
        self.config = config
        self.sizes = s = sizes
        self.at = at = {part.name: part.start for part in slices}
        self.cards_at = at["hands"]  # where the card part (:class:`_Told`) starts
        n, i = s.players, s.items
        self.people = (2 + 2 * i, i + 2)  # widths per Survivor: public, cards
        self.places = (2 + s.buildings, i + 2)  # widths per location: public, cards
        self.zombie_width = 4 + len(s.mutations) + n
        #: Per (block, seat): what a block was made from last, then its entries (two
        #: blocks at most): 0 the Survivors, 1 the locations, 2 the zombies (per
        #: Zombie Player or not), 3 the piles and cards out of play.
        self.last: dict[tuple[int, int], tuple[object, _Entries, _Entries]] = {}
        #: Per (seat, Survivor): the record last seen there and its two blocks.
        self.survivors: dict[tuple[int, int], tuple[object, _Entries, _Entries]] = {}
        no_commit = at["commits"]
        self.no_commits = tuple(no_commit + p * len(_COMMITS) for p in range(n))
        self.no_claim = (at["claim"],)

    def __call__(self, state: State, seat: int) -> tuple[list[int], list[float]]:
        at, s = self.at, self.sizes
        a = s.area
        here = state.here
        ones = [
            at["seat"] + seat,
            at["phase"] + _PHASE_AT[state.phase],
            at["here"] + (a if here < 0 else here),
            *_seat_flags(
                self, to_act(state), state.proposals, state.passed, state.restricted, state.waiting
            ),
        ]
        where, values = self._piles(state, seat)
        for block in (
            _value_entries(at["actions_used"], state.actions_used),
            _value_entries(at["counters"], (*state.loot, state.noise, state.fed, state.allowance)),
        ):
            where += block[0]
            values += block[1]
        if state.next_zombie:
            where.append(at["next_zombie"])
            values.append(float(state.next_zombie))
        plain = _plain_step(state)
        step = state.step if plain else view(state, seat).step
        block = _step_entries(step, s, at["step"])
        where += block[0]
        values += block[1]
        for part in (*self._people(state, seat), *self._area(state, seat)):
            where += part[0]
            values += part[1]
        combat = state.combat
        if combat is not None:
            block = _combat_entries(combat, s, at["combat"])
            where += block[0]
            values += block[1]
        if combat is None:
            ones += self.no_commits
        else:
            ones += _commit_positions(at["commits"], combat.commits, combat.revealed, seat)
        if plain:
            ones += self.no_claim
        else:
            block = _claim_entries(step, s, at["claim"])
            where += block[0]
            values += block[1]
        return ones + where, [1.0] * len(ones) + values

    def _people(self, state: State, seat: int) -> tuple[_Entries, _Entries]:
        """The Survivors' public block and their cards as ``seat`` knows them.

        The public block is the same for every seat, so it is kept for the tuple of
        records asked about last whoever asks (by identity); the cards are kept per seat
        by the tuple, and below that per record and seat (a move changes one Survivor
        at most, and the seats take turns, so a seat's last tuple is often stale).
        """
        records = state.survivors
        last = self.last.get((0, -1))
        if last is not None and last[0] is records:
            public = last[1]
        else:
            public = _joined([_survivor_public(self, r, k) for k, r in enumerate(records)])
            self.last[0, -1] = (records, public, _NONE)
        key = (0, seat)
        last = self.last.get(key)
        if last is not None and last[0] is records:
            return public, last[1]
        cards: list[_Entries] = []
        kept = self.survivors
        for k, record in enumerate(records):
            found = kept.get((seat, k))
            if found is None or found[0] is not record:
                found = kept[seat, k] = (record, _survivor_cards(self, record, seat, k), _NONE)
            cards.append(found[1])
        block = _joined(cards)
        self.last[key] = (records, block, _NONE)
        return public, block

    def _area(self, state: State, seat: int) -> tuple[_Entries, _Entries, _Entries, _Entries]:
        """The locations, their cards, then the zombies and their faces as the seat knows them."""
        area = state.area
        zombie_player = seat == self.config.zombie_seat
        key = (1, seat)
        last = self.last.get(key)
        if last is not None and last[0] is area:
            places, lying = last[1], last[2]
        else:
            parts = [_location_entries(self, record, seat, k) for k, record in enumerate(area)]
            places = _joined([p[0] for p in parts])
            lying = _joined([p[1] for p in parts])
            self.last[key] = (area, places, lying)
        combat = state.combat
        fought = () if combat is None else combat.fought
        bodies, faces = _zombie_entries(self, area, state.here, fought, zombie_player)
        return places, lying, bodies, faces

    def _piles(self, state: State, seat: int) -> tuple[list[int], list[float]]:
        """The piles and the cards out of play: new lists, for the caller to extend.

        The deck sizes, the lost cards, the Zombie Player's secrets and counts, the used
        items and the Zombie cards gone change only when a card is drawn or leaves play,
        so their entries are kept per seat for the fields asked about last (compared as
        one tuple: the same objects compare at once, equal ones give equal entries).
        """
        key = (
            state.building_pile, state.supply_deck, state.munition_deck, state.lost,
            state.zombie_hand, state.zombie_hidden, state.used, state.zombie_gone,
            state.zombie_deck, state.burned,
        )  # fmt: skip
        last = self.last.get((3, seat))
        if last is not None and last[0] == key:
            where, values = last[1]
            return list(where), list(values)
        at, s = self.at, self.sizes
        zombie_player = seat == self.config.zombie_seat
        counts = (
            (at["piles"], (
                sum(state.building_pile), sum(state.supply_deck), sum(state.munition_deck)
            )),
            (at["zombie_counts"], (
                len(state.zombie_hand), zombie_deck_size(state), sum(state.zombie_hidden)
            )),
        )  # fmt: skip
        found: list[_Entries] = [_entries(base, row) for base, row in counts]
        found += (
            _lost_entries(self, state.lost, seat),
            _secret_entries(
                at["zombie_secrets"], s.zombie_kinds, state.zombie_hand, state.zombie_hidden
            )
            if zombie_player
            else _NONE,
            _value_entries(at["used"], state.used),
            _value_entries(at["zombie_gone"], state.zombie_gone),
        )
        block = _joined(found)
        self.last[3, seat] = (key, block, _NONE)
        return list(block[0]), list(block[1])


#: The kinds of block :class:`_Pack` keeps bytes of, one table each.
_PACK_TABLES = (
    "flags", "actions_used", "used", "zombie_gone", "counters", "step", "public",
    "place", "cards", "commits", "lost", "secrets",
)  # fmt: skip


class _Pack:
    """``packed(state, seat)``: :class:`_Observe`'s observation as ``float32`` bytes, by slices.

    The PettingZoo environment asks at every step, for a state it has not seen, yet a
    step changes a few records and leaves the rest of the observation as it was. So each
    slice (or run of slices read from one part of the state) is made once as bytes, from
    :class:`_Observe`'s own block functions (the two cannot disagree), and kept by the
    part of the state it reads: by identity for the records and tuples the rules share
    from state to state (the object kept beside its bytes, so an ``id`` is never a later
    object's), by value for small keys. The observation is then one join of some thirty
    blocks, where the sparse entries cost a Python step per entry and two conversions in
    the adapter. A Survivor's and a location's cards read alike wherever they lie
    (items by id, then unseen backs), so one table serves hands and places.
    """

    def __init__(self, observe: _Observe, slices: tuple[Slice, ...]) -> None:
        self.observe = observe
        s = observe.sizes
        self.at = observe.at
        self.width = width = {part.name: part.size for part in slices}
        self.seats = Packed.one_hots(s.players)
        self.phases = Packed.one_hots(len(_PHASES))
        self.heres = Packed.one_hots(s.area + 1)  # row area: before any location
        self.no_combat = Packed.zeros(width["combat"])
        self.no_next = Packed.zeros(1)
        self.no_place = (Packed.zeros(observe.places[0]), Packed.zeros(observe.places[1]))
        self.no_secrets = Packed.zeros(width["zombie_secrets"])
        self.no_commits = self._ones("commits", width["commits"], observe.no_commits)
        self.no_claim = self._ones("claim", width["claim"], observe.no_claim)
        #: The bytes of each kind of block, by what they are made from.
        self.tables: dict[str, dict[Any, Any]] = {name: {} for name in _PACK_TABLES}
        #: Per (kind, seat): what a block was made from last, then its bytes.
        self.last: dict[tuple[str, int], tuple[Any, ...]] = {}
        self.flag_width = sum(width[k] for k in ("proposals", "passed", "restricted", "waiting"))

    def _ones(self, name: str, width: int, ones: Sequence[int]) -> bytes:
        """``width`` entries from slice ``name`` on, 1 at the positions ``ones``."""
        return Packed.placed(width, self.at[name], ones, [1.0] * len(ones))

    def _entries(self, name: str, width: int, entries: _Entries) -> bytes:
        """``width`` entries from slice ``name`` on, from a block's sparse entries."""
        return Packed.placed(width, self.at[name], *entries)

    def __call__(self, state: State, seat: int) -> bytes:
        at, tables, width = self.at, self.tables, self.width
        here, plain = state.here, _plain_step(state)
        step = state.step if plain else view(state, seat).step
        to_act_part, flags_part = self._flags(state)
        piles, out = self._piles(state, seat)
        used_part = self._values("actions_used", state.actions_used)
        counters = (*state.loot, state.noise, state.fed, state.allowance)
        counters_part = tables["counters"].get(counters)
        if counters_part is None:
            block = _value_entries(at["counters"], counters)
            counters_part = self._entries("counters", width["counters"], block)
            _keep(tables["counters"], counters, counters_part)
        zombie = state.next_zombie
        survivors, hands = self._people(state, seat)
        places, lying, bodies, faces = self._area(state, seat)
        combat = state.combat
        return b"".join(
            (
                self.seats[seat],
                self.phases[_PHASE_AT[state.phase]],
                to_act_part,
                self.heres[self.observe.sizes.area if here < 0 else here],
                piles,
                flags_part,
                used_part,
                counters_part,
                Packed.floats((float(zombie),)) if zombie else self.no_next,
                self._step(step),
                survivors,
                places,
                bodies,
                self.no_combat if combat is None else self._combat(combat),
                hands,
                lying,
                out,
                faces,
                self.no_commits if combat is None else self._commits(combat, seat),
                self.no_claim if plain else self._claim(step),
            )
        )

    def _flags(self, state: State) -> tuple[bytes, bytes]:
        """The ``to_act`` slice, and the ``proposals`` to ``waiting`` ones (few combinations)."""
        key = (to_act(state), state.proposals, state.passed, state.restricted, state.waiting)
        found: tuple[bytes, bytes] | None = self.tables["flags"].get(key)
        if found is None:
            ones = _seat_flags(self.observe, *key)
            width = self.width["to_act"]
            acting = [k for k in ones if k < self.at["to_act"] + width]
            rest = [k for k in ones if k >= self.at["to_act"] + width]
            found = (
                self._ones("to_act", width, acting),
                self._ones("proposals", self.flag_width, rest),
            )
            _keep(self.tables["flags"], key, found)
        return found

    def _piles(self, state: State, seat: int) -> tuple[bytes, bytes]:
        """The ``piles`` slice, and ``lost`` to ``zombie_counts`` (seat by seat).

        Kept for the fields :meth:`_Observe._piles` reads, compared as one tuple (the same
        objects compare at once); when one changed, each part is looked up by what it
        reads, as :meth:`_Observe._piles` lays it out.
        """
        key = (
            state.building_pile, state.supply_deck, state.munition_deck, state.lost,
            state.zombie_hand, state.zombie_hidden, state.used, state.zombie_gone,
            state.zombie_deck, state.burned,
        )  # fmt: skip
        last = self.last.get(("piles", seat))
        if last is not None and last[0] == key:
            return last[1], last[2]
        observe, at, width = self.observe, self.at, self.width
        piles = Packed.floats(
            (sum(state.building_pile), sum(state.supply_deck), sum(state.munition_deck))
        )
        lost, hand, hidden = state.lost, state.zombie_hand, state.zombie_hidden
        zombie_player = seat == observe.config.zombie_seat
        table, secrets = self.tables["lost"], self.tables["secrets"]
        parts = [
            table.get((lost, seat))
            or _keep(table, (lost, seat), self._entries(
                "lost", width["lost"], _lost_entries(observe, lost, seat)
            )),
            (
                secrets.get((hand, hidden))
                or _keep(secrets, (hand, hidden), self._entries(
                    "zombie_secrets", width["zombie_secrets"], _secret_entries(
                        at["zombie_secrets"], observe.sizes.zombie_kinds, hand, hidden
                    )
                ))
            )
            if zombie_player
            else self.no_secrets,
            self._values("used", state.used),
            self._values("zombie_gone", state.zombie_gone),
            Packed.floats((len(hand), zombie_deck_size(state), sum(hidden))),
        ]  # fmt: skip
        out = b"".join(parts)
        self.last["piles", seat] = (key, piles, out)
        return piles, out

    def _values(self, name: str, counts: tuple[int, ...]) -> bytes:
        """Slice ``name`` of counts by id (``actions_used``, ``used``, ``zombie_gone``)."""
        table = self.tables[name]
        found: bytes | None = table.get(counts)
        if found is None:
            block = _value_entries(self.at[name], counts)
            found = _keep(table, counts, self._entries(name, self.width[name], block))
        return found

    def _step(self, step: Any) -> bytes:
        """The step record's slice, kept by the record (records are shared)."""
        table = self.tables["step"]
        hit = table.get(id(step))
        if hit is not None and hit[0] is step:
            found: bytes = hit[1]
            return found
        block = _step_entries(step, self.observe.sizes, self.at["step"])
        found = self._entries("step", self.width["step"], block)
        _keep(table, id(step), (step, found))
        return found

    def _people(self, state: State, seat: int) -> tuple[bytes, bytes]:
        """The Survivors' public slice (the same for every seat) and their hands as ``seat``
        knows them, each kept for the tuple of records asked about last."""
        records = state.survivors
        last = self.last.get(("survivors", -1))
        if last is not None and last[0] is records:
            public: bytes = last[1]
        else:
            table, parts = self.tables["public"], []
            width = self.observe.people[0]
            for k, record in enumerate(records):
                # By what the block reads: a new card in hand makes a new record, not
                # a new block.
                key = (record.life, record.armor, record.equipment, record.wear)
                found = table.get(key)
                if found is None:
                    block = _survivor_public(self.observe, record, k)
                    base = self.at["survivors"] + k * width
                    found = _keep(table, key, Packed.placed(width, base, *block))
                parts.append(found)
            public = b"".join(parts)
            self.last["survivors", -1] = (records, public)
        last = self.last.get(("hands", seat))
        if last is not None and last[0] is records:
            return public, last[1]
        hands = b"".join([self._cards(record.hand, seat) for record in records])
        self.last["hands", seat] = (records, hands)
        return public, hands

    def _cards(self, cards: tuple[int, ...], seat: int) -> bytes:
        """Cards as ``seat`` knows them (a hand or a location's), kept by the cards."""
        table = self.tables["cards"]
        found: bytes | None = table.get((cards, seat))
        if found is None:
            base = self.at["hands"]
            block = _cards_entries(self.observe, base, cards, seat)
            found = _keep(table, (cards, seat), Packed.placed(self.observe.people[1], base, *block))
        return found

    def _area(self, state: State, seat: int) -> tuple[bytes, bytes, bytes, bytes]:
        """The locations' public slice, their cards, the zombies, the zombies' faces."""
        observe, area = self.observe, state.area
        last = self.last.get(("area", seat))
        if last is not None and last[0] is area:
            places, lying = last[1], last[2]
        else:
            table, public, cards = self.tables["place"], [], []
            width = observe.places[0]
            for record in area:
                key = (record.building, record.looted)
                found = table.get(key)
                if found is None:
                    block = _location_public(observe, record.building, record.looted, 0)
                    found = _keep(table, key, Packed.placed(width, self.at["locations"], *block))
                public.append(found)
                cards.append(self._cards(record.cards, seat))
            rest = observe.sizes.area - len(area)
            places = b"".join(public) + self.no_place[0] * rest
            lying = b"".join(cards) + self.no_place[1] * rest
            self.last["area", seat] = (area, places, lying)
        combat = state.combat
        fought = () if combat is None else combat.fought
        zombie_player = seat == observe.config.zombie_seat
        bodies, faces = _zombie_entries(observe, area, state.here, fought, zombie_player)
        last = self.last.get(("zombies", int(zombie_player)))
        if last is not None and last[0] is bodies and last[1] is faces:
            return places, lying, last[2], last[3]
        body_part = self._entries("zombies", self.width["zombies"], bodies)
        face_part = self._entries("zombie_faces", self.width["zombie_faces"], faces)
        self.last["zombies", int(zombie_player)] = (bodies, faces, body_part, face_part)
        return places, lying, body_part, face_part

    def _combat(self, combat: Any) -> bytes:
        """The combat's public slice, kept for the combat record asked about last."""
        last = self.last.get(("combat", -1))
        if last is not None and last[0] is combat:
            found: bytes = last[1]
            return found
        block = _combat_entries(combat, self.observe.sizes, self.at["combat"])
        found = self._entries("combat", self.width["combat"], block)
        self.last["combat", -1] = (combat, found)
        return found

    def _commits(self, combat: Any, seat: int) -> bytes:
        """Each seat's Action card as ``seat`` knows it."""
        key = (combat.commits, combat.revealed, seat)
        table = self.tables["commits"]
        found: bytes | None = table.get(key)
        if found is None:
            ones = _commit_positions(self.at["commits"], *key)
            found = _keep(table, key, self._ones("commits", self.width["commits"], ones))
        return found

    def _claim(self, step: Any) -> bytes:
        """The claimed card as the seat knows it (the view's claim record)."""
        block = _claim_entries(step, self.observe.sizes, self.at["claim"])
        return self._entries("claim", self.width["claim"], block)


def _keep(table: dict[Any, Any], key: Any, value: Any) -> Any:
    """``table[key] = value`` (the table emptied first when full), and ``value``."""
    if len(table) >= Packed.LIMIT:
        table.clear()
    table[key] = value
    return value


def _joined(parts: Sequence[_Entries]) -> _Entries:
    """Blocks' entries one after the other, as one block."""
    where: tuple[int, ...] = ()
    values: tuple[float, ...] = ()
    for w, v in parts:
        where += w
        values += v
    return where, values


@functools.lru_cache(maxsize=4096)
def _seat_flags(
    observe: _Observe,
    acting: frozenset[int],
    proposals: tuple[int, ...],
    passed: int,
    restricted: int,
    waiting: int,
) -> tuple[int, ...]:
    """The 1s of the per-seat public slices, once per combination (few occur in a game).

    ``to_act``: the seats that may act, then chance; ``proposals``: per seat, 1 at its
    proposal (the last entry of its block: none); the seat masks ``passed``,
    ``restricted`` and ``waiting`` (read through ``core.seats``).
    """
    at, n, a = observe.at, observe.sizes.players, observe.sizes.area
    out = [at["to_act"] + p for p in range(n) if p in acting]
    if CHANCE in acting:
        out.append(at["to_act"] + n)
    out += (at["proposals"] + p * (a + 1) + (a if x < 0 else x) for p, x in enumerate(proposals))
    for name, mask in (("passed", passed), ("restricted", restricted), ("waiting", waiting)):
        out += (at[name] + p for p in range(n) if has_seat(mask, p))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _step_entries(step: Any, s: _Sizes, base: int) -> _Entries:
    """:func:`_step_entries_of` of a step record, once per record (records are shared)."""
    return _entries(base, _step_entries_of(step, s))


@functools.lru_cache(maxsize=4096)
def _claim_entries(step: Any, s: _Sizes, base: int) -> _Entries:
    """A claim's card as the seat knows it (``ClaimView``), and its item when known."""
    dense = _hot(len(_CLAIMED), _CLAIMED.index(step.card))
    dense += _hot(s.items, -1 if step.item is None else step.item)
    return _entries(base, dense)


@functools.lru_cache(maxsize=4096)
def _survivor_public(observe: _Observe, record: Any, k: int) -> _Entries:
    """Survivor ``k``'s Life, Armor, equipped items and wear (the same for every seat).

    Read from the record: ``View.survivors[k]`` copies these four fields as they are.
    """
    i = observe.sizes.items
    base = observe.at["survivors"] + k * observe.people[0]
    head = [(base + j, float(x)) for j, x in enumerate((record.life, record.armor)) if x]
    equipment = _counted(base + 2, i, record.equipment, 0, 0)
    wear = _counted(base + 2 + i, i, record.wear, 0, 0)
    return (
        (*(j for j, _ in head), *equipment[0], *wear[0]),
        (*(x for _, x in head), *equipment[1], *wear[1]),
    )


def _survivor_cards(observe: _Observe, record: Any, seat: int, k: int) -> _Entries:
    """Survivor ``k``'s hand as ``seat`` knows it: items by id, then unseen cards by back."""
    return _cards_entries(observe, observe.at["hands"] + k * observe.people[1], record.hand, seat)


@functools.lru_cache(maxsize=8192)
def _cards_entries(observe: _Observe, base: int, cards: tuple[int, ...], seat: int) -> _Entries:
    """Cards as ``seat`` knows them (:func:`_cards_seen`), laid at ``base``, once per cards."""
    known, supply, munition = _cards_seen(observe.config, cards, seat)
    return _counted(base, observe.sizes.items, known, supply, munition)


def _counted(base: int, items: int, ids: tuple[int, ...], supply: int, munition: int) -> _Entries:
    """How many of each item ``ids`` holds, then ``supply`` and ``munition``, laid at ``base``.

    Built from the ids (a hand holds a few of the config's items), not from a dense row.
    """
    where = [base + i for i in sorted(set(ids))]
    values = [float(ids.count(k - base)) for k in where]
    for k, x in ((items, supply), (items + 1, munition)):
        if x:
            where.append(base + k)
            values.append(float(x))
    return tuple(where), tuple(values)


def _location_entries(
    observe: _Observe, record: Any, seat: int, k: int
) -> tuple[_Entries, _Entries]:
    """Location ``k``: dealt, its building, looted; then its cards as ``seat`` knows them.

    The building and the looted mark lie face up (``View.area[k]`` copies them from the
    record); the cards come from :func:`_cards_seen`. Each part is kept by what it
    reads, so a zombie's damage (a new record) rebuilds neither.
    """
    base = observe.at["lying"] + k * observe.places[1]
    return (
        _location_public(observe, record.building, record.looted, k),
        _cards_entries(observe, base, record.cards, seat),
    )


@functools.lru_cache(maxsize=4096)
def _location_public(observe: _Observe, building: int, looted: bool, k: int) -> _Entries:
    """Location ``k``'s public block: dealt, 1 at its building, looted."""
    public = [1.0, *_hot(observe.sizes.buildings, building), float(looted)]
    return _entries(observe.at["locations"] + k * observe.places[0], public)


def _zombie_entries(
    observe: _Observe, area: tuple[Any, ...], here: int, fought: tuple[int, ...], zp: bool
) -> tuple[_Entries, _Entries]:
    """The zombies by number, and their faces (card id plus 1 where the seat knows it).

    Kept for the (area, here, fought) asked last, per Zombie Player or not: the zombies'
    faces are the only part that depends on the seat (``View.area``'s zombies show a
    face-down card to the Zombie Player alone).
    """
    key = (2, int(zp))
    last = observe.last.get(key)
    if last is not None:
        kept, bodies, faces = last
        if kept[0] is area and kept[1] == here and kept[2] is fought:  # type: ignore[index]
            return bodies, faces
    s = observe.sizes
    width = observe.zombie_width
    base, face_at = observe.at["zombies"], observe.at["zombie_faces"]
    where: list[int] = []
    values: list[float] = []
    face_where: list[int] = []
    face_values: list[float] = []
    for place, loc in enumerate(area):
        seen = fought if place == here else ()
        for k, z in enumerate(loc.zombies):
            row = [1.0, float(z.face_up), float(z.damage), float(place)]
            row += [float(m in z.mutations) for m in s.mutations]
            row += _flags(s.players, seen[k]) if k < len(seen) else (0.0,) * s.players
            block = _entries(base + z.number * width, row)
            where += block[0]
            values += block[1]
            if z.face_up or zp:
                face_where.append(face_at + z.number)
                face_values.append(z.card + 1.0)
    blocks = (tuple(where), tuple(values)), (tuple(face_where), tuple(face_values))
    observe.last[key] = ((area, here, fought), *blocks)
    return blocks


@functools.lru_cache(maxsize=4096)
def _combat_entries(c: Any, s: _Sizes, base: int) -> _Entries:
    """The combat's public block: phase interrupted, masks, targets, queue, counters.

    Laid cards show only that they were laid (``CombatView.laid``), so the block is the
    same for every seat; the commitments themselves are :func:`_commit_positions`.
    """
    n = s.players
    laid = mask_of([p for p, v in enumerate(c.commits) if v is not None])
    out = [1.0, float(c.revealed), *_rows(len(_PHASES))[_PHASE_AT[c.origin]]]
    for mask in (c.members, c.escaped, c.died, laid):
        out += _flags(n, mask)
    for target in c.targets:
        if target is None:
            out += (1.0, 0.0, 0.0, 0.0)
        else:
            survivor = float(target.survivor)
            out += (0.0, 1.0 - survivor, survivor, float(target.which))
    seats = _rows(n)
    for p in range(n):
        out += seats[c.queue.index(p) if p in c.queue else -1]
    out += (float(c.noise), float(c.scare), float(c.hostile))
    return _entries(base, out)


@functools.lru_cache(maxsize=4096)
def _commit_positions(
    base: int, commits: tuple[Any, ...], revealed: bool, seat: int
) -> tuple[int, ...]:
    """Per seat, 1 at its Action card as ``seat`` knows it (``CombatView.commits``)."""
    width = len(_COMMITS)
    return tuple(
        base + p * width + _COMMITS.index(commit if revealed or p == seat else None)
        for p, commit in enumerate(commits)
    )


@functools.lru_cache(maxsize=4096)
def _lost_entries(observe: _Observe, lost: tuple[int, ...], seat: int) -> _Entries:
    """The cards out of the game face down, as ``seat`` knows them."""
    known, supply, munition = _lost_seen(observe.config, lost, seat)
    return _counted(observe.at["lost"], observe.sizes.items, known, supply, munition)


@functools.lru_cache(maxsize=4096)
def _secret_entries(
    base: int, kinds: int, hand: tuple[int, ...], hidden: tuple[int, ...]
) -> _Entries:
    """The Zombie Player's hand by card id, then its face-down cards (its own view only)."""
    return _entries(base, _counts(kinds, hand) + [float(x) for x in hidden])


@functools.lru_cache(maxsize=4096)
def _value_entries(base: int, counts: tuple[int, ...]) -> _Entries:
    """Counts by id, laid at ``base``."""
    return _entries(base, [float(x) for x in counts])


# -------------------------------------------------------------------- actions


def _action_moves(config: Config) -> tuple[tuple[Action, tuple[int, ...]], ...]:
    """Every seat move of the config as ``(action, args)``, in index order."""
    s = _sizes(config)
    n, i, zk = s.players, s.items, s.zombie_kinds
    zc = config.zombie_cards
    seats, items, numbers = range(n), range(i), range(s.zombies)
    shapes: dict[Action, list[tuple[int, ...]]] = {
        Action.CHOOSE: [(0,), (1,)],
        Action.PROPOSE: [(loc,) for loc in range(s.area)],
        Action.USE: [(x,) for x in items],
        Action.EQUIP: [(x,) for x in items],
        Action.GIVE: [(p, x) for p in seats for x in items],
        Action.STEAL: [(p,) for p in seats],
        Action.SNATCH: [(p, x) for p in seats for x in items],
        Action.AMBUSH: [(p, f) for p in seats for f in (0, 1)],
        Action.CLAIM: [(x,) for x in items],
        Action.CLAIM_USE: [(x,) for x in items],
        Action.STASH: [(x,) for x in items],
        Action.FEED: [(x,) for x in items],
        Action.COMMIT: [(int(c),) for c in Commit],
        Action.TARGET_ZOMBIE: [(z,) for z in numbers],
        Action.TARGET_SURVIVOR: [(p,) for p in seats],
        Action.EVENT: [
            shape
            for k, card in enumerate(zc)
            if card.face is Face.EVENT
            for shape in ([(k, p) for p in seats] if card.event is Event.BITE else [(k,)])
        ],
        Action.PLAY: [(k,) for k, card in enumerate(zc) if card.face is Face.ZOMBIE],
        Action.HIDE: [(k,) for k in range(zk)],
        Action.MUTATE: [(k, z) for k in s.mutations for z in numbers],
        Action.BITE: [(p,) for p in seats],
        Action.DISCARD: [(k,) for k in range(zk)],
    }
    rows: list[tuple[Action, tuple[int, ...]]] = []
    for action in Action:
        if action in _CHANCE_ACTIONS:
            continue
        rows += [(action, args) for args in shapes.get(action, [()])]
    return tuple(rows)


_CHANCE_ACTIONS: Final = frozenset((Action.BUILDING, Action.ITEM, Action.ZCARD, Action.ROLL))


def _words(move: Move) -> str:
    """``str(move)`` without the actor: the name of an index."""
    return str(move).split(": ", 1)[1]


@attrs.frozen
class _Index:
    """``index(state, move)``: a seat move's number, the same for every seat.

    Keyed by ``(seat, action, args)``: hashing that plain tuple costs half of hashing
    the ``Move`` (an attrs method in Python), and the environments index every legal
    move of every state they serve.
    """

    by_key: dict[tuple[int, Action, tuple[int, ...]], int]
    size: int

    def __call__(self, state: State, move: Move) -> int:
        i = self.by_key.get((move.seat, move.action, move.args)) if type(move) is Move else None
        if i is None:
            raise IllegalMove(
                f"{move!s:.60}: not a Quarantine Z seat move of this config's {self.size} actions"
            )
        return i


def _actions(config: Config) -> tuple[ActionSpace, dict[Move, int]]:
    rows = _action_moves(config)
    by_move = {
        Move(seat, action, args): i
        for seat in range(config.players)
        for i, (action, args) in enumerate(rows)
    }
    names = tuple(_words(Move(0, action, args)) for action, args in rows)
    by_key = {(m.seat, m.action, m.args): i for m, i in by_move.items()}
    index = IndexByIdentity(_Index(by_key, len(rows)))
    return actions_from_legal_moves(len(rows), names, index, legal_moves), by_move


# --------------------------------------------------------------------- chance


def _chance(config: Config) -> ChanceTable:
    """Chance outcomes by index: Buildings, items, Zombie cards by id, then die faces."""
    s = _sizes(config)
    outcomes = (
        *(Move(CHANCE, Action.BUILDING, (b,)) for b in range(s.buildings)),
        *(Move(CHANCE, Action.ITEM, (x,)) for x in range(s.items)),
        *(Move(CHANCE, Action.ZCARD, (k,)) for k in range(s.zombie_kinds)),
        *(Move(CHANCE, Action.ROLL, (face,)) for face in range(1, _DIE + 1)),
    )
    return chance_table("Quarantine Z", outcomes, _words, chance_weights)


# --------------------------------------------------------------------- recall

#: Seat moves whose card (or commitment) another seat may not see: told by kind alone.
_MASKED: Final = (
    Action.COMMIT, Action.GIVE, Action.STASH, Action.CLAIM, Action.CLAIM_USE, Action.HIDE,
    Action.DISCARD,
)  # fmt: skip
#: Chance outcomes only some seats see (an item drawn, a Zombie card): told by kind alone.
_MASKED_CHANCE: Final = (Action.ITEM, Action.ZCARD)


@attrs.frozen
class _Told:
    """The tokens of one step for one seat: the move as it saw it, then what changed.

    The first token (``range(public)``): ``[0, actions)`` a seat move seen in full
    (the seat's own, or another's whose every argument lies face up); then one per
    kind of move in ``_MASKED`` made by another seat (its card or commitment unseen:
    "Decide: lay this card face-down"); then one per kind in ``_MASKED_CHANCE`` (an item
    or a Zombie card drawn); then every other chance outcome by its index (a Building
    dealt face up, a die).

    Then one token per entry of the observation's card part (hands, cards lying at each
    place, lost and used cards, the Zombie cards, the zombies' faces, commitments, the
    claim) that the step changed, ``public + entry * values + new value``: what the seat
    learnt of where the cards went. The rest of the view is public and follows from the
    moves as told. The card part is compared block by block, so a step costs one view
    per side.
    """

    by_move: dict[Move, int]
    chance: ChanceTable
    observe: _Observe
    actions: int
    values: int
    card_size: int

    @property
    def public(self) -> int:
        return self.actions + len(_MASKED) + len(_MASKED_CHANCE) + len(self.chance.names)

    @property
    def size(self) -> int:
        return self.public + self.card_size * self.values

    def __call__(self, before: State, move: Move, after: State, seat: int) -> tuple[int, ...]:
        actor, action = move.seat, move.action
        if actor == CHANCE:
            if action in _MASKED_CHANCE:
                first = self.actions + len(_MASKED) + _MASKED_CHANCE.index(action)
            else:
                first = self.actions + len(_MASKED) + len(_MASKED_CHANCE)
                first += self.chance.by_move[move]
        elif actor != seat and action in _MASKED:
            first = self.actions + _MASKED.index(action)
        else:
            first = self.by_move[move]
        old = _cards_of(self.observe, before, seat)
        new = _cards_of(self.observe, after, seat)
        if old == new:
            return (first,)
        base, values, start = self.public, self.values, self.observe.cards_at
        changed = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        return (first, *[base + (k - start) * values + int(new.get(k, 0)) for k in changed])


@functools.lru_cache(maxsize=256)
def _cards_of(observe: _Observe, state: State, seat: int) -> dict[int, float]:
    """The non-zero entries of the card part of ``seat``'s observation, by position.

    Kept for the few states a step looks at.
    """
    where, values = observe(state, seat)
    start = observe.cards_at
    return {k: x for k, x in zip(where, values, strict=True) if k >= start}


# --------------------------------------------------------------------- bounds


def _round_limit(config: Config) -> int:
    """``Config.combat_round_limit``, refused when it is ``None`` (no finite bound then).

    Without a limit, "Repeat this sequence until all Survivors have died or escaped, or
    until no Zombies remain in combat (and no Survivors are still trying to kill one
    another)" lets two Survivors who keep targeting each other and missing fight on for
    ever: no game length bounds every game, and the records promise one.
    """
    if config.zombie_may_pass:
        raise InvalidConfig(
            "zombie_may_pass",
            "with True the Zombie Player may end every Zombies! step without playing or"
            " drawing, so trips need never end and no game length bounds the game; the"
            " learning records need zombie_may_pass=False",
        )
    limit = config.combat_round_limit
    if limit is None:
        raise InvalidConfig(
            "combat_round_limit",
            "None lets a combat of missed rolls go on for ever, so no game length bounds"
            " the game; the learning records need a finite limit (the default is 50)",
        )
    return limit


@attrs.frozen
class _Counts:
    """Upper bounds on what one game of a config can hold, each derived in :func:`_counts_of`."""

    trips: int  # T: Zombies! steps
    decides: int  # D: Decide steps
    visits: int  # V: stays At a Location
    capped: int  # G: free actions that count against Config.free_actions
    combats: int  # C
    rounds: int  # R: combat rounds, all combats together
    uses: int  # U: items used, equipped or fed (Combat Items too)
    proposals: int  # P: proposals, first ones and changes


def _counts_of(config: Config) -> _Counts:
    """The counts :func:`_bounds` multiplies out; each line says why it holds for any agents.

    ``S`` Survivors, ``F`` free actions, ``L`` combat rounds at most, ``Z`` Zombie cards,
    ``N`` Supply and Munition cards, ``Eq`` kinds of equipment.

    - **Trips.** Every Zombies! step lowers ``2 * deck + hand`` of the Zombie Player by at
      least one ("In the Zombies! step the Zombie Player must play a zombie or draw":
      a play takes a card from the hand, a draw moves one from the deck to the hand),
      nothing raises it (no Zombie card comes back), and the Survivors win when it is 0.
      After set-up it is ``2 * Z - opening hand``, so ``T <= 2Z - opening``.
    - **Decide steps and visits.** Each Decide step ends in a Sneak and a Zombies! step
      (or the end of the game), so ``D <= T + 1``; a stay At a Location starts only after
      a Zombies! step's loot, so ``V <= T``. Combats, thefts and claims return to the
      step they interrupted (a combat On the Move to the same Decide step: no fresh free
      actions).
    - **Capped free actions** (gifts, thefts, snatches, ambushes, claims, stashes, a change
      of proposal that does not give way): at most ``F`` per Survivor per Decide step and
      per visit, the only places the count starts again: ``G <= S * F * (D + V)``.
    - **Combats**: one per Zombies! step and one per ambush: ``C <= T + G``; each lasts at
      most ``L`` rounds (``Config.combat_round_limit``): ``R <= L * C``.
    - **Uses**: using, equipping, feeding or playing a Combat Item takes an item card out
      of a hand for good (used up, or equipped: equipment never returns to a hand); only a
      death lays equipment where it can be claimed again, at most ``Eq`` cards (no two of
      a name) for each of ``S`` deaths: ``U <= N + S * Eq``.
    - **Proposals**: each Survivor's first one per Decide step, ``S * D``; then a change
      that gives way raises the sum of the squared group sizes (at most ``S**2``) by at
      least 2, which only a death (``S`` in all, each lowering it by under ``2S``) or a
      change that does not give way (capped) can lower: at most ``D * S**2 / 2 +
      S * (S + G)`` such changes; with the capped ones, ``P <= S*D + D*S**2/2 + S*(S+G) + G``.
    """
    s = config.players - 1
    f = config.free_actions
    z = sum(c.copies for c in config.zombie_cards)
    n = sum(i.copies for i in config.items)
    eq = sum(1 for i in config.items if i.kind is Kind.EQUIPMENT)
    trips = 2 * z - config.zombie_opening_hand
    decides, visits = trips + 1, trips
    capped = s * f * (decides + visits)
    combats = trips + capped
    proposals = s * decides + decides * s * s // 2 + s * (s + capped) + capped
    return _Counts(
        trips=trips,
        decides=decides,
        visits=visits,
        capped=capped,
        combats=combats,
        rounds=_round_limit(config) * combats,
        uses=n + s * eq,
        proposals=proposals,
    )


def _bounds(config: Config, actions: int, outcomes: int) -> Bounds:
    """Bounds that hold for every game of ``config``, whatever the seats do.

    From :func:`_counts_of` (``T`` trips, ``D`` Decide steps, ``V`` visits, ``G`` capped
    free actions, ``C`` combats, ``R`` rounds, ``U`` uses, ``P`` proposals), with ``S``
    Survivors, ``Z`` Zombie cards, ``N`` Supply and Munition cards and ``A`` locations.

    Decisions: set-up choices (``S * setup_draws``); proposals ``P``; a ``ready`` On the
    Move is said once, and again only after a proposal or a combat calls the Survivor
    back (``S * (D + P + C)``); the capped free actions ``G`` and the uses ``U``; ``leave``
    once per Survivor per visit (``S * V``); each claim answered by every other Survivor,
    then conceded or withdrawn (``G * (2S - 1)``); the Zombie Player's cards played or
    discarded (each Zombie card leaves the hand once: ``Z``), the Shelter's discards and
    burns (each takes a card out of the game: ``Z``), ``draw`` or ``done`` (once each per
    Zombies! step: ``2T``), one ``bite`` per zombie per round (``R * Z``: no more than
    ``Z`` zombies are ever in play); per round each Survivor commits once and declares a
    target or ``ready`` once (``2S * R``).

    Chance: the Buildings (``A``), every Supply and Munition card drawn from its deck
    once (``N``), every Zombie card drawn once (``Z``), a Sneak roll per Survivor per trip
    (``S * T``), a House's loot roll per first arrival (``A``), the card of a claim, the
    card of a theft and the die of an ambush (each one capped action: ``3G``), and one
    roll per Survivor per round (``S * R``).

    The numbers are far above what games reach (some twelve million steps at the
    default table against a few thousand in random games), because every capped action
    may be an ambush whose combat lasts ``L`` rounds and every round may hold a bite per
    Zombie card; but no game, whatever its agents, passes them.
    """
    s, z = config.players - 1, sum(c.copies for c in config.zombie_cards)
    n = sum(i.copies for i in config.items)
    a = config.area_size
    c = _counts_of(config)
    decisions = (
        s * config.setup_draws
        + c.proposals
        + s * (c.decides + c.proposals + c.combats)
        + c.capped
        + c.uses
        + s * c.visits
        + c.capped * (2 * s - 1)
        + 2 * z
        + 2 * c.trips
        + c.rounds * z
        + 2 * s * c.rounds
    )
    chance = a + n + z + s * c.trips + a + 3 * c.capped + s * c.rounds
    return Bounds(
        max_decisions=decisions,
        max_chance_nodes=chance,
        max_legal_moves=min(actions, _most_moves(config)),
        max_chance_outcomes=min(
            outcomes, max(len(config.buildings), len(config.items), len(config.zombie_cards), _DIE)
        ),
    )


def _most_moves(config: Config) -> int:
    """The most legal moves one seat has at once, phase by phase (``I`` item kinds).

    A Survivor On the Move: a proposal per location, use and equip per item, per other
    Survivor a gift per item, a theft, a snatch per item and two ambushes, ``ready``. At a
    Location the same without proposals, plus a claim and a claim-use per item, a claim
    of a face-down card, a stash and a feed per item, ``leave``. Declaring: a Combat Item
    per item, a target per zombie and per Survivor, ``ready``. The Zombie Player: an
    Event per card (per Survivor for a Bite), a face-up and a face-down play per card, a
    Mutation per card and zombie, ``draw``, ``done``; or a discard per card and a burn.
    """
    s, i = config.players - 1, len(config.items)
    zk, z = len(config.zombie_cards), sum(c.copies for c in config.zombie_cards)
    others = (s - 1) * (2 * i + 3)
    decide = config.area_size + 2 * i + others + 1
    location = 2 * i + others + 2 * i + 1 + 2 * i + 1
    declare = i + z + s + 1
    zombie = zk * s + 2 * zk + zk * z + 2
    return max(decide, location, declare, zombie, zk + 1, 2 * s + 2, len(Commit))


def _max_told(config: Config, bounds: Bounds) -> int:
    """Tokens told to one seat in any game: one per step, then one per entry of the
    observation's card part that a step changed (:class:`_Told`), summed over the game.

    The card part holds counts of cards by place (hands, places, out of the game, the
    Zombie Player's hand and face-down cards), the Zombie Player's counts, the zombies'
    faces, the commitments and the claim. Entries change when cards move, and a card that
    moves changes at most four of them (where it was and where it goes, known or by its
    back). Item cards move: drawn (``N``), handed, taken, claimed or stashed (``G``), used
    or equipped (``U``), dropped by the dead (``S * (hand + Eq)``), spent as ammunition
    (one per Shoot: ``S * R + G``), discarded as spent armor (``U``). Zombie cards move at
    most four times each (drawn, out of the hand, killed or discarded, burned): ``4Z``,
    each also changing the three counts; a zombie's face entry changes when it enters
    and leaves play (``2Z``). Commitments change at most ``6 * players`` entries a round
    (one's own card, the reveal, the next round), a claim at most 12 (made, its card
    learnt, settled).
    """
    c = _counts_of(config)
    players = config.players
    s = players - 1
    z = sum(k.copies for k in config.zombie_cards)
    n = sum(i.copies for i in config.items)
    eq = sum(1 for i in config.items if i.kind is Kind.EQUIPMENT)
    items_moved = n + c.capped + c.uses + s * (config.survivor_hand + eq)
    items_moved += s * c.rounds + c.capped + c.uses
    return (
        bounds.max_game_length
        + 4 * (items_moved + 4 * z)
        + 3 * 4 * z
        + 2 * z
        + 6 * players * c.rounds
        + 12 * c.capped
    )


# ----------------------------------------------------------------- the bundle


def _learning(config: Config) -> Learning:
    _round_limit(config)  # refuse a config with no finite bound before building anything
    s = _sizes(config)
    slices, cards_at = _slices(config)
    size = slices[-1].stop
    observe = _Observe(config, s, slices)
    assert observe.cards_at == cards_at
    actions, by_move = _actions(config)
    chance = _chance(config)
    bounds = _bounds(config, actions.size, len(chance.names))
    values = int(max(part.high for part in slices if part.start >= cards_at)) + 1
    told = _Told(by_move, chance, observe, actions.size, values, size - cards_at)
    return Learning(
        actions=actions,
        chance=chance.space(),
        observation=sparse_encoding(size, slices, observe, _Pack(observe, slices)),
        recall=Recall(told.size, _max_told(config, bounds), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds,
    )


#: One ``Learning`` per config, the config asked about last answered by identity.
_remembered = remember_last(functools.lru_cache(maxsize=64)(_learning))


def learning(config: Config) -> Learning:
    """The learning records of ``config``, built once (a plain function: ``Game`` pickles)."""
    return _remembered(config)
