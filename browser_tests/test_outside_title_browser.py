"""A title from outside zombie_rules, in the browser: Brain Swap played to the end by clicking.

The server is ``zombie-rules serve`` run by ``tests/toy_title/launch.py``, which
registers the toy title (``tests/toy_title``) at run time in that process before the
command starts: the page must offer it, draw it on the generic board (it has no board of
its own) and play it like any built-in title. Helpers come from ``test_web_browser``.
"""

from __future__ import annotations

import importlib
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_web_browser
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_web_browser import (
    WAIT,
    _free_port,
    click_a_move,
    console_errors,
    handoff_showing,
    record_of,
    saved_game,
    start,
    status,
    take_over,
    wait_for,
)

from zombie_rules import registry
from zombie_rules.play import narrate, replay

pytestmark = pytest.mark.browser

TOY = Path(__file__).resolve().parent.parent / "tests" / "toy_title"
LAUNCHER = TOY / "launch.py"
#: Headless Chromium: the built-in titles' browser test's ``driver`` fixture, by this name here.
chromium = test_web_browser.driver


@pytest.fixture(scope="module")
def toy_here() -> Iterator[None]:
    """The toy registered in this process too, to read the records the server exports."""
    sys.path.insert(0, str(TOY))
    toy = importlib.import_module("zombie_toy")
    games = [registry.register(toy.GAME), registry.register(toy.long_variant())]
    yield
    for game in games:
        registry.unregister(game.name)
    sys.path.remove(str(TOY))


@pytest.fixture(scope="module")
def toy_server(toy_here: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``serve`` in its own process, with the toy registered there at run time."""
    port = _free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with open(log, "w", encoding="utf-8") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                str(LAUNCHER),
                "serve",
                "--port",
                str(port),
                "--db",
                ":memory:",
                "--allow-seeds",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert server.poll() is None, f"the server ended: {log.read_text()}"
            assert time.monotonic() < deadline, f"the server did not start: {log.read_text()}"
            try:
                with urllib.request.urlopen(url + "/api/titles", timeout=WAIT) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=WAIT)


def table_tags(driver: WebDriver) -> list[str]:
    """The generic board: one place, the table, with the view's fields as tags."""
    board = driver.find_element(By.ID, "board")
    assert board.find_elements(By.CSS_SELECTOR, ".player") == []
    (place,) = board.find_elements(By.CSS_SELECTOR, ".place")
    assert place.find_element(By.TAG_NAME, "h3").text == "Table"
    return [tag.text for tag in place.find_elements(By.CSS_SELECTOR, ".tag")]


def offered_titles(driver: WebDriver) -> set[str]:
    """The titles in the set-up form's list (none while the page is still loading)."""
    return {
        o.get_attribute("value") or ""
        for o in driver.find_elements(By.CSS_SELECTOR, "#title option")
    }


def test_a_registered_title_plays_to_the_end_on_the_generic_board(
    toy_server: str, chromium: WebDriver
) -> None:
    driver = chromium
    driver.get(toy_server + "/")
    wanted = {"zombie_toy", "zombie_toy_long", "zombie_run"}
    try:
        # The page fills the title list from /api/titles after it loads: wait for it.
        wait_for(driver, lambda d: wanted <= offered_titles(d), "the toy titles are not offered")
    except TimeoutException:
        raise AssertionError(
            f"offered {sorted(offered_titles(driver))}, wanted {sorted(wanted)}; the page: "
            f"{driver.page_source[:2000]}"
        ) from None
    start(
        driver,
        toy_server,
        "zombie_toy_long",
        {"players": "3"},
        ["person:here", "random", "person:here"],
        seed=5,
    )
    rng = random.Random(4)
    clicks = handoffs = 0
    while "Game over" not in status(driver):
        assert clicks < 20, "the game did not end"
        if handoff_showing(driver):
            take_over(driver)
            handoffs += 1
            continue
        seat = int(driver.find_element(By.ID, "play").get_attribute("data-seat") or "-1")
        tags = table_tags(driver)
        (hands,) = [t for t in tags if t.startswith("hands: ")]
        shown = hands.removeprefix("hands: [").removesuffix("]").split(", ")
        # The seat sees its own card and nobody else's.
        assert [s for s, card in enumerate(shown) if card != "None"] == [seat], hands
        assert "phase: turn" in tags
        assert driver.find_element(By.ID, "text").text.startswith("config: Config(players=3")
        click_a_move(driver, rng)
        clicks += 1
    assert clicks == 6 and handoffs >= 2  # three turns for each person, one screen
    assert "You win!" in status(driver) or "You lose." in status(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "#moves button.move") == []
    tags = table_tags(driver)
    assert "phase: over" in tags
    assert re.fullmatch(r"hands: \[\d+, \d+, \d+\]", next(t for t in tags if "hands" in t))
    game = saved_game(driver)
    seat = int(driver.find_element(By.ID, "play").get_attribute("data-seat") or "-1")
    record = record_of(toy_server, game)
    assert record.game == "zombie_toy_long" and len(replay(record)) == len(record.moves) + 1
    told = narrate(record, seat)
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#log > li")] == list(told)
    assert "Everyone turns their card over." in told[-1]
    assert console_errors(driver) == []
