"""The ``zombie-rules`` command line: simulate, play, games, and its usage errors."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import IO, cast

import pytest

from zombie_rules import cli
from zombie_rules.play import RandomAgent, play_game, play_out, replay
from zombie_rules.registry import GAMES


def run(*argv: str, stdin: str | io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    source = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    code = cli.main(list(argv), stdin=source or io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# seat, agent, games, wins, win rate, 95% interval, mean score
SEAT_ROW = re.compile(
    r"^\s*(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+([\d.]+)%\s+[\d.]+-[\d.]+%\s+(-?[\d.]+)$"
)


def seat_rows(text: str) -> list[tuple[int, str, int]]:
    rows = [SEAT_ROW.match(line) for line in text.splitlines()]
    return [(int(m[1]), m[2], int(m[4])) for m in rows if m]


# ------------------------------------------------------------------- games


def test_games_lists_every_title_with_its_player_counts() -> None:
    code, out, _ = run("games")
    assert code == 0
    rows = out.splitlines()
    assert [row.split()[0] for row in rows] == sorted(GAMES)
    counts = {row.split()[0]: re.search(r"(\d+)-(\d+) players", row) for row in rows}
    for name, found in counts.items():
        assert found, f"{name}: no player count in the games listing"
        config_type = GAMES[name].config_type
        low, high = int(found[1]), int(found[2])
        config_type(players=low)  # both ends are playable tables
        config_type(players=high)
        with pytest.raises(ValueError):
            config_type(players=high + 1)
    assert "Zombie Run!" in out and "Quarantine Z" in out  # display names and a line each
    assert all(len(row.split("players", 1)[1].strip()) > 20 for row in rows)


def test_version_is_the_package_version() -> None:
    from zombie_rules import __version__

    code, out, _ = run("--version")
    assert code == 0
    assert out.strip() == f"zombie-rules {__version__}"


def test_python_dash_m_runs_the_command() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "zombie_rules", "games"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == sorted(GAMES)[0]


# ---------------------------------------------------------------- simulate


def test_simulate_prints_one_row_per_seat_and_the_game_count() -> None:
    code, out, err = run(
        "simulate", "zombie_run", "--games", "6", "--agents", "random,heuristic,random",
        "--set", "players=3", "--set", "rounds=2", "--seed", "4",
    )  # fmt: skip
    assert code == 0, err
    assert err == ""  # few games and no terminal: no progress spam
    assert "6 games" in out
    rows = seat_rows(out)
    assert [(seat, agent) for seat, agent, _ in rows] == [
        (0, "random"), (1, "heuristic"), (2, "random"),
    ]  # fmt: skip
    assert sum(wins for *_, wins in rows) >= 6  # every game has a winner; ties count for each
    assert re.search(r"^rounds\s+2\.00\s+2\s+2\s+2$", out, re.MULTILINE)  # mean median p99 max
    assert re.search(r"^moves \(chance too\)\s+[\d.]+\s", out, re.MULTILINE)
    assert re.search(r"games per second: [\d.]+", out)


def test_simulate_one_agent_name_fills_every_seat() -> None:
    code, out, _ = run("simulate", "zombie_run", "--games", "2", "--agents", "heuristic")
    assert code == 0
    players = GAMES["zombie_run"].config_type().players
    assert [agent for _, agent, _ in seat_rows(out)] == ["heuristic"] * players


def test_simulate_plays_the_same_games_as_play_game() -> None:
    game = GAMES["zombie_run"]
    config = game.config_type(players=3, rounds=1)
    agents = [RandomAgent()] * 3
    played = play_out(game, config, agents, seed=11)
    record = play_game(game, config, agents, seed=11)
    assert played.record == record
    assert played.final == replay(record)[-1]


def test_simulate_too_few_agents_is_a_usage_error() -> None:
    code, _, err = run("simulate", "zombie_run", "--games", "1", "--agents", "random,random")
    assert code == 2
    assert "2 agents" in err and "4 seats" in err


def test_simulate_unknown_agent_lists_the_known_ones() -> None:
    code, _, err = run("simulate", "zombie_run", "--games", "1", "--agents", "genius")
    assert code == 2
    assert "genius" in err and "random" in err and "heuristic" in err


# ----------------------------------------------------------------- compare


def test_compare_prints_each_figure_in_both_games_with_the_paired_change(tmp_path: Path) -> None:
    path = tmp_path / "compare.json"
    code, out, err = run(
        "compare", "zombie_run", "--set", "players=3", "--variant", "rounds=2",
        "--base", "rounds=1", "--games", "6", "--seed", "2", "--json", str(path),
    )  # fmt: skip
    assert code == 0, err
    assert "base:    zombie_run, players=3, rounds=1" in out
    assert "variant: zombie_run, players=3, rounds=2" in out
    assert [line.split()[1] for line in out.splitlines() if " wins " in line] == ["0", "1", "2"]
    assert re.search(r"^rounds\s+1\.00\s.*\s2\.00\s.*\+1\.00\s+\+1\.00 to \+1\.00$", out, re.M)
    document = json.loads(path.read_text())
    assert document["variant"]["config"]["rounds"] == 2 and document["paired"]["games"] == 6


def test_compare_on_processes_prints_the_same_table() -> None:
    argv = ("compare", "zombie_run", "--variant", "peek_count=0", "--games", "8", "--quiet")
    assert run(*argv)[1] == run(*argv, "--jobs", "2")[1]


def test_compare_of_different_table_sizes_is_a_usage_error() -> None:
    code, _, err = run("compare", "zombie_run", "--variant", "players=3", "--games", "2")
    assert code == 2 and "same number" in err


def test_compare_a_variant_game_with_another_table_size_is_a_usage_error() -> None:
    argv = ("compare", "zombie_run", "--variant-game", "zombie_doctor", "--variant", "players=3")
    code, _, err = run(*argv)
    assert code == 2 and "same number" in err


def test_compare_an_unknown_variant_game_lists_the_known_ones() -> None:
    code, _, err = run("compare", "zombie_run", "--variant-game", "zombie_runner")
    assert code == 2 and "zombie_runner" in err and "texas_zombies" in err


def test_compare_a_bad_variant_field_names_it() -> None:
    code, _, err = run("compare", "zombie_run", "--variant", "colour=2")
    assert code == 2 and "--set/--variant 'colour=2'" in err and "no config field" in err


def test_unknown_game_exits_2_and_lists_known_games() -> None:
    for command in ("simulate", "play"):
        code, out, err = run(command, "zombie_walk")
        assert code == 2
        assert "zombie_walk" in err
        assert all(name in err for name in GAMES)
        assert out == ""


@pytest.mark.parametrize(
    ("setting", "named"),
    [
        ("colour=red", "colour"),  # no such field
        ("players=9", "players"),  # InvalidConfig
        ("rounds=many", "rounds"),  # wrong type
        ("tie_break=coin_flip", "tie_break"),  # not an enum value
        ("deck=5", "deck"),  # tuple field needs a JSON list
        ("players", "players"),  # no '='
    ],
)
def test_bad_set_exits_2_naming_the_field(setting: str, named: str) -> None:
    code, out, err = run("simulate", "zombie_run", "--games", "1", "--set", setting)
    assert code == 2
    assert named in err
    assert out == ""


def test_set_parses_json_enums_tuples_and_null() -> None:
    game = GAMES["zombie_run"]
    config = cli.make_config(
        game,
        ["players=3", "tie_break=last_round", "deck=[[0, 10], [1, 12]]", "turn_limit=null",
         "discard_taken_card=true"],
    )  # fmt: skip
    assert config == game.config_type(
        players=3,
        tie_break=game.config_type().tie_break.__class__("last_round"),
        deck=((0, 10), (1, 12)),
        turn_limit=None,
        discard_taken_card=True,
    )


def test_argparse_errors_exit_2() -> None:
    code, _, err = run("simulate")
    assert code == 2
    assert "GAME" in err


# -------------------------------------------------------------------- play


def listed_moves(text: str) -> list[str]:
    """The moves of the last menu printed: numbered with labels, or grouped by kind."""
    menu = text[text.rindex("Your moves") :].split("\n")
    if menu[0] == "Your moves:":
        numbered = (re.match(r"^\s*\d+\) (.+?)(?:  |$)", line) for line in menu[1:])
        return [m[1].strip() for m in numbered if m]
    moves = []
    for line in menu[1:]:
        if not line.startswith("  "):
            break
        if not line.startswith("    "):  # a kind's first line: its keyword, then choices
            keyword, _, rest = line.strip().partition(" ")
        else:
            rest = line
        choices = [c.strip() for c in rest.split("|") if c.strip()]
        moves += [f"{keyword} {c}" for c in choices] or [keyword]
    return moves


class MoveChooser:
    """A stdin that answers each prompt with a random move from the last menu printed."""

    def __init__(self, out: io.StringIO, seed: int, extra: tuple[str, ...] = ()) -> None:
        self.out = out
        self.rng = random.Random(seed)
        self.extra = list(extra)  # typed first, before any real move
        self.prompts = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        self.prompts += 1
        if self.prompts > 500:  # a runaway session must fail, not hang
            return ""
        if self.extra:
            return self.extra.pop(0) + "\n"
        move: str = self.rng.choice(listed_moves(self.out.getvalue()))
        return move + "\n"


def play_scripted(*argv: str, seed: int, extra: tuple[str, ...] = ()) -> tuple[int, str, int]:
    out, err = io.StringIO(), io.StringIO()
    stdin = MoveChooser(out, seed, extra)
    code = cli.main(
        ["play", "zombie_run", *argv], stdin=cast(IO[str], stdin), stdout=out, stderr=err
    )
    assert err.getvalue() == ""
    return code, out.getvalue(), stdin.prompts


@pytest.mark.parametrize("seat", [0, 2])
def test_play_a_short_game_to_the_end_by_typing_listed_moves(seat: int) -> None:
    code, out, prompts = play_scripted(
        "--seat", str(seat), "--set", "players=3", "--set", "rounds=1",
        "--set", "turn_limit=15", "--seed", "5", seed=seat,
    )  # fmt: skip
    assert code == 0
    assert prompts < 500
    assert re.search(r"^=== Game over: winners?: ", out, re.MULTILINE)
    assert "Scores (zombies taken, lower is better): seat 0" in out
    assert f"seat {seat} (you)" in out
    assert "chance: card" not in out  # the cards drawn are never printed as notation
    # The log is this seat's account (describe), never another seat's notation.
    assert not re.search(r"^ *[0-9]: ", out, re.MULTILINE)
    assert re.search(r"^- Seat [0-9] ", out, re.MULTILINE)  # the bots' moves are told
    assert re.search(r"^- You ", out, re.MULTILINE)  # and so are this seat's own
    assert "Round 1 is over. Everyone turns over their cards:" in out  # with every hand


def test_play_reports_bad_input_and_asks_again() -> None:
    code, out, _ = play_scripted(
        "--set", "rounds=1", "--set", "turn_limit=8", seed=1,
        extra=("help", "bogus", "swap 9", "1: peek 0 1", "peek 0 0"),
    )  # fmt: skip
    assert code == 0
    assert "unknown move 'bogus'" in out  # DecodeError
    assert "you are seat 0" in out  # another seat's move
    assert "increasing order" in out  # IllegalMove from apply
    assert "peek P Q" in out  # help gives the grammar
    assert "Game over" in out


def test_play_quit_and_eof_exit_cleanly() -> None:
    code, out, _ = run("play", "zombie_run", stdin="quit\n")
    assert code == 0
    assert "abandoned" in out and "Game over" not in out
    code, out, _ = run("play", "zombie_run", "--seat", "1", stdin="")
    assert code == 1  # an abandoned game is not a success
    assert "end of input" in out


def test_ctrl_c_ends_quietly_with_the_interrupt_status() -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["play", "zombie_run"], stdin=Interrupting(), stdout=out, stderr=err)
    assert code == 130
    assert "interrupted" in err.getvalue() and "Traceback" not in err.getvalue()


def test_a_closed_pipe_ends_simulate_quietly() -> None:
    import subprocess
    import sys

    command = [sys.executable, "-m", "zombie_rules.cli", "simulate", "zombie_run", "--games", "400"]
    done = subprocess.run(
        f"{' '.join(command)} | head -c 10", shell=True, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert "Error" not in done.stderr, done.stderr


def test_a_set_value_nested_2000_deep_is_a_usage_error() -> None:
    code, _, err = run("simulate", "zombie_run", "--set", "deck=" + "[" * 2000 + "]" * 2000)
    assert code == 2
    assert "nested too deeply" in err or "deck" in err
    assert len(err) < 2_000


def test_play_bad_seat_or_agents_is_a_usage_error() -> None:
    code, _, err = run("play", "zombie_run", "--seat", "4")
    assert code == 2 and "--seat" in err
    code, _, err = run("play", "zombie_run", "--agents", "random,random")
    assert code == 2 and "--agents" in err
    code, _, err = run("play", "zombie_run", "--agents", "genius")
    assert code == 2 and "genius" in err and "heuristic" in err
    code, _, err = run("play", "zombie_run", "--humans", "0,9")
    assert code == 2 and "--humans" in err
    code, _, err = run("play", "zombie_run", "--seat", "1", "--humans", "0,2")
    assert code == 2 and "not allowed with" in err  # one or the other


def test_undecodable_input_and_a_lone_surrogate_never_raise() -> None:
    import subprocess
    import sys

    # Bytes that are not UTF-8 (a lone surrogate's encoding) typed at the prompt.
    done = subprocess.run(
        [sys.executable, "-m", "zombie_rules", "play", "texas_zombies", "--seat", "0"],
        input=b"tell \xed\xa0\x80 story\nquit\n",
        capture_output=True,
        timeout=120,
    )
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1)
