"""Every title and variant this process can play, by name: built in, published or registered.

Three sources, in this order:

- the titles this library ships (:data:`BUILT_IN`), always there;
- each entry point of the group :data:`ENTRY_POINT_GROUP` (``zombie_rules.games``) of
  the installed packages: the entry point's name, and as its object a
  :class:`~zombie_rules.core.game.Game` or a callable returning one;
- :func:`register` at run time.

Generic code (the CLI, the serializer, the test kit, replays, the web server) finds
titles here, so a title or variant published from another package plays everywhere
with no change to zombie_rules. Entry points are read on first use, not at import,
so a package's entry point may itself import zombie_rules. One that fails to load
does not stop the others: its :class:`RegistrationError` (naming the entry point)
is kept in :func:`problems` and raised when that name is asked for.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from zombie_rules.core.builder import check_game
from zombie_rules.core.errors import RegistrationError, UnknownGame
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short

AnyGame = Game[Any, Any, Any, Any]

#: The packages of the titles this library ships.
BUILT_IN = ("zombie_run", "texas_zombies", "zombie_doctor", "quarantine_z")

#: The entry-point group other packages publish titles and variants under.
ENTRY_POINT_GROUP = "zombie_rules.games"

_lock = threading.RLock()
_games: dict[str, AnyGame] = {}
_sources: dict[str, str] = {}
_problems: dict[str, RegistrationError] = {}
_at_run_time: set[str] = set()
_state = {"built_in": False, "entry_points": False}


def _add(game: object, source: str, name: str | None = None) -> AnyGame:
    check_game(game, source)
    assert isinstance(game, Game)
    if name is not None and game.name != name:
        game = attrs.evolve(game, name=name)
    if game.name in _games:
        raise RegistrationError(
            f"{source}: a game called {game.name!r} is already registered"
            f" (from {_sources[game.name]}); pick another name"
        )
    _games[game.name] = game
    _sources[game.name] = source
    return game


def _load_built_in() -> None:
    if _state["built_in"]:
        return
    _state["built_in"] = True
    for package in BUILT_IN:
        module = importlib.import_module(f"zombie_rules.{package}")
        _add(module.GAME, f"zombie_rules.{package}")


def _describe(point: EntryPoint) -> str:
    return f"entry point {point.name!r} ({point.value}) of group {ENTRY_POINT_GROUP}"


def _load_entry_point(point: EntryPoint) -> None:
    where = _describe(point)
    try:
        value = point.load()
        game = value if isinstance(value, Game) else value() if callable(value) else value
    except Exception as exc:  # an installed package's bug must not stop the others
        raise RegistrationError(f"{where} failed to load: {type(exc).__name__}: {exc}") from exc
    _add(game, where, point.name)


def _load() -> None:
    """Read the built-in titles and every entry point, once."""
    with _lock:
        _load_built_in()
        if _state["entry_points"]:
            return
        _state["entry_points"] = True
        for point in entry_points(group=ENTRY_POINT_GROUP):
            try:
                _load_entry_point(point)
            except RegistrationError as problem:
                _problems.setdefault(point.name, problem)


def register(game: AnyGame, *, source: str = "registry.register()") -> AnyGame:
    """Add ``game`` under its name; it plays everywhere from now on. Returns it.

    Raises :class:`RegistrationError` for a name already taken (a built-in title, an
    entry point, an earlier registration) or a record that is not a usable ``Game``.
    """
    with _lock:
        _load()
        added = _add(game, source)
        _at_run_time.add(added.name)
        return added


def unregister(name: str) -> None:
    """Remove a game that :func:`register` added (built-in titles and entry points stay)."""
    with _lock:
        _load()
        if name not in _games:
            raise UnknownGame(f"no game called {short(name)} is registered")
        if name not in _at_run_time:
            raise RegistrationError(
                f"{name} comes from {_sources[name]}, not register(); it cannot be unregistered"
            )
        _at_run_time.discard(name)
        del _games[name]
        del _sources[name]


def registered_at_run_time(name: str) -> bool:
    """Whether ``name`` came from :func:`register` (a worker process will not know it)."""
    _load()
    return name in _at_run_time


def problems() -> tuple[RegistrationError, ...]:
    """Why each published entry point that failed to load was left out (empty: none failed)."""
    _load()
    return tuple(_problems.values())


def source(name: str) -> str:
    """Where the game called ``name`` came from: its package, entry point or ``register``."""
    _load()
    get_game(name)
    return _sources[name]


class _Registered(Mapping[str, AnyGame]):
    """A live, read-only view of the registered games (it loads entry points on first use)."""

    def __getitem__(self, name: str) -> AnyGame:
        _load()
        return _games[name]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter(tuple(_games))

    def __len__(self) -> int:
        _load()
        return len(_games)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


#: Every registered :class:`~zombie_rules.core.game.Game`, by name (read-only, live).
GAMES: Mapping[str, AnyGame] = _Registered()


def get_game(name: str) -> AnyGame:
    """The game called ``name``; :class:`UnknownGame` (a ``KeyError``) listing the known names.

    A published entry point of that name that failed to load raises its
    :class:`RegistrationError` instead, which says why.
    """
    _load()
    try:
        return _games[name]
    except (KeyError, TypeError):
        if isinstance(name, str) and name in _problems:
            raise _problems[name] from None
        known = ", ".join(sorted(_games))
        raise UnknownGame(f"no game called {short(name)}; known games: {known}") from None
