"""Can a game of Zombie Doctor go on for ever? Yes: hence the default round cap (Ruling 28).

Figures from 1,000 seeded games per line (``round_limit=200``, the default), measured
when the cap was chosen:

=========  =======  =====  ===========  ======  ===  ===  ==========
agents     players  bonus  mean rounds  median  p99  max  hit the cap
=========  =======  =====  ===========  ======  ===  ===  ==========
random     2        no     19.6         19      41   62   0
random     3        no     23.1         22      39   45   0
random     3        yes    25.4         24      48   68   0
random     4        no     23.6         23      43   52   0
random     4        yes    22.0         21      46   60   0
heuristic  2        no     21.5         20      51   76   0
heuristic  3        no     33.3         31      73   200  1 (a loop)
heuristic  3        yes    48.2         47      86   200  1 (a loop)
heuristic  4        no     42.7         41      83   135  0
heuristic  4        yes    57.4         56      101  154  0
=========  =======  =====  ===========  ======  ===  ===  ==========
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.play import RandomAgent, play_game, replay, sample_chance
from zombie_rules.testing import check_termination, stalling_playout
from zombie_rules.zombie_doctor import (
    GAME,
    Action,
    Config,
    Move,
    Phase,
    State,
    Status,
    apply,
    chance_outcomes,
    parse_move,
    result,
)

#: A 27-move cycle found with three heuristic bots (seed 22): the deck's unseen part is
#: used up, so every draw is the public bottom card, and both morgue draws are forced.
CYCLE = (
    "0: use medicine larm", "1: use coma", "2: use medicine rarm", "0: use xray 2",
    "0: take defibrillator", "0: flip larm", "1: stuck flip rarm return morgue",
    "2: use xray 0", "2: take defibrillator", "2: flip lleg", "0: use mad_scientist 1 larm",
    "1: use mad_scientist 2 larm", "2: use mad_scientist 1 larm", "0: use amputate 1 larm",
    "0: flip rleg", "1: use medicine rarm", "2: use medicine lleg", "0: use medicine rleg",
    "1: use coma", "2: use coma", "0: use morgue", "chance: limb 0 larm infected",
    "1: use morgue", "chance: limb 1 larm healthy", "2: use xray 0", "2: take medicine",
    "2: flip rarm",
)  # fmt: skip


def _cycle_start() -> State:
    return State(
        config=Config(players=3, round_limit=None),
        phase=Phase.PLAY,
        turn=0,
        round=5,
        turns_taken=15,
        bodies=((0, 0, 1, 0, 0, 0), (2, 2, 2, 2, 2, 2), (4, 4, 4, 5, 4, 4)),
        status=(Status.ALIVE,) * 3,
        out_order=(),
        hands=((0, 0, 4), (3, 5, 5), (0, 4, 5)),
        deck_unknown=(0,) * 7,
        deck_bottom=(1, 6, 1, 2, 2, 2, 0, 4, 4, 4, 3, 3, 6, 6, 1),
        # The Morgue seat 1 returns unseen (Ruling 6) is the second card from the top.
        deck_bottom_hidden_by=(-1, 1) + (-1,) * 13,
        morgue=(0,) * 24,
        coma=0,
        xray_target=-1,
    )


def _key(state: State) -> tuple[object, ...]:
    return (state.phase, state.turn, state.bodies, state.status, state.hands,
            state.deck_unknown, state.deck_bottom, state.deck_bottom_hidden_by, state.morgue,
            state.coma)  # fmt: skip


def test_the_rulebook_game_can_loop_for_ever() -> None:
    """ "The game continues clockwise" with no end unless a head is infected: here a
    legal sequence of 27 moves, with only forced chance outcomes, returns to the very
    same position, so the uncapped game can go on for ever (Ruling 28)."""
    start = _cycle_start()
    GAME.check_state(start)
    state = start
    for _ in range(3):
        for text in CYCLE:
            move = parse_move(state, text)
            if CHANCE in GAME.to_act(state):
                assert [m for m, _ in chance_outcomes(state)] == [move]  # probability 1
            else:
                assert move in GAME.legal_moves(state)
            state = apply(state, move)
        assert _key(state) == _key(start)
    assert state.round == start.round + 18 and result(state) is None  # 6 rounds a cycle


def test_the_default_round_cap_ends_that_loop_with_the_health_tiebreak() -> None:
    """Ruling 28: after ``round_limit`` rounds, the most healthy body cards wins."""
    begin = _cycle_start()
    fields = [getattr(begin, a.name) for a in State.__attrs_attrs__][1:]
    capped = State(Config(players=3, round_limit=8), *fields)
    state = capped
    steps = 0
    while GAME.to_act(state):
        state = apply(state, parse_move(state, CYCLE[steps % len(CYCLE)]))
        steps += 1
    assert state.phase is Phase.OVER and state.round == 8
    res = result(state)
    assert res is not None and "round limit" in res.reason
    healthy = [sum(1 for c in body if c >= 0 and c % 2 == 0) for body in state.bodies]
    assert res.winners == {s for s in range(3) if healthy[s] == max(healthy)}


def test_default_games_always_end() -> None:
    """With the default cap every game ends; random play ends long before it."""
    for players in (2, 3, 4):
        for seed in range(40):
            config = Config(players=players, bonus_mode=players > 2 and seed % 2 == 1)
            record = play_game(GAME, config, [RandomAgent() for _ in range(players)], seed)
            state = GAME.new_game(config)
            for move in record.moves:
                state = apply(state, move)
            res = result(state)
            assert res is not None and "round limit" not in res.reason
            assert state.round < 100


def test_uncapped_random_games_end() -> None:
    """Random play finishes the uncapped rulebook game (mean about 20-25 rounds)."""
    lengths = []
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(Config(players=2 + seed % 3, round_limit=None))
        while GAME.to_act(state) and state.round < 1000:
            if CHANCE in GAME.to_act(state):
                move = sample_chance(GAME, state, rng)
            else:
                legal = GAME.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = apply(state, move)
        assert result(state) is not None
        lengths.append(state.round)
    assert 10 < sum(lengths) / len(lengths) < 40


def _bound(config: Config) -> int:
    """Most moves a capped game can last: the deal, then at most ``round_limit`` rounds of
    ``players`` turns, each a card or a penalty, at most one X-Ray take or morgue draw and
    one flip, and the draws that refill the hands (a zombie: a roll and a bite or pass)."""
    n, size = config.players, config.hand_size
    assert config.round_limit is not None
    return n * size + config.round_limit * n * (3 + n * size)


class StallingAgent:
    """Makes the game last: never attacks, cures and sleeps, passes every bite."""

    _ORDER = ("pass", "coma", "medicine", "defibrillator", "morgue", "mad_scientist")

    def choose(self, view: object, legal: Sequence[Move], rng: random.Random) -> Move:
        def rank(move: Move) -> int:
            word = move.action.value if move.action is Action.PASS else move.card
            return self._ORDER.index(word) if word in self._ORDER else len(self._ORDER)

        return min(legal, key=rank)


@pytest.mark.parametrize("players,bonus", [(2, False), (3, True), (4, False), (4, True)])
def test_stalling_agents_cannot_outlast_the_round_cap(players: int, bonus: bool) -> None:
    """Ruling 28: the cap bounds the game for any agents. Adversarial stallers (the kit's,
    which seek a position already seen, and one that never attacks and never bites) end
    within the bound of ``round_limit`` rounds."""
    config = Config(players=players, bonus_mode=bonus, round_limit=12)
    check_termination(GAME, config, seeds=range(6), max_moves=_bound(config))
    capped = 0
    for seed in range(6):
        walk = stalling_playout(GAME, config, seed)
        assert GAME.result(walk.states[-1]) is not None
        assert len(walk.moves) <= _bound(config)
        agents = [StallingAgent() for _ in range(players)]
        record = play_game(GAME, config, agents, seed)
        assert len(record.moves) <= _bound(config)
        final = replay(record)[-1]
        res = result(final)
        assert res is not None and final.round <= 12
        capped += "round limit" in res.reason
    assert capped > 0  # the stallers do stall: the cap, not the rules, ends their games
