"""Zombie Run! as a board a page draws: each hand as a square of cards, the two piles.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of.
"""

from __future__ import annotations

from zombie_rules.core.board import Board, Card, back, card, group, pile, place, player
from zombie_rules.zombie_run.cards import card_name
from zombie_rules.zombie_run.state import Phase
from zombie_rules.zombie_run.views import View


def _face(value: int, detail: str = "") -> Card:
    tone = "ok" if value == 0 else "zombie"
    return card(card_name(value), str(value), tone, detail)


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it."""
    players = []
    playing = v.phase in (Phase.DRAW, Phase.DECIDE)
    for s, hand in enumerate(v.hands):
        cards = []
        for p, value in enumerate(hand):
            seen = "its owner has looked at it" if v.owner_knows[s][p] else "its owner has not"
            detail = f"position {p}; {seen}"
            cards.append(back(detail=detail) if value is None else _face(value, detail))
        tags = [f"score {v.scores[s]}"]
        if s == v.dealer:
            tags.append("dealer")
        if s in v.peeked:
            tags.append("has peeked")
        active = s in v.to_act or (playing and s == v.turn)
        players.append(player(s, f"Seat {s}", v, active, tags, [group("Hand", cards)]))
    top = _face(v.discard_pile[-1]) if v.discard_pile else None
    piles = [
        pile("Draw Pile", v.draw_pile_size),
        pile("Discard Pile", len(v.discard_pile), top),
    ]
    places = []
    if v.holding:
        held = back() if v.held is None else _face(v.held)
        places.append(place(f"Seat {v.turn} holds", [], [group("", [held])], active=True))
    phase = v.phase.value.replace("_", " ")
    headline = f"Round {v.round + 1} of {v.config.rounds} · phase {phase}"
    if playing:
        headline += f" · Seat {v.turn} to play"
    return {"headline": headline, "players": players, "places": places, "piles": piles}
