"""The replay viewer's SVG: escaped names, the pieces of the table, stepping to showdown."""

from __future__ import annotations

import sqlite3
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from analytics.output.format import Money
from analytics.stats import queries
from analytics.store.lookup import replay_stored
from dashboard import viewer
from dashboard.table_svg import TableView, table_svg
from parser.model.cards import parse_cards
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
        pot=150,
        pots=(Pot(amount=200, eligible=(name, "Bob")), Pot(amount=100, eligible=(name,))),
        formed_pots=(Pot(amount=100, eligible=(name, "Bob")), Pot(amount=50, eligible=(name,))),
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
    assert 'class="pot">Pot $1.50 · bets $1.50</text>' in svg  # gathered, bets apart
    assert "main $1.00  ·  side 1 $0.50" in svg  # the formed pots, not the "if it ended now"
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


def test_decisions(sample_db: Path) -> None:
    """(Masking moved to the hand itself: tests/share/test_mask.py.)"""
    result = _replay(sample_db, HOSTILE_HAND)
    money = Money("USD", 100)
    texts = [viewer.decision(result, i, money) for i in range(len(result.states))]
    assert "could have folded, called $0.20 or raised to $0.50–$10.00" in texts


def test_rule_notes_reach_the_viewer(sample_db: Path) -> None:
    result = _replay(sample_db, "9000000011")  # incomplete all-in does not reopen
    notes = [s.note for s in result.states if s.note]
    assert any("(B8)" in note for note in notes)


SVG = "{http://www.w3.org/2000/svg}"


def _groups(svg: str, cls: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == cls]


def _card_texts(group: ET.Element) -> list[str]:
    texts = ["".join(t.itertext()) for t in group.iter(f"{SVG}text")]
    return ["".join(texts[i : i + 2]) for i in range(0, len(texts), 2)]


def _stud_state() -> HandState:
    """Made up: fourth street of a stud hand, one hand known, one opponent folded."""
    seat = SeatState(seat=1, name="Ann", stack=500, bet=0, invested=20, folded=False,
                     all_in=False, dealt_in=True, cards=parse_cards("As Kd"),
                     up=parse_cards("7c 7h"), down_cards=2)  # fmt: skip
    other = replace(seat, seat=2, name="Bob", cards=(), up=parse_cards("Qs 2d"))
    gone = replace(seat, seat=3, name="Cy", cards=(), up=parse_cards("3s 9h"), folded=True)
    return HandState(street="fourth", seats=(seat, other, gone), boards=((),), pot=60,
                     pots=(), current_bet=0, to_act="Bob", legal=None)  # fmt: skip


def test_stud_seats_draw_down_and_up_cards_apart() -> None:
    svg = table_svg(_stud_state(), TableView(max_seats=8, board_cards=0, hole_cards=7))
    down, up = _groups(svg, "down"), _groups(svg, "up")
    # Ann: her two down cards face up (known), then her two up cards; Bob: two backs.
    assert _card_texts(down[0]) == ["A♠", "K♦"]
    assert _card_texts(up[0]) == ["7♣", "7♥"]
    assert not _card_texts(down[1])
    assert len(list(down[1].iter(f"{SVG}rect"))) == 2
    assert _card_texts(up[1]) == ["Q♠", "2♦"]
    # Cy folded: no down cards drawn, his up cards dimmed.
    assert len(down) == 2
    assert len(up) == 3
    assert all(g.get("opacity") == "0.55" for g in up[2])
    # Up cards sit higher than the down cards beside them.
    ys = [float(r.get("y", 0)) for g in (down[0], up[0]) for r in g.iter(f"{SVG}rect")]
    assert max(ys[2:]) < min(ys[:2])
    # No board in stud: no empty board slots.
    assert "stroke-dasharray" not in svg


def test_stud_community_card_is_drawn_when_the_deck_runs_short() -> None:
    state = replace(_stud_state(), boards=(parse_cards("Jc"),))
    svg = table_svg(state, TableView(board_cards=0))
    assert "stroke-dasharray" not in svg
    assert ">J</text>" in svg


def test_two_boards_are_drawn_and_named() -> None:
    boards = (parse_cards("2c 7d 9h Js 3c"), parse_cards("2c 7d 9h Ks 4d"))
    state = replace(_state("Ann"), boards=boards)
    svg = table_svg(state, TableView(board_label="board"))
    assert ">board 1</text>" in svg
    assert ">board 2</text>" in svg
    assert svg.count(">K</text>") == 1
    assert svg.count(">9</text>") == 2
    assert ">run 2</text>" in table_svg(state, TableView())


def test_hi_lo_pot_line_shows_both_halves() -> None:
    halves = (("hi", 151), ("lo", 150))
    one = replace(_state("Ann"), formed_pots=(Pot(amount=301, eligible=("Ann",), halves=halves),))
    assert 'class="pots">hi 151 / lo 150</text>' in table_svg(one, TableView())
    side = Pot(amount=40, eligible=("Ann",), halves=(("hi", 20), ("lo", 20)))
    two = replace(one, formed_pots=(*one.formed_pots, side))
    svg = table_svg(two, TableView())
    assert "main 301 (hi 151 / lo 150)  ·  side 1 40 (hi 20 / lo 20)" in svg


def test_draw_seats_say_what_they_threw_and_drew() -> None:
    state = _state("Ann")
    seats = (replace(state.seats[0], threw=0, drew=0), replace(state.seats[1], threw=3, drew=3))
    svg = table_svg(replace(state, seats=seats), TableView())
    assert "900 · stood pat" in svg
    assert "ALL-IN · drew 3" in svg


def test_award_steps_show_the_winnings_and_the_pot_awarded() -> None:
    state = _state("Ann")
    seats = (replace(state.seats[0], stack=1050, bet=0, won=150),
             replace(state.seats[1], stack=0, bet=0))  # fmt: skip
    paid = replace(state, seats=seats, pot=0, formed_pots=(), awarded=150)
    svg = table_svg(paid, TableView())
    assert 'class="won">wins 150</text>' in svg
    assert 'class="bet"' not in svg
    assert 'class="pot">Pot 0 · 150 awarded</text>' in svg
    settled = replace(paid, settled=True, pot=7)
    assert 'class="pot">Pot 157 awarded · site keeps 7</text>' in table_svg(settled, TableView())
