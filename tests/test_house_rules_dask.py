"""A variant registered at run time plays on Dask worker processes as in this one.

Dask workers outlive a run and have no per-run initializer, so each task carries the
run-time games it needs (``simulate.executors.run_shipped``). The cluster here is of
real worker processes (127.0.0.1 only), which know nothing this process registered.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zombie_rules import registry, zombie_run
from zombie_rules import simulate as sim
from zombie_rules.simulate.cluster import LOCAL_ONLY

distributed: Any = importlib.import_module("distributed")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHOUT = "zombie_run+shout_under_20"


@pytest.fixture(scope="module")
def published() -> Iterator[None]:
    sys.path.insert(0, str(EXAMPLES))
    example = importlib.import_module("house_rules")
    example.publish()
    yield
    for rule in example.RULES:
        registry.unregister_house_rule(rule.name)
    sys.path.remove(str(EXAMPLES))


def _worker_knows(name: str) -> bool:
    from zombie_rules import registry as worker_registry

    return name in worker_registry.GAMES


def test_a_run_time_variant_plays_alike_on_dask_worker_processes(published: None) -> None:
    config = zombie_run.Config(players=3, rounds=2)
    batch = sim.Batch(SHOUT, "random,heuristic,random", 10, seed=6, config=config, max_moves=60)
    here = sim.report_json(batch, sim.run(batch, sim.InProcess()))
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=True, **LOCAL_ONLY
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        # The worker process has not seen this process's registrations.
        assert client.submit(_worker_knows, SHOUT, pure=False).result() is False
        there = sim.report_json(batch, sim.run(batch, sim.Dask(client=client, chunk_games=2)))
        assert client.submit(_worker_knows, SHOUT, pure=False).result() is True
    assert there == here
