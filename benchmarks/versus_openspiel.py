"""Every title side by side with OpenSpiel's pure-Python Block Dominoes, in one process.

    python benchmarks/versus_openspiel.py [--rounds R] [--steps N] [--seed S] [--game NAME]

OpenSpiel is a benchmark-only dependency: ``pip install open_spiel==2.0.2`` (or
``pip install -e '.[bench]'``). Without it the script says so and reports the
titles alone.

Each side runs the loop its own users write, and nothing more (an extra call on
one side flatters the other). A title: ``to_act`` (empty when the game is over),
then at a chance node ``play.sample_chance`` (or, on the exact path,
``chance_outcomes`` and ``core.chance.pick_exact``, a draw over the
probabilities' common denominator), else ``legal_moves`` and a uniform choice,
then ``apply``. ``python_block_dominoes``: ``is_terminal``, ``is_chance_node``,
then ``chance_outcomes`` and a draw from its float probabilities (pure Python,
from the same ``random.Random`` as the titles; ``numpy.random.choice``, which
OpenSpiel's examples use, costs more), else ``legal_actions`` and a uniform
choice, then ``apply_action``. Both sides look their functions up once per game
(Block Dominoes changes its one state in place; the titles build a new immutable
one each step).

The machine this runs on is usually shared, so absolute times drift: the blocks
are interleaved (Dominoes, a title by ``sample_chance`` and the same title by
``chance_outcomes``, in an order that turns each round, for each title, over
several rounds), each timed in CPU time, and the table reports medians over the
rounds of the times and of the ratios taken within a round. Only ratios
measured in one run compare.

After the table come the calls one by one (what each costs at the nodes where
the loop makes it, over the states of recorded games), the cost per step by step
index (it must stay flat as a game gets longer), the same by kind of move, the
phase it was played in (and the one it led to), the events the step caused and,
for a kind that works through a bounded part of the state, how much of it there
is (a game's opening plays other moves than its end, and on a fuller table, so
the mix alone can move the first figures; a kind that costs more late than early
is a cost that grows with the game) and the memory per kept state (every state
of a game kept alive, against what a state would cost if it shared nothing with
the one before).
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import IO, Any

# Measure the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_exact
from zombie_rules.core.game import Game
from zombie_rules.play import sample_chance
from zombie_rules.registry import GAMES

INSTALL_HINT = (
    "open_spiel is not installed, so there is no Block Dominoes to compare with;"
    " install it with: pip install open_spiel==2.0.2  (or: pip install -e '.[bench]')"
)
#: Config changes that make a title's games long, for the by-length and memory tables.
LONG_GAMES: dict[str, dict[str, Any]] = {"zombie_run": {"rounds": 40}}
#: Step-index buckets for the cost-by-length table: [0, 25), [25, 50), ... [800, end).
BUCKETS = (0, 25, 50, 100, 200, 400, 800)

AnyGame = Game[Any, Any, Any, Any]


# ------------------------------------------------------------------ the loops


def pick_float(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome drawn from ``(action, float)`` pairs, the way OpenSpiel's Python loops do."""
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r < 0:
            return action
    return outcomes[-1][0]


def title_playout(game: AnyGame, config: Any, rng: random.Random, exact: bool) -> int:
    """One random game of a title through its natural loop; returns its steps (chance included).

    ``exact`` draws chance from ``chance_outcomes`` (Fractions) by ``pick_exact``;
    otherwise ``play.sample_chance`` draws from the integer weights.
    """
    to_act, legal_moves, apply = game.to_act, game.legal_moves, game.apply
    chance_outcomes = game.chance_outcomes
    state = game.new_game(config)
    steps = 0
    while True:
        actors = to_act(state)
        if not actors:
            return steps
        if CHANCE in actors:
            if exact:
                move = pick_exact(chance_outcomes(state), rng)
            else:
                move = sample_chance(game, state, rng)
        else:
            legal = legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = apply(state, move)
        steps += 1


def dominoes_playout(game: Any, rng: random.Random) -> int:
    """One random game of ``python_block_dominoes`` through OpenSpiel's natural loop."""
    state = game.new_initial_state()
    is_terminal, is_chance_node = state.is_terminal, state.is_chance_node
    chance_outcomes, legal_actions = state.chance_outcomes, state.legal_actions
    apply_action = state.apply_action
    steps = 0
    while not is_terminal():
        if is_chance_node():
            action = pick_float(chance_outcomes(), rng)
        else:
            legal = legal_actions()
            action = legal[rng.randrange(len(legal))]
        apply_action(action)
        steps += 1
    return steps


def timed_block(playout: Callable[[random.Random], int], seed: int, min_steps: int) -> float:
    """CPU microseconds per step over whole games until at least ``min_steps`` steps."""
    rng = random.Random(seed)
    steps = 0
    gc.collect()
    start = time.process_time()
    while steps < min_steps:
        steps += playout(rng)
    return (time.process_time() - start) / steps * 1e6


def load_dominoes() -> Any | None:
    """OpenSpiel's pure-Python Block Dominoes, or ``None`` when open_spiel is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
        from open_spiel.python.games import (  # type: ignore[import-untyped,unused-ignore]
            block_dominoes,  # noqa: F401 - importing it registers the game
        )
    except ImportError:
        return None
    return pyspiel.load_game("python_block_dominoes")


# ------------------------------------------------------------------ side by side


def side_by_side(
    names: Sequence[str], dominoes: Any | None, rounds: int, steps: int, seed: int
) -> list[dict[str, Any]]:
    """The interleaved measurement: per title, medians over ``rounds`` of times and ratios."""
    samples: dict[str, dict[str, list[float]]] = {
        name: {"dominoes": [], "fast": [], "exact": []} for name in names
    }
    for r in range(rounds):
        for name in names:
            game = GAMES[name]
            config = game.config_type()
            playouts: dict[str, Callable[[random.Random], int]] = {
                "fast": functools.partial(title_playout, game, config, exact=False),
                "exact": functools.partial(title_playout, game, config, exact=True),
            }
            if dominoes is not None:
                playouts["dominoes"] = functools.partial(dominoes_playout, dominoes)
            # The same seed on every side of a round; the order turns, so no side is always first.
            order = list(playouts)
            for key in order[r % len(order) :] + order[: r % len(order)]:
                samples[name][key].append(timed_block(playouts[key], seed + r, steps))
    rows = []
    for name in names:
        block = samples[name]
        row: dict[str, Any] = {
            "game": name,
            "fast": statistics.median(block["fast"]),
            "exact": statistics.median(block["exact"]),
            "exact_over_fast": statistics.median(
                e / f for e, f in zip(block["exact"], block["fast"], strict=True)
            ),
        }
        if block["dominoes"]:
            row["dominoes"] = statistics.median(block["dominoes"])
            row["fast_ratio"] = statistics.median(
                f / d for f, d in zip(block["fast"], block["dominoes"], strict=True)
            )
            row["exact_ratio"] = statistics.median(
                e / d for e, d in zip(block["exact"], block["dominoes"], strict=True)
            )
        rows.append(row)
    return rows


def side_by_side_table(rows: Sequence[dict[str, Any]]) -> str:
    with_dominoes = all("dominoes" in row for row in rows)
    header = f"{'title':<15} {'us/step sample_chance':>21}"
    if with_dominoes:
        header += f" {'x dominoes':>10}"
    header += f" {'us/step chance_outcomes':>23}"
    if with_dominoes:
        header += f" {'x dominoes':>10}"
    header += f" {'exact/sampler':>13}"
    if with_dominoes:
        header += f" {'dominoes us/step':>16}"
    lines = [header, "-" * len(header)]
    for row in rows:
        line = f"{row['game']:<15} {row['fast']:>21.1f}"
        if with_dominoes:
            line += f" {row['fast_ratio']:>10.2f}"
        line += f" {row['exact']:>23.1f}"
        if with_dominoes:
            line += f" {row['exact_ratio']:>10.2f}"
        line += f" {row['exact_over_fast']:>13.2f}"
        if with_dominoes:
            line += f" {row['dominoes']:>16.1f}"
        lines.append(line)
    return "\n".join(lines)


# ------------------------------------------------------------------ recorded games


def recorded_states(
    game: AnyGame, games: int, seed: int, changes: dict[str, Any] | None = None
) -> tuple[list[list[Any]], list[list[Any]]]:
    """``games`` random games as their states and moves (``states[i]`` has one more)."""
    config = game.config_type(**(changes or {}))
    rng = random.Random(seed)
    all_states, all_moves = [], []
    for _ in range(games):
        state = game.new_game(config)
        states, moves = [state], []
        while True:
            actors = game.to_act(state)
            if not actors:
                break
            if CHANCE in actors:
                move = sample_chance(game, state, rng)
            else:
                legal = game.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = game.apply(state, move)
            states.append(state)
            moves.append(move)
        all_states.append(states)
        all_moves.append(moves)
    return all_states, all_moves


#: How one timed pass calls a protocol function: the argument tuples, from recorded games.
Calls = Callable[[list[list[Any]], list[list[Any]]], list[tuple[Any, ...]]]


def _states(all_states: list[list[Any]], _: list[list[Any]]) -> list[tuple[Any, ...]]:
    return [(s,) for states in all_states for s in states]


def _steps(all_states: list[list[Any]], all_moves: list[list[Any]]) -> list[tuple[Any, ...]]:
    return [
        (s, m) for states, moves in zip(all_states, all_moves, strict=True)
        for s, m in zip(states, moves, strict=False)
    ]  # fmt: skip


#: Which states a per-call measurement keeps: the nodes where the natural loop makes that call.
Where = Callable[[AnyGame, Any], bool]


def _everywhere(game: AnyGame, state: Any) -> bool:
    return True


def _at_chance(game: AnyGame, state: Any) -> bool:
    return CHANCE in game.to_act(state)


def _at_seats(game: AnyGame, state: Any) -> bool:
    actors = game.to_act(state)
    return bool(actors) and CHANCE not in actors


def fresh_cost(
    game: AnyGame,
    func: Callable[..., Any],
    calls: Calls,
    games: int,
    seed: int,
    min_time: float,
    where: Where = _everywhere,
) -> float:
    """CPU microseconds per ``func(*args)``, each pass over the states of games never seen before.

    The titles cache what recurs (moves, Fractions, parts of views); calling
    again on states already asked about would time those caches, not a game in
    progress. Passes over new games are added until ``min_time`` is reached.
    Only the states ``where`` keeps are asked: the nodes where the loop asks.
    """
    elapsed, count, k = 0.0, 0, 0
    while True:
        arguments = calls(*recorded_states(game, games, seed + 7919 * (k + 1)))
        arguments = [a for a in arguments if where(game, a[0])]
        start = time.process_time()
        for args in arguments:
            func(*args)
        elapsed += time.process_time() - start
        count += len(arguments)
        k += 1
        if elapsed >= min_time or k >= 50:
            return elapsed / max(count, 1) * 1e6


def call_costs(game: AnyGame, games: int, seed: int, min_time: float) -> dict[str, Any]:
    """Microseconds per call of each protocol function over the states of recorded games."""
    rng = random.Random(seed)

    def cost(func: Callable[..., Any], calls: Calls = _states, where: Where = _everywhere) -> float:
        return fresh_cost(game, func, calls, games, seed, min_time, where)

    chance_outcomes = game.chance_outcomes
    return {
        "game": game.name,
        "to_act": cost(game.to_act),
        "legal_moves": cost(game.legal_moves, where=_at_seats),
        "apply": cost(game.apply, _steps),
        "result": cost(game.result),
        "view": cost(lambda s: game.view(s, 0)),
        "chance_weights": cost(game.chance_weights, where=_at_chance),
        "chance_outcomes": cost(chance_outcomes, where=_at_chance),
        "sample_chance": cost(lambda s: sample_chance(game, s, rng), where=_at_chance),
        "exact_sample": cost(lambda s: pick_exact(chance_outcomes(s), rng), where=_at_chance),
    }


def call_table(rows: Sequence[dict[str, Any]]) -> str:
    keys = (
        "to_act", "legal_moves", "apply", "result", "view",
        "chance_weights", "chance_outcomes", "sample_chance", "exact_sample",
    )  # fmt: skip
    header = f"{'title':<15}" + "".join(f" {key:>15}" for key in keys)
    lines = [header, "-" * len(header)]
    for row in rows:
        lines.append(f"{row['game']:<15}" + "".join(f" {row[key]:>15.2f}" for key in keys))
    lines.append(
        "(legal_moves is per seat node, the chance columns per chance node, the rest per state"
        " or step; sample_chance = chance_weights + pick_weighted,"
        " exact_sample = chance_outcomes + pick_exact)"
    )
    return "\n".join(lines)


def _label(game: AnyGame, changes: dict[str, Any] | None) -> str:
    if not changes:
        return game.name
    return game.name + " " + ",".join(f"{k}={v}" for k, v in changes.items())


def _bucket(step: int) -> int:
    return max(i for i, edge in enumerate(BUCKETS) if step >= edge)


def step_kind(
    move: Any, events: Sequence[str] = (), phase: Any = None, next_phase: Any = None
) -> str:
    """A step's kind for the by-kind table: the move's ``action`` (else its type), the
    phase it was played in (where the state has a ``phase``), the phase it led to when
    that is another, and the events it caused.

    Phases and events tell apart steps of one kind of move that do different rule
    work: in Quarantine Z an item drawn at set-up against one drawn as loot, or the
    last Survivor's Sneak roll (the Zombie Player then draws) against the others; in
    Zombie Doctor a play that also ends the turn (the hand refilled from the deck's
    bottom once the unseen deck is used up) against one that waits for a separate
    draw. Without them, a change in that mix along a game would pass for a cost
    that grows with the game.
    """
    action = getattr(move, "action", None)
    kind = type(move).__name__ if action is None else str(getattr(action, "value", action))
    if phase is not None:
        kind += f" @{_phase_name(phase)}"
        if next_phase is not None and next_phase != phase:
            kind += f" >{_phase_name(next_phase)}"
    return f"{kind} +{'+'.join(events)}" if events else kind


def _phase_name(phase: Any) -> str:
    return str(getattr(phase, "name", phase)).lower()


def _xray_workload(state: Any) -> str:
    """Zombie Doctor: how many seats remember the hand an X-Ray is taking from (at most the
    other seats), and whether the table does; else nothing."""
    if state.xray_target < 0:
        return ""
    if not state.known:
        return "hand remembered by nobody"
    shared, own = state.known[state.xray_target]
    table = " and the table" if shared else ""
    return f"hand remembered by {len(own)} seats{table}"


def _combat_workload(state: Any) -> str:
    """Quarantine Z: how many zombies the combat in progress holds and how many Survivors are
    still to declare or resolve (the last one's roll also ends the combat round); none
    outside combat."""
    combat = state.combat
    if combat is None:
        return ""
    return f"{len(combat.fought)} zombies in the fight, {len(combat.queue)} Survivors to go"


#: Per title, the bounded part of a state that some kinds of step work through: an X-Ray
#: take updates what each seat that remembers the target's hand knows, a combat roll acts
#: for each zombie in the fight, and the last Survivor's roll ends the combat round.
#: Games fill those over their first stretch (early on few seats remember a hand and
#: combats seldom hold zombies), so without this tag a kind's late/early ratio mixes how
#: much there is to do with when it is done; with it, each row compares like with like,
#: and a cost that grows with the game's length still shows.
WORKLOADS: dict[str, Callable[[Any], str]] = {
    "zombie_doctor": _xray_workload,
    "quarantine_z": _combat_workload,
}


def by_length(
    game: AnyGame, games: int, seed: int, changes: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Median wall-clock microseconds per step of the sampler loop, by the step's index in its game.

    Each step is timed on its own (``perf_counter_ns`` is cheap); medians shrug off
    the moments another process held the CPU. ``changes`` are ``Config`` fields (a
    longer game). The same times are also kept by the kind of move played
    (:func:`step_kind`), since a game's opening and its end play different kinds of
    move: a cost that grows with the game's length shows as one kind costing more
    late than early, while a change of mix alone leaves each kind's row flat. A kind
    that works through a bounded part of the state is also tagged with how much of it
    there is (:data:`WORKLOADS`).
    """
    legal_moves, to_act, apply, events = game.legal_moves, game.to_act, game.apply, game.events
    workload = WORKLOADS.get(game.name)
    config = game.config_type(**(changes or {}))
    rng = random.Random(seed)
    times: list[list[int]] = [[] for _ in BUCKETS]
    kinds: dict[str, list[list[int]]] = {}
    clock = time.perf_counter_ns
    lengths = []
    for _ in range(games):
        state = game.new_game(config)
        step = 0
        while True:
            start = clock()
            actors = to_act(state)
            if not actors:
                break
            if CHANCE in actors:
                move = sample_chance(game, state, rng)
            else:
                legal = legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            before, state = state, apply(state, move)
            spent = clock() - start
            bucket = _bucket(step)
            times[bucket].append(spent)
            name = step_kind(
                move,
                events(before, move, state),
                getattr(before, "phase", None),
                getattr(state, "phase", None),
            )
            if workload is not None and (work := workload(before)):
                name += f" [{work}]"
            kind = kinds.get(name)
            if kind is None:
                kind = kinds[name] = [[] for _ in BUCKETS]
            kind[bucket].append(spent)
            step += 1
        lengths.append(step)
    return {
        "game": _label(game, changes),
        "median_length": statistics.median(lengths),
        "buckets": _medians(times),
        "kinds": {name: _medians(kind) for name, kind in sorted(kinds.items())},
    }


#: Fewest timed steps behind a median the tables print.
MIN_SAMPLES = 20


def _medians(times: list[list[int]]) -> list[float | None]:
    """Median microseconds per bucket, ``None`` for a bucket with too few steps to say."""
    return [statistics.median(t) / 1000 if len(t) >= MIN_SAMPLES else None for t in times]


def by_length_table(rows: Sequence[dict[str, Any]]) -> str:
    labels = [f"{lo}-{hi - 1}" for lo, hi in itertools.pairwise(BUCKETS)] + [f"{BUCKETS[-1]}+"]
    header = f"{'title':<22} {'median steps':>12}" + "".join(f" {label:>8}" for label in labels)
    lines = [header, "-" * len(header)]
    for row in rows:
        lines.append(f"{row['game']:<22} {row['median_length']:>12.0f}{_cells(row['buckets'])}")
    return "\n".join(lines)


def _cells(values: Sequence[float | None]) -> str:
    return "".join(f" {'':>8}" if value is None else f" {value:>8.1f}" for value in values)


def late_over_early(values: Sequence[float | None]) -> float | None:
    """The last bucket's median over the first's (buckets with enough steps); ``None`` if one."""
    known = [value for value in values if value is not None]
    return known[-1] / known[0] if len(known) >= 2 else None


def by_kind_table(rows: Sequence[dict[str, Any]]) -> str:
    labels = [f"{lo}-{hi - 1}" for lo, hi in itertools.pairwise(BUCKETS)] + [f"{BUCKETS[-1]}+"]
    header = f"{'title':<22} {'kind of move @phase >next phase +events [workload]':<80}" + "".join(
        f" {label:>8}" for label in labels
    )
    header += f" {'late/early':>10}"
    lines = [header, "-" * len(header)]
    for row in rows:
        for kind, values in row["kinds"].items():
            ratio = late_over_early(values)
            if ratio is None:
                continue  # a kind seen in one stretch of the game only says nothing of growth
            lines.append(f"{row['game']:<22} {kind:<80}{_cells(values)} {ratio:>10.2f}")
    return "\n".join(lines)


# ------------------------------------------------------------------ memory


def standalone_size(state: Any, shared: Sequence[Any] = ()) -> int:
    """Bytes of every object reachable from ``state``, each counted once: a state sharing nothing.

    ``None``, booleans, enum members, small ints and the objects in ``shared`` (the
    config, shared by every state of a game by design) are left out: any engine
    shares those.
    """
    skip = {id(obj) for obj in shared}
    seen: set[int] = set()
    total = 0
    todo = [state]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in skip or _atom(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def _atom(obj: Any) -> bool:
    return (
        obj is None
        or type(obj) is bool
        or isinstance(obj, Enum | type)
        or (type(obj) is int and -5 <= obj <= 256)
    )


def kept_memory(game: AnyGame, seed: int, changes: dict[str, Any] | None = None) -> dict[str, Any]:
    """Bytes per kept state when every state of one game stays alive, against standalone size.

    The game is played once to fill the move caches and once more, untraced and
    keeping nothing, to fill the interpreter's free lists; then its moves are
    replayed under ``tracemalloc`` keeping every state in a list.
    """
    (states,), (moves,) = recorded_states(game, 1, seed, changes)
    config = game.config_of(states[0])
    del states
    gc.collect()
    # The full collection empties the interpreter's free lists (of lists, small tuples);
    # an untraced replay whose states die one by one fills them again, so the traced
    # replay below counts the kept states, not a one-time refill of those lists.
    state = game.new_game(config)
    for move in moves:
        state = game.apply(state, move)
    del state
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    state = game.new_game(config)
    kept = [state]
    halves = [0, 0]
    half = len(moves) // 2
    for i, move in enumerate(moves):
        before = tracemalloc.get_traced_memory()[0]
        state = game.apply(state, move)
        kept.append(state)
        halves[i >= half] += tracemalloc.get_traced_memory()[0] - before
    total = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    standalone = statistics.mean(standalone_size(s, (config,)) for s in kept)
    return {
        "game": _label(game, changes),
        "states": len(kept),
        "kept": total / len(kept),
        "first_half": halves[0] / max(half, 1),
        "second_half": halves[1] / max(len(moves) - half, 1),
        "standalone": standalone,
    }


def dominoes_memory(dominoes: Any, seed: int) -> dict[str, Any]:
    """Block Dominoes' bytes per kept state: it changes its state in place, so each is a clone."""
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    state = dominoes.new_initial_state()
    kept = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pick_float(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        kept.append(state.clone())
    total = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    return {"states": len(kept), "kept": total / len(kept)}


def memory_table(rows: Sequence[dict[str, Any]], dominoes: dict[str, Any] | None) -> str:
    header = (
        f"{'title':<22} {'states':>7} {'bytes/kept state':>16} {'1st half':>9}"
        f" {'2nd half':>9} {'standalone':>10} {'shared':>7}"
    )
    lines = [header, "-" * len(header)]
    for row in rows:
        lines.append(
            f"{row['game']:<22} {row['states']:>7} {row['kept']:>16,.0f}"
            f" {row['first_half']:>9,.0f} {row['second_half']:>9,.0f}"
            f" {row['standalone']:>10,.0f} {1 - row['kept'] / row['standalone']:>7.0%}"
        )
    if dominoes is not None:
        lines.append(
            f"{'(dominoes, cloned)':<22} {dominoes['states']:>7} {dominoes['kept']:>16,.0f}"
            f" {'':>9} {'':>9} {'':>10} {'':>7}"
        )
    return "\n".join(lines)


# ------------------------------------------------------------------ main


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    """Run every measurement and print the tables; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--steps", type=int, default=20_000, help="steps per timed block (default 20000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--game", default=None, help="only this title (default: all)")
    parser.add_argument(
        "--min-time", type=float, default=0.3, help="seconds per per-call measurement"
    )
    parser.add_argument(
        "--games", type=int, default=30, help="games for the per-call and by-length tables"
    )
    args = parser.parse_args(argv)
    out = sys.stdout if out is None else out
    if args.game is not None and args.game not in GAMES:
        known = ", ".join(sorted(GAMES))
        print(f"unknown game {args.game!r}; known games: {known}", file=sys.stderr)
        return 2
    if min(args.rounds, args.steps, args.games) < 1:
        print("--rounds, --steps and --games must be at least 1", file=sys.stderr)
        return 2
    names = [args.game] if args.game is not None else sorted(GAMES)
    dominoes = load_dominoes()
    if dominoes is None:
        print(INSTALL_HINT, file=out)

    def section(title: str, body: str) -> None:
        out.write(f"\n{title}\n{body}\n")
        out.flush()

    rows = side_by_side(names, dominoes, args.rounds, args.steps, args.seed)
    section(
        f"Random playouts through each side's natural loop, CPU us per step (medians of"
        f" {args.rounds} interleaved rounds of {args.steps:,} steps each)",
        side_by_side_table(rows),
    )
    costs = [call_costs(GAMES[n], args.games, args.seed, args.min_time) for n in names]
    section(
        "One call at a time, CPU us per call over the states of newly recorded games (recording"
        " already asked to_act about each state, and legal_moves or chance_weights, once)",
        call_table(costs),
    )
    long_games = [(n, LONG_GAMES[n]) for n in names if n in LONG_GAMES]
    lengths = [by_length(GAMES[n], args.games, args.seed) for n in names]
    lengths += [by_length(GAMES[n], args.games, args.seed, c) for n, c in long_games]
    section("Cost per step by step index (median us, sample_chance loop)", by_length_table(lengths))
    section(
        "The same steps by kind of move, phase (and the next, when the step changed it), the"
        " events it caused and, for a kind that works through a bounded part of the state,"
        " how much of it there is (median us;"
        " kinds played in one stretch of a game only are left out; late/early = the last"
        " bucket over the first)",
        by_kind_table(lengths),
    )
    memory = [kept_memory(GAMES[n], args.seed) for n in names]
    memory += [kept_memory(GAMES[n], args.seed, c) for n, c in long_games]
    section(
        "Memory with every state of a game kept (tracemalloc bytes per state; standalone ="
        " a state that shared nothing with the one before, config excluded)",
        memory_table(memory, None if dominoes is None else dominoes_memory(dominoes, args.seed)),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
