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
The server, the browser and the waits are ``harness.py``'s (fixtures in ``conftest.py``).
"""

from __future__ import annotations

import pytest

from tests.browser.harness import IMPORT_WAIT_S, MISSING, ROOT, Browser
from tests.browser.network import outside_requests

if MISSING is None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

ARTIFACTS = ROOT / "test-artifacts" / "browser"
NLHE = ROOT / "sample_histories" / "pokerstars" / "nlhe"
#: Hand 9000000014: a player named ``<b>Boldy</b>`` raises, bets, folds to a raise.
HTML_NAME_FILE = NLHE / "uncalled-bet.txt"
HTML_NAME = "<b>Boldy</b>"
#: Hand 9000000031: a showdown, Jon's pair of aces with a king beats Mr Pink's.
SHOWDOWN_FILE = NLHE / "kicker-decides.txt"
PLAYERS = {HTML_NAME, "Cleo", "Dirk", "Jon", "Kat", "Leo", "Mr Pink"}

pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]


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
