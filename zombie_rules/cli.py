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

from zombie_rules import simulate as sim
from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.play import (
    Agent,
    RandomAgent,
    choose_move,
    pick_actor,
    sample_chance,
)
from zombie_rules.registry import GAMES
from zombie_rules.serialize import from_json, to_json
from zombie_rules.simulate.batch import Rotation

#: Exit status of a usage error (bad game name, agent list, ``--set``), as argparse uses.
USAGE = 2
#: Exit status of a game left unfinished because its input ended.
ABANDONED = 1
#: Exit status after Ctrl-C, as a shell reports a process ended by SIGINT.
INTERRUPTED = 130

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
    simulate.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    simulate.add_argument(
        "--rotation",
        choices=[r.value for r in Rotation],
        default=Rotation.NONE.value,
        help="play each deal with the agents in every seat order: cycle (each agent in each"
        " seat once) or all (every permutation); default none",
    )
    simulate.add_argument(
        "--max-moves",
        type=int,
        default=None,
        metavar="N",
        help="stop a game after N moves (chance included); it counts as capped, won by nobody",
    )
    where = simulate.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="local worker processes (default 1)"
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on the Dask cluster of this scheduler"
    )
    where.add_argument(
        "--dask-workers",
        type=int,
        metavar="N",
        help="run on a local Dask cluster of N worker processes started for the run",
    )
    simulate.add_argument("--json", metavar="FILE", help="write the batch, summary and metrics")
    simulate.add_argument(
        "--games-out", metavar="FILE", help="write one JSON line per game (seed, agents, result)"
    )

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
    """A thin layer over :mod:`zombie_rules.simulate`: build the batch, run it, print."""
    game = _get_game(args.game)
    config = make_config(game, args.settings)
    try:
        batch = sim.Batch(
            game.name,
            agents=_split_agents(args.agents),
            games=args.games,
            seed=args.seed,
            config=config,
            rotation=Rotation(args.rotation),
            max_moves=args.max_moves,
        )
    except InvalidConfig as exc:
        raise UsageError(f"--{exc.field.replace('_', '-')}: {exc.why}") from None
    executor = _executor(args)
    bar = None if args.quiet else sim.ProgressBar(err)
    with contextlib.ExitStack() as files:
        games_out = _open(files, args.games_out, "--games-out")
        summary_out = _open(files, args.json, "--json")

        def write_games(lines: Sequence[sim.GameLine]) -> None:
            assert games_out is not None
            games_out.writelines(line.to_json() + "\n" for line in lines)

        start = time.perf_counter()
        try:
            summary = sim.run(
                batch, executor, on_progress=bar, on_games=write_games if games_out else None
            )
        except sim.ClusterError as exc:
            err.write(f"zombie-rules: error: {exc}\n")
            return ABANDONED
        finally:
            if bar is not None:
                bar.close()
        elapsed = time.perf_counter() - start
        if summary_out is not None:
            summary_out.write(sim.report_json(batch, summary))
    settings = _describe_settings(args.settings)
    out.write(sim.format_metrics(sim.metrics(summary, batch), batch, settings))
    rate = args.games / elapsed if elapsed else float("inf")
    out.write(f"games per second: {rate:.1f} on {executor.describe()}\n")
    return 0


def _executor(args: argparse.Namespace) -> sim.Executor:
    if args.scheduler is not None or args.dask_workers is not None:
        if args.dask_workers is not None and args.dask_workers < 1:
            raise UsageError(f"--dask-workers must be at least 1, not {args.dask_workers}")
        try:
            sim.cluster.import_distributed()
        except sim.MissingExtra as exc:
            raise UsageError(str(exc)) from None
        return sim.Dask(scheduler=args.scheduler, workers=args.dask_workers)
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    return sim.Processes(args.jobs) if args.jobs > 1 else sim.InProcess()


def _open(files: contextlib.ExitStack, path: str | None, option: str) -> IO[str] | None:
    if path is None:
        return None
    try:
        return files.enter_context(open(path, "w", encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{option} {short(path)}: cannot write it ({exc.strerror})") from None


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
