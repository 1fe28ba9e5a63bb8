"""The one skeleton of every title's ``describe``: check, apply once, tell the difference.

A title writes its account as ``account(before, move, after, seat)``: the move on the
first line, worded from what ``seat`` knew before it, and what it set off on the
next lines, read from the state it led to. :func:`describer` wraps that into the
protocol's ``describe(state, move, seat)``, which refuses a malformed move or an
unknown seat and applies the move itself. A driver that already holds the state a
move led to (``zombie_rules.match.Match``) calls the account directly, so a move is
applied once, not once more for every seat told of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from zombie_rules.core.validation import expect_seat, expect_well_formed

S = TypeVar("S")
M = TypeVar("M")

#: ``account(before, move, after, seat)``: the lines ``seat`` is told, joined by newlines.
Account = Callable[[S, M, S, "int | None"], str]


@attrs.frozen
class Describer(Generic[S, M]):
    """A title's ``describe(state, move, seat)``, made from its ``account``.

    A record rather than a closure, so a ``Game`` built on it pickles (worker
    processes are sent the games registered at run time).
    """

    move_type: type[M]
    players: Callable[[S], int]
    apply: Callable[[S, M], S]
    account: Callable[[S, M, S, int | None], str]

    def __call__(self, state: S, move: M, seat: int | None) -> str:
        """The account of ``move`` at ``state`` as ``seat`` (``None``: a spectator) may know it.

        Raises ``IllegalMove`` for a malformed or illegal move and ``UnknownSeat`` for
        a seat not at the table.
        """
        expect_well_formed(move, self.move_type)
        expect_seat(seat, self.players(state))
        return self.account(state, move, self.apply(state, move), seat)


def describer(
    move_type: type[M],
    players: Callable[[S], int],
    apply: Callable[[S, M], S],
    account: Callable[[S, M, S, int | None], str],
) -> Describer[S, M]:
    """``describe(state, move, seat)`` from a title's ``account``.

    Raises ``IllegalMove`` for a malformed or illegal move (``apply`` refuses it) and
    ``UnknownSeat`` for a seat not at the table, before any word is written.
    """
    return Describer(move_type, players, apply, account)


def players_of(state: Any) -> int:
    """The number of seats of a state whose ``config`` has ``players`` (every built-in title)."""
    players: int = state.config.players
    return players
