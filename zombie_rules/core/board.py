"""A seat's view as a board a page can draw: players with their cards, piles, places.

Each title builds its board in its own ``board.py`` (the ``Game.board`` field) from
the view alone (what the seat may know), so it can say nothing the view does not; a
title without one gets :func:`generic_board`, the view's fields as plain text.
A page draws every title the same way from this shape::

    {"headline": str,
     "players": [{"seat", "name", "you", "active", "tags": [str], "groups": [group]}],
     "places":  [{"name", "active", "tags": [str], "groups": [group]}],
     "piles":   [{"name", "count", "top": card | None, "tags": [str]}]}
    group = {"label": str, "cards": [card]}
    card  = {"name": str, "short": str, "hidden": bool, "tone": str, "detail": str}

``short`` is what fits in a card's corner; ``tone`` is a style hint (``zombie``,
``ok``, ``missing``, ``supply``, ``munition``, ``event``, ``object``, ``plain``).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from zombie_rules.core.wording import count

Board = dict[str, Any]
Card = dict[str, Any]


def card(name: str, short: str = "", tone: str = "plain", detail: str = "") -> Card:
    """A face-up card (or token) named ``name``."""
    return {"name": name, "short": short, "hidden": False, "tone": tone, "detail": detail}


def back(name: str = "face down", tone: str = "plain", detail: str = "") -> Card:
    """A card this seat cannot see the face of."""
    return {"name": name, "short": "?", "hidden": True, "tone": tone, "detail": detail}


def group(label: str, cards: Sequence[Card]) -> dict[str, Any]:
    """Cards shown together under ``label`` (a hand, a body, a stash)."""
    return {"label": label, "cards": list(cards)}


def player(
    seat: int,
    name: str,
    view: Any,
    active: bool,
    tags: Sequence[str],
    groups: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": name,
        "you": seat == view.seat,
        "active": active,
        "tags": list(tags),
        "groups": list(groups),
    }


def place(
    name: str, tags: Sequence[str], groups: Sequence[dict[str, Any]], active: bool = False
) -> dict[str, Any]:
    """A place on the table that is no player's: a location, the Event in play, a combat."""
    return {"name": name, "active": active, "tags": list(tags), "groups": list(groups)}


def pile(
    name: str, count: int, top: Card | None = None, tags: Sequence[str] = ()
) -> dict[str, Any]:
    """A stack of cards: how many, and the top one when the seat may see it."""
    return {"name": name, "count": count, "top": top, "tags": list(tags)}


def plural(n: int, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return count(n, word)


#: How much of one field a generic board shows before cutting it short.
GENERIC_FIELD_TEXT = 300


def _text(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=repr) if isinstance(value, (frozenset, set)) else value
        return "[" + ", ".join(_text(v) for v in items) + "]"
    if attrs.has(type(value)):
        inner = ", ".join(
            f"{f.name}={_text(getattr(value, f.name))}" for f in attrs.fields(type(value))
        )
        return f"{type(value).__name__}({inner})"
    return str(value)


def generic_board(view: Any) -> Board:
    """A board for a title that draws none: each field of the view as a line of text.

    It reads the view only, as a title's own board must, so it can show no more than
    the seat may know; a page can draw any title with it before the title has a face.
    """
    seat = getattr(view, "seat", None)
    names = [f.name for f in attrs.fields(type(view))] if attrs.has(type(view)) else []
    tags = []
    for name in names:
        if name == "seat":
            continue
        text = _text(getattr(view, name))
        if len(text) > GENERIC_FIELD_TEXT:
            text = text[: GENERIC_FIELD_TEXT - 3] + "..."
        tags.append(f"{name}: {text}")
    who = "a spectator" if seat is None else f"seat {seat}"
    return {
        "headline": f"The table as {who} sees it",
        "players": [],
        "places": [place("Table", tags, [])],
        "piles": [],
    }


def generic_text(view: Any) -> str:
    """The view as text for a title with no ``render``: one line per field of the view."""
    return "\n".join(generic_board(view)["places"][0]["tags"]) or "(an empty view)"
