"""Texas Zombies always ends, whatever the agents do, within a bound fixed by the config.

No move is a pass: every legal move deals, draws or turns a card, tells (or fails to
tell) a story, or casts a vote that cannot be cast again. So a measure of the moves
left, :func:`moves_left`, drops by at least one with every legal move; a game lasts
at most ``moves_left(new_game(config))`` moves: 2 + 4n for the set-up and n + 5 per
Event in the pile (draw, next back, story, n - 1 votes, up to 3 Objects drawn); with
``hand_size`` h, (h + 1)n + 2 and n + 2 + h.
With the rulebook's 3 Events per player that is 126 moves for 4 players and 224
for 6. An agent that answers with an illegal move only gets ``IllegalMove``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from tz_walks import random_step

from zombie_rules.core.errors import IllegalMove
from zombie_rules.play import play_out
from zombie_rules.texas_zombies import (
    GAME,
    Action,
    Config,
    Move,
    Phase,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    spread_events,
    to_act,
)


def moves_left(state: State) -> int:
    """An upper bound on the moves still to come (0 exactly when the game is over)."""
    n = state.config.players
    h = state.config.hand_size
    per_turn = n + 2 + h
    turns = state.events_left * per_turn
    phase = state.phase
    dealt = sum(len(h) for h in state.hands)
    teams = sum(1 for t in state.teams if t is not None)
    if phase is Phase.TOP_BACK:
        return 1 + h * n + 1 + n + turns
    if phase is Phase.DEAL_OBJECT:
        return h * n - dealt + 1 + n + turns
    if phase is Phase.SPLIT:
        return 1 + n + turns
    if phase is Phase.DEAL_TEAM:
        return n - teams + turns
    if phase is Phase.DRAW_EVENT:
        return turns
    if phase is Phase.NEXT_BACK:
        return 1 + 1 + (n - 1) + h + turns
    if phase is Phase.TELL:
        return 1 + (n - 1) + h + turns
    if phase is Phase.VOTE:
        return len(to_act(state)) + h + turns
    if phase is Phase.DRAW_OBJECT:
        return state.to_draw + turns
    return 0


class Staller:
    """Plays for the longest game an agent can choose: never speechless (a tell's length
    does not depend on which Objects it uses, nor a vote's on how it goes)."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        tells = [m for m in legal if m.action is not Action.SPEECHLESS]
        return tells[-1] if tells else legal[-1]


class Stubborn:
    """Answers every question with a move that would change nothing: a pass."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return Move(legal[0].seat, Action.TELL, ())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_legal_move_brings_the_end_closer(players: int) -> None:
    """K-L: turns pass clockwise until "the last Event card of the pile is drawn ...
    Then the game is over."""
    config = Config(players=players)
    rng = random.Random(players)
    state = new_game(config)
    bound = moves_left(state)
    assert bound == 2 + 4 * players + 3 * players * (players + 5)
    played = 0
    while legal := legal_moves(state):
        left = moves_left(state)
        assert left > 0
        for move in legal:
            assert moves_left(apply(state, move)) < left, f"{move} at {state.phase.name}"
        state = apply(state, random_step(state, rng))
        played += 1
    assert moves_left(state) == 0 and played <= bound


@pytest.mark.parametrize(
    "config",
    [
        Config(players=4, team_sizes=(3, 1), hand_size=5),
        Config(players=5, team_sizes=(4, 1), hand_size=2, events=spread_events((15, 15, 0))),
    ],
    ids=["four-3-1-hand5", "five-4-1-hand2"],
)
def test_the_measure_drops_in_variant_games_too(config: Config) -> None:
    rng = random.Random(config.players)
    state = new_game(config)
    while legal := legal_moves(state):
        left = moves_left(state)
        for move in legal:
            assert moves_left(apply(state, move)) < left, f"{move} at {state.phase.name}"
        state = apply(state, random_step(state, rng))
    assert moves_left(state) == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_an_agent_that_stalls_still_finishes_within_the_bound(players: int) -> None:
    config = Config(players=players)
    for seed in range(3):
        played = play_out(GAME, config, [Staller() for _ in range(players)], seed=seed)
        assert GAME.result(played.final) is not None
        assert not any(m.action is Action.SPEECHLESS for m in played.record.moves)
        assert len(played.record.moves) <= moves_left(new_game(config))


def test_an_agent_that_will_not_move_is_refused_not_waited_for() -> None:
    with pytest.raises(IllegalMove, match="the story must use exactly"):
        play_out(GAME, Config(), [Stubborn() for _ in range(4)], seed=0)
