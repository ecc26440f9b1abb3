"""Stud, draw and mixed-game statistics on the PokerStars corpus agree with a recount made
here from the raw text with plain regexes (as ``test_stats_pluribus.py`` does for hold'em).

The recount shares nothing with the product but the list of hands stored ``ok`` (the
importer quarantines a few, each with its reason). It reads the PokerStars lines:

- dealt in: a player who posts, brings in, acts or draws (everyone antes in stud;
  "Dealt to" lines are not read, since a name may hold brackets: "PC [Mittel]");
- the first betting round: from the first ``*** ... ***`` line (HOLE CARDS, 3rd STREET,
  DEALING HANDS) to the next one, or to the first ``discards`` or ``stands pat`` line
  (2009 draw logs print no line for the draw);
- VPIP: a ``calls``, ``bets``, ``raises`` or ``completes`` line of the player in that round
  (a bring-in or a blind is not one), over the hands that are not his walk (nobody put a
  chip in voluntarily and everyone else folded);
- PFR: a ``bets``, ``raises`` or ``completes`` line there, same denominator (in stud the
  completion is written "bets" or "raises ... to").
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.stats.players import StatsQuery, records, stats
from analytics.stats.queries import Filters
from tests.corpus import CORPORA

pytestmark = pytest.mark.corpus

FOLDERS = ("stud", "draw", "mixed")
HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+):", re.M)
MARKER = re.compile(r"^\*\*\* .+ \*\*\*", re.M)
LINE = re.compile(
    r"^(.+?): (posts|brings in|folds|checks|calls|bets|raises|completes|discards|stands pat)\b",
    re.M,
)
VOLUNTARY = frozenset({"calls", "bets", "raises", "completes"})
AGGRESSIVE = frozenset({"bets", "raises", "completes"})
#: Games of these families, as the header names them (8-Game rounds included).
STUD_OR_DRAW = re.compile(r"Stud|Razz|Draw|Badugi", re.IGNORECASE)


def _files() -> list[Path]:
    root = CORPORA / "pokerstars"
    return sorted(p for p in root.rglob("*.txt") if any(part in FOLDERS for part in p.parts[-3:]))


def _hands(files: list[Path]) -> dict[str, str]:
    hands: dict[str, str] = {}
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n")
        starts = [m.start() for m in HEADER.finditer(text)]
        for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
            chunk = text[start:end]
            number = HEADER.match(chunk).group(1)  # type: ignore[union-attr]
            hands.setdefault(number, chunk)
    return hands


def _count(hand: str, tally: dict[str, dict[str, int]]) -> None:
    lines = [(m.start(), m.group(1), m.group(2)) for m in LINE.finditer(hand)]
    players = {name for _, name, _ in lines}
    markers = [m.start() for m in MARKER.finditer(hand)]
    start, end = markers[0], markers[1] if len(markers) > 1 else len(hand)
    # 2009 draw logs have no "*** DRAW ***" line: the first discard ends the round too.
    draws = [at for at, _, verb in lines if verb in ("discards", "stands pat") and at > start]
    end = min([end, *draws])
    first = [(name, verb) for at, name, verb in lines if start < at < end]
    folded = {name for _, name, verb in lines if verb == "folds"}
    nobody_in = not any(verb in VOLUNTARY for _, verb in first)
    for player in players:
        t = tally[player]
        t["hands"] += 1
        walk = nobody_in and player not in folded and players - folded == {player}
        if walk:
            continue
        t["vpip_n"] += 1
        t["vpip_x"] += any(n == player and v in VOLUNTARY for n, v in first)
        t["pfr_x"] += any(n == player and v in AGGRESSIVE for n, v in first)


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    files = _files()
    if not files:
        pytest.skip("../shared/corpora/pokerstars is absent")
    db = tmp_path_factory.mktemp("stud_draw") / "corpus.sqlite"
    import_paths(files, db, jobs=min(2, os.cpu_count() or 1))
    return db


def _ok_hands(db: Path) -> dict[str, str]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT hand_id, game_name FROM hands WHERE status = 'ok'").fetchall()
    finally:
        conn.close()
    return dict(rows)


@pytest.fixture(scope="module")
def recount(corpus_db: Path) -> dict[str, dict[str, int]]:
    ok = _ok_hands(corpus_db)
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for number, hand in _hands(_files()).items():
        first_line = hand.split("\n", 1)[0]
        if number in ok and STUD_OR_DRAW.search(first_line):
            _count(hand, tally)
    return tally


def _stud_and_draw_games(db: Path) -> tuple[str, ...]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT DISTINCT game FROM hands WHERE status = 'ok'").fetchall()
    finally:
        conn.close()
    games = tuple(sorted(g for (g,) in rows if g.startswith(("FL7S", "FLRAZZ", "FLBADUGI"))
                         or "CD" in g or "27" in g))  # fmt: skip
    return games


def test_the_corpus_has_stud_and_draw_hands_ok(corpus_db: Path, recount) -> None:
    games = _stud_and_draw_games(corpus_db)
    assert {"FL7S", "FL7S8", "FLRAZZ", "FL27TD", "FLBADUGI", "FL5CD"} <= set(games)
    assert sum(t["hands"] for t in recount.values()) > 1500  # player-hands


def test_vpip_and_pfr_agree_with_the_recount(corpus_db: Path, recount) -> None:
    games = _stud_and_draw_games(corpus_db)
    frame = stats(corpus_db, StatsQuery(filters=Filters(games=games)))
    found = {r["player"]: r for r in records(frame)}
    # One row per player and currency: the recount adds currencies, so add them too.
    by_player: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in records(frame):
        p = by_player[r["player"]]
        p["hands"] += r["hands"]
        p["vpip_x"] += r["vpip"]["x"]
        p["vpip_n"] += r["vpip"]["n"]
        p["pfr_x"] += r["pfr"]["x"]
        p["pfr_n"] += r["pfr"]["n"]
    assert set(by_player) == set(recount)
    busiest = sorted(recount, key=lambda name: -recount[name]["hands"])[:8]
    assert recount[busiest[0]]["hands"] > 100
    for name in sorted(recount):
        expected, got = recount[name], by_player[name]
        assert got["hands"] == expected["hands"], name
        assert (got["vpip_x"], got["vpip_n"]) == (expected["vpip_x"], expected["vpip_n"]), name
        assert (got["pfr_x"], got["pfr_n"]) == (expected["pfr_x"], expected["vpip_n"]), name
    assert found  # the frame is not empty


def test_stud_hands_have_no_steal_and_a_big_bet_unit(corpus_db: Path) -> None:
    frame = stats(corpus_db, StatsQuery(filters=Filters(games=("FL7S", "FL7S8", "FLRAZZ"))))
    assert len(frame) > 5
    assert (frame["steal_n"] == 0).all()
    assert frame["steal"].isna().all()
    assert (frame["fold_to_steal_n"] == 0).all()
    assert frame["bb_per_100"].notna().all()  # counted in big bets: stud has no big blind
    assert frame["vpip_n"].sum() > 0
    assert frame["three_bet_n"].sum() > 0
