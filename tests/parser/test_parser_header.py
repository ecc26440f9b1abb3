"""The header and table lines: site, hand id, game, stakes, money, tournament, time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parser.model.errors import ParseError
from parser.model.hand import ParsedHand, Stakes
from tests.parser.conftest import hand_text, parse_text

PLAY = (
    "Carol: folds\nAlice: folds\nUncalled bet ($0.05) returned to Bob\nBob collected $0.10 from pot"
)


def header(
    line: str,
    *,
    table: str = "Table 'T' 6-max Seat #3 is the button",
    play: str = PLAY,
    forced: str | None = None,
) -> ParsedHand:
    summary = "*** SUMMARY ***\nTotal pot 75 | Rake 0" if forced else "*** SUMMARY ***"
    return parse_text(hand_text(play, header=line, table=table, forced=forced, summary=summary))


CHIPS = "Alice: posts small blind 25\nBob: posts big blind 50"


def test_cash_hand() -> None:
    hand = header(
        "PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - "
        "2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]"
    )
    assert (hand.site, hand.hand_id, hand.game, hand.game_name) == (
        "PokerStars",
        "257180854570",
        "NLHE",
        "Hold'em No Limit",
    )
    assert (hand.currency, hand.unit) == ("USD", 100)
    assert hand.stakes == Stakes(small=5, big=10)
    assert hand.started_at == datetime(2025, 8, 2, 9, 24, 53, tzinfo=UTC)
    assert (hand.table, hand.max_seats, hand.button_seat) == ("T", 6, 3)
    assert (hand.tournament_id, hand.level, hand.mixed) == (None, None, None)


@pytest.mark.parametrize(
    ("line", "when"),
    [
        # the bracketed ET time wins; ET is America/New_York with its DST
        (
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2012/12/14 7:59:19 CUST "
            "[2012/12/13 19:59:19 ET]",
            datetime(2012, 12, 14, 0, 59, 19, tzinfo=UTC),
        ),
        (
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2019/07/12 03:46:40 ET",
            datetime(2019, 7, 12, 7, 46, 40, tzinfo=UTC),
        ),
        # the 2007 format
        (
            "PokerStars Game #1: Hold'em No Limit ($1/$2) - 2007/10/15 - 12:33:44 (ET)",
            datetime(2007, 10, 15, 16, 33, 44, tzinfo=UTC),
        ),
        # other zones by the table; no seconds; no zone at all means ET
        (
            "PokerMaster Hand #1: Hold'em No Limit ($2/$4 USD) - 2019/01/03 11:48:00 UTC",
            datetime(2019, 1, 3, 11, 48, tzinfo=UTC),
        ),
        (
            "Run It Once Poker Hand #1: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC "
            "[2019/02/08 16:19 CET]",
            datetime(2019, 2, 8, 15, 19, tzinfo=UTC),
        ),
        (
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2010/08/20 5:01:22 MSK",
            datetime(2010, 8, 20, 1, 1, 22, tzinfo=UTC),
        ),
        (
            "PokerStars Hand #1: Hold'em No Limit ($10/$20) - 2017/01/01 15:02:07",
            datetime(2017, 1, 1, 20, 2, 7, tzinfo=UTC),
        ),
    ],
)
def test_times_are_utc(line: str, when: datetime) -> None:
    assert header(line).started_at == when


def test_unknown_time_zone_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="unknown time zone 'XYZ'"):
        header("PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2019/07/12 03:46:40 XYZ")


@pytest.mark.parametrize(
    ("line", "currency", "unit", "stakes"),
    [
        (
            "PokerStars Hand #1: Hold'em No Limit (€1/€2 EUR) - 2012/12/14 7:59:19 ET",
            "EUR",
            100,
            Stakes(small=100, big=200),
        ),
        (
            "PokerMaster Hand #1: Hold'em No Limit (¥2/¥4 CNY) - 2019/03/19 10:57:09 UTC",
            "CNY",
            100,
            Stakes(small=200, big=400),
        ),
        (
            "Run It Once Poker Hand #1: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC",
            "EUR",
            100,
            Stakes(small=2, big=4),
        ),
        (
            "PokerBros Hand #1: Hold'em No Limit ($0.5/$1 USD) - 2021/03/19 19:51:54 UTC",
            "USD",
            100,
            Stakes(small=50, big=100),
        ),
        (
            "PokerStars Game #1:  Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD) - "
            "2010/11/01 12:20:00 ET",
            "USD",
            100,
            Stakes(small=25, big=50, cap=1000),
        ),
        (
            "PokerStars Hand #1:  6+ Hold'em No Limit (Button Blind $0.25 - Ante $0.25  USD) - "
            "2020/05/05 16:31:20 ET",
            "USD",
            100,
            Stakes(small=25, big=25, ante=25),
        ),
        (
            "POKERSTARS GAME #1:  HOLD'EM NO LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)",
            "USD",
            100,
            Stakes(small=200, big=400),
        ),
    ],
)
def test_cash_money(line: str, currency: str, unit: int, stakes: Stakes) -> None:
    hand = header(line, play="Carol: folds\nAlice: folds\nBob collected 1 from pot")
    assert (hand.currency, hand.unit, hand.stakes) == (currency, unit, stakes)


def test_play_money() -> None:
    hand = header(
        "PokerStars Hand #100000: Hold'em No Limit (50/100) - 2019/07/12 03:46:40 ET",
        table="Table 'Pluribus Session 100' 6-max (Play Money) Seat #6 is the button",
        play="Carol: folds\nAlice: folds\nBob collected 150 from pot",
        forced=CHIPS,
    )
    assert (hand.currency, hand.unit, hand.stakes) == ("PLAY", 1, Stakes(small=50, big=100))
    assert hand.table == "Pluribus Session 100"


@pytest.mark.parametrize(
    ("line", "tournament", "level", "mixed"),
    [
        (
            "PokerStars Game #1: Tournament #16609627, $10+$1 USD Hold'em No Limit - Level IV "
            "(50/100) - 2005/12/16 21:02:20 ET",
            "16609627",
            "IV",
            None,
        ),
        (
            "PokerStars Hand #1: Tournament #604678566, Freeroll  Hold'em No Limit - Level XIX "
            "(50/100) - 2012/09/22 13:59:56 ET",
            "604678566",
            "XIX",
            None,
        ),
        (
            "PokerStars Hand #1: Zoom Tournament #9, $3.00+$0.30 USD Hold'em No Limit - Level X "
            "(50/100) - 2014/07/01 10:00:00 ET",
            "9",
            "X",
            None,
        ),
        (
            "PokerStars Game #1: Tournament #2, Hold'em No Limit - Match Round I, Level I (50/100)"
            " - 2006/11/03 9:33:00 ET",
            "2",
            "I",
            None,
        ),
        (
            "PokerStars Hand #1: Tournament #2, 250 SC Hold'em No Limit - Level XI (50/100) - "
            "2015/12/20 19:25:00 CET",
            "2",
            "XI",
            None,
        ),
        (
            "PokerStars Game #1: Tournament #2, 50FPP Hold'em No Limit - Level I (50/100) - "
            "2010/07/10 22:09:50 CET",
            "2",
            "I",
            None,
        ),
        (
            "PokerStars Hand #1: Tournament #2, ₹136.50+₹13.50 INR Hold'em No Limit - Level XXVI "
            "(50/100) - 2019/01/01 10:00:00 IST",
            "2",
            "XXVI",
            None,
        ),
        (
            "PokerStars Home Game Hand #1: {Dazzle's Room} Tournament #743144019, 100+9 8-Game "
            "(Hold'em No Limit) - Match Round I, Level VII (50/100) - 2013/06/06 0:30:18 ET",
            "743144019",
            "VII",
            "8-Game",
        ),
        (
            "PokerStars Game #1: Tournament #2, $2.00+$0.20 USD Mixed Hold'em (Hold'em No Limit) - "
            "Level II (50/100) - 2010/07/26 4:23:42 ET",
            "2",
            "II",
            "Mixed Hold'em",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $2.00+$0.20 USD 8-Game: Hold'em No Limit - Level I "
            "(50/100) - 2010/07/26 4:23:42 ET",
            "2",
            "I",
            "8-Game",
        ),
        (
            "Run It Once Poker Hand #1: Tournament #158168, €4.69+€0.31 Cub3d, Hold'em No Limit "
            "(50/100) - 2021/04/12 16:01 UTC",
            "158168",
            None,
            None,
        ),
        (
            "PokerStars Hand #1: Tournament #2, $125+$10 - Hold'em No Limit (50/100) - "
            "2015/06/14 21:06:43",
            "2",
            None,
            None,
        ),
    ],
)
def test_tournaments(line: str, tournament: str, level: str | None, mixed: str | None) -> None:
    hand = header(line, play="Carol: folds\nAlice: folds\nBob collected 150 from pot", forced=CHIPS)
    assert (hand.tournament_id, hand.level, hand.mixed) == (tournament, level, mixed)
    assert (hand.currency, hand.unit, hand.stakes) == ("CHIPS", 1, Stakes(small=50, big=100))
    assert hand.game == "NLHE"


def test_mixed_cash_game() -> None:
    hand = header(
        "PokerStars Hand #1:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - "
        "2012/04/15 21:33:56 EET [2012/04/15 14:33:56 ET]"
    )
    assert (hand.game, hand.mixed, hand.stakes) == (
        "NLHE",
        "Mixed NLH/PLO",
        Stakes(small=10, big=25),
    )


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Hold'em Limit", "FLHE"),
        ("Hold'em Pot Limit", "PLHE"),
        ("Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", "PLNLHE"),
        ("Omaha Pot Limit", "PLO"),
        ("Omaha Fixed Limit", "FLO"),
        ("Omaha Hi/Lo No Limit", "NLO8"),
        ("5 Card Omaha Hi/Lo Pot Limit", "PLO58"),
        ("6 Card Omaha Pot Limit", "PLO6"),
        ("Courchevel Hi/Lo Pot Limit", "PLCOUR8"),
        ("Split Hold'em No Limit", "NLHESPLIT"),
        ("6+ Hold'em No Limit", "NLHE6P"),
    ],
)
def test_game_names(name: str, code: str) -> None:
    hand = header(f"PokerStars Hand #1: {name} ($0.10/$0.20 USD) - 2012/04/15 21:33:56 ET")
    assert (hand.game, hand.game_name) == (code, name)


def test_fixed_limit_stakes_are_the_small_and_big_bet() -> None:
    hand = header("PokerStars Game #1:  Hold'em Limit ($0.10/$0.20 USD) - 2010/07/03 14:46:30 ET")
    assert hand.stakes == Stakes(small=10, big=20)


def test_unknown_game_is_a_parse_error_naming_it() -> None:
    with pytest.raises(ParseError) as caught:
        header("PokerStars Hand #1: Super Hold'em Crazy ($1/$2 USD) - 2019/07/12 03:46:40 ET")
    assert 'unknown game "Super Hold\'em Crazy"' in str(caught.value)
    assert (caught.value.line, caught.value.hand_id) == (1, "1")


def test_table_forms() -> None:
    line = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2019/07/12 03:46:40 ET"
    for table, expected in [
        ("Table '1234567 12' 9-max Seat #3 is the button", ("1234567 12", 9, 3)),
        ("Table 'Teucer II' Seat #3 is the button", ("Teucer II", None, 3)),
        ("Table 'Salm IX' 8-max", ("Salm IX", 8, None)),
        ("Table ID '30263259' 6-Max Seat #3 is the button", ("30263259", 6, 3)),
        ("Table 'It's 'quoted'' 6-max Seat #3 is the button", ("It's 'quoted'", 6, 3)),
        ("Table 'H28桌248at2' 9-max Seat #3 is the button", ("H28桌248at2", 9, 3)),
    ]:
        hand = header(
            line, table=table, play="Carol: folds\nAlice: folds\nBob collected $1 from pot"
        )
        assert (hand.table, hand.max_seats, hand.button_seat) == expected
