"""How much stronger the ISMCTS bot is than the heuristic bot, per title, and how fast it searches.

    python benchmarks/search_strength.py [--games N] [--seed S] [--row NAME ...]
        [--iterations K] [--opponents policy|search] [--set OPTION=JSON ...] [--json]
        [--jobs N] [--verbose]

Each row is one seat to play: every title's seat ``game % players`` (so each
seat gets its share), and Quarantine Z twice, as the Zombie Player
(``config.zombie_seat``) and as a Survivor (the Survivor seats in turn). For game
``i`` of a row, the same seed ``S + i`` is played twice with the heuristic bot in
every other seat: once with ISMCTS (``make_ismcts``) in the row's seat, once with
the heuristic bot there too. A win is the seat being among the result's winners
(a Texas Zombies tie is a win for everyone, as rule Q says). Win rates come with
95% Wilson score intervals. Because both games of a seed share the deal, the
paired record is reported too: games only ISMCTS won, games only the heuristic
won, and the one-sided exact sign test of the first against the second (the
chance of at least that lead if neither bot were better in that seat).
``--jobs N`` plays the seeds on N processes: the results are the same, bit for
bit, but the times are only fair with N no more than the idle cores. Speed is
measured on the searched moves only (a forced move is not searched): iterations
per second, and the mean and the slowest time of one move.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

# Measure the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import attrs

from zombie_rules.core.game import Game
from zombie_rules.play import Agent, play_out
from zombie_rules.registry import get_game
from zombie_rules.search import ISMCTSAgent, make_ismcts

#: 1.96: the normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Row:
    """One seat to measure: the title and which seat of game ``i`` ISMCTS plays."""

    name: str
    game: str
    role: str  # "any", "zombie" or "survivor"

    def seat(self, game: Game[Any, Any, Any, Any], config: Any, index: int) -> int:
        players: int = game.players(config)
        if self.role == "zombie":
            return int(config.zombie_seat)
        if self.role == "survivor":
            survivors = [s for s in range(players) if s != config.zombie_seat]
            return survivors[index % len(survivors)]
        return index % players


ROWS: tuple[Row, ...] = (
    Row("zombie_run", "zombie_run", "any"),
    Row("texas_zombies", "texas_zombies", "any"),
    Row("zombie_doctor", "zombie_doctor", "any"),
    Row("quarantine_z/zombie", "quarantine_z", "zombie"),
    Row("quarantine_z/survivor", "quarantine_z", "survivor"),
)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class _Timed:
    """Wraps a search agent to record each searched move's iterations and seconds."""

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.searches: list[tuple[int, float]] = []

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: Any) -> Any:
        return self.agent.choose(view, legal_moves, rng)

    def choose_in_worlds(self, view: Any, legal_moves: Sequence[Any], rng: Any, worlds: Any) -> Any:
        move = self.agent.choose_in_worlds(view, legal_moves, rng, worlds)
        done = self.agent.last_search
        if done is not None and done[0]:
            self.searches.append(done)
        return move


def play_seed(row: Row, index: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Game ``index`` of a row: ISMCTS in the row's seat, then the heuristic there."""
    game = get_game(row.game)
    config = game.config_type()
    players = game.players(config)
    heuristic = game.agents["heuristic"]
    seat = row.seat(game, config, index)
    timed = _Timed(make_ismcts(game, **options))
    agents: list[Agent] = [heuristic() for _ in range(players)]
    agents[seat] = timed
    searched = game.result(play_out(game, config, agents, seed + index).final)
    base = game.result(
        play_out(game, config, [heuristic() for _ in range(players)], seed + index).final
    )
    assert searched is not None and base is not None
    return {
        "index": index,
        "seat": seat,
        "ismcts_won": seat in searched.winners,
        "heuristic_won": seat in base.winners,
        "searches": timed.searches,
    }


def _play_task(task: tuple[Row, int, int, dict[str, Any]]) -> dict[str, Any]:
    return play_seed(*task)


def sign_test(wins: int, losses: int) -> float:
    """One-sided exact sign test: P(at least ``wins`` of ``wins + losses`` fair coin flips)."""
    n = wins + losses
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / 2**n if n else 1.0


def measure(
    row: Row,
    games: int,
    seed: int,
    options: dict[str, Any],
    out: IO[str],
    verbose: bool,
    jobs: int = 1,
) -> dict[str, Any]:
    started = time.perf_counter()
    tasks = [(row, index, seed, options) for index in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            played = list(pool.imap(_play_task, tasks))
    else:
        played = []
        for task in tasks:
            played.append(_play_task(task))
            if verbose:
                done = played[-1]
                print(
                    f"  {row.name} game {len(played)}/{games}: seat {done['seat']},"
                    f" ismcts {'won' if done['ismcts_won'] else 'lost'},"
                    f" heuristic {'won' if done['heuristic_won'] else 'lost'}"
                    f" (running {sum(p['ismcts_won'] for p in played)}/{len(played)}"
                    f" vs {sum(p['heuristic_won'] for p in played)}/{len(played)})",
                    file=sys.stderr,
                    flush=True,
                )
    search_wins = sum(p["ismcts_won"] for p in played)
    base_wins = sum(p["heuristic_won"] for p in played)
    only_search = sum(p["ismcts_won"] and not p["heuristic_won"] for p in played)
    only_base = sum(p["heuristic_won"] and not p["ismcts_won"] for p in played)
    searches = [tuple(x) for p in played for x in p["searches"]]
    iterations = sum(i for i, _ in searches)
    seconds = sum(t for _, t in searches)
    return {
        "row": row.name,
        "games": games,
        "ismcts_wins": search_wins,
        "ismcts_rate": search_wins / games,
        "ismcts_ci": wilson(search_wins, games),
        "heuristic_wins": base_wins,
        "heuristic_rate": base_wins / games,
        "heuristic_ci": wilson(base_wins, games),
        "only_ismcts_won": only_search,
        "only_heuristic_won": only_base,
        "sign_test_p": sign_test(only_search, only_base),
        "searched_moves": len(searches),
        "iterations_per_s": iterations / seconds if seconds else 0.0,
        "mean_s_per_move": seconds / len(searches) if searches else 0.0,
        "max_s_per_move": max((t for _, t in searches), default=0.0),
        "wall_s": time.perf_counter() - started,
    }


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| seat | games | ISMCTS wins (95% CI) | heuristic wins (95% CI)"
        " | only ISMCTS / only heuristic won (sign test p) | iterations/s | s/move mean (max) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        slo, shi = r["ismcts_ci"]
        blo, bhi = r["heuristic_ci"]
        lines.append(
            f"| {r['row']} | {r['games']} | {r['ismcts_rate']:.0%} ({slo:.0%}-{shi:.0%})"
            f" | {r['heuristic_rate']:.0%} ({blo:.0%}-{bhi:.0%})"
            f" | {r['only_ismcts_won']} / {r['only_heuristic_won']} (p = {r['sign_test_p']:.3f})"
            f" | {r['iterations_per_s']:.0f} | {r['mean_s_per_move']:.2f}"
            f" ({r['max_s_per_move']:.2f}) |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, out: IO[str] = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per row (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--row", action="append", choices=[r.name for r in ROWS], help="only these rows"
    )
    parser.add_argument("--iterations", type=int, help="override every title's iterations")
    parser.add_argument("--opponents", choices=("policy", "search"), help="override")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=JSON",
        help="another make_ismcts option, e.g. --set confidence=2 --set epsilon=0",
    )
    parser.add_argument("--json", action="store_true", help="one JSON list instead of a table")
    parser.add_argument("--verbose", action="store_true", help="a line per game on stderr")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the seeds on")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    if args.iterations is not None:
        options["iterations"] = args.iterations
    if args.opponents is not None:
        options["opponents"] = args.opponents
    for item in args.set:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    chosen = [r for r in ROWS if args.row is None or r.name in args.row]
    results = [
        measure(r, args.games, args.seed, options, out, args.verbose, args.jobs) for r in chosen
    ]
    if args.json:
        out.write(json.dumps(results, indent=1) + "\n")
    else:
        out.write(table(results) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
