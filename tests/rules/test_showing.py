"""Stud's order by the cards showing (RULES.md F4) and its odd chip (S4), on hands written
out here and on every stud, stud hi/lo and razz hand of the PokerStars corpus."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from parser import parse_file
from parser.model import events as ev
from parser.model.cards import Card, parse_cards
from parser.model.games import GAME_SPECS, Evaluator, Forced
from parser.model.hand import ParsedHand
from replayer.showing import bring_in_player, first_to_act, next_able, odd_chip_to, showing_key
from tests.corpus import corpus_files


def up(**cards: str) -> dict[str, Card]:
    return {name: Card.parse(text) for name, text in cards.items()}


def showing(**cards: str) -> dict[str, tuple[Card, ...]]:
    return {name: parse_cards(text) for name, text in cards.items()}


# --- F4: 3rd street, the bring-in --------------------------------------------------------------


def test_lowest_up_card_brings_in_and_the_ace_is_high_F4() -> None:
    assert bring_in_player(up(ann="As", bob="3h", cy="Kd"), low=False) == "bob"
    assert bring_in_player(up(ann="Ac", bob="Kc"), low=False) == "bob"


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ({"ann": "5h", "bob": "5d"}, "bob"),
        ({"ann": "9s", "bob": "9h"}, "bob"),
        ({"ann": "2d", "bob": "2c", "cy": "2s"}, "bob"),
        ({"ann": "Tc", "bob": "Ts", "cy": "Th", "dee": "Td"}, "ann"),
    ],
)
def test_equal_up_cards_the_lowest_suit_brings_in_F4(cards: dict[str, str], expected: str) -> None:
    """F4: clubs < diamonds < hearts < spades; the lowest suit brings in."""
    assert bring_in_player(up(**cards), low=False) == expected


def test_razz_highest_up_card_brings_in_and_the_ace_is_low_F4() -> None:
    """F4 (razz, standard): the king is the highest card, the ace the lowest."""
    assert bring_in_player(up(ann="Kh", bob="Ac", cy="Qs"), low=True) == "ann"
    assert bring_in_player(up(ann="As", bob="2c"), low=True) == "bob"


def test_razz_equal_up_cards_the_highest_suit_brings_in_F4() -> None:
    """As PokerStars did in the corpus: Qh brings in before Qd and Qc, Qs before Qc."""
    assert bring_in_player(up(ann="Qc", bob="Qh", cy="Qd"), low=True) == "bob"
    assert bring_in_player(up(ann="Qs", bob="Qc"), low=True) == "ann"


# --- F4: from 4th street, the best showing hand --------------------------------------------------


def test_best_showing_hand_categories_in_order_F4() -> None:
    """quads > trips > two pair > pair > high card, whatever the ranks."""
    ladder = ["2c 2d 2h 2s", "3c 3d 3h Ac", "4c 4d 5s 5h", "6c 6d Ah Kd", "Ad Kh Qc Js"]
    keys = [showing_key(parse_cards(h), low=False) for h in ladder]
    assert keys == sorted(keys, reverse=True)
    assert first_to_act(showing(ann=ladder[4], bob=ladder[3]), low=False) == "bob"
    assert first_to_act(showing(ann=ladder[2], bob=ladder[1]), low=False) == "bob"
    assert first_to_act(showing(ann=ladder[0], bob=ladder[1]), low=False) == "ann"


def test_straights_and_flushes_do_not_count_in_a_showing_hand_F4() -> None:
    assert first_to_act(showing(ann="Ts Js Qs Ks", bob="2c 2d 3h 4s"), low=False) == "bob"
    assert first_to_act(showing(ann="9h Th Jh", bob="Kc 4d 2s"), low=False) == "bob"


def test_kickers_decide_in_order_F4() -> None:
    """The pair first, then its kickers from the top; high cards from the top."""
    assert first_to_act(showing(ann="9c 9d 4h", bob="9h 9s 3c"), low=False) == "ann"
    assert first_to_act(showing(ann="Kc 8d 7h 2s", bob="Kd 8h 6s 5c"), low=False) == "ann"
    assert first_to_act(showing(ann="Tc Td 2h 2s", bob="9c 9h 8d 8s"), low=False) == "ann"
    assert first_to_act(showing(ann="Tc Td 8h 8s", bob="Th Ts 9d 9s"), low=False) == "bob"
    assert first_to_act(showing(ann="Ac 3d", bob="Kh Qs"), low=False) == "ann"


def test_equal_showing_hands_the_highest_card_s_suit_acts_first_F4() -> None:
    """F4: equal hands are decided by suit: the suit of the highest card, spades highest."""
    assert first_to_act(showing(ann="Kh 7c", bob="Ks 7d"), low=False) == "bob"
    assert first_to_act(showing(ann="Kh 7s", bob="Kd 7c"), low=False) == "ann"
    # For a pair, the highest suit within the pair.
    assert first_to_act(showing(ann="8c 8s 4d", bob="8d 8h 4c"), low=False) == "ann"


def test_razz_best_low_showing_acts_first_pairs_are_bad_F4() -> None:
    assert first_to_act(showing(ann="Kh 2c", bob="3c 3d", cy="7s 6c"), low=True) == "cy"
    assert first_to_act(showing(ann="Kh 2c", bob="3c 3d"), low=True) == "ann"
    assert first_to_act(showing(ann="Ac 2d 3h", bob="2c 3d 4h"), low=True) == "ann"
    assert first_to_act(showing(ann="7c 6d 5h", bob="7d 6h 4c"), low=True) == "bob"
    assert first_to_act(showing(ann="4c 4d 2h", bob="5c 5d Ah"), low=True) == "ann"
    assert first_to_act(showing(ann="Kc Kd 2h 2s", bob="Qc Qd 3h 3s"), low=True) == "bob"
    assert first_to_act(showing(ann="8c 8d 8h 2s", bob="Kc Kd Qh Qs"), low=True) == "bob"
    # Flushes and straights do not count against a low.
    assert first_to_act(showing(ann="Ac 2c 3c 4c", bob="Ad 2h 3s 5c"), low=True) == "ann"


def test_razz_equal_lows_the_highest_card_s_suit_acts_first_F4() -> None:
    """As PokerStars did in the corpus: As 6s before Ac 6h, Qd 3d before Qc 3h."""
    assert first_to_act(showing(ann="Ac 6h", bob="As 6s"), low=True) == "bob"
    assert first_to_act(showing(ann="Qd 3d", bob="3h Qc"), low=True) == "ann"


def test_all_in_best_hand_passes_the_duty_clockwise_F4() -> None:
    """F4: an all-in player is skipped and the order is kept: the next player clockwise
    from him acts first, not the next best showing hand."""
    seats = ["ann", "bob", "cy", "dee"]
    live = showing(ann="Kc 9d", bob="Qc Qd", cy="2c 3d", dee="Ah Kh")
    best = first_to_act(live, low=False)
    assert best == "bob"
    assert next_able(best, seats, cannot_act={"bob"}) == "cy"
    assert next_able(best, seats, cannot_act=set()) == "bob"
    assert next_able("dee", seats, cannot_act={"dee", "ann"}) == "bob"
    lowest = bring_in_player(up(ann="5c", bob="2d", cy="9h"), low=False)
    assert next_able(lowest, ["ann", "bob", "cy"], cannot_act={"bob"}) == "cy"


# --- S4: the stud odd chip ---------------------------------------------------------------------


def test_odd_chip_to_the_highest_card_by_suit_S4() -> None:
    """S4 (stud): rank first, ace high; then spades > hearts > diamonds > clubs; down cards
    count as much as up cards."""
    assert odd_chip_to(showing(ann="Ah 2c 3d", bob="Kh Ks Kd")) == "ann"
    assert odd_chip_to(showing(ann="Ah 2c 3d 4d 5d 9h Tc", bob="As 2d 3c 4h 5c 8h Jc")) == "bob"
    assert odd_chip_to(showing(ann="Qc Jd", bob="Qd 2c", cy="Qh 3c")) == "cy"
    assert odd_chip_to(showing(ann="8c 7c 6c 5c 4c 3d 2d")) == "ann"


# --- errors ------------------------------------------------------------------------------------


def test_bad_input_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match=r"^first_to_act: 7c is given twice \(ann, bob\)$"):
        first_to_act(showing(ann="7c 8d", bob="7c 9d"), low=False)
    with pytest.raises(ValueError, match=r"^odd_chip_to: 7c is given twice \(ann, ann\)$"):
        odd_chip_to({"ann": (Card.parse("7c"), Card.parse("7c"))})
    with pytest.raises(ValueError, match=r"^bring_in_player: no players given$"):
        bring_in_player({}, low=False)
    with pytest.raises(ValueError, match=r"^showing_key takes 1 to 4 up cards, got 5: '2c 3c"):
        first_to_act(showing(ann="2c 3c 4c 5c 6c"), low=False)
    with pytest.raises(ValueError, match=r"^odd_chip_to: no cards given for bob$"):
        odd_chip_to({"ann": parse_cards("Ac"), "bob": ()})
    with pytest.raises(ValueError, match=r"^next_able: nobody can act$"):
        next_able("ann", ["ann", "bob"], cannot_act={"ann", "bob"})
    with pytest.raises(ValueError, match=r"^next_able: 'zed' is not in the order"):
        next_able("zed", ["ann", "bob"], cannot_act=set())


# --- the corpus: who PokerStars let act first ------------------------------------------------

_ACTS: tuple[type[ev.PlayerEvent], ...] = (
    ev.BringIn,
    ev.Complete,
    ev.Bet,
    ev.RaiseTo,
    ev.Call,
    ev.Check,
    ev.Fold,
)
CORPUS = corpus_files("pokerstars")


@dataclass
class Street:
    """One betting round of a stud hand: what the cards say, who the log shows acting."""

    hand: str
    street: str
    low: bool
    seats: list[str]
    up: dict[str, tuple[Card, ...]]  # live players' up cards so far
    all_in: set[str]
    actor: str
    notes: list[str] = field(default_factory=list)


def _stud_hands() -> Iterator[ParsedHand]:
    for path in CORPUS:
        for hand in parse_file(path):
            if not isinstance(hand, ParsedHand):
                continue  # a cut-off hand: the parser's tests look at those
            spec = GAME_SPECS.get(hand.game)
            if spec is not None and spec.forced is Forced.BRING_IN:
                yield hand


def _streets(hand: ParsedHand) -> Iterator[Street]:
    """Every betting round with an action: the up cards of the players not folded, who is
    all-in, and the first player the log shows acting."""
    low = GAME_SPECS[hand.game].evaluator is Evaluator.LOW_A5
    seats = [s.name for s in sorted(hand.seats, key=lambda s: s.seat)]
    up: dict[str, list[Card]] = {}
    folded: set[str] = set()
    all_in: set[str] = set()
    street, started = "third", False
    for event in hand.events:
        if isinstance(event, ev.StreetStart):
            street, started = event.street, False
        elif isinstance(event, ev.DealHole):
            up.setdefault(event.player, []).extend(event.up)
        elif isinstance(event, _ACTS) and not started:
            started = True
            live = {p: tuple(c) for p, c in up.items() if p not in folded}
            yield Street(
                f"{hand.site}:{hand.hand_id}", street, low, seats, live, set(all_in), event.player
            )
        if isinstance(event, ev.Fold):
            folded.add(event.player)
        if isinstance(event, ev.PlayerEvent) and getattr(event, "all_in", False):
            all_in.add(event.player)


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS, reason="../shared/corpora is absent")
def test_the_player_pokerstars_let_act_first_is_ours_on_every_stud_street_F4() -> None:
    """F4 on every stud, stud hi/lo and razz hand of the corpus (8-Game and Triple Stud
    rounds included): on 3rd street the player due to bring in (who may complete instead)
    acts first; from 4th street the best showing hand of the players not folded; an all-in
    player passes the duty to the next player clockwise who can act."""
    checked: Counter[str] = Counter()
    wrong = []
    hands = 0
    for hand in _stud_hands():
        hands += 1
        for st in _streets(hand):
            if st.street == "third":
                first = bring_in_player({p: c[0] for p, c in st.up.items()}, low=st.low)
            else:
                first = first_to_act(st.up, low=st.low)
            due = next_able(first, [s for s in st.seats if s in st.up], st.all_in)
            kind = ("razz " if st.low else "high ") + ("3rd" if st.street == "third" else "4th+")
            checked[kind] += 1
            if due != st.actor:
                wrong.append(f"{st.hand} {st.street}: ours {due}, log {st.actor}, up {st.up}")
    assert not wrong, "\n".join(wrong[:20])
    assert hands >= 85
    assert checked["high 3rd"] >= 55  # 57 stud and stud hi/lo hands, 29 razz hands
    assert checked["razz 3rd"] >= 29
    assert checked["high 4th+"] >= 160
    assert checked["razz 4th+"] >= 75


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS, reason="../shared/corpora is absent")
def test_the_corpus_exercises_the_suit_tie_breaks_F4() -> None:
    """The corpus's ties are the evidence for the suit rules above; pin that they are
    there, so the test above proves them (4 + 2 bring-in ties, 3 razz showing-hand ties)."""
    ties: Counter[str] = Counter()
    for hand in _stud_hands():
        for st in _streets(hand):
            if st.street == "third":
                ranks = Counter(c[0].rank for c in st.up.values())
                if ranks[st.up[st.actor][0].rank] > 1 and st.actor not in st.all_in:
                    ties[("razz" if st.low else "high") + " bring-in"] += 1
            else:
                able = {p: c for p, c in st.up.items() if p not in st.all_in}
                keys = sorted(showing_key(c, low=st.low)[:-1] for c in able.values())
                if len(keys) > 1 and keys[-1] == keys[-2]:
                    ties[("razz" if st.low else "high") + " showing"] += 1
    assert ties["high bring-in"] >= 3
    assert ties["razz bring-in"] >= 2
    assert ties["razz showing"] >= 3
