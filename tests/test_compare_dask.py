"""compare() on a Dask cluster gives the same paired counts, bit for bit, as one process."""

from __future__ import annotations

import importlib
from typing import Any

from zombie_rules import simulate as sim
from zombie_rules import zombie_run
from zombie_rules.simulate.cluster import LOCAL_ONLY

#: Dask is the optional extra ``dask``; this file needs it installed (``.[test,dask]``).
distributed: Any = importlib.import_module("distributed")


def test_compare_on_a_dask_client_matches_one_process() -> None:
    args = ("zombie_run", None, zombie_run.Config(rounds=2), "random", 16)
    reference = sim.compare(*args, seed=3)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", **LOCAL_ONLY
        ) as local,
        distributed.Client(local) as client,
    ):
        executor = sim.Dask(client=client, chunk_games=3)
        assert sim.compare(*args, seed=3, executor=executor).paired == reference.paired
