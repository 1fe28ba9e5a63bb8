"""The account of a Zombie Doctor move as one seat may know it: ``describe``.

The first line is the move itself; further lines tell what it sets off (an
automatic flip, a player turning or losing their head and where their hand went,
draws from the known bottom of the deck, the next turn, the game's end). The
first line is worded from the state before the move, so that ``label`` (that line
alone, for a menu) plays nothing; the rest works by playing the move with
``apply`` and reading the difference, so it cannot drift from the rules. It tells
each seat only what the rules show it:

- a card drawn from the unseen part of the deck is named to its drawer only
  ("Seat 1 draws a card from the deck" to everyone else);
- X-Ray: the user is told the target's hand, the target which card was taken,
  everyone else only that a card changed hands ("The opponent must reveal them
  only to you");
- a card returned unseen by a player who cannot play, and the hand of a player
  who is out, are named only to the player who put them under the deck, and to
  whoever later draws them (Rulings 6 and 12).

Everything else (body cards, the morgue's contents, used cards, dice) is public.
This module is for people and never on the ``apply`` path.
"""

from __future__ import annotations

from collections.abc import Sequence

from zombie_rules.core.describing import describer, players_of
from zombie_rules.core.seats import has_seat
from zombie_rules.core.validation import expect_seat, expect_well_formed
from zombie_rules.core.wording import listing
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    CHARACTERS,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    XRAY,
    character_of,
    is_infected,
)
from zombie_rules.zombie_doctor.config import tables
from zombie_rules.zombie_doctor.custom_effects import Shown, ends_in_follow_up, preview
from zombie_rules.zombie_doctor.describe_custom import (
    look_draw_line,
    look_lines,
    order_line,
    shown_lines,
    use_line,
)
from zombie_rules.zombie_doctor.foresight import NOTHING, Outcome, foresee
from zombie_rules.zombie_doctor.rules import apply, health, result
from zombie_rules.zombie_doctor.state import SHOWN, Action, Move, Phase, State, Status
from zombie_rules.zombie_doctor.turns import Work, short_seat
from zombie_rules.zombie_doctor.vocabulary import LOOK_TOP

#: How the built-in cards are printed.
CARD_TITLES = {
    AMPUTATE: "Amputate",
    XRAY: "X-Ray",
    MAD_SCIENTIST: "Mad Scientist",
    COMA: "Coma",
    MEDICINE: "Medicine",
    DEFIBRILLATOR: "Defibrillator",
    MORGUE: "Morgue",
}
#: Body slots in plain English, by slot index.
SLOT_TITLES = ("head", "torso", "left arm", "right arm", "left leg", "right leg")


def card_title(name: str) -> str:
    """A card's printed name: "X-Ray", or a custom card's name in title case."""
    return CARD_TITLES.get(name) or name.replace("_", " ").title()


def account(state: State, move: Move, after: State, seat: int | None) -> str:
    """What ``seat`` is told of ``move`` at ``state``, leading to ``after``."""
    return "\n".join(_Account(state, move, seat, after).lines())


describe = describer(Move, players_of, apply, account)


def label(state: State, move: Move, seat: int | None) -> str:
    """The first line of ``describe``, for a menu: worded from ``state`` so no move is played.

    Refuses a malformed move or an unknown seat like ``describe``; a label is asked
    for the legal moves of ``state`` only, so legality is left to ``apply``.
    """
    expect_well_formed(move, Move)
    expect_seat(seat, players_of(state))
    return _Words(state, move, seat).move_line()


def _listing(items: Sequence[str]) -> str:
    return listing(items, empty="")


def _side(code: int) -> str:
    return "infected" if is_infected(code) else "healthy"


class _Words:
    """The move itself for one seat, from the state before it: a label needs no more."""

    def __init__(self, state: State, move: Move, seat: int | None) -> None:
        self.state = state
        self.move = move
        self.seat = seat
        self.names = tables(state.config).names

    # ------------------------------------------------------------ wording

    def subj(self, s: int) -> str:
        return "You" if s == self.seat else f"Seat {s}"

    def obj(self, s: int) -> str:
        return "you" if s == self.seat else f"Seat {s}"

    def poss(self, s: int) -> str:
        """Whose, said by someone else: "your" or "Seat 1's"."""
        return "your" if s == self.seat else f"Seat {s}'s"

    def own(self, s: int) -> str:
        """Whose, when ``s`` is the sentence's subject: "your" or "their"."""
        return "your" if s == self.seat else "their"

    def they(self, s: int) -> str:
        """The pronoun for ``s``; like "you", "they" takes the plural verb ("they roll")."""
        return "you" if s == self.seat else "they"

    def verb(self, s: int, you: str, other: str) -> str:
        return you if s == self.seat else other

    def card(self, kind: int) -> str:
        return card_title(self.names[kind])

    # ------------------------------------------------------------ the move

    def move_line(self) -> str:
        """The account's first line and the move's label: the move, then what it will
        certainly set off that a player must know before choosing it (:mod:`.foresight`)."""
        line = self.move_itself()
        consequences = self.consequences(foresee(self.state, self.move))
        return f"{line} {consequences}" if consequences else line

    def consequences(self, o: Outcome) -> str:
        """Who goes out, the mover's forced head flip, the end of the game: public facts."""
        if o is NOTHING:
            return ""
        mover = self.move.seat
        bonus = self.state.config.bonus_mode
        said = []
        for s, how in o.out:
            if s == mover and o.head_flip:
                continue
            if how is Status.BEHEADED:
                said.append(f"{self.subj(s)} {self.verb(s, 'are', 'is')} out of the game.")
            else:
                said.append(f"{self.subj(s)} {self.turns(s, bonus, o.over)}.")
        if o.head_flip:
            said.append(
                f"{self.poss(mover).capitalize()} own flip then can only be {self.own(mover)}"
                f" head: {self.they(mover)} {self.turns(mover, bonus, o.over, pronoun=True)}."
            )
        if o.over and o.capped:
            limit = self.state.config.round_limit
            said.append(
                f"It is the last turn of the last round (the round limit is {limit}): the game"
                " then ends, and the most healthy body cards win."
            )
        elif o.over and o.winner >= 0:
            w = o.winner
            wins = self.verb(w, "win", "wins")
            if any(status is Status.ALIVE for status in self._status_after(o)):
                said.append(f"That ends the game: {self.obj(w)} {wins}.")
            else:
                said.append(
                    f"That ends the game: every player is a zombie, and {self.obj(w)},"
                    f" the last to turn, {wins}."
                )
        return " ".join(said)

    def turns(self, s: int, bonus: bool, over: bool, pronoun: bool = False) -> str:
        """ "turn(s) into a zombie and are (is) out of the game", said of ``s``.

        The verbs are plural after "you", or after "they" (``pronoun``), as in "they turn".
        """
        plural = pronoun or s == self.seat
        turn, be, roll = ("turn", "are", "roll") if plural else ("turns", "is", "rolls")
        if not bonus:
            return f"{turn} into a zombie and {be} out of the game"
        if over:
            return f"{turn} into a zombie"
        return f"{turn} into a zombie and {roll} the die on {self.own(s)} turns (Bonus Game Mode)"

    def _status_after(self, o: Outcome) -> list[Status]:
        status = list(self.state.status)
        for s, how in o.out:
            status[s] = how
        return status

    def move_itself(self) -> str:
        """The move alone, from the state before it."""
        action = self.move.action
        if action is Action.USE:
            return self.use()
        if action is Action.TAKE:
            return self.take()
        if action is Action.STUCK:
            return self.stuck()
        if action is Action.FLIP:
            s, slot = self.move.seat, self.move.args[0]
            return (
                f"{self.subj(s)} {self.verb(s, 'flip', 'flips')} {self.own(s)}"
                f" {SLOT_TITLES[slot]} to the infected side, as {self.own(s)} card requires."
            )
        if action is Action.BITE:
            return self.bite()
        if action is Action.PASS:
            s = self.move.seat
            return f"{self.subj(s)} {self.verb(s, 'let', 'lets')} the victim go: no bite."
        if action is Action.DRAW:
            return look_draw_line(self) if self.state.phase is Phase.LOOK else self.draw()
        if action is Action.ORDER:
            return order_line(self)
        if action is Action.LIMB:
            return self.limb()
        return self.roll()

    def use(self) -> str:
        m = self.move
        s, name, args = m.seat, m.card, m.args
        who, uses = self.subj(s), self.verb(s, "use", "uses")
        if name == AMPUTATE:
            target, slot = args
            if slot == HEAD:
                whose = self.poss(target)
                return (
                    f"{who} {uses} Amputate to cut off {whose} head, as {whose} torso is infected."
                )
            # Without a Morgue card in the deck nothing ever comes out of the morgue again.
            gone = "" if MORGUE in tables(self.state.config).index else " for good"
            return (
                f"{who} {uses} Amputate on {self.poss(target)} infected {SLOT_TITLES[slot]}:"
                f" it goes into the morgue{gone}."
            )
        if name == XRAY:
            (target,) = args
            if self.seat == s:
                # The hand it shows is what the move reveals: the next line, not this one.
                return f"You use X-Ray on Seat {target}."
            if self.seat == target:
                return f"Seat {s} uses X-Ray on you: you show them your hand, and they take one."
            return (
                f"Seat {s} uses X-Ray on Seat {target}: Seat {target} shows Seat {s} their hand,"
                f" and Seat {s} takes one card."
            )
        if name == MAD_SCIENTIST:
            target, slot = args
            limb = SLOT_TITLES[slot]
            return (
                f"{who} {uses} Mad Scientist on {self.obj(target)}: {self.own(s)} infected {limb}"
                f" and {self.poss(target)} healthy {limb} change places."
            )
        if name == COMA:
            return (
                f"{who} {uses} Coma: {self.they(s)} are immune to all"
                f" cards until {self.own(s)} next turn."
            )
        if name == MEDICINE:
            return (f"{who} {uses} Medicine and {self.verb(s, 'cure', 'cures')} {self.own(s)}"
                    f" infected {SLOT_TITLES[args[0]]}.")  # fmt: skip
        if name == DEFIBRILLATOR:
            return (f"{who} {uses} Defibrillator and {self.verb(s, 'cure', 'cures')}"
                    f" {self.own(s)} infected torso.")  # fmt: skip
        if name == MORGUE:
            return (
                f"{who} {uses} Morgue and {self.verb(s, 'take', 'takes')} a limb from the morgue"
                " without looking."
            )
        return self.custom()

    def custom(self) -> str:
        s = self.move.seat
        t = tables(self.state.config)
        custom = t.custom[t.index[self.move.card]]
        about = f" ({custom.description.rstrip('.')})" if custom.description else ""
        if custom.steps:
            return use_line(self, card_title(custom.name), custom.steps, about)
        (target,) = self.move.args
        on = "" if target == s else f" on {self.obj(target)}"
        return f"{self.subj(s)} {self.verb(s, 'use', 'uses')} {card_title(custom.name)}{on}{about}."

    def take(self) -> str:
        s, target = self.move.seat, self.state.xray_target
        card = card_title(self.move.card)
        if self.seat == s:
            return f"You take Seat {target}'s {card}."
        if self.seat == target:
            return f"Seat {s} takes your {card}."
        return f"Seat {s} takes one of Seat {target}'s cards."

    def stuck(self) -> str:
        s, (slot,), card = self.move.seat, self.move.args, self.move.card
        # "they" takes the plural verb, like "you": "they return ... and flip".
        if not card:
            returned = f"keep {self.own(s)} hand"
        elif self.seat == s:
            returned = f"return the {card_title(card)} to the bottom of the deck unseen"
        else:
            returned = "return one card to the bottom of the deck unseen"
        return (
            f"{self.subj(s)} cannot use any of {self.own(s)} cards: {self.they(s)} {returned}"
            f" and flip {self.own(s)} {SLOT_TITLES[slot]} to the infected side as a penalty."
        )

    def bite(self) -> str:
        s, (victim, slot) = self.move.seat, self.move.args
        return (
            f"{self.subj(s)} {self.verb(s, 'bite', 'bites')} {self.obj(victim)}:"
            f" {self.poss(victim)} {SLOT_TITLES[slot]} becomes infected."
        )

    def draw(self) -> str:
        to = short_seat(Work(self.state))
        dealt = self.state.phase is Phase.DEAL
        if self.seat == to:
            card = card_title(self.move.card)
            return f"You are dealt the {card}." if dealt else f"You draw the {card} from the deck."
        return f"Seat {to} is dealt a card." if dealt else f"Seat {to} draws a card from the deck."

    def limb(self) -> str:
        character, slot, infected = self.move.args
        s = self.state.turn
        limb = SLOT_TITLES[slot]
        side = "infected" if infected else "healthy"
        drawn = f"{CHARACTERS[character]}'s {side} {limb}"
        took = f"{self.subj(s)} {self.verb(s, 'take', 'takes')} {drawn} from the morgue"
        current = self.state.bodies[s][slot]
        if current == MISSING:
            return (f"{took} and {self.verb(s, 'attach', 'attaches')} it where {self.own(s)}"
                    f" {limb} was missing.")  # fmt: skip
        mine = f"{self.own(s)} {_side(current)} {limb} ({CHARACTERS[character_of(current)]}'s)"
        if bool(infected) != is_infected(current):
            return f"{took}: it replaces {mine}, which goes into the morgue."
        return f"{took}: it shows the same side as {mine}, so it goes back into the morgue."

    def roll(self) -> str:
        s, (face,) = self.state.turn, self.move.args
        rolled = f"{self.subj(s)} {self.verb(s, 'roll', 'rolls')} a {face}"
        if face % 2 == 0:
            return f"{rolled}: {self.they(s)} may bite a player still in."
        return f"{rolled}: the victim escapes."


class _Account(_Words):
    """One move's account for one seat: the move, then what it set off, read from ``after``."""

    def __init__(self, state: State, move: Move, seat: int | None, after: State) -> None:
        super().__init__(state, move, seat)
        self.after = after
        self.new_out = after.out_order[len(state.out_order) :]

    def lines(self) -> list[str]:
        action = self.move.action
        lines = [self.move_line(), *self.shown()]
        lines += self.outs(exclude_flipper=action in (Action.USE, Action.TAKE))
        lines += self.auto_flip()
        lines += self.bottom_draws()
        lines += self.next_turn()
        lines += self.game_over()
        return lines

    def shown(self) -> list[str]:
        """What the card used showed or changed: an X-Ray's hand to its user, a custom
        card's changes to the bodies."""
        m = self.move
        if m.action is not Action.USE:
            return []
        if m.card == XRAY:
            (target,) = m.args
            if self.seat != m.seat:
                return []
            hand = [self.card(k) for k in self.state.hands[target]]
            return [f"Seat {target} shows you their hand: {_listing(hand)}. Take one card."]
        if m.card in CARD_TITLES:
            return []
        t = tables(self.state.config)
        kind = t.index[m.card]
        custom = t.custom[kind]
        shown: Shown = []
        w = preview(self.state, m.seat, kind, m.args, shown)
        bodies = w.bodies
        changes = [
            self.body_change(x, slot, self.state.bodies[x][slot], bodies[x][slot])
            for x in range(len(bodies))
            for slot in range(len(SLOT_TITLES))
            if bodies[x][slot] != self.state.bodies[x][slot]
        ]
        lines = changes + shown_lines(self, shown)
        if custom.steps and custom.steps[-1].op == LOOK_TOP and w.status[m.seat] is Status.ALIVE:
            lines += look_lines(self, w.state(), custom.steps[-1])
        return lines or ["Nothing changes on the table."]

    def body_change(self, s: int, slot: int, old: int, new: int) -> str:
        limb = SLOT_TITLES[slot]
        if new == MISSING:
            return f"{self.poss(s).capitalize()} {limb} is taken away."
        if old == MISSING or character_of(old) != character_of(new):
            return (
                f"{self.poss(s).capitalize()} {limb} is now {CHARACTERS[character_of(new)]}'s,"
                f" {_side(new)} side up."
            )
        verb = "becomes infected" if is_infected(new) else "is cured"
        return f"{self.poss(s).capitalize()} {limb} {verb}."

    def effect_bodies(self) -> tuple[tuple[int, ...], ...]:
        """The bodies just after the used card's effect, before any flip of the user's."""
        m = self.move
        if m.action is Action.USE and m.card not in CARD_TITLES:
            kind = tables(self.state.config).index[m.card]
            return preview(self.state, m.seat, kind, m.args).bodies
        return self.state.bodies

    # ------------------------------------------------------------ consequences

    def outs(self, exclude_flipper: bool) -> list[str]:
        """Players who went out through the move's effect (not through an automatic flip)."""
        lines = []
        for s in self.new_out:
            if exclude_flipper and s == self.move.seat and self.flipped_slot() is not None:
                continue
            lines += self.out_lines(s)
        return lines

    def out_lines(self, s: int) -> list[str]:
        status = self.after.status[s]
        if status is Status.BEHEADED:
            lines = [f"{self.subj(s)} {self.verb(s, 'are', 'is')} out of the game."]
        else:
            # "you" and "they" both take the plural verb.
            if not self.state.config.bonus_mode:
                then = " and are out of the game"
            elif self.after.phase is Phase.OVER:
                then = ""
            else:
                then = f" and roll the die on {self.own(s)} turns (Bonus Game Mode)"
            lines = [
                f"{self.poss(s).capitalize()} head is infected: {self.they(s)} turn into a"
                f" zombie{then}."
            ]
        hand = self.hand_at_knockout(s)
        if hand and s == self.seat:
            listed = _listing([self.card(k) for k in hand])
            lines.append(f"Your hand ({listed}) goes under the deck unseen.")
        elif hand:
            n = len(hand)
            lines.append(
                f"Seat {s}'s {n} card{'s go' if n != 1 else ' goes'} under the deck unseen."
            )
        return lines

    def hand_at_knockout(self, s: int) -> tuple[int, ...]:
        """The cards ``s`` held when it went out (put under the deck in this order)."""
        m, hand = self.move, self.state.hands[s]
        index = tables(self.state.config).index
        if s == m.seat and m.card and m.action in (Action.USE, Action.STUCK):
            i = hand.index(index[m.card])
            return hand[:i] + hand[i + 1 :]
        if s == m.seat and m.action is Action.TAKE:
            return tuple(sorted((*hand, index[m.card])))
        return hand

    def flipped_slot(self) -> int | None:
        """The slot the user flipped automatically after Amputate, X-Ray or a custom card."""
        m = self.move
        t = tables(self.state.config)
        if m.action is Action.USE:
            custom = t.custom.get(t.index[m.card])
            if m.card != AMPUTATE and (
                custom is None or not custom.self_flip or ends_in_follow_up(custom)
            ):
                return None
        elif m.action is Action.ORDER or (
            m.action is Action.DRAW and self.state.phase is Phase.LOOK
        ):
            pending = t.custom.get(self.state.pending_card)
            if pending is None or not pending.self_flip or self.after.look:
                return None
        elif m.action is not Action.TAKE:
            return None
        s = m.seat
        mid, now = self.effect_bodies()[s], self.after.bodies[s]
        changed = [p for p in range(len(SLOT_TITLES)) if mid[p] != now[p]]
        return changed[0] if changed else None

    def auto_flip(self) -> list[str]:
        s = self.move.seat
        if self.after.phase is Phase.SELF_FLIP:
            return [
                f"{self.subj(s)} must now flip one of {self.own(s)} cards to the infected side."
            ]
        slot = self.flipped_slot()
        if slot is None:
            return []
        lines = [
            f"{self.subj(s)} must flip one of {self.own(s)} cards: only {self.own(s)}"
            f" {SLOT_TITLES[slot]} is left to flip, so it turns infected."
        ]
        return lines + (self.out_lines(s) if s in self.new_out else [])

    def bottom_draws(self) -> list[str]:
        """Cards taken from the known top or bottom of the deck when the hands are refilled.

        A look's cards lie on top and are taken first; the bottom once the unseen part
        is used up.
        """
        state, after, m = self.state, self.after, self.move
        index = tables(state.config).index
        queue = [(k, by, False) for k, by in zip(state.deck_bottom, state.deck_bottom_hidden_by,
                                                 strict=True)]  # fmt: skip
        sizes = [len(h) for h in state.hands]
        out_early: set[int] = set()
        if m.action is Action.USE and m.card not in CARD_TITLES:
            w = preview(state, m.seat, index[m.card], m.args)
            queue = [(k, by, False) for k, by in zip(w.deck_bottom, w.deck_bottom_hidden_by,
                                                     strict=True)]  # fmt: skip
            sizes = [len(h) for h in w.hands]
            out_early = set(w.out_order)
        elif m.action is Action.USE:
            queue.append((index[m.card], SHOWN, False))
            sizes[m.seat] -= 1
        elif m.action is Action.STUCK and m.card:
            queue.append((index[m.card], m.seat, False))
            sizes[m.seat] -= 1
        elif m.action is Action.TAKE:
            sizes[m.seat] += 1
            sizes[state.xray_target] -= 1
        elif m.action is Action.DRAW and state.phase is not Phase.LOOK:
            sizes[short_seat(Work(state))] += 1
        for s in self.new_out:
            if s not in out_early:
                queue += [(k, s, False) for k in self.hand_at_knockout(s)]
        top, seen_by = self.top_before_refill()
        drawn = len(queue) - len(after.deck_bottom)
        taken = len(top) - len(after.deck_top)
        if taken < 0 or after.deck_top != top[taken:]:
            taken = 0  # the move put cards on top (a look): none were taken
        queue = [(k, by, True) for k, by in zip(top[:taken], seen_by, strict=False)] + queue
        n, size = state.config.players, state.config.hand_size
        lines = []
        for kind, hidden_by, from_top in queue[: taken + drawn]:
            to = next(
                x
                for x in ((state.turn + i) % n for i in range(n))
                if after.status[x] is Status.ALIVE and sizes[x] < size
            )
            sizes[to] += 1
            if to == self.seat:
                lines.append(f"You take the {self.card(kind)} from the top of the deck.")
            elif from_top and hidden_by == self.seat:
                lines.append(
                    f"Seat {to} takes the {self.card(kind)} from the top of the deck"
                    " (you looked at it)."
                )
            elif from_top:
                lines.append(f"Seat {to} takes a card from the top of the deck.")
            elif hidden_by == SHOWN or hidden_by == self.seat:
                lines.append(f"Seat {to} takes the {self.card(kind)} from the top of the deck.")
            else:
                lines.append(
                    f"Seat {to} takes a card from the top of the deck (one put there unseen)."
                )
        return lines

    def top_before_refill(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The known top of the deck, and who saw each card, as the move leaves it to draw from."""
        state, m = self.state, self.move
        if m.action is Action.ORDER:
            top = state.deck_top
            return tuple([top[i] for i in m.args]) + top[state.look :], state.deck_top_seen_by
        if m.action is Action.DRAW and state.phase is Phase.LOOK:
            kind = tables(state.config).index[m.card]
            return (*state.deck_top, kind), (*state.deck_top_seen_by, state.turn)
        return state.deck_top, state.deck_top_seen_by

    def next_turn(self) -> list[str]:
        state, after = self.state, self.after
        if after.phase not in (Phase.PLAY, Phase.ROLL):
            return []
        if state.phase is Phase.DEAL:
            first = after.turn
            goes = self.verb(first, "go", "goes")
            return [f"Every hand is dealt. {self.subj(first)} {goes} first."]
        if after.turns_taken == state.turns_taken:
            return []
        lines = []
        if after.round > state.round:
            lines.append(f"Round {after.round + 1} begins.")
        t = after.turn
        if has_seat(state.coma, t) and t not in self.new_out:
            lines.append(f"{self.subj(t)} {self.verb(t, 'wake', 'wakes')} from the Coma.")
        if after.phase is Phase.ROLL:
            lines.append(
                f"{self.poss(t).capitalize()} turn: as a zombie, {self.they(t)} roll the die."
            )
        else:
            lines.append(f"{self.poss(t).capitalize()} turn.")
        return lines

    def game_over(self) -> list[str]:
        res = result(self.after)
        if res is None:
            return []
        after = self.after
        winners = sorted(res.winners)
        alive = [s for s in range(after.config.players) if after.status[s] is Status.ALIVE]
        limit = after.config.round_limit
        lines = []
        if limit is not None and after.round >= limit:
            rounds = f"{limit} round{'s' if limit != 1 else ''}"
            lines.append(f"The round limit ({rounds}) is reached, so the game ends.")
        else:
            lines.append("The game is over.")
        if len(alive) > 1:
            best = max(health(after.bodies[s]) for s in alive)
            who = _listing([self.subj(w) if i == 0 else self.obj(w) for i, w in enumerate(winners)])
            win = "win" if len(winners) > 1 or winners[0] == self.seat else "wins"
            lines.append(f"The most healthy body cards on the table ({best}) win: {who} {win}.")
            return [" ".join(lines)]
        (w,) = winners
        wins = self.verb(w, "win", "wins")
        if not alive:
            lines.append(f"Every player is a zombie; {self.obj(w)} turned last and {wins}.")
        else:
            lines.append(
                f"{self.subj(w)} {self.verb(w, 'are', 'is')} the last player without an"
                f" infected head and {wins}."
            )
        return [" ".join(lines)]
