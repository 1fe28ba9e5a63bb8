"""The ``zombie-rules`` command: simulate bot games, play against bots, list titles.

This module and :mod:`zombie_rules.terminal` (the play loop it hands ``play`` and
``replay`` to) do the package's terminal I/O; the rules never import them. Every
stream is injectable so tests can drive a whole session::

    zombie-rules games
    zombie-rules simulate zombie_run --games 1000 --agents random,heuristic --seed 7
    zombie-rules compare zombie_run --variant rounds=10 --agents heuristic --games 2000
    zombie-rules play zombie_run --seat 0 --agents heuristic --set rounds=1 --record game.json
    zombie-rules play texas_zombies --humans 0,2
    zombie-rules replay game.json --seat 1
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from zombie_rules import __version__, registry, terminal
from zombie_rules import simulate as sim
from zombie_rules.core.errors import DecodeError, InvalidConfig, RegistrationError, UnknownGame
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.play import Record
from zombie_rules.registry import GAMES
from zombie_rules.serialize import from_json, to_json
from zombie_rules.simulate.batch import Rotation
from zombie_rules.web import serve as web_serve

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
    parser.add_argument("--version", action="version", version=f"zombie-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser("games", help="list the known games, their player counts and what they are")

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

    batches = argparse.ArgumentParser(add_help=False)
    batches.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    batches.add_argument(
        "--agents",
        default="random",
        help="one agent name for every seat, or one per seat, comma-separated (default random)",
    )
    batches.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    batches.add_argument(
        "--rotation",
        choices=[r.value for r in Rotation],
        default=Rotation.NONE.value,
        help="play each deal with the agents in every seat order: cycle (each agent in each"
        " seat once) or all (every permutation); default none",
    )
    batches.add_argument(
        "--max-moves",
        type=int,
        default=None,
        metavar="N",
        help="stop a game after N moves (chance included); it counts as capped, won by nobody",
    )
    where = batches.add_mutually_exclusive_group()
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
    simulate = commands.add_parser(
        "simulate", parents=[settings, batches], help="play many bot games and summarise them"
    )
    simulate.add_argument("--json", metavar="FILE", help="write the batch, summary and metrics")
    simulate.add_argument(
        "--games-out", metavar="FILE", help="write one JSON line per game (seed, agents, result)"
    )

    compare = commands.add_parser(
        "compare",
        parents=[settings, batches],
        help="play a variant and the base game on common seeds; paired changes per seat",
        description="Play the same games (seeds, seat orders) of the base game and of a variant"
        " and print each figure in both with the change and its paired 95% interval. --set"
        " applies to both; --base and --variant to one only.",
    )
    for option, which in (("--base", "the base game"), ("--variant", "the variant")):
        compare.add_argument(
            option,
            dest=option[2:] + "_settings",
            action="append",
            default=[],
            metavar="FIELD=VALUE",
            help=f"set a Config field of {which} only (as --set)",
        )
    compare.add_argument(
        "--variant-game",
        metavar="NAME",
        help="a registered variant of GAME to play as the variant (its own default config)",
    )
    compare.add_argument("--json", metavar="FILE", help="write both batches, counts and figures")

    play = commands.add_parser(
        "play",
        parents=[settings],
        help="play one game at the terminal against bots (or with friends, hot seat)",
    )
    people = play.add_mutually_exclusive_group()
    people.add_argument("--seat", type=int, default=None, help="your seat (default 0)")
    people.add_argument(
        "--humans",
        metavar="SEATS",
        help="seats played by people sharing this terminal, e.g. 0,2 (hot seat)",
    )
    play.add_argument(
        "--agents",
        default=None,
        help="as in simulate: one agent name for every bot, or one per seat, comma-separated"
        f" ('{terminal.HUMAN}' marks a person's seat; people's entries are otherwise ignored);"
        " default heuristic when the game has it, else random",
    )
    play.add_argument(
        "--auto-forced",
        action="store_true",
        help="play a move for you when it is your only one (in the game: 'auto on|off')",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the game's record as JSON (for 'zombie-rules replay')",
    )
    replay = commands.add_parser(
        "replay", help="step through a saved game (play --record) as one seat was told it"
    )
    replay.add_argument("file", metavar="FILE", help="a record saved by 'play --record'")
    replay.add_argument(
        "--seat", type=int, default=None, help="whose account to follow (default: a spectator's)"
    )
    web_serve.add_parser(commands)
    return parser


def _get_game(name: str) -> AnyGame:
    try:
        return registry.get_game(name)
    except UnknownGame:
        known = ", ".join(sorted(GAMES))
        raise UsageError(f"unknown game {name!r}; known games: {known}") from None
    except RegistrationError as exc:  # a published entry point of that name failed to load
        raise UsageError(str(exc)) from None


def _batch(args: argparse.Namespace, name: str, config: Any) -> sim.Batch:
    """The batch the command line asks for, of game ``name`` with ``config``; a bad
    field is a usage error naming its option."""
    try:
        return sim.Batch(
            name,
            agents=_split_agents(args.agents),
            games=args.games,
            seed=args.seed,
            config=config,
            rotation=Rotation(args.rotation),
            max_moves=args.max_moves,
        )
    except InvalidConfig as exc:
        raise UsageError(f"--{exc.field.replace('_', '-')}: {exc.why}") from None


def _split_agents(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"--agents {text!r}: empty agent name")
    return names


def make_config(game: AnyGame, settings: Sequence[str], option: str = "--set") -> Any:
    """``game``'s ``Config`` with each ``FIELD=VALUE`` applied; :class:`UsageError` if not.

    Values are read as JSON where they parse (``5``, ``true``, ``null``, ``[1,2]``) and as
    plain strings otherwise, then decoded by the same strict rules as a saved config.
    """
    config_type = game.config_type
    data = json.loads(to_json(game.default_config()))
    for setting in settings:
        name, sep, text = setting.partition("=")
        name = name.strip()
        if not sep:
            raise UsageError(f"{option} {setting!r}: write FIELD=VALUE")
        if name not in data:
            raise UsageError(
                f"{option} {setting!r}: {game.name} has no config field {name!r};"
                f" fields: {', '.join(data)}"
            )
        try:
            data[name] = json.loads(text)
        except ValueError:
            data[name] = text
        except RecursionError:
            raise UsageError(f"{option} {short(setting)}: the value is nested too deeply") from None
    try:
        return from_json(config_type, json.dumps(data))
    except DecodeError as exc:
        raise UsageError(f"{option} {short(', '.join(settings))}: {exc}") from None


def _describe_settings(settings: Sequence[str]) -> str:
    return ", ".join(settings) if settings else "rulebook defaults"


# ------------------------------------------------------------------- simulate


def _simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """A thin layer over :mod:`zombie_rules.simulate`: build the batch, run it, print."""
    game = _get_game(args.game)
    config = make_config(game, args.settings)
    batch = _batch(args, game.name, config)
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


# -------------------------------------------------------------------- compare


def _compare(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Build the two batches (``--set`` for both, ``--base``/``--variant`` for one), compare."""
    game = _get_game(args.game)
    variant_game = game if args.variant_game is None else _get_game(args.variant_game)
    made = []
    for title, extra, option in (
        (game, args.base_settings, "--base"),
        (variant_game, args.variant_settings, "--variant"),
    ):
        make_config(title, args.settings)  # a bad --set is named as such
        config = make_config(title, [*args.settings, *extra], "--set/" + option)
        made.append(_batch(args, title.name, config))
    try:
        pair = sim.Pair(*made)
    except InvalidConfig as exc:
        raise UsageError(f"--{exc.field.replace('_', '-')}: {exc.why}") from None
    executor = _executor(args)
    bar = None if args.quiet else sim.ProgressBar(err)
    with contextlib.ExitStack() as files:
        json_out = _open(files, args.json, "--json")
        try:
            comparison = sim.finish(pair, sim.play_pair(pair, executor, on_progress=bar))
        except sim.ClusterError as exc:
            err.write(f"zombie-rules: error: {exc}\n")
            return ABANDONED
        finally:
            if bar is not None:
                bar.close()
        if json_out is not None:
            json_out.write(sim.comparison_json(comparison))
    out.write(sim.format_comparison(comparison))
    return 0


def _executor(args: argparse.Namespace) -> sim.TaskExecutor:
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


# ------------------------------------------------------- games, play, replay


def _player_counts(game: AnyGame) -> str:
    """``2-7``: the table sizes the title's ``Config`` accepts."""
    counts = []
    for players in range(1, 13):
        try:
            game.config_type(players=players)
        except (InvalidConfig, TypeError):
            continue
        counts.append(players)
    if not counts:
        return "?"
    return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])


def _games(out: IO[str], err: IO[str]) -> int:
    """Every registered title and variant; a warning for each published one that failed."""
    rows = []
    for name in sorted(GAMES):
        guide = GAMES[name].guide
        rows.append((name, guide.title, f"{_player_counts(GAMES[name])} players", guide.summary))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        out.write("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)))
        out.write(f"  {row[3]}\n")
    for problem in registry.problems():
        err.write(f"zombie-rules: warning: {problem}\n")
    return 0


def _play(args: argparse.Namespace, stdin: IO[str] | None, out: IO[str]) -> int:
    """Hand one game to :mod:`zombie_rules.terminal`; its setup errors are usage errors."""
    game = _get_game(args.game)
    config = make_config(game, args.settings)
    try:
        seats = terminal.seating(
            game, game.players(config), agents=args.agents, humans=args.humans, seat=args.seat
        )
        console = terminal.Console(out, stdin)
        return terminal.play(
            game,
            config,
            seats,
            console,
            seed=args.seed,
            record=args.record,
            auto_forced=args.auto_forced,
        )
    except terminal.SetupError as exc:
        raise UsageError(str(exc)) from None


def _replay(args: argparse.Namespace, stdin: IO[str] | None, out: IO[str]) -> int:
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as exc:
        raise UsageError(f"{short(args.file)}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"{short(args.file)}: not a saved game (not UTF-8 text)") from None
    try:
        record = from_json(Record, text)
    except DecodeError as exc:
        raise UsageError(f"{short(args.file)}: not a saved game: {exc}") from None
    try:
        return terminal.run_replay(record, args.seat, terminal.Console(out, stdin))
    except terminal.SetupError as exc:
        raise UsageError(str(exc)) from None


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
            return _games(out, err)
        if args.command == "serve":
            return web_serve.run(args)
        if args.command == "simulate":
            return _simulate(args, out, err)
        if args.command == "compare":
            return _compare(args, out, err)
        if args.command == "replay":
            return _replay(args, stdin, out)
        return _play(args, stdin, out)
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


if __name__ == "__main__":
    sys.exit(main())
