"""Zombie Run!'s hot-path shortcuts change no answer.

``apply`` builds every state by slot stores (``state.make_state``), so each state a
game reaches must be the very state ``State(...)`` builds from its fields: same
class, equal, same hash and repr, frozen. A chance move that ``chance_weights``
listed is known by identity and skips the checks (``rules._Draws``), so the same
draw built anew, which gets every check, must lead to the same state, and a move
that is not one of the config's own draws must still be checked in full. Nothing
is timed.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove
from zombie_rules.testing import random_playout
from zombie_rules.zombie_run import (
    GAME,
    Action,
    Config,
    Move,
    Phase,
    SpecialCard,
    State,
    apply,
    chance_weights,
    new_game,
)
from zombie_rules.zombie_run.rules import _draws_of
from zombie_rules.zombie_run.state import make_state

_SMALL_DECK = ((0, 6), (1, 6), (5, 6), (15, 6))
_SPECIALS = (
    SpecialCard("Flare", "reveal_discard", 5, 2),
    SpecialCard("Lookout", "peek_one", 0, 2),
    SpecialCard("Medkit", "counts_as", -5, 2),
    SpecialCard("Shotgun", "cancels_highest", 2, 1),
)
#: Tables that reach every phase and branch: the rulebook game, a small deck that
#: reshuffles (both ways), and special cards with a turn limit.
_CONFIGS = [
    Config(),
    Config(players=2, deck=_SMALL_DECK, reshuffle_keeps_top=False, turn_limit=40),
    Config(players=3, deck=_SMALL_DECK, discard_taken_card=True),
    Config(players=5, specials=_SPECIALS, turn_limit=3, peek_count=0),
    Config(players=2, deck=_SMALL_DECK, specials=_SPECIALS, hand_size=5, turn_limit=40),
]


def _states(seeds: int = 6) -> Iterator[State]:
    """Every state of a few random games of every table above."""
    for config in _CONFIGS:
        for seed in range(seeds):
            yield from random_playout(GAME, config, seed).states


def test_make_state_builds_what_state_builds() -> None:
    checked = 0
    for state in _states():
        fields = [getattr(state, f.name) for f in attrs.fields(State)]
        built = make_state(*fields)
        assert type(built) is State and type(state) is State
        assert built == State(*fields) == state
        assert hash(built) == hash(State(*fields))
        assert repr(built) == repr(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.phase = Phase.OVER  # type: ignore[misc]
        checked += 1
    assert checked > 1000


def test_a_listed_draw_leads_where_the_same_draw_built_anew_leads() -> None:
    checked = 0
    for state in _states(seeds=3):
        moves, _ = chance_weights(state)
        for move in moves:
            anew = Move(move.seat, move.action, tuple(move.args), move.shout)
            assert anew is not move
            assert apply(state, move) == apply(state, anew)
            checked += 1
    assert checked > 5000


def test_a_draw_of_a_kind_the_pile_has_run_out_of_is_still_refused() -> None:
    state = new_game(Config(players=2, deck=_SMALL_DECK))
    for _ in range(6):  # every Empty Streets card (kind 0) dealt
        state = apply(state, chance_weights(state)[0][0])
    assert state.draw_pile[0] == 0
    listed = _draws_of(state.config).moves[0]  # once legal, the very object
    with pytest.raises(IllegalMove, match="no such card"):
        apply(state, listed)


def test_another_decks_draw_is_read_by_its_card_not_its_place() -> None:
    small = new_game(Config(players=2, deck=_SMALL_DECK))
    five = next(m for m in chance_weights(small)[0] if m.args == (5,))  # kind 2 there
    state = new_game(Config(players=2))
    after = apply(state, five)
    assert after.hands[1] == (5,)
    assert after == apply(state, Move(CHANCE, Action.CARD, (5,)))
    with pytest.raises(IllegalMove, match="no such card"):
        apply(new_game(Config(players=2, deck=((2, 9), (3, 9)))), five)


@pytest.mark.parametrize(
    "bad",
    [
        Move(CHANCE, Action.CARD, (True,)),
        Move(CHANCE, Action.CARD, (5.0,)),  # type: ignore[arg-type]
        Move(CHANCE, Action.CARD, [5]),  # type: ignore[arg-type]
        Move(CHANCE, Action.CARD, (5,), shout=True),
        Move(0, Action.CARD, (5,)),
        Move(CHANCE, Action.PEEK, (5,)),
        "chance: card 5",
    ],
)
def test_malformed_draws_are_refused_at_every_chance_phase(bad: object) -> None:
    walk = random_playout(GAME, Config(), seed=2)
    phases = set()
    for state in walk.states:
        if state.phase in (Phase.DEAL, Phase.FLIP, Phase.DRAW_CARD):
            phases.add(state.phase)
            with pytest.raises(IllegalMove):
                apply(state, bad)  # type: ignore[arg-type]
    assert phases == {Phase.DEAL, Phase.FLIP, Phase.DRAW_CARD}
