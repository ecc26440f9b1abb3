"""Differential test: every player's result equals pokerkit's, for no-limit hold'em hands.

pokerkit (a test-only dependency) parses PokerStars text with its own reader and replays
it with its own engine: a fully independent code path. Our result per player is compared
as net + rake share, since pokerkit pays gross. Where pokerkit's reader is wrong we leave
the hand out, and say why (each case checked by hand against the log's own totals):

- it ignores antes ("posts the ante" lines), so every hand with antes is off by them;
- it ignores a newcomer's dead small blind, and reads the HM1 export's "raises $6 to $6"
  as a raise to 12;
- it knows no all-in cash-out (the site's payout is part of our result);
- it misreads two habits of the converted Pluribus text, which we rewrite for it: the
  "[f f f] [t] [r]" river, and "shows [..]" without a description (unknown cards to it);
- when nobody shows (13 converted Pluribus showdowns), it splits the pot instead of using
  the dealt cards.
Hands pokerkit rejects outright (run it twice, straddles...) are simply not compared.
"""

from __future__ import annotations

import os
import re
import warnings
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from decimal import Decimal
from multiprocessing import get_context

import pytest

from replayer.result import ReplayResult
from tests.corpus import CORPORA, replayed, sampled

pokerkit = pytest.importorskip("pokerkit")

pytestmark = pytest.mark.corpus

_SKIP_MARKERS = (
    "posts the ante",
    "cashed out",
)


_PLURIBUS_RIVER = re.compile(r"^(\*\*\* RIVER \*\*\* \[[^\]]+) *\] \[([^\]]+)\] \[", re.M)


_BARE_SHOW = re.compile(r"^(.+: shows \[[^\]]+\])$", re.M)


def _for_pokerkit(text: str) -> str:
    """Work around pokerkit's reader on Pluribus's converted text.

    It takes the "[f f f] [t] [r]" river as a second turn card, so the river is rewritten
    in PokerStars' own "[f f f t] [r]" form; and it reads a "shows [..]" line without a
    hand description as unknown cards (then pays nobody), so a description is added.
    """
    text = _PLURIBUS_RIVER.sub(r"\1 \2] [", text)
    return _BARE_SHOW.sub(r"\1 (shown)", text)


def _pokerkit_payoffs(text: str, unit: int) -> dict[str, int] | None:
    text = _for_pokerkit(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            histories = list(pokerkit.HandHistory.from_pokerstars(text, error_status=True))
            if len(histories) != 1:
                return None
            history = histories[0]
            states = list(history)
        except Exception:
            return None
    if not states:
        return None
    state = states[-1]
    # pokerkit reads "$3.03" as 3.03: back to the smallest unit.
    return {
        name: round(Decimal(str(payoff)) * unit)
        for name, payoff in zip(history.players, state.payoffs, strict=True)
    }


_RAISE_BY_EQUALS_TO = re.compile(r": raises (\S+) to \1\b")


def _pokerkit_cannot_read(text: str, result) -> bool:
    """Hands pokerkit's PokerStars reader gets wrong (each checked by hand):

    - a newcomer's dead small blind ("posts small blind" twice): pokerkit drops it;
    - the HM1 export's "raises $6 to $6": pokerkit adds the two numbers;
    - a showdown with no "shows" line (13 converted Pluribus hands): pokerkit knows no
      cards and splits the pot, where the dealt cards decide it.
    """
    if text.count(": posts small blind") > 1 or _RAISE_BY_EQUALS_TO.search(text):
        return True
    reached = sum(1 for p in result.players if p.went_to_showdown)
    return reached > 1 and ": shows [" not in text


#: The Pluribus sample's step: every 10th hand pokerkit can read, besides the hard ones
#: (``_hard``). PokerStars' 482 (its many exports and sites) are all compared.
EVERY = 10


def _hard(job: tuple[object, object, ReplayResult]) -> bool:
    """The hands a sample must not leave out: side pots, split pots, odd chips, an all-in
    player, three or more players at the showdown (Pluribus: 250 of the 9,954 compared)."""
    result = job[2]
    return (
        len(result.pots) > 1
        or any(len(pot.winners) > 1 or pot.odd_chips_to for pot in result.pots)
        or any(player.all_in for player in result.players)
        or sum(player.went_to_showdown for player in result.players) >= 3
    )


@dataclass(frozen=True)
class Compared:
    """``compared`` hands agreed with or listed in ``problems``; ``hard`` of them ``_hard``;
    ``sampled``: not every hand was compared (``POKERHH_FULL_CORPUS`` unset)."""

    compared: int
    hard: int
    problems: list[str]
    sampled: bool


def _compare(corpus: str, every: int = 1) -> Compared:
    """pokerkit's payoffs are the slow side (about 60 ms a hand): they are computed on
    every core (the suite runs in one process; CI's second core is otherwise idle), for a
    deterministic sample of the hands it can read when ``every`` > 1 (``tests.corpus.sampled``:
    every ``every``-th and every hard one), all of them with ``POKERHH_FULL_CORPUS=1``."""
    chosen = []
    for hand in replayed(corpus):  # the session's one replay of the corpus (tests/corpus.py)
        path, raw, result = hand.path, hand.raw, hand.result
        if "Hold'em No Limit" not in raw.text.splitlines()[0]:
            continue
        if any(marker in raw.text for marker in _SKIP_MARKERS):
            continue
        if result is None:
            continue  # refused by the parser or the engine
        if _pokerkit_cannot_read(raw.text, result):
            continue
        chosen.append((path, raw, result))
    readable = len(chosen)
    chosen = sampled(chosen, every, _hard)
    jobs = [(raw.text, result.hand.unit) for _, raw, result in chosen]
    workers = min(len(os.sched_getaffinity(0)), 4)
    if workers > 1 and len(jobs) > 500:
        with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
            payoffs = list(pool.map(_payoffs_of, jobs, chunksize=50))
    else:
        payoffs = [_payoffs_of(job) for job in jobs]
    compared, hard, problems = 0, 0, []
    for job, theirs in zip(chosen, payoffs, strict=True):
        path, _raw, result = job
        if theirs is None:
            continue
        ours = {p.name: p.net + p.rake_paid for p in result.players}
        # pokerkit lists only players dealt in; players sitting out have 0 on both sides.
        for name, payoff in theirs.items():
            if ours.get(name, 0) != payoff:
                problems.append(
                    f"{path.name} hand {result.hand.hand_id}: {name} ours {ours.get(name, 0)} "
                    f"pokerkit {payoff}"
                )
        compared += 1
        hard += _hard(job)
    return Compared(compared, hard, problems, len(chosen) < readable)


def _payoffs_of(job: tuple[str, int]) -> dict[str, int] | None:
    return _pokerkit_payoffs(*job)


@pytest.mark.skipif(not (CORPORA / "pluribus").is_dir(), reason="corpora absent")
def test_pluribus_results_equal_pokerkit():
    found = _compare("pluribus", EVERY)
    assert found.problems == []
    # Sampled: every 10th hand and all the hard ones; whole: every hand pokerkit can read.
    assert found.compared > (1_150 if found.sampled else 9_900)
    assert found.hard >= 240  # the hard hands are compared, sampled or not


@pytest.mark.skipif(not (CORPORA / "pokerstars").is_dir(), reason="corpora absent")
def test_pokerstars_no_limit_holdem_results_equal_pokerkit():
    found = _compare("pokerstars")
    assert found.problems == []
    assert not found.sampled
    assert found.compared > 300
