"""The Dask executor gives the same summary, bit for bit, as one process: on a small local
cluster this test starts itself (127.0.0.1 only, no dashboard), reached through a client,
through its scheduler's address, and on a cluster of worker processes the CLI starts."""

from __future__ import annotations

import importlib
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zombie_rules import GAMES, cli
from zombie_rules import simulate as sim
from zombie_rules.simulate.cluster import LOCAL_ONLY

#: Dask is the optional extra ``dask``; this file needs it installed (``.[test,dask]``).
distributed: Any = importlib.import_module("distributed")

QZ = GAMES["quarantine_z"]


def batch(games: int = 12) -> sim.Batch:
    return sim.Batch(
        "quarantine_z",
        "heuristic,random,random",
        games,
        seed=4,
        config=QZ.config_type(players=3),
        rotation=sim.Rotation.CYCLE,
        max_moves=300,
    )


def play(executor: sim.Executor) -> tuple[str, str]:
    lines: list[sim.GameLine] = []
    summary = sim.run(batch(), executor, on_games=lines.extend)
    return sim.report_json(batch(), summary), "\n".join(g.to_json() for g in lines)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",  # a real address, as --scheduler needs; threads, so it starts fast
        **LOCAL_ONLY,
    ) as local:
        yield local


@pytest.fixture(scope="module")
def reference() -> tuple[str, str]:
    return play(sim.InProcess())


def test_a_client_of_two_workers_matches_one_process(
    cluster: Any, reference: tuple[str, str]
) -> None:
    with distributed.Client(cluster) as client:
        for chunk_games in (None, 1, 5):
            executor = sim.Dask(client=client, chunk_games=chunk_games)
            assert play(executor) == reference
            assert executor.threads == 2
        assert client.status == "running"  # a client the caller owns stays open


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


ARGS = (
    "simulate", "quarantine_z", "--agents", "heuristic,random,random", "--set", "players=3",
    "--games", "12", "--seed", "4", "--rotation", "cycle", "--max-moves", "300",
)  # fmt: skip


def test_cli_scheduler_address_and_own_cluster_match_in_process(
    cluster: Any, tmp_path: Path, reference: tuple[str, str]
) -> None:
    documents = []
    for name, where in (
        ("here", ()),
        ("scheduler", ("--scheduler", cluster.scheduler_address)),
        ("own", ("--dask-workers", "2")),
    ):
        path = tmp_path / f"{name}.json"
        code, out, err = run_cli(*ARGS, *where, "--json", str(path))
        assert code == 0, err
        documents.append(path.read_text())
        assert "Zombie Player" in out
        if name == "own":
            assert "a local cluster, 2 worker threads" in out
    assert documents[0] == documents[1] == documents[2] == reference[0]
    assert json.loads(documents[0])["summary"]["games"] == 12


def test_scaling_benchmark_runs_every_executor_to_the_same_summary() -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "scaling.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "4", "--players", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["identical_summaries"] is True
    for key in ("jobs_1", "jobs_2", "dask_2_workers"):
        assert figures[key] > 0
    assert figures["cpu_ms_per_game_jobs_2"] > 0


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
