"""Tables and a scripted hand shared by the recording tests."""

from __future__ import annotations

from datetime import UTC, datetime

from analytics.recording.recorder import Recorder
from analytics.recording.table import SeatSetup, TableSetup
from parser.model.cards import parse_cards

STARTED = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)


def table(*stacks: int, button: int = 3, **fields: object) -> TableSetup:
    """Seats 1..n (Ann, Bob, Cy, Dee ...) with these stacks, blinds 1/2 in chips."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    seats = tuple(
        SeatSetup(seat=i + 1, name=names[i], stack=stack) for i, stack in enumerate(stacks)
    )
    options: dict[str, object] = {"game": "NLHE", "small_blind": 1, "big_blind": 2,
                                  "started_at": STARTED, **fields}  # fmt: skip
    return TableSetup(seats=seats, button=button, **options)  # type: ignore[arg-type]


def cards(text: str) -> tuple:
    return parse_cards(" ".join(text[i : i + 2] for i in range(0, len(text), 2)))


def e6_hand(hand_id: str = "e6-1") -> Recorder:
    """Three players, 200 each, button Cy (seat 3): Ann small blind, Bob big blind.

    Pre-flop Cy and Ann call, Bob checks (6 in). Flop 2c 7d 9h: Ann checks, the dealer
    turns Kc before Bob and Cy acted: E6, set aside; Bob and Cy check; the turn is Qs (the
    river card); Ann bets 10, both call (36 in); the stub is reshuffled with Kc; river 3d
    without a burn; all check. Showdown: Ann AhKh, Bob QcJc (a pair of queens), Cy TdTs.
    By hand: Bob wins 36 (+24); Ann and Cy lose 12 each: 188, 224, 188.
    """
    r = Recorder(table(200, 200, 200, hand_id=hand_id))
    r.deal({"Ann": cards("AhKh"), "Cy": cards("TdTs")})
    r.call()
    r.call()
    r.check()
    r.burn()
    r.deal_board(cards("2c7d9h"))
    r.check()
    r.deal_board(cards("Kc"))  # premature
    r.return_board()
    r.check()
    r.check()
    r.deal_board(cards("Qs"))
    r.bet(10)
    r.call()
    r.call()
    r.reshuffle()
    r.deal_board(cards("3d"))
    r.check()
    r.check()
    r.check()
    r.show("Ann")
    r.show("Bob", cards("QcJc"))
    r.show("Cy")
    return r
