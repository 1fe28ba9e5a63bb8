"""Where chunks run: in this process, or on a pool of local processes.

An executor takes a batch and yields :class:`~zombie_rules.simulate.chunk.Chunk`
results as they finish, in any order; :func:`zombie_rules.simulate.run` merges
them. The Dask executor lives in :mod:`zombie_rules.simulate.cluster` so that
this module never imports Dask.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
import signal
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from zombie_rules import registry
from zombie_rules.core.errors import InvalidConfig, RegistrationError
from zombie_rules.core.game import Game
from zombie_rules.simulate.batch import Batch
from zombie_rules.simulate.chunk import Chunk, run_chunk
from zombie_rules.simulate.planner import Planner

AnyGame = Game[Any, Any, Any, Any]


class Job(Protocol):
    """Something played in numbered games that chunks can split: a batch, a comparison."""

    @property
    def titles(self) -> tuple[str, ...]:
        """The titles its games are of (shipped to workers when registered at run time)."""
        ...

    @property
    def games(self) -> int: ...


class Done(Protocol):
    """What a task returns for games ``start``..``stop - 1``, played in ``seconds``."""

    @property
    def start(self) -> int: ...

    @property
    def stop(self) -> int: ...

    @property
    def seconds(self) -> float: ...


J = TypeVar("J", bound=Job)
D = TypeVar("D", bound=Done)
#: A task: ``task(job, start, stop, keep_lines)`` plays those games of the job. It
#: must be a module-level function, so that it pickles to other processes.
Task = Callable[[J, int, int, bool], D]

#: Seconds of play per chunk sent to another process or machine.
TASK_SECONDS = 1.0
#: Seconds of play per chunk in this process: there is nothing to ship, so the
#: chunks are shorter to keep the progress report lively.
LOCAL_SECONDS = 0.25


class Executor(Protocol):
    """Runs the chunks of a batch and yields them as they finish."""

    def chunks(self, batch: Batch, keep_lines: bool) -> Iterator[Chunk]:
        """Every game of ``batch``, once, as chunks in any order."""
        ...

    def describe(self) -> str:
        """What the run happened on, for people ("2 processes")."""
        ...


class TaskExecutor(Executor, Protocol):
    """An executor that also runs other tasks than a batch's (``compare`` needs one)."""

    def tasks(self, task: Task[J, D], job: J, keep_lines: bool) -> Iterator[D]:
        """Every game of ``job``, once, as ``task`` results in any order."""
        ...


class InProcess:
    """Plays every chunk here, one after the other: the reference the others must match."""

    def __init__(self, chunk_games: int | None = None) -> None:
        self.chunk_games = chunk_games

    def chunks(self, batch: Batch, keep_lines: bool) -> Iterator[Chunk]:
        return self.tasks(run_chunk, batch, keep_lines)

    def tasks(self, task: Task[J, D], job: J, keep_lines: bool) -> Iterator[D]:
        planner = Planner(job.games, 1, LOCAL_SECONDS, self.chunk_games)
        while (span := planner.take()) is not None:
            done = task(job, *span, keep_lines)
            planner.record(done.stop - done.start, done.seconds)
            yield done

    def describe(self) -> str:
        return "1 process"


def _context() -> multiprocessing.context.BaseContext:
    # Not "fork": the caller may have threads (a Dask client, a test runner's), and a
    # forked copy of a process with threads can deadlock. A fork server starts once,
    # imports the rules once, and forks clean workers from there.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["zombie_rules.simulate.chunk"])
        return context
    return multiprocessing.get_context("spawn")


def _start_worker(games: tuple[AnyGame, ...]) -> None:
    # Ctrl-C reaches every process of the terminal's group: let the parent alone
    # handle it (cancel what is queued, stop), rather than every worker printing
    # a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    register_shipped(games)


def register_shipped(games: tuple[AnyGame, ...]) -> None:
    """Register in this worker the games the parent registered at run time.

    A title or variant registered at run time in the parent is unknown to a fresh
    worker: the same record is registered there (published titles and house rules load
    from their entry points). Several threads of one worker may race to do it: the
    first wins, and the others find the name taken by the same record.
    """
    for game in games:
        if game.name in registry.GAMES:
            continue
        try:
            registry.register(game, source="the parent process's registry.register()")
        except RegistrationError:
            if game.name not in registry.GAMES:
                raise


def run_shipped(games: tuple[AnyGame, ...], task: Task[J, D], job: J, *args: Any) -> D:
    """``task(job, *args)`` on a worker that may not know the job's run-time games yet.

    Dask workers outlive one run and have no initializer per run, so each task
    carries the games (a few hundred bytes each) and registers any that is missing.
    """
    register_shipped(games)
    return task(job, *args)


def shipped(job: Job) -> tuple[AnyGame, ...]:
    """The job's titles workers must be sent; :class:`InvalidConfig` if one cannot be."""
    games = []
    for title in dict.fromkeys(job.titles):
        if not registry.registered_at_run_time(title):
            continue
        game = registry.get_game(title)
        try:
            pickle.dumps(game)
        except Exception as exc:  # lambdas, closures: a record that does not pickle
            raise InvalidConfig(
                "jobs",
                f"{title} was registered at run time and its Game cannot be sent to worker"
                f" processes ({type(exc).__name__}: {exc}); build it from module-level"
                " functions, publish it under the zombie_rules.games entry point, or play it"
                " in one process",
            ) from None
        games.append(game)
    return tuple(games)


class Processes:
    """Plays chunks on ``jobs`` local worker processes (``concurrent.futures``).

    Two chunks per worker are kept in flight, so a worker never waits while this
    process merges a result.
    """

    def __init__(self, jobs: int, chunk_games: int | None = None) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ValueError(f"jobs must be an integer of at least 1, not {jobs!r}")
        self.jobs = jobs
        self.chunk_games = chunk_games

    def chunks(self, batch: Batch, keep_lines: bool) -> Iterator[Chunk]:
        return self.tasks(run_chunk, batch, keep_lines)

    def tasks(self, task: Task[J, D], job: J, keep_lines: bool) -> Iterator[D]:
        planner = Planner(job.games, self.jobs, TASK_SECONDS, self.chunk_games)
        pool = concurrent.futures.ProcessPoolExecutor(
            self.jobs,
            mp_context=_context(),
            initializer=_start_worker,
            initargs=(shipped(job),),
        )
        pending: set[concurrent.futures.Future[D]] = set()
        try:
            while True:
                while len(pending) < 2 * self.jobs and (span := planner.take()) is not None:
                    pending.add(pool.submit(task, job, *span, keep_lines))
                if not pending:
                    break
                finished, pending = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in finished:
                    done = future.result()
                    planner.record(done.stop - done.start, done.seconds)
                    yield done
        finally:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)

    def describe(self) -> str:
        return f"{self.jobs} process{'es' if self.jobs > 1 else ''}"
