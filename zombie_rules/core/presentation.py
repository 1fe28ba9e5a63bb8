"""What a front end tells a person about a title beyond the protocol: help, rules, cards.

The protocol gives views, moves and accounts; a person at a terminal (or a page) also
wants the move grammar with examples, a one-screen summary of the rules (with the
rulings that change how the game is played), the text of a card, and what the symbols
on the board mean. Each title says those things in its own ``guide.py`` as one
:class:`Guide` (the ``Game.guide`` field); a title without one gets
:func:`generic_guide`, whose grammar is the title's notation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs


@attrs.frozen
class MoveHelp:
    """One kind of move as a person types it: ``keyword`` and its forms, explained."""

    keyword: str
    forms: tuple[str, ...]
    text: str
    examples: tuple[str, ...] = ()


@attrs.frozen
class CardText:
    """One card of the table's set: what kind it is, its id in the notation, its text."""

    kind: str
    number: str
    name: str
    text: str

    def line(self) -> str:
        """``Item 17: Baseball Bat. Equipment. ...`` (one paragraph)."""
        return f"{self.kind} {self.number}: {self.name}. {self.text}".rstrip()


def _never(view: Any, seat: int) -> str | None:
    return None


def _no_cards(config: Any) -> tuple[CardText, ...]:
    return ()


def _no_rewrites(text: str) -> tuple[str, ...]:
    return ()


@attrs.frozen
class Guide:
    """How the terminal presents one title.

    ``out_of_game(view, seat)`` says why ``seat`` can take no further part (a Survivor
    who died, a Zombie Doctor player who lost their head), or ``None``: the terminal
    then offers to watch the rest or quit. ``rewrites(text)`` are other readings of a
    line that does not parse as typed, tried in order (a Texas Zombies story typed
    without quotes). ``pause_after_round``: a round's end shows every hand and the
    scoring, worth a pause before the next deal scrolls it away.
    """

    title: str
    summary: str
    moves: tuple[MoveHelp, ...]
    rules: str
    legend: str
    cards: Callable[[Any], tuple[CardText, ...]] = _no_cards
    out_of_game: Callable[[Any, int], str | None] = _never
    rewrites: Callable[[str], tuple[str, ...]] = _no_rewrites
    pause_after_round: bool = False

    def move_help(self, keyword: str) -> MoveHelp | None:
        """The help for ``keyword`` (any case), also found by one of its forms' first word."""
        key = keyword.strip().lower()
        for entry in self.moves:
            if key == entry.keyword or any(form.split()[0] == key for form in entry.forms):
                return entry
        return None


def normal(name: str) -> str:
    """A card name as compared when a person types it: lower case, one space, no punctuation.

    ``first-aid-kit``, ``First Aid Kit`` and ``first_aid kit`` are the same card.
    """
    return " ".join(re.sub(r"[^a-z0-9&]+", " ", name.lower()).split())


def find_cards(cards: Sequence[CardText], query: str) -> tuple[CardText, ...]:
    """The cards ``query`` names: by id or whole name, else by a unique start of a name.

    An id such as ``12`` may name a card of several kinds (an item and a building): all
    of them are returned, since the person did not say which.
    """
    key = normal(query)
    if not key:
        return ()
    exact = tuple(c for c in cards if normal(c.name) == key or c.number == key)
    if exact:
        return exact
    starts = tuple(c for c in cards if normal(c.name).startswith(key))
    if starts:
        return starts
    return tuple(c for c in cards if key in normal(c.name))


def generic_guide(name: str) -> Guide:
    """A guide for a title the terminal has no text for: the grammar is the notation."""
    return Guide(
        title=name,
        summary="(no description)",
        moves=(),
        rules=f"No rules summary for {name}: see its rulebook and docs/rulings/{name}.md.",
        legend="Symbols are the title's own; see its render function.",
    )
