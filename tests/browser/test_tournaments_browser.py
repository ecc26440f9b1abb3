"""Issue 12, acceptance 4 (browser half): the Tournaments page in headless Chromium, on
the server and browser fixtures of ``conftest.py`` (screenshots in
``test-artifacts/browser-tournaments/``): a tournament hand uploaded on the Import page
shows up in the Tournaments list, and no request leaves the machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.harness import IMPORT_WAIT_S, MISSING, ROOT, Browser
from tests.browser.network import outside_requests

TOURNAMENT_FILE = ROOT / "sample_histories" / "pokerstars" / "tournament" / "antes.txt"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]


def test_the_tournaments_page_lists_an_uploaded_tournament(browser: Browser) -> None:
    from selenium.webdriver.common.by import By

    browser.open("/import_hands")
    browser.wait_text("Import")
    chooser = browser.driver.find_element(By.CSS_SELECTOR, "input[type=file]")
    chooser.send_keys(str(Path(TOURNAMENT_FILE)))
    browser.wait_text(TOURNAMENT_FILE.name)
    browser.button("run_import").click()
    browser.wait_text("Last import", "Hands stored", seconds=IMPORT_WAIT_S)
    browser.open("/tournaments")
    text = browser.wait_text("Tournaments", "All tournaments", "Eliminations in order")
    assert "3000000002" in text or "Stack over hands" in text
    browser.shot("tournaments-page")
    assert outside_requests(browser.requests) == []
