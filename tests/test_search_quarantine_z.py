"""The Quarantine Z search bot's knowledge: its evaluation, its shortlist and its settings.

Budgets here are steps, never seconds, so every test is deterministic.
"""

from __future__ import annotations

import random

import attrs
import pytest

from tests.quarantine_z.qz_helpers import chance, item, legal_for, loot, move, start, travel, zcard
from zombie_rules.play import WorldSampler, play_out, replay
from zombie_rules.quarantine_z import GAME, Action, Config, HeuristicAgent, Phase, State, view
from zombie_rules.quarantine_z._base import replace, set_survivor
from zombie_rules.quarantine_z.search import SETTINGS, evaluate, shortlist
from zombie_rules.search import make_ismcts


def equipped_vest() -> State:
    """Set-up done, On the Move: Seat 2 wears its Kevlar Vest, Seat 1 its Pistol."""
    state = start()
    config = state.config
    state = GAME.apply(state, move(2, Action.EQUIP, item(config, "Kevlar Vest")))
    return GAME.apply(state, move(1, Action.EQUIP, item(config, "Pistol")))


def with_life(state: State, seat: int, life: int) -> State:
    survivor = attrs.evolve(state.survivors[seat], life=life)
    return replace(state, survivors=set_survivor(state, seat, survivor))


def test_a_survivor_values_its_own_armor_above_a_teammates() -> None:
    """ "Additionally, if another Survivor isn't paying attention, it is perfectly legal to
    steal their Supply cards, Munition cards, or Equipment": the Survivor who snatches
    the Kevlar Vest is the one the evaluation makes likelier to win (the Zombie Player's
    bot bites the weakest), and the one robbed less likely."""
    state = equipped_vest()
    snatch = move(1, Action.SNATCH, 2, item(state.config, "Kevlar Vest"))
    assert snatch in legal_for(state, 1)
    before, after = evaluate(state), evaluate(GAME.apply(state, snatch))
    assert after[1] > before[1]
    assert after[2] < before[2]


def test_a_wound_helps_the_zombie_player_and_hurts_the_wounded_most() -> None:
    """ "They lose if at any point they run out of Life": a Survivor's lost Life point
    is the Zombie Player's gain, and that Survivor's loss more than its teammates'."""
    state = equipped_vest()
    before, after = evaluate(state), evaluate(with_life(state, 3, state.survivors[3].life - 1))
    zombie = state.config.zombie_seat
    assert after[zombie] > before[zombie]
    assert before[3] - after[3] > max(before[s] - after[s] for s in (1, 2))


def test_only_the_living_survivors_can_win() -> None:
    """ "The Zombie Player wins once all Survivors are dead": a dead Survivor's chance is
    0, while its group and the Zombie Player still have one."""
    values = evaluate(with_life(equipped_vest(), 3, 0))
    assert values[3] == 0.0
    assert all(0.0 < values[s] < 1.0 for s in (0, 1, 2))


def test_fewer_zombie_cards_left_is_better_for_the_survivors() -> None:
    """ "Survivors win the game when the Zombie Player has no more cards in their deck and
    their hand": a Shelter's six discards raise every living Survivor's chance."""
    state = equipped_vest()
    burned = replace(state, burned=state.burned + 6)
    before, after = evaluate(state), evaluate(burned)
    assert all(after[s] > before[s] for s in (1, 2, 3))
    assert after[state.config.zombie_seat] < before[state.config.zombie_seat]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_evaluation_is_a_chance_at_every_table_size(players: int) -> None:
    config = Config(players=players)
    bots = [HeuristicAgent() for _ in range(players)]
    states = replay(play_out(GAME, config, bots, seed=players).record)
    for state in states[::25]:
        values = evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
    final = evaluate(states[-1])
    assert set(final) <= {0.0, 1.0} and sum(final) >= 1


def test_the_shortlist_drops_gifts_and_attacks_on_the_group_and_keeps_the_rest() -> None:
    state = equipped_vest()
    legal = legal_for(state, 1)
    assert {Action.GIVE, Action.AMBUSH, Action.PROPOSE, Action.SNATCH} <= {m.action for m in legal}
    kept = shortlist(view(state, 1), legal)
    assert not {m.action for m in kept} & {Action.GIVE, Action.AMBUSH, Action.STASH}
    assert list(kept) == [
        m for m in legal if m.action not in (Action.GIVE, Action.AMBUSH, Action.STASH)
    ]


def test_the_shortlist_keeps_one_shelter_feed_food_first() -> None:
    """ "While at a Shelter, the Survivors may play a Supply Card for each living
    Survivor": which card matters little beside whether to feed, so one is kept."""
    config = Config()
    school = next(i for i, b in enumerate(config.buildings) if b.name == "School")
    state = travel(start(config, buildings=(school, *range(1, 10))), 0)
    state = GAME.apply(state, move(config.zombie_seat, Action.DRAW))
    state = GAME.apply(state, chance(Action.ZCARD, zcard(config, "Runner")))
    state = loot(state, ["Canned Food", "Bandages", "Pistol"])
    assert state.phase is Phase.LOCATION
    legal = legal_for(state, 1)
    food, bandages = item(config, "Canned Food"), item(config, "Bandages")
    assert {m for m in legal if m.action is Action.FEED} == {
        move(1, Action.FEED, food),
        move(1, Action.FEED, bandages),
    }
    kept = [m for m in shortlist(view(state, 1), legal) if m.action is Action.FEED]
    assert kept == [move(1, Action.FEED, food)]


def test_the_zombie_players_moves_are_all_searched() -> None:
    state = travel(start(), 0)
    zombie = state.config.zombie_seat
    legal = legal_for(state, zombie)
    assert len(legal) > 2
    assert list(shortlist(view(state, zombie), legal)) == legal


def test_make_ismcts_takes_the_settings_and_plays_a_legal_move() -> None:
    state = equipped_vest()
    agent = make_ismcts(GAME, steps=300)
    assert agent.shortlist is shortlist
    assert agent.evaluate is evaluate
    assert agent.rollout_moves == SETTINGS["rollout_moves"]
    legal = tuple(legal_for(state, 1))
    chosen = agent.choose_in_worlds(
        view(state, 1), legal, random.Random(3), WorldSampler(GAME, 1, state)
    )
    assert chosen in legal
    assert agent.last_steps >= 300
