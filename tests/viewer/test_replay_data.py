"""The replayer's data (``dashboard/replay_data.py``, issue 26 item 1): every step's table
as JSON, street labels people read, the cards a draw player is known to hold at each step,
and the document that embeds it safely."""

from __future__ import annotations

import json
from pathlib import Path

from dashboard.replay_data import draw_hints, embedded_json, hand_steps, replayer_html, street_label
from parser.formats import parse_hand
from parser.model import events as ev
from parser.model.hand import Source
from replayer import replay
from replayer.result import ReplayResult

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"


def _result(relative: str) -> ReplayResult:
    path = SAMPLES / relative
    return replay(
        parse_hand(Source(str(path), 1, path.read_text(encoding="utf-8"))), record_states=True
    )


def test_street_buttons_read_as_words() -> None:
    """The defect: a street button read "First_draw"."""
    assert street_label("first_draw") == "First draw"
    assert street_label("predraw") == "Pre-draw"
    assert street_label("third") == "3rd street"
    assert street_label("river (run 2)") == "River (run 2)"
    data = hand_steps(_result("draw/27-triple-draw-bet-sizes.txt"))
    labels = [m["label"] for m in data["streets"]]
    assert labels == ["Pre-draw", "First draw", "Second draw", "Third draw", "Showdown"]
    texts = [s["text"][0] for s in data["steps"]]
    assert "First draw begins" in texts


def test_before_a_draw_only_the_cards_known_then() -> None:
    """The defect: with "show known cards", the hand before the draw showed the cards drawn
    later. Cosimo draws unknown cards at the third draw and shows at the end: before it
    nothing says which cards he held (backs); from it, his shown hand."""
    result = _result("draw/27-triple-draw-bet-sizes.txt")
    hints = draw_hints(result)
    events = result.hand.events
    third = max(i for i, e in enumerate(events) if isinstance(e, ev.Draw) and e.player == "Cosimo")
    assert hints[third - 1]["Cosimo"] == [None] * 5
    assert [c.text for c in hints[third]["Cosimo"] if c] == ["9c", "7h", "5s", "4d", "3h"]
    steps = hand_steps(result)["steps"]
    seat = next(s for s in steps[0]["seats"] if s["name"] == "Cosimo")
    assert seat["hint"] == [None] * 5


def test_a_known_draw_is_undone_card_by_card() -> None:
    """The hero's draw (3c thrown, 5s drawn) is undone exactly; a stand-pat changes
    nothing."""
    result = _result("draw/fl-discards-and-stand-pat.txt")
    hints = draw_hints(result)
    assert [c.text for c in hints[0]["Milo"] if c] == ["Ah", "Ad", "9s", "9h", "3c"]
    assert [c.text for c in hints[-1]["Milo"] if c] == ["Ah", "Ad", "9s", "9h", "5s"]
    assert hints[0]["Jana"] == hints[-1]["Jana"]  # stood pat


def test_every_step_in_both_units_and_the_settled_end() -> None:
    result = _result("nlhe/kicker-decides.txt")
    data = hand_steps(result, hero="Mr Pink")
    steps = data["steps"]
    assert len(steps) == len(result.hand.events)
    assert steps[1]["text"] == ["Leo posts the big blind $0.10", "Leo posts the big blind 1.0 bb"]
    end = steps[-1]
    assert end["settled"]
    assert {s["name"]: s["stack"] for s in end["seats"]} == data["final"]
    assert next(s for s in end["seats"] if s["name"] == "Jon")["won"] == 357
    could = [s["could"] for s in steps if s["could"]]
    assert could[0][0].startswith("Mr Pink could have folded")
    assert data["hero"] == "Mr Pink"
    assert data["money"] == {
        "currency": "USD",
        "unit": 100,
        "chips": False,
        "decimals": 2,
        "symbol": "$",
    }


def test_the_document_embeds_names_as_data_only() -> None:
    hostile = "</script><script>alert(1)</script>"
    assert "<" not in embedded_json({"name": hostile})
    assert json.loads(embedded_json({"name": hostile})) == {"name": hostile}
    document = replayer_html({"title": hostile, "steps": []}, step=3)
    assert "alert(1)</script>" not in document.replace("\\u003c", "")
    assert document.count("<script") == 3
    assert '"step": 3' in document
