"""Every rule variant and card-set choice of Texas Zombies; ``Config()`` is the rulebook game."""

from __future__ import annotations

import functools

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import every_seat
from zombie_rules.core.validation import require_type, short
from zombie_rules.core.wording import count
from zombie_rules.texas_zombies.cards import DEFAULT_EVENTS, DEFAULT_OBJECTS, HAND_SIZE

MIN_PLAYERS = 3
MAX_PLAYERS = 6


@attrs.frozen(cache_hash=True)
class Config:
    """A Texas Zombies table.

    ``first_player`` is the seat of "the player who last met a Zombie" (rule D).
    ``events`` lists ``(name, number on the back)`` per Event card and ``objects``
    one name per Object card. ``events_per_player`` sets the Event pile to that
    many cards per player (the rulebook's 9/12/15/18 is 3 per player).
    ``split_public`` makes the team sizes of an odd table known to everyone from
    the start (by default only the dealt cards say, and they are secret until the
    end; see docs/rulings/texas_zombies.md).
    """

    players: int = 4
    first_player: int = 0
    events: tuple[tuple[str, int], ...] = DEFAULT_EVENTS
    objects: tuple[str, ...] = DEFAULT_OBJECTS
    events_per_player: int = 3
    split_public: bool = False

    def __attrs_post_init__(self) -> None:
        validate(self)


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played.

    Types come first: attrs does not check them, and ``"4"`` players or a list of
    Objects would otherwise fail later with a ``TypeError`` (or, for a list, make
    an unhashable "frozen" config).
    """
    for name in ("players", "first_player", "events_per_player"):
        require_type(name, getattr(config, name), int)
    require_type("split_public", config.split_public, bool)
    _require_events(config.events)
    _require_objects(config.objects)
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "players",
            f"Texas Zombies is for {MIN_PLAYERS}-{MAX_PLAYERS} players,"
            f" not {short(config.players)}",
        )
    if not 0 <= config.first_player < config.players:
        raise InvalidConfig(
            "first_player",
            f"must be a seat 0-{config.players - 1}, not {short(config.first_player)}",
        )
    names = [name for name, _ in config.events]
    if len(set(names)) != len(names) or not all(map(_one_line, names)):
        raise InvalidConfig("events", "every Event needs a one-line name, and no two the same name")
    if any(not 1 <= back <= HAND_SIZE for _, back in config.events):
        raise InvalidConfig(
            "events", f"the number on an Event's back must be 1-{HAND_SIZE} (a hand holds 3)"
        )
    if config.events_per_player < 1:
        raise InvalidConfig(
            "events_per_player",
            f"need at least one Event each, not {short(config.events_per_player)}",
        )
    if config.events_per_player * config.players > len(config.events):
        raise InvalidConfig(
            "events",
            f"{count(len(config.events), 'Event')} cannot make a pile of"
            f" {short(config.events_per_player)} per player for {config.players} players",
        )
    if len(set(config.objects)) != len(config.objects) or not all(map(_one_line, config.objects)):
        raise InvalidConfig(
            "objects", "every Object needs a one-line name, and no two the same name"
        )
    needed = config.players * HAND_SIZE
    if len(config.objects) < needed:
        raise InvalidConfig(
            "objects",
            f"{count(len(config.objects), 'Object')} cannot deal {config.players} hands"
            f" of {HAND_SIZE} ({needed} needed)",
        )


def _one_line(name: str) -> bool:
    """A name that is not blank and has no line break (accounts of moves are one line each)."""
    return bool(name.strip()) and len(name.splitlines()) == 1


def _require_events(events: object) -> None:
    if not isinstance(events, tuple) or not all(
        type(e) is tuple and len(e) == 2 and type(e[0]) is str and type(e[1]) is int for e in events
    ):
        raise InvalidConfig(
            "events", f"must be a tuple of (name, back number) pairs, not {short(events)}"
        )


def _require_objects(objects: object) -> None:
    if not isinstance(objects, tuple) or not all(type(o) is str for o in objects):
        raise InvalidConfig("objects", f"must be a tuple of names, not {short(objects)}")


@attrs.frozen
class Tables:
    """Per-config lookups the hot path needs, computed once per config."""

    backs: tuple[int, ...]  # number on the back per Event index
    by_back: tuple[tuple[int, ...], ...]  # Event indices per back number (index 0 unused)
    pile_size: int  # Events in play
    everyone: int  # bitmask of all seats


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> Tables:
    backs = tuple(back for _, back in config.events)
    return Tables(
        backs=backs,
        by_back=tuple(
            tuple(i for i, b in enumerate(backs) if b == back) for back in range(HAND_SIZE + 1)
        ),
        pile_size=config.events_per_player * config.players,
        everyone=every_seat(config.players),
    )


#: The lookups of a config. Every move asks several times about the same config, and
#: even a cached hash is a Python call, so the config asked about last is answered by
#: identity first (``core.memo.remember_last``), the others from ``_tables``' cache.
tables = remember_last(_tables)
