"""House rules per room (issue 22 item 2): a split pot's odd chips paid as the room pays them.

RULES.md S4 stays the live default (``LIVE``: one chip each clockwise from the button). A
room's reader sets its ``HouseRules`` on the hand; the settlement looks the policy up in
``replayer.settlement.showdown.ODD_CHIPS``. Pinned here: each policy on a three-way split
with two odd chips (the issue's 4,571 pot), the hi/lo odd chip, and the corpora's real
split pots with odd chips, read in place (skipped when the corpora are absent), under the
practice each room's logs show (``ROOMS``; the findings are in docs/sites.md).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from parser import decode
from parser.formats import parse_hand, split_hands
from parser.model.cards import parse_cards
from parser.model.errors import ReplayMismatch
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand, Source
from parser.model.house import LIVE, HiLoOddChip, HouseRules, OddChips
from parser.rooms import ROOMS as ALL_ROOMS
from replayer import replay
from replayer.settlement.showdown import ODD_CHIPS, award_pots
from replayer.state import Pot
from tests.corpus import CORPORA
from tests.handdsl import hand

#: Each room's odd-chip practice as its real logs show it (docs/sites.md).
ROOMS = {
    "PokerStars": HouseRules(name="PokerStars", odd_chips=OddChips.ALL_TO_FIRST),
    "Winamax": HouseRules(name="Winamax", odd_chips=OddChips.ONE_EACH_HIGH_SEAT_FIRST),
    "Bovada": LIVE,
}

#: Four players, button D; A (small blind) raises to 1,523, B and C call, D folds after
#: calling 2: 4,571 in the pot; the board is a royal flush, so A, B and C split it.
THREE_WAY = """
A: posts small 1
B: posts big 2
C: calls 2
D: calls 2
A: raises to 1523
B: calls 1521
C: calls 1521
D: folds
flop As Ks Qs
A: checks
B: checks
C: checks
turn Js
A: checks
B: checks
C: checks
river Ts
A: checks
B: checks
C: checks
showdown
A: shows 2c 3d
B: shows 4c 5d
C: shows 6c 7d
"""

#: What each policy pays A (seat 1, first left of the button), B (2) and C (3).
PAID = {
    OddChips.ONE_EACH: (1524, 1524, 1523),
    OddChips.ALL_TO_FIRST: (1525, 1523, 1523),
    OddChips.ONE_EACH_HIGH_SEAT_FIRST: (1523, 1524, 1524),
}


def _three_way(paid: tuple[int, int, int], house: HouseRules) -> ParsedHand:
    collects = "\n".join(f"{n}: collects {v}" for n, v in zip("ABC", paid, strict=True))
    seats = [("A", 5000), ("B", 5000), ("C", 5000), ("D", 5000)]
    return replace(hand(THREE_WAY + collects, seats=seats, button=4), house=house)


def test_every_policy_has_its_function() -> None:
    assert set(ODD_CHIPS) == set(OddChips) == set(PAID)


@pytest.mark.parametrize("policy", list(OddChips))
def test_a_three_way_split_is_paid_by_the_house(policy: OddChips) -> None:
    house = HouseRules(name="Room", odd_chips=policy)
    result = replay(_three_way(PAID[policy], house))
    pot = result.pots[0]
    assert (pot.amount, dict(pot.winners)) == (4571, dict(zip("ABC", PAID[policy], strict=True)))
    assert pot.odd_chips_to == ("C" if policy is OddChips.ONE_EACH_HIGH_SEAT_FIRST else "A")


@pytest.mark.parametrize("policy", [OddChips.ALL_TO_FIRST, OddChips.ONE_EACH_HIGH_SEAT_FIRST])
def test_another_rooms_payout_is_an_s4_mismatch(policy: OddChips) -> None:
    """What one room pays is not what the rule book (or another room) pays: S4, naming the
    house rules the engine applied."""
    with pytest.raises(ReplayMismatch, match=r"\[S4\].*\(live house rules: odd chips one_each\)"):
        replay(_three_way(PAID[policy], LIVE))
    other = HouseRules(name="Other", odd_chips=OddChips.ONE_EACH)
    with pytest.raises(ReplayMismatch, match="S4"):
        replay(_three_way(PAID[policy], other))


def test_the_default_is_the_rule_book() -> None:
    assert hand("A: folds", seats=[("A", 1), ("B", 1)], button=1).house is LIVE
    assert (LIVE.odd_chips, LIVE.hi_lo_odd_chip) == (OddChips.ONE_EACH, HiLoOddChip.HIGH)


@pytest.mark.parametrize(("half", "high"), [(HiLoOddChip.HIGH, 3), (HiLoOddChip.LOW, 2)])
def test_the_hi_lo_odd_chip_goes_to_the_house_half(half: HiLoOddChip, high: int) -> None:
    """S3/S4: an odd hi/lo pot's odd chip to the high half, unless the house says low."""
    board = parse_cards("2c 3d 8h Kc Kd")
    cards = {"A": parse_cards("Kh Ks 9c 9d"), "B": parse_cards("Ac 4h Qs Js")}
    awards = award_pots(
        GAME_SPECS["PLO8"], [Pot(amount=5, eligible=("A", "B"))], [board], cards,
        ["A", "B"], ["A", "B"], set(), HouseRules(hi_lo_odd_chip=half),
        {"A": 1, "B": 2}.__getitem__,
    )  # fmt: skip
    assert awards[0].shares == {"A": high, "B": 5 - high}


# -- the rooms' real split pots ------------------------------------------------------------

#: (room, file under the corpora, hand id, what the log paid the split pot's winners).
REAL_SPLITS = [
    # Three ways, 260 chips, two odd chips: seats 8 and 7 get one each, seat 3 (first
    # left of the button, seat 2) none.
    ("Winamax", "sites/Winamax/tour/NLHE-EUR-0.92-STT-201207.no.cur.txt",
     "119419173368496129-1-1343577528", {"Player6": 87, "Player5": 87, "Player2": 86}),
    # Two ways, 13,289 and 7,375 chips: the odd chip to the first winner left of the button.
    ("PokerStars", "pokerstars/tour/flop/NLHE-USD-MTT-1-KO.201008.txt", "47656123972",
     {"Poker Elfe 1": 6645, "Djkujuhfl": 6644}),
    ("PokerStars", "pokerstars/tour/flop/NLHE-USD-MTT-1-KO.201008.txt", "47656706371",
     {"Djkujuhfl": 3688, "stefan_bg_46": 3687}),
    # Three ways, 1,060 chips (one odd chip), the first left of the button takes it.
    ("PokerStars", "pokerstars/tour/flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt",
     "18934320061", {"Player11": 354, "Hero": 353, "Player7": 353}),
    # Two ways, 31,323 chips, tournament (no rake): the first left of the button.
    ("Bovada", "sites/Bovada/tour/NLHE-9max-USD-MTT_-_Monthly_Milly_-_1.000.000_Guaranteed_"
     "-_TT500-35_-_202106.txt",
     "4328138683", {"Seat 360": 15662, "Seat 1243": 15661}),
]  # fmt: skip


def _corpus_hand(relative: str, hand_id: str) -> ParsedHand:
    path = CORPORA / relative
    if not path.is_file():
        pytest.skip("corpora absent")
    for raw in split_hands(decode(path.read_bytes(), str(path)), str(path)):
        if hand_id in raw.text.split("\n", 1)[0]:
            return parse_hand(raw)
    raise AssertionError(f"{hand_id} not in {Path(relative).name}")


@pytest.mark.corpus
@pytest.mark.parametrize(("room", "relative", "hand_id", "paid"), REAL_SPLITS,
                         ids=[f"{r[0]}-{r[2]}" for r in REAL_SPLITS])  # fmt: skip
def test_real_split_pots_replay_under_their_rooms_rules(
    room: str, relative: str, hand_id: str, paid: dict[str, int]
) -> None:
    parsed = _corpus_hand(relative, hand_id)
    house = ROOMS[room]
    if parsed.house is not LIVE:  # the room's reader sets its rules: they must be these
        assert parsed.house.odd_chips is house.odd_chips
    result = replay(replace(parsed, house=house))
    split = next(p for p in result.pots if set(dict(p.winners)) == set(paid))
    assert dict(split.winners) == paid


def test_the_issues_pokerstars_split_from_text() -> None:
    """The issue's PokerStars pattern (4,571 three ways: 1,525 / 1,523 / 1,523), written as
    PokerStars text: ok by PokerStars' rules, an S4 mismatch by the rule book's."""
    text = """\
PokerStars Hand #1: Tournament #2, $1+$0.10 USD Hold'em No Limit - Level I (1/2) - \
2020/01/01 12:00:00 ET
Table '2 1' 9-max Seat #4 is the button
Seat 1: A (5000 in chips)
Seat 2: B (5000 in chips)
Seat 3: C (5000 in chips)
Seat 4: D (5000 in chips)
A: posts small blind 1
B: posts big blind 2
*** HOLE CARDS ***
C: calls 2
D: calls 2
A: raises 1521 to 1523
B: calls 1521
C: calls 1521
D: folds
*** FLOP *** [As Ks Qs]
A: checks
B: checks
C: checks
*** TURN *** [As Ks Qs] [Js]
A: checks
B: checks
C: checks
*** RIVER *** [As Ks Qs Js] [Ts]
A: checks
B: checks
C: checks
*** SHOW DOWN ***
A: shows [2c 3d] (a Royal Flush)
B: shows [4c 5d] (a Royal Flush)
C: shows [6c 7d] (a Royal Flush)
A collected 1525 from pot
B collected 1523 from pot
C collected 1523 from pot
*** SUMMARY ***
Total pot 4571 | Rake 0
Board [As Ks Qs Js Ts]
"""
    parsed = parse_hand(Source("issue22.txt", 1, text))
    result = replay(replace(parsed, house=ROOMS["PokerStars"]))
    assert dict(result.pots[0].winners) == {"A": 1525, "B": 1523, "C": 1523}
    with pytest.raises(ReplayMismatch, match="S4"):
        replay(replace(parsed, house=LIVE))


# -- every room: its record, its reader, a two-way and a three-way split ----------------------

#: Each room's record (``parser/rooms/<room>/__init__.py``) as its real logs show it: only
#: PokerStars and Winamax differ from the rule book; the others' corpora hold no rake-free
#: split pot with odd chips that says otherwise (docs/sites.md, "House rules per room").
EXPECTED = {
    "pokerstars": OddChips.ALL_TO_FIRST,
    "winamax": OddChips.ONE_EACH_HIGH_SEAT_FIRST,
    **{name: OddChips.ONE_EACH for name in (
        "phh", "ggpoker", "pacific", "winning", "bovada", "fulltilt", "ipoker", "partypoker",
    )},
}  # fmt: skip

#: A hand of each room (``sample_histories/``): its reader must give it the room's record.
SAMPLE_OF = {
    "pokerstars": "pokerstars/nlhe/walk.txt",
    "winamax": "winamax/uncalled-bet-in-the-pot.txt",
    "phh": "phh/short-deck-straight-beats-trips.phh",
    "ggpoker": "ggpoker/straddle-run-it-twice.txt",
    "pacific": "pacific/dead-blind-added-raises-no-uncalled-line.txt",
    "winning": "winning/both-formats-rake-added-chips.txt",
    "bovada": "bovada/nlhe/anonymous-seats-no-rake-line.txt",
    "fulltilt": "fulltilt/nlhe/side-pot-uncalled-bet.txt",
    "ipoker": "ipoker/actions-out-of-order.txt",
    "partypoker": "partypoker/uncalled-bet-in-the-win.txt",
}
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
ROOM_NAMES = [room.name for room in ALL_ROOMS]


def test_every_room_has_its_expected_record_and_the_live_default_is_unchanged() -> None:
    assert {room.name: room.house.odd_chips for room in ALL_ROOMS} == EXPECTED
    assert {room.name: room.house.hi_lo_odd_chip for room in ALL_ROOMS} == dict.fromkeys(
        EXPECTED, HiLoOddChip.HIGH
    )
    assert (LIVE.name, LIVE.odd_chips, LIVE.hi_lo_odd_chip) == ("live", "one_each", "high")


@pytest.mark.parametrize("name", ROOM_NAMES)
def test_every_rooms_reader_gives_its_hands_the_rooms_record(name: str) -> None:
    """A record changed in the room's ``__init__`` reaches its hands (or this fails)."""
    room = next(r for r in ALL_ROOMS if r.name == name)
    path = SAMPLES / SAMPLE_OF[name]
    raw = next(room.split_hands(path.read_text(encoding="utf-8"), str(path)))
    assert room.parse_hand(raw).house == room.house


#: Hands WRITTEN FOR THE TEST (not from a log): a room whose corpus has no rake-free split
#: of that kind (docs/sites.md) has its rule pinned here, under its own record.
#: Four players, button D (seat 4); A (small blind) folds, B checks its big blind, C bets
#: 1,000 on the flop and D calls: 2,007, split by C (seat 3, first of the two left of the
#: button) and D (seat 4).
TWO_WAY = """
A: posts small 1
B: posts big 2
C: calls 2
D: calls 2
A: folds
B: checks
flop As Ks Qs
B: checks
C: bets 1000
D: calls 1000
B: folds
turn Js
C: checks
D: checks
river Ts
C: checks
D: checks
showdown
C: shows 2c 3d
D: shows 4c 5d
"""
#: What each policy pays C (seat 3) and D (seat 4) of the 2,007.
PAID_TWO = {
    OddChips.ONE_EACH: (1004, 1003),
    OddChips.ALL_TO_FIRST: (1004, 1003),
    OddChips.ONE_EACH_HIGH_SEAT_FIRST: (1003, 1004),
}


@pytest.mark.parametrize("name", ROOM_NAMES)
def test_every_rooms_two_way_split_with_an_odd_chip(name: str) -> None:
    house = next(r for r in ALL_ROOMS if r.name == name).house
    paid = PAID_TWO[house.odd_chips]
    collects = "\n".join(f"{n}: collects {v}" for n, v in zip("CD", paid, strict=True))
    seats = [("A", 5000), ("B", 5000), ("C", 5000), ("D", 5000)]
    written = replace(hand(TWO_WAY + collects, seats=seats, button=4), house=house)
    pot = replay(written).pots[0]
    assert (pot.amount, dict(pot.winners)) == (2007, dict(zip("CD", paid, strict=True)))


@pytest.mark.parametrize("name", ROOM_NAMES)
def test_every_rooms_three_way_split_with_two_odd_chips(name: str) -> None:
    """The issue's 4,571 three ways (:data:`THREE_WAY`), under the room's own record."""
    house = next(r for r in ALL_ROOMS if r.name == name).house
    paid = PAID[house.odd_chips]
    pot = replay(_three_way(paid, house)).pots[0]
    assert (pot.amount, dict(pot.winners)) == (4571, dict(zip("ABC", paid, strict=True)))
