"""What ``pokerhh tournaments`` and the Tournaments page read (read-only SQL).

A tournament's price is *stated* when a summary gave it, when it is a freeroll, or when
the hands wrote a buy-in (``analytics.tournaments.store`` keeps the hands' 0 and
``freeroll`` False when they named none: WPN's "$5,000 GTD" is a guarantee, not a price).
A tournament whose price is not stated is listed, but its cost is unknown: it is left out
of a player's totals rather than counted as free, which made its prize pure profit
(issue 23 item 12).

Bovada's anonymous seats ("Seat 4", ``players.anonymous``, migration 0012) are nobody: they
are never listed as a tournament's players.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from analytics.tournaments.money import Entry, Totals, totals

#: A ``tournament_players`` row ``p`` of tournament ``t`` that is one of Bovada's anonymous
#: seats (the same test as the ``players`` table's, migration 0012).
_ANONYMOUS = ("EXISTS (SELECT 1 FROM players a WHERE a.site = t.site AND a.name = p.name"
              " AND a.anonymous)")  # fmt: skip
#: The tournament ``t``'s price is stated (the module's docstring).
_STATED = "(t.summaries > 0 OR t.freeroll OR t.buy_in + t.bounty + t.fee > 0)"


def tournament_list(conn: sqlite3.Connection, player: str | None = None) -> list[dict[str, Any]]:
    """Every tournament with its players (``player``: only those he played), newest first:
    the JSON of ``pokerhh tournaments --format json``."""
    where, params = "", []
    if player is not None:
        where = "WHERE t.id IN (SELECT tournament FROM tournament_players WHERE name = ?)"
        params.append(player)
    tournaments = conn.execute(
        "SELECT t.id, t.tournament_id, t.site, t.game, t.buy_in, t.fee, t.bounty, t.currency,"
        f" t.unit, t.entrants, t.prize_pool, t.started_at, {_STATED} FROM tournaments t"
        f" {where} ORDER BY t.started_at DESC, t.site, t.tournament_id", params,
    ).fetchall()  # fmt: skip
    result = []
    for key, tid, site, game, buy_in, fee, bounty, currency, unit, entrants, pool, started, \
            stated in tournaments:  # fmt: skip
        players = [
            {"name": n, "place": place, "prize": prize, "knockouts": ko,
             "all_in_ev_diff": chip_ev, "icm_ev_diff": icm}
            for n, place, prize, ko, chip_ev, icm in conn.execute(
                "SELECT p.name, p.place, p.prize, p.knockouts, p.all_in_ev_diff, p.icm_ev_diff"
                " FROM tournament_players p JOIN tournaments t ON t.id = p.tournament"
                f" WHERE p.tournament = ? AND NOT {_ANONYMOUS}"
                " ORDER BY p.place IS NULL, p.place, p.name", (key,)
            )
        ]  # fmt: skip
        result.append({"tournament_id": tid, "site": site, "game": game,
                       "buy_in": buy_in + bounty, "fee": fee, "price_stated": bool(stated),
                       "currency": currency, "unit": unit, "entrants": entrants,
                       "prize_pool": pool, "started_at": started,
                       "players": players})  # fmt: skip
    return result


def named_players(conn: sqlite3.Connection, tournament: int) -> set[str]:
    """The tournament's players but Bovada's anonymous seats: the names the page lists."""
    return {name for (name,) in conn.execute(
        "SELECT p.name FROM tournament_players p JOIN tournaments t ON t.id = p.tournament"
        f" WHERE p.tournament = ? AND NOT {_ANONYMOUS}", (tournament,))}  # fmt: skip


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
        f" p.extra_cost, p.knockouts, {_STATED} FROM tournament_players p"
        f" JOIN tournaments t ON t.id = p.tournament WHERE p.name = ? AND NOT {_ANONYMOUS}"
        " ORDER BY t.started_at DESC", (player,),
    ).fetchall()  # fmt: skip
    out = []
    for (site, tid, game, currency, unit, buy_in, bounty, fee, entrants, started, place, prize,
         text, bounties, entries, extra, knockouts, stated) in rows:  # fmt: skip
        entry = entry_of(buy_in, bounty, fee, entries, extra, prize, bounties, text)
        out.append({"site": site, "tournament_id": tid, "game": game, "currency": currency,
                    "unit": unit, "started_at": started, "buy_in": buy_in + bounty, "fee": fee,
                    "price_stated": bool(stated), "entrants": entrants, "place": place,
                    "prize": (prize or 0) + bounties,
                    "cost": entry.cost if stated else None,
                    "profit": entry.profit if stated else None, "knockouts": knockouts,
                    "itm": entry.in_the_money, "entry": entry})  # fmt: skip
    return out


def entry_of(buy_in: int, bounty: int, fee: int, entries: int, extra: int, prize: int | None,
             bounties: int, prize_text: str) -> Entry:  # fmt: skip
    return Entry(buy_in=buy_in, bounty=bounty, fee=fee, entries=entries, extra_cost=extra,
                 prize=prize or 0, bounties_won=bounties,
                 in_the_money=bool(prize) or bool(prize_text))  # fmt: skip


def player_totals(rows: list[dict[str, Any]]) -> dict[str, Totals]:
    """ROI and ITM per currency over :func:`player_entries` rows whose price is stated
    (:func:`unpriced` counts the others)."""
    by: dict[str, list[Entry]] = {}
    for row in rows:
        if row["price_stated"]:
            by.setdefault(row["currency"], []).append(row["entry"])
    return {currency: totals(entries) for currency, entries in by.items()}


@dataclass(frozen=True, slots=True)
class Unpriced:
    """The tournaments left out of :func:`player_totals`: their price is not stated."""

    tournaments: int
    won: int


def unpriced(rows: list[dict[str, Any]]) -> dict[str, Unpriced]:
    """Per currency, the :func:`player_entries` rows whose price is not stated, and what
    the player won in them (a cost unknown, so no profit)."""
    by: dict[str, list[Entry]] = {}
    for row in rows:
        if not row["price_stated"]:
            by.setdefault(row["currency"], []).append(row["entry"])
    return {c: Unpriced(len(e), sum(x.won for x in e)) for c, e in by.items()}


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
            f" {_amount(t['buy_in'] + t['fee'] if t['price_stated'] else None, t['currency']):>10}"
            f" {t['entrants'] or '':>8}"
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
        for currency, left in unpriced(list(mine.values())).items():
            lines.append(f"{player} ({currency}): {left.tournaments} tournaments whose buy-in"
                         f" the hands do not state (won {_amount(left.won, currency)}), not in"
                         " the totals")  # fmt: skip
    return "\n".join(lines) + "\n"


def _amount(value: int | None, currency: str) -> str:
    if value is None:
        return "?"
    if currency in ("PLAY", "FPP", "SC"):
        return f"{value}" + ("" if currency == "PLAY" else f" {currency}")
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d} {currency}"
