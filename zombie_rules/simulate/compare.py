"""A variant against the base game, on common seeds: paired differences with intervals.

Balancing a rule means asking how much it moves each seat's and each side's win
rate, the advantage of moving first and the length of a game. Two independent
batches answer with the noise of both; :func:`compare` plays **game i of both
configs from the same seed and in the same seat order** (the same deal numbers,
seeds and rotation as a :class:`~zombie_rules.simulate.batch.Batch`), so each
figure's change is measured game by game and the noise the two games share (the
same shuffle, the same bots in the same seats) cancels out of the difference.

**The interval.** For each figure, ``d_i`` is the variant's value in game ``i``
minus the base game's (a win is 1, a loss or a capped game 0; a length is moves
or rounds). The change is the mean of the ``d_i`` and its 95% interval the normal
one, ``mean ± 1.96 · s / sqrt(n)`` with ``s`` the sample standard deviation of the
``d_i``: the games are independent, so by the central limit theorem it is close
to exact for the hundreds or thousands of games a comparison needs (with fewer
than about 30 it is rough; with fewer than 2 there is none). It is the paired
t-interval with the normal quantile, and never wider than the unpaired interval
when the shared deal makes the two games alike; when a rule changes the deal
itself (``hand_size``) the two games soon part, and it is about as wide.

Like a batch's summary, a comparison's counts are exact integer sums (of ``d_i``
and ``d_i²``) that merge by addition, so the result is the same bit for bit on
every executor and chunking.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypedDict, Unpack

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.registry import get_game
from zombie_rules.simulate.batch import Batch, Rotation
from zombie_rules.simulate.chunk import check_span, play_game
from zombie_rules.simulate.executors import InProcess, TaskExecutor
from zombie_rules.simulate.metrics import Estimate, Metrics, Rate, estimate, metrics, wilson
from zombie_rules.simulate.summary import (
    Accumulator,
    GameOutcome,
    Summary,
    Sums,
    advantage_scale,
    game_advantage,
)

AnyGame = Game[Any, Any, Any, Any]


@attrs.frozen
class Paired:
    """Every exact count of a comparison: both summaries and the paired sums.

    ``seats[s]`` and ``sides`` sum each game's change in win (1, 0 or -1);
    ``first_move`` each game's change in the first mover's advantage over the seats
    it is compared with (games where both configs have a first mover), in units of
    ``1/scale`` so that averages over 1 to ``players - 1`` seats stay integers (each
    config's own advantage is in its summary); ``moves`` and ``rounds`` each game's
    change in length.
    """

    base: Summary
    variant: Summary
    scale: int
    games: int
    seats: tuple[Sums, ...]
    sides: tuple[tuple[str, Sums], ...]
    first_move: Sums
    moves: Sums
    rounds: Sums

    def __add__(self, other: Paired) -> Paired:
        # A side no game of one part had still counts that part's games (as no change).
        mine, theirs = dict(self.sides), dict(other.sides)
        sides = {
            name: mine.get(name, Sums(self.games)) + theirs.get(name, Sums(other.games))
            for name in {*mine, *theirs}
        }
        return Paired(
            self.base + other.base,
            self.variant + other.variant,
            self.scale,
            self.games + other.games,
            tuple(a + b for a, b in zip(self.seats, other.seats, strict=True)),
            tuple(sorted(sides.items())),
            self.first_move + other.first_move,
            self.moves + other.moves,
            self.rounds + other.rounds,
        )


@attrs.frozen
class Pair:
    """The two batches of a comparison: the same agents, games, seeds, rotation and cap."""

    base: Batch
    variant: Batch

    def __attrs_post_init__(self) -> None:
        one, other = self.base, self.variant
        if one.players != other.players:
            raise InvalidConfig(
                "variant",
                f"the variant seats {other.players} players and the base game {one.players};"
                " seats are compared one by one, so both need the same number",
            )
        for name in ("agents", "games", "seed", "rotation", "max_moves"):
            if getattr(one, name) != getattr(other, name):
                raise InvalidConfig(
                    name,
                    f"the two batches differ in {name} ({short(getattr(one, name))} and"
                    f" {short(getattr(other, name))}); only the config may differ",
                )

    @property
    def titles(self) -> tuple[str, ...]:
        return (self.base.title, self.variant.title)

    @property
    def games(self) -> int:
        return self.base.games

    @property
    def scale(self) -> int:
        return advantage_scale(self.base.players)


@attrs.frozen
class PairChunk:
    """What one task returns: the paired counts of games ``start``..``stop - 1``."""

    start: int
    stop: int
    paired: Paired
    seconds: float


def _won(outcome: GameOutcome, seats: frozenset[int]) -> int:
    result = outcome.result
    return 0 if result is None else int(not result.winners.isdisjoint(seats))


def _advantage(outcome: GameOutcome, scale: int) -> int | None:
    """The game's advantage of moving first (``game_advantage``), ``None`` without a first mover."""
    first = outcome.first
    if first is None:
        return None
    result = outcome.result
    winners = frozenset[int]() if result is None else result.winners
    rivals = outcome.rivals
    return game_advantage(first in winners, len(winners & rivals), len(rivals), scale)


class _PairAccumulator:
    def __init__(self, pair: Pair) -> None:
        self.players = pair.base.players
        self.scale = pair.scale
        self.seats = [[0, 0] for _ in range(self.players)]
        self.sides: dict[str, list[int]] = {}
        self.sums = {key: [0, 0, 0] for key in ("first", "moves", "rounds")}
        self.games = 0

    def _add(self, key: str, value: int) -> None:
        row = self.sums[key]
        row[0] += 1
        row[1] += value
        row[2] += value * value

    def add(self, base: GameOutcome, variant: GameOutcome) -> None:
        self.games += 1
        for seat, row in enumerate(self.seats):
            d = _won(variant, frozenset((seat,))) - _won(base, frozenset((seat,)))
            row[0] += d
            row[1] += d * d
        for name in dict.fromkeys((*base.sides, *variant.sides)):
            d = _won(variant, variant.sides.get(name, frozenset())) - _won(
                base, base.sides.get(name, frozenset())
            )
            row = self.sides.setdefault(name, [0, 0])
            row[0] += d
            row[1] += d * d
        a = _advantage(base, self.scale)
        b = _advantage(variant, self.scale)
        if a is not None and b is not None:
            self._add("first", b - a)
        self._add("moves", variant.moves - base.moves)
        self._add("rounds", variant.rounds - base.rounds)

    def freeze(self, base: Summary, variant: Summary) -> Paired:
        n = self.games
        sums = {key: Sums(*row) for key, row in self.sums.items()}
        return Paired(
            base,
            variant,
            self.scale,
            n,
            tuple(Sums(n, t, q) for t, q in self.seats),
            tuple(sorted((name, Sums(n, t, q)) for name, (t, q) in self.sides.items())),
            sums["first"],
            sums["moves"],
            sums["rounds"],
        )


def run_pair(pair: Pair, start: int, stop: int, keep_lines: bool = False) -> PairChunk:
    """Play games ``start``..``stop - 1`` of both batches of ``pair`` (a task for executors).

    ``keep_lines`` is accepted for the executors' sake; a comparison keeps no lines.
    """
    check_span(pair.games, start, stop)
    began = time.perf_counter()
    base, variant = pair.base, pair.variant
    orders = base.orders()
    counts = _PairAccumulator(pair)
    tallies = (
        Accumulator(base.game.name, base.players),
        Accumulator(variant.game.name, variant.players),
    )
    for index in range(start, stop):
        _, _, one = play_game(base, index, orders)
        _, _, other = play_game(variant, index, orders)
        tallies[0].add(one)
        tallies[1].add(other)
        counts.add(one, other)
    paired = counts.freeze(tallies[0].freeze(), tallies[1].freeze())
    return PairChunk(start, stop, paired, time.perf_counter() - began)


@attrs.frozen
class Change:
    """One figure in the base game and in the variant, and the paired change."""

    name: str
    base: Rate | Estimate
    variant: Rate | Estimate
    change: Estimate


@attrs.frozen
class Comparison:
    """What :func:`compare` found; ``paired`` holds the exact counts it comes from."""

    pair: Pair
    paired: Paired
    base: Metrics
    variant: Metrics
    seats: tuple[Change, ...]
    sides: tuple[Change, ...]
    first_move: Change
    moves: Change
    rounds: Change


def _game_and_config(game: AnyGame, which: str, value: Any) -> tuple[str, Any]:
    """A variant given as a config of ``game``, a variant ``Game`` or ``None`` (the default).

    A variant game may have a ``Config`` type of its own (a published variant often
    does); it is played under its own name with its ``default_config``, and need only
    seat as many players.
    """
    if value is None:
        return game.name, game.default_config()
    if isinstance(value, Game):
        return value.name, value.default_config()
    if not isinstance(value, game.config_type):
        raise InvalidConfig(
            which,
            f"expected a {game.name} Config, a variant Game of it or None,"
            f" not a {type(value).__name__}",
        )
    return game.name, value


class PairOptions(TypedDict, total=False):
    """What both batches of a comparison share besides agents and games (``Batch``'s own).

    The keywords :func:`make_pair` takes and :func:`compare` passes on to it, written
    once so that the two signatures cannot drift apart.
    """

    seed: int
    rotation: Rotation
    max_moves: int | None


def make_pair(
    game: AnyGame | str,
    base: Any,
    variant: Any,
    agents: str | Sequence[str],
    games: int,
    *,
    seed: int = 0,
    rotation: Rotation = Rotation.NONE,
    max_moves: int | None = None,
) -> Pair:
    """The two batches :func:`compare` plays; :class:`InvalidConfig` naming what cannot be.

    ``base`` and ``variant`` are configs of ``game`` (``None``: its default) or
    variant games of it, registered or published (their default configs are played,
    under their own names). ``agents``, ``games``, ``seed``, ``rotation`` and
    ``max_moves`` are as a :class:`Batch` takes them, shared by both; game ``i`` of
    each is the batch's game ``i``.
    """
    title = get_game(game) if isinstance(game, str) else game
    batches = []
    for which, value in (("base", base), ("variant", variant)):
        name, config = _game_and_config(title, which, value)
        batches.append(Batch(name, agents, games, seed, config, rotation, max_moves))
    return Pair(*batches)


def compare(
    game: AnyGame | str,
    base: Any,
    variant: Any,
    agents: str | Sequence[str],
    games: int,
    *,
    executor: TaskExecutor | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    **options: Unpack[PairOptions],
) -> Comparison:
    """Play ``games`` games of ``base`` and of ``variant`` on common seeds; compare them.

    The games are :func:`make_pair`'s, given the same arguments (``seed``,
    ``rotation`` and ``max_moves`` among ``options``), played on ``executor``
    (default :class:`InProcess`); the same arguments give the same comparison on any
    executor. ``on_progress(done, games)`` is called as the games come in.
    """
    pair = make_pair(game, base, variant, agents, games, **options)
    return finish(pair, play_pair(pair, executor, on_progress=on_progress))


def play_pair(
    pair: Pair,
    executor: TaskExecutor | None = None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Paired:
    """Every game of both batches of ``pair``, on ``executor``: the exact paired counts."""
    executor = InProcess() if executor is None else executor
    chunks: Iterator[PairChunk] = executor.tasks(run_pair, pair, False)
    total: Paired | None = None
    done = 0
    if on_progress is not None:
        on_progress(0, pair.games)
    for chunk in chunks:
        total = chunk.paired if total is None else total + chunk.paired
        done += chunk.stop - chunk.start
        if on_progress is not None:
            on_progress(done, pair.games)
    if total is None or total.games != pair.games:
        raise RuntimeError(f"the executor returned too few of the comparison's {pair.games} games")
    return total


def _mean_length(histogram: Sequence[tuple[int, int]]) -> Sums:
    n = sum(count for _, count in histogram)
    return Sums(
        n,
        sum(v * c for v, c in histogram),
        sum(v * v * c for v, c in histogram),
    )


def _own_advantage(m: Metrics) -> Estimate:
    return m.first_move.per_game if m.first_move is not None else estimate(Sums())


def _side_rates(summary: Summary) -> Mapping[str, Rate]:
    return {s.side: wilson(s.tally.wins, s.tally.games) for s in summary.sides}


def finish(pair: Pair, paired: Paired) -> Comparison:
    """The figures of a comparison from its exact counts."""
    base_m, variant_m = metrics(paired.base, pair.base), metrics(paired.variant, pair.variant)
    seats = tuple(
        Change(f"seat {seat}", b.win, v.win, estimate(d))
        for seat, (b, v, d) in enumerate(
            zip(base_m.seats, variant_m.seats, paired.seats, strict=True)
        )
    )
    base_sides, variant_sides = _side_rates(paired.base), _side_rates(paired.variant)
    none = wilson(0, 0)
    sides = tuple(
        Change(name, base_sides.get(name, none), variant_sides.get(name, none), estimate(d))
        for name, d in paired.sides
    )
    scale = paired.scale
    first = Change(
        "advantage of moving first",
        _own_advantage(base_m),
        _own_advantage(variant_m),
        estimate(paired.first_move, scale),
    )
    lengths = []
    for name, key in (("moves", "moves"), (pair.base.game.facts.rounds_text, "rounds")):
        lengths.append(
            Change(
                name,
                estimate(_mean_length(getattr(paired.base, key))),
                estimate(_mean_length(getattr(paired.variant, key))),
                estimate(getattr(paired, key)),
            )
        )
    return Comparison(pair, paired, base_m, variant_m, seats, sides, first, *lengths)
