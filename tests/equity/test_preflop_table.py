"""The heads-up pre-flop table (issue 11): its rows equal a full enumeration, its keys are the
canonical matchups, :func:`analytics.equity.exact.outcomes` uses it only where it applies, and a
missing or damaged file is an error, never a silent fallback."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest

from analytics.equity import tables as tb
from analytics.equity.exact import HeadsUpCounts, Runouts, equities, outcomes, runouts
from analytics.equity.grouped import GroupedRunouts
from parser.model.cards import DECK, Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def enumerated(a: str, b: str) -> tuple[int, int, int]:
    """(wins a, wins b, ties) by ranking every board, as before the table."""
    first, second = runouts([cards(a), cards(b)]).high
    return (
        int(np.count_nonzero(first > second)),
        int(np.count_nonzero(first < second)),
        int(np.count_nonzero(first == second)),
    )


def looked_up(a: str, b: str) -> tuple[int, int, int]:
    return tb.heads_up_preflop_counts([c.index for c in cards(a)], [c.index for c in cards(b)])


# Pairs v pairs (suits shared or not), suited v offsuit, dominated, a chop, a pair v overs.
SAMPLE = [
    ("Ah As", "Kh Ks"),
    ("Ah As", "Kd Kc"),
    ("7c 7d", "2c 2h"),
    ("Jh Th", "Ac Kd"),
    ("Ac Kd", "Ah Qh"),
    ("As Ks", "Ad Qd"),
    ("Ah Kh", "As Ks"),
    ("Qd Qc", "As Ks"),
    ("5s 4s", "9h 9d"),
    ("7h 2c", "3d 2d"),
]


@pytest.mark.parametrize(("a", "b"), SAMPLE)
def test_the_table_equals_a_full_enumeration(a, b):
    counts = looked_up(a, b)
    assert counts == enumerated(a, b)
    assert sum(counts) == tb.HEADS_UP_PREFLOP_BOARDS == 1_712_304
    # Swapping the players swaps the wins, ties stay.
    assert looked_up(b, a) == (counts[1], counts[0], counts[2])


def test_random_matchups_equal_a_full_enumeration():
    rng = random.Random(11)
    for _ in range(4):
        drawn = rng.sample(DECK, 4)
        a, b = " ".join(c.text for c in drawn[:2]), " ".join(c.text for c in drawn[2:])
        assert looked_up(a, b) == enumerated(a, b), (a, b)


def test_known_counts():
    """A♠K♠ v Q♦Q♣: 787,966 wins and 6,732 ties (tests/equity/test_equity.py)."""
    assert looked_up("As Ks", "Qd Qc") == (787_966, 1_712_304 - 787_966 - 6_732, 6_732)


def test_the_key_ignores_the_suits_names_and_the_seat_order():
    rng = random.Random(7)
    every = list(permutations(range(4)))
    for _ in range(200):
        a1, a2, b1, b2 = rng.sample(range(52), 4)
        key, _ = tb.heads_up_key([a1, a2], [b1, b2])
        perm = rng.choice(every)
        x1, x2, y1, y2 = (c & ~3 | perm[c & 3] for c in (a1, a2, b1, b2))
        assert tb.heads_up_key([x2, x1], [y1, y2])[0] == key
        assert tb.heads_up_key([y1, y2], [x1, x2])[0] == key
        assert tb.heads_up_keys([[a1, a2]], [[b2, b1]])[0] == key


def test_the_table_holds_exactly_the_canonical_matchups():
    keys, counts = tb.heads_up_preflop()
    assert len(keys) == tb.HEADS_UP_PREFLOP_MATCHUPS == 47_008
    first, second = keys >> 12, keys & 0xFFF
    a = np.stack([first >> 6, first & 63], axis=1)
    b = np.stack([second >> 6, second & 63], axis=1)
    # Every row is its own canonical key (distinct keys, sorted): with as many rows as
    # there are classes, every matchup has one.
    assert (tb.heads_up_keys(a, b) == keys).all()
    assert (np.diff(keys) > 0).all()
    assert (counts.sum(axis=1) == tb.HEADS_UP_PREFLOP_BOARDS).all()


def test_outcomes_look_up_only_heads_up_preflop_without_dead_cards():
    aces, kings = cards("Ah As"), cards("Kh Ks")
    spot = outcomes([aces, kings])
    assert isinstance(spot, HeadsUpCounts)
    enumerated_spot = outcomes([aces, kings], table=False)
    assert isinstance(enumerated_spot, Runouts)
    assert spot.count == enumerated_spot.count
    for players in (None, [0, 1], [1, 0], [1], []):
        assert spot.shares(players) == enumerated_spot.shares(players)
    assert equities([aces, kings]) == [Fraction(707_495, 856_152), Fraction(148_657, 856_152)]
    # A dead card or a third hand change the boards: counted by rank multiset (issue 11);
    # a board leaves few: enumerated.
    assert isinstance(outcomes([aces, kings], dead=cards("2c")), GroupedRunouts)
    assert isinstance(outcomes([aces, kings], cards("2c 7d 9s")), Runouts)
    assert isinstance(outcomes([aces, kings, cards("Qd Qc")]), GroupedRunouts)


def test_a_card_twice_is_refused_before_any_lookup():
    with pytest.raises(ValueError, match="appears twice"):
        outcomes([cards("As Ks"), cards("As Qd")])


@pytest.fixture
def table_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Point the loader at another file (its cache cleared before and after)."""

    def use(path: Path) -> None:
        monkeypatch.setattr(tb, "HEADS_UP_PREFLOP_FILE", path)
        tb.heads_up_preflop.cache_clear()

    yield use
    tb.heads_up_preflop.cache_clear()


def test_a_missing_table_is_a_clear_error(table_at, tmp_path):
    table_at(tmp_path / "holdem_heads_up_preflop.npy")
    with pytest.raises(tb.EquityTableError, match=r"missing.*analytics.equity.data.build"):
        equities([cards("As Ks"), cards("Qd Qc")])


def test_a_table_of_the_wrong_size_is_a_clear_error(table_at, tmp_path):
    rows = np.load(tb.HEADS_UP_PREFLOP_FILE)
    short = tmp_path / "short.npy"
    np.save(short, rows[:-1])
    table_at(short)
    with pytest.raises(tb.EquityTableError, match=r"expected uint32 \(47008, 4\)"):
        tb.heads_up_preflop()
    cut = tmp_path / "cut.npy"
    cut.write_bytes(tb.HEADS_UP_PREFLOP_FILE.read_bytes()[:1000])
    table_at(cut)
    with pytest.raises(tb.EquityTableError, match="unreadable"):
        tb.heads_up_preflop()


def test_a_damaged_table_is_a_clear_error(table_at, tmp_path):
    rows = np.load(tb.HEADS_UP_PREFLOP_FILE)
    rows[5, 3] += 1  # one tie too many: the counts no longer add up to the boards
    damaged = tmp_path / "damaged.npy"
    np.save(damaged, rows)
    table_at(damaged)
    with pytest.raises(tb.EquityTableError, match="damaged"):
        tb.heads_up_preflop()
