"""Tuning a variant's knobs: an N-tuple bandit evolutionary search (NTBEA) over configs.

A designer asks which values of a few ``Config`` fields make the game best by some
measure (the seats closest to even, games of a wanted length), and every measure
is noisy: one evaluation is a small seeded batch of bot games. NTBEA (Lucas,
Liu and Perez-Liebana, 2018; the tuner of the TAG framework) spends a budget of
such evaluations well:

- a point is one value per field; the search keeps statistics of the objective
  for every **1-tuple** (one field at one value, whatever the others) and for the
  **full tuple** (the whole point), so a value that helps in every company is
  learnt from every evaluation that used it;
- each step evaluates the current point, adds the value to its tuples, then
  draws ``neighbours`` points that differ in one or more fields and moves to the
  one the model rates highest by **UCB**: the mean over its tuples of
  ``mean + k · range · sqrt(ln(1 + N) / (n + ε))``, where ``N`` is the evaluations
  so far, ``n`` those of the tuple, ``ε = 0.5``, ``range`` the spread of the
  objective seen so far (so ``exploration`` ``k`` needs no tuning to the
  objective's units) and a tuple never evaluated counts only its exploration;
- after the budget, the recommended point is the evaluated one with the best
  mean over its tuples (no exploration), and it is evaluated ``final`` more times
  on fresh seeds: its estimate is their mean, with a normal 95% interval.

Evaluation ``k`` plays the batch seeded ``game_seed(seed, k)``: one seed gives the
same search, step for step. Points whose config is invalid (``InvalidConfig``:
too small a deck for the table) are never evaluated.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.registry import get_game
from zombie_rules.simulate.batch import Batch, Rotation
from zombie_rules.simulate.executors import Executor
from zombie_rules.simulate.metrics import Z95, Metrics, metrics
from zombie_rules.simulate.seeding import game_seed

AnyGame = Game[Any, Any, Any, Any]
#: One value index per field of the space.
Point = tuple[int, ...]
#: What a search maximises: the metrics of one evaluation's batch -> a number.
Objective = Callable[[Metrics], float]

#: Added to a tuple's count under the square root, so that a tuple never tried has a
#: large but finite exploration bonus (TAG's default).
EPSILON = 0.5
#: Points the search tries to build before concluding the space has no valid one.
TRIES = 1000


@attrs.frozen
class Tuned:
    """What :func:`tune` found.

    ``settings`` are the best point's field values and ``config`` the config they
    make; ``estimate`` the mean objective of the ``final`` evaluations of it (``nan``
    with none), with its 95% normal interval ``low``-``high`` (``None`` with fewer
    than 2);
    ``model`` the search's own estimate of it (the mean over its tuples, biased
    upwards by having been picked as the best); ``history`` every evaluation of the
    search as (settings, objective), in order.
    """

    settings: Mapping[str, Any]
    config: Any
    estimate: float
    low: float | None
    high: float | None
    model: float
    evaluations: int
    history: tuple[tuple[Mapping[str, Any], float], ...]


class _Stats:
    """Count, sum and sum of squares of the objective per tuple."""

    def __init__(self) -> None:
        self.count: dict[tuple[Any, ...], int] = {}
        self.total: dict[tuple[Any, ...], float] = {}

    def add(self, keys: Sequence[tuple[Any, ...]], value: float) -> None:
        for key in keys:
            self.count[key] = self.count.get(key, 0) + 1
            self.total[key] = self.total.get(key, 0.0) + value

    def value(self, keys: Sequence[tuple[Any, ...]], bonus: float, evaluated: int) -> float:
        """The mean over ``keys`` of each tuple's mean plus ``bonus`` times its UCB term."""
        means, explore = [], 0.0
        for key in keys:
            n = self.count.get(key, 0)
            if n:
                means.append(self.total[key] / n)
            explore += bonus * math.sqrt(math.log(1 + evaluated) / (n + EPSILON))
        mean = sum(means) / len(means) if means else 0.0
        return mean + explore / len(keys)


def _tuples(point: Point) -> list[tuple[Any, ...]]:
    """The tuples a point belongs to: each field at its value, and the whole point."""
    return [*((("one", i, v)) for i, v in enumerate(point)), ("all", point)]


def _check_space(config_type: type, space: Mapping[str, Sequence[Any]]) -> None:
    if not space:
        raise InvalidConfig("space", "give at least one Config field and its candidate values")
    fields = {f.name for f in attrs.fields(config_type)} if attrs.has(config_type) else set()
    for name, values in space.items():
        if name not in fields:
            raise InvalidConfig(
                "space", f"{short(name)} is no Config field; fields: {', '.join(sorted(fields))}"
            )
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise InvalidConfig(
                "space",
                f"{name}: give a non-empty sequence of candidate values, not {short(values)}",
            )


def tune(
    game: AnyGame | str,
    space: Mapping[str, Sequence[Any]],
    objective: Objective,
    *,
    agents: str | Sequence[str] = "random",
    base: Any = None,
    games: int = 20,
    budget: int = 60,
    final: int = 10,
    neighbours: int = 20,
    exploration: float = 1.0,
    seed: int = 0,
    rotation: Rotation = Rotation.NONE,
    max_moves: int | None = None,
    executor: Executor | None = None,
) -> Tuned:
    """Search ``space`` (Config field -> candidate values) for the config ``objective`` likes most.

    Each of the ``budget`` evaluations plays ``games`` games of a candidate config
    (``base``, default the title's ``default_config``, with the point's fields set)
    with ``agents`` and scores their :class:`Metrics` by ``objective`` (higher is
    better). The best point is then played ``final`` more times. ``game.config_space``
    is a ready-made space. Each evaluation is one ``run`` on ``executor`` (default
    in this process); a pool of processes starts per evaluation, so it pays only
    for evaluations of many games. Raises :class:`InvalidConfig` for a bad space, budget or
    a space with no valid config.
    """
    title = get_game(game) if isinstance(game, str) else game
    start_config = title.default_config() if base is None else base
    _check_space(type(start_config), space)
    for name, number in (("budget", budget), ("games", games), ("neighbours", neighbours)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidConfig(name, f"must be an integer of at least 1, not {short(number)}")
    if isinstance(final, bool) or not isinstance(final, int) or final < 0:
        raise InvalidConfig("final", f"must be an integer of at least 0, not {short(final)}")
    names = list(space)
    values = [tuple(space[name]) for name in names]
    rng = random.Random(game_seed(seed, -1))
    configs: dict[Point, Any] = {}

    def config_of(point: Point) -> Any:
        if point not in configs:
            settings = {n: values[i][v] for i, (n, v) in enumerate(zip(names, point, strict=True))}
            try:
                configs[point] = attrs.evolve(start_config, **settings)
            except InvalidConfig:
                configs[point] = None
        return configs[point]

    evaluated = 0

    def evaluate(point: Point) -> float:
        nonlocal evaluated
        batch = Batch(
            title.name,
            agents,
            games,
            game_seed(seed, evaluated),
            config_of(point),
            rotation,
            max_moves,
        )
        evaluated += 1
        from zombie_rules.simulate import run  # the package runs batches; it imports this module

        return float(objective(metrics(run(batch, executor), batch)))

    point = _random_valid(values, config_of, rng)
    stats = _Stats()
    seen: list[float] = []
    history: list[tuple[Point, float]] = []
    for _ in range(budget):
        value = evaluate(point)
        seen.append(value)
        history.append((point, value))
        stats.add(_tuples(point), value)
        spread = (max(seen) - min(seen)) or 1.0
        candidates = _neighbours(point, values, neighbours, rng, config_of)
        if candidates:
            point = max(
                candidates,
                key=lambda p: stats.value(_tuples(p), exploration * spread, evaluated),
            )
    best = max(dict.fromkeys(p for p, _ in history), key=lambda p: stats.value(_tuples(p), 0, 1))
    finals = [evaluate(best) for _ in range(final)]
    mean = sum(finals) / len(finals) if finals else math.nan
    low: float | None = None
    high: float | None = None
    if len(finals) >= 2:
        sd = math.sqrt(sum((v - mean) ** 2 for v in finals) / (len(finals) - 1))
        low, high = (
            mean - Z95 * sd / math.sqrt(len(finals)),
            mean + Z95 * sd / math.sqrt(len(finals)),
        )

    def named(p: Point) -> Mapping[str, Any]:
        return {n: values[i][v] for i, (n, v) in enumerate(zip(names, p, strict=True))}

    return Tuned(
        settings=named(best),
        config=config_of(best),
        estimate=mean,
        low=low,
        high=high,
        model=stats.value(_tuples(best), 0, 1),
        evaluations=evaluated,
        history=tuple((named(p), v) for p, v in history),
    )


def _random_valid(
    values: Sequence[tuple[Any, ...]], config_of: Callable[[Point], Any], rng: random.Random
) -> Point:
    """A random point whose config is valid; :class:`InvalidConfig` when none is found."""
    size = math.prod(len(v) for v in values)
    if size <= TRIES:
        points = list(itertools.product(*(range(len(v)) for v in values)))
        rng.shuffle(points)
    else:
        points = [tuple(rng.randrange(len(v)) for v in values) for _ in range(TRIES)]
    for point in points:
        if config_of(point) is not None:
            return point
    raise InvalidConfig("space", "no combination of the candidate values makes a valid config")


def _neighbours(
    point: Point,
    values: Sequence[tuple[Any, ...]],
    wanted: int,
    rng: random.Random,
    config_of: Callable[[Point], Any],
) -> list[Point]:
    """Up to ``wanted`` distinct valid points that differ from ``point`` in some fields.

    One field always changes; each other field changes with probability ``1/d``
    (``d`` fields), TAG's mutation: mostly one step away, sometimes a jump.
    """
    movable = [i for i, v in enumerate(values) if len(v) > 1]
    if not movable:
        return []
    found: dict[Point, None] = {}
    for _ in range(wanted * 4):
        if len(found) >= wanted:
            break
        changed = list(point)
        forced = rng.choice(movable)
        for i in movable:
            if i == forced or rng.random() < 1 / len(values):
                changed[i] = rng.choice([v for v in range(len(values[i])) if v != point[i]])
        candidate = tuple(changed)
        if config_of(candidate) is not None:
            found[candidate] = None
    return list(found)
