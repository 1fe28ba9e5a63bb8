"""Tab completion of whole lines (legal moves, commands, card names), a word at a time.

readline completes the word under the cursor; a move is several words
(``swap 2 shout``, ``card baseball bat``), so the candidates are whole lines and the
completion of a word is the next word of every candidate that agrees with the words
already typed. Kept apart from readline so it can be tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def next_words(before: str, word: str, candidates: Iterable[str]) -> list[str]:
    """The words that may stand where ``word`` is being typed, after the words ``before``.

    Case is ignored when comparing, and a candidate's own spelling is offered, so
    ``card bas`` completes to ``card Baseball``. The order is the candidates' order,
    each word once.
    """
    typed = [w.lower() for w in before.split()]
    start = word.lower()
    found: dict[str, None] = {}
    for candidate in candidates:
        words = candidate.split()
        if len(words) <= len(typed):
            continue
        if [w.lower() for w in words[: len(typed)]] != typed:
            continue
        nxt = words[len(typed)]
        if nxt.lower().startswith(start):
            found.setdefault(nxt, None)
    return list(found)


class Completer:
    """A readline completer over ``candidates()``, asked afresh at each first TAB."""

    def __init__(self, candidates: Callable[[], Iterable[str]], line: Callable[[], str]) -> None:
        self._candidates = candidates
        self._line = line  # the whole line typed so far, up to the word being completed
        self._matches: list[str] = []

    def __call__(self, text: str, state: int) -> str | None:
        if state == 0:
            line = self._line()
            before = line[: len(line) - len(text)] if line.endswith(text) else line
            # readline (as Python builds it) appends nothing to a unique match: the
            # space that lets the next TAB offer the next word is ours to add.
            self._matches = [w + " " for w in next_words(before, text, self._candidates())]
        return self._matches[state] if state < len(self._matches) else None
