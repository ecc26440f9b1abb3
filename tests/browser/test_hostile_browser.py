"""Issue 9, hostile input in a real browser: a history whose players are named with HTML,
script, a markdown link, a right-to-left override and a spreadsheet formula is uploaded on
the Import page; each name then shows as its literal text in the Overview table, in the
replay viewer's table picture (escaped in the SVG) and in its event log, and no element the
names spell out exists in the page. Reuses the server and browser of
``conftest.py`` (its own server, on a fresh database; screenshots in
``test-artifacts/browser-hostile/``)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from dashboard.table_svg import MAX_NAME
from tests.browser.harness import IMPORT_WAIT_S, MISSING, Browser
from tests.generator.play import play_hand
from tests.generator.render import pokerstars_text

pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]

NAMES = (
    "<script>window.pwned=1</script>",
    "<img src=x onerror=window.pwned=2>",
    "[click](http://evil.example)",
    "\u202eevil",
    "=HYPERLINK(1)",
)
FIRST = 7_200_000


def _history(folder: Path) -> Path:
    hands = []
    for k, name in enumerate(NAMES):
        text = pokerstars_text(play_hand(random.Random(k), "NLHE", str(FIRST + k), players=3))
        hands.append(re.sub(r"\bP1\b", lambda _, name=name: name, text))
    path = folder / "hostile-names.txt"
    path.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def test_hostile_names_render_as_text(browser: Browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.open("/import_hands")
    browser.wait_text("Import")
    chooser = browser.driver.find_element(By.CSS_SELECTOR, "input[type=file]")
    chooser.send_keys(str(_history(tmp_path)))
    browser.wait_text("hostile-names.txt")
    browser.button("run_import").click()
    browser.wait_text("Last import", "Hands stored", seconds=IMPORT_WAIT_S)
    assert browser.metrics()["Hands stored"] == str(len(NAMES))

    browser.open("/")
    browser.wait_text("Overview", "Players")

    def cells() -> set[str] | None:
        found = {c.get_attribute("textContent") or ""
                 for c in browser.driver.find_elements(By.CSS_SELECTOR, "td")}  # fmt: skip
        return found if set(NAMES) <= found else None

    assert browser.wait("the hostile names in the player table", cells)
    browser.shot("01-overview-hostile-names")
    _nothing_ran(browser)

    for k, name in enumerate(NAMES):
        browser.open(f"/replay?hand=PokerStars:{FIRST + k}")
        browser.replayer()  # the replayer's iframe (issue 26): its table and its log
        svg = browser.svg()
        shown = name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"  # cut to fit
        assert html.escape(shown, quote=False) in svg
        assert "<script" not in svg
        assert "<img" not in svg
        log = browser.driver.find_element(By.CSS_SELECTOR, ".rp-log").get_attribute("textContent")
        assert name in (log or "")  # the log's text is the name, not markup made of it
        _nothing_ran(browser)
        browser.page()
        _nothing_ran(browser)
        browser.shot(f"02-replay-{k}")


def _nothing_ran(page: Browser) -> None:
    """No script of a name ran, no element it spells exists, no link it makes."""
    from selenium.webdriver.common.by import By

    assert page.driver.execute_script("return window.pwned === undefined")
    assert not page.driver.find_elements(By.XPATH, "//img[@src='x']")
    # (The replayer's JSON data block holds the names as data, escaped: not a script.)
    assert not page.driver.find_elements(
        By.XPATH, "//script[contains(., 'pwned') and not(@type='application/json')]"
    )
    assert not page.driver.find_elements(By.XPATH, "//a[@href='http://evil.example']")
