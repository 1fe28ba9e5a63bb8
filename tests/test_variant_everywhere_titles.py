"""Custom cards and a house rule in Texas Zombies, Zombie Doctor and Quarantine Z, everywhere.

Zombie Run!'s variant has its own module (``test_variant_everywhere``); this one asks the
same of the other three titles. Each variant is a config holding new cards as data (a
new Event; a Crystal Ball built from the vocabulary; Quarantine Z cards with built-in
effects) played under a house rule registered here. Its record must name the variant,
go through JSON and replay under the variant's rules; the terminal and the web server
must play it; and a batch of it must give identical summaries in process, on 2
processes and on Dask worker processes (which know nothing this process registered).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_terminal import play as terminal_play
from test_web_api import Api, test_app

from zombie_rules import quarantine_z, registry, texas_zombies, zombie_doctor
from zombie_rules import simulate as sim
from zombie_rules.core.house_rules import HouseRule
from zombie_rules.play import Record, replay
from zombie_rules.serialize import from_json, to_data, to_json
from zombie_rules.simulate.cluster import LOCAL_ONLY


def _no_to_a_hard_story(state: texas_zombies.State, move: texas_zombies.Move) -> str | None:
    """Texas Zombies: a story told with three Objects may not be voted down."""
    if move.action is texas_zombies.Action.VOTE and move.args == (0,) and state.required >= 3:
        return "a story told with three Objects may not be voted down"
    return None


def _no_return(state: zombie_doctor.State, move: zombie_doctor.Move) -> str | None:
    """Zombie Doctor: a stuck player returns no card, the penalty flip only."""
    if move.action is zombie_doctor.Action.STUCK and move.card:
        return "no card is returned when stuck (house rule): the penalty flip only"
    return None


def _no_last_food(state: quarantine_z.State, move: quarantine_z.Move) -> str | None:
    """Quarantine Z: never forbids anything; the variant is told apart by its name only."""
    return None


RULES = (
    HouseRule("fair_hearing_t", "texas_zombies", "No vote down on a 3-Object story.",
              forbids=_no_to_a_hard_story),
    HouseRule("keep_your_cards_t", "zombie_doctor", "A stuck player returns no card.",
              forbids=_no_return),
    HouseRule("plain_t", "quarantine_z", "The rulebook's rules under a variant's name.",
              forbids=_no_last_food),
)  # fmt: skip

SQUARE_DANCE = ("A zombie square dance at the county fair", 2)
CRYSTAL_BALL = zombie_doctor.CustomCard(
    "crystal_ball",
    steps=(zombie_doctor.Step("look_top", count=2),),
    description="Look at the top 2 cards of the deck and put them back in any order.",
)


def _qz_config() -> quarantine_z.Config:
    """Quarantine Z's deck sizes with a built-in effect on an Event, a zombie and an item."""
    qz = quarantine_z

    def swap(cards: tuple[Any, ...], old: str, new: Any) -> tuple[Any, ...]:
        return tuple(new if c.name == old else c for c in cards)

    zc = swap(
        qz.ZOMBIE_CARDS,
        "Swarm",
        qz.ZombieCard("Plague", 5, qz.Face.EVENT, amount=1, effect="sicken"),
    )
    zc = swap(
        zc,
        "Screamer",
        qz.ZombieCard(
            "Howler", 4, qz.Face.ZOMBIE, life=1, damage=1, escape=1, amount=1, effect="call"
        ),
    )
    items = swap(
        qz.ITEMS,
        "Firecrackers",
        qz.Item("Flare", qz.Deck.SUPPLY, 2, qz.Kind.COMBAT, amount=2, effect="flare"),
    )
    return qz.Config(zombie_card_set=zc, item_set=items)  # fmt: skip


VARIANTS: dict[str, tuple[str, Any, str]] = {
    # title: (variant name, config, seats)
    "texas_zombies": (
        "texas_zombies+fair_hearing_t",
        texas_zombies.Config(events=texas_zombies.DEFAULT_EVENTS + (SQUARE_DANCE,)),
        "human,heuristic,heuristic,heuristic",
    ),
    "zombie_doctor": (
        "zombie_doctor+keep_your_cards_t",
        zombie_doctor.Config(
            players=3,
            deck=(*zombie_doctor.DEFAULT_DECK, ("crystal_ball", 3)),
            custom_cards=(CRYSTAL_BALL,),
        ),
        "human,heuristic,heuristic",
    ),
    "quarantine_z": ("quarantine_z+plain_t", _qz_config(), "human,heuristic,heuristic,heuristic"),
}


@pytest.fixture(scope="module", autouse=True)
def published() -> Iterator[None]:
    for rule in RULES:
        registry.register_house_rule(rule)
    yield
    for rule in RULES:
        registry.unregister_house_rule(rule.name)


def _check_record(title: str, record: Record[Any, Any]) -> None:
    """The record names the variant, keeps its cards and replays under its rules, after JSON."""
    name, config, _ = VARIANTS[title]
    assert record.game == name
    for field, value in _cards(config).items():
        assert getattr(record.config, field) == value, field
    again = from_json(Record, to_json(record))
    assert again == record
    states = replay(again)
    assert len(states) == len(record.moves) + 1
    assert registry.get_game(name).result(states[-1]) is not None
    (rule,) = registry.get_game(name).house_rules
    assert rule.forbids is not None
    for state, move in zip(states, record.moves, strict=False):
        assert rule.forbids(state, move) is None, f"{move} was played against the house rule"


def _cards(config: Any) -> dict[str, Any]:
    """The fields of ``config`` that hold its custom cards."""
    fields = ("events", "custom_cards", "deck", "zombie_card_set", "item_set")
    return {f: getattr(config, f) for f in fields if hasattr(config, f)}


@pytest.mark.parametrize("title", sorted(VARIANTS))
def test_the_terminal_plays_and_records_the_variant(title: str, tmp_path: Path) -> None:
    name, config, seats = VARIANTS[title]
    path = tmp_path / "game.json"
    default = to_data(type(config)())
    settings = [f"{f}={json.dumps(v)}" for f, v in to_data(config).items() if v != default[f]]
    argv = ["--seat", "0", "--agents", seats, "--record", str(path)]
    for setting in settings:
        argv += ["--set", setting]
    code, _out, err = terminal_play(name, *argv, seed=3)
    assert code == 0, err
    record = from_json(Record, path.read_text())
    for field, value in _cards(config).items():
        assert getattr(record.config, field) == value
    _check_record(title, record)


@pytest.mark.parametrize("title", sorted(VARIANTS))
def test_the_web_server_plays_the_variant_to_the_end(title: str) -> None:
    name, config, seats = VARIANTS[title]
    with TestClient(test_app()) as client:
        api = Api(client)
        made = api.create_exact(
            name, to_data(config), ["person", *(["random"] * (len(seats.split(",")) - 1))]
        )
        api.play_to_end(made, 0, seed=2, limit=3000)
        record = api.record(made)
    assert record.config == config
    _check_record(title, record)


def _summary(title: str, executor: sim.Executor) -> str:
    name, config, seats = VARIANTS[title]
    agents = seats.replace("human", "random")
    batch = sim.Batch(name, agents, 6, seed=8, config=config, max_moves=400)
    return sim.report_json(batch, sim.run(batch, executor))


def test_summaries_are_identical_in_process_on_processes_and_on_dask() -> None:
    distributed: Any = importlib.import_module("distributed")
    here = {title: _summary(title, sim.InProcess()) for title in VARIANTS}
    for title in VARIANTS:
        assert _summary(title, sim.Processes(2, chunk_games=2)) == here[title], title
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, **LOCAL_ONLY
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        for title in VARIANTS:
            assert _summary(title, sim.Dask(client=client, chunk_games=2)) == here[title], title
