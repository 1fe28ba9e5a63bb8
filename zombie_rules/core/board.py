"""A seat's view as a board a page can draw: players with their cards, piles, places.

Each title builds its board in its own ``board.py`` (the ``Game.board`` field) from
the view alone (what the seat may know), so it can say nothing the view does not; a
title without one gets :func:`generic_board`, the view's fields as plain text.
A page draws every title the same way from this shape::

    {"headline": str,
     "players": [{"seat", "name", "you", "active", "tags": [str], "groups": [group]}],
     "places":  [{"name", "active", "tags": [str], "groups": [group]}],
     "piles":   [{"name", "count", "top": card | None, "tags": [str], "acts"?}],
     "summary"?: summary}
    group   = {"label": str, "cards": [card], "columns"?: int}
    card    = {"name": str, "short": str, "hidden": bool, "tone": str, "detail": str,
               "mark"?: str, "acts"?: [str]}
    summary = {"key": str, "title": str, "final": bool, "lines": [str],
               "rows": [{"name", "you", "tags": [str], "groups": [group]}]}

``short`` is what fits in a card's corner; ``tone`` is a style hint (``zombie``,
``ok``, ``missing``, ``supply``, ``munition``, ``event``, ``object``, ``beheaded``,
``plain``); ``mark`` is a small label under the card (its position in a hand);
``columns`` lays a group out as a grid (a hand laid out in two rows). Keys marked
``?`` appear only when a title gives them.

``acts`` lists the moves an element stands for, as notation without the actor
(``"swap 2"``), or its first words (``"use xray"``: each target): the title's board
knows its own grammar, so a page can act by a
click without knowing the title. :func:`with_moves` turns them into the seat's legal
moves (index and label) when the board is sent, and drops the ones not legal now.

``summary`` is a round's or the game's end as the view tells it (every hand turned
over, the scores): a page shows it once, in a dialog, before the next deal scrolls
it away. ``key`` tells one summary from the next.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from zombie_rules.core.wording import count

Board = dict[str, Any]
Card = dict[str, Any]


def _extras(record: dict[str, Any], mark: str, acts: Sequence[str]) -> dict[str, Any]:
    if mark:
        record["mark"] = mark
    if acts:
        record["acts"] = list(acts)
    return record


def card(
    name: str,
    short: str = "",
    tone: str = "plain",
    detail: str = "",
    *,
    mark: str = "",
    acts: Sequence[str] = (),
) -> Card:
    """A face-up card (or token) named ``name``; ``mark`` and ``acts`` as the module says."""
    face = {"name": name, "short": short, "hidden": False, "tone": tone, "detail": detail}
    return _extras(face, mark, acts)


def back(
    name: str = "face down",
    tone: str = "plain",
    detail: str = "",
    *,
    mark: str = "",
    acts: Sequence[str] = (),
) -> Card:
    """A card this seat cannot see the face of."""
    return _extras(
        {"name": name, "short": "?", "hidden": True, "tone": tone, "detail": detail}, mark, acts
    )


def group(label: str, cards: Sequence[Card], columns: int | None = None) -> dict[str, Any]:
    """Cards shown together under ``label`` (a hand, a body, a stash); ``columns``: a grid."""
    made: dict[str, Any] = {"label": label, "cards": list(cards)}
    if columns is not None:
        made["columns"] = columns
    return made


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
    name: str,
    count: int,
    top: Card | None = None,
    tags: Sequence[str] = (),
    *,
    acts: Sequence[str] = (),
) -> dict[str, Any]:
    """A stack of cards: how many, and the top one when the seat may see it."""
    return _extras({"name": name, "count": count, "top": top, "tags": list(tags)}, "", acts)


def summary(
    key: str,
    title: str,
    rows: Sequence[dict[str, Any]],
    lines: Sequence[str] = (),
    final: bool = False,
) -> dict[str, Any]:
    """A round's (or the game's) end as the view tells it, for a page's dialog.

    ``rows`` come from :func:`summary_row`; ``lines`` are the scores in words.
    """
    return {"key": key, "title": title, "final": final, "lines": list(lines), "rows": list(rows)}


def summary_row(
    name: str, you: bool, tags: Sequence[str], groups: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """One player's line of a :func:`summary`: the hand turned over, the score."""
    return {"name": name, "you": you, "tags": list(tags), "groups": list(groups)}


def _body(notation: str) -> str:
    """``"1: swap 2"`` without its actor: ``"swap 2"``."""
    return notation.partition(": ")[2] or notation


def with_moves(board: Board, choices: Sequence[Any]) -> Board:
    """``board`` with each element's ``acts`` turned into the seat's legal ``moves``.

    ``choices`` are the seat's :class:`~zombie_rules.match.Choice` records (index,
    notation, label). An act stands for the legal moves whose notation, without the
    actor, is the act or starts with it and a space (``"use xray"`` stands for
    ``use xray 0`` and ``use xray 2``). An element keeps ``moves``: ``[{"index",
    "label"}]`` for those legal now (none when it is not the seat's turn), in the
    menu's order; the board itself is not changed. A board without ``acts`` comes
    back equal to itself.
    """
    bodies = [(_body(c.notation), c) for c in choices]

    def stands_for(acts: Sequence[str], body: str) -> bool:
        return any(body == a or body.startswith(a + " ") for a in acts)

    def attach(record: dict[str, Any]) -> dict[str, Any]:
        acts = record.get("acts")
        if acts is None:
            return record
        out = {k: v for k, v in record.items() if k != "acts"}
        found = [c for body, c in bodies if stands_for(acts, body)]
        out["moves"] = [{"index": c.index, "label": c.label} for c in found]
        return out

    def groups(items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**g, "cards": [attach(c) for c in g["cards"]]} for g in items]

    def holder(record: dict[str, Any]) -> dict[str, Any]:
        return {**attach(record), "groups": groups(record.get("groups", []))}

    out = dict(board)
    out["players"] = [holder(p) for p in board.get("players", [])]
    out["places"] = [holder(p) for p in board.get("places", [])]
    out["piles"] = [
        {**attach(p), "top": None if p.get("top") is None else attach(p["top"])}
        for p in board.get("piles", [])
    ]
    return out


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
