"""Turn a replayed hand (or a quarantined one) into database rows: pure, no I/O.

Rows are plain tuples in the column order of the ``*_COLUMNS`` constants, because the
importer hands them straight to ``sqlite3.executemany`` (dicts would cost a name lookup per
value on the hot path); :meth:`HandRows.as_dicts` gives the readable form for tests and
debugging. The child rows leave out the hand's surrogate id, which only the store knows.

Conventions (see ``migrations.py``): money in the smallest unit, cards as normalised text,
booleans as 0/1, rare event fields as a JSON object in ``actions.extra``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any, Final

from analytics.equity.all_in_ev import all_in_ev
from analytics.ingest.hand_rows import (
    ACTION_COLUMNS,
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    POT_COLUMNS,
    STAT_COLUMNS,
    STORED_HAND_COLUMNS,
    STORED_SEAT_COLUMNS,
    HandRows,
    Row,
    problem_fields,
)
from analytics.ingest.pipeline import HandOutcome, Problem
from analytics.query.facts import action_facts
from analytics.stats import flag_fields as ff
from analytics.stats.flags import flag_rows
from analytics.store import rawtext
from analytics.store.seat_layout import pack_stats, seat_row
from parser.model import events as ev
from parser.model.cards import Card, format_cards
from parser.model.games import GAME_SPECS, Betting, Forced
from parser.model.hand import ParsedHand, Source
from parser.model.makers import positional
from replayer.result import PlayerResult, ReplayResult

#: With the rows' schema (the ``*_COLUMNS``, ``HandRows``, ``Row``), defined in
#: ``analytics.ingest.hand_rows`` (a module never compiled) and re-exported here.
__all__ = [
    "ACTION_COLUMNS", "ALL_IN_COLUMNS", "BOARD_SEPARATOR", "HAND_COLUMNS", "PLAYER_COLUMNS",
    "POT_COLUMNS", "STAT_COLUMNS", "STORED_HAND_COLUMNS", "STORED_SEAT_COLUMNS", "HandRows",
    "Row", "action_rows", "all_in_rows", "ante", "blinds_and_bets", "cards_to_come_when_all_in",
    "format_boards", "iso_utc", "outcome_rows", "parse_boards", "quarantine_rows", "rows",
    "seat_rows", "stat_rows",
]  # fmt: skip

BOARD_SEPARATOR = " | "


def outcome_rows(
    outcome: HandOutcome, *, actions: bool = True, reference: bytes = b"", sqlite: bool = False
) -> HandRows:
    """Rows for whatever the pipeline made of a hand (``actions``, ``reference``,
    ``sqlite``: see :func:`rows`)."""
    if outcome.result is not None and outcome.problem is None:
        return rows(
            outcome.result, outcome.source, actions=actions, reference=reference, sqlite=sqlite
        )
    assert outcome.problem is not None
    return quarantine_rows(
        outcome.source, outcome.site, outcome.hand_id, outcome.problem, outcome.parsed,
        reference=reference, sqlite=sqlite,
    )  # fmt: skip


def rows(
    result: ReplayResult,
    source: Source | None = None,
    *,
    actions: bool = True,
    reference: bytes = b"",
    sqlite: bool = False,
) -> HandRows:
    """The rows of a hand the engine replayed and checked.

    ``source`` is the text the hand came from (default: the parsed hand's own); it is
    stored whole, so the hand can be parsed and replayed again later. ``actions=False``
    leaves the action rows out: the SQLite store does not keep them since 0007 (they are
    the text's, ``analytics.store.actions``), and they cost a worker 20 µs and 560 bytes of
    pickling a hand; the Parquet export asks for them. ``reference``: the start of the
    hand's file (``analytics.store.rawtext.reference_of``), which the text is compressed
    against besides the room's dictionary; ``b""``: the dictionary alone. ``sqlite``: only
    what the SQLite store reads, as ``analytics.ingest.prepare.for_sqlite`` leaves them
    (the text, the player, statistics and action rows never made: the importer's path).
    """
    hand = result.hand
    source = source or hand.source
    if source is None:
        raise ValueError(f"hand {hand.hand_id}: no source text to store")
    players = result.players
    dealt_in = 0
    for p in players:
        if p.dealt_in:
            dealt_in += 1
    hand_row = (
        hand.site, hand.hand_id, "ok", None, None, None, None, None,
        source.first_line, *_header_fields(hand),
        dealt_in, result.total_pot, result.rake, format_boards(result.boards),
        None if sqlite else source.text,
    )  # fmt: skip
    pots = tuple(
        (pot.run, pot.index, pot.amount, _eligible(pot.eligible),
         _winners_json(pot.winners, pot.descriptions), pot.odd_chips_to)
        for pot in result.pots
    )  # fmt: skip
    stats = stat_rows(result)
    raw_dictionary, raw_z = rawtext.compress(hand.site, source.text, reference)
    all_in = all_in_rows(result, stats)
    if sqlite:
        return _make_rows(
            hand_row, (), (), pots, (), all_in, raw_dictionary, raw_z,
            _seat_rows(players, stats), reference, action_facts(hand),
        )  # fmt: skip
    player_rows = tuple([_player_row(p) for p in players])
    return _make_rows(
        hand_row, player_rows, action_rows(hand) if actions else (), pots, stats, all_in,
        raw_dictionary, raw_z, seat_rows(player_rows, stats), reference, action_facts(hand),
    )  # fmt: skip


def seat_rows(players: tuple[Row, ...], stats: tuple[Row, ...]) -> tuple[Row, ...]:
    """The ``seats`` rows: each seat's player row with its statistics row, if it has one."""
    by_seat = {row[ff.SEAT]: row for row in stats}
    return tuple(seat_row(row, by_seat.get(row[0])) for row in players)


def _seat_rows(players: tuple[PlayerResult, ...], stats: tuple[Row, ...]) -> tuple[Row, ...]:
    """:func:`seat_rows` of the players' rows, made from the results without them (the
    importer's path: the player rows would be built only to be taken apart)."""
    by_seat = {row[ff.SEAT]: row for row in stats}
    return tuple([
        (
            p.seat, p.name, p.position, p.starting_stack,
            " ".join([card.text for card in p.hole_cards]) if p.hole_cards else None,
            p.invested, p.collected, p.cashed_out, p.rake_paid,
            1 if p.dealt_in else 0, 1 if p.folded else 0, p.folded_on,
            1 if p.went_to_showdown else 0, 1 if p.all_in else 0,
            *pack_stats(by_seat.get(p.seat)),
        )
        for p in players
    ])  # fmt: skip


def stat_rows(result: ReplayResult) -> tuple[Row, ...]:
    """The ``player_hand_stats`` rows: each player's statistics flags, in seat order."""
    return tuple(flag_rows(result))


def all_in_rows(result: ReplayResult, stats: tuple[Row, ...]) -> tuple[Row, ...]:
    """The ``all_in_ev`` rows of a hand: (seat, status, EV as a float or None, street of
    the all-in point) per dealt-in player, or ``()`` when the hand has no all-in point.

    :func:`analytics.equity.all_in_ev.all_in_ev` counts the boards to come (a few
    milliseconds pre-flop), so it is only asked when :func:`cards_to_come_when_all_in` says
    the hand can have an all-in point: nine hands in ten end with a fold and cost nothing
    here (nor load numpy and the equity tables).
    """
    if not cards_to_come_when_all_in(result, stats):
        return ()
    found = all_in_ev(result)
    if found is None:
        return ()
    seats = {p.name: p.seat for p in result.players}
    status = found.status.value
    return tuple(
        (seats[p.name], status, None if p.ev is None else float(p.ev), found.street)
        for p in found.players
    )


def cards_to_come_when_all_in(result: ReplayResult, stats: tuple[Row, ...]) -> bool:
    """Whether the hand may have an all-in point, from its result and flags alone: two or
    more players reached the end and all of them but at most one went all-in before the
    last street (so when the betting closed, cards were still to come).

    Necessary for an all-in point (a corpus test checks it never misses one): the players
    left at the end are the ones left at the point, and all but one of them are all-in
    there, on a street before the last.
    """
    live = [p.seat for p in result.players if p.dealt_in and not p.folded]
    if len(live) < 2:
        return False
    spec = GAME_SPECS.get(result.hand.game)
    if spec is None:
        return False
    last = spec.streets[-1].name
    street = {row[ff.SEAT]: row[ff.ALL_IN_STREET] for row in stats}
    return sum(1 for seat in live if street.get(seat) in (None, last)) <= 1


def quarantine_rows(
    source: Source,
    site: str,
    hand_id: str,
    problem: Problem,
    parsed: ParsedHand | None = None,
    *,
    reference: bytes = b"",
    sqlite: bool = False,
) -> HandRows:
    """The ``hands`` row of a hand that failed: the problem, the raw text (not with
    ``sqlite``, see :func:`rows`), and the header fields when the parser got that far."""
    header = _header_fields(parsed) if parsed is not None else (None,) * 18
    hand_row = (
        site, hand_id, problem.status, *problem_fields(problem),
        source.first_line, *header, None, None, None, None, None if sqlite else source.text,
    )  # fmt: skip
    raw_dictionary, raw_z = rawtext.compress(site, source.text, reference)
    return HandRows(
        hand_row, raw_dictionary=raw_dictionary, raw_z=raw_z, raw_reference=reference
    )


#: ``HandRows(...)`` from its fields in order, without the frozen ``__init__`` (once a hand).
_make_rows = positional(HandRows)


def _player_row(p: PlayerResult) -> Row:
    return (
        p.seat, p.name, p.position, p.starting_stack,
        _cards(p.hole_cards) if p.hole_cards else None,
        p.invested, p.collected, p.cashed_out, p.net, p.rake_paid,
        int(p.dealt_in), int(p.folded), p.folded_on, int(p.went_to_showdown), int(p.all_in),
    )  # fmt: skip


# -- the header ---------------------------------------------------------------------------


def _header_fields(hand: ParsedHand) -> tuple[Any, ...]:
    """game ... level, in HAND_COLUMNS order (18 values)."""
    spec = GAME_SPECS.get(hand.game)
    small_blind, big_blind, small_bet, big_bet = blinds_and_bets(hand)
    return (
        hand.game, hand.game_name, hand.mixed,
        spec.betting.value if spec else None,
        hand.currency, hand.unit,
        small_blind, big_blind, ante(hand), small_bet, big_bet, hand.stakes.cap,
        iso_utc(hand.started_at), hand.table, hand.max_seats, hand.button_seat,
        hand.tournament_id, hand.level,
    )  # fmt: skip


def blinds_and_bets(hand: ParsedHand) -> tuple[int | None, int | None, int | None, int | None]:
    """(small blind, big blind, small bet, big bet) from the header's stakes and the game.

    In no limit and pot limit the header's two numbers are the blinds. In fixed limit they
    are the small and big bets; the big blind is the small bet and the small blind is half
    of it (RULES.md F1), except where the site rounds it (PokerStars' $0.25/$0.50 game posts
    a $0.10 small blind): a small blind posted in full in the hand wins over the halving.
    Stud has no blinds (F4).
    """
    spec = GAME_SPECS.get(hand.game)
    small, big = hand.stakes.small, hand.stakes.big
    if spec is None or spec.betting is not Betting.FIXED_LIMIT:
        return small, big, None, None
    if spec.forced is Forced.BRING_IN:
        return None, None, small, big
    posted = next(
        (
            e.amount
            for e in _forced_bets(hand)
            if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.SMALL and not e.all_in
        ),
        None,
    )
    return (posted if posted is not None else small // 2), small, small, big


def ante(hand: ParsedHand) -> int:
    """The header's ante, else the largest ante posted in full (tournament headers omit it)."""
    if hand.stakes.ante:
        return hand.stakes.ante
    # _forced_bets inlined (once a hand): the largest full ante before play starts.
    largest: int | None = None
    for event in hand.events:
        if isinstance(event, ev.PostAnte):
            if not event.all_in and (largest is None or event.amount > largest):
                largest = event.amount
        elif not isinstance(event, ev.PostBlind) and event.affects_play:
            break
    return 0 if largest is None else largest


_FORCED: Final = (ev.PostAnte, ev.PostBlind)


def _forced_bets(hand: ParsedHand) -> Iterator[ev.Event]:
    """The events before the first card or action: where antes and blinds are posted."""
    forced = _FORCED
    for event in hand.events:
        if isinstance(event, forced):
            yield event
        elif event.affects_play:
            return


def iso_utc(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a ``Z``; a naive time is taken to be UTC already.

    >>> from datetime import timedelta, timezone
    >>> iso_utc(datetime(2019, 7, 12, 3, 46, 40, tzinfo=timezone(timedelta(hours=-4))))
    '2019-07-12T07:46:40Z'
    """
    if moment is None:
        return None
    if moment.tzinfo is UTC:  # the parsers' times: no conversion to make
        moment = moment.replace(tzinfo=None)
    elif moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="seconds") + "Z"


def format_boards(boards: tuple[tuple[Card, ...], ...]) -> str:
    """``"7d 5h 9d 7c Qh | 7d 5h 9d 2c 3s"``; a hand that ended before the flop gives ``""``."""
    return BOARD_SEPARATOR.join([_cards(board) for board in boards])


def parse_boards(text: str | None) -> list[list[str]]:
    """The inverse of :func:`format_boards`, as lists of card strings (for the export).

    >>> parse_boards("7d 5h 9d | 7d 5h 9d 2c")
    [['7d', '5h', '9d'], ['7d', '5h', '9d', '2c']]
    >>> parse_boards("")
    [[]]
    """
    if text is None:
        return []
    return [board.split() for board in text.split(BOARD_SEPARATOR)]


def _winners(
    winners: tuple[tuple[Any, Any], ...], descriptions: tuple[tuple[Any, Any], ...]
) -> list[dict[str, Any]]:
    described = dict(descriptions)
    out: list[dict[str, Any]] = []
    for name, amount in winners:
        winner: dict[str, Any] = {"name": name, "amount": amount}
        if name in described:
            winner["hand"] = described[name]
        out.append(winner)
    return out


def _cards(cards: tuple[Card, ...]) -> str:
    """``format_cards``, inlined for the hot path (a list joins faster than a generator)."""
    return " ".join([card.text for card in cards])


#: One encoder, built once: ``json.dumps`` with options builds a new encoder per call.
_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
#: The string quoting that encoder uses itself (``ensure_ascii=False``), in C.
_quote: Callable[[str], str] = json.encoder.encode_basestring
#: ``pots.eligible`` JSON by the names' tuple: a file's pots list the same few players.
_ELIGIBLE: Final[dict[tuple[str, ...], str]] = {}


def _eligible(names: tuple[str, ...]) -> str:
    """``_json(list(names))``, remembered (at most :data:`_MEMO_SIZE` lists)."""
    text = _ELIGIBLE.get(names)
    if text is None:
        if len(_ELIGIBLE) >= _MEMO_SIZE:
            _ELIGIBLE.clear()
        text = _ELIGIBLE[names] = _json(list(names))
    return text


def _winners_json(
    winners: tuple[tuple[Any, Any], ...], descriptions: tuple[tuple[Any, Any], ...]
) -> str:
    """``_json(_winners(winners, descriptions))``, the same text written out directly (the
    encoder's generic walk over a list of dicts costs more than the pot's other columns):
    names and descriptions quoted by the encoder's own function, amounts as ``int`` prints
    them. Anything but a ``str`` name or description or an ``int`` amount takes the
    encoder: hence ``Any`` (compiled with mypyc, a value typed ``int`` would be made an
    ``int`` before the check, a ``bool`` 1)."""
    described = dict(descriptions) if descriptions else None
    parts = []
    for name, amount in winners:
        if type(name) is not str or type(amount) is not int:
            return _json(_winners(winners, descriptions))
        text = '{"name":' + _quote(name) + ',"amount":' + repr(amount)
        if described is not None and name in described:
            hand = described[name]
            if type(hand) is not str:
                return _json(_winners(winners, descriptions))
            text += ',"hand":' + _quote(hand)
        parts.append(text + "}")
    return "[" + ",".join(parts) + "]"


# -- events -------------------------------------------------------------------------------

_COMMON_FIELDS = frozenset({"line", "player", "amount", "cards", "street"})
_NO_DEFAULT = object()
#: Each event class's row maker, compiled on first use (see :func:`_compile`).
_MAKERS: dict[type[ev.Event], Callable[[ev.Event, int, str], Row]] = {}
#: Bound on each class's memo of ``extra`` JSON strings (chat texts never repeat).
_MEMO_SIZE: Final = 4096


def action_rows(hand: ParsedHand) -> tuple[Row, ...]:
    """One row per event; ``street`` is the betting round the event happened in.

    Forced bets and the deal belong to the first street; a board card or a street start
    opens the next; everything after the showdown starts is ``showdown``.
    """
    spec = GAME_SPECS.get(hand.game)
    street = spec.streets[0].name if spec else "preflop"
    makers = _MAKERS
    out = []
    for index, event in enumerate(hand.events):
        cls = type(event)
        if cls is ev.DealBoard or cls is ev.StreetStart:
            street = event.street  # type: ignore[attr-defined]
        elif cls is ev.ShowdownStart:
            street = "showdown"
        make = makers.get(cls) or _compile(cls)
        out.append(make(event, index, street))
    return tuple(out)


def _compile(cls: type[ev.Event]) -> Callable[[ev.Event, int, str], Row]:
    """Build the function that turns one ``cls`` event into its ``actions`` row.

    Why generated code: rows are built for about twenty events per hand, and a generic
    loop over ``dataclasses.fields`` with ``getattr`` took as long as the whole database
    write. The generated function reads exactly the fields the class has, in one tuple;
    the rare fields become the ``extra`` JSON object (only those that differ from their
    defaults), memoised per class because the same few values recur (``{"blind":"big"}``).
    """
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    extras = tuple(
        (f.name, f.default if f.default is not dataclasses.MISSING else _NO_DEFAULT)
        for f in fields
        if f.name not in _COMMON_FIELDS
    )
    player = "e.player" if "player" in names else "None"
    amount = "e.amount" if "amount" in names else "None"
    cards = "(_format_cards(e.cards) if e.cards else None)" if "cards" in names else "None"
    extra = "None"
    if extras:
        values = "".join(f"e.{name}, " for name, _ in extras)
        extra = f"_extra(({values}))"
    source = (
        "def make(e, i, street):\n"
        f"    return (i, {cls.kind!r}, street, {player}, {amount}, {cards}, e.line, {extra})\n"
    )
    namespace: dict[str, Any] = {"_format_cards": _cards, "_extra": _extra_encoder(extras)}
    exec(source, namespace)
    make: Callable[[ev.Event, int, str], Row] = namespace["make"]
    _MAKERS[cls] = make
    return make


def _extra_encoder(extras: tuple[tuple[str, Any], ...]) -> Callable[[tuple[Any, ...]], str | None]:
    memo: dict[tuple[Any, ...], str | None] = {}

    def encode(values: tuple[Any, ...]) -> str | None:
        try:
            return memo[values]
        except KeyError:
            pass
        fields = {
            name: _plain(value)
            for (name, default), value in zip(extras, values, strict=True)
            if value != default
        }
        text = _json(fields) if fields else None
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        memo[values] = text
        return text

    return encode


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, tuple):
        return format_cards(value) if all(isinstance(c, Card) for c in value) else list(value)
    return value  # str enums serialise as their value
