"""Zombie Run! for reinforcement learning: action and chance spaces, encodings, returns, bounds.

Actions (``4 + 2 * hand_size + C(hand_size, peek_count)`` of them, the same for every
seat): ``draw pile``, ``draw discard``, ``swap P`` and ``swap P shout`` for each hand
position, ``discard``, ``discard shout``, then each set of positions a seat may look at
(``peek 0 1`` ...). Chance outcomes are the deck's card kinds, by ascending zombies.

The observation is seat-relative (block ``r`` of a per-seat slice is the seat ``r``
places after the observer, so block 0 is the observer) and reads only what
:func:`~zombie_rules.zombie_run.views.view` shows: each known hand card, whether a
position holds a card at all, which cards each owner has looked at, the drawn card
when the seat may see it, the piles' known contents, scores. See :func:`learning`.

Every step tells a seat the public move (who drew from where, swapped or discarded
where, shouted, looked at which positions), then each card it shows the seat: the
card turned up, the card the seat drew, the cards it looked at, the card thrown out,
every hand at a round's end. Those tokens are the seat's perfect recall.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    Bounds,
    ChanceSpace,
    Learning,
    Packed,
    Recall,
    SharedWin,
    actions_from_legal_moves,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import every_seat, has_seat
from zombie_rules.zombie_run.config import Config, tables
from zombie_rules.zombie_run.rules import chance_weights, legal_moves, result
from zombie_rules.zombie_run.state import Action, Move, Phase, State

#: Phases in the order of the ``phase`` slice.
PHASES = tuple(Phase)
_PHASE_AT = {id(phase): i for i, phase in enumerate(PHASES)}


@attrs.frozen
class Layout:
    """Where each slice of a config's observation starts, and the action numbering.

    ``keys`` maps ``(action, args, shout)`` to an action index; ``score_cap`` is the
    highest game score possible (every round doubled on a hand of Zombie Hordes), by
    which scores are divided. ``knows[s][mask]`` says whether seat ``s`` is in the
    seat mask ``mask`` (a table read in the encoder's inner loop, for speed).
    """

    players: int
    hand: int
    kinds: int
    values: tuple[int, ...]
    copies: tuple[int, ...]
    names: tuple[str, ...]
    keys: dict[tuple[Action, tuple[int, ...], bool], int]
    size: int
    at: dict[str, int]
    deck_size: int
    score_cap: int
    round_cap: int
    turn_cap: int
    knows: tuple[tuple[bool, ...], ...]


def _action_names(config: Config) -> tuple[tuple[Action, tuple[int, ...], bool], ...]:
    hand = range(config.hand_size)
    keys: list[tuple[Action, tuple[int, ...], bool]] = [
        (Action.DRAW_PILE, (), False),
        (Action.DRAW_DISCARD, (), False),
    ]
    keys += [(Action.SWAP, (p,), False) for p in hand]
    keys += [(Action.SWAP, (p,), True) for p in hand]
    keys += [(Action.DISCARD, (), False), (Action.DISCARD, (), True)]
    if config.peek_count:
        keys += [
            (Action.PEEK, combo, False) for combo in itertools.combinations(hand, config.peek_count)
        ]
    return tuple(keys)


def _name(action: Action, args: tuple[int, ...], shout: bool) -> str:
    return " ".join([action.value, *map(str, args), *(["shout"] if shout else [])])


#: What one entry of each observation slice means; "seat-relative": block ``r`` is the
#: seat ``r`` places after the observer (block 0 is the observer).
SLICE_DOCS = {
    "phase": "one-hot: deal, flip, peek, draw, draw_card, decide, over",
    "round": "one-hot: the round being played (0-based)",
    "dealer": "one-hot, seat-relative: the round's dealer",
    "turn": "one-hot, seat-relative: whose turn it is (while dealing: who gets the next card)",
    "to_act": "seat-relative: the seats that may act now",
    "peeked": "seat-relative: the seats that have looked at their cards this round",
    "hands": "seat-relative seat, then hand position, then kinds + 1 entries: entry 0 for a"
    " card the observer does not know, entry 1 + k for a known card of kind k (ascending"
    " zombies); all zero where no card lies yet",
    "owner_knows": "seat-relative seat, then position: the owner has seen the card there",
    "held": "the card drawn this turn: entry 0 if the observer cannot see it, 1 + k for kind k",
    "held_public": "the card held was taken face up from the Discard Pile",
    "draw_pile": "cards in the Draw Pile over the deck's size",
    "reshuffled": "per kind: copies reshuffled into the Draw Pile this round over its copies",
    "discard": "per kind: copies in the Discard Pile over the kind's copies",
    "discard_top": "one-hot: the kind of the Discard Pile's top card",
    "turns": "turns taken this round over the turn limit",
    "scores": "seat-relative: game score so far over the highest possible game score",
    "last_round": "seat-relative: the last finished round's scores over the highest round score",
}


def _slices(config: Config) -> tuple[tuple[str, int, str, float, float], ...]:
    n, hand = config.players, config.hand_size
    kinds = len(config.deck)
    widths = {
        "phase": len(PHASES),
        "round": config.rounds,
        "dealer": n,
        "turn": n,
        "to_act": n,
        "peeked": n,
        "hands": n * hand * (kinds + 1),
        "owner_knows": n * hand,
        "held": kinds + 1,
        "held_public": 1,
        "draw_pile": 1,
        "reshuffled": kinds,
        "discard": kinds,
        "discard_top": kinds,
        "turns": 1,
        "scores": n,
        "last_round": n,
    }
    return tuple((name, widths[name], doc, 0.0, 1.0) for name, doc in SLICE_DOCS.items())


@functools.lru_cache(maxsize=64)
def _layout_of(config: Config) -> Layout:
    if config.turn_limit is None:
        raise InvalidConfig(
            "turn_limit",
            "learning needs every game to end: set a turn limit (the default is 100), not None",
        )
    if config.specials:
        # A special card can count below zero and its kinds are not in ``config.deck``,
        # which this layout's score scales and widths are built from.
        raise InvalidConfig(
            "specials",
            "learning encodes numbered cards only: play special cards without it,"
            f" or drop the {len(config.specials)} special card kind(s)",
        )
    t = tables(config)
    keys = _action_names(config)
    rows = _slices(config)
    at: dict[str, int] = {}
    size = 0
    for name, width, *_ in rows:
        at[name] = size
        size += width
    round_cap = 2 * config.hand_size * max(max(t.values), 1)
    return Layout(
        players=config.players,
        hand=config.hand_size,
        kinds=len(t.values),
        values=t.values,
        copies=t.copies,
        names=tuple(_name(*key) for key in keys),
        keys={key: i for i, key in enumerate(keys)},
        size=size,
        at=at,
        deck_size=sum(t.copies),
        score_cap=config.rounds * round_cap,
        round_cap=round_cap,
        turn_cap=config.turn_limit,
        knows=tuple(
            tuple(has_seat(mask, s) for mask in range(every_seat(config.players) + 1))
            for s in range(config.players)
        ),
    )


layout = remember_last(_layout_of)


# ------------------------------------------------------------------- actions


def action_index(state: State, move: Move) -> int:
    """The index of ``move`` (any seat's); :class:`IllegalMove` for a chance move or a bad one."""
    found = layout(state.config).keys.get((move.action, move.args, move.shout))
    if found is None:
        raise IllegalMove(
            f"{move}: no action stands for it; actions are {', '.join(layout(state.config).names)}"
        )
    return found


def chance_index(state: State, move: Move) -> int:
    """The card kind a chance move draws (ascending zombies)."""
    if move.seat != CHANCE or move.action is not Action.CARD or len(move.args) != 1:
        raise IllegalMove(f"{move}: not a chance outcome; chance outcomes are 'card N'")
    found = tables(state.config).index.get(move.args[0])
    if found is None:
        raise IllegalMove(f"{move}: no such card kind in this deck")
    return found


def chance_outcome(state: State, i: int) -> Move:
    """The chance move drawing a card of kind ``i``, if one may come off the pile now."""
    moves, _ = chance_weights(state)
    values = tables(state.config).values
    for move in moves:
        if type(i) is int and 0 <= i < len(values) and move.args[0] == values[i]:
            return move
    possible = ", ".join(str(tables(state.config).index[m.args[0]]) for m in moves)
    raise IllegalMove(f"chance outcome {i!r} is not possible now; possible: {possible or 'none'}")


# -------------------------------------------------------------- observation


@functools.lru_cache(maxsize=8192)
def _kind_counts(pile: tuple[int, ...], config: Config) -> tuple[float, ...]:
    """Copies per kind in a face-up pile, over each kind's copies (cached: piles repeat)."""
    t = tables(config)
    counts = [0] * len(t.values)
    for card in pile:
        counts[t.index[card]] += 1
    return tuple(c / n for c, n in zip(counts, t.copies, strict=True))


def nonzero(state: State, seat: int) -> tuple[list[int], list[float]]:
    """The non-zero entries of ``seat``'s observation: a function of ``view(state, seat)``.

    Written out over two lists (slice offsets from the config's :class:`Layout`):
    the PettingZoo environment encodes at every step, and about one entry in ten is
    set, so the environment fills an array of zeros at these positions.
    """
    lay = layout(state.config)
    at = lay.at
    n, kinds = lay.players, lay.kinds
    index = tables(state.config).index
    phase = state.phase
    where = [
        at["phase"] + _PHASE_AT[id(phase)],
        at["round"] + state.round,
        at["dealer"] + (state.dealer - seat) % n,
        at["turn"] + (state.turn - seat) % n,
    ]
    if phase is Phase.DRAW or phase is Phase.DECIDE:
        where.append(at["to_act"] + (state.turn - seat) % n)
    peeked = state.peeked
    looked_at, acting_at = at["peeked"], at["to_act"]
    hands_at, knows_at = at["hands"], at["owner_knows"]
    width = kinds + 1
    room = lay.hand * width
    mine = lay.knows[seat]
    for t in range(n):
        r = (t - seat) % n
        theirs = lay.knows[t]
        if theirs[peeked]:
            where.append(looked_at + r)
        elif phase is Phase.PEEK:
            where.append(acting_at + r)
        block = hands_at + r * room
        knows = knows_at + r * lay.hand
        for p, (card, seen) in enumerate(zip(state.hands[t], state.seen[t], strict=True)):
            where.append(block + p * width + (1 + index[card] if mine[seen] else 0))
            if theirs[seen]:
                where.append(knows + p)
    held = state.held
    if held is not None:
        public = state.held_public
        where.append(at["held"] + (1 + index[held] if public or seat == state.turn else 0))
        if public:
            where.append(at["held_public"])
    discard = state.discard_pile
    if discard:
        where.append(at["discard_top"] + index[discard[-1]])
    values = [1.0] * len(where)
    size = sum(state.draw_pile)
    if size:
        where.append(at["draw_pile"])
        values.append(size / lay.deck_size)
    if state.reshuffles:
        start = at["reshuffled"]
        for k, (c, copies) in enumerate(zip(state.reshuffles[-1].counts, lay.copies, strict=True)):
            if c:
                where.append(start + k)
                values.append(c / copies)
    if discard:
        start = at["discard"]
        for k, x in enumerate(_kind_counts(discard, state.config)):
            if x:
                where.append(start + k)
                values.append(x)
    if state.turns_taken:
        where.append(at["turns"])
        values.append(min(state.turns_taken / lay.turn_cap, 1.0))
    scores = at["scores"]
    for t, score in enumerate(state.scores):
        if score:
            where.append(scores + (t - seat) % n)
            values.append(score / lay.score_cap)
    if state.history:
        last = at["last_round"]
        for t, score in enumerate(state.history[-1].scores):
            if score:
                where.append(last + (t - seat) % n)
                values.append(score / lay.round_cap)
    return where, values


class _Pack:
    """``packed(state, seat)``: :func:`nonzero`'s observation as ``float32`` bytes, by blocks.

    The PettingZoo environment encodes at every step, and a step changes a card or two
    of what a seat sees. So each run of slices is made once as bytes and kept by the part
    of the state it reads (:class:`~zombie_rules.core.learning.Packed`): ``phase`` to
    ``peeked`` by the seat and the fields they read, each hand position by its card,
    ``owner_knows`` by who has seen what, the piles by their contents, the
    scores by the seat and the scores. The observation is then one join of some fifteen
    blocks, where :func:`nonzero` costs a Python step per entry and two conversions in
    the adapter. Each block is made by the formulas of :func:`nonzero`, and
    ``check_learning`` and ``tests/test_learning_packed_blocks.py`` compare the two.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        lay = self.lay = layout(config)
        self.index = tables(config).index
        self.no_cards = Packed.zeros(lay.kinds)
        self.no_held = Packed.zeros(lay.kinds + 2)  # held, then held_public
        #: Bytes by what they are made from, one table per kind of block.
        self.tables: dict[str, dict[Any, bytes]] = {
            name: {} for name in ("head", "knows", "held", "floats", "piles", "scores")
        }
        #: One hand position's block: the card (kind 1 + k) if the observer knows it, else
        #: entry 0 (``unseen``); ``gaps[c]`` is the room after a hand of ``c`` cards. A
        #: seat looks at the table every few steps and finds hands changed, so the blocks
        #: are joined per position rather than kept per hand.
        rows = Packed.one_hots(lay.kinds + 1)
        self.shown = {card: rows[1 + k] for card, k in self.index.items()}
        self.unseen = rows[0]
        self.gaps = tuple(
            Packed.zeros((lay.hand - c) * (lay.kinds + 1)) for c in range(lay.hand + 1)
        )

    def __call__(self, state: State, seat: int) -> bytes:
        lay, tables, new = self.lay, self.tables, self._new
        n = lay.players
        # The phase by its number: an Enum hashes through a Python call.
        key: Any = (
            seat, _PHASE_AT[id(state.phase)], state.round, state.dealer, state.turn, state.peeked
        )  # fmt: skip
        parts = [tables["head"].get(key) or new("head", key, self._head)]
        hands, seen, mine = state.hands, state.seen, lay.knows[seat]
        shown, unseen, gaps = self.shown, self.unseen, self.gaps
        for t in (*range(seat, n), *range(seat)):  # seat-relative: the observer first
            cards = hands[t]
            parts += [
                shown[card] if mine[mask] else unseen
                for card, mask in zip(cards, seen[t], strict=True)
            ]
            parts.append(gaps[len(cards)])
        key = (seat, seen)
        parts.append(tables["knows"].get(key) or new("knows", key, self._knows))
        held = state.held
        if held is None:
            parts.append(self.no_held)
        else:
            public = state.held_public
            key = (held, public or seat == state.turn, public)
            parts.append(tables["held"].get(key) or new("held", key, self._held))
        floats = tables["floats"]
        size = sum(state.draw_pile) / lay.deck_size
        parts.append(floats.get(size) or new("floats", size, _float))
        key = (state.reshuffles[-1].counts if state.reshuffles else None, state.discard_pile)
        parts.append(tables["piles"].get(key) or new("piles", key, self._piles))
        turns = min(state.turns_taken / lay.turn_cap, 1.0)
        parts.append(floats.get(turns) or new("floats", turns, _float))
        key = (seat, state.scores, state.history[-1].scores if state.history else None)
        parts.append(tables["scores"].get(key) or new("scores", key, self._scores))
        return b"".join(parts)

    def _new(self, name: str, key: Any, make: Callable[[Any], bytes]) -> bytes:
        """The bytes ``make(key)``, kept in table ``name``."""
        return Packed.kept(self.tables[name], key, lambda: make(key))

    def _head(self, key: tuple[int, int, int, int, int, int]) -> bytes:
        """``phase``, ``round``, ``dealer``, ``turn``, ``to_act``, ``peeked``."""
        seat, number, round_, dealer, turn, peeked = key
        phase = PHASES[number]
        lay = self.lay
        n, at = lay.players, lay.at
        row = [0.0] * at["hands"]
        row[at["phase"] + number] = 1.0
        row[at["round"] + round_] = 1.0
        row[at["dealer"] + (dealer - seat) % n] = 1.0
        row[at["turn"] + (turn - seat) % n] = 1.0
        if phase is Phase.DRAW or phase is Phase.DECIDE:
            row[at["to_act"] + (turn - seat) % n] = 1.0
        for t in range(n):
            r = (t - seat) % n
            if lay.knows[t][peeked]:
                row[at["peeked"] + r] = 1.0
            elif phase is Phase.PEEK:
                row[at["to_act"] + r] = 1.0
        return Packed.floats(row)

    def _knows(self, key: tuple[int, tuple[tuple[int, ...], ...]]) -> bytes:
        """``owner_knows``: per seat (seat-relative) and position, the owner saw the card."""
        seat, seen = key
        lay = self.lay
        n, hand = lay.players, lay.hand
        row = [0.0] * (n * hand)
        for t, masks in enumerate(seen):
            base = ((t - seat) % n) * hand
            for p, mask in enumerate(masks):
                if lay.knows[t][mask]:
                    row[base + p] = 1.0
        return Packed.floats(row)

    def _held(self, key: tuple[int, bool, bool]) -> bytes:
        """``held`` (the card if the observer sees it, else entry 0) and ``held_public``."""
        held, visible, public = key
        row = [0.0] * (self.lay.kinds + 2)
        row[1 + self.index[held] if visible else 0] = 1.0
        row[-1] = float(public)
        return Packed.floats(row)

    def _piles(self, key: tuple[tuple[int, ...] | None, tuple[int, ...]]) -> bytes:
        """``reshuffled``, ``discard`` and ``discard_top``."""
        counts, discard = key
        lay = self.lay
        row = [0.0] * (3 * lay.kinds)
        if counts is not None:
            row[: lay.kinds] = [c / copies for c, copies in zip(counts, lay.copies, strict=True)]
        if discard:
            row[lay.kinds : 2 * lay.kinds] = _kind_counts(discard, self.config)
            row[2 * lay.kinds + self.index[discard[-1]]] = 1.0
        return Packed.floats(row)

    def _scores(self, key: tuple[int, tuple[int, ...], tuple[int, ...] | None]) -> bytes:
        """``scores`` and ``last_round``, seat-relative, over their caps."""
        seat, scores, last = key
        lay = self.lay
        n = lay.players
        row = [0.0] * (2 * n)
        for t, score in enumerate(scores):
            row[(t - seat) % n] = score / lay.score_cap
        for t, score in enumerate(last or ()):
            row[n + (t - seat) % n] = score / lay.round_cap
        return Packed.floats(row)


def _float(x: float) -> bytes:
    """One entry."""
    return Packed.floats((x,))


# ----------------------------------------------------------------- recall


def _told_size(config: Config) -> int:
    lay = layout(config)
    return lay.kinds + 1 + lay.players * len(lay.names)


def told(before: State, move: Move, after: State, seat: int) -> tuple[int, ...]:
    """What the step ``before --move--> after`` tells ``seat``, as tokens.

    Tokens ``0 .. kinds - 1`` are cards of those kinds, ``kinds`` a card the seat does
    not see; then ``kinds + 1 + r * actions + i`` is action ``i`` by the seat ``r``
    places after this one. Chance: the card, if it comes face up or to this seat's
    hand of held cards. A move: the move, then the cards it shows this seat (its own
    look at its cards; the card thrown out; every hand when a round ends).
    """
    config = before.config
    lay = layout(config)
    index = tables(config).index
    hidden = lay.kinds
    phase = before.phase
    if move.seat == CHANCE:
        card = index[move.args[0]]
        if phase is Phase.FLIP or (phase is Phase.DRAW_CARD and seat == before.turn):
            return (card,)
        return (hidden,)
    actor = (move.seat - seat) % lay.players
    tokens = [hidden + 1 + actor * len(lay.names) + action_index(before, move)]
    if phase is Phase.PEEK and move.seat == seat:
        hand = before.hands[seat]
        tokens += [index[hand[p]] for p in move.args]
    elif phase is Phase.DECIDE:
        assert before.held is not None
        thrown = before.hands[move.seat][move.args[0]] if move.args else before.held
        tokens.append(index[thrown])
        if after.round != before.round or after.phase is Phase.OVER:
            shown = after.history[-1].hands
            for r in range(lay.players):
                tokens += [index[card] for card in shown[(seat + r) % lay.players]]
    return tuple(tokens)


def _max_told(config: Config) -> int:
    """Per round: n * hand deals, the flip, n looks and the seat's own cards looked at,
    four tokens a turn (draw, the drawn card, the decision, the card thrown out) and
    every hand at the end."""
    n, hand, limit = config.players, config.hand_size, layout(config).turn_cap
    looks = n + config.peek_count if config.peek_count else 0
    return config.rounds * (2 * n * hand + 1 + looks + 4 * limit)


# ------------------------------------------------------------------ bounds


def bounds(config: Config) -> Bounds:
    """Limits derived from the config.

    A round deals ``players * hand_size`` cards and turns one up (chance), lets every
    seat look once when ``peek_count`` is positive, then runs at most ``turn_limit``
    turns of a draw and a decision (two moves), each draw from the Draw Pile one more
    chance node. A seat's most choices at once: the ``2 * hand_size + 2`` decisions
    (swap or discard, shouting or not) or the ways to pick the cards to look at.
    """
    n, hand, limit = config.players, config.hand_size, layout(config).turn_cap
    looks = n if config.peek_count else 0
    peeks = math.comb(hand, config.peek_count) if config.peek_count else 0
    return Bounds(
        max_decisions=config.rounds * (looks + 2 * limit),
        max_chance_nodes=config.rounds * (n * hand + 1 + limit),
        max_legal_moves=max(2, 2 * hand + 2, peeks),
        max_chance_outcomes=len(config.deck),
    )


# ------------------------------------------------------------------ bundle


@functools.lru_cache(maxsize=64)
def _learning(config: Config) -> Learning:
    lay = layout(config)
    values = tables(config).values
    return Learning(
        actions=actions_from_legal_moves(
            len(lay.names), lay.names, action_index, legal_moves, shared=True
        ),
        chance=ChanceSpace(
            len(values), tuple(f"card {v}" for v in values), chance_index, chance_outcome
        ),
        observation=sparse_encoding(lay.size, sliced(_slices(config)), nonzero, _Pack(config)),
        recall=Recall(_told_size(config), _max_told(config), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds(config),
    )


_remembered = remember_last(_learning)


def learning(config: Config) -> Learning:
    """Everything above for ``config``, built once per config (the last one asked by identity).

    A plain function of the module, so a ``Game`` holding it pickles.

    Raises :class:`InvalidConfig` for ``turn_limit=None``, whose games may never end.
    """
    return _remembered(config)


def encode(state: State, seat: int) -> tuple[float, ...]:
    """``seat``'s observation as a flat tuple (the dense form of :func:`nonzero`)."""
    return learning(state.config).observation.encode(state, seat)


__all__ = ["action_index", "bounds", "encode", "learning", "nonzero", "told"]
