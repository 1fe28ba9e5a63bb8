"""The games a web server holds: bounded, and kept in SQLite so a restart loses none.

Plain Python with no web framework in it, so the rules of hosting (who may read what,
when bots move, how many games are kept, what is written before a move is
acknowledged) can be tested without a server.

What is stored, per game (the standard library's :mod:`sqlite3`): the title, config,
seat kinds, seed, the random generator's state and the seat the game waits for, the
points where a person was asked to move (so an undo works after a restart too), the
SHA-256 digests of its tokens (never a token), whether it was imported and how many
moves that brought, whether it is public, the client address that made it, the times
it was made and last moved, and every move, one row each. A move request writes its
moves, the generator's state and the wait in one transaction before it is answered,
so a restart resumes every game where its last acknowledged move left it, drawing on
from the same secret random stream.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.core.validation import short
from zombie_rules.match import Decision, Match
from zombie_rules.play import Record, expect_config
from zombie_rules.registry import get_game
from zombie_rules.serialize import FORMAT_KEY, from_json, to_data, to_json
from zombie_rules.web import setup
from zombie_rules.web.table import MAX_MOVES, AnyGame, NotFound, Table, seat_kinds

#: Games held at once unless the server is told otherwise.
DEFAULT_MAX_GAMES = 100
#: Games one client (address) may hold at once unless told otherwise.
DEFAULT_MAX_GAMES_PER_CLIENT = 10
#: Minutes a game may go without a move before it is dropped, unless told otherwise.
DEFAULT_IDLE_MINUTES = 120
#: The database of a store made without one: nothing outlives the process.
MEMORY = ":memory:"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    rng TEXT NOT NULL,
    waiting INTEGER,
    admin_digest TEXT NOT NULL,
    client TEXT NOT NULL,
    public INTEGER NOT NULL,
    imported INTEGER,
    ended TEXT,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    rng TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""


class Full(RuntimeError):
    """The server holds as many games as it may; ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class TooMany(Full):
    """One client holds as many games as one client may (a 429, not a 503)."""


def decode_config(game: AnyGame, data: object) -> Any:
    """``game``'s config from ``data``: the fields given, the rulebook's for the rest.

    Decoded by the serializer's strict rules, so an unknown field, a wrongly typed
    value or an unplayable combination is refused; the error names the field in the
    set-up form's words (:func:`zombie_rules.web.setup.decode`).
    """
    return setup.decode(game, data)


def _rng_text(rng: random.Random) -> str:
    return json.dumps(rng.getstate())


def _rng_state(text: str) -> Any:
    version, internal, gauss = json.loads(text)
    return (version, tuple(internal), gauss)


class Database:
    """The SQLite file (or ``:memory:``) behind a store: one connection, one lock.

    Written in WAL mode with ``synchronous=FULL``, so a write is on disk when its
    transaction commits: a move is acknowledged only after that.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if path != MEMORY:
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.executescript(_SCHEMA)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def insert(self, table: Table) -> None:
        """Store a new game with its moves so far."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.game.name,
                    to_json(table.config),
                    json.dumps(table.seats),
                    table.seed,
                    _rng_text(table.match.rng),
                    table.match.waiting,
                    table.admin_digest,
                    table.client,
                    int(table.public),
                    table.imported,
                    table.ended,
                    table.created,
                    table.touched,
                ),
            )
            db.executemany(
                "INSERT INTO tokens VALUES (?, ?, ?)",
                [(table.id, s, d) for s, d in table.token_digests.items()],
            )
            self._moves(db, table, 0)

    def _moves(self, db: sqlite3.Connection, table: Table, start: int) -> None:
        """Write the moves and the people's decisions from number ``start`` on (undo's
        starting points: the generator as it stood when each person was asked)."""
        db.execute("DELETE FROM moves WHERE game_id = ? AND number >= ?", (table.id, start))
        db.execute("DELETE FROM decisions WHERE game_id = ? AND number >= ?", (table.id, start))
        db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?)",
            [
                (table.id, n, json.dumps(to_data(m)))
                for n, m in enumerate(table.moves[start:], start)
            ],
        )
        db.executemany(
            "INSERT INTO decisions VALUES (?, ?, ?, ?)",
            [
                (table.id, d.index, d.seat, json.dumps(d.rng))
                for d in table.match.decisions
                if d.index >= start and d.rng is not None
            ],
        )

    def update(self, table: Table, start: int) -> None:
        """Store the moves from number ``start`` on, the generator and the wait, at once.

        Moves stored from ``start`` on are replaced: after an undo the game has fewer,
        or other, moves there than the file holds.
        """
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (table.id,)).fetchone() is None:
                return  # deleted while the request was in flight
            self._moves(db, table, start)
            db.execute(
                "UPDATE games SET rng = ?, waiting = ?, ended = ?, touched = ? WHERE id = ?",
                (
                    _rng_text(table.match.rng),
                    table.match.waiting,
                    table.ended,
                    table.touched,
                    table.id,
                ),
            )

    def set_token(self, table: Table, seat: int) -> None:
        """Store seat ``seat``'s token digest as it is now."""
        with self._transaction() as db:
            db.execute(
                "UPDATE tokens SET digest = ? WHERE game_id = ? AND seat = ?",
                (table.token_digests[seat], table.id, seat),
            )

    def delete(self, game_ids: list[str]) -> None:
        """Forget these games, their tokens and moves."""
        if not game_ids:
            return
        with self._transaction() as db:
            db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in game_ids])

    def load(self) -> Iterator[tuple[Any, ...]]:
        """Every stored game: its row, token digests, moves and decisions."""
        with self._lock:
            games = self._conn.execute("SELECT * FROM games ORDER BY created").fetchall()
            tokens = self._conn.execute("SELECT game_id, seat, digest FROM tokens").fetchall()
            moves = self._conn.execute(
                "SELECT game_id, move FROM moves ORDER BY game_id, number"
            ).fetchall()
            asked = self._conn.execute(
                "SELECT game_id, number, seat, rng FROM decisions ORDER BY game_id, number"
            ).fetchall()
        digests: dict[str, dict[int, str]] = {}
        for game_id, seat, value in tokens:
            digests.setdefault(game_id, {})[seat] = value
        played: dict[str, list[Any]] = {}
        for game_id, move in moves:
            played.setdefault(game_id, []).append(json.loads(move))
        decisions: dict[str, list[Decision]] = {}
        for game_id, number, seat, rng in asked:
            decisions.setdefault(game_id, []).append(Decision(seat, number, _rng_state(rng)))
        for row in games:
            game_id = row[0]
            yield row, digests.get(game_id, {}), played.get(game_id, []), decisions.get(game_id, [])

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _restore(
    row: tuple[Any, ...], digests: dict[int, str], moves: list[Any], decisions: list[Decision]
) -> Table:
    """A stored game as it stood after its last acknowledged request."""
    (
        game_id,
        title,
        config_text,
        seats_text,
        seed,
        rng_text,
        waiting,
        admin_digest,
        client,
        public,
        imported,
        ended,
        created_at,
        touched,
    ) = row
    game = get_game(title)
    config = from_json(game.config_type, config_text)
    seats = tuple(json.loads(seats_text))
    data = {FORMAT_KEY: game.format_version, "game": title, "config": json.loads(config_text)}
    record = from_json(Record, json.dumps({**data, "moves": moves}))
    match = Match.from_record(game, record, seats, seed)
    match.rng.setstate(_rng_state(rng_text))
    match.waiting = waiting
    match.decisions = [d for d in decisions if d.index <= len(match.moves)]
    table = Table(
        game_id,
        game,
        config,
        seats,
        seed,
        created_at,
        match,
        imported=imported,
        public=bool(public),
        client=client,
    )
    table.touched = touched
    table.ended = ended
    table.token_digests = digests
    table.admin_digest = admin_digest
    return table


class Store:
    """The games held, bounded in number, per client and in idle time, kept in ``db``.

    A game with no move for ``idle_seconds`` is dropped (reading it does not keep
    it). When ``max_games`` are held a new game is refused with :class:`Full` (a 503)
    rather than evicting one: a game in progress is never lost to someone else's new
    one; a client holding ``max_games_per_client`` is refused with :class:`TooMany`.
    ``db`` is an SQLite file (made if missing; its games are resumed) or ``:memory:``.
    The clock (seconds since the epoch: it must outlive a restart) is injectable so
    tests can age games.
    """

    def __init__(
        self,
        max_games: int = DEFAULT_MAX_GAMES,
        idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
        clock: Callable[[], float] = time.time,
        db: str = MEMORY,
        max_games_per_client: int = DEFAULT_MAX_GAMES_PER_CLIENT,
    ) -> None:
        if max_games < 1:
            raise ValueError(f"max_games must be at least 1, not {max_games}")
        if max_games_per_client < 1:
            raise ValueError(f"max_games_per_client must be at least 1, not {max_games_per_client}")
        if idle_seconds <= 0:
            raise ValueError(f"idle_seconds must be positive, not {idle_seconds}")
        self.max_games = max_games
        self.max_games_per_client = max_games_per_client
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self.db = Database(db)
        #: Stored games that could not be resumed (a title no longer registered), by id.
        self.unresumed: dict[str, str] = {}
        for row, digests, moves, decisions in self.db.load():
            try:
                table = _restore(row, digests, moves, decisions)
            except (KeyError, ValueError) as exc:
                self.unresumed[row[0]] = short(str(exc), 200)
                continue
            self._tables[table.id] = table

    def __len__(self) -> int:
        with self._lock:
            self._sweep()
            return len(self._tables)

    def _sweep(self) -> None:
        """Drop the games idle too long (the store lock is held)."""
        deadline = self._clock() - self.idle_seconds
        gone = [i for i, t in self._tables.items() if t.touched < deadline]
        for game_id in gone:
            del self._tables[game_id]
        self.db.delete(gone)

    def _check_room(self, client: str) -> None:
        """:class:`Full` or :class:`TooMany` when a new game of ``client`` would not fit."""
        with self._lock:
            self._room(client)

    def _room(self, client: str) -> None:
        self._sweep()
        now = self._clock()
        if len(self._tables) >= self.max_games:
            oldest = min(t.touched for t in self._tables.values())
            wait = max(1, round(oldest + self.idle_seconds - now))
            raise Full(
                f"the server holds its limit of {self.max_games} games; the longest idle"
                f" one is dropped in {wait} s. Delete a finished game or try again later.",
                wait,
            )
        mine = [t for t in self._tables.values() if t.client == client]
        if len(mine) >= self.max_games_per_client:
            oldest = min(t.touched for t in mine)
            wait = max(1, round(oldest + self.idle_seconds - now))
            raise TooMany(
                f"you hold {len(mine)} games, the most one client may; delete one of"
                " them or try again later",
                wait,
            )

    def _add(self, table: Table, client: str) -> None:
        with self._lock:
            self._room(client)
            now = self._clock()
            table.id = secrets.token_urlsafe(9)
            table.client = client
            table.created = table.touched = now
            self.db.insert(table)
            self._tables[table.id] = table

    def create(
        self,
        title: object,
        config: object,
        seats: object,
        seed: object = None,
        *,
        public: bool = False,
        client: str = "-",
    ) -> Table:
        """A new game; bots and chance move at once until a person must act.

        ``seats`` lists one kind per seat: ``"person"``, ``"random"`` or a bot of the
        title (``"heuristic"``). ``seed`` (an int) fixes every random draw; without it
        one is chosen at random (the server's web API lets no client choose it unless
        told to). The tokens are in :attr:`Table.issued` until :func:`created` hands
        them out.
        """
        game, config_value, kinds, seed_value = self._settings(title, config, seats, seed)
        self._check_room(client)
        table = Table("-", game, config_value, kinds, seed_value, 0.0, public=public)
        table.issue_tokens()
        with table.lock:
            table.advance()
        self._add(table, client)
        return table

    def import_record(
        self,
        record: object,
        seats: object,
        seed: object = None,
        *,
        public: bool = False,
        client: str = "-",
    ) -> Table:
        """A game continued from a saved :class:`Record` (a JSON object), with new seats.

        Every move of the record is replayed through the rules and checked; then bots
        and chance move on from where it stopped, drawing from the server's own
        generator (``seed``; without it a secret one). The game is marked imported,
        with the number of moves the record brought, in every seat's answer.
        """
        if not isinstance(record, dict):
            raise DecodeError(f"record: expected a JSON object, not {short(record)}")
        moves = record.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_MOVES:
            raise InvalidConfig(
                "record", f"it holds {len(moves)} moves; a game here holds at most {MAX_MOVES}"
            )
        saved = from_json(Record, json.dumps(record))
        game = get_game(saved.game)
        _, config_value, kinds, seed_value = self._settings(
            saved.game, json.loads(to_json(saved.config)), seats, seed
        )
        self._check_room(client)
        resumed = Record(game.name, config_value, saved.moves)
        match = Match.from_record(game, resumed, kinds, seed_value)
        table = Table(
            "-",
            game,
            config_value,
            kinds,
            seed_value,
            0.0,
            match,
            imported=len(saved.moves),
            public=public,
        )
        table.issue_tokens()
        with table.lock:
            table.advance()
        self._add(table, client)
        return table

    def _settings(
        self, title: object, config: object, seats: object, seed: object
    ) -> tuple[AnyGame, Any, tuple[str, ...], int]:
        if not isinstance(title, str):
            raise DecodeError(f"title: expected a game name, not {short(title)}")
        game = get_game(title)
        config_value = expect_config(game, decode_config(game, config))
        players = game.players(config_value)
        kinds = seat_kinds(game)
        if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
            raise DecodeError(
                f"seats: expected a list of seat kinds ({', '.join(kinds)}), not {short(seats)}"
            )
        if len(seats) != players:
            raise InvalidConfig(
                "seats", f"this {game.name} config has {players} seats; {len(seats)} listed"
            )
        for s, kind in enumerate(seats):
            if kind not in kinds:
                raise DecodeError(f"seats[{s}]: {short(kind)} is not one of {', '.join(kinds)}")
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise DecodeError(f"seed: expected an integer 0 to 2**63-1, not {short(seed)}")
        return game, config_value, tuple(seats), seed

    def get(self, game_id: str) -> Table:
        """The game ``game_id``; :class:`NotFound`. Reading a game does not keep it alive."""
        with self._lock:
            self._sweep()
            table = self._tables.get(game_id)
            if table is None:
                raise NotFound(f"no game {short(game_id)} here (finished games idle out too)")
            return table

    def moved(self, table: Table, start: int) -> None:
        """Store what a move request did to ``table`` from move ``start`` on (its lock held).

        Called before the request is answered: an acknowledged move is on disk. The
        game's idle time starts again.
        """
        table.touched = self._clock()
        self.db.update(table, start)

    def undo(self, table: Table, seat: int, body: object) -> None:
        """Take back ``seat``'s last decision (:meth:`Table.undo`; its token already checked),
        stored before the answer; if the database refuses, the game is put back as it was."""
        with table.lock:
            match = table.match
            moves, states = list(match.moves), list(match.states)
            decisions, rng, waiting = list(match.decisions), match.rng.getstate(), match.waiting
            undos = table.undos
            taken = table.undo(seat, body)
            cut = len(moves) - len(taken)
            try:
                self.moved(table, cut)
            except BaseException:
                match.rewind(cut, rng)
                match.moves.extend(moves[cut:])
                match.states.extend(states[cut + 1 :])
                match.decisions = decisions
                match.waiting = waiting
                table.undos = undos
                raise

    def end(self, game_id: str, admin_token: str | None) -> Table:
        """End ``game_id`` now; only its admin may. Stored before the answer."""
        table = self.get(game_id)
        table.check_admin(admin_token)
        with table.lock:
            table.end()
            self.db.update(table, table.match.version)
        return table

    def rotate(self, table: Table, seat: int) -> str:
        """A fresh token for ``seat`` (its token already checked), stored before it is told."""
        with table.lock:
            token = table.rotate(seat)
            self.db.set_token(table, seat)
        return token

    def delete(self, game_id: str, admin_token: str | None) -> None:
        """Forget ``game_id``; only its admin may."""
        table = self.get(game_id)
        table.check_admin(admin_token)
        with self._lock:
            self._tables.pop(game_id, None)
            self.db.delete([game_id])

    def summaries(self) -> list[dict[str, Any]]:
        """Every public game held, as anyone may see it, most recently moved first."""
        with self._lock:
            self._sweep()
            now = self._clock()
            tables = sorted(
                (t for t in self._tables.values() if t.public), key=lambda t: -t.touched
            )
            return [t.summary(now) for t in tables]

    def close(self) -> None:
        """Close the database (the games stay in it)."""
        self.db.close()


def created(table: Table) -> dict[str, Any]:
    """The answer to whoever created ``table``: the only message holding its tokens.

    A token per person seat (each seat's holder reads that seat alone) and the admin
    token (it ends or deletes the game, and reads nothing). No seed: it never leaves
    the server before the game ends.
    """
    issued = table.issued
    table.issued = {"seats": {}, "admin": None}
    return {
        "id": table.id,
        "title": table.game.name,
        "public": table.public,
        "imported": table.imported,
        "admin_token": issued["admin"],
        "seats": [
            {"seat": s, "kind": kind, "token": issued["seats"].get(s)}
            for s, kind in enumerate(table.seats)
        ],
        "version": table.match.version,
    }


def titles() -> list[dict[str, Any]]:
    """Each title with its rulebook config and the seat kinds it offers, for a setup form."""
    from zombie_rules.registry import GAMES

    out = []
    for name in sorted(GAMES):
        game = GAMES[name]
        config = game.default_config()
        out.append(
            {
                "name": name,
                "config": to_data(config),
                "players": game.players(config),
                "seat_kinds": list(seat_kinds(game)),
                "default_bot": "heuristic" if "heuristic" in game.agents else "random",
                "summary": game.guide.summary,
                "fields": setup.fields(game),
            }
        )
    return out
