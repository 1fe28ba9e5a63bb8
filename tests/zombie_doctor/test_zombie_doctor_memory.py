"""What a seat remembers of other hands (Ruling 30), and the worlds ``determinize`` deals from it.

Each rule test quotes the rulebook sentence it checks; "Ruling N" cites
docs/rulings/zombie_doctor.md.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.piles import expand
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import random_playout
from zombie_rules.zombie_doctor import (
    GAME,
    Config,
    State,
    apply,
    describe,
    determinize,
    parse_move,
    render,
    view,
)
from zombie_rules.zombie_doctor.checks import check_state
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.knowledge import TABLE, known_to, lost_unseen, xray_taken
from zombie_rules.zombie_doctor.views import View

Make = Callable[..., State]


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = apply(state, parse_move(state, text))
    return state


def deal(config: Config, hands: list[tuple[str, ...]]) -> State:
    """A new game whose opening hands are ``hands``, dealt from the first player on."""
    state = GAME.new_game(config)
    for seat in range(config.players):
        state = play(state, *(f"chance: draw {name}" for name in hands[seat]))
    return state


def kinds(state: State, *names: str) -> tuple[int, ...]:
    index = tables(state.config).index
    return tuple(sorted(index[name] for name in names))


def xrayed(make: Make) -> State:
    """Seat 0 X-Rays seat 1 (amputate, medicine, morgue) and takes the Amputate; seat 1
    draws a Coma, and it is seat 1's turn."""
    state = make(
        players=3,
        hands=[("xray", "coma", "coma"), ("amputate", "medicine", "morgue"), ("coma",) * 3],
        bodies=["hhhhhh", "hhzhhh", "hhhhhh"],
    )
    return play(state, "0: use xray 1", "0: take amputate", "0: flip larm", "chance: draw coma")


# ------------------------------------------------------------------ what a seat remembers


def test_the_xray_user_remembers_the_rest_of_the_hand_after_the_xray(make: Make) -> None:
    """X-Ray: "Look at all of an opponent's cards and take one. The opponent must reveal
    them only to you." Once the X-Ray step is over the user still knows the rest of the
    hand, and the target knows which card the user took; nobody else learns either."""
    state = xrayed(make)  # seat 1 has drawn a card seat 0 did not see since
    assert state.turn == 1 and view(state, 0).xray_hand is None
    assert view(state, 0).known_hands == ((), ("medicine", "morgue"), ())
    assert view(state, 1).known_hands == (("amputate",), (), ())
    for seat in (2, None):
        assert view(state, seat).known_hands == ((), (), ())
    assert "You know: seat 1 holds medicine, morgue (and maybe more)" in render(view(state, 0))


def test_a_remembered_card_played_face_up_is_forgotten(make: Make) -> None:
    """ "To use the card, you must show the card to your opponent": the Medicine seat 1
    uses may be the one seat 0 saw, so seat 0 no longer counts it (Ruling 30); a card
    seat 0 never saw there leaves its memory as it was."""
    state = xrayed(make)
    played = play(state, "1: use medicine larm")
    assert view(played, 0).known_hands[1] == ("morgue",)
    other = play(state, "1: use coma")  # the Coma seat 1 drew, which seat 0 did not see
    assert view(other, 0).known_hands[1] == ("medicine", "morgue")
    assert view(other, 1).known_hands[0] == ("amputate",)


def test_a_card_returned_unseen_forgets_one_copy_of_each_known_kind(make: Make) -> None:
    """ "If you cannot use any of your cards, you have the option to return one to the
    bottom of the pain/gain deck": returned unseen (Ruling 6), it may be either Medicine
    seat 0 saw or the card seat 1 drew, so seat 0 is sure of one Medicine only, whichever
    card went, and it is told both alike."""
    state = make(hands=[("xray", "coma", "coma"), ("medicine", "medicine", "defibrillator")])
    state = play(
        state,
        "0: use xray 1",
        "0: take defibrillator",
        "0: flip larm",
        "chance: draw defibrillator",
    )
    assert view(state, 0).known_hands[1] == ("medicine", "medicine")
    returns = ["1: stuck flip larm return medicine", "1: stuck flip larm return defibrillator"]
    after = [play(state, text) for text in returns]
    told = {describe(state, parse_move(state, text), 0) for text in returns}
    assert len(told) == 1 and view(after[0], 0) == view(after[1], 0)
    assert view(after[0], 0).known_hands[1] == ("medicine",)
    kept = play(state, "1: stuck flip larm")  # no card returned: nothing is forgotten
    assert view(kept, 0).known_hands[1] == ("medicine", "medicine")


def test_a_shown_card_taken_from_the_top_is_known_to_everyone() -> None:
    """ "Once a card has been used, it must be returned to the bottom of the pain/gain deck
    and take a new card from the top": once the unseen part is used up, the top card is
    one everyone saw go under (Ruling 5), so the whole table, spectator included, knows
    who holds it, until it is played."""
    config = Config(players=2, deck=(("coma", 4), ("medicine", 3)), round_limit=None)
    state = deal(config, [("coma", "coma", "medicine"), ("coma", "medicine", "medicine")])
    state = play(state, "0: use coma", "chance: draw coma", "1: use coma")
    assert not any(state.deck_unknown)
    for seat in (0, None):
        assert view(state, seat).known_hands[1] == ("coma",)
    for seed in range(30):  # even a spectator's worlds keep it
        assert kinds(state, "coma") == determinize(state, None, random.Random(seed)).hands[1][:1]
    state = play(state, "0: use coma")
    assert view(state, 1).known_hands[0] == ("coma",)
    # Seat 1 uses the Coma everyone knew of and takes the next shown one: one, not two.
    state = play(state, "1: use coma")
    assert view(state, 0).known_hands[1] == ("coma",)


def test_a_card_put_under_unseen_is_known_to_its_owner_when_drawn() -> None:
    """ "do not show them to your opponents": a card returned unseen is known only to the
    player who returned it (Ruling 6), and so is where it goes when someone takes it."""
    config = Config(
        players=2, deck=(("defibrillator", 3), ("medicine", 3), ("coma", 1)), round_limit=None
    )
    state = deal(
        config, [("defibrillator", "medicine", "medicine"), ("defibrillator",) * 2 + ("medicine",)]
    )
    state = play(state, "0: stuck flip larm return defibrillator", "chance: draw coma")
    state = play(state, "1: stuck flip larm return medicine")
    assert state.hands[1] == kinds(state, *["defibrillator"] * 3)
    assert view(state, 0).known_hands[1] == ("defibrillator",)
    assert view(state, None).known_hands[1] == ()


def test_a_hand_that_goes_under_the_deck_is_forgotten(make: Make) -> None:
    """ "You are finished when you have an infected head": the hand goes under the deck
    unseen (Ruling 12), and nothing is known of it any more."""
    state = make(
        players=3,
        hands=[("xray", "coma", "coma"), ("amputate", "medicine", "morgue"), ("coma",) * 3],
        bodies=["hhhhhh", "hhhhhh", "hzzzzz"],
    )
    state = play(state, "0: use xray 2", "0: take coma", "0: flip larm", "chance: draw coma")
    assert view(state, 0).known_hands[2] == ("coma", "coma")
    state = play(state, "1: use amputate 2 head")  # seat 2's torso is infected
    assert view(state, 0).known_hands[2] == () and not state.hands[2]


def test_a_third_seat_learns_where_an_xrayed_card_went_only_from_a_hand_of_one_kind() -> None:
    """X-Ray: "Look at all of an opponent's cards and take one." Seat 2, which knew the
    whole hand was three Comas, knows the card taken is a Coma; with two kinds it could be
    either, and it is sure of neither kind any more (one copy of each is forgotten)."""
    coma, morgue = 3, 6
    nothing = ((), ())
    known = (nothing, ((), ((2, (coma, coma, coma)),)), nothing)
    after = xray_taken(known, 0, 1, coma, (coma, coma, coma), 3)
    assert known_to(after, 2, 0) == (coma,) and known_to(after, 2, 1) == (coma, coma)
    assert known_to(after, 0, 1) == (coma, coma) and known_to(after, 1, 0) == (coma,)
    mixed = (nothing, ((), ((2, (coma, coma, morgue)),)), nothing)
    after = xray_taken(mixed, 0, 1, coma, (coma, coma, morgue), 3)
    assert known_to(after, 2, 0) == () and known_to(after, 2, 1) == (coma,)
    assert known_to(after, TABLE, 1) == ()


def test_every_memory_holds_in_random_games() -> None:
    """Sound: the true hands always hold what the table and every seat remember
    (``check_state`` says so), in games of every size; and seats do remember things."""
    shared = own = 0
    for seed in range(30):
        config = Config(
            players=2 + seed % 3, hand_size=(3, 2, 4)[seed % 3], bonus_mode=seed % 2 == 1
        )
        for state in random_playout(GAME, config, seed, max_moves=2000).states:
            check_state(state)
            shared += any(row[0] for row in state.known)
            own += any(extra for row in state.known for _, extra in row[1])
    assert shared > 300 and own > 300, (shared, own)


# --------------------------------------------------------------------- worlds


def _pool(state: State, seat: int) -> Counter[int]:
    """The cards ``seat`` cannot place: unseen deck, other hands less what it remembers."""
    pool = Counter(expand(state.deck_unknown))
    for s in range(state.config.players):
        if s != seat:
            pool += Counter(state.hands[s]) - Counter(known_to(state.known, seat, s))
    return pool


def test_worlds_keep_the_remembered_cards_and_deal_the_rest_everywhere(make: Make) -> None:
    """X-Ray: "Look at all of an opponent's cards and take one." In every world seat 0 is
    dealt, seat 1 holds the Medicine and the Morgue seat 0 saw; the card seat 1 drew and
    seat 2's hand take, over many worlds, every card seat 0 cannot place."""
    state = xrayed(make)
    seen = kinds(state, "medicine", "morgue")
    pool = set(_pool(state, 0))
    free: dict[int, set[int]] = {1: set(), 2: set()}
    for seed in range(400):
        world = determinize(state, 0, random.Random(seed))
        assert Counter(seen) <= Counter(world.hands[1]), f"seed {seed}: {world.hands[1]}"
        assert view(world, 0) == view(state, 0)
        check_state(world)
        free[1] |= set((Counter(world.hands[1]) - Counter(seen)).elements())
        free[2] |= set(world.hands[2])
    assert free == {1: pool, 2: pool}
    # Seat 2 saw nothing: its worlds move seat 1's Medicine and Morgue about.
    assert any(
        not Counter(seen) <= Counter(determinize(state, 2, random.Random(seed)).hands[1])
        for seed in range(100)
    )


def test_states_a_seat_cannot_tell_apart_give_the_same_world(make: Make) -> None:
    """The world depends on what the seat knows, not on the hidden truth: seat 1 drawing a
    Coma or an X-Ray is told to seat 0 alike, so both give one world per seed."""
    state = make(
        players=3,
        hands=[("xray", "coma", "coma"), ("amputate", "medicine", "morgue"), ("coma",) * 3],
        bodies=["hhhhhh", "hhzhhh", "hhhhhh"],
    )
    state = play(state, "0: use xray 1", "0: take amputate", "0: flip larm")
    a, b = play(state, "chance: draw coma"), play(state, "chance: draw xray")
    assert a != b and view(a, 0) == view(b, 0)
    for seed in range(20):
        assert determinize(a, 0, random.Random(seed)) == determinize(b, 0, random.Random(seed))


def test_other_seats_memories_are_drawn_in_worlds(make: Make) -> None:
    """What seat 0 remembers is not seat 2's to know: seat 2's worlds list seat 0 as
    remembering seat 1's hand (that X-Ray was public) but draw what it remembers."""
    state = xrayed(make)
    drawn = {
        known_to(determinize(state, 2, random.Random(seed)).known, 0, 1) for seed in range(200)
    }
    assert len(drawn) > 3 and () in drawn


# ---------------------------------------------------------------- decoding


def _with_memory(state: State, holder: int, row: object) -> State:
    known = list(state.known)
    known[holder] = row  # type: ignore[call-overload]
    return attrs.evolve(state, known=tuple(known))


@pytest.mark.parametrize(
    ("row", "why"),
    [
        (((), ((0, (0, 0)),)), r"seat 0 is said to know seat 1 holds amputate, amputate"),
        (((0,), ()), r"everyone is said to know seat 1 holds amputate"),
        (((), ((1, (4,)),)), r"other seats of a 3-player game"),
        (((), ((7, (4,)),)), r"other seats of a 3-player game"),
        (((), ((2, (4,)), (0, (6,)))), r"each once, in order"),
        (((), ((0, (6, 4)),)), r"sorted card-kind indices"),
        (((99,), ()), r"sorted card-kind indices"),
    ],
)
def test_a_state_whose_memories_the_hands_contradict_is_refused(
    make: Make, row: object, why: str
) -> None:
    """Ruling 30: a memory is what a seat is sure of, so the true hands always hold it;
    a saved state that says otherwise is refused, naming ``known``."""
    bad = _with_memory(xrayed(make), 1, row)
    with pytest.raises(ValueError, match=why):
        check_state(bad)
    with pytest.raises(DecodeError, match=r"inconsistent State: known\[1\]"):
        from_json(State, to_json(bad))


def test_malformed_memories_are_refused(make: Make) -> None:
    """A row per seat, none for a player who is out, nothing during the deal, and ``[]``
    (not rows of nothing) while nobody knows anything: one encoding per knowledge."""
    state = xrayed(make)
    with pytest.raises(ValueError, match=r"known: one row per seat"):
        check_state(attrs.evolve(state, known=state.known[:2]))
    with pytest.raises(ValueError, match=r"known: one row per seat"):
        check_state(attrs.evolve(state, known=(((), ()),) * 3))
    dealing = GAME.new_game(Config(players=3))
    with pytest.raises(ValueError, match=r"during the deal"):
        check_state(attrs.evolve(dealing, known=state.known))
    beheaded = play(
        make(
            players=3,
            bodies=["hhhhhh", "hhhhhh", "hzzzzz"],
            hands=[("amputate",) * 3, ("coma",) * 3, ("coma",) * 3],
        ),
        "0: use amputate 2 head",
        "0: flip larm",
        "chance: draw coma",
    )
    assert not beheaded.hands[2]
    with pytest.raises(ValueError, match=r"known\[2\]: a player who is out"):
        check_state(attrs.evolve(beheaded, known=(((), ()), ((), ()), ((), ((0, ()),)))))


def test_memories_survive_a_json_round_trip(make: Make) -> None:
    state = xrayed(make)
    assert state.known and from_json(State, to_json(state)) == state
    for seat in (0, 1, 2, None):
        assert from_json(View, to_json(view(state, seat))) == view(state, seat)
    # A state saved before memories were kept decodes as nobody remembering anything.
    data = json.loads(to_json(GAME.new_game(Config())))
    del data["known"]
    assert from_json(State, json.dumps(data)).known == ()


def test_a_decoded_view_needs_one_known_hand_per_seat(make: Make) -> None:
    v = view(xrayed(make), 0)
    data = json.loads(to_json(v))
    data["known_hands"] = [[], []]
    with pytest.raises(DecodeError, match="known_hands"):
        from_json(View, json.dumps(data))


def test_a_card_lost_unseen_leaves_each_memory_less_one_copy_of_each_kind() -> None:
    """``lost_unseen`` keeps its meaning: every knower's whole memory of the hand (what
    everyone knows plus its own part) is one copy of each kind fewer, and the shared part
    the same; checked against that definition, counted with Counters, on random rows."""
    rng = random.Random(7)
    for _ in range(500):
        shared = tuple(sorted(rng.choices(range(4), k=rng.randrange(4))))
        extras = [tuple(sorted(rng.choices(range(4), k=rng.randrange(4)))) for _ in range(2)]
        own = ((1, extras[0]), (2, extras[1]))
        known = (((), ()), (shared, own), ((), ()))
        after = lost_unseen(known, 1)
        for knower in (TABLE, 1, 2):
            before = Counter(known_to(known, knower, 1))
            expected = Counter({k: n - 1 for k, n in before.items() if n > 1})
            assert Counter(known_to(after, knower, 1)) == expected, (shared, own, knower)
        if after:
            assert [who for who, _ in after[1][1]] == [1, 2]
