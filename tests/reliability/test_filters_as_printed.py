"""Issue 23, item 17: the command line's filters take what it prints, in any case.

``--stakes`` takes the labels ``--by stakes`` prints (fixed limit by its bets, stud that
has no blinds, chips); stakes are listed and grouped by amount, not as text; ``--game``
takes a game's name (``razz``); ``--player hero`` is every spelling of Hero, never only
another player stored as ``hero``; ``tournaments --player`` and ``explain`` with an
unknown stat are usage errors (exit 2) as ``stats``' are; stud seats have no position
rather than "?"; the Overview's "Hands (ok)" counts the hands under the filters.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pandas as pd

from analytics.stats.queries import NO_POSITION, Filters, ok_hands
from tests.reliability.conftest import SAMPLES, Run


def _rows(out: str) -> list[dict]:
    return json.loads(out)


def test_stakes_take_the_labels_by_stakes_prints(run: Run, samples_db: Path) -> None:
    code, out, err = run("stats", "--db", samples_db, "--by", "stakes", "--format", "json")
    assert code == 0, err
    labels = {row["stakes"] for row in _rows(out)}
    assert {"FLHE $10.00/$20.00", "FL7S $0.10/$0.20", "NLHE 50/100 chips"} <= labels
    for label in sorted(labels):
        code, out, err = run("stats", "--db", samples_db, "--stakes", label, "--by", "stakes",
                             "--format", "json")  # fmt: skip
        assert code == 0, (label, err)
        assert {row["stakes"] for row in _rows(out)} == {label}, label
    # The amounts alone: a fixed-limit game's bets, as its label shows them.
    code, out, _ = run("stats", "--db", samples_db, "--stakes", "$10/$20", "--by", "stakes",
                       "--format", "json")  # fmt: skip
    assert code == 0
    assert {row["stakes"] for row in _rows(out)} == {"FLHE $10.00/$20.00"}


def test_stakes_are_listed_and_grouped_by_amount(run: Run, samples_db: Path) -> None:
    code, _, err = run("stats", "--db", samples_db, "--stakes", "$3/$6")
    assert code == 2
    listed = err.split("(stored: ", 1)[1]
    assert listed.index("FLHE $2.00/$4.00") < listed.index("FLHE $10.00/$20.00")
    # Stud has no blinds: its levels are ordered by their bets, as numbers.
    from analytics.stats.players import STATS, _derive

    raw = pd.DataFrame({
        "player": ["Ann"] * 3, "site": ["PokerStars"] * 3, "currency": ["USD"] * 3,
        "unit": [100] * 3, "game": ["FL7S"] * 3, "small_blind": [None] * 3,
        "big_blind": [None] * 3, "small_bet": [1000, 200, 10], "big_bet": [2000, 400, 20],
        **{f"{s.name}_{part}": [1] * 3 for s in STATS for part in ("x", "n")},
    })  # fmt: skip
    derived = _derive(raw, "stakes")
    assert list(derived["stakes"]) == ["FL7S $0.10/$0.20", "FL7S $2.00/$4.00",
                                       "FL7S $10.00/$20.00"]  # fmt: skip
    assert "_big" not in derived.columns


def test_a_game_by_its_name(run: Run, samples_db: Path) -> None:
    code, razz, err = run("stats", "--db", samples_db, "--game", "razz", "--format", "json")
    assert (code, err) == (0, "")
    assert razz == run("stats", "--db", samples_db, "--game", "FLRAZZ", "--format", "json")[1]
    assert razz != "[]\n"


def test_a_player_in_any_case_is_every_spelling(run: Run, tmp_path: Path) -> None:
    """Two players, ``Hero`` and ``hero`` (two rooms' names): ``--player hero`` is both,
    as ``--player HERO`` is; it used to be ``hero`` alone."""
    db = tmp_path / "case.sqlite"
    walk = (SAMPLES / "pokerstars/nlhe/walk.txt").read_text(encoding="utf-8")
    names = sorted({line.split(": ", 1)[1].split(" (", 1)[0]
                    for line in walk.splitlines() if line.startswith("Seat ")})  # fmt: skip
    first = names[0]
    (tmp_path / "a.txt").write_text(walk.replace(first, "Hero"), encoding="utf-8")
    (tmp_path / "b.txt").write_text(walk.replace(first, "hero").replace("Hand #", "Hand #9"),
                                    encoding="utf-8")  # fmt: skip
    assert run("import", "--quiet", "--db", db, tmp_path / "a.txt", tmp_path / "b.txt")[0] == 0
    for typed in ("hero", "HERO", "Hero"):
        code, out, err = run("stats", "--db", db, "--player", typed, "--format", "json")
        assert code == 0, err
        assert sorted(row["player"] for row in _rows(out)) == ["Hero", "hero"], typed


def test_tournaments_of_an_unknown_player_is_a_usage_error(run: Run, samples_db: Path) -> None:
    code, out, err = run("tournaments", "--db", samples_db, "--player", "Heroo")
    assert (code, out) == (2, "")
    assert err.startswith("pokerhh: no player 'Heroo' among the")
    assert "did you mean: Hero" in err
    assert run("tournaments", "--db", samples_db, "--player", "hero")[0] == 0


def test_explain_of_an_unknown_stat_is_a_usage_error(run: Run, samples_db: Path) -> None:
    for argv in (("cbet",), ("cbet", "1")):
        code, out, err = run("explain", "--db", samples_db, "--player", "Hero", *argv)
        assert (code, out) == (2, ""), err
        assert err.startswith("pokerhh: no stat 'cbet' (one of: hands,")
        assert "did you mean: cbet_flop" in err


def test_stud_seats_have_no_position_not_a_question_mark(run: Run, samples_db: Path) -> None:
    code, out, _ = run("stats", "--db", samples_db, "--game", "FL7S", "--by", "position",
                       "--format", "json")  # fmt: skip
    assert code == 0
    assert {row["position"] for row in _rows(out)} == {NO_POSITION}


def test_hands_ok_counts_the_hands_under_the_filters(samples_db: Path, tmp_path: Path) -> None:
    db = shutil.copy(samples_db, tmp_path / "copy.sqlite")
    conn = sqlite3.connect(db)
    try:
        (every,) = conn.execute("SELECT count(*) FROM hands WHERE status = 'ok'").fetchone()
        (razz,) = conn.execute(
            "SELECT count(*) FROM hands WHERE status = 'ok' AND game = 'FLRAZZ'"
        ).fetchone()
        assert ok_hands(conn, Filters()) == every
        assert ok_hands(conn, Filters(games=("FLRAZZ",))) == razz < every
        (cash,) = conn.execute(
            "SELECT count(*) FROM hands WHERE status = 'ok' AND tournament_id IS NULL"
        ).fetchone()
        assert ok_hands(conn, Filters(kind="cash")) == cash < every
    finally:
        conn.close()
