"""What a title tells a search bot about itself: an evaluation and the settings that suit it.

A search can play any title from the protocol alone (rollouts to the end of the game,
a fresh re-deal per iteration). A title that knows better says so in its own
``search.py`` as one :class:`SearchHints` (the ``Game.search`` field): an estimate of
each seat's chance of winning from a position, so rollouts may stop early, and the
search options measured to suit it (a budget, a shortlist of moves worth searching, a
weight for re-deals). The search module reads these through the ``Game`` record, so
it never needs a table keyed by title names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

#: An estimate of each seat's chance of winning from a (sampled, full) state.
Evaluation = Callable[[Any], Sequence[float]]


class Settings(Mapping[str, Any]):
    """A read-only copy of a title's search options (a ``MappingProxyType`` does not pickle,
    and worker processes are sent the games registered at run time)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings({self._items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Settings, (self._items,))


def _frozen(settings: Mapping[str, Any]) -> Settings:
    return Settings(settings)


@attrs.frozen
class SearchHints:
    """A title's evaluation (``None``: play rollouts out) and its search options.

    ``settings`` are keyword options of the search bot (``iterations``, ``steps``,
    ``rollout_moves``, ``shortlist``, ``world_weight``, ...), applied before the
    caller's own.
    """

    evaluate: Evaluation | None = None
    settings: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen)


#: The hints of a title that gives none.
NO_HINTS = SearchHints()
