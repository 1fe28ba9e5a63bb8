"""Every title and variant this process can play, by name: built in, published or registered.

Three sources, in this order:

- the titles this library ships (:data:`BUILT_IN`), always there;
- each entry point of the group :data:`ENTRY_POINT_GROUP` (``zombie_rules.games``) of
  the installed packages: the entry point's name, and as its object a
  :class:`~zombie_rules.core.game.Game` or a callable returning one;
- :func:`register` at run time.

House rules (:class:`~zombie_rules.core.house_rules.HouseRule`) have their own
registry beside it, from the entry-point group :data:`HOUSE_RULE_GROUP`
(``zombie_rules.house_rules``) and :func:`register_house_rule`. A name such as
``zombie_run+shout_under_20`` (a title and its rules joined by ``+``) needs no
registration: :func:`get_game` composes it from the title and the rules of those
names, so a record of a variant replays, and a worker process rebuilds it, from the
name alone.

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
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any, TypeVar

import attrs

from zombie_rules.core.builder import check_game
from zombie_rules.core.errors import InvalidConfig, RegistrationError, UnknownGame
from zombie_rules.core.game import Game
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.core.validation import short

AnyGame = Game[Any, Any, Any, Any]
T = TypeVar("T")

#: The packages of the titles this library ships.
BUILT_IN = ("zombie_run", "texas_zombies", "zombie_doctor", "quarantine_z")

#: The entry-point group other packages publish titles and variants under.
ENTRY_POINT_GROUP = "zombie_rules.games"

_lock = threading.RLock()
_games: dict[str, AnyGame] = {}
_sources: dict[str, str] = {}
_problems: dict[str, RegistrationError] = {}
_at_run_time: set[str] = set()
_state = {"built_in": False, "entry_points": False, "house_rules": False}

#: The entry-point group other packages publish house rules under.
HOUSE_RULE_GROUP = "zombie_rules.house_rules"

_rules: dict[str, HouseRule] = {}
_rule_sources: dict[str, str] = {}
_rule_problems: dict[str, RegistrationError] = {}
_rules_at_run_time: set[str] = set()
#: The variants composed from their names, each with the rules it is made of.
_composed: dict[str, tuple[str, ...]] = {}


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


def _add_rule(rule: object, source: str, name: str | None = None) -> HouseRule:
    if not isinstance(rule, HouseRule):
        raise RegistrationError(f"{source}: expected a HouseRule, got {type(rule).__name__}")
    if name is not None and rule.name != name:
        raise RegistrationError(
            f"{source}: the entry point is called {name} but the rule {rule.name}"
        )
    if rule.name in _rules:
        raise RegistrationError(
            f"{source}: a house rule called {rule.name!r} is already registered"
            f" (from {_rule_sources[rule.name]}); pick another name"
        )
    _rules[rule.name] = rule
    _rule_sources[rule.name] = source
    return rule


def _load_house_rules() -> None:
    """Read every house rule published under :data:`HOUSE_RULE_GROUP`, once."""
    with _lock:
        if _state["house_rules"]:
            return
        _state["house_rules"] = True
        for point in entry_points(group=HOUSE_RULE_GROUP):
            where = f"entry point {point.name!r} ({point.value}) of group {HOUSE_RULE_GROUP}"
            try:
                value = point.load()
                rule = (
                    value if isinstance(value, HouseRule) else value() if callable(value) else value
                )
                _add_rule(rule, where, point.name)
            except RegistrationError as problem:
                _rule_problems.setdefault(point.name, problem)
            except Exception as exc:  # an installed package's bug must not stop the others
                _rule_problems.setdefault(
                    point.name,
                    RegistrationError(f"{where} failed to load: {type(exc).__name__}: {exc}"),
                )


def register_house_rule(
    rule: HouseRule, *, source: str = "registry.register_house_rule()"
) -> HouseRule:
    """Add ``rule`` under its name, so variant names that use it resolve. Returns it.

    Raises :class:`RegistrationError` for a name already taken or a value that is not
    a :class:`~zombie_rules.core.house_rules.HouseRule`.
    """
    with _lock:
        _load_house_rules()
        added = _add_rule(rule, source)
        _rules_at_run_time.add(added.name)
        return added


def unregister_house_rule(name: str) -> None:
    """Remove a rule :func:`register_house_rule` added, and the variants composed with it."""
    with _lock:
        _load_house_rules()
        if name not in _rules_at_run_time:
            raise UnknownGame(f"no house rule called {short(name)} was registered at run time")
        _rules_at_run_time.discard(name)
        del _rules[name]
        del _rule_sources[name]
        _forget_composed(lambda variant, used: name in used)


def _lookup(
    found: Mapping[str, T],
    problems: Mapping[str, RegistrationError],
    name: str,
    kind: str,
    fallback: Callable[[str], T | None] | None = None,
) -> T:
    """``found[name]``, else what ``fallback`` makes of the name, else the reason it is not.

    The one error shape of both registries: a published entry point of that name that
    failed to load raises its :class:`RegistrationError` (which says why); any other
    name, a non-string included, is an :class:`UnknownGame` naming it and listing the
    known names of that ``kind`` (``game``, ``house rule``).
    """
    try:
        return found[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name, from a decoder
        pass
    if isinstance(name, str):
        made = None if fallback is None else fallback(name)
        if made is not None:
            return made
        if name in problems:
            raise problems[name] from None
    known = ", ".join(sorted(found)) or "none"
    raise UnknownGame(f"no {kind} called {short(name)}; known {kind}s: {known}")


def get_house_rule(name: str) -> HouseRule:
    """The house rule called ``name``; :class:`UnknownGame` naming it and the known rules."""
    _load_house_rules()
    return _lookup(_rules, _rule_problems, name, "house rule")


def house_rules() -> Mapping[str, HouseRule]:
    """Every registered house rule, by name (a copy)."""
    _load_house_rules()
    return dict(_rules)


def _compose(name: str) -> AnyGame | None:
    """The variant ``title+rule+...`` built from registered parts (and kept), or ``None``."""
    if "+" not in name:
        return None
    title, *rule_names = name.split("+")
    base = _games.get(title)
    if base is None:
        return None
    rules = [get_house_rule(rule) for rule in rule_names]
    try:
        game = with_house_rules(base, rules, name=name)
    except InvalidConfig as exc:  # a rule of another title, a rule named twice
        raise UnknownGame(f"no game called {short(name)}: {exc.why}") from None
    check_game(game, f"the house rules {', '.join(rule_names)} of {title}")
    _games[name] = game
    _sources[name] = f"{title} with the house rules {', '.join(rule_names)}"
    _composed[name] = tuple(rule_names)
    if title in _at_run_time or any(rule in _rules_at_run_time for rule in rule_names):
        _at_run_time.add(name)
    return game


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
        # The variants composed on the game just removed go with it.
        _forget_composed(lambda variant, used: variant.split("+", 1)[0] == name)


def _forget_composed(made_of: Callable[[str, tuple[str, ...]], bool]) -> None:
    """Drop every composed variant (name, its rules' names) ``made_of`` picks out.

    They are rebuilt from their names when next asked for, so dropping them when a
    part of them goes is what keeps a removed rule or title from playing on.
    """
    for variant, used in tuple(_composed.items()):
        if made_of(variant, used):
            del _composed[variant]
            _games.pop(variant, None)
            _sources.pop(variant, None)
            _at_run_time.discard(variant)


def registered_at_run_time(name: str) -> bool:
    """Whether ``name`` came from :func:`register` (a worker process will not know it).

    A variant composed from its name counts as registered at run time when its title
    or one of its rules was, so executors send its record to their workers.
    """
    _load()
    if isinstance(name, str) and "+" in name and name not in _games:
        try:
            get_game(name)
        except KeyError:
            return False
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
        try:
            return _games[name]
        except KeyError:
            if not isinstance(name, str) or "+" not in name:
                raise
        try:
            return get_game(name)  # a variant named after its title and rules
        except RegistrationError as exc:  # a rule that failed to load: not here, as a mapping
            raise KeyError(name) from exc

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

    A name ``title+rule+...`` is the title with those registered house rules, in
    order; a rule nobody registered is an :class:`UnknownGame` naming it.

    A published entry point of that name that failed to load raises its
    :class:`RegistrationError` instead, which says why.
    """
    _load()
    return _lookup(_games, _problems, name, "game", _compose_locked)


def _compose_locked(name: str) -> AnyGame | None:
    with _lock:
        return _compose(name)
