"""The web client as a product: undo, forced moves, replay steps, the set-up form, boards.

Every answer is checked against the library (the match's own refusal, ``view`` of the
true state, the seat's own ``narrate``), and every refusal against what the asking
seat may know. The shared request helpers are ``test_web_api``'s.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web_api import Api, test_app

from zombie_rules import GAMES
from zombie_rules.core.board import with_moves
from zombie_rules.match import Choice, Match
from zombie_rules.play import Record, narrate, replay
from zombie_rules.serialize import to_json
from zombie_rules.web.setup import BOOL, CHOICE, INT, JSON, fields
from zombie_rules.web.store import Store, titles
from zombie_rules.zombie_doctor.state import Status


@pytest.fixture
def api() -> Iterator[Api]:
    with TestClient(test_app()) as client:
        yield Api(client)


def bearer(made: dict[str, Any], seat: int) -> dict[str, str]:
    return {"authorization": f"Bearer {made['seats'][seat]['token']}"}


def undo(api: Api, made: dict[str, Any], seat: int, body: dict[str, Any]) -> Any:
    return api.client.post(
        f"/api/games/{made['id']}/seats/{seat}/undo", json=body, headers=bearer(made, seat)
    )


def play_until(api: Api, made: dict[str, Any], seat: int, word: str, limit: int = 200) -> Any:
    """Play ``seat`` (both seats of a hot-seat game, first moves first) until ``seat`` may
    make a move whose notation holds ``word``; that seat's answer then."""
    rng = random.Random(4)
    for _ in range(limit):
        for s in (0, 1):
            answer = api.seat(made, s).json()
            if s == seat and any(word in m["notation"] for m in answer["moves"]):
                return answer
            if answer["moves"]:
                pick = rng.choice([m for m in answer["moves"] if "shout" not in m["notation"]])
                api.move(made, s, {"index": pick["index"], "version": answer["version"]})
    raise AssertionError(f"seat {seat} never could {word}")


# ------------------------------------------------------------------ undo


def test_an_undo_takes_back_the_seats_move_and_tells_each_seat_the_same_game(api: Api) -> None:
    """Drawing the Discard Pile's top card shows nobody anything new: it may be taken back."""
    made = api.create("zombie_run", ["person", "person"], seed=3, turn_limit=40)
    before = play_until(api, made, 0, "draw discard")
    pick = next(m for m in before["moves"] if m["notation"].endswith("draw discard"))
    moved = api.move(made, 0, {"index": pick["index"], "version": before["version"]}).json()
    assert moved["can_undo"] and moved["version"] == before["version"] + 1
    answer = undo(api, made, 0, {"version": moved["version"], "undos": moved["undos"]})
    assert answer.status_code == 200, answer.text
    back = answer.json()
    assert back["version"] == before["version"] and back["undos"] == before["undos"] + 1
    for key in ("view", "text", "board", "moves", "log"):
        assert back[key] == before[key], key
    record = api.record(made)
    assert back["log"] == list(narrate(record, 0))
    assert api.seat(made, 1).json()["log"] == list(narrate(record, 1))
    # A move chosen on the screen from before the undo is stale, even at the same number.
    stale = api.move(made, 0, {"index": 0, "version": back["version"], "undos": moved["undos"]})
    assert stale.status_code == 409 and "taken back" in stale.json()["message"]
    assert api.record(made) == record


def test_a_refused_undo_is_a_409_with_the_matchs_reason_and_changes_nothing(api: Api) -> None:
    made = api.create("zombie_run", ["person", "person"], seed=5)
    first = api.seat(made, 0).json()
    nothing = undo(api, made, 0, {"version": first["version"]})
    assert nothing.status_code == 409
    assert nothing.json() == {
        "error": "CannotUndo",
        "message": "Nothing to undo: you have not moved yet.",
    }
    peek = next(m for m in first["moves"] if "peek" in m["notation"])
    moved = api.move(made, 0, {"index": peek["index"], "version": first["version"]}).json()
    record = api.record(made)
    match = api.store.get(made["id"]).match
    reason = match.can_undo(0)
    assert reason is not None  # looking at two cards showed them
    refused = undo(api, made, 0, {"version": moved["version"]})
    assert refused.status_code == 409
    assert refused.json() == {"error": "CannotUndo", "message": reason}
    # The reason quotes the seat's own account only: nothing the seat was not told.
    assert reason.startswith("Cannot undo: your move showed you something new (")
    quoted = reason.split("(", 1)[1].rsplit(").", 1)[0]
    assert quoted.replace("...", "").strip() in " ".join(" ".join(match.log(0)).split())
    # Another seat's token takes back nothing of seat 0's.
    other = api.client.post(
        f"/api/games/{made['id']}/seats/0/undo",
        json={"version": moved["version"]},
        headers=bearer(made, 1),
    )
    assert other.status_code == 403
    for body, words in (
        ([1], "JSON object"),
        ({}, "version"),
        ({"version": moved["version"], "seat": 1}, "unknown key"),
        ({"version": moved["version"], "auto_forced": "yes"}, "true or false"),
    ):
        bad = undo(api, made, 0, body)  # type: ignore[arg-type]
        assert bad.status_code == 400 and words in bad.json()["message"], (body, bad.text)
    assert undo(api, made, 0, {"version": moved["version"] - 1}).status_code == 409
    assert api.record(made) == record
    # Once another seat has moved, the page is not offered an undo at all.
    theirs = api.seat(made, 1).json()
    api.move(made, 1, {"index": 0, "version": theirs["version"]})
    assert api.seat(made, 0).json()["can_undo"] is False


def _draw_discard_and_undo(api: Api, made: dict[str, Any]) -> Record[Any, Any]:
    before = play_until(api, made, 0, "draw discard")
    pick = next(m for m in before["moves"] if m["notation"].endswith("draw discard"))
    moved = api.move(made, 0, {"index": pick["index"], "version": before["version"]}).json()
    answer = undo(api, made, 0, {"version": moved["version"]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] == before["version"]
    return api.record(made)


def test_an_undo_is_stored_before_it_is_answered_and_works_after_a_restart(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "games.sqlite3")
    with TestClient(test_app(Store(db=db))) as client:
        api = Api(client)
        made = api.create("zombie_run", ["person", "person"], seed=3, turn_limit=40)
        record = _draw_discard_and_undo(api, made)
        api.store.close()
    # The restarted server holds the game as the undo left it, and the points where
    # each person was asked: the same undo works again.
    with TestClient(test_app(Store(db=db))) as client:
        api = Api(client)
        assert api.record(made) == record
        assert _draw_discard_and_undo(api, made) == record
        api.store.close()


# ------------------------------------------------------------------ forced moves


def test_forced_moves_are_played_for_a_seat_that_asks(api: Api) -> None:
    """With ``auto_forced`` a seat is never asked to make its only move; without, it is."""
    for wish in (True, False):
        made = api.create("zombie_doctor", ["person", "person"], seed=5, round_limit=40)
        rng = random.Random(1)
        asked_forced = 0
        requests = 0
        for _ in range(400):
            answers = [api.seat(made, s).json() for s in (0, 1)]
            if answers[0]["over"]:
                break
            for s, answer in enumerate(answers):
                if not answer["moves"]:
                    continue
                asked_forced += len(answer["moves"]) == 1
                pick = rng.choice(answer["moves"])
                body = {"index": pick["index"], "version": answer["version"], "auto_forced": wish}
                assert api.move(made, s, body).status_code == 200
                requests += 1
                break
        record = api.record(made)
        people_moves = sum(1 for m in record.moves if getattr(m, "seat", None) in (0, 1))
        if wish:
            assert people_moves > requests  # some were played for the seats
        else:
            assert people_moves == requests and asked_forced > 0


# ------------------------------------------------------------------ replay steps


def _finish(api: Api, made: dict[str, Any]) -> None:
    for _ in range(300):
        answer = api.seat(made, 0).json()
        if answer["over"]:
            return
        pick = next((m for m in answer["moves"] if "shout" not in m["notation"]), None)
        if pick is not None:
            api.move(made, 0, {"index": pick["index"], "version": answer["version"]})
    raise AssertionError("the game did not end")


def test_a_replay_step_is_the_seats_view_and_log_of_that_moment(api: Api) -> None:
    made = api.create("zombie_run", ["person", "heuristic"], seed=8, turn_limit=6)
    answer = api.seat(made, 0).json()
    base = f"/api/games/{made['id']}"
    mid = api.client.get(f"{base}/seats/0/at/3", headers=bearer(made, 0))
    assert mid.status_code == 200, mid.text
    record = api.record(made)
    states = replay(record)
    game = GAMES["zombie_run"]

    def expected(step: dict[str, Any], seat: int | None, n: int) -> None:
        view = game.view(states[n], seat)
        assert step["version"] == n and step["seat"] == seat
        assert step["view"] == json.loads(to_json(view))
        assert step["text"] == game.render(view)
        assert step["board"] == game.board(view)
        assert step["log"] == list(narrate(record, seat))[:n]

    expected(mid.json(), 0, 3)
    # Before the end a seat steps through its own past only.
    other = api.client.get(f"{base}/seats/1/at/3", headers=bearer(made, 0))
    assert other.status_code == 403
    assert api.client.get(f"{base}/seats/0/at/3").status_code == 403
    too_far = api.client.get(f"{base}/seats/0/at/{answer['version'] + 1}", headers=bearer(made, 0))
    assert too_far.status_code == 404
    assert api.client.get(f"{base}/seats/0/at/x1", headers=bearer(made, 0)).status_code == 404
    expected(api.client.get(f"{base}/spectator/at/2").json(), None, 2)
    _finish(api, made)
    record = api.record(made)
    states = replay(record)
    # Once it is over, any token of the game steps through every seat's game.
    for seat in (0, 1):
        for n in (0, len(record.moves) // 2, len(record.moves)):
            step = api.client.get(f"{base}/seats/{seat}/at/{n}", headers=bearer(made, 0))
            assert step.status_code == 200, step.text
            expected(step.json(), seat, n)
    admin = {"authorization": f"Bearer {made['admin_token']}"}
    assert api.client.get(f"{base}/seats/1/at/1", headers=admin).status_code == 200
    assert api.client.get(f"{base}/seats/1/at/1").status_code == 403


# ------------------------------------------------------------------ the set-up form


def test_the_setup_form_explains_each_field_from_the_config() -> None:
    offered = {t["name"]: t for t in titles()}
    zr = {f["name"]: f for f in offered["zombie_run"]["fields"]}
    assert zr["players"]["kind"] == INT and zr["players"]["default"] == 4
    assert zr["discard_taken_card"]["kind"] == BOOL
    assert zr["tie_break"]["kind"] == CHOICE and zr["tie_break"]["choices"] == [
        "shared",
        "last_round",
    ]
    assert zr["turn_limit"]["kind"] == INT and zr["turn_limit"]["optional"]
    assert zr["deck"]["kind"] == JSON and zr["deck"]["more"]
    assert "There is no passing" in zr["discard_taken_card"]["help"]
    assert "``" not in json.dumps(offered)
    for name, game in GAMES.items():
        listed = fields(game)
        assert [f["name"] for f in listed] == list(json.loads(to_json(game.default_config())))
        shown = [f for f in listed if not f["more"]]
        # The form opens on the settings worth varying; the rest are folded away.
        assert {f["name"] for f in shown} <= set(game.config_space) | {"players"}, name
    assert len([f for f in offered["quarantine_z"]["fields"] if not f["more"]]) < 12


def test_a_bad_setting_is_refused_in_the_forms_words(api: Api) -> None:
    cases = [
        ({"players": 9}, "Players: Zombie Run! is for 2-7 players, not 9"),
        ({"players": "x"}, "Players: expected an integer"),
        ({"tie_break": "zz"}, "Tie break: expected one of 'shared', 'last_round'"),
        ({"wings": 2}, "wings: zombie_run has no setting of that name"),
        ({"players": 2, "first_dealer": 3}, "First dealer: "),
    ]
    for config, words in cases:
        body = {"title": "zombie_run", "config": config, "seats": ["person"] * 4}
        response = api.client.post("/api/games", json=body)
        assert response.status_code == 400
        message = response.json()["message"]
        assert message.startswith(words), (config, message)
        assert "@ $" not in message and "invalid config" not in message


# ------------------------------------------------------------------ boards


def test_zombie_run_hands_are_two_rows_marked_with_positions_and_act_on_a_click(
    api: Api,
) -> None:
    """ "Each player puts the four cards they were dealt in front of them in a square
    (2 rows of 2)." Each card says its position, and the seat's own cards carry its moves."""
    made = api.create("zombie_run", ["person", "heuristic"], seed=2)
    answer = api.seat(made, 0).json()
    hand = answer["board"]["players"][0]["groups"][0]
    assert hand["columns"] == 2 and [c["mark"] for c in hand["cards"]] == ["0", "1", "2", "3"]
    by_index = {m["index"]: m for m in answer["moves"]}
    for position, card in enumerate(hand["cards"]):
        assert card["moves"], "a peek at that card"
        for move in card["moves"]:
            notation = by_index[move["index"]]["notation"]
            assert (
                str(position) in notation.split()[2:]
                and move["label"] == by_index[move["index"]]["label"]
            )
    # The other seat's cards and the piles stand for nothing seat 0 may do now.
    theirs = answer["board"]["players"][1]["groups"][0]["cards"]
    assert all("moves" not in c and "acts" not in c for c in theirs)
    assert all(p["moves"] == [] for p in answer["board"]["piles"])


def test_with_moves_keeps_only_legal_acts_and_leaves_a_plain_board_alone() -> None:
    board = {
        "headline": "h",
        "players": [],
        "places": [],
        "piles": [{"name": "Deck", "count": 3, "top": None, "tags": [], "acts": ["draw", "burn"]}],
    }
    choices = [Choice(0, None, "1: pass", "You pass."), Choice(1, None, "1: draw", "You draw.")]
    out = with_moves(board, choices)
    assert out["piles"][0]["moves"] == [{"index": 1, "label": "You draw."}]
    assert "acts" not in out["piles"][0] and "acts" in board["piles"][0]
    plain = {**board, "piles": [{"name": "Deck", "count": 3, "top": None, "tags": []}]}
    assert with_moves(plain, choices) == plain


def test_a_zombie_run_round_is_summed_up_with_every_hand_face_up() -> None:
    game = GAMES["zombie_run"]
    config = game.config_type(players=3, rounds=2)
    match = Match(game, config, ["random"] * 3, seed=4)
    match.advance()
    record: Record[Any, Any] = match.record()
    states = replay(record)
    ended = [
        i + 1 for i in range(len(record.moves))
        if game.rounds_played(states[i + 1]) > game.rounds_played(states[i])
    ]  # fmt: skip
    assert len(ended) == 2
    for seat in (0, None):
        before = game.board(game.view(states[ended[0] - 1], seat))
        assert "summary" not in before
        after = game.board(game.view(states[ended[0]], seat))["summary"]
        last = states[ended[0]].history[-1]
        assert after["key"] == "round-1" and not after["final"]
        for s, row in enumerate(after["rows"]):
            cards = row["groups"][0]["cards"]
            assert not any(c["hidden"] for c in cards)
            assert [int(c["short"]) for c in cards] == list(last.hands[s])
        final = game.board(game.view(states[-1], seat))["summary"]
        assert final["key"] == "round-2" and final["final"]


def test_a_beheaded_zombie_doctor_head_is_drawn_cut_off() -> None:
    game = GAMES["zombie_doctor"]
    for seed in range(60):
        match = Match(game, None, ["random"] * 4, seed=seed)
        match.advance()
        for state in match.states:
            if Status.BEHEADED not in state.status:
                continue
            s = state.status.index(Status.BEHEADED)
            head = game.board(game.view(state, None))["players"][s]["groups"][0]["cards"][0]
            assert head["tone"] == "beheaded" and head["short"] != "ok"
            return
    raise AssertionError("no game beheaded anyone")


def _elements(board: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for holder in board["players"] + board["places"]:
        yield holder
        for g in holder["groups"]:
            yield from g["cards"]
    for pile in board["piles"]:
        yield pile
        if pile.get("top"):
            yield pile["top"]


@pytest.mark.parametrize("title", ["zombie_run", "texas_zombies", "zombie_doctor", "quarantine_z"])
def test_a_click_on_the_board_stands_only_for_the_seats_own_legal_moves(title: str) -> None:
    """Each element's moves are among the seat's choices, labelled as the menu labels
    them; and the boards of these titles reach nearly every move by a click."""
    game = GAMES[title]
    players = game.players(game.default_config())
    match = Match(game, None, ["person"] * players, seed=5)
    rng = random.Random(2)
    reached = offered = 0
    for _ in range(200):
        match.advance()
        if match.over:
            break
        seat = match.waiting
        assert seat is not None
        choices = match.choices(seat)
        labels = {c.index: c.label for c in choices}
        for other in range(players):
            mine = choices if other == seat else ()
            board = with_moves(game.board(game.view(match.state, other)), mine)
            clicked = set()
            for element in _elements(board):
                assert "acts" not in element
                for move in element.get("moves", []):
                    assert labels[move["index"]] == move["label"]
                    clicked.add(move["index"])
            if other == seat:
                reached += len(clicked)
                offered += len(choices)
            else:
                assert not clicked
        match.play(rng.choice(choices).move)
    assert reached >= 0.9 * offered, (reached, offered)


def test_a_zombie_doctor_x_ray_takes_a_card_by_a_click_on_it() -> None:
    """X-Ray shows the user the target's hand and they take one card: each card shown
    stands for taking it, and nobody else's board shows that hand."""
    from zombie_rules.zombie_doctor.state import Phase

    game = GAMES["zombie_doctor"]
    taken = 0
    players = game.players(game.default_config())
    for seed in range(40):
        match = Match(game, None, ["person"] * players, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            match.advance()
            if match.over:
                break
            seat = match.waiting
            assert seat is not None
            choices = match.choices(seat)
            if match.state.phase is Phase.XRAY:
                takes = {c.index for c in choices if " take " in f" {c.notation}"}
                board = with_moves(game.board(game.view(match.state, seat)), choices)
                shown = [
                    g
                    for p in board["players"]
                    for g in p["groups"]
                    if g["label"] == "Your X-Ray shows"
                ]
                assert len(shown) == 1
                clicks = [m["index"] for c in shown[0]["cards"] for m in c["moves"]]
                assert set(clicks) == takes and all(len(c["moves"]) == 1 for c in shown[0]["cards"])
                for other in range(players):
                    if other != seat:
                        theirs = game.board(game.view(match.state, other))
                        labels = [g["label"] for p in theirs["players"] for g in p["groups"]]
                        assert "Your X-Ray shows" not in labels
                taken += 1
            match.play(rng.choice(choices).move)
        if taken >= 3:
            return
    raise AssertionError(f"only {taken} X-Rays were played")


def test_the_answer_says_whether_an_undo_would_be_granted_and_why_not(api: Api) -> None:
    """The page offers the button exactly when the undo request would be granted; the
    reason it shows otherwise is the 409's, word for word."""
    made = api.create("zombie_run", ["person", "person"], seed=5)
    match = api.store.get(made["id"]).match
    seat = match.waiting  # both peek at once; the match asked this one first
    first = api.seat(made, seat).json()
    assert first["can_undo"] is False
    assert first["undo_reason"] == "Nothing to undo: you have not moved yet."
    peek = next(m for m in first["moves"] if "peek" in m["notation"])
    moved = api.move(made, seat, {"index": peek["index"], "version": first["version"]}).json()
    assert moved["can_undo"] is False and moved["undo_reason"] == match.can_undo(seat)
    assert "showed you something new" in moved["undo_reason"]  # the two cards looked at
    refused = undo(api, made, seat, {"version": moved["version"], "undos": moved["undos"]})
    assert refused.status_code == 409 and refused.json()["message"] == moved["undo_reason"]
    spectator = api.client.get(f"/api/games/{made['id']}/spectator").json()
    assert spectator["can_undo"] is False and spectator["undo_reason"] is None
    # Once the other seat has moved, the answer says that instead.
    other = 1 - seat
    theirs = api.seat(made, other).json()
    api.move(made, other, {"index": 0, "version": theirs["version"]})
    after = api.seat(made, seat).json()
    assert after["version"] > moved["version"] and after["can_undo"] is False
    assert after["undo_reason"].startswith(f"Cannot undo: seat {other} has moved since")
    refused = undo(api, made, seat, {"version": after["version"], "undos": after["undos"]})
    assert refused.status_code == 409 and refused.json()["message"] == after["undo_reason"]
    # A move that shows nothing (the Discard Pile's top card is face up) may be taken back.
    made = api.create("zombie_run", ["person", "person"], seed=3, turn_limit=40)
    before = play_until(api, made, 0, "draw discard")
    pick = next(m for m in before["moves"] if m["notation"].endswith("draw discard"))
    moved = api.move(made, 0, {"index": pick["index"], "version": before["version"]}).json()
    assert moved["can_undo"] is True and moved["undo_reason"] is None
