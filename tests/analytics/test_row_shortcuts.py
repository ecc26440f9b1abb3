"""The rows stage's shortcuts (issue 11) give exactly what the plain code gives: the seat's
packed statistics, the pots' JSON, the times in UTC."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from analytics.ingest.rows import _eligible, _json, _winners, _winners_json, iso_utc
from analytics.stats import flag_fields as ff
from analytics.store import seat_layout
from analytics.store.seat_layout import _pack_checked, pack_stats


def _stats_row(rng: random.Random, odd: float = 0.0) -> tuple[object, ...]:
    """A statistics row of random flags and counts; ``odd``: the share of values the
    table refuses (a flag of 2, a count beyond a byte, a negative one)."""
    row = list(ff.DEFAULTS)
    for at, flag in enumerate(ff.IS_FLAG):
        if at in (ff.SEAT, ff.NET, ff.RAKE_PAID):
            continue
        if rng.random() < odd:
            row[at] = rng.choice((2, -1, 48, 255, 256, 1000))
        elif flag:
            row[at] = rng.choice((0, 1))
        elif at >= ff.COUNTS and at < ff.COUNTS + 5 * len(ff.ROUND_NAMES):
            row[at] = rng.choice((0, 0, 1, 2, 3, 255))
    row[ff.SEAT] = rng.randrange(1, 10)
    row[ff.ALL_IN_STREET] = rng.choice((None, "flop", "river"))
    return tuple(row)


@pytest.mark.parametrize("odd", [0.0, 0.02, 0.5])
def test_packing_is_the_column_by_column_packing(odd: float) -> None:
    rng = random.Random(11)
    rows = [_stats_row(rng, odd) for _ in range(3000)]
    for row in rows + rows:  # the second time from the memo
        assert pack_stats(row) == _pack_checked(row), row
    assert pack_stats(None) == (None,) * 7  # flags, four rounds, all-in street, flags2


def test_a_refused_value_packs_as_minus_one_in_its_own_column_only() -> None:
    row = list(_stats_row(random.Random(3)))
    row[ff.COUNTS + 5] = 256  # a count of the flop beyond a byte
    flags, preflop, flop, turn, river, _street, _flags2 = pack_stats(tuple(row))
    assert flop == -1
    assert min(flags, preflop, turn, river) >= 0
    row[ff.VPIP] = 2
    assert pack_stats(tuple(row))[0] == -1


def test_the_memo_is_bounded() -> None:
    rng = random.Random(5)
    for _ in range(seat_layout._PACKED_SIZE + 10):
        pack_stats(_stats_row(rng))
    assert len(seat_layout._PACKED) <= seat_layout._PACKED_SIZE


NAMES = ("Ann", 'Bo "the" [x]: y', "Zoë ☃", "back\\slash", "tab\there", "nul\x00", "\u2028")


@pytest.mark.parametrize("count", [1, 2, 3])
def test_winners_json_is_the_encoders_text(count: int) -> None:
    rng = random.Random(count)
    for _ in range(200):
        names = rng.sample(NAMES, count)
        winners = tuple((name, rng.choice((0, 1, 7, 10**15))) for name in names)
        descriptions = tuple(
            (name, rng.choice(("a pair of Kings", 'two pair, "A" & 8 \u00e9')))
            for name in names
            if rng.random() < 0.5
        )
        text = _winners_json(winners, descriptions)
        assert text == _json(_winners(winners, descriptions))
        assert json.loads(text) == _winners(winners, descriptions)
        assert _eligible(tuple(names)) == _json(list(names))


def test_winners_json_leaves_anything_but_ints_and_strings_to_the_encoder() -> None:
    winners = (("Ann", True),)  # not an int amount: JSON true, as the encoder writes it
    assert _winners_json(winners, ()) == '[{"name":"Ann","amount":true}]'


ZONES = (UTC, timezone(timedelta(0), "GMT"), timezone(timedelta(hours=2)))


@pytest.mark.parametrize("zone", ZONES)
def test_times_in_utc_or_not_give_the_same_text(zone: timezone) -> None:
    moment = datetime(2019, 7, 12, 9, 46, 40, 123456, tzinfo=zone)
    expected = moment.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
    assert iso_utc(moment) == expected
