"""Labels: what a menu shows for each move, worded without playing any of them.

A menu labels every legal move of a seat (``Match.choices``, the terminal, the web
client); labelling through ``describe`` would apply each one, which a web request
must not do. ``game.label`` is the first line of ``describe`` written from the state
alone: these tests hold it to that line over seeded games, and count the ``apply``
calls that labelling a whole state's moves makes.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from types import FrameType
from typing import Any

import attrs
import pytest

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig, UnknownSeat
from zombie_rules.play import play_game, replay
from zombie_rules.testing import check_labels, random_playout

TITLES = sorted(GAMES)
SEEDS = range(3)
#: Enough moves for every title to reach its middle game (combats, shouts, votes).
MAX_MOVES = 600

#: The one kind of move whose label plays it (``label`` in quarantine_z/describe.py says
#: why): an ambush die, a chance move that no menu offers.
PLAYED_TO_LABEL = {("quarantine_z", "ambush_roll")}


def _config(name: str, seed: int) -> Any:
    """A config drawn from the title's ``config_space``, or the default if the draw is invalid."""
    game = GAMES[name]
    rng = random.Random(seed)
    fields = {field: rng.choice(values) for field, values in game.config_space.items()}
    try:
        return game.config_type(**fields)
    except InvalidConfig:
        return game.config_type()


def _states(name: str, seed: int) -> Iterator[Any]:
    """The states of a random playout over a varied config, then of a game of the
    title's own bot (longer, more typical games), both seeded."""
    game = GAMES[name]
    yield from random_playout(game, _config(name, seed), seed, MAX_MOVES).states
    config = game.config_type()
    bot = game.agents.get("heuristic")
    if bot is not None:
        agents = [bot() for _ in range(game.players(config))]
        yield from replay(play_game(game, config, agents, seed=seed, max_moves=MAX_MOVES))


def _first_line(game: Any, state: Any, move: Any, seat: int | None) -> str:
    text: str = game.describe(state, move, seat)
    return text.split("\n", 1)[0]


class _ApplyCounter:
    """Counts calls of one function's code, however it is reached.

    ``describe`` holds its title's ``apply`` in a closure (``core.describing``), so
    patching module names would miss the calls it makes; a profile hook sees them all.
    """

    def __init__(self, function: Any) -> None:
        self.code = function.__code__
        self.calls = 0

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is self.code:
            self.calls += 1

    def __enter__(self) -> _ApplyCounter:
        self.previous = sys.getprofile()
        sys.setprofile(self._hook)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(self.previous)


@pytest.mark.parametrize("name", TITLES)
def test_every_title_writes_its_own_label(name: str) -> None:
    # The default label is describe's first line, which applies every move it labels.
    assert GAMES[name].label.__module__ == f"zombie_rules.{name}.describe"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", TITLES)
def test_a_person_move_is_labelled_with_the_first_line_of_its_account(name: str, seed: int) -> None:
    game = GAMES[name]
    checked = 0
    for state in _states(name, seed):
        players = game.players(game.config_of(state))
        for move in game.legal_moves(state):
            if move.seat == CHANCE:
                continue
            # The mover first (its menu), then everyone else it is told to.
            others = [s for s in range(players) if s != move.seat]
            for seat in (move.seat, *others, None):
                shown = game.label(state, move, seat)
                told = _first_line(game, state, move, seat)
                assert shown == told, f"{name} {move} seat {seat}: {shown!r} != {told!r}"
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", TITLES)
def test_check_labels_passes_at_every_state_chance_included(name: str, seed: int) -> None:
    game = GAMES[name]
    for state in _states(name, seed):
        check_labels(game, state, game.legal_moves(state))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", TITLES)
def test_labelling_every_legal_move_applies_none(name: str, seed: int) -> None:
    game = GAMES[name]
    labelled = 0
    for state in _states(name, seed):
        legal = game.legal_moves(state)
        players = game.players(game.config_of(state))
        with _ApplyCounter(game.apply) as counter:
            for move in legal:
                for seat in (*range(players), None):
                    game.label(state, move, seat)
        labelled += len(legal)
        if (name, state.phase.value) in PLAYED_TO_LABEL:
            assert game.to_act(state) == {CHANCE}, "only a chance move may be played to label"
            assert counter.calls <= len(legal) * (players + 1)
        else:
            assert counter.calls == 0, (
                f"{name}: labelling the {len(legal)} moves at phase {state.phase.value}"
                f" applied {counter.calls} times"
            )
    assert labelled > 100


@pytest.mark.parametrize("name", TITLES)
def test_the_apply_counter_sees_describe_apply(name: str) -> None:
    # The counter is what the test above trusts: it must see describe's own apply.
    game = GAMES[name]
    state = game.new_game(None)
    move = game.legal_moves(state)[0]
    with _ApplyCounter(game.apply) as counter:
        game.describe(state, move, None)
    assert counter.calls == 1


@pytest.mark.parametrize("name", TITLES)
def test_a_label_refuses_what_describe_refuses(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(None)
    move = game.legal_moves(state)[0]
    players = game.players(game.config_of(state))
    bad_seats: tuple[Any, ...] = (players, -1, 1.0, True)
    for bad_seat in bad_seats:
        with pytest.raises(UnknownSeat):
            game.label(state, move, bad_seat)
    for malformed in (None, "0: draw pile", object()):
        with pytest.raises(IllegalMove):
            game.label(state, malformed, None)


def test_check_labels_names_the_title_the_move_and_both_texts() -> None:
    game = GAMES["zombie_run"]
    wrong = attrs.evolve(game, label=lambda state, move, seat: "Something else.")
    state = game.new_game(None)
    legal = game.legal_moves(state)
    told = _first_line(game, state, legal[0], 0)
    with pytest.raises(AssertionError) as failure:
        check_labels(wrong, state, legal)
    message = str(failure.value)
    assert "zombie_run" in message
    assert str(legal[0]) in message
    assert "Something else." in message and told in message
