"""Fast builds and copies of the frozen, slotted attrs records states are made of.

``apply`` builds a new state on every move, and a frozen attrs ``__init__`` stores
each field through ``object.__setattr__`` by name: a call per field, which was a
sixth of a random playout in the title with the widest state. Three titles each
grew their own way around it; this module is the one way, for every title:

* :func:`builder` gives ``build(*values)``, the record from its field values in
  order (what ``cls(*values)`` builds);
* :func:`replacer` gives ``replace(record, **changes)`` (what ``attrs.evolve``
  builds), and ``replace.make(names)``, a positional ``f(record, *values)`` for the
  few call sites that run on most moves.

For a *plain* record (slotted; no converter, validator, ``init=False`` field or
post-init hook: ``__init__`` only stores its arguments) the values are stored by
plain attribute stores, which CPython turns into direct slot writes, on an object
of an open twin of the class (a subclass that adds no slot and lets ``object``'s
own ``__setattr__`` through); the finished object then takes the record's class,
which CPython allows between classes of one layout. The result is the object
``__init__`` would build (equal, same hash, same type, frozen from then on), for
a fraction of the cost. A record that is not plain gets its ``__init__`` run, so
its converters and validators behave as they should.

The functions are generated once per class (and per set of changed names), from
the class's own field names and nothing else.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

R = TypeVar("R")

#: The slot attrs adds for ``cache_hash=True``: ``None`` until the hash is first asked.
_CACHED_HASH = "_attrs_cached_hash"


def is_plain(cls: type) -> bool:
    """Whether ``cls`` is a slotted attrs record whose ``__init__`` only stores its arguments."""
    fields = attrs.fields(cls)
    return (
        "__slots__" in cls.__dict__
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "__attrs_pre_init__")
        and all(f.converter is None and f.validator is None and f.init for f in fields)
    )


def open_twin(cls: type[R]) -> type[R]:
    """A subclass of ``cls`` with no slot of its own, whose objects may be written.

    Objects of the twin are filled by plain attribute stores and then become ``cls``
    objects by ``__class__`` assignment (the layouts are one, so CPython allows it:
    checked here, at once, rather than on the first move).
    """
    # Both hooks must be ``object``'s own for CPython to use its generic slot setter.
    hooks = {"__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    twin: type[R] = type(f"_Open{cls.__name__}", (cls,), {"__slots__": (), **hooks})
    expect_convertible(twin, cls)
    return twin


def expect_convertible(draft: type, cls: type) -> None:
    """Refuse (``TypeError``, when the draft class is made) a ``draft`` whose objects cannot
    become ``cls`` objects by ``__class__`` assignment.

    CPython allows the assignment between heap classes of one layout (the same slots,
    no ``__dict__`` on one side only). A title's own draft class (a scratch state
    with methods, say) checks itself with this at import, not on its first move.
    """
    probe: Any = object.__new__(draft)
    probe.__class__ = cls  # raises TypeError if the layouts differ


def code_name(cls: type) -> str:
    """The file name generated builds of ``cls`` carry (``<State build>``): tracebacks
    name them, and a profile shows what they cost apart from the rules."""
    return f"<{cls.__name__} build>"


def _generate(cls: type, head: str, values: dict[str, str], name: str) -> Callable[..., Any]:
    """``head`` and a body that stores ``values[field]`` (source text) in every field."""
    names = [f.name for f in attrs.fields(cls)]
    lines = [head, "    o = _new(_open)"]
    lines += [f"    o.{field} = {values[field]}" for field in names]
    if _CACHED_HASH in getattr(cls, "__slots__", ()):
        lines.append(f"    o.{_CACHED_HASH} = None")
    lines += ["    o.__class__ = _cls", "    return o"]
    scope: dict[str, Any] = {"_new": object.__new__, "_open": open_twin(cls), "_cls": cls}
    exec(compile("\n".join(lines), code_name(cls), "exec"), scope)  # our field names only
    built: Callable[..., Any] = scope[name]
    return built


def builder(cls: type[R]) -> Callable[..., R]:
    """``build(*values)``: a ``cls`` from its field values in order, as ``cls(*values)``.

    Cheap for a plain record (see the module docstring); ``cls`` itself otherwise.
    """
    if not is_plain(cls):
        return cls
    names = [f.name for f in attrs.fields(cls)]  # type: ignore[arg-type]
    build: Callable[..., R] = _generate(
        cls, f"def build({', '.join(names)}):", {n: n for n in names}, "build"
    )
    build.__doc__ = f"A {cls.__name__} from its fields in order (see ``core.records.builder``)."
    return build


def replacer(cls: type[R]) -> Callable[..., R]:
    """``replace(record, **changes)`` for records of ``cls``: a copy with ``changes`` set.

    An unknown field name raises ``TypeError`` naming it, as ``attrs.evolve`` would.
    ``replace.make(names)`` is ``f(record, *values)``, the same copy with the values
    given in the order of ``names``: for call sites that run on most moves, where
    packing, keying and unpacking keyword changes costs as much as the copy.
    """
    names = tuple(f.name for f in attrs.fields(cls))  # type: ignore[arg-type]
    if not is_plain(cls):
        return _init_replacer(cls, names)
    made: dict[tuple[str, ...], Callable[..., R]] = {}
    keyed: dict[tuple[str, ...], Callable[[R, dict[str, object]], R]] = {}

    def generate(keys: tuple[str, ...], by_name: bool) -> Callable[..., R]:
        """The copy for ``keys``: the new values come positionally after the record, or
        (``by_name``) as one dict, the very ``**changes`` of ``replace``."""
        unknown = [k for k in keys if k not in names]
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        if by_name:
            head = "def rebuilt(_old, _changes):"
            value = {k: f"_changes[{k!r}]" for k in keys}
        else:
            head = f"def rebuilt(_old{', ' if keys else ''}{', '.join(f'_v_{k}' for k in keys)}):"
            value = {k: f"_v_{k}" for k in keys}
        return _generate(cls, head, {n: value.get(n, f"_old.{n}") for n in names}, "rebuilt")

    def make(keys: tuple[str, ...]) -> Callable[..., R]:
        built = made.get(keys)
        if built is None:
            built = made[keys] = generate(keys, by_name=False)
        return built

    def replace(record: R, **changes: object) -> R:
        # The changes dict goes to the copy as it is (no unpacking into arguments).
        build = keyed.get(tuple(changes))
        if build is None:
            build = keyed[tuple(changes)] = generate(tuple(changes), by_name=True)
        return build(record, changes)

    replace.make = make  # type: ignore[attr-defined]
    replace.__doc__ = f"A {cls.__name__} like ``record`` with ``changes`` set."
    return replace


def _init_replacer(cls: type[R], names: tuple[str, ...]) -> Callable[..., R]:
    """:func:`replacer` for a record that is not plain: every copy runs ``cls.__init__``."""
    read = operator.attrgetter(*names)
    index = {name: i for i, name in enumerate(names)}
    single = len(names) == 1

    def replace(record: R, **changes: Any) -> R:
        values = [read(record)] if single else list(read(record))
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                raise TypeError(f"{cls.__name__} has no field {name!r}") from None
        return cls(*values)

    def make(keys: tuple[str, ...]) -> Callable[..., R]:
        unknown = [k for k in keys if k not in index]
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")

        def rebuilt(record: R, *values: Any) -> R:
            return replace(record, **dict(zip(keys, values, strict=True)))

        return rebuilt

    replace.make = make  # type: ignore[attr-defined]
    replace.__doc__ = f"A {cls.__name__} like ``record`` with ``changes`` applied."
    return replace
