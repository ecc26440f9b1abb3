"""Check the log's own claims (collected amounts, total pot, rake) against the engine.

A site prints what it paid; the engine computes what the rules pay. They must agree to
the chip, rake aside: the rake is taken from the winners' gross awards, so each winner
collects at most his award, and the differences add up to the rake. Disagreements are
``Mismatch`` errors naming the rule the log breaks (S4 for a split paid in fractions of a
chip, S2 when the log pays a hand the evaluator ranks lower, B10 for pot totals).
"""

from __future__ import annotations

from collections.abc import Sequence

from replayer.betting import Mismatch
from replayer.events import Collect
from replayer.hand import ParsedHand
from replayer.showdown import Award


def gross_awards(awards: Sequence[Award]) -> dict[str, int]:
    gross: dict[str, int] = {}
    for award in awards:
        for name, amount in award.shares.items():
            gross[name] = gross.get(name, 0) + amount
    return gross


def check_claims(
    hand: ParsedHand,
    awards: Sequence[Award],
    collects: dict[str, int],
    fractional: Sequence[Collect],
    total: int,
    cash_outs: dict[str, int],
) -> tuple[int, dict[str, int]]:
    """Return (rake, each player's share of it) or raise ``Mismatch``."""
    summary = hand.summary
    if fractional:
        first = fractional[0]
        raise Mismatch(
            "S4",
            f"{first.player} collected a fraction of a chip (line {first.line}): a split pot "
            "is paid in whole chips, the odd chip to the first winner left of the button",
        )
    if summary.total_pot is not None and summary.total_pot != total:
        raise Mismatch("B10", f"the log's total pot is {summary.total_pot}, the engine's {total}")
    collected = sum(collects.values())
    extra = summary.jackpot + summary.cash_out_fee
    paid_out = sum(cash_outs.values())
    if cash_outs:
        # An all-in cash-out: the site pays the player instead of the pot; the pot itself is
        # still raked and awarded by the log. We check only that amounts are consistent.
        rake = summary.rake if summary.rake is not None else max(0, total - collected - extra)
        return rake, {}
    rake = summary.rake if summary.rake is not None else total - collected - extra
    if collected + rake + extra != total:
        raise Mismatch(
            "B10",
            f"the log pays out {collected} with rake {rake}"
            + (f" and {extra} taken" if extra else "")
            + f", but the pot is {total}",
        )
    if paid_out:
        return rake, {}
    gross = gross_awards(awards)
    evaluated = all(a.evaluated for a in awards)
    names = list(dict.fromkeys([*gross, *collects]))
    if evaluated:
        for name in names:
            due, got = gross.get(name, 0), collects.get(name, 0)
            if got > due or (not rake and not extra and got != due):
                winners = sorted(n for n, v in gross.items() if v)
                if got and not due:
                    raise Mismatch(
                        "S2",
                        f"the log pays {name} {got}, but {', '.join(winners)} "
                        f"{'has' if len(winners) == 1 else 'have'} the best hand",
                    )
                rule = "S4" if abs(got - due) < max(2, len(winners)) else "S2"
                raise Mismatch(rule, f"the log pays {name} {got}; the rules give {due}")
        rake_paid = {n: gross.get(n, 0) - collects.get(n, 0) for n in names}
        return rake, {n: v for n, v in rake_paid.items() if v > 0}
    # Some winners' cards are unknown: the collect lines name the winners. Each collector
    # must still be able to win a pot, and the rake is shared in proportion.
    eligible = {n for a in awards for n in a.eligible}
    for name, got in collects.items():
        if got and name not in eligible:
            raise Mismatch("B10", f"the log pays {name} {got}, but he is in no pot he could win")
    return rake, _share(rake, collects)


def _share(rake: int, collects: dict[str, int]) -> dict[str, int]:
    total = sum(collects.values())
    if not rake or not total:
        return {}
    shares = {n: rake * v // total for n, v in collects.items()}
    first = next(iter(collects))
    shares[first] += rake - sum(shares.values())
    return {n: v for n, v in shares.items() if v}
