"""Tournaments: the list (buy-in, entrants, place, prize, profit), the hero's ROI and ITM
under the sidebar's filters, one tournament's stack over its hands in chips and big blinds
with the levels marked, its eliminations in order, and its all-ins valued by ICM over its
payouts (what the chip EV expected against what fell, in money; issue 12).

Names are shown only in tables (never as Markdown): they are the players' own text.
Amounts are stored in the smallest unit of each tournament's money (cents): every one is
shown as its currency writes it ("$11.00"), never as the stored integer (issue 23 item 11);
a price the hands do not state is "not stated", and stays out of the hero's totals (item 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from analytics.output.format import Money
from analytics.tournaments import queries as tq
from dashboard import common, data, line_chart

if TYPE_CHECKING:  # streamlit exports the column settings' type only from here
    from streamlit.elements.lib.column_types import ColumnConfig

#: What a price or a result the hands do not state shows.
NOT_STATED = "not stated"


def _money(currency: str, unit: int) -> Money:
    return Money(currency, unit, grouped=True)


def _shown(amount: object, money: Money, signed: bool = False) -> str:
    """One amount as text ("" for none: a table never shows "None")."""
    if amount is None or (isinstance(amount, float) and pd.isna(amount)):
        return ""
    value = int(amount)  # type: ignore[call-overload]
    return money.signed(value) if signed else money(value)


def _line(frame: pd.DataFrame, column: str, places: int) -> None:
    """A line of ``column`` over the hands, as a picture (``dashboard/line_chart.py``): as
    Vega-Lite charts, the page's two cost Chromium 0.3-0.5 s each a visit, and before that
    altair's schema validation was 90% of its server time (issue 26 item 4)."""
    st.html(line_chart.line_chart_html(
        list(frame["hand #"]),
        [line_chart.Line(column, "#4c78a8", [float(v) for v in frame[column]])],
        x_title="hand #", y_title=column, y_places=places,
    ))  # fmt: skip


st.title("Tournaments")
path, stamp, counts = common.database()


listed = data.tournament_list(str(path), stamp) if sum(counts.values()) else []
if not listed:
    st.info("No tournament hands or summaries yet: import some on the Import page.")
    st.stop()

filters = common.filters()
hero = common.hero()
moneys = {(t["site"], t["tournament_id"]): _money(t["currency"], t["unit"]) for t in listed}
frame = pd.DataFrame(
    [{"site": t["site"], "tournament": t["tournament_id"], "game": t["game"] or "",
      "started": t["started_at"] or "", "currency": t["currency"],
      "buy-in": _shown(t["buy_in"], moneys[(t["site"], t["tournament_id"])])
      if t["price_stated"] else NOT_STATED,
      "fee": _shown(t["fee"], moneys[(t["site"], t["tournament_id"])])
      if t["price_stated"] else "",
      "entrants": t["entrants"],
      "prize pool": _shown(t["prize_pool"], moneys[(t["site"], t["tournament_id"])])}
     for t in listed]
)  # fmt: skip
if filters.date_from is not None:
    frame = frame[frame["started"].fillna("") >= filters.date_from.isoformat()]
if filters.date_to is not None:
    frame = frame[frame["started"].fillna("9999") <= (filters.date_to.isoformat() + "T99")]
if filters.games:
    frame = frame[frame["game"].isin(filters.games)]

if hero is not None:
    mine = data.tournament_entries(str(path), stamp, hero)
    keep = set(zip(frame["site"], frame["tournament"], strict=True))
    mine = [r for r in mine if (r["site"], r["tournament_id"]) in keep]
    by_key = {(r["site"], r["tournament_id"]): r for r in mine}
    pairs = list(zip(frame["site"], frame["tournament"], strict=True))
    frame["place"] = pd.array([by_key[k]["place"] if k in by_key else None for k in pairs],
                              dtype="Int64")  # fmt: skip
    frame["prize"] = [_shown(by_key[k]["prize"], moneys[k]) if k in by_key else ""
                      for k in pairs]  # fmt: skip
    frame["profit"] = [
        (_shown(by_key[k]["profit"], moneys[k], signed=True) if by_key[k]["price_stated"]
         else NOT_STATED) if k in by_key else ""
        for k in pairs
    ]  # fmt: skip
    frame = frame[[k in by_key for k in pairs]]
    units = {r["currency"]: r["unit"] for r in mine}
    for currency, total in tq.player_totals(mine).items():
        money = _money(currency, units[currency])
        cols = st.columns(4)
        cols[0].metric(f"Tournaments ({currency})", total.tournaments)
        cols[1].metric("Profit", money.signed(total.profit))
        cols[2].metric("ROI", f"{float(total.roi):.1%}" if total.roi is not None else "–")
        cols[3].metric("ITM", f"{float(total.itm):.1%}" if total.itm is not None else "–")
    for currency, left in tq.unpriced(mine).items():
        st.caption(
            f"{left.tournaments} {currency} tournament{'s' * (left.tournaments != 1)} whose"
            " buy-in neither the hands nor a summary states (won"
            f" {_money(currency, units[currency])(left.won)}): not in the totals above."
        )
else:
    st.caption("Choose a hero in the sidebar for places, profit, ROI and ITM.")
st.subheader("All tournaments")
st.dataframe(frame, hide_index=True, width="stretch")

keys = [f"{s}:{t}" for s, t in zip(frame["site"], frame["tournament"], strict=True)]
if not keys:
    st.stop()
chosen = st.selectbox("Tournament", keys, key="tournament")
site, _, tid = chosen.partition(":")
shown = data.tournament(str(path), stamp, site, tid, hero)
stack, outs, spots, icm = shown.stack, shown.eliminations, shown.spots, shown.icm
problems, named, unit = shown.problems, shown.named, (shown.currency, shown.unit)
money = _money(*unit)
outs = outs[outs["name"].isin(named)].reset_index(drop=True)
outs["place"] = outs["place"].astype("Int64")
outs["prize"] = [_shown(p, money) for p in outs["prize"]]
icm = icm[icm["name"].isin(named)].reset_index(drop=True)
if len(spots):
    spots = spots[spots["name"].isin(named)].reset_index(drop=True)
# The ICM figures are fractions of the smallest unit: shown in the currency's major unit.
major = float(money.unit)  # hundredths of a play chip too
icm["ICM EV - result"] = icm["ICM EV - result"] / major
for column in ("icm_expected", "icm_actual", "icm_ev_diff"):
    if column in spots:
        spots[column] = spots[column] / major
ICM_COLUMNS: dict[str, ColumnConfig | str] = {
    "chip EV - net": st.column_config.NumberColumn("Chip EV - net (chips)", format="%.1f"),
    "ICM EV - result": st.column_config.NumberColumn(f"ICM EV - result ({unit[0]})",
                                                     format="%.2f"),
    "hand": "Hand", "name": "Name", "in_hand": "In the hand",
    "stack": st.column_config.NumberColumn("Stack (chips)", format="%d"),
    "chip_ev_diff": st.column_config.NumberColumn("Chip EV - net (chips)", format="%.1f"),
    "icm_expected": st.column_config.NumberColumn(f"Expected ({unit[0]})", format="%.2f"),
    "icm_actual": st.column_config.NumberColumn(f"Actual ({unit[0]})", format="%.2f"),
    "icm_ev_diff": st.column_config.NumberColumn(f"Expected - actual ({unit[0]})",
                                                 format="%.2f"),
}  # fmt: skip
if len(stack):
    st.subheader("Stack over hands")
    stack["hand #"] = range(1, len(stack) + 1)
    stack["big blinds"] = stack["chips"] / stack["big_blind"].where(stack["big_blind"] > 0)
    _line(stack, "chips", 0)
    _line(stack, "big blinds", 1)
    starts = stack[stack["level"] != stack["level"].shift()]
    st.caption(
        "Levels start at hand "
        + ", ".join(
            f"#{n} (level {lv})" for n, lv in zip(starts["hand #"], starts["level"], strict=True)
        )
    )
st.subheader("Eliminations in order")
st.dataframe(outs, hide_index=True, width="stretch")
if len(spots):
    st.subheader("All-ins by ICM")
    st.caption(
        f"Equity changes over the tournament's payouts, in {unit[0]}"
        ": as the chip EV expected, as the hand fell, and their difference (positive:"
        " the cards ran worse than expected). Players not in the hand move too."
    )
    st.dataframe(icm, hide_index=True, width="stretch", column_config=ICM_COLUMNS)
    st.dataframe(spots, hide_index=True, width="stretch", column_config=ICM_COLUMNS)
if len(problems):
    st.subheader("Problems (differences with the summary, stacks that do not carry over)")
    st.dataframe(problems, hide_index=True, width="stretch")
