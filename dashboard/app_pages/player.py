"""Player: one player's results over time (showdown / non-showdown) and by position."""

from __future__ import annotations

import altair as alt
import streamlit as st

from analytics import queries
from dashboard import common, data

st.title("Player")
path, stamp, counts = common.database()
if not counts.get("ok"):
    common.offer_samples(path)
    st.stop()

filters = common.filters()
players = data.filter_options(str(path), stamp).players
hero = common.hero()
default = players.index(hero) if hero in players else 0
player = st.selectbox("Player", players, index=default, key=f"player_{hero}")
if player is None:
    st.stop()
hands = data.player_hands(str(path), stamp, filters, player)
if hands.empty:
    st.info("This player has no hands under the current filters.")
    st.stop()
currencies = sorted(hands["currency"].dropna().unique())
if len(currencies) > 1:
    currency = st.radio("Currency", currencies, horizontal=True, key="player_currency")
    hands = hands[hands["currency"] == currency].reset_index(drop=True)
in_bb = st.toggle("In big blinds", key="player_in_bb")
unit_label = "big blinds" if in_bb else f"{hands['currency'].iloc[0]}"

net = hands["net"] / hands["unit"].where(hands["unit"] > 0, 1)
showdown = hands["went_to_showdown"].astype(bool)
c1, c2, c3, c4 = st.columns(4)
c1.metric("Hands", f"{len(hands):,}")
c2.metric("Net won", f"{net.sum():,.2f}")
bb = (hands["net"] / hands["big_blind"].where(hands["big_blind"] > 0)).sum()
c3.metric("bb/100", f"{bb / len(hands) * 100:,.1f}")
c4.metric("Showdowns", f"{int(showdown.sum()):,}")

st.subheader("Net won over hands")
lines = queries.cumulative_results(hands, in_big_blinds=in_bb)
colours = alt.Scale(
    domain=["net won", "showdown", "non-showdown"], range=["#2e7d32", "#1e88e5", "#e53935"]
)
chart = (
    alt.Chart(lines)
    .mark_line()
    .encode(
        x=alt.X("hand:Q", title="Hands"),
        y=alt.Y("net:Q", title=f"Net won ({unit_label})"),
        color=alt.Color("line:N", scale=colours, title=None),
        tooltip=["hand:Q", "line:N", alt.Tooltip("net:Q", format=",.2f")],
    )
    .properties(height=320)
)
st.altair_chart(chart, width="stretch")

st.subheader("Results by position")
positions = queries.results_by_position(hands)
bars = (
    alt.Chart(positions)
    .mark_bar()
    .encode(
        x=alt.X("position:N", sort=list(positions["position"]), title="Position"),
        y=alt.Y("bb_per_100:Q" if in_bb else "net_won:Q",
                title="bb/100" if in_bb else f"Net won ({unit_label})"),
        color=alt.condition(
            alt.datum.bb_per_100 >= 0 if in_bb else alt.datum.net_won >= 0,
            alt.value("#2e7d32"),
            alt.value("#e53935"),
        ),
        tooltip=["position:N", "hands:Q", alt.Tooltip("net_won:Q", format=",.2f"),
                 alt.Tooltip("bb_per_100:Q", format=",.1f")],
    )
    .properties(height=260)
)  # fmt: skip
st.altair_chart(bars, width="stretch")
st.dataframe(
    positions,
    hide_index=True,
    column_config={
        "position": "Position",
        "hands": "Hands",
        "net_won": st.column_config.NumberColumn("Net won", format="%.2f"),
        "bb_per_100": st.column_config.NumberColumn("bb/100", format="%.1f"),
    },
)

# -- starting hands (hold'em) ------------------------------------------------------------
currency = hands["currency"].iloc[0]
grid = data.starting_hand_grid(str(path), stamp, filters, player, currency)
dealt = int(grid["hands"].sum())
st.subheader("Starting hands")
if not dealt:
    st.info("No hold'em hands with both of this player's hole cards known.")
else:
    by = st.radio("Colour by", ["Net won (bb)", "Frequency"], horizontal=True,
                  key="grid_colour")  # fmt: skip
    st.caption(
        f"{dealt:,} hold'em hands with both hole cards known. Pairs on the diagonal, "
        "suited hands above it, offsuit below; empty cells were never dealt."
    )
    if by == "Frequency":
        colour = alt.Color("frequency_pct:Q", title="% of hands",
                           scale=alt.Scale(scheme="blues"))  # fmt: skip
    else:
        extent = max(float(grid["net_bb"].abs().max()), 1.0)
        colour = alt.Color(
            "net_bb:Q",
            title="Net won (bb)",
            scale=alt.Scale(domain=[-extent, extent], domainMid=0,
                            range=["#c62828", "#fafafa", "#2e7d32"]),
        )  # fmt: skip
    base = alt.Chart(grid).encode(
        x=alt.X("col:O", axis=None),
        y=alt.Y("row:O", axis=None),
        tooltip=[
            alt.Tooltip("hand:N", title="Hand"),
            alt.Tooltip("hands:Q", title="Hands", format=","),
            alt.Tooltip("net_bb:Q", title="Net won (bb)", format=",.1f"),
            alt.Tooltip("bb_per_hand:Q", title="bb per hand", format=",.2f"),
            alt.Tooltip("frequency_pct:Q", title="% of hands", format=".2f"),
        ],
    )
    cells = base.mark_rect(stroke="white", strokeWidth=1).encode(
        color=alt.condition(alt.datum.hands > 0, colour, alt.value("#eeeeee"))
    )
    labels = base.mark_text(fontSize=11).encode(
        text="hand:N",
        color=alt.condition(alt.datum.hands > 0, alt.value("#111111"), alt.value("#9e9e9e")),
    )
    st.altair_chart((cells + labels).properties(width=520, height=520), width="content")

# -- sessions ------------------------------------------------------------------------------
st.subheader("Sessions")
table = data.sessions(str(path), stamp, filters, player, currency)
if table.empty:
    st.info("These hands have no times, so they cannot be split into sessions.")
else:
    st.caption(
        f"{len(table):,} sessions: a new one starts after more than 30 minutes without a "
        "hand. Newest first; times in UTC."
    )
    st.dataframe(
        table.drop(columns=["currency"]),
        hide_index=True,
        column_config={
            "start": st.column_config.DatetimeColumn("Start", format="YYYY-MM-DD HH:mm"),
            "end": st.column_config.DatetimeColumn("End", format="YYYY-MM-DD HH:mm"),
            "minutes": st.column_config.NumberColumn("Minutes", format="%.0f"),
            "hands": st.column_config.NumberColumn("Hands", format="%d"),
            "net_won": st.column_config.NumberColumn(f"Net won ({currency})", format="%.2f"),
            "net_bb": st.column_config.NumberColumn("Net won (bb)", format="%.1f"),
            "bb_per_100": st.column_config.NumberColumn("bb/100", format="%.1f"),
        },
    )
