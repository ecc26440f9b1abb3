"""A stand-in parser and engine, so the storage tests do not depend on the real ones.

The importer only needs the four calls of ``analytics.ingest.pipeline.Stages``; these fakes read
a tiny format close to PokerStars and replay it without checking rules, so the tests here
are about storage (transactions, duplicates, quarantine, zips) and nothing else.

    PokerStars Hand #1001: NLHE 1/2          header: hand id, game code, stakes
    Seat 1: Alice 200                        seats
    Alice: posts small 1 | Bob: posts big 2  forced bets
    Alice: dealt Ah Kh                       hole cards
    Alice: folds | checks | calls 2 | bets 4 | raises to 8
    flop 9c Kc 3h | turn 5s | river 9d
    Bob: returned 4 | Bob: collects 26       uncalled bet, the log's collected claim
    cancelled                                the site voided the hand

A negative bet is a rule violation (B2), a hand without a ``collects`` line incomplete,
any other line a parse error. Hands are separated by blank lines.

Run as a script it imports with these fakes (for the kill -9 test):
``python analytics_fakes.py DB DELAY PATH...`` sleeps DELAY seconds per hand parsed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from analytics.ingest.pipeline import Stages
from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.errors import (
    CancelledHand,
    DecodeError,
    IncompleteHand,
    ParseError,
    RuleViolation,
)
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from replayer.result import PlayerResult, PotResult, ReplayResult


def decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DecodeError(path, str(error)) from None


def split_hands(text: str, path: str) -> Iterator[Source]:
    lines = text.split("\n")
    start: int | None = None
    for number, line in enumerate([*lines, ""], start=1):
        if line.strip() and start is None:
            start = number
        elif not line.strip() and start is not None:
            yield Source(path, start, "\n".join(lines[start - 1 : number - 1]))
            start = None


def parse_hand(raw: Source) -> ParsedHand:
    lines = raw.text.split("\n")
    first = raw.first_line
    header = lines[0].split()
    if len(header) != 5 or header[:2] != ["PokerStars", "Hand"] or not header[2].startswith("#"):
        raise ParseError("expected a header", path=raw.path, line=first, text=lines[0])
    hand_id = header[2].strip("#:")
    small, big = (int(x) for x in header[4].split("/"))
    seats, events = [], []
    for offset, line in enumerate(lines[1:], start=1):
        number = first + offset
        words = line.split()
        if words[0] == "Seat":
            seats.append(Seat(seat=int(words[1].rstrip(":")), name=words[2], stack=int(words[3])))
            continue
        try:
            events.append(_event(words, number))
        except (ValueError, IndexError, KeyError):
            raise ParseError(
                f"unexpected {line!r}", path=raw.path, line=number, text=line, hand_id=hand_id
            ) from None
    return ParsedHand(
        site="PokerStars",
        hand_id=hand_id,
        game=header[3],
        game_name="Hold'em No Limit",
        stakes=Stakes(small=small, big=big),
        currency="USD",
        unit=100,
        table="Fake",
        button_seat=seats[-1].seat if seats else None,
        seats=tuple(seats),
        events=tuple(events),
        source=raw,
    )


def _event(words: list[str], line: int) -> ev.Event:
    if words[0] in ("flop", "turn", "river"):
        return ev.DealBoard(street=words[0], cards=parse_cards(" ".join(words[1:])), line=line)
    if words == ["cancelled"]:
        return ev.HandCancelled(line=line)
    player, verb, rest = words[0].rstrip(":"), words[1], words[2:]
    if verb == "posts":
        return ev.PostBlind(player=player, amount=int(rest[1]), blind=ev.Blind(rest[0]), line=line)
    if verb == "dealt":
        return ev.DealHole(player=player, cards=parse_cards(" ".join(rest)), line=line)
    if verb == "folds":
        return ev.Fold(player=player, line=line)
    if verb == "checks":
        return ev.Check(player=player, line=line)
    amount = int(rest[-1])
    kinds = {
        "calls": ev.Call,
        "bets": ev.Bet,
        "raises": ev.RaiseTo,
        "returned": ev.UncalledBetReturned,
        "collects": ev.Collect,
    }
    return kinds[verb](player=player, amount=amount, line=line)  # type: ignore[call-arg]


def replay(hand: ParsedHand) -> ReplayResult:
    invested = {s.name: 0 for s in hand.seats}
    collected = dict.fromkeys(invested, 0)
    in_round = dict.fromkeys(invested, 0)
    cards: dict[str, tuple] = {}
    folded: dict[str, str] = {}
    street, board = "preflop", ()
    for index, event in enumerate(hand.events):
        if isinstance(event, ev.HandCancelled):
            raise CancelledHand("the hand was cancelled", hand_id=hand.hand_id, line=event.line)
        if isinstance(event, ev.DealBoard):
            street, board = event.street, (*board, *event.cards)
            in_round = dict.fromkeys(invested, 0)
        elif isinstance(event, ev.DealHole):
            cards[event.player] = event.cards
        elif isinstance(event, ev.Fold):
            folded[event.player] = street
        elif isinstance(event, ev.RaiseTo):
            invested[event.player] += event.amount - in_round[event.player]
            in_round[event.player] = event.amount
        elif isinstance(event, ev.PostBlind | ev.Call | ev.Bet):
            if event.amount <= 0:
                raise RuleViolation(
                    "a bet must be positive",
                    rule="B2",
                    hand_id=hand.hand_id,
                    event_index=index,
                    event_kind=event.kind,
                    line=event.line,
                )
            invested[event.player] += event.amount
            in_round[event.player] += event.amount
        elif isinstance(event, ev.UncalledBetReturned):
            invested[event.player] -= event.amount
        elif isinstance(event, ev.Collect):
            collected[event.player] += event.amount
    if not any(collected.values()):
        raise IncompleteHand("the log stops before the pot is awarded", hand_id=hand.hand_id)
    players = tuple(
        PlayerResult(
            name=s.name,
            seat=s.seat,
            position="BTN" if s.seat == hand.button_seat else None,
            starting_stack=s.stack,
            hole_cards=cards.get(s.name, ()),
            invested=invested[s.name],
            collected=collected[s.name],
            rake_paid=0,
            dealt_in=True,
            folded=s.name in folded,
            folded_on=folded.get(s.name),
            all_in=False,
        )
        for s in hand.seats
    )
    total = sum(invested.values())
    pot = PotResult(
        index=0,
        run=1,
        amount=total,
        eligible=tuple(s.name for s in hand.seats if s.name not in folded),
        winners=tuple((n, a) for n, a in collected.items() if a),
    )
    return ReplayResult(
        hand=hand, players=players, pots=(pot,), boards=(board,), total_pot=total, rake=0
    )


FAKE_STAGES = Stages(decode=decode, split_hands=split_hands, parse_hand=parse_hand, replay=replay)


def slow_stages(delay: float) -> Stages:
    def parse_slowly(raw: Source) -> ParsedHand:
        time.sleep(delay)
        return parse_hand(raw)

    return Stages(decode=decode, split_hands=split_hands, parse_hand=parse_slowly, replay=replay)


# -- writing hands --------------------------------------------------------------------------


def hand_text(hand_id: int, kind: str = "ok", names: tuple[str, str] = ("Alice", "Bob")) -> str:
    """One hand in the fake format: ``ok``, ``invalid`` (a rule violation), ``parse_error``,
    ``cancelled``, ``incomplete`` or ``no_header`` (unparsable, no hand id)."""
    a, b = names
    lines = [
        f"PokerStars Hand #{hand_id}: NLHE 1/2",
        f"Seat 1: {a} 200",
        f"Seat 2: {b} 300",
        f"{a}: posts small 1",
        f"{b}: posts big 2",
        f"{a}: dealt Ah Kh",
        f"{a}: raises to 6",
        f"{b}: calls 4",
        "flop 9c Kc 3h",
        f"{a}: bets {-5 if kind == 'invalid' else 10}",
        f"{b}: folds",
        f"{a}: returned 10",
    ]
    if kind == "parse_error":
        lines.insert(7, f"{b}: chekcs")
    if kind == "cancelled":
        lines.insert(5, "cancelled")
    if kind == "no_header":
        lines[0] = "PokerStars ##garbled"
    if kind != "incomplete":
        lines.append(f"{a}: collects 12")
    return "\n".join(lines)


def file_text(*hands: str) -> str:
    return "\n\n".join(hands) + "\n"


if __name__ == "__main__":
    from analytics.ingest.importer import import_paths

    db, delay, *paths = sys.argv[1:]
    # Two 25-hand files a transaction: a kill lands inside batches of several files.
    report = import_paths(paths, db, stages=slow_stages(float(delay)), batch_hands=50)
    print(report.stored_total, report.duplicates)
