"""A one-line progress bar for a run: games done, games per second, time left.

Chunks finish on any worker in any order, so the bar counts games as their
chunks come back; it redraws in place (carriage return) at most a few times a
second, and only on a terminal: a log file or a pipe gets nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import IO

#: Seconds between redraws.
REDRAW = 0.2
#: Characters of the bar itself.
WIDTH = 24


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def line(done: int, total: int, elapsed: float) -> str:
    """The bar's text for ``done`` of ``total`` games after ``elapsed`` seconds."""
    filled = WIDTH * done // total if total else WIDTH
    bar = "#" * filled + "-" * (WIDTH - filled)
    text = f"[{bar}] {done}/{total} games"
    if done and elapsed > 0:
        rate = done / elapsed
        text += f"  {rate:.1f} games/s"
        if done < total:
            text += f"  {_duration((total - done) / rate)} left"
    return text


class ProgressBar:
    """Draws :func:`line` on ``stream`` when it is a terminal; does nothing otherwise.

    Call it as ``on_progress(done, total)``. The line is wiped once every game is
    done, so what is printed next starts on a clean line; :meth:`close` wipes it
    early (a run that failed or was interrupted).
    """

    def __init__(self, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        isatty = getattr(stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.stream = stream
        self.clock = clock
        self.start = clock()
        self.drawn = -REDRAW
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if done < total and now - self.drawn < REDRAW:
            return
        self.drawn = now
        if done >= total:
            self.close()
            return
        text = line(done, total, now - self.start)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
