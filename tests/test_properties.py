"""Property tests: random legal hands, driven by the engine's own legal-action sets.

Each hand is played by choosing, at every decision, one of the actions ``LegalActions``
offers (the same checks the engine enforces), so the hands cover blinds, all-ins, short
all-ins, side pots and uncalled bets in every structure. Then: chips are conserved after
every event, the replay is deterministic, and the finished hand pays out what it took in.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parser
from parser.model import events as ev
from parser.model.cards import DECK
from parser.model.errors import PokerhhError
from parser.model.hand import ParsedHand, Seat, Stakes, Summary
from replayer import GAME_SPECS, replay
from replayer.engine import HandReplay
from replayer.settlement.pots import uncalled_excess

GAMES = ["NLHE", "PLHE", "FLHE"]


@st.composite
def legal_hands(draw: st.DrawFn) -> ParsedHand:
    game = draw(st.sampled_from(GAMES))
    n = draw(st.integers(2, 6))
    stacks = [draw(st.integers(1, 60)) * 5 for _ in range(n)]
    deck = draw(st.permutations(DECK))
    names = [f"P{i}" for i in range(1, n + 1)]
    stakes = Stakes(small=10, big=20) if game == "FLHE" else Stakes(small=5, big=10)
    sb, bb = (5, 10)
    hand = ParsedHand(
        site="Test", hand_id="H", game=game, game_name=game, stakes=stakes,
        currency="CHIPS", unit=1, button_seat=n,
        seats=tuple(Seat(seat=i + 1, name=names[i], stack=stacks[i]) for i in range(n)),
        summary=Summary(total_pot=None, rake=None),
    )
    r = HandReplay(hand, GAME_SPECS[game])
    events: list[ev.Event] = []

    def add(event: ev.Event) -> None:
        r.apply(event)
        events.append(event)

    sb_seat, bb_seat = (names[n - 1], names[0]) if n == 2 else (names[0], names[1])
    for name, amount, kind in ((sb_seat, sb, ev.Blind.SMALL), (bb_seat, bb, ev.Blind.BIG)):
        stack = stacks[names.index(name)]
        add(ev.PostBlind(player=name, amount=min(amount, stack), blind=kind,
                         all_in=amount >= stack))
    for i, name in enumerate(names):
        add(ev.DealHole(player=name, cards=(deck[2 * i], deck[2 * i + 1])))
    board = iter(deck[2 * n:])
    streets = [("flop", 3), ("turn", 1), ("river", 1)]
    while True:
        actor = r.next_to_act()
        if actor is None:
            excess = uncalled_excess({a.name: a.bet for a in r.order})
            if excess:
                add(ev.UncalledBetReturned(player=excess[0], amount=excess[1]))
            if len([a for a in r.order if not a.folded]) < 2 or not streets:
                break
            street, count = streets.pop(0)
            add(ev.DealBoard(street=street, cards=tuple(next(board) for _ in range(count))))
            continue
        legal = r.snapshot().legal
        assert legal is not None
        options = ["fold", "call"] if legal.call_amount else ["check", "fold"]
        if legal.min_raise_to is not None:
            options += ["raise", "raise"]
        choice = draw(st.sampled_from(options))
        stack_total = actor.bet + actor.stack
        if choice == "fold":
            add(ev.Fold(player=actor.name))
        elif choice == "check":
            add(ev.Check(player=actor.name))
        elif choice == "call":
            add(ev.Call(player=actor.name, amount=legal.call_amount,
                        all_in=legal.call_amount == actor.stack))
        else:
            assert legal.max_raise_to is not None
            assert legal.min_raise_to is not None
            low, high = legal.min_raise_to, max(legal.min_raise_to, legal.max_raise_to)
            total = draw(st.sampled_from(sorted({low, high, (low + high) // 2})))
            all_in = total == stack_total
            if r.rnd.current_bet:
                add(ev.RaiseTo(player=actor.name, amount=total, all_in=all_in))
            else:
                add(ev.Bet(player=actor.name, amount=total - actor.bet, all_in=all_in))
    return replace(hand, events=tuple(events))


def _with_collects(hand: ParsedHand) -> ParsedHand:
    """Add the 'collected' lines a site would print, from the engine's own awards."""
    first = replay(hand)
    won: dict[str, int] = {}
    for pot in first.pots:
        for name, amount in pot.winners:
            won[name] = won.get(name, 0) + amount
    collects = tuple(ev.Collect(player=n, amount=a) for n, a in won.items() if a)
    return replace(hand, events=hand.events + collects, summary=Summary(total_pot=None, rake=0))


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(legal_hands())
def test_chips_are_conserved_after_every_event(hand: ParsedHand) -> None:
    start = sum(s.stack for s in hand.seats)
    result = replay(_with_collects(hand), record_states=True)
    for state in result.states:
        in_front = sum(s.stack + s.invested for s in state.seats)
        sitting = sum(s.stack for s in hand.seats if s.name not in {x.name for x in state.seats})
        assert in_front + sitting == start
        assert sum(p.amount for p in state.pots) == sum(s.invested for s in state.seats)
    assert sum(p.net for p in result.players) + result.rake == 0
    assert all(p.final_stack >= 0 for p in result.players)


@SETTINGS
@given(legal_hands())
def test_replay_is_deterministic(hand: ParsedHand) -> None:
    full = _with_collects(hand)
    assert replay(full) == replay(full)
    assert replay(full, record_states=True).states == replay(full, record_states=True).states


@SETTINGS
@given(legal_hands())
def test_side_pots_sum_to_contributions(hand: ParsedHand) -> None:
    result = replay(_with_collects(hand))
    assert sum(p.amount for p in result.pots) == sum(p.invested for p in result.players)
    assert result.total_pot == sum(p.invested for p in result.players)


# -- the same hand in every encoding and line ending ------------------------------------

SAMPLES = sorted((Path(__file__).resolve().parents[1] / "sample_histories").rglob("*.txt"))
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"]


def _results(text: str, path: str) -> list[object]:
    out: list[object] = []
    for raw in parser.split_hands(text, path):
        try:
            result = replay(parser.parse_hand(raw))
        except PokerhhError as error:
            out.append((type(error).__name__, error.rule, error.line))
            continue
        out.append((result.players, result.pots, result.boards, result.total_pot, result.rake,
                    [(type(e), e.line) for e in result.hand.events]))
    return out


@settings(max_examples=60, deadline=None)
@given(
    sample=st.sampled_from(SAMPLES),
    encoding=st.sampled_from(ENCODINGS),
    # CRLF and LF mix in real files; old Mac CR only alone (a CR before an LF is a CRLF).
    endings=st.one_of(
        st.lists(st.sampled_from(["\n", "\r\n"]), min_size=1, max_size=3), st.just(["\r"])
    ),
)
def test_encodings_and_line_endings_give_the_same_result(sample, encoding, endings):
    """Decoded from any encoding, with any (even mixed) line endings: the same replay."""
    text = sample.read_text(encoding="utf-8")
    reference = _results(text, "x.txt")
    lines = text.split("\n")
    mixed = "".join(line + endings[i % len(endings)] for i, line in enumerate(lines[:-1]))
    mixed += lines[-1]
    if encoding == "utf-16-le":
        data = b"\xff\xfe" + mixed.encode(encoding)  # with its BOM, as Windows writes it
    elif encoding == "utf-16-be":
        data = b"\xfe\xff" + mixed.encode(encoding)
    else:
        try:
            data = mixed.encode(encoding)
        except UnicodeEncodeError:
            return  # a name cp1252 cannot write: that file never exists in cp1252
    assert _results(parser.decode(data, "x.txt"), "x.txt") == reference


@SETTINGS
@given(legal_hands())
def test_decisions_agree_with_the_legal_actions_shown(hand: ParsedHand) -> None:
    """The per-decision record (for statistics) says what the viewer's legal actions say."""
    result = replay(_with_collects(hand), record_states=True)
    for decision in result.decisions:
        before = result.states[decision.index - 1].legal
        assert before is not None
        assert before.player == decision.player
        assert before.call_amount == decision.to_call
        assert (before.min_raise_to is not None) == decision.could_raise
        assert (decision.full_raise is None) == (decision.kind not in ("bet", "raise_to"))
