"""The Table page's picture of one live table, as escaped HTML (``st.html``).

Why HTML and not ``st.dataframe``: the grid is drawn on a canvas, which a browser test
cannot read, and re-creating a grid every second flickers; a plain table redraws in place.
Every name (players, tables, notes) is the site's or the user's text: escaped here, never
given to Markdown. Each figure carries its sample as data attributes (``data-stat``,
``data-x``, ``data-n``), which the browser test compares with ``pokerhh stats``.
"""

from __future__ import annotations

from html import escape

from analytics.hud.live import HUD_STATS, Figure, Seat, TableView
from analytics.hud.types import MIN_HANDS
from analytics.output.format import Money
from analytics.stats.players import Kind, stat
from analytics.stats.queries import stakes_label
from analytics.store.notes import Note

#: Columns after the seat, the player and his stack.
_SHORT = {"fold_to_three_bet": "F3B", "cbet_flop": "C-bet", "fold_to_cbet_flop": "F C-bet"}

STYLE = """<style>
.pokerhh-live table {border-collapse: collapse; font-size: 0.9rem; width: 100%;}
.pokerhh-live th, .pokerhh-live td {padding: 2px 6px; border-bottom: 1px solid #ddd;
  text-align: right; white-space: nowrap;}
.pokerhh-live td.name, .pokerhh-live th.name, .pokerhh-live td.notes {text-align: left;}
.pokerhh-live td.notes {white-space: normal; max-width: 24rem; font-size: 0.8rem;}
.pokerhh-live tr.hero td {background: #eef6ee;}
.pokerhh-live .sample {color: #777; font-size: 0.75rem;}
.pokerhh-live .type {font-weight: 600;}
.pokerhh-live .head {font-weight: 600; margin: 0.2rem 0 0.3rem 0;}
</style>"""


def header(name: str) -> str:
    """A stat's column header: its label of ``pokerhh stats``, shortened where long."""
    return _SHORT.get(name, stat(name).label)


def figure_cell(name: str, figure: Figure | None) -> str:
    """One figure: the value and its sample, ``24% · 12/50``; AF as a ratio, ``2.1 · 21/10``.

    >>> figure_cell("vpip", Figure(12, 50, 0.24, 0.14, 0.37)).split("><")
    ['<td data-stat="vpip" data-x="12" data-n="50" title="95%: 14–37%">24%<span \
class="sample"> 12/50</span', '/td>']
    >>> figure_cell("af", Figure(3, 0, None))
    '<td data-stat="af" data-x="3" data-n="0">–<span class="sample"> 3/0</span></td>'
    """
    if figure is None:
        return f'<td data-stat="{name}">–</td>'
    kind = stat(name).kind
    if figure.value is None:
        value = "–"
    elif kind is Kind.RATE:
        value = f"{figure.value:.0%}"
    else:
        value = f"{figure.value:.1f}"
    title = ""
    if kind is Kind.RATE and figure.low is not None and figure.high is not None and figure.n:
        title = f' title="95%: {figure.low * 100:.0f}–{figure.high * 100:.0f}%"'
    return (f'<td data-stat="{name}" data-x="{figure.x}" data-n="{figure.n}"{title}>{value}'
            f'<span class="sample"> {figure.x}/{figure.n}</span></td>')  # fmt: skip


def _type_cell(seat: Seat) -> str:
    opponent = seat.opponent
    if opponent is None:
        return '<td class="type"></td>'
    if opponent.label is None:
        why = (f"no label yet: {opponent.hands} hands (at least {MIN_HANDS}, and VPIP's and"
               " PFR's 95% intervals inside one type's region; docs/hud.md)")  # fmt: skip
        return f'<td class="type" title="{escape(why)}">–</td>'
    kind = opponent.label
    return (f'<td class="type" data-type="{escape(kind.label)}" title="{escape(kind.meaning)}">'
            f"{escape(kind.label)}</td>")  # fmt: skip


def _notes_cell(notes: list[Note]) -> str:
    text = "<br>".join(escape(note.text) for note in notes)
    return f'<td class="notes">{text}</td>'


def table_html(view: TableView, notes: dict[tuple[str, str], list[Note]], minutes: float) -> str:
    """The table's header line and one row per seat: the hero's without figures, each
    opponent's with :data:`HUD_STATS`, the type label and his notes."""
    money = Money(view.currency, view.unit)
    stakes = ""
    if view.small_blind is not None and view.big_blind is not None and view.currency:
        stakes = " " + stakes_label(view.currency, view.small_blind, view.big_blind,
                                    view.unit or 1)  # fmt: skip
    when = view.started_at.replace("T", " ").removesuffix("Z")
    hero = f" · hero {view.hero}" if view.hero else " · hero unknown (choose it in the sidebar)"
    head = (f"{view.site} · {view.table_name} · {view.game or ''}{stakes} · hand #{view.hand_id}"
            f" at {when} UTC · {view.recent_hands} hand(s) in the last {minutes:g} min{hero}")
    columns = "".join(f"<th>{escape(header(name))}</th>" for name in HUD_STATS)
    rows = []
    for seat in view.seats:
        cells = [f"<td>{seat.seat}</td>", f'<td class="name">{escape(seat.name)}</td>',
                 f"<td>{escape(seat.position or '')}</td>",
                 f"<td>{escape(money(seat.stack))}</td>"]  # fmt: skip
        opponent = seat.opponent
        cells.append(f'<td data-stat="hands">{opponent.hands if opponent else ""}</td>')
        for name in HUD_STATS:
            if opponent is None:
                cells.append("<td></td>")
            else:
                cells.append(figure_cell(name, opponent.figures.get(name)))
        cells.append(_type_cell(seat))
        cells.append(_notes_cell(notes.get((view.site, seat.name), [])))
        kind = ' class="hero"' if seat.is_hero else ""
        rows.append(f'<tr{kind} data-player="{escape(seat.name)}">{"".join(cells)}</tr>')
    return (
        f'<div class="pokerhh-live" data-site="{escape(view.site)}"'
        f' data-table="{escape(view.table_name)}" data-hand="{escape(view.hand_id)}">'
        f'<div class="head">{escape(head)}</div>'
        "<table><thead><tr><th>Seat</th><th class='name'>Player</th><th>Pos</th>"
        f"<th>Stack</th><th>Hands</th>{columns}<th>Type</th><th class='name'>Notes</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
