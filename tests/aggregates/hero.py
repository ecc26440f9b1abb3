"""The three hands of docs/stats.md's aggregate example, played by ``hero`` at blinds 1/2:
a walk in the BB (+1), a limp from the SB checked down to a lost showdown (−2), a raise
from the BTN that wins the blinds (+3); and a fixed-limit steal (+3, in big bets 0.75)."""

from __future__ import annotations

from tests.aggregates.texts import hand_text

OTHERS = ("a", "b", "c", "d", "e", "f")
HOLE = {"a": "2c 7d", "b": "3c 8d", "c": "4c 9d", "d": "5c Td", "e": "6c Jd", "f": "7c Qd"}


def _seats(hero_at: int) -> tuple[str, ...]:
    names = list(OTHERS[:5])
    names.insert(hero_at, "hero")
    return tuple(names)


def _cards(seats: tuple[str, ...], hero: str = "Ah Kh") -> dict[str, str]:
    return {name: HOLE[name] if name != "hero" else hero for name in seats}


def walk(number: int = 1, day: str = "2019/07/12") -> str:
    seats = _seats(1)  # a, hero, b, c, d, e: hero in the big blind
    return hand_text(number, """
        b: folds
        c: folds
        d: folds
        e: folds
        a: folds
        Uncalled bet (1) returned to hero
        hero collected 2.0 from pot
        """, pot=2, seats=seats, cards=_cards(seats), stakes=(1, 2), day=day)  # fmt: skip


def limp_and_lose(number: int = 2, day: str = "2019/07/12") -> str:
    seats = _seats(0)  # hero, a, b, c, d, e: hero in the small blind
    cards = _cards(seats, hero="2s 6s")
    checks = "hero: checks\na: checks\n"
    return hand_text(number, f"""
        b: folds
        c: folds
        d: folds
        e: folds
        hero: calls 1
        a: checks
        *** FLOP *** [Ac 9h 8h]
        {checks}
        *** TURN *** [Ac 9h 8h] [4d]
        {checks}
        *** RIVER *** [Ac 9h 8h 4d] [3s]
        {checks}
        *** SHOWDOWN ***
        hero: shows [2s 6s]
        a: shows [2c 7d]
        a collected 4.0 from pot
        """, pot=4, board="Ac 9h 8h 4d 3s", seats=seats, cards=cards, stakes=(1, 2),
        day=day)  # fmt: skip


def steal(number: int = 3, day: str = "2019/07/12", *, game: str = "Hold'em No Limit") -> str:
    seats = _seats(5)  # a, b, c, d, e, hero: hero on the button
    fixed = "No Limit" not in game
    raise_line = "hero: raises 2 to 4" if fixed else "hero: raises 4 to 6"
    returned = 2 if fixed else 4
    stakes = (2, 4) if fixed else (1, 2)
    return hand_text(number, f"""
        c: folds
        d: folds
        e: folds
        {raise_line}
        a: folds
        b: folds
        Uncalled bet ({returned}) returned to hero
        hero collected 5.0 from pot
        """, pot=5, seats=seats, cards=_cards(seats), stakes=stakes, day=day,
        game=game)  # fmt: skip
