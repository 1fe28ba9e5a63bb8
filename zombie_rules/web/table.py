"""One game being played on the server: its seats, their tokens, every state and move.

Three things here are secret and never leave except to the one who may have them:
a person seat's token (only in the creation answer), the owner token (idem; it
deletes and exports the game), and the seed (idem: with the seed and the moves so far
anyone could replay the random draws and learn every hidden card). Everything a seat
is sent is built from ``game.view(state, seat)``, the seat's account of each move and
the seat's own legal moves. The game itself is a :class:`~zombie_rules.match.Match`,
the driver every front end shares; a table adds the seats' tokens, the lock and the
web's rules for stale and malformed requests.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Sequence
from typing import Any

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.errors import DecodeError, IllegalMove
from zombie_rules.core.game import Game
from zombie_rules.core.notation import split_actor
from zombie_rules.core.validation import short
from zombie_rules.match import Match
from zombie_rules.play import Record, agent_names
from zombie_rules.serialize import to_data

AnyGame = Game[Any, Any, Any, Any]

#: The seat kind of a person; every other kind names a bot (``random`` or a title's agent).
PERSON = "person"
#: Moves the bots (and chance) may make in one request. Every shipped title ends its
#: games by itself under its default limits, but a config can lift them
#: (``round_limit=None``); a request must still end. Play resumes on the next request.
MAX_AUTOMATIC_MOVES = 20_000
#: Keys a move body may hold.
MOVE_KEYS = frozenset({"index", "notation", "version"})


class NotFound(LookupError):
    """No such game (never created, deleted, or dropped after idling), or no such seat."""


class Forbidden(PermissionError):
    """A request without the token that the seat or the game's owner was given."""


class Stale(RuntimeError):
    """A move posted for a position that has moved on (a double click, two tabs)."""


def _token() -> str:
    return secrets.token_urlsafe(24)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_kinds(game: AnyGame) -> tuple[str, ...]:
    """What may sit at a seat of ``game``: a person, or any bot every front end offers."""
    return (PERSON, *agent_names(game))


class Table:
    """One game being played: its seats, their tokens, and the match between them.

    All reads and writes of a table go through :attr:`lock`, so two moves posted at
    once are applied one after the other, each checked against the position the
    other left, and no move is lost or applied twice.
    """

    def __init__(
        self,
        game_id: str,
        game: AnyGame,
        config: Any,
        seats: Sequence[str],
        seed: int,
        now: float,
        match: Match[Any, Any, Any, Any] | None = None,
    ) -> None:
        self.id = game_id
        self.game = game
        self.config = config
        self.seats = tuple(seats)
        self.seed = seed
        self.tokens = {s: _token() for s, kind in enumerate(self.seats) if kind == PERSON}
        self.owner_token = _token()
        self.match: Match[Any, Any, Any, Any] = match or Match(game, config, self.seats, seed)
        self.lock = threading.Lock()
        self.created = now
        self.touched = now

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def moves(self) -> list[Any]:
        """Every move so far (the match's own list: read, do not change)."""
        return self.match.moves

    def record(self) -> Record[Any, Any]:
        """The game so far as a :class:`Record`: the save file (it holds every secret)."""
        return self.match.record()

    def check_seat(self, seat: int) -> None:
        """:class:`NotFound` unless ``seat`` is at this table."""
        if not 0 <= seat < len(self.seats):
            raise NotFound(f"game {self.id} has seats 0-{len(self.seats) - 1}, not {seat}")

    def check_token(self, seat: int, token: str | None) -> None:
        """:class:`Forbidden` unless ``token`` is the one ``seat`` was given."""
        self.check_seat(seat)
        expected = self.tokens.get(seat)
        if expected is None:
            raise Forbidden(f"seat {seat} of game {self.id} is a bot; nobody reads its cards")
        if token is None or not secrets.compare_digest(token.encode(), expected.encode()):
            raise Forbidden(f"seat {seat} of game {self.id}: this request lacks that seat's token")

    def check_owner(self, token: str | None) -> None:
        """:class:`Forbidden` unless ``token`` is the owner's."""
        if token is None or not secrets.compare_digest(token.encode(), self.owner_token.encode()):
            raise Forbidden(f"game {self.id}: only its owner (the owner token) may do that")

    def log(self, seat: int | None) -> tuple[str, ...]:
        """``narrate(record, seat)``, kept up to date move by move instead of replayed."""
        return self.match.log(seat)

    def summary(self, now: float) -> dict[str, Any]:
        """What anyone may know of the game: for the list of games."""
        return {
            "id": self.id,
            "title": self.game.name,
            "players": len(self.seats),
            "seats": list(self.seats),
            "version": self.match.version,
            "over": self.match.over,
            "idle_seconds": round(now - self.touched),
        }

    def payload(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` (``None``: a spectator) may be sent now.

        The view as the title's JSON data and as text, a board built from that view
        alone, the seat's own legal moves labelled as the seat would be told them
        (built once per position, however often the seat asks), and the seat's log:
        the game as this seat was told it. Each object is encoded once, as data; the
        server writes the whole answer as JSON once.
        """
        game = self.game
        match = self.match
        state = match.state
        view = game.view(state, seat)
        actors = game.to_act(state)
        result = game.result(state)
        moves = []
        if seat is not None:
            moves = [
                {"index": c.index, "notation": c.notation, "label": c.label}
                for c in match.choices(seat)
            ]
        return {
            "id": self.id,
            "title": game.name,
            "seat": seat,
            "players": len(self.seats),
            "seats": [{"seat": s, "kind": kind} for s, kind in enumerate(self.seats)],
            "version": match.version,
            "to_act": sorted(a for a in actors if a != CHANCE),
            "chance_pending": CHANCE in actors,
            "over": not actors,
            "result": None if result is None else to_data(result),
            "view": to_data(view),
            "text": game.render(view),
            "board": game.board(view),
            "moves": moves,
            "log": list(match.log(seat)),
        }

    # ------------------------------------------------------------ playing

    def advance(self) -> int:
        """Let chance and the bots move until a person must act; returns how many moved.

        When several seats may act at once the match's seeded pick chooses, as every
        driver does; when it picks a person the server waits for that person (any
        person who may act can post meanwhile).
        """
        return self.match.advance(MAX_AUTOMATIC_MOVES)

    def play(self, seat: int, body: object) -> None:
        """Apply the move ``body`` names for ``seat``, then let the bots answer.

        ``body`` is ``{"index": N}`` (the N-th of the seat's legal moves as the
        seat was sent them) or ``{"notation": TEXT}`` (with or without the
        ``"N: "`` prefix), and optionally ``"version"``: the number of moves the
        sender had seen. A move sent from an older position is refused with
        :class:`Stale` when the seat has moved since (a double click, a second tab)
        or its choices are no longer the ones it was shown; a move by another seat
        in between (the others voting at the same time) does not make it stale. Bad
        input raises :class:`DecodeError` or :class:`IllegalMove` and changes nothing.
        The move is checked against the legal moves and applied once.
        """
        move = self._read_move(seat, body)
        self.match.play(move)
        self.advance()

    def _read_move(self, seat: int, body: object) -> Any:
        if not isinstance(body, dict):
            raise DecodeError(
                f'a move must be a JSON object like {{"index": 0}} or {{"notation": "..."}},'
                f" not {short(body)}"
            )
        extra = sorted(set(body) - MOVE_KEYS)
        if extra:
            raise DecodeError(
                f"unknown key(s) {', '.join(map(repr, extra))}; a move takes"
                f" {', '.join(sorted(MOVE_KEYS))}"
            )
        version = body.get("version")
        if version is not None:
            if not _is_int(version):
                raise DecodeError(f"version: expected an integer, not {short(version)}")
            self._expect_fresh(seat, version)
        has_index = "index" in body
        if has_index == ("notation" in body):
            raise DecodeError('give exactly one of "index" and "notation"')
        match = self.match
        if CHANCE in match.to_act():  # pragma: no cover - advance leaves none
            raise IllegalMove("the game is waiting for chance, not for a seat")
        if has_index:
            index = body["index"]
            if not _is_int(index):
                raise DecodeError(f"index: expected an integer, not {short(index)}")
            return match.choice(seat, index)
        text = body["notation"]
        if not isinstance(text, str):
            raise DecodeError(f"notation: expected a string, not {short(text)}")
        return self._parse(text.strip(), seat)

    def _expect_fresh(self, seat: int, version: int) -> None:
        """:class:`Stale` unless a move ``seat`` chose at move ``version`` still means the same."""
        match = self.match
        now = match.version
        if version == now:
            return
        if not 0 <= version < now:
            raise Stale(f"version {version}: the game is at move {now}")
        moved = any(m.seat == seat for m in match.moves[version:])
        legal = self.game.legal_moves
        then = tuple(m for m in legal(match.states[version]) if m.seat == seat)
        if moved or then != match.legal(seat):
            raise Stale(
                f"the game has moved on since move {version} (it is at move {now}) and your"
                " choices have changed; look again and choose"
            )

    def _parse(self, text: str, seat: int) -> Any:
        """The move ``text`` names, read as ``seat``'s when it has no actor prefix."""
        game = self.game
        state = self.state
        if ":" in text:
            # Refused before the text meets the true state: a notation error may quote
            # the named actor's hand (a Texas Zombies tell names Objects).
            actor, _ = split_actor(text, frozenset())
            if actor != seat:
                raise IllegalMove(
                    f"{short(text)} is seat {seat_name(actor)}'s move; you are {seat}"
                )
        try:
            move = game.parse_move(state, text)
        except DecodeError:
            if ":" in text:
                raise
            move = game.parse_move(state, f"{seat}: {text}")
        if move.seat != seat:
            raise IllegalMove(
                f"{short(text)} is seat {seat_name(move.seat)}'s move; you are {seat}"
            )
        self.match.check(move)
        return move
