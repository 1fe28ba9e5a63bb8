"""What a seat's move will certainly set off, known before it is made: :func:`foresee`.

A menu label must tell a player what they would be choosing, not only the move:
that an ambush drags every Survivor into a combat, that the Zombie Player's card
is their last one and so ends the game, that a bite kills the last Survivor, that
the last ``leave`` takes everyone On the Move and leaves the cards lying there,
that a proposal is the one everyone agrees on, that the food fed completes a
wait-out, that a zombie targeted with Fight must bite one of those fighting it,
that a draw takes the last card of the Zombie deck.

Every fact is read from the state before the move with the rule functions
``apply`` runs for that move (``start_combat``, ``lift_restriction``, ``agreed``,
``wait_out``, ``end_zombies_step``'s test, ``hurt``, ``attack``, a custom Event's effect,
``zombie_deck_size``, and the end of the game as ``rules`` decides it), never
with ``apply`` itself: a menu labels every legal move, and labelling plays none.
All of it follows from what every seat sees (Life, Armor, equipment, how many
cards each pile and hand holds, who is ready, the zombies in play), so a label may
say it to anyone without telling a hidden card. Chance moves are not foreseen: no
menu offers them, and their account tells what they did.
"""

from __future__ import annotations

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import with_seat
from zombie_rules.quarantine_z._base import (
    anyone_alive,
    best_gun,
    combat_zombies,
    replace,
    set_row,
    set_survivor,
    with_life,
    zombie_at,
    zombie_deck_size,
    zombie_stats,
)
from zombie_rules.quarantine_z.cards import Event
from zombie_rules.quarantine_z.combat import biter, in_turn
from zombie_rules.quarantine_z.custom import Played
from zombie_rules.quarantine_z.effects import attack, hurt
from zombie_rules.quarantine_z.flow import agreed, lift_restriction, start_combat, wait_out
from zombie_rules.quarantine_z.location import discards_due
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State, Zombie
from zombie_rules.quarantine_z.vocabulary import run_effect

#: Who wins when a move ends the game.
ZOMBIE_WINS, SURVIVORS_WIN = "zombie", "survivors"


@attrs.frozen
class Outcome:
    """The consequences of one move that are certain before it is made.

    ``winner``: the move ends the game, won by the Zombie Player (``ZOMBIE_WINS``)
    or the living Survivors (``SURVIVORS_WIN``); ``""`` if it goes on.
    ``combat``: the move starts a combat for every Survivor at the location
    (an ambush, after its free attack; the end of a Zombies! step with zombies in
    play), ``unless_dies`` the seat whose death by the ambush would call it off
    (``-1``: nothing can). ``zombies``: how many zombies that combat faces.
    ``departs``: everyone is then ready to leave, and the Survivors go On the Move,
    leaving ``left_behind`` cards at the location. ``sets_off``: everyone then
    agrees on that location (``-1``: no agreement yet). ``discards``: the food
    completes a wait-out, and the Zombie Player must discard that many cards
    (``all_left``: every card they have). ``bound``: the zombie (by number) that,
    if it lives, must bite one of those fighting it (``-1``: none). ``last_draw``:
    the draw takes the last card of the Zombie deck.
    """

    winner: str = ""
    combat: bool = False
    unless_dies: int = -1
    zombies: int = 0
    departs: bool = False
    left_behind: int = 0
    sets_off: int = -1
    discards: int = 0
    all_left: bool = False
    bound: int = -1
    last_draw: bool = False


#: A move that sets off nothing worth saying before it is made.
NOTHING = Outcome()


def foresee(state: State, move: Move) -> Outcome:
    """What ``move``, a seat's legal move at ``state``, will certainly set off."""
    if move.seat == CHANCE:
        return NOTHING
    phase, action = state.phase, move.action
    if action is Action.AMBUSH and phase in (Phase.DECIDE, Phase.LOCATION, Phase.DISPUTE):
        return _ambush(state, move)
    if phase is Phase.DECIDE and action is Action.PROPOSE:
        return _proposal(state, move)
    if phase is Phase.LOCATION:
        if action is Action.LEAVE:
            return _leave(state, move)
        if action is Action.FEED:
            return _feed(state)
        return NOTHING
    if phase is Phase.ZOMBIES:
        return _zombies(state, move)
    if phase is Phase.SHELTER:
        return _out_of_cards(state, len(state.zombie_hand) - (action is Action.DISCARD),
                             zombie_deck_size(state) - (action is Action.BURN))  # fmt: skip
    if phase is Phase.BITE and action is Action.BITE:
        zombie = combat_zombies(state)[biter(state)[1]]
        damage = zombie_stats(state.config, zombie)[1]
        if not anyone_alive(hurt(state, move.args[0], damage, headshot=False)):
            return Outcome(winner=ZOMBIE_WINS)
        return NOTHING
    if phase is Phase.DECLARE and action is Action.TARGET_ZOMBIE:
        return _target(state, move)
    return NOTHING


def _ambush(state: State, move: Move) -> Outcome:
    """ "After the attack is resolved, then all Survivors enter combat" (``start_combat``),
    unless the attack kills and leaves nobody to fight it out."""
    s, (victim, kind) = move.seat, move.args
    origin = Phase.DECIDE if state.phase is Phase.DECIDE else Phase.LOCATION
    if start_combat(state, origin).phase is not Phase.COMMIT:
        return NOTHING
    # Only a death that would call the combat off is worth a word: try that first.
    # (Its cards would drop where it dies; ``start_combat`` counts only who is alive.)
    gone = with_life(state.survivors[victim], 0)
    dead = replace(state, survivors=set_survivor(state, victim, gone))
    if start_combat(dead, origin).phase is Phase.COMMIT:
        return Outcome(combat=True, zombies=len(_zombies_here(state)))
    gun = best_gun(state.config, state.survivors[s]) if kind == 1 else -1
    unless = -1
    for roll in range(1, 7):
        hit, damage, headshot = attack(state, s, kind, roll, gun)
        if hit and hurt(state, victim, damage, headshot=headshot).survivors[victim].life <= 0:
            unless = victim
            break
    return Outcome(combat=True, unless_dies=unless, zombies=len(_zombies_here(state)))


def _proposal(state: State, move: Move) -> Outcome:
    """ "All Survivors must go to the same location": this proposal makes it so (``agreed``)."""
    destination = move.args[0]
    proposals = set_row(state.proposals, move.seat, destination)
    if agreed(state, proposals=proposals).phase is Phase.SNEAK:
        return Outcome(sets_off=destination)
    return NOTHING


def _leave(state: State, move: Move) -> Outcome:
    """The last ``leave``: "The Survivors may choose to leave the location and transition
    to the On the Move phase" (``lift_restriction``); the cards lying there stay."""
    ready = replace(state, passed=with_seat(state.passed, move.seat))
    if lift_restriction(ready).phase is Phase.DECIDE:
        return Outcome(departs=True, left_behind=len(state.area[state.here].cards))
    return NOTHING


def _feed(state: State) -> Outcome:
    """ "a Supply Card for each living Survivor": this one completes it (``wait_out``)."""
    fed = wait_out(replace(state, fed=state.fed + 1))
    if fed.phase is not Phase.SHELTER:
        return NOTHING
    due = discards_due(fed)
    return Outcome(discards=due, all_left=due >= zombie_deck_size(state) + len(state.zombie_hand))


def _zombies(state: State, move: Move) -> Outcome:
    """The Zombies! step: a last card, a draw of the deck's last card, the combat that begins."""
    action = move.action
    deck = zombie_deck_size(state)
    if action is Action.DONE:
        # ``end_zombies_step``: "If a Zombie is played, then Combat immediately begins".
        here = len(_zombies_here(state))
        return Outcome(combat=True, zombies=here) if here else NOTHING
    if action is Action.DRAW:
        return Outcome(last_draw=True) if deck == 1 else NOTHING
    hand = len(state.zombie_hand) - 1
    card = state.config.zombie_cards[move.args[0]]
    if action is Action.EVENT and card.event is Event.BITE:
        bitten = hurt(state, move.args[1], card.amount, headshot=False)
        if not anyone_alive(bitten):
            return Outcome(winner=ZOMBIE_WINS)
    if action is Action.EVENT and card.effect:
        # The effect's own code, as the rules run it: what it does is public (its
        # declared learners see only cards, and no card decides a death).
        acted = run_effect(state, card.effect, Played(move.seat, move.args[0], card.amount))
        if not anyone_alive(acted):
            return Outcome(winner=ZOMBIE_WINS)
    return _out_of_cards(state, hand, deck)


def _out_of_cards(state: State, hand: int, deck: int) -> Outcome:
    """ "Survivors win the game when the Zombie Player has no more cards in their deck and
    their hand" (``rules``' end of the game, after every move)."""
    if hand <= 0 and deck <= 0 and anyone_alive(state):
        return Outcome(winner=SURVIVORS_WIN)
    return NOTHING


def _target(state: State, move: Move) -> Outcome:
    """ "If any Survivors target a Zombie with the "Fight" command, that Zombie must deal
    damage to one of them" (``combat.bite_options``)."""
    combat = state.combat
    assert combat is not None
    if combat.commits[in_turn(state)] != Commit.FIGHT:
        return NOTHING
    if zombie_at(combat_zombies(state), move.args[0]) is None:
        return NOTHING
    return Outcome(bound=move.args[0])


def _zombies_here(state: State) -> tuple[Zombie, ...]:
    return state.area[state.here].zombies if state.here >= 0 else ()
