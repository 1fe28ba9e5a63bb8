"""The web client's HTTP JSON API, driven through Starlette's test client.

What a seat is sent must be exactly what the library says the seat may know: every
payload is compared with ``view``/``render``/``narrate``/``legal_moves`` of the true
game (read from the server's store: no participant may export it before the end), and
the game played through the API is run through the test kit's knowledge check. The
security model's own tests (secrets, exports, imports, limits, push, persistence) are
in ``test_web_security.py``.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import with_moves
from zombie_rules.match import Choice
from zombie_rules.play import Record, narrate, play_out, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import check_knowledge
from zombie_rules.web import serve
from zombie_rules.web.app import MAX_BODY, Limits, create_app
from zombie_rules.web.store import Store

#: Small games of every title, so that whole games fit in the test's time.
SMALL: dict[str, dict[str, Any]] = {
    "zombie_run": {"players": 2, "rounds": 1, "turn_limit": 12},
    "texas_zombies": {"players": 3, "events_per_player": 1},
    "zombie_doctor": {"players": 2, "round_limit": 6},
    "quarantine_z": {"players": 3},
}
#: Moves made through the API before a long title's game is checked and left.
MAX_API_MOVES = 120
PAYLOAD_KEYS = {
    "id", "title", "seat", "players", "seats", "version", "to_act", "chance_pending",
    "over", "ended", "imported", "seed", "result", "view", "text", "board", "moves", "log",
    "undos", "can_undo", "undo_reason",
}  # fmt: skip


def test_app(store: Store | None = None, **options: Any) -> Any:
    """An app for tests: seeds may be named (reproducible games) and nothing is rate limited."""
    options.setdefault("limits", Limits.unlimited())
    options.setdefault("client_seeds", True)
    return create_app(Store(max_games=50) if store is None else store, **options)


test_app.__test__ = False  # type: ignore[attr-defined]


class Api:
    """A few words for the requests the tests make."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(
        self, title: str, seats: list[str], seed: int = 1, public: bool = False, **config: Any
    ) -> dict[str, Any]:
        body = {
            "title": title,
            "config": {**SMALL[title], **config},
            "seats": seats,
            "seed": seed,
            "public": public,
        }
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        return made

    def create_exact(
        self, title: str, config: dict[str, Any], seats: list[str], seed: int = 5
    ) -> dict[str, Any]:
        """A private game of ``config`` exactly as given (``create`` starts from ``SMALL``)."""
        body = {"title": title, "config": config, "seats": seats, "seed": seed, "public": False}
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        return made

    def play_to_end(self, made: dict[str, Any], seat: int, seed: int, limit: int) -> None:
        """``seat`` picks uniformly among the moves the server offers it until it offers none."""
        rng = random.Random(seed)
        for _ in range(limit):
            answer = self.seat(made, seat).json()
            if not answer["moves"]:
                return
            pick = rng.choice(answer["moves"])
            self.move(made, seat, {"index": pick["index"], "version": answer["version"]})
        raise AssertionError(f"seat {seat} was still offered moves after {limit}")

    def seat(self, made: dict[str, Any], seat: int, token: str | None = None) -> Any:
        token = made["seats"][seat]["token"] if token is None else token
        return self.client.get(
            f"/api/games/{made['id']}/seats/{seat}", headers={"authorization": f"Bearer {token}"}
        )

    def version(self, made: dict[str, Any]) -> int:
        return len(self.record(made).moves)

    def move(
        self,
        made: dict[str, Any],
        seat: int,
        body: Any,
        token: str | None = None,
        fresh: bool = True,
    ) -> Any:
        """Post ``body`` as ``seat``'s move; ``fresh``: with the game's version if it has none."""
        token = made["seats"][seat]["token"] if token is None else token
        headers = {"authorization": f"Bearer {token}"}
        if fresh and isinstance(body, dict) and "version" not in body:
            body = {**body, "version": self.version(made)}
        url = f"/api/games/{made['id']}/seats/{seat}/moves"
        if isinstance(body, bytes):
            headers["content-type"] = "application/json"
            return self.client.post(url, content=body, headers=headers)
        return self.client.post(url, json=body, headers=headers)

    @property
    def store(self) -> Store:
        store: Store = self.client.app.state.store  # type: ignore[attr-defined]
        return store

    def record(self, made: dict[str, Any]) -> Record[Any, Any]:
        """The true game so far, read from the server's store (no request may read it)."""
        return self.store.get(made["id"]).record()

    def export(self, made: dict[str, Any], token: str | None) -> Any:
        headers = {} if token is None else {"authorization": f"Bearer {token}"}
        return self.client.get(f"/api/games/{made['id']}/record", headers=headers)


@pytest.fixture
def api() -> Iterator[Api]:
    with TestClient(test_app()) as client:
        yield Api(client)


def expected_payload(record: Record[Any, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may be sent, computed from the library alone."""
    game = GAMES[record.game]
    state = replay(record)[-1]
    view = game.view(state, seat)
    mine = [m for m in game.legal_moves(state) if seat is not None and m.seat == seat]
    labels = [game.describe(state, m, seat).split("\n")[0] for m in mine]
    choices = [
        Choice(i, m, str(m), label) for i, (m, label) in enumerate(zip(mine, labels, strict=True))
    ]
    return {
        "view": json.loads(to_json(view)),
        "text": game.render(view),
        "board": with_moves(game.board(view), choices),
        "log": list(narrate(record, seat)),
        "moves": [str(m) for m in mine],
        "labels": labels,
        "to_act": sorted(a for a in game.to_act(state) if a != CHANCE),
    }


def check_payload(payload: dict[str, Any], record: Record[Any, Any], seat: int | None) -> None:
    """The payload holds exactly what ``seat`` may know, and nothing else."""
    assert set(payload) == PAYLOAD_KEYS
    want = expected_payload(record, seat)
    assert payload["seat"] == seat
    assert payload["version"] == len(record.moves)
    assert payload["view"] == want["view"]
    assert payload["text"] == want["text"]
    assert payload["board"] == want["board"]
    assert payload["log"] == want["log"]
    assert [m["notation"] for m in payload["moves"]] == want["moves"]
    assert [m["label"] for m in payload["moves"]] == want["labels"]
    assert [m["index"] for m in payload["moves"]] == list(range(len(want["moves"])))
    assert payload["to_act"] == want["to_act"]
    check_undo_reason(payload)


#: The reasons an undo is refused that name nothing of the game.
PLAIN_REFUSALS = (
    "Nothing to undo: you have not moved yet.",
    "Cannot undo: the game is over, nothing can be taken back.",
)
OTHER_MOVED = re.compile(
    r"Cannot undo: seat (\d+) has moved since your last move, and only your own moves can be"
    r" taken back\."
)
SHOWN = re.compile(
    r"Cannot undo: (?:your move|what followed your move) showed you something new \((.*)\)\."
    r" A move can only be taken back while nothing has been revealed\.",
    re.DOTALL,
)


def check_undo_reason(payload: dict[str, Any]) -> None:
    """Whether an undo is offered, and why not, say only what the seat was told.

    The reason is the match's (the kit's undo check holds it to what the seat knew);
    here it must be one of its forms, naming no more than a seat that moved (which the
    log tells) or an entry of the seat's own log, cut short.
    """
    reason = payload["undo_reason"]
    if payload["seat"] is None:
        assert reason is None and payload["can_undo"] is False
        return
    assert payload["can_undo"] is (reason is None)
    if reason is None or reason in PLAIN_REFUSALS:
        return
    other = OTHER_MOVED.fullmatch(reason)
    if other is not None:
        assert int(other.group(1)) != payload["seat"]
        return
    shown = SHOWN.fullmatch(reason)
    assert shown is not None, reason
    quoted = shown.group(1).removesuffix("...")
    assert any(" ".join(e.split()).startswith(quoted) for e in payload["log"]), reason


# ------------------------------------------------------------------ whole games


SEATINGS = {
    "zombie_run": ["person", "heuristic"],
    "texas_zombies": ["person", "person", "heuristic"],
    "zombie_doctor": ["person", "person"],
    "quarantine_z": ["heuristic", "person", "person"],
}


@pytest.mark.parametrize("title", sorted(GAMES))
def test_a_game_played_through_the_api_tells_each_seat_only_its_own(api: Api, title: str) -> None:
    seats = SEATINGS[title]
    people = [s for s, kind in enumerate(seats) if kind == "person"]
    made = api.create(title, seats, seed=11)
    assert [s["token"] is not None for s in made["seats"]] == [k == "person" for k in seats]
    rng = random.Random(5)
    posted = 0
    while posted < MAX_API_MOVES:
        payloads = {s: api.seat(made, s).json() for s in people}
        first = payloads[people[0]]
        if first["over"]:
            break
        # Bots and chance have moved: the game waits for a person.
        assert not first["chance_pending"]
        assert set(first["to_act"]) & set(people), first["to_act"]
        if posted % 7 == 0:
            record = api.record(made)
            for s in people:
                check_payload(payloads[s], record, s)
            check_payload(api.client.get(f"/api/games/{made['id']}/spectator").json(), record, None)
        seat = rng.choice(sorted(set(first["to_act"]) & set(people)))
        moves = payloads[seat]["moves"]
        assert moves, f"seat {seat} is to act but was sent no move"
        pick = rng.randrange(len(moves))
        body = {"index": pick} if posted % 2 else {"notation": moves[pick]["notation"]}
        response = api.move(made, seat, body)
        assert response.status_code == 200, response.text
        assert response.json()["version"] > payloads[seat]["version"]
        if posted % 7 == 3:  # the answer to a move is the mover's payload, no more
            check_payload(response.json(), api.record(made), seat)
        posted += 1
    record = api.record(made)
    for s in people:
        check_payload(api.seat(made, s).json(), record, s)
    spectator = api.client.get(f"/api/games/{made['id']}/spectator").json()
    check_payload(spectator, record, None)
    assert spectator["moves"] == []
    if title != "quarantine_z":
        assert spectator["over"] and spectator["result"] is not None
    game = GAMES[title]
    config = from_json(
        game.config_type, json.dumps({**json.loads(to_json(game.config_type())), **SMALL[title]})
    )
    assert record.config == config
    assert check_knowledge(game, record.config, record.moves, steps=6, horizon=40) > 0


def test_bots_alone_play_a_game_to_its_end_at_creation(api: Api) -> None:
    made = api.create("zombie_run", ["heuristic", "random"])
    spectator = api.client.get(f"/api/games/{made['id']}/spectator").json()
    assert spectator["over"]
    assert spectator["result"]["winners"]
    assert replay(api.record(made))[-1] is not None


def test_titles_offer_every_title_with_its_config_and_bots(api: Api) -> None:
    titles = api.client.get("/api/titles").json()
    assert [t["name"] for t in titles] == sorted(GAMES)
    for t in titles:
        game = GAMES[t["name"]]
        assert t["config"] == json.loads(to_json(game.config_type()))
        assert t["seat_kinds"][:2] == ["person", "random"]
        assert set(t["seat_kinds"][2:]) == {"ismcts", *game.agents}


# ------------------------------------------------------------------ security


def test_a_seat_is_read_and_moved_only_with_its_own_token(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    gid = made["id"]
    zero, one = made["seats"][0]["token"], made["seats"][1]["token"]
    assert len({zero, one, made["admin_token"]}) == 3
    assert all(len(t) >= 32 for t in (zero, one, made["admin_token"]))
    before = api.record(made)
    refused = [
        api.client.get(f"/api/games/{gid}/seats/0"),
        api.client.get(f"/api/games/{gid}/seats/0", headers={"authorization": "Bearer nope"}),
        api.client.get(f"/api/games/{gid}/seats/0", headers={"authorization": zero}),
        api.seat(made, 0, token=one),
        api.seat(made, 0, token=made["admin_token"]),
        api.move(made, 0, {"index": 0}, token=one),
        api.client.post(f"/api/games/{gid}/seats/0/moves", json={"index": 0}),
    ]
    for response in refused:
        assert response.status_code == 403, response.text
        assert response.json()["error"] == "Forbidden"
        assert "token" in response.json()["message"]
    assert api.record(made) == before
    assert api.seat(made, 0).status_code == 200


def test_a_bot_seat_has_no_token_and_nobody_reads_it(api: Api) -> None:
    made = api.create("zombie_run", ["person", "heuristic"])
    assert made["seats"][1]["token"] is None
    response = api.seat(made, 1, token=made["seats"][0]["token"])
    assert response.status_code == 403
    assert "bot" in response.json()["message"]


def test_the_admin_token_alone_deletes_and_nobody_exports_mid_game(api: Api) -> None:
    """Issue 22: the creator's token used to export every card mid-game; now the admin
    token deletes (and ends) the game, and no token reads the record before the end."""
    made = api.create("zombie_run", ["person", "person"])
    gid = made["id"]
    seat_token = made["seats"][0]["token"]
    for token in (None, seat_token, made["admin_token"]):
        assert api.export(made, token).status_code == 403
    for token in (None, seat_token):
        headers = {} if token is None else {"authorization": f"Bearer {token}"}
        assert api.client.delete(f"/api/games/{gid}", headers=headers).status_code == 403
    admin = {"authorization": f"Bearer {made['admin_token']}"}
    assert api.client.delete(f"/api/games/{gid}", headers=admin).status_code == 204
    assert api.seat(made, 0).status_code == 404
    with pytest.raises(LookupError):
        api.store.get(gid)


def test_the_seed_and_the_tokens_reach_no_seat_and_no_list(api: Api) -> None:
    """With the seed and the moves, anyone could replay the draws: only the creator gets it."""
    seed = 987_654_321_012_345
    made = api.create("texas_zombies", ["person", "person", "person"], seed=seed)
    texts = [
        api.seat(made, 0).text,
        api.client.get(f"/api/games/{made['id']}/spectator").text,
        api.client.get("/api/games").text,
    ]
    secrets = [str(seed), made["admin_token"], *(s["token"] for s in made["seats"])]
    for text in texts:
        for secret in secrets:
            assert secret not in text
    assert "seed" not in made
    body = {"title": "zombie_run", "seats": ["person"] * 4, "public": True}
    assert api.client.post("/api/games", json=body).status_code == 201
    listed = api.client.get("/api/games").json()
    assert set(listed[0]) == {"id", "title", "players", "seats", "version", "over", "idle_seconds"}


def test_a_spectator_is_sent_only_what_every_seat_may_know(api: Api) -> None:
    made = api.create("zombie_doctor", ["person", "person"])
    spectator = api.client.get(f"/api/games/{made['id']}/spectator").json()
    record = api.record(made)
    check_payload(spectator, record, None)
    assert spectator["view"]["hand"] == []
    assert spectator["moves"] == []


# ------------------------------------------------------------------ bad input


def test_bad_move_bodies_are_4xx_with_the_reason_and_change_nothing(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    before = api.record(made)
    version = len(before.moves)
    v = {"version": version}
    cases: list[tuple[Any, int, str, str]] = [
        (b"{not json", 400, "DecodeError", "not JSON"),
        (b"[" * 100_000, 400, "DecodeError", "not JSON"),
        ([0], 400, "DecodeError", "JSON object"),
        (v, 400, "DecodeError", "exactly one"),
        ({"index": 0, "notation": "peek 0 1", **v}, 400, "DecodeError", "exactly one"),
        ({"index": 0, "seat": 1, **v}, 400, "DecodeError", "unknown key"),
        ({"index": True, **v}, 400, "DecodeError", "integer"),
        ({"index": 0.0, **v}, 400, "DecodeError", "integer"),
        ({"index": "0", **v}, 400, "DecodeError", "integer"),
        ({"index": 99, **v}, 422, "IllegalMove", "moves 0-"),
        ({"index": -1, **v}, 422, "IllegalMove", "moves 0-"),
        ({"notation": 5, **v}, 400, "DecodeError", "string"),
        ({"notation": "fly away", **v}, 400, "DecodeError", ""),
        ({"notation": "peek 0 0", **v}, 422, "IllegalMove", ""),
        # The words changed with issue 22: the seat check is the match driver's own.
        ({"notation": "1: peek 0 1", **v}, 422, "IllegalMove", "you are seat 0"),
        ({"notation": "draw pile", **v}, 422, "IllegalMove", ""),
        ({"index": 0, "version": version + 1}, 409, "Stale", "is at move"),
        ({"index": 0, "version": version - 1}, 409, "Stale", "choices have changed"),
        ({"index": 0, "version": "x"}, 400, "DecodeError", "version"),
        # Issue 22: a move must say which position it was chosen at.
        ({"index": 0}, 400, "DecodeError", "version: required"),
        ({"notation": "peek 0 1"}, 400, "DecodeError", "version: required"),
    ]
    for body, status, kind, words in cases:
        response = api.move(made, 0, body, fresh=False)
        assert response.status_code == status, (body, response.text)
        error = response.json()
        assert error["error"] == kind, (body, error)
        assert words in error["message"], (body, error)
        assert len(error["message"]) < 1200
    assert api.record(made) == before
    ok = api.move(made, 0, {"notation": "peek 0 1", "version": version})
    assert ok.status_code == 200, ok.text


def test_a_body_not_sent_as_json_is_415_so_other_sites_cannot_post(api: Api) -> None:
    """A page elsewhere may POST text/plain here unasked; such a body is never read."""
    body = '{"title": "zombie_run", "seats": ["person", "person", "person", "person"]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {} if kind is None else {"content-type": kind}
        response = api.client.post("/api/games", content=body, headers=headers)
        assert response.status_code == 415, response.text
    assert len(api.store) == 0


def test_a_body_over_the_limit_is_413(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    response = api.move(made, 0, b'{"notation": "' + b"x" * (MAX_BODY + 10) + b'"}')
    assert response.status_code == 413
    assert response.json()["error"] == "TooLarge"


def test_bad_new_games_are_refused_with_the_reason(api: Api) -> None:
    cases: list[tuple[Any, int, str]] = [
        ({"title": "chess", "seats": ["person"]}, 404, "known games"),
        ({"title": 3, "seats": ["person"]}, 400, "title"),
        ({"seats": ["person"]}, 400, "title"),
        (
            {"title": "zombie_run", "config": {"players": 9}, "seats": ["person"] * 9},
            400,
            "players",
        ),
        ({"title": "zombie_run", "config": {"wings": 2}, "seats": ["person"] * 4}, 400, "wings"),
        ({"title": "zombie_run", "config": [1], "seats": ["person"] * 4}, 400, "config"),
        ({"title": "zombie_run", "seats": ["person"] * 3}, 400, "4 seats"),
        ({"title": "zombie_run", "seats": ["person", "genius", "random", "random"]}, 400, "genius"),
        ({"title": "zombie_run", "seats": "person"}, 400, "seats"),
        ({"title": "zombie_run", "seats": ["person"] * 4, "seed": -1}, 400, "seed"),
        ({"title": "zombie_run", "seats": ["person"] * 4, "seed": 1.5}, 400, "seed"),
        ({"title": "zombie_run", "seats": ["person"] * 4, "colour": "red"}, 400, "colour"),
    ]
    for body, status, words in cases:
        response = api.client.post("/api/games", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["message"], (body, response.json())
    assert len(api.store) == 0


def test_unknown_games_and_seats_are_404(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    assert api.client.get("/api/games/nope/spectator").status_code == 404
    response = api.client.get(
        f"/api/games/{made['id']}/seats/7",
        headers={"authorization": f"Bearer {made['seats'][0]['token']}"},
    )
    assert response.status_code == 404
    assert "seats 0-1" in response.json()["message"]


# ------------------------------------------------------------------ concurrency


def _at_once(count: int, job: Any) -> list[Any]:
    """Run ``job(i)`` in ``count`` threads released together; their results in order."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        results[i] = job(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_the_same_move_posted_at_once_is_applied_once(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"])
    version = api.seat(made, 0).json()["version"]
    results = _at_once(8, lambda i: api.move(made, 0, {"index": 0, "version": version}))
    codes = sorted(r.status_code for r in results)
    assert codes == [200] + [409] * 7, codes
    assert len(api.record(made).moves) == version + 1


def test_a_move_from_before_another_seats_move_stands_if_the_choices_are_the_same(
    api: Api,
) -> None:
    """Both seats peek at once: seat 1's peek, chosen before seat 0's, is still good."""
    made = api.create("zombie_run", ["person", "person"])
    version = api.seat(made, 1).json()["version"]
    assert api.move(made, 0, {"index": 0, "version": version}).status_code == 200
    late = api.move(made, 1, {"index": 2, "version": version})
    assert late.status_code == 200, late.text
    again = api.move(made, 1, {"index": 2, "version": version})
    assert again.status_code == 409
    assert [m for m in api.record(made).moves if m.seat == 1] == [
        GAMES["zombie_run"].parse_move(replay(api.record(made))[0], "1: peek 0 3")
    ]


def test_simultaneous_votes_posted_at_once_are_each_applied_once(api: Api) -> None:
    made = api.create("texas_zombies", ["person"] * 3, seed=4)
    teller = next(s for s in range(3) if api.seat(made, s).json()["moves"])
    tell = next(m for m in api.seat(made, teller).json()["moves"] if "tell" in m["notation"])
    story = {"notation": tell["notation"] + ' "We hid in the silo."'}
    assert api.move(made, teller, story).status_code == 200
    voters = [s for s in range(3) if api.seat(made, s).json()["moves"]]
    assert len(voters) == 2, voters
    results = _at_once(len(voters), lambda i: api.move(made, voters[i], {"notation": "vote yes"}))
    assert [r.status_code for r in results] == [200] * len(voters), [r.text for r in results]
    record = api.record(made)
    votes = [m for m in record.moves if "vote" in str(m)]
    assert sorted(m.seat for m in votes) == voters


def test_many_threads_playing_one_game_lose_and_double_no_move(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"], seed=8)
    accepted = [0, 0]

    def player(seat: int) -> None:
        rng = random.Random(seat)
        for _ in range(200):
            payload = api.seat(made, seat).json()
            if payload["over"]:
                return
            if not payload["moves"]:
                continue
            pick = rng.randrange(len(payload["moves"]))
            response = api.move(made, seat, {"index": pick, "version": payload["version"]})
            assert response.status_code in (200, 409, 422), response.text
            if response.status_code == 200:
                accepted[seat] += 1

    _at_once(2, player)
    record = api.record(made)
    replay(record)  # every stored move is legal where it stands
    people_moves = [m for m in record.moves if m.seat != CHANCE]
    assert len(people_moves) == sum(accepted)
    assert [sum(1 for m in people_moves if m.seat == s) for s in (0, 1)] == accepted


# ------------------------------------------------------------------ bounds, export


def test_a_full_server_refuses_new_games_until_one_goes() -> None:
    with TestClient(test_app(Store(max_games=2))) as client:
        api = Api(client)
        first = api.create("zombie_run", ["person", "person"])
        api.create("zombie_run", ["person", "person"])
        body = {"title": "zombie_run", "seats": ["person"] * 4}
        full = client.post("/api/games", json=body)
        assert full.status_code == 503
        assert full.json()["error"] == "Full"
        assert int(full.headers["retry-after"]) > 0
        assert len(api.store) == 2
        admin = {"authorization": f"Bearer {first['admin_token']}"}
        assert client.delete(f"/api/games/{first['id']}", headers=admin).status_code == 204
        assert client.post("/api/games", json=body).status_code == 201


def test_an_idle_game_is_dropped_after_its_lifetime_counted_in_moves() -> None:
    """Issue 22: reading a game (a spectator polling) used to keep it alive forever;
    now only a move does."""
    now = [1000.0]
    store = Store(max_games=3, idle_seconds=60, clock=lambda: now[0])
    with TestClient(test_app(store)) as client:
        api = Api(client)
        idle = api.create("zombie_run", ["person", "person"], public=True)
        busy = api.create("zombie_run", ["person", "person"], public=True)
        now[0] += 40
        assert api.move(busy, 0, {"index": 0}).status_code == 200  # a move keeps it
        assert api.seat(idle, 0).status_code == 200  # a read does not
        assert client.get(f"/api/games/{idle['id']}/spectator").status_code == 200
        now[0] += 30
        assert api.seat(idle, 0).status_code == 404
        assert api.seat(busy, 0).status_code == 200
        assert [g["id"] for g in client.get("/api/games").json()] == [busy["id"]]


def test_an_exported_record_imports_as_the_same_game(api: Api) -> None:
    made = api.create("zombie_doctor", ["person", "person"], seed=3)
    for _ in range(4):
        payload = next(p for p in (api.seat(made, s).json() for s in (0, 1)) if p["moves"])
        assert api.move(made, payload["seat"], {"index": 0}).status_code == 200
    record = api.record(made)
    body = {"record": json.loads(to_json(record)), "seats": ["person", "person"], "seed": 1}
    response = api.client.post("/api/games/import", json=body)
    assert response.status_code == 201, response.text
    copy = response.json()
    assert copy["id"] != made["id"]
    assert copy["imported"] == len(record.moves)
    assert api.record(copy) == record
    for s in (0, 1):
        check_payload(api.seat(copy, s).json(), record, s)
        assert api.seat(copy, s).json()["imported"] == len(record.moves)


def test_a_tampered_or_malformed_record_is_refused_and_nothing_is_added(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"], seed=3)
    data = json.loads(to_json(api.record(made)))
    last = len(data["moves"])
    data["moves"].append(data["moves"][-1])  # a chance card where the seats must peek
    held = len(api.store)
    cases = [
        ({"record": data, "seats": ["person", "person"]}, 422, f"move {last} of the record"),
        ({"record": {"game": "zombie_run"}, "seats": ["person", "person"]}, 400, ""),
        ({"record": "[]", "seats": ["person", "person"]}, 400, "record"),
        ({"seats": ["person", "person"]}, 400, "record"),
    ]
    for body, status, words in cases:
        response = api.client.post("/api/games/import", json=body)
        assert response.status_code == status, response.text
        assert words in response.json()["message"]
    assert len(api.store) == held


# ------------------------------------------------------------------ page and command


def test_the_page_and_its_files_are_served_with_a_strict_policy(api: Api) -> None:
    page = api.client.get("/")
    assert page.status_code == 200
    assert '<script src="/static/app.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name, kind in (("app.js", "javascript"), ("style.css", "css")):
        response = api.client.get(f"/static/{name}")
        assert response.status_code == 200
        assert kind in response.headers["content-type"]


def test_a_loopback_server_refuses_other_host_names() -> None:
    app = create_app(Store(), allowed_hosts=serve.LOOPBACK_HOSTS)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/titles").status_code == 200
        refused = client.get("/api/titles", headers={"host": "evil.example"})
        assert refused.status_code == 400
        assert refused.json()["error"] == "BadHost"
        assert client.get("/", headers={"host": "localhost:8000"}).status_code == 200


def test_serve_defaults_to_this_machine_and_refuses_bad_bounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import argparse

    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve"])
    assert (args.host, args.port, args.max_games) == ("127.0.0.1", 8000, 100)
    assert args.db is None and serve.default_db().endswith("games.sqlite3")
    assert not args.allow_seeds
    assert serve.run(parser.parse_args(["serve", "--max-games", "0"])) == 2
    assert serve.run(parser.parse_args(["serve", "--idle-minutes", "-1"])) == 2
    assert "--idle-minutes" in capsys.readouterr().err
    assert serve.run(parser.parse_args(["serve", "--reads-per-second", "-1"])) == 2
    assert serve.run(parser.parse_args(["serve", "--max-games-per-client", "0"])) == 2


def test_serve_without_the_web_extra_names_it() -> None:
    for masked in ("uvicorn", "starlette"):
        code = (
            f"import sys; sys.modules[{masked!r}] = None\n"
            "from zombie_rules.cli import main\n"
            "sys.exit(main(['serve', '--port', '0']))\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 2, done.stderr
        assert f"({masked} is missing)" in done.stderr
        assert "pip install 'zombie-rules[web]'" in done.stderr


def test_the_zombie_doctor_board_shows_the_cards_a_seat_remembers() -> None:
    """Ruling 30: "Look at all of an opponent's cards and take one" - what the X-Ray
    showed stays known, so a seat's board shows those cards face up in that hand, and
    every other seat's board (the spectator's too) shows only what it knows there."""
    game = GAMES["zombie_doctor"]
    config = game.config_type()
    players = game.players(config)

    def faces(view: Any, holder: int) -> list[str]:
        shown = game.board(view)
        assert shown is not None
        hand = next(g for g in shown["players"][holder]["groups"] if g["label"] == "Hand")
        assert len(hand["cards"]) == view.hand_sizes[holder]
        return [c["name"] for c in hand["cards"] if c["name"] != "face down"]

    found = 0
    for seed in range(6):
        bots = [game.agents["heuristic"]() for _ in range(players)]
        for state in replay(play_out(game, config, bots, seed).record)[::3]:
            for seat in [*range(players), None]:
                view = game.view(state, seat)
                for holder, kinds in enumerate(view.known_hands):
                    if holder != seat:
                        assert len(faces(view, holder)) == len(kinds)
                        found += bool(kinds)
    assert found > 0
