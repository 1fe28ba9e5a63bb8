"""PLACEHOLDER: the per-seat account of a move (being written)."""

from __future__ import annotations

from zombie_rules.texas_zombies.state import Move, State


def describe(state: State, move: Move, seat: int | None) -> str:
    return str(move)
