"""Quarantine Z custom cards: Events, zombies and Combat Items with effects named in the config.

Each built-in effect is played in a real game, then held to what it declares: the
rules do what its text says, ``describe`` tells the learners (and only them) what it
showed, and the knowledge, determinize and variant checks pass on a game that played
it. A planted leak, and an effect that breaks its own declaration, are caught.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.core.seats import every_seat, has_seat, seat_bit
from zombie_rules.quarantine_z import (
    GAME,
    ITEMS,
    ZOMBIE_CARDS,
    Action,
    CardEffect,
    Config,
    Deck,
    Face,
    Item,
    Kind,
    Move,
    Phase,
    Played,
    Point,
    State,
    Who,
    ZombieCard,
    apply,
    board,
    check_state,
    describe,
    determinize,
    known_effects,
    legal_moves,
    register_effect,
    unregister_effect,
    view,
)
from zombie_rules.quarantine_z._base import living, replace, replace_combat
from zombie_rules.quarantine_z.knowledge import item_of, known_by, shown_to
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    Playthrough,
    check_determinize,
    check_knowledge,
    check_variant,
    random_playout,
)

Card = TypeVar("Card", ZombieCard, Item)


def _swap(cards: tuple[Card, ...], old: str, new: Card) -> tuple[Card, ...]:
    return tuple(new if c.name == old else c for c in cards)


def custom_config() -> Config:
    """The rulebook's deck sizes, with every built-in effect on a card of its own."""
    zc = _swap(
        ZOMBIE_CARDS, "Lurker", ZombieCard("Stalker", 2, Face.EVENT, amount=1, effect="stalk")
    )
    zc = _swap(zc, "Swarm", ZombieCard("Plague", 5, Face.EVENT, amount=1, effect="sicken"))
    zc = _swap(
        zc,
        "Screamer",
        ZombieCard("Howler", 4, Face.ZOMBIE, life=1, damage=1, escape=1, amount=1, effect="call"),
    )
    items = _swap(
        ITEMS, "Firecrackers", Item("Flare", Deck.SUPPLY, 2, Kind.COMBAT, amount=2, effect="flare")
    )
    items = _swap(
        items, "Energy Bars", Item("Flashlight", Deck.SUPPLY, 2, Kind.COMBAT, effect="spotlight")
    )
    return Config(zombie_card_set=zc, item_set=items)


def effect_of(state: State, move: Move) -> str:
    """The effect ``move`` sets off at ``state`` ("" for none)."""
    config = state.config
    if move.action is Action.EVENT or (move.action is Action.PLAY and state.phase is Phase.ZOMBIES):
        return config.zombie_cards[move.args[0]].effect
    if move.action is Action.USE and state.phase is Phase.DECLARE:
        return config.items[move.args[0]].effect
    return ""


@functools.cache
def game_playing(effect: str) -> tuple[Playthrough[Config, State, Move], int]:
    """A random game of ``custom_config()`` that plays ``effect``, and the move that does."""
    config = custom_config()
    for seed in range(200):
        played = random_playout(GAME, config, seed, max_moves=600)
        for i, (state, move) in enumerate(zip(played.states, played.moves, strict=False)):
            if effect_of(state, move) == effect and _telling(effect, state, move):
                return played, i
    raise AssertionError(f"no game played {effect}")  # pragma: no cover


def _telling(effect: str, state: State, move: Move) -> bool:
    """Whether playing ``effect`` here shows something (a spotlight needs a hand it lights)."""
    if effect != "spotlight":
        return True
    combat = state.combat
    return combat is not None and any(
        not known_by(c, move.seat)
        for s in living(state)
        if s != move.seat and has_seat(combat.members, s)
        for c in state.survivors[s].hand
    )


def at(effect: str) -> tuple[State, Move, State]:
    played, i = game_playing(effect)
    return played.states[i], played.moves[i], played.states[i + 1]


BUILT_IN = ("stalk", "sicken", "call", "flare", "spotlight")


# ------------------------------------------------------------ the vocabulary


def test_the_built_in_vocabulary_spans_every_point_and_every_learner() -> None:
    assert set(BUILT_IN) <= set(known_effects())
    assert known_effects(Point.EVENT) == ("sicken", "stalk")
    assert known_effects(Point.ARRIVAL) == ("call",)
    assert known_effects(Point.COMBAT_ITEM) == ("flare", "spotlight")
    from zombie_rules.quarantine_z.custom import effect_named

    declared = {name: effect_named(name) for name in BUILT_IN}
    assert all(type(e) is CardEffect for e in declared.values())
    assert {name: e.who for name, e in declared.items()} == {
        "stalk": Who.ZOMBIE_PLAYER,
        "sicken": Who.PUBLIC,
        "call": Who.PUBLIC,
        "flare": Who.PUBLIC,
        "spotlight": Who.USER,
    }
    assert declared["flare"].words(3) == "the Noise made this round goes down by 3."


def test_stalk_shows_every_living_hand_to_the_zombie_player_alone() -> None:
    before, move, after = at("stalk")
    z = before.config.zombie_seat
    for s in living(before):
        assert all(known_by(c, z) for c in after.survivors[s].hand)
        others = [k for k in range(before.config.players) if k not in (z, s)]
        for k in others:
            was = sum(known_by(c, k) for c in before.survivors[s].hand)
            assert sum(known_by(c, k) for c in after.survivors[s].hand) == was
    told = describe(before, move, z)
    hands = [s for s in living(before) if before.survivors[s].hand]
    assert hands and all(f"Seat {s}'s hand, now seen:" in told for s in hands)
    for s in hands:
        name = before.config.items[item_of(after.survivors[s].hand[0])].name
        assert name in told
    survivor = hands[0]
    assert "now seen" not in describe(before, move, survivor)


def test_sicken_hurts_every_living_survivor_and_says_so() -> None:
    before, move, after = at("sicken")
    for s in living(before):
        b, a = before.survivors[s], after.survivors[s]
        assert (a.life, a.armor) != (b.life, b.armor) or a.life == 0
    told = describe(before, move, None)
    assert "every living Survivor takes 1 damage" in told
    assert "Life" in told


def test_call_lets_the_zombie_player_play_more_zombies() -> None:
    before, move, after = at("call")
    assert after.allowance == before.allowance + 1
    assert "calls for help: 1 more zombie(s)" in describe(before, move, None)


def test_flare_lowers_the_noise_of_the_round() -> None:
    before, move, after = at("flare")
    assert before.combat is not None and after.combat is not None
    assert after.combat.noise == max(0, before.combat.noise - 2)
    for noise, left in ((3, 1), (1, 0)):
        loud = replace(before, combat=replace_combat(before.combat, noise=noise))
        lit = apply(loud, move)
        assert lit.combat is not None and lit.combat.noise == left
    told = describe(before, move, None)
    assert "Flare: the Noise made this round goes down by 2." in told


def test_spotlight_shows_the_other_hands_of_the_combat_to_its_user_alone() -> None:
    before, move, after = at("spotlight")
    user = move.seat
    combat = before.combat
    assert combat is not None
    lit = [s for s in living(before) if s != user and has_seat(combat.members, s)]
    for s in lit:
        assert all(known_by(c, user) for c in after.survivors[s].hand)
        for k in range(before.config.players):
            if k != user:
                was = sum(known_by(c, k) for c in before.survivors[s].hand)
                assert sum(known_by(c, k) for c in after.survivors[s].hand) == was
    told = describe(before, move, user)
    assert "now seen:" in told
    for k in range(before.config.players):
        if k != user:
            assert "now seen" not in describe(before, move, k)


@pytest.mark.parametrize("effect", BUILT_IN)
def test_each_effect_passes_the_knowledge_checks(effect: str) -> None:
    """Every seat, branched at every move it did not make, up to just past the effect."""
    played, i = game_playing(effect)
    moves = played.moves[: i + 2]
    assert check_knowledge(GAME, played.config, moves, horizon=None, alternatives=1)
    for seat in (played.config.zombie_seat, moves[i].seat, 1):
        check_determinize(GAME, played.config, moves, seat, steps=6)


@pytest.mark.parametrize("effect", BUILT_IN)
def test_worlds_drawn_after_an_effect_keep_what_it_showed(effect: str) -> None:
    after = at(effect)[2]
    rng = random.Random(5)
    for seat in (*range(after.config.players), None):
        seen = view(after, seat)
        for _ in range(8):
            world = determinize(after, seat, rng)
            check_state(world)
            assert view(world, seat) == seen
    if effect == "stalk":  # the Zombie Player now knows every living hand: none re-dealt
        z = after.config.zombie_seat
        for _ in range(8):
            world = determinize(after, z, rng)
            assert all(world.survivors[s].hand == after.survivors[s].hand for s in living(after))


def test_a_table_of_custom_cards_passes_check_variant() -> None:
    report = check_variant(GAME, custom_config(), games=2, seed=1)
    assert report.moves > 0


# ------------------------------------------------------------ leaks are caught


def _larder(state: State, played: Played) -> State:
    """A planted leak: "public", yet the Zombie Player's allowance counts Seat 1's Food."""
    food = sum(
        1 for c in state.survivors[1].hand if state.config.items[item_of(c)].kind is Kind.FOOD
    )
    return replace(state, allowance=state.allowance + food)


def _show_all(state: State, played: Played) -> State:
    """Declared "user", yet it shows every hand to every seat."""
    from zombie_rules.quarantine_z.state import Survivor

    everyone = every_seat(state.config.players)
    survivors = tuple(
        Survivor(
            sv.life,
            tuple(sorted(shown_to(c, everyone) for c in sv.hand)),
            sv.equipment,
            sv.armor,
            sv.wear,
        )
        for sv in state.survivors
    )
    return replace(state, survivors=survivors)


@pytest.fixture
def planted() -> Iterator[None]:
    register_effect(
        "larder", _larder, point=Point.EVENT, who=Who.PUBLIC, text="the Zombie Player smells food."
    )
    register_effect(
        "show_all", _show_all, point=Point.COMBAT_ITEM, who=Who.USER, text="its user lights up."
    )
    yield
    unregister_effect("larder")
    unregister_effect("show_all")


def _larder_config() -> Config:
    zc = _swap(
        ZOMBIE_CARDS, "Fresh Meat", ZombieCard("Larder", 7, Face.EVENT, amount=1, effect="larder")
    )
    return Config(zombie_card_set=zc)


def test_a_planted_leak_is_caught_by_the_knowledge_check(planted: None) -> None:
    config = _larder_config()
    for seed in range(100):
        played = random_playout(GAME, config, seed, max_moves=400)
        plays = [
            i
            for i, (s, m) in enumerate(zip(played.states, played.moves, strict=False))
            if m.action is Action.EVENT
            and config.zombie_cards[m.args[0]].effect == "larder"
            and s.survivors[1].hand
        ]
        if plays:
            break
    else:  # pragma: no cover
        raise AssertionError("no game played the Larder")
    moves = played.moves[: plays[0] + 1]
    with pytest.raises(AssertionError, match="view differs"):
        check_knowledge(GAME, config, moves, seats=[config.zombie_seat], horizon=None)


def test_an_effect_that_shows_more_than_it_declares_is_refused(planted: None) -> None:
    items = _swap(
        ITEMS, "Firecrackers", Item("Lamp", Deck.SUPPLY, 2, Kind.COMBAT, effect="show_all")
    )
    config = Config(item_set=items)
    before, move, _ = at("spotlight")
    lamp = next(i for i, it in enumerate(config.items) if it.name == "Lamp")
    # The same moment under the config with a Lamp where the Flashlight was.
    state = _recard(before, config, move.args[0], lamp)
    with pytest.raises(InvalidConfig, match="declared user but showed seat"):
        apply(state, Move(move.seat, Action.USE, (lamp,)))


def _recard(state: State, config: Config, old: int, new: int) -> State:
    """``state`` under ``config``, the card ``old`` in every hand turned into ``new``."""
    from zombie_rules.quarantine_z.knowledge import with_item
    from zombie_rules.quarantine_z.state import Survivor

    survivors = tuple(
        Survivor(
            sv.life,
            tuple(sorted(with_item(c, new) if item_of(c) == old else c for c in sv.hand)),
            sv.equipment,
            sv.armor,
            sv.wear,
        )
        for sv in state.survivors
    )
    return replace(state, config=config, survivors=survivors)


# ------------------------------------------------------------ configs name effects


def test_a_config_with_effects_round_trips_as_json() -> None:
    config = custom_config()
    assert from_json(Config, to_json(config)) == config


def test_an_unknown_effect_is_refused_naming_it_and_the_known_ones() -> None:
    card = ZombieCard("Ghoul", 5, Face.EVENT, amount=1, effect="moan")
    with pytest.raises(InvalidConfig, match=r"unknown event effect 'moan'.*'sicken', 'stalk'"):
        Config(zombie_card_set=_swap(ZOMBIE_CARDS, "Swarm", card))
    text = to_json(custom_config()).replace('"effect":"flare"', '"effect":"glare"')
    with pytest.raises(DecodeError, match="glare"):
        from_json(Config, text)


@pytest.mark.parametrize(
    ("card", "words"),
    [
        (ZombieCard("Odd", 5, Face.EVENT, amount=1, effect="call"), "unknown event effect 'call'"),
        (ZombieCard("Odd", 5, Face.MUTATION, effect="call"), "a Mutation has no effect"),
        (
            ZombieCard("Odd", 5, Face.EVENT, event=None, amount=1),
            "names an event or an effect",
        ),
    ],
)
def test_an_effect_at_the_wrong_point_is_refused(card: ZombieCard, words: str) -> None:
    with pytest.raises(InvalidConfig, match=words):
        Config(zombie_card_set=_swap(ZOMBIE_CARDS, "Swarm", card))


def test_only_a_combat_item_has_an_effect() -> None:
    items = _swap(
        ITEMS, "Bandages", Item("Bandages", Deck.SUPPLY, 4, Kind.HEAL, heal=1, effect="flare")
    )
    with pytest.raises(InvalidConfig, match="only a Combat Item has an effect"):
        Config(item_set=items)


def test_a_known_name_is_not_taken_by_another_effect() -> None:
    with pytest.raises(InvalidConfig, match="already registered"):
        register_effect("stalk", _larder, point=Point.EVENT, who=Who.PUBLIC, text="boo.")
    with pytest.raises(InvalidConfig, match="only"):
        register_effect("odd", _larder, point=Point.EVENT, who=Who.PUBLIC, text="{what}")
    assert "odd" not in known_effects()


# ------------------------------------------------------------ faces show the cards


def test_the_board_and_the_card_list_show_the_new_cards_by_name() -> None:
    before, move, after = at("call")
    z = before.config.zombie_seat
    page = repr(board(view(before, z)))
    assert "Howler" in page
    assert "calls for help" in page
    page = repr(board(view(after, None)))
    assert "Howler" in page and "calls for help" in page
    texts = {c.name: c.text for c in GAME.guide.cards(custom_config())}
    assert texts["Flare"].startswith("Combat Item: the Noise made this round goes down by 2")
    assert texts["Stalker"].startswith("Event card. Play when you could play a Zombie:")
    assert move in legal_moves(before)


def test_an_account_that_leaves_out_what_was_shown_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without its "now seen" lines, the Zombie Player's view after a Stalker differs
    between hands it was told alike: the knowledge check trusts only ``describe``."""
    from zombie_rules.quarantine_z import custom_words

    played, i = game_playing("stalk")
    monkeypatch.setattr(custom_words, "_learned", lambda t, before, after: [])
    with pytest.raises(AssertionError, match="view differs"):
        check_knowledge(
            GAME,
            played.config,
            played.moves[: i + 1],
            seats=[played.config.zombie_seat],
            horizon=None,
        )


def test_the_label_of_a_custom_event_says_when_it_kills_the_last_survivor() -> None:
    """Ruling 40's "a move that ends the game and who wins", for a custom Event too."""
    from zombie_rules.quarantine_z import label
    from zombie_rules.quarantine_z.state import Survivor

    before, move, _ = at("sicken")
    frail = tuple(Survivor(1, sv.hand, (), 0) if sv.life > 0 else sv for sv in before.survivors)
    state = replace(before, survivors=frail)
    said = label(state, move, None)
    assert "That ends the game: all Survivors are dead" in said


def test_an_event_effect_needs_no_amount_and_a_lost_effect_is_named() -> None:
    card = ZombieCard("Stalker", 5, Face.EVENT, effect="stalk")
    config = Config(zombie_card_set=_swap(ZOMBIE_CARDS, "Swarm", card))
    assert config.zombie_cards[12].amount == 0
    register_effect("gone", _larder, point=Point.EVENT, who=Who.PUBLIC, text="nothing.")
    unregister_effect("gone")
    from zombie_rules.quarantine_z.custom import effect_named

    with pytest.raises(
        InvalidConfig, match=r"unknown effect 'gone'; registered effects: .*'stalk'"
    ):
        effect_named("gone")


def _reveal(owner: int, seats: int) -> Callable[[State, Played], State]:
    """An effect showing ``owner``'s hand to the seats of the mask ``seats``."""

    def act(state: State, played: Played) -> State:
        from zombie_rules.quarantine_z.state import Survivor

        me = state.survivors[owner]
        hand = tuple(sorted(shown_to(c, seats) for c in me.hand))
        survivors = list(state.survivors)
        survivors[owner] = Survivor(me.life, hand, me.equipment, me.armor, me.wear)
        return replace(state, survivors=tuple(survivors))

    return act


@pytest.mark.parametrize(
    ("who", "everyone", "refused"),
    [
        (Who.PUBLIC, True, False),  # a public reveal is what a public effect may do
        (Who.PUBLIC, False, True),  # shown to one other Survivor alone: not public
        (Who.ZOMBIE_PLAYER, True, True),  # the whole table saw what only the Zombie Player may
        (Who.USER, False, True),  # that Survivor is not the user (the Zombie Player plays it)
    ],
)
def test_the_rules_hold_an_effect_to_who_it_declares(
    who: Who, everyone: bool, refused: bool
) -> None:
    from zombie_rules.quarantine_z.vocabulary import run_effect

    before = next(  # a moment with two Survivors alive, one of them holding cards
        st
        for st in game_playing("stalk")[0].states
        if len(living(st)) >= 2 and st.survivors[living(st)[0]].hand
    )
    owner, other = living(before)[:2]
    seats = every_seat(before.config.players) if everyone else seat_bit(other)
    register_effect("reveal", _reveal(owner, seats), point=Point.EVENT, who=who, text="a reveal.")
    try:
        played = Played(before.config.zombie_seat, 0, 1)
        if refused:
            with pytest.raises(InvalidConfig, match=f"declared {who.value} but showed seat"):
                run_effect(before, "reveal", played)
        else:
            after = run_effect(before, "reveal", played)
            assert all(known_by(c, other) for c in after.survivors[owner].hand)
    finally:
        unregister_effect("reveal")


def test_the_web_server_plays_a_table_of_custom_cards_and_names_an_unknown_effect() -> None:
    import json

    from starlette.testclient import TestClient

    from zombie_rules.serialize import to_data
    from zombie_rules.web.app import Limits, create_app
    from zombie_rules.web.store import Store

    data = to_data(custom_config())
    app = create_app(Store(max_games=4), limits=Limits.unlimited(), client_seeds=True)
    with TestClient(app) as client:
        body = {"title": "quarantine_z", "config": data, "seats": ["person", *["heuristic"] * 3]}
        made = client.post("/api/games", json=body)
        assert made.status_code == 201, made.text
        token = made.json()["seats"][0]["token"]
        seat = client.get(
            f"/api/games/{made.json()['id']}/seats/0", headers={"authorization": f"Bearer {token}"}
        )
        assert seat.status_code == 200 and "Stalker" in seat.text
        bad = json.loads(json.dumps(data).replace('"stalk"', '"stalkk"'))
        refused = client.post("/api/games", json={**body, "config": bad})
        assert refused.status_code == 400
        assert "stalkk" in refused.text and "'stalk'" in refused.text
