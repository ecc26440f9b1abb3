"""The engine's hot-path shortcuts (issue 11) give what the plain code gives.

The replay builds its records from their fields in order, walks the log in ``run`` through
``apply``, caches seatings, and takes the one-pot shortcut in ``side_pots``.
Each shortcut is checked here against the long way round, so a field added to a record or
a rule changed in ``apply`` cannot drift from its copy unnoticed.
"""

from __future__ import annotations

import contextlib
from dataclasses import fields
from itertools import islice

import pytest

from parser import decode, parse_hand, split_hands
from parser.model.errors import HandError, PokerhhError
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand
from parser.model.makers import positional
from replayer import replay
from replayer.betting import Round
from replayer.engine import HandReplay, _seating
from replayer.positions import blind_positions, clockwise_from
from replayer.result import Decision, PlayerResult, PotResult, ReplayResult
from replayer.settlement.pots import side_pots
from replayer.settlement.showdown import Award
from replayer.state import Pot
from tests.corpus import corpus_files
from tests.handdsl import hand

#: The field orders the engine's positional calls are written against (settle.py,
#: showdown.py, engine.py, actions.py): adding or moving a field must update those calls.
FIELD_ORDERS = {
    PlayerResult: (
        "name", "seat", "position", "starting_stack", "hole_cards", "invested", "collected",
        "rake_paid", "dealt_in", "folded", "all_in", "folded_on", "went_to_showdown",
        "cashed_out",
    ),
    PotResult: (
        "index", "run", "amount", "eligible", "winners", "descriptions", "odd_chips_to",
    ),
    ReplayResult: (
        "hand", "players", "pots", "boards", "total_pot", "rake", "states", "decisions",
        "diagnostics", "unawarded", "taken", "added", "all_in_point",
    ),
    Award: (
        "pot_index", "run", "amount", "eligible", "shares", "evaluated", "odd_chips_to",
        "descriptions",
    ),
    Round: (
        "street", "betting", "bet_unit", "current_bet", "min_increment", "level", "bets",
        "max_bets", "capped", "pot", "table_bets", "cover",
    ),
}  # fmt: skip

FOUR = [("Alice", 200), ("Bob", 200), ("Carol", 50), ("Ted", 200)]

#: Scripts reaching the engine's branches: a walk, a showdown with a side pot, an
#: uncalled bet the log forgets (B11), and an action out of turn (B3).
SCRIPTS = [
    "Alice: posts small 1\nBob: posts big 2\nCarol: folds\nTed: folds\nAlice: folds\n"
    "Bob: returned 1\nBob: collects 2",
    "Alice: posts small 1\nBob: posts big 2\nCarol: raises to 50 all-in\nTed: calls 50\n"
    "Alice: folds\nBob: calls 48\nflop 9c Kc 3h\nBob: bets 20\nTed: calls 20\nturn 5s\n"
    "Bob: checks\nTed: checks\nriver 9d\nBob: checks\nTed: checks\nshowdown\n"
    "Carol: shows Ah Ad\nBob: shows Kh Qd\nTed: shows 2c 7d",
    "Alice: posts small 1\nBob: posts big 2\nCarol: folds\nTed: raises to 6\nAlice: folds\n"
    "Bob: folds\nTed: collects 5",
    "Alice: posts small 1\nBob: posts big 2\nTed: folds",
]


def _by_apply(parsed: ParsedHand) -> ReplayResult:
    """The replay the long way: ``apply`` on each event, then ``finish``."""
    play = HandReplay(parsed, GAME_SPECS[parsed.game])
    for index, event in enumerate(parsed.events):
        play.apply(event, index)
    return play.finish()


def _outcome(run: object) -> object:
    try:
        return run()  # type: ignore[operator]
    except HandError as error:
        # Not the path: ``replay`` adds it, a bare ``HandReplay`` does not know it.
        return (type(error).__name__, error.rule, error.message, error.event_index, error.line)


@pytest.mark.parametrize("cls", list(FIELD_ORDERS), ids=lambda c: c.__name__)
def test_field_orders_match_the_positional_calls(cls: type) -> None:
    assert tuple(f.name for f in fields(cls)) == FIELD_ORDERS[cls]


def test_decision_fields_match_the_tuple_the_engine_builds() -> None:
    assert Decision._fields == (
        "index", "street", "player", "kind", "to_call", "current_bet", "could_raise",
        "full_raise",
    )  # fmt: skip


def test_positional_equals_the_keyword_constructor() -> None:
    values = dict(index=1, run=2, amount=30, eligible=("A", "B"), winners=(("A", 30),),
                  descriptions=(("A", "a pair"),), odd_chips_to="A")  # fmt: skip
    made = positional(PotResult)(*values.values())
    assert made == PotResult(**values)  # type: ignore[arg-type]
    assert hash(made) == hash(PotResult(**values))  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        made.amount = 1  # type: ignore[misc]  # still frozen
    with pytest.raises(TypeError):
        positional(PotResult)(1, 2, 30)  # every field must be given: no silent default


@pytest.mark.parametrize("script", SCRIPTS)
def test_run_gives_what_apply_gives(script: str) -> None:
    parsed = hand(script, seats=FOUR, button=4, total_pot=None, rake=None)
    assert _outcome(lambda: replay(parsed)) == _outcome(lambda: _by_apply(parsed))


def test_run_gives_what_apply_gives_on_the_corpus() -> None:
    """Every hand of two PokerStars corpus files (or the first 300 Pluribus hands)."""
    files = corpus_files("pokerstars")[:25] or corpus_files("pluribus")[:1]
    if not files:
        pytest.skip("corpora absent")
    compared = 0
    for path in files:
        text = decode(path.read_bytes(), str(path))
        for raw in islice(split_hands(text, str(path)), 300):
            with contextlib.suppress(PokerhhError):
                parsed = parse_hand(raw)
                if parsed.game not in GAME_SPECS or not GAME_SPECS[parsed.game].supported:
                    continue
                fast = _outcome(lambda p=parsed: replay(p))
                assert fast == _outcome(lambda p=parsed: _by_apply(p)), parsed.hand_id
                compared += 1
    assert compared > 50


@pytest.mark.parametrize(
    ("seats", "button"),
    [((1, 2, 3, 4, 5, 6), 6), ((1, 3, 5, 6), 5), ((2, 7), 7), ((2, 7), 4), ((4,), 4), ((), 0)],
)
def test_cached_seating_is_the_plain_one(seats: tuple[int, ...], button: int) -> None:
    order, positions = _seating(seats, button, True)
    assert order == clockwise_from(list(seats), button)
    assert positions == blind_positions(list(seats), button)
    assert _seating(seats, button, False)[1] == {}


def _side_pots_by_levels(contributions: dict[str, int], live: set[str]) -> tuple[Pot, ...]:
    """B10 the long way: one pot per live level, merged when the same players share it."""
    levels = sorted({a for n, a in contributions.items() if n in live})
    if not levels:
        total = sum(contributions.values())
        return (Pot(amount=total, eligible=()),) if total else ()
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(a, level) - min(a, previous) for a in contributions.values())
        if level == levels[-1]:
            amount += sum(max(0, a - level) for a in contributions.values())
        eligible = tuple(n for n, a in contributions.items() if n in live and a >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(amount=pots[-1].amount + amount, eligible=eligible)
            else:
                pots.append(Pot(amount=amount, eligible=eligible))
        previous = level
    return tuple(pots)


@pytest.mark.parametrize(
    ("contributions", "live"),
    [
        ({"A": 10, "B": 10, "C": 4}, {"A", "B"}),  # one level: the shortcut
        ({"A": 10, "B": 3, "C": 4}, {"A"}),  # one live player, folded chips above his
        ({"A": 0, "B": 0}, {"A", "B"}),  # nothing in: no pot
        ({"A": 5, "B": 7}, set()),  # everyone folded: a dead pot
        ({"A": 100, "B": 300, "C": 500, "D": 500, "E": 200}, {"A", "B", "C", "D"}),
    ],
)
def test_side_pots_shortcut_is_the_general_split(
    contributions: dict[str, int], live: set[str]
) -> None:
    assert side_pots(contributions, live) == _side_pots_by_levels(contributions, live)
