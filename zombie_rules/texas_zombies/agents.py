"""A Texas Zombies bot that plays for its hidden team.

It always tells a story (being speechless is an automatic failure), and votes
Yes exactly when it believes the storyteller is more likely a teammate than not.
The belief is a posterior over every team assignment consistent with its own
Team card and the public team sizes, updated from the public vote history
(which also says who gained which Events). Each other player is modelled as
either partisan (votes Yes for a teammate and No for an opponent with
probability ``loyalty``) or indifferent (votes at random), each with prior
``partisan``; so random voters are recognised as noise rather than read as
evidence.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.state import Action, Move, Phase
from zombie_rules.texas_zombies.views import View


class HeuristicAgent:
    """``loyalty``: how often a partisan player votes for its team; ``partisan``: its prior."""

    def __init__(self, loyalty: float = 0.75, partisan: float = 0.1) -> None:
        self.loyalty = loyalty
        self.partisan = partisan

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.phase is Phase.TELL:
            tells = [m for m in legal_moves if m.action is Action.TELL]
            return tells[0] if tells else legal_moves[0]
        if view.phase is Phase.VOTE and view.seat is not None:
            yes = self.teammate_chance(view, view.turn) > 0.5
            for move in legal_moves:
                if move.action is Action.VOTE and move.args == ((1,) if yes else (0,)):
                    return move
        return legal_moves[0]

    def teammate_chance(self, view: View, other: int) -> float:
        """The probability, given the view, that ``other`` is on this seat's team."""
        seat, own = view.seat, view.team
        if seat is None or own is None:
            return 0.5
        if other == seat:
            return 1.0
        n = view.config.players
        mine = TEAMS.index(own)
        sizes = {n // 2, n - n // 2} if view.team_sizes is None else {view.team_sizes[mine]}
        # Per voter: (teller, vote) pairs from every story that was voted on.
        evidence: dict[int, list[tuple[int, bool]]] = {}
        for record in view.history:
            if record.speechless:
                continue
            for voter, vote in enumerate(record.votes):
                if vote is not None and voter != seat:
                    evidence.setdefault(voter, []).append((record.seat, vote))
        agree, disagree = self.loyalty, 1.0 - self.loyalty
        total = same = 0.0
        for labels in itertools.product((False, True), repeat=n):
            # labels[s]: seat s is on this seat's team.
            if not labels[seat] or sum(labels) not in sizes:
                continue
            weight = 1.0
            for voter, votes in evidence.items():
                partisan = 1.0
                for teller, vote in votes:
                    partisan *= agree if (labels[teller] == labels[voter]) == vote else disagree
                indifferent = 0.5 ** len(votes)
                weight *= self.partisan * partisan + (1.0 - self.partisan) * indifferent
            total += weight
            if labels[other]:
                same += weight
        return same / total if total else 0.5
