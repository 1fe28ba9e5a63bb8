"""The ``zombie_run_short`` variant, registered at run time as a program would, then played.

The package is not installed here: the module is imported from its file and handed to
``zombie_rules.registry.register``, and unregistered when the tests are done, so the
rest of the suite sees the registry as it was. Installed, its entry point does the same
(``pyproject.toml``).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zombie_rules import GAMES, get_game, registry
from zombie_rules import zombie_run as zr
from zombie_rules.match import Match
from zombie_rules.play import RandomAgent, Record, narrate, play_game, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    check_determinize,
    check_invariants,
    check_knowledge,
    check_playthrough,
    playthroughs,
    random_playout,
)

HERE = Path(__file__).resolve().parent
MODULE = "zombie_run_short"


@pytest.fixture(scope="module")
def variant() -> Iterator[ModuleType]:
    """The variant's module, imported from its file, its game registered for these tests."""
    spec = importlib.util.spec_from_file_location(MODULE, HERE / f"{MODULE}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE] = module  # its classes' annotations are resolved through it
    try:
        spec.loader.exec_module(module)
        registry.register(module.GAME, source=str(HERE / f"{MODULE}.py"))
        yield module
    finally:
        if MODULE in GAMES:
            registry.unregister(MODULE)
        del sys.modules[MODULE]
    assert MODULE not in GAMES


def test_the_variant_is_a_game_of_its_own(variant: ModuleType) -> None:
    game = get_game("zombie_run_short")
    assert game is variant.GAME and game.name == "zombie_run_short"
    assert sum(copies for _, copies in variant.SHORT_DECK) == 30
    assert game.default_config().deck == variant.SHORT_DECK
    assert game.config_type is zr.Config  # Zombie Run!'s own records and states
    assert sum(game.card_set(game.default_config()).values()) == 30
    assert game.new_game(None).config.deck == variant.SHORT_DECK
    # Zombie Run! itself is unchanged, and the variant shares its rules and its bots.
    assert get_game("zombie_run").config_type().deck == zr.DEFAULT_DECK
    assert game.apply is zr.apply and game.agents is zr.GAME.agents
    assert game.guide.title == "Zombie Run! (short deck)"
    # The deck is a default: any other deck plays under the variant's name.
    assert game.new_game(zr.Config(deck=zr.DEFAULT_DECK)) == zr.new_game(zr.Config())


def test_the_published_entry_point_names_the_game(variant: ModuleType) -> None:
    project = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    points = project["entry-points"][registry.ENTRY_POINT_GROUP]
    assert set(points) == {variant.NAME}
    point = EntryPoint(variant.NAME, points[variant.NAME], registry.ENTRY_POINT_GROUP)
    assert point.load() is variant.GAME


def _play(match: Match[zr.Config, zr.State, zr.Move, zr.View]) -> None:
    """Seat 0 plays its first choice each time, and takes one move back the first time it may
    (a move that showed it nothing, before anyone else moved)."""
    undone = False
    while True:
        match.advance()
        if match.over:
            assert undone
            return
        assert match.waiting == 0
        move = match.choice(0, 0)
        match.play(move)
        if not undone and match.can_undo(0) is None:
            assert match.undo(0) == (move,)  # the same decision is asked again
            undone = True
            match.advance()
            assert match.waiting == 0 and match.choice(0, 0) == move
            match.play(move)


def test_a_match_plays_the_short_deck(variant: ModuleType) -> None:
    game = variant.GAME
    match = Match(game, seats=["person", "heuristic", "heuristic", "random"], seed=7)
    _play(match)
    assert match.config == variant.default_config() and game.result(match.state) is not None
    short = game.card_set(variant.default_config())
    assert all(game.card_census(state) == short for state in match.states)
    dealt = match.states[1]  # one card off the 30-card deck
    assert zr.view(dealt, None).draw_pile_size == 29

    # A save file names the variant and reads back with the short deck.
    record = match.record()
    text = to_json(record)
    assert json.loads(text)["game"] == "zombie_run_short"
    loaded = from_json(Record, text)
    assert loaded == record and loaded.config.deck == variant.SHORT_DECK
    assert replay(loaded) == tuple(match.states)
    resumed = Match.from_record(game, loaded)
    assert resumed.state == match.state and resumed.log(0) == match.log(0)
    assert narrate(loaded, 0) == match.log(0)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_walks_pass_the_test_kit(variant: ModuleType, data: st.DataObject) -> None:
    game = variant.GAME
    walk = data.draw(playthroughs(game, max_moves=150))  # configs from its config space
    assert walk.config.deck == variant.SHORT_DECK
    rng = random.Random(0)
    for state in walk.states:
        check_invariants(game, state, rng, thorough=False)
    for state in walk.states[:: max(1, len(walk.states) // 5)] + walk.states[-1:]:
        check_invariants(game, state, rng, thorough=True)
    check_playthrough(game, walk)  # replays, and the record round-trips as JSON


def test_random_games_finish_and_pass_the_test_kit(variant: ModuleType) -> None:
    game = variant.GAME
    for seed, players in enumerate((2, 4, 7)):
        config = attrs.evolve(variant.default_config(), players=players, rounds=2)
        walk = random_playout(game, config, seed)
        assert game.result(walk.states[-1]) is not None
        check_invariants(game, walk.states[-1])
        check_playthrough(game, walk)


def test_views_and_worlds_follow_what_each_seat_is_told(variant: ModuleType) -> None:
    game = variant.GAME
    config = attrs.evolve(variant.default_config(), players=3, rounds=1)
    record = play_game(game, config, [RandomAgent()] * 3, seed=4)
    assert check_knowledge(game, config, record.moves, steps=10, horizon=15) > 0
    check_determinize(game, config, record.moves, 1, random.Random(2), steps=10)
