"""tune(): the N-tuple bandit search over a variant's knobs finds what it should, repeatably."""

from __future__ import annotations

import pytest

from zombie_rules import simulate as sim
from zombie_rules import zombie_run
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.simulate.metrics import Metrics

SPACE = {"rounds": (1, 2, 5), "peek_count": (0, 2), "hand_size": (4, 5)}


def two_rounds(m: Metrics) -> float:
    """Best when games last two rounds: the obvious best value of ``rounds`` is 2."""
    assert m.rounds is not None
    return -abs(m.rounds.mean - 2)


def two_rounds_noisy(m: Metrics) -> float:
    # Seat 0's win rate (random bots) adds noise of up to 0.5 but cannot beat a round off.
    return two_rounds(m) + 0.5 * m.seats[0].win.rate


def test_finds_the_obvious_best_value_of_a_knob() -> None:
    tuned = sim.tune("zombie_run", SPACE, two_rounds, games=2, budget=15, final=3, seed=1)
    assert tuned.settings["rounds"] == 2
    assert tuned.config.rounds == 2 and isinstance(tuned.config, zombie_run.Config)
    assert tuned.estimate == 0.0 and tuned.low == tuned.high == 0.0
    assert tuned.evaluations == 15 + 3 == len(tuned.history) + 3


def test_finds_it_through_noise_with_an_interval() -> None:
    tuned = sim.tune("zombie_run", SPACE, two_rounds_noisy, games=4, budget=30, final=6, seed=2)
    assert tuned.settings["rounds"] == 2
    assert tuned.low is not None and tuned.high is not None
    assert tuned.low <= tuned.estimate <= tuned.high
    assert tuned.high - tuned.low > 0  # the noise shows in the interval


def test_the_same_seed_gives_the_same_search() -> None:
    one = sim.tune("zombie_run", SPACE, two_rounds_noisy, games=2, budget=8, final=2, seed=7)
    two = sim.tune("zombie_run", SPACE, two_rounds_noisy, games=2, budget=8, final=2, seed=7)
    other = sim.tune("zombie_run", SPACE, two_rounds_noisy, games=2, budget=8, final=2, seed=8)
    assert one == two
    assert other.history != one.history


def test_explores_more_than_one_point() -> None:
    tuned = sim.tune("zombie_run", SPACE, two_rounds, games=1, budget=10, final=0, seed=3)
    assert len({tuple(s.items()) for s, _ in tuned.history}) > 3
    assert tuned.low is None and tuned.high is None


def test_points_with_an_invalid_config_are_never_played() -> None:
    # Seven hands of twelve cards and a Discard Pile need more than the 75-card deck.
    space = {"players": (2, 7), "hand_size": (4, 12)}
    tuned = sim.tune("zombie_run", space, two_rounds, games=1, budget=8, final=0, seed=4)
    assert all(not (s["players"] == 7 and s["hand_size"] == 12) for s, _ in tuned.history)


def test_a_base_config_underlies_every_point() -> None:
    base = zombie_run.Config(players=2)
    tuned = sim.tune(
        "zombie_run", {"rounds": (1, 2)}, two_rounds, base=base, games=1, budget=3, final=1
    )
    assert tuned.config.players == 2


@pytest.mark.parametrize(
    ("space", "words"),
    [
        ({}, "at least one"),
        ({"colour": (1, 2)}, "no Config field"),
        ({"rounds": ()}, "non-empty"),
        ({"rounds": "12"}, "non-empty"),
        ({"players": (1, 9)}, "no combination"),
    ],
)
def test_a_bad_space_says_what_is_wrong(space: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidConfig, match=words):
        sim.tune("zombie_run", space, two_rounds, games=1, budget=1)  # type: ignore[arg-type]


def test_a_budget_of_nothing_is_refused() -> None:
    with pytest.raises(InvalidConfig, match="budget"):
        sim.tune("zombie_run", SPACE, two_rounds, budget=0)
