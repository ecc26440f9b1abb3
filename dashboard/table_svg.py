"""The replay viewer's picture of the table: one ``HandState`` -> an SVG string.

A pure function (no Streamlit), so tests check it directly. Everything it draws comes from
the state (seats, stacks, bets, cards, boards, pots) plus a :class:`TableView` of display
choices. Player and table names are attacker-controlled text (anyone can register a name
like ``<img src=x onerror=alert(1)>``): every piece of text goes through :func:`_text`,
which escapes it, and nothing else is ever interpolated into the markup but numbers.

The pot is drawn as :func:`pot_lines` words it: the chips gathered from closed rounds and,
apart, the bets in front of players; the formed pots (main and side, each with its halves in
hi/lo) on a second line; "awarded" once the hand is settled. A seat shows its face-down
cards and, beside them and raised, its face-up ones (stud); a draw game's seat says how many
cards it threw and drew; several boards are drawn one above the other (run it twice, Split
Hold'em), and none when the game has no board.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from parser.model.cards import Card
from replayer.state import HandState, Pot, SeatState

WIDTH, HEIGHT = 960, 560
CX, CY = WIDTH / 2, HEIGHT / 2 + 6
#: The felt, the ring the seats sit on, and the ring the bets sit on.
TABLE_RX, TABLE_RY = 330, 170
SEAT_RX, SEAT_RY = 385, 215
BET_RX, BET_RY = 235, 112
SEAT_W, SEAT_H = 156, 58
CARD_W, CARD_H = 34, 48

#: Four-colour deck: spades black, hearts red, diamonds blue, clubs green.
SUIT_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_COLOUR = {"s": "#1f1f1f", "h": "#c62828", "d": "#1565c0", "c": "#2e7d32"}

MAX_NAME = 18


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """How to draw: names to show, amounts format, what is highlighted."""

    title: str = ""
    max_seats: int = 9
    button_seat: int | None = None
    #: Formats an amount (chips, money, or big blinds).
    amount: Callable[[int], str] = str
    #: Display name of each player (names masked on demand); missing: the real name.
    names: Mapping[str, str] = field(default_factory=dict)
    #: The seat drawn at the bottom (the hero's), if any.
    hero: str | None = None
    #: Cards the log revealed by the end of the hand, shown face up (dimmed) before they are.
    revealed: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    #: Players seated but not dealt in (drawn greyed out): seat -> name.
    sitting_out: Mapping[int, str] = field(default_factory=dict)
    #: The player whose action this state follows (highlighted).
    actor: str | None = None
    hole_cards: int = 2
    #: Cards a complete board has (empty slots are drawn up to it): 0 in stud and draw.
    board_cards: int = 5
    #: What each of several boards is called: "run" (run it twice) or "board" (Split Hold'em).
    board_label: str = "run"


def _text(value: object) -> str:
    """Escape text for SVG/HTML element content and attribute values."""
    return html.escape(str(value), quote=True)


def _short(name: str) -> str:
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _n(value: float) -> str:
    return f"{value:.1f}"


def card_svg(
    card: Card | None, x: float, y: float, *, dim: bool = False, scale: float = 1.0
) -> str:
    """One card with its top-left corner at (x, y); None draws a card back."""
    w, h = CARD_W * scale, CARD_H * scale
    opacity = ' opacity="0.55"' if dim else ""
    if card is None:
        return (
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="4" '
            f'fill="#3949ab" stroke="#e8eaf6" stroke-width="2"{opacity}/>'
        )
    rank, suit = card.text[0], card.text[1]
    colour = SUIT_COLOUR.get(suit, "#000")
    shown_rank = "10" if rank == "T" else rank
    return (
        f'<g{opacity}><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="4" '
        f'fill="#fff" stroke="#9e9e9e"/>'
        f'<text x="{_n(x + w / 2)}" y="{_n(y + h * 0.45)}" font-size="{_n(17 * scale)}" '
        f'font-weight="700" text-anchor="middle" fill="{colour}">{_text(shown_rank)}</text>'
        f'<text x="{_n(x + w / 2)}" y="{_n(y + h * 0.88)}" font-size="{_n(17 * scale)}" '
        f'text-anchor="middle" fill="{colour}">{_text(SUIT_SYMBOL.get(suit, suit))}</text></g>'
    )


def _angle(seat: int, seats: int, bottom_seat: int) -> float:
    """Seats run clockwise; ``bottom_seat`` is drawn at six o'clock."""
    return math.pi / 2 + 2 * math.pi * ((seat - bottom_seat) % seats) / seats


def _point(angle: float, rx: float, ry: float) -> tuple[float, float]:
    return CX + rx * math.cos(angle), CY + ry * math.sin(angle)


def table_svg(state: HandState, view: TableView) -> str:
    """The table after one event, as an ``<svg>`` element (escaped, self-contained)."""
    numbers = [s.seat for s in state.seats] + list(view.sitting_out)
    seats = max([view.max_seats, *numbers]) if numbers else view.max_seats
    hero_seat = next((s.seat for s in state.seats if s.name == view.hero), None)
    bottom = hero_seat if hero_seat is not None else 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'preserveAspectRatio="xMidYMid meet" role="img" '
        f'aria-label="{_text("poker table: " + view.title)}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f'<ellipse cx="{CX}" cy="{CY}" rx="{TABLE_RX + 14}" ry="{TABLE_RY + 14}" fill="#5d4037"/>',
        f'<ellipse cx="{CX}" cy="{CY}" rx="{TABLE_RX}" ry="{TABLE_RY}" fill="#2e7d32" '
        'stroke="#1b5e20" stroke-width="3"/>',
        f'<text x="12" y="22" font-size="15" fill="#555">{_text(view.title)}</text>',
    ]
    parts += _centre(state, view)
    for seat in state.seats:
        angle = _angle(seat.seat, seats, bottom)
        parts += _bet(seat, angle, view)
        if seat.seat == view.button_seat:
            parts.append(_button(angle))
    if view.button_seat is not None and all(s.seat != view.button_seat for s in state.seats):
        parts.append(_button(_angle(view.button_seat, seats, bottom)))
    taken = {s.seat for s in state.seats} | set(view.sitting_out)
    for number in range(1, seats + 1):
        if number not in taken:
            x, y = _point(_angle(number, seats, bottom), SEAT_RX, SEAT_RY)
            parts.append(
                f'<g opacity="0.7">{_seat_box(x, y, fill="#f5f5f5", stroke="#bdbdbd", width=1)}'
                f'<text x="{_n(x)}" y="{_n(y + 5)}" font-size="13" text-anchor="middle" '
                f'fill="#757575">{_text(f"seat {number}")}</text></g>'
            )
    for number, name in sorted(view.sitting_out.items()):
        parts += _absent_seat(number, name, _angle(number, seats, bottom), view)
    for seat in state.seats:
        parts += _seat(seat, state, _angle(seat.seat, seats, bottom), view)
    parts.append("</svg>")
    return "".join(parts)


def pot_lines(state: HandState, amount: Callable[[int], str] = str) -> tuple[str, str]:
    """The pot in words: the main line, and the formed pots ('' when there is one pot).

    >>> seats = (SeatState(seat=1, name="A", stack=950, bet=50, invested=50, cards=(),
    ...                    folded=False, all_in=False, dealt_in=True),
    ...          SeatState(seat=2, name="B", stack=900, bet=100, invested=100, cards=(),
    ...                    folded=False, all_in=False, dealt_in=True))
    >>> blinds = HandState(street="preflop", seats=seats, boards=((),), pot=0, pots=(),
    ...                    current_bet=100, to_act="A", legal=None)
    >>> pot_lines(blinds)
    ('Pot 0 · bets 150', '')
    """
    in_front = sum(s.bet for s in state.seats)
    if state.settled:
        main = f"Pot {amount(state.awarded + state.pot)} awarded"
        if state.pot:
            main += f" · site keeps {amount(state.pot)}"
    elif state.awarded:
        main = f"Pot {amount(state.pot)} · {amount(state.awarded)} awarded"
    else:
        main = f"Pot {amount(state.pot)}"
        if in_front:
            main += f" · bets {amount(in_front)}"
    pots = state.formed_pots
    if len(pots) == 1 and pots[0].halves:
        return main, _halves(pots[0], amount)
    if len(pots) < 2:
        return main, ""
    parts = []
    for i, pot in enumerate(pots):
        part = f"{'main' if i == 0 else f'side {i}'} {amount(pot.amount)}"
        if pot.halves:
            part += f" ({_halves(pot, amount)})"
        parts.append(part)
    return main, "  ·  ".join(parts)


def _halves(pot: Pot, amount: Callable[[int], str]) -> str:
    return " / ".join(f"{label} {amount(part)}" for label, part in pot.halves)


def _centre(state: HandState, view: TableView) -> list[str]:
    parts: list[str] = []
    pot_line, pots_line = pot_lines(state, view.amount)
    boards = [b for b in state.boards if b] or [()]
    if not view.board_cards and not any(boards[0]):
        boards = []  # stud and draw: no board (unless the deck ran short, S7)
    rows = len(boards)
    top = CY - 12 - rows * (CARD_H + 8) / 2
    parts.append(
        f'<text x="{CX}" y="{_n(top - 34)}" font-size="18" font-weight="600" fill="#fff" '
        f'text-anchor="middle" class="pot">{_text(pot_line)}</text>'
    )
    if pots_line:
        parts.append(
            f'<text x="{CX}" y="{_n(top - 12)}" font-size="14" fill="#e8f5e9" '
            f'text-anchor="middle" class="pots">{_text(pots_line)}</text>'
        )
    for row, board in enumerate(boards):
        y = top + row * (CARD_H + 8)
        slots = max(view.board_cards, len(board))
        x0 = CX - (slots * (CARD_W + 6) - 6) / 2
        if rows > 1:
            parts.append(
                f'<text x="{_n(x0 - 10)}" y="{_n(y + CARD_H / 2 + 5)}" font-size="13" '
                f'fill="#e8f5e9" text-anchor="end">{_text(f"{view.board_label} {row + 1}")}'
                "</text>"
            )
        for i in range(slots):
            x = x0 + i * (CARD_W + 6)
            if i < len(board):
                parts.append(card_svg(board[i], x, y))
            else:
                parts.append(
                    f'<rect x="{_n(x)}" y="{_n(y)}" width="{CARD_W}" height="{CARD_H}" rx="4" '
                    'fill="none" stroke="#66bb6a" stroke-dasharray="3 3"/>'
                )
    return parts


def _bet(seat: SeatState, angle: float, view: TableView) -> list[str]:
    x, y = _point(angle, BET_RX, BET_RY)
    if not seat.bet and seat.won:
        return [
            f'<text x="{_n(x)}" y="{_n(y + 5)}" font-size="15" font-weight="700" '
            f'text-anchor="middle" fill="#ffeb3b" class="won">'
            f"{_text('wins ' + view.amount(seat.won))}</text>"
        ]
    if not seat.bet:
        return []
    return [
        f'<circle cx="{_n(x - 22)}" cy="{_n(y)}" r="8" fill="#fdd835" stroke="#f57f17"/>',
        f'<text x="{_n(x - 10)}" y="{_n(y + 5)}" font-size="15" font-weight="600" '
        f'fill="#fff" class="bet">{_text(view.amount(seat.bet))}</text>',
    ]


def _button(angle: float) -> str:
    x, y = _point(angle + 0.22, BET_RX + 30, BET_RY + 22)
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="12" fill="#fff" stroke="#424242" stroke-width="2"/>'
        f'<text x="{_n(x)}" y="{_n(y + 5)}" font-size="13" font-weight="700" '
        'text-anchor="middle" fill="#212121">D</text>'
    )


def _seat_box(x: float, y: float, *, fill: str, stroke: str, width: float) -> str:
    return (
        f'<rect x="{_n(x - SEAT_W / 2)}" y="{_n(y - SEAT_H / 2)}" width="{SEAT_W}" '
        f'height="{SEAT_H}" rx="10" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
    )


def _absent_seat(number: int, name: str, angle: float, view: TableView) -> list[str]:
    x, y = _point(angle, SEAT_RX, SEAT_RY)
    shown = _short(view.names.get(name, name))
    return [
        f'<g opacity="0.45">{_seat_box(x, y, fill="#eeeeee", stroke="#9e9e9e", width=1)}',
        f'<text x="{_n(x)}" y="{_n(y - 4)}" font-size="14" text-anchor="middle" '
        f'fill="#424242">{_text(shown)}</text>',
        f'<text x="{_n(x)}" y="{_n(y + 16)}" font-size="12" text-anchor="middle" '
        f'fill="#616161">{_text(f"seat {number} · sitting out")}</text></g>',
    ]


def _seat(seat: SeatState, state: HandState, angle: float, view: TableView) -> list[str]:
    x, y = _point(angle, SEAT_RX, SEAT_RY)
    parts = _hand(seat, x, y, view)
    stroke_width: float
    if seat.name == view.actor:
        fill, stroke, stroke_width = "#fff8e1", "#ff8f00", 4
    elif seat.name == state.to_act:
        fill, stroke, stroke_width = "#ffffff", "#1e88e5", 3
    else:
        fill, stroke, stroke_width = "#fafafa", "#616161", 1.5
    opacity = ' opacity="0.5"' if seat.folded else ""
    parts.append(f"<g{opacity}>")
    parts.append(_seat_box(x, y, fill=fill, stroke=stroke, width=stroke_width))
    name = _short(view.names.get(seat.name, seat.name))
    parts.append(
        f'<text x="{_n(x)}" y="{_n(y - 6)}" font-size="15" font-weight="600" '
        f'text-anchor="middle" fill="#212121">{_text(name)}</text>'
    )
    all_in = seat.all_in and not seat.stack
    status = "ALL-IN" if all_in else view.amount(seat.stack)
    if seat.folded:
        status += " · folded"
    if seat.threw is not None and seat.drew is not None:
        status += " · " + draw_text(seat.threw, seat.drew)
    colour = "#c62828" if all_in else "#37474f"
    size = 14 if len(status) <= 22 else 12
    parts.append(
        f'<text x="{_n(x)}" y="{_n(y + 16)}" font-size="{size}" text-anchor="middle" '
        f'fill="{colour}" class="stack">{_text(status)}</text>'
    )
    parts.append("</g>")
    return parts


def draw_text(threw: int, drew: int) -> str:
    """A draw game's seat: what the player did at the latest draw.

    >>> draw_text(0, 0), draw_text(2, 2), draw_text(3, 2)
    ('stood pat', 'drew 2', 'threw 3, drew 2')
    """
    if not threw and not drew:
        return "stood pat"
    if threw == drew:
        return f"drew {drew}"
    return f"threw {threw}, drew {drew}"


def _hand(seat: SeatState, x: float, y: float, view: TableView) -> list[str]:
    """The seat's cards above its box (below it for seats in the top half, nearer the
    felt): face-down ones (known, hinted from the end of the hand, or backs), then the
    face-up ones (stud) raised, each group in its own ``<g>``."""
    known = seat.cards
    hinted = not known and bool(view.revealed.get(seat.name))
    count = seat.down_cards if seat.down_cards is not None else view.hole_cards
    down: Sequence[Card | None] = known or tuple(view.revealed.get(seat.name, ()))[:count]
    if not down and seat.dealt_in and not seat.folded:
        down = [None] * count
    if seat.folded and not known and not hinted:
        down = []
    up = seat.up
    if not down and not up:
        return []
    total = len(down) + len(up)
    scale = 0.8 if total > 2 else 1.0
    scale = 0.62 if total > 5 else scale
    step = CARD_W * scale + 3
    gap = 8 if down and up else 0
    width = total * step - 3 + gap
    raise_up = 8 * scale if up else 0
    cy = y - SEAT_H / 2 - CARD_H * scale + 8 if y > CY - 40 else y + SEAT_H / 2 - 8 + raise_up
    left = x - width / 2
    parts: list[str] = []
    if down:
        dim = hinted or seat.folded
        parts.append('<g class="down">')
        parts += [card_svg(c, left + i * step, cy, dim=dim, scale=scale)
                  for i, c in enumerate(down)]  # fmt: skip
        parts.append("</g>")
    if up:
        start = left + len(down) * step + gap
        parts.append('<g class="up">')
        parts += [card_svg(c, start + i * step, cy - raise_up, dim=seat.folded, scale=scale)
                  for i, c in enumerate(up)]  # fmt: skip
        parts.append("</g>")
    return parts
