"""The hand query language: parse a query (``where.lark``), compile it to SQL over the
stored tables (``docs/query.md``).

Why SQL and not Python: a query runs over every stored hand (a million on a big
database), and each of its conditions is a lookup in a table keyed by the hand
(``seats``, ``hand_actions``), so SQLite answers it without a hand ever leaving the
database. Every value the user typed is a bound parameter; the SQL text is made only of
this module's own fragments.

The compiled query selects ``h.id`` from ``hands h``; with a hero, from his seats ``hs``
joined to their hands (the hero's hands only: "hero" is one player, "villain" any other
player dealt in).
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import lark

from analytics.query.parser_cache import cached_parser

#: The words the grammar knows, for the message about a word it does not.
_WORDS = """
    and then or not on is has saw went to pot board players showdown hero villain fold folds
    folded check checks checked call calls called bet bets raise raises raised limp limps
    limped 3bet 3bets 4bet 4bets won wins win lost loses lose preflop flop turn river btn sb
    bb utg utg+1 utg+2 mp mp+1 lj hj co ip oop all-in allin limped raised paired unpaired
    monotone two-tone twotone rainbow connected pair suited offsuit connectors broadway ace
"""
VOCABULARY = frozenset(_WORDS.split())

_ACTS = {"fold": 0, "check": 1, "call": 2, "bet": 3, "raise": 4, "limp": 2, "3bet": 4, "4bet": 4}
_STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
#: The board cards a street shows (the first run's).
_BOARD_CARDS = {"flop": 3, "turn": 4, "river": 5}
_RANKS = "23456789TJQKA"
#: The big blind a size in ``bb`` is counted in: stud has none, its small bet stands in.
_BB = "coalesce(h.big_blind, h.small_bet)"
_NET = "({s}.collected + {s}.cashed_out - {s}.invested)"
#: A seat's place in the order of play after the flop (the button last), by seat number.
_ORDER = "(({s}.seat - h.button_seat + 999) % 1000)"


class QueryError(ValueError):
    """A query that cannot be read: where (``column``, 1-based) and why.

    ``str()`` shows the expression with a caret under the column, as the command line
    and the dashboard print it.
    """

    def __init__(self, message: str, expression: str, column: int) -> None:
        self.message = message
        self.expression = expression
        self.column = max(1, min(column, len(expression) + 1))
        super().__init__(self.located())

    def located(self) -> str:
        return (
            f"column {self.column}: {self.message}\n"
            f"  {self.expression}\n  {' ' * (self.column - 1)}^"
        )


# -- the tree ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Who:
    kind: str  # hero, villain, position, name
    value: str
    column: int


@dataclass(frozen=True)
class Size:
    cmp: str
    number: float
    unit: str  # bb or pot
    column: int


@dataclass(frozen=True)
class Node:
    kind: str
    column: int
    who: Who | None = None
    word: str = ""
    size: Size | None = None
    street: str | None = None
    words: tuple[str, ...] = ()
    number: float = 0.0
    children: tuple[Any, ...] = field(default=())


@dataclass(frozen=True)
class Part:
    link: str  # "and", "then" ("" for the first)
    street: str | None  # the street mark written before it
    node: Node


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("analytics.query").joinpath("where.lark").read_text("utf-8")
    return cached_parser("where", grammar, propagate_positions=True, maybe_placeholders=False)


def _column(token: Any) -> int:
    return int(getattr(token, "column", None) or 1)


class _Tree(lark.Transformer[lark.Token, Node]):
    """The parse tree as :class:`Node` values (words lower-cased)."""

    def any_of(self, items: list[Node]) -> Node:
        if len(items) == 1:
            return items[0]
        return Node("or", items[0].column, children=tuple(items))

    def conj(self, items: list[Any]) -> Node:
        parts: list[Part] = []
        link = ""
        for item in items:
            if isinstance(item, lark.Token):
                link = str(item).lower()
            else:
                street, node = item
                parts.append(Part(link, street, node))
        return Node("and", parts[0].node.column, children=tuple(parts))

    def part(self, items: list[Any]) -> tuple[str | None, Node]:
        if len(items) == 2:
            return str(items[0]).lower(), items[1]
        return None, items[0]

    def negation(self, items: list[Any]) -> Node:
        return Node("not", _column(items[0]), children=(items[1],))

    def who(self, items: list[Any]) -> Who:
        token = items[0]
        if isinstance(token, Who):
            return token
        text = str(token)
        if token.type == "HERO":
            return Who("hero", "hero", _column(token))
        if token.type == "VILLAIN":
            return Who("villain", "villain", _column(token))
        return Who("name", text[1:-1], _column(token))

    def position(self, items: list[Any]) -> Who:
        return Who("position", str(items[0]).upper(), _column(items[0]))

    def seat_word(self, items: list[Any]) -> Any:
        item = items[0]
        if isinstance(item, Who):
            return ("position", item.value, item.column)
        word = str(item).lower().replace("-", "")
        return (word, word, _column(item))

    def card_class(self, items: list[Any]) -> tuple[str, int]:
        return str(items[0]).lower(), _column(items[0])

    def sight(self, items: list[Any]) -> str:
        return str(items[0]).lower() if items else "showdown"

    def street(self, items: list[Any]) -> str:
        return str(items[0]).lower()

    def board_word(self, items: list[Any]) -> tuple[str, int]:
        return str(items[0]).lower(), _column(items[0])

    def unit(self, items: list[Any]) -> str:
        return str(items[0]).lower() if items else "pot"

    def size(self, items: list[Any]) -> Size:
        cmp, number, unit = items
        return Size(str(cmp), float(number), unit, _column(cmp))

    def action(self, items: list[Any]) -> Node:
        who, verb = items[0], items[1]
        size = next((i for i in items[2:] if isinstance(i, Size)), None)
        street = next((i for i in items[2:] if isinstance(i, str)), None)
        return Node("action", who.column, who=who, word=_verb(str(verb)), size=size,
                    street=street, number=_column(verb))  # fmt: skip

    def seat_is(self, items: list[Any]) -> Node:
        who, (kind, value, column) = items
        return Node("seat_is", who.column, who=who, word=kind, words=(value,), number=column)

    def cards(self, items: list[Any]) -> Node:
        who = items[0]
        return Node("cards", who.column, who=who, children=tuple(items[1:]))

    def result(self, items: list[Any]) -> Node:
        who, word = items[0], str(items[1]).lower()
        size = items[2] if len(items) > 2 else None
        won = word.startswith("w")
        return Node("result", who.column, who=who, word="won" if won else "lost", size=size)

    def saw(self, items: list[Any]) -> Node:
        who, sight = items
        return Node("saw", who.column, who=who, word=sight)

    def went_to_showdown(self, items: list[Any]) -> Node:
        return Node("saw", items[0].column, who=items[0], word="showdown")

    def pot_kind(self, items: list[Any]) -> Node:
        return Node("pot_kind", _column(items[0]), word=str(items[0]).lower())

    def pot_size(self, items: list[Any]) -> Node:
        size: Size = items[0]
        return Node("pot_size", size.column, size=size)

    def texture(self, items: list[Any]) -> Node:
        (board, column), word = items
        texture = str(word).lower().replace("-", "")
        return Node("texture", column, word=texture, street=board)

    def players(self, items: list[Any]) -> Node:
        cmp, number = items
        return Node("players", _column(cmp), word=str(cmp), number=float(number))

    def showdown(self, items: list[Any]) -> Node:
        return Node("showdown", 1)


def _verb(text: str) -> str:
    """The verb's base form: ``called`` -> ``call``, ``3bets`` -> ``3bet``."""
    word = text.lower()
    for verb in ("3bet", "4bet", "fold", "check", "call", "bet", "raise", "limp"):
        if word.startswith(verb):
            return verb
    raise AssertionError(word)


def parse(expression: str) -> Node:
    """The query's tree; :class:`QueryError` for what the grammar does not read."""
    if not expression.strip():
        raise QueryError("the query is empty", expression, 1)
    try:
        tree = _parser().parse(expression)
    except lark.exceptions.UnexpectedCharacters as error:
        raise _unexpected(expression, error.column, error.allowed) from None
    except lark.exceptions.UnexpectedToken as error:
        if error.token.type == "$END":
            raise QueryError("the query ends too soon", expression, len(expression) + 1) from None
        raise _unexpected(expression, error.column, error.expected) from None
    except lark.exceptions.UnexpectedEOF:
        raise QueryError("the query ends too soon", expression, len(expression) + 1) from None
    node = _Tree().transform(tree)
    if not isinstance(node, Node):  # a lone fact is a conjunction of one
        raise QueryError("not a query", expression, 1)
    return node


def _unexpected(expression: str, column: int, expected: Any) -> QueryError:
    at = max(column - 1, 0)
    rest = expression[at:]
    word = rest.split()[0] if rest.split() else rest
    for stop in "():":
        if stop in word[1:]:
            word = word[: word.index(stop, 1)]
    if word and word[0].isalpha() and word.lower() not in VOCABULARY:
        return QueryError(f"unknown word {word!r}", expression, column)
    wanted = ", ".join(sorted(_readable(name) for name in (expected or ())))
    message = f"unexpected {word!r}" + (f" (expected {wanted})" if wanted else "")
    return QueryError(message, expression, column)


_TERMINALS = {
    "HERO": "hero", "VILLAIN": "villain", "NAME": '"a name"', "POSITION": "a position",
    "BB_WORD": "bb", "VERB": "an action", "RESULT": "won or lost", "STREET": "a street",
    "IN_OR_OUT": "ip or oop", "ALL_IN": "all-in", "POT_KIND": "a pot kind",
    "TEXTURE": "a texture", "CARD_CLASS": "a card class", "HAND_CODE": "a hand like AK",
    "CMP": "a comparison", "NUMBER": "a number", "LINK": "and", "_OR": "or", "NOT": "not",
    "_ON": "on", "_IS": "is", "_HAS": "has", "_SAW": "saw", "_WENT": "went", "_TO": "to",
    "_POT": "pot", "BOARD": "board", "_PLAYERS": "players", "_SHOWDOWN": "showdown",
    "_COLON": "':'", "_LPAR": "'('", "_RPAR": "')'", "$END": "the end",
}  # fmt: skip


def _readable(terminal: str) -> str:
    return _TERMINALS.get(terminal, terminal.lower())


# -- SQL -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandFilter:
    """A compiled query: ``source`` is the ``FROM ... WHERE ...`` of the matching hands
    (``hands h``; with a hero, his seat ``hs`` too), with its bound ``params``;
    ``expression`` is the text it came from."""

    expression: str
    source: str
    params: tuple[object, ...]
    hero: bool

    @property
    def sql(self) -> str:
        """``SELECT h.id`` of the matching hands."""
        return f"SELECT h.id {self.source}"

    def where(self, alias: str = "h") -> tuple[str, list[object]]:
        """The condition "``alias``.id is a matching hand", for another query's WHERE."""
        return f"{alias}.id IN ({self.sql})", list(self.params)


def compile_query(expression: str, hero_ids: Sequence[int] | None = None) -> HandFilter:
    """``expression`` compiled to SQL; ``hero_ids``: the hero's ``players.id`` (his
    accounts), None when there is no hero (a query naming hero or villain is then an
    error). With a hero only his hands are selected."""
    tree = parse(expression)
    compiler = _Compiler(expression, hero_ids is not None)
    condition = compiler.sql(tree, None)
    if hero_ids is not None:
        ids = tuple(hero_ids) or (-1,)
        marks = ", ".join("?" * len(ids))
        source = (
            "FROM seats hs CROSS JOIN hands h ON h.id = hs.hand"
            f" WHERE hs.player_id IN ({marks}) AND hs.dealt_in AND h.status = 'ok'"
            f" AND {condition}"
        )
        return HandFilter(expression, source, (*ids, *compiler.params), True)
    source = f"FROM hands h WHERE h.status = 'ok' AND {condition}"
    return HandFilter(expression, source, tuple(compiler.params), False)


class _Compiler:
    def __init__(self, expression: str, hero: bool) -> None:
        self.expression = expression
        self.hero = hero
        self.params: list[object] = []
        self.aliases = 0

    def error(self, message: str, column: int) -> QueryError:
        return QueryError(message, self.expression, column)

    def alias(self, prefix: str) -> str:
        self.aliases += 1
        return f"{prefix}{self.aliases}"

    def bind(self, value: object) -> str:
        self.params.append(value)
        return "?"

    # -- structure

    def sql(self, node: Node, street: str | None) -> str:
        if node.kind == "or":
            return "(" + " OR ".join(self.sql(child, street) for child in node.children) + ")"
        if node.kind == "not":
            return f"NOT {self.sql(node.children[0], street)}"
        if node.kind == "and":
            return self.conjunction(node.children, street)
        if node.kind == "action":
            return self.actions([(node, street)])
        return self.fact(node, street)

    def conjunction(self, parts: tuple[Part, ...], street: str | None) -> str:
        """The items of a conjunction; its actions chained in order where written so:
        those under one street mark, and any joined by ``then``."""
        current = street
        marked = False
        # Grouped first, then compiled in the order written: the parameters are bound in
        # the order their ``?`` appear in the SQL (a chain sits at its first action).
        entries: list[tuple[list[tuple[Node, str | None]], Node | None, str | None]] = []
        chain: list[tuple[Node, str | None]] | None = None
        for part in parts:
            if part.street is not None:
                current, marked = part.street, True
                chain = None
            node = part.node
            if node.kind == "action":
                if chain is not None and (part.link == "then" or marked):
                    chain.append((node, current))
                    continue
                chain = [(node, current)]
                entries.append((chain, None, None))
                continue
            entries.append(([], node, current))
        out = [
            self.actions(actions) if fact is None else self.sql(fact, where)
            for actions, fact, where in entries
        ]
        return "(" + " AND ".join(out) + ")"

    # -- actions

    def actions(self, chain: Sequence[tuple[Node, str | None]]) -> str:
        """``EXISTS`` an action matching the first of ``chain``, then, later in the hand,
        one matching the second, and so on."""
        previous: str | None = None
        nested: list[str] = []
        for node, street in chain:
            a = self.alias("a")
            clauses = self.action_clauses(node, street, a)
            if previous is not None:
                clauses.append(f"{a}.n > {previous}.n")
            nested.append(
                f"EXISTS (SELECT 1 FROM hand_actions {a} WHERE {a}.hand = h.id AND "
                + " AND ".join(clauses)
            )
            previous = a
        sql = ""
        for part in reversed(nested):
            sql = part + (f" AND {sql}" if sql else "") + ")"
        return sql

    def action_clauses(self, node: Node, street: str | None, a: str) -> list[str]:
        verb = node.word
        assert node.who is not None
        clauses = [self.actor(node.who, a), f"{a}.act = {_ACTS[verb]}"]
        street = node.street or street
        if verb in ("limp", "3bet", "4bet"):
            if street not in (None, "preflop"):
                raise self.error(f"'{verb}' is a pre-flop action", int(node.number))
            street = "preflop"
        if street is not None:
            clauses.append(f"{a}.street = {_STREETS[street]}")
        earlier = (
            f"(SELECT count(*) FROM hand_actions r WHERE r.hand = {a}.hand AND r.street = 0"
            f" AND r.n < {a}.n AND r.act = 4)"
        )
        if verb == "limp":
            clauses.append(
                f"NOT EXISTS (SELECT 1 FROM hand_actions r WHERE r.hand = {a}.hand"
                f" AND r.street = 0 AND r.n < {a}.n AND r.act >= 3)"
            )
        elif verb == "3bet":
            clauses.append(f"{earlier} = 1")
        elif verb == "4bet":
            clauses.append(f"{earlier} = 2")
        if node.size is not None:
            if verb in ("fold", "check"):
                raise self.error(f"a {verb} has no size", node.size.column)
            clauses.append(self.compare(f"{a}.size", node.size, f"{a}.pot"))
        return clauses

    def actor(self, who: Who, a: str) -> str:
        if who.kind in ("hero", "villain"):
            if not self.hero:
                raise self.error(
                    f"'{who.value}' needs a hero: give a player (--player NAME)", who.column
                )
            return f"{a}.seat = hs.seat" if who.kind == "hero" else f"{a}.seat <> hs.seat"
        s = self.alias("s")
        return (
            f"EXISTS (SELECT 1 FROM seats {s} WHERE {s}.hand = {a}.hand AND {s}.seat = {a}.seat"
            f" AND {self.seat_is_who(who, s)})"
        )

    def seat_is_who(self, who: Who, s: str) -> str:
        if who.kind == "position":
            return f"{s}.position = {self.bind(who.value)}"
        if who.kind == "name":
            return (
                f"{s}.player_id IN (SELECT id FROM players WHERE name = "
                f"{self.bind(who.value)} COLLATE NOCASE)"
            )
        raise AssertionError(who.kind)

    def compare(self, value: str, size: Size, pot: str | None) -> str:
        if size.unit == "pot":
            if pot is None:
                raise self.error("a pot's size is in bb, not a fraction of itself", size.column)
            scale = pot
        else:
            scale = _BB
        return f"{value} {size.cmp} {self.bind(size.number)} * {scale}"

    # -- facts about one seat, of a hand

    def fact(self, node: Node, street: str | None) -> str:
        if node.kind == "pot_kind":
            raises = (
                "(SELECT count(*) FROM hand_actions r WHERE r.hand = h.id AND r.street = 0"
                " AND r.act = 4)"
            )
            if node.word == "limped":
                return (
                    f"({raises} = 0 AND EXISTS (SELECT 1 FROM hand_actions r WHERE"
                    " r.hand = h.id AND r.street = 0 AND r.act = 2))"
                )
            count = {"raised": "= 1", "3bet": "= 2", "4bet": ">= 3"}[node.word]
            return f"{raises} {count}"
        if node.kind == "pot_size":
            assert node.size is not None
            return self.compare("h.total_pot", node.size, None)
        if node.kind == "players":
            return f"h.players {node.word} {self.bind(node.number)}"
        if node.kind == "showdown":
            return "EXISTS (SELECT 1 FROM seats o WHERE o.hand = h.id AND o.went_to_showdown)"
        if node.kind == "texture":
            return self.texture(node)
        assert node.who is not None
        return self.on_seat(node.who, lambda s: self.seat_fact(node, s))

    def on_seat(self, who: Who, condition: Any) -> str:
        """``condition`` (a function of a ``seats`` alias) for the seat(s) ``who`` names:
        the hero's own seat, or some other seat of the hand."""
        if who.kind in ("hero", "villain") and not self.hero:
            raise self.error(
                f"'{who.value}' needs a hero: give a player (--player NAME)", who.column
            )
        if who.kind == "hero":
            return str(condition("hs"))
        s = self.alias("s")
        chosen = f"{s}.seat <> hs.seat" if who.kind == "villain" else self.seat_is_who(who, s)
        return (
            f"EXISTS (SELECT 1 FROM seats {s} WHERE {s}.hand = h.id AND {s}.dealt_in"
            f" AND {chosen} AND {condition(s)})"
        )

    def seat_fact(self, node: Node, s: str) -> str:
        if node.kind == "seat_is":
            word = node.word
            if word == "position":
                return f"{s}.position = {self.bind(node.words[0])}"
            if word == "allin":
                return f"{s}.all_in"
            saw_flop = self.saw(s, "flop")
            o = self.alias("o")
            later = (
                f"EXISTS (SELECT 1 FROM seats {o} WHERE {o}.hand = h.id AND {o}.seat <> {s}.seat"
                f" AND {self.saw(o, 'flop')} AND {_ORDER.format(s=o)} > {_ORDER.format(s=s)})"
            )
            ip = "NOT " if word == "ip" else ""
            return f"(h.button_seat IS NOT NULL AND {saw_flop} AND {ip}{later})"
        if node.kind == "cards":
            return "(" + " AND ".join(self.card_class(s, w, c) for w, c in node.children) + ")"
        if node.kind == "result":
            net = _NET.format(s=s)
            if node.word == "lost":
                net = f"(-{net})"
            if node.size is None:
                return f"{net} > 0"
            return self.compare(net, node.size, "h.total_pot")
        if node.kind == "saw":
            if node.word == "showdown":
                return f"{s}.went_to_showdown"
            return self.saw(s, node.word)
        raise AssertionError(node.kind)

    @staticmethod
    def saw(s: str, street: str) -> str:
        """The seat was dealt in and still in the hand when ``street`` was dealt."""
        if street == "preflop":
            return f"{s}.dealt_in"
        before = [name for name, i in _STREETS.items() if i < _STREETS[street]]
        folded = ", ".join(f"'{name}'" for name in before)
        length = 3 * _BOARD_CARDS[street] - 1
        return (
            f"({s}.dealt_in AND length(h.boards) >= {length}"
            f" AND ({s}.folded_on IS NULL OR {s}.folded_on NOT IN ({folded})))"
        )

    def card_class(self, s: str, word: str, column: int) -> str:
        r1 = f"instr('{_RANKS}', substr({s}.hole_cards, 1, 1))"
        r2 = f"instr('{_RANKS}', substr({s}.hole_cards, 4, 1))"
        u1, u2 = f"substr({s}.hole_cards, 2, 1)", f"substr({s}.hole_cards, 5, 1)"
        two = f"length({s}.hole_cards) = 5"
        if word == "pair":
            test = f"{r1} = {r2}"
        elif word == "suited":
            test = f"{u1} = {u2}"
        elif word == "offsuit":
            test = f"{u1} <> {u2} AND {r1} <> {r2}"
        elif word == "connectors":
            test = f"(abs({r1} - {r2}) = 1 OR {r1} + {r2} = 14 AND abs({r1} - {r2}) = 12)"
        elif word == "broadway":
            test = f"{r1} >= 9 AND {r2} >= 9"
        elif word == "ace":
            test = f"({r1} = 13 OR {r2} = 13)"
        else:
            code = word.upper()
            high, low = _RANKS.index(code[0]) + 1, _RANKS.index(code[1]) + 1
            if high == low and code[2:] == "S":
                raise self.error(f"a pair cannot be suited: {word!r}", column)
            test = f"({r1} = {high} AND {r2} = {low} OR {r1} = {low} AND {r2} = {high})"
            if code[2:] == "S":
                test += f" AND {u1} = {u2}"
            elif code[2:] == "O":
                test += f" AND {u1} <> {u2}"
        return f"({two} AND {test})"

    # -- the board

    def texture(self, node: Node) -> str:
        board = node.street or "board"
        if board == "preflop":
            raise self.error("no board before the flop", node.column)
        if board == "board":
            cases = [(k, f"length(h.boards) {'>=' if k == 5 else '='} {3 * k - 1}")
                     for k in (3, 4, 5)]  # fmt: skip
            # a run-it-twice board is longer: its first run is the first 14 characters
            return "(" + " OR ".join(
                f"({when} AND {self.cards_texture(node.word, k)})" for k, when in cases
            ) + ")"  # fmt: skip
        k = _BOARD_CARDS[board]
        return f"(length(h.boards) >= {3 * k - 1} AND {self.cards_texture(node.word, k)})"

    @staticmethod
    def cards_texture(word: str, k: int) -> str:
        ranks = [f"substr(h.boards, {3 * i + 1}, 1)" for i in range(k)]
        suits = [f"substr(h.boards, {3 * i + 2}, 1)" for i in range(k)]
        if word in ("paired", "unpaired"):
            pairs = " OR ".join(
                f"{ranks[i]} = {ranks[j]}" for i in range(k) for j in range(i + 1, k)
            )
            return f"({pairs})" if word == "paired" else f"NOT ({pairs})"
        if word in ("monotone", "twotone", "rainbow"):
            counts = ", ".join(
                "(" + " + ".join(f"({u} = '{suit}')" for u in suits) + f") AS c{suit}"
                for suit in "cdhs"
            )
            test = {"monotone": ">= 3", "twotone": "= 2", "rainbow": "= 1"}[word]
            return f"(SELECT max(cc, cd, ch, cs) {test} FROM (SELECT {counts}))"
        if word == "connected":
            bits = " | ".join(f"(1 << instr('{_RANKS}', {r})) | (({r} = 'A') << 0)" for r in ranks)
            windows = " OR ".join(
                "(" + " + ".join(f"((m >> {low + i}) & 1)" for i in range(5)) + ") >= 3"
                for low in range(10)
            )
            return f"(SELECT {windows} FROM (SELECT {bits} AS m))"
        raise AssertionError(word)


# -- the hero and saved filters --------------------------------------------------------------


def hero_ids(conn: sqlite3.Connection, name: str | None) -> tuple[int, ...] | None:
    """The hero's accounts: a person's (``pokerhh alias``), one account's (``SITE:NAME``),
    else the players named ``name`` (any case, any room), as ``pokerhh stats --player``
    reads it; without a name the database's own hero (:func:`database_hero`), None if it
    has none."""
    if name is None:
        found = database_hero(conn)
        return None if found is None else (found,)
    from analytics.stats.people import resolve
    from analytics.store.people import AliasError, account_ids

    try:
        subject = resolve(conn, name)
    except AliasError:  # SITE:NAME of a room where no one has that name
        return ()
    if subject.kind != "name":
        return tuple(account_ids(conn, subject.accounts))
    rows = conn.execute(
        "SELECT id FROM players WHERE name = ? COLLATE NOCASE ORDER BY id", (name,)
    ).fetchall()
    return tuple(r[0] for r in rows)


def database_hero(conn: sqlite3.Connection) -> int | None:
    """The player whose cards the latest hands show most often (a hand history shows its
    owner his own cards every hand, the others' at a showdown): the hero of the files,
    read in the latest 2,000 hands, ties to the lowest id."""
    row = conn.execute(
        """
        SELECT s.player_id FROM (SELECT id FROM hands WHERE status = 'ok'
                                 ORDER BY started_at DESC LIMIT 2000) l
        JOIN seats s ON s.hand = l.id
        JOIN players p ON p.id = s.player_id
        WHERE s.hole_cards IS NOT NULL AND NOT p.anonymous
        GROUP BY s.player_id ORDER BY count(*) DESC, s.player_id LIMIT 1
        """
    ).fetchone()
    return None if row is None else int(row[0])


class UnknownFilter(LookupError):
    """No saved filter has this name."""


def save_filter(conn: sqlite3.Connection, name: str, expression: str) -> None:
    """Save ``expression`` (checked: it must parse) as ``name``, replacing one of that name."""
    parse(expression)
    conn.execute(
        "INSERT INTO saved_filters (name, expression, saved_at)"
        " VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))"
        " ON CONFLICT (name) DO UPDATE SET expression = excluded.expression,"
        " saved_at = excluded.saved_at",
        (name, expression),
    )


def saved_filter(conn: sqlite3.Connection, name: str) -> str:
    row = conn.execute("SELECT expression FROM saved_filters WHERE name = ?", (name,)).fetchone()
    if row is None:
        names = [r[0] for r in conn.execute("SELECT name FROM saved_filters ORDER BY name")]
        known = f" (saved: {', '.join(names)})" if names else " (none is saved)"
        raise UnknownFilter(f"no saved filter {name!r}{known}")
    return str(row[0])


def saved_filters(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    return [
        (str(n), str(e))
        for n, e in conn.execute("SELECT name, expression FROM saved_filters ORDER BY name")
    ]
