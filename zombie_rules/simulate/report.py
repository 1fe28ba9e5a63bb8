"""The metrics as the plain-text tables ``zombie-rules simulate`` prints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from zombie_rules.core.validation import short
from zombie_rules.simulate.batch import Batch, Rotation
from zombie_rules.simulate.metrics import Estimate, Gap, Metrics, Rate, Row, Spread


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(rate: Rate) -> str:
    return f"{100 * rate.low:.1f}-{100 * rate.high:.1f}%"


def _advantage_interval(per_game: Estimate) -> str:
    """`` (95% interval a to b per game)`` in points, or nothing with too few games."""
    if per_game.low is None or per_game.high is None:
        return ""
    return f" (95% interval {100 * per_game.low:+.1f} to {100 * per_game.high:+.1f})"


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int) -> list[str]:
    """Columns padded to fit; the first ``left`` columns align left, the rest right."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [fmt(headers), *(fmt(r) for r in rows)]


def _win_cells(row: Row) -> list[str]:
    return [
        str(row.win.games),
        str(row.win.wins),
        _percent(row.win.rate),
        _interval(row.win),
        _score(row.mean_score),
    ]


_WIN_HEADERS = ("games", "wins", "win rate", "95% interval", "mean score")


def _seat_table(m: Metrics) -> list[str]:
    roles = any(r.role for r in m.seats)
    headers = ["seat", "agent", *(["role"] if roles else []), *_WIN_HEADERS]
    rows = []
    for seat, row in enumerate(m.seats):
        cells = [str(seat).rjust(4), row.agent, *([row.role] if roles else []), *_win_cells(row)]
        rows.append(cells)
    return _table(headers, rows, left=3 if roles else 2)


def _named_table(title: str, rows: Sequence[Row]) -> list[str]:
    return _table([title, *_WIN_HEADERS], [[r.name, *_win_cells(r)] for r in rows], left=1)


def _gap_text(gap: Gap | None) -> str:
    if gap is None:
        return "-"
    return f"{100 * gap.gap:.1f} points ({gap.best} highest, {gap.worst} lowest)"


def _spread_row(name: str, s: Spread | None) -> list[str]:
    if s is None:
        return [name, "-", "-", "-", "-"]
    median = f"{s.median:g}"
    return [name, f"{s.mean:.2f}", median, str(s.p99), str(s.max)]


def _header(m: Metrics, batch: Batch, settings: str) -> list[str]:
    orders = len(batch.orders())
    deals = -(-m.games // orders)
    if batch.rotation is Rotation.NONE or orders == 1:
        rotation = "each deal played once"
    else:
        rotation = f"{deals} deals, each in {orders} seat orders ({batch.rotation.value})"
    cap = "no move cap" if batch.max_moves is None else f"move cap {batch.max_moves}"
    return [
        f"{m.title}: {m.games} games, root seed {batch.seed}, {rotation}; {settings}; {cap}",
        f"scores: {m.score_text}",
    ]


def config_settings(config: Any, default: Any) -> str:
    """The fields in which ``config`` differs from ``default``, as ``name=value``.

    A report must say which rules its figures are for: "rulebook defaults" only when
    nothing differs from the title's default ``Config``.
    """
    if config == default:
        return "rulebook defaults"
    if not (attrs.has(type(config)) and type(config) is type(default)):
        return f"config {short(config)}"
    changed = [
        f"{f.name}={short(getattr(config, f.name))}"
        for f in attrs.fields(type(config))
        if getattr(config, f.name) != getattr(default, f.name)
    ]
    return ", ".join(changed) if changed else "rulebook defaults"


def format_metrics(m: Metrics, batch: Batch, settings: str | None = None) -> str:
    """The whole report: win tables, first move, balance, lengths, decisiveness, margins.

    ``settings`` words the batch's rules; by default they are read off its config
    (:func:`config_settings`), so a report never calls a variant the rulebook.
    """
    if settings is None:
        settings = config_settings(batch.config, batch.game.default_config())
    lines = _header(m, batch, settings)
    lines += ["", *_seat_table(m)]
    if len(m.agents) > 1:
        lines += ["", *_named_table("agent (over the seats it played)", m.agents)]
    if m.sides:
        lines += ["", *_named_table("side", m.sides)]
        if len(m.agents) > 1:
            lines += ["", *_named_table("agent on a side (per seat)", m.roles)]
    lines.append("")
    if m.shared_games:
        lines.append(
            f"shared wins: {m.shared_games} of {m.finished} finished games had more than one"
            f" winner, so the seats' wins add up to {m.total_wins} for {m.games} games"
        )
    else:
        lines.append("shared wins: none; every finished game had exactly one winner")
    fm = m.first_move
    if fm is not None:
        movers = ", ".join(
            f"seat {s} {_percent(n / fm.first.games)}" for s, n in enumerate(fm.by_seat) if n
        )
        against = "the rest of its side" if any(r.role for r in m.seats) else "the other seats"
        lines.append(
            "moving first: the first seat to decide on its own (not in a step several seats"
            f" take at once; {movers} of games) won"
            f" {_percent(fm.first.rate)} ({_interval(fm.first)}); {against} won"
            f" {_percent(fm.others.rate)} each: advantage {100 * fm.advantage:+.1f} points"
            f"{_advantage_interval(fm.per_game)}"
        )
    lines.append(f"balance between seats: {_gap_text(m.seat_balance)}")
    if m.sides:
        lines.append(f"balance between sides: {_gap_text(m.side_balance)}")
    lines.append(
        f"decisiveness: {m.finished} of {m.games} games ended by the rules"
        f" ({_percent(m.decisive)}), {m.capped} stopped by the move cap"
    )
    lengths = [_spread_row("moves (chance too)", m.moves), _spread_row(m.rounds_text, m.rounds)]
    lines += ["", *_table(["game length", "mean", "median", "p99", "max"], lengths, left=1)]
    if m.margins is None:
        lines.append(f"score margin ({m.margin_text}): no game had one")
    else:
        s = m.margins
        lines.append(
            f"score margin ({m.margin_text}): mean {s.mean:.2f}, median {s.median:g},"
            f" smallest {s.min}, largest {s.max}, over {s.games} games"
        )
    return "\n".join(lines) + "\n"
