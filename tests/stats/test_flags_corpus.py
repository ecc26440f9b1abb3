"""The flags over real hands: invariants on the Pluribus corpus, an independent recount of
the simple stats from the raw events, and the engine's decision record (what the flags read)
against its recorded legal actions on Pluribus and on every replayable PokerStars hand."""

from __future__ import annotations

from collections import Counter

import pytest

from analytics.stats.flag_fields import BLIND_POSITIONS, CHANCE_STATS, STEAL_POSITIONS, PlayerFlags
from analytics.stats.flags import player_flags
from parser.model import events as ev
from replayer import replay
from replayer.result import ReplayResult
from tests.corpus import corpus_files, replayed
from tests.stats.play import check_decisions

pytestmark = pytest.mark.corpus

ROUNDS = ("preflop", "flop", "turn", "river")


def _replayed(name: str) -> list[ReplayResult]:
    files = corpus_files(name)
    if not files:
        pytest.skip(f"../shared/corpora/{name} is absent")
    # The session's one replay of the corpus (tests/corpus.py); a hand the parser or the
    # engine refuses is quarantined by the importer: no flags.
    return [r.result for r in replayed(name) if r.result is not None]


@pytest.fixture(scope="module")
def pluribus() -> list[tuple[ReplayResult, dict[str, PlayerFlags]]]:
    return [(r, player_flags(r)) for r in _replayed("pluribus")]


def test_pluribus_invariants(pluribus):
    assert len(pluribus) > 9900
    for result, flags in pluribus:
        hand_id = result.hand.hand_id
        assert set(flags) == {p.name for p in result.players}
        for stat in ("three_bet", "four_bet", "squeeze", "cbet_flop", "steal"):
            assert sum(getattr(f, stat) for f in flags.values()) <= 1, (hand_id, stat)
        assert sum(f.cbet_flop_chance for f in flags.values()) <= 1, hand_id
        cbet = any(f.cbet_flop for f in flags.values())
        assert cbet or not any(f.fold_to_cbet_flop_chance for f in flags.values()), hand_id
        assert sum(f.walk for f in flags.values()) <= 1
        assert sum(f.net for f in flags.values()) + result.rake == 0
        for name, f in flags.items():
            p = result.player(name)
            where = (hand_id, name)
            chances = set()
            for stat, (chance, done) in CHANCE_STATS.items():
                assert getattr(f, done) <= getattr(f, chance), (*where, stat)
                if getattr(f, chance):
                    chances.add(stat)
            assert set(f.reasons) == chances, where
            assert f.pfr <= f.vpip, where
            assert f.saw_river <= f.saw_turn <= f.saw_flop, where
            assert f.won_at_showdown <= f.went_to_showdown == p.went_to_showdown, where
            assert f.won_when_saw_flop <= f.saw_flop, where
            assert not (f.walk and (f.vpip or f.position != "BB")), where
            assert not f.steal_chance or f.position in STEAL_POSITIONS, where
            assert not f.fold_to_steal_chance or f.position in BLIND_POSITIONS, where
            assert not f.cbet_turn_chance or f.cbet_flop, where
            assert not f.cbet_river_chance or f.cbet_turn, where
            assert not f.fold_to_three_bet_chance or f.vpip, where
            assert (f.all_in_street is not None) == p.all_in, where
            assert (f.net, f.rake_paid, f.position) == (p.net, p.rake_paid, p.position), where


def test_pluribus_simple_stats_recounted_from_the_raw_events(pluribus):
    """VPIP, PFR, streets seen and the per-street counts, by a different route."""
    kinds = {ev.Bet: "bets", ev.RaiseTo: "raises", ev.Call: "calls", ev.Check: "checks",
             ev.Fold: "folds"}  # fmt: skip
    for result, flags in pluribus:
        street = "preflop"
        counts: Counter[tuple[str, str, str]] = Counter()
        folded_before: dict[str, set[str]] = {}
        folded: set[str] = set()
        for event in result.hand.events:
            if isinstance(event, ev.DealBoard) and event.run == 1:
                street = event.street
                folded_before[street] = set(folded)
            elif type(event) in kinds:
                name = event.player  # type: ignore[attr-defined]
                counts[(name, street, kinds[type(event)])] += 1
                if isinstance(event, ev.Fold):
                    folded.add(name)
        for name, f in flags.items():
            pre = {kind: counts[(name, "preflop", kind)] for kind in kinds.values()}
            assert f.vpip == bool(pre["calls"] or pre["raises"])
            assert f.pfr == bool(pre["raises"])
            for s, seen in (("flop", f.saw_flop), ("turn", f.saw_turn), ("river", f.saw_river)):
                assert seen == (s in folded_before and name not in folded_before[s]), (name, s)
            for s in ROUNDS:
                for kind in kinds.values():
                    assert getattr(f, f"{kind}_{s}") == counts[(name, s, kind)]


def test_pluribus_totals_look_like_poker(pluribus):
    """Six-handed bots' play: rates in the ranges any tracker shows for such games."""
    flags = [f for _, fs in pluribus for f in fs.values()]
    hands = len(flags) - sum(f.walk for f in flags)

    def rate(done: str, chance: str) -> float:
        return sum(getattr(f, done) for f in flags) / sum(getattr(f, chance) for f in flags)

    vpip = sum(f.vpip for f in flags) / hands
    pfr = sum(f.pfr for f in flags) / hands
    assert 0.15 < pfr < vpip < 0.40
    assert 0.03 < rate("three_bet", "three_bet_chance") < 0.25
    assert 0.30 < rate("cbet_flop", "cbet_flop_chance") < 0.90
    assert 0.20 < rate("steal", "steal_chance") < 0.70
    assert sum(f.walk for f in flags) > 0
    assert sum(f.squeeze for f in flags) > 0
    assert sum(f.check_raise_flop for f in flags) > 0


def test_decisions_agree_with_the_engine_on_pluribus(pluribus):
    for result, _ in pluribus[::5]:
        check_decisions(replay(result.hand, record_states=True))


def test_decisions_agree_with_the_engine_on_pokerstars():
    """Every betting structure, straddles, dead blinds, caps, short all-ins of real logs."""
    results = _replayed("pokerstars")
    assert len(results) > 1000
    for result in results:
        check_decisions(replay(result.hand, record_states=True))
        player_flags(result)
