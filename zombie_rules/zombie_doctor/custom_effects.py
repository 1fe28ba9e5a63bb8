"""What a Zombie Doctor custom card does once used: vocabulary steps and registered effects.

``effects.use_card`` hands a custom card here once its move has been checked
against ``usability.card_uses``. A vocabulary card's steps run in order on the
one ``Work`` copy of the move (:func:`run_steps`); each step's choices were read
from the state before the card, so a step whose seat has gone out, or whose body
card no longer allows it, does nothing (see the rulings, "Custom cards"). The
follow-ups wait in the state: a look (``LOOK`` draws the cards from the unseen
part of the deck, ``ARRANGE`` asks the user for their order) and a morgue draw.

Who learns what is recorded here, in ``State.known`` and ``deck_top_seen_by``:
a hand shown to the table becomes what everyone knows of it, a hand shown to the
user what the user knows of it, and the cards a look covers are known, in their
order, to the user alone.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.piles import put, take
from zombie_rules.zombie_doctor.cards import (
    HEAD,
    MISSING,
    SLOT_NAMES,
    character_of,
    healthy_side,
    is_infected,
)
from zombie_rules.zombie_doctor.config import CustomCard, morgue_kind, tables
from zombie_rules.zombie_doctor.knowledge import forget_hand, shown_to, shown_to_table
from zombie_rules.zombie_doctor.state import Phase, State, Status
from zombie_rules.zombie_doctor.turns import Work, end_action, game_finished
from zombie_rules.zombie_doctor.usability import flip_choices
from zombie_rules.zombie_doctor.vocabulary import (
    CURE,
    FLIP,
    FROM_MORGUE,
    LOOK_TOP,
    NEW_HAND,
    REVEAL_HAND,
    SWAP,
    TO_MORGUE,
    Step,
    registered,
)

ALIVE, TURNED = Status.ALIVE, Status.TURNED


def step_width(step: Step) -> int:
    """How many ``Move.args`` one step takes (see ``usability.step_choices``)."""
    seat = 0 if step.who == "user" else 1
    if step.op in (FLIP, CURE, TO_MORGUE):
        return seat + 1
    if step.op == SWAP:
        return 2 if step.who == "user" else 3
    if step.op in (REVEAL_HAND, NEW_HAND):
        return 1 if step.op == REVEAL_HAND else seat
    return 0


def split_args(steps: tuple[Step, ...], args: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``args`` cut into each step's own arguments, in order."""
    out, at = [], 0
    for step in steps:
        width = step_width(step)
        out.append(args[at : at + width])
        at += width
    return out


#: What a hand step showed or sent away, for ``describe``: ``(step, seat, hand)``.
Shown = list[tuple[Step, int, tuple[int, ...]]]


def run_steps(
    w: Work, seat: int, custom: CustomCard, args: tuple[int, ...], shown: Shown | None = None
) -> str:
    """Carry out the card's immediate steps on ``w``; the follow-up step it ends with, or ``""``.

    ``shown``, if given, collects each hand a step showed or put under the deck.
    """
    for step, mine in zip(custom.steps, split_args(custom.steps, args), strict=True):
        if step.op in (LOOK_TOP, FROM_MORGUE):
            return step.op
        if game_finished(w.status, w.config.bonus_mode):
            return ""
        mine = mine if step.who != "user" or step.op == SWAP else (seat, *mine)
        if shown is not None and step.op in (REVEAL_HAND, NEW_HAND) and w.status[mine[0]] is ALIVE:
            shown.append((step, mine[0], w.hands[mine[0]]))
        _step(w, seat, step, mine)
    return ""


def _step(w: Work, seat: int, step: Step, args: tuple[int, ...]) -> None:
    op = step.op
    if op == SWAP:
        a, b, slot = (seat, *args) if step.who == "user" else args
        if w.status[a] is ALIVE and w.status[b] is ALIVE:
            mine, theirs = w.bodies[a][slot], w.bodies[b][slot]
            if mine != MISSING and theirs != MISSING:
                w.set_slot(a, slot, theirs)
                w.set_slot(b, slot, mine)
        return
    x = args[0]
    if w.status[x] is not ALIVE:
        return  # out since the card was chosen: nothing left to act on
    if op == FLIP:
        if args[1] in flip_choices(w.bodies[x]):
            w.infect(x, args[1])
    elif op == CURE:
        code = w.bodies[x][args[1]]
        if code != MISSING:
            w.set_slot(x, args[1], healthy_side(code))
    elif op == TO_MORGUE:
        code = w.bodies[x][args[1]]
        if code != MISSING:
            # Into the morgue side up as it lay, everyone seeing it go in.
            w.set_slot(x, args[1], MISSING)
            w.morgue = put(w.morgue, morgue_kind(character_of(code), args[1], bool(code & 1)))
    elif op == REVEAL_HAND:
        hand, n = w.hands[x], w.config.players
        if step.to == "table":
            w.known = shown_to_table(w.known, x, hand, n)
        else:
            w.known = shown_to(w.known, x, seat, hand, n)
    elif op == NEW_HAND:
        hand = w.hands[x]
        # Under the deck unseen, like the hand of a player who is out (Ruling 12).
        w.deck_bottom = w.deck_bottom + hand
        w.deck_bottom_hidden_by = w.deck_bottom_hidden_by + (x,) * len(hand)
        w.set_hand(x, ())
        w.known = forget_hand(w.known, x)


def ends_in_follow_up(custom: CustomCard) -> bool:
    """Whether the card's last step waits for a follow-up (a look, a morgue draw)."""
    return bool(custom.steps) and custom.steps[-1].op in (LOOK_TOP, FROM_MORGUE)


def preview(
    state: State, seat: int, kind: int, args: tuple[int, ...], shown: Shown | None = None
) -> Work:
    """A scratch copy of the move: the custom card used and its immediate steps done.

    For ``foresight`` and ``describe``, which read what the card changed without
    playing the move (no follow-up, no own flip, no refill).
    """
    w = Work(state)
    w.discard(seat, kind)
    custom = tables(state.config).custom[kind]
    if custom.steps:
        run_steps(w, seat, custom, args, shown)
    else:
        registered_effect(w, seat, args[0], custom)
    return w


def use_custom(w: Work, seat: int, kind: int, args: tuple[int, ...]) -> State:
    """``seat`` has used (and put under the deck) its custom card of ``kind``: do the rest."""
    custom = tables(w.config).custom[kind]
    if not custom.steps:
        registered_effect(w, seat, args[0], custom)
        return end_action(w, self_flip=custom.self_flip)
    follow_up = run_steps(w, seat, custom, args)
    if not follow_up or game_finished(w.status, w.config.bonus_mode) or w.status[seat] is not ALIVE:
        return end_action(w, self_flip=custom.self_flip)
    w.pending_card = kind
    if follow_up == FROM_MORGUE:
        # "Do not look into the box when taking a card": a chance draw, as for Morgue.
        if not any(w.morgue):
            return finish_follow_up(w)
        w.phase = Phase.MORGUE
        return w.seal()
    step = custom.steps[-1]
    look = min(step.count, len(w.deck_top) + sum(w.deck_unknown))
    if look == 0:
        return finish_follow_up(w)
    # The user sees the cards already on top; the look goes on into the unseen part.
    seen = min(look, len(w.deck_top))
    w.deck_top_seen_by = (seat,) * seen + w.deck_top_seen_by[seen:]
    w.look = look
    if len(w.deck_top) < look:
        w.phase = Phase.LOOK
        return w.seal()
    return _looked(w)


def registered_effect(w: Work, seat: int, target: int, custom: CustomCard) -> None:
    """A registered effect's new bodies, checked, onto ``w``; an infected head turns its owner."""
    new = registered_bodies(w.state(), seat, target, custom)
    for s in sorted({seat, target}):
        w.set_body(s, new[s])
        if is_infected(new[s][HEAD]) and w.status[s] is ALIVE:
            w.knock_out(s, TURNED)


def registered_bodies(
    state: State, seat: int, target: int, custom: CustomCard
) -> tuple[tuple[int, ...], ...]:
    """The bodies after ``custom``'s registered effect on ``target``, checked (no move made)."""
    effect = registered(custom.effect).effect
    return checked_bodies(
        state, seat, target, custom.name, effect(state, seat, target, dict(custom.params))
    )


def checked_bodies(
    state: State, seat: int, target: int, name: str, bodies: object
) -> tuple[tuple[int, ...], ...]:
    """A registered effect's new bodies, checked; raises ``InvalidConfig`` naming the card.

    The table's ``effect`` function is outside the rules' control, so its result
    is checked here (shape, untouched bystanders, no body card lost or moved to
    another slot).
    """
    n = state.config.players
    ok = (
        isinstance(bodies, tuple)
        and len(bodies) == n
        and all(
            isinstance(b, tuple) and len(b) == len(SLOT_NAMES) and all(type(c) is int for c in b)
            for b in bodies
        )
    )
    if not ok:
        raise InvalidConfig(
            "custom_cards", f"{name}: effect must return one tuple of six ints per seat"
        )
    new: tuple[tuple[int, ...], ...] = bodies  # type: ignore[assignment]
    if any(new[s] != state.bodies[s] for s in range(n) if s not in (seat, target)):
        raise InvalidConfig("custom_cards", f"{name}: effect changed a body it was not used on")

    def cards(rows: tuple[tuple[int, ...], ...]) -> Counter[tuple[int, int]]:
        return Counter((character_of(c), p) for b in rows for p, c in enumerate(b) if c != MISSING)

    if cards(new) != cards(state.bodies) or any(new[s][HEAD] == MISSING for s in range(n)):
        raise InvalidConfig(
            "custom_cards",
            f"{name}: effect must keep every body card on the table, each in its own slot",
        )
    return new


def look_at(state: State, kind: int) -> State:
    """The look's chance step: the next card of the unseen part, seen by the user alone."""
    w = Work(state)
    w.deck_unknown = take(state.deck_unknown, kind)
    w.deck_top = (*w.deck_top, kind)
    w.deck_top_seen_by = (*w.deck_top_seen_by, state.turn)
    if len(w.deck_top) < w.look:
        return w.seal()
    return _looked(w)


def _looked(w: Work) -> State:
    """Every card of the look lies on top: the user orders them, unless one card needs no order."""
    if w.look >= 2:
        w.phase = Phase.ARRANGE
        return w.seal()
    return finish_follow_up(w)


def orders(look: int) -> tuple[tuple[int, ...], ...]:
    """Every order of ``look`` cards, as the positions (top first) of the cards put back."""
    return tuple(permutations(range(look)))


def arrange(state: State, order: tuple[int, ...]) -> State:
    """ "Put them back in any order": the looked-at cards go back on top in ``order``."""
    w = Work(state)
    look = state.look
    top = state.deck_top
    w.deck_top = tuple([top[i] for i in order]) + top[look:]
    return finish_follow_up(w)


def finish_follow_up(w: Work) -> State:
    """The pending card's follow-up is done: its user's own flip if it asks for one, then on."""
    kind = w.pending_card
    w.pending_card = -1
    w.look = 0
    custom = tables(w.config).custom.get(kind)
    return end_action(w, self_flip=custom is not None and custom.self_flip)
