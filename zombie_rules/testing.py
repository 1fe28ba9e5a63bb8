"""The test kit: Hypothesis strategies and the conformance checks every title passes.

Public so that users can check their own rule variants and custom cards with the
same checks the library runs on itself. Needs the ``test`` extra (Hypothesis).

The checks follow OpenSpiel's basic API tests: walk games by legal moves and
chance outcomes, and at every state check that the protocol's functions agree
with each other, that cards are conserved, that views leak nothing, and that
everything survives a JSON round trip.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
from hypothesis import strategies as st

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.play import Record
from zombie_rules.serialize import from_json, to_json

AnyGame = Game[Any, Any, Any, Any]


@attrs.frozen
class Playthrough:
    """A walk from ``new_game(config)``: ``states[i + 1] == apply(states[i], moves[i])``."""

    config: Any
    moves: tuple[Any, ...]
    states: tuple[Any, ...]


def configs(game: AnyGame) -> st.SearchStrategy[Any]:
    """Valid configs of ``game``, varying the fields its ``config_space`` names."""
    fields = st.fixed_dictionaries(
        {name: st.sampled_from(values) for name, values in game.config_space.items()}
    )

    def build(kwargs: dict[str, Any]) -> Any:
        try:
            return game.config_type(**kwargs)
        except InvalidConfig:
            return None

    return fields.map(build).filter(lambda config: config is not None)


@st.composite
def _playthroughs(draw: st.DrawFn, game: AnyGame, config: Any, max_moves: int) -> Playthrough:
    if config is None:
        config = draw(configs(game))
    state = game.new_game(config)
    states = [state]
    moves: list[Any] = []
    for _ in range(max_moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return Playthrough(config, tuple(moves), tuple(states))


def playthroughs(
    game: AnyGame, config: Any = None, max_moves: int = 80
) -> st.SearchStrategy[Playthrough]:
    """Games walked from the start by Hypothesis-chosen legal moves and chance outcomes.

    Choices are indices into ``legal_moves``, so failures shrink to short games
    made of early moves.
    """
    return _playthroughs(game, config, max_moves)


def states(game: AnyGame, config: Any = None, max_moves: int = 80) -> st.SearchStrategy[Any]:
    """The last state of a :func:`playthroughs` walk."""
    return playthroughs(game, config, max_moves).map(lambda walk: walk.states[-1])


# ----------------------------------------------------------------- the checks


def check_invariants(
    game: AnyGame,
    state: Any,
    rng: random.Random | None = None,
    *,
    thorough: bool = True,
    serializable: bool = True,
) -> None:
    """Assert every protocol invariant at ``state`` (``AssertionError`` says which).

    ``thorough`` also applies every candidate move (legal ones must apply,
    others must raise :class:`IllegalMove`), which costs the most. Pass
    ``serializable=False`` for configs that hold code (custom cards), which
    cannot be written as JSON; every other check still runs.
    """
    rng = random.Random(0) if rng is None else rng
    config = game.config_of(state)
    legal = game.legal_moves(state)
    actors = game.to_act(state)
    check_state_consistency(game, state, legal, actors)
    check_conservation(game, state)
    check_chance(game, state, legal, actors)
    if serializable:
        check_serialization(game, state, legal)
    check_notation(game, state, legal)
    check_views(game, state, rng, game.players(config), serializable=serializable)
    if thorough:
        check_moves(game, state, legal)


def check_state_consistency(
    game: AnyGame, state: Any, legal: Sequence[Any], actors: frozenset[int]
) -> None:
    """``to_act``, ``legal_moves`` and ``result`` agree; the state passes its own check."""
    game.check_state(state)
    assert {m.seat for m in legal} == set(actors), (
        f"to_act {sorted(actors)} disagrees with the actors of legal_moves"
        f" {sorted({m.seat for m in legal})}"
    )
    assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
    over = game.result(state) is not None
    assert over == (not legal), (
        "a game is over exactly when it has a result and no legal moves"
        f" (result {'set' if over else 'None'}, {len(legal)} legal moves)"
    )
    assert game.legal_moves(state) == legal, "legal_moves is not stable"
    assert hash(state) == hash(game.state_type(*attrs.astuple(state, recurse=False))), (
        "equal states must hash equally"
    )


def check_conservation(game: AnyGame, state: Any) -> None:
    """Every card of the config's set is in exactly one place."""
    expected = game.card_set(game.config_of(state))
    actual = game.card_census(state)
    assert actual == expected, (
        f"cards not conserved: missing {dict(expected - actual)}, extra {dict(actual - expected)}"
    )


def check_chance(game: AnyGame, state: Any, legal: Sequence[Any], actors: frozenset[int]) -> None:
    """Chance outcomes are legal, distinct and sum to exactly 1, and only at chance nodes."""
    outcomes = game.chance_outcomes(state)
    if CHANCE not in actors:
        assert not outcomes, "chance outcomes outside a chance node"
        return
    assert actors == {CHANCE}, "a chance node cannot also wait for seats"
    moves = [move for move, _ in outcomes]
    assert len(set(moves)) == len(moves), "chance outcomes are not distinct"
    assert set(moves) == set(legal), "chance outcomes differ from the legal moves"
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "bad probability"
    assert sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to 1"
    weights_moves, weights = game.chance_weights(state)
    total = sum(weights)
    exact = {m: Fraction(w, total) for m, w in zip(weights_moves, weights, strict=True) if w}
    assert exact == dict(outcomes), "chance_weights and chance_outcomes disagree"


def check_moves(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """Legal moves apply, deterministically, leaving the input unchanged; others raise."""
    before = attrs.astuple(state)
    legal_set = set(legal)
    for move in legal:
        after = game.apply(state, move)
        again = game.apply(state, move)
        assert after == again and hash(after) == hash(again), f"{move}: apply is not deterministic"
    for move in game.candidate_moves(state):
        if move in legal_set:
            continue
        if game.without_annotation(move) in legal_set:
            # A legal move carrying free text (a story): it must apply like its plain form.
            plain = game.apply(state, game.without_annotation(move))
            assert game.apply(state, move) is not None and plain is not None
            continue
        try:
            game.apply(state, move)
        except IllegalMove as exc:
            assert str(exc), f"{move}: IllegalMove without a message"
        else:
            raise AssertionError(f"{move}: not in legal_moves, yet apply accepted it")
    assert attrs.astuple(state) == before, "apply changed its input state"


def check_serialization(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """State, views, moves and result survive a JSON round trip."""
    assert from_json(game.state_type, to_json(state)) == state, "state JSON round trip"
    for move in legal:
        assert from_json(game.move_type, to_json(move)) == move, f"{move}: JSON round trip"
    outcome = game.result(state)
    if outcome is not None:
        assert from_json(type(outcome), to_json(outcome)) == outcome, "result JSON round trip"


def check_notation(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """``parse_move(state, str(move)) == move`` for every legal move."""
    for move in legal:
        parsed = game.parse_move(state, str(move))
        assert parsed == move, f"notation {str(move)!r} parses to {parsed!r}, not {move!r}"


def check_views(
    game: AnyGame, state: Any, rng: random.Random, players: int, *, serializable: bool = True
) -> None:
    """Views round-trip and do not change when only cards hidden from the seat change."""
    for seat in (*range(players), None):
        seen = game.view(state, seat)
        if serializable:
            restored = from_json(game.view_type, to_json(seen))
            assert restored == seen, f"view {seat}: JSON round trip"
        for _ in range(2):
            variant = game.hidden_variant(state, seat, rng)
            check_conservation(game, variant)
            assert game.view(variant, seat) == seen, (
                f"seat {seat}'s view changed when only cards hidden from it changed: a leak"
            )


def check_playthrough(game: AnyGame, walk: Playthrough, *, serializable: bool = True) -> None:
    """Replaying the moves reproduces every state, and the record round-trips as JSON."""
    state = game.new_game(walk.config)
    for number, move in enumerate(walk.moves):
        state = game.apply(state, move)
        assert state == walk.states[number + 1], f"replay differs after move {number}"
    if serializable:
        record = Record(game.name, walk.config, walk.moves)
        assert from_json(Record, to_json(record)) == record, "record JSON round trip"


def random_playout(
    game: AnyGame, config: Any, seed: int, max_moves: int = 1_000_000
) -> Playthrough:
    """A uniformly random game (chance sampled with its real probabilities)."""
    from zombie_rules.play import sample_chance

    rng = random.Random(seed)
    state = game.new_game(config)
    states = [state]
    moves: list[Any] = []
    while len(moves) < max_moves:
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            move = sample_chance(game, state, rng)
        else:
            legal = game.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return Playthrough(config, tuple(moves), tuple(states))
