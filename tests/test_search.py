"""The ISMCTS bot: plays every title, never reads the true state, is reproducible, and searches.

Budgets here are iterations, never seconds, so every test is deterministic.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zombie_rules import CHANCE, GAMES, InvalidConfig
from zombie_rules import texas_zombies as tz
from zombie_rules.core.game import Game
from zombie_rules.play import WorldSampler, choose_move, play_out, replay, resolve_chance
from zombie_rules.search import ISMCTSAgent, make_ismcts
from zombie_rules.search.ismcts import _paired_choice, private_generator
from zombie_rules.testing import check_invariants

AnyGame = Game[Any, Any, Any, Any]
TITLES = sorted(GAMES)


def heuristic_table(game: AnyGame, config: Any, seat: int, agent: Any) -> list[Any]:
    players = game.players(config)
    agents: list[Any] = [game.agents["heuristic"]() for _ in range(players)]
    agents[seat] = agent
    return agents


def decision_states(game: AnyGame, config: Any, seed: int, every: int) -> list[Any]:
    """States of a heuristic game where a seat must choose among several moves."""
    bots = [game.agents["heuristic"]() for _ in range(game.players(config))]
    record = play_out(game, config, bots, seed).record
    found = []
    for number, state in enumerate(replay(record)):
        actors = game.to_act(state)
        if number % every or not actors or CHANCE in actors:
            continue
        seat = min(actors)
        if sum(1 for m in game.legal_moves(state) if m.seat == seat) > 1:
            found.append(state)
    return found


@pytest.mark.parametrize("title", TITLES)
def test_ismcts_plays_a_whole_game_in_every_seat_and_the_states_hold_the_invariants(
    title: str,
) -> None:
    """Search bots in every seat (the Zombie Player and the Survivors of Quarantine Z
    included) finish a game; the odd corners they reach keep every protocol invariant."""
    game = GAMES[title]
    config = game.config_type()
    players = game.players(config)
    agents = [make_ismcts(game, iterations=3, rollout_moves=8) for _ in range(players)]
    played = play_out(game, config, agents, seed=11)
    assert game.result(played.final) is not None
    states = replay(played.record)
    rng = random.Random(0)
    for state in states[:: max(1, len(states) // 12)] + states[-1:]:
        check_invariants(game, state, rng, thorough=False)


@pytest.mark.parametrize("title", TITLES)
def test_ismcts_in_one_seat_plays_out_a_game_against_heuristic_bots(title: str) -> None:
    game = GAMES[title]
    config = game.config_type()
    played = play_out(game, config, heuristic_table(game, config, 1, searcher(game)), seed=5)
    assert game.result(played.final) is not None
    again = play_out(game, config, heuristic_table(game, config, 1, searcher(game)), seed=5)
    assert again.record == played.record


def searcher(game: AnyGame) -> ISMCTSAgent:
    return make_ismcts(game, iterations=12, rollout_moves=10, prior=0.0, confidence=None)


def choices_in_states_the_seat_cannot_tell_apart(
    title: str, make: Any = searcher
) -> list[tuple[Any, Any]]:
    """The bot's moves at states of a game and at re-deals of them with the same view."""
    game = GAMES[title]
    config = game.config_type()
    pairs = []
    for number, state in enumerate(decision_states(game, config, seed=3, every=9)[:8]):
        seat = min(game.to_act(state))
        other = game.hidden_variant(state, seat, random.Random(number))
        assert game.view(other, seat) == game.view(state, seat)
        for k in range(3):
            assert game.determinize(state, seat, random.Random(k)) == game.determinize(
                other, seat, random.Random(k)
            ), "the worlds (what WorldSampler draws) depend on the view only"
        pairs.append(
            (
                choose_move(game, make(game), state, seat, random.Random(77)),
                choose_move(game, make(game), other, seat, random.Random(77)),
            )
        )
    assert len(pairs) >= 4
    return pairs


@pytest.mark.parametrize("title", TITLES)
def test_two_states_the_seat_cannot_tell_apart_get_the_same_choice(title: str) -> None:
    """The bot sees only the view, its legal moves and sampled worlds: a state re-dealt
    where the seat cannot see (same view, same worlds) gets the same move for one seed."""
    for searched, again in choices_in_states_the_seat_cannot_tell_apart(title):
        assert searched == again


class PeekingAgent(ISMCTSAgent):
    """A planted cheat: it searches the true state instead of sampled worlds."""

    def choose_in_worlds(self, view: Any, legal_moves: Any, rng: Any, worlds: Any) -> Any:
        truth = worlds._state
        hint = self.policy.choose(view, legal_moves, rng)
        return self._search(view, legal_moves, rng, lambda _: truth, worlds.seat, hint)


def test_the_same_choice_check_catches_a_bot_that_peeks() -> None:
    def make(game: AnyGame) -> ISMCTSAgent:
        return PeekingAgent(game, iterations=12, prior=0.0, confidence=None)

    pairs = choices_in_states_the_seat_cannot_tell_apart("zombie_run", make)
    assert any(searched != again for searched, again in pairs)


@pytest.mark.parametrize("title", TITLES)
def test_the_same_seed_gives_the_same_choice(title: str) -> None:
    game = GAMES[title]
    config = game.config_type()
    for state in decision_states(game, config, seed=8, every=13)[:3]:
        seat = min(game.to_act(state))
        first = choose_move(game, make_ismcts(game, iterations=10), state, seat, random.Random(4))
        again = choose_move(game, make_ismcts(game, iterations=10), state, seat, random.Random(4))
        assert first == again
        assert first.seat == seat and first in game.legal_moves(state)


@pytest.mark.parametrize("title", TITLES)
def test_the_drivers_random_stream_moves_on_as_under_the_heuristic_bot(title: str) -> None:
    """Whatever the budget, the search draws from the driver's generator only what the
    heuristic bot would (its move), so a game's later chance outcomes are those of the
    same seed with the heuristic in the seat, however long the bot thought."""
    game = GAMES[title]
    config = game.config_type()
    heuristic = game.agents["heuristic"]()
    for state in decision_states(game, config, seed=2, every=5)[:4]:
        seat = min(game.to_act(state))
        expected = random.Random(9)
        choose_move(game, heuristic, state, seat, expected)
        for iterations in (1, 25):
            rng = random.Random(9)
            choose_move(game, make_ismcts(game, iterations=iterations), state, seat, rng)
            assert rng.getstate() == expected.getstate()


def test_the_private_generator_leaves_the_stream_and_follows_it() -> None:
    rng = random.Random(5)
    before = rng.getstate()
    first = private_generator(rng).random()
    assert rng.getstate() == before
    assert private_generator(random.Random(5)).random() == first
    assert private_generator(random.Random(6)).random() != first
    system = random.SystemRandom()
    assert 0.0 <= private_generator(system).random() < 1.0


@pytest.mark.parametrize("title", ["zombie_run", "zombie_doctor", "quarantine_z"])
def test_unless_the_search_is_sure_it_plays_the_heuristic_move(title: str) -> None:
    """Policy improvement: with an unreachable confidence the bot keeps the heuristic's
    move (these titles' heuristics are deterministic, so it is known)."""
    game = GAMES[title]
    config = game.config_type()
    heuristic = game.agents["heuristic"]()
    for state in decision_states(game, config, seed=6, every=7)[:6]:
        seat = min(game.to_act(state))
        sure = make_ismcts(game, iterations=10, confidence=1e9)
        searched = choose_move(game, sure, state, seat, random.Random(2))
        assert searched == choose_move(game, heuristic, state, seat, random.Random(2))


def test_pure_so_ismcts_searches_every_seat_and_still_plays_a_game() -> None:
    game = GAMES["zombie_doctor"]
    config = game.config_type()
    agent = make_ismcts(game, iterations=8, opponents="search")
    played = play_out(game, config, heuristic_table(game, config, 2, agent), seed=1)
    assert game.result(played.final) is not None


def test_without_an_evaluation_rollouts_run_to_the_end() -> None:
    game = GAMES["texas_zombies"]
    config = game.config_type()
    agent = make_ismcts(game, iterations=4, evaluate=None)
    assert agent.rollout_moves is None
    played = play_out(game, config, heuristic_table(game, config, 0, agent), seed=6)
    assert game.result(played.final) is not None


def test_a_time_budget_returns_a_legal_move() -> None:
    """Only that it answers: nothing here depends on how fast the machine is."""
    game = GAMES["zombie_run"]
    state = decision_states(game, game.config_type(), seed=4, every=7)[0]
    seat = min(game.to_act(state))
    agent = ISMCTSAgent(game, iterations=None, seconds=0.01)
    move = choose_move(game, agent, state, seat, random.Random(1))
    assert move in game.legal_moves(state)
    assert agent.last_search is not None and agent.last_search[0] >= 1


def test_a_forced_move_is_played_without_searching() -> None:
    game = GAMES["zombie_run"]
    agent = make_ismcts(game)
    state = resolve_chance(game, game.new_game(None), random.Random(0))
    legal = [m for m in game.legal_moves(state) if m.seat == min(game.to_act(state))]
    seat = legal[0].seat
    view = game.view(state, seat)
    move = agent.choose_in_worlds(
        view, legal[:1], random.Random(0), WorldSampler(game, seat, state)
    )
    assert move == legal[0]
    assert agent.last_search == (0, 0.0)


def test_search_tells_the_opening_story_of_a_texas_zombies_game() -> None:
    """Speechless is an automatic failure (G, note: "his challenge is automatically
    considered as failed"). At a game's first story nothing has been voted, so nothing
    says the table will vote it down, and the bot tells it. (Later, speechless can be a
    real choice: a story the voters would reject costs the Objects it uses, and a
    speechless player keeps his, ruling "Speechless"; the search does take it then.)"""
    game = GAMES["texas_zombies"]
    config = game.config_type()
    for seed in range(1, 7):
        states = decision_states(game, config, seed=seed, every=1)
        state = next(s for s in states if s.phase is tz.Phase.TELL)
        move = choose_move(
            game, make_ismcts(game, iterations=40), state, state.turn, random.Random(3)
        )
        assert move.action is tz.Action.TELL


@pytest.mark.parametrize("title", TITLES)
def test_every_title_has_an_evaluation_of_probabilities(title: str) -> None:
    game = GAMES[title]
    evaluate = game.search.evaluate
    assert evaluate is not None
    config = game.config_type()
    players = game.players(config)
    for state in decision_states(game, config, seed=1, every=11)[:10]:
        values = evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"iterations": 0}, "iterations"),
        ({"iterations": None, "seconds": None}, "iterations"),
        ({"seconds": -1.0}, "seconds"),
        ({"rollout_moves": -3}, "rollout_moves"),
        ({"evaluate": None, "rollout_moves": 10}, "rollout_moves"),
        ({"opponents": "everyone"}, "opponents"),
        ({"candidates": 0}, "candidates"),
        ({"paired": "yes"}, "paired"),
        ({"steps": 0}, "steps"),
        ({"steps": 2.5}, "steps"),
        ({"shortlist": 5}, "shortlist"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        ISMCTSAgent(
            GAMES["zombie_run"], **{"evaluate": GAMES["zombie_run"].search.evaluate, **options}
        )
    assert caught.value.field == field


def test_make_ismcts_refuses_an_unknown_option() -> None:
    with pytest.raises(InvalidConfig, match=r"iteration.*options: iterations"):
        make_ismcts(GAMES["zombie_run"], iteration=5)


def test_the_strength_benchmark_reports_every_row() -> None:
    """benchmarks/search_strength.py, one tiny game per row (no timing is checked)."""
    import importlib.util
    import io
    import json
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "search_strength.py"
    spec = importlib.util.spec_from_file_location("search_strength", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = io.StringIO()
    options = ["--set", "rollout_moves=4"]
    assert module.main(["--games", "1", "--iterations", "2", *options, "--json"], out) == 0
    rows = json.loads(out.getvalue())
    assert [r["row"] for r in rows] == [r.name for r in module.ROWS]
    for r in rows:
        assert r["games"] == 1 and r["searched_moves"] > 0 and r["iterations_per_s"] > 0
        assert r["only_ismcts_won"] + r["only_heuristic_won"] <= 1
        low, high = r["ismcts_ci"]
        assert 0.0 <= low <= r["ismcts_rate"] <= high <= 1.0
    # The 95% Wilson interval of 7 wins in 10 games is about 0.40 to 0.89.
    low, high = module.wilson(7, 10)
    assert abs(low - 0.3968) < 1e-3 and abs(high - 0.8922) < 1e-3
    # 9 of 10 decisive seeds to one bot: P(X >= 9) = 11/1024 for a fair coin.
    assert module.sign_test(9, 1) == 11 / 1024 and module.sign_test(0, 0) == 1.0


def paired_searcher(game: AnyGame) -> ISMCTSAgent:
    return make_ismcts(game, iterations=12, rollout_moves=10, paired=True, confidence=None)


@pytest.mark.parametrize("title", TITLES)
def test_a_paired_search_sees_only_what_the_seat_knows(title: str) -> None:
    """Common worlds and seeds at the root change how moves are compared, not what the
    bot may read: re-dealt states with the same view still get the same move."""
    for searched, again in choices_in_states_the_seat_cannot_tell_apart(title, paired_searcher):
        assert searched == again


@pytest.mark.parametrize("title", TITLES)
def test_a_paired_search_plays_a_whole_game_against_heuristic_bots(title: str) -> None:
    game = GAMES[title]
    config = game.config_type()
    agent = make_ismcts(game, iterations=8, rollout_moves=6, paired=True)
    played = play_out(game, config, heuristic_table(game, config, 0, agent), seed=3)
    assert game.result(played.final) is not None


def test_a_paired_round_plays_every_root_move_once() -> None:
    game = GAMES["zombie_run"]
    state = decision_states(game, game.config_type(), seed=4, every=3)[0]
    seat = min(game.to_act(state))
    legal = [m for m in game.legal_moves(state) if m.seat == seat]
    agent = make_ismcts(game, iterations=len(legal) * 3, paired=True, shortlist=None)
    choose_move(game, agent, state, seat, random.Random(5))
    assert agent.last_search is not None and agent.last_search[0] == len(legal) * 3


def test_the_paired_choice_reads_the_differences_not_the_means() -> None:
    """Round by round the candidate is 0.05 better than the policy's move, while the rounds
    themselves swing by a whole win: the paired test departs, a test of means would not."""
    hint, other = "hint", "other"
    base = [0.0, 1.0] * 20
    values = {hint: base, other: [v + 0.05 for v in base]}
    assert _paired_choice(values, hint, confidence=2.0) == other
    noisy = {hint: base, other: [v + (0.05 if i % 2 else -0.04) for i, v in enumerate(base)]}
    assert _paired_choice(noisy, hint, confidence=2.0) == hint
    assert _paired_choice(noisy, hint, confidence=None) == other
    worse = {hint: base, other: [v - 0.05 for v in base]}
    assert _paired_choice(worse, hint, confidence=None) == hint


@pytest.mark.parametrize("paired", [False, True])
def test_a_shortlist_narrows_the_moves_the_bot_searches(paired: bool) -> None:
    """The bot searches the shortlist and the policy's move, nothing else: with an empty
    shortlist it always plays the heuristic's move, with one more move it plays one of
    the two."""
    game = GAMES["quarantine_z"]
    config = game.config_type()
    heuristic = game.agents["heuristic"]()
    asked: list[int] = []

    def only_the_last(view: Any, legal: Any) -> list[Any]:
        asked.append(len(legal))
        return list(legal[-1:])

    states = [
        s
        for s in decision_states(game, config, seed=2, every=3)
        if sum(1 for m in game.legal_moves(s) if m.seat == min(game.to_act(s))) > 3
    ][:4]
    assert states
    for state in states:
        seat = min(game.to_act(state))
        legal = [m for m in game.legal_moves(state) if m.seat == seat]
        expected = choose_move(game, heuristic, state, seat, random.Random(1))
        none = make_ismcts(game, iterations=10, shortlist=lambda v, m: [], paired=paired)
        assert choose_move(game, none, state, seat, random.Random(1)) == expected
        narrow = make_ismcts(game, iterations=10, shortlist=only_the_last, paired=paired)
        move = choose_move(game, narrow, state, seat, random.Random(1))
        assert move in (expected, legal[-1])
    assert asked


@pytest.mark.parametrize("paired", [False, True])
def test_a_budget_of_steps_stops_the_search_and_reproduces(paired: bool) -> None:
    """``steps`` counts moves applied, so the search stops soon after the count is reached
    (between iterations), spends about twice as many iterations on twice the steps, and a
    seeded search is the same search twice."""
    game = GAMES["texas_zombies"]
    state = decision_states(game, game.config_type(), seed=4, every=5)[1]
    seat = min(game.to_act(state))
    searches = []
    for steps in (300, 300, 600):
        agent = make_ismcts(game, iterations=None, steps=steps, paired=paired)
        move = choose_move(game, agent, state, seat, random.Random(8))
        assert agent.last_search is not None
        done = agent.last_search[0]
        assert agent.last_steps >= steps
        # Never more than one iteration (one paired round) past the budget.
        assert agent.last_steps - steps < agent.last_steps / done * (2 + 4 * paired)
        searches.append((move, done, agent.last_steps))
    assert searches[0] == searches[1]
    assert searches[2][1] > searches[0][1]
    one = make_ismcts(game, iterations=None, steps=1)
    choose_move(game, one, state, seat, random.Random(8))
    assert one.last_search is not None and one.last_search[0] == 1
