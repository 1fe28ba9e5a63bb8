"""A Texas Zombies bot that sits at the table like a player, and the search's helpers.

It always tells a story (being speechless is an automatic failure). A bot cannot
judge a story, so it stands in for the table's judgement: a story convinces it
with probability ``credulity``, drawn from the seeded ``rng`` (G: "the other
players will vote to determine whether or not the story was convincing"). Team
loyalty overrides the story when the bot is fairly sure: it votes Yes for a
likely teammate (chance at least ``trust``) and No for a likely opponent (chance
below ``doubt``). An earlier bot voted Yes *only* for a believed teammate; at the
start nobody is, so every story failed and every bot game ended 0 to 0.

The belief is a posterior over every team assignment consistent with the bot's
own Team card and the public team sizes, updated from the public vote history.
Each other player is modelled as either partisan, with prior ``partisan`` (votes
Yes for a teammate with probability ``loyal_yes`` and for an opponent with
``rival_yes``: it mostly backs its team and is sometimes convinced by an
opponent), or indifferent (votes at random). A No from a partisan voter is strong
evidence that it is not on the teller's team; random voters are recognised as
noise rather than read as evidence.

``evaluate`` and ``world_weight`` serve the search bot (``texas_zombies.search``
hands them over): the first scores a position for each seat, the second says how
well a re-dealt world's teams explain the votes seen so far (the same voter model).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence

from zombie_rules.texas_zombies.cards import TEAMS, Team
from zombie_rules.texas_zombies.config import tables
from zombie_rules.texas_zombies.rules import result, team_total, won_values
from zombie_rules.texas_zombies.state import Action, Move, Phase, State, TurnRecord
from zombie_rules.texas_zombies.views import View

#: Voter model defaults (see the module docstring), shared by the bot and the search.
PARTISAN = 0.5
LOYAL_YES = 0.95
RIVAL_YES = 0.45


class HeuristicAgent:
    """Votes on the story unless its team belief is strong (see the module docstring)."""

    def __init__(
        self,
        credulity: float = 0.7,
        trust: float = 0.5,
        doubt: float = 0.25,
        partisan: float = PARTISAN,
        loyal_yes: float = LOYAL_YES,
        rival_yes: float = RIVAL_YES,
    ) -> None:
        self.credulity = credulity
        self.trust = trust
        self.doubt = doubt
        self.partisan = partisan
        self.loyal_yes = loyal_yes
        self.rival_yes = rival_yes

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.phase is Phase.TELL:
            tells = [m for m in legal_moves if m.action is Action.TELL]
            return tells[0] if tells else legal_moves[0]
        if view.phase is Phase.VOTE and view.seat is not None:
            yes = self.votes_yes(view, rng)
            for move in legal_moves:
                if move.action is Action.VOTE and move.args == ((1,) if yes else (0,)):
                    return move
        return legal_moves[0]

    def votes_yes(self, view: View, rng: random.Random) -> bool:
        """This seat's vote on the story being told: loyalty when sure, else the story."""
        chance = self.teammate_chance(view, view.turn)
        convinced = rng.random() < self.credulity
        if chance >= self.trust:
            return True
        if chance < self.doubt:
            return False
        return convinced

    def teammate_chance(self, view: View, other: int) -> float:
        """The probability, given the view, that ``other`` is on this seat's team."""
        seat, own = view.seat, view.team
        if seat is None or own is None:
            return 0.5
        if other == seat:
            return 1.0
        n = view.config.players
        mine = TEAMS.index(own)
        # Secret sizes: its team is one of the config's two (the rulebook's split by default).
        split = tables(view.config).team_sizes
        sizes = split if view.team_sizes is None else (view.team_sizes[mine],)
        chances = _teammate_chances(
            n, seat, sizes, view.history, self.partisan, self.loyal_yes, self.rival_yes
        )
        return chances[other]


@functools.lru_cache(maxsize=4096)
def _teammate_chances(
    players: int,
    seat: int,
    sizes: tuple[int, ...],
    history: tuple[TurnRecord, ...],
    partisan: float,
    loyal_yes: float,
    rival_yes: float,
) -> tuple[float, ...]:
    """Per seat, the chance it is on ``seat``'s team (its team holding one of ``sizes``).

    Cached: every vote of a game, and every rollout of a search, asks it again
    for the same public history.
    """
    evidence = _evidence(history, skip=seat)
    total = 0.0
    same = [0.0] * players
    for labels in itertools.product((False, True), repeat=players):
        # labels[s]: seat s is on this seat's team.
        if not labels[seat] or sum(labels) not in sizes:
            continue
        weight = votes_likelihood(evidence, labels, partisan, loyal_yes, rival_yes)
        total += weight
        for s in range(players):
            if labels[s]:
                same[s] += weight
    return tuple(x / total if total else 0.5 for x in same)


def _evidence(history: Sequence[TurnRecord], skip: int | None) -> dict[int, list[tuple[int, bool]]]:
    """Per voter (other than ``skip``): the (teller, vote) pairs of every story voted on."""
    evidence: dict[int, list[tuple[int, bool]]] = {}
    for record in history:
        if record.speechless:
            continue
        for voter, vote in enumerate(record.votes):
            if vote is not None and voter != skip:
                evidence.setdefault(voter, []).append((record.seat, vote))
    return evidence


def votes_likelihood(
    evidence: dict[int, list[tuple[int, bool]]],
    together: Sequence[object],
    partisan: float = PARTISAN,
    loyal_yes: float = LOYAL_YES,
    rival_yes: float = RIVAL_YES,
) -> float:
    """How likely the votes are if ``together[s]`` says which seats share one team.

    Only whether two seats are on the same team matters, so ``together`` may be
    "on my team" flags or a team index per seat compared for equality.
    """
    weight = 1.0
    for voter, votes in evidence.items():
        partisan_weight = 1.0
        for teller, vote in votes:
            yes = loyal_yes if together[teller] == together[voter] else rival_yes
            partisan_weight *= yes if vote else 1.0 - yes
        indifferent = 0.5 ** len(votes)
        weight *= partisan * partisan_weight + (1.0 - partisan) * indifferent
    return weight


# ------------------------------------------------------------------ for the search


def world_weight(view: View, world: State) -> float:
    """How well ``world``'s Team cards explain the votes in ``view`` (relative likelihood).

    A search re-deals the Team cards it cannot see uniformly; weighting those
    worlds by this (the bot's voter model) makes it read the votes as the bot does.
    """
    teams: Sequence[Team | None] = world.teams
    if any(t is None for t in teams):
        return 1.0
    return votes_likelihood(_evidence(view.history, skip=view.seat), teams)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance that its team ends level or ahead, from the Events won so far.

    The Events still to come are each won by one team or the other, about half
    the time (a normal approximation of their difference); an exact tie counts
    as a win (rule Q: "all players win").
    """
    final = result(state)
    if final is not None:
        return tuple(1.0 if s in final.winners else 0.0 for s in range(len(final.scores)))
    teams = state.teams
    n = state.config.players
    if any(t is None for t in teams):
        return (0.5,) * n
    equal = tables(state.config).equal_teams
    totals = _team_totals(teams, won_values(state), n, equal)
    left = state.events_left + (1 if state.current_event is not None else 0)
    spread = math.sqrt(0.3 * left + 0.25)
    if not equal:
        spread *= 1.5  # rule O counts two members per team, and P doubles a lone one
    values = []
    for team in teams:
        assert team is not None
        mine = TEAMS.index(team)
        lead = totals[mine] - totals[1 - mine]
        values.append(_normal_cdf((lead + 0.5) / spread))
    return tuple(values)


def _team_totals(
    teams: Sequence[Team | None], won: Sequence[int], n: int, equal: bool
) -> tuple[int, int]:
    """Team totals as rules N-P count them (the most and the fewest per team when the
    teams differ in size), by the rules' own ``team_total``."""
    beta, darwin = (
        team_total([won[s] for s in range(n) if teams[s] is team], equal) for team in TEAMS
    )
    return beta, darwin


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
