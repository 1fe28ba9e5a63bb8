"""Zombie Doctor's learning records: spaces, observation, recall, returns and bounds.

The kit's ``check_learning`` proves the generic promises over seeded games of several
configs; the tests below check what is particular to Zombie Doctor: what each step
tells a seat (an X-Ray shows the hand to its user only, a card returned unseen stays
unseen), that the slices mean what their docs say, and that names are notation.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import Learning
from zombie_rules.testing import check_learning, random_playout
from zombie_rules.zombie_doctor import (
    GAME,
    MISSING,
    Action,
    Config,
    Move,
    Phase,
    character_of,
    is_infected,
)

CONFIGS = {
    "rulebook": Config(),
    "two_small": Config(players=2, hand_size=2, round_limit=5),
    "three_bonus": Config(players=3, hand_size=4, bonus_mode=True, round_limit=5),
    "four_bonus_capped": Config(first_player=1, bonus_mode=True, round_limit=5),
}


def _learning(config: Config) -> Learning:
    assert GAME.learning is not None
    return GAME.learning(config)


def _walks(config: Config, seeds: range) -> list[Any]:
    return [random_playout(GAME, config, seed) for seed in seeds]


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_kit_check_holds(config: Config) -> None:
    assert check_learning(GAME, config, games=3, max_moves=100_000, steps=25) > 0


def test_a_game_without_a_round_cap_has_no_bounds() -> None:
    # The rulebook game can loop for ever (Ruling 28): nothing bounds its length.
    with pytest.raises(InvalidConfig, match="round_limit"):
        _learning(Config(round_limit=None))


def test_one_record_per_config() -> None:
    assert _learning(Config()) is _learning(Config())
    assert _learning(Config(players=3)).actions.size < _learning(Config()).actions.size


def test_names_are_notation() -> None:
    """Every legal index's name is the notation of its move, which parses back to it."""
    config = Config(players=3, bonus_mode=True, round_limit=8)
    learning = _learning(config)
    names = learning.actions.names
    checked = 0
    for walk in _walks(config, range(3)):
        for state in walk.states:
            for seat in range(config.players):
                for i in learning.actions.legal(state, seat):
                    move = learning.actions.move(state, seat, i)
                    assert GAME.parse_move(state, f"{seat}: {names[i]}") == move
                    checked += 1
    assert checked > 100


def _values(encoded: tuple[float, ...], learning: Learning, name: str) -> tuple[float, ...]:
    part = learning.observation.slice(name)
    return encoded[part.start : part.stop]


def test_slices_mean_what_they_say() -> None:
    """The hand, X-Ray, known hands, deck bottom, bodies and morgue slices read as the view."""
    config = Config(players=3, round_limit=30)
    learning = _learning(config)
    names = [name for name, _ in config.deck]
    k, n = len(names), config.players
    seen_xray = seen_known = seen_bottom = 0
    for walk in _walks(config, range(4)):
        for state in walk.states:
            for seat in range(n):
                v = GAME.view(state, seat)
                x = learning.observation.encode(state, seat)
                counts = Counter(v.hand)
                assert _values(x, learning, "hand") == tuple(counts[c] for c in names)
                xray = Counter(v.xray_hand or ())
                assert _values(x, learning, "xray_hand") == tuple(xray[c] for c in names)
                seen_xray += v.xray_hand is not None
                known = _values(x, learning, "known_hands")
                for s in range(n):
                    held = Counter(v.known_hands[s])
                    assert known[s * k : (s + 1) * k] == tuple(held[c] for c in names)
                    seen_known += bool(held)
                bottom = _values(x, learning, "deck_bottom")
                rows = [bottom[i : i + k + 1] for i in range(0, len(bottom), k + 1)]
                read = [None if row[k] else names[row.index(1)] for row in rows if any(row)]
                assert tuple(read) == v.deck_bottom
                seen_bottom += None in read
                _check_bodies(_values(x, learning, "bodies"), v.bodies, n)
                assert sum(_values(x, learning, "morgue")) == sum(c for _, c in v.morgue)
    assert seen_xray and seen_known and seen_bottom


def _check_bodies(entries: tuple[float, ...], bodies: Any, n: int) -> None:
    width = 3 + n
    for s, body in enumerate(bodies):
        for slot, code in enumerate(body):
            at = (s * 6 + slot) * width
            row = entries[at : at + width]
            if code == MISSING:
                assert row == (0, 0, 1) + (0,) * n
            else:
                assert row[:3] == ((0, 1, 0) if is_infected(code) else (1, 0, 0))
                assert row[3 + character_of(code)] == 1 and sum(row[3:]) == 1


def _steps(config: Config, seeds: range, wanted: Any) -> list[tuple[Any, Move, Any]]:
    """``(before, move, after)`` of every step of seeded games for which ``wanted`` holds."""
    found = []
    for walk in _walks(config, seeds):
        for i, move in enumerate(walk.moves):
            if wanted(walk.states[i], move):
                found.append((walk.states[i], move, walk.states[i + 1]))
    return found


def _xray_use(state: Any, move: Move) -> bool:
    return move.action is Action.USE and move.card == "xray"


def test_an_xray_shows_the_hand_to_its_user_only() -> None:
    """ "Look at all of an opponent's cards and take one." "The opponent must reveal
    them only to you": the user is told the hand, in its tokens; other seats are told the
    same whatever the hand holds."""
    config = Config(players=3, round_limit=30)
    learning = _learning(config)
    told = learning.recall.told
    steps = _steps(config, range(6), _xray_use)
    assert steps
    rng = random.Random(1)
    differ = alike = 0
    for before, move, after in steps:
        user, target = move.seat, move.args[0]
        others = [s for s in range(config.players) if s not in (user, target)]
        for _ in range(4):
            # Worlds the user cannot tell apart before its X-Ray: the target's hand may
            # differ there, and the user is told the hand: other hands, other tokens.
            world = GAME.hidden_variant(before, user, rng)
            there = GAME.apply(world, move)
            if world.hands[target] != before.hands[target]:
                assert told(world, move, there, user) != told(before, move, after, user)
                differ += 1
            for seat in others:
                world = GAME.hidden_variant(before, seat, rng)
                try:
                    there = GAME.apply(world, move)
                except IllegalMove:
                    continue  # that world dealt the user no X-Ray
                assert told(world, move, there, seat) == told(before, move, after, seat)
                alike += world.hands[target] != before.hands[target]
    assert differ and alike


def test_a_card_returned_unseen_stays_unseen() -> None:
    """ "do not show them to your opponents": a stuck player's returned card is told to
    it alone; the other seats are told the same whichever card it returned."""
    config = Config(players=3, round_limit=40)
    learning = _learning(config)
    told = learning.recall.told

    def stuck_with_choice(state: Any, move: Move) -> bool:
        returns = {m.card for m in GAME.legal_moves(state) if m.action is Action.STUCK}
        return move.action is Action.STUCK and bool(move.card) and len(returns - {""}) >= 2

    steps = _steps(config, range(40), stuck_with_choice)
    assert steps
    for before, move, after in steps:
        alternatives = [
            m
            for m in GAME.legal_moves(before)
            if m.action is Action.STUCK and m.args == move.args and m.card and m != move
        ]
        for other in alternatives:
            there = GAME.apply(before, other)
            for seat in range(config.players):
                same = told(before, other, there, seat) == told(before, move, after, seat)
                assert same == (seat != move.seat)


def test_same_tokens_in_alike_worlds_leave_alike_views() -> None:
    """Perfect recall, world by world: in a world the seat cannot tell from the true one,
    a step that tells it the same tokens leaves it the same view."""
    config = Config(players=3, round_limit=12)
    learning = _learning(config)
    told = learning.recall.told
    rng = random.Random(7)
    compared = 0
    for walk in _walks(config, range(4)):
        for i, move in enumerate(walk.moves):
            before, after = walk.states[i], walk.states[i + 1]
            for seat in range(config.players):
                world = GAME.determinize(before, seat, rng)
                try:
                    there = GAME.apply(world, move)
                except IllegalMove:
                    continue  # a chance outcome or a hidden choice that world does not allow
                if told(world, move, there, seat) == told(before, move, after, seat):
                    assert GAME.view(there, seat) == GAME.view(after, seat), (before, move, seat)
                    compared += 1
    assert compared > 500


def test_refusals_name_what_is_legal() -> None:
    learning = _learning(Config())
    walk = random_playout(GAME, Config(), 2)
    state = next(s for s in walk.states if s.phase is Phase.PLAY)
    seat = state.turn
    legal = learning.actions.legal(state, seat)
    wrong = next(i for i in range(learning.actions.size) if i not in legal)
    with pytest.raises(IllegalMove, match="legal: "):
        learning.actions.move(state, seat, wrong)
    with pytest.raises(IllegalMove, match="no move now"):
        learning.actions.move(state, (seat + 1) % 4, legal[0])
    with pytest.raises(IllegalMove, match="not a Zombie Doctor seat move"):
        learning.actions.index(state, Move(seat, Action.USE, "no_such_card"))
    dealing = walk.states[0]
    with pytest.raises(IllegalMove, match="possible: "):
        learning.chance.outcome(dealing, learning.chance.size - 1)  # a die face, at the deal
    outcomes = GAME.chance_weights(dealing)[0]
    assert [learning.chance.outcome(dealing, learning.chance.index(dealing, m)) for m in outcomes]
    assert all(m.seat == CHANCE for m in outcomes)


def test_returns_share_a_round_cap_win() -> None:
    """A game the round cap ends with a health tie has several winners, who share one win."""
    config = Config(players=4, round_limit=2)
    learning = _learning(config)
    shared = 0
    for walk in _walks(config, range(60)):
        end = walk.states[-1]
        outcome = GAME.result(end)
        assert outcome is not None
        returns = learning.returns.returns(end)
        w = len(outcome.winners)
        for s in range(config.players):
            expected = (4 / w - 1) / 3 if s in outcome.winners else -1 / 3
            assert returns[s] == pytest.approx(expected)
        shared += w > 1
    assert shared


def test_a_custom_card_of_vocabulary_steps_is_refused_and_one_of_a_registered_effect_learns() -> (
    None
):
    """A custom card's action is a use on one seat; step cards take other arguments."""
    from zombie_rules.zombie_doctor import (
        DEFAULT_DECK,
        CustomCard,
        Step,
        register_card_effect,
        unregister_card_effect,
    )

    ball = CustomCard("crystal_ball", steps=(Step("look_top", count=2),), description="Look.")
    with pytest.raises(InvalidConfig, match="'crystal_ball' is built from vocabulary steps"):
        _learning(Config(deck=(*DEFAULT_DECK, ("crystal_ball", 2)), custom_cards=(ball,)))

    def targets(state: Any, user: int, params: Any) -> tuple[int, ...]:
        return tuple(s for s in range(len(state.bodies)) if s != user)

    def effect(state: Any, user: int, target: int, params: Any) -> Any:
        return state.bodies  # a blank card: used, nothing changes

    register_card_effect("blank_for_learning", targets, effect)
    try:
        blank = CustomCard("blank", effect="blank_for_learning", description="Nothing.")
        config = Config(deck=(*DEFAULT_DECK, ("blank", 3)), custom_cards=(blank,), round_limit=6)
        assert check_learning(GAME, config, games=2, max_moves=100_000, steps=20) > 0
    finally:
        unregister_card_effect("blank_for_learning")


def test_the_kit_catches_a_packed_observation_that_drifts_from_encode() -> None:
    """Zombie Doctor packs its observation twice over; the kit holds the two together."""
    import attrs

    config = CONFIGS["two_small"]
    real = _learning(config)
    assert real.observation.packed is not None
    honest = real.observation.packed

    def drifted(state: Any, seat: int) -> bytes:
        packed = bytearray(honest(state, seat))
        packed[-4:] = bytes(4) if packed[-4:] != bytes(4) else b"\x00\x00\x80\x3f"
        return bytes(packed)

    planted = attrs.evolve(real, observation=attrs.evolve(real.observation, packed=drifted))
    game = attrs.evolve(GAME, learning=lambda c: planted)
    with pytest.raises(AssertionError, match="packed observation differs from encode"):
        check_learning(game, config, games=1, max_moves=100_000, steps=5)
