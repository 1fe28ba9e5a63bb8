"""Zombie Run! as a board a page draws: each hand as a square of cards, the two piles.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of. "Each player
puts the four cards they were dealt in front of them in a square (2 rows of 2)":
a hand is drawn in two rows, each card marked with its position, the number the
notation uses. Each card and pile also names the moves it stands for (a click
on a card of your hand swaps into it or looks at it), and a finished round is
summed up from the view's history, where every hand was turned over.
"""

from __future__ import annotations

from zombie_rules.core.board import (
    Board,
    Card,
    back,
    card,
    group,
    pile,
    place,
    player,
    summary,
    summary_row,
)
from zombie_rules.zombie_run.config import Config, card_label, card_score, card_text
from zombie_rules.zombie_run.state import Phase
from zombie_rules.zombie_run.views import View


def _face(
    config: Config, value: int, detail: str = "", mark: str = "", acts: tuple[str, ...] = ()
) -> Card:
    """A face-up card; a special card by its own name, its text added to the detail."""
    worth = card_score(config, value)
    tone = "ok" if worth == 0 else "zombie"
    text = card_text(config, value)
    detail = "; ".join(d for d in (detail, text) if d)
    return card(card_label(config, value), str(worth), tone, detail, mark=mark, acts=acts)


def _columns(size: int) -> int:
    """Two rows: the rulebook's square of four, and as near a square for other sizes."""
    return max(1, (size + 1) // 2)


def _hand_acts(position: int, size: int) -> tuple[str, ...]:
    """What a click on one's own card at ``position`` may mean: swap into it, look at it."""
    peeks = tuple(
        f"peek {min(position, q)} {max(position, q)}" for q in range(size) if q != position
    )
    return (f"swap {position}", f"swap {position} shout", *peeks)


def _summary(v: View) -> dict[str, object] | None:
    """The last finished round as the view's history tells it: every hand turned over."""
    if not v.history:
        return None
    number = len(v.history)
    last = v.history[-1]
    rows = []
    for s, hand in enumerate(last.hands):
        cards = [_face(v.config, value, mark=str(p)) for p, value in enumerate(hand)]
        tags = [f"{last.totals[s]} zombies in hand", f"round score {last.scores[s]}"]
        if s == last.shouter:
            tags.append("shouted")
        total = sum(r.scores[s] for r in v.history)
        tags.append(f"total {total}")
        name = f"Seat {s}" + (" (you)" if s == v.seat else "")
        hand_group = group("Hand", cards, _columns(len(hand)))
        rows.append(summary_row(name, s == v.seat, tags, [hand_group]))
    final = v.phase is Phase.OVER
    who = "nobody shouted" if last.shouter is None else f"Seat {last.shouter} shouted"
    lines = [f"Round {number} of {v.config.rounds}: {who}."]
    lines.append("Totals: " + ", ".join(f"Seat {s} {t}" for s, t in enumerate(v.scores)) + ".")
    title = "The game is over" if final else f"Round {number} is over"
    return summary(f"round-{number}", title, rows, lines, final)


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it."""
    players = []
    playing = v.phase in (Phase.DRAW, Phase.DECIDE)
    for s, hand in enumerate(v.hands):
        cards = []
        mine = s == v.seat
        for p, value in enumerate(hand):
            seen = "its owner has looked at it" if v.owner_knows[s][p] else "its owner has not"
            detail = f"position {p}; {seen}"
            acts = _hand_acts(p, len(hand)) if mine else ()
            mark = str(p)
            if value is None:
                cards.append(back(detail=detail, mark=mark, acts=acts))
            else:
                cards.append(_face(v.config, value, detail, mark, acts))
        tags = [f"score {v.scores[s]}"]
        if s == v.dealer:
            tags.append("dealer")
        if s in v.peeked:
            tags.append("has peeked")
        active = s in v.to_act or (playing and s == v.turn)
        hand_group = group("Hand", cards, _columns(len(hand)))
        players.append(player(s, f"Seat {s}", v, active, tags, [hand_group]))
    top = _face(v.config, v.discard_pile[-1], acts=("draw discard",)) if v.discard_pile else None
    piles = [
        pile("Draw Pile", v.draw_pile_size, acts=("draw pile",)),
        pile("Discard Pile", len(v.discard_pile), top, acts=("draw discard",)),
    ]
    places = []
    if v.holding:
        acts = ("discard", "discard shout")
        held = back(acts=acts) if v.held is None else _face(v.config, v.held, acts=acts)
        places.append(place(f"Seat {v.turn} holds", [], [group("", [held])], active=True))
    phase = v.phase.value.replace("_", " ")
    headline = f"Round {v.round + 1} of {v.config.rounds} · phase {phase}"
    if playing:
        headline += f" · Seat {v.turn} to play"
    made: Board = {"headline": headline, "players": players, "places": places, "piles": piles}
    ended = _summary(v)
    if ended is not None:
        made["summary"] = ended
    return made
