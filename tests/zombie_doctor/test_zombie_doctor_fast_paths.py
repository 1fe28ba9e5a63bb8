"""The shortcuts on ``apply``'s hot path build exactly what the plain rules would.

``apply`` builds each ``State`` through a slot builder, ends a deal step without
walking the seats when the same seat is still short, draws a late game's single
card from the bottom of the deck without the general loop, and finds whose turn
is next from one cache. Each is checked here against the plain version it
replaced, written out in full, over seeded games of every table size.
"""

from __future__ import annotations

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.piles import take
from zombie_rules.core.records import builder, is_plain
from zombie_rules.testing import random_playout
from zombie_rules.zombie_doctor import GAME, Action, Config, Phase, State, Status
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.knowledge import seen_taken, told_taken
from zombie_rules.zombie_doctor.state import SHOWN, build_state
from zombie_rules.zombie_doctor.turns import (
    Work,
    next_turn,
    refill,
    short_seat,
    start_turn,
    turn_after,
    with_card,
)

ALIVE = Status.ALIVE


def _plain_refill(w: Work, dealing: bool) -> State:
    """``refill`` as the rules say it, seat by seat and card by card, with ``State(...)``."""
    size, players = w.config.hand_size, w.config.players
    for i in range(players):
        seat = (w.turn + i) % players
        hand = w.hands[seat]
        need = size - len(hand)
        if need <= 0 or w.status[seat] is not ALIVE:
            continue
        if any(w.deck_unknown):
            w.phase = Phase.DEAL if dealing else Phase.DRAW
            return State(*(getattr(w, f.name) for f in attrs.fields(State)))
        for k in range(need):
            by = w.deck_bottom_hidden_by[k]
            if by == SHOWN:
                w.known = seen_taken(w.known, seat, w.deck_bottom[k], players)
            elif by != seat:
                w.known = told_taken(w.known, seat, w.deck_bottom[k], by, players)
        w.set_hand(seat, tuple(sorted(hand + w.deck_bottom[:need])))
        w.deck_bottom = w.deck_bottom[need:]
        w.deck_bottom_hidden_by = w.deck_bottom_hidden_by[need:]
    return start_turn(w) if dealing else next_turn(w)


def _plain_turn_after(config: Config, old: int, status: tuple[Status, ...]) -> tuple[int, bool]:
    n, first = config.players, config.first_player
    new = old
    for i in range(1, n + 1):
        s = (old + i) % n
        if status[s] is ALIVE or (config.bonus_mode and status[s] is Status.TURNED):
            new = s
            break
    return new, (new - first) % n <= (old - first) % n


def _states(config: Config, seed: int) -> list[State]:
    return random_playout(GAME, config, seed).states


CONFIGS = [
    Config(players=p, hand_size=h, bonus_mode=b)
    for p in (2, 3, 4)
    for h in (2, 3, 4)
    for b in (False, True)
]


def test_build_state_is_the_attrs_init() -> None:
    state = _states(Config(), 0)[40]
    values = [getattr(state, f.name) for f in attrs.fields(State)]
    built = build_state(*values)
    assert type(built) is State and built == state and hash(built) == hash(state)
    assert built is not state and [getattr(built, f.name) for f in attrs.fields(State)] == values
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.turn = 3  # type: ignore[misc]


def test_the_slot_builder_runs_the_init_of_a_record_whose_init_does_more() -> None:
    """``build_state`` skips ``__init__`` only because ``State``'s stores its fields and
    nothing else; a record that checks a field keeps its ``__init__`` (``core.records``)."""

    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    assert is_plain(State) and not is_plain(Checked)
    assert builder(Checked) is Checked
    with pytest.raises(TypeError):
        builder(Checked)("not an int")  # type: ignore[arg-type]


def test_with_card_keeps_the_hand_sorted() -> None:
    for hand in [(), (0,), (1, 1, 4), (0, 2, 2, 6)]:
        for kind in range(7):
            assert with_card(hand, kind) == tuple(sorted((*hand, kind)))


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_refill_and_draws_match_the_plain_rules(index: int) -> None:
    """After every play, flip, bite and draw of seeded games, the hands are refilled as written."""
    config = CONFIGS[index]
    checked = 0
    for seed in range(3):
        for state in _states(config, seed):
            if state.phase is Phase.OVER:
                continue
            # Refill from this state, as after any action: the fast and the plain way agree.
            assert refill(Work(state), dealing=False) == _plain_refill(Work(state), False)
            if state.phase in (Phase.DEAL, Phase.DRAW):
                t = tables(config)
                for k, left in enumerate(state.deck_unknown):
                    if not left:
                        continue
                    w = Work(state)
                    seat = short_seat(w)
                    w.deck_unknown = take(state.deck_unknown, k)
                    w.give(seat, k)
                    move = GAME.move_type(CHANCE, Action.DRAW, t.names[k])
                    expected = _plain_refill(w, dealing=state.phase is Phase.DEAL)
                    assert GAME.apply(state, move) == expected
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("bonus", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_after_matches_the_plain_rule(players: int, bonus: bool) -> None:
    """ "The game continues clockwise": every (seat, who is still in, first player) pairing."""
    for first in range(players):
        config = Config(players=players, first_player=first, bonus_mode=bonus)
        for code in range(3**players):
            status = tuple(Status(code // 3**s % 3) for s in range(players))
            for old in range(players):
                assert turn_after(config, old, status) == _plain_turn_after(config, old, status)
