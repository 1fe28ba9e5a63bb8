"""A batch of games as plain data: what to play, with whom, how often, from which seed.

A :class:`Batch` holds names and numbers only (agents by name, the title's
``Config``), so it pickles to any worker, encodes as JSON for the record of a
published table, and means the same games wherever it is run.
"""

from __future__ import annotations

import enum
import itertools
import json
from collections.abc import Iterator
from typing import Any

import attrs

from zombie_rules.core.errors import DecodeError, InvalidConfig, UnknownGame
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.play import make_agent
from zombie_rules.registry import get_game
from zombie_rules.simulate.seeding import game_seed

AnyGame = Game[Any, Any, Any, Any]


class Rotation(enum.Enum):
    """Which seat orders each deal is played in.

    ``NONE`` plays every deal once with the agents as listed. ``CYCLE`` plays it once
    per cyclic shift of the agents (each agent sits in each seat once per deal);
    ``ALL`` once per distinct permutation. Equal agent lists give one order only,
    so rotating a table of one agent costs nothing.
    """

    NONE = "none"
    CYCLE = "cycle"
    ALL = "all"


def _agent_tuple(value: Any) -> tuple[str, ...]:
    # "heuristic" or "random,heuristic" as the command line writes them, or a sequence.
    if isinstance(value, str):
        return tuple(name.strip() for name in value.split(","))
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class Batch:
    """``games`` games of ``title`` with one agent (by name) per seat.

    Game ``i`` is deal ``i // k`` played in seat order ``i % k`` of the ``k`` orders
    that ``rotation`` gives, seeded by :func:`~zombie_rules.simulate.seeding.game_seed`
    of (``seed``, deal): every order of one deal starts from the same shuffle and
    deal, and the batch plays the same games however it is split. ``config=None``
    is the title's rulebook ``Config()``; one agent name fills every seat.
    ``max_moves`` stops a game after that many moves (chance outcomes included);
    such a game counts as capped, won by nobody.
    """

    title: str
    agents: tuple[str, ...] = attrs.field(converter=_agent_tuple)
    games: int
    seed: int = 0
    config: Any = None
    rotation: Rotation = Rotation.NONE
    max_moves: int | None = None

    def __attrs_post_init__(self) -> None:
        game = _title(self.title)
        if self.config is None:
            object.__setattr__(self, "config", game.default_config())
        elif not isinstance(self.config, game.config_type):
            raise InvalidConfig(
                "config", f"expected a {game.name} Config, got {type(self.config).__name__}"
            )
        players = game.players(self.config)
        if not isinstance(self.agents, tuple) or not all(isinstance(a, str) for a in self.agents):
            raise InvalidConfig("agents", f"expected agent names, got {short(self.agents)}")
        if len(self.agents) == 1:
            object.__setattr__(self, "agents", self.agents * players)
        if len(self.agents) != players:
            raise InvalidConfig(
                "agents",
                f"{len(self.agents)} agents listed but {game.name} with this config has"
                f" {players} seats; give one name for all seats or one per seat",
            )
        for name in dict.fromkeys(self.agents):
            if not name:
                raise InvalidConfig("agents", "an agent name is empty")
            make_agent(game, name)  # unknown names fail before any game is played
        if not _is_int(self.games) or self.games < 1:
            raise InvalidConfig(
                "games", f"must be an integer of at least 1, not {short(self.games)}"
            )
        if not _is_int(self.seed):
            raise InvalidConfig("seed", f"must be an integer, not {short(self.seed)}")
        if not isinstance(self.rotation, Rotation):
            choices = ", ".join(r.value for r in Rotation)
            raise InvalidConfig("rotation", f"must be one of {choices}, not {short(self.rotation)}")
        if self.max_moves is not None and (not _is_int(self.max_moves) or self.max_moves < 1):
            raise InvalidConfig(
                "max_moves",
                f"must be None or an integer of at least 1, not {short(self.max_moves)}",
            )

    @property
    def game(self) -> AnyGame:
        """The title's :class:`~zombie_rules.core.game.Game`."""
        return get_game(self.title)

    @property
    def players(self) -> int:
        return self.game.players(self.config)

    @property
    def titles(self) -> tuple[str, ...]:
        """The one title its games are of (what an executor ships to workers)."""
        return (self.title,)

    def orders(self) -> tuple[tuple[str, ...], ...]:
        """The distinct seat orders of the agents that each deal is played in."""
        agents = self.agents
        shifted: Iterator[tuple[str, ...]]
        if self.rotation is Rotation.CYCLE:
            shifted = (agents[-r:] + agents[:-r] if r else agents for r in range(len(agents)))
        elif self.rotation is Rotation.ALL:
            shifted = (tuple(p) for p in itertools.permutations(agents))
        else:
            shifted = iter((agents,))
        return tuple(dict.fromkeys(shifted))

    def seat_order(self, index: int) -> tuple[int, int, tuple[str, ...]]:
        """Game ``index``'s deal number, seed and agents per seat."""
        orders = self.orders()
        deal, which = divmod(index, len(orders))
        return deal, game_seed(self.seed, deal), orders[which]

    def to_json(self) -> str:
        """The batch as compact JSON (the config as the serializer writes it)."""
        from zombie_rules.serialize import to_json

        return json.dumps(
            {
                "title": self.title,
                "config": json.loads(to_json(self.config)),
                "agents": list(self.agents),
                "games": self.games,
                "seed": self.seed,
                "rotation": self.rotation.value,
                "max_moves": self.max_moves,
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text: str | bytes) -> Batch:
        """The batch ``text`` encodes; :class:`DecodeError` saying what is wrong if none.

        ``seed``, ``config``, ``rotation`` and ``max_moves`` may be left out (their
        defaults); any other missing, extra or mistyped field is refused.
        """
        return _decode(text)


def _title(name: Any) -> AnyGame:
    if not isinstance(name, str):
        raise InvalidConfig("title", f"expected a game name, got {short(name)}")
    try:
        return get_game(name)
    except UnknownGame as exc:
        raise InvalidConfig("title", str(exc)) from None


@attrs.frozen
class _Fields:
    """A batch document without its config, decoded by the serializer's strict rules."""

    title: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    rotation: Rotation = Rotation.NONE
    max_moves: int | None = None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {short(key, 40)} appears twice")
            seen.add(key)
    return obj


def _decode(text: str | bytes) -> Batch:
    from zombie_rules.serialize import from_json

    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except (ValueError, TypeError, RecursionError) as exc:
        raise DecodeError(f"not a valid Batch: not valid JSON: {short(str(exc), 200)}") from None
    if type(data) is not dict:
        raise DecodeError(f"not a valid Batch: expected an object, got {short(data, 40)}")
    config_data = data.pop("config", None)
    try:
        fields = from_json(_Fields, json.dumps(data))
    except DecodeError as exc:
        raise DecodeError(str(exc).replace("_Fields", "Batch", 1)) from None
    try:
        game = _title(fields.title)
    except InvalidConfig as exc:
        raise DecodeError(f"not a valid Batch: {exc}") from None
    config = None
    if config_data is not None:
        try:
            config = from_json(game.config_type, json.dumps(config_data))
        except DecodeError as exc:
            raise DecodeError(f"not a valid Batch: config: {exc}") from None
    try:
        return Batch(
            title=fields.title,
            agents=fields.agents,
            games=fields.games,
            seed=fields.seed,
            config=config,
            rotation=fields.rotation,
            max_moves=fields.max_moves,
        )
    except InvalidConfig as exc:
        raise DecodeError(f"not a valid Batch: {exc}") from None
