"""The statistics as text: a table for people, CSV and JSON for machines.

``pokerhh stats`` prints one of these for the frame :func:`analytics.stats.players.stats` returns.
The table shows each group (a player, or a player at a position, stakes or month) as a
block, one line per stat: the value, its sample ``x / n`` and the 95% Wilson interval, so a
rate over three hands reads as what it is.
"""

from __future__ import annotations

import io
import json
import math
import os
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from analytics.lazy_modules import LazyModule
from analytics.output.format import Money
from analytics.output.text_safety import csv_safe, terminal_text
from analytics.stats.players import (
    GROUPINGS,
    STATS,
    Kind,
    Stat,
    StatsQuery,
    checked_query,
    player_stats,
    records,
    stat,
)
from analytics.store.db import read_only

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
else:  # loaded when a report is made: the command line's other commands (import) never
    # need them, and its parser reads FORMATS from here (issue 23 item 21)
    np, pd = LazyModule("numpy"), LazyModule("pandas")

FORMATS = ("table", "csv", "json")

#: One row of a frame as ``DataFrame.to_dict("records")`` gives it.
Record = dict[Hashable, Any]


def render(frame: pd.DataFrame, fmt: str) -> str:
    """``frame`` as ``table``, ``csv`` or ``json`` text (ending with a newline)."""
    if fmt == "table":
        return terminal_text(format_table(frame))
    if fmt == "csv":
        out = io.StringIO()
        csv_safe(frame).to_csv(out, index=False, lineterminator="\n")  # formula guard
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


def _line(label: str, kind: Kind, name: str, row: Record, money: Money) -> str:
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
    if kind is Kind.MONEY and row.get("currency") == "CHIPS":
        # Chips of different tournaments are not one currency (issue 23 item 13): bb/100.
        return f"{label:<20}{'-':>12}  (chips of several tournaments: see bb/100)"
    if kind is Kind.MONEY:
        units = round(row[f"{name}_units"])  # rake is a cost, not a result: no "+"
        return f"{label:<20}{money(units) if name == 'rake_paid' else money.signed(units):>12}"
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
    the user typed them (``50/100``, ``$0.05/$0.10``, ``.05/.10``) narrow ``query.filters``.

    The database is opened read-only. Raises :class:`analytics.stats.players.BadFilter` for a
    filter value that names nothing stored (games, positions, players, table sizes,
    stakes) and for dates the wrong way round."""
    db = read_only(db_path)
    try:
        query = checked_query(db.conn, query, stakes)
        frame = player_stats(db.conn, query)
    finally:
        db.close()
    return render(frame, fmt)


def explain_report(
    db_path: str | os.PathLike[str],
    query: StatsQuery,
    name: str,
    fmt: str = "table",
    stakes: Sequence[str] = (),
) -> str:
    """``pokerhh explain --player NAME STAT``: per group of ``pokerhh stats`` (player and
    currency, and ``query.by``), the figure as ``stats`` shows it, then the hands behind it.

    The figure is not recomputed from the hands: it is the row of
    :func:`analytics.stats.players.player_stats` for the same checked query, printed by the same
    code as ``stats``; the hands are :func:`analytics.stats.explain.explain_groups`, the same SQL
    per row. Money is never added across currencies (one group per currency)."""
    # Here, not at the top: explain replays hands (the engine), and the command line reads
    # FORMATS from this module to build its parser (every command's start-up).
    from analytics.stats.explain import explain_groups

    found = stat(name)
    db = read_only(db_path)
    try:
        query = checked_query(db.conn, query, stakes)
        figures = player_stats(db.conn, query)
        hands = explain_groups(db.conn, query, found.name)
    finally:
        db.close()
    groups = _grouped(figures, hands, query.by)
    if fmt == "csv":
        out = io.StringIO()
        csv_safe(hands).to_csv(out, index=False, lineterminator="\n")  # formula guard
        return out.getvalue()
    if fmt == "json":
        rows = []
        for record, frame in zip(records(figures), (g for _, g in groups), strict=True):
            keys = {k: record[k] for k in _GROUP_KEYS if k in record}
            figure = {"stat": found.name, "figure": record[found.name]}
            if f"{found.name}_units" in record:
                figure[f"{found.name}_units"] = record[f"{found.name}_units"]
            rows.append({**keys, **figure, "hands": _json_rows(frame)})
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if figures.empty:
        return "no hands match\n"
    blocks = []
    for row, frame in groups:
        money = Money(row["currency"], int(row["unit"] or 1))
        lines = [_head(row), "  " + _line(found.label, found.kind, found.name, row, money).rstrip()]
        lines.append(_hands_table(frame, found) if len(frame) else "no hands")
        blocks.append("\n".join(lines))
    return terminal_text("\n\n".join(blocks) + "\n")


_GROUP_KEYS = ("player", "site", "currency", "unit", "position", "stakes", "game", "month")


def _grouped(
    figures: pd.DataFrame, hands: pd.DataFrame, by: str | None
) -> list[tuple[Record, pd.DataFrame]]:
    """Each figure row with its hands (matched on player, site, currency, ``by`` columns)."""
    columns = [column for column, _ in GROUPINGS[by]] if by else []
    hand_keys = [
        tuple(_json_value(v) for v in key)
        for key in zip(
            hands["player"], hands["site"], hands["currency"],
            *(hands[f"group_{c}"] for c in columns), strict=True,
        )
    ]  # fmt: skip
    out = []
    for row in figures.to_dict("records"):
        key = tuple(_json_value(row[k]) for k in ("player", "site", "currency", *columns))
        mask = [k == key for k in hand_keys]
        out.append((row, hands[mask] if len(hands) else hands))
    return out


def _head(row: Record) -> str:
    group = next((f" · {row[k]}" for k in ("position", "stakes", "month") if k in row), "")
    return f"{row['player']}{group} ({row['site']}, {row['currency']}) · {row['hands']:,} hands"


def _hands_table(frame: pd.DataFrame, found: Stat) -> str:
    shown = frame.assign(
        hand=frame["site"] + ":" + frame["hand_id"],
        counted=[
            _mark(a, b) for a, b in zip(frame["in_numerator"], frame["in_denominator"], strict=True)
        ],
    )[["hand", "started_at", "position", "x", "n", "counted"]]
    if found.kind in (Kind.MONEY, Kind.COUNT):
        shown = shown.drop(columns=["n", "counted"])
    return str(shown.to_string(index=False))


def _json_rows(frame: pd.DataFrame) -> list[dict[str, object]]:
    columns = [c for c in frame.columns if c not in ("player", "currency")]
    return [{k: _json_value(r[k]) for k in columns} for r in frame.to_dict("records")]


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
