"""A comparison as the plain-text table ``zombie-rules compare`` prints."""

from __future__ import annotations

import json

from zombie_rules.simulate.batch import Batch, Rotation
from zombie_rules.simulate.compare import Change, Comparison
from zombie_rules.simulate.metrics import Estimate, FirstMoveMetrics, Rate
from zombie_rules.simulate.report import _interval, _percent, _table, config_settings


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def _between(low: float | None, high: float | None, cell: str) -> str:
    if low is None or high is None:
        return "-"
    return f"{cell.format(low)} to {cell.format(high)}"


def _point_range(figure: Estimate) -> str:
    """An interval of a difference of rates, in percentage points."""
    if figure.low is None or figure.high is None:
        return "-"
    return f"{_points(figure.low)} to {_points(figure.high)}"


def _cells(change: Change, percent: bool) -> list[str]:
    """Base, its interval, variant, its interval, change, its paired interval."""
    cells = []
    for figure in (change.base, change.variant):
        if isinstance(figure, Rate):
            cells += [_percent(figure.rate), _interval(figure) if figure.games else "-"]
        elif percent:
            cells += [_points(figure.mean), _point_range(figure)]
        else:
            cells += [f"{figure.mean:.2f}", _between(figure.low, figure.high, "{:.2f}")]
    delta: Estimate = change.change
    if percent:
        cells += [_points(delta.mean), _point_range(delta)]
    else:
        cells += [f"{delta.mean:+.2f}", _between(delta.low, delta.high, "{:+.2f}")]
    return cells


def _movers(fm: FirstMoveMetrics | None) -> str:
    if fm is None:
        return "no seat"
    return ", ".join(
        f"seat {s} {_percent(n / fm.first.games)}" for s, n in enumerate(fm.by_seat) if n
    )


def _rotation(batch: Batch) -> str:
    orders = len(batch.orders())
    if batch.rotation is Rotation.NONE or orders == 1:
        return "each deal played once"
    return f"each deal in {orders} seat orders ({batch.rotation.value})"


def format_comparison(c: Comparison) -> str:
    """The comparison: each figure in both games, the change and its paired interval.

    Win rates and the advantage of moving first are in percent, their changes in
    percentage points; lengths in moves and in the title's rounds.
    """
    base, variant = c.pair.base, c.pair.variant
    default = base.game.default_config()
    cap = "no move cap" if base.max_moves is None else f"move cap {base.max_moves}"
    lines = [
        f"{c.base.title}: {c.paired.games} games of each on common seeds (root seed"
        f" {base.seed}, {_rotation(base)}; {cap}), agents {', '.join(dict.fromkeys(base.agents))}",
        f"base:    {base.title}, {config_settings(base.config, default)}",
        f"variant: {variant.title}, {config_settings(variant.config, default)}",
        f"scores: {c.base.score_text}",
        "",
    ]
    headers = [
        "figure",
        "base",
        "95% interval",
        "variant",
        "95% interval",
        "change",
        "95% paired interval",
    ]
    rows = [[f"{ch.name} wins", *_cells(ch, True)] for ch in c.seats]
    rows += [[f"{ch.name} wins", *_cells(ch, True)] for ch in c.sides]
    rows.append(["moving first", *_cells(c.first_move, True)])
    rows.append(["moves (chance too)", *_cells(c.moves, False)])
    rows.append([c.rounds.name, *_cells(c.rounds, False)])
    lines += _table(headers, rows, left=1)
    lines += [
        "",
        "moving first: the first seat to decide on its own, against the seats it competes"
        " with (win minus their mean win, per game);"
        f" base: {_movers(c.base.first_move)}; variant: {_movers(c.variant.first_move)}",
        "paired interval: mean of the per-game differences ± 1.96 standard errors"
        " (the same seeds and seat orders in both)",
    ]
    return "\n".join(lines) + "\n"


def comparison_json(c: Comparison) -> str:
    """The ``--json`` document of a comparison: both batches, the exact counts, the figures."""
    from zombie_rules.serialize import to_json

    figures = {
        "seats": c.seats,
        "sides": c.sides,
        "first_move": c.first_move,
        "moves": c.moves,
        "rounds": c.rounds,
    }
    document = {
        "base": json.loads(c.pair.base.to_json()),
        "variant": json.loads(c.pair.variant.to_json()),
        "paired": json.loads(to_json(c.paired)),
        "figures": {name: json.loads(to_json(value)) for name, value in figures.items()},
    }
    return json.dumps(document, separators=(",", ":")) + "\n"
