"""Steps per second through the shipped PettingZoo environments, beside PettingZoo's own.

    python benchmarks/rl_throughput.py [--rounds R] [--steps N] [--game NAME]
        [--pick choice|sample] [--json]

Each side runs the loop a PettingZoo user writes: ``env.last()``, a random legal action
picked from the mask in the observation, ``env.step``, ``env.reset()`` when the game
ends; every ``step`` call counts, the finished agents' ``None`` steps included, as in
PettingZoo's own benchmark. Chance steps happen inside the environments. The
environments are interleaved in one process: each round runs ``N`` steps of each in
turn, so a machine that slows down slows every side alike, and the report gives each
one's steps/s and its ratio to ``texas_holdem_v4`` (RLCard's Texas Hold'em through
PettingZoo), with ``connect_four_v3`` beside it.

Every side picks its random legal action the same way, so the pick costs them alike:
by default (``--pick choice``) ``random.Random.choice`` over ``numpy.flatnonzero(mask)``,
as a hand-written loop does; ``--pick sample`` uses Gymnasium's
``action_space(agent).sample(mask)`` instead, which costs some 12 to 18 microseconds a
step more on every side (it validates the mask and builds its own index array), so the
ratios of the faster environments come out lower with it.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

# Measure the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_rules.registry import GAMES

BASELINE = "texas_holdem_v4"


def comparators() -> dict[str, Callable[[], Any]]:
    """PettingZoo's classic environments to compare with (they need RLCard and pygame)."""
    from pettingzoo.classic import (  # type: ignore[import-untyped,unused-ignore]
        connect_four_v3,
        texas_holdem_v4,
    )

    return {"texas_holdem_v4": texas_holdem_v4.env, "connect_four_v3": connect_four_v3.env}


#: The ways of picking a random legal action from a mask, all sides alike.
PICKS = ("choice", "sample")


def picker(env: Any, pick: str, rng: random.Random) -> Callable[[str, Any], int]:
    """``pick(agent, mask)``: a random legal action of ``env``, drawn the way ``pick`` says."""
    if pick == "sample":
        return lambda agent, mask: env.action_space(agent).sample(mask)
    import numpy as np

    flatnonzero, choice = np.flatnonzero, rng.choice
    return lambda agent, mask: int(choice(flatnonzero(mask)))


def run(env: Any, steps: int, pick: Callable[[str, Any], int] | None = None) -> tuple[int, float]:
    """``steps`` steps of random legal play (whole games, resetting as they end)."""
    if pick is None:
        pick = picker(env, "choice", random.Random(0))
    done = 0
    start = time.perf_counter()
    while done < steps:
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            finished = terminated or truncated
            action = None if finished else pick(agent, observation["action_mask"])
            env.step(action)
            done += 1
        env.reset()
    return done, time.perf_counter() - start


def measure(
    makers: dict[str, Callable[[], Any]],
    rounds: int,
    steps: int,
    seed: int,
    pick: str = "choice",
) -> list[dict[str, Any]]:
    """Steps/s of each environment, interleaved round by round."""
    envs = {}
    picks = {}
    for i, (name, make) in enumerate(makers.items()):
        env = make()
        env.reset(seed=seed + i)
        for j, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(seed + 100 * i + j)
        envs[name] = env
        picks[name] = picker(env, pick, random.Random(seed + i))
    totals = {name: [0, 0.0] for name in envs}
    for _ in range(rounds):
        for name, env in envs.items():
            done, seconds = run(env, steps, picks[name])
            totals[name][0] += done
            totals[name][1] += seconds
    speeds = {name: done / seconds for name, (done, seconds) in totals.items()}
    base = speeds.get(BASELINE)
    return [
        {
            "env": name,
            "steps": int(totals[name][0]),
            "steps_per_s": round(speed),
            "vs_texas_holdem": None if base is None else round(speed / base, 2),
        }
        for name, speed in speeds.items()
    ]


def main(argv: Sequence[str] | None = None, out: IO[str] = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--steps", type=int, default=3000, help="steps per env per round")
    parser.add_argument("--game", action="append", help="a title (repeatable; default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pick", choices=PICKS, default="choice", help="how every side picks its action"
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip PettingZoo's envs")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    from zombie_rules.rl import pettingzoo_env

    names = args.game or sorted(n for n, g in GAMES.items() if g.learning is not None)
    unknown = [n for n in names if n not in GAMES or GAMES[n].learning is None]
    if unknown:
        print(f"no learning records for {', '.join(unknown)}", file=sys.stderr)
        return 2
    makers: dict[str, Callable[[], Any]] = {} if args.no_baseline else comparators()
    for name in names:
        makers[name] = functools.partial(pettingzoo_env, name)
    rows = measure(makers, args.rounds, args.steps, args.seed, args.pick)
    if args.json:
        print(json.dumps(rows), file=out)
        return 0
    print(f"{'env':<18} {'steps/s':>9} {'vs holdem':>9}", file=out)
    print("-" * 38, file=out)
    for row in rows:
        ratio = "" if row["vs_texas_holdem"] is None else f"{row['vs_texas_holdem']:.2f}x"
        print(f"{row['env']:<18} {row['steps_per_s']:>9} {ratio:>9}", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
