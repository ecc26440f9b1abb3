"""Check the log's own claims (collected amounts, total pot, rake) against the engine.

A site prints what it paid; the engine computes what the rules pay. They must agree to
the chip, rake aside: the rake is taken from the winners' gross awards, so each winner
collects at most his award, and the differences add up to the rake. Disagreements are
``Mismatch`` errors naming the rule the log breaks (S4 for a split paid in fractions of a
chip, S2 when the log pays a hand the evaluator ranks lower, B10 for pot totals).

Two habits of converted and exported logs are accepted, with a note, because the players'
results they describe are the same: an uncalled bet left in the pot and "collected" back
(no "Uncalled bet" line at all), and a "Total pot" written after the rake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from parser.model.events import Collect
from parser.model.hand import ParsedHand
from parser.model.house import HouseRules
from replayer.betting import Mismatch, chips
from replayer.settlement.showdown import Award


@dataclass(slots=True)
class Claims:
    """What the log said about the end of the hand, gathered by the engine (not frozen:
    it lives for one call, and a frozen dataclass costs twice as much to build)."""

    collects: dict[str, int]
    fractional: Sequence[Collect] = ()
    cash_outs: dict[str, int] = field(default_factory=dict)
    #: Uncalled bets the engine returned itself because the log printed no line (B11).
    auto_returned: dict[str, int] = field(default_factory=dict)
    #: Each collector's first "collected" line, to locate a wrong payout.
    collect_events: dict[str, Collect] = field(default_factory=dict)


@dataclass(slots=True)
class Checked:
    rake: int
    #: What each player collected, as the results count it (uncalled bets left in the pot
    #: by a converted log taken back out).
    collects: dict[str, int]
    rake_paid: dict[str, int]
    notes: tuple[str, ...] = ()
    #: The part of the pot the site kept because its winner had cashed out.
    unawarded: int = 0


def gross_awards(awards: Sequence[Award]) -> dict[str, int]:
    gross: dict[str, int] = {}
    for award in awards:
        for name, amount in award.shares.items():
            gross[name] = gross.get(name, 0) + amount
    return gross


def check_claims(
    hand: ParsedHand, awards: Sequence[Award], claims: Claims, total: int
) -> Checked:
    """Return the rake and each player's collected amount and rake share, or raise."""
    summary = hand.summary
    notes: list[str] = []
    collects = dict(claims.collects)
    if not collects and not claims.cash_outs and summary.total_pot is None and summary.rake is None:
        return _unclaimed(awards)
    if claims.fractional:
        first = claims.fractional[0]
        raise Mismatch(
            "S4",
            f"{first.player} collected a fraction of a chip: a split pot "
            "is paid in whole chips, the odd chip to the first winner left of the button",
            about=first,
        )
    claimed_total = summary.total_pot
    left_in = sum(claims.auto_returned.values())
    if claimed_total is not None and left_in and claimed_total == total + left_in:
        for name, amount in claims.auto_returned.items():
            if collects.get(name, 0) >= amount:
                collects[name] -= amount
        claimed_total = total
        notes.append(
            f"B11: the log leaves {chips(left_in)} uncalled in the pot; counted as returned"
        )
    collected = sum(collects.values())
    extra = summary.jackpot + summary.cash_out_fee
    rake = summary.rake if summary.rake is not None else total - collected - extra
    _check_total(claimed_total, total, rake, notes)
    unawarded = 0
    if claims.cash_outs:
        # An all-in cash-out: the site pays the player a fixed amount (its own insurance,
        # outside the pot) and keeps whatever the pot would have paid him ("pot not
        # awarded as player cashed out"). Only his share may be missing from the collects.
        gross = gross_awards(awards)
        unawarded = total - collected - rake - extra
        may_keep = sum(gross.get(n, 0) for n in claims.cash_outs)
        if not 0 <= unawarded <= may_keep:
            raise Mismatch(
                "B10",
                f"the log pays out {chips(collected)} with rake {chips(rake)}, but the pot is "
                f"{chips(total)} and the players who cashed out could win only "
                f"{chips(may_keep)} of it",
            )
        if unawarded:
            notes.append(f"{chips(unawarded)} of the pot kept by the site: its winner cashed out")
        return Checked(
            rake=rake, collects=collects, rake_paid=_share(rake, collects), notes=tuple(notes),
            unawarded=unawarded,
        )
    over = collected + rake + extra - total
    if summary.splash and over > 0 and over % summary.splash == 0:
        # Run It Once's converter adds the splash to every pot's "collected" line, so it
        # is paid more than once (hand 36197946): the pots themselves add up; the splash
        # is taken back out of the collectors' lines, as many times as it was repeated.
        for name in sorted(collects, key=collects.__getitem__, reverse=True):
            back = min(over, collects[name])
            collects[name] -= back
            over -= back
        collected = sum(collects.values())
        notes.append("the log pays the splash in more than one pot's line; counted once")
    if collected + rake + extra != total:
        raise Mismatch(
            "B10",
            f"the log pays out {chips(collected)} with rake {chips(rake)}"
            + (f" and {chips(extra)} taken" if extra else "")
            + f", but the pot is {chips(total)}",
        )
    gross = gross_awards(awards)
    if all([a.evaluated for a in awards]):
        rake_paid = _check_winners(gross, collects, rake + extra, claims.collect_events, hand.house)
    else:
        # Some winners' cards are unknown: the collect lines name the winners. Each
        # collector must still be able to win a pot; the rake is shared in proportion.
        eligible = {n for a in awards for n in a.eligible}
        for name, got in collects.items():
            if got and name not in eligible:
                raise Mismatch(
                    "B10", f"the log pays {name} {chips(got)}, but he is in no pot he can win"
                )
        rake_paid = _share(rake, collects)
    return Checked(rake=rake, collects=collects, rake_paid=rake_paid, notes=tuple(notes))


def _check_total(claimed: int | None, total: int, rake: int, notes: list[str]) -> None:
    if claimed is None or claimed == total:
        return
    if rake and claimed + rake == total:
        notes.append("the log's total pot is written after the rake")
        return
    raise Mismatch("B10", f"the log's total pot is {chips(claimed)}, the engine's {chips(total)}")


def _check_winners(
    gross: dict[str, int],
    collects: dict[str, int],
    taken: int,
    lines: dict[str, Collect],
    house: HouseRules,
) -> dict[str, int]:
    names = list(dict.fromkeys([*gross, *collects]))
    rake_paid: dict[str, int] = {}
    for name in names:
        due, got = gross.get(name, 0), collects.get(name, 0)
        if due > got:
            rake_paid[name] = due - got
        if got > due or (not taken and got != due):
            winners = sorted(n for n, v in gross.items() if v)
            if got and not due:
                raise Mismatch(
                    "S2",
                    f"the log pays {name} {chips(got)}, but {', '.join(winners)} "
                    f"{'has' if len(winners) == 1 else 'have'} the best hand",
                    about=lines.get(name),
                )
            odd_chips = abs(got - due) < max(2, len(winners))
            # An odd-chip mismatch names the house rules it was paid by: a room's
            # practice (issue 22) is not the rule book's.
            by = f" ({house.name} house rules: odd chips {house.odd_chips})" if odd_chips else ""
            raise Mismatch(
                "S4" if odd_chips else "S2",
                f"the log pays {name} {chips(got)}; the rules give {chips(due)}{by}",
                about=lines.get(name),
            )
    return rake_paid


def _unclaimed(awards: Sequence[Award]) -> Checked:
    """A log that claims no payout at all (PHH prints no "collected" lines, no pot, no
    rake): the rules' awards are the result, with no rake. The winners must be known: a
    pot between hands nobody tabled has no winner to pay (S6)."""
    undecided = [a for a in awards if not a.evaluated]
    if undecided:
        raise Mismatch(
            "S6",
            f"pot {undecided[0].pot_index} goes to a showdown of hands the log never shows, "
            "and the log names no winner",
        )
    return Checked(rake=0, collects=gross_awards(awards), rake_paid={})


def _share(rake: int, collects: dict[str, int]) -> dict[str, int]:
    total = sum(collects.values())
    if not rake or not total:
        return {}
    shares = {n: rake * v // total for n, v in collects.items()}
    first = next(iter(collects))
    shares[first] += rake - sum(shares.values())
    return {n: v for n, v in shares.items() if v}
