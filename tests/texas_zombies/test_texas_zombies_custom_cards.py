"""Custom Events and Objects: designed as data, scored by the config, checked like printed cards.

A custom Event is a name and a back in ``Config.events`` plus, to score otherwise,
an ``EventEffect`` (a worth and a registered effect's name); a custom Object is a
name in ``Config.objects``. The test kit must pass on such configs as on the
rulebook's, and the config must travel as JSON, in records and replays.
"""

from __future__ import annotations

import random

import pytest

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.play import RandomAgent, Record, play_game, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    check_determinize,
    check_invariants,
    check_knowledge,
    check_playthrough,
    random_playout,
)
from zombie_rules.texas_zombies import (
    DEFAULT_EVENTS,
    DEFAULT_OBJECTS,
    GAME,
    TEAMS,
    Config,
    TurnRecord,
    card_census,
    card_set,
    check_state,
    scoring,
)
from zombie_rules.texas_zombies.effects import (
    EventEffect,
    known_effects,
    register_effect,
    won_worth,
)

BRAND_NEW = (("The ice-cream truck plays on and on", 2), ("A zombie rodeo clown", 3))


def custom_config(players: int = 4) -> Config:
    """Two new Events (one worth 2, one doubled by a unanimous Yes) and two new Objects."""
    return Config(
        players=players,
        events=DEFAULT_EVENTS + BRAND_NEW,
        objects=DEFAULT_OBJECTS + ("lucky horseshoe", "can of beans"),
        event_effects=(
            EventEffect("The ice-cream truck plays on and on", worth=2),
            EventEffect("A zombie rodeo clown", effect="unanimous_double"),
            EventEffect(DEFAULT_EVENTS[0][0], worth=0, effect="hard_won"),
        ),
    )


def test_rulebook_config_scores_every_event_once() -> None:
    # N: "Each team sums up the number of Event cards obtained by its members."
    assert Config().event_effects == ()
    for seed in range(3):
        final = random_playout(GAME, Config(), seed).states[-1]
        score = scoring(final)
        assert score is not None
        assert score.events_won == tuple(len(w) for w in final.won)


def test_worth_counts_as_that_many_event_cards() -> None:
    # N: "Each team sums up the number of Event cards obtained by its members."
    # With every Event worth 2, the same game (the same moves: worth changes no
    # move) ends with every total doubled.
    plain = Config(players=4)
    doubled = Config(
        players=4, event_effects=tuple(EventEffect(name, worth=2) for name, _ in DEFAULT_EVENTS)
    )
    for seed in range(4):
        walk = random_playout(GAME, plain, seed)
        again = random_playout(GAME, doubled, seed)
        assert walk.moves == again.moves
        a, b = scoring(walk.states[-1]), scoring(again.states[-1])
        assert a is not None and b is not None
        assert b.totals == (2 * a.totals[0], 2 * a.totals[1])
        assert b.events_won == tuple(2 * k for k in a.events_won)


def test_named_effects_read_the_public_turn_record() -> None:
    yes = TurnRecord(0, 1, 3, (0, 1, 2), "", False, (None, True, True), True)
    split = TurnRecord(0, 1, 2, (0, 1), "", False, (None, True, False), True)
    assert won_worth(yes, 1, "unanimous_double") == 2
    assert won_worth(split, 1, "unanimous_double") == 1
    assert won_worth(yes, 0, "hard_won") == 1
    assert won_worth(split, 0, "hard_won") == 0
    assert won_worth(split, 3, "") == 3


def test_scoring_applies_worth_and_effects_to_the_events_won() -> None:
    config = custom_config()
    names = [name for name, _ in config.events]
    rules = {e.event: e for e in config.event_effects}
    for seed in range(6):
        final = random_playout(GAME, config, seed).states[-1]
        score = scoring(final)
        assert score is not None
        records = {r.event: r for r in final.history}
        for seat, won in enumerate(final.won):
            expected = 0
            for e in won:
                rule = rules.get(names[e], EventEffect(names[e]))
                expected += won_worth(records[e], rule.worth, rule.effect)
            assert score.events_won[seat] == expected


def test_custom_cards_pass_the_test_kit() -> None:
    config = custom_config(players=5)
    assert card_set(config)[("event", len(DEFAULT_EVENTS) + 1)] == 1
    assert card_set(config)[("object", len(DEFAULT_OBJECTS) + 1)] == 1
    rng = random.Random(0)
    for seed in range(3):
        walk = random_playout(GAME, config, seed)
        check_playthrough(GAME, walk)
        for number, state in enumerate(walk.states):
            check_state(state)
            assert card_census(state) == card_set(config)
            check_invariants(GAME, state, rng, thorough=number % 25 == 0, redeals=1)


def test_custom_cards_keep_knowledge_and_determinize_honest() -> None:
    config = custom_config()
    record = play_game(GAME, config, [RandomAgent()] * 4, seed=3)
    assert check_knowledge(GAME, config, record.moves, rng=random.Random(1), steps=15) > 0
    for seat in (None, 2):
        check_determinize(GAME, config, record.moves, seat, random.Random(2), steps=8)


def test_config_record_and_replay_round_trip_as_json() -> None:
    config = custom_config()
    assert from_json(Config, to_json(config)) == config
    record = play_game(GAME, config, [RandomAgent()] * 4, seed=9)
    again = from_json(Record, to_json(record))
    assert again == record
    states = replay(again)
    assert states[-1] == replay(record)[-1]
    assert scoring(states[-1]) is not None


def test_unknown_effect_is_refused_naming_it() -> None:
    name = DEFAULT_EVENTS[0][0]
    with pytest.raises(InvalidConfig, match="unknown effect 'no_such_effect'") as caught:
        Config(event_effects=(EventEffect(name, effect="no_such_effect"),))
    for known in known_effects():
        assert repr(known) in str(caught.value)
    text = to_json(Config(event_effects=(EventEffect(name, effect="hard_won"),)))
    with pytest.raises(DecodeError, match="no_such_effect"):
        from_json(Config, text.replace("hard_won", "no_such_effect"))


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        (EventEffect("Not an Event of this box"), "is not the name of an Event"),
        (EventEffect(DEFAULT_EVENTS[0][0], worth=-1), "worth must be 0-10"),
        (EventEffect(DEFAULT_EVENTS[0][0], worth=True), "worth must be"),
    ],
)
def test_bad_event_effects_are_refused(entry: EventEffect, says: str) -> None:
    with pytest.raises(InvalidConfig, match=says) as caught:
        Config(event_effects=(entry,))
    assert caught.value.field == "event_effects"
    twice = (EventEffect(DEFAULT_EVENTS[0][0]),) * 2
    with pytest.raises(InvalidConfig, match="two entries"):
        Config(event_effects=twice)
    with pytest.raises(InvalidConfig, match="tuple of EventEffect"):
        Config(event_effects=[EventEffect(DEFAULT_EVENTS[0][0])])  # type: ignore[arg-type]


def test_register_effect_keeps_saved_names_meaning_one_thing() -> None:
    def bonus(record: TurnRecord, worth: int) -> int:
        return worth + 5

    register_effect("test_bonus_five", bonus)
    register_effect("test_bonus_five", bonus)  # the same function again: harmless
    with pytest.raises(InvalidConfig, match="already registered"):
        register_effect("test_bonus_five", lambda record, worth: worth)
    with pytest.raises(InvalidConfig, match="one-line name"):
        register_effect("two\nlines", bonus)
    config = Config(event_effects=(EventEffect(DEFAULT_EVENTS[0][0], effect="test_bonus_five"),))
    assert from_json(Config, to_json(config)) == config
    assert len(TEAMS) == 2


def test_learning_refuses_events_it_cannot_scale() -> None:
    from zombie_rules.texas_zombies.learning import learning

    with pytest.raises(InvalidConfig, match="event_effects"):
        learning(custom_config())
    plain = Config(event_effects=(EventEffect(DEFAULT_EVENTS[0][0], worth=0),))
    assert learning(plain).actions.size > 0


def test_api_page_example_runs() -> None:
    import contextlib
    import io
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "api" / "texas_zombies.md"
    text = page.read_text(encoding="utf-8")
    section = text.split("## Custom Events and Objects", 1)[1]
    (code,) = re.findall(r"^```python\n(.*?)^```", section, re.DOTALL | re.MULTILINE)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(page), "exec"), {"__name__": "texas_zombies_custom_example"})
    assert out.getvalue().startswith("(")


def test_guide_tells_how_a_custom_event_scores() -> None:
    from zombie_rules.texas_zombies import GUIDE

    config = custom_config()
    texts = {card.name: card.text for card in GUIDE.cards(config)}
    assert "counts as 2 Event cards" in texts["The ice-cream truck plays on and on"]
    assert "Twice the worth" in texts["A zombie rodeo clown"]
    assert "counts as" not in texts[DEFAULT_EVENTS[1][0]]
    assert texts["lucky horseshoe"] == texts[DEFAULT_OBJECTS[0]]


def test_simulate_on_processes_plays_custom_cards_as_in_process() -> None:
    from zombie_rules.simulate import run
    from zombie_rules.simulate.batch import Batch
    from zombie_rules.simulate.executors import InProcess, Processes

    batch = Batch("texas_zombies", ("heuristic",), 4, seed=1, config=custom_config())
    assert run(batch, Processes(2)) == run(batch, InProcess())
