"""The one browser harness: ``pokerhh dashboard`` on a free port, headless Chromium driving
it, and the page helpers the browser tests share (issue 26: each test and
``benchmarks/browser_pages.py`` had its own copy of the start, the wait and the stop).

- :func:`dashboard` starts the server as a user does (the installed ``pokerhh`` launcher,
  which execs Streamlit: the process is the server itself, its CPU is the server's), waits
  until its page answers and stops it afterwards; a start that fails raises
  :class:`ServerFailed` with the end of the server's log.
- :func:`chromium` is Debian's ``chromium`` through selenium and ``/usr/bin/chromedriver``,
  headless, with a profile folder the caller chooses (a fresh one is a cold browser; the
  same one again keeps its HTTP cache and V8's code cache, as a user's browser does).
- :class:`Browser` is a driver on the dashboard with the waits and readings the tests use.

Nothing here imports pytest: the benchmark uses the same functions. The pytest fixtures
(``browser``, and a default ``server`` and ``artifacts`` a module may override) are in
``conftest.py``. Skip a module with :data:`MISSING` when the tools are not installed.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # MISSING says so; the tests skip themselves
    SELENIUM_MISSING = True
else:
    SELENIUM_MISSING = False

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Headless, and nothing of Chromium's own that would reach the network or cost CPU.
CHROMIUM_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
)
WINDOW = (1400, 1000)
#: The variable the launcher sets for the server: a caller's own must not leak in.
DB_VAR = "POKERHH_DB"

SERVER_START_S = 60
#: An upload is imported in a worker process (dashboard.upload): its start costs a second
#: or two of CPU, more on a busy machine.
IMPORT_WAIT_S = 90
WAIT_S = 20
#: A page's first run on a new server (its imports: pandas...), on a loaded machine.
PAGE_WAIT_S = 60

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


def missing_tools() -> str | None:
    """Why the browser cannot run here (None: it can)."""
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not tool.is_file():
            return f"{tool} is missing (apt-get install chromium chromium-driver)"
    if SELENIUM_MISSING:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


MISSING = missing_tools()


# -- the server ---------------------------------------------------------------------------


class ServerFailed(RuntimeError):
    """The dashboard exited or did not answer in time; the message ends with its log."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def launcher() -> list[str]:
    """``pokerhh`` as installed in this interpreter's environment (else the module)."""
    script = Path(sys.executable).with_name("pokerhh")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "dashboard.cli"]


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate, then kill what did not end within 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@dataclass(frozen=True)
class Server:
    url: str  # http://127.0.0.1:PORT, no slash at the end
    process: subprocess.Popen[bytes]  # Streamlit itself (the launcher execs it)
    log: Path


@contextmanager
def dashboard(
    db: Path, log: Path, *, cwd: Path | None = None, env: Mapping[str, str] | None = None,
    wait_s: float = SERVER_START_S,
) -> Iterator[Server]:  # fmt: skip
    """``pokerhh dashboard --db db`` on a free port of 127.0.0.1 (its output appended to
    ``log``, ``env`` added to this process's environment); yields it once its page answers,
    stops it afterwards."""
    port = free_port()
    command = [*launcher(), "dashboard", "--db", str(db), "--port", str(port)]
    environment = {k: v for k, v in os.environ.items() if k != DB_VAR}
    environment.update(env or {})
    with log.open("ab") as out:
        process = subprocess.Popen(
            command, cwd=cwd or db.parent, env=environment, stdin=subprocess.DEVNULL,
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        _wait_answer(server, wait_s)
        yield server
    finally:
        stop(process)


def _wait_answer(server: Server, wait_s: float) -> None:
    deadline = time.monotonic() + wait_s
    while True:
        if server.process.poll() is not None:
            tail = server.log.read_text(errors="replace")[-3000:]
            raise ServerFailed(f"the dashboard exited with {server.process.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(f"{server.url}/", timeout=2) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise ServerFailed(f"the dashboard did not answer on {server.url} within {wait_s} s")
        time.sleep(0.1)


# -- the browser --------------------------------------------------------------------------


@contextmanager
def chromium(
    profile: Path, *arguments: str, window: tuple[int, int] = WINDOW,
    performance_log: bool = False,
) -> Iterator[WebDriver]:  # fmt: skip
    """Headless Chromium on the profile folder ``profile`` (with ``arguments`` added);
    ``performance_log``: the driver keeps DevTools' events (``driver.get_log("performance")``:
    every request and websocket, for :func:`tests.browser.network.outside_requests`)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (*CHROMIUM_ARGS, *arguments, f"--user-data-dir={profile}",
                     f"--window-size={window[0]},{window[1]}"):  # fmt: skip
        options.add_argument(argument)
    if performance_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        driver.set_window_size(*window)
        yield driver
    finally:
        driver.quit()


def _fail(message: str) -> None:
    import pytest  # only the tests wait this way

    pytest.fail(message)


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
            _fail(f"waited {seconds or WAIT_S} s for {what}; the page shows:\n{self.text()[:3000]}")
            raise

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
