"""The knowledge check: what each seat's view shows follows from what it was told.

It runs on seeded games of every title and several configs (bots and random
seats), and it is shown to catch both kinds of fault it exists for: a view that
leaks, and an account (``describe``) that leaves out what the view shows.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from seeded_games import mixed_agents, random_configs

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.play import play_game
from zombie_rules.testing import check_knowledge

TITLES = sorted(GAMES)


@pytest.mark.parametrize("name", TITLES)
def test_views_follow_from_the_account_in_seeded_games(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(8)
    branches = 0
    for index, config in enumerate(random_configs(game, 4, rng)):
        for seed in range(2):
            record = play_game(
                game, config, mixed_agents(game, config, seed), seed=100 * index + seed
            )
            branches += check_knowledge(
                game, config, record.moves, rng=random.Random(seed), steps=25, horizon=120
            )
    # Every title has chance outcomes or choices some seat cannot tell apart.
    assert branches > 20


def _leaky_view(game: Any) -> Any:
    def view(state: Any, seat: int | None) -> Any:
        # Planted leak: the view carries the whole true state.
        return (game.view(state, seat), state)

    return view


@pytest.mark.parametrize("name", TITLES)
def test_the_check_catches_a_planted_leak(name: str) -> None:
    game = GAMES[name]
    leaky = attrs.evolve(game, view=_leaky_view(game))
    config = game.config_type()
    record = play_game(game, config, mixed_agents(game, config, 0), seed=5)
    with pytest.raises(AssertionError, match="view leaks what the seat was not told"):
        check_knowledge(leaky, config, record.moves, rng=random.Random(0), steps=25)


@pytest.mark.parametrize("name", TITLES)
def test_the_check_catches_an_account_that_leaves_out_a_draw(name: str) -> None:
    game = GAMES[name]

    def vague(state: Any, move: Any, seat: int | None) -> str:
        # Every chance outcome told the same way, even to the seat that sees it.
        return "Something happens." if move.seat == CHANCE else game.describe(state, move, seat)

    config = game.config_type()
    record = play_game(game, config, mixed_agents(game, config, 0), seed=5)
    with pytest.raises(AssertionError, match="describe leaves out something"):
        check_knowledge(attrs.evolve(game, describe=vague), config, record.moves, steps=40)


@pytest.mark.parametrize("name", TITLES)
def test_the_check_catches_an_error_message_that_quotes_hidden_cards(name: str) -> None:
    # Issue 22: a refusal is told to the seat that sent the input, so it may say only
    # what that seat may know. This parser answers bad text with the whole true state.
    game = GAMES[name]

    def chatty(state: Any, text: str) -> Any:
        try:
            return game.parse_move(state, text)
        except DecodeError as exc:
            raise DecodeError(f"{exc}; by the way, the table is {state!r}") from None

    config = game.config_type()
    record = play_game(game, config, mixed_agents(game, config, 0), seed=5)
    with pytest.raises(AssertionError, match="the message tells the seat what it may not know"):
        check_knowledge(attrs.evolve(game, parse_move=chatty), config, record.moves, steps=25)


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
