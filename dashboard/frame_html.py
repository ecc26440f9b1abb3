"""Read-only tables as plain HTML (``st.html``), for pages that must draw at once.

Why not ``st.dataframe``: each one is a data grid that Chromium builds on a canvas (its
columns measured, its cells painted, its toolbar and selection layers made), and a page's
reload draws every one anew. On the Player page of a 100,000-hand database its four grids
took about a third of the browser's time to content, over issue 26's 1 s (docs/scale.md,
"session 16"). A summary of a few dozen rows needs none of that: an HTML table is parsed
and laid out natively in a few milliseconds. Grids stay where the user selects rows (the
explained hands, the hand list).

Every cell is escaped (labels can come from the files: game names, stakes), and carries
its column and its raw value (``data-column``, ``data-value``) so tests read the figures,
not the formatting. A long table scrolls inside its own box (``max_height``). (The live
Table page's seats and HUD figures are another drawing: ``dashboard/table_html.py``.)
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

import pandas as pd

#: What a missing figure reads (as the statistics' rates: no sample).
MISSING = "–"

STYLE = """<style>
.pokerhh-table {overflow: auto; border: 1px solid rgba(49, 51, 63, 0.1);
  border-radius: 0.5rem; width: fit-content; max-width: 100%;}
.pokerhh-table table {border-collapse: collapse; font-size: 0.85rem;}
.pokerhh-table th {position: sticky; top: 0; background: #f8f9fb; font-weight: 600;
  color: #555; text-align: left; white-space: nowrap;}
.pokerhh-table th, .pokerhh-table td {padding: 0.2rem 0.6rem;
  border-bottom: 1px solid rgba(49, 51, 63, 0.08);}
.pokerhh-table td {white-space: nowrap;}
.pokerhh-table .number {text-align: right; font-variant-numeric: tabular-nums;}
</style>"""


@dataclass(frozen=True, slots=True)
class Column:
    """One column: the frame's ``name``, its heading, and how a value reads."""

    name: str
    label: str
    #: A format spec of ``format()`` (",.2f"; a date's "%Y-%m-%d"), a function of the
    #: value, or None: ``str``.
    format: str | Callable[[object], str] | None = None
    #: Right-aligned, tabular figures (numbers).
    number: bool = False


def columns_of(frame: pd.DataFrame, numbers: Mapping[str, str]) -> list[Column]:
    """Every column of a frame whose column names are already its headings: text, but for
    those in ``numbers`` (name -> format spec), right-aligned figures."""
    return [Column(c, c, numbers.get(c), number=c in numbers) for c in frame.columns]


def missing(value: object) -> bool:
    """True for None, NaN and pandas' missing markers (not for an empty string)."""
    if value is None:
        return True
    try:
        return bool(pd.isna(value))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return False


def cell_text(value: object, column: Column) -> str:
    """The value as the table shows it.

    >>> cell_text(1234.5, Column("x", "X", ",.1f")), cell_text(None, Column("x", "X"))
    ('1,234.5', '–')
    >>> cell_text(pd.Timestamp("2026-12-03 16:05"), Column("s", "Start", "%Y-%m-%d %H:%M"))
    '2026-12-03 16:05'
    >>> cell_text(1540.0, Column("n", "Hands", ",d")), cell_text("x", Column("n", "Hands", ",d"))
    ('1,540', 'x')
    >>> cell_text(2.0, Column("d", "Date", "%Y-%m-%d"))
    '2.0'
    """
    if missing(value):
        return MISSING
    if callable(column.format):
        return column.format(value)
    if column.format is not None:
        # A whole number held as a float (a count summed by pandas) under ",d" reads as
        # the integer; any other mismatch as plain text rather than failing the page.
        tries = [value, int(value)] if isinstance(value, float) and value.is_integer() else [value]
        for shown in tries:
            try:
                return format(shown, column.format)
            except (TypeError, ValueError):
                continue
    return str(value)


def _raw(value: object) -> str:
    if missing(value):
        return ""
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ""
    if isinstance(value, dt.datetime | pd.Timestamp):
        return value.isoformat()
    return str(value)


def frame_table(
    frame: pd.DataFrame,
    columns: Sequence[Column],
    *,
    name: str,
    max_height: int | None = None,
) -> str:
    """``frame``'s ``columns`` (those it has; in this order) as one HTML table, named
    ``name`` (``data-table``). Rows in the frame's order; ``max_height`` (pixels): the box
    scrolls beyond it, its heading row staying in view."""
    shown = [c for c in columns if c.name in frame.columns]
    head = "".join(
        f'<th class="{"number" if c.number else ""}">{escape(c.label)}</th>' for c in shown
    )
    body = []
    for row in frame[[c.name for c in shown]].itertuples(index=False, name=None):
        cells = "".join(
            f'<td class="{"number" if c.number else ""}" data-column="{escape(c.name)}"'
            f' data-value="{escape(_raw(v))}">{escape(cell_text(v, c))}</td>'
            for c, v in zip(shown, row, strict=True)
        )
        body.append(f"<tr>{cells}</tr>")
    limit = f' style="max-height:{int(max_height)}px"' if max_height else ""
    return (
        f'{STYLE}<div class="pokerhh-table" data-table="{escape(name)}"{limit}><table>'
        f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
    )
