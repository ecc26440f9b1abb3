"""The browser tests' fixtures, over ``harness.py``: ``browser`` (Chromium on a fresh
profile, logging its requests, on the module's ``server``), and a default ``server`` (the
dashboard on a new database) and ``artifacts`` (the module's ``ARTIFACTS`` folder, emptied)
that a module overrides by defining its own fixture of that name."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import ROOT, Browser, chromium, dashboard


@pytest.fixture(scope="module")
def artifacts(request: pytest.FixtureRequest) -> Path:
    """The module's ``ARTIFACTS`` (else ``test-artifacts/browser-NAME`` from its file
    name), emptied: no screenshot left over from an earlier run."""
    name = request.module.__name__.rpartition(".")[2].removeprefix("test_")
    default = ROOT / "test-artifacts" / f"browser-{name.removesuffix('_browser')}"
    folder = Path(getattr(request.module, "ARTIFACTS", default))
    if folder.is_dir():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[str]:
    """``pokerhh dashboard`` on a new database; yields its base URL, stops it afterwards."""
    db = tmp_path_factory.mktemp("browser") / "hands.sqlite"
    with dashboard(db, artifacts / "server.log") as running:
        yield running.url


@pytest.fixture(scope="module")
def browser(
    server: str, tmp_path_factory: pytest.TempPathFactory, artifacts: Path
) -> Iterator[Browser]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with chromium(profile, performance_log=True) as driver:
        yield Browser(driver, server, artifacts)
