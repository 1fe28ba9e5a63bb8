"""The ``zombie-rules serve`` sub-command: the web client on one local port."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from pathlib import Path
from typing import Any

from zombie_rules.web.store import (
    DEFAULT_IDLE_MINUTES,
    DEFAULT_MAX_GAMES,
    DEFAULT_MAX_GAMES_PER_CLIENT,
    MEMORY,
)

#: ``Host`` names accepted when the server listens on a loopback address.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
#: Exit status when the ``web`` extra is not installed, or an option is out of range.
USAGE = 2
#: New games (and imports) a client may make a minute, and answers it may read a second.
DEFAULT_CREATES_PER_MINUTE = 10.0
DEFAULT_READS_PER_SECOND = 10.0


def default_db() -> str:
    """Where games are kept unless ``--db`` says otherwise: the user's state folder."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return str(Path(base) / "zombie-rules" / "games.sqlite3")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the command line's sub-commands."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="serve the web client (needs the 'web' extra)",
        description="Serve the reference web client: one page and a JSON API for every title."
        " Games are kept in an SQLite file (--db) and resumed when the server starts again;"
        " when --max-games are held a new one is refused (HTTP 503) until one is deleted or"
        " idles out. See docs/web-security.md for the security model.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="FILE",
        help=f"the SQLite file games are kept in (default {default_db()});"
        f" {MEMORY} keeps them in memory only",
    )
    parser.add_argument(
        "--max-games",
        type=int,
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=f"games held at once (default {DEFAULT_MAX_GAMES})",
    )
    parser.add_argument(
        "--max-games-per-client",
        type=int,
        default=DEFAULT_MAX_GAMES_PER_CLIENT,
        metavar="N",
        help=f"games one client address may hold at once (default {DEFAULT_MAX_GAMES_PER_CLIENT})",
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=DEFAULT_IDLE_MINUTES,
        metavar="M",
        help=f"drop a game with no move this long (default {DEFAULT_IDLE_MINUTES})",
    )
    parser.add_argument(
        "--creates-per-minute",
        type=float,
        default=DEFAULT_CREATES_PER_MINUTE,
        metavar="R",
        help="new games one client may make a minute, after a burst of 10"
        f" (default {DEFAULT_CREATES_PER_MINUTE:g}; 0: no limit)",
    )
    parser.add_argument(
        "--reads-per-second",
        type=float,
        default=DEFAULT_READS_PER_SECOND,
        metavar="R",
        help="answers one client may read a second, after a burst of 60"
        f" (default {DEFAULT_READS_PER_SECOND:g}; 0: no limit)",
    )
    parser.add_argument(
        "--allow-seeds",
        action="store_true",
        help="let a new game name its seed (for reproducible tests: whoever knows a game's"
        " seed knows every card)",
    )
    return parser


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _check(args: argparse.Namespace) -> str | None:
    """What is wrong with the options, or ``None``."""
    if args.max_games < 1:
        return f"--max-games must be at least 1, not {args.max_games}"
    if args.max_games_per_client < 1:
        return f"--max-games-per-client must be at least 1, not {args.max_games_per_client}"
    if not args.idle_minutes > 0:
        return f"--idle-minutes must be positive, not {args.idle_minutes}"
    if not 0 <= args.port <= 65535:
        return f"--port must be 0-65535, not {args.port}"
    for name in ("creates_per_minute", "reads_per_second"):
        if not getattr(args, name) >= 0:
            return f"--{name.replace('_', '-')} must be 0 or more, not {getattr(args, name)}"
    return None


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 for a bad option or a missing extra."""
    wrong = _check(args)
    if wrong is not None:
        sys.stderr.write(f"zombie-rules: error: {wrong}\n")
        return USAGE
    try:
        import starlette.applications  # noqa: F401 (the extra's other half)
        import uvicorn

        from zombie_rules.web.app import Limits, create_app
    except ImportError as exc:
        sys.stderr.write(
            f"zombie-rules: error: serve needs the 'web' extra"
            f" ({(exc.name or 'starlette').split('.')[0]} is missing):"
            " pip install 'zombie-rules[web]'\n"
        )
        return USAGE
    from zombie_rules.web.store import Store

    db = default_db() if args.db is None else args.db
    if db != MEMORY:
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    try:
        store = Store(
            max_games=args.max_games,
            idle_seconds=args.idle_minutes * 60,
            db=db,
            max_games_per_client=args.max_games_per_client,
        )
    except Exception as exc:  # sqlite3.Error, OSError: a file that is not a database
        sys.stderr.write(f"zombie-rules: error: cannot open the database {db}: {exc}\n")
        return USAGE
    for game_id, why in store.unresumed.items():
        sys.stderr.write(f"zombie-rules: warning: game {game_id} is not resumed: {why}\n")
    limits = Limits(
        creates_per_minute=args.creates_per_minute or None,
        reads_per_second=args.reads_per_second or None,
    )
    hosts = LOOPBACK_HOSTS if _is_loopback(args.host) else None
    app = create_app(store, allowed_hosts=hosts, limits=limits, client_seeds=args.allow_seeds)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    sys.stderr.write(
        f"zombie-rules: serving the web client on http://{shown}:{args.port}/"
        f" ({len(store)} games resumed from {db})\n"
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    store.close()
    return 0
