"""What generic tools need to check Zombie Doctor: card census, hidden re-deals, invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.zombie_doctor.cards import MISSING, SLOT_NAMES, slot_word
from zombie_rules.zombie_doctor.config import Config, morgue_limb, tables
from zombie_rules.zombie_doctor.rules import legal_moves
from zombie_rules.zombie_doctor.state import Action, Move, Phase, State, Status


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
    for k in state.deck_bottom:
        census[("card", names[k])] += 1
    for hand in state.hands:
        for k in hand:
            census[("card", names[k])] += 1
    for body in state.bodies:
        for slot, code in enumerate(body):
            if code != MISSING:
                census[("body", code >> 1, SLOT_NAMES[slot])] += 1
    for k, n in enumerate(state.morgue):
        if n:
            character, slot, _ = morgue_limb(k)
            census[("body", character, SLOT_NAMES[slot])] += n
    return census


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal the hands ``seat`` cannot see and the unseen part of the deck."""
    t = tables(state.config)
    hidden = [
        s
        for s in range(state.config.players)
        if s != seat
        and not (state.phase is Phase.XRAY and seat == state.turn and s == state.xray_target)
    ]
    pool = expand(state.deck_unknown)
    for s in hidden:
        pool += state.hands[s]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden:
        size = len(hands[s])
        hands[s] = tuple(sorted(pool[:size]))
        pool = pool[size:]
    return State(
        state.config, state.phase, state.turn, state.round, state.turns_taken, state.bodies,
        state.status, state.out_order, tuple(hands), from_kinds(pool, len(t.names)),
        state.deck_bottom, state.morgue, state.coma, state.xray_target,
    )  # fmt: skip


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
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state."""
    config = state.config
    n = config.players
    t = tables(config)
    if not 0 <= state.turn < n:
        raise ValueError(f"turn: {state.turn} is not a seat of a {n}-player game")
    for name in ("bodies", "status", "hands"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name}: need one entry per seat ({n})")
    if len(state.deck_unknown) != len(t.names) or any(c < 0 for c in state.deck_unknown):
        raise ValueError(f"deck_unknown: need {len(t.names)} non-negative counts")
    if len(state.morgue) != t.morgue_kinds or any(c < 0 for c in state.morgue):
        raise ValueError(f"morgue: need {t.morgue_kinds} non-negative counts")
    for s, body in enumerate(state.bodies):
        if len(body) != len(SLOT_NAMES):
            raise ValueError(f"bodies[{s}]: need {len(SLOT_NAMES)} body slots")
        for slot, code in enumerate(body):
            if code != MISSING and not 0 <= code < 2 * n:
                raise ValueError(f"bodies[{s}]: bad card code {code} at {slot_word(slot)}")
        if body[0] == MISSING or body[1] == MISSING:
            raise ValueError(f"bodies[{s}]: a head or torso cannot be missing")
    for s, hand in enumerate(state.hands):
        if any(not 0 <= k < len(t.names) for k in hand) or list(hand) != sorted(hand):
            raise ValueError(f"hands[{s}]: must be sorted card-kind indices")
    if any(not 0 <= k < len(t.names) for k in state.deck_bottom):
        raise ValueError("deck_bottom: holds an index that is not a card kind")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's cards")
    out = set(state.out_order)
    if len(out) != len(state.out_order) or out != {
        s for s in range(n) if state.status[s] is not Status.ALIVE
    }:
        raise ValueError("out_order: must list each turned or beheaded seat once")
    for s in range(n):
        head_infected = state.bodies[s][0] & 1 == 1
        if state.status[s] is Status.ALIVE and head_infected:
            raise ValueError(f"status[{s}]: a player with an infected head has turned")
        if state.status[s] is Status.TURNED and not head_infected:
            raise ValueError(f"status[{s}]: a turned player has an infected head")
        if state.status[s] is not Status.ALIVE and state.hands[s]:
            raise ValueError(f"hands[{s}]: a player who is out holds no cards")
    if not 0 <= state.coma <= t.everyone or any(
        state.coma >> s & 1 and state.status[s] is not Status.ALIVE for s in range(n)
    ):
        raise ValueError("coma: must be a mask of seats still in")
    if (state.xray_target >= 0) != (state.phase is Phase.XRAY):
        raise ValueError("xray_target: set exactly in the XRAY phase")
    if state.phase is Phase.XRAY and not 0 <= state.xray_target < n:
        raise ValueError("xray_target: not a seat")
    playing = state.phase in (Phase.PLAY, Phase.XRAY, Phase.SELF_FLIP, Phase.MORGUE)
    if playing and state.status[state.turn] is not Status.ALIVE:
        raise ValueError("turn: the seat to play is out of the game")
    if state.phase in (Phase.ROLL, Phase.BITE) and state.status[state.turn] is not Status.TURNED:
        raise ValueError("turn: only a zombie rolls or bites")
    full = all(
        len(h) == config.hand_size
        for s, h in enumerate(state.hands)
        if state.status[s] is Status.ALIVE
    )
    if state.phase in (Phase.PLAY, Phase.ROLL, Phase.BITE) and not full:
        raise ValueError(f"hands: every player still in holds {config.hand_size} cards")


def rounds_played(state: State) -> int:
    return state.round
