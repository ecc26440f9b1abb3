"""Issue 22, acceptance 5: the Import page reads what ``pokerhh import`` reads. A GGPoker
``.txt``, an iPoker ``.xml`` and a PHH ``.phh`` are chosen in headless Chromium (the
chooser accepts each suffix), imported (in the upload's worker process, issue 23), and the
database then holds each file's hand under its room. Until then a GGPoker ``.txt`` was
refused as "not_history" and the other two could not even be chosen.

Its own server on a fresh database (so the test can read that database), with the browser
and helpers of ``harness.py``; screenshots in ``test-artifacts/browser-import/``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import IMPORT_WAIT_S, MISSING, ROOT, Browser, dashboard
from tests.browser.network import outside_requests

pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]

ARTIFACTS = ROOT / "test-artifacts" / "browser-import"
SAMPLES = ROOT / "sample_histories"
#: The uploaded name, the sample it is a copy of, the room it must be stored under.
FILES = {
    "gg-rush.txt": (SAMPLES / "ggpoker" / "straddle-run-it-twice.txt", "GGPoker"),
    "ipoker-session.xml": (SAMPLES / "ipoker" / "actions-out-of-order.txt", "iPoker"),
    "short-deck.phh": (SAMPLES / "phh" / "short-deck-straight-beats-trips.phh", "PHH"),
}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("browser-import") / "hands.sqlite"


@pytest.fixture(scope="module")
def server(database: Path, artifacts: Path) -> Iterator[str]:
    """``pokerhh dashboard --db database`` on a free port; its URL; stopped afterwards."""
    with dashboard(database, artifacts / "server.log") as running:
        yield running.url


def test_a_ggpoker_txt_an_ipoker_xml_and_a_phh_are_uploaded_and_stored(
    browser: Browser, database: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    paths = []
    for name, (sample, _) in FILES.items():
        paths.append(tmp_path / name)
        paths[-1].write_bytes(sample.read_bytes())
    browser.open("/import_hands")
    text = browser.wait_text("Import", "Hand histories of every room")
    for suffix in (".txt", ".xml", ".phh", ".zip"):
        assert suffix in text  # the label says what may be chosen
    chooser = browser.driver.find_element(By.CSS_SELECTOR, "input[type=file]")
    for suffix in ("txt", "xml", "phh", "zip"):
        assert f".{suffix}" in (chooser.get_attribute("accept") or "")
    chooser.send_keys("\n".join(str(p) for p in paths))
    button = browser.button("run_import")
    assert button.text == f"Import {len(FILES)} file(s)"
    browser.shot("01-three-rooms-chosen")
    button.click()
    browser.wait_text("Last import", "Hands stored", seconds=IMPORT_WAIT_S)
    browser.shot("02-three-rooms-imported")
    metrics = browser.metrics()
    assert metrics["Files"] == "3"
    assert metrics["Hands stored"] == "3"
    assert metrics["Files refused"] == "0"
    assert metrics["Quarantined"] == "0"

    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        stored = conn.execute(
            "SELECT f.path, h.site, h.status FROM hands h JOIN files f ON f.id = h.file_id"
        ).fetchall()
    finally:
        conn.close()
    by_file = {Path(path).name: (site, status) for path, site, status in stored}
    assert by_file == {name: (site, "ok") for name, (_, site) in FILES.items()}
    assert outside_requests(browser.requests) == []
