"""Every rule variant and card-set choice of Quarantine Z; ``Config()`` is the game as ruled."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.memo import Remembered, remember_last
from zombie_rules.core.seats import every_seat
from zombie_rules.core.validation import require_int_pairs, require_type
from zombie_rules.quarantine_z.cards import (
    ACTION_SETS,
    BUILDING_COUNT,
    BUILDINGS,
    ITEMS,
    MUNITION_COUNT,
    SUPPLY_COUNT,
    VARIABLE_LOOT,
    ZOMBIE_CARDS,
    ZOMBIE_COUNT,
    Building,
    Deck,
    Event,
    Face,
    Item,
    Kind,
    ZombieCard,
)
from zombie_rules.quarantine_z.custom import Point, check_effect

MIN_PLAYERS = 3
MAX_PLAYERS = 2 + ACTION_SETS - 1  # one Zombie Player and up to four Survivors


@attrs.frozen(cache_hash=True)
class Config:
    """A Quarantine Z table (see docs/rulings/quarantine_z.md for every knob).

    ``zombie_seat`` plays the Zombies; every other seat is a Survivor. The card set
    is ``zombie_card_set``, ``item_set`` (Supply and Munition) and ``building_set``;
    ``None`` means our default set (:mod:`zombie_rules.quarantine_z.cards`), which keeps
    saved configs short. A card of a set may name a card effect (an Event's
    instruction, a zombie's ability, a Combat Item's effect) registered in
    :mod:`~zombie_rules.quarantine_z.custom` (ruling 41): the config keeps its name, so
    it stays data. ``strict_counts`` requires the rulebook's deck sizes.
    ``player_scaling`` (ruling 38) scales the Zombie Player with the number of
    Survivors; ``False`` is the rulebook's fixed numbers at every player count.
    ``combat_round_limit`` ends a combat still going after that many rounds, as a
    stalemate (ruling 39); ``None`` is the rulebook's "Repeat this sequence until ...",
    which a Survivor-against-Survivor combat of missed rolls need never end.
    """

    players: int = 4
    zombie_seat: int = 0
    zombie_card_set: tuple[ZombieCard, ...] | None = None
    item_set: tuple[Item, ...] | None = None
    building_set: tuple[Building, ...] | None = None
    strict_counts: bool = True
    back_life: int = 2
    back_damage: int = 1
    back_escape: int = 1
    survivor_life: int = 3
    survivor_hand: int = 6
    zombie_hand: int = 8
    setup_draws: int = 4
    zombie_setup_draws: int = 4
    area_size: int = 10
    noise_at_most: int = 3
    fight_hit: int = 3
    shelter_discards: int = 6
    variable_loot: tuple[tuple[int, int], ...] = VARIABLE_LOOT
    zombies_per_step: int = 1
    zombie_may_pass: bool = False
    free_actions: int = 6
    allow_steal: bool = True
    give_way: bool = True
    player_scaling: bool = True
    combat_round_limit: int | None = 50

    def __attrs_post_init__(self) -> None:
        validate(self)

    def zombies_allowed(self, living: int) -> int:
        """Zombies the Zombie Player may play in a Zombies! step (before any Swarm).

        With ``player_scaling``, one for every two living Survivors (rounded down),
        and never fewer than ``zombies_per_step``: the Survivors' firepower grows with
        their number, a fixed "a Zombie" per arrival does not (ruling 38).
        """
        if not self.player_scaling:
            return self.zombies_per_step
        return max(self.zombies_per_step, living // 2)

    @property
    def zombie_opening_hand(self) -> int:
        """Cards the Zombie Player draws at set-up.

        With ``player_scaling``, ``zombie_setup_draws`` for each Survivor beyond the
        second (none at 3 players, the rulebook's 4 at 4, 8 at 5), never past the hand
        limit: the head start grows with the group it hunts, as a pair lost most games
        against four cards and four Survivors won most (ruling 38).
        """
        if not self.player_scaling:
            return self.zombie_setup_draws
        survivors = self.players - 1
        return min(self.zombie_setup_draws * (survivors - 2), self.zombie_hand)

    @property
    def zombie_cards(self) -> tuple[ZombieCard, ...]:
        """The Zombie cards in play: ``zombie_card_set``, or the default set when None."""
        return ZOMBIE_CARDS if self.zombie_card_set is None else self.zombie_card_set

    @property
    def items(self) -> tuple[Item, ...]:
        """The Supply and Munition cards: ``item_set``, or the default set when None."""
        return ITEMS if self.item_set is None else self.item_set

    @property
    def buildings(self) -> tuple[Building, ...]:
        """The Building cards: ``building_set``, or the default set when None."""
        return BUILDINGS if self.building_set is None else self.building_set


_INTS = (
    "players", "zombie_seat", "back_life", "back_damage", "back_escape", "survivor_life",
    "survivor_hand", "zombie_hand", "setup_draws", "zombie_setup_draws", "area_size",
    "noise_at_most", "fight_hit", "shelter_discards", "zombies_per_step", "free_actions",
)  # fmt: skip


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played."""
    for name in _INTS:
        require_type(name, getattr(config, name), int)
    for name in ("strict_counts", "zombie_may_pass", "allow_steal", "give_way", "player_scaling"):
        require_type(name, getattr(config, name), bool)
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "players",
            f"Quarantine Z is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {config.players}",
        )
    if not 0 <= config.zombie_seat < config.players:
        raise InvalidConfig(
            "zombie_seat", f"must be a seat 0-{config.players - 1}, not {config.zombie_seat}"
        )
    for name in ("back_life", "back_damage", "survivor_life", "survivor_hand", "zombie_hand"):
        if getattr(config, name) < 1:
            raise InvalidConfig(name, f"must be at least 1, not {getattr(config, name)}")
    for name in ("setup_draws", "zombie_setup_draws", "shelter_discards", "free_actions"):
        if getattr(config, name) < 0:
            raise InvalidConfig(name, f"cannot be negative, not {getattr(config, name)}")
    if config.setup_draws > config.survivor_hand:
        raise InvalidConfig("setup_draws", "cannot exceed the Survivors' hand limit")
    if config.zombie_setup_draws > config.zombie_hand:
        raise InvalidConfig("zombie_setup_draws", "cannot exceed the Zombie Player's hand limit")
    if not 0 <= config.noise_at_most <= 6:
        raise InvalidConfig("noise_at_most", f"must be a die face 0-6, not {config.noise_at_most}")
    if not 1 <= config.fight_hit <= 6:
        raise InvalidConfig("fight_hit", f"must be a die face 1-6, not {config.fight_hit}")
    if config.zombies_per_step < 1:
        raise InvalidConfig("zombies_per_step", "must be at least 1")
    require_type("combat_round_limit", config.combat_round_limit, (int, type(None)))
    if config.combat_round_limit is not None and config.combat_round_limit < 1:
        raise InvalidConfig(
            "combat_round_limit",
            f"must be at least 1 round, or None for no limit, not {config.combat_round_limit}",
        )
    require_int_pairs("variable_loot", config.variable_loot)
    if len(config.variable_loot) != 6 or any(s < 0 or m < 0 for s, m in config.variable_loot):
        raise InvalidConfig("variable_loot", "needs six (supply, munition) pairs, none negative")
    _validate_zombies(config)
    _validate_items(config)
    _validate_buildings(config)


def _validate_zombies(config: Config) -> None:
    cards = config.zombie_cards
    _once_for_built_in(cards, _check_zombie_cards)
    total = sum(c.copies for c in cards)
    if config.strict_counts and total != ZOMBIE_COUNT:
        raise InvalidConfig(
            "zombie_card_set", f"the rulebook's deck has {ZOMBIE_COUNT}, not {total}"
        )
    if total < config.zombie_opening_hand:
        raise InvalidConfig("zombie_card_set", "too few to deal the Zombie Player's hand")


def _check_zombie_cards(cards: tuple[ZombieCard, ...]) -> None:
    if not isinstance(cards, tuple) or not all(isinstance(c, ZombieCard) for c in cards):
        raise InvalidConfig("zombie_card_set", "must be None or a tuple of ZombieCard")
    _unique("zombie_card_set", [c.name for c in cards])
    for c in cards:
        for name in ("copies", "life", "damage", "escape", "armor", "noise", "amount"):
            require_type(f"zombie_card_set[{c.name}].{name}", getattr(c, name), int)
        require_type(f"zombie_card_set[{c.name}].face", c.face, Face)
        require_type(f"zombie_card_set[{c.name}].event", c.event, (Event, type(None)))
        require_type(f"zombie_card_set[{c.name}].horde", c.horde, bool)
        require_type(f"zombie_card_set[{c.name}].text", c.text, str)
        if c.copies < 1:
            raise InvalidConfig("zombie_card_set", f"{c.name}: needs at least one copy")
        if min(c.armor, c.noise, c.amount) < 0:
            raise InvalidConfig("zombie_card_set", f"{c.name}: armor, noise and amount are >= 0")
        if c.face is Face.ZOMBIE and (c.life < 1 or c.damage < 1):
            raise InvalidConfig("zombie_card_set", f"{c.name}: a zombie needs Life and Damage >= 1")
        if c.face is Face.MUTATION and (c.life < 0 or c.damage < 0):
            raise InvalidConfig("zombie_card_set", f"{c.name}: a Mutation cannot lower Life/Damage")
        if c.face is not Face.EVENT and c.event is not None:
            raise InvalidConfig("zombie_card_set", f"{c.name}: only Event faces name an event")
        if c.face is Face.EVENT and (c.event is None) == (not c.effect):
            raise InvalidConfig(
                "zombie_card_set",
                f"{c.name}: an Event face names an event or an effect, exactly one of them",
            )
        if c.face is Face.MUTATION and c.effect:
            raise InvalidConfig(
                "zombie_card_set", f"{c.name}: a Mutation has no effect; only Events and zombies"
            )
        point = Point.EVENT if c.face is Face.EVENT else Point.ARRIVAL
        check_effect("zombie_card_set", c.name, c.effect, point)
        if c.event is not None and c.amount < 1:
            raise InvalidConfig("zombie_card_set", f"{c.name}: an event needs an amount >= 1")


def _validate_items(config: Config) -> None:
    items = config.items
    _once_for_built_in(items, _check_items)
    supply = sum(i.copies for i in items if i.deck is Deck.SUPPLY)
    munition = sum(i.copies for i in items if i.deck is Deck.MUNITION)
    if config.strict_counts and (supply, munition) != (SUPPLY_COUNT, MUNITION_COUNT):
        raise InvalidConfig(
            "item_set",
            f"the rulebook has {SUPPLY_COUNT} Supply and {MUNITION_COUNT} Munition cards,"
            f" not {supply} and {munition}",
        )
    if supply + munition < (config.players - 1) * config.setup_draws:
        raise InvalidConfig("item_set", "too few Supply and Munition cards for the set-up draws")


def _check_items(items: tuple[Item, ...]) -> None:
    if not isinstance(items, tuple) or not all(isinstance(i, Item) for i in items):
        raise InvalidConfig("item_set", "must be None or a tuple of Item")
    names = [i.name for i in items]
    _unique("item_set", names)
    for i in items:
        for name in (
            "copies", "heal", "melee", "gun_damage", "gun_hit", "gun_headshot", "armor",
            "escape", "blast", "scare", "noise",
        ):  # fmt: skip
            require_type(f"item_set[{i.name}].{name}", getattr(i, name), int)
        for name in ("melee_headshot", "silent"):
            require_type(f"item_set[{i.name}].{name}", getattr(i, name), bool)
        require_type(f"item_set[{i.name}].deck", i.deck, Deck)
        require_type(f"item_set[{i.name}].kind", i.kind, Kind)
        require_type(f"item_set[{i.name}].ammo", i.ammo, str)
        require_type(f"item_set[{i.name}].text", i.text, str)
        require_type(f"item_set[{i.name}].amount", i.amount, int)
        check_effect("item_set", i.name, i.effect, Point.COMBAT_ITEM)
        if i.effect and i.kind is not Kind.COMBAT:
            raise InvalidConfig(
                "item_set", f"{i.name}: only a Combat Item has an effect, not a {i.kind.value} card"
            )
        if i.amount < 0:
            raise InvalidConfig("item_set", f"{i.name}: amount is >= 0, not {i.amount}")
        if i.copies < 1:
            raise InvalidConfig("item_set", f"{i.name}: needs at least one copy")
        if min(i.heal, i.melee, i.gun_damage, i.armor, i.blast, i.noise) < 0:
            raise InvalidConfig(
                "item_set", f"{i.name}: heal, melee, damage, armor, blast, noise >= 0"
            )
        if i.kind is Kind.HEAL and i.heal < 1:
            raise InvalidConfig("item_set", f"{i.name}: a healing item needs heal >= 1")
        if i.gun_damage:
            if i.kind is not Kind.EQUIPMENT:
                raise InvalidConfig("item_set", f"{i.name}: a firearm must be equipment")
            if not 1 <= i.gun_hit <= 6 or not 0 <= i.gun_headshot <= 6:
                raise InvalidConfig("item_set", f"{i.name}: gun_hit 1-6 and gun_headshot 0-6")
            ammo = [a for a in items if a.name == i.ammo]
            if not ammo or ammo[0].kind is not Kind.AMMO:
                raise InvalidConfig(
                    "item_set",
                    f"{i.name}: its ammunition {i.ammo!r} is not an ammo card of the set",
                )


def _validate_buildings(config: Config) -> None:
    buildings = config.buildings
    _once_for_built_in(buildings, _check_buildings)
    if config.strict_counts and len(buildings) != BUILDING_COUNT:
        raise InvalidConfig(
            "building_set", f"the rulebook has {BUILDING_COUNT} Buildings, not {len(buildings)}"
        )
    if not 2 <= config.area_size <= len(buildings):
        raise InvalidConfig(
            "area_size",
            f"must be 2-{len(buildings)} (the Buildings there are), not {config.area_size}",
        )


def _check_buildings(buildings: tuple[Building, ...]) -> None:
    if not isinstance(buildings, tuple) or not all(isinstance(b, Building) for b in buildings):
        raise InvalidConfig("building_set", "must be None or a tuple of Building")
    _unique("building_set", [b.name for b in buildings])
    for b in buildings:
        for name in ("supply", "munition", "escape"):
            require_type(f"building_set[{b.name}].{name}", getattr(b, name), int)
        for name in ("shelter", "variable"):
            require_type(f"building_set[{b.name}].{name}", getattr(b, name), bool)
        require_type(f"building_set[{b.name}].text", b.text, str)
        if b.supply < 0 or b.munition < 0:
            raise InvalidConfig("building_set", f"{b.name}: Supply and Munition values are >= 0")


#: The rulebook's card tuples (module constants, alive as long as the process, so their
#: ids are never reused), and those whose cards have passed their checks.
_BUILT_IN: Final = frozenset({id(ZOMBIE_CARDS), id(ITEMS), id(BUILDINGS)})
_PASSED: set[int] = set()


def _once_for_built_in(cards: Any, check: Callable[[Any], None]) -> None:
    """``check(cards)``, but only once per process for the rulebook's own card tuples.

    Every decoded state and view rebuilds its config, so the rulebook's hundred-odd
    cards would be checked field by field at each one. A table's own cards are checked
    every time: equal is not enough to skip them (``1.0 == 1``), only the very tuple.
    """
    key = id(cards)
    if key in _PASSED:
        return
    check(cards)
    if key in _BUILT_IN:
        _PASSED.add(key)


def _unique(field: str, names: list[str]) -> None:
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise InvalidConfig(field, f"card names must be unique; repeated: {', '.join(dupes)}")


@attrs.frozen
class Tables:
    """Per-config lookups the rules need, computed once per config."""

    survivors: tuple[int, ...]  # survivor seats, ascending
    everyone: int  # bitmask of all seats
    supply_ids: tuple[int, ...]  # item ids of the Supply deck
    munition_ids: tuple[int, ...]
    item_index: dict[str, int]
    specials: frozenset[int]  # zombie card ids with a ZOMBIE face
    mutations: frozenset[int]
    events: frozenset[int]
    zombie_copies: tuple[int, ...]
    zombie_cards_total: int  # every Zombie card: more than any zombie number can reach
    item_copies: tuple[int, ...]
    ammo_of: tuple[int, ...]  # per item id: the ammo item id of a firearm, else -1


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> Tables:
    """The lookups of ``config``, built once per config (see :data:`tables`)."""
    items = config.items
    index = {item.name: i for i, item in enumerate(items)}
    zc = config.zombie_cards
    return Tables(
        survivors=tuple(s for s in range(config.players) if s != config.zombie_seat),
        everyone=every_seat(config.players),
        supply_ids=tuple(i for i, it in enumerate(items) if it.deck is Deck.SUPPLY),
        munition_ids=tuple(i for i, it in enumerate(items) if it.deck is Deck.MUNITION),
        item_index=index,
        specials=frozenset(i for i, c in enumerate(zc) if c.face is Face.ZOMBIE),
        mutations=frozenset(i for i, c in enumerate(zc) if c.face is Face.MUTATION),
        events=frozenset(i for i, c in enumerate(zc) if c.face is Face.EVENT),
        zombie_copies=tuple(c.copies for c in zc),
        zombie_cards_total=sum(c.copies for c in zc),
        item_copies=tuple(it.copies for it in items),
        ammo_of=tuple(index.get(it.ammo, -1) if it.gun_damage else -1 for it in items),
    )


#: The lookups of a config. The rules ask several times per move, nearly always of one
#: config: the very object asked about last is answered at once, without the cache's
#: call to the config's ``__hash__`` (a Python method).
tables: Remembered[Config, Tables] = remember_last(_tables)
