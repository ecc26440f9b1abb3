"""Aggregates over stud and draw hands (``docs/stats.md``, "Stud and draw games"): VPIP,
PFR and the 3-bet with stud's bring-in and completion, steals not applicable in stud
(never a 0), WTSD over the second round, and bb/100 counted in big bets."""

from __future__ import annotations

import pytest

from analytics.stats.players import StatsQuery, records, stats
from analytics.stats.queries import NO_POSITION, Filters, filter_options
from analytics.store.db import read_only
from tests.aggregates.texts import STUD_LADDER, STUD_WALK, TRIPLE_DRAW_STEAL


@pytest.fixture
def db(imported):
    return imported(STUD_LADDER, STUD_WALK, TRIPLE_DRAW_STEAL)


def _one(db, player: str, **filters: object) -> dict:
    (record,) = records(stats(db, StatsQuery(players=(player,), filters=Filters(**filters))))
    return record


def _rate(record: dict, name: str) -> tuple[int, int]:
    return record[name]["x"], record[name]["n"]


def test_hero_over_stud_and_draw(db) -> None:
    hero = _one(db, "Hero")
    assert hero["hands"] == 3
    assert _rate(hero, "vpip") == (2, 3)  # the completion and the steal; not the fold
    assert _rate(hero, "pfr") == (2, 3)
    assert _rate(hero, "three_bet") == (1, 1)  # his re-raise over Villain's 2-bet
    assert _rate(hero, "steal") == (1, 1)  # the draw hand only: stud has no steal
    assert _rate(hero, "cbet_flop") == (2, 2)  # 4th street, and after the first draw
    assert _rate(hero, "wtsd") == (0, 2)  # saw 4th street, saw the first draw
    # Big bets: +16 / 8 and -1 / 8 in stud, +25 / 20 in the draw game, over 3 hands.
    assert hero["bb_per_100"] == pytest.approx((16 / 8 - 1 / 8 + 25 / 20) / 3 * 100)
    assert hero["net_won_units"] == 40


def test_the_bring_in_is_not_voluntary_and_his_walk_is_left_out(db) -> None:
    third = _one(db, "Third", games=("FL7S",))
    assert third["hands"] == 2
    assert _rate(third, "vpip") == (0, 1)  # the walk is not in the denominator
    assert third["bb_per_100"] == pytest.approx((-3 / 8 + 2 / 8) / 2 * 100)
    villain = _one(db, "Villain", games=("FL7S",))
    assert _rate(villain, "pfr") == (1, 2)  # the 2-bet
    assert _rate(villain, "three_bet") == (0, 0)  # he faced the completion, not a raise
    assert _rate(villain, "fold_to_cbet_flop") == (1, 1)


def test_steals_do_not_apply_in_stud(db) -> None:
    """Filtered to stud, the steal has no sample at all: its value is None, never 0%."""
    for name in ("Hero", "Villain", "Third"):
        record = _one(db, name, games=("FL7S",))
        for stat in ("steal", "fold_to_steal"):
            assert _rate(record, stat) == (0, 0), (name, stat)
            assert record[stat]["value"] is None
    frame = stats(db, StatsQuery(filters=Filters(games=("FL7S",)), by="position"))
    assert (frame["position"] == NO_POSITION).all()  # stud has no positions (issue 23 item 17)


def test_the_draw_game_reads_as_holdem(db) -> None:
    bb = _one(db, "Bb")
    assert _rate(bb, "fold_to_steal") == (0, 1)  # he called the button's steal
    assert _rate(bb, "vpip") == (1, 1)
    assert _rate(bb, "fold_to_cbet_flop") == (1, 1)
    assert bb["bb_per_100"] == pytest.approx(-20 / 20 * 100)
    sb = _one(db, "Sb")
    assert _rate(sb, "fold_to_steal") == (1, 1)


def test_the_game_filter_lists_and_selects_stud_and_draw(db) -> None:
    conn = read_only(db)
    try:
        options = filter_options(conn.conn)
    finally:
        conn.close()
    assert set(options.games) == {"FL7S", "FL27TD"}
    draw = _one(db, "Hero", games=("FL27TD",))
    assert draw["hands"] == 1
    assert draw["bb_per_100"] == pytest.approx(125.0)
    by_stakes = stats(db, StatsQuery(players=("Hero",), by="stakes"))
    assert sorted(by_stakes["stakes"]) == ["FL27TD $0.10/$0.20", "FL7S $0.04/$0.08"]
    assert by_stakes["bb_per_100"].notna().all()
