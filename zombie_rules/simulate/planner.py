"""Cutting a batch into chunks: big enough to pay for shipping, small enough to balance.

A task should run for about a second, so that sending it to a worker and its
summary back costs little next to the games; but games take from a millisecond
(Zombie Run! with random agents) to tens of milliseconds (Quarantine Z with
heuristic bots), so no fixed size fits every batch. The planner starts small,
learns the games' rate from the chunks that come back, and grows the next
chunks towards the target. Near the end it hands out no more than an even share
of what is left per worker, so no worker is left with a long last task while the
others wait. None of this changes a result: a summary does not depend on the
chunking.
"""

from __future__ import annotations

#: Games in each chunk before any has come back to measure the rate.
FIRST_CHUNK = 4
#: A chunk is at most this many times the largest one handed out before.
GROWTH = 4


class Planner:
    """Hands out ``(start, stop)`` game ranges of a batch of ``games``, in order."""

    def __init__(
        self, games: int, workers: int, target_seconds: float, fixed: int | None = None
    ) -> None:
        if fixed is not None and fixed < 1:
            raise ValueError(f"chunk size must be at least 1 game, not {fixed}")
        self.games = games
        self.workers = max(1, workers)
        self.target_seconds = target_seconds
        self.fixed = fixed
        self.next_start = 0
        self.largest = 0
        self.measured_games = 0
        self.measured_seconds = 0.0

    def take(self) -> tuple[int, int] | None:
        """The next range to play, or ``None`` once every game has been handed out."""
        remaining = self.games - self.next_start
        if remaining <= 0:
            return None
        start = self.next_start
        size = min(self._size(remaining), remaining)
        self.next_start += size
        self.largest = max(self.largest, size)
        return start, start + size

    def record(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took ``seconds`` on its worker: refine the rate."""
        self.measured_games += games
        self.measured_seconds += seconds

    def _size(self, remaining: int) -> int:
        if self.fixed is not None:
            return self.fixed
        if self.measured_seconds > 0:
            rate = self.measured_games / self.measured_seconds
            size = min(round(rate * self.target_seconds), GROWTH * max(self.largest, 1))
        else:
            size = FIRST_CHUNK
        share = -(-remaining // self.workers)  # an even share, rounded up
        return max(1, min(size, share))
