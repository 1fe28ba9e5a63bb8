"""What each seat of Quarantine Z may know: views, hidden re-deals and the knowledge check.

Each leak test quotes the rulebook sentence (or names the ruling of
docs/rulings/quarantine_z.md) that says the card stays hidden. The seeded games at
the end run the generic ``check_knowledge``: whenever a seat was told two moves
identically, its views must stay identical.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.quarantine_z.qz_helpers import chance, item, loot, move, start, step_as, travel, zcard
from zombie_rules.core.errors import UnknownSeat
from zombie_rules.play import RandomAgent, play_game, replay
from zombie_rules.quarantine_z import (
    GAME,
    Action,
    Claim,
    ClaimedCard,
    ClaimView,
    Config,
    HeuristicAgent,
    Phase,
    SetupDraw,
    State,
    apply,
    describe,
    legal_moves,
    view,
)
from zombie_rules.quarantine_z.checks import card_census, card_set, hidden_variant
from zombie_rules.quarantine_z.knowledge import item_of, knowers
from zombie_rules.testing import check_knowledge

A = Action


def at_location(state: State, where: int = 1, loot_names: tuple[str, ...] = ()) -> State:
    """Travel to ``where``, the Zombie Player draws instead of playing, loot it."""
    state = travel(state, where)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))
    state = loot(state, loot_names)
    assert state.phase is Phase.LOCATION, state.phase
    return state


GUN_SHOP_LOOT = ("Bullets", "Shells", "Rifle")  # location 1 is the Gun Shop: 3 Munition
SHELTER_FIRST = (0, 10, *range(1, 9))  # location 1 is the School, a Shelter
SCHOOL_LOOT = ("Canned Food", "Bandages", "Bullets")  # 2 Supply, 1 Munition


def names(state: State, items: tuple[int, ...]) -> list[str]:
    return sorted(state.config.items[i].name for i in items)


# ------------------------------------------------------------------ the leaks of issue 8


def test_a_hand_lost_before_the_first_arrival_stays_face_down() -> None:
    """ "If a Survivor has died, any Supplies or Munitions in their hand are laid face-down"
    (ruling 26: before any arrival they leave the game face down, not among the face-up
    discards, which made the dead Survivor's hand public)."""
    state = start(Config(survivor_life=1))
    state = apply(state, move(1, A.PROPOSE, 2))
    state = apply(state, move(2, A.PROPOSE, 3))
    state = apply(state, move(3, A.AMBUSH, 1, 0))
    state = apply(state, chance(A.ROLL, 6))  # a Fight hit: Seat 1 (Life 1) dies
    assert state.here == -1 and state.survivors[1].life == 0
    assert not any(state.used)  # nothing of the hand lies face up
    for seat in (0, 2, 3, None):
        seen = view(state, seat)
        assert seen.lost_known == () and seen.lost_hidden_supply == 2
        assert seen.lost_hidden_munition == 2 and not any(seen.used)
    assert names(state, view(state, 1).lost_known) == sorted(
        ["Pistol", "Bullets", "Canned Food", "Bandages"]
    )
    assert card_census(state) == card_set(state.config)


def test_the_death_before_arrival_is_told_without_naming_the_hand() -> None:
    """Ruling 26: the hand "leaves the game face down"; its cards are named only to the dead."""
    state = start(Config(survivor_life=1))
    state = apply(state, move(1, A.PROPOSE, 2))
    state = apply(state, move(2, A.PROPOSE, 3))
    state = apply(state, move(3, A.AMBUSH, 1, 0))
    roll = chance(A.ROLL, 6)
    told = describe(state, roll, 2)
    assert "Seat 1 dies before reaching any location" in told
    assert "2 Supply cards and 2 Munition cards) leaves the game face down" in told
    assert "Pistol" not in told and "Pistol" in describe(state, roll, 1)


def test_taking_back_a_stashed_card_does_not_name_it() -> None:
    """ "Stash: ... Place the card face-down under the location. It is then considered to be
    at the location and collected by the normal collection rules." (ruling 28: a claim names
    the card only to those who have seen it)"""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    pistol = item(state.config, "Pistol")
    state = apply(state, move(1, A.STASH, pistol))
    claim = move(1, A.CLAIM, pistol)
    assert "Pistol" not in describe(state, claim, 2)
    assert "a Munition card lying face down here" in describe(state, claim, 2)
    assert "You claim the Pistol" in describe(state, claim, 1)
    state = apply(state, claim)
    assert view(state, 1).step == ClaimView(1, ClaimedCard.NAMED, pistol, False, 0)
    for seat in (0, 2, 3, None):
        assert view(state, seat).step == ClaimView(1, ClaimedCard.UNSEEN, None, False, 0)
    allow = move(2, A.ALLOW)
    state = apply(state, allow)
    last = move(3, A.ALLOW)
    assert "Pistol" not in describe(state, last, 2)
    state = apply(state, last)
    assert state.phase is Phase.LOCATION
    assert pistol not in view(state, 2).survivors[1].known
    assert pistol in view(state, 1).survivors[1].known


def test_a_spectator_sees_the_equipment_a_dead_survivor_laid_face_up() -> None:
    """ "Any equipment they had equipped is laid face-up at the current Location." (ruling 29:
    a spectator sees what lies face up; it used to test the encoded card, not its mask)"""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Baseball Bat")))
    state = apply(state, move(1, A.EQUIP, item(config, "Pistol")))
    state = apply(state, move(1, A.AMBUSH, 2, 1))
    state = apply(state, chance(A.ROLL, 6))  # a Pistol Headshot
    here = view(state, None).area[1]
    assert names(state, here.known) == ["Baseball Bat"]
    assert here.hidden_supply == 3 and here.hidden_munition == 3  # the hand and the loot


def test_a_spectator_knows_only_what_every_seat_knows() -> None:
    """Ruling 29: the spectator's cards are, card for card, known to every seat."""
    config = Config(players=5)
    record = play_game(GAME, config, [HeuristicAgent() for _ in range(5)], 3, max_moves=400)
    for state in replay(record)[::7]:
        seen = view(state, None)
        seats = [view(state, s) for s in range(5)]
        for i, sv in enumerate(seen.survivors):
            for other in seats:
                assert not Counter(sv.known) - Counter(other.survivors[i].known)
        for i, loc in enumerate(seen.area):
            for other in seats:
                assert not Counter(loc.known) - Counter(other.area[i].known)
        assert seen.zombie_hand == () and all(
            z.card is None or z.face_up for loc in seen.area for z in loc.zombies
        )
        if seen.combat is not None and not seen.combat.revealed:
            assert all(c is None for c in seen.combat.commits)


@pytest.mark.parametrize("seat", [True, 1.0, -1, 4, "1"])
def test_a_view_for_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    """``view`` takes an int seat at the table or None (``expect_seat``)."""
    with pytest.raises(UnknownSeat):
        view(start(), seat)  # type: ignore[arg-type]


def test_a_card_of_one_name_played_face_up_is_the_one_the_others_had_seen() -> None:
    """ "They do this by playing them face-up in front of themselves." Ruling 27: of two
    Canned Food in Seat 1's hand, the one Seat 2 gave is the one fed to the Shelter, so Seat
    2 does not go on seeing a Canned Food there (and learn the other was one too)."""
    state = at_location(start(buildings=SHELTER_FIRST), 1, SCHOOL_LOOT)
    food = item(state.config, "Canned Food")
    state = apply(state, move(2, A.GIVE, 1, food))
    assert names(state, view(state, 2).survivors[1].known) == ["Canned Food"]
    state = apply(state, move(1, A.FEED, food))
    assert view(state, 2).survivors[1].known == ()
    assert names(state, view(state, 1).survivors[1].known).count("Canned Food") == 1


def test_a_seat_unsure_which_card_of_a_name_is_left_forgets_it() -> None:
    """Ruling 27: Seats 2 and 3 each gave Seat 1 a Canned Food; once one Canned Food is fed,
    neither can tell whether the one it gave is still there."""
    state = at_location(start(buildings=SHELTER_FIRST), 1, SCHOOL_LOOT)
    food = item(state.config, "Canned Food")
    state = apply(state, move(2, A.GIVE, 1, food))
    state = apply(state, move(3, A.GIVE, 1, food))
    state = apply(state, move(1, A.FEED, food))
    assert view(state, 2).survivors[1].known == () and view(state, 3).survivors[1].known == ()
    assert names(state, view(state, 1).survivors[1].known).count("Canned Food") == 2


def test_a_gift_hands_over_the_card_the_receiver_had_seen() -> None:
    """ "Survivors may trade items with each other." Ruling 27: Seat 2 gave a Canned Food and
    gets "a Canned Food" back: it is the same card, so Seat 2 sees none left with Seat 1."""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    food = item(state.config, "Canned Food")
    state = apply(state, move(2, A.GIVE, 1, food))
    state = apply(state, move(1, A.GIVE, 2, food))
    assert view(state, 2).survivors[1].known == ()
    back = [knowers(c) for c in state.survivors[2].hand if item_of(c) == food]
    assert back == [1 << 1 | 1 << 2]  # the card Seat 2 gave, not Seat 1's own
    assert [knowers(c) for c in state.survivors[1].hand if item_of(c) == food] == [1 << 1]


# ------------------------------------------------------------------ hidden re-deals


def _games() -> list[tuple[Config, tuple[object, ...]]]:
    games = []
    for players, seed in ((3, 4), (4, 1), (5, 2)):
        config = Config(players=players, zombie_seat=seed % players)
        for agents in ([HeuristicAgent() for _ in range(players)], [RandomAgent()] * players):
            record = play_game(GAME, config, agents, seed, max_moves=500)
            games.append((config, record.moves))
    return games


GAMES = _games()


def test_hidden_variants_keep_every_view_and_re_deal_what_is_unseen() -> None:
    """``hidden_variant`` changes only what the seat has not seen, and does change it."""
    rng = random.Random(7)
    changed: Counter[object] = Counter()
    for config, moves in GAMES:
        state = GAME.new_game(config)
        for number, m in enumerate(moves):
            state = apply(state, m)
            if number % 5:
                continue
            for seat in (*range(config.players), None):
                variant = hidden_variant(state, seat, rng)
                assert view(variant, seat) == view(state, seat), (number, seat)
                assert card_census(variant) == card_set(config)
                changed[seat] += variant != state
    assert all(changed[seat] for seat in (0, 1, 2, None))


def test_a_pending_claim_keeps_taking_an_unseen_card_in_every_re_deal() -> None:
    """Ruling 28: the others see the claim of a stashed card as unseen in every re-deal."""
    state = at_location(start(), 1, GUN_SHOP_LOOT)
    pistol = item(state.config, "Pistol")
    state = apply(state, move(1, A.STASH, pistol))
    state = apply(state, move(1, A.CLAIM, pistol))
    rng = random.Random(1)
    items = set()
    for _ in range(40):
        variant = hidden_variant(state, 2, rng)
        assert view(variant, 2) == view(state, 2)
        claimed = step_as(variant, Claim).item
        items.add(claimed)
        assert legal_moves(variant) == legal_moves(state) or claimed != pistol
    assert len(items) > 1  # the claimed card itself is re-dealt too


# ------------------------------------------------------------------ the generic check


@pytest.mark.parametrize("number", range(len(GAMES)))
def test_every_seat_is_told_what_its_view_shows(number: int) -> None:
    """``check_knowledge``: moves a seat is told alike leave its views alike."""
    config, moves = GAMES[number]
    branches = check_knowledge(GAME, config, moves, rng=random.Random(number), steps=60, horizon=60)
    assert branches > 0


# ------------------------------------------------------------------ scripted games


class Script:
    """A game played move by move from ``new_game``, keeping the moves for the check."""

    def __init__(self, config: Config, buildings: tuple[int, ...] = tuple(range(10))) -> None:
        self.state = GAME.new_game(config)
        self.moves: list[object] = []
        for b in buildings:
            self.do(chance(A.BUILDING, b))
        hands = {1: ("Pistol", "Bullets", "Canned Food", "Bandages"),
                 2: ("Baseball Bat", "Canned Food", "Bottled Water", "Kevlar Vest"),
                 3: ("Shotgun", "Shells", "Canned Food", "Grenade")}  # fmt: skip
        while self.state.phase is Phase.SETUP_CHOOSE:
            seat = step_as(self.state, SetupDraw).drawer
            k = item(config, hands[seat][len(self.state.survivors[seat].hand)])
            self.do(move(seat, A.CHOOSE, 0 if config.items[k].deck.value == "S" else 1))
            self.do(chance(A.ITEM, k))
        for name in ("Brute", "Runner", "Claws", "Fresh Meat"):
            self.do(chance(A.ZCARD, zcard(config, name)))

    def do(self, m: object) -> None:
        self.state = apply(self.state, m)  # type: ignore[arg-type]
        self.moves.append(m)

    def check(self) -> int:
        return check_knowledge(GAME, self.state.config, self.moves, alternatives=12, horizon=30)


def test_a_scripted_visit_tells_each_seat_what_its_view_shows() -> None:
    """Gifts, a stash taken back, a theft, feeding a Shelter and its discards, a face-down
    claim: every alternative a seat was told alike leaves its views alike."""
    game = Script(Config(), SHELTER_FIRST)
    config = game.state.config
    food, pistol = item(config, "Canned Food"), item(config, "Pistol")
    for s in (1, 2, 3):
        game.do(move(s, A.PROPOSE, 1))
    for _ in range(3):
        game.do(chance(A.ROLL, 6))
    game.do(move(0, A.DRAW))
    game.do(chance(A.ZCARD, zcard(config, "Swarm")))
    for name in SCHOOL_LOOT:
        game.do(chance(A.ITEM, item(config, name)))
    game.do(move(2, A.GIVE, 1, food))
    game.do(move(1, A.STASH, pistol))
    game.do(move(1, A.STASH, item(config, "Bullets")))
    game.do(move(1, A.CLAIM, pistol))  # told alike to the others: a Munition card
    game.do(move(2, A.ALLOW))
    game.do(move(3, A.ALLOW))
    game.do(move(3, A.STEAL, 1))
    game.do(chance(A.ITEM, food))
    game.do(move(1, A.FEED, food))
    game.do(move(2, A.FEED, item(config, "Bottled Water")))
    game.do(move(3, A.FEED, food))
    game.do(move(0, A.DISCARD, zcard(config, "Brute")))
    for _ in range(5):
        game.do(move(0, A.BURN))
    game.do(move(1, A.CLAIM_HIDDEN))
    game.do(move(2, A.ALLOW))
    game.do(move(3, A.OBJECT))
    game.do(move(3, A.CONCEDE))
    game.do(chance(A.ITEM, item(config, "Bandages")))
    for s in (1, 2, 3):
        game.do(move(s, A.LEAVE))
    assert game.state.phase is Phase.DECIDE
    assert game.check() > 50


def test_a_scripted_death_before_any_arrival_tells_nobody_the_hand() -> None:
    """Ruling 26 in play: the lost hand stays face down to every seat but the dead one."""
    game = Script(Config(survivor_life=1))
    game.do(move(1, A.PROPOSE, 2))
    game.do(move(2, A.PROPOSE, 3))
    game.do(move(3, A.AMBUSH, 1, 0))
    game.do(chance(A.ROLL, 6))
    for s in (2, 3):
        game.do(move(s, A.COMMIT, 3))
    for s in (2, 3):
        game.do(move(s, A.READY))
    assert game.state.phase is Phase.DECIDE and game.state.lost
    game.do(move(3, A.PROPOSE, 2))
    assert game.check() > 10
