"""Chunks on a Dask cluster: an existing scheduler, or a local cluster started for the run.

Dask is the optional extra ``dask`` (``pip install 'zombie-rules[dask]'``) and is
imported only when a run asks for it, so the library and the other executors
work without it. Every worker must be able to import the same version of
``zombie_rules``: a summary depends on the rules the games were played with.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from zombie_rules.simulate.batch import Batch
from zombie_rules.simulate.chunk import Chunk, run_chunk
from zombie_rules.simulate.executors import TASK_SECONDS, D, J, Task, run_shipped, shipped
from zombie_rules.simulate.planner import Planner

#: The pip requirement that brings Dask in.
EXTRA = "zombie-rules[dask]"


#: A local cluster listens on the loopback interface only, on free ports, with no
#: dashboard: the scheduler's HTTP server would otherwise take port 8787 on every
#: interface (or another port, with a warning, when a second cluster already has it).
LOCAL_ONLY: dict[str, Any] = {
    "host": "127.0.0.1",
    "dashboard_address": None,
    "scheduler_kwargs": {"dashboard": False, "dashboard_address": "127.0.0.1:0"},
}


class MissingExtra(ImportError):
    """An executor needs an optional dependency that is not installed."""


def import_distributed() -> Any:
    """The ``distributed`` module, or :class:`MissingExtra` naming the extra to install."""
    try:
        return importlib.import_module("distributed")
    except ImportError as exc:
        raise MissingExtra(
            f"running on Dask needs the optional extra 'dask': pip install '{EXTRA}'"
            f" (importing distributed failed: {exc})"
        ) from None


class ClusterError(RuntimeError):
    """The Dask cluster could not be started or reached."""


class Dask:
    """Plays chunks on a Dask cluster.

    Give ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``) to use a running
    cluster, ``workers`` to start a local one of that many single-threaded worker
    processes on 127.0.0.1 for the run (no dashboard), or ``client``, a
    ``distributed.Client`` the caller owns and keeps open. Two chunks per worker
    thread are kept in flight.
    """

    def __init__(
        self,
        scheduler: str | None = None,
        workers: int | None = None,
        client: Any = None,
        chunk_games: int | None = None,
    ) -> None:
        if sum(x is not None for x in (scheduler, workers, client)) != 1:
            raise ValueError("give exactly one of scheduler, workers or client")
        if workers is not None and (
            isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
        ):
            raise ValueError(f"workers must be an integer of at least 1, not {workers!r}")
        self.scheduler = scheduler
        self.workers = workers
        self.client = client
        self.chunk_games = chunk_games
        self.threads = 0

    @contextlib.contextmanager
    def _connect(self) -> Iterator[Any]:
        if self.client is not None:
            yield self.client
            return
        distributed = import_distributed()
        with contextlib.ExitStack() as stack:
            try:
                if self.scheduler is not None:
                    address: Any = self.scheduler
                else:
                    address = stack.enter_context(
                        distributed.LocalCluster(
                            n_workers=self.workers,
                            threads_per_worker=1,
                            processes=True,
                            **LOCAL_ONLY,
                        )
                    )
                client = stack.enter_context(distributed.Client(address))
            except (OSError, RuntimeError) as exc:  # TimeoutError is an OSError
                where = self.scheduler or f"a local cluster of {self.workers} workers"
                raise ClusterError(f"could not start or reach Dask ({where}): {exc}") from exc
            yield client

    def chunks(self, batch: Batch, keep_lines: bool) -> Iterator[Chunk]:
        return self.tasks(run_chunk, batch, keep_lines)

    def tasks(self, task: Task[J, D], job: J, keep_lines: bool) -> Iterator[D]:
        distributed = import_distributed()
        with self._connect() as client:
            self.threads = sum(client.nthreads().values()) or 1
            planner = Planner(job.games, self.threads, TASK_SECONDS, self.chunk_games)
            finished = distributed.as_completed()
            pending: set[Any] = set()
            games = shipped(job)

            def submit() -> None:
                while len(pending) < 2 * self.threads and (span := planner.take()) is not None:
                    future = client.submit(
                        run_shipped, games, task, job, *span, keep_lines, pure=False
                    )
                    pending.add(future)
                    finished.add(future)

            try:
                submit()
                for future in finished:
                    pending.discard(future)
                    done: D = future.result()
                    planner.record(done.stop - done.start, done.seconds)
                    yield done
                    submit()
            finally:
                if pending:
                    client.cancel(list(pending))

    def describe(self) -> str:
        where = self.scheduler or ("a local cluster" if self.workers else "a Dask client")
        return f"Dask ({where}, {self.threads} worker thread{'s' if self.threads != 1 else ''})"
