"""``zombie-rules play`` through a real pseudo-terminal, as a person plays it.

The command runs in a child process whose stdin and stdout are a pty (standard
library ``pty``), so readline, tab completion, the pauses and the screen clearing
are the ones a person gets. A scripted player waits for each prompt, reads the
menu of moves on the screen and types one of them; the tests assert on what the
screen showed. Every wait has a timeout, and every game is seeded, so a run is the
same each time.
"""

from __future__ import annotations

import os
import pty
import random
import re
import select
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from zombie_rules import GAMES
from zombie_rules.play import RandomAgent, play_game
from zombie_rules.serialize import to_json

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
    pytest.mark.slow,
]

#: Escape sequences (colours, clearing, bracketed paste) and readline's prompt markers.
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|[\x01\x02\r]")
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
#: What the program waits at: a move prompt, a pause, the offer to watch, a replay step.
PROMPT = re.compile(
    r"seat \d+> |\[w/s/u/q\]> |-- Press Enter for the next round -- |"
    r"press Enter[^\n]*\. |\[move \d+ of \d+\]> "
)
WAIT = 20.0  # seconds for any one screen to appear: generous, never reached when all is well


class Screen:
    """A child process on a pty, and everything it has written (escape codes removed)."""

    def __init__(self, *argv: str, home: Path) -> None:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(home),
            "TERM": "xterm",
            "INPUTRC": os.devnull,  # no person's key bindings
            "COLUMNS": "110",
            "LINES": "40",
            "PYTHONPATH": os.pathsep.join(sys.path),
            "PYTHONIOENCODING": "utf-8",
        }
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program
            # As at a real terminal, Ctrl-C interrupts: a runner that started the suite in
            # the background may have passed SIGINT down ignored.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.execve(sys.executable, [sys.executable, "-m", "zombie_rules", *argv], env)
        self.pid, self.fd = pid, fd
        self.raw = ""
        self.seen = 0  # how much of the text the test has looked at
        self.status: int | None = None

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child closed the pty: it has ended
            return False
        if not data:
            return False
        self.raw += data.decode("utf-8", "replace")
        return True

    def expect(self, pattern: str | re.Pattern[str], timeout: float = WAIT) -> re.Match[str]:
        """Wait until ``pattern`` appears in what was written since the last match."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            found = rx.search(self.text, self.seen)
            if found:
                self.seen = found.end()
                return found
            alive = self._read(0.05)
            if not alive or time.monotonic() > deadline:
                found = rx.search(self.text, self.seen)
                if found:
                    self.seen = found.end()
                    return found
                why = "ended" if not alive else "timed out"
                raise AssertionError(f"{why} waiting for {rx.pattern!r}; screen:\n{self.tail()}")

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait(self, timeout: float = WAIT) -> int:
        """The exit status, once the child has ended."""
        if self.status is not None:
            return self.status
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._read(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                while self._read(0):
                    if not select.select([self.fd], [], [], 0)[0]:
                        break
                return self.status
        raise AssertionError(f"still running after {timeout}s; screen:\n{self.tail()}")

    def tail(self) -> str:
        return self.text[-3000:]

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)


@pytest.fixture
def screens(tmp_path: Path) -> Iterator[list[Screen]]:
    started: list[Screen] = []
    yield started
    for screen in started:
        screen.close()


def start(screens: list[Screen], tmp_path: Path, *argv: str) -> Screen:
    screen = Screen(*argv, home=tmp_path)
    screens.append(screen)
    return screen


def menu_moves(text: str) -> list[str]:
    """The moves listed by the last menu in ``text`` (numbered with labels, or by kind)."""
    lines = text[text.rindex("Your moves") :].split("\n")
    if lines[0].startswith("Your moves:"):
        found = (re.match(r"^\s*\d+\) (.+?)(?:  |$)", line) for line in lines[1:])
        return [m[1].strip() for m in found if m]
    moves: list[str] = []
    keyword = ""
    for line in lines[1:]:
        if not line.startswith("  "):
            break
        if line.startswith("    "):
            rest = line
        else:
            keyword, _, rest = line.strip().partition(" ")
        choices = [c.strip() for c in rest.split("|") if c.strip()]
        moves += [f"{keyword} {c}" for c in choices] or [keyword]
    return moves


def play_through(screen: Screen, seed: int, limit: int = 400) -> int:
    """Answer every prompt until the game ends: a listed move (by its text or its number)."""
    rng = random.Random(seed)
    prompts = 0
    while True:
        try:
            found = screen.expect(PROMPT)
        except AssertionError:
            screen.wait()  # ended (the game is over), or still running: that fails here
            return prompts
        prompt = found.group(0)
        if prompt.startswith("seat"):
            prompts += 1
            assert prompts <= limit, "the game did not end"
            moves = menu_moves(screen.text[: found.start()])
            pick = rng.randrange(len(moves))
            screen.send(f"{pick + 1}\r" if rng.random() < 0.3 else f"{moves[pick]}\r")
        elif prompt.startswith("[w/s/u/q]"):
            screen.send("w\r")
        else:
            screen.send("\r")


def finished(screen: Screen) -> str:
    assert screen.wait() == 0, screen.tail()
    text = screen.text
    assert "Traceback" not in text
    assert re.search(r"^ ?Game over: (winners?: |everyone wins|nobody wins)", text, re.MULTILINE)
    assert re.search(r"^Scores \(.*\): seat 0", text, re.MULTILINE)
    assert re.search(r"^You (win!|lose\.)$", text, re.MULTILINE)
    assert re.search(r"^- You ", text, re.MULTILINE)  # the person's own moves are told
    assert re.search(r"^- Seat \d ", text, re.MULTILINE)  # and the bots', by name
    return text


# ------------------------------------------------------------- each title


def test_zombie_run_completes_on_tab_and_shows_every_hand_at_a_round_end(
    screens: list[Screen], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    screen = start(
        screens, tmp_path, "play", "zombie_run", "--set", "players=2", "--set", "rounds=2",
        "--set", "turn_limit=8", "--seed", "3", "--record", str(record),
    )  # fmt: skip
    screen.expect(r"TAB completes")
    screen.expect(r"seat 0> ")
    screen.send("pe\t")  # TAB completes the only move that starts so
    screen.expect(r"peek ")
    screen.send("\t\t")  # twice: the choices for the next word are listed
    screen.expect(r"0\s+1\s+2")
    screen.send("0 1\r")
    screen.expect(r"- You look at positions 0 and 1 of your hand\.")
    screen.expect(r"Your moves:\n\s+1\) draw pile")
    screen.expect(r"seat 0> ")
    screen.send("dr\t")
    screen.expect(r"draw ")
    screen.send("\t\t")
    screen.expect(r"pile\s+discard|discard\s+pile")
    screen.send("pile\r")
    screen.expect(r"- You draw the .+ from the Draw Pile\.")
    play_through(screen, seed=1)
    text = finished(screen)
    assert text.count("Everyone turns over their cards:") == 2  # both rounds end with the hands
    scoring = text[text.index("Round 1 is over.") :]
    assert re.search(r"^      You: .+ \(\d+ zombies? in all\)$", scoring, re.MULTILINE)
    assert re.search(r"^      Seat 1: .+ \(\d+ zombies? in all\)$", scoring, re.MULTILINE)
    assert re.search(r"^    Round scores: Seat 0 \(you\) \d+, Seat 1 \d+\.$", scoring, re.MULTILINE)
    assert "-- Press Enter for the next round --" in scoring.split("Round 2 is over.")[0]
    assert "The game's record is in" in text and record.exists()


def test_texas_zombies_tells_the_votes_and_the_teams(screens: list[Screen], tmp_path: Path) -> None:
    screen = start(screens, tmp_path, "play", "texas_zombies", "--set", "players=3", "--seed", "2")
    play_through(screen, seed=2)
    text = finished(screen)
    assert re.search(r"All votes are in: \d Yes, \d No \(Seat \d", text)
    assert "The Team cards are turned face up (rule M)" in text


def test_zombie_doctor_to_the_end(screens: list[Screen], tmp_path: Path) -> None:
    screen = start(screens, tmp_path, "play", "zombie_doctor", "--set", "players=3", "--seed", "1")
    play_through(screen, seed=3)
    text = finished(screen)
    assert re.search(r"^- You use ", text, re.MULTILINE)
    assert "Nurse Ivy" in text  # body cards are shown with their characters


def test_quarantine_z_survivor_dies_is_told_and_watches(
    screens: list[Screen], tmp_path: Path
) -> None:
    screen = start(screens, tmp_path, "play", "quarantine_z", "--seat", "1", "--seed", "0")
    play_through(screen, seed=4)
    text = finished(screen)
    assert "You are dead: the zombies got your Survivor." in text
    assert "The game goes on without you." in text
    after = text.split("[w/s/u/q]> ")[1]
    assert re.search(r"^- Seat [23] ", after, re.MULTILINE)  # watching: the rest is told


# -------------------------------------------------------------- hot seat


def test_hot_seat_clears_the_screen_between_people(screens: list[Screen], tmp_path: Path) -> None:
    screen = start(
        screens, tmp_path, "play", "zombie_run", "--set", "players=2", "--set", "rounds=1",
        "--set", "turn_limit=4", "--humans", "0,1", "--seed", "5",
    )  # fmt: skip
    screen.expect(r"Pass the screen to seat \d")
    play_through(screen, seed=5)
    assert screen.wait() == 0, screen.tail()
    handovers = screen.raw.count("press Enter when only you can see the screen")
    assert handovers >= 4
    # Each hand-over clears the screen (and scrollback) after the last reader is done.
    assert screen.raw.count(CLEAR) >= 2 * handovers
    assert re.search(r"^Seat [01] (wins|loses)\.$", screen.text, re.MULTILINE)


# ------------------------------------------------------------ clean exits


def _interrupt(screen: Screen) -> int:
    """Ctrl-C at the prompt, once more if the first was lost; the exit status.

    CPython's readline loop notices a signal when its wait for input is interrupted; a
    SIGINT that lands just before the wait begins is noticed only at the next key (a
    person presses Ctrl-C again). The prompt is drawn before that wait, so a test that
    answers the prompt at once can hit that gap.
    """
    for _ in range(3):
        screen.send("\x03")
        try:
            return screen.wait(timeout=3.0)
        except AssertionError:
            continue
    return screen.wait()


def test_ctrl_c_and_ctrl_d_end_quietly_with_an_interrupted_status(
    screens: list[Screen], tmp_path: Path
) -> None:
    screen = start(screens, tmp_path, "play", "zombie_run")
    screen.expect(r"seat 0> ")
    assert _interrupt(screen) == 130
    assert "zombie-rules: interrupted" in screen.text and "Traceback" not in screen.text
    screen = start(screens, tmp_path, "play", "zombie_run")
    screen.expect(r"seat 0> ")
    screen.send("\x04")  # Ctrl-D: end of input
    assert screen.wait() == 1
    assert "end of input; game abandoned" in screen.text and "Traceback" not in screen.text


def test_replay_steps_on_enter_and_stops_on_q(screens: list[Screen], tmp_path: Path) -> None:
    game = GAMES["zombie_run"]
    saved = play_game(game, game.config_type(players=2, rounds=1), [RandomAgent()] * 2, seed=7)
    path = tmp_path / "saved.json"
    path.write_text(to_json(saved))
    screen = start(screens, tmp_path, "replay", str(path), "--seat", "1")
    screen.expect(r"Enter: next step, a: all the rest, q: stop\.")
    first = screen.expect(r"\[move (\d+) of (\d+)\]> ")
    assert "- You are dealt" not in screen.text  # Zombie Run! deals face down, to everyone
    screen.send("\r")
    second = screen.expect(r"\[move (\d+) of (\d+)\]> ")
    assert int(first[1]) < int(second[1]) <= int(second[2]) == len(saved.moves)
    assert "Round 1/1" in screen.text  # the board, as seat 1 sees it, after each step
    screen.send("q\r")
    assert screen.wait() == 0
