"""Titles from outside the package: registered at run time or published as entry points.

``tests/toy_title`` is an installable package, ``zombie-rules-toy``, holding Brain
Swap (``zombie_toy``), a small zombie card game with chance and hidden cards, and a
variant published as a callable (``zombie_toy_long``). It defines the protocol and no
face (no guide, board, facts or search), so everything here runs on the generic
defaults. With no change to zombie_rules such a title must be listed, played at the
terminal and on the web, simulated, serialized and pass the conformance kit; a bad
registration must be a :class:`RegistrationError` that names the game and its source.

Most tests register the toy at run time (a fixture puts it on ``sys.path``, registers
both games and unregisters them afterwards). The slow ones install it for real, with
``pip``, into a throw-away virtual environment together with ``tests/toy_broken``,
whose entry point fails on import, and run ``python -m zombie_rules`` there.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import types
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeded_games import random_configs
from test_cli import MoveChooser
from test_terminal_pty import Screen, finished, play_through

from zombie_rules import GAMES, cli, get_game, registry
from zombie_rules import simulate as sim
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import generic_board
from zombie_rules.core.builder import REQUIRED, build_game
from zombie_rules.core.errors import (
    DecodeError,
    IllegalMove,
    InvalidConfig,
    RegistrationError,
    UnknownGame,
)
from zombie_rules.core.facts import GENERIC
from zombie_rules.core.game import Game
from zombie_rules.core.search_hints import NO_HINTS
from zombie_rules.fuzzing import check_decoder_fuzz
from zombie_rules.play import Agent, RandomAgent, Record, narrate, play_game, replay
from zombie_rules.serialize import from_json, to_data, to_json
from zombie_rules.testing import (
    FirstLegalAgent,
    check_determinize,
    check_invariants,
    check_knowledge,
    check_playthrough,
    check_termination,
    configs,
    playthroughs,
    random_playout,
)

AnyGame = Game[Any, Any, Any, Any]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TOY = HERE / "toy_title"
BROKEN = HERE / "toy_broken"
#: Runs the ``zombie-rules`` command with the toy registered at run time.
LAUNCHER = TOY / "launch.py"
TOYS = ("zombie_toy", "zombie_toy_long")
BUILT_IN = tuple(sorted(registry.BUILT_IN))


@pytest.fixture(scope="module")
def toy() -> Iterator[types.ModuleType]:
    """The toy title's module, its two games registered at run time for the module's tests."""
    sys.path.insert(0, str(TOY))
    try:
        module = importlib.import_module("zombie_toy")
        registry.register(module.GAME, source="tests/test_outside_titles.py")
        registry.register(module.long_variant(), source="tests/test_outside_titles.py")
        yield module
    finally:
        for name in TOYS:
            if name in GAMES:
                registry.unregister(name)
        sys.path.remove(str(TOY))
    assert not set(TOYS) & set(GAMES)


def _game(name: str = "zombie_toy") -> AnyGame:
    return get_game(name)


# ------------------------------------------------------------------ registration


def test_registered_titles_are_everywhere_generic_code_looks(toy: types.ModuleType) -> None:
    assert get_game("zombie_toy") is GAMES["zombie_toy"]
    assert GAMES["zombie_toy"].state_type is toy.State
    assert {*BUILT_IN, *TOYS} <= set(GAMES)
    assert registry.source("zombie_toy") == "tests/test_outside_titles.py"
    assert registry.source("zombie_run") == "zombie_rules.zombie_run"
    long = GAMES["zombie_toy_long"]
    assert long.config_type() == toy.LongConfig(turns=3)
    assert long.new_game(None) == toy.new_game(toy.Config(turns=3))
    # No face of its own: the generic guide, board, facts and search.
    game = GAMES["zombie_toy"]
    assert game.board is generic_board
    assert game.guide.title == "zombie_toy"
    assert game.facts is GENERIC and game.search is NO_HINTS
    assert not {"GUIDE", "board", "FACTS", "SEARCH"} & set(dir(toy))


def test_the_command_lists_registered_titles_with_their_player_counts(
    toy: types.ModuleType,
) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["games"], stdout=out, stderr=err) == 0
    rows = {row.split()[0]: row for row in out.getvalue().splitlines()}
    assert sorted(rows) == sorted(GAMES)
    for name in TOYS:
        assert re.search(r"\b2-4 players\b", rows[name]), rows[name]
    assert err.getvalue() == ""


# ---------------------------------------------------------- the conformance kit

WALKS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", TOYS)
@WALKS
@given(data=st.data())
def test_every_state_of_a_walk_passes_the_invariants(
    toy: types.ModuleType, name: str, data: st.DataObject
) -> None:
    game = _game(name)
    walk = data.draw(playthroughs(game, max_moves=40))
    rng = random.Random(0)
    for state in walk.states:
        check_invariants(game, state, rng, thorough=True)
    check_playthrough(game, walk)


@pytest.mark.parametrize("name", TOYS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_configs_round_trip_and_start_games(
    toy: types.ModuleType, name: str, data: st.DataObject
) -> None:
    game = _game(name)
    config = data.draw(configs(game))
    assert type(config) is game.config_type
    assert from_json(game.config_type, to_json(config)) == config
    check_invariants(game, game.new_game(config), thorough=True)


def test_random_playouts_finish_and_replay(toy: types.ModuleType) -> None:
    game = _game()
    rng = random.Random(2026)
    for seed, config in enumerate(random_configs(game, 12, rng)):
        walk = random_playout(game, config, seed)
        final = walk.states[-1]
        outcome = game.result(final)
        assert outcome is not None and game.legal_moves(final) == ()
        assert outcome.winners == {
            s for s, n in enumerate(outcome.scores) if n == min(outcome.scores)
        }
        assert len(walk.moves) >= game.players(config) * (1 + config.turns)
        check_invariants(game, final, thorough=True)
        assert replay(Record(game.name, config, walk.moves)) == walk.states


def test_stalling_and_stubborn_seats_cannot_keep_a_game_going(toy: types.ModuleType) -> None:
    for name in TOYS:
        game = _game(name)
        config = game.config_type(players=3)
        check_termination(game, config, seeds=range(3))
        for seat in range(3):
            check_termination(game, config, seeds=[seat], stallers=frozenset({seat}))
        agents: list[Agent] = [FirstLegalAgent(), RandomAgent(), RandomAgent()]
        assert game.result(replay(play_game(game, config, agents, seed=1))[-1]) is not None


def test_views_follow_from_the_account_and_the_check_catches_faults(
    toy: types.ModuleType,
) -> None:
    game = _game()
    rng = random.Random(8)
    branches = 0
    for index, config in enumerate(random_configs(game, 4, rng)):
        record = play_game(game, config, [RandomAgent()] * game.players(config), seed=index)
        branches += check_knowledge(game, config, record.moves, rng=random.Random(index))
    assert branches > 20  # every deal and draw is a card some seat cannot tell apart
    config = toy.Config(players=3)
    record = play_game(game, config, [RandomAgent()] * 3, seed=5)
    leaky = attrs.evolve(game, view=lambda state, seat: (game.view(state, seat), state))
    with pytest.raises(AssertionError, match="view leaks what the seat was not told"):
        check_knowledge(leaky, config, record.moves)

    def vague(state: Any, move: Any, seat: int | None) -> str:
        told: str = game.describe(state, move, seat)
        return "A card comes off the deck." if move.seat == CHANCE else told

    with pytest.raises(AssertionError, match="describe leaves out something"):
        check_knowledge(attrs.evolve(game, describe=vague), config, record.moves)


def test_determinize_draws_only_from_what_the_seat_knows(toy: types.ModuleType) -> None:
    game = _game()
    config = toy.Config(players=3, turns=2)
    record = play_game(game, config, [RandomAgent()] * 3, seed=3)
    twins = sum(
        check_determinize(game, config, record.moves, seat, random.Random(1))
        for seat in (0, 1, 2, None)
    )
    assert twins > 10
    peeking = attrs.evolve(game, determinize=lambda state, seat, rng: state)
    with pytest.raises(AssertionError, match="depends on where hidden cards truly lie"):
        check_determinize(peeking, config, record.moves, 0, random.Random(1))


def test_corrupted_saves_are_refused_or_playable(toy: types.ModuleType) -> None:
    game = _game()
    rng = random.Random("toy")
    tried = refused = accepted = 0
    for seed, config in enumerate([toy.Config(), toy.Config(players=3, brains=0, turns=2)]):
        walk = random_playout(game, config, seed)
        for state in walk.states[:: max(1, len(walk.states) // 4)]:
            summary = check_decoder_fuzz(game, state, rng, mutations=40)
            tried, refused, accepted = (
                tried + summary.tried,
                refused + summary.refused,
                accepted + summary.accepted,
            )
    assert refused > tried // 2 and accepted > 0, (tried, refused, accepted)


def test_bad_moves_are_refused_saying_what_is_legal(toy: types.ModuleType) -> None:
    game = _game()
    state = game.new_game(None)
    # Another actor's turn: who is awaited, never the chance outcomes (the deck's cards).
    with pytest.raises(IllegalMove, match=r"not 0's move; waiting for chance$"):
        game.apply(state, toy.Move(0, toy.Action.KEEP))
    walk = random_playout(game, game.default_config(), 3)
    turn = next(s for s in walk.states if s.phase is toy.Phase.TURN)
    other = (turn.turn + 1) % game.players(turn.config)
    with pytest.raises(IllegalMove, match=r"; waiting for \d$"):
        game.apply(turn, toy.Move(other, toy.Action.KEEP))
    with pytest.raises(DecodeError, match="is not a Brain Swap move"):
        game.parse_move(state, "chance: shuffle")
    with pytest.raises(ValueError, match="players"):
        toy.Config(players=9)


# ----------------------------------------------------- play, replay, serialize


def test_play_game_replay_and_narrate(toy: types.ModuleType) -> None:
    game = _game("zombie_toy_long")
    config = toy.LongConfig(players=3)
    record = play_game(game, config, [RandomAgent()] * 3, seed=11)
    states = replay(record)
    assert record.game == "zombie_toy_long" and record.config is config
    assert states[-1].turns_taken == 9 and game.result(states[-1]) is not None
    assert replay(from_json(Record, to_json(record))) == states
    mine, spectator = narrate(record, 0), narrate(record, None)
    assert len(mine) == len(record.moves)
    assert mine[0].startswith("You are dealt ")  # seat 0 looks at its own card
    assert spectator[0] == "Seat 0 is dealt a card face down."
    assert "Everyone turns their card over." in spectator[-1]


def test_states_views_and_records_round_trip_as_json(toy: types.ModuleType) -> None:
    for name in TOYS:
        game = _game(name)
        config = game.config_type(players=3)
        record = play_game(game, config, [RandomAgent()] * 3, seed=2)
        restored = from_json(Record, to_json(record))
        assert restored == record and type(restored.config) is game.config_type
        for state in replay(record):
            assert from_json(game.state_type, to_json(state)) == state
            for seat in (0, 1, 2, None):
                seen = game.view(state, seat)
                assert from_json(game.view_type, to_json(seen)) == seen
        outcome = game.result(replay(record)[-1])
        assert outcome is not None and from_json(type(outcome), to_json(outcome)) == outcome
    # A decoded state passes the title's own check_state: an impossible deal is refused.
    data = to_data(_game().new_game(None))
    data["turn"] = 1
    with pytest.raises(DecodeError, match="inconsistent State: hands"):
        from_json(toy.State, json.dumps(data))


def test_simulate_runs_a_batch_and_sums_it_up(toy: types.ModuleType) -> None:
    batch = sim.Batch("zombie_toy", agents=["random", "ismcts"], games=20, seed=1)
    summary = sim.run(batch)
    assert summary.games == 20
    assert sim.run(batch, sim.InProcess(chunk_games=7)) == summary  # the same games by chunks
    report = sim.format_metrics(sim.metrics(summary, batch), batch)
    assert report.startswith("zombie_toy: 20 games, root seed 1")
    assert re.search(r"^\s+1\s+ismcts\s+20\s+\d+", report, re.MULTILINE), report
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "zombie_toy_long", "--games", "20", "--set", "players=3", "--quiet"]
    assert cli.main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    assert "zombie_toy_long: 20 games" in out.getvalue()
    assert len(re.findall(r"^\s+\d\s+random\s+20\s", out.getvalue(), re.MULTILINE)) == 3


@pytest.mark.slow
def test_a_title_registered_at_run_time_is_sent_to_worker_processes(
    toy: types.ModuleType,
) -> None:
    # A fresh worker knows only the built-in and published titles; the parent sends it
    # the record it registered, so the games are those one process plays.
    batch = sim.Batch("zombie_toy", agents=["random", "random"], games=30, seed=2)
    assert sim.run(batch, sim.Processes(2, chunk_games=5)) == sim.run(batch)


def test_a_run_time_title_that_cannot_reach_workers_says_why(toy: types.ModuleType) -> None:
    unpicklable = attrs.evolve(_game(), name="zombie_toy_closure", rounds_played=lambda state: 0)
    registry.register(unpicklable, source="tests/test_outside_titles.py")
    try:
        batch = sim.Batch("zombie_toy_closure", agents=["random", "random"], games=4)
        with pytest.raises(InvalidConfig, match="cannot be sent to worker processes"):
            sim.run(batch, sim.Processes(2))
        assert sim.run(batch).games == 4  # one process needs nothing sent
    finally:
        registry.unregister("zombie_toy_closure")


def test_the_command_plays_a_registered_variant_to_the_end(toy: types.ModuleType) -> None:
    out, err = io.StringIO(), io.StringIO()
    chooser = MoveChooser(out, seed=4)
    argv = ["play", "zombie_toy_long", "--set", "players=3", "--seat", "1", "--seed", "2"]
    code = cli.main(argv, stdin=cast(IO[str], chooser), stdout=out, stderr=err)
    text = out.getvalue()
    assert code == 0 and err.getvalue() == "", err.getvalue() + text[-2000:]
    assert 3 <= chooser.prompts < 20  # three turns for seat 1, each one prompt
    assert re.search(r"^- You are dealt (a Brain|\d+ zombies?) face down", text, re.MULTILINE)
    assert re.search(r"^- Seat [02] is dealt a card face down\.$", text, re.MULTILINE)
    assert re.search(r"Everyone turns their card over\. Seat 0: .+, You: ", text)
    assert "=== Game over: " in text


# ------------------------------------------------------------------------ web


def test_the_web_api_plays_a_whole_game_on_the_generic_board(toy: types.ModuleType) -> None:
    from starlette.testclient import TestClient

    from zombie_rules.web.app import create_app
    from zombie_rules.web.store import Store

    game = _game("zombie_toy_long")
    store = Store(max_games=5)
    with TestClient(create_app(store, client_seeds=True)) as client:
        titles = {t["name"]: t for t in client.get("/api/titles").json()}
        assert set(TOYS) <= set(titles)
        assert titles["zombie_toy_long"]["config"] == to_data(toy.LongConfig())
        assert titles["zombie_toy_long"]["seat_kinds"][:2] == ["person", "random"]
        seats = ["person", "random", "person"]
        body = {"title": "zombie_toy_long", "config": {"players": 3}, "seats": seats, "seed": 4}
        made = client.post("/api/games", json=body).json()
        people = [0, 2]

        def headers(seat: int) -> dict[str, str]:
            return {"authorization": f"Bearer {made['seats'][seat]['token']}"}

        def record() -> Record[Any, Any]:
            return store.get(made["id"]).record()  # the truth: no request reads it mid-game

        rng = random.Random(1)
        posted = 0
        while True:
            payloads = {
                s: client.get(f"/api/games/{made['id']}/seats/{s}", headers=headers(s)).json()
                for s in people
            }
            state = replay(record())[-1]
            for s, payload in payloads.items():
                view = game.view(state, s)
                assert payload["board"] == generic_board(view)
                assert payload["view"] == to_data(view)
                assert payload["text"] == game.render(view)
                # Its own card and no other: the generic board shows the view's fields.
                assert f"hands: {_hands(view)}" in payload["board"]["places"][0]["tags"]
            if payloads[0]["over"]:
                break
            assert posted < 12, "the game did not end"
            (seat,) = set(payloads[0]["to_act"]) & set(people)
            moves = payloads[seat]["moves"]
            pick = rng.randrange(len(moves))
            move = {"index": pick} if posted % 2 else {"notation": moves[pick]["notation"]}
            move["version"] = payloads[seat]["version"]
            response = client.post(
                f"/api/games/{made['id']}/seats/{seat}/moves", json=move, headers=headers(seat)
            )
            assert response.status_code == 200, response.text
            posted += 1
        spectator = client.get(f"/api/games/{made['id']}/spectator").json()
    assert posted == 6  # three turns each for the two people
    assert spectator["over"] and spectator["result"]["winners"]
    final = record()
    assert game.result(replay(final)[-1]) is not None and final.config == toy.LongConfig(players=3)
    assert spectator["log"] == list(narrate(final, None))
    assert check_knowledge(game, final.config, final.moves, steps=8) > 0


def _hands(view: Any) -> str:
    return "[" + ", ".join(str(card) for card in view.hands) + "]"


# --------------------------------------------------------------------- errors


def test_a_taken_name_is_refused_naming_it_and_its_source(toy: types.ModuleType) -> None:
    before = dict(GAMES)
    with pytest.raises(
        RegistrationError, match=r"'zombie_run' is already registered .*zombie_rules\.zombie_run"
    ):
        registry.register(attrs.evolve(toy.GAME, name="zombie_run"))
    with pytest.raises(
        RegistrationError,
        match=r"'zombie_toy' is already registered \(from tests/test_outside_titles\.py\)",
    ):
        registry.register(toy.GAME, source="a second copy")
    with pytest.raises(RegistrationError, match=r"^a second copy: "):
        registry.register(toy.long_variant(), source="a second copy")
    assert dict(GAMES) == before  # nothing replaced, the built-in titles still there
    with pytest.raises(RegistrationError, match=r"zombie_run comes from zombie_rules\.zombie_run"):
        registry.unregister("zombie_run")


def test_what_is_not_a_usable_game_is_refused(toy: types.ModuleType) -> None:
    with pytest.raises(RegistrationError, match="expected a zombie_rules Game, got module"):
        registry.register(cast(AnyGame, toy))
    with pytest.raises(RegistrationError, match="must be an identifier such as my_variant"):
        registry.register(attrs.evolve(toy.GAME, name="zombie toy 2"))
    with pytest.raises(RegistrationError, match=r"has no callable apply, view"):
        registry.register(attrs.evolve(toy.GAME, name="zombie_toy_2", apply=None, view=3))
    assert "zombie_toy_2" not in GAMES


def test_build_game_names_the_module_and_every_missing_protocol_name(
    toy: types.ModuleType,
) -> None:
    half = types.ModuleType("half_title")
    for name in ("Config", "State", "Move", "View", "new_game", "legal_moves", "apply"):
        setattr(half, name, getattr(toy, name))
    missing = [name for name in REQUIRED.values() if not hasattr(half, name)]
    assert missing == [
        "chance_outcomes", "to_act", "view", "result", "parse_move", "describe",
        "determinize", "hidden_variant",
    ]  # fmt: skip
    with pytest.raises(RegistrationError) as refused:
        build_game(half)
    assert (
        str(refused.value)
        == f"title module half_title: missing protocol name(s) {', '.join(missing)}"
    )
    assert build_game(toy).name == "zombie_toy"  # the whole module builds


def test_an_unknown_name_lists_the_known_ones(toy: types.ModuleType) -> None:
    with pytest.raises(
        UnknownGame,
        match=r"no game called 'chess'; known games: .*, zombie_run, zombie_toy, zombie_toy_long$",
    ):
        get_game("chess")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["play", "chess"], stdout=out, stderr=err) == cli.USAGE
    assert "zombie_toy_long" in err.getvalue()


# ------------------------------------------------------ the entry points, for real


def _without_pythonpath() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the toy and the broken package installed by pip.

    It sees this environment's packages (pip, setuptools, attrs, ...) and the checkout's
    zombie_rules through a ``.pth`` file, so nothing is downloaded; the two packages are
    copied out of the checkout first, so their builds leave nothing in it.
    """
    where = tmp_path_factory.mktemp("outside")
    home = where / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(home)], check=True, timeout=120
    )
    python = home / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True, capture_output=True, text=True, env=_without_pythonpath(),
    ).stdout.strip()  # fmt: skip
    ours = sysconfig.get_path("purelib")
    (Path(site) / "zombie_rules_checkout.pth").write_text(f"{ours}\n{ROOT}\n", encoding="utf-8")
    for package in (TOY, BROKEN):
        source = shutil.copytree(package, where / package.name)
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
             "--no-index", "--disable-pip-version-check", "-q", str(source)],
            capture_output=True, text=True, env=_without_pythonpath(), cwd=where, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    return python


def _run(
    python: Path, *argv: str, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-m", "zombie_rules", *argv],
        input=stdin, capture_output=True, text=True, env=_without_pythonpath(), cwd=python.parent,
        timeout=timeout, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_installed_entry_points_are_listed_and_a_broken_one_is_reported(venv: Path) -> None:
    done = _run(venv, "games")
    assert done.returncode == 0, done.stderr
    names = [row.split()[0] for row in done.stdout.splitlines()]
    assert names == sorted({*BUILT_IN, *TOYS}), done.stdout
    assert "Traceback" not in done.stderr
    # The broken package's entry point is named, with what went wrong, on stderr.
    assert "'zombie_broken' (zombie_toy_broken:GAME) of group zombie_rules.games" in done.stderr
    assert "RuntimeError: zombie_toy_broken is broken on purpose" in done.stderr
    asked = _run(venv, "play", "zombie_broken")
    assert asked.returncode == cli.USAGE and "Traceback" not in asked.stderr, asked.stderr
    assert "entry point 'zombie_broken' (zombie_toy_broken:GAME)" in asked.stderr
    assert "failed to load: RuntimeError: zombie_toy_broken is broken on purpose" in asked.stderr


@pytest.mark.slow
def test_installed_registry_reads_the_entry_points(venv: Path) -> None:
    code = (
        "from zombie_rules import registry\n"
        "print(registry.source('zombie_toy'))\n"
        "print(registry.source('zombie_toy_long'))\n"
        "print([str(p) for p in registry.problems()])\n"
        "import zombie_toy\n"
        "print(registry.GAMES['zombie_toy'] is zombie_toy.GAME)\n"
        "print(zombie_toy.__file__)\n"
    )
    done = subprocess.run(
        [str(venv), "-c", code], capture_output=True, text=True, env=_without_pythonpath(),
        cwd=venv.parent, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    toy, long, problems, same, where = done.stdout.splitlines()
    assert toy == "entry point 'zombie_toy' (zombie_toy:GAME) of group zombie_rules.games"
    assert (
        long
        == "entry point 'zombie_toy_long' (zombie_toy:long_variant) of group zombie_rules.games"
    )
    assert "zombie_broken" in problems and "RuntimeError" in problems
    assert same == "True"
    assert Path(where).is_relative_to(venv.parent.parent)  # pip's copy, not the checkout's


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_installed_title_simulates_in_worker_processes_too(venv: Path, jobs: str) -> None:
    done = _run(
        venv, "simulate", "zombie_toy", "--games", "20", "--jobs", jobs, "--seed", "3", "--quiet"
    )
    assert done.returncode == 0, done.stderr
    assert "zombie_toy: 20 games, root seed 3" in done.stdout
    rows = re.findall(r"^\s+(\d)\s+random\s+20\s+(\d+)\s", done.stdout, re.MULTILINE)
    assert [seat for seat, _ in rows] == ["0", "1"]
    assert sum(int(wins) for _, wins in rows) >= 20
    assert ("2 processes" in done.stdout) == (jobs == "2"), done.stdout[-300:]


@pytest.mark.slow
def test_installed_title_and_variant_play_with_piped_input(venv: Path) -> None:
    for name, prompts in (("zombie_toy", 1), ("zombie_toy_long", 3)):
        done = _run(venv, "play", name, "--seed", "1", stdin="keep\n" * prompts)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr
        assert done.stdout.count("- You keep your card.") == prompts
        assert "=== Game over: " in done.stdout and re.search(
            r"^You (win!|lose\.)$", done.stdout, re.MULTILINE
        )
        assert "Everyone turns their card over." in done.stdout


# ------------------------------------------------------------ the terminal, on a pty


class LaunchedScreen(Screen):
    """:class:`test_terminal_pty.Screen`, running the launcher that registers the toy."""

    def __init__(self, *argv: str, home: Path) -> None:
        # Screen's child runs ``sys.executable -m zombie_rules ARGS`` on the pty; this
        # wrapper, put in its place while the child starts, runs the launcher with ARGS.
        real = sys.executable
        wrapper = home / "python-launcher"
        wrapper.write_text(
            '#!/bin/sh\n[ "$1 $2" = "-m zombie_rules" ] || exit 99\nshift 2\n'
            f'exec {shlex.quote(real)} {shlex.quote(str(LAUNCHER))} "$@"\n'
        )
        wrapper.chmod(0o755)
        try:
            sys.executable = str(wrapper)
            super().__init__(*argv, home=home)
        finally:
            sys.executable = real


@pytest.mark.slow
def test_the_toy_registered_at_run_time_plays_to_the_end_on_a_terminal(tmp_path: Path) -> None:
    screen = LaunchedScreen(
        "play", "zombie_toy_long", "--set", "players=3", "--seed", "6", home=tmp_path
    )
    try:
        screen.expect(r"seat 0> ")
        screen.send("ke\t")  # tab completion from the notation alone
        screen.expect(r"keep")
        screen.send("\r")
        screen.expect(r"- You keep your card\.")
        prompts = play_through(screen, seed=2)
        text = finished(screen)
    finally:
        screen.close()
    assert prompts == 2  # seat 0's other two turns
    assert re.search(
        r"^- You are dealt (a Brain|\d+ zombies?) face down, and look at it\.$", text, re.MULTILINE
    )
    assert "Everyone turns their card over. You: " in text
