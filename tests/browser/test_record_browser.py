"""Issue 8, acceptance 4: a short live hand recorded on the Record page in a real browser,
with one correction (E6: a premature turn set aside), saved, and replayed in the viewer.

The server, the browser and their helpers are ``harness.py``'s (``conftest.py``); the
screenshots go to ``test-artifacts/browser-record/`` (so neither test removes the other's).
The hand, by hand: blinds 1/2, Ann small blind, Bob big blind, Cy on the button folds;
Ann completes, Bob checks (pot 4). Flop 2c 7d 9h: Ann checks, the dealer turns Kc before
Bob acts (E6: set aside); Bob checks; the turn is Qs; Ann bets 10, Bob folds: Ann's bet
comes back and she wins the 4: Ann +2, Bob -2, Cy 0.
"""

from __future__ import annotations

import pytest

from tests.browser.harness import MISSING, ROOT, Browser
from tests.browser.network import outside_requests

if MISSING is None:
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
    )
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

ARTIFACTS = ROOT / "test-artifacts" / "browser-record"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]


def _type(browser: Browser, label: str, text: str) -> None:
    """Type into the input labelled ``label``, then leave it (Tab commits the value)."""

    def field() -> object:
        found = browser.driver.find_elements(By.CSS_SELECTOR, f'input[aria-label="{label}"]')
        return found[0] if found and found[0].is_displayed() else None

    box = browser.wait(f"the input {label!r}", field)
    box.send_keys(Keys.CONTROL, "a")  # type: ignore[attr-defined]
    box.send_keys(text, Keys.TAB)  # type: ignore[attr-defined]


def _press(browser: Browser, key: str, then: str) -> None:
    """Click the button of widget ``key`` and wait for the step list to show ``then``."""
    browser.button(key).click()
    browser.wait_text(then)


def _press_numbered(browser: Browser, prefix: str, then: str) -> None:
    """The same for a correction's button, whose key ends with its place in the list."""

    done = []

    def clicked() -> bool:
        # Found, scrolled to and clicked in one try: on a busy machine the expander may
        # still be opening, or a rerun redrawing the button, when it is first displayed
        # ("element not interactable"); the next poll tries again. Once clicked, never
        # again (the wait also waits for the app to be idle, and the button goes away).
        if done:
            return True
        selector = f"[class*='st-key-{prefix}'] button"
        buttons = browser.driver.find_elements(By.CSS_SELECTOR, selector)
        if not buttons or not buttons[0].is_displayed() or not buttons[0].is_enabled():
            return False
        browser.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", buttons[0]
        )
        try:
            buttons[0].click()
        except (ElementNotInteractableException, ElementClickInterceptedException):
            return False
        done.append(True)
        return True

    browser.wait(f"the button {prefix}* clicked", clicked)
    browser.wait_text(then)


def _open_dealer_errors(browser: Browser) -> None:
    summary = browser.driver.find_element(By.XPATH, "//summary[contains(., 'Dealer error')]")
    browser.driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", summary
    )
    summary.click()


def test_record_a_live_hand_with_a_correction_and_replay_it(browser: Browser) -> None:
    browser.open("/record")
    browser.wait_text("Record", "Seats")
    _type(browser, "Hand number (empty: made from the time)", "browser-1")
    _press(browser, "start", "the blinds are posted")
    browser.shot("01-record-deal")
    _press(browser, "deal", "5. Cy is dealt cards")
    browser.wait_text("Cy to act: may fold, call 2 or raise to 4–200")
    _press(browser, "act_fold", "6. Cy folds")
    _press(browser, "act_call", "7. Ann calls 1")
    _press(browser, "act_check", "8. Bob checks")
    _type(browser, "The flop: 3 card(s)", "2c7d9h")
    _press(browser, "deal_board", "9. flop [2c 7d 9h]")
    _press(browser, "act_check", "10. Ann checks")

    # The dealer error: the turn card turned before Bob acted.
    _open_dealer_errors(browser)
    _type(browser, "Cards dealt", "Kc")
    _press_numbered(browser, "fix_premature_", "11. turn [Kc]")
    browser.wait_text("Correction required: [B4] the turn is dealt before the betting round")
    assert "Bob to act" not in browser.text()  # no betting until the turn is taken back
    browser.shot("02-record-correction-required")
    _press_numbered(browser, "fix_return_", "12. premature turn [Kc] set aside — E6")
    _press(browser, "act_check", "13. Bob checks")
    _type(browser, "The turn: 1 card(s)", "Qs")
    _press(browser, "deal_board", "14. turn [Qs]")
    _type(browser, "Bet (2 to 198)", "10")
    _press(browser, "act_raise", "15. Ann bets 10")
    _press(browser, "act_fold", "17. uncalled bet of 10 returned to Ann")
    _press(browser, "save", "saved Live:browser-1 (ok)")
    browser.shot("03-record-saved")

    # The link opens the saved hand in the replay viewer; its last step is the result.
    link = browser.driver.find_element(By.XPATH, "//a[contains(., 'Open it in the replay viewer')]")
    browser.driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", link
    )
    link.click()
    browser.replayer()  # the replayer's iframe (issue 26): End steps to the result
    log = browser.driver.find_element(By.CSS_SELECTOR, ".rp-log").get_attribute("textContent")
    assert "premature turn [Kc] set aside — E6" in (log or "")
    browser.key(Keys.END)
    result = browser.driver.find_element(By.CSS_SELECTOR, ".rp-result").text
    for line in ("Result", "Ann: +2", "Bob: -2", "Cy: 0"):
        assert line in result
    assert "Live #browser-1" in browser.driver.find_element(By.CSS_SELECTOR, ".rp-title").text
    browser.shot("04-replay-recorded-hand")
    browser.page()

    browser.drain_network_log()
    outside = outside_requests(browser.requests)
    assert not outside, f"the browser asked for {outside}"
