"""House rules composed into variants: one source of legality, published by name, replayed
as played (the two worked rules of ``examples/house_rules.py`` and planted broken ones)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from zombie_rules import (
    DecodeError,
    IllegalMove,
    InvalidConfig,
    quarantine_z,
    registry,
    testing,
    texas_zombies,
    zombie_doctor,
    zombie_run,
)
from zombie_rules import simulate as sim
from zombie_rules.core.errors import RegistrationError, UnknownGame
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.play import RandomAgent, Record, play_out, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.zombie_run import Action, Move

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))
import house_rules as example  # noqa: E402  (the example module, on the path above)

SHOUT = "zombie_run+shout_under_20"
HEAL = "quarantine_z+shelter_heal"
CHECKS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def published() -> Iterator[None]:
    """The example's rules registered at run time for this module's tests, then removed."""
    example.publish()
    yield
    for rule in example.RULES:
        registry.unregister_house_rule(rule.name)


def played(name: str, seed: int, players: int | None = None) -> Any:
    game = registry.get_game(name)
    config = game.default_config() if players is None else game.config_type(players=players)
    agents = [RandomAgent() for _ in range(game.players(config))]
    return play_out(game, config, agents, seed=seed)


def forbidden_shout_state() -> tuple[Any, Move]:
    """A Zombie Run! decision where the rulebook allows a shout the house rule forbids."""
    base = zombie_run.GAME
    for seed in range(200):
        rng = random.Random(seed)
        state = base.new_game(base.config_type(players=3, peek_count=4))
        while base.legal_moves(state):
            for move in base.legal_moves(state):
                if move.shout and example.known_total(state, move) >= example.LIMIT:
                    return state, move
            state = base.apply(state, rng.choice(base.legal_moves(state)))
    raise AssertionError("no state with a forbidden shout in 200 games")


# ------------------------------------------------------------ the filter rule


def test_a_forbidden_shout_is_not_listed_and_apply_refuses_it_with_the_rules_reason() -> None:
    game = registry.get_game(SHOUT)
    state, move = forbidden_shout_state()
    assert move in zombie_run.GAME.legal_moves(state)
    assert move not in game.legal_moves(state)
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, move)
    message = str(refused.value)
    assert "under 20" in message and "house rule shout_under_20" in message
    unshouted = attrs.evolve(move, shout=False)
    assert f"'{unshouted}'" in message  # the refusal lists what is legal
    assert game.apply(state, unshouted) == zombie_run.GAME.apply(state, unshouted)
    testing.check_invariants(game, state)


def test_the_rulebook_game_is_left_as_it_was() -> None:
    game = registry.get_game(SHOUT)
    assert zombie_run.GAME.legal_moves is zombie_run.legal_moves
    assert zombie_run.GAME.apply is zombie_run.apply
    assert zombie_run.GAME.house_rules == () and game.house_rules == (example.SHOUT_UNDER_20,)
    assert "shout_under_20" in game.guide.rules and "shout_under_20" not in zombie_run.GUIDE.rules


@CHECKS
@given(testing.states(registry.get_game("zombie_run"), max_moves=60))
def test_the_shout_variant_keeps_every_invariant(state: Any) -> None:
    testing.check_invariants(registry.get_game(SHOUT), state)


@CHECKS
@given(testing.states(registry.get_game("quarantine_z"), max_moves=120))
def test_the_heal_variant_keeps_every_invariant(state: Any) -> None:
    testing.check_invariants(registry.get_game(HEAL), state)


@pytest.mark.parametrize("name", [SHOUT, HEAL])
def test_a_variant_tells_each_seat_only_what_it_may_know(name: str) -> None:
    record = played(name, seed=3).record
    moves = record.moves[:60]
    assert testing.check_knowledge(registry.get_game(name), record.config, moves, horizon=6) > 0


# ------------------------------------------------------------ the event rule


def test_feeding_the_shelter_heals_one_life_up_to_the_starting_life() -> None:
    heal = registry.get_game(HEAL)
    healed = 0
    for seed in range(40):
        record = played(HEAL, seed=seed).record
        states = replay(record)
        for before, move, after in zip(states, record.moves, states[1:], strict=False):
            if move.action is not quarantine_z.Action.FEED:
                continue
            rulebook = quarantine_z.GAME.apply(before, move)
            life, was = after.survivors[move.seat].life, rulebook.survivors[move.seat].life
            assert life == min(was + 1, before.config.survivor_life)
            healed += life > was
            assert attrs.evolve(after, survivors=rulebook.survivors) == rulebook
        if healed:
            break
    assert healed, "no feed healed anyone in 40 games"
    assert heal.event_names == quarantine_z.EVENTS


# ------------------------------------------------------------ planted bugs


def take_back(state: Any) -> tuple[Move, ...]:
    if state.phase is zombie_run.Phase.DECIDE and state.held_public:
        return (Move(state.turn, Action.DISCARD),)
    return ()


def refuse(state: Any, move: Any) -> Any:
    return zombie_run.GAME.apply(state, move)  # the rulebook refuses the move it adds


def test_a_rule_that_adds_moves_without_saying_what_they_do_is_refused() -> None:
    with pytest.raises(InvalidConfig, match="do"):
        HouseRule("take_back", "zombie_run", "Put a taken card straight back.", adds=take_back)


def test_a_rule_whose_added_move_is_refused_is_caught_by_the_invariants() -> None:
    broken = with_house_rules(
        zombie_run.GAME,
        [HouseRule("take_back", "zombie_run", "Put a taken card back.", adds=take_back, do=refuse)],
    )
    caught = []
    for seed in range(30):
        rng = random.Random(seed)
        state = broken.new_game(None)
        for _ in range(40):
            if take_back(state):
                with pytest.raises(AssertionError, match=r"take_back|discard") as failed:
                    testing.check_invariants(broken, state, thorough=True, serializable=False)
                caught.append(str(failed.value))
                break
            state = zombie_run.GAME.apply(state, rng.choice(zombie_run.GAME.legal_moves(state)))
        if caught:
            break
    assert caught, "no state offered the added move"
    assert "refused" in caught[0] or "IllegalMove" in caught[0], caught[0]


def put_back(state: Any, move: Any) -> Any:
    """The taken card goes straight back, as the config option would allow."""
    allowing = attrs.evolve(state.config, discard_taken_card=True)
    after = zombie_run.GAME.apply(attrs.evolve(state, config=allowing), move)
    return attrs.evolve(after, config=state.config)


def put_back_words(state: Any, move: Any, seat: int | None) -> str | None:
    if move in take_back(state):
        return f"seat {move.seat} puts the taken card back on the Discard Pile"
    return None


def put_back_notation(state: Any, text: str) -> Any:
    actor, _, word = text.partition(": ")
    if word == "back" and actor.isdigit():
        return Move(int(actor), Action.DISCARD)
    return None


TAKE_BACK = HouseRule(
    "take_back",
    "zombie_run",
    "A card taken from the Discard Pile may go straight back.",
    adds=take_back,
    do=put_back,
    words=put_back_words,
    parse=put_back_notation,
)


def test_a_rule_that_adds_a_move_brings_its_words_notation_and_keeps_the_invariants() -> None:
    game = with_house_rules(zombie_run.GAME, [TAKE_BACK])
    assert game.learning is None  # the title's action encoding does not hold new moves
    found = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(None)
        while game.legal_moves(state) and not take_back(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if not take_back(state):
            continue
        (move,) = take_back(state)
        assert move not in zombie_run.GAME.legal_moves(state) and move in game.legal_moves(state)
        assert game.parse_move(state, f"{move.seat}: back") == move
        assert game.label(state, move, None) == put_back_words(state, move, None)
        after = game.apply(state, move)
        assert after.discard_pile[-1] == state.held and after.config == state.config
        testing.check_invariants(game, state)
        found += 1
        if found == 2:
            break
    assert found


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        (HouseRule("late", "zombie_run", "x.", after={"feed": lambda b, m, a: a}), "no event feed"),
        (HouseRule("other", "quarantine_z", "x."), "is for quarantine_z"),
    ],
)
def test_a_rule_that_does_not_fit_the_title_is_refused(rule: HouseRule, says: str) -> None:
    with pytest.raises(InvalidConfig, match=says):
        with_house_rules(zombie_run.GAME, [rule])


# ------------------------------------------------------------ names, records, replays


def test_a_variant_record_round_trips_through_json_and_replays_under_the_variant() -> None:
    for name in (SHOUT, HEAL):
        result = played(name, seed=7)
        text = to_json(result.record)
        assert f'"game":"{name}"' in text.replace(" ", "")
        back = from_json(Record, text)
        assert back == result.record
        states = replay(back)
        assert states[-1] == result.final
        assert from_json(type(states[-1]), to_json(states[-1])) == states[-1]


def test_a_record_replays_the_rules_it_was_played_with_not_the_rulebook() -> None:
    state, move = forbidden_shout_state()
    rulebook = Record("zombie_run", state.config, ())
    # Walk the rulebook game to the state again and record the shout it allows.
    rng_moves = _moves_to(state)
    legal_there = Record("zombie_run", state.config, (*rng_moves, move))
    assert replay(legal_there)[-1] == zombie_run.GAME.apply(state, move)
    with pytest.raises(IllegalMove, match="house rule shout_under_20"):
        replay(attrs.evolve(legal_there, game=SHOUT))
    assert replay(rulebook) == (zombie_run.GAME.new_game(state.config),)


def _moves_to(target: Any) -> tuple[Move, ...]:
    base = zombie_run.GAME
    for seed in range(200):
        rng = random.Random(seed)
        state = base.new_game(target.config)
        moves: list[Move] = []
        while base.legal_moves(state) and state != target:
            move = rng.choice(base.legal_moves(state))
            moves.append(move)
            state = base.apply(state, move)
        if state == target:
            return tuple(moves)
    raise AssertionError("target not reached")


def test_an_unknown_rule_name_is_an_unknown_game_and_a_decode_error_naming_it() -> None:
    with pytest.raises(UnknownGame, match=r"no house rule called .no_such_rule.*shout_under_20"):
        registry.get_game("zombie_run+no_such_rule")
    record = to_json(played(SHOUT, seed=1).record).replace(SHOUT, "zombie_run+no_such_rule")
    with pytest.raises(DecodeError, match="no_such_rule"):
        from_json(Record, record)


def test_a_rule_of_another_title_in_a_name_is_refused_naming_it() -> None:
    with pytest.raises(UnknownGame, match="shelter_heal is for quarantine_z"):
        registry.get_game("zombie_run+shelter_heal")
    assert "zombie_run+shelter_heal" not in registry.GAMES
    record = to_json(played(SHOUT, seed=1).record).replace(SHOUT, "zombie_run+shelter_heal")
    with pytest.raises(DecodeError, match="shelter_heal"):
        from_json(Record, record)


QUIET = HouseRule("quiet_published", "zombie_run", "Nothing changes (published).")


def test_rules_published_as_entry_points_resolve_and_a_broken_one_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    group = registry.HOUSE_RULE_GROUP
    points = [
        EntryPoint("quiet_published", f"{__name__}:QUIET", group),
        EntryPoint("broken_published", f"{__name__}:NO_SUCH_NAME", group),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    monkeypatch.setitem(registry._state, "house_rules", False)
    monkeypatch.setattr(registry, "_rules", dict(registry._rules))
    monkeypatch.setattr(registry, "_rule_problems", {})
    game = registry.get_game("zombie_run+quiet_published")
    assert game.house_rules == (QUIET,) and not registry.registered_at_run_time(game.name)
    with pytest.raises(RegistrationError, match=r"broken_published.*failed to load"):
        registry.get_game("zombie_run+broken_published")
    record = to_json(played(SHOUT, seed=1).record).replace(SHOUT, "zombie_run+broken_published")
    with pytest.raises(DecodeError, match="broken_published"):
        from_json(Record, record)
    registry._games.pop(game.name)
    registry._composed.pop(game.name)


def test_a_variant_of_a_variant_adds_its_rules_after_and_keeps_a_resolvable_name() -> None:
    extra = HouseRule("quiet", "zombie_run", "Nothing changes.")
    registry.register_house_rule(extra)
    try:
        twice = with_house_rules(registry.get_game(SHOUT), [extra])
        assert twice.name == "zombie_run+shout_under_20+quiet"
        assert registry.get_game(twice.name).house_rules == twice.house_rules
    finally:
        registry.unregister_house_rule("quiet")
    with pytest.raises(UnknownGame, match="quiet"):
        registry.get_game("zombie_run+shout_under_20+quiet")


def test_a_variant_published_under_its_own_name_plays_and_replays() -> None:
    game = with_house_rules(zombie_run.GAME, [example.SHOUT_UNDER_20], name="polite_run")
    registry.register(game)
    try:
        record = played("polite_run", seed=2).record
        assert from_json(Record, to_json(record)) == record
        assert replay(record)[-1] == played("polite_run", seed=2).final
    finally:
        registry.unregister("polite_run")


def test_simulate_plays_a_variant_alike_in_process_and_on_two_processes() -> None:
    config = zombie_run.Config(players=3, rounds=2)
    batch = sim.Batch(SHOUT, "random,heuristic,random", 12, seed=4, config=config, max_moves=60)
    documents = {
        sim.report_json(batch, sim.run(batch, executor))
        for executor in (sim.InProcess(), sim.Processes(2, chunk_games=3))
    }
    assert len(documents) == 1
    assert registry.registered_at_run_time(SHOUT)


# ------------------------------------------------------------ every title's events


@pytest.mark.parametrize("title", [zombie_run, texas_zombies, zombie_doctor, quarantine_z])
def test_each_title_names_only_its_listed_events(title: Any) -> None:
    game = title.GAME
    seen: set[str] = set()
    for seed in range(3):
        record = play_out(
            game,
            None,
            [RandomAgent() for _ in range(game.players(game.default_config()))],
            seed=seed,
        ).record
        states = replay(record)
        for before, move, after in zip(states, record.moves, states[1:], strict=False):
            seen.update(game.events(before, move, after))
    assert seen <= set(game.event_names)
    assert "game_end" in seen and len(seen) >= 3
