"""The web server's security model (issue 22): secrets, exports, imports, persistence,
abuse bounds, push and errors, each tested as an attacker or a careless client would meet it.

docs/web-security.md describes the model these tests hold the server to.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from test_web_api import SMALL, Api, test_app

from zombie_rules import GAMES
from zombie_rules.match import Match
from zombie_rules.play import Record, narrate, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.web import store as store_module
from zombie_rules.web import table as table_module
from zombie_rules.web.app import Limits, create_app
from zombie_rules.web.store import Store

WAIT = 20


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


def strict_app(store: Store | None = None, **options: Any) -> Any:
    """The server as it runs by default: no client seeds (only the rate limits lifted)."""
    options.setdefault("limits", Limits.unlimited())
    return create_app(Store(max_games=50) if store is None else store, **options)


@pytest.fixture
def api() -> Iterator[Api]:
    with TestClient(test_app()) as client:
        yield Api(client)


@pytest.fixture
def strict() -> Iterator[Api]:
    with TestClient(strict_app()) as client:
        yield Api(client)


def new_game(api: Api, title: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"title": title, "config": SMALL[title], "seats": seats, **extra}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def play_to_the_end(api: Api, made: dict[str, Any], people: list[int], limit: int = 300) -> None:
    for _ in range(limit):
        payloads = [api.seat(made, s).json() for s in people]
        if payloads[0]["over"]:
            return
        mover = next(p for p in payloads if p["moves"])
        response = api.move(
            made, mover["seat"], {"index": 0, "version": mover["version"]}, fresh=False
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ secrets


def test_the_creator_gets_no_seed_and_may_not_choose_one(strict: Api) -> None:
    made = new_game(strict, "zombie_run", ["person", "person"])
    assert "seed" not in made and "owner_token" not in made
    assert set(made) == {"id", "title", "public", "imported", "admin_token", "seats", "version"}
    seed = strict.store.get(made["id"]).seed
    for seat in (0, 1):
        payload = strict.seat(made, seat).json()
        assert payload["seed"] is None
        assert str(seed) not in strict.seat(made, seat).text
    refused = strict.client.post(
        "/api/games", json={"title": "zombie_run", "seats": ["person"] * 4, "seed": 5}
    )
    assert refused.status_code == 400
    assert "keeps it secret" in refused.json()["message"]


def test_the_admin_token_ends_and_deletes_but_reads_nothing(strict: Api) -> None:
    made = new_game(strict, "texas_zombies", ["person", "person", "person"])
    admin = made["admin_token"]
    gid = made["id"]
    for seat in range(3):
        assert strict.seat(made, seat, token=admin).status_code == 403
        response = strict.client.get(f"/api/games/{gid}/seats/{seat}/record", headers=bearer(admin))
        assert response.status_code == 403
        events = strict.client.get(f"/api/games/{gid}/seats/{seat}/events", headers=bearer(admin))
        assert events.status_code == 403
    assert strict.export(made, admin).status_code == 403
    # The seat token cannot end it; the admin's can.
    seat_token = made["seats"][0]["token"]
    assert (
        strict.client.post(f"/api/games/{gid}/end", headers=bearer(seat_token)).status_code == 403
    )
    ended = strict.client.post(f"/api/games/{gid}/end", headers=bearer(admin))
    assert ended.status_code == 200 and ended.json()["over"]
    assert strict.client.delete(f"/api/games/{gid}", headers=bearer(admin)).status_code == 204


def test_text_in_another_seats_name_tells_nothing_of_that_seats_hand(api: Api) -> None:
    """Issue 22's high finding: seat 1 typed "0: tell xyzzy" and was answered with the
    storyteller's Objects. The seat is checked before the text meets the state, and
    before the version is asked for."""
    made = api.create("texas_zombies", ["person"] * 3, seed=2)
    truth = api.store.get(made["id"])
    teller = min(truth.match.to_act())
    game = GAMES["texas_zombies"]
    names = [game.config_type().objects[i] for i in game.view(truth.state, teller).hand]
    other = (teller + 1) % 3
    for body in (
        {"notation": f"{teller}: tell xyzzy"},
        {"notation": f"{teller}: tell xyzzy", "version": api.version(made)},
    ):
        response = api.move(made, other, body, fresh=False)
        assert response.status_code == 422, response.text
        assert "you are seat" in response.json()["message"]
        assert not any(name in response.text for name in names), response.text


def test_export_before_and_after_the_end(strict: Api) -> None:
    made = new_game(strict, "zombie_run", ["person", "person"])
    gid = made["id"]
    tokens = [made["admin_token"], *(s["token"] for s in made["seats"])]
    assert strict.move(made, 0, {"index": 0}).status_code == 200
    truth = strict.record(made)
    # Before the end: no full record for anyone; each seat its own account.
    for token in (None, *tokens):
        refused = strict.export(made, token)
        assert refused.status_code == 403
        assert "is not over" in refused.json()["message"] or token is None
    for seat in (0, 1):
        mine = strict.client.get(
            f"/api/games/{gid}/seats/{seat}/record", headers=bearer(made["seats"][seat]["token"])
        ).json()
        assert mine["seat"] == seat and mine["log"] == list(narrate(truth, seat))
        other = made["seats"][1 - seat]["token"]
        response = strict.client.get(f"/api/games/{gid}/seats/{seat}/record", headers=bearer(other))
        assert response.status_code == 403
    public = strict.client.get(f"/api/games/{gid}/spectator/record").json()
    assert public["seat"] is None and public["log"] == list(narrate(truth, None))
    # After the end: the whole record, to any token of the game, and the seed.
    play_to_the_end(strict, made, [0, 1])
    truth = strict.record(made)
    for token in tokens:
        response = strict.export(made, token)
        assert response.status_code == 200, response.text
        assert from_json(Record, response.text) == truth
    assert strict.export(made, None).status_code == 403
    assert strict.export(made, "not a token").status_code == 403
    payload = strict.seat(made, 0).json()
    assert payload["over"] and payload["seed"] == strict.store.get(gid).seed


def test_the_seed_told_at_the_end_is_the_one_that_dealt(strict: Api) -> None:
    """Anyone may check the draws once the game is over: the same seed deals the same game."""
    made = new_game(strict, "zombie_run", ["heuristic", "random"])
    spectator = strict.client.get(f"/api/games/{made['id']}/spectator").json()
    assert spectator["over"] and isinstance(spectator["seed"], int)
    game = GAMES["zombie_run"]
    exported = from_json(Record, strict.export(made, made["admin_token"]).text)
    again = Match(game, exported.config, ["heuristic", "random"], spectator["seed"])
    again.advance()
    assert again.record() == exported


def test_an_admin_ended_game_takes_no_more_moves(strict: Api) -> None:
    made = new_game(strict, "zombie_run", ["person", "person"])
    version = strict.seat(made, 0).json()["version"]
    gid = made["id"]
    assert strict.client.post(f"/api/games/{gid}/end", headers=bearer(made["admin_token"])).json()[
        "ended"
    ]
    refused = strict.move(made, 0, {"index": 0, "version": version}, fresh=False)
    assert refused.status_code == 422 and "over" in refused.json()["message"]
    payload = strict.seat(made, 0).json()
    assert payload["over"] and payload["moves"] == [] and payload["ended"] == "ended by its admin"
    assert strict.export(made, made["seats"][1]["token"]).status_code == 200


# ------------------------------------------------------------------ imports


def test_an_import_is_marked_and_chance_then_comes_from_the_server(api: Api) -> None:
    made = api.create("zombie_doctor", ["person", "person"], seed=3)
    for _ in range(3):
        payload = next(p for p in (api.seat(made, s).json() for s in (0, 1)) if p["moves"])
        assert api.move(made, payload["seat"], {"index": 0}).status_code == 200
    record = api.record(made)
    data = json.loads(to_json(record))
    with TestClient(strict_app()) as client:
        strict = Api(client)
        named = client.post(
            "/api/games/import", json={"record": data, "seats": ["person"] * 2, "seed": 1}
        )
        assert named.status_code == 400 and "seed" in named.json()["message"]
        response = client.post("/api/games/import", json={"record": data, "seats": ["person"] * 2})
        assert response.status_code == 201, response.text
        copy = response.json()
        assert copy["imported"] == len(record.moves)
        for seat in (0, 1):
            assert strict.seat(copy, seat).json()["imported"] == len(record.moves)
        spectator = client.get(f"/api/games/{copy['id']}/spectator").json()
        assert spectator["imported"] == len(record.moves)
        assert strict.record(copy).moves[: len(record.moves)] == record.moves
    # With a seed the server is told to use (tests only), what follows the import is
    # exactly the server's generator's: the record's own chance stops at its end.
    body = {"record": data, "seats": ["heuristic", "random"], "seed": 77}
    finished = api.client.post("/api/games/import", json=body).json()
    game = GAMES["zombie_doctor"]
    expected = Match.from_record(game, record, ["heuristic", "random"], 77)
    expected.advance()
    assert api.record(finished) == expected.record()


def test_a_record_longer_than_a_game_may_be_is_refused(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = api.create("zombie_run", ["person", "person"], seed=3)
    data = json.loads(to_json(api.record(made)))
    monkeypatch.setattr(store_module, "MAX_MOVES", len(data["moves"]) - 1)
    response = api.client.post("/api/games/import", json={"record": data, "seats": ["person"] * 2})
    assert response.status_code == 400
    assert "at most" in response.json()["message"]


def test_a_game_that_reaches_the_move_limit_is_ended(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_module, "MAX_MOVES", 12)
    made = api.create("zombie_run", ["heuristic", "random"], seed=1, rounds=3, turn_limit=50)
    spectator = api.client.get(f"/api/games/{made['id']}/spectator").json()
    assert spectator["version"] == 12
    assert spectator["over"] and spectator["ended"] and spectator["result"] is None


# ------------------------------------------------------------------ abuse


def test_rate_limits_answer_429_with_retry_after_per_client() -> None:
    now = [0.0]
    limits = Limits(creates_per_minute=6, create_burst=2, reads_per_second=1, read_burst=3)
    app = create_app(Store(), limits=limits, clock=lambda: now[0])
    body = {"title": "zombie_run", "seats": ["person"] * 4}
    with TestClient(app) as one, TestClient(app, client=("10.0.0.2", 1)) as two:
        made = [one.post("/api/games", json=body) for _ in range(2)]
        assert [r.status_code for r in made] == [201, 201]
        refused = one.post("/api/games", json=body)
        assert refused.status_code == 429
        assert refused.json()["error"] == "RateLimited"
        assert int(refused.headers["retry-after"]) == 10
        assert two.post("/api/games", json=body).status_code == 201  # another address
        now[0] += 10
        assert one.post("/api/games", json=body).status_code == 201
        gid = made[0].json()["id"]
        reads = [one.get(f"/api/games/{gid}/spectator").status_code for _ in range(4)]
        assert reads == [200, 200, 200, 429]
        polled = one.get(f"/api/games/{gid}/spectator")
        assert polled.status_code == 429 and polled.headers["retry-after"] == "1"
        assert two.get(f"/api/games/{gid}/spectator").status_code == 200
        now[0] += 1
        assert one.get(f"/api/games/{gid}/spectator").status_code == 200


def test_one_client_holds_only_its_share_of_the_games() -> None:
    app = strict_app(Store(max_games=10, max_games_per_client=2))
    body = {"title": "zombie_run", "seats": ["person"] * 4}
    with TestClient(app) as one, TestClient(app, client=("10.0.0.9", 1)) as two:
        first = one.post("/api/games", json=body).json()
        assert one.post("/api/games", json=body).status_code == 201
        refused = one.post("/api/games", json=body)
        assert refused.status_code == 429 and refused.json()["error"] == "TooMany"
        assert int(refused.headers["retry-after"]) > 0
        assert two.post("/api/games", json=body).status_code == 201
        admin = bearer(first["admin_token"])
        assert one.delete(f"/api/games/{first['id']}", headers=admin).status_code == 204
        assert one.post("/api/games", json=body).status_code == 201


def test_games_are_unlisted_unless_made_public(api: Api) -> None:
    hidden = api.create("zombie_run", ["person", "person"])
    shown = api.create("zombie_run", ["person", "person"], public=True)
    listed = [g["id"] for g in api.client.get("/api/games").json()]
    assert listed == [shown["id"]]
    assert hidden["id"] not in api.client.get("/api/games").text
    bad = {"title": "zombie_run", "seats": ["person"] * 4, "public": "yes"}
    assert api.client.post("/api/games", json=bad).status_code == 400


def test_an_answer_is_encoded_once_per_position(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    table = api.store.get(made["id"])
    with table.lock:
        first = table.encoded(None)
        assert table.encoded(None) is first
    assert json.loads(first) == api.client.get(f"/api/games/{made['id']}/spectator").json()
    assert api.move(made, 0, {"index": 0}).status_code == 200
    with table.lock:
        assert table.encoded(None) is not first


# ------------------------------------------------------------------ errors


def test_a_seat_number_of_any_length_is_a_json_404(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    token = bearer(made["seats"][0]["token"])
    base = f"/api/games/{made['id']}/seats/"
    for seat in ("9" * 4301, "9" * 60_000, "-1", "1e3", "0x1", "%D9%A3", "2", "00007"):
        for method, suffix in (("GET", ""), ("GET", "/record"), ("GET", "/events")):
            response = api.client.request(method, base + seat + suffix, headers=token)
            assert response.status_code == 404, (seat[:10], response.text[:200])
            assert response.json()["error"] == "NotFound"
            assert len(response.text) < 400
        moved = api.client.post(base + seat + "/moves", json={"index": 0}, headers=token)
        assert moved.status_code == 404
    assert api.client.get(base + "0", headers=token).status_code == 200
    assert api.client.get(base + "000", headers=token).status_code == 200  # seat 0, said longer


def test_unknown_paths_and_wrong_methods_answer_the_documented_json(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    cases = [
        ("GET", "/nowhere", 404, "NoRoute"),
        ("GET", "/api/nowhere", 404, "NoRoute"),
        ("GET", "/static/missing.js", 404, "NoRoute"),
        ("PUT", "/api/games", 405, "NoMethod"),
        ("DELETE", "/api/titles", 405, "NoMethod"),
        ("GET", f"/api/games/{made['id']}/seats/0/moves", 405, "NoMethod"),
        ("POST", f"/api/games/{made['id']}/record", 405, "NoMethod"),
        ("GET", "/api/games/nope/spectator", 404, "NotFound"),
    ]
    for method, path, status, kind in cases:
        response = api.client.request(method, path)
        assert response.status_code == status, (method, path, response.text)
        assert response.headers["content-type"].startswith("application/json")
        assert set(response.json()) == {"error", "message"}
        assert response.json()["error"] == kind


def test_stale_and_missing_versions_are_refused_and_change_nothing(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    before = api.record(made)
    version = len(before.moves)
    missing = api.move(made, 0, {"index": 0}, fresh=False)
    assert missing.status_code == 400 and "version: required" in missing.json()["message"]
    assert api.move(made, 0, {"index": 0, "version": version}, fresh=False).status_code == 200
    again = api.move(made, 0, {"index": 0, "version": version}, fresh=False)
    assert again.status_code == 409 and again.json()["error"] == "Stale"
    assert len(api.record(made).moves) == version + 1


def test_no_input_gets_a_500(api: Api) -> None:
    """Hostile paths, methods, headers and bodies: each a 4xx in the documented shape."""
    made = api.create("texas_zombies", ["person"] * 3)
    gid = made["id"]
    rng = random.Random(22)
    parts = [
        "api", "games", gid, "seats", "0", "1", "moves", "record", "events", "end",
        "spectator", "import", "titles", "%00", "..", "9" * 5000, "%FF", "\u00e9", "",
    ]  # fmt: skip
    bodies: list[bytes] = [
        b"", b"{", b"[]", b"null", b'{"index": 1e999}', b'{"version": 99999999999999999999}',
        b'{"index": 0, "version": -1}', b'{"notation": "\\ud800", "version": 0}',
        b'{"record": {"game": "zombie_run", "config": {}, "moves": [[]]}, "seats": []}',
        b'{"title": "zombie_run", "seats": ["person"], "config": {"players": 1e308}}',
        b'{"title": "zombie_run", "seats": ["person", "person"], "public": 1}',
        b'{"seats": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    ]  # fmt: skip
    tokens = [None, "x", made["admin_token"], made["seats"][0]["token"], "\u00e9" * 3]
    for _ in range(400):
        path = "/" + "/".join(rng.choice(parts) for _ in range(rng.randrange(1, 7)))
        method = rng.choice(["GET", "POST", "DELETE", "PUT", "PATCH"])
        token = rng.choice(tokens)
        headers: dict[str, Any] = {"content-type": "application/json"}
        if token is not None:
            headers["authorization"] = b"Bearer " + token.encode()
        if rng.random() < 0.3:
            path += "?from=" + rng.choice(["-1", "x", "9" * 5000, "3"])
        response = api.client.request(method, path, content=rng.choice(bodies), headers=headers)
        assert response.status_code < 500, (method, path[:80], response.text[:300])
        if response.status_code >= 400:
            assert set(response.json()) == {"error", "message"}, (method, path[:80])


# ------------------------------------------------------------------ persistence


def test_tokens_are_stored_as_digests_only(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db=str(db))
    with TestClient(strict_app(store)) as client:
        made = new_game(Api(client), "zombie_run", ["person", "person"])
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    tokens = [made["admin_token"], *(s["token"] for s in made["seats"])]
    for token in tokens:
        assert token.encode() not in raw
        assert hashlib.sha256(token.encode()).hexdigest().encode() in raw


def _play(store: Store, game_id: str, rng: random.Random, moves: int) -> None:
    table = store.get(game_id)
    for _ in range(moves):
        if table.over:
            return
        seat = min(table.match.to_act())
        with table.lock:
            start = table.match.version
            picks = len(table.match.legal(seat))
            table.play(seat, {"index": rng.randrange(picks), "version": start})
            store.moved(table, start)


def test_a_restarted_store_resumes_every_game_on_the_same_random_stream(tmp_path: Path) -> None:
    """Chance after a restart is the stream the game would have drawn without one."""
    db = str(tmp_path / "games.sqlite3")
    titles = {"zombie_run": ["person", "person"], "quarantine_z": ["heuristic", "person", "random"]}
    first = Store(db=db)
    ids = {t: first.create(t, SMALL[t], seats, seed=40).id for t, seats in titles.items()}
    for title, game_id in ids.items():
        _play(first, game_id, random.Random(title), 6)
    first.close()
    second = Store(db=db)
    assert set(ids.values()) <= {t["id"] for t in second.summaries()} | set(ids.values())
    for title, game_id in ids.items():
        _play(second, game_id, random.Random(title + "later"), 10)
    for title, seats in titles.items():
        alone = Store()
        game_id = alone.create(title, SMALL[title], seats, seed=40).id
        _play(alone, game_id, random.Random(title), 6)
        _play(alone, game_id, random.Random(title + "later"), 10)
        assert second.get(ids[title]).record() == alone.get(game_id).record(), title
        assert (
            second.get(ids[title]).match.rng.getstate() == alone.get(game_id).match.rng.getstate()
        )
    second.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``zombie-rules serve`` in its own process on 127.0.0.1, and requests to it."""

    def __init__(self, db: Path, log: Path) -> None:
        self.port = _free_port()
        command = [
            sys.executable, "-m", "zombie_rules", "serve", "--port", str(self.port),
            "--db", str(db), "--allow-seeds", "--reads-per-second", "0",
            "--creates-per-minute", "0",
        ]  # fmt: skip
        with open(log, "a", encoding="utf-8") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.log = log
        deadline = time.monotonic() + WAIT
        while True:
            assert self.process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                if self.request("GET", "/api/titles")[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            headers = bearer(token)
            data = None
            if body is not None:
                headers["content-type"] = "application/json"
                data = json.dumps(body)
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
        finally:
            connection.close()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.kill()


def test_a_server_killed_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db, log = tmp_path / "games.sqlite3", tmp_path / "serve.log"
    config = {"players": 2, "rounds": 2, "turn_limit": 12}
    body = {"title": "zombie_run", "config": config, "seats": ["person", "person"], "seed": 9}
    rng = random.Random(4)
    picks: list[tuple[int, int]] = []
    server = Server(db, log)
    try:
        status, made = server.request("POST", "/api/games", body)
        assert status == 201, made
        gid = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}

        def step() -> tuple[int, Any]:
            payloads = [
                server.request("GET", f"/api/games/{gid}/seats/{s}", token=tokens[s])[1]
                for s in (0, 1)
            ]
            mover = next(p for p in payloads if p["moves"])
            pick = rng.randrange(len(mover["moves"]))
            move = {"index": pick, "version": mover["version"]}
            seat = mover["seat"]
            answer = server.request(
                "POST", f"/api/games/{gid}/seats/{seat}/moves", move, tokens[seat]
            )
            assert answer[0] == 200, answer
            picks.append((seat, pick))
            return seat, answer[1]

        for _ in range(8):
            acknowledged = step()[1]["version"]
        logs = {
            s: server.request("GET", f"/api/games/{gid}/seats/{s}", token=tokens[s])[1]["log"]
            for s in (0, 1)
        }
        server.kill()  # no shutdown: what is not on disk is lost
    finally:
        server.stop()
    server = Server(db, log)
    try:
        for s in (0, 1):
            payload = server.request("GET", f"/api/games/{gid}/seats/{s}", token=tokens[s])[1]
            assert payload["version"] == acknowledged
            assert payload["log"] == logs[s]
        over = False
        for _ in range(200):
            answer = step()[1]
            if answer["over"]:
                over = True
                break
        assert over, "the resumed game did not go on to its end"
        status, text = server.request("GET", f"/api/games/{gid}/record", token=tokens[0])
        assert status == 200
        record = from_json(Record, json.dumps(text))
        game = GAMES["zombie_run"]
        assert game.result(replay(record)[-1]) is not None
    finally:
        server.stop()
    # The same seed and the same choices without a restart: the very same game.
    alone = Store()
    table = alone.create("zombie_run", config, ["person", "person"], seed=9)
    for seat, pick in picks:
        table.play(seat, {"index": pick, "version": table.match.version})
    assert table.record() == record


# ------------------------------------------------------------------ push


@pytest.fixture
def live() -> Iterator[tuple[str, Store]]:
    """The app on a real uvicorn server in a thread, on 127.0.0.1."""
    store = Store(max_games=20)
    port = _free_port()
    config = uvicorn.Config(test_app(store), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"127.0.0.1:{port}", store
    server.should_exit = True
    thread.join(timeout=WAIT)


class Events:
    """An events stream read as it comes."""

    def __init__(self, host: str, path: str, token: str | None) -> None:
        self.connection = http.client.HTTPConnection(host, timeout=WAIT)
        self.connection.request("GET", path, headers=bearer(token))
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.headers["content-type"].startswith("text/event-stream")

    def next(self) -> dict[str, Any]:
        kind, data = "", []
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            line = line.rstrip("\n")
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif not line and data:
                assert kind == "payload", kind
                event: dict[str, Any] = json.loads("\n".join(data))
                return event

    def close(self) -> None:
        self.connection.close()


def test_moves_are_pushed_to_each_seat_from_its_cursor(live: tuple[str, Store]) -> None:
    host, store = live
    table = store.create("texas_zombies", SMALL["texas_zombies"], ["person"] * 3, seed=6)
    tokens = table.issued["seats"]
    teller = min(table.match.to_act())
    listener = (teller + 1) % 3
    start = table.match.version
    base = f"/api/games/{table.id}"
    seat_stream = Events(host, f"{base}/seats/{listener}/events?from={start}", tokens[listener])
    public = Events(host, f"{base}/spectator/events?from=0", None)
    try:
        first = seat_stream.next()
        assert first["version"] == start and first["log"] == [] and first["log_from"] == start
        assert public.next()["log"] == list(narrate(table.record(), None))
        tell = next(c for c in table.match.choices(teller) if "tell" in c.notation)
        connection = http.client.HTTPConnection(host, timeout=WAIT)
        body = json.dumps({"index": tell.index, "version": start})
        headers = {**bearer(tokens[teller]), "content-type": "application/json"}
        connection.request("POST", f"{base}/seats/{teller}/moves", body=body, headers=headers)
        assert connection.getresponse().status == 200
        connection.close()
        pushed = seat_stream.next()
        record = table.record()
        assert pushed["version"] == len(record.moves) > start
        assert pushed["log_from"] == start
        assert pushed["log"] == list(narrate(record, listener))[start:]
        assert pushed["seat"] == listener
        assert [m["notation"] for m in pushed["moves"]] == [
            str(m) for m in table.match.legal(listener)
        ]
        game = GAMES["texas_zombies"]
        assert pushed["view"] == json.loads(to_json(game.view(table.state, listener)))
        told = public.next()
        assert told["log_from"] == start
        assert told["log"] == list(narrate(record, None))[start:]
    finally:
        seat_stream.close()
        public.close()


def test_a_finished_games_stream_sends_it_once_and_ends(api: Api) -> None:
    made = api.create("zombie_run", ["heuristic", "random"])
    response = api.client.get(f"/api/games/{made['id']}/spectator/events?from=3")
    assert response.status_code == 200
    events = [b for b in response.text.split("\n\n") if b.startswith("event: payload")]
    assert len(events) == 1
    event = json.loads(events[0].split("data: ", 1)[1])
    assert event["over"] and event["log_from"] == 3
    assert event["log"] == list(narrate(api.record(made), None))[3:]
    bad = api.client.get(f"/api/games/{made['id']}/spectator/events?from=" + "9" * 5000)
    assert bad.status_code == 400


def test_the_events_of_a_seat_need_its_token(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    base = f"/api/games/{made['id']}/seats/0/events"
    for token in (None, made["seats"][1]["token"], made["admin_token"]):
        assert api.client.get(base, headers=bearer(token)).status_code == 403


def test_a_seat_trades_its_token_for_a_fresh_one_that_outlives_a_restart(tmp_path: Path) -> None:
    """An invite link's first use: the creator's copy of the old token stops working."""
    db = str(tmp_path / "games.sqlite3")
    store = Store(db=db)
    with TestClient(strict_app(store)) as client:
        made = new_game(Api(client), "zombie_run", ["person", "person"])
        url = f"/api/games/{made['id']}/seats/1"
        old = made["seats"][1]["token"]
        assert client.post(url + "/token", headers=bearer(made["admin_token"])).status_code == 403
        traded = client.post(url + "/token", headers=bearer(old))
        assert traded.status_code == 200
        fresh = traded.json()["token"]
        assert client.get(url, headers=bearer(old)).status_code == 403
        assert client.post(url + "/token", headers=bearer(old)).status_code == 403
        assert client.get(url, headers=bearer(fresh)).status_code == 200
    store.close()
    with TestClient(strict_app(Store(db=db))) as client:
        assert client.get(url, headers=bearer(fresh)).status_code == 200
        assert client.get(url, headers=bearer(old)).status_code == 403


def test_a_slow_answer_does_not_hold_up_the_others(
    live: tuple[str, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Answers are built and encoded in worker threads, never on the event loop."""
    host, store = live
    table = store.create("zombie_run", SMALL["zombie_run"], ["person", "person"], seed=1)
    built = table_module.Table.payload

    def slow(self: Any, seat: int | None, log_from: int | None = None) -> dict[str, Any]:
        if seat is None:
            time.sleep(5.0)  # long enough that the other answer comes first on a busy machine
        return built(self, seat, log_from)

    monkeypatch.setattr(table_module.Table, "payload", slow)
    done: list[int] = []

    def spectate() -> None:
        connection = http.client.HTTPConnection(host, timeout=WAIT)
        connection.request("GET", f"/api/games/{table.id}/spectator")
        done.append(connection.getresponse().status)
        connection.close()

    thread = threading.Thread(target=spectate)
    thread.start()
    time.sleep(0.2)
    connection = http.client.HTTPConnection(host, timeout=WAIT)
    connection.request("GET", "/api/titles")
    assert connection.getresponse().status == 200
    connection.close()
    assert not done, "the titles waited for the slow answer"
    thread.join(timeout=WAIT)
    assert done == [200]


def test_a_move_the_database_refuses_is_not_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Nothing is ever half-applied": a move whose write fails is refused and taken back,
    # the random stream with it, so the next move plays as if it had never been sent.
    store = Store(max_games=5)
    with TestClient(strict_app(store), raise_server_exceptions=False) as client:
        api = Api(client)
        made = new_game(api, "zombie_run", ["person", "random"])
        table = store.get(made["id"])
        before = (table.match.version, table.match.state, table.match.rng.getstate())
        payload = api.seat(made, 0).json()
        body = {"index": 0, "version": payload["version"]}

        def broken(*args: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(store.db, "update", broken)
        refused = api.move(made, 0, body, fresh=False)
        assert refused.status_code == 500 and "disk" not in refused.text
        assert (table.match.version, table.match.state, table.match.rng.getstate()) == before
        assert api.seat(made, 0).json() == payload
        monkeypatch.undo()
        assert api.move(made, 0, body, fresh=False).status_code == 200
        assert table.match.version > before[0]
