"""Issue 26, item 1: the Hands page previews the selected hand with the replay viewer's own
component (the replayer in an iframe, stepped in the browser), compact."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


@pytest.mark.usefixtures("app_env")
def test_the_selected_hand_is_previewed_by_the_replayer() -> None:
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.run().switch_page("app_pages/hands.py").run()
    assert not app.get("iframe")  # nothing selected, no preview
    hands = app.dataframe[0].value
    app.session_state["hands_table"] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    (frame,) = app.get("iframe")
    document = frame.proto.srcdoc
    options = document.split('id="replayer-options">', 1)[1].split("</script>", 1)[0]
    assert json.loads(options) == {"autofocus": False, "step": 0, "compact": True}
    data = json.loads(document.split('id="hand-data">', 1)[1].split("</script>", 1)[0])
    assert f"{data['site']}:{data['hand_id']}" == hands.iloc[2]["key"]
