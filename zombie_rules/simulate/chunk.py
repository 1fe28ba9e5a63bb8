"""One task of a run: play games ``start`` to ``stop`` of a batch and summarise them.

This is the function executors ship to workers, so it takes and returns plain
picklable data and depends on nothing but the batch and the game numbers: the
same range gives the same :class:`Chunk` summary in any process, on any machine.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.play import make_agent, play_out
from zombie_rules.simulate.batch import Batch
from zombie_rules.simulate.seeding import game_seed
from zombie_rules.simulate.summary import Accumulator, GameOutcome, Summary, compared_with


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
    first: int | None  # the seat that moved first alone (see first_mover)

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


def first_mover(game: Game[Any, Any, Any, Any], config: Any, moves: Sequence[Any]) -> int | None:
    """The seat that really moves first: the first to make a decision on its own.

    A decision is *on its own* when its seat is the only one the rules let act
    (``to_act`` is that seat alone) and it does not finish a simultaneous step:
    when several seats may act at once (Zombie Run!'s looks at two cards, Texas
    Zombies' votes), the driver picks one at random, so neither whoever it picked
    first nor the last seat left to look has moved first in any sense a rulebook
    means. A step of several seats lasts until each seat in it has moved (a seat
    asked again starts a new step). So in Zombie Run! the first mover is the
    player on the first dealer's left, whoever looked at their cards first; in Texas
    Zombies it is ``first_player``. ``None`` when no seat ever decides on its own.

    The game is replayed from ``new_game`` only as far as that decision (a few
    dozen moves at most in the built-in titles).
    """
    state = game.new_game(config)
    remaining: frozenset[int] = frozenset()  # seats still to move in a simultaneous step
    for move in moves:
        actors = game.to_act(state)
        if CHANCE not in actors:
            if len(actors) > 1 and not actors <= remaining:
                remaining = actors
            elif len(actors) == 1 and not actors <= remaining:
                return next(iter(actors))
            remaining = remaining - {move.seat}
        state = game.apply(state, move)
    return None


def play_game(
    batch: Batch, index: int, orders: tuple[tuple[str, ...], ...]
) -> tuple[int, int, GameOutcome]:
    """Game ``index`` of ``batch``, played: its deal, its seed and what it adds to a summary.

    ``orders`` is ``batch.orders()``, computed once by the caller for all its games.
    """
    game = batch.game
    config = batch.config
    deal, which = divmod(index, len(orders))
    names = orders[which]
    seed = game_seed(batch.seed, deal)
    agents = [make_agent(game, name) for name in names]
    played = play_out(game, config, agents, seed, batch.max_moves)
    final = played.final
    result = game.result(final)
    moves = played.record.moves
    info = game.facts
    first = first_mover(game, config, moves)
    sides = info.sides(config, final)
    rivals = frozenset[int]()
    if first is not None:
        rivals = compared_with(first, sides, len(names), bool(info.role(config, first)))
    outcome = GameOutcome(
        agents=names,
        result=result,
        moves=len(moves),
        rounds=game.rounds_played(final),
        first=first,
        sides=sides,
        rivals=rivals,
        margin=None if result is None else info.game_margin(result, config),
        lower_is_better=info.lower_is_better,
    )
    return deal, seed, outcome


def run_chunk(batch: Batch, start: int, stop: int, keep_lines: bool = False) -> Chunk:
    """Play games ``start``..``stop - 1`` of ``batch``; ``keep_lines`` also returns each game."""
    check_span(batch.games, start, stop)
    began, cpu = time.perf_counter(), time.thread_time()
    accumulator = Accumulator(batch.game.name, batch.players)
    orders = batch.orders()
    lines = []
    for index in range(start, stop):
        deal, seed, outcome = play_game(batch, index, orders)
        accumulator.add(outcome)
        if keep_lines:
            lines.append(_line(index, deal, seed, outcome))
    summary = accumulator.freeze()
    seconds, cpu = time.perf_counter() - began, time.thread_time() - cpu
    return Chunk(start, stop, summary, tuple(lines), seconds, cpu)


def check_span(games: int, start: int, stop: int) -> None:
    """``ValueError`` unless ``start``..``stop`` is a range of a job of ``games`` games."""
    if not 0 <= start <= stop <= games:
        raise ValueError(f"games {start}-{stop} are not a range of the batch's {games}")


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
