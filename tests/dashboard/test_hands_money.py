"""Issue 23 item 14 on the Hands page: a pot and the hero's net in their hand's money
("€0.73", "1,500 chips"), never a bare number of another currency's scale, and no
"None" for what a hand lacks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


def test_pots_are_written_in_their_money(app_env: Path) -> None:
    conn = sqlite3.connect(app_env)
    (euro,) = conn.execute("SELECT site || ':' || hand_id FROM hands WHERE currency = 'EUR'"
                           " AND status = 'ok' LIMIT 1").fetchone()  # fmt: skip
    (chips,) = conn.execute("SELECT site || ':' || hand_id FROM hands WHERE currency ="
                            " 'CHIPS' AND status = 'ok' LIMIT 1").fetchone()  # fmt: skip
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page("app_pages/hands.py").run()
    assert not app.exception, [e.value for e in app.exception]
    table = app.dataframe(key="hands_table")
    frame = table.value
    pots = dict(zip(frame["key"], frame["pot"], strict=True))
    assert pots[euro].startswith("€"), pots[euro]
    assert pots[chips].endswith(" chips"), pots[chips]
    assert ".00" not in pots[chips], pots[chips]
    assert table.proto.placeholder == "–"
