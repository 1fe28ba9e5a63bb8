"""The HTTP JSON API and the page, as a Starlette app (needs the ``web`` extra).

Endpoints (all JSON; a token goes in ``Authorization: Bearer TOKEN``)::

    GET    /api/titles                             titles, rulebook configs, seat kinds
    GET    /api/games                              the public games held (public facts only)
    POST   /api/games                              create: {title, config?, seats, public?}
    POST   /api/games/import                       continue a Record: {record, seats, public?}
    DELETE /api/games/{id}                         admin token
    POST   /api/games/{id}/end                     end the game now; admin token
    GET    /api/games/{id}/record                  the full Record, once the game is over;
                                                   any token of the game
    GET    /api/games/{id}/spectator               what a spectator (seat None) may know
    GET    /api/games/{id}/spectator/record        the spectator's account of the game
    GET    /api/games/{id}/spectator/events        the spectator's answers, pushed (SSE)
    GET    /api/games/{id}/seats/{seat}            that seat's view, moves and log; its token
    GET    /api/games/{id}/seats/{seat}/record     that seat's account of the game; its token
    GET    /api/games/{id}/seats/{seat}/events     that seat's answers, pushed (SSE); its token
    POST   /api/games/{id}/seats/{seat}/moves      {index} or {notation}, and {version}; its token
    POST   /api/games/{id}/seats/{seat}/token      a fresh token for the seat; the old one
                                                   stops working (an invite link's first use)
    POST   /api/games/{id}/seats/{seat}/undo       take back the seat's last decision:
                                                   {version, undos?}; its token
    GET    /api/games/{id}/seats/{seat}/at/{n}     the seat's view and log after move n (a
                                                   replay step); its token, or once the game
                                                   is over any token of the game
    GET    /api/games/{id}/spectator/at/{n}        the spectator's view and log after move n

A seat's token (or the admin's) is checked first, before the body is read or the
game is looked at any further. An events stream (``text/event-stream``, read with
``fetch``: the token goes in the header) sends a ``payload`` event whenever the game
moves, each with the seat's log from its cursor on (``?from=N``, then each event's
``version``) as ``log`` and ``log_from``; ``: keep-alive`` lines in between; it ends
when the game is over or after :data:`STREAM_SECONDS` (the page opens another).

Errors are ``{"error": KIND, "message": TEXT}``: 400 a malformed body or config
(``DecodeError``, ``InvalidConfig``), 403 a missing or wrong token, 404 no such
game, title, seat or path, 405 a method the path does not take, 409 a move for a
position that has moved on or an undo the match refuses (``CannotUndo``, with the
reason, sent to the asking seat only), 413 a body over :data:`MAX_BODY` bytes, 415 a body not
sent as ``application/json``, 422 an illegal move (``IllegalMove``), 429 too many
requests from one client (with ``Retry-After``), 503 the server full (with
``Retry-After``). A refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zombie_rules.core.errors import (
    DecodeError,
    IllegalMove,
    InvalidConfig,
    UnknownGame,
    UnknownSeat,
)
from zombie_rules.core.validation import short
from zombie_rules.serialize import to_json
from zombie_rules.web.store import Full, Store, TooMany, created, titles
from zombie_rules.web.table import Forbidden, NotFound, Refused, Stale, Table

if TYPE_CHECKING:  # the framework is imported by create_app: this module loads without it
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Largest request body accepted, in bytes (a long Quarantine Z record is ~200 kB).
MAX_BODY = 2 * 1024 * 1024
#: How long one events stream lasts before the page opens another, in seconds.
STREAM_SECONDS = 300.0
#: Seconds between keep-alive lines on a quiet events stream.
KEEP_ALIVE_SECONDS = 15.0
#: The page's files.
STATIC = Path(str(resources.files("zombie_rules.web") / "static"))
#: A seat in a path: a few ASCII digits (a longer number is no seat at any table).
_SEAT = re.compile(r"[0-9]{1,4}")
#: An events stream's cursor: a move number.
_CURSOR = re.compile(r"[0-9]{1,9}")

_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none';"
        b" frame-ancestors 'none'; form-action 'none'",
    ),
]


@dataclass(frozen=True)
class Limits:
    """What one client (one address) may ask of the server.

    ``creates_per_minute`` and ``create_burst``: new games and imports (a token
    bucket: a burst, then a steady rate); ``reads_per_second`` and ``read_burst``:
    answers read (a seat's, the spectator's, an export, an events stream opened);
    ``streams``: events streams open at once. ``None`` lifts a limit.
    """

    creates_per_minute: float | None = 10.0
    create_burst: int = 10
    reads_per_second: float | None = 10.0
    read_burst: int = 60
    streams: int | None = 16

    @classmethod
    def unlimited(cls) -> Limits:
        """No limit on anything (tests and load runs on this machine)."""
        return cls(creates_per_minute=None, reads_per_second=None, streams=None)


class RateLimited(RuntimeError):
    """Too many requests from one client; ``retry_after`` is in seconds (a 429)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Buckets:
    """A token bucket per client: ``burst`` requests at once, then ``rate`` a second."""

    #: Clients remembered at most; the fullest buckets are forgotten first.
    MAX_CLIENTS = 10_000

    def __init__(
        self, what: str, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.what = what
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> None:
        """Count one request of ``client``; :class:`RateLimited` when its bucket is empty."""
        with self._lock:
            now = self._clock()
            tokens, then = self._buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens < 1:
                wait = max(1, int((1 - tokens) / self.rate + 0.999))
                self._buckets[client] = (tokens, now)
                raise RateLimited(
                    f"too many {self.what} from your address; try again in {wait} s", wait
                )
            self._buckets[client] = (tokens - 1, now)
            if len(self._buckets) > self.MAX_CLIENTS:
                self._forget(now)

    def _forget(self, now: float) -> None:
        full = [
            c
            for c, (t, then) in self._buckets.items()
            if t + (now - then) * self.rate >= self.burst
        ]
        for client in full or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[client]


class TooLarge(ValueError):
    """A request body over :data:`MAX_BODY`."""


class NotJson(ValueError):
    """A body not sent as ``application/json``.

    Requiring the type keeps other web sites out: a page elsewhere may send a
    ``text/plain`` POST here without asking, but not an ``application/json`` one.
    """


class BadHost(ValueError):
    """A ``Host`` header the server does not answer to (DNS rebinding)."""


class NoRoute(LookupError):
    """No such path (a 404)."""


class NoMethod(ValueError):
    """A method the path does not take (a 405)."""


def _status(exc: BaseException) -> int:
    # UnknownGame is a DecodeError's sibling and a KeyError: test it first.
    if isinstance(exc, UnknownGame | UnknownSeat | NotFound | NoRoute):
        return 404
    if isinstance(exc, DecodeError | InvalidConfig | BadHost):
        return 400
    if isinstance(exc, IllegalMove):
        return 422
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Stale | Refused):
        return 409
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, NotJson):
        return 415
    if isinstance(exc, NoMethod):
        return 405
    if isinstance(exc, RateLimited | TooMany):
        return 429
    if isinstance(exc, Full):
        return 503
    raise exc


_EXPECTED = (
    UnknownGame,
    UnknownSeat,
    NotFound,
    DecodeError,
    InvalidConfig,
    IllegalMove,
    Forbidden,
    Stale,
    Refused,
    TooLarge,
    NotJson,
    Full,
    RateLimited,
)


def _error_body(exc: BaseException) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    status = _status(exc)
    headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
    if isinstance(exc, Full | RateLimited):
        headers.append((b"retry-after", str(exc.retry_after).encode()))
    kind = "CannotUndo" if isinstance(exc, Refused) else type(exc).__name__
    body = json.dumps({"error": kind, "message": str(exc)}).encode()
    return status, body, headers


async def _body(request: Request) -> Any:
    """The request's JSON body, read no further than :data:`MAX_BODY` bytes."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise NotJson(f"send the body as application/json, not {short(kind) or 'untyped'}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge(f"the request body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DecodeError(f"the request body is not JSON: {short(str(exc))}") from None


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "-"


def _object(body: Any, *keys: str) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise DecodeError(f"expected a JSON object, not {short(body)}")
    extra = sorted(set(body) - set(keys))
    if extra:
        raise DecodeError(
            f"unknown key(s) {', '.join(map(repr, extra))}; expected {', '.join(keys)}"
        )
    return body


def _flag(body: dict[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise DecodeError(f"{key}: expected true or false, not {short(value)}")
    return value


class _Guard:
    """The outermost layer: security headers on every answer, the ``Host`` check, and
    the documented JSON error for anything that goes wrong, a crash included (a 500
    that names nothing)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str] | None) -> None:
        self.app = app
        self.hosts = None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            host = ""
            for key, value in scope.get("headers", []):
                if key == b"host":
                    host = value.decode("latin-1").lower()
            name = host[: host.rindex(":")] if host.rfind(":") > host.rfind("]") else host
            if name not in self.hosts:
                if scope["type"] == "http":
                    await _send_error(send, BadHost(f"this server does not answer {short(host)}"))
                return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *_HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise
            await _send_error(send, None)


async def _send_error(send: Send, exc: BaseException | None) -> None:
    if exc is None:
        status = 500
        body = b'{"error": "ServerError", "message": "the server failed; nothing was changed"}'
        headers = [(b"content-type", b"application/json")]
    else:
        status, body, headers = _error_body(exc)
    await send({"type": "http.response.start", "status": status, "headers": headers + _HEADERS})
    await send({"type": "http.response.body", "body": body})


class _Changes:
    """Wakes the events streams of a game when it moves (on the event loop only)."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def waiter(self, game_id: str) -> asyncio.Event:
        return self._events.setdefault(game_id, asyncio.Event())

    def notify(self, game_id: str) -> None:
        event = self._events.pop(game_id, None)
        if event is not None:
            event.set()


def create_app(
    store: Store | None = None,
    allowed_hosts: Sequence[str] | None = None,
    *,
    limits: Limits | None = None,
    client_seeds: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> Starlette:
    """The web client's app over ``store`` (a fresh default :class:`Store` if none).

    ``allowed_hosts``: the ``Host`` names accepted (``None``: any). The server
    passes the loopback names when it binds to loopback, so a web page elsewhere
    cannot reach it through DNS rebinding. ``limits``: what one client may ask
    (:class:`Limits`; the defaults if ``None``). ``client_seeds``: whether a new game
    may name its ``seed`` (off by default: whoever knows the seed knows every card;
    on for reproducible tests). ``clock`` times the rate limits.
    """
    try:
        from starlette.applications import Starlette
        from starlette.concurrency import run_in_threadpool
        from starlette.exceptions import HTTPException
        from starlette.middleware import Middleware
        from starlette.responses import FileResponse, Response, StreamingResponse
        from starlette.routing import Mount, Route
        from starlette.staticfiles import StaticFiles
    except ImportError as exc:
        missing = (exc.name or "starlette").split(".")[0]
        raise ImportError(
            f"zombie_rules.web needs the 'web' extra ({missing} is missing):"
            " pip install 'zombie-rules[web]'",
            name=missing,
        ) from exc
    games = Store() if store is None else store
    bounds = Limits() if limits is None else limits
    creates = (
        None
        if bounds.creates_per_minute is None
        else Buckets("new games", bounds.creates_per_minute / 60, bounds.create_burst, clock)
    )
    reads = (
        None
        if bounds.reads_per_second is None
        else Buckets("reads", bounds.reads_per_second, bounds.read_burst, clock)
    )
    streams: dict[str, int] = {}
    changes = _Changes()

    def _error(exc: BaseException) -> Response:
        status, body, headers = _error_body(exc)
        return Response(
            body, status_code=status, headers={k.decode(): v.decode() for k, v in headers}
        )

    def _json(data: Any, status: int = 200) -> Response:
        return _raw(json.dumps(data, ensure_ascii=False).encode("utf-8"), status)

    def _raw(body: bytes, status: int = 200) -> Response:
        return Response(
            body,
            status_code=status,
            media_type="application/json",
            headers={"cache-control": "no-store"},
        )

    Handler = Callable[["Request"], Awaitable["Response"]]

    def _guarded(handler: Handler) -> Handler:
        """``handler`` with the library's and the store's errors answered as JSON."""

        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except _EXPECTED as exc:
                return _error(exc)

        return endpoint

    def table(request: Request) -> Table:
        return games.get(request.path_params["game_id"])

    def seat_of(request: Request, t: Table) -> int:
        """The path's seat, read without trusting it: a few digits, at this table."""
        text = request.path_params["seat"]
        if not _SEAT.fullmatch(text):
            raise NotFound(f"game {t.id} has seats 0-{len(t.seats) - 1}, not {short(text, 20)}")
        seat = int(text)
        t.check_seat(seat)
        return seat

    def seat_checked(request: Request) -> tuple[Table, int]:
        """The game and seat of the path, the seat's token checked before anything else."""
        t = table(request)
        seat = seat_of(request, t)
        t.check_token(seat, _token(request))
        return t, seat

    def read_limit(request: Request) -> None:
        if reads is not None:
            reads.take(_client(request))

    async def list_titles(request: Request) -> Response:
        return _json(titles())

    async def list_games(request: Request) -> Response:
        read_limit(request)
        return _json(await run_in_threadpool(games.summaries))

    async def create_game(request: Request) -> Response:
        if creates is not None:
            creates.take(_client(request))
        body = _object(await _body(request), "title", "config", "seats", "seed", "public")
        if "title" not in body or "seats" not in body:
            raise DecodeError('a new game needs "title" and "seats"')
        seed = _seed(body)
        public = _flag(body, "public")
        client = _client(request)

        def make() -> dict[str, Any]:
            t = games.create(
                body["title"], body.get("config"), body["seats"], seed, public=public, client=client
            )
            return created(t)

        return _json(await run_in_threadpool(make), 201)

    def _seed(body: dict[str, Any]) -> Any:
        if "seed" in body and not client_seeds:
            raise DecodeError(
                "seed: this server chooses every game's seed and keeps it secret until the"
                " game ends (whoever knows it knows every card); leave it out"
            )
        return body.get("seed")

    async def import_game(request: Request) -> Response:
        if creates is not None:
            creates.take(_client(request))
        body = _object(await _body(request), "record", "seats", "seed", "public")
        if "record" not in body or "seats" not in body:
            raise DecodeError('an import needs "record" and "seats"')
        seed = _seed(body)
        public = _flag(body, "public")
        client = _client(request)

        def make() -> dict[str, Any]:
            t = games.import_record(
                body["record"], body["seats"], seed, public=public, client=client
            )
            return created(t)

        return _json(await run_in_threadpool(make), 201)

    async def delete_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        await run_in_threadpool(games.delete, game_id, _token(request))
        changes.notify(game_id)
        return Response(status_code=204)

    async def end_game(request: Request) -> Response:
        t = await run_in_threadpool(games.end, request.path_params["game_id"], _token(request))
        changes.notify(t.id)
        return _json({"id": t.id, "over": t.over, "ended": t.ended, "version": t.match.version})

    async def export_record(request: Request) -> Response:
        t = table(request)
        t.check_participant(_token(request))
        read_limit(request)

        def read() -> str:
            with t.lock:
                return to_json(t.export())

        text = await run_in_threadpool(read)
        return Response(
            text,
            media_type="application/json",
            headers={
                "cache-control": "no-store",
                "content-disposition": f'attachment; filename="{t.game.name}-{t.id}.json"',
            },
        )

    async def export_account(t: Table, seat: int | None) -> Response:
        def read() -> dict[str, Any]:
            with t.lock:
                return t.account(seat)

        return _json(await run_in_threadpool(read))

    async def spectator_record(request: Request) -> Response:
        t = table(request)
        read_limit(request)
        return await export_account(t, None)

    async def seat_record(request: Request) -> Response:
        t, seat = seat_checked(request)
        read_limit(request)
        return await export_account(t, seat)

    async def answer(t: Table, seat: int | None) -> Response:
        def read() -> bytes:
            with t.lock:
                return t.encoded(seat)

        return _raw(await run_in_threadpool(read))

    async def spectate(request: Request) -> Response:
        t = table(request)
        read_limit(request)
        return await answer(t, None)

    async def seat_view(request: Request) -> Response:
        t, seat = seat_checked(request)
        read_limit(request)
        return await answer(t, seat)

    async def post_move(request: Request) -> Response:
        t, seat = seat_checked(request)
        body = await _body(request)

        def move() -> bytes:
            with t.lock:
                start, ended = t.match.version, t.ended
                rng, waiting = t.match.rng.getstate(), t.match.waiting
                try:
                    t.play(seat, body)
                finally:
                    if t.match.version != start or t.ended != ended:
                        try:
                            games.moved(t, start)
                        except BaseException:
                            # Not stored, so not done: the game goes back to where the
                            # request found it, and the move is refused (nothing half-applied).
                            t.match.rewind(start, rng)
                            t.match.waiting = waiting
                            t.ended = ended
                            raise
                return t.encoded(seat)

        try:
            return _raw(await run_in_threadpool(move))
        finally:
            changes.notify(t.id)

    async def post_undo(request: Request) -> Response:
        t, seat = seat_checked(request)
        body = await _body(request)

        def undo() -> bytes:
            games.undo(t, seat, body)
            with t.lock:
                return t.encoded(seat)

        try:
            return _raw(await run_in_threadpool(undo))
        finally:
            changes.notify(t.id)

    def step(request: Request, t: Table) -> int:
        text = request.path_params["version"]
        if not _CURSOR.fullmatch(text):
            raise NotFound(f"game {t.id} has moves 0-{t.match.version}, not {short(text, 20)}")
        return int(text)

    async def replay_step(t: Table, seat: int | None, version: int) -> Response:
        def read() -> dict[str, Any]:
            with t.lock:
                return t.at(seat, version)

        return _json(await run_in_threadpool(read))

    async def seat_at(request: Request) -> Response:
        """A seat's past: its own token, or once the game is over any token of the game
        (then any participant may export the whole record anyway)."""
        t = table(request)
        seat = seat_of(request, t)
        token = _token(request)
        if t.over:
            t.check_participant(token)
        else:
            t.check_token(seat, token)
        read_limit(request)
        return await replay_step(t, seat, step(request, t))

    async def spectator_at(request: Request) -> Response:
        t = table(request)
        read_limit(request)
        return await replay_step(t, None, step(request, t))

    async def new_seat_token(request: Request) -> Response:
        t, seat = seat_checked(request)
        token = await run_in_threadpool(games.rotate, t, seat)
        return _json({"id": t.id, "seat": seat, "token": token})

    def cursor(request: Request, t: Table) -> int:
        text = request.query_params.get("from", "0")
        if not _CURSOR.fullmatch(text):
            raise DecodeError(f"from: expected a move number, not {short(text, 20)}")
        return min(int(text), t.match.version)

    async def events(t: Table, seat: int | None, start: int, client: str) -> AsyncIterator[bytes]:
        """The seat's answers as server-sent events, each time the game moves."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STREAM_SECONDS
        sent: tuple[int, str | None, int] | None = None
        at = start
        streams[client] = streams.get(client, 0) + 1  # counted while the stream runs
        try:
            yield b"retry: 1000\n\n"
            while True:
                waiter = changes.waiter(t.id)
                try:
                    games.get(t.id)
                except NotFound:
                    yield b'event: gone\ndata: {"error": "NotFound"}\n\n'
                    return
                key = (t.match.version, t.ended, t.undos)
                if key != sent:
                    at = min(at, t.match.version)  # an undo shortened the log

                    def read(at: int = at) -> tuple[bytes, int, bool]:
                        with t.lock:
                            data = t.payload(seat, log_from=at)
                            return (
                                json.dumps(data, ensure_ascii=False).encode(),
                                data["version"],
                                bool(data["over"]),
                            )

                    data, at, over = await run_in_threadpool(read)
                    sent = key
                    yield b"event: payload\ndata: " + data + b"\n\n"
                    if over:
                        return
                left = deadline - loop.time()
                if left <= 0:
                    return
                try:
                    await asyncio.wait_for(waiter.wait(), timeout=min(KEEP_ALIVE_SECONDS, left))
                except TimeoutError:
                    yield b": keep-alive\n\n"
        finally:
            streams[client] -= 1
            if not streams[client]:
                del streams[client]

    def stream(request: Request, t: Table, seat: int | None) -> Response:
        read_limit(request)
        client = _client(request)
        if bounds.streams is not None and streams.get(client, 0) >= bounds.streams:
            raise RateLimited(
                f"your address has {bounds.streams} event streams open, the most it may", 5
            )
        start = cursor(request, t)
        return StreamingResponse(
            events(t, seat, start, client),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    async def seat_events(request: Request) -> Response:
        t, seat = seat_checked(request)
        return stream(request, t, seat)

    async def spectator_events(request: Request) -> Response:
        return stream(request, table(request), None)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    async def http_error(request: Request, exc: Exception) -> Response:
        code = exc.status_code if isinstance(exc, HTTPException) else 500
        if code == 405:
            return _error(NoMethod(f"{short(request.method, 20)} is not a method this path takes"))
        if code == 404:
            return _error(NoRoute(f"no such path: {short(request.url.path, 100)}"))
        body = {"error": "HTTPError", "message": short(str(getattr(exc, "detail", "")), 200)}
        return Response(json.dumps(body), status_code=code, media_type="application/json")

    seat_path = "/api/games/{game_id}/seats/{seat}"
    routes = [
        Route("/", page),
        Route("/api/titles", _guarded(list_titles)),
        Route("/api/games", _guarded(list_games), methods=["GET"]),
        Route("/api/games", _guarded(create_game), methods=["POST"]),
        Route("/api/games/import", _guarded(import_game), methods=["POST"]),
        Route("/api/games/{game_id}", _guarded(delete_game), methods=["DELETE"]),
        Route("/api/games/{game_id}/end", _guarded(end_game), methods=["POST"]),
        Route("/api/games/{game_id}/record", _guarded(export_record)),
        Route("/api/games/{game_id}/spectator", _guarded(spectate)),
        Route("/api/games/{game_id}/spectator/record", _guarded(spectator_record)),
        Route("/api/games/{game_id}/spectator/events", _guarded(spectator_events)),
        Route("/api/games/{game_id}/spectator/at/{version}", _guarded(spectator_at)),
        Route(seat_path, _guarded(seat_view)),
        Route(seat_path + "/record", _guarded(seat_record)),
        Route(seat_path + "/events", _guarded(seat_events)),
        Route(seat_path + "/moves", _guarded(post_move), methods=["POST"]),
        Route(seat_path + "/token", _guarded(new_seat_token), methods=["POST"]),
        Route(seat_path + "/undo", _guarded(post_undo), methods=["POST"]),
        Route(seat_path + "/at/{version}", _guarded(seat_at)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(_Guard, allowed_hosts=allowed_hosts)],
        exception_handlers={HTTPException: http_error},
    )
    app.state.store = games
    return app
