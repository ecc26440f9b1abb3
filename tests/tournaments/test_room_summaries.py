"""Other rooms' tournament summaries (issue 12, item 5): every summary file of the corpus
(Full Tilt, Winamax, 888poker) is read by its room's grammar or refused with a precise
reason, and imported they become tournaments with the player's place, merged with the
room's hands of the same tournament where the corpus has them."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from dashboard.cli import main
from parser.formats import summary_parser
from parser.kit.decode import decode
from parser.model.summary import SummaryError, TournamentSummary
from tests.corpus import CORPORA

SUMMARIES = sorted((CORPORA / "sites").glob("*/summaries/*.txt")) if CORPORA.is_dir() else []
#: Files of the summaries folders that are not summaries, with the reason given.
REFUSED = {
    "17045686.Freeroll.Ticket.with.no.specified.value.txt":
        "Winamax's web page of tournament 17045686 (HTML), not a tournament summary",
}  # fmt: skip
SITES = {"FTP": "Full Tilt", "Winamax": "Winamax", "PacificPoker": "888poker"}
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not SUMMARIES, reason=f"no site summaries under {CORPORA}"),
]


def _parse(path: Path) -> TournamentSummary:
    text = decode(path.read_bytes(), str(path))
    parse = summary_parser(text, str(path))
    assert parse is not None, f"{path.name}: not recognised as a summary"
    summary = parse(text, str(path))
    assert isinstance(summary, TournamentSummary)
    return summary


@pytest.mark.parametrize("path", SUMMARIES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_room_summary_parses_or_is_refused_with_its_reason(path: Path) -> None:
    if path.name in REFUSED:
        with pytest.raises(SummaryError, match=re.escape(REFUSED[path.name])) as refused:
            _parse(path)
        assert refused.value.line == 1
        return
    summary = _parse(path)
    assert summary.site == SITES[path.parts[-3]]
    assert summary.tournament_id.isdigit()
    # Every file of the corpus says who "you" are and, but for a running heads-up, where
    # he finished (or, for Full Tilt, every place).
    assert summary.you or summary.places
    assert summary.you_place is not None or summary.places or "HUSNG" in path.name
    assert all(p.name and p.place >= 1 for p in summary.places)


def test_summary_fields_read_by_hand() -> None:
    ftp = CORPORA / "sites/FTP/summaries"
    ko = _parse(ftp / "NLHE-9max-MTT-USD-70-2013.ko.guar.txt")
    # "$70 + $5" with a $15 bounty inside the 70: 374 entries x $55 = the $20,570 pool.
    assert (ko.buy_in, ko.bounty, ko.fee, ko.entrants) == (5500, 1500, 500, 374)
    assert ko.prize_pool == ko.entrants * ko.buy_in
    assert (ko.you, ko.you_bounties, ko.you_bounty_total) == ("Hero", 3, 4500)
    many = _parse(ftp / "NLHE-9max-MTT-USD-20-201301.multi-entry.txt")
    assert (many.you_place, many.you_re_entries) == (8307, 2)  # 8307th, 9204th and 9520th
    sng = _parse(ftp / "NLHE-USD-SnG-6man-201101.Hero.cashes.txt")
    assert [(p.place, p.name, p.prize) for p in sng.places[:3]] == [
        (1, "Hero", 780), (2, "Player2", 420), (3, "Player3", None)]  # fmt: skip
    worded = _parse(ftp / "NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt")
    assert worded.started_at is not None
    assert worded.started_at.isoformat() == "2010-07-22T02:40:00+00:00"  # 22:40 ET (EDT)
    fpp = _parse(ftp / "NLHE-MTT-FPP-25-201308.Rebuys.Addons.txt")
    assert (fpp.currency, fpp.you_rebuys, fpp.you_addons, fpp.you_extra_cost) == (
        "FPP", 11, 1, 300)  # fmt: skip
    wmx = _parse(CORPORA / "sites/Winamax/summaries/NLHE-EUR-9.00-MTSNG-201105.rebuy.addons.txt")
    # 9€ + 1€, four rebuys and two add-ons at 9€ + 1€ each: 60€ more.
    assert (wmx.currency, wmx.buy_in, wmx.fee, wmx.entrants, wmx.prize_pool) == (
        "EUR", 900, 100, 18, 30000)  # fmt: skip
    assert (wmx.you, wmx.you_place, wmx.you_extra_cost) == ("Hero", 9, 6000)
    cassava = _parse(CORPORA / "sites/PacificPoker/summaries/NLHE-USD-MTT-5-201111.cashed.txt")
    assert (cassava.tournament_id, cassava.buy_in, cassava.fee) == ("34471039", 500, 50)
    assert (cassava.you_place, cassava.entrants, cassava.you_prize) == (7, 254, 5080)
    euro = _parse(CORPORA / "sites/PacificPoker/summaries/NLHE-MTT-EUR-0.01-201206"
                  ".freeroll.buyin.summary.txt")  # fmt: skip
    assert (euro.currency, euro.buy_in, euro.you_prize) == ("EUR", 1, 120)  # "1,20 €"


def test_a_broken_room_summary_names_its_line() -> None:
    text = "***** Cassava Tournament Summary *****\nTournament ID: 5\nBuy-In: $x + 1\n"
    parse = summary_parser(text, "s.txt")
    assert parse is not None
    with pytest.raises(SummaryError, match=r"s.txt:3: cannot read the buy-in: 'Buy-In: \$x"):
        parse(text, "s.txt")


def test_room_summaries_import_and_merge_with_their_hands(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    hands = sorted((CORPORA / "sites/FTP/tour").glob("*.txt"))
    report = import_paths([*SUMMARIES, *hands], db, jobs=1)
    # ... and one more among the hands: FTP/tour/NLHE-9max-STT-USD-8.30-201211.step.txt.
    assert report.summaries == len(SUMMARIES) - len(REFUSED) + 1
    refused = {Path(r.path).name: r for r in report.files_refused}
    assert set(REFUSED) <= set(refused)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--db", str(db), "tournaments", "--format", "json"]) == 0
    tournaments = json.loads(out.getvalue())["tournaments"]
    listed = {(t["site"], t["tournament_id"]): t for t in tournaments}
    keys: dict[tuple[str, str], list[TournamentSummary]] = {}
    for path in SUMMARIES:
        if path.name not in REFUSED:
            s = _parse(path)
            keys.setdefault((s.site, s.tournament_id), []).append(s)
    checked = 0
    for key, summaries in keys.items():
        if len(summaries) > 1:
            continue  # several summaries of one tournament: the store keeps the latest
        (summary,) = summaries
        places = {p["name"]: p["place"] for p in listed[key]["players"]}
        if summary.you and summary.you_place is not None:
            assert places[summary.you] == summary.you_place, key
            checked += 1
    assert checked >= 30
    # Full Tilt sit & go 253843023: summary and hands merged into one tournament.
    merged = listed[("Full Tilt", "253843023")]
    assert merged["entrants"] == 6
    assert {p["name"] for p in merged["players"]} >= {"Hero", "Player0", "Player1"}
