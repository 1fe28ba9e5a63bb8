"""The web client in a real browser: headless Chromium plays by clicking, as a person would.

Needs Debian's ``chromium`` and ``chromium-driver`` (no browser is downloaded at test
time) and the ``web`` extra plus selenium; ``.ci/browser`` installs them and runs this.
Set ``ZOMBIE_RULES_SCREENSHOTS=FOLDER`` to save the pictures of the player's guide
there (``.ci/browser`` passes ``docs``): the page mid-game, a round's summary, a
replay, the set-up form.
"""

from __future__ import annotations

import json
import os
import random
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import uvicorn
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from zombie_rules.play import Record, narrate
from zombie_rules.serialize import from_json
from zombie_rules.web.app import create_app
from zombie_rules.web.store import Store

#: The server's store, to read the true game (no request may, before the end).
STORE = Store(max_games=20)

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,1000",
)
WAIT = 15


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    port = _free_port()
    # Seeds named, for reproducible games; the page plays within the default rate limits.
    app = create_app(STORE, client_seeds=True)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=WAIT)


@pytest.fixture
def driver() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            yield browser
        finally:
            browser.quit()


def console_errors(driver: WebDriver) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def wait_for(driver: WebDriver, what: Callable[[WebDriver], Any], why: str) -> Any:
    return WebDriverWait(driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(
        what, message=why
    )


def set_field(driver: WebDriver, name: str, value: str) -> None:
    field = driver.find_element(By.CSS_SELECTOR, f'#config-fields input[name="{name}"]')
    field.clear()
    field.send_keys(value + Keys.TAB)  # the blur fires "change": the seat rows follow


def start(
    driver: WebDriver,
    url: str,
    title: str,
    fields: dict[str, str],
    seats: list[str],
    seed: int = 7,
    picture: str = "",
) -> dict[int, str]:
    """Fill in the set-up form and start; the invite links shown (once), by seat."""
    driver.get(url + "/")
    wait_for(driver, lambda d: d.find_element(By.ID, "setup").is_displayed(), "no setup form")
    Select(driver.find_element(By.ID, "title")).select_by_value(title)
    for name, value in fields.items():
        set_field(driver, name, value)
    rows = driver.find_elements(By.CSS_SELECTOR, "#seat-fields select")
    assert len(rows) == len(seats)
    for row, kind in zip(rows, seats, strict=True):
        Select(row).select_by_value(kind)
    seed_field = driver.find_element(By.ID, "seed")
    assert seed_field.get_attribute("value") == "", "the last game's seed is reused"
    seed_field.send_keys(str(seed))
    if picture:
        screenshot(driver, picture)
    driver.find_element(By.ID, "start").click()
    invites: dict[int, str] = {}
    if "person:elsewhere" in seats:
        dialog = wait_for(
            driver,
            lambda d: (
                d.find_element(By.ID, "invites-dialog").is_displayed()
                and d.find_element(By.ID, "invites-dialog")
            ),
            "no invite links shown",
        )
        for item in dialog.find_elements(By.CSS_SELECTOR, "#invite-list li"):
            seat = int(item.text.split(":")[0].removeprefix("Seat "))
            invites[seat] = item.find_element(By.TAG_NAME, "code").text
        driver.find_element(By.ID, "invites-done").click()
    wait_for(
        driver, lambda d: d.find_element(By.ID, "play").is_displayed(), "the game did not start"
    )
    wait_for(driver, lambda d: shown_version(d) is not None or handoff_showing(d), "no seat shown")
    # Shown once: the links are not on the page, nor kept in this browser.
    assert driver.find_element(By.ID, "invite-list").text == ""
    kept = json.dumps(saved_game(driver))
    assert all(link.rsplit(".", 1)[1] not in kept for link in invites.values())
    return invites


def handoff_showing(driver: WebDriver) -> bool:
    return bool(driver.find_element(By.ID, "handoff").is_displayed())


def shown_version(driver: WebDriver) -> int | None:
    text = driver.find_element(By.ID, "play").get_attribute("data-version")
    return int(text) if text else None


def status(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "status").text)


def saved_game(driver: WebDriver) -> dict[str, Any]:
    """The game this tab shows, as the browser keeps it (every tab shares the list)."""
    current = json.loads(
        driver.execute_script("return sessionStorage.getItem('zombie-rules-current')")
    )
    games = json.loads(driver.execute_script("return localStorage.getItem('zombie-rules-games')"))
    game: dict[str, Any] = games[current["id"]]
    return game


def summary_showing(driver: WebDriver) -> bool:
    return bool(driver.find_element(By.ID, "summary-dialog").is_displayed())


def dismiss_summary(driver: WebDriver) -> None:
    """Close a round's (or the game's) summary, as a person would after reading it."""
    if summary_showing(driver):
        driver.find_element(By.ID, "summary-done").click()
        wait_for(driver, lambda d: not summary_showing(d), "the summary did not close")


def record_of(url: str, game: dict[str, Any]) -> Record[Any, Any]:
    """The full record of a finished game, exported with a seat's token as the page holds it."""
    token = next(s["token"] for s in game["seats"] if s["token"])
    request = urllib.request.Request(
        f"{url}/api/games/{game['id']}/record", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return from_json(Record, response.read())


def api(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return json.loads(response.read())


def click_a_move(driver: WebDriver, rng: random.Random, avoid: str = "") -> None:
    """Click one of the move buttons (one whose notation lacks ``avoid`` if there is one)
    and wait for the page to show what followed."""
    dismiss_summary(driver)
    before = shown_version(driver)
    # Many moves come in folded groups, one per kind, as in the terminal: open them.
    for fold in driver.find_elements(By.CSS_SELECTOR, "#moves details.move-group:not([open])"):
        fold.find_element(By.TAG_NAME, "summary").click()
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    assert buttons, f"no move to click; status: {status(driver)}"
    for button in buttons:
        assert button.text.strip(), "a move button without a describe label"
    chosen = [b for b in buttons if not avoid or avoid not in (b.get_attribute("title") or "")]
    rng.choice(chosen or buttons).click()
    wait_for(
        driver,
        lambda d: handoff_showing(d) or shown_version(d) != before,
        "the page did not move on after a click",
    )


def take_over(driver: WebDriver) -> int:
    """Press the hand-off button; the seat it names is then shown."""
    dismiss_summary(driver)
    title = driver.find_element(By.ID, "handoff-title").text
    assert title.startswith("Pass to Seat "), title
    seat = int(title.removeprefix("Pass to Seat "))
    # The previous seat's cards are off the page, not just covered.
    assert driver.find_elements(By.CSS_SELECTOR, "#board .card") == []
    assert driver.find_element(By.ID, "log").text == ""
    driver.find_element(By.ID, "handoff-go").click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "play").get_attribute("data-seat") == str(seat),
        "hand-off",
    )
    return seat


def screenshot(driver: WebDriver, name: str) -> None:
    """Save the page as ``name`` in ``$ZOMBIE_RULES_SCREENSHOTS`` (the guide's pictures)."""
    folder = os.environ.get("ZOMBIE_RULES_SCREENSHOTS")
    if folder:
        driver.save_screenshot(os.path.join(folder, name))


def test_a_whole_hot_seat_zombie_run_game_by_clicking(base_url: str, driver: WebDriver) -> None:
    start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "2", "turn_limit": "8"},
        ["person:here", "person:here"],
    )
    rng = random.Random(3)
    handoffs = 0
    clicks = 0
    read: list[tuple[str, str]] = []  # (seat on screen, summary) as each was read
    while "Game over" not in status(driver):
        assert clicks < 160, "the game did not end"
        if summary_showing(driver):
            seat_shown = driver.find_element(By.ID, "play").get_attribute("data-seat") or ""
            read.append((seat_shown, driver.find_element(By.ID, "summary-title").text))
            assert not driver.find_elements(By.CSS_SELECTOR, "#summary-rows .card.hidden")
            dismiss_summary(driver)
            continue
        if handoff_showing(driver):
            take_over(driver)
            handoffs += 1
            continue
        board = driver.find_element(By.ID, "board")
        assert len(board.find_elements(By.CSS_SELECTOR, ".player")) == 2
        assert "Draw Pile" in board.text and "Discard Pile" in board.text
        assert driver.find_element(By.ID, "text").text.startswith(("Round 1/2", "Round 2/2"))
        click_a_move(driver, rng, avoid="shout")  # play on to the turn limit
        clicks += 1
    assert handoffs >= 2, "two people on one screen were never handed the screen"
    # Each person read the first round's end once, on their own screen.
    assert sorted(read) == [("0", "Round 1 is over"), ("1", "Round 1 is over")], read
    assert "You win!" in status(driver) or "You lose." in status(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "#moves button.move") == []
    # The log on the page is the seat's own account, entry for entry.
    game = saved_game(driver)
    seat = int(driver.find_element(By.ID, "play").get_attribute("data-seat") or "-1")
    told = narrate(record_of(base_url, game), seat)
    entries = driver.find_elements(By.CSS_SELECTOR, "#log > li")
    assert [e.text for e in entries] == list(told)
    assert any("zombies" in e for e in told[-1:]), told[-1]
    # Every hand is turned up at the round's end: no card back is left on the board.
    assert driver.find_elements(By.CSS_SELECTOR, "#board .player .card.hidden") == []
    assert console_errors(driver) == []


def board_places(driver: WebDriver) -> list[Any]:
    """The locations on the board a click on which makes a move now."""
    if handoff_showing(driver) or summary_showing(driver):
        return []
    return [
        p
        for p in driver.find_elements(By.CSS_SELECTOR, "#board .place.actable")
        if p.find_element(By.TAG_NAME, "h3").text.startswith("[")
    ]


def click_a_location(driver: WebDriver) -> str:
    """Click a location of Quarantine Z's board (a proposal of where to go next): the
    move is played, and the seat's account says so. The location's name."""
    before = shown_version(driver)
    log_before = len(driver.find_elements(By.CSS_SELECTOR, "#log > li"))
    place = board_places(driver)[0]
    name = place.find_element(By.TAG_NAME, "h3").text.split("] ", 1)[1]
    moves = (place.get_attribute("data-moves") or "").split()
    assert len(moves) == 1, "a location stands for one move: proposing it"
    place.click()
    wait_for(driver, lambda d: shown_version(d) != before, "the click on a location played nothing")
    told = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#log > li")][log_before:]
    assert any(name in t for t in told), (name, told)
    return name


def test_part_of_a_quarantine_z_game_by_clicking(base_url: str, driver: WebDriver) -> None:
    start(
        driver,
        base_url,
        "quarantine_z",
        {"players": "3"},
        ["heuristic", "person:here", "heuristic"],
    )
    board = driver.find_element(By.ID, "board")
    places = board.find_elements(By.CSS_SELECTOR, ".place h3")
    assert len(places) == 10 and all(p.text.startswith("[") for p in places)
    names = [
        p.find_element(By.TAG_NAME, "h3").text
        for p in board.find_elements(By.CSS_SELECTOR, ".player")
    ]
    assert names == ["Seat 0 · Zombie Player", "Seat 1 · Survivor (you)", "Seat 2 · Survivor"]
    assert "Life 3" in board.find_elements(By.CSS_SELECTOR, ".player")[1].text
    assert {"Supply deck", "Munition deck", "Zombie deck"} <= {
        h.text for h in board.find_elements(By.CSS_SELECTOR, ".pile h3")
    }
    rng = random.Random(2)
    clicks = 0
    proposed = ""
    for _ in range(14):
        if "Game over" in status(driver):
            break
        if not proposed and board_places(driver):
            proposed = click_a_location(driver)
        else:
            click_a_move(driver, rng)
        clicks += 1
        if clicks == 6:
            screenshot(driver, "web-client.png")
    assert clicks >= 6
    assert proposed, "no location on the board could be clicked"
    log = driver.find_elements(By.CSS_SELECTOR, "#log > li")
    assert len(log) > clicks
    game = saved_game(driver)
    assert [e.text for e in log] == list(narrate(STORE.get(game["id"]).record(), 1))
    # The log's numbers keep their digits from 100 on: room for four of them and a dot.
    room = driver.execute_script(
        "const s = getComputedStyle(document.getElementById('log'));"
        "const c = document.createElement('canvas').getContext('2d');"
        "c.font = s.font;"
        "return parseFloat(s.paddingLeft) - c.measureText('1000. ').width;"
    )
    assert room >= 0, f"the number 1000 loses {-room:.1f} px of its digits"
    # Mid-game nobody exports the record; the page saves its seat's own account.
    assert driver.find_element(By.ID, "save-game").text == "Save my account"
    assert console_errors(driver) == []


def test_the_other_seats_moves_are_pushed_to_the_page(base_url: str, driver: WebDriver) -> None:
    """Seat 1 plays elsewhere (here: this test, over the API); each of its moves reaches
    seat 0's page down the events stream, not by a poll, told as seat 0 may know it."""
    invites = start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "8"},
        ["person:here", "person:elsewhere"],
    )
    game = saved_game(driver)
    assert f"#join={game['id']}.1." in invites[1]
    away = urllib.parse.unquote(invites[1].rsplit(".", 1)[1])
    assert game["seats"][1]["token"] is None  # not kept here: the link was shown once
    rng = random.Random(9)
    pushed = clicks = 0
    base = f"/api/games/{game['id']}"
    while "Game over" not in status(driver):
        assert clicks + pushed < 80, "the game did not end"
        mine = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
        if mine:
            click_a_move(driver, rng, avoid="shout")
            clicks += 1
            continue
        theirs = api(base_url, "GET", f"{base}/seats/1", token=away)
        if not theirs["moves"]:
            time.sleep(0.05)
            continue
        pick = next(
            (m for m in theirs["moves"] if "shout" not in m["notation"]), theirs["moves"][0]
        )
        moved = api(
            base_url,
            "POST",
            f"{base}/seats/1/moves",
            {"index": pick["index"], "version": theirs["version"]},
            away,
        )
        wait_for(
            driver,
            lambda d, v=moved["version"]: shown_version(d) == v,
            "the other seat's move did not reach the page",
        )
        assert driver.find_element(By.ID, "play").get_attribute("data-via") == "push"
        entries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#log > li")]
        assert entries == list(narrate(STORE.get(game["id"]).record(), 0))
        pushed += 1
    assert pushed >= 2 and clicks >= 2
    assert driver.find_element(By.ID, "save-game").text == "Save game"
    assert console_errors(driver) == []


def test_an_invite_link_takes_a_fresh_token_and_the_old_one_stops(
    base_url: str, driver: WebDriver
) -> None:
    """Whoever made the link holds the token in it: the page trades it for a new one."""
    body = {
        "title": "zombie_run",
        "config": {"players": 2, "rounds": 1, "turn_limit": 8},
        "seats": ["person", "person"],
    }
    made = api(base_url, "POST", "/api/games", body)
    old = made["seats"][1]["token"]
    driver.get(f"{base_url}/#join={made['id']}.1.{old}")
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "play").get_attribute("data-seat") == "1",
        "the invited seat was not shown",
    )
    game = saved_game(driver)
    fresh = next(s["token"] for s in game["seats"] if s["seat"] == 1)
    assert fresh != old
    assert [s["token"] for s in game["seats"] if s["seat"] != 1] == [None]
    try:
        api(base_url, "GET", f"/api/games/{made['id']}/seats/1", token=old)
        raise AssertionError("the old token still reads the seat")
    except urllib.error.HTTPError as refused:
        assert refused.code == 403
    assert api(base_url, "GET", f"/api/games/{made['id']}/seats/1", token=fresh)["seat"] == 1
    assert "#join" not in driver.current_url
    assert console_errors(driver) == []


def test_the_page_polls_when_the_push_fails(base_url: str, driver: WebDriver) -> None:
    """With the events streams blocked, the other seat's moves still arrive, by polling."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events*"]})
    invites = start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "8"},
        ["person:here", "person:elsewhere"],
    )
    game = saved_game(driver)
    away = urllib.parse.unquote(invites[1].rsplit(".", 1)[1])
    base = f"/api/games/{game['id']}"
    rng = random.Random(5)
    polled = 0
    for _ in range(40):
        if polled >= 1 or "Game over" in status(driver):
            break
        if driver.find_elements(By.CSS_SELECTOR, "#moves button.move"):
            click_a_move(driver, rng, avoid="shout")
            continue
        theirs = api(base_url, "GET", f"{base}/seats/1", token=away)
        if not theirs["moves"]:
            time.sleep(0.05)
            continue
        moved = api(
            base_url,
            "POST",
            f"{base}/seats/1/moves",
            {"index": theirs["moves"][0]["index"], "version": theirs["version"]},
            away,
        )
        wait_for(
            driver,
            lambda d, v=moved["version"]: shown_version(d) == v,
            "the other seat's move did not reach the page by polling",
        )
        assert driver.find_element(By.ID, "play").get_attribute("data-via") == "poll"
        polled += 1
    assert polled == 1
    blocked = [e for e in console_errors(driver) if "/events" not in e["message"]]
    assert blocked == []


# ------------------------------------------------------------------ the web as a product


def my_moves(driver: WebDriver) -> list[str]:
    return [
        b.get_attribute("title") or ""
        for b in driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    ]


def play_remote(url: str, game_id: str, seat: int, token: str, rng: random.Random) -> int | None:
    """One move of the seat played elsewhere (here: over the API); its version, if it moved."""
    base = f"/api/games/{game_id}"
    theirs = api(url, "GET", f"{base}/seats/{seat}", token=token)
    if not theirs["moves"]:
        return None
    picks = [
        m
        for m in theirs["moves"]
        if "shout" not in m["notation"] and "discard" not in m["notation"]
    ]
    pick = rng.choice(picks or theirs["moves"])
    body = {"index": pick["index"], "version": theirs["version"]}
    moved: int = api(url, "POST", f"{base}/seats/{seat}/moves", body, token)["version"]
    return moved


def test_click_the_board_undo_and_take_the_game_up_in_a_new_tab(
    base_url: str, driver: WebDriver
) -> None:
    """A card of the hand opens its moves; the Discard Pile draws its top card; an undo
    takes that back (it showed nothing); a new tab of the browser resumes the game."""
    invites = start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "20"},
        ["person:here", "person:elsewhere"],
        seed=11,
        picture="web-setup.png",
    )
    game = saved_game(driver)
    away = urllib.parse.unquote(invites[1].rsplit(".", 1)[1])
    rng = random.Random(1)
    # The hand is the rulebook's square, each card marked with its position.
    hand = driver.find_elements(By.CSS_SELECTOR, '#board .player[data-seat="0"] .cards.grid .card')
    assert [c.find_element(By.CSS_SELECTOR, ".mark").text for c in hand] == ["0", "1", "2", "3"]
    assert {c.location["y"] for c in hand[:2]} != {c.location["y"] for c in hand[2:]}
    # A click on a card of the hand: a menu of the looks that take it, then one of them.
    before = shown_version(driver)
    hand[0].click()
    items = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#act-menu .menu-item"),
        "no menu of the card's moves",
    )
    assert all("position 0" in i.text or "positions 0" in i.text for i in items)
    items[0].click()
    wait_for(driver, lambda d: shown_version(d) != before, "the menu's move was not played")
    drew = False
    for _ in range(60):
        if "Game over" in status(driver):
            break
        moves = my_moves(driver)
        if not moves:
            at = shown_version(driver)
            moved = play_remote(base_url, game["id"], 1, away, rng)
            if moved is not None:
                wait_for(driver, lambda d, v=moved: shown_version(d) == v, "no push")
            elif shown_version(driver) == at:
                time.sleep(0.1)
            continue
        if any(m.endswith("draw discard") for m in moves) and not drew:
            at = shown_version(driver)
            pile = next(
                p
                for p in driver.find_elements(By.CSS_SELECTOR, "#board .pile.actable")
                if "Discard Pile" in p.text
            )
            pile.click()
            wait_for(driver, lambda d, v=at: shown_version(d) == (v or 0) + 1, "no draw")
            undo = driver.find_element(By.ID, "undo")
            assert undo.is_displayed() and undo.is_enabled()
            log_before = len(driver.find_elements(By.CSS_SELECTOR, "#log > li"))
            undo.click()
            wait_for(driver, lambda d, v=at: shown_version(d) == v, "the undo did not take it back")
            assert len(driver.find_elements(By.CSS_SELECTOR, "#log > li")) == log_before - 1
            assert any(m.endswith("draw discard") for m in my_moves(driver))
            entries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#log > li")]
            assert entries == list(narrate(STORE.get(game["id"]).record(), 0))
            drew = True
            break
        click_a_move(driver, rng, avoid="shout")
    assert drew, "seat 0 never could draw the Discard Pile's card"
    # After a move that showed a card the button is greyed out, and says why.
    click_a_move(driver, rng, avoid="shout")  # peeks or swaps: they show a card
    undo = driver.find_element(By.ID, "undo")
    if undo.is_displayed():
        assert not undo.is_enabled(), "an undo the server would refuse is offered"
        why = undo.get_attribute("title") or ""
        assert why.startswith(("Cannot undo: ", "Nothing to undo: ")), why
    # Leaving asks first, and the game stays in My games.
    driver.find_element(By.ID, "leave-game").click()
    assert driver.find_element(By.ID, "leave-dialog").is_displayed()
    driver.find_element(By.ID, "leave-no").click()
    assert driver.find_element(By.ID, "play").is_displayed()
    # A new tab of this browser lists the game and takes it up where it stands.
    version = shown_version(driver)
    driver.switch_to.new_window("tab")
    driver.get(base_url + "/")
    row = wait_for(
        driver,
        lambda d: d.find_element(By.CSS_SELECTOR, f'#my-games-list li[data-id="{game["id"]}"]'),
        "the game is not in My games",
    )
    assert "zombie run" in row.text.lower()
    wait_for(driver, lambda d: row.get_attribute("data-state") == "playing", "no state")
    assert f"move {version}" in row.find_element(By.CSS_SELECTOR, ".my-game-state").text
    row.find_element(By.CSS_SELECTOR, "button.resume").click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "play").get_attribute("data-seat") == "0",
        "the new tab did not take the game up",
    )
    wait_for(driver, lambda d: shown_version(d) == version, "the new tab shows another position")
    # No undo was sent that the server refused: nothing failed.
    assert console_errors(driver) == []


def test_a_round_summary_then_a_replay_from_any_seat(base_url: str, driver: WebDriver) -> None:
    """The round's end stays on screen, every hand face up, until it is read; after the
    end the game steps through from each seat, as that seat was told it."""
    start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "2", "turn_limit": "4"},
        ["person:here", "heuristic"],
        seed=3,
    )
    rng = random.Random(6)
    summaries: list[str] = []
    for _ in range(120):
        if summary_showing(driver):
            title = driver.find_element(By.ID, "summary-title").text
            rows = driver.find_elements(By.CSS_SELECTOR, "#summary-rows .summary-row")
            assert len(rows) == 2
            cards = driver.find_elements(By.CSS_SELECTOR, "#summary-rows .card")
            assert len(cards) == 8 and not driver.find_elements(
                By.CSS_SELECTOR, "#summary-rows .card.hidden"
            )
            if not summaries:
                screenshot(driver, "web-summary.png")
            summaries.append(title)
            if title == "Game over":
                break
            dismiss_summary(driver)
            continue
        if "Game over" in status(driver):
            time.sleep(0.2)
            continue
        click_a_move(driver, rng, avoid="shout")
    assert summaries == ["Round 1 is over", "Game over"], summaries
    dismiss_summary(driver)
    # Reloading shows no summary again: each is shown once.
    driver.refresh()
    wait_for(driver, lambda d: "Game over" in status(d), "the finished game was not shown")
    assert not summary_showing(driver)
    game = saved_game(driver)
    record = record_of(base_url, game)
    driver.find_element(By.ID, "replay-game").click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "play").get_attribute("data-replay-at") == "0",
        "no replay",
    )
    for _ in range(5):
        at = int(driver.find_element(By.ID, "play").get_attribute("data-replay-at") or "0")
        driver.find_element(By.ID, "replay-next").click()
        wait_for(
            driver,
            lambda d, a=at: (
                d.find_element(By.ID, "play").get_attribute("data-replay-at") == str(a + 1)
            ),
            "the replay did not step on",
        )
    entries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#log > li")]
    assert entries == list(narrate(record, 0))[:5]
    # The bot's seat, once the game is over: its own cards, as it was told them.
    Select(driver.find_element(By.ID, "replay-seat")).select_by_value("1")
    wait_for(
        driver,
        lambda d: (
            d.find_element(By.ID, "play").get_attribute("data-replay-seat") == "1"
            and [e.text for e in d.find_elements(By.CSS_SELECTOR, "#log > li")]
            == list(narrate(record, 1))[:5]
        ),
        "the replay did not switch to seat 1",
    )
    screenshot(driver, "web-replay.png")
    driver.find_element(By.ID, "replay-close").click()
    wait_for(driver, lambda d: "Game over" in status(d), "the replay did not close")
    assert console_errors(driver) == []


def test_the_setup_form_explains_fields_and_names_a_wrong_one(
    base_url: str, driver: WebDriver
) -> None:
    driver.get(base_url + "/")
    wait_for(driver, lambda d: d.find_element(By.ID, "setup").is_displayed(), "no setup form")
    Select(driver.find_element(By.ID, "title")).select_by_value("zombie_run")
    row = driver.find_element(By.CSS_SELECTOR, '[data-field="discard_taken_card"]')
    assert "There is no passing" in row.text
    assert not driver.find_element(By.CSS_SELECTOR, '[data-field="deck"]').is_displayed()
    set_field(driver, "players", "9")
    driver.find_element(By.ID, "start").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "error").is_displayed(), "no error")
    assert driver.find_element(By.ID, "error-text").text.startswith("Players: ")
    wrong = driver.find_element(By.CSS_SELECTOR, '[data-field="players"]')
    assert "wrong" in (wrong.get_attribute("class") or "")
    assert "2-7 players" in wrong.find_element(By.CSS_SELECTOR, ".field-error").text
    assert console_errors(driver) == [] or all(
        "400" in e["message"] for e in console_errors(driver)
    )


class LocalServer:
    """A server on a fixed port over an SQLite file, to stop and start again: a page's
    games live in the browser per origin, so the second server takes the same port."""

    def __init__(self, db: str, port: int) -> None:
        self.store = Store(max_games=20, db=db)
        config = uvicorn.Config(
            create_app(self.store, client_seeds=True),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=WAIT)
        self.store.close()


def test_my_games_resume_after_the_server_restarts(driver: WebDriver, tmp_path: Any) -> None:
    db = str(tmp_path / "games.sqlite3")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    first = LocalServer(db, port)
    try:
        start(
            driver, url, "zombie_run", {"players": "2", "rounds": "1"}, ["person:here", "heuristic"]
        )
        click_a_move(driver, random.Random(2), avoid="shout")
        version = shown_version(driver)
        game = saved_game(driver)
    finally:
        first.stop()
    second = LocalServer(db, port)
    try:
        driver.get(url + "/")  # this tab still shows the game: it takes it up again
        wait_for(driver, lambda d: shown_version(d) == version, "the tab did not resume the game")
        driver.find_element(By.ID, "leave-game").click()
        driver.find_element(By.ID, "leave-yes").click()
        row = wait_for(
            driver,
            lambda d: d.find_element(By.CSS_SELECTOR, f'#my-games-list li[data-id="{game["id"]}"]'),
            "the game is not in My games",
        )
        row.find_element(By.CSS_SELECTOR, "button.resume").click()
        wait_for(driver, lambda d: shown_version(d) == version, "My games did not resume it")
        assert console_errors(driver) == []
    finally:
        second.stop()
