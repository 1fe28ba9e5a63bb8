"""The outcome of a finished game, shared by all titles."""

from __future__ import annotations

import attrs


@attrs.frozen
class Result:
    """Who won and why.

    ``scores`` is per seat in the title's own unit (zombies in Zombie Run!, where
    lower is better; Events in Texas Zombies, ...); ``winners`` says who won so that
    generic code never has to know which direction a title's scores run.
    """

    winners: frozenset[int]
    scores: tuple[int, ...]
    reason: str
