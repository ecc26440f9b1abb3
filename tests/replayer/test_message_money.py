"""The engine's messages give amounts in the hand's money, as its log writes them (issue 23
item 14): "the log pays out $0.72", "Ann calls €3.60", never the cents "72" and "360".

The rule checks mark each amount (``replayer.amounts.chips``) and the engine spells the
marks where a message leaves it: the errors (``HandReplay.error``), the viewer's notes
(``HandState.note``), the result's diagnostics, and the live recorder's refusals. A mark
left anywhere would show as ``⟦72⟧``: every sample history and corpus hand is checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from analytics.recording.recorder import Recorder, refusal
from parser import decode, parse_hand, split_hands
from parser.model.errors import HandError, PokerhhError, ReplayMismatch, RuleViolation
from parser.model.hand import ParsedHand
from replayer import replay
from replayer.amounts import CLOSE, OPEN
from tests.corpus import CORPORA
from tests.record.tables import table

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
#: The files the parser reads: room text, PHH (live samples), iPoker's XML.
SUFFIXES = (".txt", ".phh", ".phhs", ".xml")


def _hands(text: str, path: str) -> list[ParsedHand]:
    return [parse_hand(raw) for raw in split_hands(text, path)]


def _sample(name: str) -> ParsedHand:
    path = SAMPLES / name
    (hand, *_) = _hands(decode(path.read_bytes(), str(path)), str(path))
    return hand


def _first(text: str) -> ParsedHand:
    """The first hand of a sample's text once edited (a golden made wrong on purpose)."""
    return _hands(text, "edited.txt")[0]


def _error(hand: ParsedHand) -> HandError:
    with pytest.raises(HandError) as caught:
        replay(hand)
    return caught.value


# -- the messages, in dollars, euros and chips ---------------------------------------------


def test_a_golden_mismatch_names_dollars() -> None:
    """The golden whose collected line disagrees with its pot, in the log's dollars."""
    hand = _sample("pokerstars/nlhe/illegal-collected-disagrees-with-pot.txt")
    error = _error(hand)
    assert isinstance(error, ReplayMismatch)
    assert error.message == "the log pays out $0.72 with rake $0.03, but the pot is $0.65"
    assert str(error) == f"hand 9000000027: [B10] {error.message}"


def test_a_rule_violation_names_dollars() -> None:
    error = _error(_sample("pokerstars/nlhe/illegal-raise-below-minimum.txt"))
    assert isinstance(error, RuleViolation)
    assert error.message == "Eva cannot raise to $0.50: minimum is $0.60"


def test_a_euro_hand_names_euros() -> None:
    """Winamax writes ``3.70€``; the engine's message says ``€3.60``, the euro's own way."""
    path = SAMPLES / "winamax/uncalled-bet-in-the-pot.txt"
    text = path.read_text(encoding="utf-8")
    assert text.count("Ann calls 3.70€") == 1
    hand = _first(text.replace("Ann calls 3.70€", "Ann calls 3.60€"))
    assert hand.currency == "EUR"
    error = _error(hand)
    assert error.rule == "B1"
    assert error.message == "Ann calls €3.60 but the amount to call is €3.70"


def test_a_tournament_hand_names_chips_without_a_currency() -> None:
    """Tournament chips are whole numbers, as the log writes them: no ``$`` of the buy-in."""
    path = SAMPLES / "pokerstars/tournament/antes.txt"
    text = path.read_text(encoding="utf-8")
    assert text.count("Val collected 610 from pot") == 1
    hand = _first(text.replace("Val collected 610 from pot", "Val collected 620 from pot"))
    assert hand.currency == "CHIPS"
    error = _error(hand)
    assert error.rule == "B10"
    assert error.message == "the log pays out 620 with rake 0, but the pot is 610"
    notes = [s.note for s in replay(_sample("pokerstars/tournament/antes.txt"),
                                    record_states=True).states if s.note]  # fmt: skip
    assert notes == ["uncalled bet of 300 returned to Val (B11)"]


def test_the_viewers_notes_name_the_hands_money() -> None:
    result = replay(_sample("pokerstars/nlhe/uncalled-bet.txt"), record_states=True)
    assert [s.note for s in result.states if s.note] == [
        "uncalled bet of $0.80 returned to Dirk (B11)"
    ]
    stud = replay(_sample("pokerstars/stud/best-showing-acts-first.txt"), record_states=True)
    assert "Kira brings in for $0.05 (F4)" in [s.note for s in stud.states]


def test_the_diagnostics_name_the_hands_money() -> None:
    path = SAMPLES / "winamax/uncalled-bet-in-the-pot.txt"
    hands = _hands(path.read_text(encoding="utf-8"), str(path))
    assert replay(hands[1]).diagnostics == (
        "B11: the log has no 'Uncalled bet' line for €0.20 to Ann; returned",
        "B11: the log leaves €0.20 uncalled in the pot; counted as returned",
    )


def test_the_l1_limit_is_written_in_the_hands_money() -> None:
    """An amount beyond any real game (L1): both the amount and the limit in dollars."""
    path = SAMPLES / "pokerstars/nlhe/uncalled-bet.txt"
    text = path.read_text(encoding="utf-8")
    seat = next(line for line in text.splitlines() if line.startswith("Seat 1: "))
    huge = seat.split("(")[0] + "($92233720368547758.07 in chips)"
    error = _error(_first(text.replace(seat, huge)))
    assert error.rule == "L1"
    assert "stack of $92233720368547758.07 is beyond any real game" in error.message
    assert "(L1: at most $10,000,000,000.00 in absolute value)" in error.message


def test_the_recorder_refuses_a_step_in_the_tables_money() -> None:
    """A live table in dollars: the refusal the page shows says ``$0.03``, not ``3``."""
    r = Recorder(table(200, 200, 200, currency="USD"))
    r.deal()
    with pytest.raises(RuleViolation) as raised:
        r.bet(3)  # Cy: a raise to 3 cents over the big blind of 2
    assert refusal(raised.value) == "[B5] Cy cannot raise to $0.03: minimum is $0.04"
    chips = Recorder(table(200, 200, 200))
    chips.deal()
    with pytest.raises(RuleViolation) as raised:
        chips.bet(3)
    assert refusal(raised.value) == "[B5] Cy cannot raise to 3: minimum is 4"


# -- no mark is ever left ------------------------------------------------------------------


def _texts(path: Path) -> Iterator[str]:
    """Every message, note and diagnostic the engine gives for the hands of ``path``."""
    name = str(path)
    try:
        hands = _hands(decode(path.read_bytes(), name), name)
    except PokerhhError:
        # a file refused whole (or one hand of it): read its hands one by one below
        hands = []
        for raw in split_hands(decode(path.read_bytes(), name), name):
            try:
                hands.append(parse_hand(raw))
            except PokerhhError:
                continue
    for hand in hands:
        try:
            result = replay(hand, record_states=True)
        except PokerhhError as error:
            yield str(error)
            yield getattr(error, "message", "")
            continue
        yield from result.diagnostics
        yield from (state.note for state in result.states)


def _marked(root: Path) -> tuple[int, list[str]]:
    texts, marked = 0, []
    for path in sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES):
        for text in _texts(path):
            texts += bool(text)
            if OPEN in text or CLOSE in text:
                marked.append(f"{path}: {text}")
    return texts, marked


def test_no_mark_is_left_in_the_sample_histories() -> None:
    texts, marked = _marked(SAMPLES)
    assert texts > 100  # the invalid goldens' errors, the notes, the diagnostics
    assert not marked, "\n".join(marked[:20])


@pytest.mark.corpus
@pytest.mark.parametrize("corpus", ["pokerstars", "sites"])
def test_no_mark_is_left_in_a_corpus(corpus: str) -> None:
    if not (CORPORA / corpus).is_dir():
        pytest.skip("../shared/corpora is absent")
    texts, marked = _marked(CORPORA / corpus)
    assert texts > 100
    assert not marked, "\n".join(marked[:20])
