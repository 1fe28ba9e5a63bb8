"""Custom cards written in the effect vocabulary: hands, deck, morgue and bodies, who learns what.

"Have an idea for a card? Customise your set by designing new ones" (Ruling 26);
the vocabulary's rulings are 32-38 in the Zombie Doctor rulings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig
from zombie_rules.play import RandomAgent, Record, play_game, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import check_determinize, check_knowledge, check_variant
from zombie_rules.zombie_doctor import (
    DEFAULT_DECK,
    GAME,
    Action,
    Config,
    CustomCard,
    Move,
    Phase,
    State,
    Step,
    apply,
    check_state,
    describe,
    determinize,
    legal_moves,
    parse_move,
    register_card_effect,
    unregister_card_effect,
    view,
)
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.knowledge import TABLE, contains, known_to

Make = Callable[..., State]

BALL = CustomCard(
    "crystal_ball",
    steps=(Step("look_top", count=2),),
    description="Look at the top 2 cards and put them back in any order.",
)
SHOW = CustomCard("show", steps=(Step("reveal_hand", to="table"),))
SPY = CustomCard("spy", steps=(Step("reveal_hand", to="user"),))
SWAP = CustomCard("switch", steps=(Step("swap", who="any"),))
HEAL = CustomCard("heal", steps=(Step("flip"), Step("cure", who="user")))
SAW = CustomCard("saw", steps=(Step("to_morgue"),))
GRAVE = CustomCard("grave", steps=(Step("from_morgue"),))
SHUFFLE = CustomCard("shuffle", steps=(Step("new_hand"),))

#: One card per vocabulary step, each with a short deck of its own.
EVERY_STEP = (BALL, SHOW, SPY, SWAP, HEAL, SAW, GRAVE, SHUFFLE)

#: A deck for built positions: 8 of each card the tests name.
DECK = (("coma", 8), ("medicine", 8), ("xray", 8), ("morgue", 8))


def _config(*cards: CustomCard, players: int = 3, copies: int = 3) -> Config:
    return Config(
        players=players,
        deck=(*DEFAULT_DECK, *((c.name, copies) for c in cards)),
        custom_cards=cards,
    )


def _position(make: Make, card: CustomCard, players: int = 3, **kw: object) -> State:
    hands = [(card.name, "coma", "coma"), *[("medicine", "xray", "coma")] * (players - 1)]
    return make(
        players=players,
        hands=hands,
        deck=(*DECK, (card.name, 4)),
        custom_cards=(card,),
        **kw,
    )


def _told(state: State, text: str, seat: int | None) -> str:
    return describe(state, parse_move(state, text), seat)


def _play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
        check_state(state)
    return state


# ------------------------------------------------------------------ data and JSON


def test_a_config_with_vocabulary_cards_round_trips_through_json() -> None:
    """Ruling 27: a custom card is data, so its config, records and replays are JSON."""
    config = _config(*EVERY_STEP, players=4)
    assert from_json(Config, to_json(config)) == config
    record = play_game(GAME, config, [RandomAgent() for _ in range(4)], seed=3)
    again = from_json(Record, to_json(record))
    assert again == record
    assert replay(again)[-1] == replay(record)[-1]


def test_unknown_steps_and_effects_are_refused_by_name() -> None:
    with pytest.raises(InvalidConfig, match=r"unknown step 'peek'; steps: flip, cure"):
        CustomCard("x", steps=(Step("peek"),))
    with pytest.raises(InvalidConfig, match=r"'nowhere' \(registered:"):
        CustomCard("x", effect="nowhere")
    with pytest.raises(InvalidConfig, match="must be the last step"):
        CustomCard("x", steps=(Step("look_top"), Step("flip")))
    with pytest.raises(InvalidConfig, match="1-4 cards"):
        CustomCard("x", steps=(Step("look_top", count=9),))
    text = to_json(_config(BALL)).replace("look_top", "look_under")
    with pytest.raises(DecodeError, match="look_under"):
        from_json(Config, text)


@pytest.fixture
def _doubling() -> Iterator[str]:
    def targets(state: State, user: int, params: object) -> tuple[int, ...]:
        return (user,)

    def effect(state: State, user: int, target: int, params: object) -> tuple[tuple[int, ...], ...]:
        return state.bodies

    register_card_effect("nothing_happens", targets, effect, "Nothing happens.")
    yield "nothing_happens"
    unregister_card_effect("nothing_happens")


def test_a_registered_effect_is_saved_by_name(_doubling: str) -> None:
    card = CustomCard("dud", effect=_doubling, params=(("strength", 2),))
    config = _config(card)
    text = to_json(config)
    assert from_json(Config, text) == config
    with pytest.raises(InvalidConfig, match="already registered"):
        register_card_effect(_doubling, lambda *a: (), lambda *a: ())
    unregister_card_effect(_doubling)
    with pytest.raises(DecodeError, match="nothing_happens"):
        from_json(Config, text)


# ----------------------------------------------------------------- look and order


def test_a_look_is_a_follow_up_choice_with_its_own_moves(make: Make) -> None:
    """Ruling 37: look at the top 2 privately, then "put them back in any order"."""
    state = _position(make, BALL)
    assert "0: use crystal_ball" in [str(m) for m in legal_moves(state)]
    assert _told(state, "0: use crystal_ball", 1) == (
        "Seat 0 uses Crystal Ball (Look at the top 2 cards and put them back in any order):"
        " look at the top 2 cards of the deck and put them back in any order.\n"
        "Seat 0 looks at the top 2 cards of the deck."
    )
    state = _play(state, "0: use crystal_ball")
    assert state.phase is Phase.LOOK and legal_moves(state)[0].seat == CHANCE
    assert _told(state, "chance: draw xray", 0) == (
        "You look at the next card of the deck: the X-Ray."
    )
    assert _told(state, "chance: draw xray", 1) == "Seat 0 looks at the next card of the deck."
    state = _play(state, "chance: draw xray", "chance: draw coma")
    assert state.phase is Phase.ARRANGE
    assert [str(m) for m in legal_moves(state)] == ["0: order 0 1", "0: order 1 0"]
    assert view(state, 0).xray_hand == ("xray", "coma")
    assert view(state, 1).xray_hand is None and view(state, None).xray_hand is None
    assert _told(state, "0: order 1 0", 0).splitlines()[:2] == [
        "You put the cards back on top of the deck: Coma and X-Ray (top first).",
        "You take the Coma from the top of the deck.",
    ]
    assert _told(state, "0: order 1 0", 2).splitlines()[:2] == [
        "Seat 0 puts the 2 cards back on top of the deck in an order of their choosing.",
        "Seat 0 takes a card from the top of the deck.",
    ]
    after = _play(state, "0: order 1 0")
    names = tables(after.config).names
    # The user's refill takes the new top card at once; the X-Ray stays on top.
    assert [names[k] for k in after.deck_top] == ["xray"] and after.deck_top_seen_by == (0,)
    assert after.phase is Phase.PLAY and after.turn == 1
    # The next short hand takes it, and the user then knows where it went.
    assert "Seat 1 takes the X-Ray from the top of the deck (you looked at it)." in _told(
        after, "1: use coma", 0
    )
    later = _play(after, "1: use coma")
    assert names.index("xray") in known_to(later.known, 0, 1)
    assert known_to(later.known, 2, 1) == ()


def test_a_bad_order_says_what_is_legal(make: Make) -> None:
    state = _play(_position(make, BALL), "0: use crystal_ball", "chance: draw xray",
                  "chance: draw coma")  # fmt: skip
    for bad in ("0: order 0 0", "0: order 0", "0: order 2 0", "0: order 1 0 2"):
        with pytest.raises(IllegalMove, match=r"each of the 2 cards .* 'order 0 1'"):
            apply(state, parse_move(state, bad))
    with pytest.raises(IllegalMove):
        apply(state, Move(1, Action.ORDER, "", (1, 0)))


def test_after_a_private_look_only_the_user_keeps_the_order(make: Make) -> None:
    """Ruling 37: 50 of the user's worlds keep the cards in the chosen order; other seats'
    worlds do not learn them."""
    state = _play(_position(make, BALL), "0: use crystal_ball", "chance: draw xray",
                  "chance: draw coma")  # fmt: skip
    # Look again without the refill: stop in ARRANGE and after the order, seen from both sides.
    arranged = apply(state, parse_move(state, "0: order 1 0"))
    truth = arranged.deck_top
    rng = random.Random(5)
    mine = [determinize(arranged, 0, rng).deck_top for _ in range(50)]
    assert sum(world != truth for world in mine) == 0
    for seat in (1, 2, None):
        theirs = [determinize(arranged, seat, rng).deck_top for _ in range(50)]
        assert sum(world != truth for world in theirs) > 0, seat
    # While putting them back, too.
    assert sum(determinize(state, 0, rng).deck_top != state.deck_top for _ in range(50)) == 0
    assert sum(determinize(state, 1, rng).deck_top != state.deck_top for _ in range(50)) > 0


# ------------------------------------------------------------------ reveals


def test_a_public_reveal_is_kept_by_every_seat(make: Make) -> None:
    """Ruling 35: after a hand is shown to the table, 0 of 50 worlds of any other seat
    contradict what was shown."""
    state = _position(make, SHOW)
    assert _told(state, "0: use show 1", 2).splitlines()[1] == (
        "Seat 1 shows the table their hand: Coma, Medicine and X-Ray."
    )
    after = apply(state, parse_move(state, "0: use show 1"))
    shown = state.hands[1]
    assert known_to(after.known, TABLE, 1) == shown
    assert sorted(view(after, 2).known_hands[1]) == sorted(("coma", "medicine", "xray"))
    rng = random.Random(1)
    for seat in (0, 2, None):
        worlds = [determinize(after, seat, rng) for _ in range(50)]
        assert sum(not contains(w.hands[1], shown) for w in worlds) == 0, seat


def test_a_private_reveal_is_the_users_alone(make: Make) -> None:
    """Ruling 35: "The opponent must reveal them only to you": the user's worlds keep the
    hand, the others' do not learn it."""
    state = _position(make, SPY)
    assert _told(state, "0: use spy 1", 0).splitlines()[1] == (
        "Seat 1 shows you their hand: Coma, Medicine and X-Ray."
    )
    assert _told(state, "0: use spy 1", 1).splitlines()[1] == (
        "You show Seat 0 your hand: Coma, Medicine and X-Ray."
    )
    assert _told(state, "0: use spy 1", 2).splitlines()[1] == "Seat 1 shows Seat 0 their hand."
    after = apply(state, parse_move(state, "0: use spy 1"))
    shown = state.hands[1]
    assert known_to(after.known, 0, 1) == shown and known_to(after.known, 2, 1) == ()
    rng = random.Random(2)
    assert sum(determinize(after, 0, rng).hands[1] != shown for _ in range(50)) == 0
    assert sum(determinize(after, 2, rng).hands[1] != shown for _ in range(50)) > 0


# --------------------------------------------------------------- bodies, morgue, hands


def test_a_swap_between_any_two_seats_and_slots_chosen_by_the_user(make: Make) -> None:
    state = _position(make, SWAP, bodies=["hhhhhh", "hhzhhh", "hhhhhh"])
    moves = [str(m) for m in legal_moves(state) if m.card == "switch"]
    assert "0: use switch 1 2 larm" not in moves  # str(move) writes slots as numbers
    assert "0: use switch 1 2 2" in moves and "0: use switch 0 2 5" in moves
    after = _play(state, "0: use switch 1 2 larm")
    assert after.bodies[2][2] == state.bodies[1][2] and after.bodies[1][2] == state.bodies[2][2]
    assert "Seat 2's left arm is now Nurse Ivy's, infected side up." in _told(
        state, "0: use switch 1 2 larm", 0
    )


def test_flip_then_cure_in_one_card(make: Make) -> None:
    state = _position(make, HEAL, bodies=["hhzhhh", "hhhhhh", "hhhhhh"])
    after = _play(state, "0: use heal 1 rleg larm")
    assert after.bodies[1][5] & 1 and not after.bodies[0][2] & 1
    with pytest.raises(IllegalMove, match="legal:"):
        apply(state, parse_move(state, "0: use heal 1 torso larm"))  # not in flip order


def test_limbs_go_to_the_morgue_and_come_back(make: Make) -> None:
    state = _position(make, SAW)
    after = _play(state, "0: use saw 1 lleg")
    assert after.bodies[1][4] == -1 and sum(after.morgue) == 1
    grave = _position(make, GRAVE, bodies=["hh-hhh", "hhhhhh", "hhhhhh"])
    drawing = _play(grave, "0: use grave")
    assert drawing.phase is Phase.MORGUE and drawing.pending_card >= 0
    done = _play(drawing, str(legal_moves(drawing)[0]))
    assert done.bodies[0][2] != -1 and done.pending_card == -1


def test_a_new_hand_goes_under_unseen(make: Make) -> None:
    state = _position(make, SHUFFLE)
    told_owner = _told(state, "0: use shuffle 1", 1)
    assert "Your hand (Coma, Medicine and X-Ray) goes under the deck unseen." in told_owner
    assert "Seat 1's 3 cards go under the deck unseen." in _told(state, "0: use shuffle 1", 2)
    after = _play(state, "0: use shuffle 1")
    assert after.deck_bottom_hidden_by[-3:] == (1, 1, 1)


# --------------------------------------------------------------- the knowledge check


@pytest.mark.parametrize("card", EVERY_STEP, ids=lambda c: c.name)
def test_check_variant_passes_with_each_step(card: CustomCard) -> None:
    """Ruling 38: the kit's checks (knowledge and determinize included) pass for each step."""
    config = _config(card, copies=6)
    report = check_variant(GAME, config, games=2, seed=1)
    assert report.games == 3


def _walk(config: Config, seed: int, moves: int = 120) -> list[Move]:
    record = play_game(GAME, config, [RandomAgent() for _ in range(config.players)], seed=seed)
    return list(record.moves[:moves])


def test_a_planted_leak_in_the_view_is_caught() -> None:
    """A look shown to everyone (every seat's view naming the top cards) fails the check."""
    from zombie_rules.zombie_doctor import views

    def leaky(state: State, seat: int | None) -> views.View:
        v = views.view(state, seat)
        if state.look:
            names = tables(state.config).names
            return attrs.evolve(v, xray_hand=tuple(names[k] for k in state.deck_top))
        return v

    config = _config(BALL, copies=8)
    moves = _walk(config, 2)
    assert any(m.action is Action.ORDER for m in moves)
    assert check_knowledge(GAME, config, moves, seats=(1,), horizon=4) > 0
    with pytest.raises(AssertionError, match="xray_hand"):
        check_knowledge(attrs.evolve(GAME, view=leaky), config, moves, seats=(1,), horizon=4)


def test_a_planted_leak_in_determinize_is_caught() -> None:
    """Worlds in which another seat's looked-at cards stay put (they should be drawn) fail."""
    config = _config(BALL, copies=8)
    moves = _walk(config, 2)

    def leaky(state: State, seat: int | None, rng: random.Random) -> State:
        if seat is None or not state.deck_top:
            return determinize(state, seat, rng)
        # As if the seat had looked at the cards too: the world keeps them.
        saw = attrs.evolve(state, deck_top_seen_by=(seat,) * len(state.deck_top))
        world = determinize(saw, seat, rng)
        return attrs.evolve(world, deck_top_seen_by=state.deck_top_seen_by)

    assert check_determinize(GAME, config, moves, 1) > 0
    with pytest.raises(AssertionError, match="depends on where hidden cards truly lie"):
        check_determinize(attrs.evolve(GAME, determinize=leaky), config, moves, 1)


def _look_words_for_others(config: Config, seed: int) -> None:
    """At every look of a random game, each other seat is told every outcome alike.

    The kit trusts ``describe``, so an account that names a looked-at card to everyone
    would pass it; this asks the words directly: the chance cards a look turns up and
    the orders the user may choose read the same to everyone but the user.
    """
    from zombie_rules.play import sample_chance

    rng = random.Random(seed)
    state = GAME.new_game(config)
    looks = 0
    while GAME.legal_moves(state):
        if state.phase in (Phase.LOOK, Phase.ARRANGE):
            looks += 1
            options = legal_moves(state)
            for seat in (*range(config.players), None):
                if seat != state.turn:
                    told = {describe(state, m, seat) for m in options}
                    assert len(told) == 1, (seat, sorted(told)[:2])
        if CHANCE in GAME.to_act(state):
            move = sample_chance(GAME, state, rng)
        else:
            move = rng.choice(legal_moves(state))
        state = apply(state, move)
    assert looks, "no look in the game"


def test_a_look_is_told_alike_to_everyone_but_its_user() -> None:
    """Ruling 37: the other players learn how many cards were looked at, never which."""
    for seed in range(3):
        _look_words_for_others(_config(BALL, copies=8), seed)


def test_a_look_described_to_all_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted leak: the account of the look's draw names the card to every seat."""
    import sys

    module = sys.modules["zombie_rules.zombie_doctor.describe"]

    def leaky(words: object) -> str:
        move = words.move  # type: ignore[attr-defined]
        return f"Seat {words.state.turn} looks at the next card: {move.card}."  # type: ignore[attr-defined]

    monkeypatch.setattr(module, "look_draw_line", leaky)
    with pytest.raises(AssertionError):
        _look_words_for_others(_config(BALL, copies=8), 0)


def test_a_second_look_makes_the_top_cards_its_own(make: Make) -> None:
    """Ruling 37: a later look by another player at those cards makes them its own."""
    hands = [("crystal_ball", "coma", "coma"), ("crystal_ball", "coma", "coma"), ("coma",) * 3]
    state = make(players=3, hands=hands, deck=(*DECK, ("crystal_ball", 4)), custom_cards=(BALL,))
    state = _play(state, "0: use crystal_ball", "chance: draw xray", "chance: draw medicine",
                  "0: order 0 1")  # fmt: skip
    names = tables(state.config).names
    assert [names[k] for k in state.deck_top] == ["medicine"] and state.deck_top_seen_by == (0,)
    assert _told(state, "1: use crystal_ball", 1).splitlines()[1] == (
        "You look at the top 2 cards of the deck: on top you see Medicine (top first)."
    )
    state = _play(state, "1: use crystal_ball", "chance: draw morgue")
    assert state.phase is Phase.ARRANGE and state.deck_top_seen_by == (1, 1)
    rng = random.Random(3)
    truth = state.deck_top
    assert sum(determinize(state, 1, rng).deck_top != truth for _ in range(50)) == 0
    assert sum(determinize(state, 0, rng).deck_top != truth for _ in range(50)) > 0
