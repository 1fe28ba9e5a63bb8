"""Zombie Doctor custom cards through every surface that plays games.

A config with vocabulary cards (a look with its follow-up order, a hand shown to the
table, a swap between any two seats) is plain data: the terminal and the web server
play it from JSON settings and hand back records that replay, and ``simulate`` gives
the same summary in process and on worker processes, which receive the config only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from zombie_rules import simulate as sim
from zombie_rules.play import Record, replay
from zombie_rules.serialize import from_json, to_data, to_json
from zombie_rules.zombie_doctor import DEFAULT_DECK, GAME, Action, Config, CustomCard, Step

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_terminal import play as terminal_play
from test_web_api import Api, test_app

CARDS = (
    CustomCard("crystal_ball", steps=(Step("look_top", count=2),)),
    CustomCard("confess", steps=(Step("reveal_hand", to="table"),)),
    CustomCard("switch", steps=(Step("swap", who="any"),)),
)
CONFIG = Config(
    players=3,
    deck=(*DEFAULT_DECK, ("crystal_ball", 4), ("confess", 3), ("switch", 3)),
    custom_cards=CARDS,
    round_limit=6,
)


def _check_record(record: Record[Any, Any]) -> None:
    assert record.game == "zombie_doctor" and record.config.custom_cards == CARDS
    again = from_json(Record, to_json(record))
    assert again == record
    states = replay(again)
    assert len(states) == len(record.moves) + 1
    assert GAME.result(states[-1]) is not None


def test_the_terminal_plays_and_records_custom_cards(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    data = to_data(CONFIG)
    code, _out, err = terminal_play(
        "zombie_doctor",
        "--seat", "0", "--agents", "human,heuristic,random",
        "--set", "players=3", "--set", "round_limit=6",
        "--set", f"deck={json.dumps(data['deck'])}",
        "--set", f"custom_cards={json.dumps(data['custom_cards'])}",
        "--record", str(path),
        seed=3,
    )  # fmt: skip
    assert code == 0, err
    _check_record(from_json(Record, path.read_text()))


def test_the_web_server_plays_custom_cards_to_the_end() -> None:
    with TestClient(test_app()) as client:
        api = Api(client)
        made = api.create_exact("zombie_doctor", to_data(CONFIG), ["person", "heuristic", "random"])
        api.play_to_end(made, 0, seed=2, limit=500)
        record = api.record(made)
    _check_record(record)
    assert any(m.action is Action.ORDER for m in record.moves) or any(
        m.card == "crystal_ball" for m in record.moves
    )


def _summary(executor: sim.Executor) -> str:
    batch = sim.Batch("zombie_doctor", "heuristic,random,random", 8, seed=8, config=CONFIG)
    return sim.report_json(batch, sim.run(batch, executor))


def test_summaries_are_identical_in_process_and_on_processes() -> None:
    here = _summary(sim.InProcess())
    assert _summary(sim.Processes(2, chunk_games=3)) == here
