"""All-in EV stored at import (migration 0003): which hands get rows, and their values."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.equity.all_in_ev import all_in_ev, all_in_point
from analytics.ingest.rows import all_in_rows, cards_to_come_when_all_in
from analytics.stats.flags import flag_rows
from parser import parse_hand, split_hands
from parser.model.games import GAME_SPECS
from replayer import replay
from tests.aggregates.texts import hand_text
from tests.corpus import corpus_files, replayed

FOLDS = "utg: folds\nmp: folds\nco: folds\n"
#: BTN shoves A♥K♥, BB calls with Q♦Q♣, the board runs out.
PREFLOP_ALL_IN = hand_text(
    1,
    FOLDS
    + """
    btn: raises 9900 to 10000 and is all-in
    sb: folds
    bb: calls 9900 and is all-in
    *** FLOP *** [2d 3d 4h]
    *** TURN *** [2d 3d 4h] [5s]
    *** RIVER *** [2d 3d 4h 5s] [9c]
    *** SHOWDOWN ***
    bb: shows [Qd Qc]
    btn: shows [Ah Kh]
    btn collected 20050.0 from pot
    """,
    pot=20050,
    board="2d 3d 4h 5s 9c",
    cards={"bb": "Qd Qc"},
)
#: The same, but the all-in is called on the river: no cards to come, no EV.
RIVER_ALL_IN = hand_text(
    2,
    FOLDS
    + """
    btn: raises 200 to 300
    sb: folds
    bb: calls 200
    *** FLOP *** [2d 3d 4h]
    bb: checks
    btn: checks
    *** TURN *** [2d 3d 4h] [5s]
    bb: checks
    btn: checks
    *** RIVER *** [2d 3d 4h 5s] [9c]
    bb: bets 9700 and is all-in
    btn: calls 9700 and is all-in
    *** SHOWDOWN ***
    bb: shows [Qd Qc]
    btn: shows [Ah Kh]
    btn collected 20050.0 from pot
    """,
    pot=20050,
    board="2d 3d 4h 5s 9c",
    cards={"bb": "Qd Qc"},
)


def _ev_rows(db: Path) -> dict[int, tuple]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT seat, all_in_ev_status, all_in_ev, street FROM all_in_ev ORDER BY seat"
        ).fetchall()
    finally:
        conn.close()
    return {row[0]: row[1:] for row in rows}


def _result(text: str):
    (raw,) = split_hands(text, "t.txt")
    return replay(parse_hand(raw))


def test_a_pre_flop_all_in_stores_every_players_ev(imported) -> None:
    stored = _ev_rows(imported(PREFLOP_ALL_IN))
    expected = all_in_ev(_result(PREFLOP_ALL_IN))
    assert expected is not None
    assert set(stored) == {1, 2, 3, 4, 5, 6}
    for seat, (status, ev, street) in stored.items():
        player = expected.players[seat - 1]
        assert (status, street) == ("computed", "preflop")
        assert ev == pytest.approx(float(player.ev))
    # Folded players' EV is what they put in; the EVs sum to minus the rake (0 here).
    assert (stored[1][1], stored[3][1]) == (-50, 0)
    assert sum(ev for _, ev, _ in stored.values()) == pytest.approx(0, abs=1e-6)
    # A♥K♥ against Q♦Q♣ with four folded hands dead: 53.61% of 20050, less 10000.
    assert stored[6][1] == pytest.approx(0.536052753 * 20050 - 10000, abs=0.01)


def test_an_all_in_called_on_the_river_stores_nothing(imported) -> None:
    assert _ev_rows(imported(RIVER_ALL_IN)) == {}


def test_unknown_cards_are_stored_as_left_out(imported) -> None:
    stored = _ev_rows(imported(hand_text(
        3, FOLDS + """
        btn: raises 9900 to 10000 and is all-in
        sb: folds
        bb: calls 9900 and is all-in
        *** FLOP *** [2d 3d 4h]
        *** TURN *** [2d 3d 4h] [5s]
        *** RIVER *** [2d 3d 4h 5s] [9c]
        *** SHOWDOWN ***
        btn: shows [Ah Kh]
        bb: mucks hand
        btn collected 20050.0 from pot
        """, pot=20050, board="2d 3d 4h 5s 9c", hidden=("bb",),
    )))  # fmt: skip
    assert {row[0] for row in stored.values()} == {"unknown_cards"}
    assert {row[1] for row in stored.values()} == {None}


def test_worker_processes_store_the_same_rows(imported) -> None:
    assert _ev_rows(imported(PREFLOP_ALL_IN, RIVER_ALL_IN, jobs=2)) == _ev_rows(
        imported(PREFLOP_ALL_IN, RIVER_ALL_IN, jobs=1)
    )


def test_all_in_rows_are_those_of_all_in_ev() -> None:
    result = _result(PREFLOP_ALL_IN)
    rows = all_in_rows(result, tuple(flag_rows(result)))
    assert [row[0] for row in rows] == [1, 2, 3, 4, 5, 6]
    assert all_in_rows(_result(RIVER_ALL_IN), tuple(flag_rows(_result(RIVER_ALL_IN)))) == ()


@pytest.mark.corpus
@pytest.mark.parametrize("corpus", ["pluribus", "pokerstars"])
def test_the_pre_check_never_misses_an_all_in_point(corpus: str) -> None:
    """The cheap test before ``all_in_ev`` only skips hands that have no all-in point."""
    files = corpus_files(corpus)
    if not files:
        pytest.skip(f"../shared/corpora/{corpus} is absent")
    checked = skipped = 0
    for hand in replayed(corpus):  # the session's one replay of the corpus (tests/corpus.py)
        result, raw = hand.result, hand.raw
        if result is None:
            continue  # refused by the parser or the engine
        if cards_to_come_when_all_in(result, tuple(flag_rows(result))):
            checked += 1
            continue
        live = [p for p in result.players if p.dealt_in and not p.folded]
        if len(live) < 2 or not any(p.all_in for p in live):
            continue
        skipped += 1  # an all-in the pre-check skips: it must have no all-in point
        again = replay(result.hand, record_states=True)
        assert all_in_point(again, GAME_SPECS[result.hand.game]) is None, raw.first_line
    assert checked > 0
    assert skipped > 0
