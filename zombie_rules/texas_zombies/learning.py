"""Texas Zombies for reinforcement learning: action and chance spaces, encodings, returns, bounds.

Ten actions, the same for every seat: ``tell`` with the Objects at each non-empty set of
hand positions (a hand is kept sorted, so position ``p`` is the ``p``-th lowest Object
number the seat holds: ``tell at 0 2`` ...), ``speechless``, ``vote yes`` and
``vote no``. Numbering a tell by hand positions keeps the space small and reads only
the seat's own hand. Chance outcomes: each back number, Event, Object, then the team
with the extra member (``split``) and each Team card.

The observation is seat-relative (block ``r`` of a per-seat slice is the seat ``r``
places after the observer) and reads only the view: the seat's hand and Team card,
the pile sizes, the back showing, the Event and the Objects on the table, who has
voted and how this seat did, every finished turn's votes as counts of who voted Yes
or No on whose story (the table's best clue to the secret teams), the teams once
turned up. See :func:`learning`.

A story's free text rides on a tell without meaning to the rules; the encodings and
tokens leave it out, and the adapters never attach one.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.learning import (
    Bounds,
    ChanceSpace,
    Learning,
    Recall,
    SharedWin,
    actions_from_legal_moves,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.memo import remember_last
from zombie_rules.texas_zombies.cards import HAND_SIZE, TEAMS
from zombie_rules.texas_zombies.config import Config, tables
from zombie_rules.texas_zombies.rules import chance_weights, legal_moves, result
from zombie_rules.texas_zombies.state import TEAM_WORDS, Action, Move, Phase, State, TurnRecord
from zombie_rules.texas_zombies.views import _team_sizes

#: The hand positions a tell may use, in action order (non-empty sets, smallest first).
TELL_POSITIONS: tuple[tuple[int, ...], ...] = (
    (0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2),
)  # fmt: skip
SPEECHLESS = len(TELL_POSITIONS)
VOTE_YES = SPEECHLESS + 1
VOTE_NO = SPEECHLESS + 2
ACTION_NAMES: tuple[str, ...] = (
    *("tell at " + " ".join(map(str, p)) for p in TELL_POSITIONS),
    "speechless",
    "vote yes",
    "vote no",
)
_TELL_AT = {positions: i for i, positions in enumerate(TELL_POSITIONS)}
_TEAM_AT = {team: i for i, team in enumerate(TEAMS)}
#: An even table's team sizes, always public (what ``views`` shows).
_EVEN = {n: (n // 2, n // 2) for n in range(0, 13, 2)}
PHASES = tuple(Phase)

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
    "hand_sizes": "seat-relative: Objects in hand over 3",
    "event_pile": "Events left in the pile over the pile's first size",
    "top_back": "one-hot: the number on the back of the Event pile's top card (1-3)",
    "current_event": "one-hot: the Event drawn this turn",
    "required": "one-hot: how many Objects the story must use (1-3)",
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
        "top_back": HAND_SIZE,
        "current_event": events,
        "required": HAND_SIZE,
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
    )


layout = remember_last(_layout_of)


# ------------------------------------------------------------------- actions


def action_index(state: State, move: Move) -> int:
    """The index of ``move``; a tell is numbered by where its Objects lie in the teller's hand.

    The story text is ignored (it is not part of the rules' move). Raises
    :class:`IllegalMove` for a chance move or a tell of Objects not all in the hand.
    """
    action = move.action
    if action is Action.VOTE and move.args in ((1,), (0,)):
        return VOTE_YES if move.args == (1,) else VOTE_NO
    if action is Action.SPEECHLESS and not move.args:
        return SPEECHLESS
    if action is Action.TELL and 0 <= move.seat < state.config.players:
        hand = state.hands[move.seat]
        if all(o in hand for o in move.args):
            found = _TELL_AT.get(tuple(hand.index(o) for o in move.args))
            if found is not None:
                return found
    raise IllegalMove(
        f"{move}: no action stands for it here; actions are {', '.join(ACTION_NAMES)},"
        " a tell naming Objects in the teller's hand"
    )


@functools.cache
def _tell_indices(cards: int, required: int) -> tuple[int, ...]:
    """The tells of ``required`` Objects from a hand of ``cards``, then speechless."""
    tells = [i for i, p in enumerate(TELL_POSITIONS) if len(p) == required and p[-1] < cards]
    return (*tells, SPEECHLESS)


_VOTES = (VOTE_YES, VOTE_NO)


def legal_indices(state: State, seat: int) -> tuple[int, ...]:
    """``seat``'s legal actions, read from the phase and its own hand without building moves.

    The same as the legal moves' indices (``check_learning`` compares them at every
    state); the environments ask at every step.
    """
    phase = state.phase
    if phase is Phase.TELL:
        if seat != state.turn:
            return ()
        return _tell_indices(len(state.hands[seat]), state.required)
    if phase is Phase.VOTE:
        if seat == state.turn or not 0 <= seat < len(state.votes):
            return ()
        return _VOTES if state.votes[seat] is None else ()
    return ()


def _chance_names(config: Config) -> tuple[str, ...]:
    return (
        *(f"back {b}" for b in range(1, HAND_SIZE + 1)),
        *(f"event {e}" for e in range(len(config.events))),
        *(f"object {o}" for o in range(len(config.objects))),
        *(f"split {word}" for word in TEAM_WORDS),
        *(f"team {word}" for word in TEAM_WORDS),
    )


def _chance_offsets(config: Config) -> dict[Action, int]:
    events, objects = len(config.events), len(config.objects)
    return {
        Action.BACK: -1,  # backs are 1-3
        Action.EVENT: HAND_SIZE,
        Action.OBJECT: HAND_SIZE + events,
        Action.SPLIT: HAND_SIZE + events + objects,
        Action.TEAM: HAND_SIZE + events + objects + len(TEAMS),
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

    Entries that are 1 are gathered apart from the scaled ones, and the face-up piles'
    positions come from caches keyed by the piles (they change once a turn), because
    the PettingZoo environment encodes at every step.
    """
    config = state.config
    lay = layout(config)
    at = lay.at
    n = lay.players
    phase = state.phase
    turn = state.turn
    ones = [at["phase"] + phase.value, at["turn"] + (turn - seat) % n]
    where: list[int] = []
    values: list[float] = []
    if phase is Phase.TELL:
        ones.append(at["to_act"] + (turn - seat) % n)
    elif phase is Phase.VOTE:
        acting = at["to_act"]
        ones += [
            acting + (s - seat) % n for s, v in enumerate(state.votes) if v is None and s != turn
        ]
    ones += _positions(state.hands[seat], at["hand"])
    over = phase is Phase.OVER
    team = state.teams[seat]
    if team is not None:
        ones.append(at["team"] + _TEAM_AT[team])
        if not over:
            ones.append(at["teams"] + _TEAM_AT[team])  # block 0: the observer
    if over:
        for s, other in enumerate(state.teams):
            if other is not None:
                ones.append(at["teams"] + ((s - seat) % n) * len(TEAMS) + _TEAM_AT[other])
    sizes = _EVEN[n] if n % 2 == 0 else _team_sizes(state)
    if sizes is not None:
        for i, members in enumerate(sizes):
            if members:
                where.append(at["team_sizes"] + i)
                values.append(members / n)
    base = at["hand_sizes"]
    for s, hand in enumerate(state.hands):
        if hand:
            where.append(base + (s - seat) % n)
            values.append(len(hand) / HAND_SIZE)
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
    voted, mine = at["voted"], at["my_vote"]
    for s, vote in enumerate(state.votes):
        if vote is not None:
            ones.append(voted + (s - seat) % n)
            if s == seat:
                ones.append(mine + (0 if vote else 1))
    won_at = at["events_won"]
    for s, won in enumerate(state.won):
        if won:
            where.append(won_at + (s - seat) % n)
            values.append(len(won) / lay.pile)
    ones += _events_out(state.won, state.event_discard, at["events_out"])
    counts_where, counts_values = _vote_counts(state.history, seat, n, lay.per_player)
    if counts_where:
        start = at["votes_yes"]
        where += [start + k for k in counts_where]
        values += counts_values
    if over:
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
    return ones + where, [1.0] * len(ones) + values


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


# ----------------------------------------------------------------- recall


@attrs.frozen
class Tokens:
    """The token numbering of one config: cards first, then each seat's kinds of move."""

    objects: int
    events: int
    players: int

    @property
    def event(self) -> int:
        return self.objects

    @property
    def back(self) -> int:
        return self.objects + self.events - 1  # backs are 1-3

    @property
    def team(self) -> int:
        return self.objects + self.events + HAND_SIZE

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
    code = Tokens(len(config.objects), len(config.events), n)
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


def _max_told(config: Config) -> int:
    """Set-up: the back, ``3 n`` Objects dealt, the split, ``n`` Team cards. A turn: the
    Event, the next back, the tell and its Objects (4), ``n - 1`` votes and as many
    told at the end, 3 Objects drawn. The end: ``n`` Team cards."""
    n = config.players
    turns = tables(config).pile_size
    return 1 + 3 * n + 1 + n + turns * (1 + 1 + 4 + 2 * (n - 1) + 3) + n


# ------------------------------------------------------------------ bounds


def bounds(config: Config) -> Bounds:
    """Limits derived from the config.

    One turn per Event in the pile: a tell (or speechless) and at most ``players - 1``
    votes; chance shows the first back, deals ``3 * players`` Objects, settles an odd
    table's split, deals the Team cards, then per turn draws the Event, shows the next
    back and draws back up to 3 Objects. A seat's most choices at once: the ways to
    pick the required Objects (at most 3) and speechless. A chance node has at most
    as many outcomes as there are Events, Objects or backs.
    """
    n = config.players
    turns = tables(config).pile_size
    return Bounds(
        max_decisions=turns * n,
        max_chance_nodes=1 + 3 * n + n % 2 + n + turns * (2 + HAND_SIZE),
        max_legal_moves=4,
        max_chance_outcomes=max(HAND_SIZE, len(config.events), len(config.objects), len(TEAMS)),
    )


# ------------------------------------------------------------------ bundle


@functools.lru_cache(maxsize=64)
def _learning(config: Config) -> Learning:
    lay = layout(config)
    names = _chance_names(config)
    code = Tokens(lay.objects, lay.events, lay.players)
    return Learning(
        actions=attrs.evolve(
            actions_from_legal_moves(
                len(ACTION_NAMES), ACTION_NAMES, action_index, legal_moves, shared=True
            ),
            legal=legal_indices,
        ),
        chance=ChanceSpace(len(names), names, chance_index, chance_outcome),
        observation=sparse_encoding(lay.size, sliced(_slices(config)), nonzero),
        recall=Recall(code.size, _max_told(config), told),
        returns=SharedWin(result, config.players).record(),
        bounds=bounds(config),
    )


_remembered = remember_last(_learning)


def learning(config: Config) -> Learning:
    """Everything above for ``config``, built once per config (the last one asked by identity).

    A plain function of the module, so a ``Game`` holding it pickles. The records are
    laid out for the rulebook's hand of three and team split; a variant with another
    hand size or split is refused (``InvalidConfig`` naming the field) rather than
    encoded into slots that do not fit it.
    """
    if config.hand_size != HAND_SIZE:
        raise InvalidConfig(
            "hand_size",
            f"learning records are laid out for the rulebook's hand of {HAND_SIZE},"
            f" not {config.hand_size}",
        )
    if config.team_sizes is not None:
        n = config.players
        if sorted(config.team_sizes) != [n // 2, n - n // 2]:
            raise InvalidConfig(
                "team_sizes",
                f"learning records are laid out for the rulebook's split at {n} players,"
                f" not {config.team_sizes}",
            )
    return _remembered(config)


__all__ = ["ACTION_NAMES", "action_index", "bounds", "learning", "nonzero", "told"]
