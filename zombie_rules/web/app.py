"""The HTTP JSON API and the page, as a Starlette app (needs the ``web`` extra).

Endpoints (all JSON; a seat's token goes in ``Authorization: Bearer TOKEN``)::

    GET    /api/titles                          titles, rulebook configs, seat kinds
    GET    /api/games                           the games held (public facts only)
    POST   /api/games                           create: {title, config?, seats, seed?}
    POST   /api/games/import                    continue a Record: {record, seats, seed?}
    DELETE /api/games/{id}                      owner token
    GET    /api/games/{id}/record               the Record so far; owner token
    GET    /api/games/{id}/spectator            what a spectator (seat None) may know
    GET    /api/games/{id}/seats/{seat}         that seat's view, moves and log; its token
    POST   /api/games/{id}/seats/{seat}/moves   {index} or {notation}, optional {version}

Errors are ``{"error": KIND, "message": TEXT}``: 400 a malformed body or config
(``DecodeError``, ``InvalidConfig``), 403 a missing or wrong token, 404 no such
game, title or seat, 409 a move for a position that has moved on, 413 a body over
:data:`MAX_BODY` bytes, 415 a body not sent as ``application/json``, 422 an illegal
move (``IllegalMove``), 503 the server full.
A refused request changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
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
from zombie_rules.web.store import Full, Store, created, titles
from zombie_rules.web.table import Forbidden, NotFound, Stale, Table

if TYPE_CHECKING:  # the framework is imported by create_app: this module loads without it
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Largest request body accepted, in bytes (a long Quarantine Z record is ~200 kB).
MAX_BODY = 2 * 1024 * 1024
#: The page's files.
STATIC = Path(str(resources.files("zombie_rules.web") / "static"))

_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none';"
        b" frame-ancestors 'none'; form-action 'none'",
    ),
]


class TooLarge(ValueError):
    """A request body over :data:`MAX_BODY`."""


class NotJson(ValueError):
    """A body not sent as ``application/json``.

    Requiring the type keeps other web sites out: a page elsewhere may send a
    ``text/plain`` POST here without asking, but not an ``application/json`` one.
    """


def _status(exc: BaseException) -> int:
    # UnknownGame is a DecodeError's sibling and a KeyError: test it first.
    if isinstance(exc, UnknownGame | UnknownSeat | NotFound):
        return 404
    if isinstance(exc, DecodeError | InvalidConfig):
        return 400
    if isinstance(exc, IllegalMove):
        return 422
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Stale):
        return 409
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, NotJson):
        return 415
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
    TooLarge,
    NotJson,
    Full,
)


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


def _object(body: Any, *keys: str) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise DecodeError(f"expected a JSON object, not {short(body)}")
    extra = sorted(set(body) - set(keys))
    if extra:
        raise DecodeError(
            f"unknown key(s) {', '.join(map(repr, extra))}; expected {', '.join(keys)}"
        )
    return body


class _SecurityHeaders:
    """Adds the headers that keep the page from being framed, sniffed or injected into."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(store: Store | None = None, allowed_hosts: Sequence[str] | None = None) -> Starlette:
    """The web client's app over ``store`` (a fresh default :class:`Store` if none).

    ``allowed_hosts``: the ``Host`` names accepted (``None``: any). The server
    passes the loopback names when it binds to loopback, so a web page elsewhere
    cannot reach it through DNS rebinding.
    """
    try:
        from starlette.applications import Starlette
        from starlette.concurrency import run_in_threadpool
        from starlette.middleware import Middleware
        from starlette.middleware.trustedhost import TrustedHostMiddleware
        from starlette.responses import FileResponse, JSONResponse, Response
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

    def _error(exc: BaseException) -> Response:
        status = _status(exc)
        headers = {"retry-after": str(exc.retry_after)} if isinstance(exc, Full) else None
        body = {"error": type(exc).__name__, "message": str(exc)}
        return JSONResponse(body, status_code=status, headers=headers)

    def _json(data: Any, status: int = 200) -> Response:
        return JSONResponse(data, status_code=status, headers={"cache-control": "no-store"})

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

    async def list_titles(request: Request) -> Response:
        return _json(titles())

    async def list_games(request: Request) -> Response:
        return _json(await run_in_threadpool(games.summaries))

    async def create_game(request: Request) -> Response:
        body = _object(await _body(request), "title", "config", "seats", "seed")
        if "title" not in body or "seats" not in body:
            raise DecodeError('a new game needs "title" and "seats"')

        def make() -> dict[str, Any]:
            t = games.create(body["title"], body.get("config"), body["seats"], body.get("seed"))
            return created(t)

        return _json(await run_in_threadpool(make), 201)

    async def import_game(request: Request) -> Response:
        body = _object(await _body(request), "record", "seats", "seed")
        if "record" not in body or "seats" not in body:
            raise DecodeError('an import needs "record" and "seats"')

        def make() -> dict[str, Any]:
            t = games.import_record(body["record"], body["seats"], body.get("seed"))
            return created(t)

        return _json(await run_in_threadpool(make), 201)

    async def delete_game(request: Request) -> Response:
        games.delete(request.path_params["game_id"], _token(request))
        return Response(status_code=204)

    async def export_record(request: Request) -> Response:
        t = table(request)
        t.check_owner(_token(request))
        with t.lock:
            text = to_json(t.record())
        return Response(
            text,
            media_type="application/json",
            headers={
                "cache-control": "no-store",
                "content-disposition": f'attachment; filename="{t.game.name}-{t.id}.json"',
            },
        )

    async def spectate(request: Request) -> Response:
        t = table(request)

        def read() -> dict[str, Any]:
            with t.lock:
                return t.payload(None)

        return _json(await run_in_threadpool(read))

    async def seat_view(request: Request) -> Response:
        t = table(request)
        seat: int = request.path_params["seat"]
        t.check_token(seat, _token(request))

        def read() -> dict[str, Any]:
            with t.lock:
                return t.payload(seat)

        return _json(await run_in_threadpool(read))

    async def post_move(request: Request) -> Response:
        t = table(request)
        seat: int = request.path_params["seat"]
        t.check_token(seat, _token(request))
        body = await _body(request)

        def move() -> dict[str, Any]:
            with t.lock:
                t.play(seat, body)
                return t.payload(seat)

        return _json(await run_in_threadpool(move))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    routes = [
        Route("/", page),
        Route("/api/titles", _guarded(list_titles)),
        Route("/api/games", _guarded(list_games), methods=["GET"]),
        Route("/api/games", _guarded(create_game), methods=["POST"]),
        Route("/api/games/import", _guarded(import_game), methods=["POST"]),
        Route("/api/games/{game_id}", _guarded(delete_game), methods=["DELETE"]),
        Route("/api/games/{game_id}/record", _guarded(export_record)),
        Route("/api/games/{game_id}/spectator", _guarded(spectate)),
        Route("/api/games/{game_id}/seats/{seat:int}", _guarded(seat_view)),
        Route("/api/games/{game_id}/seats/{seat:int}/moves", _guarded(post_move), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(_SecurityHeaders)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.store = games
    return app
