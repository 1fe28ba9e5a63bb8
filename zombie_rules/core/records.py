"""A fast ``replace`` for the frozen, slotted attrs records states are made of.

``attrs.evolve`` looks up the class's fields and runs ``__init__`` with keyword
arguments on every call; a rule that builds a new state a few times per ``apply``
pays for that millions of times in a playout. :func:`replacer` makes, once per
class, a function that reads every field with one ``operator.attrgetter``, patches
the changed ones by position and calls the class positionally. Like ``evolve`` it
runs the class's ``__init__`` (so converters, validators and hash caches behave as
they should); unlike ``evolve`` it does not look anything up per call.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

R = TypeVar("R")


def replacer(cls: type[R]) -> Callable[..., R]:
    """``replace(record, **changes)`` for records of ``cls``: a new record, ``changes`` applied.

    An unknown field name raises ``TypeError`` naming it, as ``evolve`` would.
    """
    names = tuple(f.name for f in attrs.fields(cls))  # type: ignore[arg-type]
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

    replace.__doc__ = f"A {cls.__name__} like ``record`` with ``changes`` applied."
    return replace
