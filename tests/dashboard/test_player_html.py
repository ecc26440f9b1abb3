"""The Player page's figures drawn without Vega (issue 26 item 4): the net-won line's points
thinned to what a chart shows, each still the exact running total, drawn as a picture with
a tooltip a point; the starting-hand grid and the results by position as HTML, with the
same figures and colours the charts had."""

from __future__ import annotations

import base64
import math
import re

import numpy as np
import pandas as pd
import pytest

from analytics.stats import player_queries as pq
from analytics.stats.player_queries import MAX_CHART_POINTS as CHART_POINTS
from analytics.stats.player_queries import thin_lines as chart_points
from dashboard import line_chart, player_html


def _hands(count: int) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    return pd.DataFrame(
        {
            "net": rng.integers(-500, 500, count),
            "unit": 1,
            "went_to_showdown": rng.integers(0, 2, count).astype(bool),
            "all_in_ev": np.nan,
            "all_in_ev_status": None,
        }
    )


@pytest.mark.parametrize("count", [1, 2, CHART_POINTS, CHART_POINTS + 1, 2 * CHART_POINTS, 5017])
def test_chart_points_keep_exact_running_totals(count: int) -> None:
    full = pq.results_over_hands(_hands(count), max_points=None)
    thin = chart_points(full)
    hands = thin["hand"].drop_duplicates()
    assert len(hands) <= CHART_POINTS
    assert hands.iloc[0] == 1
    assert hands.iloc[-1] == count
    assert set(thin["line"]) == set(full["line"])
    by_hand = full.set_index(["hand", "line"])["net"]
    for row in thin.itertuples(index=False):
        assert row.net == by_hand[(row.hand, row.line)]  # drawn where computed, never averaged
    if count <= CHART_POINTS:
        assert len(thin) == len(full)


def _grid(cells: dict[str, tuple[int, float]]) -> pd.DataFrame:
    every = pq.all_labels()
    return pq.grid_frame(
        pd.DataFrame(
            {
                "hand": every,
                "hands": [cells.get(h, (0, 0.0))[0] for h in every],
                "net_bb": [cells.get(h, (0, 0.0))[1] for h in every],
            }
        )
    )


def test_grid_cells_carry_their_figures_and_colours() -> None:
    grid = _grid({"AA": (10, 40.0), "72o": (30, -20.0), "AKs": (60, 0.0)})
    html = player_html.grid_html(grid, frequency=False)
    assert html.count("<td data-hand=") == 169
    assert 'data-hand="AA" data-hands="10" data-net-bb="40.0000"' in html
    # The largest |net| is the scale's end: full green; half of it the other way, half red.
    assert f"background:{player_html.WIN}" in html.split('data-hand="AA"')[1][:120]
    loss = player_html.mix(player_html.EVEN, player_html.LOSS, 0.5)
    assert f"background:{loss}" in html.split('data-hand="72o"')[1][:120]
    assert f"background:{player_html.EVEN}" in html.split('data-hand="AKs"')[1][:120]
    assert f"background:{player_html.UNDEALT}" in html.split('data-hand="QQ"')[1][:120]
    assert 'title="AA: 10 hands, net won +40.0 bb, +4.00 bb a hand, 10.00% of hands"' in html
    assert "QQ: never dealt" in html
    # By frequency: the most dealt cell is the darkest blue.
    frequent = player_html.grid_html(grid, frequency=True)
    assert f"background:{player_html.MANY}" in frequent.split('data-hand="AKs"')[1][:120]


def test_position_bars_are_signed_and_escaped() -> None:
    positions = pd.DataFrame(
        {
            "position": ["BTN", "SB", "<b>x</b>"],
            "hands": [100, 50, 1],
            "net_won": [30.0, -10.0, float("nan")],
            "bb_per_100": [15.0, -20.0, float("nan")],
        }
    )
    html = player_html.position_bars(positions, "net_won", "Net won (USD)", 2)
    assert "<b>x</b>" not in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html
    # Zero sits a quarter of the way (-10 to +30); BTN's bar goes right, SB's left, in colour.
    btn = html.split('data-position="BTN"')[1].split("</div></div>")[0]
    assert "left:25.00%;width:75.00%" in btn
    assert player_html.WIN in btn
    sb = html.split('data-position="SB"')[1].split("</div></div>")[0]
    assert "left:0.00%;width:25.00%" in sb
    assert player_html.LOSS in sb
    assert '<span class="value">+30.00</span>' in html
    assert '<span class="value">–</span>' in html  # no figure: no bar
    assert "BTN: 100 hands, bb/100 +15.0" in html


def _svg(html: str) -> str:
    return base64.b64decode(html.split("base64,")[1].split(")")[0]).decode()


def test_line_chart_draws_every_point_and_tells_its_figures() -> None:
    x = [1, 50, 100]
    html = line_chart.line_chart_html(
        x,
        [line_chart.Line("net won", "#2e7d32", [1.5, -20.25, 40.0]),
         line_chart.Line("<i>EV</i>", "#fb8c00", [0.0, math.nan, 10.0])],
        x_title="Hands", y_title="Net won (USD)",
    )  # fmt: skip
    svg = _svg(html)
    polylines = re.findall(r'points="([^"]*)"', svg)
    # The first line whole; the second broken where it has no value (two runs of one point).
    assert [len(p.split()) for p in polylines] == [3, 1, 1]
    assert "<i>" not in html
    assert "&lt;i&gt;EV&lt;/i&gt;" in html
    # One tooltip box a point, with the x and each line's exact value.
    assert html.count('title="Hands ') == 3
    assert 'title="Hands 50&#10;net won: -20.25&#10;&lt;i&gt;EV&lt;/i&gt;: –"' in html
    # The y axis covers every value and zero; the point at 40 is the highest drawn.
    ys = [float(p.split(",")[1]) for p in polylines[0].split()]
    assert min(ys) == ys[2]
    assert max(ys) == ys[1]


def test_nice_ticks_cover_the_range() -> None:
    for low, high in ((0, 97), (-3.2, 1.1), (-41_000, 0), (0.001, 0.002)):
        ticks = line_chart.nice_ticks(low, high)
        assert ticks[0] <= low
        assert ticks[-1] >= high
        assert 3 <= len(ticks) <= 12
