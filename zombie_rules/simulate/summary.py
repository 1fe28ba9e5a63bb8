"""The mergeable summary of a run of games: exact integer counts only.

Chunks of a batch are played wherever the executor puts them and finish in any
order, so a :class:`Summary` holds nothing but integer sums and histograms
(value -> count), and :func:`merge` adds them field by field. Addition of integers
is associative and commutative, so the merged summary is identical, bit for bit,
whatever the chunking, the executor or the order chunks come back in. Rates,
intervals and percentiles are computed from it only at the end
(:mod:`zombie_rules.simulate.metrics`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from zombie_rules.core.result import Result

#: ``(value, count)`` pairs sorted by value: a distribution kept exactly.
Histogram = tuple[tuple[int, int], ...]


@attrs.frozen
class Tally:
    """Appearances and wins of one seat, agent, side or role.

    ``games`` counts appearances (a game with three heuristic seats counts three
    for the heuristic agent); ``finished`` those ended by the rules; ``score_sum``
    adds the score of each finished one (for a side: its best member's score).
    """

    games: int = 0
    finished: int = 0
    wins: int = 0
    score_sum: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.games + other.games,
            self.finished + other.finished,
            self.wins + other.wins,
            self.score_sum + other.score_sum,
        )


@attrs.frozen
class AgentTally:
    agent: str
    tally: Tally


@attrs.frozen
class SideTally:
    side: str
    tally: Tally


@attrs.frozen
class RoleTally:
    """One agent playing on one side (the Zombie Player, a Survivor): per seat played."""

    side: str
    agent: str
    tally: Tally


@attrs.frozen
class FirstMove:
    """Who moved first in each game and how that went.

    The seat that moved first is the first to decide on its own, not in a step
    several seats take at once (:func:`~zombie_rules.simulate.chunk.first_mover`).
    ``games``: games in which some seat did; ``wins``: of those, won by that seat;
    ``others``/``other_wins``: appearances and wins of the seats it is compared with
    in those games (:func:`compared_with`: the other seats of its side when its side
    has several, else every other seat); ``by_seat[s]``: games seat ``s`` moved first;
    ``advantage_sum``/``advantage_squares``: the sum and the sum of squares over those
    games of each game's advantage (:func:`game_advantage`), for its interval.
    """

    games: int = 0
    wins: int = 0
    others: int = 0
    other_wins: int = 0
    by_seat: tuple[int, ...] = ()
    advantage_sum: int = 0
    advantage_squares: int = 0


@attrs.frozen
class Sums:
    """``n`` values (in units of some ``1/scale``) as their exact sum and sum of squares."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def __add__(self, other: Sums) -> Sums:
        return Sums(self.n + other.n, self.total + other.total, self.squares + other.squares)


def advantage_scale(players: int) -> int:
    """The unit (``1/scale``) that keeps a first mover's advantage over 1 to ``players - 1``
    rivals an integer: their least common multiple."""
    return math.lcm(*range(1, max(players, 2)))


def game_advantage(won: bool, rival_wins: int, rivals: int, scale: int) -> int:
    """One game's advantage of moving first, times ``scale``: the first mover's win (1 or 0)
    minus the share of its ``rivals`` that won (none: its win alone)."""
    if not rivals:
        return scale * won
    return scale * won - scale * rival_wins // rivals


@attrs.frozen
class Summary:
    """Everything a run of games of one title and table size adds up to.

    ``winners`` is the histogram of how many seats won each finished game (more
    than one: a shared win); ``moves`` and ``rounds`` the game lengths (moves
    include chance outcomes; rounds are the title's ``rounds_played``); ``margins``
    the per-game score margins the title defines
    (``Game.facts``).
    """

    title: str
    players: int
    games: int = 0
    finished: int = 0
    seats: tuple[Tally, ...] = ()
    agents: tuple[AgentTally, ...] = ()
    sides: tuple[SideTally, ...] = ()
    roles: tuple[RoleTally, ...] = ()
    first_move: FirstMove = FirstMove()
    winners: Histogram = ()
    moves: Histogram = ()
    rounds: Histogram = ()
    margins: Histogram = ()

    @property
    def capped(self) -> int:
        """Games stopped by the batch's move cap rather than ended by the rules."""
        return self.games - self.finished

    def __add__(self, other: Summary) -> Summary:
        return merge((self, other))


def empty(title: str, players: int) -> Summary:
    """The summary of no games: the identity of :func:`merge`."""
    return Summary(
        title,
        players,
        seats=(Tally(),) * players,
        first_move=FirstMove(by_seat=(0,) * players),
    )


def _add_histograms(histograms: Iterable[Histogram]) -> Histogram:
    total: Counter[int] = Counter()
    for histogram in histograms:
        for value, count in histogram:
            total[value] += count
    return tuple(sorted(total.items()))


def _add_keyed(
    groups: Iterable[Iterable[tuple[tuple[str, ...], Tally]]],
) -> dict[tuple[str, ...], Tally]:
    total: dict[tuple[str, ...], Tally] = {}
    for group in groups:
        for key, tally in group:
            total[key] = total.get(key, Tally()) + tally
    return dict(sorted(total.items()))


def merge(summaries: Iterable[Summary]) -> Summary:
    """One summary of all the games of ``summaries`` (all of one title and table size).

    Raises ``ValueError`` when they are not, or when there are none.
    """
    parts = list(summaries)
    if not parts:
        raise ValueError("merge needs at least one summary (use empty() for none)")
    first = parts[0]
    for part in parts[1:]:
        if (part.title, part.players) != (first.title, first.players):
            raise ValueError(
                f"cannot merge a summary of {part.title} with {part.players} players into"
                f" one of {first.title} with {first.players}"
            )
    seats = [Tally()] * first.players
    by_seat = [0] * first.players
    for part in parts:
        seats = [a + b for a, b in zip(seats, part.seats, strict=True)]
        by_seat = [a + b for a, b in zip(by_seat, part.first_move.by_seat, strict=True)]
    agents = _add_keyed([((a.agent,), a.tally) for a in p.agents] for p in parts)
    sides = _add_keyed([((s.side,), s.tally) for s in p.sides] for p in parts)
    roles = _add_keyed([((r.side, r.agent), r.tally) for r in p.roles] for p in parts)
    return Summary(
        first.title,
        first.players,
        games=sum(p.games for p in parts),
        finished=sum(p.finished for p in parts),
        seats=tuple(seats),
        agents=tuple(AgentTally(key[0], tally) for key, tally in agents.items()),
        sides=tuple(SideTally(key[0], tally) for key, tally in sides.items()),
        roles=tuple(RoleTally(key[0], key[1], tally) for key, tally in roles.items()),
        first_move=FirstMove(
            games=sum(p.first_move.games for p in parts),
            wins=sum(p.first_move.wins for p in parts),
            others=sum(p.first_move.others for p in parts),
            other_wins=sum(p.first_move.other_wins for p in parts),
            by_seat=tuple(by_seat),
            advantage_sum=sum(p.first_move.advantage_sum for p in parts),
            advantage_squares=sum(p.first_move.advantage_squares for p in parts),
        ),
        winners=_add_histograms(p.winners for p in parts),
        moves=_add_histograms(p.moves for p in parts),
        rounds=_add_histograms(p.rounds for p in parts),
        margins=_add_histograms(p.margins for p in parts),
    )


@attrs.frozen
class GameOutcome:
    """What one played game contributes to a summary, as the chunk runner reads it."""

    agents: tuple[str, ...]
    result: Result | None
    moves: int
    rounds: int
    first: int | None
    sides: Mapping[str, frozenset[int]]
    #: The seats the first mover is compared with (:func:`compared_with`).
    rivals: frozenset[int]
    margin: int | None
    lower_is_better: bool


def compared_with(
    first: int, sides: Mapping[str, frozenset[int]], players: int, fixed_roles: bool
) -> frozenset[int]:
    """The seats the first mover's result is set against in one game.

    Where seats have fixed roles (``Facts.role``: Quarantine Z's Zombie Player and
    Survivors), the other seats of its own side when it has company there (a
    Survivor against the other Survivors), so that the role does not pass for the
    advantage of moving first; otherwise every other seat. Sides dealt by chance
    (Texas Zombies' secret teams) are no role of the seat: the first player's team
    winning more often is the advantage of moving first, so it is measured against
    every other seat.
    """
    if fixed_roles:
        team = next((m for m in sides.values() if first in m and len(m) > 1), None)
        if team is not None:
            return team - {first}
    return frozenset(range(players)) - {first}


class Accumulator:
    """Adds games one at a time (cheaply, in place) and then freezes into a :class:`Summary`."""

    def __init__(self, title: str, players: int) -> None:
        self.title = title
        self.players = players
        self.games = 0
        self.finished = 0
        self.seats = [[0, 0, 0, 0] for _ in range(players)]
        self.keyed: dict[tuple[str, ...], list[int]] = {}
        self.first = [0, 0, 0, 0, 0, 0]
        self.scale = advantage_scale(players)
        self.by_seat = [0] * players
        self.winners: Counter[int] = Counter()
        self.moves: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.margins: Counter[int] = Counter()

    def _count(self, row: list[int], won: bool, score: int | None) -> None:
        row[0] += 1
        if score is not None:
            row[1] += 1
            row[3] += score
        if won:
            row[2] += 1

    def add(self, outcome: GameOutcome) -> None:
        result = outcome.result
        winners = result.winners if result is not None else frozenset()
        self.games += 1
        self.moves[outcome.moves] += 1
        self.rounds[outcome.rounds] += 1
        if result is not None:
            self.finished += 1
            self.winners[len(winners)] += 1
            if outcome.margin is not None:
                self.margins[outcome.margin] += 1
        for seat, agent in enumerate(outcome.agents):
            score = result.scores[seat] if result is not None else None
            won = seat in winners
            self._count(self.seats[seat], won, score)
            self._count(self.keyed.setdefault(("agent", agent), [0, 0, 0, 0]), won, score)
        for side, members in outcome.sides.items():
            won = not winners.isdisjoint(members)
            score = None
            if result is not None and members:
                scores = [result.scores[s] for s in members]
                score = min(scores) if outcome.lower_is_better else max(scores)
            self._count(self.keyed.setdefault(("side", side), [0, 0, 0, 0]), won, score)
            for seat in members:
                key = ("role", side, outcome.agents[seat])
                seat_score = result.scores[seat] if result is not None else None
                self._count(self.keyed.setdefault(key, [0, 0, 0, 0]), seat in winners, seat_score)
        first = outcome.first
        if first is not None:
            others = outcome.rivals
            self.by_seat[first] += 1
            self.first[0] += 1
            self.first[1] += first in winners
            self.first[2] += len(others)
            self.first[3] += len(winners & others)
            advantage = game_advantage(
                first in winners, len(winners & others), len(others), self.scale
            )
            self.first[4] += advantage
            self.first[5] += advantage * advantage

    def freeze(self) -> Summary:
        def tally(row: Sequence[int]) -> Tally:
            return Tally(*row)

        keyed = sorted(self.keyed.items())
        return Summary(
            self.title,
            self.players,
            games=self.games,
            finished=self.finished,
            seats=tuple(tally(row) for row in self.seats),
            agents=tuple(AgentTally(k[1], tally(v)) for k, v in keyed if k[0] == "agent"),
            sides=tuple(SideTally(k[1], tally(v)) for k, v in keyed if k[0] == "side"),
            roles=tuple(RoleTally(k[1], k[2], tally(v)) for k, v in keyed if k[0] == "role"),
            first_move=FirstMove(
                games=self.first[0],
                wins=self.first[1],
                others=self.first[2],
                other_wins=self.first[3],
                by_seat=tuple(self.by_seat),
                advantage_sum=self.first[4],
                advantage_squares=self.first[5],
            ),
            winners=tuple(sorted(self.winners.items())),
            moves=tuple(sorted(self.moves.items())),
            rounds=tuple(sorted(self.rounds.items())),
            margins=tuple(sorted(self.margins.items())),
        )
