"""What generic tools need to check Zombie Doctor: card census, hidden re-deals, invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.core.seats import has_seat, seats_in
from zombie_rules.zombie_doctor.cards import (
    HEAD,
    MISSING,
    SLOT_NAMES,
    TORSO,
    character_of,
    is_infected,
    slot_word,
)
from zombie_rules.zombie_doctor.config import Config, morgue_limb, tables
from zombie_rules.zombie_doctor.knowledge import (
    TABLE,
    UNKNOWN_HAND,
    Known,
    contains,
    known_to,
    without,
)
from zombie_rules.zombie_doctor.rules import legal_moves
from zombie_rules.zombie_doctor.state import SHOWN, Action, Move, Phase, State, Status
from zombie_rules.zombie_doctor.usability import flip_choices
from zombie_rules.zombie_doctor.views import View


def card_set(config: Config) -> Counter[Hashable]:
    """Every card the config puts in play: pain/gain cards by name, body cards by owner and slot."""
    census: Counter[Hashable] = Counter({("card", name): n for name, n in config.deck})
    for character in range(config.players):
        for slot in SLOT_NAMES:
            census[("body", character, slot)] += 1
    return census


def card_census(state: State) -> Counter[Hashable]:
    """Every card the state holds, wherever it lies (hands, deck, bodies, morgue)."""
    names = tables(state.config).names
    census: Counter[Hashable] = Counter()
    for k, n in enumerate(state.deck_unknown):
        if n:
            census[("card", names[k])] += n
    for k in state.deck_bottom + state.deck_top:
        census[("card", names[k])] += 1
    for hand in state.hands:
        for k in hand:
            census[("card", names[k])] += 1
    for body in state.bodies:
        for slot, code in enumerate(body):
            if code != MISSING:
                census[("body", character_of(code), SLOT_NAMES[slot])] += 1
    for k, n in enumerate(state.morgue):
        if n:
            character, slot, _ = morgue_limb(k)
            census[("body", character, SLOT_NAMES[slot])] += n
    return census


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal what ``seat`` cannot see nor remember; ``determinize`` documents the draw.

    Re-dealt, from one pool in sorted order: the other hands (but the hand this
    seat's X-Ray is looking at), less the cards this seat knows are there (they
    stay put); the unseen part of the deck; the cards another seat put under the
    deck face down (each keeps its place in the deck's order, Rulings 6 and 12).
    What other seats remember of the new hands is drawn as well
    (:func:`_others_memories`).
    """
    t = tables(state.config)
    knower = TABLE if seat is None else seat
    hidden = [
        s
        for s in range(state.config.players)
        if s != seat
        and not (state.phase is Phase.XRAY and seat == state.turn and s == state.xray_target)
    ]
    kept = {s: known_to(state.known, knower, s) for s in hidden}
    secret = [i for i, by in enumerate(state.deck_bottom_hidden_by) if by not in (SHOWN, seat)]
    # Cards a look left on top: known, in their order, to the seat that looked only.
    unseen_top = [i for i, by in enumerate(state.deck_top_seen_by) if by != seat]
    pool = expand(state.deck_unknown)
    for s in hidden:
        pool += without(state.hands[s], kept[s])
    pool += [state.deck_bottom[i] for i in secret]
    pool += [state.deck_top[i] for i in unseen_top]
    pool.sort()  # the unseen cards as the seat knows them (a multiset), not where they lie
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden:
        free = len(hands[s]) - len(kept[s])
        hands[s] = tuple(sorted((*kept[s], *pool[:free])))
        pool = pool[free:]
    bottom = list(state.deck_bottom)
    for i in secret:
        bottom[i] = pool.pop()
    top = list(state.deck_top)
    for i in unseen_top:
        top[i] = pool.pop()
    known = _others_memories(state.known, knower, hands, rng)
    return State(
        state.config, state.phase, state.turn, state.round, state.turns_taken, state.bodies,
        state.status, state.out_order, tuple(hands), from_kinds(pool, len(t.names)),
        tuple(bottom), state.deck_bottom_hidden_by, state.morgue, state.coma, state.xray_target,
        known, tuple(top), state.deck_top_seen_by, state.look, state.pending_card,
    )  # fmt: skip


def _others_memories(
    known: Known, knower: int, hands: list[tuple[int, ...]], rng: random.Random
) -> Known:
    """What the other seats remember in a world: drawn, where the knower cannot tell.

    What everyone knows and the knower's own memory stay as they are. Which
    other seats remember something of a hand of their own is public (see
    ``knowledge``), but not what: in the world each such seat knows, besides
    what everyone knows, each other card of the world's hand with probability
    1/2, a plain prior (not a posterior) that keeps every world consistent.
    """
    rows = []
    for whose, (shared, own) in enumerate(known):
        if own:
            rest = without(hands[whose], shared)
            drawn = []
            for who, extra in own:
                if who != knower:
                    mask = rng.getrandbits(len(rest)) if rest else 0
                    # Each card of ``rest`` kept when its bit of ``mask`` is set.
                    picked = seats_in(mask)
                    extra = tuple(k for i, k in enumerate(rest) if i in picked)
                drawn.append((who, extra))
            own = tuple(drawn)
        rows.append((shared, own))
    return tuple(rows)


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves for every actor, legal or not, including near misses."""
    config = state.config
    n = config.players
    names = (*tables(config).names, "bogus")
    seats = tuple(range(-1, n + 1))
    slots = tuple(range(-1, len(SLOT_NAMES) + 1))
    moves: list[Move] = []
    for seat in seats:
        for name in names:
            moves += [
                Move(seat, Action.USE, name),
                Move(seat, Action.TAKE, name),
                Move(seat, Action.STUCK, name, (2,)),
            ]
            moves += [Move(seat, Action.USE, name, (x,)) for x in seats + slots]
        for name in (*tables(config).names[:4], "bogus"):
            moves += [Move(seat, Action.USE, name, (x, p)) for x in seats for p in slots]
        moves += [Move(seat, Action.FLIP, "", (p,)) for p in slots]
        moves += [Move(seat, Action.STUCK, "", (p,)) for p in slots]
        moves += [Move(seat, Action.BITE, "", (x, p)) for x in seats for p in slots]
        moves += [Move(seat, Action.PASS), Move(seat, Action.PASS, "", (0,))]
        moves += [Move(seat, Action.ORDER, "", a) for a in ((), (0,), (0, 0), (1, 0), (0, 1, 2))]
    moves += [Move(CHANCE, Action.DRAW, name) for name in names]
    moves += [Move(CHANCE, Action.ROLL, "", (face,)) for face in range(0, 8)]
    moves += [
        Move(CHANCE, Action.LIMB, "", (c, p, side))
        for c in range(-1, n + 1)
        for p in slots
        for side in (0, 1, 2)
    ]
    moves += legal_moves(state)
    return tuple(dict.fromkeys(moves))


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state.

    It accepts the states the rules can reach (as far as any protocol function
    relies on them): sizes and ranges first, so that the later checks index
    safely, then the cards, who is out and why, and what each phase implies
    (whose turn it is, what the chance node can draw, that the game is over
    exactly when it has a result). It runs on decode only, never on ``apply``.
    """
    config = state.config
    n = config.players
    t = tables(config)
    if not 0 <= state.turn < n:
        raise ValueError(f"turn: {state.turn} is not a seat of a {n}-player game")
    for name in ("bodies", "status", "hands"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name}: need one entry per seat ({n})")
    if len(state.deck_unknown) != len(t.names) or any(
        not 0 <= c <= k for c, k in zip(state.deck_unknown, t.copies, strict=True)
    ):
        raise ValueError(f"deck_unknown: need {len(t.names)} counts, at most the copies of each")
    if len(state.morgue) != t.morgue_kinds or any(c not in (0, 1) for c in state.morgue):
        raise ValueError(f"morgue: need {t.morgue_kinds} counts of 0 or 1")
    for s, body in enumerate(state.bodies):
        if len(body) != len(SLOT_NAMES):
            raise ValueError(f"bodies[{s}]: need {len(SLOT_NAMES)} body slots")
        for slot, code in enumerate(body):
            if code != MISSING and not 0 <= code < 2 * n:
                raise ValueError(f"bodies[{s}]: bad card code {code} at {slot_word(slot)}")
        if body[0] == MISSING or body[1] == MISSING:
            raise ValueError(f"bodies[{s}]: a head or torso cannot be missing")
    for s, hand in enumerate(state.hands):
        if len(hand) > config.hand_size:
            raise ValueError(f"hands[{s}]: more than {config.hand_size} cards")
        if any(not 0 <= k < len(t.names) for k in hand) or list(hand) != sorted(hand):
            raise ValueError(f"hands[{s}]: must be sorted card-kind indices")
    if len(state.deck_bottom) > sum(t.copies) or any(
        not 0 <= k < len(t.names) for k in state.deck_bottom
    ):
        raise ValueError("deck_bottom: holds an index that is not a card kind")
    if len(state.deck_bottom_hidden_by) != len(state.deck_bottom) or any(
        by != SHOWN and not 0 <= by < n for by in state.deck_bottom_hidden_by
    ):
        raise ValueError(
            f"deck_bottom_hidden_by: one entry per card under the deck, {SHOWN} or a seat"
        )
    if (
        len(state.deck_top_seen_by) != len(state.deck_top)
        or any(not 0 <= k < len(t.names) for k in state.deck_top)
        or any(not 0 <= by < n for by in state.deck_top_seen_by)
    ):
        raise ValueError("deck_top: card kinds, each with the seat that looked at it")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's cards")
    out = set(state.out_order)
    if len(out) != len(state.out_order) or out != {
        s for s in range(n) if state.status[s] is not Status.ALIVE
    }:
        raise ValueError("out_order: must list each turned or beheaded seat once")
    for s in range(n):
        head_infected = is_infected(state.bodies[s][HEAD])
        torso_infected = is_infected(state.bodies[s][TORSO])
        if state.status[s] is Status.ALIVE and head_infected:
            raise ValueError(f"status[{s}]: a player with an infected head has turned")
        if state.status[s] is Status.TURNED and not head_infected:
            raise ValueError(f"status[{s}]: a turned player has an infected head")
        if state.status[s] is Status.BEHEADED and (head_infected or not torso_infected):
            raise ValueError(
                f"status[{s}]: a head is cut off only above an infected torso, before it turns"
            )
        if state.status[s] is not Status.ALIVE and state.hands[s]:
            raise ValueError(f"hands[{s}]: a player who is out holds no cards")
    if not 0 <= state.coma <= t.everyone or any(
        has_seat(state.coma, s) and state.status[s] is not Status.ALIVE for s in range(n)
    ):
        raise ValueError("coma: must be a mask of seats still in")
    if state.round < 0 or state.turns_taken < state.round:
        raise ValueError("round/turns_taken: every round takes at least one turn")
    _check_known(state)
    _check_turn(state)
    _check_end(state)


def _check_known(state: State) -> None:
    """What the table and the seats remember of hands is well formed and true (Ruling 30).

    ``determinize`` keeps every remembered card in its holder's hand, so a
    memory the hands contradict would give impossible worlds.
    """
    n = state.config.players
    names = tables(state.config).names
    known = state.known

    def listed(kinds: tuple[int, ...]) -> str:
        return ", ".join(names[k] for k in kinds) or "nothing"

    def well_formed(kinds: tuple[int, ...]) -> bool:
        return all(0 <= k < len(names) for k in kinds) and list(kinds) == sorted(kinds)

    if not known:
        return
    if len(known) != n or all(row == UNKNOWN_HAND for row in known):
        raise ValueError(f"known: one row per seat ({n}), or [] while nobody knows a card")
    if state.phase is Phase.DEAL:
        raise ValueError("known: nobody has seen another hand during the deal")
    for whose, (shared, own) in enumerate(known):
        if not well_formed(shared):
            raise ValueError(f"known[{whose}]: the shared cards must be sorted card-kind indices")
        knowers = [who for who, _ in own]
        if knowers != sorted(set(knowers)) or any(not 0 <= w < n or w == whose for w in knowers):
            raise ValueError(
                f"known[{whose}]: the seats that remember this hand are other seats of a"
                f" {n}-player game, each once, in order"
            )
        if state.status[whose] is not Status.ALIVE and (shared or own):
            raise ValueError(f"known[{whose}]: a player who is out has no hand to remember")
        for who, extra in [(TABLE, shared), *own]:
            whom = "everyone" if who == TABLE else f"seat {who}"
            if not well_formed(extra):
                raise ValueError(f"known[{whose}]: {whom}'s cards must be sorted card-kind indices")
            full = known_to(known, who, whose)
            if not contains(state.hands[whose], full):
                raise ValueError(
                    f"known[{whose}]: {whom} is said to know seat {whose} holds {listed(full)},"
                    f" but that hand holds {listed(state.hands[whose])}"
                )


def _check_turn(state: State) -> None:
    """Whose turn it is and what the phase waits for, so that some move is always legal."""
    config = state.config
    n = config.players
    phase = state.phase
    seat = state.turn
    status = state.status
    alive = [s for s in range(n) if status[s] is Status.ALIVE]
    if (state.xray_target != -1) != (phase is Phase.XRAY):
        raise ValueError("xray_target: a seat in the XRAY phase, else -1")
    playing = phase in (
        Phase.PLAY, Phase.XRAY, Phase.SELF_FLIP, Phase.MORGUE, Phase.LOOK, Phase.ARRANGE
    )  # fmt: skip
    if playing and status[seat] is not Status.ALIVE:
        raise ValueError("turn: the seat to play is out of the game")
    if phase in (Phase.ROLL, Phase.BITE) and (
        status[seat] is not Status.TURNED or not config.bonus_mode
    ):
        raise ValueError("turn: only a zombie rolls or bites, in the Bonus Game Mode")
    if (playing or phase in (Phase.ROLL, Phase.BITE)) and has_seat(state.coma, seat):
        raise ValueError("coma: a Coma ends when its player's turn comes round again")
    full = all(len(state.hands[s]) == config.hand_size for s in alive)
    if phase in (Phase.PLAY, Phase.ROLL, Phase.BITE) and not full:
        raise ValueError(f"hands: every player still in holds {config.hand_size} cards")
    if phase is Phase.DEAL:
        _check_deal(state)
    elif phase is Phase.DRAW:
        if full:
            raise ValueError("hands: every hand is full, yet a card is being drawn")
        if not any(state.deck_unknown):
            raise ValueError("deck_unknown: empty, yet a card is drawn from it")
    elif phase is Phase.XRAY:
        target = state.xray_target
        if not 0 <= target < n or target == seat or status[target] is not Status.ALIVE:
            raise ValueError("xray_target: an opponent still in the game")
        if not state.hands[target]:
            raise ValueError("xray_target: the X-Rayed hand holds a card to take")
    elif phase is Phase.SELF_FLIP and len(flip_choices(state.bodies[seat])) < 2:
        raise ValueError("phase: a flip with one choice is made at once, not asked for")
    elif phase is Phase.MORGUE and not any(state.morgue):
        raise ValueError("morgue: empty, yet a limb is drawn from it")
    _check_look(state)


def _check_look(state: State) -> None:
    """A look covers cards its user saw on top; a pending card is one of the custom cards."""
    phase, look, top = state.phase, state.look, state.deck_top
    custom = tables(state.config).custom
    if phase is Phase.LOOK:
        if not len(top) < look or not any(state.deck_unknown):
            raise ValueError("look: a look draws while it covers more cards than lie on top")
    elif phase is Phase.ARRANGE:
        if not 2 <= look <= len(top):
            raise ValueError("look: at least two looked-at cards lie on top to put back")
    elif look:
        raise ValueError("look: 0 outside a look")
    if look and any(by != state.turn for by in state.deck_top_seen_by[: min(look, len(top))]):
        raise ValueError("deck_top_seen_by: the user has seen every card its look covers")
    if phase in (Phase.LOOK, Phase.ARRANGE):
        allowed: tuple[int, ...] = tuple(custom)
    else:
        allowed = (-1, *custom) if phase is Phase.MORGUE else (-1,)
    if state.pending_card not in allowed:
        raise ValueError("pending_card: a custom card's kind while its follow-up waits, else -1")


def _check_deal(state: State) -> None:
    """The opening hands: each player in turn takes three cards, from the first player on."""
    config = state.config
    n = config.players
    if state.turn != config.first_player or state.round or state.turns_taken:
        raise ValueError("turn/round/turns_taken: the deal comes before the first turn")
    if state.out_order or state.coma or state.deck_bottom or any(state.morgue):
        raise ValueError("out_order/coma/deck_bottom/morgue: nothing happens during the deal")
    if any(body != (2 * s,) * len(SLOT_NAMES) for s, body in enumerate(state.bodies)):
        raise ValueError("bodies: every body is dealt healthy side up, its own cards")
    if not any(state.deck_unknown):
        raise ValueError("deck_unknown: empty, yet a card is being dealt")
    sizes = [len(state.hands[(config.first_player + j) % n]) for j in range(n)]
    filling = next((j for j, size in enumerate(sizes) if size < config.hand_size), n)
    if filling == n or any(sizes[j] for j in range(filling + 1, n)):
        raise ValueError("hands: each player in turn takes all their cards, from the first on")


def _check_end(state: State) -> None:
    """The game is over exactly when a winner is known or the round limit is reached."""
    config = state.config
    alive = sum(1 for status in state.status if status is Status.ALIVE)
    capped = config.round_limit is not None and state.round >= config.round_limit
    if state.phase is Phase.OVER:
        if alive > 1 and not capped:
            raise ValueError("phase: the game is over, yet several players are still in")
        return
    if capped:
        raise ValueError(f"round: the game ends after {config.round_limit} rounds")
    if alive == 0 or (alive == 1 and not config.bonus_mode):
        raise ValueError("phase: the last player without an infected head has won")


def check_view(v: View) -> None:
    """Raise ``ValueError`` naming the first field of a (decoded) view ``render`` cannot show.

    Per-seat fields (``known_hands`` too) need one entry per seat and every body card a character at
    the table; ``render`` trusts the views ``view`` builds.
    """
    n = v.config.players
    if v.seat is not None and not 0 <= v.seat < n:
        raise ValueError(f"seat: {v.seat} is not a seat of a {n}-player game")
    if any(len(field) != n for field in (v.bodies, v.status, v.hand_sizes)):
        raise ValueError(f"bodies/status/hand_sizes: need one entry per seat ({n})")
    if len(v.known_hands) != n:
        raise ValueError(f"known_hands: need one entry per seat ({n})")
    for s, body in enumerate(v.bodies):
        if len(body) != len(SLOT_NAMES) or any(
            code != MISSING and not 0 <= code < 2 * n for code in body
        ):
            raise ValueError(f"bodies[{s}]: {len(SLOT_NAMES)} slots, each a card of this table")


def rounds_played(state: State) -> int:
    return state.round
