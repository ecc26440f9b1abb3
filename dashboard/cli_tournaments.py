"""``pokerhh tournaments``: the stored tournaments as a table or as JSON.

The figures are :mod:`analytics.tournaments.queries`'; this module only lays them out for a
terminal and for programs (issue 23, items 17 and 20): columns as wide as their longest
value (a 19-digit tournament id or "Hold'em No Limit" is never cut nor shifts the row),
money in the tournament's own unit, times in one ISO 8601 form (``...Z``: the summaries'
and the hands' stored times used to mix ``Z`` and ``+00:00``), the player's totals in the
JSON too, and a name typed in another case found as ``stats`` finds it (a name stored in
no case is a usage error with the close ones, as ``stats --player`` says it).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import Any

from analytics.output.format import Money
from analytics.stats.players import stored_players
from analytics.tournaments.queries import player_entries, player_totals, tournament_list, unpriced


def resolve_player(conn: sqlite3.Connection, name: str) -> str:
    """The stored spelling of ``name`` (itself when stored so), any case; raises
    :class:`analytics.stats.players.BadFilter` when no player is called so."""
    spellings = stored_players(conn, [name])
    return name if name in spellings else spellings[0]


def utc_text(stored: str | None) -> str | None:
    """A stored time in one form, UTC with ``Z``.

    >>> utc_text("2026-11-01T18:00:00+00:00"), utc_text("2026-11-01T18:00:00Z"), utc_text(None)
    ('2026-11-01T18:00:00Z', '2026-11-01T18:00:00Z', None)
    """
    if not stored:
        return stored
    try:
        when = dt.datetime.fromisoformat(stored)
    except ValueError:
        return stored
    if when.tzinfo is not None:
        when = when.astimezone(dt.UTC).replace(tzinfo=None)
    return when.isoformat() + "Z"


def report_json(conn: sqlite3.Connection, player: str | None) -> str:
    """``{"player", "tournaments", "totals", "unpriced"}``: the list (each tournament with its
    players), and for a player his totals per currency (ROI and ITM as fractions' floats)."""
    listed = tournament_list(conn, player)
    for tournament in listed:
        tournament["started_at"] = utc_text(tournament["started_at"])
    totals: list[dict[str, Any]] = []
    left: list[dict[str, Any]] = []
    if player is not None:
        mine = player_entries(conn, player)
        for currency, total in player_totals(mine).items():
            totals.append({
                "currency": currency, "tournaments": total.tournaments, "cost": total.cost,
                "won": total.won, "profit": total.profit,
                "roi": None if total.roi is None else float(total.roi),
                "itm": None if total.itm is None else float(total.itm),
            })  # fmt: skip
        left = [{"currency": currency, "tournaments": rest.tournaments, "won": rest.won}
                for currency, rest in unpriced(mine).items()]  # fmt: skip
    document = {"player": player, "tournaments": listed, "totals": totals, "unpriced": left}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


_HEADERS = ("tournament", "site", "game", "buy-in", "entrants", "place", "prize", "profit")
#: Right-aligned columns (numbers and money).
_RIGHT = frozenset({"tournament", "buy-in", "entrants", "place", "prize", "profit"})


def report_table(conn: sqlite3.Connection, player: str | None) -> str:
    """The list as aligned columns, then the player's totals per currency."""
    listed = tournament_list(conn, player)
    mine = {(r["site"], r["tournament_id"]): r for r in player_entries(conn, player)} \
        if player else {}  # fmt: skip
    rows = []
    for t in listed:
        money = Money(t["currency"], t["unit"], grouped=True)
        row = mine.get((t["site"], t["tournament_id"]))
        price = money(t["buy_in"] + t["fee"]) if t["price_stated"] else "?"
        rows.append((
            str(t["tournament_id"]), t["site"] or "", t["game"] or "", price,
            str(t["entrants"] or ""), str((row or {}).get("place") or ""),
            money(row["prize"]) if row else "",
            ("?" if row["profit"] is None else money.signed(row["profit"])) if row else "",
        ))  # fmt: skip
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(_HEADERS)]
    lines = [_line(_HEADERS, widths), *(_line(r, widths) for r in rows)]
    lines.append(f"{len(listed)} tournaments")
    if player:
        entries = list(mine.values())
        units = {r["currency"]: r["unit"] for r in entries}
        for currency, total in player_totals(entries).items():
            money = Money(currency, units.get(currency), grouped=True)
            roi = f"{float(total.roi):.1%}" if total.roi is not None else "–"
            itm = f"{float(total.itm):.1%}" if total.itm is not None else "–"
            lines.append(f"{player} ({currency}): {total.tournaments} tournaments, cost"
                         f" {money(total.cost)}, won {money(total.won)}, profit"
                         f" {money.signed(total.profit)}, ROI {roi}, ITM {itm}")  # fmt: skip
        for currency, rest in unpriced(entries).items():
            money = Money(currency, units.get(currency), grouped=True)
            lines.append(f"{player} ({currency}): {rest.tournaments} tournaments whose buy-in"
                         f" the hands do not state (won {money(rest.won)}), not in the"
                         " totals")  # fmt: skip
    return "\n".join(lines) + "\n"


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    return " ".join(
        cell.rjust(width) if header in _RIGHT else cell.ljust(width)
        for cell, width, header in zip(cells, widths, _HEADERS, strict=True)
    ).rstrip()
