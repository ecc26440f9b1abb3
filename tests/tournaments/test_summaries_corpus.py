"""Issue 12, acceptance 1: every PokerStars summary of the corpus parses (or is reported
with a precise reason); merged with the corpus hands of the same tournament, the places
the summaries state are the places ``pokerhh tournaments`` reports."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from dashboard.cli import main
from parser.kit.decode import decode
from parser.model.summary import SummaryError, TournamentSummary
from parser.rooms.pokerstars.summary import looks_like_summary, parse_summary
from tests.corpus import CORPORA, corpus_files

SUMMARIES = corpus_files("pokerstars-summaries")
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not SUMMARIES, reason=f"no summaries under {CORPORA}"),
]


@cache
def _parsed(path: Path) -> TournamentSummary:
    """A corpus summary read once for the module (both tests below read all 29, and the
    grammar's parse is the slow part); the object is only read."""
    return parse_summary(decode(path.read_bytes(), str(path)), str(path))


@pytest.mark.parametrize("path", SUMMARIES, ids=lambda p: p.name)
def test_every_summary_parses(path: Path) -> None:
    text = decode(path.read_bytes(), str(path))
    assert looks_like_summary(text, str(path))
    summary = _parsed(path)
    assert summary.tournament_id
    assert summary.game_name
    assert summary.started_at is not None
    assert all(p.place >= 1 and p.name for p in summary.places)


def test_a_broken_summary_names_its_line() -> None:
    text = (
        "PokerStars Tournament #1, No Limit Hold'em\nBuy-In: $1/$0.10 USD\nGarbage\n  1: A (B),\n"
    )
    with pytest.raises(SummaryError, match=r"s.txt:4:1: not a tournament summary line '  1: A"):
        parse_summary(text, "s.txt")


def test_summaries_merge_with_the_hands_and_their_places_are_reported(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    hands = sorted({p for p in corpus_files("pokerstars") if "/tour/" in str(p)})
    report = import_paths([*SUMMARIES, *hands], db, jobs=1)
    assert report.summaries == len(SUMMARIES)
    assert not [r for r in report.files_refused if "summar" in str(r.path)]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--db", str(db), "tournaments", "--format", "json"]) == 0
    tournaments = json.loads(out.getvalue())["tournaments"]
    listed = {(t["site"], t["tournament_id"]): t for t in tournaments}
    merged = 0
    for path in SUMMARIES:
        summary = _parsed(path)
        reported = listed[(summary.site, summary.tournament_id)]
        assert set(reported) == {
            "tournament_id",
            "site",
            "game",
            "buy_in",
            "fee",
            "price_stated",
            "currency",
            "unit",
            "entrants",
            "prize_pool",
            "started_at",
            "players",
        }
        if summary.finished_at is None:
            continue  # an earlier, still-running summary: the finished one is the word
        places = {p["name"]: p["place"] for p in reported["players"]}
        best: dict[str, int] = {}  # a player who re-entered is listed once per entry
        for place in summary.places:
            if not place.still_playing:
                best[place.name] = min(best.get(place.name, place.place), place.place)
        assert {n: places[n] for n in best} == best, path.name
        merged += any(p.get("place") for p in reported["players"])
    both = [t for t in listed.values() if t["players"] and t["entrants"]]
    assert merged >= 5
    assert both
