"""A Zombie Run! bot that plays the way a careful person would.

It keeps the lowest cards it knows, replaces its worst known (or unknown) card
whenever the drawn card is expected to be better, and shouts once its expected
total is low. Unknown cards are valued at the mean of the cards it has not seen,
which it can work out from its perfect-memory view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zombie_rules.zombie_run.cards import special_card
from zombie_rules.zombie_run.config import card_score
from zombie_rules.zombie_run.state import Action, Move, Phase
from zombie_rules.zombie_run.views import View


class HeuristicAgent:
    """``shout_per_card``: shout when the expected total is at most this times the hand size."""

    def __init__(self, shout_per_card: float = 2.5) -> None:
        self.shout_per_card = shout_per_card

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.phase is Phase.PEEK or view.seat is None:
            return legal_moves[0]
        hand = view.hands[view.seat]
        unknown_value = _mean_unseen(view)
        config = view.config
        estimates = [
            unknown_value if card is None else float(card_score(config, card)) for card in hand
        ]
        worst = max(range(len(hand)), key=lambda p: estimates[p])
        if view.phase is Phase.DRAW:
            return _choose_draw(view, legal_moves, estimates[worst], unknown_value)
        assert view.held is not None
        held = card_score(config, view.held)  # a special card counts as its zombies
        swap = held < estimates[worst] or not any(m.action is Action.DISCARD for m in legal_moves)
        after = list(estimates)
        if swap:
            after[worst] = held
        shout = sum(after) <= self.shout_per_card * len(hand)
        if swap:
            kind = [m for m in legal_moves if m.action is Action.SWAP and m.args == (worst,)]
        else:
            kind = [m for m in legal_moves if m.action is Action.DISCARD]
        # A house rule may forbid the shout (or some swaps): then the nearest legal move.
        for move in kind:
            if move.shout == shout:
                return move
        return kind[0] if kind else legal_moves[0]


def _choose_draw(view: View, legal: Sequence[Move], worst: float, unknown_value: float) -> Move:
    by_action = {m.action: m for m in legal}
    top = view.discard_pile[-1] if view.discard_pile else None
    top = None if top is None else card_score(view.config, top)
    take_top = top is not None and top < min(worst, unknown_value - 2)
    if take_top and Action.DRAW_DISCARD in by_action:
        return by_action[Action.DRAW_DISCARD]
    return by_action.get(Action.DRAW_PILE, legal[0])


def _mean_unseen(view: View) -> float:
    config = view.config
    remaining = {zombies: copies for zombies, copies in config.deck}
    remaining.update({special_card(k): s.copies for k, s in enumerate(config.specials)})
    seen = [c for hand in view.hands for c in hand if c is not None]
    seen += view.discard_pile
    if view.held is not None:
        seen.append(view.held)
    for card in seen:
        if remaining.get(card, 0) > 0:
            remaining[card] -= 1
    total = sum(remaining.values())
    if total == 0:
        return 0.0
    return sum(card_score(config, card) * n for card, n in remaining.items()) / total
