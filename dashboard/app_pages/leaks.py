"""Leaks: where a player's statistics leave the ranges winning players keep, ranked by what
they cost (issue 25, item 4; docs/leaks.md), each with its hands one click away.

The figures are :func:`analytics.leaks.find.find_leaks`' (``pokerhh leaks`` prints the
same), under the sidebar's filters, for the hero or any person or account.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from analytics.leaks.find import LeakReport, find_leaks, leak_hands
from analytics.leaks.reference import FAMILY_LABELS, SOURCE
from analytics.stats import people
from analytics.stats import queries as q
from analytics.stats.players import StatsQuery
from dashboard import common, data, frame_html, leak_link

st.title("Leaks")
path, stamp, counts = common.database()
if not counts.get("ok"):
    common.offer_samples(path)
    st.stop()


@st.cache_data(show_spinner="Comparing the statistics with their ranges…", max_entries=16)
def _report(path: str, stamp: data.Stamp, filters: q.Filters, choice: str) -> LeakReport:
    with data.read_only(path) as conn:
        subject = people.subject_from_choice(conn, choice)
        return find_leaks(conn, StatsQuery(filters=filters), subject)


@st.cache_data(show_spinner=False, max_entries=64)
def _hands(path: str, stamp: data.Stamp, filters: q.Filters, choice: str,
           index: int) -> list[tuple[str, str]]:  # fmt: skip
    report = _report(path, stamp, filters, choice)
    with data.read_only(path) as conn:
        subject = people.subject_from_choice(conn, choice)
        return leak_hands(conn, StatsQuery(filters=filters), subject, report.assessed[index])


filters = common.filters()
labels = dict(common.hero_choices(str(path), stamp))
if not labels:
    st.info("No player to assess.")
    st.stop()
values = list(labels)
hero = st.session_state.get("hero")
if isinstance(hero, str) and hero != common.NO_HERO and hero not in labels:
    values.append(hero)  # typed in the sidebar (common.LISTED)
choice = st.selectbox("Player", values, index=values.index(hero) if hero in values else 0,
                      format_func=lambda v: labels.get(v, v), key=f"leaks_player_{hero}",
                      accept_new_options=True,
                      help=f"A person (pokerhh alias) or one account; the {common.LISTED}"
                      " with the most hands are listed: type another's name")  # fmt: skip
if choice is None:
    st.stop()
report = _report(str(path), stamp, filters, choice)
every = st.toggle("Show the statistics in range too", key="leaks_every")
st.text(f"{report.label} · {report.hands:,} hands")
if not report.assessed:
    st.info("No hand of an assessed game (NL/PL/FL hold'em, omaha) under the filters.")
    st.stop()
if not report.leaks:
    st.success(f"No leak: each of the {len(report.assessed)} statistics assessed has its 95% "
               "interval touching its reference range.")  # fmt: skip
shown = list(report.assessed) if every else list(report.leaks)
order = sorted(range(len(shown)), key=lambda i: (not shown[i].flagged, -shown[i].cost_bb_per_100))


def _fmt(stat: str, value: float | None) -> str:
    if value is None:
        return "–"
    if stat == "af":
        return "∞" if value == float("inf") else f"{value:.2f}"
    return f"{value:.1%}"


rows = []
for i in order:
    a = shown[i]
    rows.append({
        "Statistic": a.label,
        "Game": FAMILY_LABELS.get(a.game, a.game),
        "Table": a.table,
        "Position": a.position,
        "Value": f"{_fmt(a.stat, a.value)} · {a.x:,}/{a.n:,}",
        "95% interval": f"{_fmt(a.stat, a.low)} – {_fmt(a.stat, a.high)}",
        "Range": f"{_fmt(a.stat, a.reference_low)} – {_fmt(a.stat, a.reference_high)}",
        "Verdict": {"low": "too low", "high": "too high", None: "in range"}[a.direction],
        "Cost (bb/100)": a.cost_bb_per_100,
        "Spots": a.spots,
    })  # fmt: skip
#: The figures' formats; every other column is text. A table of a few rows is HTML, not a
#: data grid, which costs Chromium far more on every reload (dashboard/frame_html.py).
NUMBERS = {"Cost (bb/100)": "+,.2f", "Spots": ",d"}
if rows:
    table = pd.DataFrame(rows)
    st.html(frame_html.frame_table(table, frame_html.columns_of(table, NUMBERS), name="leaks"))
st.caption(
    "Flagged only when the whole 95% interval lies outside the range; ranked by cost: "
    "(the reference's result − yours) in big blinds per spot × your spots, per 100 of your "
    f"hands (docs/leaks.md). Ranges: {SOURCE}."
)

st.subheader("The hands behind a leak")
indexes = [report.assessed.index(shown[i]) for i in order]
picked = st.selectbox(
    "Statistic", indexes, key="leaks_pick",
    format_func=lambda i: f"{report.assessed[i].label} · {report.assessed[i].table} · "
    f"{report.assessed[i].position}",
)  # fmt: skip
if picked is not None:
    leak = report.assessed[picked]
    st.code(leak.hands_command, language="bash")
    hands = _hands(str(path), stamp, filters, choice, picked)
    if st.button(f"Show these {len(hands):,} hands", type="primary", key="leaks_show",
                 disabled=not hands):  # fmt: skip
        leak_link.show(f"{report.label}, {leak.label} ({leak.table}, {leak.position})", hands)
