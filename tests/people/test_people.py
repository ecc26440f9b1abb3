"""People and their accounts (issue 25, item 5; acceptance 5): the statistics of a person
are the sums of his accounts' statistics, every count and every sum, in both of
``player_stats``' paths (the per-hand rows and the pre-aggregated sums)."""

from __future__ import annotations

import json
import math

import pytest

from analytics.stats.explain import explain_listing
from analytics.stats.people import resolve, subject_query, subjects_stats
from analytics.stats.players import STATS, Kind, StatsQuery, player_stats
from analytics.stats.queries import Filters
from analytics.store.db import connect, read_only
from analytics.store.people import AliasError, add_aliases, people, remove_aliases
from dashboard.cli import EXIT_OK, EXIT_USAGE, main
from tests.people.conftest import ACCOUNTS


def _frames(conn, query: StatsQuery, aggregated: bool):
    person = resolve(conn, "Alice")
    assert person.kind == "person"
    assert len(person.accounts) == 3
    mine = player_stats(conn, subject_query(conn, query, person), aggregated=aggregated)
    accounts = [
        player_stats(conn, subject_query(conn, query, resolve(conn, text)), aggregated=aggregated)
        for text in ACCOUNTS
    ]
    return mine, accounts


@pytest.mark.parametrize("aggregated", [False, True])
@pytest.mark.parametrize("by", [None, "position"])
def test_a_persons_stats_are_the_sums_of_his_accounts(db, aggregated, by) -> None:
    conn = read_only(db).conn
    mine, accounts = _frames(conn, StatsQuery(by=by), aggregated)
    key = ["currency", *(["position"] if by else [])]
    assert len(mine) == (1 if by is None else mine["position"].nunique())
    for _, row in mine.iterrows():
        parts = [frame[(frame[key] == row[key]).all(axis=1)] for frame in accounts]
        assert sum(len(p) for p in parts) >= 2  # at least two accounts in each group

        def total(column: str, parts: list = parts) -> float:
            return sum(float(p[column].sum()) for p in parts)

        for s in STATS:
            if s.kind is Kind.COUNT:
                assert row[s.name] == total(s.name), s.name
            elif s.kind is Kind.MONEY:
                assert row[f"{s.name}_units"] == pytest.approx(total(f"{s.name}_units")), s.name
            elif s.kind is Kind.PER_100:  # bb/100 over the same hands: Σ bb = Σ of each's
                weighted = sum(float((p[s.name].fillna(0) * p["hands"]).sum()) for p in parts)
                assert row[s.name] * row["hands"] == pytest.approx(weighted), s.name
            else:
                assert row[f"{s.name}_x"] == total(f"{s.name}_x"), s.name
                assert row[f"{s.name}_n"] == total(f"{s.name}_n"), s.name
    assert mine["hands"].sum() == 470  # every hand of the three accounts, once


def test_stats_player_names_a_person_an_account_or_a_name(capsys, db) -> None:
    def stats(*argv: str) -> list[dict]:
        code = main(["stats", "--db", str(db), *argv, "--format", "json"])
        out, err = capsys.readouterr()
        assert code == EXIT_OK, err
        return json.loads(out)

    (alice,) = stats("--player", "alice")
    assert (alice["player"], alice["site"], alice["hands"]) == ("Alice", "GGPoker+PokerStars", 470)
    (stars,) = stats("--player", "pokerstars:Me")
    assert (stars["player"], stars["site"], stars["hands"]) == ("Me", "PokerStars", 200)
    by_room = stats("--player", "Me")  # a name: one group per room, as before
    assert sorted((r["site"], r["hands"]) for r in by_room) == [("GGPoker", 150),
                                                                ("PokerStars", 200)]  # fmt: skip
    both = stats("--player", "Alice", "--player", "V1")
    assert {r["player"] for r in both} == {"Alice", "V1"}
    assert alice["vpip"]["x"] == sum(r["vpip"]["x"] for r in [
        *by_room, *stats("--player", "PokerStars:Me2")])  # fmt: skip
    assert not math.isnan(alice["vpip"]["value"])
    assert main(["stats", "--db", str(db), "--player", "PokerStars:Nobody"]) == EXIT_USAGE


def test_subjects_stats_keeps_plain_names_as_before(db) -> None:
    conn = read_only(db).conn
    before = player_stats(conn, StatsQuery(players=("V1",)))
    after = subjects_stats(conn, StatsQuery(players=("V1",)))
    assert after.equals(before)


def test_alias_commands(capsys, tmp_path, db) -> None:
    path = tmp_path / "copy.sqlite"
    path.write_bytes(db.read_bytes())
    run = lambda *argv: (main(["alias", *argv, "--db", str(path)]),  # noqa: E731
                         *capsys.readouterr())  # fmt: skip
    assert run("add", "Bob", "pokerstars:v1", "GGPoker:V2")[:2] == (
        EXIT_OK, "Bob: PokerStars:V1, GGPoker:V2\n")  # fmt: skip
    code, out, _ = run("list", "--format", "json")
    listed = {p["person"]: p["accounts"] for p in json.loads(out)}
    assert listed["Bob"] == [{"site": "GGPoker", "name": "V2"},
                             {"site": "PokerStars", "name": "V1"}]  # fmt: skip
    assert run("list")[1].splitlines() == [
        "Alice: Me (GGPoker), Me (PokerStars), Me2 (PokerStars)",
        "Bob: V2 (GGPoker), V1 (PokerStars)",
    ]
    for argv, message in (
        (("add", "Bob", "PokerStars:Me"), "already Alice's"),  # one person an account
        (("add", "Bob", "PokerStars:Nobody"), "no player 'Nobody' at PokerStars"),
        (("add", "Bob", "Nowhere:V1"), "no room 'Nowhere'"),
        (("add", "Bob", "V1"), "expected SITE:NAME"),
        (("remove", "Carol"), "no person 'Carol'"),
        (("remove", "Bob", "PokerStars:Me"), "is not Bob's"),
    ):
        code, _, err = run(*argv)
        assert (code, message in err) == (EXIT_USAGE, True), (argv, err)
    assert run("remove", "Bob", "GGPoker:V2")[:2] == (EXIT_OK, "Bob: removed 1 account(s)\n")
    assert run("remove", "Bob")[0] == EXIT_OK
    conn = read_only(path).conn
    assert list(people(conn)) == ["Alice"]


def test_an_account_left_alone_removes_its_person(tmp_path, db) -> None:
    path = tmp_path / "copy.sqlite"
    path.write_bytes(db.read_bytes())
    conn = connect(path).conn
    add_aliases(conn, "Solo", ["PokerStars:V3"])
    assert remove_aliases(conn, "solo", ["PokerStars:V3"]) == 1
    assert "Solo" not in people(conn)
    with pytest.raises(AliasError, match="colon"):
        add_aliases(conn, "a:b", ["PokerStars:V3"])


def test_the_hands_behind_a_persons_stat_are_his_accounts(db) -> None:
    """Explain a stat (the Player page's) for a person, with and without a filter: the
    hands of his accounts, adding up to his figure."""
    conn = read_only(db).conn
    for filters in (Filters(), Filters(sites=("PokerStars",))):
        query = StatsQuery(filters=filters)
        listing = explain_listing(conn, "Alice", "vpip", query)
        (row,) = player_stats(conn, subject_query(conn, query, resolve(conn, "Alice")))[
            ["vpip_x", "vpip_n"]].to_dict("records")  # fmt: skip
        assert (listing["x"].sum(), listing["n"].sum()) == (row["vpip_x"], row["vpip_n"])
        assert row["vpip_n"] > 0
