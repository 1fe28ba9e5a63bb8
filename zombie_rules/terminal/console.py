"""The terminal itself: reading lines (with readline when a person is there), writing, clearing.

Everything the play loop says or asks goes through a :class:`Console`, so the loop
never checks what it is talking to. When both ends are a terminal, lines are read
with the standard library's ``readline`` (editing, history, tab completion), the
screen can be cleared for hot-seat hand-overs, and pauses wait for Enter; when input
is a file or a pipe, each line read is echoed (the output is a readable transcript)
and pauses pass at once, since nobody is there to press Enter.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import IO, Any

from zombie_rules.terminal.completion import Completer

#: Clears the screen and the scrollback, so the next seat cannot scroll up to a hand.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
_BOLD, _DIM, _REVERSE, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[7m", "\x1b[0m"


def _load_readline() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return None
    return readline


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (ValueError, OSError):  # a closed stream
        return False


class Console:
    """One terminal (or a file and a pipe standing in for it).

    ``stdin=None`` with ``out`` the process's stdout is the real terminal: readline is
    used when both are ttys. Any other ``stdin`` is read line by line.
    """

    def __init__(self, out: IO[str], stdin: IO[str] | None = None) -> None:
        self.out = out
        self._source: IO[str] = sys.stdin if stdin is None else stdin
        real = stdin is None and out is sys.stdout
        self.interactive = _isatty(self._source) and _isatty(out)
        self._readline = _load_readline() if real and self.interactive else None
        self._echo = not _isatty(self._source)
        self.styled = (
            _isatty(out) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        )
        self._histories: dict[object, list[str]] = {}
        self._history_key: object = None
        self._old_completer: Any = None
        if self._readline is not None:
            self._setup_readline(self._readline)

    # ------------------------------------------------------------- writing

    @property
    def width(self) -> int:
        """Columns to wrap at: the terminal's, else 100."""
        if _isatty(self.out):
            return max(40, shutil.get_terminal_size((100, 24)).columns)
        return 100

    def write(self, text: str = "") -> None:
        """``text`` and a line break."""
        self.out.write(text + "\n")

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.styled else text

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.styled else text

    def banner(self, text: str) -> str:
        """A line that stands out: reversed on a terminal, between bars elsewhere."""
        if self.styled:
            return f"{_REVERSE}{_BOLD} {text} {_RESET}"
        return f"=== {text} ==="

    def clear(self) -> None:
        """A blank screen (and scrollback) on a terminal; a marked break in a transcript."""
        if _isatty(self.out):
            self.out.write(CLEAR)
        else:
            self.write("\n" + "-" * 30 + " (screen cleared) " + "-" * 30 + "\n")
        self.out.flush()

    # ------------------------------------------------------------- reading

    def ask(self, prompt: str) -> str:
        """One line typed after ``prompt``, without its line break.

        Raises ``EOFError`` at the end of input (Ctrl-D) and lets ``KeyboardInterrupt``
        (Ctrl-C) through: the caller decides what an interruption means.
        """
        self.out.flush()
        if self._readline is not None:
            return input(self._styled_prompt(prompt))
        self.out.write(prompt)
        self.out.flush()
        line = self._source.readline()
        if not line:
            raise EOFError
        if self._echo:
            self.out.write(line if line.endswith("\n") else line + "\n")  # a readable transcript
        return line.rstrip("\r\n")

    def pause(self, message: str) -> None:
        """Wait for Enter when a person is there; otherwise just say ``message``."""
        if not self.interactive:
            self.write(message)
            return
        *above, last = message.split("\n")
        for line in above:
            self.write(line)
        self.ask(f"{last} ")  # a plain prompt: readline cannot measure escape codes in one

    def _styled_prompt(self, prompt: str) -> str:
        if not self.styled:
            return prompt
        # \001 and \002 tell readline the escape codes take no room on the line.
        return f"\001{_BOLD}\002{prompt}\001{_RESET}\002"

    # ----------------------------------------------------- readline, if any

    @property
    def completes(self) -> bool:
        """Whether TAB completes (readline is in use)."""
        return self._readline is not None

    def _setup_readline(self, readline: ModuleType) -> None:
        self._old_completer = readline.get_completer()
        # Whole lines are completed a word at a time, so only spaces split words:
        # '-' is part of 'claim-use', '&' of 'Darwin & Dragons'.
        readline.set_completer_delims(" \t")
        if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def complete_with(self, candidates: Callable[[], Iterable[str]]) -> None:
        """TAB offers the next word of the lines ``candidates()`` returns."""
        readline = self._readline
        if readline is None:
            return

        def line() -> str:
            text: str = readline.get_line_buffer()
            return text[: readline.get_endidx()]

        readline.set_completer(Completer(candidates, line))

    def use_history(self, key: object) -> None:
        """Switch to ``key``'s own history, so Up never shows one seat another's moves."""
        readline = self._readline
        if readline is None or key == self._history_key:
            return
        count = readline.get_current_history_length()
        self._histories[self._history_key] = [
            readline.get_history_item(i) for i in range(1, count + 1)
        ]
        readline.clear_history()
        for item in self._histories.get(key, []):
            readline.add_history(item)
        self._history_key = key

    def close(self) -> None:
        """Give readline back as it was (the process may go on using it)."""
        readline = self._readline
        if readline is not None:
            readline.set_completer(self._old_completer)
            readline.clear_history()
