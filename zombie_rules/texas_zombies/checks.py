"""What generic tools need to check Texas Zombies: card census, hidden re-deals, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.actors import CHANCE
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.config import Config, tables
from zombie_rules.texas_zombies.determinize import determinize
from zombie_rules.texas_zombies.rules import last_required, legal_moves
from zombie_rules.texas_zombies.state import Action, Move, Phase, State
from zombie_rules.texas_zombies.views import View

# Card identities: ("event", index), ("object", index), ("team", Team).

#: The leak checks' re-deal is the public determinization (``determinize``).
hidden_variant = determinize


def card_set(config: Config) -> Counter[Hashable]:
    """Every card of the game: all Events and Objects, and the Team cards (six, or more
    for a bigger team than the rulebook's)."""
    cards: Counter[Hashable] = Counter()
    cards.update(("event", e) for e in range(len(config.events)))
    cards.update(("object", o) for o in range(len(config.objects)))
    for team in TEAMS:
        cards[("team", team)] = tables(config).team_cards
    return cards


def card_census(state: State) -> Counter[Hashable]:
    """Every card the state holds, wherever it lies (the box included)."""
    census: Counter[Hashable] = Counter()
    for e, n in enumerate(state.event_pool):
        census[("event", e)] += n
    if state.current_event is not None:
        census[("event", state.current_event)] += 1
    census.update(("event", e) for won in state.won for e in won)
    census.update(("event", e) for e in state.event_discard)
    for o, n in enumerate(state.object_pile):
        census[("object", o)] += n
    census.update(("object", o) for hand in state.hands for o in hand)
    census.update(("object", o) for o in state.told)
    census.update(("object", o) for o in state.object_discard)
    for i, team in enumerate(TEAMS):
        census[("team", team)] += state.team_deck[i] + state.team_box[i]
    census.update(("team", t) for t in state.teams if t is not None)
    return +census


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves for every actor, legal or not, including near misses.

    A legal tell with a story is legal though ``legal_moves`` lists tells without
    one (see :func:`without_story`); story text on any other move is refused.
    """
    config = state.config
    n = config.players
    objects = len(config.objects)
    moves: list[Move] = []
    hand = state.hands[state.turn]
    someone_else = state.hands[(state.turn + 1) % n]
    tells = {
        (),
        hand[:1],
        hand[:2],
        hand,
        hand[::-1],
        hand[:1] * 2,
        someone_else[:1],
        hand[:1] + someone_else[:1],
        (-1,),
        (objects,),
    }
    for seat in range(-1, n + 1):
        for args in sorted(tells):
            moves.append(Move(seat, Action.TELL, args))
        moves.append(Move(seat, Action.TELL, (), "no objects"))
        moves.append(Move(seat, Action.SPEECHLESS))
        moves.append(Move(seat, Action.SPEECHLESS, (0,)))
        moves.append(Move(seat, Action.SPEECHLESS, (), "um"))
        moves += [Move(seat, Action.VOTE, (v,)) for v in (-1, 0, 1, 2)]
        moves.append(Move(seat, Action.VOTE, (1,), "yes!"))
        moves.append(Move(seat, Action.VOTE, ()))
    if not any(m.seat == state.turn and m.action is Action.TELL for m in legal_moves(state)):
        moves.append(Move(state.turn, Action.TELL, hand[: state.required], "out of turn"))
    for seat in (CHANCE, 0):
        moves += [Move(seat, Action.BACK, (b,)) for b in range(0, config.hand_size + 2)]
        moves += [Move(seat, Action.EVENT, (e,)) for e in range(-1, len(config.events) + 1)]
        moves += [Move(seat, Action.OBJECT, (o,)) for o in range(-1, objects + 1)]
        moves += [Move(seat, Action.SPLIT, (t,)) for t in range(-1, 3)]
        moves += [Move(seat, Action.TEAM, (t,)) for t in range(-1, 3)]
        moves += [Move(seat, Action.OBJECT, ()), Move(seat, Action.TEAM, (0, 1))]
    moves.append(Move(CHANCE, Action.BACK, (1,), "a story"))
    legal = legal_moves(state)
    moves += legal
    moves += [Move(m.seat, m.action, m.args, "a story") for m in legal if m.action is Action.TELL]
    return tuple(dict.fromkeys(moves))


def without_story(move: Move) -> Move:
    """A tell without its story text: the rules only carry the story along."""
    if move.action is Action.TELL and move.story:
        return Move(move.seat, move.action, move.args)
    return move


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state.

    It accepts the states the rules can reach (as far as any protocol function
    relies on them): sizes and ranges first, so that the later checks index
    safely, then the cards, the finished turns (which fix the Events won and
    discarded), the set-up deals and what each phase implies. It runs on decode
    only, never on the ``apply`` path.
    """
    config = state.config
    n = config.players
    t = tables(config)
    phase = state.phase
    per_seat = (state.hands, state.teams, state.votes, state.won)
    if any(len(field) != n for field in per_seat):
        raise ValueError(f"hands/teams/votes/won: need one entry per seat ({n})")
    if not 0 <= state.turn < n:
        raise ValueError(f"turn: {state.turn} is not a seat of a {n}-player game")
    if len(state.event_pool) != len(config.events) or any(
        c not in (0, 1) for c in state.event_pool
    ):
        raise ValueError(f"event_pool: need {len(config.events)} counts of 0 or 1")
    if len(state.object_pile) != len(config.objects) or any(
        c not in (0, 1) for c in state.object_pile
    ):
        raise ValueError(f"object_pile: need {len(config.objects)} counts of 0 or 1")
    if len(state.team_deck) != len(TEAMS) or len(state.team_box) != len(TEAMS):
        raise ValueError("team_deck/team_box: need one count per team")
    if any(c < 0 for c in state.team_deck + state.team_box):
        raise ValueError("team_deck/team_box: counts cannot be negative")
    if not 0 <= state.events_left <= t.pile_size or state.events_left > sum(state.event_pool):
        raise ValueError(f"events_left: {state.events_left} is not a possible Event pile size")
    events = range(len(config.events))
    objects = range(len(config.objects))
    if state.current_event is not None and state.current_event not in events:
        raise ValueError("current_event: not an Event of the config")
    if any(e not in events for w in state.won for e in w) or any(
        e not in events for e in state.event_discard
    ):
        raise ValueError("won/event_discard: hold an Event not in the config")
    if any(o not in objects for o in (*state.told, *state.object_discard)) or any(
        o not in objects for h in state.hands for o in h
    ):
        raise ValueError("hands/told/object_discard: hold an Object not in the config")
    if any(h != tuple(sorted(set(h))) for h in state.hands):
        raise ValueError("hands: each hand must list different Objects in increasing order")
    if state.told != tuple(sorted(set(state.told))):
        raise ValueError("told: different Objects in increasing order")
    _check_teams(state)
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's cards")
    drawn = t.pile_size - state.events_left
    in_hand = state.current_event is not None
    if len(state.history) + in_hand != drawn:
        raise ValueError("history: one finished turn per Event drawn, besides the current one")
    if in_hand != (phase in (Phase.NEXT_BACK, Phase.TELL, Phase.VOTE)):
        raise ValueError("current_event: an Event is out exactly while its turn is played")
    if (phase is Phase.OVER) != (state.events_left == 0 and not in_hand):
        raise ValueError("events_left: the game is over exactly when the last turn is done")
    showing = state.top_back is not None
    if showing != (phase not in (Phase.TOP_BACK, Phase.NEXT_BACK) and state.events_left > 0):
        raise ValueError("top_back: the top back shows exactly when the Event pile has a top")
    if showing and state.top_back not in {t.backs[e] for e in events if state.event_pool[e]}:
        raise ValueError("top_back: no unseen Event has that back")
    _check_history(state)
    if phase in (Phase.TELL, Phase.VOTE):
        assert state.current_event is not None  # checked above: it is out while told
        if state.events_left:
            expected = state.top_back
        else:
            expected = last_required(config, state.current_event)
        if state.required != expected:
            raise ValueError(f"required: the story must use {expected} Objects")
    elif state.required:
        raise ValueError("required: only set while a story is told or voted on")
    if (phase is Phase.VOTE) != bool(state.told):
        raise ValueError("told: Objects are on the table exactly during the vote")
    if phase is Phase.VOTE and len(state.told) != state.required:
        raise ValueError(f"told: the story uses exactly {state.required} Objects")
    if state.story and phase is not Phase.VOTE:
        raise ValueError("story: only kept while its vote is open")
    if any(v is not None for v in state.votes) and phase is not Phase.VOTE:
        raise ValueError("votes: votes are cast only in the VOTE phase")
    if state.votes[state.turn] is not None:
        raise ValueError("votes: the active player does not vote")
    if phase is Phase.VOTE and all(
        v is not None for s, v in enumerate(state.votes) if s != state.turn
    ):
        raise ValueError("votes: the vote is still open, so someone has not voted yet")
    if (phase is Phase.DRAW_OBJECT) != (state.to_draw > 0):
        raise ValueError("to_draw: Objects are owed exactly in the DRAW_OBJECT phase")
    if phase is Phase.DRAW_OBJECT:
        if not state.history:
            raise ValueError("history: Objects are drawn after a finished turn")
        if state.to_draw > len(state.history[-1].used):
            raise ValueError("to_draw: more Objects owed than the story used")
        if not any(state.object_pile):
            raise ValueError("object_pile: empty, yet an Object is to be drawn from it")
    setup = phase in (Phase.TOP_BACK, Phase.DEAL_OBJECT, Phase.SPLIT, Phase.DEAL_TEAM)
    if setup:
        _check_setup(state)
    else:
        _check_hands_in_play(state)
        played = len(state.history) - (phase in (Phase.DRAW_OBJECT, Phase.OVER))
        expected_turn = (config.first_player + played) % n
        if state.turn != expected_turn:
            raise ValueError(f"turn: after {played} turns it is seat {expected_turn}'s")


def _check_history(state: State) -> None:
    """Each finished turn re-checked; the Events won and discarded are theirs."""
    config = state.config
    n = config.players
    t = tables(config)
    history = state.history
    drawn = [r.event for r in history]
    if state.current_event is not None:
        drawn.append(state.current_event)
    if len(set(drawn)) != len(drawn) or any(not 0 <= e < len(config.events) for e in drawn):
        raise ValueError("history: each turn drew a different Event of the config")
    for i, record in enumerate(history):
        where = f"history[{i}]"
        if record.seat != (config.first_player + i) % n:
            raise ValueError(f"{where}.seat: turns go clockwise from the first player")
        if i + 1 == t.pile_size:
            expected = last_required(config, record.event)  # L: the whole hand
        elif i + 1 < len(drawn):
            expected = t.backs[drawn[i + 1]]  # F: the back of the next Event
        else:
            expected = state.top_back if state.top_back is not None else -1
        if record.required != expected:
            raise ValueError(f"{where}.required: the back of the next Event says {expected}")
        used = record.used
        if used != tuple(sorted(set(used))) or any(not 0 <= o < len(config.objects) for o in used):
            raise ValueError(f"{where}.used: different Objects in increasing order")
        votes = record.votes
        if len(votes) != n or votes[record.seat] is not None:
            raise ValueError(f"{where}.votes: one per seat, None for the player telling")
        if record.speechless:
            if used or record.story or any(v is not None for v in votes):
                raise ValueError(f"{where}: a speechless player used nothing and got no vote")
            won = False
        else:
            if len(used) != record.required:
                raise ValueError(f"{where}.used: the story uses {record.required} Objects")
            if any(v is None for s, v in enumerate(votes) if s != record.seat):
                raise ValueError(f"{where}.votes: every other player votes on a story")
            won = 2 * sum(1 for v in votes if v) >= n - 1  # I: at least half say Yes
        if record.won != won:
            raise ValueError(f"{where}.won: the vote says {'won' if won else 'lost'}")
    # I/J: every finished turn's Event was earned or discarded (the census counts
    # each Event once, so no other Event can be among them).
    taken = sorted([e for w in state.won for e in w] + list(state.event_discard))
    if taken != sorted(r.event for r in history):
        raise ValueError("won/event_discard: hold exactly the Events of the finished turns")


def _check_setup(state: State) -> None:
    """Rules A-C: nothing drawn yet; Objects dealt, then Team cards, clockwise."""
    config = state.config
    n = config.players
    first = config.first_player
    phase = state.phase
    if state.history or state.events_left != tables(config).pile_size:
        raise ValueError("events_left/history: no Event is drawn during the set-up")
    if state.object_discard:
        raise ValueError("object_discard: empty during the set-up")
    dealt = sum(len(hand) for hand in state.hands)
    if phase is Phase.TOP_BACK:
        expected_turn = first
        if dealt:
            raise ValueError("hands: no Object is dealt before the top back shows")
    elif phase is Phase.DEAL_OBJECT:
        expected_turn = (first + dealt) % n
        if dealt >= n * config.hand_size:
            raise ValueError("hands: every Object is dealt, yet the phase is DEAL_OBJECT")
        for j in range(n):
            seat = (first + j) % n
            size = dealt // n + (j < dealt % n)
            if len(state.hands[seat]) != size:
                raise ValueError(
                    f"hands[{seat}]: {dealt} Objects dealt clockwise from the first player"
                    f" leave it {size}"
                )
    else:
        _check_hands_in_play(state)
        teams_dealt = sum(1 for team in state.teams if team is not None)
        expected_turn = (first + teams_dealt) % n
        if phase is Phase.SPLIT and tables(config).equal_teams:
            raise ValueError("phase: only teams of different sizes are split by chance")
        if phase is Phase.DEAL_TEAM:
            if teams_dealt >= n:
                raise ValueError("teams: every Team card is dealt, yet the phase is DEAL_TEAM")
            if any((state.teams[(first + j) % n] is None) != (j >= teams_dealt) for j in range(n)):
                raise ValueError("teams: Team cards are dealt clockwise from the first player")
    if state.turn != expected_turn:
        raise ValueError(f"turn: seat {expected_turn} gets the next card")


def _check_hands_in_play(state: State) -> None:
    """``hand_size`` Objects each, less those the active player laid down or must still draw."""
    phase = state.phase
    full = state.config.hand_size
    for s, hand in enumerate(state.hands):
        short = 0
        if s == state.turn and phase is Phase.VOTE:
            short = len(state.told)
        elif s == state.turn and phase is Phase.DRAW_OBJECT:
            short = state.to_draw
        elif phase is Phase.OVER and s == state.history[-1].seat:
            short = len(state.history[-1].used)
        if len(hand) != full - short:
            raise ValueError(f"hands[{s}]: must hold {full - short} Objects now")


def _check_teams(state: State) -> None:
    """Rule C: Team cards taken out evenly (an odd table after the split), dealt face down.

    The split is the config's (``team_sizes``, by default the rulebook's), the one
    ``new_game`` and the split's chance node deal: any other is refused, naming it.
    Checked before the card census, so a hand-edited split is told as a split.
    """
    config = state.config
    n = config.players
    t = tables(config)
    phase = state.phase
    dealt = sum(1 for team in state.teams if team is not None)
    if phase > Phase.DEAL_TEAM and dealt != n:
        raise ValueError("teams: every seat holds a Team card once play starts")
    if phase >= Phase.DEAL_TEAM or t.equal_teams:
        in_play = [
            state.team_deck[i] + sum(1 for team in state.teams if team is x)
            for i, x in enumerate(TEAMS)
        ]
        sizes = tuple(sorted(in_play, reverse=True))
        if sizes != t.team_sizes:
            big, small = t.team_sizes
            source = "the rulebook's" if config.team_sizes is None else "the config's team_sizes"
            raise ValueError(
                f"teams: Team cards in play must split {big} and {small} ({source}),"
                f" not {sizes[0]} and {sizes[1]}"
            )
        if phase < Phase.DEAL_TEAM and dealt:
            raise ValueError("teams: Team cards are dealt after the Objects")
    elif dealt or any(state.team_deck):
        raise ValueError("team_deck: Team cards are taken out only after the split")


def check_view(v: View) -> None:
    """Raise ``ValueError`` naming the first field of a (decoded) view ``render`` cannot show.

    Every card a view names must be a card of its config, and every per-seat
    field must have one entry per seat; ``render`` trusts the views ``view`` builds.
    """
    config = v.config
    n = config.players
    events = range(len(config.events))
    objects = range(len(config.objects))
    if v.seat is not None and not 0 <= v.seat < n:
        raise ValueError(f"seat: {v.seat} is not a seat of a {n}-player game")
    if not 0 <= v.turn < n:
        raise ValueError(f"turn: {v.turn} is not a seat of a {n}-player game")
    if any(len(field) != n for field in (v.hand_sizes, v.teams, v.won)):
        raise ValueError(f"hand_sizes/teams/won: need one entry per seat ({n})")
    if v.hand is not None and any(o not in objects for o in v.hand):
        raise ValueError("hand: holds an Object not in the config")
    if any(o not in objects for o in (*v.told, *v.object_discard)):
        raise ValueError("told/object_discard: hold an Object not in the config")
    if v.current_event is not None and v.current_event not in events:
        raise ValueError("current_event: not an Event of the config")
    if any(e not in events for w in v.won for e in w) or any(
        e not in events for e in v.event_discard
    ):
        raise ValueError("won/event_discard: hold an Event not in the config")
    for i, record in enumerate(v.history):
        if not 0 <= record.seat < n or record.event not in events or len(record.votes) != n:
            raise ValueError(f"history[{i}]: a seat, an Event of the config, a vote per seat")
        if any(o not in objects for o in record.used):
            raise ValueError(f"history[{i}].used: holds an Object not in the config")
    for name, sizes in (("team_sizes", v.team_sizes), ("team_totals", v.team_totals)):
        if sizes is not None and len(sizes) != len(TEAMS):
            raise ValueError(f"{name}: one number per team")


def rounds_played(state: State) -> int:
    """Turns finished (one per Event drawn)."""
    return len(state.history)
