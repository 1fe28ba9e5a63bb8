"""Every rule variant and card-set choice of Texas Zombies; ``Config()`` is the rulebook game."""

from __future__ import annotations

import enum
import functools

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import every_seat
from zombie_rules.core.validation import require_type, short
from zombie_rules.core.wording import count
from zombie_rules.texas_zombies.cards import (
    DEFAULT_EVENTS,
    DEFAULT_OBJECTS,
    HAND_SIZE,
    TEAM_CARDS_EACH,
)
from zombie_rules.texas_zombies.effects import EventEffect, validate_effects

MIN_PLAYERS = 3
MAX_PLAYERS = 6
#: Engine limit on ``hand_size``, far above the rulebook's 3, that keeps a story's
#: choices few: at most 70 ways to pick the Objects a story uses from a hand of 8.
MAX_HAND_SIZE = 8


class LastStory(enum.Enum):
    """How many Objects the story of the last Event must use (rule L).

    F takes the number from "the back of the next Event card of the pile"; the last
    Event has no next card, so L says instead: "the active player must use all three
    of his Object cards". Some tables read the last card's own back instead.
    """

    #: L as printed: every Object in hand (all three in the rulebook's game).
    WHOLE_HAND = "whole_hand"
    #: The number on the back of the last Event itself, which showed while it topped the pile.
    OWN_BACK = "own_back"


@attrs.frozen(cache_hash=True)
class Config:
    """A Texas Zombies table.

    ``first_player`` is the seat of "the player who last met a Zombie" (rule D).
    ``events`` lists ``(name, number on the back)`` per Event card and ``objects``
    one name per Object card. ``events_per_player`` sets the Event pile to that
    many cards per player (the rulebook's 9/12/15/18 is 3 per player).
    ``split_public`` makes the team sizes of an odd table (any table whose teams
    differ in size) known to everyone from the start (by default only the dealt
    cards say, and they are secret until the end; see docs/rulings/texas_zombies.md).
    ``team_sizes`` is the number of members of the two teams, in either order
    (``None``: the rulebook's split, 2 and 1, 2 and 2, 3 and 2, 3 and 3); when they
    differ, which team is the bigger is dealt by chance and kept as secret as an odd
    table's, and the box holds enough Team cards of each team for the bigger one.
    ``hand_size`` is how many Objects each player is dealt and draws back up to (the
    rulebook's 3); every Event's back must be at most that, or no story could be told.
    ``last_story`` says how many Objects the story of the last Event uses: the whole
    hand (``whole_hand``, the rulebook) or the number on that Event's own back
    (``own_back``).
    ``event_effects`` gives custom scoring to Events named in ``events`` (see
    :mod:`zombie_rules.texas_zombies.effects`): how many Event cards each counts as,
    and a registered effect by name. Events it does not name count 1, as printed.
    """

    players: int = 4
    first_player: int = 0
    events: tuple[tuple[str, int], ...] = DEFAULT_EVENTS
    objects: tuple[str, ...] = DEFAULT_OBJECTS
    events_per_player: int = 3
    split_public: bool = False
    team_sizes: tuple[int, int] | None = None
    hand_size: int = HAND_SIZE
    last_story: LastStory = LastStory.WHOLE_HAND
    event_effects: tuple[EventEffect, ...] = ()

    def __attrs_post_init__(self) -> None:
        validate(self)


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played.

    Types come first: attrs does not check them, and ``"4"`` players or a list of
    Objects would otherwise fail later with a ``TypeError`` (or, for a list, make
    an unhashable "frozen" config).
    """
    for name in ("players", "first_player", "events_per_player", "hand_size"):
        require_type(name, getattr(config, name), int)
    require_type("split_public", config.split_public, bool)
    require_type("last_story", config.last_story, LastStory)
    _require_team_sizes(config.team_sizes)
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
    _check_team_sizes(config)
    if not 1 <= config.hand_size <= MAX_HAND_SIZE:
        raise InvalidConfig(
            "hand_size",
            f"must be 1-{MAX_HAND_SIZE} Objects each, not {short(config.hand_size)}",
        )
    names = [name for name, _ in config.events]
    if len(set(names)) != len(names) or not all(map(_one_line, names)):
        raise InvalidConfig("events", "every Event needs a one-line name, and no two the same name")
    _check_backs(config)
    validate_effects(config.event_effects, tuple(names))
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
    needed = config.players * config.hand_size
    if len(config.objects) < needed:
        raise InvalidConfig(
            "objects",
            f"{count(len(config.objects), 'Object')} cannot deal {config.players} hands"
            f" of {config.hand_size} ({needed} needed)",
        )


def rulebook_split(players: int) -> tuple[int, int]:
    """The bigger team's size, then the smaller's: C's split for ``players``.

    C: "3 players > 2 and 1 • 4 players > 2 and 2 • 5 players > 3 and 2 • 6 players >
    3 and 3."
    """
    return players - players // 2, players // 2


def _check_team_sizes(config: Config) -> None:
    """Two teams of at least one member each, seating every player."""
    sizes = config.team_sizes
    if sizes is None:
        return
    n = config.players
    if min(sizes) < 1 or sum(sizes) != n:
        legal = ", ".join(f"({a}, {n - a})" for a in range(1, n))
        raise InvalidConfig(
            "team_sizes",
            f"{short(sizes)} cannot seat {n} players in two teams; legal: None (the"
            f" rulebook's {rulebook_split(n)}) or {legal}",
        )


def _check_backs(config: Config) -> None:
    """Every Event's back asks for 1 to ``hand_size`` Objects, so every story can be told.

    The field named is the one a designer most likely changed: ``hand_size`` when the
    hand was made smaller than the rulebook's, else ``events``.
    """
    backs = [back for _, back in config.events]
    hand = config.hand_size
    if all(1 <= back <= hand for back in backs):
        return
    largest = max(backs)
    if min(backs) >= 1 and hand < HAND_SIZE and largest <= HAND_SIZE:
        raise InvalidConfig(
            "hand_size",
            f"a hand of {hand} cannot tell the story of an Event with {largest} on its back;"
            f" need hand_size {largest} or more, or Events with backs 1-{hand}",
        )
    raise InvalidConfig(
        "events", f"the number on an Event's back must be 1-{hand} (a hand holds {hand})"
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


def _require_team_sizes(sizes: object) -> None:
    if sizes is not None and not (
        type(sizes) is tuple and len(sizes) == 2 and all(type(k) is int for k in sizes)
    ):
        raise InvalidConfig(
            "team_sizes", f"must be None or a pair of team sizes (a, b), not {short(sizes)}"
        )


def _require_objects(objects: object) -> None:
    if not isinstance(objects, tuple) or not all(type(o) is str for o in objects):
        raise InvalidConfig("objects", f"must be a tuple of names, not {short(objects)}")


@attrs.frozen
class Tables:
    """Per-config lookups the hot path needs, computed once per config."""

    backs: tuple[int, ...]  # number on the back per Event index
    by_back: tuple[tuple[int, ...], ...]  # Event indices per back number (index 0 unused)
    back_ids: tuple[tuple[int, ...], ...]  # by_back[1:], up to the largest back of the Events
    pile_size: int  # Events in play
    everyone: int  # bitmask of all seats
    team_sizes: tuple[int, int]  # members of the bigger team, then of the smaller
    equal_teams: bool  # both teams the same size: no chance node settles the split
    team_cards: int  # Team cards of each team in the box
    worth: tuple[int, ...]  # Event cards each Event counts as when won (``event_effects``)
    effects: tuple[str, ...]  # registered effect name per Event index ("" for none)
    plain_scoring: bool  # every Event counts 1 with no effect: scoring counts cards


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> Tables:
    backs = tuple(back for _, back in config.events)
    by_back = tuple(
        tuple(i for i, b in enumerate(backs) if b == back) for back in range(max(backs) + 1)
    )
    sizes = config.team_sizes or rulebook_split(config.players)
    big, small = max(sizes), min(sizes)
    custom = {entry.event: entry for entry in config.event_effects}
    plain = EventEffect("")
    entries = [custom.get(name, plain) for name, _ in config.events]
    worth = tuple(entry.worth for entry in entries)
    effects = tuple(entry.effect for entry in entries)
    return Tables(
        backs=backs,
        by_back=by_back,
        back_ids=by_back[1:],
        pile_size=config.events_per_player * config.players,
        everyone=every_seat(config.players),
        team_sizes=(big, small),
        equal_teams=big == small,
        team_cards=max(TEAM_CARDS_EACH, big),
        worth=worth,
        effects=effects,
        plain_scoring=all(w == 1 for w in worth) and not any(effects),
    )


#: The lookups of a config. Every move asks several times about the same config, and
#: even a cached hash is a Python call, so the config asked about last is answered by
#: identity first (``core.memo.remember_last``), the others from ``_tables``' cache.
tables = remember_last(_tables)
