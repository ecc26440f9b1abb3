"""AppTest of the replay viewer's autoplay: Play starts it, a tick moves one event, it stops
at the last event, Pause stops it. (AppTest has no timer: a rerun after the tick's time
has passed stands in for one.)"""

from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


def _replay(hand: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.session_state["hand"] = ("PokerStars", hand)
    app.run().switch_page("app_pages/replay.py").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


@pytest.mark.usefixtures("app_env")
def test_autoplay_moves_on_and_stops() -> None:
    app = _replay("9000000040")
    assert app.button(key="play").label == "Play"
    assert app.selectbox(key="autoplay_speed").value == 1.0
    app.selectbox(key="autoplay_speed").select(2.0).run()
    app.button(key="play").click().run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.session_state["autoplay"] is True
    assert app.button(key="play").label == "Pause"
    assert app.slider(key="step").value == 0  # the first run after Play does not move
    time.sleep(0.5)  # one tick at 2 events/s
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.slider(key="step").value == 1
    app.button(key="play").click().run()  # Pause
    assert app.session_state["autoplay"] is False
    time.sleep(0.5)
    app.run()
    assert app.slider(key="step").value == 1

    # Near the end: the last tick stops it there.
    app.button(key="end").click().run()
    last = app.slider(key="step").value
    app.slider(key="step").set_value(last - 1).run()
    app.button(key="play").click().run()
    time.sleep(0.5)
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.slider(key="step").value == last
    assert app.session_state["autoplay"] is False
    assert app.button(key="play").label == "Play"
    assert [s.value for s in app.subheader] == ["Result"]
    # Play at the end starts again from the first event.
    app.button(key="play").click().run()
    assert app.slider(key="step").value == 0
