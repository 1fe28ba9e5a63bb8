"""What one seat may know of a Zombie Run! game, and its text rendering.

Views model perfect memory: a seat sees every card it has looked at for as long
as that card stays where it saw it, every card it saw placed (its own draws and
anything taken face up from the Discard Pile), and everything ever face up. The
order of the Draw Pile is never shown; its contents only when it was made by
reshuffling the Discard Pile, whose every card everyone saw face up.
"""

from __future__ import annotations

import functools

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import every_seat, has_seat, seats_in
from zombie_rules.core.validation import expect_seat
from zombie_rules.zombie_run.cards import card_name, is_special
from zombie_rules.zombie_run.config import Config, card_label, tables
from zombie_rules.zombie_run.rules import to_act
from zombie_rules.zombie_run.state import Phase, RoundResult, State
from zombie_rules.zombie_run.wording import card_kinds


@attrs.frozen
class View:
    """A seat's knowledge (``seat=None``: a spectator, who knows only what is face up).

    ``hands[s][p]`` is the card at seat ``s``'s position ``p`` or ``None`` when this
    seat does not know it; ``owner_knows[s][p]`` says whether seat ``s`` has seen its
    own card there (everyone watches which cards a player lifts).

    ``reshuffled`` is what the dealer shuffled into the current Draw Pile when the
    Discard Pile was last reshuffled this round, as ``(zombies, copies)`` pairs: every
    one of those cards was face up, so every seat and the spectator remember them
    (not their order). The pile holds them less the cards drawn since. It is empty
    while the round's first Draw Pile lasts.
    """

    seat: int | None
    config: Config
    round: int
    dealer: int
    phase: Phase
    turn: int
    to_act: frozenset[int]
    hands: tuple[tuple[int | None, ...], ...]
    owner_knows: tuple[tuple[bool, ...], ...]
    draw_pile_size: int
    reshuffled: tuple[tuple[int, int], ...]
    discard_pile: tuple[int, ...]
    holding: bool
    held: int | None
    held_public: bool
    peeked: frozenset[int]
    turns_taken: int
    scores: tuple[int, ...]
    history: tuple[RoundResult, ...]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know now; raises ``UnknownSeat`` for a seat not at the table."""
    players = state.config.players
    expect_seat(seat, players)
    everyone = every_seat(players)
    seats, everyones = (seat,) * players, (everyone,) * players
    hands = tuple(map(_known_hand, state.hands, state.seen, seats, everyones))
    owner_knows = tuple(map(_owner_knows, state.seen, range(players)))
    holding = state.held is not None
    sees_held = holding and (state.held_public or seat == state.turn)
    return View(
        seat=seat,
        config=state.config,
        round=state.round,
        dealer=state.dealer,
        phase=state.phase,
        turn=state.turn,
        to_act=to_act(state),
        hands=hands,
        owner_knows=owner_knows,
        draw_pile_size=sum(state.draw_pile),
        reshuffled=_reshuffled(state),
        discard_pile=state.discard_pile,
        holding=holding,
        held=state.held if sees_held else None,
        held_public=state.held_public,
        peeked=frozenset(seats_in(state.peeked)),
        turns_taken=state.turns_taken,
        scores=state.scores,
        history=state.history,
    )


@functools.lru_cache(maxsize=4096)
def _known_hand(
    hand: tuple[int, ...], seen: tuple[int, ...], seat: int | None, everyone: int
) -> tuple[int | None, ...]:
    """The cards of ``hand`` that ``seat`` knows, ``None`` for the others.

    Cached: a move changes at most one hand, and hands repeat across a game.
    A spectator knows a card only when every seat does (it was face up).
    """
    pairs = zip(hand, seen, strict=True)
    if seat is None:
        return tuple([card if known == everyone else None for card, known in pairs])
    return tuple([card if has_seat(known, seat) else None for card, known in pairs])


@functools.lru_cache(maxsize=4096)
def _owner_knows(seen: tuple[int, ...], owner: int) -> tuple[bool, ...]:
    """Which of its own cards ``owner`` has looked at (everyone watches which it lifts)."""
    return tuple([has_seat(known, owner) for known in seen])


def _reshuffled(state: State) -> tuple[tuple[int, int], ...]:
    if not state.reshuffles:
        return ()
    values = tables(state.config).values
    counts = state.reshuffles[-1].counts
    return tuple((value, n) for value, n in zip(values, counts, strict=True) if n)


def render(v: View) -> str:
    """The view as a few lines of text for a terminal."""
    lines = [
        f"Round {v.round + 1}/{v.config.rounds}, dealer {v.dealer}, phase {v.phase.name.lower()}"
        + (f", seat {v.turn} to play" if v.phase in (Phase.DRAW, Phase.DECIDE) else ""),
        f"Scores: {' '.join(f'{s}:{score}' for s, score in enumerate(v.scores))}",
    ]
    for s, hand in enumerate(v.hands):
        cards = " ".join(f"[{p}:{_cell(v.config, card)}]" for p, card in enumerate(hand))
        mark = " (you)" if s == v.seat else ""
        lines.append(f"  seat {s}{mark}: {cards or '(no cards)'}")
    top = v.discard_pile[-1] if v.discard_pile else None
    lines.append(
        f"Draw Pile: {v.draw_pile_size} cards; Discard Pile top: "
        + ("empty" if top is None else _card(v.config, top))
    )
    if v.reshuffled:
        lines.append(f"  (reshuffled from the Discard Pile: {card_kinds(v.reshuffled)})")
    if v.holding:
        shown = "a face-down card" if v.held is None else _card(v.config, v.held)
        lines.append(f"Seat {v.turn} holds {shown}")
    if v.history:
        last = v.history[-1]
        who = "nobody" if last.shouter is None else f"seat {last.shouter}"
        lines.append(f"Last round: {who} shouted; round scores {list(last.scores)}")
    if CHANCE in v.to_act:
        lines.append("Waiting for a card to be dealt or drawn.")
    return "\n".join(lines)


def _cell(config: Config, card: int | None) -> str:
    """A hand card in the square: ``??`` unknown, `` 7``, a special card by its name."""
    if card is None:
        return "??"
    return card_label(config, card) if is_special(card) else f"{card:2d}"


def _card(config: Config, value: int) -> str:
    """``7 (7 zombies)``; a special card by its number and its own name."""
    if is_special(value):
        return f"{value} ({card_label(config, value)})"
    return f"{value} ({card_name(value)})"
