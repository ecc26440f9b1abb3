"""export_jsonl(): the names other tools read are pinned here; change them only on purpose."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from analytics_fakes import FAKE_STAGES, file_text, hand_text

from analytics.ingest.importer import import_paths
from analytics.output.export import (
    HAND_FIELDS,
    PLAYER_FIELDS,
    PROBLEM_FIELDS,
    STATS_FIELDS,
    export_jsonl,
)
from analytics.stats.flag_fields import FIELDS

#: The contract of issue 2, spelled out again on purpose: a rename must fail this test.
PINNED_HAND = [
    "site", "hand_id", "status", "problem", "game", "betting", "currency", "small_blind",
    "big_blind", "ante", "started_at", "table", "tournament_id", "boards", "total_pot", "rake",
    "players",
]  # fmt: skip
PINNED_PLAYER = [
    "name", "seat", "position", "starting_stack", "hole_cards", "invested", "collected", "net",
    "stats",
]  # fmt: skip
#: Issue 3: each player's ``stats`` object (the stored flags and the all-in EV).
PINNED_STATS = [
    "vpip", "pfr", "three_bet_chance", "three_bet", "four_bet_chance", "four_bet",
    "fold_to_three_bet_chance", "fold_to_three_bet", "squeeze_chance", "squeeze",
    "steal_chance", "steal", "fold_to_steal_chance", "fold_to_steal",
    "cbet_flop_chance", "cbet_flop", "cbet_turn_chance", "cbet_turn",
    "cbet_river_chance", "cbet_river",
    "fold_to_cbet_flop_chance", "fold_to_cbet_flop", "fold_to_cbet_turn_chance",
    "fold_to_cbet_turn", "fold_to_cbet_river_chance", "fold_to_cbet_river",
    "check_raise_flop_chance", "check_raise_flop", "check_raise_turn_chance",
    "check_raise_turn", "check_raise_river_chance", "check_raise_river",
    "saw_flop", "saw_turn", "saw_river", "went_to_showdown", "won_at_showdown",
    "won_when_saw_flop",
    "bets_preflop", "raises_preflop", "calls_preflop", "checks_preflop", "folds_preflop",
    "bets_flop", "raises_flop", "calls_flop", "checks_flop", "folds_flop",
    "bets_turn", "raises_turn", "calls_turn", "checks_turn", "folds_turn",
    "bets_river", "raises_river", "calls_river", "checks_river", "folds_river",
    "walk", "all_in_street", "net", "rake_paid", "all_in_ev", "all_in_ev_status",
    # issue 25, item 3 (migration 0016): added at the end
    "rfi_chance", "rfi", "limp_chance", "limp", "cold_call_chance", "cold_call",
    "fold_to_four_bet_chance", "fold_to_four_bet", "donk_flop_chance", "donk_flop",
    "donk_turn_chance", "donk_turn", "donk_river_chance", "donk_river",
    "probe_turn_chance", "probe_turn", "probe_river_chance", "probe_river",
    "float_turn_chance", "float_turn",
]  # fmt: skip
PINNED_PROBLEM = ["kind", "rule", "message", "file", "line"]


def exported(db: Path) -> list[dict]:
    out = io.StringIO()
    count = export_jsonl(db, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == count
    return [json.loads(line) for line in lines]


def test_field_names_are_pinned() -> None:
    assert list(HAND_FIELDS) == PINNED_HAND
    assert list(PLAYER_FIELDS) == PINNED_PLAYER
    assert list(PROBLEM_FIELDS) == PINNED_PROBLEM
    assert list(STATS_FIELDS) == PINNED_STATS


def test_stats_export_every_stored_flag() -> None:
    """A new flag column must reach the export too (added at the end of ``stats``)."""
    assert set(FIELDS) - {"seat", "position"} <= set(STATS_FIELDS)


def test_export_of_ok_and_quarantined_hands(fresh_db: Path, write) -> None:
    path = write(
        "a.txt", file_text(hand_text(1), hand_text(2, "invalid"), hand_text(3, "no_header"))
    )
    import_paths([path], fresh_db, stages=FAKE_STAGES)
    ok, invalid, unparsed = exported(fresh_db)
    for record in (ok, invalid, unparsed):
        assert list(record) == PINNED_HAND
    assert ok["status"] == "ok"
    assert ok["problem"] is None
    assert (ok["site"], ok["hand_id"], ok["game"], ok["betting"]) == (
        "PokerStars", "1", "NLHE", "no_limit",
    )  # fmt: skip
    assert (ok["currency"], ok["small_blind"], ok["big_blind"], ok["ante"]) == ("USD", 1, 2, 0)
    assert (ok["total_pot"], ok["rake"], ok["boards"]) == (12, 0, [["9c", "Kc", "3h"]])
    alice, bob = ok["players"]
    assert list(alice) == PINNED_PLAYER
    assert {k: v for k, v in alice.items() if k != "stats"} == {
        "name": "Alice", "seat": 1, "position": None, "starting_stack": 200,
        "hole_cards": ["Ah", "Kh"], "invested": 6, "collected": 12, "net": 6,
    }  # fmt: skip
    assert list(alice["stats"]) == PINNED_STATS
    assert alice["stats"]["net"] == 6  # the fake engine is no real replay: flags unchecked
    assert (alice["stats"]["all_in_ev"], alice["stats"]["all_in_ev_status"]) == (None, None)
    assert (bob["hole_cards"], bob["net"]) == ([], -6)
    for player in ok["players"]:
        assert player["net"] == player["collected"] - player["invested"]

    assert invalid["status"] == "invalid"
    assert invalid["problem"] == {
        "kind": "rule_violation", "rule": "B2", "message": "a bet must be positive",
        "file": str(path), "line": 24,
    }  # fmt: skip
    assert invalid["game"] == "NLHE"  # the parser got that far
    assert (invalid["players"], invalid["boards"], invalid["total_pot"]) == ([], [], None)
    assert unparsed["site"] == "unknown"
    assert unparsed["hand_id"].startswith("sha256:")
    assert unparsed["problem"]["kind"] == "parse_error"
    assert unparsed["game"] is None


def test_export_is_one_line_per_hand_and_utf8(fresh_db: Path, write) -> None:
    names = ("Zoë", 'Bob"the"<b>')  # the fake parser reads one-word names
    import_paths([write("a.txt", file_text(hand_text(5, names=names)))], fresh_db,
                 stages=FAKE_STAGES)  # fmt: skip
    out = io.StringIO()
    export_jsonl(fresh_db, out)
    assert out.getvalue().count("\n") == 1
    assert "Zoë" in out.getvalue()
    (record,) = exported(fresh_db)
    assert [p["name"] for p in record["players"]] == list(names)


@pytest.mark.corpus
def test_pluribus_export_conserves_chips(fresh_db: Path, pluribus: Path) -> None:
    """Acceptance 1 seen through the export: in every ok hand, Σ net + rake = 0."""
    import_paths(sorted(pluribus.glob("*.txt"))[:3], fresh_db)
    records = exported(fresh_db)
    assert len(records) > 250
    for record in records:
        if record["status"] != "ok":
            assert record["problem"]["rule"] == "S4", record["problem"]
            continue
        assert sum(p["net"] for p in record["players"]) + record["rake"] == 0, record["hand_id"]
        assert record["started_at"].endswith("Z")
        assert record["currency"] in ("PLAY", "CHIPS")
