"""How long does each dashboard page take to show its content in Chromium (issue 26, item 4:
under 1 s warm on 100,000 hands, under 2 s on 1,000,000)?

    .venv/bin/python benchmarks/browser_pages.py --db 100k=/tmp/pokerhh-bench/100k.sqlite \\
        --db 1m=/tmp/pokerhh-bench/1m.sqlite [--repeat 3] [--pages Overview,Player] [--json F]

Each ``--db LABEL=FILE`` is a database to time the pages on; one that does not exist is
built there first (``--hands N`` or the label's ``100k``/``1m``): ``dashboard_1m.build``'s
generated and Pluribus hands multiplied in SQL with 3,000 players (docs/scale.md, "The
dashboard on a million hands"), then the PokerStars tournament corpus and its summaries
imported on top so the Tournaments page has tournaments. Before timing, ``pokerhh migrate``
brings an older database to the current schema (``--no-migrate``: not).

The pages are read from ``dashboard/app.py`` (every ``st.Page``, so a page added there is
timed without editing this file), and driven in Debian's headless Chromium through selenium
and ``/usr/bin/chromedriver``, against ``pokerhh dashboard`` started on a free port, with no
hero chosen (the page's defaults: the Player page opens the player with the most hands).

**Time to content** is measured in the page, by a script Chromium runs before the page's
own (``Page.addScriptToEvaluateOnNewDocument``), polling every 10 ms. The clock starts at
the navigation (``performance.timeOrigin``: before the HTML is asked for) or, for a click
on a sidebar link, at the click. It stops at the first moment from which, for the next
``SETTLE_MS``, all of these hold:

- the app is connected and its script is not running (``data-test-script-state`` is
  ``notRunning``: the page's script and any rerun it asked for have ended);
- no element is stale (``data-stale``: left from the previous run, not yet redrawn);
- the page's title is the ``h1`` of the main section, and its main content is there
  (``CONTENT`` below: e.g. the Overview's two tables; a page not listed there: its title);
- every table has drawn its grid (a ``canvas`` in each ``stDataFrame``), every chart its
  marks (a ``canvas`` or ``svg`` in each ``.vega-embed``), and every image has loaded.

The reported time is the start of that settled moment, so a page that reruns itself
between two idle states is timed to the end of its last run. Three figures a page:

- **cold**: the page is the first one a freshly started server draws, in a new browser
  profile: Streamlit imports what the page needs and no ``st.cache_data`` entry exists.
  The operating system's file cache is not dropped (other engineers share this machine),
  so the database's pages may be in memory from an earlier run;
- **load**: the same address loaded again (a new Streamlit session, the server's caches
  warm), the median of ``--repeat`` loads;
- **click**: the page opened from another page by its sidebar link, as a user moves between
  pages (the same session), the median of ``--repeat`` clicks.

Warm is the larger of load and click. The limit of each database is its label's (``100k``:
1 s, ``1m``: 2 s; ``--limit`` otherwise).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

APP = REPO / "dashboard" / "app.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: As the browser tests start it (tests/browser/test_dashboard_browser.py).
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
    "--window-size=1400,1000",
)
#: How long the content must stay as it is before the time is taken.
SETTLE_MS = 300
#: A page that has not shown its content by then is reported as failed.
PAGE_TIMEOUT_S = 120.0
SERVER_START_S = 90.0
#: The main content of each page, by title: CSS selectors that must all match (a selector
#: list with commas matches any of its parts). A page not listed: its title alone.
CONTENT: dict[str, tuple[str, ...]] = {
    "Overview": ("[data-testid=stMetric]", "[data-testid=stDataFrame]"),
    "Player": ("[data-testid=stMetric]", "[data-testid=stDataFrame]", ".vega-embed"),
    "Hands": ("[data-testid=stDataFrame]",),
    # The table picture: an image today; a component (iframe) or st.html once the replayer
    # runs in the browser (issue 26 item 1).
    "Replay": ("[data-testid=stImage], iframe, [data-testid=stHtml]",),
    "Tournaments": ("[data-testid=stDataFrame]",),
    "Import": ("[data-testid=stFileUploader]",),
}
LIMITS = {"100k": 1.0, "1m": 2.0}
SIZES = {"100k": 100_000, "1m": 1_000_000}
TOURNAMENTS = (
    REPO.parent / "shared" / "corpora" / "pokerstars" / "tour",
    REPO.parent / "shared" / "corpora" / "pokerstars-summaries",
)

#: The in-page clock (see the module's docstring); ``__CONFIG__`` is replaced per visit.
WATCHER = """
(() => {
  if (window.top !== window) return;
  const state = Object.assign({start: 0, since: null, done: null}, __CONFIG__);
  window.__pokerhhTtc = state;
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  function ready() {
    const s = window.__pokerhhTtc;
    const app = document.querySelector('[data-testid=stApp]');
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning'
        || app.getAttribute('data-test-connection-state') !== 'CONNECTED') return false;
    if (document.querySelector('[data-stale=true]')) return false;
    if (!all('[data-testid=stMain] h1').some(h => h.textContent.trim() === s.title)) return false;
    if (!s.content.every(sel => document.querySelector(sel))) return false;
    if (!all('[data-testid=stDataFrame]').every(d => d.querySelector('canvas'))) return false;
    if (!all('.vega-embed').every(c => c.querySelector('canvas, svg'))) return false;
    if (!all('[data-testid=stMain] img').every(i => i.complete)) return false;
    return true;
  }
  setInterval(() => {
    const s = window.__pokerhhTtc;
    if (s.done !== null) return;
    const now = performance.now();
    if (!ready()) { s.since = null; return; }
    if (s.since === null) s.since = now;
    else if (now - s.since >= s.settle) s.done = s.since - s.start;
  }, 10);
})();
"""
#: A click on a sidebar link with the clock restarted at the click.
CLICK = """
const [title, content, settle] = arguments;
const link = Array.from(document.querySelectorAll('a[data-testid=stSidebarNavLink]'))
  .find(a => a.textContent.trim().endsWith(title));
if (!link) return false;
window.__pokerhhTtc = {title, content, settle, start: performance.now(), since: null, done: null};
link.click();
return true;
"""


@dataclass(frozen=True)
class Page:
    title: str
    path: str  # the address after the host: "/" for the default page

    @property
    def content(self) -> tuple[str, ...]:
        return CONTENT.get(self.title, ())


def pages_of_app(app: Path = APP) -> list[Page]:
    """Every ``st.Page`` of the entry file, in its order (Streamlit's address of a page is
    its file's name without ``.py``; the default page's is ``/``)."""
    found = []
    for node in ast.walk(ast.parse(app.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "Page" and node.args):  # fmt: skip
            continue
        source = ast.literal_eval(node.args[0])
        named = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        stem = Path(str(source)).stem
        title = str(named.get("title", stem))
        path = "/" if named.get("default") else f"/{named.get('url_path', stem)}"
        found.append(Page(title, path))
    return found


# -- the database ------------------------------------------------------------------------


def build(db: Path, hands: int) -> None:
    """``dashboard_1m.build`` (generated + Pluribus hands multiplied in SQL), then the
    tournament corpus imported on top, timed."""
    from analytics.ingest.importer import import_paths
    from benchmarks import dashboard_1m

    start = time.perf_counter()
    db.parent.mkdir(parents=True, exist_ok=True)
    corpus = REPO.parent / "shared" / "corpora" / "pluribus"
    dashboard_1m.build(db, hands, 15_000, 3000, 11, corpus)
    present = [p for p in TOURNAMENTS if p.is_dir()]
    if present:
        report = import_paths(present, db, jobs=1)
        print(f"tournaments imported: {dict(report.stored)}", flush=True)
    print(f"built {db} ({hands:,} hands) in {time.perf_counter() - start:.0f} s", flush=True)


def migrate(db: Path) -> None:
    """As ``pokerhh migrate`` does (the schema's newer migrations applied, the old file
    kept beside it when one was)."""
    from analytics.store.db import open_writer

    conn, upgrade = open_writer(db)
    conn.close()
    if upgrade.applied:
        print(f"{db}: migrated {', '.join(upgrade.applied)}; old file {upgrade.backup}")


# -- the server and the browser -----------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def dashboard(db: Path, log: Path) -> Iterator[tuple[str, int]]:
    """The server ``pokerhh dashboard`` starts (its ``streamlit run`` command line, on this
    machine only, without a password) on ``db``; yields its base URL and process id once
    it answers."""
    from analytics.store.db import ENV_VAR
    from dashboard.cli import dashboard_command

    port = _free_port()
    # This checkout's code, whatever the virtualenv's editable install points to.
    env = {**os.environ, ENV_VAR: str(db.resolve()), "PYTHONPATH": str(REPO)}
    with log.open("ab") as out:
        process = subprocess.Popen(
            dashboard_command(port), env=env, stdin=subprocess.DEVNULL, stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            if process.poll() is not None:
                sys.exit(f"the dashboard exited with {process.returncode}: see {log}")
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                sys.exit(f"the dashboard did not answer within {SERVER_START_S:.0f} s")
            time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of one process (0 when it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


@dataclass(frozen=True)
class Visit:
    """One visit: seconds to content, and the CPU seconds the server and the browser (every
    Chromium process) spent from its start to its end (the settling included)."""

    seconds: float
    server_cpu: float
    browser_cpu: float


@dataclass
class Browser:
    driver: object  # selenium's WebDriver (imported lazily, like the tests do)
    base: str
    server: int  # the server's process id, for its CPU time
    script: str | None = None

    def _cpu(self) -> tuple[float, float]:
        driver = self.driver.service.process.pid  # type: ignore[attr-defined]
        browser = sum(_cpu_seconds(p) for p in _descendants(driver) if p != driver)
        return _cpu_seconds(self.server), browser

    def _arm(self, page: Page) -> None:
        """The in-page clock for the next document, set for this page."""
        config = json.dumps({"title": page.title, "content": list(page.content),
                             "settle": SETTLE_MS})  # fmt: skip
        cdp = self.driver.execute_cdp_cmd  # type: ignore[attr-defined]
        if self.script is not None:
            cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": self.script})
        added = cdp("Page.addScriptToEvaluateOnNewDocument",
                    {"source": WATCHER.replace("__CONFIG__", config)})  # fmt: skip
        self.script = added["identifier"]

    def _result(self, page: Page) -> float:
        """Seconds to content, once the in-page clock has stopped."""
        deadline = time.monotonic() + PAGE_TIMEOUT_S
        while time.monotonic() < deadline:
            done = self.driver.execute_script(  # type: ignore[attr-defined]
                "return window.__pokerhhTtc ? window.__pokerhhTtc.done : null")  # fmt: skip
            if done is not None:
                return float(done) / 1000
            time.sleep(0.05)
        shot = Path(tempfile.gettempdir()) / f"browser_pages-{page.title}.png"
        self.driver.save_screenshot(str(shot))  # type: ignore[attr-defined]
        raise TimeoutError(f"{page.title}: no content within {PAGE_TIMEOUT_S:.0f} s ({shot})")

    def _visit(self, page: Page, cpu: tuple[float, float]) -> Visit:
        seconds = self._result(page)
        server, browser = self._cpu()
        return Visit(seconds, server - cpu[0], browser - cpu[1])

    def load(self, page: Page) -> Visit:
        self._arm(page)
        cpu = self._cpu()
        self.driver.get(self.base + page.path)  # type: ignore[attr-defined]
        return self._visit(page, cpu)

    def click(self, page: Page) -> Visit:
        cpu = self._cpu()
        clicked = self.driver.execute_script(  # type: ignore[attr-defined]
            CLICK, page.title, list(page.content), SETTLE_MS)
        if not clicked:
            raise LookupError(f"no sidebar link to {page.title}")
        return self._visit(page, cpu)


@contextmanager
def chromium(base: str, server: int) -> Iterator[Browser]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="browser_pages-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (*CHROMIUM_ARGS, f"--user-data-dir={profile}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield Browser(driver, base, server)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


# -- the timing ---------------------------------------------------------------------------


@dataclass
class Timing:
    cold: Visit | None = None
    loads: list[Visit] = field(default_factory=list)
    clicks: list[Visit] = field(default_factory=list)
    error: str = ""

    def median(self, visits: str) -> Visit | None:
        """The visit of median time to content among ``loads`` or ``clicks``."""
        found = sorted(getattr(self, visits), key=lambda v: v.seconds)
        return found[(len(found) - 1) // 2] if found else None

    @property
    def warm(self) -> Visit | None:
        """The slower of the median load and the median click."""
        found = [v for v in (self.median("loads"), self.median("clicks")) if v is not None]
        return max(found, key=lambda v: v.seconds) if found else None


def time_pages(db: Path, pages: list[Page], repeat: int, log: Path) -> dict[str, Timing]:
    timings = {p.title: Timing() for p in pages}
    for page in pages:  # cold: a fresh server and browser for each page
        with dashboard(db, log) as (base, server), chromium(base, server) as browser:
            try:
                timings[page.title].cold = browser.load(page)
            except (TimeoutError, LookupError) as error:
                timings[page.title].error = str(error)
        print(f"  {page.title}: cold {_shown(timings[page.title].cold)}", flush=True)
    with dashboard(db, log) as (base, server), chromium(base, server) as browser:
        for page in pages:  # every page once, to fill the caches
            _quietly(browser.load, page)
        for _ in range(repeat):
            for page in pages:
                visit = _quietly(browser.load, page)
                if visit is not None:
                    timings[page.title].loads.append(visit)
            # Clicks: each page from the one before it in the list (the last from the first).
            for before, page in zip([pages[-1], *pages[:-1]], pages, strict=True):
                if _quietly(browser.load, before) is None:
                    continue
                visit = _quietly(browser.click, page)
                if visit is not None:
                    timings[page.title].clicks.append(visit)
    return timings


def _quietly(visit: Callable[[Page], Visit], page: Page) -> Visit | None:
    try:
        return visit(page)
    except (TimeoutError, LookupError) as error:
        print(f"  {error}", file=sys.stderr)
        return None


def _shown(visit: Visit | None) -> str:
    """Seconds to content, and in brackets the server's + the browser's CPU seconds."""
    if visit is None:
        return "–"
    return f"{visit.seconds:5.2f} ({visit.server_cpu:4.2f}+{visit.browser_cpu:4.2f})"


def report(label: str, limit: float, timings: dict[str, Timing]) -> list[str]:
    width = 20
    lines = [
        f"{label}: seconds to content (server + browser CPU seconds); warm limit {limit:g} s;"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        f"  {'page':<13}{'cold':>{width}}{'load':>{width}}{'click':>{width}}  warm verdict",
    ]
    for title, t in timings.items():
        warm = t.warm
        verdict = t.error or ("no figure" if warm is None
                              else "meets" if warm.seconds < limit else "OVER")  # fmt: skip
        lines.append(
            f"  {title:<13}{_shown(t.cold):>{width}}{_shown(t.median('loads')):>{width}}"
            f"{_shown(t.median('clicks')):>{width}}  {verdict}"
        )
    return lines


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--db", action="append", required=True, metavar="LABEL=FILE",
                         help="a database to time (built there when absent)")  # fmt: skip
    options.add_argument("--hands", type=int, help="hands of a database built (default: label)")
    options.add_argument("--repeat", type=int, default=3, help="warm visits a page (median)")
    options.add_argument("--pages", help="only these titles, comma-separated")
    options.add_argument("--limit", type=float, help="the warm limit for other labels (s)")
    options.add_argument("--json", type=Path, help="write every visit's time there")
    options.add_argument("--no-migrate", action="store_true",
                         help="time the database as it is (0015 and 0016 replay every stored"
                         " hand: over 10 minutes for 100,000 on a busy 2-core host)")  # fmt: skip
    args = options.parse_args()
    pages = pages_of_app()
    if args.pages:
        wanted = {t.strip() for t in args.pages.split(",")}
        pages = [p for p in pages if p.title in wanted]
    print("pages:", ", ".join(f"{p.title} ({p.path})" for p in pages), flush=True)
    log = Path(tempfile.gettempdir()) / "browser_pages-server.log"
    lines, dump = [], {}
    for spec in args.db:
        label, _, name = spec.partition("=")
        db = Path(name or label)
        if not db.exists():
            build(db, args.hands or SIZES.get(label, 100_000))
        if not args.no_migrate:
            migrate(db)
        print(f"{label}: {db}", flush=True)
        timings = time_pages(db, pages, args.repeat, log)
        lines += report(label, LIMITS.get(label, args.limit or 1.0), timings)
        dump[label] = {t: asdict(v) for t, v in timings.items()}
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(dump, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
