"""Issue 4, acceptance 2: the dashboard driven in a real browser.

``pokerhh dashboard`` is started on a fresh database and a free port, and headless Chromium
(Debian's ``chromium`` and ``chromedriver``, through selenium) uses it as a person would:
uploads two sample histories on the Import page, finds their players in the Overview table,
sees a player named ``<b>Boldy</b>`` shown as text (never as markup), opens a hand by its
link in the replay viewer and steps it forward to the showdown and the result, reading the
table picture's pot line (no side pot for the blinds) and, after the award, every stack. At
the end, no request the browser made may have left the machine (``tests/browser/network.py``).

A screenshot of each stage is saved in ``test-artifacts/browser/`` (with the server's log,
and a ``failed-*.png`` when a wait times out). Skipped when Chromium, its driver or selenium
is missing: ``apt-get install chromium chromium-driver`` and ``pip install -e '.[test]'``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.browser.network import outside_requests

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # the test skips itself, with the reason
    SELENIUM_MISSING = True
else:
    SELENIUM_MISSING = False

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NLHE = ROOT / "sample_histories" / "pokerstars" / "nlhe"
#: Hand 9000000014: a player named ``<b>Boldy</b>`` raises, bets, folds to a raise.
HTML_NAME_FILE = NLHE / "uncalled-bet.txt"
HTML_NAME = "<b>Boldy</b>"
#: Hand 9000000031: a showdown, Jon's pair of aces with a king beats Mr Pink's.
SHOWDOWN_FILE = NLHE / "kicker-decides.txt"
PLAYERS = {HTML_NAME, "Cleo", "Dirk", "Jon", "Kat", "Leo", "Mr Pink"}

SERVER_START_S = 60
#: An upload is imported in a worker process (dashboard.upload): its start costs a second
#: or two of CPU, more on a busy machine.
IMPORT_WAIT_S = 90
WAIT_S = 20
#: A page's first run on a new server (its imports: pandas...), on a loaded machine.
PAGE_WAIT_S = 60
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
]
#: The replayer's caption: "Step 3 of 20 · Preflop".
STEP_LINE = re.compile(r"Step (\d+) of (\d+) · (.+)")
#: The replay viewer's iframe (``dashboard/replayer_view.py``).
REPLAYER = "iframe[title^='hand replayer']"
#: In the replayer's table: the pot line, the formed pots' line, each seat's stack line.
READ_TABLE = """
const text = (selector) => (document.querySelector(selector) || {}).textContent || "";
const stacks = {};
for (const seat of document.querySelectorAll(".rp-table g.seat")) {
  const status = seat.querySelector("text.status, text.won");
  stacks[seat.getAttribute("data-player")] = seat.querySelector("text.stack").textContent
    + (status ? " · " + status.textContent : "");
}
return {pot: text(".rp-table text.pot"), pots: text(".rp-table text.pots"), stacks: stacks};
"""


def _missing_tools() -> str | None:
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not tool.is_file():
            return f"{tool} is missing (apt-get install chromium chromium-driver)"
    if SELENIUM_MISSING:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


MISSING = _missing_tools()
pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _launcher() -> list[str]:
    script = Path(sys.executable).with_name("pokerhh")  # the installed console script
    return [str(script)] if script.is_file() else [sys.executable, "-m", "dashboard.cli"]


@pytest.fixture(scope="module")
def artifacts() -> Path:
    if ARTIFACTS.is_dir():
        shutil.rmtree(ARTIFACTS)  # no screenshot left over from an earlier run
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[str]:
    """``pokerhh dashboard`` on a new database; yields its base URL, stops it afterwards."""
    folder = tmp_path_factory.mktemp("browser")
    port = _free_port()
    command = [*_launcher(), "dashboard", "--db", str(folder / "hands.sqlite"),
               "--port", str(port)]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "POKERHH_DB"}
    log_path = artifacts / "server.log"
    with log_path.open("wb") as log:
        # The launcher execs Streamlit: this process is the server itself.
        process = subprocess.Popen(
            command, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"the dashboard exited with {process.returncode}:\n"
                            f"{log_path.read_text(errors='replace')[-3000:]}")  # fmt: skip
            try:
                with urllib.request.urlopen(f"{url}/", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the dashboard did not answer on {url} within {SERVER_START_S} s")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@dataclass
class Browser:
    """The driver, the dashboard's URL, and every URL the page asked for so far."""

    driver: WebDriver
    base: str
    artifacts: Path
    requests: list[str] = field(default_factory=list)

    def drain_network_log(self) -> None:
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message["method"] == "Network.requestWillBeSent":
                self.requests.append(params["request"]["url"])
            elif message["method"] == "Network.webSocketCreated":
                self.requests.append(params["url"])

    def open(self, path: str) -> None:
        self.driver.get(f"{self.base}{path}")

    def shot(self, name: str, centre: WebElement | None = None) -> None:
        """Save a screenshot, ``centre`` scrolled to the middle of the window first (the
        page scrolls inside Streamlit's main section, so a screenshot shows one window)."""
        if centre is not None:
            self.driver.execute_script(
                "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", centre
            )
        self.driver.save_screenshot(str(self.artifacts / f"{name}.png"))

    def text(self) -> str:
        """The visible text of the page."""
        return str(self.driver.find_element(By.TAG_NAME, "body").text)

    def idle(self) -> bool:
        """Connected, and no script run in progress."""
        app = self.driver.find_elements(By.CSS_SELECTOR, "[data-testid=stApp]")
        return bool(app) and (
            app[0].get_attribute("data-test-script-state") == "notRunning"
            and app[0].get_attribute("data-test-connection-state") == "CONNECTED"
        )

    def wait(
        self, what: str, condition: Callable[[], object], seconds: float | None = None
    ) -> object:
        """Wait until ``condition()`` is truthy and the app is idle; on a timeout, save a
        screenshot and fail with the page's text."""

        def ready(_: WebDriver) -> object:
            try:
                value = condition()
            except StaleElementReferenceException:  # Streamlit redrew it meanwhile
                return False
            return value if value and self.idle() else False

        try:
            value = WebDriverWait(self.driver, seconds or WAIT_S, poll_frequency=0.1).until(ready)
            self.drain_network_log()  # as we go: the log keeps websocket frames too
            return value
        except TimeoutException:
            slug = re.sub(r"\W+", "-", what).strip("-")
            self.driver.save_screenshot(str(self.artifacts / f"failed-{slug}.png"))
            pytest.fail(f"waited {WAIT_S} s for {what}; the page shows:\n{self.text()[:3000]}")

    def wait_text(self, *needles: str, seconds: float | None = None) -> str:
        def found() -> str | None:
            text = self.text()
            return text if all(n in text for n in needles) else None

        return str(self.wait(f"text {needles!r}", found, seconds))

    def button(self, key: str) -> WebElement:
        """The button of the widget with this Streamlit key, once enabled, scrolled to the
        middle of the window (so that the fixed header does not cover it)."""

        def enabled() -> WebElement | None:
            found = self.driver.find_elements(By.CSS_SELECTOR, f".st-key-{key} button")
            return found[0] if found and found[0].is_enabled() else None

        button = self.wait(f"button {key!r}", enabled)
        assert isinstance(button, WebElement)
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button
        )
        return button

    def metrics(self) -> dict[str, str]:
        return {
            m.find_element(By.CSS_SELECTOR, "[data-testid=stMetricLabel]").text:
            m.find_element(By.CSS_SELECTOR, "[data-testid=stMetricValue]").text
            for m in self.driver.find_elements(By.CSS_SELECTOR, "[data-testid=stMetric]")
        }  # fmt: skip

    def replayer(self) -> WebElement:
        """Enter the replay viewer's iframe (the client-side replayer of issue 26) once it
        has drawn; returns its root, which takes the keys. ``page()`` leaves it."""
        self.page()

        def frame() -> WebElement | None:
            found = self.driver.find_elements(By.CSS_SELECTOR, REPLAYER)
            return found[0] if found else None

        element = self.wait("the replayer", frame, PAGE_WAIT_S)
        self.driver.switch_to.frame(element)
        WebDriverWait(self.driver, WAIT_S, poll_frequency=0.1).until(
            lambda d: d.execute_script("return !!window.pokerhhReplayer")
        )
        return self.driver.find_element(By.ID, "replayer")

    def page(self) -> None:
        """Back from the replayer's iframe to the page."""
        self.driver.switch_to.default_content()

    def key(self, key: str) -> None:
        """Press ``key`` in the replayer (inside its iframe): it draws the step at once."""
        self.driver.find_element(By.ID, "replayer").send_keys(key)

    def step(self) -> tuple[int, int, str, str]:
        """The replayer's position (inside its iframe): (step, steps, street, the event)."""
        caption = self.driver.find_element(By.CSS_SELECTOR, ".rp-caption").text
        match = STEP_LINE.fullmatch(caption)
        assert match, f"no 'Step i of n' caption: {caption!r}"
        event = self.driver.find_element(By.CSS_SELECTOR, ".rp-event").text
        return int(match[1]), int(match[2]), match[3], event

    def svg(self) -> str:
        """The replayer's table (inside its iframe), as the browser serialises it."""
        svg = self.driver.find_element(By.CSS_SELECTOR, ".rp-table svg")
        return str(svg.get_attribute("outerHTML"))

    def table(self) -> tuple[str, str, dict[str, str]]:
        """The table's pot line, formed pots ('' if one pot) and each player's stack line
        (with his status: "folded", "wins $3.57"...)."""
        shown = self.driver.execute_script(READ_TABLE)
        return shown["pot"], shown["pots"], shown["stacks"]

    def no_html_element(self, name: str) -> None:
        """``name`` (HTML) was not interpreted: no element holds its inner text, and the
        serialised DOM has it only escaped (a text node serialises ``<`` as ``&lt;``)."""
        inner = re.sub(r"<[^>]+>", "", name)
        assert not self.driver.find_elements(
            By.XPATH, f"//b[contains(normalize-space(.), '{inner}')]"
        )
        assert name not in self.driver.page_source


@pytest.fixture(scope="module")
def browser(
    server: str, tmp_path_factory: pytest.TempPathFactory, artifacts: Path
) -> Iterator[Browser]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in CHROMIUM_ARGS:
        options.add_argument(argument)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_argument("--window-size=1400,1000")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        driver.set_window_size(1400, 1000)
        yield Browser(driver, server, artifacts)
    finally:
        driver.quit()


def _upload_and_import(browser: Browser) -> None:
    browser.open("/import_hands")
    browser.wait_text("Import", "This database has no hands yet")
    browser.shot("01-import-empty-database")
    chooser = browser.driver.find_element(By.CSS_SELECTOR, "input[type=file]")
    chooser.send_keys("\n".join(str(p) for p in (HTML_NAME_FILE, SHOWDOWN_FILE)))
    browser.wait_text(HTML_NAME_FILE.name, SHOWDOWN_FILE.name)
    button = browser.button("run_import")
    assert button.text == "Import 2 file(s)"
    browser.shot("02-import-files-chosen")
    button.click()
    browser.wait_text("Last import", "Hands stored", seconds=IMPORT_WAIT_S)
    metrics = browser.metrics()
    assert metrics["Files"] == "2"
    assert metrics["Hands stored"] == "2"
    assert metrics["Duplicates"] == "0"
    assert metrics["Quarantined"] == "0"
    assert metrics["Files refused"] == "0"
    browser.shot("03-import-summary")


def _overview_players(browser: Browser) -> set[str]:
    """Open the Overview from the sidebar and read the Player column of its table (the
    grid draws on a canvas; its accessible table holds the cells' text)."""
    link = browser.driver.find_element(
        By.XPATH, "//a[@data-testid='stSidebarNavLink'][.//span[@label='Overview']]"
    )
    link.click()
    browser.wait_text("Overview", "Players", "Minimum hands")

    def player_cells() -> set[str] | None:
        grid = browser.driver.find_elements(By.CSS_SELECTOR, "[data-testid=stDataFrame]")
        if not grid:
            return None
        headers = grid[-1].find_elements(By.CSS_SELECTOR, "th[role=columnheader]")
        column = next((h.get_attribute("aria-colindex") for h in headers
                       if h.get_attribute("textContent") == "Player"), None)  # fmt: skip
        if column is None:
            return None
        cells = grid[-1].find_elements(By.CSS_SELECTOR, f"td[aria-colindex='{column}']")
        names = {c.get_attribute("textContent") or "" for c in cells}
        return names if len(names) >= len(PLAYERS) else None

    players = browser.wait("the player table", player_cells)
    assert isinstance(players, set)
    assert browser.metrics()["Players"] == str(len(PLAYERS))
    browser.shot("04-overview-player-table")
    return players


def test_upload_overview_and_replay_in_chromium(browser: Browser) -> None:
    _upload_and_import(browser)

    # The player table lists the players of both files, the HTML name as its literal text.
    assert _overview_players(browser) == PLAYERS
    browser.no_html_element(HTML_NAME)

    # The HTML name in the replay viewer (the replayer, in its iframe): text in the event
    # log and in the table, never an element.
    browser.open("/replay?hand=PokerStars:9000000014")
    browser.replayer()
    assert browser.step()[0] == 1
    log = browser.driver.find_element(By.CSS_SELECTOR, ".rp-log").text
    assert f"{HTML_NAME} raises to $0.25" in log
    assert "Dirk raises to $1.20" in log
    browser.no_html_element(HTML_NAME)
    svg = browser.svg()
    assert "&lt;b&gt;Boldy&lt;/b&gt;" in svg
    assert HTML_NAME not in svg
    browser.shot("05-replay-html-name-table")
    browser.page()
    browser.no_html_element(HTML_NAME)

    # A hand opened by its link, stepped forward one event at a time (the right arrow) to
    # the showdown and the result, each step drawn in the browser.
    browser.open("/replay?hand=PokerStars:9000000031")
    browser.replayer()
    step, steps, street, event = browser.step()
    assert (step, street, event) == (1, "Preflop", "Kat posts the small blind $0.05")
    assert browser.table()[:2] == ("Pot $0.00 · bets $0.05", "")
    streets, events = [street], [event]
    tables = {}
    while step < steps:
        assert not browser.driver.find_elements(By.CSS_SELECTOR, ".rp-result")
        browser.key(Keys.ARROW_RIGHT)
        step, _, street, event = browser.step()
        tables[event] = browser.table()
        events.append(event)
        if street != streets[-1]:
            streets.append(street)
        if event.startswith("Jon shows"):  # both hands are face up
            browser.shot("07-replay-showdown")
    assert step == steps
    assert streets == ["Preflop", "Flop", "Turn", "River"]
    assert events[-4:] == [
        "showdown",
        "Mr Pink shows [Ac Qh] (a pair of Aces)",
        "Jon shows [Ad Kc] (a pair of Aces)",
        "Jon collects $3.57 from the pot",
    ]
    result = browser.driver.find_element(By.CSS_SELECTOR, ".rp-result").text
    for line in ("Result", "Main pot $3.75: Jon wins", "Jon: +$1.77", "Mr Pink: -$1.80"):
        assert line in result
    # The pot line by hand: the blinds are bets, not a side pot; the river checked through
    # leaves $3.75 gathered; Jon's $3.57 (after $0.18 rake) lands on his stack.
    blinds = tables["Leo posts the big blind $0.10"]
    assert blinds[:2] == ("Pot $0.00 · bets $0.15", "")
    assert blinds[2] == {"Jon": "$10.00", "Kat": "$9.95", "Leo": "$9.90", "Mr Pink": "$10.00"}
    assert tables["Mr Pink raises to $0.30"][0] == "Pot $0.00 · bets $0.45"
    assert tables["Jon calls $0.50"][0] == "Pot $0.75 · bets $1.00"
    assert tables["Jon checks"][0] == "Pot $3.75"
    awarded = tables["Jon collects $3.57 from the pot"]
    assert awarded[:2] == ("Pot $3.75 awarded · site keeps $0.18", "")
    assert awarded[2] == {"Jon": "$11.77 · wins $3.57", "Kat": "$9.95 · folded",
                          "Leo": "$9.90 · folded", "Mr Pink": "$8.20"}  # fmt: skip
    assert 'class="bet"' not in browser.svg()  # no chips left in front of anyone
    forward = browser.driver.find_element(By.CSS_SELECTOR, "button[data-action=forward]")
    assert not forward.is_enabled()
    browser.shot("08-replay-result")
    browser.page()

    # Nothing left 127.0.0.1: every request and websocket of the page, and the log saw some.
    browser.drain_network_log()
    assert any(u.startswith("ws://127.0.0.1:") for u in browser.requests)
    outside = outside_requests(browser.requests)
    assert not outside, f"the browser asked for {outside}"
    shown = sorted({u if len(u) < 200 else f"{u[:200]}…" for u in browser.requests})
    (browser.artifacts / "requests.txt").write_text("\n".join(shown) + "\n")


SAMPLES = ROOT / "sample_histories" / "pokerstars"
STUD_FILE = SAMPLES / "stud" / "bring-in-suit-tie-and-completion.txt"
DRAW_FILE = SAMPLES / "draw" / "fl-discards-and-stand-pat.txt"


def _step_to_the_end(browser: Browser, hand: str) -> tuple[list[str], list[str], str]:
    """Open ``hand`` in the replay viewer and step it to its last event with the right
    arrow: the streets seen, every event line (one per step) and the result's text."""
    browser.open(f"/replay?hand=PokerStars:{hand}")
    browser.replayer()
    step, steps, street, event = browser.step()
    streets, events = [street], [event]
    while step < steps:
        browser.key(Keys.ARROW_RIGHT)
        step, _, street, event = browser.step()
        events.append(event)
        if street != streets[-1]:
            streets.append(street)
    result = browser.driver.find_element(By.CSS_SELECTOR, ".rp-result").text
    return streets, events, result


def test_stud_and_draw_hands_step_to_the_end(browser: Browser) -> None:
    """Issue 7, acceptance 5: a stud hand and a draw hand stepped to the result."""
    browser.open("/import_hands")
    browser.wait_text("Import")
    chooser = browser.driver.find_element(By.CSS_SELECTOR, "input[type=file]")
    chooser.send_keys("\n".join(str(p) for p in (STUD_FILE, DRAW_FILE)))
    browser.wait_text("Import 2 file(s)")  # the chooser shows the names cut short
    browser.button("run_import").click()
    browser.wait_text("Last import", "Hands stored", seconds=IMPORT_WAIT_S)
    assert browser.metrics()["Hands stored"] == "2"

    streets, events, result = _step_to_the_end(browser, "9000000202")
    assert streets[0] == "3rd street"
    assert "4th street" in streets
    assert any("brings in" in e for e in events)
    assert any("completes to" in e for e in events)
    assert "Cleo: +$0.87" in result
    assert "Abel: -$0.42" in result
    # Stud: face-up cards are drawn apart from the face-down ones.
    assert '<g class="up">' in browser.svg()
    browser.shot("09-replay-stud-result")
    browser.page()

    streets, events, result = _step_to_the_end(browser, "9000000212")
    assert streets[:2] == ["Pre-draw", "First draw"]
    assert any("stands pat" in e for e in events)
    assert any(" draws " in e for e in events)
    assert "Jana: +$0.60" in result
    assert "Milo: -$0.40" in result
    browser.shot("10-replay-draw-result")
    browser.page()
