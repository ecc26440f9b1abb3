"""Money text -> int of the smallest unit, through Decimal, losing nothing."""

from __future__ import annotations

import pytest

from parser.kit.money import MoneyError, currency_of, to_units, to_units_floor


@pytest.mark.parametrize(
    ("text", "unit", "expected"),
    [
        ("$1,646.95", 100, 164695),
        ("€0.10", 100, 10),
        ("£5", 100, 500),
        ("¥4", 100, 400),
        ("₹136.50", 100, 13650),
        ("EUR0.50", 100, 50),
        ("$0.5", 100, 50),
        ("$60.00", 100, 6000),
        ("1,500", 1, 1500),
        ("1,234,567", 1, 1234567),
        ("250.0", 1, 250),
        ("0", 1, 0),
        ("10000", 1, 10000),
    ],
)
def test_to_units(text: str, unit: int, expected: int) -> None:
    assert to_units(text, unit) == expected


@pytest.mark.parametrize(
    ("text", "unit", "message"),
    [
        ("$0.005", 100, "amount '$0.005' has a fraction of the smallest unit (1/100)"),
        ("674.5", 1, "amount '674.5' has a fraction of the smallest unit (1/1)"),
        ("1.2.3", 1, "invalid amount '1.2.3'"),
        ("12,34", 1, "invalid amount '12,34'"),
        ("abc", 100, "invalid amount 'abc'"),
        ("XYZ5", 100, "invalid amount 'XYZ5'"),
        ("", 100, "invalid amount ''"),
        ("-5", 1, "invalid amount '-5'"),
    ],
)
def test_to_units_rejects(text: str, unit: int, message: str) -> None:
    with pytest.raises(MoneyError) as caught:
        to_units(text, unit)
    assert str(caught.value).startswith(message)


def test_money_error_is_a_value_error() -> None:
    assert issubclass(MoneyError, ValueError)


@pytest.mark.parametrize(
    ("text", "unit", "expected"),
    [
        ("674.5", 1, (674, False)),
        ("250.0", 1, (250, True)),
        ("$0.125", 100, (12, False)),
        ("$1.25", 100, (125, True)),
    ],
)
def test_to_units_floor_reports_fractions(text: str, unit: int, expected: tuple[int, bool]) -> None:
    assert to_units_floor(text, unit) == expected


def test_to_units_floor_still_rejects_non_numbers() -> None:
    with pytest.raises(MoneyError):
        to_units_floor("five", 1)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("$1", "USD"),
        ("€0.10", "EUR"),
        ("£5", "GBP"),
        ("¥4", "CNY"),
        ("₹1", "INR"),
        ("EUR0.50", "EUR"),
        ("1,500", None),
        ("nonsense", None),
    ],
)
def test_currency_of(text: str, code: str | None) -> None:
    assert currency_of(text) == code
