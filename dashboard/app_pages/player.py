"""Player: one player's results over time (actual, all-in EV, showdown / non-showdown), by
position, by starting hand and by session, and any stat explained hand by hand.

One name in two rooms is two players, chosen one room at a time as the Overview lists them.
Tournament chips are only ever added up within one tournament: across tournaments (the
``CHIPS`` currency) results are in big blinds, never a sum of chips (issue 23 item 13).
"""

from __future__ import annotations

import math
from dataclasses import replace

import streamlit as st

from analytics.output.format import CHIP_CURRENCIES
from analytics.stats import player_page, player_queries
from analytics.stats import players as stats
from dashboard import common, data, frame_html, line_chart, notes_widgets, player_html, where_box
from dashboard.frame_html import Column

#: The net-won chart's lines' colours, in ``player_queries.RESULT_LINES``' order.
LINE_COLOURS = ("#2e7d32", "#fb8c00", "#1e88e5", "#e53935")

st.title("Player")
path, stamp, counts = common.database()
if not counts.get("ok"):
    common.offer_samples(path)
    st.stop()

filters = common.filters()
# People first (pokerhh alias: his accounts drawn together, issue 25), then the names with
# the most hands (common.LISTED: any other is typed in), the hero's always.
players = list(dict.fromkeys([*common.person_names(str(path), stamp),
                              *data.filter_options(str(path), stamp).players[:common.LISTED]]))
hero = common.hero_person() or common.hero()
if hero is not None and hero not in players:
    players.append(hero)
default = players.index(hero) if hero in players else 0
player = st.selectbox("Player", players, index=default, key=f"player_{hero}",
                      accept_new_options=True,
                      help=f"The {common.LISTED} players with the most hands are listed: type"
                      " another's name")  # fmt: skip
if player is None:
    st.stop()
rooms = data.player_rooms(str(path), stamp, filters, player)
if len(rooms) > 1:
    room = st.radio("Room", rooms, horizontal=True, key=f"player_room_{player}",
                    help="The same name in two rooms is two players")  # fmt: skip
    filters = replace(filters, sites=(room or rooms[0],))
notes_widgets.notes_box(path, filters.sites if len(rooms) > 1 else rooms, player)  # issue 26
# issue 25 item 2: a hand query narrows every figure of the page (docs/query.md)
filters = where_box.applied(str(path), stamp, filters, player, "player_where", "this player")
hand_counts, _summed = data.player_source(str(path), stamp, filters, player)
if not hand_counts:
    st.info("This player has no hands under the current filters.")
    st.stop()
currencies = sorted(c for c in hand_counts if c is not None)
currency = currencies[0] if currencies else None
if len(currencies) > 1:
    currency = st.radio("Currency", currencies, horizontal=True, key="player_currency")
figures = data.player_figures(str(path), stamp, filters, player, currency)
#: Tournament hands: chips of different tournaments are not one currency.
chips = currency == "CHIPS"
in_bb = st.toggle("In big blinds", key="player_in_bb", value=chips, disabled=chips,
                  help="Tournament chips are never added across tournaments" if chips
                  else None)  # fmt: skip
in_bb = in_bb or chips
unit_label = "big blinds" if in_bb else f"{currency}"
#: Whole numbers for chips (a hand's chips, or play money): "-900", not "-900.00".
amounts = ",.0f" if currency in CHIP_CURRENCIES else ",.2f"
grid_amounts = "%d" if currency in CHIP_CURRENCIES else "%.2f"  # the same, for a data grid

c1, c2, c3, c4 = st.columns(4)
c1.metric("Hands", f"{figures.hands:,}")
if chips:
    c2.metric("Net won (bb)", f"{figures.net_bb:+,.1f}",
              help="Big blinds: chips of different tournaments are not added")  # fmt: skip
else:
    c2.metric("Net won", f"{figures.net_won:,.2f} {currency or ''}".strip())
# bb/100 counts big bets in fixed limit and stud (which has no blinds), as the statistics do.
counted = figures.bb_hands
c3.metric("bb/100", f"{figures.net_bb / counted * 100:,.1f}" if counted else "–",
          help="Big blinds per 100 hands; big bets in fixed limit and stud")  # fmt: skip
c4.metric("Showdowns", f"{figures.showdowns:,}")

# -- the statistics, by game and stakes ------------------------------------------------------
st.subheader("Statistics")
by_game = data.player_statistics(str(path), stamp, filters, player, currency,
                                 by="stakes")  # fmt: skip
# Tables of a few rows are HTML, not data grids: a grid costs Chromium far more to draw
# on every reload (dashboard/frame_html.py; issue 26 item 4).
by_game_table = player_queries.statistics_table(by_game, {"stakes": "Game and stakes",
                                                          "hands": "Hands"})  # fmt: skip
NUMBERS = {"Hands": ",d", "bb/100": ",.2f", "All-in adj. bb/100": ",.2f"}
st.html(frame_html.frame_table(
    by_game_table,
    frame_html.columns_of(by_game_table, NUMBERS),
    name="statistics",
))
st.caption(
    "Each rate reads value · x / n (95% interval). Stud and draw games read in their own "
    'rounds (docs/stats.md, "Stud and draw games"): VPIP and PFR on 3rd street or before '
    "the draw (a stud bring-in is a forced bet, its completion the first bet), the c-bet on "
    "4th street or after the first draw, WTSD over the hands that saw that round; – means "
    "no hand in the denominator (steal in stud, which has no blinds or positions)."
)

st.subheader("Net won over hands")
lines = figures.lines_bb if in_bb else figures.lines  # at most 400 points a line
# A picture, not a Vega-Lite chart: Chromium spent 0.3-0.5 s on each Vega chart, most of
# the page's time (issue 26 item 4; dashboard/line_chart.py).
wide = lines.pivot(index="hand", columns="line", values="net")
st.html(line_chart.line_chart_html(
    list(wide.index),
    [line_chart.Line(name, colour, list(wide[name]) if name in wide else [math.nan] * len(wide))
     for name, colour in zip(player_queries.RESULT_LINES, LINE_COLOURS, strict=True)],
    x_title="Hands", y_title=f"Net won ({unit_label})",
))
if figures.per_day:
    st.caption(
        f"{figures.hands:,} hands: one point a day, after the day's last hand (players past "
        f"{player_page.PER_HAND_LIMIT:,} hands are drawn from the sums kept at import)."
    )
all_ins = figures.all_ins
caption = (
    f"All-in EV: {all_ins.computed:,} all-in hands with cards to come counted at their "
    "exact equity instead of their actual result"
)
if all_ins.unknown_cards:
    caption += (
        f"; {all_ins.unknown_cards:,} left out because a contender's cards were never "
        "shown (their actual result counts)"
    )
if all_ins.unsupported_game:
    caption += f"; {all_ins.unsupported_game:,} left out: no equity evaluator for the game yet"
st.caption(caption + ".")

st.subheader("Results by position")
# In big bets where bb/100 counts them (fixed limit, stud); stud hands have no position.
positions = figures.positions
measure = "bb_per_100" if in_bb else "net_won"
# HTML, not a Vega chart: each Vega chart cost Chromium 0.3-0.5 s (dashboard/player_html.py).
bars_label = "bb/100" if in_bb else f"Net won ({unit_label})"
st.html(player_html.position_bars(positions, measure, bars_label,
                                  1 if in_bb else 0 if currency in CHIP_CURRENCIES else 2))
st.html(frame_html.frame_table(
    positions.drop(columns=["net_won"]) if chips else positions,
    [Column("position", "Position"), Column("hands", "Hands", ",d", number=True),
     Column("net_won", "Net won", amounts, number=True),
     Column("bb_per_100", "bb/100", ",.1f", number=True)],
    name="positions",
))

# -- starting hands (hold'em) ------------------------------------------------------------
grid = figures.grid
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
    st.html(player_html.grid_html(grid, frequency=by == "Frequency"))

# -- sessions ------------------------------------------------------------------------------
#: Sessions drawn on the page, newest first; all of them are in the download. A heavy
#: player has thousands (1,540 on the 100,000-hand benchmark: 0.8 MB of HTML).
SESSIONS_SHOWN = 100
st.subheader("Sessions")
table = figures.sessions
if table.empty:
    st.info("These hands have no times, so they cannot be split into sessions.")
else:
    table = table.drop(columns=["currency", "net_won"] if chips else ["currency"])
    shown_note = (f" The newest {SESSIONS_SHOWN:,} are shown; the download holds them all."
                  if len(table) > SESSIONS_SHOWN else "")  # fmt: skip
    st.caption(
        f"{len(table):,} sessions: a new one starts after more than 30 minutes without a "
        f"hand. Newest first; times in UTC.{shown_note}"
    )
    st.html(frame_html.frame_table(
        table.head(SESSIONS_SHOWN),
        [Column("start", "Start", "%Y-%m-%d %H:%M"), Column("end", "End", "%Y-%m-%d %H:%M"),
         Column("minutes", "Minutes", ",.0f", number=True),
         Column("hands", "Hands", ",d", number=True),
         Column("net_won", f"Net won ({currency})", amounts, number=True),
         Column("net_bb", "Net won (bb)", ",.1f", number=True),
         Column("bb_per_100", "bb/100", ",.1f", number=True)],
        name="sessions",
        max_height=420,
    ))  # fmt: skip
    st.download_button(
        "Download the sessions (CSV)",
        data=table.to_csv(index=False),
        file_name="sessions.csv",
        mime="text/csv",
        icon=":material/download:",
        key="sessions_csv",
    )

# -- explain a stat ---------------------------------------------------------------------------
st.subheader("Explain a stat")
rates = {s.name: s for s in stats.STATS if s.kind is stats.Kind.RATE}
rate_figures = data.player_rates(str(path), stamp, filters, player, currency)


def _figure(name: str) -> str:
    x, n = rate_figures.get(name, (0, 0))
    value = f"{100 * x / n:.1f}%" if n else "–"
    return f"{rates[name].label}: {value} · {x:,} / {n:,}"


# The hands behind a stat are listed when one is chosen, not with the page: their grid
# (selectable rows) was a third of the page's reload in Chromium (issue 26 item 4).
name = st.selectbox("Stat", list(rates), format_func=_figure, key="explain_stat",
                    index=None,
                    placeholder="Choose a stat to list the hands behind it")  # fmt: skip
if name is None:
    st.stop()
explained = data.explain_stat(str(path), stamp, filters, player, name, currency)
if explained.empty:
    st.info("No hand under the current filters is in this stat's numerator or denominator.")
    st.stop()
in_numerator = int(explained["in_numerator"].sum())
page_rows = player_queries.EXPLAINED_PAGE_ROWS
pages = math.ceil(len(explained) / page_rows)
st.caption(
    f"{in_numerator:,} hands in the numerator (listed first), "
    f"{int(explained['in_denominator'].sum()):,} in the denominator. Select a hand to see "
    "why it counted; the first one is explained until you do."
    + (f" {page_rows:,} hands a page." if pages > 1 else "")
)
page = 1
if pages > 1:
    page = int(st.number_input(f"Page (of {pages:,})", min_value=1, max_value=pages, value=1,
                               step=1, key=f"explain_page_{name}"))  # fmt: skip
shown = data.explained_rows(str(path), stamp, filters, player, name, currency, page - 1,
                             page_rows)  # fmt: skip
event = st.dataframe(
    shown.drop(columns=["site", "hand_id", "currency"]),
    hide_index=True,
    width="stretch",
    column_config={
        "key": st.column_config.TextColumn("Hand"),
        "started_at": "Started (UTC)",
        "position": "Position",
        "hole_cards": "Cards",
        "in_numerator": st.column_config.CheckboxColumn("Numerator"),
        "in_denominator": st.column_config.CheckboxColumn("Denominator"),
        "x": st.column_config.NumberColumn("x", format="%d"),
        "n": st.column_config.NumberColumn("n", format="%d"),
        "net_won": st.column_config.NumberColumn(f"Net won ({currency})",
                                                 format=grid_amounts),
    },
    on_select="rerun",
    selection_mode="single-row",
    key=f"explain_table_{name}_{page}",
)
picked = event.selection.rows if event is not None else []
row = shown.iloc[picked[0] if picked and picked[0] < len(shown) else 0]
site, hand_id = str(row["site"]), str(row["hand_id"])
# The sentence names the player: plain text only (never Markdown).
st.text(data.explain_hand(str(path), stamp, site, hand_id, player, name))
if st.button("Open this hand in the replay viewer", icon=":material/play_circle:",
             key="explain_open"):  # fmt: skip
    common.open_hand(site, hand_id)
