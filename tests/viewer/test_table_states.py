"""The replay viewer right at every step (issue 7): the pot line, every seat's stack and bet.

Side pots appear only once a player is all-in and the round that made them is closed (B10);
bets in front of players are in no pot; the "collected" lines pay the winners and the last
step is the hand settled with the result's final stacks (``dashboard/viewer.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import parser
from dashboard import viewer
from dashboard.table_svg import TableView, pot_lines, table_svg
from parser.model.errors import PokerhhError
from replayer import replay
from replayer.result import ReplayResult
from replayer.state import HandState
from tests.corpus import CORPORA
from tests.handdsl import hand

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PLURIBUS_30 = CORPORA / "pluribus" / "pluribus_30.txt"

# B is all-in pre-flop for 30; A and C build a side pot on the flop, A folds the turn and
# C's turn bet comes back (B11). B's aces take the main pot (90), C the side pot (40).
SIDE_POT = """
A: posts small 1
B: posts big 2
B: dealt As Ad
C: dealt Kh Kd
C: raises to 10
A: calls 9
B: raises to 30 all-in
C: calls 20
A: calls 20
flop 2c 7d 9h
A: checks
C: bets 20
A: calls 20
turn Js
A: checks
C: bets 20
A: folds
C: returned 20
river 3c
showdown
B: shows As Ad
C: shows Kh Kd
C: collects 40
B: collects 90
"""

#: After each event: the pot line, the pots line, and (stack, bet) of A, B and C. Worked
#: by hand from the script above (A 100, B 30, C 100; blinds 1/2; C on the button).
EXPECTED = [
    ("Pot 0 · bets 1", "", [(99, 1), (30, 0), (100, 0)]),  # A posts the small blind
    ("Pot 0 · bets 3", "", [(99, 1), (28, 2), (100, 0)]),  # B the big: no side pot
    ("Pot 0 · bets 3", "", [(99, 1), (28, 2), (100, 0)]),  # dealt
    ("Pot 0 · bets 3", "", [(99, 1), (28, 2), (100, 0)]),  # dealt
    ("Pot 0 · bets 13", "", [(99, 1), (28, 2), (90, 10)]),  # C raises to 10
    ("Pot 0 · bets 22", "", [(90, 10), (28, 2), (90, 10)]),  # A calls
    # B all-in: the round is open, so no side pot yet.
    ("Pot 0 · bets 50", "", [(90, 10), (0, 30), (90, 10)]),
    ("Pot 0 · bets 70", "", [(90, 10), (0, 30), (70, 30)]),  # C calls
    ("Pot 0 · bets 90", "", [(70, 30), (0, 30), (70, 30)]),  # A calls
    # Flop: the round closed with everyone in for 30: one pot of 90.
    ("Pot 90", "", [(70, 0), (0, 0), (70, 0)]),
    ("Pot 90", "", [(70, 0), (0, 0), (70, 0)]),  # A checks
    ("Pot 90 · bets 20", "", [(70, 0), (0, 0), (50, 20)]),  # C bets 20
    ("Pot 90 · bets 40", "", [(50, 20), (0, 0), (50, 20)]),  # A calls
    # Turn: the flop's bets gathered, B could not match them: the side pot forms.
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # A checks
    ("Pot 130 · bets 20", "main 90  ·  side 1 40", [(50, 0), (0, 0), (30, 20)]),  # C bets
    ("Pot 130 · bets 20", "main 90  ·  side 1 40", [(50, 0), (0, 0), (30, 20)]),  # A folds
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # 20 back to C
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # river
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # showdown
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # B shows
    ("Pot 130", "main 90  ·  side 1 40", [(50, 0), (0, 0), (50, 0)]),  # C shows
    ("Pot 90 · 40 awarded", "", [(50, 0), (0, 0), (90, 0)]),  # C collects the side pot
    ("Pot 130 awarded", "", [(50, 0), (90, 0), (90, 0)]),  # B the main: settled
]


def _side_pot_result() -> ReplayResult:
    parsed = hand(SIDE_POT, seats=[("A", 100), ("B", 30), ("C", 100)], button=3)
    return replay(parsed, record_states=True)


def _seats(state: HandState) -> list[tuple[int, int]]:
    return [(s.stack, s.bet) for s in state.seats]


def test_side_pot_hand_pot_line_stacks_and_bets_at_every_step() -> None:
    result = _side_pot_result()
    states = viewer.table_states(result)
    assert len(states) == len(result.hand.events) == len(EXPECTED)
    shown = [(*pot_lines(s), _seats(s)) for s in states]
    for step, (got, want) in enumerate(zip(shown, EXPECTED, strict=True)):
        assert got == want, f"step {step}: {result.hand.events[step]}"


def test_side_pot_hand_seats_and_pots_in_detail() -> None:
    states = viewer.table_states(_side_pot_result())
    turn = states[13]
    assert [(p.amount, p.eligible) for p in turn.formed_pots] == [(90, ("A", "B", "C")),
                                                                  (40, ("A", "C"))]  # fmt: skip
    # After A folds and the bet comes back, only C can win the side pot.
    assert [p.eligible for p in states[17].formed_pots] == [("B", "C"), ("C",)]
    paid = states[22]
    assert (paid.awarded, paid.settled) == (40, False)
    assert [s.won for s in paid.seats] == [0, 0, 40]
    final = states[-1]
    assert final.settled
    assert final.pot == 0
    assert final.awarded == 130
    assert [s.won for s in final.seats] == [0, 90, 40]
    assert not any(s.all_in for s in final.seats)  # B won chips: no longer all-in
    # The engine's own states are untouched: every chip is in the "if it ended now" pots.
    raw = _side_pot_result().states
    assert all(sum(p.amount for p in s.pots) == sum(x.invested for x in s.seats) for s in raw)


def _parse_first(path: Path) -> ReplayResult:
    text = parser.decode(path.read_bytes(), str(path))
    raw = next(iter(parser.split_hands(text, str(path))))
    return replay(parser.parse_hand(raw), record_states=True)


@pytest.mark.corpus
def test_pluribus_hand_30000() -> None:
    if not PLURIBUS_30.is_file():
        pytest.skip("../shared/corpora is absent")
    result = _parse_first(PLURIBUS_30)
    assert result.hand.hand_id == "30000"
    states = viewer.table_states(result)
    by_name = [[(s.name, s.stack, s.bet) for s in state.seats] for state in states]
    # After only the blinds: no side pot, the blinds are bets in front of players.
    assert pot_lines(states[1]) == ("Pot 0 · bets 150", "")
    assert by_name[1][:2] == [("MrWhite", 9950, 50), ("Gogo", 9900, 100)]
    assert all(pot_lines(s)[1] == "" for s in states)  # nobody is ever all-in
    # Bill's raise, then his uncalled 125 back.
    assert pot_lines(states[-3]) == ("Pot 0 · bets 375", "")
    assert pot_lines(states[-2]) == ("Pot 0 · bets 250", "")
    assert ("Bill", 9900, 100) in by_name[-2]
    # "Bill collects 250 from the pot": the award applied, nothing left on the table.
    assert pot_lines(states[-1]) == ("Pot 250 awarded", "")
    final = {name: (stack, bet) for name, stack, bet in by_name[-1]}
    assert final == {"MrWhite": (9950, 0), "Gogo": (9900, 0), "Budd": (10000, 0),
                     "Eddie": (10000, 0), "Bill": (10150, 0), "Pluribus": (10000, 0)}  # fmt: skip
    # And so the picture: the pot line, no side pot, Bill's stack, no chips on the felt.
    blinds = table_svg(states[1], TableView(max_seats=6))
    assert 'class="pot">Pot 0 · bets 150</text>' in blinds
    assert 'class="pots"' not in blinds
    end = table_svg(states[-1], TableView(max_seats=6))
    assert 'class="pot">Pot 250 awarded</text>' in end
    assert 'class="stack">10150</text>' in end
    assert 'class="bet"' not in end
    assert 'class="won">wins 250</text>' in end


def _sample_results() -> list[ReplayResult]:
    results = []
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = parser.decode(path.read_bytes(), str(path))
        for raw in parser.split_hands(text, str(path)):
            try:
                results.append(replay(parser.parse_hand(raw), record_states=True))
            except PokerhhError:  # the quarantined samples: the viewer does not replay them
                continue
    return results


SAMPLE_RESULTS = _sample_results()


@pytest.mark.parametrize("result", SAMPLE_RESULTS, ids=lambda r: r.hand.hand_id)
def test_final_state_is_the_result(result: ReplayResult) -> None:
    states = viewer.table_states(result)
    final = states[-1]
    stacks = {s.name: s.stack for s in final.seats}
    assert stacks == {p.name: p.final_stack for p in result.players if p.dealt_in}
    assert all(s.bet == 0 for s in final.seats)
    assert final.settled
    assert final.pot == result.rake + result.taken + result.unawarded
    assert final.awarded == sum(p.collected for p in result.players)
    main, _ = pot_lines(final)
    assert main.startswith(f"Pot {result.total_pot} awarded")
    # At every step every chip is somewhere the viewer draws: a stack, a bet or the pot
    # (no sample adds money from outside or cashes out).
    assert not result.added
    assert not any(p.cashed_out for p in result.players)
    start = sum(s.stack for s in result.hand.seats if s.name in stacks)
    for step, state in enumerate(states):
        assert sum(s.stack + s.bet for s in state.seats) + state.pot == start, step


def test_samples_cover_collects_and_rake() -> None:
    assert len(SAMPLE_RESULTS) > 40
    assert any(r.rake for r in SAMPLE_RESULTS)
    assert any(len(r.pots) > 1 for r in SAMPLE_RESULTS)


def test_hi_lo_pots_show_both_halves() -> None:
    results = [r for r in SAMPLE_RESULTS if r.hand.game in {"PLO8", "FLO8", "NLO8", "PLO58"}]
    assert results
    for result in results:
        for state in viewer.table_states(result):
            for pot in state.formed_pots:
                (hi, high), (lo, low) = pot.halves
                assert (hi, lo) == ("hi", "lo")
                assert high + low == pot.amount
                assert 0 <= high - low <= 1
    flop = next(s for s in viewer.table_states(results[0]) if s.formed_pots)
    assert " / lo " in pot_lines(flop)[1]


def test_split_holdem_pot_shows_a_half_per_board() -> None:
    """Split Hold'em: both boards are drawn and the pot reads as a half per board."""
    path = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars" / "split"
    result = _parse_first(path / "two-boards-half-each.txt")
    states = viewer.table_states(result)
    assert viewer.board_label(result) == "board"
    assert len(states[-2].boards) == 2
    assert all(len(board) == 5 for board in states[-2].boards)
    halves = [p.halves for s in states for p in s.formed_pots if p.halves]
    assert halves, "no pot drawn with its halves"
    (first, a), (second, b) = halves[-1]
    assert (first, second) == ("board 1", "board 2")
    assert a - b in (0, 1)  # the odd chip to the first board
