"""Cheap copies of frozen records with a few fields changed, for ``apply``'s hot path.

``apply`` rebuilds the 27-field ``State`` once or twice per move, and the attrs
``__init__`` of a frozen record sets every slot through ``object.__setattr__``:
that alone was a sixth of a random playout. :func:`replacer` instead fills an
unfrozen twin of the record (the same slots, so plain attribute stores) and then
turns it into the record by assigning ``__class__``, which CPython allows between
classes of identical layout. The result is the same object ``__init__`` would
build (equal, same hash, same type, frozen), about six times cheaper.

One function is generated per set of changed field names (the call sites are
few), so no loop over the changes runs per call. Only for slotted records whose
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

    def make(keys: tuple[str, ...]) -> Callable[..., R]:
        unknown = [k for k in keys if k not in names]
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        params = ", ".join(f"_v_{k}" for k in keys)
        lines = [f"def rebuilt(_old{', ' if keys else ''}{params}):", "    d = _draft()"]
        for name in names:
            lines.append(f"    d.{name} = {f'_v_{name}' if name in keys else f'_old.{name}'}")
        if _CACHED_HASH in slots:
            lines.append(f"    d.{_CACHED_HASH} = None")
        lines += ["    d.__class__ = _cls", "    return d"]
        scope: dict[str, Any] = {"_draft": draft, "_cls": cls}
        exec(compile("\n".join(lines), code_name(cls), "exec"), scope)
        built: Callable[..., R] = scope["rebuilt"]
        made[keys] = built
        return built

    def replace(record: R, **changes: object) -> R:
        keys = tuple(changes)
        build = made.get(keys) or make(keys)
        return build(record, *changes.values())

    replace.make = make  # type: ignore[attr-defined]
    replace.made = made  # type: ignore[attr-defined]
    return replace


def code_name(cls: type) -> str:
    """The file name the generated rebuilds of ``cls`` carry (``<State rebuild>``):
    tracebacks name them, and a profile hook can count the records they build."""
    return f"<{cls.__name__} rebuild>"
