"""Small pieces the titles' evaluations share: a finished game's values, and a softmax."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def winner_values(result: Any, players: int) -> tuple[float, ...]:
    """1 for every winner of a finished game, 0 for the others (a shared win counts for each)."""
    return tuple(1.0 if s in result.winners else 0.0 for s in range(players))


def softmax(utilities: Sequence[float], present: Sequence[bool]) -> tuple[float, ...]:
    """Chances of winning from utilities, over the seats ``present`` (the others get 0)."""
    top = max(u for u, p in zip(utilities, present, strict=True) if p)
    weights = [math.exp(u - top) if p else 0.0 for u, p in zip(utilities, present, strict=True)]
    total = sum(weights)
    return tuple(w / total for w in weights)
