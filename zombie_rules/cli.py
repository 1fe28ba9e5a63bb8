"""The ``zombie-rules`` command: simulate bot games, play against bots, list titles.

This is the one module of the package that does I/O (terminal, clock). The rules
never import it. Every stream is injectable so tests can drive a whole session::

    zombie-rules games
    zombie-rules simulate zombie_run --games 1000 --agents random,heuristic --seed 7
    zombie-rules play zombie_run --seat 0 --agents heuristic --set rounds=1
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.errors import DecodeError, IllegalMove
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.play import (
    Agent,
    RandomAgent,
    choose_move,
    pick_actor,
    play_out,
    sample_chance,
)
from zombie_rules.registry import GAMES
from zombie_rules.serialize import from_json, to_json

#: Exit status of a usage error (bad game name, agent list, ``--set``), as argparse uses.
USAGE = 2
#: Exit status of a game left unfinished because its input ended.
ABANDONED = 1
#: Exit status after Ctrl-C, as a shell reports a process ended by SIGINT.
INTERRUPTED = 130
#: ``simulate`` reports progress on stderr when it is a terminal or at least this many games run.
PROGRESS_GAMES = 1000
#: Seconds between progress reports.
PROGRESS_EVERY = 1.0

AnyGame = Game[Any, Any, Any, Any]


class UsageError(Exception):
    """A command line that names something that does not exist or cannot be played."""


# ------------------------------------------------------------------ arguments


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zombie-rules", description="Zombie card game rules engines: simulate and play."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser("games", help="list the known games")

    settings = argparse.ArgumentParser(add_help=False)
    settings.add_argument("game", metavar="GAME", help="a game name (see 'zombie-rules games')")
    settings.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="set a Config field (value read as JSON if possible, e.g. 5, true, null, [1,2])",
    )
    settings.add_argument("--seed", type=int, default=0, help="random seed (default 0)")

    simulate = commands.add_parser(
        "simulate", parents=[settings], help="play many bot games and summarise them"
    )
    simulate.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    simulate.add_argument(
        "--agents",
        default="random",
        help="comma-separated agent per seat, or one for all (default random)",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress report on stderr")

    play = commands.add_parser("play", parents=[settings], help="play one game against bots")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--agents",
        default=None,
        help="bots: one name for all, one per other seat, or one per seat (yours is ignored);"
        " default heuristic when the game has it, else random",
    )
    return parser


def _get_game(name: str) -> AnyGame:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UsageError(f"unknown game {name!r}; known games: {known}") from None


def agent_names(game: AnyGame) -> tuple[str, ...]:
    """The agent names ``--agents`` accepts for ``game``."""
    return ("random", *sorted(game.agents))


def make_agent(game: AnyGame, name: str) -> Agent:
    """A fresh agent called ``name``: ``random`` or one of ``game.agents``."""
    if name == "random":
        return RandomAgent()
    factory = game.agents.get(name)
    if factory is None:
        known = ", ".join(agent_names(game))
        raise UsageError(f"unknown agent {name!r} for {game.name}; known agents: {known}")
    agent: Agent = factory()
    return agent


def _split_agents(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"--agents {text!r}: empty agent name")
    return names


def make_config(game: AnyGame, settings: Sequence[str]) -> Any:
    """``game``'s ``Config`` with each ``FIELD=VALUE`` applied; :class:`UsageError` if not.

    Values are read as JSON where they parse (``5``, ``true``, ``null``, ``[1,2]``) and as
    plain strings otherwise, then decoded by the same strict rules as a saved config.
    """
    config_type = game.config_type
    data = json.loads(to_json(config_type()))
    for setting in settings:
        name, sep, text = setting.partition("=")
        name = name.strip()
        if not sep:
            raise UsageError(f"--set {setting!r}: write FIELD=VALUE")
        if name not in data:
            raise UsageError(
                f"--set {setting!r}: {game.name} has no config field {name!r};"
                f" fields: {', '.join(data)}"
            )
        try:
            data[name] = json.loads(text)
        except ValueError:
            data[name] = text
        except RecursionError:
            raise UsageError(f"--set {short(setting)}: the value is nested too deeply") from None
    try:
        return from_json(config_type, json.dumps(data))
    except DecodeError as exc:
        raise UsageError(f"--set {short(', '.join(settings))}: {exc}") from None


def _describe_settings(settings: Sequence[str]) -> str:
    return ", ".join(settings) if settings else "rulebook defaults"


# ------------------------------------------------------------------- simulate


def _simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    game = _get_game(args.game)
    config = make_config(game, args.settings)
    players = game.players(config)
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    names = _split_agents(args.agents)
    if len(names) == 1:
        names *= players
    elif len(names) < players:
        raise UsageError(
            f"--agents lists {len(names)} agents but {game.name} with this config has"
            f" {players} seats; give one name for all seats or one per seat"
        )
    elif len(names) > players:
        raise UsageError(
            f"--agents lists {len(names)} agents but {game.name} with this config has"
            f" only {players} seats"
        )
    for name in set(names):
        make_agent(game, name)  # unknown names fail before any game is played

    wins = [0] * players
    score_sums = [0] * players
    rounds = moves = unfinished = 0
    tty = err.isatty()
    report = not args.quiet and (tty or args.games >= PROGRESS_GAMES)
    start = last_report = time.perf_counter()
    for i in range(args.games):
        agents = [make_agent(game, name) for name in names]
        played = play_out(game, config, agents, args.seed + i)
        result = game.result(played.final)
        if result is None:
            unfinished += 1
        else:
            for seat in result.winners:
                wins[seat] += 1
            for seat, score in enumerate(result.scores):
                score_sums[seat] += score
        rounds += game.rounds_played(played.final)
        moves += len(played.record.moves)
        now = time.perf_counter()
        if report and now - last_report >= PROGRESS_EVERY:
            last_report = now
            end = "\r" if tty else "\n"
            err.write(f"{i + 1}/{args.games} games ({(i + 1) / (now - start):.0f}/s){end}")
            err.flush()
    elapsed = time.perf_counter() - start
    if report and tty:
        err.write(" " * 40 + "\r")
    finished = args.games - unfinished

    out.write(f"{game.name}: {args.games} games, seeds {args.seed}-{args.seed + args.games - 1},")
    out.write(f" {_describe_settings(args.settings)}\n")
    width = max(len("agent"), *(len(name) for name in names))
    out.write(
        f"{'seat':>4}  {'agent':<{width}}  {'wins':>6}  {'win rate':>8}  {'mean score':>10}\n"
    )
    for seat in range(players):
        rate = wins[seat] / finished if finished else 0.0
        mean = score_sums[seat] / finished if finished else 0.0
        out.write(
            f"{seat:>4}  {names[seat]:<{width}}  {wins[seat]:>6}  {rate:>8.1%}  {mean:>10.2f}\n"
        )
    out.write(f"mean rounds: {rounds / args.games:.2f}\n")
    out.write(f"mean moves per game: {moves / args.games:.1f}\n")
    out.write(f"games per second: {args.games / elapsed if elapsed else float('inf'):.1f}\n")
    if unfinished:
        out.write(f"unfinished games (no result): {unfinished}\n")
    return 0


# ----------------------------------------------------------------------- play


def _notation(move: Any) -> str:
    """A move as a person types it: the notation without the actor prefix."""
    text = str(move)
    _, sep, rest = text.partition(": ")
    return rest if sep else text


def _play_agents(game: AnyGame, spec: str | None, players: int, seat: int) -> dict[int, Agent]:
    others = [s for s in range(players) if s != seat]
    default = "heuristic" if "heuristic" in game.agents else "random"
    names = _split_agents(spec) if spec is not None else [default]
    if len(names) == 1:
        chosen = dict.fromkeys(others, names[0])
    elif len(names) == len(others):
        chosen = dict(zip(others, names, strict=True))
    elif len(names) == players:
        chosen = {s: names[s] for s in others}
    else:
        raise UsageError(
            f"--agents lists {len(names)} agents; give one for all bots, one per other seat"
            f" ({len(others)}), or one per seat ({players}, yours ignored)"
        )
    return {s: make_agent(game, name) for s, name in chosen.items()}


def _play(args: argparse.Namespace, read: Callable[[str], str], out: IO[str]) -> int:
    game = _get_game(args.game)
    config = make_config(game, args.settings)
    players = game.players(config)
    me = args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat {me}: seats are 0-{players - 1}")
    bots = _play_agents(game, args.agents, players, me)
    rng = random.Random(args.seed)
    state = game.new_game(config)
    out.write(f"{game.name}: you are seat {me}; {_describe_settings(args.settings)}.\n")
    out.write("Type a move as listed, 'help' for the moves, 'quit' to stop.\n")

    def tell(before: Any, move: Any) -> None:
        # The log is the human seat's account: never another seat's notation,
        # which names what this seat may not know (a face-down zombie, a card taken).
        for line in game.describe(before, move, me).split("\n"):
            out.write(f"  {line}\n")

    while True:
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            move = sample_chance(game, state, rng)
            tell(state, move)
            state = game.apply(state, move)
            continue
        seat = pick_actor(actors, rng)
        if seat != me:
            move = choose_move(game, bots[seat], state, seat, rng)
            tell(state, move)
            state = game.apply(state, move)
            continue
        legal = tuple(m for m in game.legal_moves(state) if m.seat == me)
        out.write("\n" + game.render(game.view(state, me)) + "\n")
        out.write(_moves_line(legal))
        while True:
            try:
                text = read(f"seat {me}> ").strip()
            except EOFError:
                out.write("\nend of input; game abandoned\n")
                return ABANDONED
            command = text.lower()
            if command in ("quit", "exit"):
                out.write("game abandoned\n")
                return 0
            if command in ("help", "?", ""):
                out.write(_moves_line(legal))
                continue
            try:
                move = _parse(game, state, text, me)
                if move.seat != me:
                    raise IllegalMove(f"{short(text)}: you are seat {me}")
                after = game.apply(state, move)
            except (DecodeError, IllegalMove) as exc:
                out.write(f"{exc}\n")
                continue
            tell(state, move)
            state = after
            break
    out.write("\n" + game.render(game.view(state, me)) + "\n")
    result = game.result(state)
    if result is None:  # pragma: no cover - to_act is empty only when the game is over
        out.write("Game over.\n")
        return 0
    winners = ", ".join(map(str, sorted(result.winners)))
    scores = " ".join(f"{s}:{score}" for s, score in enumerate(result.scores))
    verdict = "You win!" if me in result.winners else "You lose."
    out.write(f"Game over: winner(s) {winners} ({result.reason}); scores {scores}. {verdict}\n")
    return 0


def _parse(game: AnyGame, state: Any, text: str, me: int) -> Any:
    """The move ``text`` names, reading it as seat ``me``'s when it has no actor prefix."""
    try:
        return game.parse_move(state, text)
    except DecodeError:
        if ":" in text:
            raise
        return game.parse_move(state, f"{seat_name(me)}: {text}")


def _moves_line(legal: Sequence[Any]) -> str:
    return "Legal moves: " + " | ".join(_notation(m) for m in legal) + "\n"


# ----------------------------------------------------------------------- main


def main(
    argv: Sequence[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command line ``argv``; returns the exit status (0 ok, 2 usage error)."""
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    parser = _parser()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as exc:  # --help or an argparse usage error, already printed
        return exc.code if isinstance(exc.code, int) else USAGE
    for stream, errors in (
        (out, "backslashreplace"),
        (err, "backslashreplace"),
        (stdin, "replace"),
    ):
        # A story may hold text the terminal cannot encode (a lone surrogate) or
        # bytes that are not UTF-8: show them escaped rather than die with a traceback.
        reconfigure = getattr(sys.stdin if stream is None else stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)
    try:
        if args.command == "games":
            for name in sorted(GAMES):
                out.write(f"{name}\n")
            return 0
        if args.command == "simulate":
            return _simulate(args, out, err)
        return _play(args, _reader(stdin, out), out)
    except UsageError as exc:
        err.write(f"zombie-rules: error: {exc}\n")
        return USAGE
    except KeyboardInterrupt:
        err.write("\nzombie-rules: interrupted\n")
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``simulate ... | head``): stop quietly, and keep
        # Python from complaining again when it flushes stdout at exit.
        _silence_stdout()
        return 1


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _reader(stdin: IO[str] | None, out: IO[str]) -> Callable[[str], str]:
    """``input`` for the real terminal; otherwise prompt on ``out`` and read ``stdin``."""
    if stdin is None and out is sys.stdout:
        return input
    source = sys.stdin if stdin is None else stdin

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = source.readline()
        if not line:
            raise EOFError
        if not source.isatty():
            out.write(line if line.endswith("\n") else line + "\n")  # a readable transcript
        return line.rstrip("\n")

    return read


if __name__ == "__main__":
    sys.exit(main())
