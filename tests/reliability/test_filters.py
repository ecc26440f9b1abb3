"""Fault 5 of issue 9: no filter silently matches nothing.

Games, positions and players match in any case; a value that names nothing stored is an
error that lists the stored values (exit 2, not "no hands match" with exit 0); dates the
wrong way round are an error; stakes are read as money (``.05/.10`` is 5 and 10 cents,
not $5/$10) and letters in them are refused rather than ignored.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from tests.reliability.conftest import Run


def _stored(db: Path) -> dict[str, str]:
    """What the sample database holds, as the messages list it (the samples grow)."""
    conn = sqlite3.connect(db)
    try:
        games = sorted(g for (g,) in conn.execute("SELECT DISTINCT game FROM hands") if g)
        (players,) = conn.execute(  # not Bovada's anonymous "Seat N" (migration 0012)
            "SELECT count(DISTINCT name) FROM players WHERE NOT anonymous"
        ).fetchone()
        sizes = sorted(
            n for (n,) in conn.execute("SELECT DISTINCT max_seats FROM hands") if n is not None
        )
    finally:
        conn.close()
    return {"games": ", ".join(games), "players": str(players),
            "sizes": ", ".join(str(n) for n in sizes)}  # fmt: skip


def test_matching_is_case_insensitive(run: Run, samples_db: Path) -> None:
    for typed, stored in (
        (("--game", "flhe"), ("--game", "FLHE")),
        (("--position", "btn"), ("--position", "BTN")),
        (("--player", "kai"), ("--player", "Kai")),
    ):
        code, out, err = run("stats", "--db", samples_db, *typed, "--format", "json")
        assert (code, err) == (0, "")
        assert out == run("stats", "--db", samples_db, *stored, "--format", "json")[1]
        assert out != "[]\n"
    lower = ("--player", "kai", "--game", "flhe", "--position", "btn")
    code, out, _ = run("explain", "--db", samples_db, "vpip", *lower)
    assert out == run("explain", "--db", samples_db, "vpip", *(a.upper() if a.islower() and
                      a in ("flhe", "btn") else a for a in lower))[1]  # fmt: skip
    assert out.startswith("Kai (PokerStars, USD) · 1 hands\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--game", "nlhx"), "unknown game 'nlhx' (stored: {games})"),
        (
            ("--position", "button"),
            "unknown position 'button' (stored: BB, BTN, CO, HJ, LJ, MP, SB, UTG, UTG+1, UTG+2)",
        ),
        (("--player", "Kia"), "no player 'Kia' among the {players} stored; did you mean: "),
        (("--table-size", "7"), "no hands at tables of 7 seats (stored: {sizes})"),
        (
            ("--from", "2026-11-02", "--to", "2026-11-01"),
            "the dates are the wrong way round: from 2026-11-02 is after to 2026-11-01",
        ),
        (
            ("--stakes", "5/10x"),
            "stakes '5/10x': expected two amounts, like 50/100,"
            " $0.05/$0.10 or .05/.10 (no letters)",
        ),
        (("--stakes", "NL5/10"), "stakes 'NL5/10': expected two amounts"),
        (("--stakes", "$3/$6"), "stakes '$3/$6': no stored hands at these stakes (stored:"),
    ],
)
def test_a_value_that_names_nothing_is_an_error(
    run: Run, samples_db: Path, argv: tuple[str, ...], message: str
) -> None:
    expected = message.format(**_stored(samples_db))
    assert "7" not in _stored(samples_db)["sizes"].split(", ")
    for command in (("stats",), ("explain", "vpip", "--player", "Kai")):
        code, out, err = run(*command, "--db", samples_db, *argv)
        assert (code, out) == (2, ""), err
        assert err.startswith(f"pokerhh: {expected}"), err


def test_stakes_are_money(run: Run, samples_db: Path) -> None:
    code, cents, _ = run("stats", "--db", samples_db, "--stakes", ".05/.10", "--format", "json")
    assert code == 0
    assert cents == run("stats", "--db", samples_db, "--stakes", "0.05/0.10",
                        "--format", "json")[1]  # fmt: skip
    dollars = run("stats", "--db", samples_db, "--stakes", "5/10", "--format", "json")[1]
    assert cents != dollars
    assert '"currency": "USD"' in cents
    # With a currency sign, only that currency's tables (the samples have euro ones too).
    usd = run("stats", "--db", samples_db, "--stakes", "$0.05/$0.10", "--format", "json")[1]
    assert '"currency": "USD"' in usd
    assert '"currency": "EUR"' not in usd


def test_parse_stakes() -> None:
    from analytics.stats.players import BadFilter, parse_stakes

    assert parse_stakes(".05/.10") == (Decimal("0.05"), Decimal("0.10"), None)
    assert parse_stakes(" €1 / €2 ") == (Decimal(1), Decimal(2), "EUR")
    assert parse_stakes("1,000/2,000")[:2] == (Decimal(1000), Decimal(2000))
    for text in ("5/10 USD", "0.05/0.10/0.25", "$1/€2", "", "5-10"):
        with pytest.raises(BadFilter):
            parse_stakes(text)
