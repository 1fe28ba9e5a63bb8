"""A one-entry memo for pure functions of one immutable state."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

S = TypeVar("S")
R = TypeVar("R")

#: What a fresh memo holds: an object no caller can pass.
_NOTHING: object = object()


class Remembered(Generic[S, R]):
    """The type of a function wrapped by :func:`remember_last` (for type checkers)."""

    def __call__(self, state: S) -> R:  # pragma: no cover - the wrapper is a closure
        raise NotImplementedError

    def known(self, state: S) -> R | None:  # pragma: no cover - the wrapper is a closure
        """The remembered answer if ``state`` is the state asked about last, else ``None``."""
        raise NotImplementedError


def remember_last(func: Callable[[S], R]) -> Remembered[S, R]:
    """``func``, answering again at once when asked about the very same state object.

    Drivers ask several questions of one state in a row, and rules ask the same
    one more than once while validating a move: a chance node's outcomes are
    listed by ``legal_moves`` and weighed again by ``play.sample_chance``; the
    Survivors in a combat are needed by ``to_act``, ``legal_moves`` and ``apply``.
    States are immutable, so the answer for the state asked about last is kept
    (with the state itself, compared by ``is``, never by value) and returned when
    the next call names the same object. One entry per function, so nothing
    accumulates; use it only on pure functions of one immutable value (a state, or
    a config in front of a per-config cache, whose ``__hash__`` is a Python call).
    ``known(state)`` peeks without computing, for a caller that needs only part of
    the answer.
    """
    # One tuple, replaced whole, so a reader never pairs a state with another's answer;
    # it starts with a placeholder no caller holds.
    last: tuple[object, Any] = (_NOTHING, None)

    @functools.wraps(func)
    def remembered(state: S) -> R:
        nonlocal last
        seen, answer = last
        if seen is state:
            return answer  # type: ignore[no-any-return]
        answer = func(state)
        last = (state, answer)
        return answer

    def known(state: S) -> R | None:
        seen, answer = last
        return answer if seen is state else None

    remembered.known = known  # type: ignore[attr-defined]
    return cast(Remembered[S, R], remembered)
