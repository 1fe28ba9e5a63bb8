"""Texas Zombies for reinforcement learning: action and chance spaces, encodings, returns, bounds.

The actions are the same for every seat: ``tell`` with the Objects at each non-empty
set of hand positions (a hand is kept sorted, so position ``p`` is the ``p``-th lowest
Object number the seat holds: ``tell at 0 2`` ...), ``speechless``, ``vote yes`` and
``vote no``. A hand of ``h`` Objects (``Config.hand_size``) has ``2**h - 1`` position
sets, so the rulebook's hand of three gives ten actions and a hand of four eighteen
(:func:`tells`). Numbering a tell by hand positions keeps the space small and reads
only the seat's own hand. Chance outcomes: each back number (1 to ``h``), Event,
Object, then the team with the extra member (``split``) and each Team card.

The observation is seat-relative (block ``r`` of a per-seat slice is the seat ``r``
places after the observer) and reads only the view: the seat's hand and Team card,
the pile sizes, the back showing, the Event and the Objects on the table, who has
voted and how this seat did, every finished turn's votes as counts of who voted Yes
or No on whose story (the table's best clue to the secret teams), the teams once
turned up. The team sizes show once they are public: always for equal teams, at an
unequal split (an odd table, or ``team_sizes``) only with ``split_public`` or at the
end. See :func:`learning`.

A story's free text rides on a tell without meaning to the rules; the encodings and
tokens leave it out, and the adapters never attach one.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Callable
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    ActionSpace,
    Bounds,
    ChanceSpace,
    Learning,
    Packed,
    Recall,
    SharedWin,
    not_legal,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.texas_zombies.cards import HAND_SIZE, TEAMS
from zombie_rules.texas_zombies.config import Config, LastStory, tables
from zombie_rules.texas_zombies.rules import chance_weights, result
from zombie_rules.texas_zombies.state import TEAM_WORDS, Action, Move, Phase, State, TurnRecord
from zombie_rules.texas_zombies.views import _team_sizes


@attrs.frozen
class Tells:
    """The action numbering of one hand size ``h``: the tells by hand positions, then the rest.

    ``positions[i]`` are the hand positions action ``i`` tells with: every non-empty
    set of ``range(h)``, smaller sets first, each size in ``itertools.combinations``
    order; then ``speechless``, ``vote_yes`` and ``vote_no``; ``names`` say each.
    """

    hand_size: int
    positions: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    at: dict[tuple[int, ...], int]

    @property
    def speechless(self) -> int:
        return len(self.positions)

    @property
    def vote_yes(self) -> int:
        return len(self.positions) + 1

    @property
    def vote_no(self) -> int:
        return len(self.positions) + 2

    @property
    def size(self) -> int:
        return len(self.positions) + 3


@functools.cache
def tells(hand_size: int) -> Tells:
    """The :class:`Tells` of a hand of ``hand_size`` Objects (built once per size)."""
    positions = tuple(
        combo
        for r in range(1, hand_size + 1)
        for combo in itertools.combinations(range(hand_size), r)
    )
    names = (
        *("tell at " + " ".join(map(str, p)) for p in positions),
        "speechless",
        "vote yes",
        "vote no",
    )
    return Tells(hand_size, positions, names, {p: i for i, p in enumerate(positions)})


_RULEBOOK = tells(HAND_SIZE)
#: The hand positions a tell may use in the rulebook's game (hand of 3), in action order.
TELL_POSITIONS: tuple[tuple[int, ...], ...] = _RULEBOOK.positions
SPEECHLESS = _RULEBOOK.speechless
VOTE_YES = _RULEBOOK.vote_yes
VOTE_NO = _RULEBOOK.vote_no
#: The action names of the rulebook's game; ``tells(config.hand_size).names`` for others.
ACTION_NAMES: tuple[str, ...] = _RULEBOOK.names
_TEAM_AT = {team: i for i, team in enumerate(TEAMS)}
PHASES = tuple(Phase)
# Enum members as module globals: ``Phase.TELL`` goes through the enum's class machinery,
# and the encoder reads several at every step.
_IN_TELL, _IN_VOTE, _IN_OVER = Phase.TELL, Phase.VOTE, Phase.OVER
_FIRST_TEAM = TEAMS[0]


def _team_at(team: object) -> int:
    """A team's index, by identity (an Enum's hash is a Python call)."""
    return 0 if team is _FIRST_TEAM else 1


#: What one entry of each observation slice means ("seat-relative": block ``r`` is the
#: seat ``r`` places after the observer, block 0 the observer).
SLICE_DOCS = {
    "phase": "one-hot: top_back, deal_object, split, deal_team, draw_event, next_back,"
    " tell, vote, draw_object, over",
    "turn": "one-hot, seat-relative: the active seat (while dealing: who gets the next card)",
    "to_act": "seat-relative: the seats that may act now",
    "hand": "per Object: in the observer's hand",
    "team": "one-hot: the observer's Team card (Beta Lambda, Darwin & Dragons)",
    "teams": "seat-relative seat, then team: that seat's team, once the observer knows it",
    "team_sizes": "per team: members over players, when public (0 while secret)",
    "hand_sizes": "seat-relative: Objects in hand over the hand size",
    "event_pile": "Events left in the pile over the pile's first size",
    "top_back": "one-hot: the back of the Event pile's top card (1 to the hand size)",
    "current_event": "one-hot: the Event drawn this turn",
    "required": "one-hot: how many Objects the story must use (1 to the hand size)",
    "object_pile": "Objects in the draw pile over all Objects",
    "object_discard": "per Object: in the face-up Object discard pile",
    "told": "per Object: laid down for the story being voted on",
    "voted": "seat-relative: the seats whose secret vote is in",
    "my_vote": "one-hot: the observer's own vote this turn (yes, no)",
    "events_won": "seat-relative: Events won over the pile's first size",
    "events_out": "per Event: drawn so far (won, discarded or being played)",
    "votes_yes": "seat-relative voter, then seat-relative teller: Yes votes given over"
    " Events per player",
    "votes_no": "seat-relative voter, then seat-relative teller: No votes given over"
    " Events per player",
    "team_totals": "per team: the final total over twice the pile's first size (at the end)",
}


@attrs.frozen
class Layout:
    """Where each slice of a config's observation starts (``at``), and the sizes behind them."""

    players: int
    objects: int
    events: int
    pile: int
    per_player: int
    size: int
    at: dict[str, int]
    hand: int = HAND_SIZE
    #: Members per team when the split is public from the start (equal teams), else None.
    even: tuple[int, int] | None = None


def _widths(config: Config) -> dict[str, int]:
    n, objects, events = config.players, len(config.objects), len(config.events)
    return {
        "phase": len(PHASES),
        "turn": n,
        "to_act": n,
        "hand": objects,
        "team": len(TEAMS),
        "teams": n * len(TEAMS),
        "team_sizes": len(TEAMS),
        "hand_sizes": n,
        "event_pile": 1,
        "top_back": config.hand_size,
        "current_event": events,
        "required": config.hand_size,
        "object_pile": 1,
        "object_discard": objects,
        "told": objects,
        "voted": n,
        "my_vote": 2,
        "events_won": n,
        "events_out": events,
        "votes_yes": n * n,
        "votes_no": n * n,
        "team_totals": len(TEAMS),
    }


def _slices(config: Config) -> tuple[tuple[str, int, str, float, float], ...]:
    widths = _widths(config)
    return tuple((name, widths[name], doc, 0.0, 1.0) for name, doc in SLICE_DOCS.items())


@functools.lru_cache(maxsize=64)
def _layout_of(config: Config) -> Layout:
    at: dict[str, int] = {}
    size = 0
    for name, width in _widths(config).items():
        at[name] = size
        size += width
    return Layout(
        players=config.players,
        objects=len(config.objects),
        events=len(config.events),
        pile=tables(config).pile_size,
        per_player=config.events_per_player,
        size=size,
        at=at,
        hand=config.hand_size,
        even=tables(config).team_sizes if tables(config).equal_teams else None,
    )


layout = remember_last(_layout_of)


# ------------------------------------------------------------------- actions


def action_index(state: State, move: Move) -> int:
    """The index of ``move``; a tell is numbered by where its Objects lie in the teller's hand.

    The story text is ignored (it is not part of the rules' move). Raises
    :class:`IllegalMove` for a chance move or a tell of Objects not all in the hand.
    """
    action = move.action
    numbering = tells(state.config.hand_size)
    if action is Action.VOTE and move.args in ((1,), (0,)):
        return numbering.vote_yes if move.args == (1,) else numbering.vote_no
    if action is Action.SPEECHLESS and not move.args:
        return numbering.speechless
    if action is Action.TELL and 0 <= move.seat < state.config.players:
        hand = state.hands[move.seat]
        if all(o in hand for o in move.args):
            found = numbering.at.get(tuple(hand.index(o) for o in move.args))
            if found is not None:
                return found
    shown = ", ".join(numbering.names[: min(8, numbering.size)])
    more = f" ... ({numbering.size} in all)" if numbering.size > 8 else ""
    raise IllegalMove(
        f"{move}: no action stands for it here; actions are {shown}{more},"
        " a tell naming Objects in the teller's hand"
    )


@functools.cache
def _tell_indices(hand_size: int, cards: int, required: int) -> tuple[int, ...]:
    """The tells of ``required`` Objects from a hand of ``cards``, then speechless."""
    numbering = tells(hand_size)
    fits = [i for i, p in enumerate(numbering.positions) if len(p) == required]
    found = [i for i in fits if numbering.positions[i][-1] < cards]
    return (*found, numbering.speechless)


@functools.cache
def _votes(hand_size: int) -> tuple[int, int]:
    numbering = tells(hand_size)
    return numbering.vote_yes, numbering.vote_no


def legal_indices(state: State, seat: int) -> tuple[int, ...]:
    """``seat``'s legal actions, read from the phase and its own hand without building moves.

    The same as the legal moves' indices (``check_learning`` compares them at every
    state); the environments ask at every step.
    """
    phase = state.phase
    if phase is Phase.TELL:
        if seat != state.turn:
            return ()
        return _tell_indices(state.config.hand_size, len(state.hands[seat]), state.required)
    if phase is Phase.VOTE:
        if seat == state.turn or not 0 <= seat < len(state.votes):
            return ()
        return _votes(state.config.hand_size) if state.votes[seat] is None else ()
    return ()


def move_at(state: State, seat: int, i: int) -> Move:
    """``seat``'s move number ``i``, made from the hand it names without listing every move.

    Refused with :class:`IllegalMove` naming the legal actions unless ``i`` is among
    :func:`legal_indices` (``check_learning`` checks that the two agree with the rules'
    legal moves); the environments ask at every step.
    """
    legal = legal_indices(state, seat)
    if type(i) is int and i in legal:
        numbering = tells(state.config.hand_size)
        if i < numbering.speechless:
            hand = state.hands[seat]
            return Move(seat, Action.TELL, tuple([hand[p] for p in numbering.positions[i]]))
        if i == numbering.speechless:
            return Move(seat, Action.SPEECHLESS)
        return Move(seat, Action.VOTE, (1,) if i == numbering.vote_yes else (0,))
    raise IllegalMove(not_legal(i, seat, legal, tells(state.config.hand_size).names))


def _chance_names(config: Config) -> tuple[str, ...]:
    return (
        *(f"back {b}" for b in range(1, config.hand_size + 1)),
        *(f"event {e}" for e in range(len(config.events))),
        *(f"object {o}" for o in range(len(config.objects))),
        *(f"split {word}" for word in TEAM_WORDS),
        *(f"team {word}" for word in TEAM_WORDS),
    )


def _chance_offsets(config: Config) -> dict[Action, int]:
    events, objects, backs = len(config.events), len(config.objects), config.hand_size
    return {
        Action.BACK: -1,  # backs are 1 to hand_size
        Action.EVENT: backs,
        Action.OBJECT: backs + events,
        Action.SPLIT: backs + events + objects,
        Action.TEAM: backs + events + objects + len(TEAMS),
    }


_OFFSETS = remember_last(functools.lru_cache(maxsize=64)(_chance_offsets))


def chance_index(state: State, move: Move) -> int:
    """The number of a chance outcome: backs, then Events, Objects, splits and Team cards."""
    offset = _OFFSETS(state.config).get(move.action)
    if move.seat != CHANCE or offset is None or len(move.args) != 1:
        raise IllegalMove(f"{move}: not a chance outcome")
    return offset + move.args[0]


def chance_outcome(state: State, i: int) -> Move:
    """The chance move numbered ``i``, if it has positive weight now."""
    moves, _ = chance_weights(state)
    for move in moves:
        if chance_index(state, move) == i:
            return move
    possible = ", ".join(str(chance_index(state, m)) for m in moves)
    raise IllegalMove(f"chance outcome {i!r} is not possible now; possible: {possible or 'none'}")


# -------------------------------------------------------------- observation


def nonzero(state: State, seat: int) -> tuple[list[int], list[float]]:
    """The non-zero entries of ``seat``'s observation: a function of ``view(state, seat)``.

    The entries every seat sees alike (:func:`_public_entries`) are kept for the state
    asked about last, since the PettingZoo environment encodes at every step and a vote
    changes none of them; the seat-relative ones are added per seat. Entries that are 1
    are gathered apart from the scaled ones.
    """
    config = state.config
    lay = layout(config)
    at = lay.at
    n = lay.players
    phase = state.phase
    turn = state.turn
    public = _public_entries(state, lay)
    ones = [*public[0], at["turn"] + (turn - seat) % n]
    if phase is _IN_TELL:
        ones.append(at["to_act"] + (turn - seat) % n)
    elif phase is _IN_VOTE:
        acting, voted = at["to_act"], at["voted"]
        for s, vote in enumerate(state.votes):
            if vote is None:
                if s != turn:
                    ones.append(acting + (s - seat) % n)
            else:
                ones.append(voted + (s - seat) % n)
                if s == seat:
                    ones.append(at["my_vote"] + (0 if vote else 1))
    ones += _positions(state.hands[seat], at["hand"])
    over = phase is _IN_OVER
    team = state.teams[seat]
    if team is not None:
        ones.append(at["team"] + _team_at(team))
        if not over:
            ones.append(at["teams"] + _team_at(team))  # block 0: the observer
    if over:
        for s, other in enumerate(state.teams):
            if other is not None:
                ones.append(at["teams"] + ((s - seat) % n) * len(TEAMS) + _team_at(other))
    hands = _seat_values(at["hand_sizes"], seat, tuple(map(len, state.hands)), lay.hand)
    won = _seat_values(at["events_won"], seat, tuple(map(len, state.won)), lay.pile)
    where = [*public[1], *hands[0], *won[0]]
    values = [*public[2], *hands[1], *won[1]]
    counts_where, counts_values = _vote_counts(state.history, seat, n, lay.per_player)
    if counts_where:
        start = at["votes_yes"]
        where += [start + k for k in counts_where]
        values += counts_values
    return ones + where, [1.0] * len(ones) + values


#: The positions of the 1s, then the positions and the values of the scaled entries.
_Entries = tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]


def _public_entries(state: State, lay: Layout) -> _Entries:
    """The entries that are the same for every seat, kept for the state fields asked last.

    The phase, the piles, the back showing, the Event, the Objects required and told,
    the Events out, the team sizes when public, the teams' totals at the end. The
    fields they come from are compared as one tuple (equal fields give equal entries;
    the same objects compare at once).
    """
    key = (
        state.config, state.phase, state.events_left, state.top_back, state.current_event,
        state.required, state.object_pile, state.object_discard, state.told, state.won,
        state.event_discard, state.team_deck, state.teams,
    )  # fmt: skip
    kept = _last_public[0]  # one read: another thread may replace it meanwhile
    if kept is not None and kept[0] == key:
        return kept[1]
    at = lay.at
    phase = state.phase
    ones = [at["phase"] + phase.value]
    where: list[int] = []
    values: list[float] = []
    sizes = lay.even or _team_sizes(state)
    if sizes is not None:
        for i, members in enumerate(sizes):
            if members:
                where.append(at["team_sizes"] + i)
                values.append(members / lay.players)
    if state.events_left:
        where.append(at["event_pile"])
        values.append(state.events_left / lay.pile)
    if state.top_back is not None:
        ones.append(at["top_back"] + state.top_back - 1)
    if state.current_event is not None:
        ones.append(at["current_event"] + state.current_event)
        ones.append(at["events_out"] + state.current_event)
    if state.required:
        ones.append(at["required"] + state.required - 1)
    pile = sum(state.object_pile)
    if pile:
        where.append(at["object_pile"])
        values.append(pile / lay.objects)
    ones += _positions(state.object_discard, at["object_discard"])
    ones += _positions(state.told, at["told"])
    ones += _events_out(state.won, state.event_discard, at["events_out"])
    if phase is Phase.OVER:
        final = result(state)
        assert final is not None
        totals = [0, 0]
        for s, score in enumerate(final.scores):
            other = state.teams[s]
            assert other is not None
            totals[_TEAM_AT[other]] = score
        for i, total in enumerate(totals):
            if total:
                where.append(at["team_totals"] + i)
                values.append(total / (2 * lay.pile))
    found = (tuple(ones), tuple(where), tuple(values))
    _last_public[0] = (key, found)
    return found


#: The fields :func:`_public_entries` answered for last and the answer, as one pair.
_last_public: list[tuple[tuple[object, ...], _Entries] | None] = [None]


@functools.lru_cache(maxsize=8192)
def _seat_values(
    base: int, seat: int, counts: tuple[int, ...], scale: int
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Seat-relative entries ``count / scale`` of each seat's non-zero count (cached: a
    table's hand sizes and Events won take few shapes)."""
    n = len(counts)
    kept = [(base + (s - seat) % n, c / scale) for s, c in enumerate(counts) if c]
    return tuple(k for k, _ in kept), tuple(x for _, x in kept)


@functools.lru_cache(maxsize=8192)
def _positions(cards: tuple[int, ...], base: int) -> tuple[int, ...]:
    """``base`` plus each card number (cached: a hand or face-up pile lasts a turn or more)."""
    return tuple(base + card for card in cards)


def _events_out(
    won: tuple[tuple[int, ...], ...], discard: tuple[int, ...], base: int
) -> tuple[int, ...]:
    """Positions of the Events won or discarded.

    Both piles stay the same objects from one turn's end to the next, so the answer
    for the piles asked about last is kept and found by identity.
    """
    memo = _last_events
    if memo and memo[0] is won and memo[1] is discard and memo[2] == base:
        known: tuple[int, ...] = memo[3]
        return known
    found = tuple(base + e for events in (*won, discard) for e in events)
    memo[:] = [won, discard, base, found]
    return found


#: The piles :func:`_events_out` answered for last, and the answer.
_last_events: list[Any] = []


def _vote_counts(
    history: tuple[TurnRecord, ...], seat: int, n: int, per_player: int
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Positions past ``votes_yes`` and values of the vote-count slices, seat-relative.

    ``votes_no`` follows ``votes_yes`` directly, so a No vote lands ``n * n`` further on.
    A history stays the same object from one turn's end to the next and grows by one
    record, so the counts (by absolute seats) are kept for the history asked about
    last, extended by the new record, and turned seat-relative per seat once.
    """
    memo = _last_votes
    if memo and memo[0] is history:
        known: tuple[tuple[int, ...], tuple[float, ...]] | None = memo[3].get(seat)
        if known is not None:
            return known
    else:
        if (
            memo
            and len(history) == len(memo[0]) + 1
            and (not memo[0] or history[-2] is memo[0][-1])
        ):
            counts = list(memo[1])
            new: tuple[TurnRecord, ...] = history[-1:]
        else:
            counts, new = [0] * (2 * n * n), history
        for record in new:
            teller = record.seat
            for s, vote in enumerate(record.votes):
                if vote is not None:
                    counts[(0 if vote else n * n) + s * n + teller] += 1
        cells = [k for k, c in enumerate(counts) if c]
        memo[:] = [history, counts, (cells, tuple([counts[k] / per_player for k in cells])), {}]
    relative = _relative_cells(n, seat)
    cells, values = memo[2]
    answer = (tuple([relative[k] for k in cells]), values)
    memo[3][seat] = answer
    return answer


@functools.cache
def _relative_cells(n: int, seat: int) -> tuple[int, ...]:
    """For each absolute (Yes/No, voter, teller) cell, its seat-relative position."""
    return tuple(
        half * n * n + ((voter - seat) % n) * n + (teller - seat) % n
        for half in (0, 1)
        for voter in range(n)
        for teller in range(n)
    )


#: The history :func:`_vote_counts` answered for last, and its answers per seat.
_last_votes: list[Any] = []


class _Pack:
    """``packed(state, seat)``: :func:`nonzero`'s observation as ``float32`` bytes, by blocks.

    The PettingZoo environment encodes at every step, and most of a step's observation
    is as it was, or as it was a few steps before: a hand, the Objects told, a back
    showing. So each slice (or run of slices read from the same fields) is made once as
    bytes (:class:`~zombie_rules.core.learning.Packed`) by :func:`nonzero`'s formulas and
    kept by what it reads; one-hots are rows made once; the Team cards, the Events out
    and the vote counts are kept for the objects asked about last, which stay the same
    for many steps (the vote counts once per history, turned seat-relative per seat by
    one C-speed look-up). The observation is then one join of some twenty blocks, where
    :func:`nonzero` costs a Python step per entry and two conversions in the adapter.
    ``check_learning`` and ``tests/test_learning_packed_blocks.py`` compare it with
    ``encode``.
    """

    def __init__(self, config: Config) -> None:
        lay = self.lay = layout(config)
        n, h = lay.players, lay.hand
        self.phases = Packed.one_hots(len(PHASES))
        self.backs = Packed.one_hots(h)  # top_back and required: row h is none
        self.events = Packed.one_hots(lay.events)  # row events: no Event drawn
        self.no_totals = Packed.zeros(len(TEAMS))
        self.tables: dict[str, dict[Any, Any]] = {
            name: {} for name in ("acting", "objects", "sizes", "won", "floats", "team_sizes")
        }
        #: Per seat: the teams and whether the game is over, then their bytes.
        self.last_teams: list[tuple[object, bool, bytes]] = [(None, False, b"")] * n
        #: The piles of Events won and discarded and the Event drawn, then ``events_out``.
        self.last_out: list[Any] = [None, None, None, b""]
        #: The history asked about last, its vote counts by absolute seats, then the
        #: seat-relative bytes made from them per seat.
        self.last_votes: list[Any] = [None, (), {}]
        #: Per seat, the absolute vote-count cell that each seat-relative cell shows.
        self.from_absolute = tuple(
            operator.itemgetter(*sorted(range(2 * n * n), key=_relative_cells(n, seat).__getitem__))
            for seat in range(n)
        )

    def __call__(self, state: State, seat: int) -> bytes:
        lay, tables, new = self.lay, self.tables, self._new
        objects, floats = tables["objects"], tables["floats"]
        phase = int(state.phase)  # an IntEnum hashes through a Python call, an int does not
        key: Any = (seat, state.turn, phase, state.votes)
        acting = tables["acting"].get(key) or new("acting", key, self._acting)
        hand, told, discard = state.hands[seat], state.told, state.object_discard
        teams, over = state.teams, phase == _IN_OVER
        kept = self.last_teams[seat]
        if kept[0] is not teams or kept[1] is not over:
            kept = self.last_teams[seat] = (teams, over, self._teams(seat, teams, over))
        team_sizes = lay.even or _team_sizes(state)
        sizes = (seat, *map(len, state.hands))
        won = (seat, *map(len, state.won))
        left = state.events_left / lay.pile
        pile = sum(state.object_pile) / lay.objects
        top_back, event, required = state.top_back, state.current_event, state.required
        return b"".join(
            (
                self.phases[phase],
                acting[0],
                objects.get(hand) or new("objects", hand, self._objects),
                kept[2],
                tables["team_sizes"].get(team_sizes)
                or new("team_sizes", team_sizes, self._team_sizes),
                tables["sizes"].get(sizes) or new("sizes", sizes, self._sizes),
                floats.get(left) or new("floats", left, _float),
                self.backs[lay.hand if top_back is None else top_back - 1],
                self.events[lay.events if event is None else event],
                self.backs[required - 1 if required else lay.hand],
                floats.get(pile) or new("floats", pile, _float),
                objects.get(discard) or new("objects", discard, self._objects),
                objects.get(told) or new("objects", told, self._objects),
                acting[1],
                tables["won"].get(won) or new("won", won, self._won),
                self._events_out(state),
                self._votes(state.history, seat),
                self.no_totals if not over else self._totals(state),
            )
        )

    def _new(self, name: str, key: Any, make: Callable[[Any], Any]) -> Any:
        """``make(key)``, kept in table ``name``."""
        return Packed.kept(self.tables[name], key, lambda: make(key))

    def _events_out(self, state: State) -> bytes:
        """``events_out``: the Events won or discarded, and the one drawn this turn."""
        won, discard, event = state.won, state.event_discard, state.current_event
        last = self.last_out
        if last[0] is won and last[1] is discard and last[2] == event:
            found: bytes = last[3]
            return found
        out = _events_out(won, discard, 0)
        if event is not None:
            out = (*out, event)
        found = Packed.placed(self.lay.events, 0, out, [1.0] * len(out))
        last[:] = [won, discard, event, found]
        return found

    def _votes(self, history: tuple[TurnRecord, ...], seat: int) -> bytes:
        """``votes_yes`` and ``votes_no``, seat-relative (:func:`_vote_counts`)."""
        last = self.last_votes
        if last[0] is not history:
            n = self.lay.players
            # Seat 0's cells are the absolute ones.
            cells, values = _vote_counts(history, 0, n, self.lay.per_player)
            row = [0.0] * (2 * n * n)
            for k, x in zip(cells, values, strict=True):
                row[k] = x
            last[:] = [history, row, {}]
        found: bytes | None = last[2].get(seat)
        if found is None:
            found = last[2][seat] = Packed.floats(self.from_absolute[seat](last[1]))
        return found

    def _totals(self, state: State) -> bytes:
        """``team_totals`` at the end, from :func:`_public_entries`."""
        _, where, values = _public_entries(state, self.lay)
        first = self.lay.at["team_totals"]
        inside = [k for k, at in enumerate(where) if at >= first]
        return Packed.placed(
            len(TEAMS), first, [where[k] for k in inside], [values[k] for k in inside]
        )

    def _objects(self, cards: tuple[int, ...]) -> bytes:
        """1 at each Object of ``cards`` (``hand``, ``object_discard``, ``told``)."""
        return Packed.placed(self.lay.objects, 0, cards, [1.0] * len(cards))

    def _team_sizes(self, sizes: tuple[int, ...] | None) -> bytes:
        """``team_sizes``: members over players, when public."""
        return Packed.floats([m / self.lay.players for m in sizes or (0, 0)])

    def _acting(self, key: tuple[int, int, int, tuple[bool | None, ...]]) -> tuple[bytes, bytes]:
        """``turn`` and ``to_act``; ``voted`` and ``my_vote`` (as :func:`nonzero` sets them)."""
        seat, turn, phase, votes = key
        n = self.lay.players
        head = [0.0] * (2 * n)
        tail = [0.0] * (n + 2)
        head[(turn - seat) % n] = 1.0
        if phase == _IN_TELL:
            head[n + (turn - seat) % n] = 1.0
        elif phase == _IN_VOTE:
            for s, vote in enumerate(votes):
                if vote is None:
                    if s != turn:
                        head[n + (s - seat) % n] = 1.0
                else:
                    tail[(s - seat) % n] = 1.0
                    if s == seat:
                        tail[n + (0 if vote else 1)] = 1.0
        return Packed.floats(head), Packed.floats(tail)

    def _teams(self, seat: int, teams: tuple[Any, ...], over: bool) -> bytes:
        """``team`` (the observer's card) and ``teams`` (its own, every seat's at the end)."""
        n = self.lay.players
        row = [0.0] * (len(TEAMS) * (1 + n))
        team = teams[seat]
        if team is not None:
            row[_team_at(team)] = 1.0
            if not over:
                row[len(TEAMS) + _team_at(team)] = 1.0
        if over:
            for s, other in enumerate(teams):
                if other is not None:
                    row[len(TEAMS) * (1 + (s - seat) % n) + _team_at(other)] = 1.0
        return Packed.floats(row)

    def _sizes(self, key: tuple[int, ...]) -> bytes:
        """``hand_sizes``: seat-relative Objects in hand over the hand size."""
        return self._relative(key, self.lay.hand)

    def _won(self, key: tuple[int, ...]) -> bytes:
        """``events_won``: seat-relative Events won over the pile's first size."""
        return self._relative(key, self.lay.pile)

    def _relative(self, key: tuple[int, ...], scale: int) -> bytes:
        seat, *counts = key
        where, values = _seat_values(0, seat, tuple(counts), scale)
        return Packed.placed(len(counts), 0, where, values)


def _float(x: float) -> bytes:
    """One entry."""
    return Packed.floats((x,))


# ----------------------------------------------------------------- recall


@attrs.frozen
class Tokens:
    """The token numbering of one config: cards first, then each seat's kinds of move."""

    objects: int
    events: int
    players: int
    hand: int = HAND_SIZE  # the backs run 1 to the hand size

    @property
    def event(self) -> int:
        return self.objects

    @property
    def back(self) -> int:
        return self.objects + self.events - 1  # backs are 1 to hand

    @property
    def team(self) -> int:
        return self.objects + self.events + self.hand

    @property
    def split(self) -> int:
        return self.team + len(TEAMS)

    @property
    def hidden(self) -> int:
        return self.split + len(TEAMS)

    def act(self, relative: int, kind: int) -> int:
        """Move kind ``kind`` (:data:`KINDS`) by the seat ``relative`` places on."""
        return self.hidden + 1 + relative * len(KINDS) + kind

    @property
    def size(self) -> int:
        return self.hidden + 1 + self.players * len(KINDS)


#: The kinds of move a token tells, per seat.
KINDS = ("tell", "speechless", "vote yes", "vote no", "voted", "had voted yes", "had voted no")
_TELL, _SPEECHLESS, _YES, _NO, _VOTED, _HAD_YES, _HAD_NO = range(len(KINDS))


def told(before: State, move: Move, after: State, seat: int) -> tuple[int, ...]:
    """What the step tells ``seat``, as tokens.

    Backs and Event faces are public; an Object or Team card only to the seat that
    gets it (the others are told a hidden card); the split only when
    ``split_public``. A tell shows its Objects; a vote is "voted" to the others until
    the last one is in, when every vote of the turn is told; at the end every Team
    card is told, seat-relative.
    """
    config = before.config
    n = config.players
    code = _tokens(config)
    action = move.action
    if move.seat == CHANCE:
        arg = move.args[0]
        if action is Action.BACK:
            return (code.back + arg,)
        if action is Action.EVENT:
            return (code.event + arg,)
        if action is Action.SPLIT:
            return (code.split + arg,) if config.split_public else (code.hidden,)
        mine = before.turn == seat
        if action is Action.OBJECT:
            return (arg,) if mine else (code.hidden,)
        return (code.team + arg,) if mine else (code.hidden,)
    actor = (move.seat - seat) % n
    tokens: list[int] = []
    if action is Action.TELL:
        tokens = [code.act(actor, _TELL), *move.args]
    elif action is Action.SPEECHLESS:
        tokens = [code.act(actor, _SPEECHLESS)]
    elif move.seat == seat:
        tokens = [code.act(actor, _YES if move.args == (1,) else _NO)]
    else:
        tokens = [code.act(actor, _VOTED)]
    if action is Action.VOTE and after.phase is not Phase.VOTE:
        for s, vote in enumerate(after.history[-1].votes):
            if vote is not None:
                tokens.append(code.act((s - seat) % n, _HAD_YES if vote else _HAD_NO))
    if after.phase is Phase.OVER:
        for r in range(n):
            team = after.teams[(seat + r) % n]
            assert team is not None
            tokens.append(code.team + _TEAM_AT[team])
    return tuple(tokens)


@functools.lru_cache(maxsize=64)
def _tokens(config: Config) -> Tokens:
    """The :class:`Tokens` of ``config``, made once (``told`` runs at every step)."""
    return Tokens(len(config.objects), len(config.events), config.players, config.hand_size)


def _max_told(config: Config) -> int:
    """Tokens told to one seat in a game, with ``h`` the hand size and ``n`` the players.

    Set-up: the back, ``h n`` Objects dealt, the split, ``n`` Team cards. A turn: the
    Event, the next back, the tell and its Objects (at most ``1 + h``), ``n - 1`` votes
    and as many told at the end, at most ``h`` Objects drawn. The end: ``n`` Team cards.
    """
    n, h = config.players, config.hand_size
    turns = tables(config).pile_size
    return 1 + h * n + 1 + n + turns * (1 + 1 + (1 + h) + 2 * (n - 1) + h) + n


# ------------------------------------------------------------------ bounds


def required_counts(config: Config) -> frozenset[int]:
    """Every number of Objects a story of ``config`` may have to use.

    F: the number "is shown on the back of the next Event card of the pile", so any
    Event's back; L: the last story uses the whole hand (``hand_size``), or with
    ``last_story=own_back`` the last Event's own back, again an Event's back.
    """
    backs = set(tables(config).backs)
    if config.last_story is LastStory.WHOLE_HAND:
        backs.add(config.hand_size)
    return frozenset(backs)


def bounds(config: Config) -> Bounds:
    """Limits derived from the config, with ``h`` the hand size and ``n`` the players.

    Decisions: one turn per Event in the pile (``turns``), each a tell (or speechless)
    and at most ``n - 1`` votes: ``turns * n``.

    Chance nodes: set-up shows the first back (1), deals ``h`` Objects to each seat
    (``h * n``), settles which team is the bigger when the two differ in size (1 for an
    odd table or an unequal ``team_sizes``, else 0) and deals a Team card to each seat
    (``n``); then each turn draws its Event, shows the next back and draws back up to
    ``h`` Objects (at most ``2 + h``; the last turn draws neither a back nor Objects):
    ``1 + h * n + split + n + turns * (2 + h)``.

    A seat's most choices at once: a story of ``r`` Objects from a full hand (a story
    always starts from one) may pick any ``C(h, r)`` of them, or be speechless, for the
    ``r`` that :func:`required_counts` allows; a vote has two. A chance node has at
    most as many outcomes as there are backs (``h``), Events, Objects or teams.
    """
    n, h = config.players, config.hand_size
    t = tables(config)
    turns = t.pile_size
    split = 0 if t.equal_teams else 1
    stories = max(math.comb(h, r) for r in required_counts(config)) + 1
    return Bounds(
        max_decisions=turns * n,
        max_chance_nodes=1 + h * n + split + n + turns * (2 + h),
        max_legal_moves=max(2, stories),
        max_chance_outcomes=max(h, len(config.events), len(config.objects), len(TEAMS)),
    )


# ------------------------------------------------------------------ bundle


@functools.lru_cache(maxsize=64)
def _learning(config: Config) -> Learning:
    lay = layout(config)
    names = _chance_names(config)
    code = _tokens(config)
    numbering = tells(config.hand_size)
    return Learning(
        actions=ActionSpace(numbering.size, numbering.names, action_index, move_at, legal_indices),
        chance=ChanceSpace(len(names), names, chance_index, chance_outcome),
        observation=sparse_encoding(lay.size, sliced(_slices(config)), nonzero, _Pack(config)),
        recall=Recall(code.size, _max_told(config), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds(config),
    )


_remembered = remember_last(_learning)


def learning(config: Config) -> Learning:
    """Everything above for ``config``, built once per config (the last one asked by identity).

    A plain function of the module, so a ``Game`` holding it pickles. Every knob is
    laid out: the hand size sizes the tells (:func:`tells`), the backs, the required
    counts and the hand sizes' scale; an unequal ``team_sizes`` is a secret split like
    an odd table's; ``last_story`` changes only which tells a last story allows.

    ``event_effects`` that let an Event count more than one card, or name an
    effect, are refused with :class:`InvalidConfig`: the team totals are scaled by
    the most a game of one-card Events can score, and an effect's worth has no bound.
    """
    if any(e.worth > 1 or e.effect for e in config.event_effects):
        raise InvalidConfig(
            "event_effects",
            "reinforcement learning encodes team totals of Events worth 0 or 1 card with no"
            " effect; this config rescores an Event beyond that",
        )
    return _remembered(config)


__all__ = [
    "ACTION_NAMES", "Tells", "action_index", "bounds", "learning", "nonzero", "required_counts",
    "tells", "told",
]  # fmt: skip
