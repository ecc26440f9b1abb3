"""Amounts in the engine's messages, written in the hand's money (issue 23 item 14).

The engine counts in the smallest unit, but a person reads its messages beside the log,
which writes ``$2.10`` or ``€0.73``: "the log pays Gwen 210; the rules give 205" sent
them looking for cents. The messages are built deep in the rule checks, which know the
amount but not the hand's currency, and notes are built for events of every hand, most
of them never shown. So a message marks each amount (:func:`chips`, as cheap as the
number itself: it is ``replayer.betting``'s, compiled with the engine), and the few
places where a message leaves the engine (``HandReplay.error``, the snapshot's note,
the result's diagnostics, the live recorder's pending correction) spell the marks in
the hand's money (:func:`spell`). Counts (seats, cards, event numbers, the bets of a
fixed-limit cap) are plain numbers and never marked.

>>> from parser.model.hand import ParsedHand, Stakes
>>> usd = ParsedHand(site="X", hand_id="1", game="NLHE", game_name="", currency="USD",
...                  stakes=Stakes(small=1, big=2))
>>> spell(f"the log pays Gwen {chips(210)}; the rules give {chips(205)}", usd)
'the log pays Gwen $2.10; the rules give $2.05'
>>> chips_hand = ParsedHand(site="X", hand_id="1", game="NLHE", game_name="",
...                         currency="CHIPS", unit=1, stakes=Stakes(small=10, big=20))
>>> spell(f"Bob calls {chips(1500)} but the amount to call is {chips(-73)}", chips_hand)
'Bob calls 1500 but the amount to call is -73'
>>> spell(f"at most {chips(10**12, grouped=True)}", usd), spell("no amount", usd)
('at most $10,000,000,000.00', 'no amount')
"""

from __future__ import annotations

import re

from parser.model.hand import ParsedHand
from parser.model.money import Money
from replayer.betting import MARK_CLOSE as CLOSE
from replayer.betting import MARK_OPEN as OPEN
from replayer.betting import chips as chips

#: A marked amount; a comma before the closing bracket asks for thousands separators.
_MARKED = re.compile(OPEN + r"(-?\d+)(,?)" + CLOSE)


def spell(message: str, hand: ParsedHand) -> str:
    """``message`` with each marked amount written as ``hand`` writes its money (``$2.10``,
    ``€0.73``, ``1500`` chips): the room's own way, ungrouped, as the log beside it."""
    if OPEN not in message:
        return message
    plain = Money(hand.currency, hand.unit)
    grouped = Money(hand.currency, hand.unit, grouped=True)

    def amount(found: re.Match[str]) -> str:
        return (grouped if found.group(2) else plain)(int(found.group(1)))

    return _MARKED.sub(amount, message)


def spell_all(messages: tuple[str, ...], hand: ParsedHand) -> tuple[str, ...]:
    """:func:`spell` over a result's diagnostics (usually none: then nothing is built)."""
    if not messages:
        return messages
    return tuple([spell(message, hand) for message in messages])
