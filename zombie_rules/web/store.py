"""The games a web server holds, bounded in number and in idle time.

Plain Python with no web framework in it, so the rules of hosting (who may read what,
when bots move, how many games are kept) can be tested without a server.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.core.validation import short
from zombie_rules.match import Match
from zombie_rules.play import Record, expect_config
from zombie_rules.registry import get_game
from zombie_rules.serialize import from_json, to_data, to_json
from zombie_rules.web.table import AnyGame, NotFound, Table, seat_kinds

#: Games held at once unless the server is told otherwise.
DEFAULT_MAX_GAMES = 100
#: Minutes a game may go untouched before it is dropped, unless told otherwise.
DEFAULT_IDLE_MINUTES = 120


class Full(RuntimeError):
    """The server holds as many games as it may; ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def decode_config(game: AnyGame, data: object) -> Any:
    """``game``'s config from ``data``: the fields given, the rulebook's for the rest.

    Decoded by the serializer's strict rules, so an unknown field, a wrongly typed
    value or an unplayable combination is a :class:`DecodeError` saying which.
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DecodeError(f"config: expected a JSON object of fields, not {short(data)}")
    merged = json.loads(to_json(game.default_config()))
    merged.update(data)
    return from_json(game.config_type, json.dumps(merged))


class Store:
    """The games held, bounded in number and in idle time.

    A game untouched for ``idle_seconds`` is dropped. When ``max_games`` are held
    a new game is refused with :class:`Full` (a 503) rather than evicting one: a
    game in progress is never lost to someone else's new one. The clock is
    injectable so tests can age games.
    """

    def __init__(
        self,
        max_games: int = DEFAULT_MAX_GAMES,
        idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_games < 1:
            raise ValueError(f"max_games must be at least 1, not {max_games}")
        if idle_seconds <= 0:
            raise ValueError(f"idle_seconds must be positive, not {idle_seconds}")
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._sweep()
            return len(self._tables)

    def _sweep(self) -> None:
        """Drop the games idle too long (the store lock is held)."""
        deadline = self._clock() - self.idle_seconds
        for game_id in [i for i, t in self._tables.items() if t.touched < deadline]:
            del self._tables[game_id]

    def _add(self, table_of: Callable[[str, float], Table]) -> Table:
        with self._lock:
            self._sweep()
            if len(self._tables) >= self.max_games:
                oldest = min(t.touched for t in self._tables.values())
                wait = max(1, round(oldest + self.idle_seconds - self._clock()))
                raise Full(
                    f"the server holds its limit of {self.max_games} games; the longest idle"
                    f" one is dropped in {wait} s. Delete a finished game or try again later.",
                    wait,
                )
            game_id = secrets.token_urlsafe(9)
            table = table_of(game_id, self._clock())
            self._tables[game_id] = table
            return table

    def create(self, title: object, config: object, seats: object, seed: object = None) -> Table:
        """A new game; bots and chance move at once until a person must act.

        ``seats`` lists one kind per seat: ``"person"``, ``"random"`` or a bot of the
        title (``"heuristic"``). ``seed`` (an int) fixes every random draw; without it
        one is chosen at random.
        """
        game, config_value, kinds, seed_value = self._settings(title, config, seats, seed)
        table = self._add(
            lambda game_id, now: Table(game_id, game, config_value, kinds, seed_value, now)
        )
        with table.lock:
            table.advance()
        return table

    def import_record(self, record: object, seats: object, seed: object = None) -> Table:
        """A game continued from a saved :class:`Record` (a JSON object), with new seats.

        Every move of the record is replayed and checked; then bots and chance move
        on from where it stopped, drawing from ``seed``.
        """
        if not isinstance(record, dict):
            raise DecodeError(f"record: expected a JSON object, not {short(record)}")
        saved = from_json(Record, json.dumps(record))
        game = get_game(saved.game)
        _, config_value, kinds, seed_value = self._settings(
            saved.game, json.loads(to_json(saved.config)), seats, seed
        )
        resumed = Record(game.name, config_value, saved.moves)
        match = Match.from_record(game, resumed, kinds, seed_value)
        table = Table("-", game, config_value, kinds, seed_value, 0.0, match)

        def adopt(game_id: str, now: float) -> Table:
            table.id = game_id
            table.created = table.touched = now
            return table

        self._add(adopt)
        with table.lock:
            table.advance()
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
        """The game ``game_id`` (touched: its idle time starts again); :class:`NotFound`."""
        with self._lock:
            self._sweep()
            table = self._tables.get(game_id)
            if table is None:
                raise NotFound(f"no game {short(game_id)} here (finished games idle out too)")
            table.touched = self._clock()
            return table

    def delete(self, game_id: str, owner_token: str | None) -> None:
        """Forget ``game_id``; only its owner may."""
        table = self.get(game_id)
        table.check_owner(owner_token)
        with self._lock:
            self._tables.pop(game_id, None)

    def summaries(self) -> list[dict[str, Any]]:
        """Every game held, as anyone may see it, most recently used first."""
        with self._lock:
            self._sweep()
            now = self._clock()
            tables = sorted(self._tables.values(), key=lambda t: -t.touched)
            return [t.summary(now) for t in tables]


def created(table: Table) -> dict[str, Any]:
    """The answer to whoever created ``table``: the only message holding its secrets."""
    return {
        "id": table.id,
        "title": table.game.name,
        "seed": table.seed,
        "owner_token": table.owner_token,
        "seats": [
            {"seat": s, "kind": kind, "token": table.tokens.get(s)}
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
            }
        )
    return out
