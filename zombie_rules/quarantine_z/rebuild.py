"""Cheap copies of frozen records with a few fields changed, for ``apply``'s hot path.

``apply`` rebuilds the 27-field ``State`` once or twice per move, and the attrs
``__init__`` of a frozen record sets every slot through ``object.__setattr__``:
that alone was a sixth of a random playout. :func:`replacer` instead fills an
unfrozen twin of the record (the same slots, so plain attribute stores) and then
turns it into the record by assigning ``__class__``, which CPython allows between
classes of identical layout. The result is the same object ``__init__`` would
build (equal, same hash, same type, frozen), about six times cheaper.

One function is generated per set of changed field names (the call sites are
few), so no loop over the changes runs per call; the keyword form hands its
``**changes`` dict to the rebuild whole, which reads the new values out of it
(a fifth cheaper than unpacking them into arguments again). Only for slotted records whose
``__init__`` just stores its arguments, without a ``__weakref__`` slot (CPython
refuses ``__class__`` assignment when that slot is not first); :func:`replacer`
checks both when it is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

R = TypeVar("R")

_CACHED_HASH = "_attrs_cached_hash"


def replacer(cls: type[R]) -> Callable[..., R]:
    """``replace(record, **changes)`` for records of ``cls``: a copy with ``changes`` set.

    Raises ``TypeError`` at once for a ``cls`` the trick does not fit, and, per
    call, for a name that is not a field of ``cls`` (as ``attrs.evolve`` would).
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    slots = getattr(cls, "__slots__", None)
    if not slots or "__weakref__" in slots or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__}: replacer needs a slotted record without weakref slot")
    if any(f.converter is not None or f.validator is not None or not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: replacer needs fields without converters")
    names = tuple(f.name for f in fields)
    draft = type(f"_{cls.__name__}Draft", (), {"__slots__": slots})
    made: dict[tuple[str, ...], Callable[..., R]] = {}
    keyed: dict[tuple[str, ...], Callable[[R, dict[str, object]], R]] = {}

    def generate(keys: tuple[str, ...], by_name: bool) -> Callable[..., R]:
        """The rebuild for ``keys``: the new values come positionally after the record, or
        (``by_name``) as one dict, the very ``**changes`` of :func:`replace`."""
        unknown = [k for k in keys if k not in names]
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        if by_name:
            head = "def rebuilt(_old, _changes):"
            value = {k: f"_changes[{k!r}]" for k in keys}
        else:
            head = f"def rebuilt(_old{', ' if keys else ''}{', '.join(f'_v_{k}' for k in keys)}):"
            value = {k: f"_v_{k}" for k in keys}
        lines = [head, "    d = _draft()"]
        for name in names:
            lines.append(f"    d.{name} = {value.get(name, f'_old.{name}')}")
        if _CACHED_HASH in slots:
            lines.append(f"    d.{_CACHED_HASH} = None")
        lines += ["    d.__class__ = _cls", "    return d"]
        scope: dict[str, Any] = {"_draft": draft, "_cls": cls}
        exec(compile("\n".join(lines), code_name(cls), "exec"), scope)
        built: Callable[..., R] = scope["rebuilt"]
        return built

    def make(keys: tuple[str, ...]) -> Callable[..., R]:
        built = made[keys] = generate(keys, by_name=False)
        return built

    def replace(record: R, **changes: object) -> R:
        # The changes dict goes to the rebuild as it is (no unpacking into arguments).
        build = keyed.get(tuple(changes))
        if build is None:
            build = keyed[tuple(changes)] = generate(tuple(changes), by_name=True)
        return build(record, changes)

    replace.make = make  # type: ignore[attr-defined]
    replace.made = made  # type: ignore[attr-defined]
    return replace


def code_name(cls: type) -> str:
    """The file name the generated rebuilds of ``cls`` carry (``<State rebuild>``):
    tracebacks name them, and a profile hook can count the records they build."""
    return f"<{cls.__name__} rebuild>"
