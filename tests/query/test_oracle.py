"""The query language against a Python oracle (issue 25 item 2, acceptance 2).

The stored hands of ``../shared/corpora/pokerstars`` and 8 files of ``pluribus`` are
parsed again from their stored text and replayed with every state recorded; each query's
meaning (docs/query.md) is then computed in Python from the replay alone: the decisions
the engine recorded, the pot in the states before each one, the players' results. None of
it reads ``hand_actions``, ``seats`` or the compiled SQL, so a wrong fact row, a wrong
join or a wrong operator shows as a hand one side selects and the other does not.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from analytics.query.compile import compile_query, hero_ids
from tests.corpus import corpus_files

pytestmark = pytest.mark.corpus

#: The heroes of the two corpora: the files' own "Hero", and the bot.
HEROES = ("Hero", "Pluribus")
LOWER = {name.lower() for name in HEROES}
RANKS = "23456789TJQKA"


@dataclass
class Act:
    n: int
    street: int
    name: str
    act: str  # fold check call bet raise
    size: int
    pot: int
    earlier_raises: int  # raises before it in the first round
    earlier_aggression: int  # bets and raises before it in the first round


@dataclass
class Seat:
    name: str
    seat: int
    position: str | None
    cards: list[str]
    net: int
    folded_on: str | None
    showdown: bool
    all_in: bool


@dataclass
class Hand:
    id: int
    seats: dict[str, Seat]
    hero: str
    acts: list[Act]
    board: list[str]
    total_pot: int
    bb: int | None
    button: int | None
    players: int
    first_round: list[Act] = field(default_factory=list)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Hand]]:
    files = corpus_files("pokerstars") + corpus_files("pluribus")[:8]
    if not corpus_files("pokerstars") or not corpus_files("pluribus"):
        pytest.skip("../shared/corpora is absent")
    from analytics.ingest.importer import import_paths

    db = tmp_path_factory.mktemp("query_oracle") / "oracle.sqlite"
    import_paths(files, db)
    return db, _oracle_hands(db)


def _oracle_hands(db: Path) -> list[Hand]:
    from analytics.ingest.pipeline import Stages
    from analytics.store.rawtext import TextReader
    from parser.model.games import GAME_SPECS
    from parser.model.hand import Source
    from replayer.engine import replay

    conn = sqlite3.connect(db)
    reader = TextReader(conn)
    parse = Stages.default().parse_hand
    hands = []
    rows = conn.execute(
        "SELECT h.id, f.path, h.first_line, h.raw_dictionary, h.raw_z, h.big_blind,"
        " h.small_bet FROM hands h JOIN files f ON f.id = h.file_id WHERE h.status = 'ok'"
    ).fetchall()
    for key, path, line, dictionary, blob, big_blind, small_bet in rows:
        parsed = parse(Source(path, line, reader.text(dictionary, blob)))
        result = replay(parsed, record_states=True)
        # "--player hero" is every spelling of the name (the corpus has a "hero" too)
        hero = next(
            (p.name for p in result.players if p.name.lower() in LOWER and p.dealt_in), None
        )
        if hero is None:
            continue
        rounds = GAME_SPECS[parsed.game].street_names
        seats = {
            p.name: Seat(
                p.name,
                p.seat,
                p.position,
                [c.text for c in p.hole_cards],
                p.collected + p.cashed_out - p.invested,
                p.folded_on,
                p.went_to_showdown,
                p.all_in,
            )
            for p in result.players
            if p.dealt_in
        }
        acts: list[Act] = []
        raises = aggression = 0
        for d in result.decisions:
            before, after = result.states[d.index - 1], result.states[d.index]
            mine = next(s for s in after.seats if s.name == d.player)
            was = next(s for s in before.seats if s.name == d.player)
            kind = {"raise_to": "raise", "complete": "bet"}.get(d.kind, d.kind)
            if kind in ("bet", "raise"):
                size = mine.bet
            elif kind == "call":
                size = mine.invested - was.invested
            else:
                size = 0
            street = rounds.index(d.street)
            acts.append(
                Act(
                    len(acts),
                    street,
                    d.player,
                    kind,
                    size,
                    sum(p.amount for p in before.pots),
                    raises,
                    aggression,
                )
            )
            if street == 0 and kind == "raise":
                raises += 1
            if street == 0 and kind in ("bet", "raise"):
                aggression += 1
        board = [c.text for c in result.boards[0]] if result.boards else []
        hand = Hand(
            key,
            seats,
            hero,
            acts,
            board,
            result.total_pot,
            big_blind or small_bet,
            parsed.button_seat,
            len(seats),
        )
        hand.first_round = [a for a in acts if a.street == 0]
        hands.append(hand)
    conn.close()
    return hands


# -- the meanings, in Python -------------------------------------------------------------------


def saw(seat: Seat, hand: Hand, street: str) -> bool:
    need = {"flop": 3, "turn": 4, "river": 5}[street]
    before = {
        "flop": ["preflop"],
        "turn": ["preflop", "flop"],
        "river": ["preflop", "flop", "turn"],
    }[street]
    return len(hand.board) >= need and seat.folded_on not in before


def order(hand: Hand, seat: Seat) -> int:
    assert hand.button is not None
    return (seat.seat - hand.button - 1) % 1000


def in_position(hand: Hand, name: str, ip: bool) -> bool:
    me = hand.seats[name]
    if hand.button is None or not saw(me, hand, "flop"):
        return False
    others = [s for s in hand.seats.values() if s.name != name and saw(s, hand, "flop")]
    later = any(order(hand, s) > order(hand, me) for s in others)
    return not later if ip else later


def raises_first_round(hand: Hand) -> int:
    return sum(1 for a in hand.first_round if a.act == "raise")


def pot_kind(hand: Hand, kind: str) -> bool:
    n = raises_first_round(hand)
    if kind == "limped":
        return n == 0 and any(a.act == "call" for a in hand.first_round)
    return {"raised": n == 1, "3bet": n == 2, "4bet": n >= 3}[kind]


def villains(hand: Hand) -> list[str]:
    return [name for name in hand.seats if name != hand.hero]


def acted(
    hand: Hand,
    who: Callable[[str], bool],
    act: str,
    street: int | None = None,
    test: Callable[[Act], bool] = lambda a: True,
    after: int = -1,
) -> list[Act]:
    return [
        a
        for a in hand.acts
        if who(a.name)
        and a.act == act
        and (street is None or a.street == street)
        and test(a)
        and a.n > after
    ]


def hero(hand: Hand) -> Callable[[str], bool]:
    return lambda name: name == hand.hero


def villain(hand: Hand) -> Callable[[str], bool]:
    return lambda name: name != hand.hero


Step = (
    tuple[Callable[[str], bool], str, int | None]
    | tuple[Callable[[str], bool], str, int | None, Callable[[Act], bool]]
)


def chain(hand: Hand, steps: list[Step]) -> bool:
    """Some action of each step (who, what, street[, test]), each later in the hand than
    the one before."""

    def from_(i: int, after: int) -> bool:
        if i == len(steps):
            return True
        who, act, street, *test = steps[i]
        check = test[0] if test else (lambda a: True)
        found = acted(hand, who, act, street, check, after=after)
        return any(from_(i + 1, a.n) for a in found)

    return from_(0, -1)


def cards(hand: Hand) -> tuple[int, int, str, str] | None:
    c = hand.seats[hand.hero].cards
    if len(c) != 2:
        return None
    return RANKS.index(c[0][0]) + 1, RANKS.index(c[1][0]) + 1, c[0][1], c[1][1]


def card_class(hand: Hand, word: str) -> bool:
    found = cards(hand)
    if found is None:
        return False
    r1, r2, u1, u2 = found
    return {
        "pair": r1 == r2,
        "suited": u1 == u2,
        "connectors": abs(r1 - r2) == 1 or {r1, r2} == {13, 1},
        "broadway": min(r1, r2) >= 9,
        "AK": {r1, r2} == {13, 12},
    }[word]


def board_cards(hand: Hand, street: str) -> list[str] | None:
    k = {"flop": 3, "turn": 4, "river": 5}.get(street, min(len(hand.board), 5))
    if len(hand.board) < k or k < 3:
        return None
    return hand.board[:k]


def texture(hand: Hand, street: str, word: str) -> bool:
    shown = board_cards(hand, street)
    if shown is None:
        return False
    ranks = [c[0] for c in shown]
    most = max(sum(1 for c in shown if c[1] == s) for s in "cdhs")
    if word == "paired":
        return len(set(ranks)) < len(ranks)
    if word == "monotone":
        return most >= 3
    if word == "twotone":
        return most == 2
    if word == "rainbow":
        return most == 1
    values = {RANKS.index(r) + 2 for r in ranks} | ({1} if "A" in ranks else set())
    return any(len(values & set(range(low, low + 5))) >= 3 for low in range(1, 11))


def net_bb(hand: Hand, name: str) -> float | None:
    return None if not hand.bb else hand.seats[name].net / hand.bb


#: Each query and its meaning. A hand counts only if the hero was dealt in (the SQL's
#: hero-first form selects only his hands).
QUERIES: list[tuple[str, Callable[[Hand], bool]]] = [
    ("pot is 3bet", lambda h: pot_kind(h, "3bet")),
    (
        "pot is 3bet and hero called preflop and hero is oop and turn: villain bets and hero calls",
        lambda h: (
            pot_kind(h, "3bet")
            and bool(acted(h, hero(h), "call", 0))
            and in_position(h, h.hero, False)
            and chain(h, [(villain(h), "bet", 2), (hero(h), "call", 2)])
        ),
    ),
    ("pot is limped", lambda h: pot_kind(h, "limped")),
    ("pot is raised", lambda h: pot_kind(h, "raised")),
    ("pot is 4bet", lambda h: pot_kind(h, "4bet")),
    ("hero is ip", lambda h: in_position(h, h.hero, True)),
    ("hero is oop", lambda h: in_position(h, h.hero, False)),
    ("hero is btn", lambda h: h.seats[h.hero].position == "BTN"),
    (
        "bb raises preflop",
        lambda h: bool(acted(h, lambda n: h.seats[n].position == "BB", "raise", 0)),
    ),
    ("hero has pair", lambda h: card_class(h, "pair")),
    (
        "hero has suited connectors",
        lambda h: card_class(h, "suited") and card_class(h, "connectors"),
    ),
    ("hero has AK", lambda h: card_class(h, "AK")),
    (
        "hero has broadway and not hero has pair",
        lambda h: card_class(h, "broadway") and not card_class(h, "pair"),
    ),
    ("flop is monotone", lambda h: texture(h, "flop", "monotone")),
    ("flop is rainbow", lambda h: texture(h, "flop", "rainbow")),
    ("flop is two-tone", lambda h: texture(h, "flop", "twotone")),
    ("board is paired", lambda h: texture(h, "board", "paired")),
    ("turn is connected", lambda h: texture(h, "turn", "connected")),
    (
        "board is connected and turn is rainbow",
        lambda h: texture(h, "board", "connected") and texture(h, "turn", "rainbow"),
    ),
    (
        "hero bets > 0.5 pot",
        lambda h: bool(acted(h, hero(h), "bet", test=lambda a: a.size > 0.5 * a.pot)),
    ),
    (
        "villain raises >= 3bb preflop",
        lambda h: (
            h.bb is not None
            and bool(acted(h, villain(h), "raise", 0, lambda a: a.size >= 3.0 * h.bb))
        ),
    ),
    ("pot > 20bb", lambda h: h.bb is not None and h.total_pot > 20.0 * h.bb),
    ("hero won > 10bb", lambda h: h.bb is not None and h.seats[h.hero].net > 10.0 * h.bb),
    (
        "hero lost and showdown",
        lambda h: h.seats[h.hero].net < 0 and any(s.showdown for s in h.seats.values()),
    ),
    (
        "hero saw river and not hero went to showdown",
        lambda h: saw(h.seats[h.hero], h, "river") and not h.seats[h.hero].showdown,
    ),
    (
        "flop: hero checks and villain bets and hero raises",
        lambda h: chain(h, [(hero(h), "check", 1), (villain(h), "bet", 1), (hero(h), "raise", 1)]),
    ),
    (
        "hero limps or hero 3bets",
        lambda h: (
            bool(acted(h, hero(h), "call", 0, lambda a: a.earlier_aggression == 0))
            or bool(acted(h, hero(h), "raise", 0, lambda a: a.earlier_raises == 1))
        ),
    ),
    (
        "villain 4bets",
        lambda h: bool(acted(h, villain(h), "raise", 0, lambda a: a.earlier_raises == 2)),
    ),
    (
        "players >= 5 and hero folds preflop",
        lambda h: h.players >= 5 and bool(acted(h, hero(h), "fold", 0)),
    ),
    (
        "hero raises preflop then villain raises preflop then hero calls",
        lambda h: chain(
            h, [(hero(h), "raise", 0), (villain(h), "raise", 0), (hero(h), "call", None)]
        ),
    ),
    ("hero is all-in and hero won", lambda h: h.seats[h.hero].all_in and h.seats[h.hero].net > 0),
    (
        "sb calls preflop and not hero is sb",
        lambda h: (
            bool(acted(h, lambda n: h.seats[n].position == "SB", "call", 0))
            and h.seats[h.hero].position != "SB"
        ),
    ),
    (
        "river: villain bets < 0.5 pot and hero folds",
        lambda h: chain(
            h, [(villain(h), "bet", 3, lambda a: a.size < 0.5 * a.pot), (hero(h), "fold", 3)]
        ),
    ),
]


def test_the_oracle_sees_the_corpora(corpus: tuple[Path, list[Hand]]) -> None:
    """Enough hands, and the hero in both corpora, for the comparisons to mean something."""
    _, hands = corpus
    assert len(hands) > 1500
    assert {h.hero.lower() for h in hands} == LOWER


@pytest.mark.parametrize(("query", "meaning"), QUERIES, ids=[q for q, _ in QUERIES])
def test_a_query_selects_the_hands_the_oracle_does(
    corpus: tuple[Path, list[Hand]], query: str, meaning: Callable[[Hand], bool]
) -> None:
    db, hands = corpus
    conn = sqlite3.connect(db)
    try:
        ids = [i for name in HEROES for i in hero_ids(conn, name) or ()]
        found = compile_query(query, ids)
        selected = {row[0] for row in conn.execute(found.sql, found.params)}
    finally:
        conn.close()
    expected = {h.id for h in hands if meaning(h)}
    assert expected, f"{query!r} selects no hand of the corpora: the comparison says nothing"
    assert selected == expected, (
        f"{query!r}: SQL only {sorted(selected - expected)[:5]}, oracle only "
        f"{sorted(expected - selected)[:5]}"
    )
    assert len(QUERIES) >= 30
