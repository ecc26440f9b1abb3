"""Issue 23, item 17: the Overview's "Hands (ok)" counts the hands under the sidebar's
filters (it counted every stored hand whatever they chose)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


@pytest.mark.usefixtures("app_env")
def test_the_overview_hands_metric_reads_the_filters() -> None:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    every = next(m.value for m in app.metric if m.label == "Hands (ok)")
    app.sidebar.multiselect(key="games").set_value(["FLRAZZ"]).run()
    assert not app.exception, [e.value for e in app.exception]
    razz = next(m.value for m in app.metric if m.label == "Hands (ok)")
    assert int(razz.replace(",", "")) < int(every.replace(",", ""))
