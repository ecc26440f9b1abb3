"""The query language's grammar and compiler (issue 25 item 2): what it reads, what it
refuses and where it says the error is."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.query.compile import (
    Node,
    QueryError,
    compile_query,
    parse,
)

EXAMPLE = (
    "pot is 3bet and hero called preflop and hero is oop and turn: villain bets and hero calls"
)


def _parts(node: Node) -> list[tuple[str, str | None, str]]:
    """A conjunction's items: (kind, street mark, word)."""
    assert node.kind == "and"
    return [(p.node.kind, p.street, p.node.word) for p in node.children]


def test_the_example_reads_as_written() -> None:
    parts = _parts(parse(EXAMPLE))
    assert parts == [
        ("pot_kind", None, "3bet"),
        ("action", None, "call"),
        ("seat_is", None, "oop"),
        ("action", "turn", "bet"),
        ("action", None, "call"),
    ]


def test_pot_is_3bet_alone() -> None:
    node = parse("pot is 3bet")
    assert _parts(node) == [("pot_kind", None, "3bet")]
    found = compile_query("pot is 3bet")
    assert "hand_actions" in found.sql
    assert found.params == ()


def test_words_are_read_in_any_case() -> None:
    assert _parts(parse("POT IS 3BET and Hero Is OOP")) == _parts(
        parse("pot is 3bet and hero is oop")
    )


def test_a_street_mark_holds_until_the_next_mark_or_the_end_of_its_conjunction() -> None:
    node = parse("flop: hero checks and villain bets and river: hero folds")
    assert [s for _, s, _ in _parts(node)] == ["flop", None, "river"]
    # in parentheses, the mark ends with them
    node = parse("(turn: villain bets) and hero calls")
    assert node.children[1].street is None
    assert node.children[0].node.kind == "and"


def test_the_actions_of_a_street_are_chained_in_order() -> None:
    """``turn: villain bets and hero calls``: the call after the bet (nested EXISTS with
    an ``n >`` of the bet's); without a mark, ``and`` does not order, ``then`` does."""
    ordered = compile_query("turn: villain bets and hero calls", [1]).sql
    assert ordered.count("EXISTS (SELECT 1 FROM hand_actions") == 2
    assert ".n > a" in ordered
    unordered = compile_query("villain bets and hero calls", [1]).sql
    assert ".n > a" not in unordered
    assert ".n > a" in compile_query("villain bets then hero calls", [1]).sql


def test_values_are_bound_parameters_never_sql_text() -> None:
    name = "O'Brien; DROP TABLE hands --"
    found = compile_query(f'"{name}" raises > 2.5bb preflop and pot > 20bb', [7])
    assert name not in found.sql
    assert "2.5" not in found.sql
    assert found.params == (7, name, 2.5, 20.0)


@pytest.mark.parametrize(
    ("query", "column", "message"),
    [
        ("pot is 5bet", 8, "unexpected '5bet' (expected a pot kind)"),
        ("pot is big", 8, "unknown word 'big'"),
        ("hero flopp", 6, "unknown word 'flopp'"),
        ("pot is 3bet and hero calls and", 31, "ends too soon"),
        ("(hero calls", 12, "ends too soon"),
        ("hero calls > 2bb pot", 18, "unexpected 'pot'"),
        ("hero checks > 2bb", 13, "a check has no size"),
        ("hero has AAs", 10, "a pair cannot be suited"),
        ("pot > 0.5 pot", 5, "pot's size is in bb"),
        ("hero limps flop", 6, "pre-flop action"),
        ("hero calls 2bb", 12, "unexpected '2bb'"),
        ("", 1, "empty"),
        ("pot is 3bet or or hero calls", 16, "unexpected 'or'"),
        ("preflop is paired", 1, "no board before the flop"),
    ],
)
def test_an_error_says_its_column(query: str, column: int, message: str) -> None:
    with pytest.raises(QueryError) as caught:
        compile_query(query, [1])
    error = caught.value
    assert error.column == column
    assert message in error.message
    # the located form: the expression, then a caret under the column
    lines = str(error).splitlines()
    assert lines[1] == f"  {query}"
    assert lines[2] == "  " + " " * (column - 1) + "^"


def test_hero_and_villain_need_a_hero() -> None:
    with pytest.raises(QueryError, match="needs a hero") as caught:
        compile_query("pot is raised and villain bets", None)
    assert caught.value.column == 19
    compile_query("pot is raised and btn bets", None)  # a position needs none


@pytest.mark.parametrize(
    "query",
    [
        "hero bets > 0.5 pot",
        "pot > 20bb",
        "hero has suited connectors or hero has AKs or hero has TT",
        "flop is monotone and turn is two-tone and river is paired",
        "board is connected and not board is unpaired",
        "hero won > 10bb and showdown",
        "hero lost >= 0.5 pot",
        "hero saw river and not hero went to showdown",
        "hero is all-in or villain is allin",
        "hero 3bets and villain 4bets",
        "bb limps and utg+1 raises and mp+1 folds and co calls and lj checks",
        "players >= 5 and hero is btn",
        "river: hero bets and villain raises then hero folds",
        '"Pluribus" raises preflop',
    ],
)
def test_every_word_compiles_to_sql_sqlite_accepts(query: str, tmp_path: Path) -> None:
    from analytics.store.db import connect

    db = connect(tmp_path / "empty.sqlite")
    try:
        found = compile_query(query, [1])
        assert db.conn.execute(found.sql, found.params).fetchall() == []
    finally:
        db.close()


def test_the_board_and_cards_select_the_hands_they_name() -> None:
    """The texture and card SQL on hand-made rows (no import): one hand per case."""
    conn = sqlite3.connect(":memory:")
    conn.executescript(
        """
        CREATE TABLE hands (id INTEGER PRIMARY KEY, status TEXT, boards TEXT,
                            big_blind INTEGER, small_bet INTEGER, total_pot INTEGER,
                            button_seat INTEGER, players INTEGER);
        CREATE TABLE seats (hand INTEGER, seat INTEGER, player_id INTEGER, dealt_in INTEGER,
                            hole_cards TEXT, position TEXT, folded_on TEXT, all_in INTEGER,
                            collected INTEGER, cashed_out INTEGER, invested INTEGER,
                            went_to_showdown INTEGER);
        """
    )
    boards = {
        1: "Ah Kh 2h", 2: "Ah Kd 2h", 3: "Ah Kd 2c", 4: "Ah Ad 7c", 5: "9h 8d 2c 5s",
        6: "Ah 2d 3c", 7: "Kh Qd 9c 4s 4h", 8: "",
    }  # fmt: skip
    cards = {1: "Ah Kh", 2: "7c 7d", 3: "9s 8s", 4: "As 2s", 5: "Kd Qc", 6: None,
             7: "Ah Kh Qd Jd", 8: "Td 9c"}  # fmt: skip
    for key, board in boards.items():
        conn.execute("INSERT INTO hands VALUES (?, 'ok', ?, 10, NULL, 100, 1, 2)", (key, board))
        conn.execute(
            "INSERT INTO seats VALUES (?, 1, 1, 1, ?, 'BTN', NULL, 0, 0, 0, 10, 0)",
            (key, cards[key]),
        )

    def selected(query: str) -> set[int]:
        found = compile_query(query, [1])
        return {r[0] for r in conn.execute(found.sql, found.params)}

    assert selected("flop is monotone") == {1}
    assert selected("flop is two-tone") == {2}
    assert selected("flop is rainbow") == {3, 4, 5, 6, 7}
    assert selected("flop is paired") == {4}
    assert selected("board is paired") == {4, 7}
    assert selected("turn is paired") == set()  # 4 has no turn, 7 pairs on the river
    assert selected("river is paired") == {7}
    assert selected("flop is connected") == {6, 7}  # A-2-3 (the wheel), K-Q-9
    assert selected("turn is connected") == {5, 7}  # 9-8-5, K-Q-9
    assert selected("hero has suited") == {1, 3, 4}
    assert selected("hero has pair") == {2}
    assert selected("hero has connectors") == {1, 3, 4, 5, 8}  # A-K, 9-8, A-2, K-Q, T-9
    assert selected("hero has broadway") == {1, 5}
    assert selected("hero has AK") == selected("hero has AKs") == {1}
    assert selected("hero has AKo") == set()
    assert selected("hero has ace") == {1, 4}  # the omaha hand is not a two-card hand
