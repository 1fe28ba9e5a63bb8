"""The simulation API: batches as data, seeds from (root, game) alone, summaries that merge
exactly whatever the chunking or executor, the metrics, the progress bar and the CLI layer."""

from __future__ import annotations

import io
import itertools
import json
import math
import random
import re
import sys
from pathlib import Path

import pytest

from zombie_rules import CHANCE, GAMES, DecodeError, InvalidConfig, cli
from zombie_rules import simulate as sim
from zombie_rules.play import play_out
from zombie_rules.serialize import from_json, to_json
from zombie_rules.simulate.metrics import spread
from zombie_rules.simulate.planner import Planner
from zombie_rules.simulate.progress import ProgressBar, line
from zombie_rules.simulate.summary import Summary, merge

ZR = GAMES["zombie_run"]
QZ = GAMES["quarantine_z"]


def small_zombie_run(games: int = 24, **kwargs: object) -> sim.Batch:
    config = ZR.config_type(players=3, rounds=2)
    options: dict[str, object] = {"seed": 5, "config": config, **kwargs}
    return sim.Batch("zombie_run", "random,heuristic,random", games, **options)  # type: ignore[arg-type]


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# ----------------------------------------------------------------- seeding


def test_game_seeds_are_pinned_sha256_values() -> None:
    """Published tables name a root seed: the derivation must never drift (nor use ``hash``)."""
    assert sim.game_seed(0, 0) == 7847829118906317627
    assert sim.game_seed(0, 1) == 1539946228140195711
    assert sim.game_seed(-5, 10**30) == 9354277238268103549
    seeds = {sim.game_seed(root, deal) for root in range(5) for deal in range(200)}
    assert len(seeds) == 1000


def test_game_line_replays_with_play_out() -> None:
    batch = small_zombie_run(9, rotation=sim.Rotation.CYCLE, max_moves=45)
    lines: list[sim.GameLine] = []
    sim.run(batch, on_games=lines.extend)
    assert [g.index for g in lines] == list(range(9))
    assert any(g.ended == "cap" for g in lines) and any(g.ended == "rules" for g in lines)
    for g in lines:
        assert g.seed == sim.game_seed(batch.seed, g.index // 3)
        agents = [sim.make_agent(ZR, name) for name in g.agents]
        played = play_out(ZR, batch.config, agents, g.seed, batch.max_moves)
        result = ZR.result(played.final)
        assert len(played.record.moves) == g.moves
        assert (None if result is None else tuple(sorted(result.winners))) == g.winners
        assert json.loads(g.to_json())["seed"] == g.seed


# ------------------------------------------------------------------- batch


def test_batch_json_round_trips_and_defaults_fill_in() -> None:
    batch = sim.Batch(
        "quarantine_z", "heuristic", 10, seed=-3, rotation=sim.Rotation.ALL, max_moves=500
    )
    assert batch.agents == ("heuristic",) * 4
    assert batch.config == QZ.config_type()
    assert sim.Batch.from_json(batch.to_json()) == batch
    short = sim.Batch.from_json('{"title": "zombie_run", "agents": ["random"], "games": 3}')
    assert short == sim.Batch("zombie_run", ("random",) * 4, 3)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "not valid JSON"),
        ("[1]", "expected an object"),
        ('{"agents": ["random"], "games": 1}', "title"),
        ('{"title": "zombie_walk", "agents": ["random"], "games": 1}', "known games"),
        ('{"title": "zombie_run", "agents": ["random"], "games": "1"}', "games"),
        ('{"title": "zombie_run", "agents": ["random"], "games": true}', "games"),
        ('{"title": "zombie_run", "agents": ["random"], "games": 0}', "at least 1"),
        ('{"title": "zombie_run", "agents": ["random"], "games": 1, "games": 2}', "twice"),
        ('{"title": "zombie_run", "agents": ["random"], "games": 1, "x": 1}', "extra fields"),
        ('{"title": "zombie_run", "agents": ["genius"], "games": 1}', "known agents"),
        ('{"title": "zombie_run", "agents": ["random", "random"], "games": 1}', "4 seats"),
        ('{"title": "zombie_run", "agents": "random", "games": 1}', "agents"),
        ('{"title": "zombie_run", "agents": ["random"], "games": 1, "rotation": "spin"}', "cycle"),
        ('{"title": "zombie_run", "agents": ["random"], "games": 1, "max_moves": 0}', "max_moves"),
        (
            '{"title": "zombie_run", "agents": ["random"], "games": 1, "config": {"players": 9}}',
            "config",
        ),
        ('{"title": "zombie_run", "agents": ["random"], "games": 1, "seed": 1.5}', "seed"),
        ("[" * 5000 + "]" * 5000, "not valid"),
    ],
)
def test_bad_batch_json_is_a_decode_error_saying_what(text: str, says: str) -> None:
    with pytest.raises(DecodeError, match=re.escape(says)) as caught:
        sim.Batch.from_json(text)
    assert len(str(caught.value)) < 1200


def test_bad_batch_fields_raise_invalid_config_naming_the_field() -> None:
    cases = [
        ({"title": "zombie_walk", "agents": "random", "games": 1}, "title"),
        ({"title": "zombie_run", "agents": "random,random", "games": 1}, "agents"),
        ({"title": "zombie_run", "agents": "genius", "games": 1}, "agents"),
        ({"title": "zombie_run", "agents": "random", "games": 0}, "games"),
        ({"title": "zombie_run", "agents": "random", "games": 1, "seed": "0"}, "seed"),
        ({"title": "zombie_run", "agents": "random", "games": 1, "config": QZ.config_type()},
         "config"),
        ({"title": "zombie_run", "agents": "random", "games": 1, "rotation": "cycle"}, "rotation"),
    ]  # fmt: skip
    for fields, named in cases:
        with pytest.raises(InvalidConfig) as caught:
            sim.Batch(**fields)
        assert caught.value.field == named


def test_rotation_puts_each_agent_in_each_seat_and_keeps_the_deal() -> None:
    batch = small_zombie_run(9, rotation=sim.Rotation.CYCLE)
    orders = batch.orders()
    assert len(orders) == 3
    for seat in range(3):
        assert sorted(order[seat] for order in orders) == ["heuristic", "random", "random"]
    # All three games of a deal share its seed, so they start from the same shuffle and deal.
    firsts = []
    for index in range(3, 6):
        deal, seed, names = batch.seat_order(index)
        assert deal == 1 and names == orders[index - 3]
        agents = [sim.make_agent(ZR, name) for name in names]
        moves = play_out(ZR, batch.config, agents, seed).record.moves
        deal_moves = list(itertools.takewhile(lambda m: m.seat == CHANCE, moves))
        firsts.append(deal_moves)
    assert len(firsts[0]) >= 3 * batch.config.hand_size
    assert firsts[0] == firsts[1] == firsts[2]
    every = sim.Batch(
        "zombie_run", "random,heuristic,random,heuristic", 1, rotation=sim.Rotation.ALL
    )
    assert len(every.orders()) == len(set(every.orders())) == 6  # 4!/(2!2!) distinct orders
    assert sim.Batch("zombie_run", "random", 1, rotation=sim.Rotation.ALL).orders() == (
        ("random",) * 4,
    )


# ------------------------------------------------------- summaries merge


def test_summaries_merge_exactly_whatever_the_split_and_order() -> None:
    batch = small_zombie_run(30, rotation=sim.Rotation.CYCLE, max_moves=48)
    whole = sim.run_chunk(batch, 0, 30).summary
    rng = random.Random(1)
    for _ in range(5):
        cuts = sorted(rng.sample(range(1, 30), rng.randrange(1, 8)))
        spans = list(zip([0, *cuts], [*cuts, 30], strict=True))
        parts = [sim.run_chunk(batch, a, b).summary for a, b in spans]
        rng.shuffle(parts)
        assert merge(parts) == whole
        folded = parts[0]
        for part in parts[1:]:
            folded = part + folded
        assert folded == whole
    a, b, c = (sim.run_chunk(batch, x, y).summary for x, y in ((0, 7), (7, 19), (19, 30)))
    assert (a + b) + c == a + (b + c) == c + b + a == whole
    assert sim.empty("zombie_run", 3) + whole == whole
    assert from_json(Summary, to_json(whole)) == whole


def test_merging_different_tables_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot merge"):
        merge([sim.empty("zombie_run", 3), sim.empty("zombie_run", 4)])
    with pytest.raises(ValueError, match="at least one"):
        merge([])


def test_in_process_chunk_sizes_and_processes_give_identical_documents() -> None:
    batch = small_zombie_run(40, rotation=sim.Rotation.CYCLE, max_moves=48)
    documents, games = set(), set()
    for executor in (
        sim.InProcess(),
        sim.InProcess(chunk_games=1),
        sim.InProcess(chunk_games=7),
        sim.Processes(2, chunk_games=3),
        sim.Processes(1),
    ):
        lines: list[sim.GameLine] = []
        summary = sim.run(batch, executor, on_games=lines.extend)
        documents.add(sim.report_json(batch, summary))
        games.add("\n".join(g.to_json() for g in lines))
    assert len(documents) == 1 and len(games) == 1
    assert len(games.pop().splitlines()) == 40


def test_the_counts_add_up() -> None:
    batch = sim.Batch("quarantine_z", "heuristic,random,random", 12, seed=2,
                      config=QZ.config_type(players=3), rotation=sim.Rotation.CYCLE)  # fmt: skip
    s = sim.run(batch)
    assert s.games == s.finished == 12
    assert sum(count for _, count in s.moves) == sum(count for _, count in s.rounds) == 12
    assert sum(t.wins for t in s.seats) == sum(k * n for k, n in s.winners)
    assert sum(t.games for t in s.seats) == sum(a.tally.games for a in s.agents) == 36
    assert sum(s.first_move.by_seat) == s.first_move.games == 12
    sides = {t.side: t.tally for t in s.sides}
    # One side wins each Quarantine Z game: the Zombie Player or the living Survivors.
    assert sides["Zombie Player"].wins + sides["Survivors"].wins == 12
    assert sides["Zombie Player"] == s.seats[0]
    roles = {(r.side, r.agent): r.tally.games for r in s.roles}
    assert roles[("Zombie Player", "heuristic")] == 4 and roles[("Survivors", "random")] == 16


def test_the_move_cap_counts_as_undecided() -> None:
    s = sim.run(small_zombie_run(10, max_moves=5))
    assert (s.finished, s.capped) == (0, 10)
    assert s.winners == () and all(t.wins == 0 for t in s.seats)
    m = sim.metrics(s, small_zombie_run(10, max_moves=5))
    assert m.decisive == 0.0 and m.margins is None and m.seats[0].mean_score is None


# ------------------------------------------------------------------ metrics


def test_wilson_interval_matches_the_formula() -> None:
    half = sim.wilson(5, 10)
    assert half.rate == 0.5
    assert math.isclose(half.low, 0.2365931, abs_tol=1e-6)
    assert math.isclose(half.high, 0.7634069, abs_tol=1e-6)
    none = sim.wilson(0, 10)
    assert none.low == 0.0 and math.isclose(none.high, 0.2775328, abs_tol=1e-6)
    assert sim.wilson(10, 10).high == 1.0
    assert sim.wilson(0, 0).low == 0.0 and sim.wilson(0, 0).high == 1.0


def test_spread_median_and_nearest_rank_percentile() -> None:
    odd = spread(((1, 1), (2, 1), (9, 1)))
    assert odd is not None and (odd.median, odd.p99, odd.max, odd.min) == (2, 9, 9, 1)
    even = spread(((1, 1), (2, 1), (4, 1), (9, 1)))
    assert even is not None and even.median == 3.0 and even.mean == 4.0
    long_tail = spread(((10, 99), (500, 1)))
    assert long_tail is not None and long_tail.p99 == 10 and long_tail.max == 500
    assert spread(()) is None


def test_balance_first_move_and_margins_follow_the_counts() -> None:
    batch = small_zombie_run(30)
    m = sim.metrics(sim.run(batch), batch)
    rates = [row.win.rate for row in m.seats]
    assert m.seat_balance is not None
    assert math.isclose(m.seat_balance.gap, max(rates) - min(rates))
    assert m.side_balance is None and m.sides == ()
    assert m.first_move is not None
    assert math.isclose(m.first_move.advantage, m.first_move.first.rate - m.first_move.others.rate)
    # As many rivals in every game: the per-game mean is the same figure, with an interval.
    per_game = m.first_move.per_game
    assert per_game.games == 30 and math.isclose(per_game.mean, m.first_move.advantage)
    assert per_game.low is not None and per_game.high is not None
    assert per_game.low < per_game.mean < per_game.high
    # Zombie Run!: lower is better, so a winner's margin over the best loser is never negative.
    assert m.lower_is_better and m.margins is not None and m.margins.min >= 0


# ------------------------------------------------------------------ planner


def test_planner_covers_every_game_once_and_grows_towards_the_target() -> None:
    planner = Planner(1000, workers=2, target_seconds=1.0)
    spans = []
    while (span := planner.take()) is not None:
        spans.append(span)
        planner.record(span[1] - span[0], (span[1] - span[0]) / 100)  # 100 games/s
    assert spans[0] == (0, 4)
    assert [a for a, _ in spans[1:]] == [b for _, b in spans[:-1]] and spans[-1][1] == 1000
    sizes = [b - a for a, b in spans]
    assert max(sizes) == 100  # one second of games
    assert sizes[-1] <= 2  # the tail is split so neither worker is left waiting


# ----------------------------------------------------------------- progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_only() -> None:
    times = iter([0.0, 0.0, 2.0, 2.1, 4.0])
    stream = FakeTerminal()
    bar = ProgressBar(stream, clock=lambda: next(times))
    bar(0, 100)
    bar(50, 100)
    bar(60, 100)  # too soon after the last redraw
    text = stream.getvalue()
    assert "50/100 games  25.0 games/s  2 s left" in text
    assert "60/100" not in text
    bar(100, 100)  # done: the line is wiped for what is printed next
    text = stream.getvalue()
    assert "100/100" not in text and text.endswith("\r" + " " * len(line(50, 100, 2.0)) + "\r")
    bar.close()
    assert stream.getvalue() == text
    quiet = io.StringIO()
    ProgressBar(quiet)(5, 10)
    assert quiet.getvalue() == ""
    assert line(0, 10, 0.0) == "[------------------------] 0/10 games"


# ---------------------------------------------------------------------- CLI


def test_cli_jobs_2_matches_in_process_files_and_table(tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        summary, games = tmp_path / f"s{jobs}.json", tmp_path / f"g{jobs}.jsonl"
        code, out, err = run_cli(
            "simulate", "quarantine_z", "--agents", "heuristic,random,random", "--set", "players=3",
            "--games", "9", "--rotation", "cycle", "--jobs", jobs, "--seed", "3",
            "--json", str(summary), "--games-out", str(games),
        )  # fmt: skip
        assert code == 0, err
        assert err == ""  # not a terminal: no progress bar
        outputs.append(
            (out.rsplit("games per second", 1)[0], summary.read_text(), games.read_text())
        )
    assert outputs[0] == outputs[1]
    table, document, games_text = outputs[0]
    assert "Zombie Player" in table and "side" in table and "95% interval" in table
    assert "3 deals, each in 3 seat orders" in table
    assert json.loads(document)["summary"]["games"] == 9
    assert len(games_text.splitlines()) == 9


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--jobs", "0"), "--jobs"),
        (("--dask-workers", "0"), "--dask-workers"),
        (("--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"), "not allowed with"),
        (("--games", "0"), "--games"),
        (("--max-moves", "0"), "--max-moves"),
        (("--rotation", "spin"), "invalid choice"),
        (("--json", "/nonexistent/dir/s.json"), "--json"),
    ],
)
def test_cli_bad_simulate_options_are_usage_errors(argv: tuple[str, ...], says: str) -> None:
    code, out, err = run_cli("simulate", "zombie_run", "--games", "1", *argv)
    assert code == 2
    assert says in err and out == ""


def test_cli_without_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # what import sees when it is absent
    code, _, err = run_cli("simulate", "zombie_run", "--games", "1", "--dask-workers", "2")
    assert code == 2
    assert "zombie-rules[dask]" in err and "'dask'" in err
    with pytest.raises(sim.MissingExtra, match=r"zombie-rules\[dask\]"):
        sim.run(small_zombie_run(2), sim.Dask(workers=1))


def test_every_title_offers_the_search_bot_by_name() -> None:
    from zombie_rules.search import ISMCTSAgent
    from zombie_rules.simulate import agent_names, make_agent

    for game in GAMES.values():
        assert "ismcts" in agent_names(game)
        assert isinstance(make_agent(game, "ismcts"), ISMCTSAgent)


def test_a_report_names_the_config_it_was_played_under() -> None:
    """A variant's figures must not be headed "rulebook defaults" (they once always were)."""
    batch = small_zombie_run(4)
    summary = sim.run(batch)
    report = sim.format_metrics(sim.metrics(summary, batch), batch)
    header = report.splitlines()[0]
    assert "rulebook defaults" not in header
    assert "players=3" in header and "rounds=2" in header, header
    plain = sim.Batch("zombie_run", "random", 2, seed=5)
    plain_report = sim.format_metrics(sim.metrics(sim.run(plain), plain), plain)
    assert "rulebook defaults" in plain_report.splitlines()[0]
    assert sim.config_settings(ZR.config_type(players=3), ZR.config_type()) == "players=3"
