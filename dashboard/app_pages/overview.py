"""Overview: every player's results under the sidebar's filters, sortable.

One row per player, room and currency, in both tables. Tournament chips (``CHIPS``) are
never added across tournaments (issue 23 item 13): a tournament row's money columns are
blank, its results are its bb/100.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from analytics.output.format import CHIP_CURRENCIES
from analytics.stats import leaders, player_queries, queries
from dashboard import common, data

if TYPE_CHECKING:  # streamlit exports the column settings' type only from here
    from streamlit.elements.lib.column_types import ColumnConfig


def stat_table(frame: pd.DataFrame, min_hands: int) -> pd.DataFrame:
    """The statistics as text cells: value, sample and interval side by side."""
    if frame.empty:
        return pd.DataFrame()
    frame = frame[frame["hands"] >= min_hands]
    first = {"player": "Player", "site": "Room", "currency": "Currency", "hands": "Hands"}
    table = player_queries.statistics_table(frame, first)
    return table.sort_values("Hands", ascending=False)


#: The player table's columns that :func:`analytics.stats.players.player_stats` computes for every
#: game (WTSD over the second betting round, bb/100 in big bets in fixed limit and stud).
_FROM_STATISTICS = {"bb_per_100": "bb_per_100", "wtsd_pct": "wtsd", "wsd_pct": "wsd"}


def players_table(table: pd.DataFrame, statistics: pd.DataFrame) -> pd.DataFrame:
    """The player table with its bb/100, WTSD and W$SD taken from the statistics, so both
    tables say the same and stud and draw hands count (the player table reads the flop
    off the board, and the big blind stud does not have)."""
    if table.empty or statistics.empty:
        return table
    keys = ["player", "site", "currency"]
    figures = statistics[keys].copy()
    for column, name in _FROM_STATISTICS.items():
        value = statistics[name]
        figures[column] = value if column == "bb_per_100" else value * 100
    merged = table.drop(columns=list(_FROM_STATISTICS)).merge(figures, on=keys, how="left")
    return without_chip_sums(merged[list(table.columns)])


#: The player table's sums of amounts: chips of different tournaments are not added.
CHIP_SUMS = ("net_won", "won_showdown", "won_no_showdown", "rake_paid")


def without_chip_sums(table: pd.DataFrame) -> pd.DataFrame:
    """The table with the tournament rows' chip sums blanked (their bb/100 stays)."""
    chips = table["currency"] == "CHIPS"
    if not chips.any():
        return table
    table = table.copy()
    for column in CHIP_SUMS:
        if column in table:
            table[column] = table[column].astype(float).mask(chips)
    return table


#: Play money and other currencies counted in chips, not tournament chips: their amounts
#: are summed like money, but a table column has one number format, and "%.2f" wrote a
#: GGPoker play-money result of 1234 chips as "1234.00" (issue 23 item 14).
PLAY_CURRENCIES = CHIP_CURRENCIES - {"CHIPS"}


def split_play(table: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rows in money (and tournament rows, whose amounts are blank) and the rows in play
    money, each shown in its own table with its own number format."""
    play = table["currency"].isin(PLAY_CURRENCIES)
    return table[~play], table[play]


@st.cache_data(show_spinner=False, max_entries=32)
def tables(
    path: str, stamp: data.Stamp, filters: queries.Filters, min_hands: int, hero: str | None,
    listed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, leaders.Leaders]:  # fmt: skip
    """The player table (every chosen row), the statistics as text cells (rows of at least
    ``min_hands``) and who was chosen, built once per database version and choice:
    formatting the statistics of 1,000 players (20,000 rates with their intervals) and
    merging the tables cost 0.1-0.3 s of the server's CPU on every rerun (issue 26 item 4).
    A tuple, not a class of this page: the cache pickles what it keeps, and a page script's
    classes cannot be found by name again."""
    found = data.overview(path, stamp, filters, min_hands, hero, listed)
    return (players_table(found.table, found.statistics),
            stat_table(found.statistics, min_hands), found.chosen)  # fmt: skip


st.title("Overview")
path, stamp, counts = common.database()
if not counts.get("ok"):
    common.offer_samples(path)
    st.stop()

filters = common.filters()
hero = common.hero()
left, middle, right, minimum = st.columns(4)
min_hands = minimum.number_input("Minimum hands", min_value=0, value=0, step=10, key="min_hands")
listed = minimum.selectbox(
    "Players listed",
    (leaders.OVERVIEW_PLAYERS, 10 * leaders.OVERVIEW_PLAYERS, leaders.EVERY),
    format_func=lambda n: "every player" if n == leaders.EVERY else f"the first {n:,}",
    key="players_listed",
    help="By hands under the filters; listing every player of a big database takes longer",
)
table, statistics, chosen = tables(str(path), stamp, filters, int(min_hands), hero, listed)
left.metric("Players", f"{chosen.rows:,}")
middle.metric("Hands (ok)", f"{data.ok_hands(str(path), stamp, filters):,}")
right.metric("Quarantined", f"{sum(counts.values()) - counts.get('ok', 0):,}")

money = st.column_config.NumberColumn
#: The summed amounts' headers (:data:`CHIP_SUMS`).
AMOUNTS = {"net_won": "Net won", "won_showdown": "Won at showdown",
           "won_no_showdown": "Won without showdown", "rake_paid": "Rake paid"}  # fmt: skip


def amounts(number_format: str) -> dict[str, ColumnConfig]:
    return {column: money(label, format=number_format) for column, label in AMOUNTS.items()}


#: The player table's headers and formats, for the hero's rows and everyone's.
COLUMNS: dict[str, ColumnConfig | str] = {
    "player": st.column_config.TextColumn("Player"),
    "site": "Room",
    "currency": "Currency",
    "hands": st.column_config.NumberColumn("Hands", format="%d"),
    "bb_per_100": money(
        "bb/100",
        format="%.1f",
        help="Big blinds per 100 hands; big bets in fixed limit and stud",
    ),
    "wtsd_pct": money(
        "WTSD %",
        format="%.0f",
        help="Went to showdown / saw the flop (4th street, the first draw)",
    ),
    "wsd_pct": money("W$SD %", format="%.0f", help="Won money at showdown / showdowns"),
    "showdowns": money("Showdowns", format="%d"),
    "all_ins": money("All-ins", format="%d"),
    **amounts("%.2f"),
}

#: The same for play money: its amounts grouped, with decimals only where the room counts
#: hundredths of a play chip (Winamax, 888poker), never a ".00" on whole chips.
PLAY_COLUMNS: dict[str, ColumnConfig | str] = {**COLUMNS, **amounts("localized")}


def show_players(rows: pd.DataFrame) -> None:
    """One table in money; play-money rows, if any, in a second one below."""
    in_money, in_play = split_play(rows)
    if not in_money.empty or in_play.empty:
        st.dataframe(in_money, hide_index=True, width="stretch", column_config=COLUMNS,
                     placeholder="–")  # fmt: skip
    if not in_play.empty:
        st.caption("Play money (and other chip currencies): amounts in chips.")
        st.dataframe(in_play, hide_index=True, width="stretch", column_config=PLAY_COLUMNS,
                     placeholder="–")  # fmt: skip


if hero is not None:
    mine = table[table["player"] == hero]
    if not mine.empty:
        st.subheader("Hero")
        show_players(mine)

st.subheader("Players")
if chosen.cut:
    st.caption(
        f"The {listed:,} players with the most hands of "
        f"{chosen.players:,} with at least {min_hands:,}"
        f"{' (and the hero)' if hero else ''}: list more above, raise the minimum or set "
        "filters to see others, or open any player on the Player page."
    )
show_players(table[table["hands"] >= min_hands])
st.subheader("Statistics")
st.dataframe(
    statistics,
    hide_index=True,
    width="stretch",
    placeholder="–",
)
st.caption(
    "Each rate reads value · x / n with its 95% Wilson interval, so 1/1 is not 100% "
    "certain; – means no hand in the denominator (steal in stud, which has no blinds). "
    "Stud and draw read in their own rounds: 3rd street or the round before the draw is "
    "pre-flop, the c-bet is on 4th street or after the first draw, bb/100 counts big bets "
    "in fixed limit. All-in adj. is the net won with every all-in with cards to come "
    "counted at its exact equity (docs/stats.md)."
)
st.caption(
    "Amounts in each row's currency (cash and tournament chips are never added together; "
    "the chips of different tournaments neither: a CHIPS row's amounts are blank, its "
    "bb/100 is its result). "
    "Click a column header to sort. Small samples: look at the Hands column before trusting "
    "a percentage."
)
