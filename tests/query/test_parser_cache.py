"""The query grammar's built parser is kept between commands (issue 25 acceptance 2): a
second process loads it instead of building the LALR tables again, a file that is not its
own (another grammar, garbage) is never used, and a folder that cannot be written only
costs the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.query.parser_cache import CACHE_ENV, cached_parser

GRAMMAR = """
start: WORD ("and" WORD)*
%import common.WORD
%import common.WS
%ignore WS
"""


def _words(parser) -> list[str]:
    return [str(token) for token in parser.parse("pot and bet").children]


def test_the_second_parser_is_loaded_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    built = cached_parser("t", GRAMMAR, propagate_positions=True)
    saved = tmp_path / "t.lark-parser"
    assert saved.is_file()
    stamp = saved.stat().st_mtime_ns
    loaded = cached_parser("t", GRAMMAR, propagate_positions=True)
    assert loaded is not built
    assert saved.stat().st_mtime_ns == stamp  # read, not written again
    assert _words(loaded) == _words(built) == ["pot", "bet"]
    assert loaded.options.propagate_positions


def test_a_file_built_from_another_grammar_or_broken_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    cached_parser("t", GRAMMAR)
    other = GRAMMAR.replace('"and"', '"or"')
    assert [str(t) for t in cached_parser("t", other).parse("pot or bet").children] == [
        "pot", "bet"
    ]
    (tmp_path / "t.lark-parser").write_bytes(b"garbage\n\x80\x04junk")
    assert _words(cached_parser("t", GRAMMAR)) == ["pot", "bet"]
    # The broken file was replaced by a good one.
    assert (tmp_path / "t.lark-parser").read_bytes().split(b"\n")[0] != b"garbage"


def test_a_cache_folder_that_cannot_be_written_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "cache"))
    assert _words(cached_parser("t", GRAMMAR)) == ["pot", "bet"]
