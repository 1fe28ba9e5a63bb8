"""Random-playout speed of every title: games/s, moves/s, and the cost of each hot call.

    python benchmarks/playouts.py [--games N] [--seed S] [--game NAME] [--json]

Pass 1 plays ``N`` random games per title with the raw protocol loop
(``legal_moves``, a uniform choice, ``apply``; chance nodes sampled with
``chance_weights`` + ``pick_weighted``) and times the whole thing; chance outcomes
count as moves. Pass 2 replays the recorded moves to rebuild every state, then
times ``legal_moves`` over all those states and ``apply`` over all those
(state, move) pairs separately, repeating until each measurement lasts long enough.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

# Measure the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.game import Game
from zombie_rules.registry import GAMES

#: A game longer than this is cut off (a title whose random play may never end).
MAX_MOVES = 100_000
#: Each pass-2 measurement repeats until it has run at least this long (seconds).
MIN_TIME = 0.2


def random_playout(
    game: Game[Any, Any, Any, Any], config: Any, rng: random.Random, moves: list[Any]
) -> int:
    """Play one uniformly random game, appending its moves to ``moves``; returns its length."""
    legal_moves = game.legal_moves
    chance_weights = game.chance_weights
    apply = game.apply
    state = game.new_game(config)
    count = 0
    while count < MAX_MOVES:
        legal = legal_moves(state)
        if not legal:
            break
        if legal[0].seat == CHANCE:
            outcomes, weights = chance_weights(state)
            move = pick_weighted(outcomes, weights, rng)
        else:
            move = legal[rng.randrange(len(legal))]
        state = apply(state, move)
        moves.append(move)
        count += 1
    return count


def _per_call(func: Any, calls: Sequence[tuple[Any, ...]], min_time: float) -> float:
    """Microseconds per ``func(*args)`` over ``calls``, repeated until ``min_time`` has passed."""
    if not calls:
        return 0.0
    rounds = 0
    start = time.perf_counter()
    while True:
        for args in calls:
            func(*args)
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / (rounds * len(calls)) * 1e6


def bench_game(
    game: Game[Any, Any, Any, Any], games: int, seed: int, min_time: float = MIN_TIME
) -> dict[str, Any]:
    """Pass 1 (timed random playouts) and pass 2 (per-call costs) for one title."""
    config = game.config_type()
    rng = random.Random(seed)
    records: list[list[Any]] = []
    start = time.perf_counter()
    for _ in range(games):
        moves: list[Any] = []
        random_playout(game, config, rng, moves)
        records.append(moves)
    elapsed = time.perf_counter() - start
    total = sum(map(len, records))

    states: list[tuple[Any]] = []
    steps: list[tuple[Any, Any]] = []
    for moves in records:
        state = game.new_game(config)
        for move in moves:
            states.append((state,))
            steps.append((state, move))
            state = game.apply(state, move)
        states.append((state,))
    return {
        "game": game.name,
        "games": games,
        "moves": total,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "moves_per_s": total / elapsed,
        "moves_per_game": total / games,
        "us_per_legal_moves": _per_call(game.legal_moves, states, min_time),
        "us_per_apply": _per_call(game.apply, steps, min_time),
    }


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The results as an aligned text table."""
    header = (
        f"{'game':<16} {'games':>6} {'moves':>9} {'moves/game':>10} {'games/s':>9}"
        f" {'moves/s':>10} {'us/legal_moves':>14} {'us/apply':>9}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r['game']:<16} {r['games']:>6} {r['moves']:>9} {r['moves_per_game']:>10.1f}"
            f" {r['games_per_s']:>9.1f} {r['moves_per_s']:>10,.0f}"
            f" {r['us_per_legal_moves']:>14.3f} {r['us_per_apply']:>9.3f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (2 for an unknown game)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per title (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--game", default=None, help="only this title (default: all)")
    parser.add_argument(
        "--min-time",
        type=float,
        default=MIN_TIME,
        help=f"seconds each per-call measurement runs at least (default {MIN_TIME})",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    out = sys.stdout if out is None else out
    if args.game is not None and args.game not in GAMES:
        known = ", ".join(sorted(GAMES))
        print(f"unknown game {args.game!r}; known games: {known}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    names = [args.game] if args.game is not None else sorted(GAMES)
    rows = [bench_game(GAMES[name], args.games, args.seed, args.min_time) for name in names]
    if args.json:
        out.write(json.dumps(rows, indent=2) + "\n")
    else:
        out.write(table(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
