"""One hash of everything a title's rules say over seeded random games, for speed work.

    python benchmarks/fingerprint.py [--game NAME] [--games N] [--seed S] [--expect HASH]

A speed change must not change behaviour, and the golden files cover only a few
games. This plays ``N`` seeded random games per title (chance sampled with
``chance_weights`` + ``pick_weighted``, seats choosing uniformly) and hashes, at
every node: the state's JSON, ``to_act``, ``result``, every seat's view and the
spectator's as JSON, the chance weights or the legal moves in order, and every
actor's and the spectator's ``describe`` of the chosen move. Run it before and after
a change: the same hash means the same states, moves, order, odds, views and text
on those games. Only the public protocol is used, so it works for an outside title
or a variant (``--game`` takes any registered name).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

# Hash the checkout this script belongs to, not whatever copy pip installed earlier.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.game import Game
from zombie_rules.registry import GAMES
from zombie_rules.serialize import to_json

#: A game longer than this is cut off (a variant whose random play may never end).
MAX_STEPS = 100_000


def fingerprint(game: Game[Any, Any, Any, Any], config: Any, games: int, seed: int) -> str:
    """The SHA-256 of everything the rules say along ``games`` random games from ``seed``."""
    digest = hashlib.sha256()

    def put(value: object) -> None:
        digest.update(repr(value).encode())
        digest.update(b"\0")

    rng = random.Random(seed)
    seats = (None, *range(game.players(config)))
    for _ in range(games):
        state = game.new_game(config)
        for _step in range(MAX_STEPS):
            put(to_json(state))
            actors = game.to_act(state)
            put(sorted(actors))
            put(game.result(state))
            for seat in seats:
                put(to_json(game.view(state, seat)))
            if not actors:
                break
            if CHANCE in actors:
                outcomes, weights = game.chance_weights(state)
                put((tuple(outcomes), tuple(weights)))
                move = pick_weighted(outcomes, weights, rng)
            else:
                legal = game.legal_moves(state)
                put(legal)
                move = legal[rng.randrange(len(legal))]
            for seat in (None, *sorted(actor for actor in actors if actor != CHANCE)):
                put(game.describe(state, move, seat))
            state = game.apply(state, move)
    return digest.hexdigest()


def main(argv: Sequence[str] | None = None, out: IO[str] = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="only this title (default: all)")
    parser.add_argument("--games", type=int, default=15, help="games per title (default 15)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--expect", help="exit 1 unless the (single) title's hash is this")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    names = [args.game] if args.game else sorted(GAMES)
    if args.expect and len(names) != 1:
        parser.print_usage(sys.stderr)
        print("--expect needs --game", file=sys.stderr)
        return 2
    hashes = {}
    for name in names:
        game = GAMES[name]
        hashes[name] = fingerprint(game, game.default_config(), args.games, args.seed)
        print(f"{name:<16} games={args.games} seed={args.seed} {hashes[name]}", file=out)
    if args.expect and hashes[names[0]] != args.expect:
        print(f"behaviour changed: expected {args.expect}", file=out)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
