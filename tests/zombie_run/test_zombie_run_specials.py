"""Special cards: designed as data, acting when drawn or kept, checked like printed cards.

A special card is a ``SpecialCard`` in ``Config.specials`` naming an effect of the
vocabulary (``reveal_discard``, ``peek_one`` when drawn; ``counts_as``,
``cancels_highest`` or a registered one when kept). The test kit must pass on such
configs as on the rulebook's, and the config must travel as JSON, in records and replays.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.play import RandomAgent, Record, play_game, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    Playthrough,
    check_determinize,
    check_invariants,
    check_knowledge,
    check_playthrough,
    check_variant,
    playthroughs,
    random_playout,
)
from zombie_rules.zombie_run import (
    CHANCE,
    GAME,
    Action,
    Config,
    HeuristicAgent,
    Move,
    Phase,
    State,
    apply,
    card_census,
    card_set,
    check_state,
    describe,
    determinize,
    legal_moves,
    new_game,
    view,
)
from zombie_rules.zombie_run.cards import special_card
from zombie_rules.zombie_run.config import hand_total
from zombie_rules.zombie_run.specials import SpecialCard, known_card_effects, register_card_effect

FLARE = SpecialCard("Flare", "reveal_discard", zombies=5, copies=4)
BINOCULARS = SpecialCard("Binoculars", "peek_one", zombies=3, copies=4)
MEDKIT = SpecialCard("Medkit", "counts_as", zombies=-5, copies=2)
DECOY = SpecialCard("Decoy", "cancels_highest", zombies=1, copies=2)
SPECIALS = (FLARE, BINOCULARS, MEDKIT, DECOY)
SMALL_DECK = ((0, 4), (1, 4), (5, 4), (15, 4))


def custom_config(**changes: object) -> Config:
    """A small deck, so the specials come up and the Draw Pile runs out within a round."""
    fields: dict[str, object] = {
        "players": 3,
        "rounds": 2,
        "deck": SMALL_DECK,
        "specials": SPECIALS,
    }
    fields.update(changes)
    return Config(**fields)  # type: ignore[arg-type]


def _to_draw_card(config: Config, card: int, seed: int = 0) -> State:
    """A state of ``config`` where seat ``turn`` is about to draw ``card`` from the Draw Pile."""
    rng = random.Random(seed)
    state = new_game(config)
    while True:
        if state.phase is Phase.DRAW_CARD:
            index = [m.args[0] for m in legal_moves(state)]
            if card in index:
                return state
        legal = legal_moves(state)
        if state.phase is Phase.DRAW:
            move = next(m for m in legal if m.action is Action.DRAW_PILE)
        elif CHANCE in GAME.to_act(state):
            plain = [m for m in legal if m.args[0] < special_card(0)]
            move = rng.choice(plain or list(legal))
        else:
            move = next((m for m in legal if m.action is Action.DISCARD), legal[0])
        state = apply(state, move)


def test_rulebook_config_has_no_specials_and_scores_the_sum() -> None:
    # "Each player then turns over all four of their cards and counts the number of zombies"
    assert Config().specials == ()
    final = random_playout(GAME, Config(), 1).states[-1]
    for record in final.history:
        assert record.totals == tuple(sum(hand) for hand in record.hands)


def test_kept_effects_score_at_round_end() -> None:
    """Ruling 16: kept effects act where "Each player then turns over all four of their
    cards and counts the number of zombies in their hand", left to right."""
    config = custom_config()
    medkit, decoy, flare = special_card(2), special_card(3), special_card(0)
    assert hand_total(config, (medkit, 15, 1, 0)) == 11
    assert hand_total(config, (decoy, 15, 5, 1)) == 1 + 0 + 5 + 1
    assert hand_total(config, (decoy, decoy, 15, 5)) == 2  # each cancels the next highest
    assert hand_total(config, (flare, 1, 1, 1)) == 8  # a drawn-effect card kept counts its zombies
    assert hand_total(config, (decoy, medkit, 0, 0)) == 1 - 5  # no positive card to cancel


def test_reveal_discard_shows_the_card_and_ends_the_turn() -> None:
    """Ruling 16: "You MUST draw and discard a card on each turn." A card acting as it is
    drawn is that turn's discard, shown to the whole table."""
    config = custom_config()
    flare = special_card(0)
    state = _to_draw_card(config, flare)
    seat, turns = state.turn, state.turns_taken
    after = apply(state, Move(CHANCE, Action.CARD, (flare,)))
    assert after.discard_pile[-1] == flare or flare in after.reshuffles[-1].counts
    assert after.phase is Phase.DRAW and after.turn == (seat + 1) % config.players
    assert after.turns_taken == turns + 1 and after.hands == state.hands
    for watcher in (None, *range(config.players)):
        assert "Flare" in describe(state, Move(CHANCE, Action.CARD, (flare,)), watcher)


def test_peek_one_lets_the_drawer_alone_learn_one_card() -> None:
    """Ruling 16: the drawer looks at their leftmost unseen card; the table sees where."""
    config = custom_config(peek_count=2)
    card = special_card(1)
    state = _to_draw_card(config, card, seed=3)
    seat = state.turn
    unseen = [p for p, mask in enumerate(state.seen[seat]) if not mask & (1 << seat)]
    after = apply(state, Move(CHANCE, Action.CARD, (card,)))
    assert unseen, "the first draws find cards the drawer has not looked at"
    p = unseen[0]
    assert view(after, seat).hands[seat][p] == after.hands[seat][p]
    for other in range(config.players):
        if other != seat:
            assert view(after, other).hands[seat][p] is None  # the card stays the drawer's
            assert view(after, other).owner_knows[seat][p]  # the table saw which was lifted
    assert all(after.seen[seat][q] == state.seen[seat][q] for q in range(4) if q != p)


def test_a_revealed_card_lies_where_the_table_saw_it_in_every_world() -> None:
    config = custom_config()
    flare = special_card(0)
    state = _to_draw_card(config, flare, seed=5)
    after = apply(state, Move(CHANCE, Action.CARD, (flare,)))
    rng = random.Random(0)
    for seat in (None, *range(config.players)):
        for _ in range(20):
            world = determinize(after, seat, rng)
            check_state(world)
            assert world.discard_pile == after.discard_pile
            assert view(world, seat) == view(after, seat)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playthroughs(GAME, custom_config(), max_moves=120))
def test_custom_cards_keep_every_invariant(walk: Playthrough[Config, State, Move]) -> None:
    rng = random.Random(0)
    for number, state in enumerate(walk.states):
        check_state(state)
        assert card_census(state) == card_set(walk.config)
        if number % 30 == 0:
            check_invariants(GAME, state, rng, thorough=number % 60 == 0, redeals=1)


def test_custom_cards_pass_the_test_kit() -> None:
    config = custom_config()
    rng = random.Random(0)
    for seed in range(3):
        walk = random_playout(GAME, config, seed)
        check_playthrough(GAME, walk)
        for number, state in enumerate(walk.states):
            check_invariants(GAME, state, rng, thorough=number % 40 == 0, redeals=1)


def test_custom_cards_keep_knowledge_and_determinize_honest() -> None:
    config = custom_config()
    record = play_game(GAME, config, [RandomAgent()] * 3, seed=3)
    assert check_knowledge(GAME, config, record.moves, rng=random.Random(1), steps=15) > 0
    for seat in (None, 1):
        check_determinize(GAME, config, record.moves, seat, random.Random(2), steps=10)


def test_heuristic_bot_plays_specials_sensibly() -> None:
    config = custom_config(rounds=3)
    record = play_game(GAME, config, [HeuristicAgent()] * 3, seed=4)
    final = replay(record)[-1]
    assert GAME.result(final) is not None
    # The bot values a Medkit at -5: it keeps one it holds face up rather than swap it out.
    for state, move in zip(replay(record), record.moves, strict=False):
        if move.action is Action.SWAP and state.held is not None:
            thrown = state.hands[state.turn][move.args[0]]
            known = state.seen[state.turn][move.args[0]] & (1 << state.turn)
            assert not (known and thrown == special_card(2))


def test_config_record_and_replay_round_trip_as_json() -> None:
    config = custom_config()
    assert from_json(Config, to_json(config)) == config
    record = play_game(GAME, config, [RandomAgent()] * 3, seed=9)
    again = from_json(Record, to_json(record))
    assert again == record
    assert replay(again)[-1] == replay(record)[-1]


def test_unknown_effect_is_refused_naming_it_and_the_known_ones() -> None:
    with pytest.raises(InvalidConfig, match="unknown effect 'no_such_effect'") as caught:
        custom_config(specials=(SpecialCard("Odd", "no_such_effect"),))
    assert caught.value.field == "specials"
    for known in known_card_effects():
        assert known in str(caught.value)
    text = to_json(custom_config())
    with pytest.raises(DecodeError, match="no_such_effect"):
        from_json(Config, text.replace("cancels_highest", "no_such_effect"))


@pytest.mark.parametrize(
    ("special", "says"),
    [
        (SpecialCard("", "counts_as"), "one-line name"),
        (SpecialCard("Zombie Horde", "counts_as"), "two cards are called"),
        (SpecialCard("Big", "counts_as", zombies=5000), "zombies must be"),
        (SpecialCard("None", "counts_as", copies=0), "at least one copy"),
    ],
)
def test_bad_specials_are_refused(special: SpecialCard, says: str) -> None:
    with pytest.raises(InvalidConfig, match=says):
        Config(specials=(special,))


def test_register_card_effect_keeps_saved_names_meaning_one_thing() -> None:
    def lowest_doubles(scores: tuple[int, ...], position: int) -> tuple[int, ...]:
        low = min(range(len(scores)), key=lambda p: scores[p])
        return scores[:low] + (2 * scores[low],) + scores[low + 1 :]

    text = "Counts as {zombies}; the lowest card of your hand counts double."
    register_card_effect("test_lowest_doubles", lowest_doubles, text)
    register_card_effect("test_lowest_doubles", lowest_doubles, text)  # the same: harmless
    with pytest.raises(InvalidConfig, match="already registered"):
        register_card_effect("test_lowest_doubles", lambda s, p: s, text)
    with pytest.raises(InvalidConfig, match="built-in drawn effect"):
        register_card_effect("peek_one", lowest_doubles, text)
    config = Config(specials=(SpecialCard("Twin", "test_lowest_doubles", zombies=4),))
    assert from_json(Config, to_json(config)) == config
    assert hand_total(config, (special_card(0), 1, 2, 3)) == 4 + 2 + 2 + 3


def test_learning_refuses_special_cards_it_cannot_scale() -> None:
    from zombie_rules.zombie_run.learning import learning

    with pytest.raises(InvalidConfig, match="specials"):
        learning(custom_config())
    assert learning(Config(deck=SMALL_DECK, players=3)).actions.size > 0


def test_the_api_page_example_runs() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "api" / "zombie_run.md"
    blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks, "the Zombie Run! API page shows a custom-card deck"
    scope: dict[str, object] = {"__name__": "zombie_run_api_page"}
    exec(compile("\n".join(blocks), str(page), "exec"), scope)
    tests = [value for name, value in scope.items() if name.startswith("test_")]
    assert tests
    for test in tests:
        assert callable(test)
        test()


def test_check_variant_passes_on_a_custom_deck() -> None:
    report = check_variant(GAME, custom_config(), games=2)
    assert report is not None


def test_simulate_plays_a_custom_deck_on_processes_as_in_process() -> None:
    from zombie_rules import simulate as sim
    from zombie_rules.simulate.executors import Processes

    batch = sim.Batch("zombie_run", "heuristic,random,heuristic", 6, seed=2, config=custom_config())
    assert sim.run(batch, Processes(2)) == sim.run(batch)


def test_render_and_guide_name_special_cards() -> None:
    from zombie_rules.zombie_run import GUIDE, render

    config = custom_config()
    texts = [entry.text for entry in GUIDE.cards(config) if entry.name == "Binoculars"]
    assert texts and "leftmost card of your hand you have not seen" in texts[0]
    state = apply(
        _to_draw_card(config, special_card(0)), Move(CHANCE, Action.CARD, (special_card(0),))
    )
    if state.discard_pile and state.discard_pile[-1] == special_card(0):
        assert "Flare" in render(view(state, None))


def test_search_bot_plays_a_custom_deck() -> None:
    from zombie_rules.search import make_ismcts

    config = custom_config(rounds=1)
    bot = make_ismcts(GAME, steps=200)
    record = play_game(GAME, config, [bot, RandomAgent(), HeuristicAgent()], seed=6)
    assert GAME.result(replay(record)[-1]) is not None


def test_notation_names_a_special_card_by_its_name() -> None:
    from zombie_rules.zombie_run import parse_move

    state = new_game(custom_config())
    flare = Move(CHANCE, Action.CARD, (special_card(0),))
    assert parse_move(state, "chance: card flare") == flare
    assert parse_move(state, str(flare)) == flare
