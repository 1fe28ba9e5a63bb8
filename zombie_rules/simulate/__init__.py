"""Many games at once: batches, seeding, executors, mergeable summaries and metrics.

A :class:`Batch` says what to play (title, config, agents per seat, number of
games, root seed, seat rotation, move cap). :func:`run` plays it on an executor,
in this process (:class:`InProcess`), on local processes (:class:`Processes`) or
on a Dask cluster (:class:`~zombie_rules.simulate.cluster.Dask`, optional extra
``dask``), and returns a :class:`Summary` of exact counts that is identical, bit
for bit, whatever the executor, the number of workers or the chunking, because
each game's seed comes from the root seed and the game's number alone and
summaries merge by integer addition. :func:`metrics` turns a summary into the
figures people read (win rates with Wilson intervals, first-move advantage,
balance, game lengths, decisiveness, shared wins, margins) and
:func:`format_metrics` into the command line's tables::

    batch = Batch("quarantine_z", agents="heuristic", games=2000, seed=1)
    summary = run(batch, Processes(jobs=2))
    print(format_metrics(metrics(summary, batch), batch))

:func:`compare` plays a variant and the base game on common seeds and gives each
figure's paired change with an interval (:mod:`~zombie_rules.simulate.compare`);
:func:`tune` searches a variant's knobs for the best config by an objective
(:mod:`~zombie_rules.simulate.tuning`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from zombie_rules.play import agent_names, make_agent
from zombie_rules.simulate.batch import Batch, Rotation
from zombie_rules.simulate.chunk import Chunk, GameLine, run_chunk
from zombie_rules.simulate.cluster import ClusterError, Dask, MissingExtra
from zombie_rules.simulate.compare import (
    Change,
    Comparison,
    Pair,
    compare,
    finish,
    make_pair,
    play_pair,
)
from zombie_rules.simulate.compare_report import comparison_json, format_comparison
from zombie_rules.simulate.executors import Executor, InProcess, Processes, TaskExecutor
from zombie_rules.simulate.metrics import Estimate, Metrics, Rate, metrics, wilson
from zombie_rules.simulate.progress import ProgressBar
from zombie_rules.simulate.report import config_settings, format_metrics
from zombie_rules.simulate.seeding import game_seed
from zombie_rules.simulate.summary import Summary, Tally, empty, merge
from zombie_rules.simulate.tuning import Tuned, tune


def run(
    batch: Batch,
    executor: Executor | None = None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    on_games: Callable[[Sequence[GameLine]], None] | None = None,
) -> Summary:
    """Play every game of ``batch`` on ``executor`` (default :class:`InProcess`).

    ``on_progress(done, total)`` is called as chunks come back (from any worker);
    ``on_games(lines)`` receives every game's :class:`GameLine` in game order,
    whatever order the chunks finish in, so a file written from it is the same
    for every executor.
    """
    executor = InProcess() if executor is None else executor
    total = empty(batch.title, batch.players)
    waiting: dict[int, Chunk] = {}
    written = done = 0
    if on_progress is not None:
        on_progress(0, batch.games)
    for chunk in executor.chunks(batch, keep_lines=on_games is not None):
        total = total + chunk.summary
        done += chunk.stop - chunk.start
        if on_games is not None:
            waiting[chunk.start] = chunk
            while written in waiting:
                ready = waiting.pop(written)
                on_games(ready.lines)
                written = ready.stop
        if on_progress is not None:
            on_progress(done, batch.games)
    if total.games != batch.games:
        raise RuntimeError(
            f"the executor returned {total.games} of the batch's {batch.games} games"
        )
    return total


def report_json(batch: Batch, summary: Summary) -> str:
    """The ``--json`` document: the batch, its exact summary and the metrics from it.

    It holds no timing, so the same batch gives the same document on any executor.
    """
    from zombie_rules.serialize import to_json

    document = {
        "batch": json.loads(batch.to_json()),
        "summary": json.loads(to_json(summary)),
        "metrics": json.loads(to_json(metrics(summary, batch))),
    }
    return json.dumps(document, separators=(",", ":")) + "\n"


__all__ = [
    "Batch",
    "Change",
    "Chunk",
    "ClusterError",
    "Comparison",
    "Dask",
    "Estimate",
    "Executor",
    "GameLine",
    "InProcess",
    "Metrics",
    "MissingExtra",
    "Pair",
    "Processes",
    "ProgressBar",
    "Rate",
    "Rotation",
    "Summary",
    "Tally",
    "TaskExecutor",
    "Tuned",
    "agent_names",
    "compare",
    "comparison_json",
    "config_settings",
    "empty",
    "finish",
    "format_comparison",
    "format_metrics",
    "game_seed",
    "make_agent",
    "make_pair",
    "merge",
    "metrics",
    "play_pair",
    "report_json",
    "run",
    "run_chunk",
    "tune",
    "wilson",
]
