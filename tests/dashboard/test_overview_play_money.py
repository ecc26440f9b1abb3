"""Issue 23 item 14: play money on the Overview reads as chips ("1,234"), never "1234.00";
real money keeps its cents. A table column has one number format, so play-money rows get a
table of their own; and play money counted in hundredths keeps them (``Money``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from analytics.output.format import Money
from tests.dashboard.conftest import APP

REPO = Path(__file__).resolve().parents[2]
REAL = REPO / "sample_histories" / "ggpoker" / "straddle-run-it-twice.txt"


def _play_copy(folder: Path) -> Path:
    """The same GGPoker hand in play money: no currency sign, whole chips, its own id."""
    text = REAL.read_text(encoding="utf-8")
    text = re.sub(r"\$(\d+(?:\.\d+)?)", lambda m: str(round(float(m[1]) * 100)), text)
    play = folder / "play.txt"
    play.write_text(text.replace("RC9000000301", "RC9000000399"), encoding="utf-8")
    return play


def _format(frame, column: str) -> str | None:
    config = json.loads(frame.proto.columns)[column]
    return config.get("type_config", {}).get("format")


def test_play_money_rows_have_their_own_table_without_cents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "play.sqlite"
    report = import_paths([_play_copy(tmp_path), REAL], db)
    assert report.stored["ok"] == 2
    monkeypatch.setenv("POKERHH_DB", str(db))
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not app.exception, [e.value for e in app.exception]
    tables = [d for d in app.dataframe if "net_won" in d.value.columns]
    assert len(tables) == 2
    money, play = tables
    assert set(money.value["currency"]) == {"USD"}
    assert set(play.value["currency"]) == {"PLAY"}
    assert _format(money, "net_won") == "%.2f"
    assert _format(play, "net_won") == "localized"
    # The same players, in chips: 100 times the dollars of the real hand.
    dollars = money.value.set_index("player")["net_won"]
    chips = play.value.set_index("player")["net_won"]
    assert (chips.sort_index() == (dollars.sort_index() * 100).round()).all()


def test_play_money_in_hundredths_keeps_them() -> None:
    assert Money("PLAY", 100)(50) == "0.50"
    assert Money("PLAY", 1, grouped=True)(123400) == "123,400"
