"""The statistics as text: a table for people, CSV and JSON for machines.

``pokerhh stats`` prints one of these for the frame :func:`analytics.stats.stats` returns.
The table shows each group (a player, or a player at a position, stakes or month) as a
block, one line per stat: the value, its sample ``x / n`` and the 95% Wilson interval, so a
rate over three hands reads as what it is.
"""

from __future__ import annotations

import io
import json
import math
import os
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pandas as pd

from analytics.db import connect
from analytics.explain import explain
from analytics.format import Money
from analytics.stats import (
    STATS,
    Kind,
    StatsQuery,
    player_stats,
    records,
    stakes_matching,
    stat,
    wilson,
)

FORMATS = ("table", "csv", "json")


def render(frame: pd.DataFrame, fmt: str) -> str:
    """``frame`` as ``table``, ``csv`` or ``json`` text (ending with a newline)."""
    if fmt == "table":
        return format_table(frame)
    if fmt == "csv":
        out = io.StringIO()
        frame.to_csv(out, index=False, lineterminator="\n")
        return out.getvalue()
    if fmt == "json":
        return json.dumps(records(frame), indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"unknown format {fmt!r} (one of: {', '.join(FORMATS)})")


def format_table(frame: pd.DataFrame) -> str:
    """One block per row of ``frame``; ``"no hands match"`` when it is empty."""
    if frame.empty:
        return "no hands match\n"
    blocks = []
    for row in frame.to_dict("records"):
        group = next((f" · {row[k]}" for k in ("position", "stakes", "month") if k in row), "")
        head = f"{row['player']}{group} ({row['site']}, {row['currency']}) · {row['hands']:,} hands"
        lines = [head, f"  {'stat':<20}{'value':>12}  {'x / n':<17}95% interval"]
        money = Money(row["currency"], int(row["unit"] or 1))
        for s in STATS:
            if s.name == "hands":
                continue
            lines.append("  " + _line(s.label, s.kind, s.name, row, money).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _line(label: str, kind: Kind, name: str, row: dict, money: Money) -> str:
    value = row[name]
    if kind is Kind.RATE or kind is Kind.RATIO:
        x, n = int(row[f"{name}_x"]), int(row[f"{name}_n"])
        sample = f"{x:,} / {n:,}"
        if _missing(value):
            return f"{label:<20}{'-':>12}  {sample:<17}"
        if kind is Kind.RATIO:
            return f"{label:<20}{value:>12.2f}  {sample:<17}"
        low, high = row[f"{name}_low"], row[f"{name}_high"]
        return f"{label:<20}{value:>12.1%}  {sample:<17}{low:.1%} – {high:.1%}"
    if kind is Kind.MONEY:
        return f"{label:<20}{money.signed(round(row[f'{name}_units'])):>12}"
    if kind is Kind.PER_100:
        shown = "-" if _missing(value) else f"{value:+.2f}"
        return f"{label:<20}{shown:>12}"
    return f"{label:<20}{int(value):>12,}"


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def stats_report(
    db_path: str | os.PathLike[str],
    query: StatsQuery,
    fmt: str = "table",
    stakes: Sequence[str] = (),
) -> str:
    """``pokerhh stats``: the aggregates for ``query`` rendered as ``fmt``; ``stakes`` as
    the user typed them (``50/100``, ``$0.05/$0.10``) narrow ``query.filters``.

    Raises ``ValueError`` for stakes that match no stored hands."""
    db = connect(db_path, create=False)
    try:
        if stakes:
            levels = stakes_matching(db.conn, stakes)
            query = replace(query, filters=replace(query.filters, stakes=levels))
        frame = player_stats(db.conn, query)
    finally:
        db.close()
    return render(frame, fmt)


def explain_report(
    db_path: str | os.PathLike[str], player: str, name: str, fmt: str = "table"
) -> str:
    """``pokerhh explain --player NAME STAT``: the figure, then the hands behind it."""
    found = stat(name)
    frame = explain(db_path, player, found.name)
    if fmt == "csv":
        out = io.StringIO()
        frame.to_csv(out, index=False, lineterminator="\n")
        return out.getvalue()
    if fmt == "json":
        rows = [{k: _json_value(v) for k, v in r.items()} for r in frame.to_dict("records")]
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    x, n = frame["x"].sum(), frame["n"].sum()
    if found.kind is Kind.RATE:
        low, high = wilson(x, n)
        value = f"{x / n:.1%}" if n else "-"
        head = f"{player} · {found.label}: {x:,} / {n:,} = {value} (95%: {low:.1%} – {high:.1%})"
    elif found.kind in (Kind.RATIO, Kind.PER_100):
        value = f"{x / n:.2f}" if n else "-"
        scale = " × 100" if found.kind is Kind.PER_100 else ""
        head = f"{player} · {found.label}: {x:,.2f} / {n:,}{scale} = {value}"
    else:
        head = f"{player} · {found.label}: Σ {x:,} over {len(frame):,} hands"
    if frame.empty:
        return head + "\nno hands\n"
    shown = frame.assign(
        hand=frame["site"] + ":" + frame["hand_id"],
        counted=[
            _mark(a, b) for a, b in zip(frame["in_numerator"], frame["in_denominator"], strict=True)
        ],
    )[["hand", "started_at", "position", "x", "n", "counted"]]
    if found.kind in (Kind.MONEY, Kind.COUNT):
        shown = shown.drop(columns=["n", "counted"])
    return head + "\n" + shown.to_string(index=False) + "\n"


def _mark(numerator: bool, denominator: bool) -> str:
    if numerator and denominator:
        return "numerator and denominator"
    return "numerator" if numerator else "denominator"


def _json_value(value: object) -> object:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value
