"""dashboard/frame_html.py: the Player page's summary tables as HTML (issue 26 item 4)."""

from __future__ import annotations

import math

import pandas as pd

from dashboard.frame_html import MISSING, Column, frame_table
from tests.html_tables import read_tables

HOSTILE = '<img src=x onerror="alert(1)">'


def test_cells_are_escaped_formatted_and_carry_their_raw_values() -> None:
    frame = pd.DataFrame({
        "stakes": [HOSTILE, "NL $0.50/$1"],
        "hands": [1234, 7],
        "net": [-1502.5, math.nan],
        "start": [pd.Timestamp("2026-12-03 16:05:59"), pd.NaT],
    })  # fmt: skip
    html = frame_table(
        frame,
        [Column("stakes", "Game <and> stakes"), Column("hands", "Hands", ",d", number=True),
         Column("net", "Net won", ",.2f", number=True), Column("start", "Start", "%Y-%m-%d %H:%M"),
         Column("absent", "Not in the frame")],
        name="t",
        max_height=300,
    )  # fmt: skip
    assert HOSTILE not in html
    assert "<img" not in html
    assert "Game &lt;and&gt; stakes" in html
    assert ">1,234<" in html
    assert ">-1,502.50<" in html
    assert ">2026-12-03 16:05<" in html
    assert html.count(f">{MISSING}<") == 2  # the NaN and the NaT
    assert "Not in the frame" not in html
    assert "max-height:300px" in html
    (table,) = read_tables(html).values()
    assert list(table.columns) == ["stakes", "hands", "net", "start"]
    assert table["stakes"].tolist() == [HOSTILE, "NL $0.50/$1"]  # read back unescaped
    assert table["hands"].tolist() == [1234, 7]
    assert table["net"].iloc[0] == -1502.5
    assert table["net"].isna().iloc[1]


def test_an_empty_frame_is_a_table_with_its_headings_only() -> None:
    html = frame_table(pd.DataFrame({"hands": []}), [Column("hands", "Hands")], name="e")
    assert "<th" in html
    assert "<td" not in html
    assert read_tables(html)["e"].empty
