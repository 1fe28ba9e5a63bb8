"""``zombie-rules replay FILE``: a saved game, stepped through as one seat was told it.

The story is :func:`zombie_rules.play.narrate` (each move as that seat heard it) and
the board is the seat's ``view`` after each step. A step is one seat's move with the
chance events it set off (a draw, a roll), so Enter moves on by something a person
did. When nobody is at the terminal, the whole story is printed at once.
"""

from __future__ import annotations

import itertools
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.wording import count
from zombie_rules.play import Record, narrate, replay
from zombie_rules.registry import get_game
from zombie_rules.terminal import screen
from zombie_rules.terminal.console import Console
from zombie_rules.terminal.seating import SetupError


def steps(moves: tuple[Any, ...]) -> list[range]:
    """The moves grouped into steps: each seat's move with the chance moves after it.

    The chance moves before the first seat's move (the shuffle and the deal) are a
    step of their own.
    """
    starts = [0] + [i for i, move in enumerate(moves) if move.seat != CHANCE and i > 0]
    bounds = [*dict.fromkeys(starts), len(moves)]
    return [range(a, b) for a, b in itertools.pairwise(bounds) if a < b]


def run_replay(record: Record[Any, Any], seat: int | None, console: Console) -> int:
    """Tell ``record`` as ``seat`` (``None``: a spectator) was told it; the exit status."""
    game = get_game(record.game)
    players = game.players(record.config)
    if seat is not None and not 0 <= seat < players:
        raise SetupError(f"--seat {seat}: this game's seats are 0-{players - 1}")
    try:
        states = replay(record)
        story = narrate(record, seat)
    except IllegalMove as exc:
        raise SetupError(f"the record is not a legal game: {exc}") from None
    who = "a spectator" if seat is None else f"seat {seat}"
    guide = game.guide
    console.write(
        console.bold(
            f"Replay of {guide.title}: {players} players,"
            f" {count(len(record.moves), 'move')}, as {who} was told it."
        )
    )
    if console.interactive:
        console.write("Enter: next step, a: all the rest, q: stop.")
    stepping = console.interactive
    try:
        for part in steps(record.moves):
            for index in part:
                console.write("\n".join(screen.account(story[index], console.width)))
            if stepping:
                view = game.view(states[part.stop], seat)
                console.write()
                console.write(game.render(view))
                answer = console.ask(f"[move {part.stop} of {len(record.moves)}]> ").strip()
                if answer.lower() in ("q", "quit", "exit"):
                    return 0
                if answer.lower() in ("a", "all"):
                    stepping = False
    except EOFError:
        console.write()
        return 0
    console.write()
    console.write(game.render(game.view(states[-1], seat)))
    result = game.result(states[-1])
    if result is None:
        console.write(
            f"The record stops after {count(len(record.moves), 'move')}, before the game's end."
        )
        return 0
    humans = () if seat is None else (seat,)
    for line in screen.result_lines(game, record.config, result, humans, seat):
        console.write(line)
    return 0
