"""A small Zombie Run! bot written against the public API, and a match against random play.

Run: python examples/bot.py

An agent is any object with ``choose(view, legal_moves, rng) -> Move``: it sees only
its seat's ``View`` (what that player may know) and picks one of the moves offered.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zombie_rules.play import RandomAgent, play_game, replay
from zombie_rules.zombie_run import GAME, Action, Config, Move, Phase, View, result

UNKNOWN = 6.0  # the default deck's average card: (15 * 0 + 5 * 45 + 15 * 15) / 75


class GreedyAgent:
    """Swap the drawn card for the worst card it believes it holds; shout when low."""

    def __init__(self, shout_at: float = 10.0) -> None:
        self.shout_at = shout_at

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        assert view.seat is not None
        if view.phase is Phase.PEEK:
            return legal_moves[0]  # look at the first cards offered
        hand = [UNKNOWN if c is None else float(c) for c in view.hands[view.seat]]
        worst = max(range(len(hand)), key=hand.__getitem__)
        if view.phase is Phase.DRAW:
            top = view.discard_pile[-1] if view.discard_pile else None
            wanted = top is not None and top <= 3 and top < hand[worst]
            action = Action.DRAW_DISCARD if wanted else Action.DRAW_PILE
            return next((m for m in legal_moves if m.action is action), legal_moves[0])
        assert view.held is not None  # DECIDE: we are holding the drawn card
        keep = view.held < hand[worst]
        if keep:
            hand[worst] = view.held
        shout = sum(hand) <= self.shout_at
        for move in legal_moves:
            if move.shout == shout and (
                (keep and move.action is Action.SWAP and move.args == (worst,))
                or (not keep and move.action is Action.DISCARD)
            ):
                return move
        # A card taken from the Discard Pile must be swapped in ("no passing").
        return next(m for m in legal_moves if m.args == (worst,) and m.shout == shout)


def win_rate(games: int = 200, config: Config | None = None) -> float:
    """GreedyAgent in seat ``g % players`` of game ``g``, RandomAgents elsewhere."""
    config = Config() if config is None else config
    wins = 0
    for g in range(games):
        seat = g % config.players
        agents = [GreedyAgent() if s == seat else RandomAgent() for s in range(config.players)]
        record = play_game(GAME, config, agents, seed=g)
        outcome = result(replay(record)[-1])
        assert outcome is not None
        wins += seat in outcome.winners
    return wins / games


if __name__ == "__main__":
    rate = win_rate()
    print(f"GreedyAgent vs 3 RandomAgents: won {rate:.1%} of 200 games (fair share 25%)")
