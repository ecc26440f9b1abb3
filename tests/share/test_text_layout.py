"""The forum text of ``pokerhh share --format text`` (issue 26, item 2): the layout the common
hand converters write (the 2+2 / weaktight and PokerTracker ones): the game line, each
stack in money and big blinds, the hero's cards, each street with the pot as it starts,
its new cards and the players in it, the actions (folds in a row counted), the result."""

from __future__ import annotations

from pathlib import Path

from dashboard import share
from parser.formats import parse_hand
from parser.model.hand import Source
from replayer import replay
from replayer.result import ReplayResult

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"


def _result(relative: str) -> ReplayResult:
    path = SAMPLES / relative
    return replay(parse_hand(Source(str(path), 1, path.read_text(encoding="utf-8"))),
                  record_states=True)  # fmt: skip


def _text(relative: str, mask: bool = False) -> str:
    result = _result(relative)
    result, hero = share.prepared(result, share.guess_hero(result.hand), mask)
    return share.share_text(result, hero)


def test_a_holdem_hand_in_the_converters_layout() -> None:
    assert (
        _text("nlhe/kicker-decides.txt", mask=True)
        == """\
PokerStars - $0.05/$0.10 Hold'em No Limit - 4 players
Hand #9000000031 - Xamidimura - shared by pokerhh

SB: $10.00 (100 bb)
BB: $10.00 (100 bb)
Hero (CO): $10.00 (100 bb)
BTN: $10.00 (100 bb)

Preflop: Hero is CO with A♣ Q♥
Hero raises to $0.30, BTN calls $0.30, 2 folds

Flop: ($0.75) A♠ 9♦ 6♣ (2 players)
Hero bets $0.50, BTN calls $0.50

Turn: ($1.75) 3♥ (2 players)
Hero bets $1.00, BTN calls $1.00

River: ($3.75) 2♠ (2 players)
Hero checks, BTN checks

Results: $3.75 pot ($0.18 rake)
Final Board: A♠ 9♦ 6♣ 3♥ 2♠
BTN showed A♦ K♣ (a pair of Aces) and won $3.57 (+$1.77 net)
Hero showed A♣ Q♥ (a pair of Aces) and lost (-$1.80 net)
"""
    )


def test_names_unmasked_keep_their_position_in_the_stack_list() -> None:
    text = _text("nlhe/kicker-decides.txt")
    assert "Mr Pink (CO): $10.00 (100 bb)" in text.splitlines()
    assert "Preflop: Mr Pink is CO with A♣ Q♥" in text.splitlines()
    assert "Mr Pink raises to $0.30, Jon calls $0.30, 2 folds" in text.splitlines()


def test_a_single_fold_is_named_and_all_ins_are_marked() -> None:
    lines = _text("tournament/three-way-all-in-side-pots.txt", mask=True).splitlines()
    actions = [line for line in lines if "(All-In)" in line]
    assert actions, lines
    streets = [line for line in lines if line.startswith(("Flop", "Turn", "River"))]
    assert any(line.endswith("all-in)") for line in streets)
    assert not any(line.startswith("1 fold") for line in lines)


def test_stud_streets_show_the_up_cards_dealt_and_stacks_in_small_bets() -> None:
    lines = _text("stud/bring-in-suit-tie-and-completion.txt", mask=True).splitlines()
    assert lines[3] == "Hero: $4.00 (40 small bets)"
    assert "Seat 2: $4.00 (40 small bets)" in lines
    assert "3rd street: Hero is Seat 1 with A♥ 7♠ 9♦" in lines
    fourth = lines.index("4th street: ($1.35) (3 players)")
    assert lines[fourth + 1] == "Dealt: Hero 4♣, Seat 4 3♦, Seat 7 8♠"
    assert lines[fourth + 2] == "Seat 4 bets $0.10, 2 folds"
    assert lines[-2:] == ["Hero lost (-$0.42 net)", "Seat 4 won $1.29 (+$0.87 net)"]


def test_draws_on_a_line_of_their_own_and_the_hand_as_dealt() -> None:
    lines = _text("draw/fl-discards-and-stand-pat.txt", mask=True).splitlines()
    assert "Pre-draw: Hero is UTG with A♥ A♦ 9♠ 9♥ 3♣" in lines  # not the hand after the draw
    draw = lines.index("First draw: ($0.65) (3 players)")
    assert lines[draw + 1] == "BB draws 3, Hero draws 1 (3♣ for 5♠), BTN stands pat"
    assert lines[draw + 2] == "BB checks, Hero checks, BTN bets $0.20, BB folds, Hero calls $0.20"
    assert "Final Board" not in "\n".join(lines)


def test_omaha_hi_lo_results_show_each_winner() -> None:
    text = _text("omaha/plo8-split-odd-chip-to-high.txt")
    assert text.startswith("PokerStars - $0.01/$0.02 Omaha Hi/Lo Pot Limit - ")
    assert "Results: " in text
    assert "showed" in text
    assert "and won" in text


def test_units_round_to_one_decimal() -> None:
    assert share.in_units(1250, 100) == "12.5"
    assert share.in_units(1000, 100) == "10"
    assert share.in_units(123456, 10) == "12,345.6"
