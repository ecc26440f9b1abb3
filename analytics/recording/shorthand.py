"""The text shorthand of ``pokerhh record``: one short line per step (docs/live.md).

Setup lines first (``game NLHE``, ``blinds 1/2``, ``seat 1 Ann 200``, ``button 3``...),
then one line per step of the hand: ``f``, ``x``, ``c``, ``r 120``, ``d flop AhKd2c``,
``d exposed 7c p2``... Players are written as PHH writes them (``p1`` is the first seat
left of the button) or by name; cards as ``AhKd`` or ``Ah Kd``, ``??`` for one unknown.

A :class:`Session` reads the lines one at a time and drives a :class:`Recorder`; the
interactive prompt and ``--script FILE`` feed it the same lines. Everything the rules
decide, the recorder asks the engine; this module only reads the words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from analytics.output.format import Money
from analytics.output.narrate import describe
from analytics.recording.recorder import (
    Correction,
    Options,
    Phase,
    Recorded,
    Recorder,
    RecordingError,
    refusal,
)
from analytics.recording.table import CHIPS, RECORDABLE, SeatSetup, SetupError, TableSetup
from parser.kit.money import MoneyError, to_units
from parser.model.cards import Card
from parser.model.errors import HandError
from replayer.state import LegalActions

HELP = """\
setup:  game NLHE | blinds 1/2 | ante 1 | currency USD | seat 1 Ann 200 | button 3
        hand NUMBER | table NAME | site NAME | time 2024-05-01 20:00 | start
player: f fold | x check | c call (or check) | b 60 bet | r 120 raise to | a all-in
        t time-out (B12)
dealer: d dh [p1 AhKh p2 ??..] deal | d flop AhKd2c | d turn Kh | d river 2d | d burn [Ah]
errors: d exposed 7c [p2] [first] | d replace p2 7c [8d] | d extra [Kc] | d return
        d reshuffle | d misdeal [reason]
end:    s p1 [AhKh] show | m p2 muck | u undo | ? options | done save"""


class ShorthandError(ValueError):
    """A line that is not shorthand (the message shows the usage)."""


def read_cards(text: str) -> tuple[Card, ...]:
    """Cards written together or apart; ``??`` stands for an unknown card (left out).

    >>> read_cards("AhKd2c"), read_cards("Ah ??"), read_cards("10h 9h")
    ((Card('Ah'), Card('Kd'), Card('2c')), (Card('Ah'),), (Card('Th'), Card('9h')))
    """
    raw = "".join(text.split()).replace("10", "T")
    if len(raw) % 2:
        raise ShorthandError(f"cards {text!r}: two characters each, like AhKd (?? unknown)")
    cards = []
    for i in range(0, len(raw), 2):
        pair = raw[i : i + 2]
        if pair == "??":
            continue
        try:
            cards.append(Card.parse(pair))
        except ValueError as error:
            raise ShorthandError(str(error)) from None
    return tuple(cards)


@dataclass(slots=True)
class _Draft:
    """The setup lines read so far."""

    game: str = "NLHE"
    blinds: tuple[str, str] | None = None
    ante: str = "0"
    currency: str = CHIPS
    seats: list[tuple[int, str, str]] = field(default_factory=list)
    button: int | None = None
    hand_id: str = ""
    table: str = ""
    site: str = ""
    started_at: datetime | None = None

    def setup(self) -> TableSetup:
        if self.blinds is None:
            raise SetupError("give the blinds first: blinds 1/2")
        if self.button is None:
            raise SetupError("give the button's seat first: button 3")
        unit = 1 if self.currency == CHIPS else 100
        amount = _amount_reader(unit)
        setup = TableSetup(
            game=self.game,
            small_blind=amount(self.blinds[0]),
            big_blind=amount(self.blinds[1]),
            ante=amount(self.ante),
            currency=self.currency,
            seats=tuple(SeatSetup(seat=s, name=n, stack=amount(a)) for s, n, a in self.seats),
            button=self.button,
            hand_id=self.hand_id,
            table=self.table,
            started_at=self.started_at,
        )
        return replace(setup, site=self.site) if self.site else setup


def table_from_fields(
    *,
    game: str,
    blinds: tuple[str, str],
    seats: str,
    button: int,
    ante: str = "0",
    currency: str = CHIPS,
    hand_id: str = "",
    table: str = "",
) -> TableSetup:
    """A table from a form's fields: amounts as text in the currency's major unit
    (``0.50``), one seat per line of ``seats`` as the ``seat`` line writes it
    (``1 Ann 200``). Raises ``ShorthandError`` or ``SetupError`` saying what is wrong."""
    draft = _Draft(game=game, blinds=blinds, ante=ante or "0", currency=currency,
                   button=button, hand_id=hand_id.strip(), table=table.strip())  # fmt: skip
    draft.seats = [_seat_words(line.split()) for line in seats.splitlines() if line.strip()]
    setup = draft.setup()
    setup.check()
    return setup


def _amount_reader(unit: int) -> Callable[[str], int]:
    def amount(text: str) -> int:
        try:
            return to_units(text, unit)
        except MoneyError as error:
            raise ShorthandError(str(error)) from None

    return amount


class Session:
    """A recording driven by shorthand lines. ``done`` is set by the ``done`` line."""

    def __init__(self) -> None:
        self.draft = _Draft()
        self.recorder: Recorder | None = None
        #: Set by the ``done`` line: the finished hand, ready to save.
        self.recorded: Recorded | None = None
        self.done = False

    @property
    def money(self) -> Money:
        recorder = self.recorder
        if recorder is None:
            return Money(self.draft.currency, 1 if self.draft.currency == CHIPS else 100)
        return Money(recorder.setup.currency, recorder.setup.unit)

    def feed(self, line: str) -> str:
        """Apply one line; what happened, as text ("" for a blank line or a comment).

        Raises ``ShorthandError`` or ``SetupError`` for a line that cannot be read, and
        the engine's ``HandError`` (rule id) or ``RecordingError`` for a refused step.
        """
        words = line.split("#", 1)[0].split()
        if not words:
            return ""
        command, rest = words[0].lower(), words[1:]
        if command in ("?", "help"):
            return HELP if self.recorder is None else self.prompt()
        if self.recorder is None:
            if command in _SETUP:
                return _SETUP[command](self.draft, rest)
            self.start()
            if command == "start":
                return "the blinds are posted: deal the hole cards (d dh)"
        recorder = self.recorder
        assert recorder is not None
        if command == "done":
            self.recorded = recorder.finish()
            self.done = True
            return f"the hand is over: {self.recorded.key}"
        before = len(recorder.events)
        if command == "u":
            if not recorder.undo():
                raise RecordingError("nothing to undo")
            return "undone"
        handler = _STEPS.get(command)
        if handler is None:
            raise ShorthandError(f"unknown step {words[0]!r}; ? lists them\n{HELP}")
        handler(recorder, rest, _amount_reader(recorder.setup.unit))
        return "; ".join(describe(e, self.money) for e in recorder.events[before:])

    def unfinished(self) -> str:
        """Why lines that ran out saved nothing, as it is: the setup still lacking
        something, or the hand begun and waiting for its next step before ``done``."""
        recorder = self.recorder
        if recorder is None:
            draft = self.draft
            missing = [what for what, given in (("the blinds (blinds 1/2)", draft.blinds),
                                                ("the seats (seat 1 Ann 200)", draft.seats),
                                                ("the button (button 3)", draft.button))
                       if not given]  # fmt: skip
            if missing:
                return f"no hand was started: the setup lacks {', '.join(missing)}"
            return "no hand was started: the lines give the table but no step of a hand"
        options = recorder.options()
        if options.can_finish:
            return "the hand is over but was not saved: end it with 'done'"
        waits = {Phase.DEAL: "the deal (d dh)", Phase.CORRECTION: options.required,
                 Phase.BETTING: "a player's action", Phase.BOARD: "the next board",
                 Phase.SHOWDOWN: "the showdown (s / m)"}.get(options.phase)  # fmt: skip
        if waits:
            return f"the hand was not finished: it waits for {waits}, then 'done'"
        return "the hand is over but was not saved: end it with 'done'"

    def start(self) -> Recorder:
        if self.recorder is None:
            self.recorder = Recorder(self.draft.setup())
        return self.recorder

    def prompt(self) -> str:
        """The table and what the next step may be, in shorthand."""
        recorder = self.start()
        return "\n".join([*table_lines(recorder, self.money), *option_lines(recorder, self.money)])


def run_lines(
    session: Session,
    lines: Iterable[str],
    write: Callable[[str], None],
    *,
    where: str = "",
    interactive: bool = False,
) -> str:
    """Feed ``lines`` to ``session`` until its ``done`` line, writing what each did;
    ``"done"``, ``"refused"`` or ``"ended"`` (the lines ran out first).

    A line that cannot be read or a step refused is written with its reason; a script
    (not ``interactive``) stops there. The prompt goes on.
    """
    for number, line in enumerate(lines, start=1):
        try:
            said = session.feed(line)
        except (HandError, RecordingError) as error:
            said, failed = f"refused: {refusal(error)}", True
        except (ShorthandError, SetupError) as error:
            said, failed = f"cannot read it: {error}", True
        else:
            failed = False
        if failed and not interactive:
            write(f"{where}:{number}: {line.strip()}: {said}")
            return "refused"
        if said:
            write(said)
        if session.done:
            return "done"
        if interactive and not failed and session.recorder is not None:
            write(session.prompt())
    return "done" if session.done else "ended"


# -- setup lines ---------------------------------------------------------------------------


def _game(draft: _Draft, rest: list[str]) -> str:
    """Refused at this line, not at the first step after it (issue 23 item 20)."""
    game = _one(rest, "game NLHE").upper()
    if game not in RECORDABLE:
        raise SetupError(f"cannot record {game!r}: the recorder knows {', '.join(RECORDABLE)}")
    draft.game = game
    return f"game {draft.game}"


def _blinds(draft: _Draft, rest: list[str]) -> str:
    small, _, big = _one(rest, "blinds 1/2").partition("/")
    if not big:
        raise ShorthandError("blinds SMALL/BIG, like blinds 1/2")
    draft.blinds = (small, big)
    return f"blinds {small}/{big}"


def _ante(draft: _Draft, rest: list[str]) -> str:
    draft.ante = _one(rest, "ante 1")
    return f"ante {draft.ante}"


def _currency(draft: _Draft, rest: list[str]) -> str:
    draft.currency = _one(rest, "currency USD").upper()
    return f"currency {draft.currency}"


def _seat_words(rest: list[str]) -> tuple[int, str, str]:
    if len(rest) < 3 or not rest[0].isdigit():
        raise ShorthandError(f"seat NUMBER NAME STACK, like seat 1 Ann 200, not {' '.join(rest)!r}")
    return int(rest[0]), " ".join(rest[1:-1]), rest[-1]


def _seat(draft: _Draft, rest: list[str]) -> str:
    """A seat line; the same seat again replaces it (a typo corrected at the prompt)."""
    number, name, stack = _seat_words(rest)
    draft.seats = [s for s in draft.seats if s[0] != number] + [(number, name, stack)]
    return f"seat {number}: {name}, {stack}"


def _button(draft: _Draft, rest: list[str]) -> str:
    seat = _one(rest, "button 3")
    if not seat.isdigit():
        raise ShorthandError("button SEAT, like button 3")
    draft.button = int(seat)
    return f"button on seat {seat}"


def _time(draft: _Draft, rest: list[str]) -> str:
    text = " ".join(rest)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ShorthandError("time YYYY-MM-DD HH:MM (UTC unless an offset is given)") from None
    draft.started_at = when if when.tzinfo else when.replace(tzinfo=UTC)
    return f"started at {draft.started_at.isoformat()}"


def _text_field(name: str) -> Callable[[_Draft, list[str]], str]:
    def read(draft: _Draft, rest: list[str]) -> str:
        value = " ".join(rest)
        if not value:
            raise ShorthandError(f"{name} what?")
        setattr(draft, name, value)
        return f"{name} {value}"

    return read


_SETUP: dict[str, Callable[[_Draft, list[str]], str]] = {
    "game": _game,
    "blinds": _blinds,
    "stakes": _blinds,
    "ante": _ante,
    "currency": _currency,
    "seat": _seat,
    "button": _button,
    "hand": _text_field("hand_id"),
    "table": _text_field("table"),
    "site": _text_field("site"),
    "time": _time,
}


def _one(rest: list[str], usage: str) -> str:
    if len(rest) != 1:
        raise ShorthandError(f"expected: {usage}")
    return rest[0]


# -- steps ---------------------------------------------------------------------------------

Amount = Callable[[str], int]


def _fold(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.fold()


def _check(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.check()


def _call(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.call()


def _bet(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.bet(amount(_one(rest, "r 120 (to 120 in all this round)")))


def _all_in(r: Recorder, rest: list[str], amount: Amount) -> None:
    legal = r.options().legal
    if legal is not None and legal.max_raise_to is not None:
        seat = next(s for s in r.state().seats if s.name == legal.player)
        if legal.max_raise_to == seat.bet + seat.stack:
            r.bet(legal.max_raise_to)
            return
    r.call()


def _time_out(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.time_out()


def _show(r: Recorder, rest: list[str], amount: Amount) -> None:
    if not rest:
        raise ShorthandError("s pN [CARDS], like s p1 AhKh")
    r.show(rest[0], read_cards(" ".join(rest[1:])))


def _muck(r: Recorder, rest: list[str], amount: Amount) -> None:
    r.muck(_one(rest, "m p2"))


def _dealer(r: Recorder, rest: list[str], amount: Amount) -> None:
    if not rest:
        raise ShorthandError(f"d what?\n{HELP}")
    verb, args = rest[0].lower(), rest[1:]
    if verb in ("dh", "deal"):
        r.deal(_hands(r, args))
    elif verb in ("flop", "turn", "river", "db"):
        due = r.options().next_board
        if verb != "db" and verb != due:
            raise RecordingError(f"the next board is the {due}" if due else "the board is dealt")
        r.deal_board(read_cards(" ".join(args)))
    elif verb == "burn":
        r.burn(_card(args[0]) if args else None)
    elif verb == "exposed":
        if not args:
            raise ShorthandError("d exposed CARD [pN] [first]")
        first = "first" in (a.lower() for a in args[1:])
        who = [a for a in args[1:] if a.lower() != "first"]
        r.expose(_card(args[0]), who[0] if who else None, first=first)
    elif verb == "replace":
        if len(args) not in (2, 3):
            raise ShorthandError("d replace pN OLD [NEW]")
        r.replace_card(args[0], _card(args[1]), _card(args[2]) if len(args) == 3 else None)
    elif verb == "extra":
        r.extra_card(_card(args[-1]) if args else None)
    elif verb == "return":
        r.return_board()
    elif verb == "reshuffle":
        r.reshuffle()
    elif verb == "misdeal":
        r.misdeal(" ".join(args))
    else:
        raise ShorthandError(f"unknown dealer step {verb!r}\n{HELP}")


def _hands(r: Recorder, args: list[str]) -> dict[str, tuple[Card, ...]]:
    if len(args) % 2:
        raise ShorthandError("d dh p1 AhKh p2 ?? ... (a player, then his cards)")
    return {r.player(args[i]): read_cards(args[i + 1]) for i in range(0, len(args), 2)}


def _card(text: str) -> Card:
    cards = read_cards(text)
    if len(cards) != 1:
        raise ShorthandError(f"{text!r}: one card, like 7c")
    return cards[0]


_STEPS: dict[str, Callable[[Recorder, list[str], Amount], None]] = {
    "f": _fold,
    "x": _check,
    "c": _call,
    "b": _bet,
    "r": _bet,
    "a": _all_in,
    "t": _time_out,
    "s": _show,
    "m": _muck,
    "d": _dealer,
}


# -- what the prompt shows -------------------------------------------------------------------


def table_lines(recorder: Recorder, money: Money) -> list[str]:
    state = recorder.state()
    board = " ".join(str(c) for b in state.boards for c in b)
    pot = state.pot + sum(s.bet for s in state.seats)
    lines = [f"{state.street}: board [{board}] · pot {money(pot)}"]
    for seat in state.seats:
        flags = " folded" if seat.folded else (" all-in" if seat.all_in else "")
        bet = f" bet {money(seat.bet)}" if seat.bet else ""
        cards = "".join(str(c) for c in seat.cards)
        lines.append(f"  {recorder.pn(seat.name)} {seat.name} (seat {seat.seat}) "
                     f"{money(seat.stack)}{bet}{flags} {cards}".rstrip())  # fmt: skip
    return lines


def option_lines(recorder: Recorder, money: Money) -> list[str]:
    """The offered steps, each with its shorthand."""
    options = recorder.options()
    lines: list[str] = []
    if options.required:
        lines.append(f"required: {options.required}")
    if options.phase is Phase.DEAL:
        lines.append("deal: d dh [p1 AhKh p2 ?? ...] (players left out: unknown cards)")
    if options.legal is not None:
        lines.append(f"{recorder.pn(options.legal.player)} {options.legal.player} to act: "
                     + _player_options(options.legal, recorder, money, options))  # fmt: skip
    lines += _dealer_lines(options)
    if options.to_show:
        names = ", ".join(recorder.pn(n) for n in options.to_show)
        lines.append(f"showdown ({names}): s pN [CARDS] · m pN")
    if options.can_finish:
        lines.append("done: save the hand")
    elif options.finish_problem and options.phase in (Phase.SHOWDOWN, Phase.OVER):
        lines.append(f"not over: {options.finish_problem}")
    for c in options.corrections:
        lines.append(f"dealer error ({c.rule}): {c.label}: {_correction_shorthand(recorder, c)}")
    return lines


def _player_options(legal: LegalActions, recorder: Recorder, money: Money,
                    options: Options) -> str:  # fmt: skip
    parts = ["f"]
    parts.append("x" if legal.can_check else f"c {money(legal.call_amount)}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        verb = "r" if recorder.state().current_bet else "b"
        span = money(legal.min_raise_to)
        if legal.max_raise_to != legal.min_raise_to:
            span += f"..{money(legal.max_raise_to)}"
        parts.append(f"{verb} {span}")
    parts.append("a")
    if options.can_time_out:
        parts.append("t")
    return " · ".join(parts)


def _dealer_lines(options: Options) -> list[str]:
    if options.phase is not Phase.BOARD or options.next_board is None:
        return []
    lines = []
    if options.can_burn:
        card = f" {options.burn_card}" if options.burn_card else " [CARD]"
        lines.append(f"burn: d burn{card}")
    if options.can_deal_board:
        lines.append(f"{options.next_board}: d {options.next_board} "
                     f"{' '.join(['??'] * options.board_cards)}")  # fmt: skip
    elif options.board_problem:
        lines.append(f"{options.next_board} not yet: {options.board_problem}")
    return lines


def _correction_shorthand(recorder: Recorder, c: Correction) -> str:
    pn = recorder.pn(c.player) if c.player else "pN"
    exposed = "d exposed CARD p1 first" if c.rule == "E1" else "d exposed CARD [pN]"
    return {
        "burn": "d burn [CARD]",
        "exposed": exposed,
        "extra": "d extra [CARD]",
        "replace": f"d replace {pn} {c.card} [NEW]",
        "premature": f"d {c.street} CARDS",
        "too_many": f"d {c.street} CARDS (one too many)",
        "return": "d return",
        "reshuffle": "d reshuffle",
        "misdeal": "d misdeal [reason]",
    }.get(c.kind, c.kind)
