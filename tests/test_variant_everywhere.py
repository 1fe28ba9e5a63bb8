"""A variant with custom cards and a house rule, through every surface that plays games.

The game is Zombie Run! under the ``shout_under_20`` house rule (``examples/house_rules.py``)
with special cards of every effect in its deck. Its record must go through JSON and
replay under the variant's rules, come out of the terminal and the web server as that
variant, and give identical summaries in process, on 2 processes and on Dask worker
processes (which know nothing this process registered).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_terminal import play as terminal_play
from test_web_api import Api, test_app

from zombie_rules import registry, zombie_run
from zombie_rules import simulate as sim
from zombie_rules.play import Record, replay
from zombie_rules.serialize import from_json, to_data, to_json
from zombie_rules.simulate.cluster import LOCAL_ONLY
from zombie_rules.zombie_run import SpecialCard

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
VARIANT = "zombie_run+shout_under_20"
SPECIALS = (
    SpecialCard("Flare", "reveal_discard", 5, 3),
    SpecialCard("Lookout", "peek_one", 0, 3),
    SpecialCard("Medkit", "counts_as", -5, 3),
    SpecialCard("Shotgun", "cancels_highest", 2, 2),
)
CONFIG = zombie_run.Config(players=3, rounds=2, specials=SPECIALS)


@pytest.fixture(scope="module", autouse=True)
def published() -> Iterator[Any]:
    sys.path.insert(0, str(EXAMPLES))
    example = importlib.import_module("house_rules")
    example.publish()
    yield example
    for rule in example.RULES:
        registry.unregister_house_rule(rule.name)
    sys.path.remove(str(EXAMPLES))


def _check_record(record: Record[Any, Any]) -> None:
    """The record names the variant and replays under its rules, after JSON too."""
    assert record.game == VARIANT and record.config.specials == SPECIALS
    again = from_json(Record, to_json(record))
    assert again == record
    states = replay(again)
    assert len(states) == len(record.moves) + 1
    assert registry.get_game(VARIANT).result(states[-1]) is not None


def test_the_terminal_plays_and_records_the_variant(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    specials = json.dumps(to_data(CONFIG)["specials"])
    code, _out, err = terminal_play(
        VARIANT,
        "--seat", "0", "--agents", "human,heuristic,heuristic",
        "--set", "players=3", "--set", "rounds=1", "--set", f"specials={specials}",
        "--record", str(path),
        seed=3,
    )  # fmt: skip
    assert code == 0, err
    _check_record(from_json(Record, path.read_text()))


def test_the_web_server_plays_the_variant_to_the_end() -> None:
    with TestClient(test_app()) as client:
        api = Api(client)
        made = api.create_exact(
            VARIANT,
            {**to_data(CONFIG), "rounds": 1, "turn_limit": 12},
            ["person", "heuristic", "random"],
        )
        api.play_to_end(made, 0, seed=2, limit=300)
        record = api.record(made)
    _check_record(record)


def _summary(executor: sim.Executor) -> str:
    batch = sim.Batch(VARIANT, "heuristic,random,random", 9, seed=8, config=CONFIG, max_moves=80)
    return sim.report_json(batch, sim.run(batch, executor))


def test_summaries_are_identical_in_process_on_processes_and_on_dask() -> None:
    distributed: Any = importlib.import_module("distributed")
    here = _summary(sim.InProcess())
    assert _summary(sim.Processes(2, chunk_games=3)) == here
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, **LOCAL_ONLY
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert _summary(sim.Dask(client=client, chunk_games=3)) == here
