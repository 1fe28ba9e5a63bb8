"""What a seat's move will certainly set off, known before it is made: :func:`foresee`.

A menu label must tell a player what they would be choosing: that X-Ray or
Amputate leaves them only their head to flip, so they turn; that a penalty flip
or a bite infects a head; that a beheading or a turning ends the game; that the
turn is the last one the round cap allows; that an amputated limb can never come
back. All of it follows from what every seat sees (bodies, who is still in, the
round, the config), so a label may say it to anyone without telling a hidden card.

:func:`foresee` reads it from the state before the move with the very rule
functions ``apply`` uses (``flip_choices``, ``game_finished``,
``beheading_ends_game``, ``turn_after``, ``caps_round``, and a custom card's
steps run on a scratch copy, ``custom_effects.preview``) and
walks the same steps ``effects.use_card`` and ``turns.end_action`` take, without
playing the move: nothing is built but a few small tuples, so a menu of many
moves stays cheap. A test holds every prediction to what ``apply`` then does.
"""

from __future__ import annotations

import attrs

from zombie_rules.zombie_doctor.cards import AMPUTATE, HEAD, MORGUE, XRAY
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.custom_effects import ends_in_follow_up, preview
from zombie_rules.zombie_doctor.effects import beheading_ends_game
from zombie_rules.zombie_doctor.state import Action, Move, State, Status
from zombie_rules.zombie_doctor.turns import caps_round, game_finished, turn_after
from zombie_rules.zombie_doctor.usability import flip_choices

ALIVE, TURNED, BEHEADED = Status.ALIVE, Status.TURNED, Status.BEHEADED


@attrs.frozen
class Outcome:
    """The consequences of one move that are certain before it is made.

    ``out`` lists the seats the move puts out of the game, in order, with how
    (``TURNED`` or ``BEHEADED``). ``head_flip``: the mover's own flip after
    their card (Amputate, X-Ray, a custom card that asks for one) can only be
    their head. ``over``: the game ends with this move (``capped``: by the
    round cap, the health tiebreak deciding), ``winner`` is the seat that then
    wins when the move's knock-outs decide it (else ``-1``). ``for_good``: an
    amputated limb can never come back (the deck has no Morgue card).
    """

    out: tuple[tuple[int, Status], ...] = ()
    head_flip: bool = False
    over: bool = False
    capped: bool = False
    winner: int = -1
    for_good: bool = False


#: A move that sets off nothing worth saying before it is made.
NOTHING = Outcome()


def foresee(state: State, move: Move) -> Outcome:
    """What ``move``, a seat's legal move at ``state``, will certainly set off.

    Chance moves are not foreseen (no menu offers them; their account tells
    what they did).
    """
    action = move.action
    if action not in _SEAT_ACTIONS:
        return NOTHING
    return _Walk(state, move).run()


_SEAT_ACTIONS = frozenset(
    (Action.USE, Action.TAKE, Action.STUCK, Action.FLIP, Action.BITE, Action.PASS)
)


class _Walk:
    """The steps of ``apply`` for one seat move, on who is in and the mover's body only."""

    def __init__(self, state: State, move: Move) -> None:
        self.state = state
        self.move = move
        self.status = list(state.status)
        self.out: list[tuple[int, Status]] = []

    def knock_out(self, seat: int, how: Status) -> None:
        if self.status[seat] is ALIVE:
            self.status[seat] = how
            self.out.append((seat, how))

    def outcome(
        self,
        *,
        over: bool = False,
        capped: bool = False,
        head_flip: bool = False,
        for_good: bool = False,
    ) -> Outcome:
        winner = -1
        if over and not capped:
            alive = [s for s, status in enumerate(self.status) if status is ALIVE]
            # ``result``: the last player in wins, or the last to turn if none is.
            winner = alive[0] if len(alive) == 1 else self.out[-1][0] if self.out else -1
        return Outcome(tuple(self.out), head_flip, over, capped, winner, for_good)

    def run(self) -> Outcome:
        state, move = self.state, self.move
        seat = move.seat
        body = state.bodies[seat]
        self_flip = False
        for_good = False
        action = move.action
        if action is Action.USE:
            name = move.card
            if name == AMPUTATE:
                target, slot = move.args
                if slot == HEAD:
                    self.knock_out(target, BEHEADED)
                    if beheading_ends_game(self.status):
                        return self.outcome(over=True)
                else:
                    # "Removed limbs should be placed in the card box, aka the morgue":
                    # only a Morgue card ever takes one out again.
                    for_good = MORGUE not in tables(state.config).index
                self_flip = True
            elif name == XRAY:
                self_flip = True  # after the card is taken
            else:
                t = tables(state.config)
                kind = t.index[name]
                custom = t.custom.get(kind)
                if custom is not None:
                    w = preview(state, seat, kind, move.args)
                    for s in w.out_order[len(state.out_order) :]:
                        self.knock_out(s, w.status[s])
                    body = w.bodies[seat]
                    # After a follow-up (a look, a morgue draw) the body may change
                    # again before the user's own flip: nothing is foreseen of it.
                    self_flip = custom.self_flip and not ends_in_follow_up(custom)
        elif action is Action.TAKE:
            self_flip = True
        elif action is Action.ORDER:
            # A custom card's look ends here: its user's own flip, if the card asks for one.
            custom = tables(state.config).custom.get(state.pending_card)
            self_flip = custom is not None and custom.self_flip
        elif action is Action.STUCK or action is Action.FLIP:
            if move.args[0] == HEAD:
                self.knock_out(seat, TURNED)
        elif action is Action.BITE:
            victim, slot = move.args
            if slot == HEAD:
                self.knock_out(victim, TURNED)
        return self.end_action(seat, body, self_flip, for_good)

    def end_action(
        self, seat: int, body: tuple[int, ...], self_flip: bool, for_good: bool
    ) -> Outcome:
        """``turns.end_action`` and ``turns.next_turn``, on who is in."""
        config = self.state.config
        if game_finished(self.status, config.bonus_mode):
            return self.outcome(over=True, for_good=for_good)
        head_flip = False
        if self_flip and self.status[seat] is ALIVE:
            choices = flip_choices(body)
            # More than one choice: the mover picks a limb (no one goes out), then the turn ends.
            if len(choices) == 1 and choices[0] == HEAD:
                head_flip = True
                self.knock_out(seat, TURNED)
                if game_finished(self.status, config.bonus_mode):
                    return self.outcome(over=True, head_flip=True, for_good=for_good)
        _, wraps = turn_after(config, self.state.turn, tuple(self.status))
        capped = wraps and caps_round(config, self.state.round)
        return self.outcome(over=capped, capped=capped, head_flip=head_flip, for_good=for_good)
