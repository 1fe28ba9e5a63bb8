"""The web client in a real browser: headless Chromium plays by clicking, as a person would.

Needs Debian's ``chromium`` and ``chromium-driver`` (no browser is downloaded at test
time) and the ``web`` extra plus selenium; ``.ci/browser`` installs them and runs this.
Set ``ZOMBIE_RULES_SCREENSHOT=FILE`` to save a picture of the page mid-game.
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
) -> None:
    driver.get(url + "/")
    wait_for(driver, lambda d: d.find_element(By.ID, "setup").is_displayed(), "no setup form")
    Select(driver.find_element(By.ID, "title")).select_by_value(title)
    for name, value in fields.items():
        set_field(driver, name, value)
    rows = driver.find_elements(By.CSS_SELECTOR, "#seat-fields select")
    assert len(rows) == len(seats)
    for row, kind in zip(rows, seats, strict=True):
        Select(row).select_by_value(kind)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait_for(
        driver, lambda d: d.find_element(By.ID, "play").is_displayed(), "the game did not start"
    )
    wait_for(driver, lambda d: shown_version(d) is not None or handoff_showing(d), "no seat shown")


def handoff_showing(driver: WebDriver) -> bool:
    return bool(driver.find_element(By.ID, "handoff").is_displayed())


def shown_version(driver: WebDriver) -> int | None:
    text = driver.find_element(By.ID, "play").get_attribute("data-version")
    return int(text) if text else None


def status(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "status").text)


def saved_game(driver: WebDriver) -> dict[str, Any]:
    game: dict[str, Any] = json.loads(
        driver.execute_script("return sessionStorage.getItem('zombie-rules-game')")
    )
    return game


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
    before = shown_version(driver)
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


def screenshot(driver: WebDriver) -> None:
    path = os.environ.get("ZOMBIE_RULES_SCREENSHOT")
    if path:
        driver.save_screenshot(path)


def test_a_whole_hot_seat_zombie_run_game_by_clicking(base_url: str, driver: WebDriver) -> None:
    start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "8"},
        ["person:here", "person:here"],
    )
    rng = random.Random(3)
    handoffs = 0
    clicks = 0
    while "Game over" not in status(driver):
        assert clicks < 80, "the game did not end"
        if handoff_showing(driver):
            take_over(driver)
            handoffs += 1
            continue
        board = driver.find_element(By.ID, "board")
        assert len(board.find_elements(By.CSS_SELECTOR, ".player")) == 2
        assert "Draw Pile" in board.text and "Discard Pile" in board.text
        assert driver.find_element(By.ID, "text").text.startswith("Round 1/1")
        click_a_move(driver, rng, avoid="shout")  # play on to the turn limit
        clicks += 1
    assert handoffs >= 2, "two people on one screen were never handed the screen"
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
    for _ in range(14):
        if "Game over" in status(driver):
            break
        click_a_move(driver, rng)
        clicks += 1
        if clicks == 6:
            screenshot(driver)
    assert clicks >= 6
    log = driver.find_elements(By.CSS_SELECTOR, "#log > li")
    assert len(log) > clicks
    game = saved_game(driver)
    assert [e.text for e in log] == list(narrate(STORE.get(game["id"]).record(), 1))
    # Mid-game nobody exports the record; the page saves its seat's own account.
    assert driver.find_element(By.ID, "save-game").text == "Save my account"
    assert console_errors(driver) == []


def test_the_other_seats_moves_are_pushed_to_the_page(base_url: str, driver: WebDriver) -> None:
    """Seat 1 plays elsewhere (here: this test, over the API); each of its moves reaches
    seat 0's page down the events stream, not by a poll, told as seat 0 may know it."""
    start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "8"},
        ["person:here", "person:elsewhere"],
    )
    game = saved_game(driver)
    away = game["seats"][1]["token"]
    invite = driver.find_element(By.ID, "invite-list").get_attribute("textContent") or ""
    assert f"#join={game['id']}.1." in invite
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
    fresh = game["seats"][0]["token"]
    assert fresh != old
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
    start(
        driver,
        base_url,
        "zombie_run",
        {"players": "2", "rounds": "1", "turn_limit": "8"},
        ["person:here", "person:elsewhere"],
    )
    game = saved_game(driver)
    away = game["seats"][1]["token"]
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
