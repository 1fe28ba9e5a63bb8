"""Texas Zombies' transitions: legal moves, ``apply``, chance and end-of-game scoring.

The story itself happens between people; the rules model everything around it:
the decks, the hidden teams, how many Objects a story must use, the secret vote,
the rewards and the team scoring. Every rulebook rule implemented here is cited
by its letter next to its code and by a test in ``tests/texas_zombies/``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import distinct_outcomes, pile_outcomes, present, present_distinct
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.piles import from_kinds, take
from zombie_rules.core.result import Result
from zombie_rules.core.seats import SeatMask, has_seat, mask_of, seat_bit, seats_in, seats_without
from zombie_rules.core.validation import expect_well_formed, short
from zombie_rules.core.wording import count
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.config import Config, LastStory, tables
from zombie_rules.texas_zombies.effects import won_worth
from zombie_rules.texas_zombies.state import (
    Action,
    Move,
    Phase,
    Scoring,
    State,
    TurnRecord,
    make_state,
)
from zombie_rules.texas_zombies.wording import hand_listing, shown

# Enum members as module globals: reading ``Phase.DEAL_OBJECT`` goes through the enum
# metaclass (a fifth of a microsecond, five times a global's read), and every move
# reads several. ``_P_`` names a phase, ``_A_`` a kind of move.
_P_TOP_BACK, _P_DEAL_OBJECT, _P_SPLIT = Phase.TOP_BACK, Phase.DEAL_OBJECT, Phase.SPLIT
_P_DEAL_TEAM, _P_DRAW_EVENT, _P_NEXT_BACK = Phase.DEAL_TEAM, Phase.DRAW_EVENT, Phase.NEXT_BACK
_P_TELL, _P_VOTE, _P_DRAW_OBJECT, _P_OVER = Phase.TELL, Phase.VOTE, Phase.DRAW_OBJECT, Phase.OVER
_A_BACK, _A_EVENT, _A_OBJECT = Action.BACK, Action.EVENT, Action.OBJECT
_A_SPLIT, _A_TEAM, _A_TELL = Action.SPLIT, Action.TEAM, Action.TELL
_A_SPEECHLESS, _A_VOTE = Action.SPEECHLESS, Action.VOTE


def new_game(config: Config | None = None) -> State:
    """Set-up, about to show the back of the Event pile's top card (rules A-D)."""
    config = Config() if config is None else config
    n = config.players
    t = tables(config)
    # C: "take as many Team cards as the number of players requires, evenly
    # divided between the two teams"; an odd table (any table whose two teams
    # differ in size, with ``team_sizes``) first settles by chance which team is
    # the bigger.
    half = t.team_sizes[0] if t.equal_teams else 0
    return make_state(
        config=config,
        phase=_P_TOP_BACK,
        turn=config.first_player,
        # A: "Shuffle the 30 Event cards and place the proper number of cards ...
        # face down in a pile"; the rest go back to the box unseen.
        event_pool=(1,) * len(config.events),
        events_left=t.pile_size,
        top_back=None,
        current_event=None,
        required=0,
        hands=((),) * n,
        # B: "Shuffle the 50 Object cards and deal 3 to each player" (``hand_size``).
        object_pile=(1,) * len(config.objects),
        object_discard=(),
        team_deck=(half, half),
        team_box=(t.team_cards - half, t.team_cards - half),
        teams=(None,) * n,
        told=(),
        story="",
        votes=(None,) * n,
        to_draw=0,
        won=((),) * n,
        event_discard=(),
        history=(),
    )


# ---------------------------------------------------------------- legal moves


_SPLIT_MOVES = tuple(Move(CHANCE, _A_SPLIT, (t,)) for t in range(len(TEAMS)))
_TEAM_MOVES = tuple(Move(CHANCE, _A_TEAM, (t,)) for t in range(len(TEAMS)))


@functools.cache
def _back_moves(largest: int) -> tuple[Move, ...]:
    """``back 1`` to ``back largest``: the numbers an Event's back may show."""
    return _canonical(tuple(Move(CHANCE, _A_BACK, (b,)) for b in range(1, largest + 1)))


@functools.cache
def _event_moves(count: int) -> tuple[Move, ...]:
    return _canonical(tuple(Move(CHANCE, _A_EVENT, (e,)) for e in range(count)))


@functools.cache
def _object_moves(count: int) -> tuple[Move, ...]:
    return _canonical(tuple(Move(CHANCE, _A_OBJECT, (o,)) for o in range(count)))


@functools.lru_cache(maxsize=4096)
def _tell_moves(seat: int, hand: tuple[int, ...], required: int) -> tuple[Move, ...]:
    tells = [Move(seat, _A_TELL, combo) for combo in itertools.combinations(hand, required)]
    return (*tells, Move(seat, _A_SPEECHLESS))


@functools.cache
def _vote_moves(waiting: int) -> tuple[Move, ...]:
    return _canonical(tuple(Move(s, _A_VOTE, (v,)) for s in seats_in(waiting) for v in (1, 0)))


def _waiting(state: State) -> SeatMask:
    """The seats that have not voted yet (never the active seat)."""
    return _not_voted(state.votes, state.turn)


@functools.lru_cache(maxsize=4096)
def _not_voted(votes: tuple[bool | None, ...], turn: int) -> SeatMask:
    """The seats other than ``turn`` whose vote is still ``None``, once per (votes, turn)."""
    undecided = mask_of(s for s, vote in enumerate(votes) if vote is None)
    return seats_without(undecided, seat_bit(turn))


@functools.cache
def _seats(mask: SeatMask) -> frozenset[int]:
    """The seats of a mask as a frozenset, built once per mask (a table has few)."""
    return frozenset(seats_in(mask))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over.

    A ``TELL`` is listed without story text; any text may ride on a legal tell.
    """
    phase = state.phase
    if phase is _P_TELL:
        return _tell_moves(state.turn, state.hands[state.turn], state.required)
    if phase is _P_VOTE:
        return _vote_moves(_not_voted(state.votes, state.turn))
    if phase is _P_OVER:
        return ()
    moves, _ = chance_weights(state)
    return tuple(moves)


def to_act(state: State) -> frozenset[int]:
    """Who may act: the active seat, the seats still to vote, or chance."""
    phase = state.phase
    if phase is _P_TELL:
        return _alone(state.turn)
    if phase is _P_VOTE:
        return _seats(_not_voted(state.votes, state.turn))
    if phase is _P_OVER:
        return _NOBODY
    return _CHANCE_ONLY


_NOBODY: frozenset[int] = frozenset()
_CHANCE_ONLY = frozenset((CHANCE,))


@functools.cache
def _alone(seat: int) -> frozenset[int]:
    """``{seat}``, built once per seat: ``to_act`` of a seat's own tell."""
    return frozenset((seat,))


@remember_last
def _back_counts(state: State) -> tuple[int, ...]:
    """Unseen Events per back number from 1 (a ``map`` per back: this runs at every back shown).

    Remembered for the last state: the node's weights and the check of the drawn
    back both need it.
    """
    unseen = state.event_pool.__getitem__
    return tuple([sum(map(unseen, ids)) for ids in tables(state.config).back_ids])


def chance_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The current chance node as moves and integer weights (empty if a seat acts).

    Backs are weighted by how many unseen Events show each number; a drawn face
    is uniform over the unseen Events with the back that was showing. Not
    memoized: playouts and environments ask once per chance node, and the answer
    is a phase test and a pass in C, cheaper than a memo's wrapper call.
    """
    phase = state.phase
    if phase is _P_DEAL_OBJECT or phase is _P_DRAW_OBJECT:
        # Objects and Events are one card each: every weight left is 1.
        pile = state.object_pile
        return present_distinct(_object_moves(len(pile)), pile)
    if phase is _P_DRAW_EVENT:
        back = state.top_back
        assert back is not None
        pool = state.event_pool
        with_back = tables(state.config).by_back[back]
        return present_distinct(
            _event_moves_with_back(len(pool), back, with_back),
            tuple(map(pool.__getitem__, with_back)),
        )
    if phase is _P_TOP_BACK or phase is _P_NEXT_BACK:
        counts = _back_counts(state)
        return present(_back_moves(len(counts)), counts)
    if phase is _P_SPLIT:
        return _SPLIT_MOVES, (1, 1)
    if phase is _P_DEAL_TEAM:
        return present(_TEAM_MOVES, state.team_deck)
    return (), ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act.

    The draws of :func:`chance_weights`, each from one long-lived tuple of moves
    so that :mod:`zombie_rules.core.chance` reuses its shared pairs: Objects and
    Events are piles of different cards (one copy of each), backs and Team cards
    are counted piles.
    """
    phase = state.phase
    if phase is _P_DEAL_OBJECT or phase is _P_DRAW_OBJECT:
        pile = state.object_pile
        return distinct_outcomes(_object_moves(len(pile)), pile)
    if phase is _P_DRAW_EVENT:
        back = state.top_back
        assert back is not None
        with_back = tables(state.config).by_back[back]
        pool = state.event_pool
        return distinct_outcomes(
            _event_moves_with_back(len(pool), back, with_back),
            tuple(map(pool.__getitem__, with_back)),
        )
    if phase is _P_TOP_BACK or phase is _P_NEXT_BACK:
        counts = _back_counts(state)
        return pile_outcomes(_back_moves(len(counts)), counts)
    if phase is _P_SPLIT:
        return pile_outcomes(_SPLIT_MOVES, (1, 1))
    if phase is _P_DEAL_TEAM:
        return pile_outcomes(_TEAM_MOVES, state.team_deck)
    return ()


@functools.lru_cache(maxsize=256)
def _event_moves_with_back(count: int, back: int, with_back: tuple[int, ...]) -> tuple[Move, ...]:
    """The draws of the Events ``with_back`` (out of ``count``), one tuple per back and config.

    Keyed by the small ints first: ``with_back`` is the config's own tuple, so its
    hash and comparison are the only cost on a hit.
    """
    moves = _event_moves(count)
    return tuple(map(moves.__getitem__, with_back))


# ---------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal."""
    if _CANONICAL.get(id(move), _UNLISTED) is not move and not well_formed(move):
        expect_well_formed(move, Move)
    handler = _HANDLERS.get(state.phase)
    if handler is None:
        raise IllegalMove(f"{shown(move)}: the game is over; no move is legal")
    if move.story and move.action is not _A_TELL:
        raise IllegalMove(f"{shown(move)}: only a 'tell' move carries story text")
    return handler(state, move)


#: The moves this module lists and keeps for ever (chance draws, votes), by ``id``:
#: ``apply`` knows them well formed without looking at their fields. An entry is
#: trusted only when it is the very object (``is``), so a reused id cannot fool it.
_CANONICAL: dict[int, Move] = {}
#: What ``_CANONICAL`` answers for an id it does not hold: no move is this object
#: (``None``, the plain default, would vouch for ``apply(state, None)``).
_UNLISTED = object()


def _canonical(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves``, remembered as well formed (each is checked once, here)."""
    for move in moves:
        assert well_formed(move)
        _CANONICAL[id(move)] = move
    return moves


def well_formed(move: object) -> bool:
    """Whether ``move`` is a :class:`Move` with exactly typed fields.

    The same test as :func:`~zombie_rules.core.validation.expect_well_formed`, which
    words the refusal, written out for the hot path: it keeps a float, a bool, a
    list or a ``str`` subclass out of every state and costs a tenth as much.
    """
    if (
        type(move) is not Move
        or type(move.seat) is not int
        or type(move.action) is not Action
        or type(move.story) is not str
        or type(move.args) is not tuple
    ):
        return False
    for arg in move.args:  # noqa: SIM110 - a loop is twice as fast as all() on 1-3 args
        if type(arg) is not int:
            return False
    return True


_canonical(_SPLIT_MOVES + _TEAM_MOVES)


def _expect(state: State, move: Move, actor: int, *actions: Action) -> None:
    """Refuse a move by the wrong actor or of the wrong kind, naming what is legal.

    :func:`~zombie_rules.core.validation.expect_move` words it the same way, but
    repeats the whole move, which may carry a huge story.
    """
    if move.seat != actor:
        who = "chance" if actor == CHANCE else f"seat {actor}"
        phase = state.phase.name.lower()
        raise IllegalMove(f"{shown(move)}: it is {who}'s move ({phase} phase)")
    if move.action not in actions:
        legal = " or ".join(repr(a.value) for a in actions)
        phase = state.phase.name.lower()
        raise IllegalMove(
            f"{shown(move)}: cannot {move.action.value!r} in the {phase} phase; legal: {legal}"
        )


def _chance_arg(state: State, move: Move, action: Action) -> int:
    """The single argument of a chance move, which must be one of the node's outcomes.

    The usual case, chance's own move of the right kind, is tested first and
    inline: every chance draw comes through here.
    """
    args = move.args
    if (
        move.seat == CHANCE
        and move.action is action
        and len(args) == 1
        and _possible(state, args[0])
    ):
        return args[0]
    _expect(state, move, CHANCE, action)
    if len(move.args) != 1 or not _possible(state, move.args[0]):
        moves, _ = chance_weights(state)
        possible = ", ".join(str(m).removeprefix("chance: ") for m in moves)
        raise IllegalMove(f"{shown(move)}: not a possible outcome now; possible: {possible}")
    return move.args[0]


def _possible(state: State, arg: int) -> bool:
    """Whether ``arg`` is an outcome of positive weight at this chance node."""
    phase = state.phase
    if phase is _P_DEAL_OBJECT or phase is _P_DRAW_OBJECT:
        return 0 <= arg < len(state.object_pile) and state.object_pile[arg] > 0
    if phase is _P_DRAW_EVENT:
        pool = state.event_pool
        return (
            0 <= arg < len(pool)
            and pool[arg] > 0
            and tables(state.config).backs[arg] == state.top_back
        )
    if phase is _P_TOP_BACK or phase is _P_NEXT_BACK:
        counts = _back_counts(state)
        return 1 <= arg <= len(counts) and counts[arg - 1] > 0
    if phase is _P_SPLIT:
        return 0 <= arg < len(TEAMS)
    return 0 <= arg < len(TEAMS) and state.team_deck[arg] > 0


def _top_back(state: State, move: Move) -> State:
    # A: the pile is face down, but the back of its top card shows.
    back = _chance_arg(state, move, _A_BACK)
    s = state
    return make_state(
        s.config, _P_DEAL_OBJECT, s.config.first_player, s.event_pool, s.events_left, back,
        None, 0, s.hands, s.object_pile, s.object_discard, s.team_deck, s.team_box, s.teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def _deal_object(state: State, move: Move) -> State:
    # B: "deal 3 to each player" (``hand_size``), one card at a time clockwise.
    card = _chance_arg(state, move, _A_OBJECT)
    s = state
    config = s.config
    seat = s.turn
    hands = _replace_at(s.hands, seat, _insert(s.hands[seat], card))
    following = (seat + 1) % config.players
    if len(hands[following]) == config.hand_size:
        phase = _P_DEAL_TEAM if tables(config).equal_teams else _P_SPLIT
        following = config.first_player
    else:
        phase = _P_DEAL_OBJECT
    return make_state(
        config, phase, following, s.event_pool, s.events_left, s.top_back, None, 0, hands,
        take(s.object_pile, card), s.object_discard, s.team_deck, s.team_box, s.teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def _split(state: State, move: Move) -> State:
    # C: "In case of an odd number of players, one of the two teams will have one
    # more member than the other": 3 > 2 and 1, 5 > 3 and 2 (or ``team_sizes``).
    bigger = _chance_arg(state, move, _A_SPLIT)
    s = state
    t = tables(s.config)
    deck = split_deck(t.team_sizes, bigger)
    box = (t.team_cards - deck[0], t.team_cards - deck[1])
    return make_state(
        s.config, _P_DEAL_TEAM, s.config.first_player, s.event_pool, s.events_left,
        s.top_back, None, 0, s.hands, s.object_pile, s.object_discard, deck, box, s.teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def split_deck(sizes: tuple[int, int], bigger: int) -> tuple[int, int]:
    """Team cards taken out per team index when team ``bigger`` gets the bigger size."""
    big, small = sizes
    return (big, small) if bigger == 0 else (small, big)


def _deal_team(state: State, move: Move) -> State:
    # C: "Randomly deal to each player a Team card, face down."
    team = _chance_arg(state, move, _A_TEAM)
    s = state
    config = s.config
    seat = s.turn
    teams = s.teams[:seat] + (TEAMS[team],) + s.teams[seat + 1 :]
    following = (seat + 1) % config.players
    if teams[following] is not None:
        # D: the first player (config.first_player) starts; play is clockwise.
        phase = _P_DRAW_EVENT
        following = config.first_player
    else:
        phase = _P_DEAL_TEAM
    return make_state(
        config, phase, following, s.event_pool, s.events_left, s.top_back, None, 0, s.hands,
        s.object_pile, s.object_discard, take(s.team_deck, team), s.team_box, teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def _draw_event(state: State, move: Move) -> State:
    # E: "The active player draws the first Event card of the Event card pile";
    # its face is one of the unseen Events with the back that was showing.
    event = _chance_arg(state, move, _A_EVENT)
    s = state
    left = s.events_left - 1
    if left:
        # F: the number to use "is shown on the back of the next Event card of the
        # pile": it shows next (chance), then the story is told.
        phase, required = _P_NEXT_BACK, 0
    else:
        # L: "When the last Event card of the pile is drawn, the active player must
        # use all three of his Object cards" (or, ``last_story``, its own back).
        phase, required = _P_TELL, last_required(s.config, event)
    return make_state(
        s.config, phase, s.turn, take(s.event_pool, event), left, None, event, required,
        s.hands, s.object_pile, s.object_discard, s.team_deck, s.team_box, s.teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def _next_back(state: State, move: Move) -> State:
    # F: the back of the next Event card says how many Objects the story must use.
    back = _chance_arg(state, move, _A_BACK)
    s = state
    return make_state(
        s.config, _P_TELL, s.turn, s.event_pool, s.events_left, back, s.current_event, back,
        s.hands, s.object_pile, s.object_discard, s.team_deck, s.team_box, s.teams,
        (), "", s.votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def _tell(state: State, move: Move) -> State:
    # F: "explaining ... how he successfully escaped ... using a predetermined number
    # of Object cards he has in hand. The number of cards he MUST use ..."
    _expect(state, move, state.turn, _A_TELL, _A_SPEECHLESS)
    s = state
    if move.action is _A_SPEECHLESS:
        # G, note: "If the active player is so astounded that he cannot utter a
        # word ... his challenge is automatically considered as failed."
        if move.args:
            raise IllegalMove(f"{shown(move)}: 'speechless' takes no Objects")
        return _resolve(s, (None,) * s.config.players, speechless=True)
    hand = s.hands[s.turn]
    used = move.args
    if (
        len(used) != s.required
        or any(a >= b for a, b in itertools.pairwise(used))
        or not all(o in hand for o in used)
    ):
        raise IllegalMove(f"{shown(move)}: {_bad_tell(s, used)}")
    rest = tuple(o for o in hand if o not in used)
    return make_state(
        s.config, _P_VOTE, s.turn, s.event_pool, s.events_left, s.top_back,
        s.current_event, s.required, _replace_at(s.hands, s.turn, rest), s.object_pile,
        s.object_discard, s.team_deck, s.team_box, s.teams, used, move.story, s.votes, 0,
        s.won, s.event_discard, s.history,
    )  # fmt: skip


def _bad_tell(state: State, used: tuple[int, ...]) -> str:
    """Why a tell of ``used`` is refused, and what would be legal."""
    config = state.config
    hand = state.hands[state.turn]
    need = f"exactly {count(state.required, 'different Object')} from your hand"
    legal = f"your hand: {hand_listing(config, hand)}; or say 'speechless'"
    if len(used) != state.required:
        return f"the story must use {need}, not {len(used)}; {legal}"
    missing = next((o for o in used if o not in hand), None)
    if missing is not None:
        name = f" ({config.objects[missing]})" if 0 <= missing < len(config.objects) else ""
        return f"the story must use {need}, and {short(missing)}{name} is not in it; {legal}"
    if len(set(used)) != len(used):
        return f"the story must use {need}, each once; {legal}"
    ordered = " ".join(map(str, sorted(used)))
    return f"name the Objects in increasing order: 'tell {ordered}'"


def _vote(state: State, move: Move) -> State:
    # H: "on the count of three, they all at once cast their vote": each other
    # seat commits a secret Yes or No; nothing shows until all are in.
    s = state
    waiting = _not_voted(s.votes, s.turn)
    if move.action is not _A_VOTE:
        raise IllegalMove(
            f"{shown(move)}: the other players are voting; legal: 'vote yes', 'vote no'"
        )
    seat = move.seat
    if not (0 <= seat < s.config.players) or not has_seat(waiting, seat):
        still = ", ".join(str(x) for x in seats_in(waiting))
        raise IllegalMove(
            f"{shown(move)}: seat {short(seat)} cannot vote now; still to vote: {still}"
        )
    if len(move.args) != 1 or move.args[0] not in (0, 1):
        raise IllegalMove(f"{shown(move)}: a vote is 'vote yes' or 'vote no'")
    votes = s.votes[:seat] + (move.args[0] == 1,) + s.votes[seat + 1 :]
    if waiting == seat_bit(seat):  # completes_the_vote, with the mask already at hand
        return _resolve(s, votes, speechless=False)
    return make_state(
        s.config, _P_VOTE, s.turn, s.event_pool, s.events_left, s.top_back,
        s.current_event, s.required, s.hands, s.object_pile, s.object_discard, s.team_deck,
        s.team_box, s.teams, s.told, s.story, votes, 0, s.won, s.event_discard, s.history,
    )  # fmt: skip


def completes_the_vote(state: State, seat: int) -> bool:
    """Whether ``seat``'s vote is the last one still to come, so that the turn is decided.

    H: "on the count of three, they all at once cast their vote": the votes are
    shown together once every other seat has voted. Who has voted is public.
    """
    return _waiting(state) == seat_bit(seat)


def last_turn(state: State) -> bool:
    """Whether the turn being played is the game's last (rule L), its Event drawn.

    L: "When the last Event card of the pile is drawn, the active player must use
    all three of his Object cards to complete this last game turn. Then the game is
    over." Once the Event is drawn, ``events_left`` counts the pile, which is public.
    """
    return not state.events_left


def last_required(config: Config, event: int) -> int:
    """How many Objects the story of the last Event, ``event``, must use (rule L).

    L: "the active player must use all three of his Object cards": the whole hand,
    ``hand_size`` (the hand is full whenever a story starts). With
    ``LastStory.OWN_BACK`` the number on the last Event's own back, which showed
    while it topped the pile, since there is no next card to read.
    """
    if config.last_story is LastStory.OWN_BACK:
        return tables(config).backs[event]
    return config.hand_size


def _resolve(state: State, votes: tuple[bool | None, ...], speechless: bool) -> State:
    s = state
    config = s.config
    seat = s.turn
    event = s.current_event
    assert event is not None
    yes = sum(1 for v in votes if v)
    # I: "If at least half of the votes are a Yes, then the active player has
    # successfully passed the test and earns the Event card as a reward."
    # J: "If more than half of the votes are a No, ... the Event card is discarded."
    success = not speechless and 2 * yes >= config.players - 1
    won, event_discard = s.won, s.event_discard
    if success:
        won = won[:seat] + (won[seat] + (event,),) + won[seat + 1 :]
    else:
        event_discard = event_discard + (event,)
    # I/J: "The Object cards he used are discarded" (a speechless player used none).
    used = s.told
    discard = s.object_discard + used
    record = TurnRecord(seat, event, s.required, used, s.story, speechless, votes, success)
    history = s.history + (record,)
    fresh = (None,) * config.players
    if last_turn(s):
        # L: "Then the game is over." (no refill after the last story)
        return make_state(
            config, _P_OVER, seat, s.event_pool, 0, None, None, 0, s.hands, s.object_pile,
            discard, s.team_deck, s.team_box, s.teams, (), "", fresh, 0, won, event_discard,
            history,
        )  # fmt: skip
    if used:
        # I/J: "he draws from the draw pile as many new Object cards as necessary to
        # have 3 in hand" (``hand_size``).
        pile = s.object_pile
        if not any(pile):
            pile, discard = _reshuffle(discard, len(pile)), ()
        return make_state(
            config, _P_DRAW_OBJECT, seat, s.event_pool, s.events_left, s.top_back, None, 0,
            s.hands, pile, discard, s.team_deck, s.team_box, s.teams, (), "", fresh, len(used),
            won, event_discard, history,
        )  # fmt: skip
    return _next_turn(s, s.hands, s.object_pile, discard, won, event_discard, history)


def _draw_object(state: State, move: Move) -> State:
    card = _chance_arg(state, move, _A_OBJECT)
    s = state
    seat = s.turn
    hands = _replace_at(s.hands, seat, _insert(s.hands[seat], card))
    pile = take(s.object_pile, card)
    discard = s.object_discard
    to_draw = s.to_draw - 1
    if not to_draw:
        return _next_turn(s, hands, pile, discard, s.won, s.event_discard, s.history)
    if not any(pile):
        # Ruling: an empty Object draw pile is replaced by the shuffled discards.
        pile, discard = _reshuffle(discard, len(pile)), ()
    return make_state(
        s.config, _P_DRAW_OBJECT, seat, s.event_pool, s.events_left, s.top_back, None, 0,
        hands, pile, discard, s.team_deck, s.team_box, s.teams, (), "", s.votes, to_draw,
        s.won, s.event_discard, s.history,
    )  # fmt: skip


def _next_turn(
    s: State,
    hands: tuple[tuple[int, ...], ...],
    pile: tuple[int, ...],
    discard: tuple[int, ...],
    won: tuple[tuple[int, ...], ...],
    event_discard: tuple[int, ...],
    history: tuple[TurnRecord, ...],
) -> State:
    # K: "the player on the left of the active player becoming the new active player".
    return make_state(
        s.config, _P_DRAW_EVENT, (s.turn + 1) % s.config.players, s.event_pool,
        s.events_left, s.top_back, None, 0, hands, pile, discard, s.team_deck, s.team_box,
        s.teams, (), "", (None,) * s.config.players, 0, won, event_discard, history,
    )  # fmt: skip


def _reshuffle(discard: tuple[int, ...], size: int) -> tuple[int, ...]:
    return from_kinds(discard, size)


def _insert(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted(hand + (card,)))


def _replace_at(
    rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return rows[:i] + (row,) + rows[i + 1 :]


_HANDLERS = {
    _P_TOP_BACK: _top_back,
    _P_DEAL_OBJECT: _deal_object,
    _P_SPLIT: _split,
    _P_DEAL_TEAM: _deal_team,
    _P_DRAW_EVENT: _draw_event,
    _P_NEXT_BACK: _next_back,
    _P_TELL: _tell,
    _P_VOTE: _vote,
    _P_DRAW_OBJECT: _draw_object,
}


# --------------------------------------------------------------------- result


def scoring(state: State) -> Scoring | None:
    """The revealed teams and team totals once the game is over (rules M-Q), else ``None``."""
    if state.phase is not _P_OVER:
        return None
    n = state.config.players
    # M: "All players reveal their team."
    teams = tuple(t for t in state.teams if t is not None)
    assert len(teams) == n
    events_won = won_values(state)
    counted = [0] * n
    equal = tables(state.config).equal_teams
    for team in TEAMS:
        members = [s for s in range(n) if teams[s] is team]
        times = counted_times([events_won[s] for s in members], equal)
        for s, k in zip(members, times, strict=True):
            counted[s] = k
    totals = tuple(
        sum(events_won[s] * counted[s] for s in range(n) if teams[s] is team) for team in TEAMS
    )
    best = max(totals)
    # N: "The team with the most Event cards wins the game." Q: "If the two teams are
    # tied, then all players win".
    winning = frozenset(team for team, total in zip(TEAMS, totals, strict=True) if total == best)
    return Scoring(teams, events_won, tuple(counted), (totals[0], totals[1]), winning)


def won_values(state: State) -> tuple[int, ...]:
    """What each seat's Events won count for, as Event cards (rule N sums them).

    One each as printed; a config's ``event_effects`` give an Event another worth
    and may name an effect, which reads the public record of the turn that won it.
    The ruling: rule O's "most" and "less" compare these values, not card counts.
    """
    t = tables(state.config)
    if t.plain_scoring:
        return tuple(len(w) for w in state.won)
    records = {r.event: r for r in state.history}
    return tuple(
        sum(won_worth(records[e], t.worth[e], t.effects[e]) for e in won) for won in state.won
    )


def counted_times(won: Sequence[int], equal: bool) -> tuple[int, ...]:
    """How often each member's Events count for a team whose members won ``won``.

    N: "Each team sums up the number of Event cards obtained by its members." O: "If
    the number of players is odd, only sum up for each team the number of Event
    cards won by the player having the most and by the one having the less." P: a
    lone member is both, so "his grand total is twice the number of Event cards he
    won". The ruling for any split: teams of equal size sum every member (N), teams
    of unequal size count the most and the fewest (O, P), which is the rulebook's
    rule for each of its splits (the teams differ exactly when the table is odd).
    """
    if equal:
        return (1,) * len(won)
    if not won:
        return ()  # pragma: no cover - every table has both teams
    counted = [0] * len(won)
    members = range(len(won))
    most = max(members, key=lambda i: (won[i], -i))
    rest = [i for i in members if i != most] or [most]
    fewest = min(rest, key=lambda i: (won[i], i))
    counted[most] += 1
    counted[fewest] += 1
    return tuple(counted)


def team_total(won: Sequence[int], equal: bool) -> int:
    """A team's total from its members' Events won (see :func:`counted_times`)."""
    return sum(w * k for w, k in zip(won, counted_times(won, equal), strict=True))


def result(state: State) -> Result | None:
    """The winners once the game is over; ``scores[s]`` is seat ``s``'s team total."""
    final = scoring(state)
    if final is None:
        return None
    index = {team: i for i, team in enumerate(TEAMS)}
    scores = tuple(final.totals[index[team]] for team in final.teams)
    winners = frozenset(s for s, team in enumerate(final.teams) if team in final.winning_teams)
    parts = []
    for i, team in enumerate(TEAMS):
        seats = [str(s) for s, t in enumerate(final.teams) if t is team]
        label = "seat" if len(seats) == 1 else "seats"
        parts.append(
            f"{team.value} ({label} {', '.join(seats)}): {count(final.totals[i], 'Event')}"
        )
    if len(final.winning_teams) > 1:
        verdict = "a tie, so everyone wins"
    else:
        (team,) = final.winning_teams
        verdict = f"{team.value} wins"
    return Result(winners, scores, f"{'; '.join(parts)}; {verdict}")
