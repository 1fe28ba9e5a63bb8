"""compare(): a variant against the base game on common seeds, and who really moves first."""

from __future__ import annotations

import importlib
import inspect
import json
import math
import re
import statistics
import sys
from pathlib import Path

import pytest

from zombie_rules import registry, texas_zombies, zombie_run
from zombie_rules import simulate as sim
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.play import make_agent, play_out
from zombie_rules.registry import get_game
from zombie_rules.simulate.chunk import first_mover
from zombie_rules.simulate.compare import PairOptions
from zombie_rules.simulate.metrics import estimate
from zombie_rules.simulate.summary import Sums

ZR = get_game("zombie_run")
TZ = get_game("texas_zombies")

# ------------------------------------------------------------- who moves first


def _played(game, config, seed):  # type: ignore[no-untyped-def]
    agents = [make_agent(game, "random") for _ in range(game.players(config))]
    return play_out(game, config, agents, seed)


def test_zombie_run_first_mover_is_left_of_the_dealer_not_whoever_looked_first() -> None:
    """'Each player can look at two, and only two, of the cards in their hand.' Every
    seat looks at once, so whoever the driver let look first did not move first: the
    player on the dealer's left, who takes the first turn (ruling 6), did."""
    config = zombie_run.Config(players=4, first_dealer=2)
    driver_firsts = set()
    for seed in range(12):
        moves = _played(ZR, config, seed).record.moves
        driver_firsts.add(next(m.seat for m in moves if m.seat != CHANCE))
        assert first_mover(ZR, config, moves) == 3
    assert len(driver_firsts) > 1  # the old figure followed the driver's random pick


def test_the_last_seat_left_to_look_does_not_count_as_moving_alone() -> None:
    # The last looker is the only seat in to_act, but it finishes a simultaneous step.
    config = zombie_run.Config(players=2, first_dealer=0)
    last_lookers = set()
    for seed in range(8):
        moves = _played(ZR, config, seed).record.moves
        looks = [m.seat for m in moves if m.seat != CHANCE][:2]
        last_lookers.add(looks[1])
        assert first_mover(ZR, config, moves) == 1
    assert 0 in last_lookers  # seat 0 was at times alone in to_act, looking last


def test_with_no_looking_the_first_turn_is_the_first_move() -> None:
    config = zombie_run.Config(players=3, peek_count=0, first_dealer=1)
    moves = _played(ZR, config, 0).record.moves
    assert first_mover(ZR, config, moves) == next(m.seat for m in moves if m.seat != CHANCE) == 2


def test_texas_zombies_first_mover_is_the_configured_first_player() -> None:
    """D: 'The player who last met a Zombie is the first player.'"""
    for first in range(4):
        config = texas_zombies.Config(players=4, first_player=first)
        assert first_mover(TZ, config, _played(TZ, config, first).record.moves) == first


def test_no_lone_decision_gives_no_first_mover() -> None:
    config = zombie_run.Config()
    assert first_mover(ZR, config, ()) is None


def test_the_simulate_figure_follows_the_seat_left_of_the_first_dealer() -> None:
    for dealer in (0, 3):
        batch = sim.Batch("zombie_run", "random", 8, config=zombie_run.Config(first_dealer=dealer))
        by_seat = sim.run(batch).first_move.by_seat
        assert by_seat[(dealer + 1) % 4] == 8 and sum(by_seat) == 8


def test_dealt_teams_are_no_role_so_texas_compares_the_first_player_with_everyone() -> None:
    # Teams are dealt at random: the first player's team winning more often is the
    # advantage of moving first, not a role's, so it counts against every other seat.
    batch = sim.Batch("texas_zombies", "random", 6, seed=2)
    fm = sim.run(batch).first_move
    assert fm.others == 6 * 3


def test_quarantine_z_compares_a_first_survivor_with_the_other_survivors() -> None:
    batch = sim.Batch("quarantine_z", "random", 2, seed=1, max_moves=300)
    fm = sim.run(batch).first_move
    assert fm.by_seat[0] == 0  # the Zombie Player (seat 0) never opens
    assert fm.others == fm.games * 2  # two other Survivors each game


def test_the_report_says_what_moving_first_means_and_against_whom() -> None:
    for title, against in (("texas_zombies", "the other seats"), ("quarantine_z", "its side")):
        batch = sim.Batch(title, "random", 2, max_moves=300)
        text = sim.format_metrics(sim.metrics(sim.run(batch), batch), batch)
        line = next(row for row in text.splitlines() if row.startswith("moving first"))
        assert "the first seat to decide on its own" in line and against in line


# ------------------------------------------------------------------ the interval


def test_estimate_is_the_normal_interval_on_the_differences() -> None:
    values = [1, 0, 0, 1, -1, 1, 0, 1]
    got = estimate(Sums(len(values), sum(values), sum(v * v for v in values)))
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
    assert got.mean == pytest.approx(statistics.mean(values))
    assert got.low == pytest.approx(statistics.mean(values) - half)
    assert got.high == pytest.approx(statistics.mean(values) + half)
    assert estimate(Sums(1, 1, 1)).low is None  # one game: no interval
    assert estimate(Sums(4, 6, 9), scale=3).mean == pytest.approx(0.5)


# --------------------------------------------------------------- compare itself


def test_equal_configs_change_nothing_exactly() -> None:
    c = sim.compare("zombie_run", None, zombie_run.Config(), "random", 10, seed=4)
    for change in (*c.seats, c.first_move, c.moves, c.rounds):
        assert (change.change.mean, change.change.low, change.change.high) == (0.0, 0.0, 0.0)
    assert c.paired.base == c.paired.variant


def test_moving_the_first_dealer_moves_each_seat_s_results_with_it() -> None:
    """'Dealer responsibilities rotate clockwise to the next player each round.' With one
    bot in every seat, dealing first from seat 1 instead of seat 0 is the same games
    turned one seat round the table, so the common seeds show exactly that."""
    c = sim.compare("zombie_run", None, zombie_run.Config(first_dealer=1), "heuristic", 30, seed=5)
    base = [row.win.wins for row in c.base.seats]
    variant = [row.win.wins for row in c.variant.seats]
    assert variant == base[-1:] + base[:-1]
    assert c.first_move.change.mean == 0.0 and c.moves.change.mean == 0.0
    assert c.base.first_move is not None and c.base.first_move.by_seat[1] == 30
    assert c.variant.first_move is not None and c.variant.first_move.by_seat[2] == 30
    # Three rivals in every game: the per-game mean is the pooled figure of simulate.
    assert c.first_move.base.mean == pytest.approx(c.base.first_move.advantage)


def test_a_longer_game_shows_as_a_paired_change_in_length() -> None:
    c = sim.compare("zombie_run", None, zombie_run.Config(rounds=2), "random", 12, seed=1)
    assert c.rounds.change.mean == -3.0  # 5 rounds -> 2, in every game
    assert c.moves.change.high is not None and c.moves.change.high < 0


def test_same_result_on_every_executor_and_chunking() -> None:
    args = ("zombie_run", None, zombie_run.Config(peek_count=0), "random", 24)
    reference = sim.compare(*args, seed=9)
    for executor in (sim.InProcess(chunk_games=5), sim.Processes(jobs=2, chunk_games=7)):
        assert sim.compare(*args, seed=9, executor=executor).paired == reference.paired
    assert sim.compare(*args, seed=10).paired != reference.paired


def test_sides_merge_across_chunks_counting_every_game() -> None:
    c = sim.compare("texas_zombies", None, None, "random", 9, executor=sim.InProcess(chunk_games=2))
    for _, sums in c.paired.sides:
        assert sums.n == 9


def test_rotation_pairs_the_same_deal_and_seat_order() -> None:
    two = zombie_run.Config(players=2)
    c = sim.compare("zombie_run", two, two, "random,heuristic", 8, rotation=sim.Rotation.CYCLE)
    assert c.paired.base == c.paired.variant and c.pair.base.orders() == c.pair.variant.orders()


def test_compare_plays_the_pair_make_pair_builds_from_the_same_keywords() -> None:
    """The keywords both batches share are written once (``PairOptions``): each of
    ``make_pair``'s reaches the pair ``compare`` plays, and ``compare`` takes no other."""
    shared = set(inspect.signature(sim.make_pair).parameters) - {
        "game", "base", "variant", "agents", "games",
    }  # fmt: skip
    assert shared == set(PairOptions.__annotations__) == {"seed", "rotation", "max_moves"}
    options: PairOptions = {"seed": 3, "rotation": sim.Rotation.CYCLE, "max_moves": 40}
    args = ("zombie_run", zombie_run.Config(players=2), zombie_run.Config(players=2, rounds=1))
    made = sim.make_pair(*args, "random", 4, **options)
    c = sim.compare(*args, "random", 4, **options)
    assert c.pair == made and made.base.seed == 3 and made.base.max_moves == 40
    with pytest.raises(TypeError, match="sed"):
        sim.compare("zombie_run", None, None, "random", 2, sed=3)  # type: ignore[call-arg]


def test_a_variant_game_is_played_under_its_own_name() -> None:
    c = sim.compare(ZR, None, ZR, "random", 2)
    assert c.pair.variant.title == "zombie_run"


def test_tables_of_different_sizes_cannot_be_compared_seat_by_seat() -> None:
    with pytest.raises(InvalidConfig, match="same number"):
        sim.compare("zombie_run", None, zombie_run.Config(players=3), "random", 2)


def test_another_title_s_config_is_refused() -> None:
    with pytest.raises(InvalidConfig, match="variant"):
        sim.compare("zombie_run", None, texas_zombies.Config(), "random", 2)


def test_the_two_batches_may_differ_in_config_only() -> None:
    one = sim.Batch("zombie_run", "random", 4)
    with pytest.raises(InvalidConfig, match="seed"):
        sim.Pair(one, sim.Batch("zombie_run", "random", 4, seed=1))


def test_report_and_json_name_every_figure() -> None:
    c = sim.compare("texas_zombies", None, texas_zombies.Config(first_player=1), "random", 6)
    text = sim.format_comparison(c)
    assert "variant: texas_zombies, first_player=1" in text
    assert "seat 3 wins" in text and "moving first" in text and "turns (Events drawn)" in text
    assert "base: seat 0 100.0%; variant: seat 1 100.0%" in text
    document = json.loads(sim.comparison_json(c))
    assert set(document) == {"base", "variant", "paired", "figures"}
    assert document["variant"]["config"]["first_player"] == 1
    assert len(document["figures"]["seats"]) == 4


def test_the_simulation_page_s_compare_and_tune_examples_run() -> None:
    page = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text(encoding="utf-8")
    part = page[page.index("## Comparing a variant") :]
    code = "\n".join(re.findall(r"^```python\n(.*?)^```", part, re.DOTALL | re.MULTILINE))
    assert "sim.compare(" in code and "sim.tune(" in code
    exec(compile(code, "docs/simulation.md", "exec"), {"__name__": "docs_example"})


def test_a_published_variant_with_a_config_of_its_own_is_compared_seat_by_seat() -> None:
    toy_dir = str(Path(__file__).parent / "toy_title")
    sys.path.insert(0, toy_dir)
    added = []
    try:
        toy = importlib.import_module("zombie_toy")
        for made in (toy.GAME, toy.long_variant()):
            if made.name not in registry.GAMES:
                registry.register(made, source="tests/test_compare.py")
                added.append(made.name)
        long = registry.get_game("zombie_toy_long")
        c = sim.compare(toy.GAME, None, long, "random", 6, seed=2)
        assert c.pair.titles == ("zombie_toy", "zombie_toy_long")
        assert c.rounds.change.mean > 0  # three turns each instead of the toy's default
        on_processes = sim.compare(
            toy.GAME, None, long, "random", 6, seed=2, executor=sim.Processes(jobs=2)
        )
        assert on_processes.paired == c.paired  # both run-time titles reach the workers
    finally:
        for name in added:
            registry.unregister(name)
        sys.path.remove(toy_dir)
