"""The Table page in an AppTest run: the live tables drawn, the figures and notes in
their rows, a new hand and a new note picked up by the next look."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from analytics.store import notes
from analytics.store.db import open_writer
from tests.hud.live_hands import hand_text

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


@pytest.fixture
def live_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    now = dt.datetime.now(dt.UTC)
    history = tmp_path / "gamma.txt"
    history.write_text("".join(hand_text(7800000001 + i, "Gamma", now - dt.timedelta(minutes=3 - i),
                                         i % 2) for i in range(3)), encoding="utf-8")  # fmt: skip
    db = tmp_path / "live.sqlite"
    assert import_paths([history], db).stored["ok"] == 3
    monkeypatch.setenv("POKERHH_DB", str(db))
    return db


def _tables(app: AppTest) -> str:
    return "".join(h.proto.body for h in app.get("html") if "pokerhh-live" in h.proto.body)


def test_the_table_page_draws_the_live_table_and_follows_it(live_db: Path) -> None:
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("app_pages/table.py").run()
    assert not app.exception, [e.value for e in app.exception]
    drawn = _tables(app)
    assert 'data-table="Gamma" data-hand="7800000003"' in drawn
    assert re.search(r'<tr class="hero" data-player="Hero">', drawn)
    assert 'data-player="Cy"' in drawn
    assert '<td data-stat="hands">3</td>' in drawn
    assert "Notes" in [s.value for s in app.subheader]

    # A note and a new hand: the next look (a rerun) shows both.
    db, _ = open_writer(live_db)
    try:
        notes.add_note(db.conn, "PokerStars", "Cy", "c-bets every flop")
    finally:
        db.close()
    more = live_db.parent / "more"
    more.mkdir()
    (more / "gamma.txt").write_text(hand_text(7800000004, "Gamma", dt.datetime.now(dt.UTC), 0),
                                    encoding="utf-8")  # fmt: skip
    assert import_paths([more / "gamma.txt"], live_db).stored["ok"] == 1
    shutil.rmtree(more)
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    drawn = _tables(app)
    assert 'data-hand="7800000004"' in drawn
    assert '<td data-stat="hands">4</td>' in drawn
    assert "c-bets every flop" in drawn
