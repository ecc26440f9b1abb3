"""Issue 3, acceptance 3: on the Pluribus corpus, ``pokerhh stats --player Pluribus`` and the
per-player table agree with a count made here from the raw text with plain regexes.

The recount shares nothing with the product: no parser, no engine, no flags. It reads the
PokerStars lines directly:

- hands: each hand text once (by hand number, first file wins, as the importer keeps the
  first copy), leaving out the hands whose log pays a fraction of a chip (the importer
  quarantines them: rule S4);
- VPIP: a ``calls``, ``bets`` or ``raises`` line of the player before the flop, over the
  hands that are not his walk (everybody folded and he posted the big blind);
- PFR: a ``raises`` line before the flop, same denominator;
- WTSD: he never folded and at least one other player never folded, over the hands where
  a flop was dealt before he folded;
- net won: what his lines put in, street by street (a ``raises X to Y`` line makes his
  street total Y), less uncalled bets returned, subtracted from what he ``collected``;
- bb/100: net ÷ the header's big blind, per 100 hands.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from dashboard.cli import main
from tests.corpus import corpus_files

pytestmark = pytest.mark.corpus

HEADER = re.compile(r"^PokerStars Hand #(\d+):.*\((\d+)/(\d+)\)", re.M)
DEALT = re.compile(r"^Dealt to (\S+) ", re.M)
ACTION = re.compile(r"^(\S+): (folds|checks|calls|bets|raises)(?: (\d+))?(?: to (\d+))?", re.M)
BLIND = re.compile(r"^(\S+): posts (small|big) blind (\d+)", re.M)
RETURNED = re.compile(r"^Uncalled bet \((\d+)\) returned to (\S+)", re.M)
COLLECTED = re.compile(r"^(\S+) collected (\d+)(\.\d+)? from pot", re.M)
STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOWDOWN|SUMMARY) \*\*\*", re.M)


def _hands(files: list[Path]) -> dict[str, str]:
    hands: dict[str, str] = {}
    for path in files:
        text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
        starts = [m.start() for m in HEADER.finditer(text)]
        for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
            chunk = text[start:end]
            number = HEADER.match(chunk).group(1)  # type: ignore[union-attr]
            hands.setdefault(number, chunk)
    return hands


def _count(hand: str, tally: dict[str, dict[str, float]]) -> None:
    """Add one hand's figures to each of its players' ``tally``."""
    if any(cents for _, _, cents in COLLECTED.findall(hand) if cents.strip(".0")):
        return  # a fraction of a chip paid: quarantined by the importer
    big_blind = int(HEADER.match(hand).group(3))  # type: ignore[union-attr]
    players = DEALT.findall(hand)
    flop = hand.find("*** FLOP ***")
    preflop_end = min(m.start() for m in STREET.finditer(hand))
    preflop = [a for a in ACTION.finditer(hand) if a.start() < preflop_end]
    big = next(name for name, kind, _ in BLIND.findall(hand) if kind == "big")
    everyone_folded = all(a.group(2) == "folds" for a in preflop)
    folded_at = {a.group(1): a.start() for a in ACTION.finditer(hand) if a.group(2) == "folds"}
    left = [p for p in players if p not in folded_at]

    # Money, street by street.
    invested: dict[str, int] = defaultdict(int)
    street_put: dict[str, int] = defaultdict(int)
    bounds = [m.start() for m in STREET.finditer(hand)]
    events = sorted(
        [(m.start(), "blind", m) for m in BLIND.finditer(hand)]
        + [(m.start(), "action", m) for m in ACTION.finditer(hand)]
        + [(b, "street", None) for b in bounds]
    , key=lambda e: e[0])  # fmt: skip
    for _, kind, m in events:
        if kind == "street":
            for name, put in street_put.items():
                invested[name] += put
            street_put.clear()
        elif kind == "blind" or m.group(2) in ("calls", "bets"):
            street_put[m.group(1)] += int(m.group(3))
        elif m.group(2) == "raises":
            street_put[m.group(1)] = int(m.group(4))
    for amount, name in RETURNED.findall(hand):
        invested[name] -= int(amount)
    collected: dict[str, int] = defaultdict(int)
    for name, whole, _ in COLLECTED.findall(hand):
        collected[name] += int(whole)

    for player in players:
        t = tally[player]
        t["hands"] += 1
        walk = everyone_folded and player == big
        if not walk:
            t["vpip_n"] += 1
            t["vpip_x"] += any(
                a.group(1) == player and a.group(2) in ("calls", "bets", "raises") for a in preflop
            )
            t["pfr_x"] += any(a.group(1) == player and a.group(2) == "raises" for a in preflop)
        saw_flop = flop >= 0 and folded_at.get(player, len(hand)) > flop
        t["wtsd_n"] += saw_flop
        t["wtsd_x"] += saw_flop and player in left and len(left) >= 2
        net = collected[player] - invested[player]
        t["net"] += net
        t["bb"] += net / big_blind


@pytest.fixture(scope="module")
def recount() -> dict[str, dict[str, float]]:
    files = corpus_files("pluribus")
    if not files:
        pytest.skip("../shared/corpora/pluribus is absent")
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for hand in _hands(files).values():
        _count(hand, tally)
    return tally


@pytest.fixture(scope="module")
def pluribus_db(pluribus_import: Path) -> Path:
    """The session's one import of the corpus (``tests/conftest.py``); only read here."""
    return pluribus_import


def _stats(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:
    assert main(["stats", *argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def _agrees(record: dict, expected: dict[str, float]) -> None:
    name = record["player"]
    assert record["hands"] == expected["hands"], name
    assert (record["vpip"]["x"], record["vpip"]["n"]) == (expected["vpip_x"], expected["vpip_n"])
    assert (record["pfr"]["x"], record["pfr"]["n"]) == (expected["pfr_x"], expected["vpip_n"])
    assert (record["wtsd"]["x"], record["wtsd"]["n"]) == (expected["wtsd_x"], expected["wtsd_n"])
    assert record["net_won_units"] == expected["net"], name
    assert record["bb_per_100"] == pytest.approx(expected["bb"] / expected["hands"] * 100)


def test_pluribus_stats_agree_with_a_recount_from_the_text(capsys, pluribus_db, recount):
    (record,) = _stats(capsys, "--db", str(pluribus_db), "--player", "Pluribus")
    assert record["hands"] > 9900
    _agrees(record, recount["Pluribus"])


def test_the_per_player_table_agrees_too(capsys, pluribus_db, recount):
    records = _stats(capsys, "--db", str(pluribus_db))
    assert {r["player"] for r in records} == set(recount)
    for record in records:
        _agrees(record, recount[record["player"]])
    assert sum(r["net_won_units"] for r in records) == 0  # no rake in these games
