"""The Record page (AppTest): set up a table, record the E6 hand of tables.py through the
page's buttons and forms, see a refused step with its rule, save, and find it stored."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.store.lookup import find_hand, replay_stored
from tests.dashboard.conftest import APP

PAGE = "app_pages/record.py"


@pytest.fixture
def empty_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "hands.sqlite"
    monkeypatch.setenv("POKERHH_DB", str(db))
    return db


def _run(app: AppTest) -> AppTest:
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _key(app: AppTest, prefix: str) -> str:
    """The one button whose key starts with ``prefix`` (correction forms are numbered)."""
    (key,) = [b.key for b in app.button if b.key and b.key.startswith(prefix)]
    return key


def _press(app: AppTest, key: str) -> AppTest:
    app.button(key=key).click()
    return _run(app)


def _type(app: AppTest, label: str, text: str) -> None:
    (box,) = [t for t in app.text_input if t.label == label]
    box.set_value(text)


def _message(app: AppTest) -> str:
    return " | ".join(h.proto.body for h in app.get("html"))


def test_recording_a_live_hand_with_an_e6_correction_on_the_page(empty_db: Path) -> None:
    app = _run(AppTest.from_file(str(APP), default_timeout=30))
    _run(app.switch_page(PAGE))
    assert app.title[0].value == "Record"
    app.text_input(key="rec_hand").set_value("page-1")
    _press(app, "start")
    assert "the blinds are posted" in _message(app)

    _type(app, "Seat 1 cards", "AhKh")
    _type(app, "Seat 3 cards", "TdTs")
    _press(app, "deal")
    assert "Cy to act: may fold, call 2 or raise to 4–200" in [t.value for t in app.text]
    for key in ("act_call", "act_call", "act_check"):
        _press(app, key)
    _type(app, "The flop: 3 card(s)", "Ah2c7d")  # Ann holds the Ah
    _press(app, "deal_board")
    assert "Refused: [D1] Ah is dealt twice (Ann and board)" in _message(app)
    _type(app, "The flop: 3 card(s)", "2c7d9h")
    _press(app, "deal_board")
    _press(app, "act_check")

    # The dealer turns the turn card before Bob and Cy act: E6.
    premature = _key(app, "fix_premature_")
    (box,) = [t for t in app.text_input if t.key and t.key.endswith("_cards")
              and t.label == "Cards dealt"]  # fmt: skip
    box.set_value("Kc")
    _press(app, premature)
    assert "Correction required: [B4] the turn is dealt before the betting round ended" in (
        _message(app)
    )
    assert not [b for b in app.button if b.key in ("act_check", "act_fold")]
    _press(app, _key(app, "fix_return_"))
    assert "premature turn [Kc] set aside — E6" in _message(app)
    _press(app, "act_check")
    _press(app, "act_check")
    _type(app, "The turn: 1 card(s)", "Qs")
    _press(app, "deal_board")
    (amount,) = app.number_input
    assert (amount.min, amount.max) == (2, 198)
    amount.set_value(10)
    _press(app, "act_raise")
    _press(app, "act_call")
    _press(app, "act_call")
    assert "The river cannot be dealt yet: [E6] the set-aside Kc is not reshuffled" in (
        _message(app)
    )
    assert app.button(key="deal_board").disabled
    _press(app, _key(app, "fix_reshuffle_"))
    _type(app, "The river: 1 card(s)", "3d")
    _press(app, "deal_board")
    for _ in range(3):
        _press(app, "act_check")
    assert app.button(key="save").disabled
    _press(app, "show_0")  # Ann, her cards as dealt
    app.text_input[0].set_value("QcJc")  # Bob's, now first to show
    _press(app, "show_0")
    _press(app, "show_0")  # Cy
    assert "Main pot 36: Bob wins 36 with a pair of Queens" in _message(app)
    assert "Bob: +24" in _message(app)
    _press(app, "save")
    assert "saved Live:page-1 (ok)" in _message(app)
    (link,) = app.get("page_link")
    assert link.proto.query_string == "hand=Live%3Apage-1"  # the replay viewer's link
    stored = find_hand(empty_db, "Live:page-1")
    assert stored.status == "ok"
    result = replay_stored(stored)
    assert {p.name: p.final_stack for p in result.players} == {"Ann": 188, "Bob": 224, "Cy": 188}
    _press(app, "save")
    assert "it was saved before: nothing new stored" in _message(app)
    svg = app.get("image")[0].proto.imgs[0].url.split(",", 1)[1]
    assert "Bob" in base64.b64decode(svg).decode()


def test_the_setup_says_what_is_wrong(empty_db: Path) -> None:
    app = _run(AppTest.from_file(str(APP), default_timeout=30))
    _run(app.switch_page(PAGE))
    app.text_area(key="rec_seats").set_value("1 Ann 200\n1 Bob 200")
    _press(app, "start")
    assert "seat numbers must be different" in _message(app)
    assert app.button(key="start")  # still on the setup form
