"""One game being played on the server: its seats, their tokens, every state and move.

What is secret here never leaves the server before the game ends: the seed and the
random generator's state (with them and the moves anyone could replay the draws and
learn every hidden card), and the full record (it holds every card). A table keeps
only the SHA-256 digests of its tokens: a person seat's token and the admin token are
handed out once, in the creation answer. Everything a seat is sent is built from
``game.view(state, seat)``, the seat's account of each move and the seat's own legal
moves. The game itself is a :class:`~zombie_rules.match.Match`, the driver every front
end shares; a table adds the tokens, the lock, the bounds and the web's rules for
stale and malformed requests.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections.abc import Sequence
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import with_moves
from zombie_rules.core.errors import DecodeError, IllegalMove
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short
from zombie_rules.match import CannotUndo, Match, expect_own
from zombie_rules.play import Record, agent_names
from zombie_rules.serialize import to_data

AnyGame = Game[Any, Any, Any, Any]

#: The seat kind of a person; every other kind names a bot (``random`` or a title's agent).
PERSON = "person"
#: Moves the bots (and chance) may make in one request. Every shipped title ends its
#: games by itself under its default limits, but a config can lift them
#: (``round_limit=None``); a request must still end. Play resumes on the next request.
MAX_AUTOMATIC_MOVES = 20_000
#: Moves one game may hold (an import's included). Every state is kept (about 0.5-0.7 KB
#: each), so this bounds one game's memory; a game that reaches it is ended.
MAX_MOVES = 50_000
#: Keys a move body may hold.
MOVE_KEYS = frozenset({"index", "notation", "version", "undos", "auto_forced"})
#: Why no undo is possible once the game is over (for every seat alike).
GAME_OVER_UNDO = "Cannot undo: the game is over, nothing can be taken back."
#: Keys an undo body may hold.
UNDO_KEYS = frozenset({"version", "undos", "auto_forced"})
#: Why a game ended early, when it did not end by the rules.
ENDED_BY_ADMIN = "ended by its admin"
ENDED_AT_LIMIT = f"ended at the server's limit of {MAX_MOVES} moves"


class NotFound(LookupError):
    """No such game (never created, deleted, or dropped after idling), or no such seat."""


class Forbidden(PermissionError):
    """A request without the token that the seat or the game's admin was given."""


class Stale(RuntimeError):
    """A move posted for a position that has moved on (a double click, two tabs)."""


class Refused(RuntimeError):
    """An undo the match refuses (a 409), with the match's reason for the asking seat."""


def new_token() -> str:
    """A fresh token: 192 random bits."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    """What is kept of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _same(token: str | None, expected: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``expected`` (compared in constant time)."""
    if token is None or expected is None:
        return False
    return secrets.compare_digest(digest(token), expected)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_kinds(game: AnyGame) -> tuple[str, ...]:
    """What may sit at a seat of ``game``: a person, or any bot every front end offers."""
    return (PERSON, *agent_names(game))


def _wish(body: dict[str, Any]) -> bool | None:
    """A request's ``auto_forced`` (``None``: not sent); :class:`DecodeError` if not a bool."""
    wish = body.get("auto_forced")
    if wish is not None and not isinstance(wish, bool):
        raise DecodeError(f"auto_forced: expected true or false, not {short(wish)}")
    return wish


class Table:
    """One game being played: its seats, their token digests, and the match between them.

    All reads and writes of a table go through :attr:`lock`, so two moves posted at
    once are applied one after the other, each checked against the position the
    other left, and no move is lost or applied twice.

    ``imported`` is how many moves came from an imported record (``None``: none):
    those moves are the importer's, chance included, and every seat is told so.
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
        *,
        imported: int | None = None,
        public: bool = False,
        client: str = "-",
    ) -> None:
        self.id = game_id
        self.game = game
        self.config = config
        self.seats = tuple(seats)
        self.seed = seed
        self.match: Match[Any, Any, Any, Any] = match or Match(game, config, self.seats, seed)
        self.imported = imported
        self.public = public
        self.client = client
        #: Why the game ended other than by the rules (``None``: it did not).
        self.ended: str | None = None
        #: Digests of the person seats' tokens, and of the admin's.
        self.token_digests: dict[int, str] = {}
        self.admin_digest = ""
        #: The tokens just issued, until :func:`~zombie_rules.web.store.created` hands them out.
        self.issued: dict[str, Any] = {"seats": {}, "admin": None}
        self.lock = threading.Lock()
        #: Undos made: a move chosen before one is stale, even at the same move number
        #: (the position at that number may be another one now).
        self.undos = 0
        self.created = now
        #: When a move was last made (or the game made): idle time counts from here.
        self.touched = now
        self._encoded: dict[int | None, tuple[tuple[int, str | None, int], bytes]] = {}

    def issue_tokens(self) -> dict[str, Any]:
        """New tokens for every person seat and the admin; only their digests are kept."""
        seats = {s: new_token() for s, kind in enumerate(self.seats) if kind == PERSON}
        admin = new_token()
        self.token_digests = {s: digest(t) for s, t in seats.items()}
        self.admin_digest = digest(admin)
        self.issued = {"seats": seats, "admin": admin}
        return self.issued

    def rotate(self, seat: int) -> str:
        """A fresh token for person ``seat`` in place of the one it had (checked by the caller).

        A seat joining by an invite link takes one, so the creator's copy of the old
        token no longer reads the seat.
        """
        token = new_token()
        self.token_digests[seat] = digest(token)
        return token

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def moves(self) -> list[Any]:
        """Every move so far (the match's own list: read, do not change)."""
        return self.match.moves

    @property
    def over(self) -> bool:
        """Whether the game has ended, by the rules or early (:attr:`ended`)."""
        return self.ended is not None or self.match.over

    def record(self) -> Record[Any, Any]:
        """The game so far as a :class:`Record`: it holds every secret (the server's own use)."""
        return self.match.record()

    def export(self) -> Record[Any, Any]:
        """The full record, once the game is over; :class:`Forbidden` before."""
        if not self.over:
            raise Forbidden(
                f"game {self.id} is not over: until it ends a seat exports its own account"
                " and a spectator the public one"
            )
        return self.match.record()

    def account(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may save of the game: its own account."""
        return {
            "id": self.id,
            "title": self.game.name,
            "config": to_data(self.config),
            "seat": seat,
            "version": self.match.version,
            "imported": self.imported,
            "log": list(self.match.log(seat)),
        }

    def check_seat(self, seat: int) -> None:
        """:class:`NotFound` unless ``seat`` is at this table."""
        if not 0 <= seat < len(self.seats):
            raise NotFound(f"game {self.id} has seats 0-{len(self.seats) - 1}, not {seat}")

    def check_token(self, seat: int, token: str | None) -> None:
        """:class:`Forbidden` unless ``token`` is the one ``seat`` was given."""
        self.check_seat(seat)
        expected = self.token_digests.get(seat)
        if expected is None:
            raise Forbidden(f"seat {seat} of game {self.id} is a bot; nobody reads its cards")
        if not _same(token, expected):
            raise Forbidden(f"seat {seat} of game {self.id}: this request lacks that seat's token")

    def check_admin(self, token: str | None) -> None:
        """:class:`Forbidden` unless ``token`` is the admin's."""
        if not _same(token, self.admin_digest):
            raise Forbidden(f"game {self.id}: only its admin (the admin token) may do that")

    def check_participant(self, token: str | None) -> None:
        """:class:`Forbidden` unless ``token`` is the admin's or any seat's of this game."""
        if _same(token, self.admin_digest):
            return
        if any(_same(token, d) for d in self.token_digests.values()):
            return
        raise Forbidden(f"game {self.id}: this request lacks a token of the game")

    def log(self, seat: int | None) -> tuple[str, ...]:
        """``narrate(record, seat)``, kept up to date move by move instead of replayed."""
        return self.match.log(seat)

    def summary(self, now: float) -> dict[str, Any]:
        """What anyone may know of the game: for the list of public games."""
        return {
            "id": self.id,
            "title": self.game.name,
            "players": len(self.seats),
            "seats": list(self.seats),
            "version": self.match.version,
            "over": self.over,
            "idle_seconds": round(now - self.touched),
        }

    def payload(self, seat: int | None, log_from: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` (``None``: a spectator) may be sent now.

        The view as the title's JSON data and as text, a board built from that view
        alone (its elements carrying the seat's own moves they stand for:
        :func:`~zombie_rules.core.board.with_moves`), the seat's own legal moves
        labelled as the seat would be told them, each with its ``group`` (the
        notation's first word, for a menu of many; built once per position, however
        often the seat asks), ``undos`` (undos so far: a move chosen before one is
        stale), ``can_undo`` (whether :meth:`undo` would take a move back now) and
        ``undo_reason`` (why not, in the match's words: :meth:`undo_refused`; ``None``
        when it would, and for a spectator, who has nothing to take back),
        and the seat's log: the game as this seat was told it. ``log_from``: only the
        log's entries from that one on (a push sends what the seat has not seen), with
        ``log_from`` set.
        The seed is sent once the game is over, so anyone may check the draws.
        """
        game = self.game
        match = self.match
        state = match.state
        view = game.view(state, seat)
        over = self.over
        actors = frozenset() if over else game.to_act(state)
        result = game.result(state)
        moves = []
        choices: tuple[Any, ...] = ()
        if seat is not None and not over:
            choices = match.choices(seat)
            moves = [
                {
                    "index": c.index,
                    "notation": c.notation,
                    "label": c.label,
                    "group": c.notation.partition(": ")[2].partition(" ")[0],
                }
                for c in choices
            ]
        log = match.log(seat)
        refused = None if seat is None else self.undo_refused(seat)
        answer = {
            "id": self.id,
            "title": game.name,
            "seat": seat,
            "players": len(self.seats),
            "seats": [{"seat": s, "kind": kind} for s, kind in enumerate(self.seats)],
            "version": match.version,
            "to_act": sorted(a for a in actors if a != CHANCE),
            "chance_pending": CHANCE in actors,
            "over": over,
            "ended": self.ended,
            "imported": self.imported,
            "seed": self.seed if over else None,
            "result": None if result is None else to_data(result),
            "view": to_data(view),
            "text": game.render(view),
            "board": with_moves(game.board(view), choices),
            "moves": moves,
            "undos": self.undos,
            "can_undo": seat is not None and refused is None,
            "undo_reason": refused,
            "log": list(log if log_from is None else log[log_from:]),
        }
        if log_from is not None:
            answer["log_from"] = log_from
        return answer

    def undo_refused(self, seat: int) -> str | None:
        """Why :meth:`undo` would refuse ``seat`` now (``None``: it would take a move back).

        The match's own reason (:meth:`~zombie_rules.match.Match.can_undo`), so the page
        offers the button exactly when the request would be granted and says why not
        otherwise. That reason is worked out from what the seat knew and saw (its own
        account, worlds it cannot tell apart), so it reads the same in states the seat
        cannot tell apart; each verdict is worked out once per move and seat.
        """
        if self.over:
            return GAME_OVER_UNDO
        return self.match.can_undo(seat)

    def at(self, seat: int | None, version: int) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) was shown after move ``version``: a replay step.

        The view of that state, its text and board, and the seat's log up to it. It is
        the seat's own past, so never more than the seat was entitled to then; who may
        ask for which seat is the caller's check (a seat its own, anyone with a token of
        the game every seat's once the game is over).
        """
        match = self.match
        if not 0 <= version <= match.version:
            raise NotFound(f"game {self.id} has moves 0-{match.version}, not {short(version)}")
        game = self.game
        state = match.states[version]
        view = game.view(state, seat)
        result = game.result(state)
        return {
            "id": self.id,
            "title": game.name,
            "seat": seat,
            "players": len(self.seats),
            "version": version,
            "of": match.version,
            "over": self.over,
            "result": None if result is None else to_data(result),
            "view": to_data(view),
            "text": game.render(view),
            "board": game.board(view),
            "log": list(match.log(seat)[:version]),
        }

    def encoded(self, seat: int | None) -> bytes:
        """:meth:`payload` as JSON bytes, encoded once per position and seat (the lock held)."""
        key = (self.match.version, self.ended, self.undos)
        cached = self._encoded.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        data = json.dumps(self.payload(seat), ensure_ascii=False, separators=(",", ":"))
        body = data.encode("utf-8")
        self._encoded[seat] = (key, body)
        return body

    # ------------------------------------------------------------ playing

    def advance(self) -> int:
        """Let chance and the bots move until a person must act; returns how many moved.

        When several seats may act at once the match's seeded pick chooses, as every
        driver does; when it picks a person the server waits for that person (any
        person who may act can post meanwhile). A game that reaches :data:`MAX_MOVES`
        is ended.
        """
        if self.ended is not None:
            return 0
        room = MAX_MOVES - self.match.version
        made = self.match.advance(max(0, min(MAX_AUTOMATIC_MOVES, room)))
        if self.match.version >= MAX_MOVES and not self.match.over:
            self.ended = ENDED_AT_LIMIT
        return made

    def end(self) -> None:
        """End the game now (its admin's call): no more moves; the full record may be read."""
        if not self.over:
            self.ended = ENDED_BY_ADMIN

    def play(self, seat: int, body: object) -> None:
        """Apply the move ``body`` names for ``seat``, then let the bots answer.

        ``body`` is ``{"index": N}`` (the N-th of the seat's legal moves as the seat
        was sent them) or ``{"notation": TEXT}`` (with or without the ``"N: "``
        prefix), with ``"version"``: the number of moves the sender had seen
        (required). A move sent from an older position is refused with :class:`Stale`
        when the seat has moved since (a double click, a second tab) or its choices
        are no longer the ones it was shown; a move by another seat in between (the
        others voting at the same time) does not make it stale. Text naming another
        seat is refused before it is read against the game. Bad input raises
        :class:`DecodeError` or :class:`IllegalMove` and changes nothing. The move is
        checked against the legal moves and applied once.
        """
        move = self._read_move(seat, body)
        assert isinstance(body, dict)  # _read_move refuses anything else
        wish = _wish(body)
        self.match.play(move)
        self._prefer(seat, wish)
        self.advance()

    def _prefer(self, seat: int, wish: bool | None) -> None:
        """The seat's wish, sent with each request, to have its forced moves played for it.

        ``"auto_forced": true`` lets the match play the seat's only legal move whenever
        it has one (:attr:`Match.auto_forced`); ``false`` asks again every time; left
        out, nothing changes. Sent with every move, it needs no storing.
        """
        if wish is True:
            self.match.auto_forced.add(seat)
        elif wish is False:
            self.match.auto_forced.discard(seat)

    def _read_move(self, seat: int, body: object) -> Any:
        if not isinstance(body, dict):
            raise DecodeError(
                f'a move must be a JSON object like {{"index": 0, "version": 12}} or'
                f' {{"notation": "...", "version": 12}}, not {short(body)}'
            )
        extra = sorted(set(body) - MOVE_KEYS)
        if extra:
            raise DecodeError(
                f"unknown key(s) {', '.join(map(repr, extra))}; a move takes"
                f" {', '.join(sorted(MOVE_KEYS))}"
            )
        text = body.get("notation")
        if isinstance(text, str):
            # The seat first: text in another seat's name never meets the true state
            # (a notation error may quote the named actor's hand).
            expect_own(text.strip(), seat)
        if "version" not in body:
            raise DecodeError(
                'version: required; send the "version" of the answer the move was chosen from'
            )
        version = body["version"]
        if not _is_int(version):
            raise DecodeError(f"version: expected an integer, not {short(version)}")
        has_index = "index" in body
        if has_index == ("notation" in body):
            raise DecodeError('give exactly one of "index" and "notation"')
        if self.ended is not None:
            raise IllegalMove(f"the game is over: {self.ended}")
        self._expect_same_line(body)
        self._expect_fresh(seat, version)
        match = self.match
        if CHANCE in match.to_act():  # pragma: no cover - advance leaves none
            raise IllegalMove("the game is waiting for chance, not for a seat")
        if has_index:
            index = body["index"]
            if not _is_int(index):
                raise DecodeError(f"index: expected an integer, not {short(index)}")
            return match.choice(seat, index)
        if not isinstance(text, str):
            raise DecodeError(f"notation: expected a string, not {short(text)}")
        return self._parse(text.strip(), seat)

    def _expect_same_line(self, body: dict[str, Any]) -> None:
        """:class:`Stale` when ``body`` was chosen before a move was taken back."""
        if "undos" not in body:
            return
        undos = body["undos"]
        if not _is_int(undos):
            raise DecodeError(f"undos: expected an integer, not {short(undos)}")
        if undos != self.undos:
            raise Stale("a move was taken back since you chose; look again and choose")

    def undo(self, seat: int, body: object) -> tuple[Any, ...]:
        """Take back ``seat``'s last decision (:meth:`Match.undo`), then let the bots answer.

        ``body`` is ``{"version": N}`` (and ``"undos"``), the answer the seat saw, so an
        undo sent from an old screen takes back nothing it did not mean. Refused with
        :class:`Refused` and the match's reason (for the asking seat only) when the
        match will not take it back: nothing of the seat's to take back, another seat
        has moved since, or something was revealed to the seat since.
        """
        if not isinstance(body, dict):
            raise DecodeError(
                f'an undo must be a JSON object like {{"version": 12}}, not {short(body)}'
            )
        extra = sorted(set(body) - UNDO_KEYS)
        if extra:
            raise DecodeError(
                f"unknown key(s) {', '.join(map(repr, extra))}; an undo takes"
                f" {', '.join(sorted(UNDO_KEYS))}"
            )
        version = body.get("version")
        if not _is_int(version):
            raise DecodeError('version: required; send the "version" of the answer you saw')
        if self.over:
            raise Refused(GAME_OVER_UNDO)
        self._expect_same_line(body)
        if version != self.match.version:
            raise Stale(f"version {short(version)}: the game is at move {self.match.version}")
        wish = _wish(body)
        try:
            taken = self.match.undo(seat)
        except CannotUndo as exc:
            raise Refused(str(exc)) from None
        self.undos += 1
        # The undone move is asked again: a forced move is not played for the seat at
        # once, or the undo would be taken straight back.
        self.match.auto_forced.discard(seat)
        self.advance()
        self._prefer(seat, wish)
        return taken

    def _expect_fresh(self, seat: int, version: int) -> None:
        """:class:`Stale` unless a move ``seat`` chose at move ``version`` still means the same."""
        match = self.match
        now = match.version
        if version == now:
            return
        if not 0 <= version < now:
            raise Stale(f"version {short(version)}: the game is at move {now}")
        moved = any(m.seat == seat for m in match.moves[version:])
        legal = self.game.legal_moves
        then = tuple(m for m in legal(match.states[version]) if m.seat == seat)
        if moved or then != match.legal(seat):
            raise Stale(
                f"the game has moved on since move {version} (it is at move {now}) and your"
                " choices have changed; look again and choose"
            )

    def _parse(self, text: str, seat: int) -> Any:
        """The move ``text`` names for ``seat``, read as every front end reads it (the match's
        ``read``: text naming another seat refused before it meets the state; checked, not
        applied)."""
        return self.match.read(seat, text)
