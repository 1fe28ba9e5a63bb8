"""Texas Zombies notation, illegal moves and config validation."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tz_walks import walk

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig
from zombie_rules.texas_zombies import (
    DEFAULT_EVENTS,
    DEFAULT_OBJECTS,
    Action,
    Config,
    Move,
    Phase,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    to_act,
)
from zombie_rules.texas_zombies.checks import candidate_moves, check_state, without_story


def first(phase: Phase, config: Config | None = None, seed: int = 0) -> State:
    return next(s for s in walk(config or Config(), seed) if s.phase is phase)


# ------------------------------------------------------------------- notation


def test_every_legal_move_round_trips_through_notation() -> None:
    for players in (3, 4, 5, 6):
        for state in walk(Config(players=players), seed=players):
            for move in legal_moves(state):
                assert parse_move(state, str(move)) == move


def test_notation_examples() -> None:
    tell = first(Phase.TELL)
    seat = tell.turn
    hand = tell.hands[seat]
    move = Move(seat, Action.TELL, hand[: tell.required], 'We "borrowed" a cat.\nIt worked.')
    text = str(move)
    assert text.startswith(f'{seat}: tell {" ".join(map(str, hand[: tell.required]))} "')
    assert parse_move(tell, text) == move
    assert parse_move(tell, "speechless") == Move(seat, Action.SPEECHLESS)
    assert parse_move(tell, "TELL 1 2") == Move(seat, Action.TELL, (1, 2))
    vote = first(Phase.VOTE)
    voter = min(to_act(vote))
    assert str(Move(voter, Action.VOTE, (1,))) == f"{voter}: vote yes"
    assert parse_move(vote, f"{voter}: vote no") == Move(voter, Action.VOTE, (0,))
    start = new_game(Config())
    assert parse_move(start, "back 2") == Move(CHANCE, Action.BACK, (2,))
    assert str(Move(CHANCE, Action.TEAM, (1,))) == "chance: team darwin"
    assert parse_move(start, "chance: split beta") == Move(CHANCE, Action.SPLIT, (0,))
    assert parse_move(start, "chance: event 7") == Move(CHANCE, Action.EVENT, (7,))
    assert parse_move(start, "chance: object 49") == Move(CHANCE, Action.OBJECT, (49,))


@settings(max_examples=60, deadline=None)
@given(story=st.text(max_size=40))
def test_any_story_text_round_trips(story: str) -> None:
    state = first(Phase.TELL)
    move = Move(state.turn, Action.TELL, state.hands[state.turn][: state.required], story)
    assert parse_move(state, str(move)) == move


@pytest.mark.parametrize(
    "text",
    [
        "dance",
        "vote maybe",
        "vote",
        "speechless 3",
        'speechless "um"',
        "tell 1 two",
        'tell 1 "unterminated',
        'tell 1 "a" "b"',
        "back",
        "event x",
        "team purple",
        "zombie: tell 1",
        "1:",
        "",
    ],
)
def test_text_that_is_not_a_move_is_a_decode_error(text: str) -> None:
    with pytest.raises(DecodeError):
        parse_move(first(Phase.TELL), text)


def test_without_a_seat_prefix_several_voters_is_ambiguous() -> None:
    with pytest.raises(DecodeError, match="say who moves"):
        parse_move(first(Phase.VOTE), "vote yes")


# -------------------------------------------------------------- illegal moves


def refuse(state: State, move: Move, match: str) -> None:
    with pytest.raises(IllegalMove, match=match):
        apply(state, move)


def test_illegal_chance_moves() -> None:
    start = new_game(Config(events=(("a", 1), *DEFAULT_EVENTS[10:])))
    refuse(start, Move(CHANCE, Action.BACK, (4,)), "not a possible outcome")
    refuse(start, Move(CHANCE, Action.EVENT, (3,)), "cannot 'event'")
    refuse(start, Move(0, Action.BACK, (1,)), "chance's move")
    refuse(start, Move(CHANCE, Action.BACK, (1, 2)), "not a possible outcome")
    refuse(start, Move(CHANCE, Action.BACK, (1,), "story"), "only a 'tell'")
    deal = apply(first(Phase.DEAL_OBJECT), Move(CHANCE, Action.OBJECT, (5,)))
    refuse(deal, Move(CHANCE, Action.OBJECT, (5,)), "not a possible outcome")
    refuse(deal, Move(CHANCE, Action.OBJECT, (50,)), "not a possible outcome")
    refuse(deal, Move(CHANCE, Action.OBJECT, ()), "not a possible outcome")
    split = first(Phase.SPLIT, Config(players=3))
    refuse(split, Move(CHANCE, Action.SPLIT, (2,)), "possible: split beta, split darwin")
    refuse(split, Move(CHANCE, Action.TEAM, (0,)), "cannot 'team'")
    team = apply(split, Move(CHANCE, Action.SPLIT, (0,)))  # 2 Beta, 1 Darwin
    team = apply(team, Move(CHANCE, Action.TEAM, (1,)))
    refuse(team, Move(CHANCE, Action.TEAM, (1,)), "possible: team beta$")
    refuse(team, Move(CHANCE, Action.TEAM, (-1,)), "not a possible outcome")
    draw = first(Phase.DRAW_EVENT)
    wrong_back = next(e for e, (_, b) in enumerate(DEFAULT_EVENTS) if b != draw.top_back)
    refuse(draw, Move(CHANCE, Action.EVENT, (wrong_back,)), "not a possible outcome")


def test_illegal_tells() -> None:
    state = first(Phase.TELL)
    seat, hand, k = state.turn, state.hands[state.turn], state.required
    other = (seat + 1) % state.config.players
    refuse(state, Move(other, Action.TELL, hand[:k]), f"seat {seat}'s move")
    refuse(state, Move(seat, Action.VOTE, (1,)), "cannot 'vote'")
    wrong = hand[: k % 3 + 1]
    refuse(state, Move(seat, Action.TELL, wrong), f"exactly {k} different")
    elsewhere = state.hands[other][:1] + hand[: k - 1]
    refuse(state, Move(seat, Action.TELL, tuple(sorted(elsewhere))), "from your hand")
    if k > 1:
        refuse(state, Move(seat, Action.TELL, hand[:k][::-1]), "increasing order")
        refuse(state, Move(seat, Action.TELL, hand[:1] * k), "different")
    refuse(state, Move(seat, Action.SPEECHLESS, (hand[0],)), "takes no Objects")
    refuse(state, Move(seat, Action.SPEECHLESS, (), "um"), "only a 'tell'")
    refuse(state, Move(CHANCE, Action.OBJECT, (0,)), f"seat {seat}'s move")


def test_illegal_votes() -> None:
    state = first(Phase.VOTE)
    active = state.turn
    voter = min(to_act(state))
    refuse(state, Move(active, Action.VOTE, (1,)), "cannot vote now")
    refuse(state, Move(7, Action.VOTE, (1,)), "cannot vote now")
    refuse(state, Move(voter, Action.VOTE, (2,)), "'vote yes' or 'vote no'")
    refuse(state, Move(voter, Action.VOTE, ()), "'vote yes' or 'vote no'")
    refuse(state, Move(voter, Action.VOTE, (1,), "because"), "only a 'tell'")
    refuse(state, Move(active, Action.SPEECHLESS), "voting")
    voted = apply(state, Move(voter, Action.VOTE, (1,)))
    refuse(voted, Move(voter, Action.VOTE, (0,)), "cannot vote now")


def test_no_move_after_the_game_is_over() -> None:
    final = walk(Config(players=3), seed=2)[-1]
    refuse(final, Move(0, Action.SPEECHLESS), "game is over")
    refuse(final, Move(CHANCE, Action.EVENT, (0,)), "game is over")


def test_every_candidate_move_is_legal_or_refused() -> None:
    """Rule F: a story may be told with any text; the text never changes what is legal."""
    for state in walk(Config(players=5), seed=11)[::2]:
        legal = set(legal_moves(state))
        for move in candidate_moves(state):
            if without_story(move) in legal:
                assert apply(state, move).story == move.story
            else:
                with pytest.raises(IllegalMove):
                    apply(state, move)


# --------------------------------------------------------------------- config


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 7}, "players"),
        ({"first_player": 4}, "first_player"),
        ({"first_player": -1}, "first_player"),
        ({"events": (("a", 1), ("a", 2))}, "events"),
        ({"events": (("a", 0),) * 1}, "events"),
        ({"events": tuple((str(i), 4) for i in range(30))}, "events"),
        ({"events": DEFAULT_EVENTS[:11]}, "events"),
        ({"events_per_player": 0}, "events_per_player"),
        ({"events_per_player": 8}, "events"),
        ({"objects": DEFAULT_OBJECTS[:11]}, "objects"),
        ({"objects": ("cat", "cat", *DEFAULT_OBJECTS[:20])}, "objects"),
    ],
)
def test_invalid_configs_name_their_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidConfig) as info:
        Config(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"turn": 9}, "turn"),
        ({"events_left": 40}, "events_left"),
        ({"hands": ((0, 1, 2),)}, "hands"),
        ({"object_pile": (2,) * 50}, "object_pile"),
        ({"team_deck": (1, 0), "team_box": (0, 1)}, "teams"),
        ({"required": 0}, "required"),
        ({"top_back": None}, "top_back"),
        ({"votes": (True, None, None, None)}, "votes"),
        ({"to_draw": 2}, "to_draw"),
    ],
)
def test_check_state_names_the_broken_field(change: dict[str, object], field: str) -> None:
    state = first(Phase.TELL)
    check_state(state)
    with pytest.raises(ValueError, match=field):
        check_state(attrs.evolve(state, **change))
