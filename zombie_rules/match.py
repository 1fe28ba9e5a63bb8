"""One match driver under every front end: chance, bots, people, undo, logs and the record.

A :class:`Match` is one game being played: the title, its config, who sits at each
seat (a person, or a bot), and every state and move so far. It is the loop that the
terminal, the web server, :func:`zombie_rules.play.play_out` (and so simulations)
and a custom front end all run, so each gets the same fair turn order, the same
bots, the same undo and the same per-seat accounts:

- :meth:`Match.advance` lets chance and the bots move until a person must act;
- :meth:`Match.read` and :meth:`Match.choice` turn a person's typed text or menu
  pick into a move, checking it against the legal moves without applying it;
- :meth:`Match.play` applies a move, once;
- :meth:`Match.choices` gives a seat's moves with their labels, built once per
  state however often a screen or a server asks;
- :meth:`Match.log` is a seat's account of the game so far, told move by move from
  the states the match already holds (no move is applied again to tell it);
- :meth:`Match.undo` takes a person's last decision back, but only while nothing that
  followed it showed the person anything (:meth:`Match.can_undo` says why not);
- :meth:`Match.forced` is a seat's only move, and ``auto_forced`` seats have it
  played for them by :meth:`Match.advance`;
- :meth:`Match.record` and :meth:`Match.from_record` save and resume.

Randomness comes from one ``random.Random(seed)`` the match owns, drawn in the same
order as :func:`~zombie_rules.play.play_out`: a seeded match with bots in every
seat is that function's game. The rules stay pure; only this driver draws.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any, Generic, TypeVar

import attrs

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig, ZombieRulesError
from zombie_rules.core.game import Game
from zombie_rules.core.notation import suggest, typed_actor
from zombie_rules.core.validation import expect_seat, short
from zombie_rules.play import (
    Agent,
    Record,
    choose_move,
    expect_config,
    make_agent,
    pick_actor,
    sample_chance,
)

C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

#: The seat entry of a person (``None`` means the same).
PERSON = "person"

#: A seat of a match: a person, a bot by name (``"random"``, ``"heuristic"``,
#: ``"ismcts"``), or an agent object.
SeatSpec = str | Agent | None


@attrs.frozen
class Choice(Generic[M]):
    """One move a seat may make now, as a menu shows it.

    ``index`` is its place among the seat's legal moves (0-based), ``notation`` what
    ``parse_move`` reads back, ``label`` the first line of its account for the seat.
    """

    index: int
    move: M
    notation: str
    label: str


@attrs.frozen
class Decision:
    """A point where a person was asked to move: which seat, after how many moves, and the
    random generator's state before that seat was picked (undo restores it)."""

    seat: int
    index: int
    rng: Any = attrs.field(repr=False)


def expect_own(text: str, seat: int) -> None:
    """:class:`IllegalMove` when ``text``'s actor prefix names another seat than ``seat``.

    Checked before the text is parsed against the true state: a title's notation error
    may quote what only the named actor may know (its hand), so a seat's text is read
    only as that seat's own move. Only a seat number or ``chance`` before the first
    colon is a prefix (:func:`~zombie_rules.core.notation.typed_actor`): a colon in a
    story is not one.
    """
    actor, _ = typed_actor(text)
    if actor is None or actor == seat:
        return
    raise IllegalMove(
        f"{short(text)} is {seat_name(actor)}'s move; you are seat {seat}"
        if actor == CHANCE
        else f"{short(text)} is seat {actor}'s move; you are seat {seat}"
    )


def unprefixed(message: str, prefix: str) -> str:
    """``message`` without the actor ``prefix`` (``"0: "``) the driver added to what was typed.

    A title quotes the text it parsed (``'0: drow pile': ...``) or the move (``0: burn:
    ...``); a person who typed ``drow pile`` is shown ``'drow pile': ...``.
    """
    if message.startswith(prefix):
        message = message[len(prefix) :]
    return message.replace(f"'{prefix}", "'").replace(f'"{prefix}', '"')


class CannotUndo(ZombieRulesError):
    """An undo the match refuses, in words for the person: nothing of the seat's to take
    back, another seat moved since, or something since showed the seat what it did not know."""


#: How many worlds the seat cannot tell from the true one each move is tried in, to see
#: whether it showed the seat anything. Enough that a move that reveals a card is caught
#: unless every world deals the very card the seat saw there; an undo is rare, and each
#: verdict is worked out once.
UNDO_WORLDS = 6


def reveals(
    game: Game[Any, S, M, Any], before: S, move: M, after: S, seat: int, seed: int = 0
) -> bool:
    """Whether ``move`` (which led from ``before`` to ``after``) may have shown ``seat``
    something it did not know.

    The seat saw its view of ``after``. The seat's own move, and a chance move with
    every outcome it may have, are tried in :data:`UNDO_WORLDS` states drawn by
    ``game.determinize`` from ``seed`` (worlds the seat cannot tell from the true
    one): the move revealed something when, in one of them, the seat would have seen
    another view (a card drawn or looked at, a roll, a vote count, a card turned
    face up). Another seat's move always counts: its choice is news to the seat.

    The verdict depends only on what the seat knew and what it saw, never on the
    hidden cards themselves (``determinize`` draws from the seat's knowledge), so a
    refusal tells the seat nothing either. A move that is illegal in some world tells
    the worlds apart, so it counts too. Nothing here names a title: only its
    ``determinize``, ``chance_weights``, ``apply`` and ``view``.
    """
    owner = getattr(move, "seat", None)
    if owner != seat and owner != CHANCE:
        return True
    apply, view = game.apply, game.view
    seen = view(after, seat)
    rng = random.Random(seed)
    for _ in range(UNDO_WORLDS):
        world = game.determinize(before, seat, rng)
        outcomes = game.chance_weights(world)[0] if owner == CHANCE else (move,)
        for outcome in outcomes:
            try:
                if view(apply(world, outcome), seat) != seen:
                    return True
            except IllegalMove:
                return True
    return False


def _cut(told: str, limit: int = 160) -> str:
    """A move's account on one line, cut short: a refusal names what was shown, briefly."""
    line = " ".join(told.split())
    return line if len(line) <= limit else line[: limit - 3].rstrip() + "..."


class Match(Generic[C, S, M, V]):
    """A game of ``game`` at ``config`` with one entry of ``seats`` per seat, seeded.

    ``seats`` holds, per seat, :data:`PERSON` (or ``None``) for a person, an agent name
    (anything :func:`~zombie_rules.play.make_agent` knows) or an agent object; leaving
    it out seats a person everywhere. Raises :class:`InvalidConfig` for a config of
    another title, a wrong number of seats or an unknown agent name.

    ``history=False`` keeps only the current state (a simulation's games need no
    more, and every state kept alive is work for the garbage collector): the logs,
    undo and the states before the current one are then not available.

    ``auto_forced`` names the people's seats whose forced moves (a seat's only legal
    move, :meth:`forced`) :meth:`advance` plays for them, as it plays a bot's: ``True``
    for every person, or a collection of seats. The attribute :attr:`auto_forced` is
    a set a front end may change during the game (a setting the person toggles).
    """

    def __init__(
        self,
        game: Game[C, S, M, V],
        config: C | None = None,
        seats: Sequence[SeatSpec] | None = None,
        seed: int = 0,
        *,
        history: bool = True,
        auto_forced: bool | Collection[int] = False,
    ) -> None:
        self.game = game
        self.history = history
        self.config: C = expect_config(game, config)
        players = game.players(self.config)
        entries: tuple[SeatSpec, ...] = (PERSON,) * players if seats is None else tuple(seats)
        if len(entries) != players:
            raise InvalidConfig(
                "seats", f"{game.name} with this config has {players} seats, not {len(entries)}"
            )
        self.agents: dict[int, Agent] = {}
        persons = []
        for seat, entry in enumerate(entries):
            if entry is None or entry == PERSON:
                persons.append(seat)
            elif isinstance(entry, str):
                self.agents[seat] = make_agent(game, entry)
            else:
                self.agents[seat] = entry
        #: The seats people play, in seat order.
        self.persons: tuple[int, ...] = tuple(persons)
        #: The people's seats whose only move :meth:`advance` plays for them.
        chosen = self.persons if auto_forced is True else auto_forced or ()
        self.auto_forced: set[int] = set(chosen) & set(self.persons)
        self.seed = seed
        self.rng = random.Random(seed)
        #: Every state so far, the first one ``new_game(config)``; ``states[i + 1]`` is
        #: what ``moves[i]`` led to.
        self.states: list[S] = [game.new_game(self.config)]
        self.moves: list[M] = []
        self.decisions: list[Decision] = []
        #: The person the match waits for (picked fairly among the seats that may act),
        #: or ``None`` when nobody is picked yet or the game is over.
        self.waiting: int | None = None
        self._logs: dict[int | None, list[str]] = {}
        self._choices: dict[int, tuple[int, tuple[Choice[M], ...]]] = {}
        self._legal: tuple[int, tuple[M, ...]] = (-1, ())
        # Whether moves[i] showed seat s anything, by (i, s): each verdict is worked out once.
        self._revealing: dict[tuple[int, int], bool] = {}

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> S:
        """The current state."""
        return self.states[-1]

    @property
    def version(self) -> int:
        """How many moves have been made (chance outcomes included)."""
        return len(self.moves)

    @property
    def over(self) -> bool:
        """Whether the game has ended (nobody may act)."""
        return not self.game.to_act(self.state)

    def to_act(self) -> frozenset[int]:
        """The seats that may act now (``CHANCE`` at a chance node, empty once over)."""
        return self.game.to_act(self.state)

    def all_legal(self) -> tuple[M, ...]:
        """Every seat's legal moves now (computed once per state)."""
        version = len(self.moves)
        if self._legal[0] != version:
            self._legal = (version, tuple(self.game.legal_moves(self.state)))
        return self._legal[1]

    def legal(self, seat: int) -> tuple[M, ...]:
        """``seat``'s legal moves now, in the title's order (the menu's order)."""
        return tuple(m for m in self.all_legal() if getattr(m, "seat", None) == seat)

    def choices(self, seat: int) -> tuple[Choice[M], ...]:
        """``seat``'s moves now with their notation and labels, built once per state.

        A label is the first line of the move's account for ``seat`` (``game.label``);
        screens and servers that ask again for the same state get the same tuple back.
        """
        version = len(self.moves)
        cached = self._choices.get(seat)
        if cached is not None and cached[0] == version:
            return cached[1]
        state = self.state
        label = self.game.label
        made = tuple(
            Choice(index, move, str(move), label(state, move, seat))
            for index, move in enumerate(self.legal(seat))
        )
        self._choices[seat] = (version, made)
        return made

    def log(self, seat: int | None) -> tuple[str, ...]:
        """Every move so far as ``seat`` (``None``: a spectator) was told it, one entry a move.

        Kept move by move: a call tells only the moves since the last one, from the
        states the match holds, so no move is applied again to be told.
        """
        expect_seat(seat, self.game.players(self.config))
        self._expect_history("a log")
        told = self._logs.setdefault(seat, [])
        account = self.game.account
        states, moves = self.states, self.moves
        for index in range(len(told), len(moves)):
            told.append(account(states[index], moves[index], states[index + 1], seat))
        return tuple(told)

    def account(self, index: int, seat: int | None) -> str:
        """Move number ``index`` (0-based) as ``seat`` was told it."""
        if not 0 <= index < len(self.moves):
            raise IndexError(f"move {index}: the match has moves 0-{len(self.moves) - 1}")
        return self.log(seat)[index]

    def record(self) -> Record[C, M]:
        """The game so far as a :class:`~zombie_rules.play.Record` (it holds every secret)."""
        return Record(self.game.name, self.config, tuple(self.moves))

    @classmethod
    def from_record(
        cls,
        game: Game[C, S, M, V],
        record: Record[C, M],
        seats: Sequence[SeatSpec] | None = None,
        seed: int = 0,
    ) -> Match[C, S, M, V]:
        """A match that has made ``record``'s moves, to go on with ``seats``.

        Raises :class:`IllegalMove` naming the move number when the record is not a
        legal game of ``game``, and :class:`InvalidConfig` when it is another title's.
        The random generator starts afresh from ``seed``.
        """
        if record.game != game.name:
            raise InvalidConfig("record", f"the record is of {record.game}, not {game.name}")
        match = cls(game, record.config, seats, seed)
        apply = game.apply
        state = match.states[0]
        for number, move in enumerate(record.moves):
            try:
                state = apply(state, move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {number} of the record: {exc}") from exc
            match.states.append(state)
            match.moves.append(move)
        return match

    # ------------------------------------------------------------ moving

    def advance(self, limit: int | None = None) -> int:
        """Let chance and the bots move until a person must act; how many moves were made.

        When several seats may act, the next is picked fairly (seeded, uniform:
        :func:`~zombie_rules.play.pick_actor`); when that is a person the match
        waits for them (:attr:`waiting`), though any person who may act can move
        meanwhile; a person of :attr:`auto_forced` with only one move is not waited
        for, that move is played (it is theirs: an undo of an earlier decision takes
        it back with the rest). ``limit`` caps the moves of one call (a server request
        must end).
        """
        if self.waiting is not None:
            return 0
        game = self.game
        to_act, apply = game.to_act, game.apply
        agents, rng = self.agents, self.rng
        states, moves = self.states, self.moves
        keep_rng = bool(self.persons)
        keep_states = self.history
        state = states[-1]
        made = 0
        while limit is None or made < limit:
            actors = to_act(state)
            if not actors:
                break
            if CHANCE in actors:
                move = sample_chance(game, state, rng)
            else:
                # The generator as it was before the pick: undo restores it, so the same
                # seat is asked again and the same move brings the same draw.
                before = rng.getstate() if keep_rng else None
                seat = pick_actor(actors, rng)
                agent = agents.get(seat)
                if agent is not None:
                    move = choose_move(game, agent, state, seat, rng)
                else:
                    only = self.forced(seat) if seat in self.auto_forced else None
                    if only is None:
                        self.waiting = seat
                        index = len(moves)
                        if not self.decisions or self.decisions[-1].index != index:
                            self.decisions.append(Decision(seat, index, before))
                        break
                    move = only
            state = apply(state, move)
            if keep_states:
                states.append(state)
            else:
                states[-1] = state
            moves.append(move)
            made += 1
        return made

    def play(self, move: M) -> S:
        """Apply ``move`` (once) and return the state it led to.

        Raises :class:`IllegalMove` (the title's words) and changes nothing when the
        move is not legal now. Bots do not answer until :meth:`advance`.
        """
        after = self.game.apply(self.state, move)
        self._note_decision(move)
        if self.history:
            self.states.append(after)
        else:
            self.states[-1] = after
        self.moves.append(move)
        self.waiting = None
        return after

    def _note_decision(self, move: M) -> None:
        """Remember a person's move as their decision, though the match waited for another.

        Where several seats may act at once (Zombie Run!'s opening peeks, Quarantine Z's
        Decide step) any of them may move while the match waits for the one it picked;
        that move is the mover's decision, in place of the waited-for seat's (which it
        never made), so the mover can take it back. Its generator state is the one
        before the pick. One decision per move number, as the server stores them.
        """
        seat = getattr(move, "seat", None)
        if seat not in self.persons:
            return
        index = len(self.moves)
        decisions = self.decisions
        last = decisions[-1] if decisions else None
        if last is not None and last.index == index:
            if last.seat != seat:
                decisions[-1] = Decision(seat, index, last.rng)
            return
        decisions.append(Decision(seat, index, self.rng.getstate()))

    def choice(self, seat: int, index: int) -> M:
        """The ``index``-th (0-based) of ``seat``'s legal moves; :class:`IllegalMove` if none."""
        legal = self.legal(seat)
        if not legal:
            raise IllegalMove(self.not_yours(seat))
        if not 0 <= index < len(legal):
            raise IllegalMove(
                f"index {index}: seat {seat} has moves 0-{len(legal) - 1} at move {self.version}"
            )
        return legal[index]

    def read(self, seat: int, text: str) -> M:
        """The move ``text`` names for ``seat``, checked against the legal moves, not applied.

        ``text`` is the notation with or without the ``"N: "`` actor prefix; a line
        that does not parse is tried in the title's other readings
        (``game.guide.rewrites``: a Texas Zombies story typed without quotes) before
        giving up. Raises :class:`DecodeError` for text that names no move and
        :class:`IllegalMove` for a move ``seat`` may not make now.

        The words are for the person who typed them: a first word that no move of
        theirs has is answered "unknown move 'drow'; did you mean 'draw pile'?" with a
        guess among their own moves (never chance's notation), and a message never
        quotes the seat prefix the driver adds to what was typed.
        """
        text = text.strip()
        try:
            return self._read_one(seat, text)
        except DecodeError as first:
            for other in self.game.guide.rewrites(text):
                try:
                    return self._read_one(seat, other)
                except (DecodeError, IllegalMove):
                    continue
            raise first from None

    def _read_one(self, seat: int, text: str) -> M:
        game = self.game
        expect_own(text, seat)
        actor, action = typed_actor(text)
        prefix = f"{seat_name(seat)}: "
        typed = text if actor is not None else prefix + action
        keyword = action.split(" ", 1)[0].lower()
        known = self._keywords(seat)
        if known is not None and keyword not in known:
            raise DecodeError(self._unknown(seat, action, keyword))
        try:
            move = game.parse_move(self.state, typed)
            owner = getattr(move, "seat", None)
            if owner != seat:  # a title that read another actor: never play it for this seat
                raise IllegalMove(f"{short(action)} is seat {owner}'s move; you are seat {seat}")
            self.check(move)
        except DecodeError as exc:
            raise DecodeError(unprefixed(str(exc), prefix) if typed != text else str(exc)) from None
        except IllegalMove as exc:
            raise IllegalMove(unprefixed(str(exc), prefix) if typed != text else str(exc)) from None
        return move

    def _keywords(self, seat: int) -> frozenset[str] | None:
        """The first words of the moves a person may make in this title (its guide's, and
        ``seat``'s legal ones now); ``None`` for a title whose guide lists no moves."""
        moves = self.game.guide.moves
        if not moves:
            return None
        legal = (str(m).partition(": ")[2].split(" ", 1)[0] for m in self.legal(seat))
        return frozenset((*(entry.keyword for entry in moves), *legal))

    def _unknown(self, seat: int, action: str, keyword: str) -> str:
        """``unknown move 'drow'; did you mean 'draw pile'?`` from ``seat``'s own moves only.

        The guess is among the seat's legal moves now, then the forms of the guide's
        moves (what a person types); chance's notation is never offered.
        """
        legal = [str(m).partition(": ")[2] for m in self.legal(seat)]
        forms = [form for entry in self.game.guide.moves for form in entry.forms]
        guess = suggest(action, legal) or suggest(action, forms)
        said = f"unknown move {short(keyword, 30)}"
        if guess is not None:
            said += f"; did you mean {guess!r}?"
        now = ", ".join(dict.fromkeys(text.split(" ", 1)[0] for text in legal))
        return f"{said} Your moves now: {now}." if guess else f"{said}; your moves now: {now}"

    def check(self, move: M) -> None:
        """:class:`IllegalMove` in the title's words unless ``move`` is legal now (not applied).

        A legal move is one of ``legal_moves`` once any free text is set aside
        (``without_annotation``); only a refused move is handed to ``apply``, for the
        title's explanation of what would be legal.
        """
        game = self.game
        if game.without_annotation(move) in self.all_legal():
            return
        game.apply(self.state, move)  # raises IllegalMove, saying what is legal
        raise IllegalMove(f"{short(str(move))} is not a legal move now")  # pragma: no cover

    def rewind(self, version: int, rng_state: Any) -> None:
        """Drop every move from ``version`` on and put the random generator back at ``rng_state``.

        For a driver that could not keep what it just played (a server whose database
        refused the write): the match is then exactly as it was before, so nothing
        stays half-applied. Unlike :meth:`undo` it takes back any seat's moves.
        """
        self._expect_history("rewind")
        if not 0 <= version <= len(self.moves):
            raise ValueError(f"version {version}: the match has {len(self.moves)} moves")
        self._forget(version)
        self.rng.setstate(rng_state)

    def _expect_history(self, what: str) -> None:
        if not self.history:
            raise ValueError(f"{what} needs the match's history: this one has history=False")

    def not_yours(self, seat: int) -> str:
        """Why ``seat`` has no move now: the game is over, or whom the game waits for."""
        actors = self.to_act()
        if not actors:
            return "the game is over"
        waiting = ", ".join(seat_name(a) for a in sorted(actors))
        return f"it is not seat {seat}'s move; waiting for seat(s) {waiting}"

    def forced(self, seat: int) -> M | None:
        """``seat``'s only legal move now, or ``None`` when it has none or a choice.

        What a front end may play for a person who asked for it (``auto_forced``, or a
        setting of its own), or show as "your only move".
        """
        legal = self.legal(seat)
        return legal[0] if len(legal) == 1 else None

    def can_undo(self, seat: int) -> str | None:
        """Why :meth:`undo` would refuse ``seat`` now, in words for a person (``None``: no reason).

        A person may take back their last decision only while nothing since has shown
        them anything they did not know, as on Board Game Arena: not after their move
        or chance showed a card, a roll, a vote (:func:`reveals`, tried in worlds the
        seat cannot tell apart), nor after another seat's move. Otherwise the same
        move again would meet the same future, and a different one would be chosen
        knowing it. Each verdict is worked out once per move and seat.
        """
        expect_seat(seat, self.game.players(self.config))
        self._expect_history("undo")
        now = len(self.moves)
        mine = self._made(seat)
        if not mine:
            return "Nothing to undo: you have not moved yet."
        start = mine[-1].index
        for move in self.moves[start:]:
            owner = getattr(move, "seat", None)
            if owner != seat and owner != CHANCE:
                return (
                    f"Cannot undo: seat {owner} has moved since your last move, and only"
                    " your own moves can be taken back."
                )
        for index in range(start, now):
            if not self._revealed(index, seat):
                continue
            mine_too = getattr(self.moves[index], "seat", None) == seat
            what = "your move" if mine_too else "what followed your move"
            return (
                f"Cannot undo: {what} showed you something new ({_cut(self.log(seat)[index])})."
                " A move can only be taken back while nothing has been revealed."
            )
        return None

    def _made(self, seat: int) -> list[Decision]:
        """``seat``'s decisions that it did make: asked to move, it moved (not another seat)."""
        moves = self.moves
        return [
            d
            for d in self.decisions
            if d.seat == seat
            and d.index < len(moves)
            and getattr(moves[d.index], "seat", None) == seat
        ]

    def _revealed(self, index: int, seat: int) -> bool:
        key = (index, seat)
        verdict = self._revealing.get(key)
        if verdict is None:
            states = self.states
            verdict = reveals(
                self.game, states[index], self.moves[index], states[index + 1], seat, index
            )
            self._revealing[key] = verdict
        return verdict

    def undo(self, seat: int) -> tuple[M, ...]:
        """Take back ``seat``'s last decision and everything after it; the moves taken back.

        Raises :class:`CannotUndo` with :meth:`can_undo`'s reason when the seat has not
        moved yet, another seat has moved since, or something since showed the seat
        what it did not know. The random generator goes back to where it stood, so the
        same seat is asked again (nothing it saw can be seen differently: it saw
        nothing new).
        """
        refused = self.can_undo(seat)
        if refused is not None:
            raise CannotUndo(refused)
        target = self._made(seat)[-1]
        taken = tuple(self.moves[target.index :])
        self._forget(target.index)
        self.rng.setstate(target.rng)
        return taken

    def _forget(self, version: int) -> None:
        """Drop every move from ``version`` on, with all that was worked out from them."""
        del self.moves[version:]
        del self.states[version + 1 :]
        self.decisions = [d for d in self.decisions if d.index < version]
        self.waiting = None
        for told in self._logs.values():
            del told[version:]
        self._revealing = {k: v for k, v in self._revealing.items() if k[0] < version}
        self._choices.clear()
        self._legal = (-1, ())
