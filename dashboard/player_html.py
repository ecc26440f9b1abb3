"""The Player page's starting-hand grid and its results by position, as HTML (``st.html``).

Why not Vega-Lite charts: Chromium spends 0.3-0.5 s of CPU on each Vega chart a page draws
(Vega compiles the spec, builds its dataflow and evaluates every mark's encodings through
its expression interpreter), and the Player page drew three: a click on it took 1.9 s on
100,000 hands, 0.5 s with no chart (issue 26 item 4, docs/scale.md "session 15"). The grid
(169 cells) and the bars (one a position) are a table and a few boxes: plain HTML draws
them in milliseconds, with the same colours and a tooltip (``title``) on each. The net-won
line is a picture too (``dashboard/line_chart.py``).

Every figure is also in the cell's data attributes (``data-hand``, ``data-hands``...) for
the tests. Labels are ours (positions, hand labels), escaped all the same.
"""

from __future__ import annotations

import math
from html import escape

import pandas as pd

STYLE = """<style>
.pokerhh-grid table {border-collapse: collapse; table-layout: fixed;}
.pokerhh-grid td {width: 40px; height: 40px; padding: 0; text-align: center;
  font-size: 11px; border: 1px solid #fff; cursor: default;}
.pokerhh-grid .legend {font-size: 0.8rem; color: #555; margin-top: 0.3rem;}
.pokerhh-grid .scale {display: inline-block; width: 120px; height: 10px;
  vertical-align: middle; margin: 0 0.4rem;}
.pokerhh-bars {display: grid; grid-template-columns: max-content 1fr max-content;
  gap: 4px 10px; align-items: center; font-size: 0.85rem; max-width: 720px;}
.pokerhh-bars .track {position: relative; height: 18px; background: #f4f4f4;}
.pokerhh-bars .bar {position: absolute; top: 0; height: 18px;}
.pokerhh-bars .zero {position: absolute; top: -2px; height: 22px; width: 1px;
  background: #888;}
.pokerhh-bars .label {font-size: 0.8rem; color: #555;}
.pokerhh-bars .value {text-align: right; font-variant-numeric: tabular-nums;}
</style>"""
#: Net won: red through white to green, white at zero (as the Vega grid's scale was).
LOSS, EVEN, WIN = "#c62828", "#fafafa", "#2e7d32"
#: Frequency: Vega's "blues" scheme, its ends.
FEW, MANY = "#f7fbff", "#08306b"
UNDEALT, UNDEALT_TEXT = "#eeeeee", "#9e9e9e"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(start: str, end: str, share: float) -> str:
    """The colour ``share`` (0-1, clipped) of the way from ``start`` to ``end``.

    >>> mix("#000000", "#ffffff", 0.5), mix("#c62828", "#fafafa", 2.0)
    ('#808080', '#fafafa')
    """
    share = min(max(share, 0.0), 1.0)
    a, b = _rgb(start), _rgb(end)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


def net_colour(net_bb: float, extent: float) -> str:
    """A cell's colour for its net won: white at 0, full red or green at ``extent``."""
    if net_bb >= 0:
        return mix(EVEN, WIN, net_bb / extent)
    return mix(EVEN, LOSS, -net_bb / extent)


def _text_colour(background: str) -> str:
    """Dark text on a light cell, white on a dark one."""
    r, g, b = _rgb(background)
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def grid_html(grid: pd.DataFrame, frequency: bool) -> str:
    """The 13×13 grid (``player_queries.grid_frame``'s columns): each cell coloured by its
    net won in big blinds (``frequency``: by its share of the hands), never-dealt cells
    grey; the cell's figures in its tooltip."""
    extent = max(float(grid["net_bb"].abs().max()), 1.0) if len(grid) else 1.0
    most = float(grid["frequency_pct"].max()) if len(grid) else 0.0
    cells: dict[tuple[int, int], str] = {}
    for row in grid.to_dict("records"):
        hands, net, label = int(row["hands"]), float(row["net_bb"]), str(row["hand"])
        share = float(row["frequency_pct"])
        if not hands:
            background, text = UNDEALT, UNDEALT_TEXT
            title = f"{label}: never dealt"
        else:
            background = mix(FEW, MANY, share / most) if frequency and most else net_colour(
                net, extent)  # fmt: skip
            text = _text_colour(background)
            title = (f"{label}: {hands:,} hands, net won {net:+,.1f} bb, "
                     f"{net / hands:+,.2f} bb a hand, {share:.2f}% of hands")  # fmt: skip
        cells[(int(row["row"]), int(row["col"]))] = (
            f'<td data-hand="{escape(label)}" data-hands="{hands}"'
            f' data-net-bb="{net:.4f}" style="background:{background};color:{text}"'
            f' title="{escape(title)}">{escape(label)}</td>'
        )
    rows = "".join(
        "<tr>" + "".join(cells.get((r, c), "<td></td>") for c in range(13)) + "</tr>"
        for r in range(13)
    )
    if frequency:
        legend = (f"0%<span class='scale' style='background:linear-gradient(to right,{FEW},"
                  f"{MANY})'></span>{most:.2f}% of hands")  # fmt: skip
    else:
        legend = (f"{-extent:,.1f}<span class='scale' style='background:linear-gradient("
                  f"to right,{LOSS},{EVEN},{WIN})'></span>{extent:+,.1f} bb net won")  # fmt: skip
    return (f'{STYLE}<div class="pokerhh-grid"><table>{rows}</table>'
            f'<div class="legend">{legend}; grey: never dealt</div></div>')  # fmt: skip


def _number(value: float, places: int) -> str:
    return "–" if math.isnan(value) else f"{value:+,.{places}f}"


def position_bars(positions: pd.DataFrame, measure: str, label: str, places: int) -> str:
    """A bar a position (``positions``' order) for ``measure`` (``net_won`` or
    ``bb_per_100``, named ``label`` above the bars, its values with ``places`` decimals):
    green to the right of zero, red to the left, the value beside it and every figure in
    its tooltip."""
    values = [float(v) if pd.notna(v) else math.nan for v in positions[measure]]
    finite = [v for v in values if not math.isnan(v)]
    low, high = min([0.0, *finite]), max([0.0, *finite])
    span = (high - low) or 1.0
    zero = (0.0 - low) / span * 100  # never "-0.00%"
    parts = []
    for row, value in zip(positions.to_dict("records"), values, strict=True):
        name = escape(str(row["position"]))
        figures = [f"{int(row['hands']):,} hands"]
        if "net_won" in row and measure != "net_won":
            figures.append(f"net won {float(row['net_won']):+,.2f}")
        figures.append(f"bb/100 {float(row['bb_per_100']):+,.1f}")
        bar = ""
        if not math.isnan(value):
            width = abs(value) / span * 100
            left = zero if value >= 0 else zero - width
            colour = WIN if value >= 0 else LOSS
            bar = (f'<div class="bar" style="left:{left:.2f}%;width:{width:.2f}%;'
                   f'background:{colour}"></div>')  # fmt: skip
        parts.append(
            f'<span>{name}</span><div class="track" data-position="{name}"'
            f' data-value="{value:.4f}" title="{name}: {escape(", ".join(figures))}">'
            f'{bar}<div class="zero" style="left:{zero:.2f}%"></div></div>'
            f'<span class="value">{_number(value, places)}</span>'
        )
    return (f'{STYLE}<div class="pokerhh-bars"><span></span><span class="label">'
            f'{escape(label)}</span><span></span>{"".join(parts)}</div>')  # fmt: skip
