"""Overview: every player's results under the sidebar's filters, sortable."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard import common, data

RATES = [
    ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet"),
    ("fold_to_three_bet", "Fold to 3-bet"), ("cbet_flop", "C-bet"),
    ("fold_to_cbet_flop", "Fold to c-bet"), ("steal", "Steal"), ("wtsd", "WTSD"),
    ("wsd", "W$SD"), ("wwsf", "WWSF"),
]  # fmt: skip


def _rate(row: pd.Series, name: str) -> str:
    x, n = int(row[f"{name}_x"]), int(row[f"{name}_n"])
    if not n:
        return "–"
    low, high = row[f"{name}_low"], row[f"{name}_high"]
    return f"{100 * x / n:.1f}% · {x}/{n} ({100 * low:.0f}–{100 * high:.0f})"


def stat_table(frame: pd.DataFrame, min_hands: int) -> pd.DataFrame:
    """The statistics as text cells: value, sample and interval side by side."""
    if frame.empty:
        return pd.DataFrame()
    frame = frame[frame["hands"] >= min_hands]
    table = pd.DataFrame({"Player": frame["player"], "Currency": frame["currency"],
                          "Hands": frame["hands"]})  # fmt: skip
    for name, label in RATES:
        table[label] = [_rate(row, name) for _, row in frame.iterrows()]
    table["AF"] = frame["af"].round(2)
    table["bb/100"] = frame["bb_per_100"].round(2)
    table["All-in adj. bb/100"] = frame["all_in_adjusted_bb_per_100"].round(2)
    return table.sort_values("Hands", ascending=False)


st.title("Overview")
path, stamp, counts = common.database()
if not counts.get("ok"):
    common.offer_samples(path)
    st.stop()

filters = common.filters()
table, statistics = data.overview(str(path), stamp, filters)
hero = common.hero()
left, middle, right = st.columns(3)
left.metric("Players", f"{len(table):,}")
middle.metric("Hands (ok)", f"{counts.get('ok', 0):,}")
right.metric("Quarantined", f"{sum(counts.values()) - counts.get('ok', 0):,}")

if hero is not None:
    mine = table[table["player"] == hero]
    if not mine.empty:
        st.subheader("Hero")
        st.dataframe(mine, hide_index=True, column_config=None)

st.subheader("Players")
min_hands = st.number_input(
    "Minimum hands", min_value=0, value=0, step=10, key="min_hands", width=200
)
shown = table[table["hands"] >= min_hands]
money = st.column_config.NumberColumn
st.dataframe(
    shown,
    hide_index=True,
    width="stretch",
    column_config={
        "player": st.column_config.TextColumn("Player"),
        "site": "Site",
        "currency": "Currency",
        "hands": st.column_config.NumberColumn("Hands", format="%d"),
        "net_won": money("Net won", format="%.2f", help="In the currency's major unit"),
        "bb_per_100": money("bb/100", format="%.1f"),
        "won_showdown": money("Won at showdown", format="%.2f"),
        "won_no_showdown": money("Won without showdown", format="%.2f"),
        "wtsd_pct": money("WTSD %", format="%.0f", help="Went to showdown / saw the flop"),
        "wsd_pct": money("W$SD %", format="%.0f", help="Won money at showdown / showdowns"),
        "showdowns": money("Showdowns", format="%d"),
        "all_ins": money("All-ins", format="%d"),
        "rake_paid": money("Rake paid", format="%.2f"),
    },
)
st.subheader("Statistics")
st.dataframe(
    stat_table(statistics, min_hands),
    hide_index=True,
    width="stretch",
)
st.caption(
    "Each rate reads value · x / n with its 95% Wilson interval, so 1/1 is not 100% "
    "certain. All-in adj. is the net won with every all-in with cards to come counted at "
    "its exact equity (docs/stats.md)."
)
st.caption(
    "Amounts in each row's currency (cash and tournament chips are never added together). "
    "Click a column header to sort. Small samples: look at the Hands column before trusting "
    "a percentage."
)
