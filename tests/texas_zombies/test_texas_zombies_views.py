"""Texas Zombies views: a seat sees its own hand and team, and nothing hidden leaks."""

from __future__ import annotations

import random

import attrs
import pytest
from tz_walks import walk

from zombie_rules.serialize import from_json, to_json
from zombie_rules.texas_zombies import (
    TEAMS,
    Config,
    Phase,
    State,
    View,
    apply,
    parse_move,
    render,
    to_act,
    view,
)
from zombie_rules.texas_zombies.checks import hidden_variant


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_do_not_change_when_only_hidden_cards_change(players: int) -> None:
    """Hands, teams, unrevealed votes, undrawn Events and pile orders are hidden:
    re-dealing everything a seat cannot see leaves its view unchanged."""
    rng = random.Random(players)
    for state in walk(Config(players=players), seed=players)[::3]:
        for seat in (*range(players), None):
            seen = view(state, seat)
            for _ in range(2):
                assert view(hidden_variant(state, seat, rng), seat) == seen


def test_hidden_variant_really_moves_hidden_things() -> None:
    """The leak test has teeth: re-deals change others' hands and teams."""
    states = walk(Config(players=4), seed=3)
    state = next(s for s in states if s.phase is Phase.TELL)
    rng = random.Random(0)
    variants = [hidden_variant(state, 0, rng) for _ in range(20)]
    assert any(v.hands[1] != state.hands[1] for v in variants)
    assert any(v.teams[1] != state.teams[1] for v in variants)
    assert all(v.hands[0] == state.hands[0] and v.teams[0] == state.teams[0] for v in variants)


def test_a_seat_sees_its_own_hand_and_team_only() -> None:
    """C: Team cards are dealt face down and kept secret until the end; hands are private."""
    state = next(s for s in walk(Config(players=4), seed=5) if s.phase is Phase.TELL)
    for seat in range(4):
        seen = view(state, seat)
        assert seen.hand == state.hands[seat]
        assert seen.team is state.teams[seat]
        assert seen.teams == tuple(t if s == seat else None for s, t in enumerate(state.teams))
        assert seen.hand_sizes == (3, 3, 3, 3)
    spectator = view(state, None)
    assert spectator.hand is None and spectator.team is None
    assert spectator.teams == (None,) * 4


def test_only_the_back_of_the_top_event_is_visible() -> None:
    """A/F: the view has the top back and pile sizes, never an undrawn face or an order."""
    state = next(s for s in walk(Config(), seed=2) if s.phase is Phase.DRAW_EVENT)
    seen = view(state, 1)
    assert seen.top_back == state.top_back and seen.current_event is None
    assert seen.event_pile_size == 12 and seen.object_pile_size == 50 - 12
    names = {f.name for f in attrs.fields(View)}
    assert not names & {"event_pool", "object_pile", "team_deck", "team_box", "votes"}


def test_votes_stay_secret_until_all_are_in_then_are_public() -> None:
    """H: votes are cast "all at once"; before the last, only who has voted shows."""
    state = next(s for s in walk(Config(players=4), seed=7) if s.phase is Phase.VOTE)
    voters = sorted(to_act(state))
    first = play(state, f"{voters[0]}: vote yes")
    flipped = play(state, f"{voters[0]}: vote no")
    for seat in (*range(4), None):
        if seat != voters[0]:
            assert view(first, seat) == view(flipped, seat)
    assert view(first, voters[0]).my_vote is True
    done = play(first, *(f"{s}: vote no" for s in voters[1:]))
    assert done.history[-1].votes[voters[0]] is True
    assert view(done, None).history[-1].votes == done.history[-1].votes


def test_team_sizes_are_public_only_when_the_table_knows_them() -> None:
    """C: an odd table's split is secret by default (ruling); ``split_public`` shows it."""
    hidden = next(s for s in walk(Config(players=5), seed=1) if s.phase is Phase.TELL)
    assert view(hidden, 0).team_sizes is None
    public = next(
        s for s in walk(Config(players=5, split_public=True), seed=1) if s.phase is Phase.TELL
    )
    sizes = view(public, 0).team_sizes
    assert sizes is not None and sorted(sizes) == [2, 3]
    assert sizes == tuple(public.teams.count(t) for t in TEAMS)
    even = next(s for s in walk(Config(players=6), seed=1) if s.phase is Phase.TELL)
    assert view(even, 2).team_sizes == (3, 3)


def test_views_serialize_and_render() -> None:
    states = walk(Config(players=3), seed=9)
    for state in states[::5] + states[-1:]:
        for seat in (0, 1, 2, None):
            seen = view(state, seat)
            assert from_json(View, to_json(seen)) == seen
            assert isinstance(render(seen), str)
    final = view(states[-1], 0)
    assert final.team_totals is not None and "Totals:" in render(final)
    with pytest.raises(ValueError, match="not at this"):
        view(states[0], 3)
