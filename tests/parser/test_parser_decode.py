"""Bytes -> text: every encoding hand histories come in, strictly, with normalised lines."""

from __future__ import annotations

import codecs

import pytest

from parser import decode
from parser.model.errors import DecodeError

TEXT = "Seat 1: Sr Radío (€10 in chips)\nSeat 2: 身轻如燕 (€5 in chips)\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        codecs.BOM_UTF8 + TEXT.encode("utf-8"),
        TEXT.encode("utf-16"),  # with a BOM, native order
        codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
        codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
        TEXT.encode("utf-16-le"),  # no BOM: told by its NUL bytes
        TEXT.encode("utf-16-be"),
    ],
    ids=[
        "utf-8",
        "utf-8-sig",
        "utf-16",
        "utf-16-le-bom",
        "utf-16-be-bom",
        "utf-16-le",
        "utf-16-be",
    ],
)
def test_unicode_encodings(data: bytes) -> None:
    assert decode(data, "h.txt") == TEXT


def test_cp1252() -> None:
    text = "Seat 1: Sr Radío (€10 in chips)\nPlayer: posts small blind ¥4\n"
    assert decode(text.encode("cp1252"), "h.txt") == text


def test_cp1252_undefined_bytes_read_as_latin1() -> None:
    # 0x81, 0x8D, 0x8F, 0x90, 0x9D are undefined in cp1252; € (0x80) makes it cp1252.
    assert decode(b"\x80 \x81\x8d\x8f\x90\x9d", "h.txt") == "€ \x81\x8d\x8f\x90\x9d"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"a\r\nb\r\n", "a\nb\n"),
        (b"a\rb\r", "a\nb\n"),
        (b"a\r\nb\nc\rd", "a\nb\nc\nd"),
        (b"Ante\xa0$0.25", "Ante $0.25"),  # cp1252 no-break space
        ("Ante\u00a0$0.25".encode(), "Ante $0.25"),  # UTF-8 no-break space
        (codecs.BOM_UTF8 + b"x\r\n" + codecs.BOM_UTF8 + b"y", "x\ny"),  # BOM mid-file
    ],
)
def test_normalises_lines_and_spaces(data: bytes, expected: str) -> None:
    assert decode(data, "h.txt") == expected


def test_binary_data_is_a_decode_error() -> None:
    with pytest.raises(DecodeError) as caught:
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x01\x02\x03", "pic.png")
    assert (
        str(caught.value) == "pic.png: cannot decode: binary data (NUL bytes, and not UTF-16 text)"
    )
    assert caught.value.path == "pic.png"


def test_broken_utf8_after_bom_is_a_decode_error() -> None:
    with pytest.raises(DecodeError, match=r"h\.txt: cannot decode: UTF-8 BOM but invalid UTF-8"):
        decode(codecs.BOM_UTF8 + b"ok \xff\xfe", "h.txt")


def test_broken_utf16_is_a_decode_error() -> None:
    with pytest.raises(DecodeError, match="UTF-16 BOM but invalid UTF-16"):
        decode(codecs.BOM_UTF16_LE + "ab".encode("utf-16-le") + b"\x00\xd8", "h.txt")
