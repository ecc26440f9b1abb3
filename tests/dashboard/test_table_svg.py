"""The replay viewer's SVG: escaped names, the pieces of the table, stepping to showdown."""

from __future__ import annotations

import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path

from analytics import queries
from analytics.format import Money
from analytics.lookup import replay_stored
from dashboard import viewer
from dashboard.table_svg import TableView, table_svg
from replayer.state import HandState, LegalActions, Pot, SeatState
from tests.dashboard.conftest import HOSTILE_HAND, HOSTILE_NAME, HOSTILE_TABLE


def _replay(db: Path, hand_id: str):  # type: ignore[no-untyped-def]
    conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        stored = queries.stored_hand(conn, "PokerStars", hand_id)
    finally:
        conn.close()
    assert stored is not None
    return replay_stored(stored)


def _state(name: str) -> HandState:
    seats = (
        SeatState(seat=1, name=name, stack=900, bet=100, invested=100, cards=(), folded=False,
                  all_in=False, dealt_in=True),
        SeatState(seat=4, name="Bob", stack=0, bet=50, invested=50, cards=(), folded=False,
                  all_in=True, dealt_in=True),
    )  # fmt: skip
    return HandState(
        street="preflop",
        seats=seats,
        boards=((),),
        pot=0,
        pots=(Pot(amount=100, eligible=(name, "Bob")), Pot(amount=50, eligible=(name,))),
        current_bet=100,
        to_act=name,
        legal=LegalActions(
            player=name,
            can_fold=True,
            can_check=True,
            call_amount=0,
            min_raise_to=None,
            max_raise_to=None,
        ),
    )


def test_hostile_names_are_escaped() -> None:
    svg = table_svg(_state(HOSTILE_NAME), TableView(title=HOSTILE_TABLE, button_seat=1))
    assert "<img" not in svg
    assert "<script" not in svg
    assert "&lt;img src=x onerro…" in svg  # long names are shortened, then escaped
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in svg
    root = ET.fromstring(svg)  # well-formed: the name did not break out of its element
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert HOSTILE_TABLE in texts
    assert any(t.startswith("<img src=x") for t in texts)
    assert not [e for e in root.iter() if e.tag.endswith(("img", "script", "foreignObject"))]


def test_quotes_cannot_leave_an_attribute() -> None:
    name = '" onmouseover="alert(1)'
    svg = table_svg(_state(name), TableView(title=name))
    assert 'onmouseover="' not in svg
    ET.fromstring(svg)


def test_side_pots_bets_button_and_all_in_are_drawn() -> None:
    svg = table_svg(_state("Ann"), TableView(button_seat=1, amount=Money("USD", 100)))
    assert "main $1.00" in svg
    assert "side 1 $0.50" in svg
    assert ">D</text>" in svg
    assert "ALL-IN" in svg
    assert "$1.00" in svg  # Ann's bet in front of her


def test_stepping_to_the_showdown(sample_db: Path) -> None:
    result = _replay(sample_db, "9000000040")  # run it twice
    marks = {m.label: m.step for m in viewer.street_marks(result)}
    assert "showdown" in marks
    state = result.states[marks["showdown"]]
    assert sum(1 for board in state.boards if len(board) == 5) == 2
    svg = table_svg(state, TableView(title="t", max_seats=6))
    assert "run 2" in svg
    ET.fromstring(svg)
    assert all(len(b) == 5 for b in result.states[-1].boards)
    assert any("wins" in line for line in viewer.outcome_lines(result, Money("USD", 100)))


def test_decisions_and_masking(sample_db: Path) -> None:
    result = _replay(sample_db, HOSTILE_HAND)
    money = Money("USD", 100)
    texts = [viewer.decision(result, i, money) for i in range(len(result.states))]
    assert "could have folded, called $0.20 or raised to $0.50–$10.00" in texts
    names = viewer.masked_names(result, hero="Dr:Who")
    assert names["Dr:Who"] == "Hero"
    assert names[HOSTILE_NAME] == "Seat 1"
    lines = viewer.event_lines(result, money, lambda n: names.get(n, n))
    assert not any(HOSTILE_NAME in line or "Dr:Who" in line for line in lines)
    assert any(line.startswith("Hero raises to") for line in lines)


def test_rule_notes_reach_the_viewer(sample_db: Path) -> None:
    result = _replay(sample_db, "9000000011")  # incomplete all-in does not reopen
    notes = [s.note for s in result.states if s.note]
    assert any("(B8)" in note for note in notes)
