"""How simulation scales out: Quarantine Z games/s with heuristic bots on every seat.

    python benchmarks/scaling.py [--games N] [--players P] [--seed S] [--repeat R]
                                 [--no-dask] [--json]

Plays the same batch (``N`` games, every seat the heuristic bot) in one process
(``--jobs 1``), on two local processes (``--jobs 2``) and, unless ``--no-dask``, on a
local Dask cluster of two single-threaded worker processes, and prints games/s
and the speed-up over one process. Each figure is the best of ``R`` runs, because on
a shared machine other work only ever slows a run down. The process pool's start-up
is inside its timing (that is what ``--jobs 2`` costs a user); the Dask cluster's
start-up is timed apart, as a cluster is usually started once and reused. Every run
must produce the same summary, bit for bit; the script fails if one does not.

Beside games/s it prints the processor time the workers spent per game (each
chunk measures its thread's CPU time). That figure does not depend on how busy
the machine is: when it is the same at ``--jobs 1`` and ``--jobs 2``, splitting the
work costs nothing, and on two idle cores the speed-up is close to 2x less the
pool's start-up.
The load average at the start is printed too: with more runnable processes than
cores, the figures say more about the neighbours than about the code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

# Measure the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_rules import simulate as sim
from zombie_rules.registry import get_game
from zombie_rules.serialize import to_json
from zombie_rules.simulate.cluster import LOCAL_ONLY, import_distributed


class Metered:
    """An executor that adds up the processor time its chunks report."""

    def __init__(self, inner: sim.Executor) -> None:
        self.inner = inner
        self.cpu_seconds = 0.0

    def chunks(self, batch: sim.Batch, keep_lines: bool) -> Iterator[sim.Chunk]:
        for chunk in self.inner.chunks(batch, keep_lines):
            self.cpu_seconds += chunk.cpu_seconds
            yield chunk

    def describe(self) -> str:
        return self.inner.describe()


def _best(
    batch: sim.Batch, make: Callable[[], sim.Executor], repeat: int
) -> tuple[float, float, list[str]]:
    """The best games/s of ``repeat`` runs, the least CPU ms per game, each run's summary."""
    rates, cpu, summaries = [], [], []
    for _ in range(repeat):
        executor = Metered(make())
        start = time.perf_counter()
        summary = sim.run(batch, executor)
        rates.append(batch.games / (time.perf_counter() - start))
        cpu.append(1000 * executor.cpu_seconds / batch.games)
        summaries.append(to_json(summary))
    return max(rates), min(cpu), summaries


def measure(games: int, players: int, seed: int, repeat: int, dask: bool) -> dict[str, Any]:
    game = get_game("quarantine_z")
    batch = sim.Batch(
        "quarantine_z", "heuristic", games, seed=seed, config=game.config_type(players=players)
    )
    figures: dict[str, Any] = {
        "title": "quarantine_z",
        "agents": "heuristic",
        "players": players,
        "games": games,
        "repeat": repeat,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
    }
    summaries: list[str] = []
    rate, cpu, runs = _best(batch, sim.InProcess, repeat)
    figures["jobs_1"], figures["cpu_ms_per_game_jobs_1"], summaries = rate, cpu, runs
    rate, cpu, runs = _best(batch, lambda: sim.Processes(2), repeat)
    figures["jobs_2"], figures["cpu_ms_per_game_jobs_2"], summaries = rate, cpu, summaries + runs
    figures["speedup_jobs_2"] = figures["jobs_2"] / figures["jobs_1"]
    if dask:
        distributed = import_distributed()
        start = time.perf_counter()
        with (
            distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, **LOCAL_ONLY
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            figures["dask_startup_seconds"] = time.perf_counter() - start
            rate, cpu, runs = _best(batch, lambda: sim.Dask(client=client), repeat)
        figures["dask_2_workers"], figures["cpu_ms_per_game_dask"] = rate, cpu
        summaries += runs
        figures["speedup_dask"] = figures["dask_2_workers"] / figures["jobs_1"]
    figures["identical_summaries"] = len(set(summaries)) == 1
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games per run (default 600)")
    parser.add_argument("--players", type=int, default=4, help="table size (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure, best kept")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.games, args.players, args.seed, args.repeat, not args.no_dask)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        load = ", ".join(f"{x:.1f}" for x in figures["load_average"])
        print(
            f"Quarantine Z, {args.players} players, heuristic bots, {args.games} games,"
            f" best of {args.repeat}; {figures['cpus']} cores, load average {load}"
        )
        print(
            f"  --jobs 1          {figures['jobs_1']:7.1f} games/s"
            f"          {figures['cpu_ms_per_game_jobs_1']:6.1f} CPU ms/game"
        )
        print(
            f"  --jobs 2          {figures['jobs_2']:7.1f} games/s"
            f"  ({figures['speedup_jobs_2']:.2f}x)  {figures['cpu_ms_per_game_jobs_2']:6.1f}"
            " CPU ms/game"
        )
        if "dask_2_workers" in figures:
            print(
                f"  Dask, 2 workers   {figures['dask_2_workers']:7.1f} games/s"
                f"  ({figures['speedup_dask']:.2f}x)  {figures['cpu_ms_per_game_dask']:6.1f}"
                f" CPU ms/game; cluster start-up {figures['dask_startup_seconds']:.1f} s,"
                " not counted"
            )
        print(f"  identical summaries: {figures['identical_summaries']}")
    return 0 if figures["identical_summaries"] else 1


if __name__ == "__main__":
    sys.exit(main())
