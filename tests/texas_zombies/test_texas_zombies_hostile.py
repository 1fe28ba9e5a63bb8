"""Texas Zombies against hostile input: wrong types, malformed moves, huge text.

Every bad input gets a typed error (``InvalidConfig``, ``IllegalMove``, ``DecodeError``,
``UnknownSeat``) that names what was wrong and never repeats a huge input in full;
nothing bad is ever stored in a state. The notation reads a tell's Objects in any
order, and cards by name as well as by number.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tz_walks import first

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig, UnknownSeat
from zombie_rules.core.validation import expect_well_formed
from zombie_rules.texas_zombies import (
    DEFAULT_EVENTS,
    Action,
    Config,
    Move,
    Phase,
    State,
    apply,
    describe,
    legal_moves,
    parse_move,
    spread_events,
    to_act,
    view,
)
from zombie_rules.texas_zombies.rules import well_formed
from zombie_rules.zombie_run import Move as ZombieRunMove

HUGE = "z" * 100_000


def short_message(exc: BaseException) -> str:
    text = str(exc)
    assert len(text) < 400, f"message repeats its input: {text[:100]}..."
    return text


# --------------------------------------------------------------------- config


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": "4"}, "players"),
        ({"players": 4.0}, "players"),
        ({"players": True}, "players"),
        ({"players": None}, "players"),
        ({"first_player": "0"}, "first_player"),
        ({"first_player": False}, "first_player"),
        ({"events_per_player": True}, "events_per_player"),
        ({"events_per_player": 3.0}, "events_per_player"),
        ({"split_public": "False"}, "split_public"),
        ({"split_public": "True"}, "split_public"),
        ({"split_public": 1}, "split_public"),
        ({"split_public": None}, "split_public"),
        ({"events": list(DEFAULT_EVENTS)}, "events"),
        ({"events": tuple(list(e) for e in DEFAULT_EVENTS)}, "events"),
        ({"events": (("a", "1"),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"events": (("a", True),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"events": ((1, 1),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"events": (("a", 1, 2),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"events": "abc"}, "events"),
        ({"events": (("two\nlines", 1),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"events": (("   ", 1),) + DEFAULT_EVENTS[1:]}, "events"),
        ({"objects": list("abcdefghijklmnop")}, "objects"),
        ({"objects": tuple("abcdefghijklmno") + (7,)}, "objects"),
        ({"objects": "abcdefghijklmnop"}, "objects"),
        ({"objects": tuple("abcdefghijklmno") + ("x\ry",)}, "objects"),
        ({"objects": tuple("abcdefghijklmno") + ("",)}, "objects"),
    ],
)
def test_a_config_field_of_the_wrong_type_is_refused_by_name(
    kwargs: dict[str, Any], field: str
) -> None:
    """As in Zombie Run! and Quarantine Z: attrs does not check types, the config does;
    a string is never taken for true, a float or bool never for an int, a list never
    for a tuple (a list would make the frozen config unhashable)."""
    with pytest.raises(InvalidConfig) as info:
        Config(**kwargs)
    assert info.value.field == field
    short_message(info.value)


@pytest.mark.parametrize(
    "kwargs",
    [{"players": HUGE}, {"players": 10**5000}, {"first_player": 10**5000},
     {"events_per_player": 10**5000}, {"objects": (HUGE,) * 3}],
)  # fmt: skip
def test_a_huge_config_value_is_not_repeated_in_full(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfig) as info:
        Config(**kwargs)
    short_message(info.value)


def test_config_messages_count_grammatically() -> None:
    with pytest.raises(InvalidConfig, match=r"^events: 1 Event cannot make a pile of 3 per"):
        Config(players=3, events=(("a", 1),))
    with pytest.raises(InvalidConfig, match=r"^objects: 1 Object cannot deal 3 hands of 3"):
        Config(players=3, objects=("cat",))


# ---------------------------------------------------------------- bad moves


def malformed(state: State) -> list[Any]:
    """Moves of the wrong shape, built around a legal one of ``state``."""
    legal = legal_moves(state)[0]
    seat, action, args = legal.seat, legal.action, legal.args
    return [
        None,
        "0: speechless",
        str(legal),
        (seat, action, args),
        ZombieRunMove(seat, legal.action),  # type: ignore[arg-type]
        Move(seat, None, args),  # type: ignore[arg-type]
        Move(seat, action.value, args),  # type: ignore[arg-type]
        Move(float(seat), action, args),  # type: ignore[arg-type]
        Move(str(seat), action, args),  # type: ignore[arg-type]
        Move(seat, action, list(args)),  # type: ignore[arg-type]
        Move(seat, action, tuple(float(a) for a in args) or (1.0,)),  # type: ignore[arg-type]
        Move(seat, action, tuple(bool(a) for a in args) or (True,)),  # type: ignore[arg-type]
        Move(seat, action, args, None),  # type: ignore[arg-type]
        Move(seat, action, args, b"story"),  # type: ignore[arg-type]
        Move(seat, action, args, 7),  # type: ignore[arg-type]
        Move(seat, action, args, ["a", "story"]),  # type: ignore[arg-type]
        Move(seat, action, args, Text("story")),
        Sub(seat, action, args),
    ]


class Text(str):
    """A ``str`` subclass: it could carry behaviour into a state, so it is refused."""


@attrs.frozen
class Sub(Move):
    """Another class that compares like a Move."""


@pytest.mark.parametrize("phase", [Phase.TOP_BACK, Phase.DEAL_OBJECT, Phase.TELL, Phase.VOTE])
def test_a_malformed_move_is_an_illegal_move_and_stores_nothing(phase: Phase) -> None:
    """apply and describe call expect_well_formed first: never a TypeError or
    AttributeError, and never a state holding a float, a bool or a list."""
    state = first(phase)
    for move in malformed(state):
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        short_message(info.value)
        with pytest.raises(IllegalMove):
            describe(state, move, 0)
        with pytest.raises(IllegalMove):
            describe(state, move, None)
    hash(state)


@pytest.mark.parametrize("phase", [Phase.DEAL_OBJECT, Phase.TELL, Phase.VOTE])
def test_the_fast_check_in_apply_agrees_with_expect_well_formed(phase: Phase) -> None:
    """apply checks the move's shape inline for speed; it must refuse exactly what the
    shared check refuses, and word it the same way."""
    state = first(phase)
    for move in [*malformed(state), *legal_moves(state)]:
        try:
            expect_well_formed(move, Move)
        except IllegalMove as exc:
            assert not well_formed(move)
            with pytest.raises(IllegalMove) as info:
                apply(state, move)
            assert str(info.value) == str(exc)
        else:
            assert well_formed(move)


def test_a_tell_given_as_a_list_was_stored_and_now_is_refused() -> None:
    """The list would have become the frozen state's ``told``, which cannot be hashed."""
    state = first(Phase.TELL)
    hand = state.hands[state.turn]
    move = Move(state.turn, Action.TELL, list(hand[: state.required]))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="field 'args' must be a tuple of ints, not list"):
        apply(state, move)
    bools = Move(state.turn, Action.TELL, (True,) * state.required)
    with pytest.raises(IllegalMove, match="field 'args'"):
        apply(state, bools)


def test_a_vote_of_true_or_a_float_seat_is_refused() -> None:
    state = first(Phase.VOTE)
    voter = min(to_act(state))
    with pytest.raises(IllegalMove, match="field 'args'"):
        apply(state, Move(voter, Action.VOTE, (True,)))
    with pytest.raises(IllegalMove, match="field 'seat'"):
        apply(state, Move(float(voter), Action.VOTE, (1,)))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="field 'seat'"):
        apply(state, Move(True, Action.VOTE, (1,)))


def test_a_huge_story_or_argument_is_not_repeated_in_an_error() -> None:
    state = first(Phase.TELL)
    seat, hand = state.turn, state.hands[state.turn]
    other = (seat + 1) % state.config.players
    bad = [
        Move(other, Action.TELL, hand[: state.required], HUGE),
        Move(seat, Action.TELL, (), HUGE),
        Move(seat, Action.TELL, tuple(range(10_000))),
        Move(seat, Action.TELL, (10**5000,)),
        Move(10**5000, Action.TELL, hand[: state.required]),
        Move(CHANCE, Action.BACK, (1,), HUGE),
    ]
    for move in bad:
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        assert HUGE[:100] not in short_message(info.value)
    vote = first(Phase.VOTE)
    with pytest.raises(IllegalMove) as info:
        apply(vote, Move(10**5000, Action.VOTE, (1,)))
    short_message(info.value)


def test_tell_refusals_say_why_and_what_is_legal() -> None:
    """F: the story must use the number of Objects the next Event's back shows, from
    the teller's hand."""
    state = first(Phase.TELL, seed=3)
    seat, hand, k = state.turn, state.hands[state.turn], state.required
    names = state.config.objects
    listed = ", ".join(f"{o} {names[o]}" for o in hand)
    objects = "Object" if k == 1 else "Objects"
    with pytest.raises(IllegalMove) as info:
        apply(state, Move(seat, Action.TELL, hand[: k % 3 + 1]))
    assert f"exactly {k} different {objects} from your hand, not {k % 3 + 1}" in str(info.value)
    assert f"your hand: {listed}; or say 'speechless'" in str(info.value)
    stranger = next(o for o in range(50) if o not in hand)
    with pytest.raises(IllegalMove, match=f"{stranger} \\({names[stranger]}\\) is not in it"):
        apply(state, Move(seat, Action.TELL, tuple(sorted((*hand[: k - 1], stranger)))))


def test_one_object_is_counted_in_the_singular() -> None:
    state = first(Phase.TELL, Config(events=spread_events((30, 0, 0))))
    assert state.required == 1
    with pytest.raises(IllegalMove, match="exactly 1 different Object from your hand, not 2"):
        apply(state, Move(state.turn, Action.TELL, state.hands[state.turn][:2]))


# ---------------------------------------------------------------------- view


@pytest.mark.parametrize(
    "seat",
    [-1, 4, 99, True, 1.0, "1", 10**5000],
    ids=["-1", "4", "99", "True", "1.0", "str", "huge"],
)
def test_view_refuses_a_seat_not_at_the_table(seat: Any) -> None:
    with pytest.raises(UnknownSeat) as info:
        view(first(Phase.TELL), seat)
    short_message(info.value)


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", [None, 7, b"speechless", ["tell", "1"], 1.5])
def test_parse_move_of_something_not_text_is_a_decode_error(text: Any) -> None:
    with pytest.raises(DecodeError, match="must be a string"):
        parse_move(first(Phase.TELL), text)


@pytest.mark.parametrize(
    "text",
    [HUGE, f"tell {HUGE}", f"tell 1 {'9' * 5000}", f'tell 1 "{HUGE}', f"chance: event {HUGE}",
     f"0: vote {HUGE}", f"{HUGE}: tell 1", f'vote yes "{HUGE}"'],
)  # fmt: skip
def test_a_huge_text_is_not_repeated_in_a_decode_error(text: str) -> None:
    with pytest.raises(DecodeError) as info:
        parse_move(first(Phase.TELL), text)
    short_message(info.value)


def test_the_objects_of_a_tell_may_come_in_any_order() -> None:
    """The order of the Objects carries no meaning: ``tell 16 0`` is ``tell 0 16``."""
    state = first(Phase.TELL, seed=3)
    seat, hand = state.turn, state.hands[state.turn]
    for order in (hand, hand[::-1], hand[1:] + hand[:1]):
        text = "tell " + " ".join(map(str, order[: state.required]))
        move = parse_move(state, text)
        assert move == Move(seat, Action.TELL, tuple(sorted(order[: state.required])))
        assert move in legal_moves(state)


def test_cards_may_be_named_instead_of_numbered() -> None:
    state = first(Phase.TELL, seed=3)
    seat, hand = state.turn, state.hands[state.turn]
    names = [state.config.objects[o] for o in hand]
    text = f'{seat}: tell {names[2].upper()}, {names[0]} and {hand[1]} "We ran."'
    assert parse_move(state, text) == Move(seat, Action.TELL, hand, "We ran.")
    assert parse_move(state, "chance: event A horde at the rodeo") == Move(
        CHANCE, Action.EVENT, (2,)
    )
    assert parse_move(state, "chance: event your grandmother is back, and hungry") == Move(
        CHANCE, Action.EVENT, (5,)
    )
    assert parse_move(state, "chance: object deck of cards") == Move(CHANCE, Action.OBJECT, (2,))
    assert parse_move(state, "chance: team Darwin & Dragons") == Move(CHANCE, Action.TEAM, (1,))
    assert parse_move(state, "chance: split beta lambda") == Move(CHANCE, Action.SPLIT, (0,))


def test_an_unknown_name_says_what_may_be_named() -> None:
    state = first(Phase.TELL, seed=3)
    listed = ", ".join(f"{o} {state.config.objects[o]}" for o in state.hands[state.turn])
    with pytest.raises(DecodeError, match=f"'banana' is not an Object.*your hand: {listed}$"):
        parse_move(state, "tell banana")
    with pytest.raises(DecodeError, match=r"not an Event of this game.*number \(0-29\)"):
        parse_move(state, "chance: event the zombie apocalypse")
    with pytest.raises(DecodeError, match="a team is 'beta' or 'darwin'"):
        parse_move(state, "chance: team purple")
    with pytest.raises(DecodeError, match="a vote is 'vote yes' or 'vote no'"):
        parse_move(first(Phase.VOTE), f"{min(to_act(first(Phase.VOTE)))}: vote maybe")


def test_names_that_differ_only_in_case_must_be_numbered() -> None:
    objects = ("Cat", "cat", *(f"thing {i}" for i in range(20)))
    state = first(Phase.TELL, Config(objects=objects))
    with pytest.raises(DecodeError, match="two Objects are called 'cat'; use its number"):
        parse_move(state, "tell cat")
    assert parse_move(state, "tell thing 3 1").args == (1, 5)
