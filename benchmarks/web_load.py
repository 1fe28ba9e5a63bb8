"""Load on a real ``zombie-rules serve`` over SQLite: N clients playing whole games at once.

Starts the server in its own process on 127.0.0.1 with a fresh database file, then for
each client count (``--clients 8,32,128``) runs that many threads for ``--seconds``, each
with one keep-alive connection, playing whole games: create a game with person seats (and
a bot in some), read each person seat's answer, post one of its moves with its version,
until the game is over; then export the full record, replay it through the rules
(``zombie_rules.play.replay``) and check it ends with the result the server announced,
and delete the game with the admin token. Reports requests/s, errors (any answer not
2xx, or a failed connection), games finished and records checked, per client count.

The server's rate limits are lifted for the run (every client here is one address,
127.0.0.1); every other bound is the default. Only 127.0.0.1 is contacted.

    python benchmarks/web_load.py --clients 8,32,128 --seconds 20
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from zombie_rules import GAMES
from zombie_rules.play import Record, replay
from zombie_rules.serialize import from_json, to_data

#: Small games of each title, with person seats (and a bot in some), as the page makes them.
GAMES_PLAYED: list[tuple[str, dict[str, Any], list[str]]] = [
    ("zombie_run", {"players": 2, "rounds": 1, "turn_limit": 12}, ["person", "person"]),
    ("zombie_run", {"players": 3, "rounds": 1}, ["person", "heuristic", "random"]),
    ("texas_zombies", {"players": 3, "events_per_player": 1}, ["person", "person", "heuristic"]),
    ("zombie_doctor", {"players": 2, "round_limit": 6}, ["person", "person"]),
]
#: Moves a client makes in one game at most (every game above ends well before).
MAX_MOVES_A_GAME = 400
#: Seconds to wait for one answer.
TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Tally:
    """Counts shared by the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.errors: list[str] = []
        self.games = 0
        self.replayed = 0

    def error(self, what: str) -> None:
        with self.lock:
            if len(self.errors) < 50:
                self.errors.append(what)
            else:
                self.errors.append("...")


class Client:
    """One keep-alive connection to the server, counting its requests."""

    def __init__(self, port: int, tally: Tally) -> None:
        self.port = port
        self.tally = tally
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, bytes]:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                text = response.read()
                break
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=TIMEOUT
                )
                if attempt == 2:
                    raise
        with self.tally.lock:
            self.tally.requests += 1
        if not 200 <= response.status < 300:
            self.tally.error(f"{method} {path}: {response.status} {text[:200]!r}")
        return response.status, text

    def json(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, text = self.request(method, path, body, token)
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} {path}: {status}")
        return json.loads(text) if text else None


def play_one(client: Client, rng: random.Random) -> None:
    title, config, seats = rng.choice(GAMES_PLAYED)
    made = client.json("POST", "/api/games", {"title": title, "config": config, "seats": seats})
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    last: dict[str, Any] | None = None
    for _ in range(MAX_MOVES_A_GAME):
        answers = [
            client.json("GET", f"/api/games/{gid}/seats/{s}", token=t) for s, t in tokens.items()
        ]
        last = answers[0]
        if last["over"]:
            break
        mover = rng.choice([a for a in answers if a["moves"]])
        pick = rng.randrange(len(mover["moves"]))
        seat = mover["seat"]
        client.json(
            "POST",
            f"/api/games/{gid}/seats/{seat}/moves",
            {"index": pick, "version": mover["version"]},
            tokens[seat],
        )
    else:
        raise RuntimeError(f"game {gid} of {title} did not end in {MAX_MOVES_A_GAME} moves")
    assert last is not None
    status, text = client.request("GET", f"/api/games/{gid}/record", token=made["admin_token"])
    if status != 200:
        raise RuntimeError(f"export of {gid}: {status}")
    record = from_json(Record, text)
    game = GAMES[record.game]
    result = game.result(replay(record)[-1])
    if result is None or to_data(result) != last["result"]:
        client.tally.error(f"game {gid}: the record replays to {result}, not {last['result']}")
    else:
        with client.tally.lock:
            client.tally.replayed += 1
    client.request("DELETE", f"/api/games/{gid}", token=made["admin_token"])
    with client.tally.lock:
        client.tally.games += 1


def run_level(port: int, clients: int, seconds: float, seed: int) -> dict[str, Any]:
    tally = Tally()
    stop = time.monotonic() + seconds

    def worker(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        client = Client(port, tally)
        while time.monotonic() < stop:
            try:
                play_one(client, rng)
            except Exception as exc:
                tally.error(f"client {number}: {type(exc).__name__}: {exc}")
                time.sleep(0.1)
        client.connection.close()

    threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(clients)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 10 * TIMEOUT)
    elapsed = time.monotonic() - began
    return {
        "clients": clients,
        "seconds": round(elapsed, 1),
        "requests": tally.requests,
        "requests_per_second": round(tally.requests / elapsed, 1),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:5],
        "games": tally.games,
        "records_replayed_to_their_result": tally.replayed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", default="8,32,128", help="client counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per client count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.clients.split(",")]
    if not all(1 <= c <= 512 for c in counts) or not 0 < args.seconds <= 600:
        parser.error("client counts must be 1-512 and --seconds at most 600")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        port = free_port()
        command = [
            sys.executable, "-m", "zombie_rules", "serve", "--port", str(port), "--db", str(db),
            "--max-games", "2000", "--max-games-per-client", "2000",
            "--reads-per-second", "0", "--creates-per-minute", "0",
        ]  # fmt: skip
        server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 30
            while True:
                if server.poll() is not None:
                    raise SystemExit(
                        f"the server ended: {server.stderr.read() if server.stderr else ''}"
                    )
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    connection.request("GET", "/api/titles")
                    if connection.getresponse().status == 200:
                        connection.close()
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            results = [run_level(port, c, args.seconds, args.seed) for c in counts]
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(results, indent=2))
    failed = any(
        r["errors"] or r["games"] != r["records_replayed_to_their_result"] for r in results
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
