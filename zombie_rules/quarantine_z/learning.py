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

The view is read only through the accessors at the top (``_survivors``, ``_area`` ...)
and the step record only through :func:`_step_entries`, so a renamed view field is a
one-place fix.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    ActionSpace,
    Bounds,
    ChanceSpace,
    Encoding,
    Learning,
    Recall,
    SharedWin,
    Slice,
    actions_from_legal_moves,
    sliced,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z._base import zombie_deck_size
from zombie_rules.quarantine_z.cards import Deck, Event, Face, Kind
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.rules import chance_weights, legal_moves, result, to_act
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State
from zombie_rules.quarantine_z.views import ClaimedCard, View, view

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
# The only places the view (and the state parts it copies verbatim) are read: a renamed
# field is fixed here.


def _public(state: State) -> tuple[Any, ...]:
    """The fields ``views.view`` copies from the state to every seat unchanged.

    (phase, who may act, here, Buildings left, Supply and Munition deck sizes,
    proposals, passed, restricted, waiting, free actions used, loot, noise, fed,
    allowance, next zombie number, Zombie deck size, used items, Zombie cards out face
    up, the Zombie Player's hand size, cards out face down: their number.)
    """
    return (
        state.phase, to_act(state), state.here, sum(state.building_pile),
        sum(state.supply_deck), sum(state.munition_deck), state.proposals, state.passed,
        state.restricted, state.waiting, state.actions_used, state.loot, state.noise,
        state.fed, state.allowance, state.next_zombie, zombie_deck_size(state), state.used,
        state.zombie_gone, len(state.zombie_hand), sum(state.zombie_hidden),
    )  # fmt: skip


def _private_parts(state: State) -> tuple[object, ...]:
    """The state parts the seat-dependent view fields are made from: cache keys only.

    ``View.survivors`` comes from ``State.survivors`` and the seat, ``View.area`` from
    ``State.area`` and the seat, the lost cards, the Zombie Player's hand and the cards
    it put out face down from ``lost``, ``zombie_hand`` and ``zombie_hidden``.
    """
    return state.survivors, state.area, state.lost, state.zombie_hand, state.zombie_hidden


def _plain_step(state: State) -> bool:
    """Whether ``View.step`` is the state's step record itself (all but a claim's are)."""
    return type(state.step).__name__ != "Claim"


def _fought(state: State) -> object:
    """The combat's ``fought`` masks (public), or ``None`` out of combat: a cache key only."""
    return None if state.combat is None else state.combat.fought


def _survivors(v: View) -> tuple[Any, ...]:
    """Per seat: life, known hand items, hidden Supply/Munition, equipment, armor, wear."""
    return v.survivors


def _area(v: View) -> tuple[Any, ...]:
    """The locations dealt so far: building, looted, known and hidden cards, zombies."""
    return v.area


def _combat(v: View) -> Any:
    """The combat in progress as the seat knows it, or ``None``."""
    return v.combat


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


@functools.lru_cache(maxsize=4096)
def _step_block(step: Any, s: _Sizes) -> tuple[float, ...]:
    """:func:`_step_entries` of a step record, once per record (records are shared)."""
    return tuple(_step_entries_of(step, s))


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
        ("step", step_size, "the phase's step record (see _step_entries)", 0.0, big),
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


class _Keyed:
    """Blocks of a seat's observation, kept by the identity of the state parts they come from.

    A move leaves the state parts it does not touch as the very same objects, so the
    blocks made from them are built once per (parts, seat). The parts are kept with the
    blocks and compared by identity (ints by value), so an ``id`` is never mistaken for a
    later object's; the table is emptied past 4096 entries.
    """

    __slots__ = ("table",)

    def __init__(self) -> None:
        self.table: dict[tuple[int, int], tuple[tuple[object, ...], Any]] = {}

    def get(self, parts: tuple[object, ...], seat: int, build: Callable[[], Any]) -> Any:
        key = (id(parts[0]), seat)
        hit = self.table.get(key)
        if hit is not None:
            kept, blocks = hit
            for a, b in zip(kept, parts, strict=True):
                if a is not b and not (type(a) is int and a == b):
                    break
            else:
                return blocks
        blocks = build()
        if len(self.table) >= 4096:
            self.table.clear()
        self.table[key] = (parts, blocks)
        return blocks


class _Lazy:
    """``view(state, seat)``, built the first time it is asked for (most steps need none)."""

    __slots__ = ("_view", "seat", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self._view: View | None = None

    @property
    def v(self) -> View:
        if self._view is None:
            self._view = view(self.state, self.seat)
        return self._view


@functools.lru_cache(maxsize=1024)
def _flags(players: int, mask: int) -> tuple[float, ...]:
    """1 for each seat of a seat mask (read through ``core.seats``)."""
    return tuple(float(has_seat(mask, p)) for p in range(players))


@functools.lru_cache(maxsize=4096)
def _rows(size: int) -> tuple[tuple[float, ...], ...]:
    """One-hot rows of ``size`` by position, then all zeros (index ``-1`` or ``size``)."""
    return (*(tuple(_hot(size, at)) for at in range(size)), (0.0,) * size)


class _Observe:
    """``encode(state, seat)``: the seat's view laid out as :func:`_slices` says.

    Joined from blocks kept by the state parts they come from (:class:`_Keyed`): the
    Survivors, the locations, the zombies, the hidden piles; the head from the fields
    every seat sees alike (:func:`_public`). The view itself is built only when a block
    must be (a part changed), for a claim, or for a combat (whose commitments depend on
    the seat): a step's encoding then costs a few block lookups.
    """

    __slots__ = (
        "cards_at", "hidden", "no_combat", "no_faces", "no_zombies", "sizes", "table", "zombie",
    )  # fmt: skip

    def __init__(self, sizes: _Sizes, cards_at: int) -> None:
        self.sizes = s = sizes
        self.cards_at = cards_at  # where the card part (:class:`_Told`) starts
        n = s.players
        self.table = _Keyed()  # survivors and area blocks
        self.zombie = _Keyed()  # the zombies' blocks
        self.hidden = _Keyed()  # lost cards and the Zombie Player's secrets
        self.no_zombies = (0.0,) * (s.zombies * (4 + len(s.mutations) + n))
        self.no_faces = (0.0,) * s.zombies
        self.no_combat = (0.0,) * (2 + len(_PHASES) + 4 * n + n * 4 + n * n + 3)

    def __call__(self, state: State, seat: int) -> tuple[float, ...]:
        s = self.sizes
        n, a = s.players, s.area
        lazy = _Lazy(state, seat)
        (
            phase, acting, here, buildings, supply, munition, proposals, passed, restricted,
            waiting, used_actions, loot, noise, fed, allowance, next_zombie, zombie_deck,
            used, gone, zombie_hand, zombie_hidden,
        ) = _public(state)  # fmt: skip
        places = _rows(a + 1)
        out = [
            *_rows(n)[seat],
            *_rows(len(_PHASES))[_PHASE_AT[phase]],
            *[float(p in acting) for p in range(n)],
            float(CHANCE in acting),
            *places[a if here < 0 else here],
            float(buildings),
            float(supply),
            float(munition),
        ]
        for p in proposals:
            out += places[a if p < 0 else p]
        out += _flags(n, passed)
        out += _flags(n, restricted)
        out += _flags(n, waiting)
        out += map(float, used_actions)
        out += (*map(float, loot), float(noise), float(fed), float(allowance), float(next_zombie))
        out += _step_block(state.step if _plain_step(state) else lazy.v.step, s)
        parts = _private_parts(state)
        people, lying, zombies = self.table.get(parts[:2], seat, lambda: self._blocks(lazy.v))
        out += people[0]
        out += lying[0]
        if zombies:
            fought = _fought(state)
            bodies, faces = self.zombie.get(
                (parts[1], fought, here), seat, lambda: self._zombies(lazy.v)
            )
        else:
            bodies, faces = self.no_zombies, self.no_faces
        out += bodies
        out += self.no_combat if state.combat is None else self._combat(lazy.v)
        # The card part.
        out += people[1]
        out += lying[1]
        out += self.hidden.get(parts[2:], seat, lambda: self._hidden(lazy.v))
        out += map(float, used)
        out += map(float, gone)
        out += (float(zombie_hand), float(zombie_deck), float(zombie_hidden))
        out += faces
        out += self._commits(lazy.v) if state.combat is not None else _no_commits(n)
        out += self._claim(lazy.v) if not _plain_step(state) else _no_claim(s.items)
        return tuple(out)

    def _blocks(self, v: View) -> tuple[tuple[tuple[float, ...], ...], ...]:
        """((Survivors' public, their cards), (locations' public, their cards), any zombie)."""
        s = self.sizes
        i = s.items
        public: list[float] = []
        cards: list[float] = []
        for sv in _survivors(v):
            public += (float(sv.life), float(sv.armor))
            public += _counts(i, sv.equipment)
            public += _counts(i, sv.wear)
            cards += _counts(i, sv.known)
            cards += (float(sv.hidden_supply), float(sv.hidden_munition))
        people = (tuple(public), tuple(cards))
        area = _area(v)
        public, cards = [], []
        for loc in area:
            public += (1.0, *_hot(s.buildings, loc.building), float(loc.looted))
            cards += _counts(i, loc.known)
            cards += (float(loc.hidden_supply), float(loc.hidden_munition))
        public += (0.0,) * ((s.area - len(area)) * (2 + s.buildings))
        cards += (0.0,) * ((s.area - len(area)) * (i + 2))
        return (
            people,
            (tuple(public), tuple(cards)),
            tuple(loc.zombies for loc in area if loc.zombies),
        )

    def _zombies(self, v: View) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The zombies by number (public), and their faces as the seat knows them (cards)."""
        s = self.sizes
        width = 4 + len(s.mutations) + s.players
        out = list(self.no_zombies)
        faces = list(self.no_faces)
        combat = _combat(v)
        for place, loc in enumerate(_area(v)):
            fought = combat.fought if combat is not None and place == v.here else ()
            for k, z in enumerate(loc.zombies):
                at = z.number * width
                row = [1.0, float(z.face_up), float(z.damage), float(place)]
                row += [float(m in z.mutations) for m in s.mutations]
                row += _flags(s.players, fought[k]) if k < len(fought) else (0.0,) * s.players
                out[at : at + width] = row
                faces[z.number] = 0.0 if z.card is None else z.card + 1.0
        return tuple(out), tuple(faces)

    def _combat(self, v: View) -> list[float]:
        s = self.sizes
        n = s.players
        c = _combat(v)
        out = [1.0, float(c.revealed), *_rows(len(_PHASES))[_PHASE_AT[c.origin]]]
        for mask in (c.members, c.escaped, c.died, c.laid):
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
        return out

    def _hidden(self, v: View) -> tuple[float, ...]:
        """The lost cards as the seat knows them, the Zombie Player's hand and hidden cards."""
        s = self.sizes
        out = _counts(s.items, v.lost_known)
        out += (float(v.lost_hidden_supply), float(v.lost_hidden_munition))
        out += _counts(s.zombie_kinds, v.zombie_hand)
        out += map(float, v.zombie_hidden)
        return tuple(out)

    def _commits(self, v: View) -> list[float]:
        commits = _rows(len(_COMMITS))
        out: list[float] = []
        for commit in _combat(v).commits:
            out += commits[_COMMITS.index(commit)]
        return out

    def _claim(self, v: View) -> tuple[float, ...]:
        step: Any = v.step
        i = self.sizes.items
        known = _rows(len(_CLAIMED))[_CLAIMED.index(step.card)]
        return known + _rows(i)[-1 if step.item is None else step.item]


@functools.lru_cache(maxsize=64)
def _no_commits(players: int) -> tuple[float, ...]:
    return _rows(len(_COMMITS))[0] * players


@functools.lru_cache(maxsize=64)
def _no_claim(items: int) -> tuple[float, ...]:
    return _rows(len(_CLAIMED))[0] + (0.0,) * items


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
    """``index(state, move)``: a seat move's number, the same for every seat."""

    by_move: dict[Move, int]
    size: int

    def __call__(self, state: State, move: Move) -> int:
        i = self.by_move.get(move) if type(move) is Move else None
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
    index = _Index(by_move, len(rows))
    return actions_from_legal_moves(len(rows), names, index, legal_moves), by_move


# --------------------------------------------------------------------- chance


@attrs.frozen
class _Chance:
    """Chance outcomes by index: Buildings, items, Zombie cards by id, then die faces."""

    names: tuple[str, ...]
    by_move: dict[Move, int]
    outcomes: tuple[Move, ...]

    def index(self, state: State, move: Move) -> int:
        i = self.by_move.get(move) if type(move) is Move else None
        if i is None:
            raise IllegalMove(f"{move!s:.60}: not a Quarantine Z chance outcome of this config")
        return i

    def outcome(self, state: State, i: int) -> Move:
        moves, _ = chance_weights(state)
        if type(i) is int and 0 <= i < len(self.outcomes) and self.outcomes[i] in moves:
            return self.outcomes[i]
        possible = ", ".join(f"{self.by_move[m]} ({_words(m)})" for m in moves) or "none"
        raise IllegalMove(f"chance outcome {i!r:.40} is not possible now; possible: {possible}")


def _chance(config: Config) -> _Chance:
    s = _sizes(config)
    outcomes = (
        *(Move(CHANCE, Action.BUILDING, (b,)) for b in range(s.buildings)),
        *(Move(CHANCE, Action.ITEM, (x,)) for x in range(s.items)),
        *(Move(CHANCE, Action.ZCARD, (k,)) for k in range(s.zombie_kinds)),
        *(Move(CHANCE, Action.ROLL, (face,)) for face in range(1, _DIE + 1)),
    )
    by_move = {m: i for i, m in enumerate(outcomes)}
    return _Chance(tuple(_words(m) for m in outcomes), by_move, outcomes)


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
    chance: _Chance
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
        base, values = self.public, self.values
        return (
            first,
            *[
                base + k * values + int(x)
                for k, (w, x) in enumerate(zip(old, new, strict=True))
                if w != x
            ],
        )


@functools.lru_cache(maxsize=256)
def _cards_of(observe: _Observe, state: State, seat: int) -> tuple[float, ...]:
    """The card part of ``seat``'s observation (kept for the few states a step looks at)."""
    return observe(state, seat)[observe.cards_at :]


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
    observe = _Observe(s, cards_at)
    actions, by_move = _actions(config)
    chance = _chance(config)
    bounds = _bounds(config, actions.size, len(chance.names))
    values = int(max(part.high for part in slices if part.start >= cards_at)) + 1
    told = _Told(by_move, chance, observe, actions.size, values, size - cards_at)
    return Learning(
        actions=actions,
        chance=ChanceSpace(len(chance.names), chance.names, chance.index, chance.outcome),
        observation=Encoding(size, slices, observe),
        recall=Recall(told.size, _max_told(config, bounds), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds,
    )


#: One ``Learning`` per config, the config asked about last answered by identity.
_remembered = remember_last(functools.lru_cache(maxsize=64)(_learning))


def learning(config: Config) -> Learning:
    """The learning records of ``config``, built once (a plain function: ``Game`` pickles)."""
    return _remembered(config)
