"""Play a hand written in the test DSL and read its statistics flags.

``play`` replays the script twice: once with the whole pot taken as "rake" to learn what
the rules award, then with those amounts as the log's "collects" lines and no rake, so a
test writes only the action. Every hand played here also checks the engine's decision
record, which the flags read, against its recorded ``LegalActions`` at each action.
"""

from __future__ import annotations

from analytics.stats.flags import PlayerFlags, player_flags
from parser.model import events as ev
from replayer import replay
from replayer.result import ReplayResult
from tests.handdsl import hand

#: Six players named after their seats' positions when the button is seat 6.
SIX = [("sb", 1000), ("bb", 1000), ("utg", 1000), ("mp", 1000), ("co", 1000), ("btn", 1000)]
SIX_BUTTON = 6


def play(
    script: str,
    *,
    seats: list[tuple[str, int]] | None = None,
    button: int | None = SIX_BUTTON,
    game: str = "NLHE",
    stakes: tuple[int, int] = (1, 2),
    rake: int = 0,
) -> ReplayResult:
    seats = seats or SIX
    probe = replay(hand(script, seats=seats, button=button, game=game, stakes=stakes, rake=None))
    won: dict[str, int] = {}
    for pot in probe.pots:
        for name, amount in pot.winners:
            won[name] = won.get(name, 0) + amount
    collects: list[str] = []
    left = rake
    for name, amount in won.items():
        if amount:
            taken = min(left, amount)
            left -= taken
            collects.append(f"{name}: collects {amount - taken}")
    full = script + "\n" + "\n".join(collects)
    parsed = hand(full, seats=seats, button=button, game=game, stakes=stakes, rake=rake)
    result = replay(parsed, record_states=True)
    check_decisions(result)
    return result


_BETTING = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.Complete)


def check_decisions(result: ReplayResult) -> None:
    """``result.decisions`` (``record_states`` needed) against the legal actions shown.

    One decision per betting action, except the site's fold of a player all-in on a forced
    bet; "could raise", "to call" and the bet as the viewer's legal actions say; "full
    raise" given for bets and raises only (whether a short all-in reopens is what the
    ladder tests check: the viewer clamps its minimum raise to the stack).
    """
    events, states = result.hand.events, result.states
    by_index = {d.index: d for d in result.decisions}
    assert len(by_index) == len(result.decisions)
    for index, event in enumerate(events):
        if not isinstance(event, _BETTING):
            assert index not in by_index
            continue
        before = states[index - 1]
        where = (result.hand.hand_id, index, event, before.legal)
        seat = next(s for s in before.seats if s.name == event.player)
        if seat.all_in:
            assert isinstance(event, ev.Fold), where
            assert index not in by_index, where
            continue
        decision, legal = by_index[index], before.legal
        assert legal is not None, where
        assert (decision.player, decision.kind) == (legal.player, event.kind), where
        assert decision.to_call == legal.call_amount, where
        assert decision.current_bet == before.current_bet, where
        assert decision.could_raise == (legal.min_raise_to is not None), where
        raising = isinstance(event, ev.Bet | ev.RaiseTo | ev.Complete)
        assert (decision.full_raise is None) == (not raising)


def flags(script: str, **kw: object) -> dict[str, PlayerFlags]:
    return player_flags(play(script, **kw))  # type: ignore[arg-type]


def blinds(small: int = 1, big: int = 2) -> str:
    return f"sb: posts small {small}\nbb: posts big {big}\n"
