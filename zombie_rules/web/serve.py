"""The ``zombie-rules serve`` sub-command: the web client on one local port."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from typing import Any

from zombie_rules.web.store import DEFAULT_IDLE_MINUTES, DEFAULT_MAX_GAMES, Store

#: ``Host`` names accepted when the server listens on a loopback address.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
#: Exit status when the ``web`` extra is not installed, or an option is out of range.
USAGE = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the command line's sub-commands."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="serve the web client (needs the 'web' extra)",
        description="Serve the reference web client: one page and a JSON API for every title."
        " Games live in memory; when --max-games are held a new one is refused (HTTP 503)"
        " until one is deleted or idles out.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--max-games",
        type=int,
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=f"games held at once (default {DEFAULT_MAX_GAMES})",
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=DEFAULT_IDLE_MINUTES,
        metavar="M",
        help=f"drop a game untouched this long (default {DEFAULT_IDLE_MINUTES})",
    )
    return parser


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 for a bad option or a missing extra."""
    if args.max_games < 1:
        sys.stderr.write(
            f"zombie-rules: error: --max-games must be at least 1, not {args.max_games}\n"
        )
        return USAGE
    if not args.idle_minutes > 0:
        sys.stderr.write(
            f"zombie-rules: error: --idle-minutes must be positive, not {args.idle_minutes}\n"
        )
        return USAGE
    if not 0 <= args.port <= 65535:
        sys.stderr.write(f"zombie-rules: error: --port must be 0-65535, not {args.port}\n")
        return USAGE
    store = Store(max_games=args.max_games, idle_seconds=args.idle_minutes * 60)
    hosts = LOOPBACK_HOSTS if _is_loopback(args.host) else None
    try:
        import uvicorn

        from zombie_rules.web.app import create_app

        app = create_app(store, allowed_hosts=hosts)
    except ImportError as exc:
        sys.stderr.write(
            f"zombie-rules: error: serve needs the 'web' extra"
            f" ({(exc.name or 'starlette').split('.')[0]} is missing):"
            " pip install 'zombie-rules[web]'\n"
        )
        return USAGE
    shown = f"[{args.host}]" if ":" in args.host else args.host
    sys.stderr.write(f"zombie-rules: serving the web client on http://{shown}:{args.port}/\n")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
