"""One task of a run: play games ``start`` to ``stop`` of a batch and summarise them.

This is the function executors ship to workers, so it takes and returns plain
picklable data and depends on nothing but the batch and the game numbers: the
same range gives the same :class:`Chunk` summary in any process, on any machine.
"""

from __future__ import annotations

import json
import time
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.play import make_agent, play_out
from zombie_rules.simulate.batch import Batch
from zombie_rules.simulate.seeding import game_seed
from zombie_rules.simulate.summary import Accumulator, GameOutcome, Summary


@attrs.frozen
class GameLine:
    """One game of a batch as ``--games-out`` writes it: enough to replay it.

    ``play_out(game, batch.config, agents, seed, batch.max_moves)`` with fresh
    agents of these names plays exactly this game again. ``winners``, ``scores``
    and ``reason`` are ``None`` for a game stopped by the move cap.
    """

    index: int
    deal: int
    seed: int
    agents: tuple[str, ...]
    ended: str
    winners: tuple[int, ...] | None
    scores: tuple[int, ...] | None
    reason: str | None
    moves: int
    rounds: int
    first: int | None

    def to_json(self) -> str:
        """One line of JSON (no newline)."""
        return json.dumps(attrs.asdict(self))


@attrs.frozen
class Chunk:
    """What a task returns: its games' summary, their lines if asked for, and its time.

    ``seconds`` is how long the worker took (for sizing the next chunks) and
    ``cpu_seconds`` the processor time it used (on a busy machine the two differ:
    a benchmark reads the second); neither is part of the summary, which depends
    on the games alone.
    """

    start: int
    stop: int
    summary: Summary
    lines: tuple[GameLine, ...]
    seconds: float
    cpu_seconds: float = 0.0


def run_chunk(batch: Batch, start: int, stop: int, keep_lines: bool = False) -> Chunk:
    """Play games ``start``..``stop - 1`` of ``batch``; ``keep_lines`` also returns each game."""
    if not 0 <= start <= stop <= batch.games:
        raise ValueError(f"games {start}-{stop} are not a range of the batch's {batch.games}")
    began, cpu = time.perf_counter(), time.thread_time()
    game = batch.game
    config = batch.config
    info = game.facts
    orders = batch.orders()
    accumulator = Accumulator(game.name, game.players(config))
    lines = []
    for index in range(start, stop):
        deal, which = divmod(index, len(orders))
        names = orders[which]
        seed = game_seed(batch.seed, deal)
        agents = [make_agent(game, name) for name in names]
        played = play_out(game, config, agents, seed, batch.max_moves)
        final = played.final
        result = game.result(final)
        moves = played.record.moves
        first = next((m.seat for m in moves if m.seat != CHANCE), None)
        outcome = GameOutcome(
            agents=names,
            result=result,
            moves=len(moves),
            rounds=game.rounds_played(final),
            first=first,
            sides=info.sides(config, final),
            margin=None if result is None else info.game_margin(result, config),
            lower_is_better=info.lower_is_better,
        )
        accumulator.add(outcome)
        if keep_lines:
            lines.append(_line(index, deal, seed, outcome))
    summary = accumulator.freeze()
    seconds, cpu = time.perf_counter() - began, time.thread_time() - cpu
    return Chunk(start, stop, summary, tuple(lines), seconds, cpu)


def _line(index: int, deal: int, seed: int, outcome: GameOutcome) -> GameLine:
    result: Any = outcome.result
    return GameLine(
        index=index,
        deal=deal,
        seed=seed,
        agents=outcome.agents,
        ended="cap" if result is None else "rules",
        winners=None if result is None else tuple(sorted(result.winners)),
        scores=None if result is None else tuple(result.scores),
        reason=None if result is None else result.reason,
        moves=outcome.moves,
        rounds=outcome.rounds,
        first=outcome.first,
    )
