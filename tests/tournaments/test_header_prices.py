"""Issue 23 item 12: a real-money tournament's price, read from the hand's header when no
summary gives it. GGPoker and WPN write no buy-in where PokerStars does; the tournament's
name often states it, and a guarantee ("$5,000 GTD") is never the price."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser import decode, split_hands
from parser.formats import parse_hand
from parser.kit.tournament import price_in_name, tournament_named
from tests.corpus import CORPORA

SITES = CORPORA / "sites"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Omaholic Bounty $8.40 Omaha (NL postflop)", ("USD", 100, (840,))),
        ("H-04: $1,050 GGMasters High Rollers Hold'em No Limit  ", ("USD", 100, (105000,))),
        ("High Rollers PLO Main Event $1K Omaha Pot Limit", ("USD", 100, (100000,))),
        ("$5,000 GTD", ("USD", 100, ())),
        ("$50K GTD Satellite R/A - 6 Seats GTD", ("USD", 100, ())),
        ("€10 Sunday", ("EUR", 100, (1000,))),
        ("Hold'em No Limit", None),
    ],
)
def test_the_price_a_name_states(name: str, expected: object) -> None:
    assert price_in_name(name) == expected


def test_a_guarantee_names_the_money_not_the_price() -> None:
    t = tournament_named("$5,000 GTD", "27099516", "10")
    assert (t.currency, t.unit, t.buy_in, t.fee, t.freeroll) == ("USD", 100, 0, 0, False)
    t = tournament_named("$2.20 Turbo Heads-up", "5732408", None)
    assert (t.currency, t.buy_in) == ("USD", 220)


def _first_tournament(path: Path) -> object:
    text = decode(path.read_bytes(), str(path))
    raw = next(iter(split_hands(text, str(path))))
    return parse_hand(raw).tournament


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("path", "currency", "price"),
    [
        ("GGPoker/tour/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt", "USD", 840),
        ("GGPoker/tour/NLHE-8max-MTT-USD-52.50-202104.KO.txt", "USD", 5250),
        ("GGPoker/tour/PLO-6max-MTT-USD-1k-202006.txt", "USD", 100000),
        ("Winning/tour/NLHE-2max-USD-2.20_HH00000000_T5732408-G0-201608.Turbo.txt", "USD", 220),
        ("Winning/tour/NLHE-9max-USD-5.00_HH00000000_T5731520-G0-201608.Regular.txt", "USD", 500),
        ("Winning/tour/NLHE-8max-NA-0-0-202207.GTD.txt", "USD", 0),
    ],
)
def test_corpus_headers_give_the_price(path: str, currency: str, price: int) -> None:
    file = SITES / path
    if not file.is_file():
        pytest.skip(f"{file} is absent")
    t = _first_tournament(file)
    assert t is not None
    assert (t.currency, t.unit, t.buy_in + t.bounty + t.fee) == (currency, 100, price)  # type: ignore[attr-defined]
