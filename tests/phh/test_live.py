"""The live extension (docs/live.md): ``_live`` strings become the live events, inserted
before the action index they name; plain PHH readers still read the hand as played."""

from __future__ import annotations

import pytest

from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import ParseError
from parser.model.hand import Source
from parser.rooms.phh.reader import parse_phh
from parser.rooms.phh.writer import write_phh

BASE = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AhKh", "d dh p2 QcJc", "d dh p3 TdTs",
  "p3 cc", "p1 cc", "p2 cc",
  "d db 2c7d9h",
  "p1 cc", "p2 cc", "p3 cc",
  "d db Qs", "p1 cc", "p2 cc", "p3 cc",
  "d db 3d", "p1 cc", "p2 cc", "p3 cc",
  "p1 sm AhKh", "p2 sm", "p3 sm TdTs",
]
"""
LIVE = """_live = [
  "@0 d exposed 7c p2 first",
  "@3 d exposed Qd p3",
  "@4 d db 5s6s8s",
  "@6 d replace p3 Qd 9s",
  "@6 d return flop 5s6s8s deck E5",
  "@6 d burn Ah",
  "@10 d return turn Kh set_aside E6",
  "@14 d reshuffle Kh",
  "@2 d misdeal E1 first card exposed",
  "@11 p3 timeout",
  "@6 d extra p1 Kc",
]
"""


def parsed(text: str):
    return parse_phh(Source("live.phh", 1, text))


def test_each_live_string_becomes_its_event_before_its_action() -> None:
    events = parsed(BASE + LIVE).events
    kinds = [e.kind for e in events]
    exposed = events[kinds.index("card_exposed")]
    assert exposed == ev.CardExposed(card=Card.parse("7c"), player="p2", first=True, line=16)
    # "@0" comes after the blinds and before the first deal; "@2" after two deals.
    assert kinds[2:5] == ["card_exposed", "deal_hole", "deal_hole"]
    assert kinds[5] == "misdeal"
    assert events[5] == ev.Misdeal(rule="E1", reason="first card exposed", line=24)
    premature = next(e for e in events if isinstance(e, ev.DealBoard))
    assert premature.street == "flop"
    assert premature.line == 18
    returned = next(e for e in events if isinstance(e, ev.BoardReturned))
    assert (returned.to, returned.rule) == (ev.CardPlace.DECK, "E5")
    assert events[kinds.index("card_replaced")] == ev.CardReplaced(
        player="p3", old=Card.parse("Qd"), new=Card.parse("9s"), line=19
    )
    # same index: in the order written, then the action itself (the real flop)
    at6 = kinds[kinds.index("card_replaced") :][:5]
    assert at6 == ["card_replaced", "board_returned", "burn", "extra_card", "deal_board"]
    set_aside = [e for e in events if isinstance(e, ev.BoardReturned)][1]
    assert set_aside.to is ev.CardPlace.SET_ASIDE
    assert set_aside.street == "turn"
    timeout = kinds.index("time_out")
    assert events[timeout + 1].kind == "check"
    assert events[timeout].player == "p3"


def test_plain_phh_readers_read_the_hand_as_played() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    with _no_warning():  # an underscore field: no "unexpected field" warning
        history = pokerkit.HandHistory.loads(BASE + LIVE)
        *_, state = history
    assert list(state.stacks) == [98, 98, 104]  # the tens win the blinds and the limps
    assert history.user_defined_fields["_live"][0] == "@0 d exposed 7c p2 first"


def test_the_writer_writes_live_events_back_at_their_index() -> None:
    hand = parsed(BASE + LIVE)
    again = parsed(write_phh(hand))
    strip = [(type(e), {k: v for k, v in _fields(e).items() if k != "line"}) for e in hand.events]
    strip_again = [
        (type(e), {k: v for k, v in _fields(e).items() if k != "line"}) for e in again.events
    ]
    assert strip_again == strip


def test_a_bad_live_string_names_its_line_and_index() -> None:
    with pytest.raises(ParseError, match=r"live\.phh:18: _live #2 '@4 d deal 5s': unexpected"):
        parsed(BASE + LIVE.replace("@4 d db 5s6s8s", "@4 d deal 5s"))
    with pytest.raises(ParseError, match=r"_live #0 '@99 d burn': @99 is past the last action"):
        parsed(BASE + '_live = ["@99 d burn"]\n')


def _fields(event: ev.Event) -> dict[str, object]:
    return {name: getattr(event, name) for name in event.__dataclass_fields__}


class _no_warning:
    def __enter__(self) -> None:
        import warnings

        self._catch = warnings.catch_warnings()
        self._catch.__enter__()
        warnings.simplefilter("error")

    def __exit__(self, *exc: object) -> None:
        self._catch.__exit__(*exc)
