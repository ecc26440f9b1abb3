"""What ``pokerhh tournaments`` and the Tournaments page read (read-only SQL)."""

from __future__ import annotations

import sqlite3
from typing import Any

from analytics.tournaments.money import Entry, Totals, totals


def tournament_list(conn: sqlite3.Connection, player: str | None = None) -> list[dict[str, Any]]:
    """Every tournament with its players (``player``: only those he played), newest first:
    the JSON of ``pokerhh tournaments --format json``."""
    where, params = "", []
    if player is not None:
        where = "WHERE id IN (SELECT tournament FROM tournament_players WHERE name = ?)"
        params.append(player)
    tournaments = conn.execute(
        "SELECT id, tournament_id, site, game, buy_in, fee, bounty, currency, entrants,"
        f" prize_pool, started_at, hero FROM tournaments {where}"
        " ORDER BY started_at DESC, site, tournament_id", params,
    ).fetchall()  # fmt: skip
    result = []
    for key, tid, site, game, buy_in, fee, bounty, currency, entrants, pool, started, _hero \
            in tournaments:  # fmt: skip
        players = [
            {"name": n, "place": place, "prize": prize, "knockouts": ko,
             "all_in_ev_diff": chip_ev, "icm_ev_diff": icm}
            for n, place, prize, ko, chip_ev, icm in conn.execute(
                "SELECT name, place, prize, knockouts, all_in_ev_diff, icm_ev_diff"
                " FROM tournament_players"
                " WHERE tournament = ? ORDER BY place IS NULL, place, name", (key,)
            )
        ]  # fmt: skip
        result.append({"tournament_id": tid, "site": site, "game": game,
                       "buy_in": buy_in + bounty, "fee": fee, "currency": currency,
                       "entrants": entrants, "prize_pool": pool, "started_at": started,
                       "players": players})  # fmt: skip
    return result


def all_in_spots(conn: sqlite3.Connection, tournament: int) -> list[dict[str, Any]]:
    """A tournament's all-in spots valued by ICM (``tournament_all_ins``), in hand order:
    per player, his stack before, chip EV - net, and the ICM changes (expected, actual,
    expected - actual) in the smallest unit of the tournament's money."""
    return [
        {"hand": hand, "name": name, "in_hand": bool(in_hand), "stack": stack,
         "chip_ev_diff": chips, "icm_expected": expected, "icm_actual": actual,
         "icm_ev_diff": diff}
        for hand, name, in_hand, stack, chips, expected, actual, diff in conn.execute(
            "SELECT hand_id, name, in_hand, stack, chip_ev_diff, icm_expected, icm_actual,"
            " icm_ev_diff FROM tournament_all_ins WHERE tournament = ? ORDER BY idx",
            (tournament,),
        )
    ]  # fmt: skip


def player_entries(conn: sqlite3.Connection, player: str) -> list[dict[str, Any]]:
    """One row per tournament the player played: buy-in, entrants, place, prize, profit."""
    rows = conn.execute(
        "SELECT t.site, t.tournament_id, t.game, t.currency, t.unit, t.buy_in, t.bounty, t.fee,"
        " t.entrants, t.started_at, p.place, p.prize, p.prize_text, p.bounties_won, p.entries,"
        " p.extra_cost, p.knockouts FROM tournament_players p"
        " JOIN tournaments t ON t.id = p.tournament WHERE p.name = ?"
        " ORDER BY t.started_at DESC", (player,),
    ).fetchall()  # fmt: skip
    out = []
    for (site, tid, game, currency, unit, buy_in, bounty, fee, entrants, started, place, prize,
         text, bounties, entries, extra, knockouts) in rows:  # fmt: skip
        entry = entry_of(buy_in, bounty, fee, entries, extra, prize, bounties, text)
        out.append({"site": site, "tournament_id": tid, "game": game, "currency": currency,
                    "unit": unit, "started_at": started, "buy_in": buy_in + bounty, "fee": fee,
                    "entrants": entrants, "place": place, "prize": (prize or 0) + bounties,
                    "cost": entry.cost, "profit": entry.profit, "knockouts": knockouts,
                    "itm": entry.in_the_money, "entry": entry})  # fmt: skip
    return out


def entry_of(buy_in: int, bounty: int, fee: int, entries: int, extra: int, prize: int | None,
             bounties: int, prize_text: str) -> Entry:  # fmt: skip
    return Entry(buy_in=buy_in, bounty=bounty, fee=fee, entries=entries, extra_cost=extra,
                 prize=prize or 0, bounties_won=bounties,
                 in_the_money=bool(prize) or bool(prize_text))  # fmt: skip


def player_totals(rows: list[dict[str, Any]]) -> dict[str, Totals]:
    """ROI and ITM per currency over :func:`player_entries` rows."""
    by: dict[str, list[Entry]] = {}
    for row in rows:
        by.setdefault(row["currency"], []).append(row["entry"])
    return {currency: totals(entries) for currency, entries in by.items()}


def report(conn: sqlite3.Connection, player: str | None, fmt: str) -> str:
    """``pokerhh tournaments``: the list (and, for a player, his totals) as text or JSON."""
    import json

    listed = tournament_list(conn, player)
    if fmt == "json":
        return json.dumps(listed, ensure_ascii=False, indent=1) + "\n"
    lines = [f"{'tournament':>12} {'site':<11} {'game':<10} {'buy-in':>10} {'entrants':>8}"
             f" {'place':>6} {'prize':>10} {'profit':>10}"]  # fmt: skip
    mine = {(r["site"], r["tournament_id"]): r for r in player_entries(conn, player)} \
        if player else {}  # fmt: skip
    for t in listed:
        row = mine.get((t["site"], t["tournament_id"]))
        place = row["place"] if row else None
        lines.append(
            f"{t['tournament_id']:>12} {t['site'][:11]:<11} {(t['game'] or '')[:10]:<10}"
            f" {_amount(t['buy_in'] + t['fee'], t['currency']):>10} {t['entrants'] or '':>8}"
            f" {place or '':>6} {_amount(row['prize'], t['currency']) if row else '':>10}"
            f" {_amount(row['profit'], t['currency']) if row else '':>10}"
        )
    lines.append(f"{len(listed)} tournaments")
    if player:
        for currency, total in player_totals(list(mine.values())).items():
            roi = f"{float(total.roi):.1%}" if total.roi is not None else "–"
            itm = f"{float(total.itm):.1%}" if total.itm is not None else "–"
            lines.append(f"{player} ({currency}): {total.tournaments} tournaments, cost"
                         f" {_amount(total.cost, currency)}, won {_amount(total.won, currency)},"
                         f" profit {_amount(total.profit, currency)}, ROI {roi},"
                         f" ITM {itm}")  # fmt: skip
    return "\n".join(lines) + "\n"


def _amount(value: int, currency: str) -> str:
    if currency in ("PLAY", "FPP", "SC"):
        return f"{value}" + ("" if currency == "PLAY" else f" {currency}")
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d} {currency}"
