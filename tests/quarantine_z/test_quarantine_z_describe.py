"""Quarantine Z's move accounts: ``describe(state, move, seat)`` for every kind of move.

Each scenario quotes the rulebook sentence that decides what the seat may see (or
names the ruling). The seeded games check the two halves of the information rule
on every move: every seat gets an account, and moves or chance outcomes a seat
cannot see read the same to it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from attrs import evolve

from tests.quarantine_z.qz_helpers import (
    chance,
    item,
    loot,
    move,
    propose_all,
    start,
    step_as,
    travel,
    zcard,
)
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, UnknownSeat
from zombie_rules.play import RandomAgent, play_game, replay
from zombie_rules.quarantine_z import (
    GAME,
    Action,
    Commit,
    Config,
    Deck,
    HeuristicAgent,
    Move,
    Phase,
    SetupDraw,
    State,
    apply,
    describe,
    legal_moves,
    new_game,
)
from zombie_rules.quarantine_z._base import combat_zombies, zombie_deck_size
from zombie_rules.quarantine_z.foresight import ZOMBIE_WINS, foresee
from zombie_rules.quarantine_z.knowledge import item_of, seen_by
from zombie_rules.quarantine_z.location import discards_due
from zombie_rules.quarantine_z.rules import result

A = Action
GUN_SHOP_LOOT = ("Bullets", "Shells", "Rifle")  # location 1 is the Gun Shop: 3 Munition


def at_location(state: State, where: int = 1, loot_names: tuple[str, ...] = GUN_SHOP_LOOT) -> State:
    """Travel to ``where``, the Zombie Player draws instead of playing, loot it."""
    state = travel(state, where)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))
    state = loot(state, loot_names)
    assert state.phase is Phase.LOCATION, state.phase
    return state


def combat_with(names: tuple[str, ...], hands: dict[int, tuple[str, ...]] | None = None) -> State:
    """Arrive at the Gun Shop and have the Zombie Player play ``names`` face up."""
    state = travel(start(hands=hands, zombie_hand=(*names, "Swarm", "Swarm", "Claws")[:4]), 1)
    config = state.config
    for i, name in enumerate(names):
        if i:
            state = apply(state, move(0, A.EVENT, zcard(config, "Swarm")))
        state = apply(state, move(0, A.PLAY, zcard(config, name)))
    return apply(state, move(0, A.DONE))


def told(state: State, m: Move, seat: int | None) -> str:
    return describe(state, m, seat)


# ------------------------------------------------------------------ the protocol


def test_an_illegal_or_malformed_move_and_an_unknown_seat_are_refused() -> None:
    """``describe`` raises ``IllegalMove`` for a move that is not legal, like ``apply``."""
    state = start()
    with pytest.raises(IllegalMove):
        describe(state, move(1, A.LEAVE), 1)
    with pytest.raises(IllegalMove):
        describe(state, Move(1, A.PROPOSE, [2]), 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        describe(state, Move(CHANCE, A.ROLL, (3,)), None)
    with pytest.raises(UnknownSeat):
        describe(state, move(1, A.PROPOSE, 2), 7)
    with pytest.raises(UnknownSeat):
        describe(state, move(1, A.PROPOSE, 2), True)  # type: ignore[arg-type]


def _games() -> Iterator[tuple[Config, tuple[State, ...], tuple[Move, ...]]]:
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        config = Config(players=players, zombie_seat=seed % players)
        for agents in ([HeuristicAgent() for _ in range(players)], [RandomAgent()] * players):
            record = play_game(GAME, config, agents, seed, max_moves=400)
            yield config, replay(record), record.moves


GAMES = list(_games())


@pytest.mark.parametrize("number", range(len(GAMES)))
def test_every_move_has_an_account_for_every_seat(number: int) -> None:
    """Every move, for every seat and the spectator: English, no blank line, no notation."""
    config, states, moves = GAMES[number]
    for state, m in zip(states, moves, strict=False):
        for seat in (*range(config.players), None):
            text = describe(state, m, seat)
            assert isinstance(text, str) and text.strip()
            assert all(line.strip() for line in text.split("\n")), text
            assert "chance:" not in text and str(m) not in text, text
            assert text[0].isupper() and text.rstrip().endswith("."), text


def _alike_for(state: State) -> Iterator[tuple[list[Move], tuple[int | None, ...]]]:
    """Groups of legal moves, and the seats that must be told every move of a group alike."""
    config = state.config
    z = config.zombie_seat
    seats: tuple[int | None, ...] = (*range(config.players), None)
    legal = legal_moves(state)
    phase = state.phase
    if phase is Phase.SETUP_DRAW:
        drawer = step_as(state, SetupDraw).drawer
        yield list(legal), tuple(s for s in seats if s != drawer)
    elif phase is Phase.ZOMBIE_DRAW:
        yield list(legal), tuple(s for s in seats if s != z)
    elif phase is Phase.LOOT_DRAW:
        yield list(legal), seats
    elif phase is Phase.ZOMBIES:
        yield [m for m in legal if m.action is A.HIDE], tuple(s for s in seats if s != z)
    elif phase is Phase.SHELTER:
        yield [m for m in legal if m.action is A.DISCARD], tuple(s for s in seats if s != z)
    elif phase is Phase.COMMIT:
        combat = state.combat
        assert combat is not None
        waiting = sorted({m.seat for m in legal})
        for s in waiting:
            if len(waiting) > 1:
                yield [m for m in legal if m.seat == s], tuple(x for x in seats if x != s)
    elif phase is Phase.LOCATION:
        # A spectator sees no card that has not lain face up: stashes and gifts of such
        # cards, one deck at a time, read alike to it.
        for s in range(config.players):
            hand = state.survivors[s].hand
            public = {item_of(c) for c in hand if seen_by(config, c, None)}
            for deck in (Deck.SUPPLY, Deck.MUNITION):
                kinds = {item_of(c) for c in hand if config.items[item_of(c)].deck is deck}
                kinds -= public
                yield [m for m in legal if m.seat == s and m.action is A.STASH
                       and m.args[0] in kinds], (None,)  # fmt: skip
                for j in range(config.players):
                    gifts = [m for m in legal if m.seat == s and m.action is A.GIVE]
                    yield [m for m in gifts if m.args[0] == j and m.args[1] in kinds], (None,)


@pytest.mark.parametrize("number", range(len(GAMES)))
def test_what_a_seat_cannot_see_reads_alike_to_it(number: int) -> None:
    """The information rule: another seat's hidden choice and a chance outcome the seat does
    not see are told to it in the same words ("Seat 3 lays an action card face down")."""
    _, states, _ = GAMES[number]
    groups = 0
    for state in states:
        for group, seats in _alike_for(state):
            if len(group) < 2:
                continue
            groups += 1
            for seat in seats:
                lines = {describe(state, m, seat) for m in group}
                assert len(lines) == 1, (state.phase, seat, sorted(lines))
    assert groups > 0


@pytest.mark.parametrize("number", range(len(GAMES)))
def test_what_a_seat_sees_reads_differently(number: int) -> None:
    """Public dice and the drawer's own draw are told: different outcomes, different words."""
    config, states, _ = GAMES[number]
    for state in states:
        legal = legal_moves(state)
        if state.phase in (Phase.SNEAK, Phase.RESOLVE, Phase.AMBUSH_ROLL, Phase.LOOT_ROLL):
            for seat in (*range(config.players), None):
                assert len({describe(state, m, seat) for m in legal}) == len(legal)
        if state.phase is Phase.SETUP_DRAW:
            drawer = step_as(state, SetupDraw).drawer
            assert len({describe(state, m, drawer) for m in legal}) == len(legal)
        if state.phase is Phase.ZOMBIE_DRAW:
            z = config.zombie_seat
            assert len({describe(state, m, z) for m in legal}) == len(legal)


# ------------------------------------------------------------------ set-up and On the Move


def test_a_set_up_draw_is_named_to_the_drawer_only() -> None:
    """ "Each Survivor draws either a Supply or Munition card into their hand. They may look
    at this card.\""""
    state = new_game()
    for b in range(9):
        state = apply(state, chance(A.BUILDING, b))
    last = told(state, chance(A.BUILDING, 9), 1).split("\n")
    assert last[1] == (
        "Set-up: each Survivor draws 4 cards, choosing the Supply or Munition deck before each"
        " draw."
    )
    state = apply(state, chance(A.BUILDING, 9))
    assert told(state, move(1, A.CHOOSE, 1), 2) == "Seat 1 chooses to draw from the Munition deck."
    state = apply(state, move(1, A.CHOOSE, 1))
    pistol = chance(A.ITEM, item(state.config, "Pistol"))
    assert told(state, pistol, 1) == "You draw the Pistol."
    assert told(state, pistol, 2) == "Seat 1 draws a Munition card."
    assert told(state, pistol, 0) == told(state, pistol, None) == "Seat 1 draws a Munition card."


def test_buildings_are_dealt_face_up() -> None:
    """ "Deal 10 Building Cards (B) face up — this is the quarantine area.\""""
    text = told(new_game(), chance(A.BUILDING, 1), None)
    assert text == "The Gun Shop is dealt face up as location 0 (0 Supply, 3 Munition, Escape +2)."


def test_the_zombie_players_draws_are_named_to_it_alone() -> None:
    """ "The Zombie Player draws 4 cards from the Zombie (Z) deck." (face down to the others)"""
    state = start()
    state = propose_all(state, 1)
    for roll in (1, 6):
        state = apply(state, chance(A.ROLL, roll))
    last = chance(A.ROLL, 2)
    text = told(state, last, 2)
    assert "Seat 3 rolls a 2 to Sneak: Noise." in text and "The Sneak made 2 Noise." in text
    assert "The Zombie Player draws 2 cards for the Noise made." in text
    state = apply(state, last)
    runner = chance(A.ZCARD, zcard(state.config, "Runner"))
    assert told(state, runner, 0) == "You draw the Runner."
    assert told(state, runner, 1) == "The Zombie Player draws a card."


def test_proposals_are_public() -> None:
    """Ruling 5: "Each living Survivor proposes a location (public)"."""
    state = start()
    m = move(1, A.PROPOSE, 3)
    assert told(state, m, 2) == "Seat 1 proposes the Pharmacy (location 3)."
    assert told(state, m, 1) == "You propose the Pharmacy (location 3)."
    state = apply(apply(state, m), move(2, A.PROPOSE, 3))
    agreed = told(state, move(3, A.PROPOSE, 3), 0)
    assert "All agree on the Pharmacy (location 3): each Survivor rolls to Sneak" in agreed


def test_a_face_down_zombie_is_named_to_the_zombie_player_only() -> None:
    """ "To play a Zombie, the Zombie Player plays any card in their hand face-down, or any
    card that says "This is a Zombie" face-up.\""""
    state = travel(start(), 1)
    config = state.config
    hide = move(0, A.HIDE, zcard(config, "Claws"))
    assert told(state, hide, 1) == (
        "The Zombie Player places a zombie face down as zombie 0 (Life 2, Damage 1, Escape +1)."
    )
    assert told(state, hide, 0) == (
        "You place the Claws face down as zombie 0 (Life 2, Damage 1, Escape +1)."
    )
    play = move(0, A.PLAY, zcard(config, "Runner"))
    assert told(state, play, 2) == (
        "The Zombie Player plays the Runner face up as zombie 0 (Life 2, Damage 1, Escape +3)."
    )
    state = apply(state, hide)
    done = told(state, move(0, A.DONE), 2)
    assert "Combat at the Gun Shop: Seat 1, Seat 3 and you against zombie 0 (face down)" in done
    assert "zombie 0 (face down: Claws)" in told(state, move(0, A.DONE), 0)


def test_loot_is_dealt_face_down_to_nobody() -> None:
    """ "draw an additional number of cards face-down as indicated by the building's Supply
    and Munition values.\""""
    state = travel(start(), 1)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    assert state.phase is Phase.LOOT_DRAW
    texts = {told(state, m, s) for m in legal_moves(state) for s in (0, 1, 2, 3, None)}
    assert texts == {"A Munition card is dealt face down at the Gun Shop."}


# ------------------------------------------------------------------ At a Location


def test_claims_and_answers_are_told_to_all() -> None:
    """ "Any cards that are at a building can be claimed by a Survivor. If no other Survivor
    objects, they get to take the card into their hand.\""""
    state = at_location(start())
    state = apply(state, move(1, A.CLAIM_HIDDEN))
    assert told(state, move(2, A.ALLOW), 1) == "Seat 2 allows the claim."
    state = apply(state, move(2, A.ALLOW))
    last = told(state, move(3, A.ALLOW), 2)
    assert last == (
        "Seat 3 allows the claim.\n"
        "Nobody objects: Seat 1 will get one of the cards they have not seen."
    )
    state = apply(state, move(3, A.ALLOW))
    rifle = chance(A.ITEM, item(state.config, "Rifle"))
    assert told(state, rifle, 1) == "You get the Rifle."
    assert told(state, rifle, 2) == "Seat 1 gets a Munition card."


def test_an_objection_starts_a_dispute() -> None:
    """ "the only rule is, nobody gets the card until disputes are settled.\""""
    state = at_location(start())
    state = apply(state, move(1, A.CLAIM_HIDDEN))
    state = apply(state, move(2, A.OBJECT))
    text = told(state, move(3, A.ALLOW), 1)
    assert text == (
        "Seat 3 allows the claim.\nDispute: nobody gets the card until you withdraw, every"
        " objector (Seat 2) concedes, or one side ambushes the other."
    )


def test_a_stash_and_a_gift_name_the_card_only_to_whoever_knows_it() -> None:
    """ "Stash: ... Place the card face-down under the location." Ruling 14: "the giver and
    receiver know it"."""
    state = at_location(start())
    pistol = item(state.config, "Pistol")
    stash = move(1, A.STASH, pistol)
    assert told(state, stash, 1) == "You stash the Pistol face down at the Gun Shop."
    assert told(state, stash, 2) == "Seat 1 stashes a Munition card face down at the Gun Shop."
    give = move(1, A.GIVE, 2, pistol)
    assert told(state, give, 1) == "You give the Pistol to Seat 2."
    assert told(state, give, 2) == "Seat 1 gives you the Pistol."
    assert told(state, give, 3) == "Seat 1 gives a Munition card to Seat 2."


def test_use_equip_and_theft() -> None:
    """ "Survivors can play non-combat items ... They may also equip any number of equipment
    cards" and "it is perfectly legal to steal their Supply cards, Munition cards, or
    Equipment" (ruling 14: a theft takes a random hand card; thief and victim see it)."""
    state = at_location(start())
    config = state.config
    vest = move(2, A.EQUIP, item(config, "Kevlar Vest"))
    assert told(state, vest, 1) == "Seat 2 equips the Kevlar Vest (Armor 0 → 2)."
    state = apply(state, vest)
    snatch = move(3, A.SNATCH, 2, item(config, "Kevlar Vest"))
    assert "Seat 3 snatches Seat 2's Kevlar Vest, which stays equipped" in told(state, snatch, 1)
    steal = move(3, A.STEAL, 1)
    assert told(state, steal, 2) == "Seat 3 steals a card at random from Seat 1's hand."
    state = apply(state, steal)
    bandages = chance(A.ITEM, item(config, "Bandages"))
    assert told(state, bandages, 3) == "You take the Bandages from Seat 1's hand."
    assert told(state, bandages, 1) == "Seat 3 takes your Bandages."
    assert told(state, bandages, 2) == "Seat 3 takes a Supply card from Seat 1's hand."


def test_an_ambush_is_told_as_its_roll() -> None:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action." and "If a Survivor has died, any Supplies or Munitions in their hand are laid
    face-down at the current Location. Any equipment they had equipped is laid face-up\""""
    state = at_location(start())
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Baseball Bat")))
    state = apply(state, move(1, A.EQUIP, item(config, "Pistol")))
    ambush = move(1, A.AMBUSH, 2, 1)
    assert told(state, ambush, 3) == (
        "Seat 1 ambushes Seat 2 with their Shoot card (the Pistol, spending the Bullets):"
        " a free attack. Then all Survivors enter combat."
    )
    state = apply(state, ambush)
    text = told(state, chance(A.ROLL, 6), 3)
    assert text.split("\n")[:2] == [
        "Seat 1 rolls a 6 with the Pistol and hits Seat 2: a Headshot, which kills them.",
        "Seat 2 dies: their hand (3 Supply cards) is laid face down at"
        " the Gun Shop, their equipment (the Baseball Bat) face up.",
    ]
    mine = told(state, chance(A.ROLL, 6), 2)
    assert "You die: your hand (the Canned Food, the Bottled Water and the Kevlar Vest)" in mine


def test_a_shelter_discard_is_named_to_the_zombie_player_only() -> None:
    """ "the Zombie Player must discard 6 cards from the game ... The Zombie Player may discard
    cards from their deck or their hand." (ruling 24: from the hand, or the deck top unseen)"""
    shelter_first = (0, 10, *range(1, 9))  # location 1 is the School
    state = at_location(start(buildings=shelter_first), 1, ("Canned Food", "Bandages", "Bullets"))
    food = item(state.config, "Canned Food")
    for s in (1, 2):
        state = apply(state, move(s, A.FEED, food))
    fed = told(state, move(3, A.FEED, food), 1)
    assert fed == (
        "Seat 3 feeds the Canned Food to the Shelter (3 of 3). That completes the food: the"
        " Zombie Player must discard 6 cards.\n"
        "The Shelter is fed: the Zombie Player must discard 6 cards, from their hand or the top"
        " of the Zombie deck."
    )
    state = apply(state, move(3, A.FEED, food))
    brute = move(0, A.DISCARD, zcard(state.config, "Brute"))
    assert told(state, brute, 0) == "You discard the Brute from your hand (5 more to go)."
    assert told(state, brute, 1) == (
        "The Zombie Player discards a card from their hand face down (5 more to go)."
    )
    assert told(state, move(0, A.BURN), 2) == (
        "The Zombie Player discards the top card of the Zombie deck unseen (5 more to go)."
    )


# ------------------------------------------------------------------ combat


def test_commitments_are_face_down_until_the_reveal_names_them_all() -> None:
    """ "Decide: Survivors decide which action to take — Fight, Shoot, or Escape — and lay
    this card face-down on the table." "Declare: Survivors simultaneously flip their cards
    face-up\""""
    state = combat_with(("Runner",))
    escape = move(3, A.COMMIT, int(Commit.ESCAPE))
    assert told(state, escape, 1) == "Seat 3 lays an action card face down."
    assert told(state, escape, 3) == "You commit Escape."
    state = apply(state, escape)
    state = apply(state, move(1, A.COMMIT, int(Commit.FIGHT)))
    last = told(state, move(2, A.COMMIT, int(Commit.PASS)), 1)
    assert last == (
        "Seat 2 lays an action card face down.\n"
        "The Action cards are turned up: you Fight, Seat 2 Pass and Seat 3 Escape.\n"
        "You declare first."
    )


def test_dice_are_told_as_rolls_with_the_weapon_and_the_damage() -> None:
    """ "Resolve: Survivors resolve the outcome of their actions, by rolling a six-sided die"
    and "Any Zombies who are killed are removed from play at the end of this Step.\""""
    hands = {1: ("Pistol", "Bullets", "Canned Food", "Bandages"),
             2: ("Fire Axe", "Canned Food", "Bottled Water", "Kevlar Vest"),
             3: ("Canned Food",) * 4}  # fmt: skip
    state = start(hands=hands, zombie_hand=("Brute", "Runner", "Swarm", "Claws"))
    state = apply(state, move(2, A.EQUIP, item(state.config, "Fire Axe")))
    state = travel(state, 1)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Runner")))
    state = apply(state, move(0, A.DONE))
    for s, c in ((1, Commit.ESCAPE), (2, Commit.FIGHT), (3, Commit.PASS)):
        state = apply(state, move(s, A.COMMIT, int(c)))
    state = apply(state, move(1, A.READY))
    state = apply(state, move(2, A.TARGET_ZOMBIE, 0))
    state = apply(state, move(3, A.READY))
    # Gun Shop Escape 2 + Runner 3 = 5; Seats 2 and 3 stay: +2.
    assert told(state, chance(A.ROLL, 2), 3) == (
        "Seat 1 rolls a 2 to Escape (2 + 2 for those staying against Escape Value 5): is stuck"
        " in the combat."
    )
    state = apply(state, chance(A.ROLL, 3))
    text = told(state, chance(A.ROLL, 4), 1)
    assert text.split("\n")[:3] == [
        "Seat 2 rolls a 4 with the Fire Axe: 3 damage to zombie 0 (Runner), which dies.",
        "End of the Resolve step: zombie 0 (Runner) dies.",
        "The combat is over.",
    ]
    miss = told(state, chance(A.ROLL, 2), 1).split("\n")
    assert miss[0] == "Seat 2 rolls a 2 with the Fire Axe: it misses zombie 0 (Runner)."
    assert miss[1] == "Zombie 0 (Runner) bites Seat 2: 1 damage, Seat 2's Life 3 → 2."


def test_a_headshot_and_armor_are_told() -> None:
    """ "Headshot: This is an instantly lethal attack ... in the case of Survivors it doesn't
    damage Armor, but does still kill them" and ruling 23: "Armor points absorb damage
    first"."""
    hands = {1: ("Rifle", "Bullets", "Bullets", "Canned Food"),
             2: ("Kevlar Vest", "Canned Food", "Canned Food", "Canned Food"),
             3: ("Canned Food",) * 4}  # fmt: skip
    state = start(hands=hands, zombie_hand=("Lurker", "Runner", "Runner", "Runner"))
    config = state.config
    state = apply(state, move(2, A.EQUIP, item(config, "Kevlar Vest")))
    state = travel(state, 1)
    lurker = move(0, A.EVENT, zcard(config, "Lurker"), 2)
    assert told(state, lurker, 2) == (
        "The Zombie Player plays the Lurker on you: 1 damage, Armor absorbs 1, your Life stays 3."
    )
    state = apply(state, lurker)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, 0))
    state = loot(state, GUN_SHOP_LOOT)
    state = apply(state, move(1, A.EQUIP, item(config, "Rifle")))
    state = apply(state, move(1, A.AMBUSH, 2, 1))
    text = told(state, chance(A.ROLL, 5), 3)
    assert text.startswith(
        "Seat 1 rolls a 5 with the Rifle and hits Seat 2: a Headshot, which kills them"
    )


def test_the_zombie_player_picks_whom_a_zombie_nobody_fought_bites() -> None:
    """ "otherwise, it is able to damage any Survivor who hasn't successfully escaped" and
    "Repeat this sequence until ... no Zombies remain in combat"."""
    state = combat_with(("Brute",))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.PASS)))
    state = apply(state, move(1, A.READY))
    state = apply(state, move(2, A.READY))
    nobody_rolls = told(state, move(3, A.READY), 1)
    assert nobody_rolls == (
        "Seat 3 passes this round.\n"
        "Zombie 0 (Brute) attacks: the Zombie Player picks whom it damages (Seat 2, Seat 3 and"
        " you)."
    )
    state = apply(state, move(3, A.READY))
    assert state.phase is Phase.BITE
    bite = move(0, A.BITE, 2)
    assert told(state, bite, 0) == (
        "You have zombie 0 (Brute) bite Seat 2: 2 damage, Seat 2's Life 3 → 1.\n"
        "A new combat round: Seat 1, Seat 2 and Seat 3 each lay an Action card face down."
    )
    assert told(state, bite, 2).split("\n")[0] == (
        "The Zombie Player has zombie 0 (Brute) bite you: 2 damage, your Life 3 → 1."
    )


def test_the_end_of_the_game_is_told_with_its_winners() -> None:
    """ "The Zombie Player wins once all Survivors are dead." and "Survivors win the game
    when the Zombie Player has no more cards in their deck and their hand.\""""
    config = Config(players=3, survivor_life=1)
    for seed in range(40):
        record = play_game(GAME, config, [RandomAgent()] * 3, seed, max_moves=3000)
        states = replay(record)
        final = GAME.result(states[-1])
        if final is None:
            continue
        last = describe(states[-2], record.moves[-1], 0).split("\n")[-1]
        if final.winners == {0}:
            assert last == "Game over: all Survivors are dead; you win."
        else:
            assert last.startswith("Game over: the Zombie Player has no cards left")
        assert describe(states[-2], record.moves[-1], None).split("\n")[-1].startswith("Game over")
        return
    raise AssertionError("no seeded game finished")  # pragma: no cover


# ------------------------------------------------------------------ foresight


def _seeded_states() -> Iterator[State]:
    """Random and heuristic games, 3 to 5 players: ambushes, wait-outs and game ends."""
    for seed in range(6):
        config = Config(players=3 + seed % 3)
        agents = [RandomAgent() if seed % 2 else HeuristicAgent() for _ in range(config.players)]
        yield from replay(play_game(GAME, config, agents, seed=seed, max_moves=2000))


def test_every_foreseen_consequence_is_what_apply_then_does() -> None:
    """A label's consequences (``foresight.foresee``) hold for every seat move of seeded
    games; and a game's end, a departure, an agreement and a wait-out are never missed."""
    seen: set[str] = set()
    for state in _seeded_states():
        for m in legal_moves(state):
            if m.seat == CHANCE:
                continue
            o = foresee(state, m)
            after = apply(state, m)
            assert (o.winner != "") == (after.phase is Phase.OVER), m
            if o.winner:
                outcome = result(after)
                assert outcome is not None
                zombie_won = outcome.winners == {state.config.zombie_seat}
                assert zombie_won == (o.winner == ZOMBIE_WINS), m
                seen.add("winner")
            departs = state.phase is Phase.LOCATION and after.phase is Phase.DECIDE
            assert o.departs == (departs and m.action is A.LEAVE), m
            sneak = state.phase is Phase.DECIDE and after.phase is Phase.SNEAK
            assert (o.sets_off >= 0) == sneak, m
            fed = m.action is A.FEED and after.phase is Phase.SHELTER
            assert (o.discards > 0) == fed, m
            if fed:
                assert o.discards == discards_due(after)
                seen.add("discards")
            if o.combat and m.action is A.AMBUSH:
                seen.add("ambush")
                for roll in range(1, 7):
                    rolled = apply(after, chance(A.ROLL, roll))
                    into = rolled.phase is Phase.COMMIT or rolled.combat is not None
                    victim_dead = rolled.survivors[m.args[0]].life <= 0
                    assert into or (victim_dead and o.unless_dies == m.args[0]), (m, roll)
            if o.combat and m.action is A.DONE:
                assert after.phase is Phase.COMMIT and after.combat is not None
                assert len(combat_zombies(after)) == o.zombies
            if o.last_draw:
                assert zombie_deck_size(state) == 1
            seen |= {"departs"} if o.departs else set()
            seen |= {"sets_off"} if o.sets_off >= 0 else set()
    assert {"winner", "discards", "ambush", "departs", "sets_off"} <= seen


def test_a_label_tells_the_consequences_a_player_must_know() -> None:
    """ "After the attack is resolved, then all Survivors enter combat" and "If any
    Survivors target a Zombie with the "Fight" command, that Zombie must deal damage to
    one of them"."""
    state = at_location(start())
    fight = move(1, A.AMBUSH, 2, 0)
    assert (
        told(state, fight, None)
        .split("\n")[0]
        .endswith("a free attack. Then all Survivors enter combat.")
    )
    for s in (1, 2):
        state = apply(state, move(s, A.LEAVE))
    last = GAME.label(state, move(3, A.LEAVE), 3)
    assert last.startswith("You are ready to leave the Gun Shop. Everyone is then ready: the")
    assert "the Survivors go On the Move, leaving 3 cards unclaimed here." in last
    combat = in_a_combat()
    declarer = next(m for m in legal_moves(combat) if m.action is A.TARGET_ZOMBIE)
    assert GAME.label(combat, declarer, None).endswith(
        f"If it lives, zombie {declarer.args[0]} must then bite one of those fighting it."
    )


def in_a_combat() -> State:
    """A Runner at the Gun Shop; every Survivor commits Fight, so the first declares."""
    state = travel(start(), 1)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Runner")))
    state = apply(state, move(0, A.DONE))
    for s in (1, 2, 3):
        state = apply(state, move(s, A.COMMIT, int(Commit.FIGHT)))
    assert state.phase is Phase.DECLARE
    return state


def test_the_zombie_players_last_card_is_told_to_end_the_game() -> None:
    """ "Survivors win the game when the Zombie Player has no more cards in their deck and
    their hand.\""""
    state = travel(start(), 1)
    runner = zcard(state.config, "Runner")
    # The Runner is all the Zombie Player has left.
    state = evolve(
        state, zombie_hand=(runner,), zombie_deck=(0,) * len(state.zombie_deck), burned=0
    )
    assert GAME.label(state, move(0, A.HIDE, runner), 1).endswith(
        "That ends the game: the Zombie Player has no cards left in deck or hand, and the"
        " living Survivors win."
    )
    assert apply(state, move(0, A.HIDE, runner)).phase is Phase.OVER


def test_an_ambush_that_sends_the_party_on_still_tells_its_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action": the die's line is told even when the party then moves on. The account once
    fell back to a bare "Zombies leave play" outcome, comparing zombies at the new place."""
    from zombie_rules.quarantine_z import GAME, aftermath
    from zombie_rules.testing import random_playout

    fallbacks: list[int] = []
    plain = aftermath.outcome

    def counted(*args: object) -> list[str]:
        fallbacks.append(1)
        return plain(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(aftermath, "outcome", counted)
    walk = random_playout(GAME, GAME.default_config(), 16)
    before, move, after = walk.states[122], walk.moves[122], walk.states[123]
    assert move.seat == CHANCE and before.here != after.here  # the die, then the party moves on
    told = GAME.account(before, move, after, None)
    assert told.startswith("Seat 1 rolls a 6 and hits Seat 2"), told
    assert "Zombies leave play" not in told
    for seed in range(20):
        walk = random_playout(GAME, GAME.default_config(), seed)
        for b, m, a in zip(walk.states, walk.moves, walk.states[1:], strict=False):
            GAME.account(b, m, a, None)
    assert not fallbacks, "an account fell back to the bare outcome"
