"""How long does each dashboard page take to show its content in Chromium (issue 26, item 4:
under 1 s warm on 100,000 hands, under 2 s on 1,000,000)?

    .venv/bin/python benchmarks/browser_pages.py --db 100k=/tmp/pokerhh-bench/100k.sqlite \\
        --db 1m=/tmp/pokerhh-bench/1m.sqlite [--repeat 3] [--pages Overview,Player] [--json F] \\
        [--kinds reload,click]

Each ``--db LABEL=FILE`` is a database to time the pages on; one that does not exist is
built there first (``--hands N`` or the label's ``100k``/``1m``): ``dashboard_1m.build``'s
generated and Pluribus hands multiplied in SQL with 3,000 players (docs/scale.md, "The
dashboard on a million hands"), then the PokerStars tournament corpus and its summaries
imported on top so the Tournaments page has tournaments. Before timing, ``pokerhh migrate``
brings an older database to the current schema (``pokerhh dashboard`` refuses an older one).

The pages are read from ``dashboard/app.py`` (every ``st.Page``, so a page added there is
timed without editing this file), and driven in Debian's headless Chromium through selenium
and ``/usr/bin/chromedriver``, against ``pokerhh dashboard`` started on a free port (the
server and the browser are ``tests/browser/harness.py``'s, as the browser tests start them),
with no hero chosen (the page's defaults: the Player page opens the player with the most
hands).

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
between two idle states is timed to the end of its last run. The clock also marks when the
app connected (its websocket), when its script started and when it ended (``MARKS``), to
show where a reload's time goes. Four figures a page, each with the CPU seconds the server
and every Chromium process spent from the visit's start to its end:

- **cold**: the page is the first one a freshly started server draws, in a new browser
  profile: Streamlit imports what the page needs and no ``st.cache_data`` entry exists.
  The operating system's file cache is not dropped (other engineers share this machine),
  so the database's pages may be in memory from an earlier run;
- **new browser**: the address loaded in a Chromium started on an empty profile, the
  server's caches warm: a user's first visit (no HTTP cache, no V8 code cache of
  Streamlit's 2.8 MB of scripts); the median of ``--repeat``;
- **reload**: the address loaded again in a browser that has loaded every page twice
  before (its HTTP cache holds Streamlit's scripts, served ``immutable`` for a year, and
  V8 has cached their code): a new Streamlit session, the server's caches warm; the median
  of ``--repeat`` loads;
- **click**: the page opened from another page by its sidebar link, as a user moves between
  pages (the same session), the median of ``--repeat`` clicks.

``--kinds`` times only some of the four (a quick comparison: ``reload,click``); with one
page in ``--pages``, its clicks come from the Record page.

Warm (issue 26's word) is the larger of reload and click. The limit of each database is its
label's (``100k``: 1 s, ``1m``: 2 s; ``--limit`` otherwise).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser import harness  # noqa: E402 (the checkout's, whatever is installed)

APP = REPO / "dashboard" / "app.py"
#: How long the content must stay as it is before the time is taken.
SETTLE_MS = 300
#: A page that has not shown its content by then is reported as failed.
PAGE_TIMEOUT_S = 120.0
SERVER_START_S = 90.0
#: The in-page clock's marks, first seen (a click's connection is already open: 0): the
#: app connected (its websocket open), its script started, its script ended (last run).
MARKS = ("connected", "running", "ran")
#: The main content of each page, by title: CSS selectors that must all match (a selector
#: list with commas matches any of its parts). A page not listed: its title alone.
CONTENT: dict[str, tuple[str, ...]] = {
    "Overview": ("[data-testid=stMetric]", "[data-testid=stDataFrame]"),
    # The net won over hands: a picture since session 15 (dashboard/line_chart.py).
    # Its tables are HTML since session 16 (dashboard/frame_html.py).
    "Player": ("[data-testid=stMetric]", ".pokerhh-table", ".pokerhh-chart .image"),
    "Hands": ("[data-testid=stDataFrame]",),
    # The table picture: an image today; a component (iframe) or st.html once the replayer
    # runs in the browser (issue 26 item 1).
    "Replay": ("[data-testid=stImage], iframe, [data-testid=stHtml]",),
    "Tournaments": ("[data-testid=stDataFrame]",),
    "Import": ("[data-testid=stFileUploader]",),
    # The live tables (a fragment), or the box saying there is none.
    "Table": ("[data-testid=stHtml], [data-testid=stAlert]",),
}
#: Pages with a fragment that reruns alone on a timer (the Table page: 4 times a second):
#: their script is never idle for long, so the clock waits for their content, connected,
#: whatever the script's state (and the stale marks its reruns leave for a moment).
LIVE = {"Table"}
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
  const state = Object.assign({start: 0, since: null, done: null, marks: {}}, __CONFIG__);
  window.__pokerhhTtc = state;
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  function ready() {
    const s = window.__pokerhhTtc;
    const app = document.querySelector('[data-testid=stApp]');
    if (!app || app.getAttribute('data-test-connection-state') !== 'CONNECTED') return false;
    if (!s.live && (app.getAttribute('data-test-script-state') !== 'notRunning'
                    || document.querySelector('[data-stale=true]'))) return false;
    if (!all('[data-testid=stMain] h1').some(h => h.textContent.trim() === s.title)) return false;
    if (!s.content.every(sel => document.querySelector(sel))) return false;
    if (!all('[data-testid=stDataFrame]').every(d => d.querySelector('canvas'))) return false;
    if (!all('.vega-embed').every(c => c.querySelector('canvas, svg'))) return false;
    if (!all('[data-testid=stMain] img').every(i => i.complete)) return false;
    return true;
  }
  function mark(s, now) {
    const app = document.querySelector('[data-testid=stApp]');
    if (!app) return;
    const m = s.marks, script = app.getAttribute('data-test-script-state');
    if (app.getAttribute('data-test-connection-state') === 'CONNECTED')
      m.connected = m.connected ?? now - s.start;
    if (script === 'running') { m.running = m.running ?? now - s.start; m.ran = null; }
    else if (m.running != null && script === 'notRunning') m.ran = m.ran ?? now - s.start;
  }
  setInterval(() => {
    const s = window.__pokerhhTtc;
    if (s.done !== null) return;
    const now = performance.now();
    mark(s, now);
    if (!ready()) { s.since = null; return; }
    if (s.since === null) s.since = now;
    else if (now - s.since >= s.settle) s.done = s.since - s.start;
  }, 10);
})();
"""
#: A click on a sidebar link with the clock restarted at the click.
CLICK = """
const [title, content, settle, live] = arguments;
const link = Array.from(document.querySelectorAll('a[data-testid=stSidebarNavLink]'))
  .find(a => a.textContent.trim().endsWith(title));
if (!link) return false;
window.__pokerhhTtc = {title, content, settle, live, start: performance.now(), since: null,
                       done: null, marks: {connected: 0}};
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

    @property
    def live(self) -> bool:
        return self.title in LIVE


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


@contextmanager
def dashboard(db: Path, log: Path) -> Iterator[tuple[str, int]]:
    """``pokerhh dashboard --db db`` (the harness's start, this checkout's code first on the
    path); yields its base URL and process id (Streamlit's) once it answers."""
    try:
        with harness.dashboard(db, log, env={"PYTHONPATH": str(REPO)},
                               wait_s=SERVER_START_S) as server:  # fmt: skip
            yield server.url, server.process.pid
    except harness.ServerFailed as failed:
        sys.exit(str(failed))


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
    #: MARKS, in seconds from the start (absent: not seen).
    marks: dict[str, float] = field(default_factory=dict)


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
                             "settle": SETTLE_MS, "live": page.live})  # fmt: skip
        cdp = self.driver.execute_cdp_cmd  # type: ignore[attr-defined]
        if self.script is not None:
            cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": self.script})
        added = cdp("Page.addScriptToEvaluateOnNewDocument",
                    {"source": WATCHER.replace("__CONFIG__", config)})  # fmt: skip
        self.script = added["identifier"]

    def _result(self, page: Page) -> tuple[float, dict[str, float]]:
        """Seconds to content, once the in-page clock has stopped, and its marks."""
        deadline = time.monotonic() + PAGE_TIMEOUT_S
        while time.monotonic() < deadline:
            clock = self.driver.execute_script(  # type: ignore[attr-defined]
                "return window.__pokerhhTtc || null")  # fmt: skip
            if clock is not None and clock.get("done") is not None:
                marks = {k: float(v) / 1000 for k, v in clock["marks"].items() if v is not None}
                return float(clock["done"]) / 1000, marks
            time.sleep(0.05)
        shot = Path(tempfile.gettempdir()) / f"browser_pages-{page.title}.png"
        self.driver.save_screenshot(str(shot))  # type: ignore[attr-defined]
        raise TimeoutError(f"{page.title}: no content within {PAGE_TIMEOUT_S:.0f} s ({shot})")

    def _visit(self, page: Page, cpu: tuple[float, float]) -> Visit:
        seconds, marks = self._result(page)
        server, browser = self._cpu()
        return Visit(seconds, server - cpu[0], browser - cpu[1], marks)

    def load(self, page: Page) -> Visit:
        self._arm(page)
        cpu = self._cpu()
        self.driver.get(self.base + page.path)  # type: ignore[attr-defined]
        return self._visit(page, cpu)

    def click(self, page: Page) -> Visit:
        cpu = self._cpu()
        clicked = self.driver.execute_script(  # type: ignore[attr-defined]
            CLICK, page.title, list(page.content), SETTLE_MS, page.live
        )
        if not clicked:
            raise LookupError(f"no sidebar link to {page.title}")
        return self._visit(page, cpu)


@contextmanager
def chromium(base: str, server: int, profile: Path | None = None) -> Iterator[Browser]:
    """A Chromium on ``profile`` (None: a new, empty one, removed afterwards: a cold
    browser, with no HTTP cache nor V8 code cache of the app's scripts)."""
    folder = profile or Path(tempfile.mkdtemp(prefix="browser_pages-"))
    try:
        with harness.chromium(folder) as driver:
            yield Browser(driver, base, server)
    finally:
        if profile is None:
            shutil.rmtree(folder, ignore_errors=True)


# -- the timing ---------------------------------------------------------------------------


@dataclass
class Timing:
    cold: Visit | None = None
    fresh: list[Visit] = field(default_factory=list)
    loads: list[Visit] = field(default_factory=list)
    clicks: list[Visit] = field(default_factory=list)
    error: str = ""

    def median(self, visits: str) -> Visit | None:
        """The visit of median time to content among ``fresh``, ``loads`` or ``clicks``."""
        found = sorted(getattr(self, visits), key=lambda v: v.seconds)
        return found[(len(found) - 1) // 2] if found else None

    @property
    def warm(self) -> Visit | None:
        """The slower of the median load (a browser that has the app cached) and the
        median click."""
        found = [v for v in (self.median("loads"), self.median("clicks")) if v is not None]
        return max(found, key=lambda v: v.seconds) if found else None


#: The figures a run can take (``--kinds``): each a kind of visit of the docstring.
KINDS = ("cold", "new", "reload", "click")


def time_pages(
    db: Path, pages: list[Page], repeat: int, log: Path, kinds: tuple[str, ...] = KINDS
) -> dict[str, Timing]:
    timings = {p.title: Timing() for p in pages}
    for page in pages if "cold" in kinds else []:  # a fresh server and browser for each page
        with dashboard(db, log) as (base, server), chromium(base, server) as browser:
            try:
                timings[page.title].cold = browser.load(page)
            except (TimeoutError, LookupError) as error:
                timings[page.title].error = str(error)
        print(f"  {page.title}: cold {_shown(timings[page.title].cold)}", flush=True)
    profile = Path(tempfile.mkdtemp(prefix="browser_pages-warm-"))
    try:
        with dashboard(db, log) as (base, server):
            with chromium(base, server, profile) as browser:
                # Every page twice: the server's caches, the browser's HTTP cache, and V8's
                # code cache (made on a script's second load, used from its third).
                for page in [*pages, *pages]:
                    _quietly(browser.load, page)
                for _ in range(repeat):
                    for page in pages if "reload" in kinds else []:
                        _keep(timings[page.title].loads, _quietly(browser.load, page))
                    # Clicks: each page from the one before it (the first from the last).
                    befores = [pages[-1], *pages[:-1]] if "click" in kinds else []
                    if len(pages) == 1 and befores:  # one page: from another, the lightest
                        befores = [next(p for p in pages_of_app()[::-1] if p != pages[0])]
                    for before, page in zip(befores, pages, strict=False):
                        if _quietly(browser.load, before) is not None:
                            _keep(timings[page.title].clicks, _quietly(browser.click, page))
            for _ in range(repeat if "new" in kinds else 0):  # a browser with nothing cached
                for page in pages:
                    with chromium(base, server) as new:
                        _keep(timings[page.title].fresh, _quietly(new.load, page))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return timings


def _keep(visits: list[Visit], visit: Visit | None) -> None:
    if visit is not None:
        visits.append(visit)


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


def _marks(visit: Visit | None) -> str:
    if visit is None:
        return "–"
    return " ".join(f"{visit.marks[m]:4.2f}" if m in visit.marks else "   –" for m in MARKS)


def report(label: str, limit: float, timings: dict[str, Timing]) -> list[str]:
    width = 20
    lines = [
        f"{label}: seconds to content (server + browser CPU seconds); warm limit {limit:g} s;"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        f"  {'page':<13}{'cold':>{width}}{'new browser':>{width}}{'reload':>{width}}"
        f"{'click':>{width}}  warm verdict",
    ]
    for title, t in timings.items():
        warm = t.warm
        verdict = t.error or ("no figure" if warm is None
                              else "meets" if warm.seconds < limit else "OVER")  # fmt: skip
        lines.append(
            f"  {title:<13}{_shown(t.cold):>{width}}{_shown(t.median('fresh')):>{width}}"
            f"{_shown(t.median('loads')):>{width}}{_shown(t.median('clicks')):>{width}}"
            f"  {verdict}"
        )
    lines.append(f"  marks of the median visit, seconds from its start: {', '.join(MARKS)}")
    lines.append(f"  {'page':<13}{'new browser':>{width}}{'reload':>{width}}{'click':>{width}}")
    for title, t in timings.items():
        lines.append(
            f"  {title:<13}{_marks(t.median('fresh')):>{width}}"
            f"{_marks(t.median('loads')):>{width}}{_marks(t.median('clicks')):>{width}}"
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
    options.add_argument("--kinds", default=",".join(KINDS),
                         help=f"only these visits, comma-separated ({', '.join(KINDS)})")
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
        migrate(db)  # pokerhh dashboard refuses an older schema
        print(f"{label}: {db}", flush=True)
        kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip() in KINDS)
        timings = time_pages(db, pages, args.repeat, log, kinds)
        lines += report(label, LIMITS.get(label, args.limit or 1.0), timings)
        dump[label] = {t: asdict(v) for t, v in timings.items()}
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(dump, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
