"""The replay viewer's picture of the table: one ``HandState`` -> an SVG string.

A pure function (no Streamlit), so tests check it directly. Everything it draws comes from
the state (seats, stacks, bets, cards, boards, pots) plus a :class:`TableView` of display
choices. Player and table names are attacker-controlled text (anyone can register a name
like ``<img src=x onerror=alert(1)>``): every piece of text goes through :func:`_text`,
which escapes it, and nothing else is ever interpolated into the markup but numbers.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from parser.model.cards import Card
from replayer.state import HandState, SeatState

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


def _centre(state: HandState, view: TableView) -> list[str]:
    parts: list[str] = []
    in_front = sum(s.bet for s in state.seats)
    pot_line = f"Pot {view.amount(state.pot + in_front)}"
    boards = [b for b in state.boards if b] or [()]
    rows = len(boards)
    top = CY - 12 - rows * (CARD_H + 8) / 2
    parts.append(
        f'<text x="{CX}" y="{_n(top - 34)}" font-size="18" font-weight="600" fill="#fff" '
        f'text-anchor="middle">{_text(pot_line)}</text>'
    )
    if len(state.pots) > 1:
        pots = "  ·  ".join(
            f"{'main' if i == 0 else f'side {i}'} {view.amount(p.amount)}"
            for i, p in enumerate(state.pots)
        )
        parts.append(
            f'<text x="{CX}" y="{_n(top - 12)}" font-size="14" fill="#e8f5e9" '
            f'text-anchor="middle">{_text(pots)}</text>'
        )
    for row, board in enumerate(boards):
        y = top + row * (CARD_H + 8)
        x0 = CX - (5 * (CARD_W + 6) - 6) / 2
        if rows > 1:
            parts.append(
                f'<text x="{_n(x0 - 10)}" y="{_n(y + CARD_H / 2 + 5)}" font-size="13" '
                f'fill="#e8f5e9" text-anchor="end">{_text(f"run {row + 1}")}</text>'
            )
        for i in range(5):
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
    if not seat.bet:
        return []
    x, y = _point(angle, BET_RX, BET_RY)
    return [
        f'<circle cx="{_n(x - 22)}" cy="{_n(y)}" r="8" fill="#fdd835" stroke="#f57f17"/>',
        f'<text x="{_n(x - 10)}" y="{_n(y + 5)}" font-size="15" font-weight="600" '
        f'fill="#fff">{_text(view.amount(seat.bet))}</text>',
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
    parts: list[str] = []
    # Hole cards above the box (below it for seats in the top half, nearer the felt).
    known = seat.cards
    hinted = not known and bool(view.revealed.get(seat.name))
    cards: Sequence[Card | None] = known or view.revealed.get(seat.name, ())
    if not cards and seat.dealt_in and not seat.folded:
        cards = [None] * view.hole_cards
    if cards and not (seat.folded and not known and not hinted):
        scale = 0.8 if len(cards) > 2 else 1.0
        width = len(cards) * (CARD_W * scale + 3) - 3
        cy = y - SEAT_H / 2 - CARD_H * scale + 8 if y > CY - 40 else y + SEAT_H / 2 - 8
        dim = hinted or seat.folded
        for i, card in enumerate(cards):
            parts.append(card_svg(card, x - width / 2 + i * (CARD_W * scale + 3), cy,
                                  dim=dim, scale=scale))  # fmt: skip
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
    status = view.amount(seat.stack)
    if seat.all_in:
        status = "ALL-IN"
    elif seat.folded:
        status += " · folded"
    colour = "#c62828" if seat.all_in else "#37474f"
    parts.append(
        f'<text x="{_n(x)}" y="{_n(y + 16)}" font-size="14" text-anchor="middle" '
        f'fill="{colour}">{_text(status)}</text>'
    )
    parts.append("</g>")
    return parts
