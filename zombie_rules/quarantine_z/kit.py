"""A Survivor's own free-phase moves (items, gifts, thefts, ambushes), picked out of
per-config tables in one pass per seat.

On the Move and At a Location every Survivor may use and equip items, give, steal,
snatch and ambush, and both phases list those moves for every seat in every state.
A gift or a theft changes two Survivors' records on most moves, so the lists are
built afresh nearly every time (a memo by seat hit a fifth of the time): what
pays is making each build cheap. Every ``Move`` comes out of a :class:`Kit` built
once per config (rows by seat and item id), the facts every seat reads (who has
room in hand) are worked out once per state, and each seat's moves are appended
in one loop with no call per kind of move. Appending a handful of moves in a
plain loop costs less than ``map`` over a row's ``__getitem__`` or a cache keyed
by the kinds held (those keys seldom repeat; see ``_base.held_kinds``).

The order is the rules' listing order (items in hand order; then gifts per
receiver, per victim a theft and the snatches, then the ambushes): the legal
moves of ``travel.legal_decide`` and ``location.legal_location`` come out in it.
"""

from __future__ import annotations

import functools
from operator import itemgetter

import attrs

from zombie_rules.core.memo import Remembered, remember_last
from zombie_rules.quarantine_z._base import best_gun, held_kinds, move_row, pair_rows
from zombie_rules.quarantine_z.cards import Kind
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.state import Action, Move, Survivor

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_AMBUSH = Action.AMBUSH
_EQUIP = Action.EQUIP
_GIVE = Action.GIVE
_SNATCH = Action.SNATCH
_STEAL = Action.STEAL
_USE = Action.USE
_EQUIPMENT = Kind.EQUIPMENT
_HEAL = Kind.HEAL

#: Seat lists :meth:`Kit.ambushes` keeps rows for at most (a few per table: who is in
#: play); past that they are dropped and rebuilt as needed.
_MAX_AMBUSH_ROWS = 256


@attrs.frozen
class Kit:
    """The free-phase moves of one config, by seat: ``[s]`` is seat ``s``'s row.

    ``items[s][i]``: 'use i' for a healing item, 'equip i' for equipment, else
    ``None`` (``heals``: the healing items' ids); ``gifts[s][j][i]``: 'give j i';
    ``steals[s][j]``: 'steal j'; ``snatches[s][j][i]``: 'snatch j i'. The rest are
    the config's numbers the listing reads.
    """

    items: tuple[tuple[Move | None, ...], ...]
    heals: frozenset[int]
    gifts: tuple[tuple[tuple[Move, ...], ...], ...]
    steals: tuple[tuple[Move, ...], ...]
    snatches: tuple[tuple[tuple[Move, ...], ...], ...]
    players: int
    hand_limit: int
    full_life: int
    allow_steal: bool
    _ambush_rows: dict[tuple[int, ...], tuple[tuple[tuple[Move, ...], ...], ...]] = attrs.field(
        factory=dict, eq=False, repr=False
    )

    def ambushes(self, players: tuple[int, ...]) -> tuple[tuple[tuple[Move, ...], ...], ...]:
        """``[s][shoot]``: seat ``s``'s ambushes of each other seat of ``players``, in
        order, with Fight alone (``[s][0]``) or Fight and Shoot (``[s][1]``)."""
        rows = self._ambush_rows.get(players)
        if rows is None:
            if len(self._ambush_rows) >= _MAX_AMBUSH_ROWS:
                self._ambush_rows.clear()
            rows = self._ambush_rows[players] = tuple(
                (_ambush_row(s, players, False), _ambush_row(s, players, True))
                for s in range(self.players)
            )
        return rows


def _ambush_row(s: int, players: tuple[int, ...], shoot: bool) -> tuple[Move, ...]:
    moves = []
    for j in players:
        if j != s:
            moves.append(Move(s, _AMBUSH, (j, 0)))
            if shoot:
                moves.append(Move(s, _AMBUSH, (j, 1)))
    return tuple(moves)


@functools.lru_cache(maxsize=16)
def _kit(config: Config) -> Kit:
    """The :class:`Kit` of ``config``, built once per config (see :data:`kit`)."""
    n, players = len(config.items), config.players
    items = []
    for s in range(players):
        use, equip = move_row(s, _USE, (), n), move_row(s, _EQUIP, (), n)
        items.append(
            tuple(
                use[i] if it.kind is _HEAL else equip[i] if it.kind is _EQUIPMENT else None
                for i, it in enumerate(config.items)
            )
        )
    return Kit(
        items=tuple(items),
        heals=frozenset(i for i, it in enumerate(config.items) if it.kind is _HEAL),
        gifts=pair_rows(_GIVE, players, n),
        steals=tuple(move_row(s, _STEAL, (), players) for s in range(players)),
        snatches=pair_rows(_SNATCH, players, n),
        players=players,
        hand_limit=config.survivor_hand,
        full_life=config.survivor_life,
        allow_steal=config.allow_steal,
    )


#: The :class:`Kit` of a config; the very config asked about last is answered at once
#: (as ``config.tables`` is, without hashing the config).
kit: Remembered[Config, Kit] = remember_last(_kit)


def with_room(kit: Kit, survivors: tuple[Survivor, ...], players: tuple[int, ...]) -> list[int]:
    """The seats of ``players`` with room in hand for a gift, in order (asked once per state)."""
    limit = kit.hand_limit
    rooms = []
    for j in players:
        if len(survivors[j].hand) < limit:
            rooms.append(j)
    return rooms


def add_kit_moves(
    moves: list[Move],
    kit: Kit,
    config: Config,
    survivors: tuple[Survivor, ...],
    s: int,
    players: tuple[int, ...],
    rooms: list[int],
    capped: bool,
) -> tuple[int, ...]:
    """Append seat ``s``'s item moves, then (``capped``: a free action left) its gifts,
    then per victim its theft and snatches, then its ambushes; return the kinds of
    item it holds (``_base.held_kinds``), which the callers list further moves by.

    ``players``: the seats that make and suffer free actions (``s`` among them);
    ``rooms``: :func:`with_room` of them. The tests of ``effects.usable`` and of the
    free-action checks, without building their refusals.
    """
    me = survivors[s]
    hand = me.hand
    append = moves.append
    held: tuple[int, ...] = ()
    if hand:
        held = held_kinds(hand)
        hurt = me.life < kit.full_life
        equipment = me.equipment
        heals = kit.heals
        row = kit.items[s]
        for item in held:
            move = row[item]
            if move is not None:
                if item in heals:
                    if hurt:
                        append(move)
                elif item not in equipment:
                    append(move)
    if not capped:
        return held
    if len(held) > 1:
        # The kinds held out of each receiver's row, in one C call per receiver.
        pick = itemgetter(*held)
        gifts = kit.gifts[s]
        for j in rooms:
            if j != s:
                moves += pick(gifts[j])
    elif held:
        item = held[0]
        gifts = kit.gifts[s]
        for j in rooms:
            if j != s:
                append(gifts[j][item])
    if kit.allow_steal:
        steals, snatches = kit.steals[s], kit.snatches[s]
        room = len(hand) < kit.hand_limit
        mine = me.equipment
        for j in players:
            if j == s:
                continue
            other = survivors[j]
            if room and other.hand:
                append(steals[j])
            theirs = other.equipment
            if theirs:
                snatch = snatches[j]
                for item in theirs:
                    if item not in mine:
                        append(snatch[item])
    shoot = bool(me.equipment) and best_gun(config, me) >= 0
    moves += kit.ambushes(players)[s][shoot]
    return held
