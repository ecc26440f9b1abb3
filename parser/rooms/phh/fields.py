"""A PHH hand's TOML fields, read and checked: variant, forced bets, stacks, players, metadata.

Numbers are read with ``parse_float=Decimal`` and converted to integers of the hand's
smallest unit exactly: the unit is 100 (cents) when the hand names an ISO currency or writes
any amount with decimals, else 1 (chips). An amount with more than two decimals, or an
unknown (``inf``) stack, cannot be stored exactly and is a ``ParseError``, not a rounding.

``VARIANTS`` maps each PHH variant code (uoftcprg/phh-std, "Required Fields") to its row of
``parser.model.games.GAME_SPECS``; ``REQUIRED`` says which fields each one needs.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime, time
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: PHH variant code -> ``GAME_SPECS`` code.
VARIANTS: dict[str, str] = {
    "FT": "FLHE",
    "NT": "NLHE",
    "NS": "NLSD",
    "PO": "PLO",
    "FO/8": "FLO8",
    "F7S": "FL7S",
    "F7S/8": "FL7S8",
    "FR": "FLRAZZ",
    "N2L1D": "NL27SD",
    "F2L3D": "FL27TD",
    "FB": "FLBADUGI",
}
#: ``GAME_SPECS`` code -> PHH variant code (the writer's table).
CODES: dict[str, str] = {code: variant for variant, code in VARIANTS.items()}

_BLINDS = ("antes", "blinds_or_straddles")
_FIXED = ("small_bet", "big_bet")
_STUD = ("antes", "bring_in", "small_bet", "big_bet")
#: The fields each variant requires besides ``variant``, ``starting_stacks`` and ``actions``.
REQUIRED: dict[str, tuple[str, ...]] = {
    "FT": (*_BLINDS, *_FIXED),
    "NT": (*_BLINDS, "min_bet"),
    "NS": (*_BLINDS, "min_bet"),
    "PO": (*_BLINDS, "min_bet"),
    "FO/8": (*_BLINDS, *_FIXED),
    "F7S": _STUD,
    "F7S/8": _STUD,
    "FR": _STUD,
    "N2L1D": (*_BLINDS, "min_bet"),
    "F2L3D": (*_BLINDS, *_FIXED),
    "FB": (*_BLINDS, *_FIXED),
}
#: ISO 4217 codes are three capital letters; anything else (or none) is chips.
_ISO_CURRENCY = re.compile(r"[A-Z]{3}")
_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")
#: The largest unit an exact amount may need: cents.
_CENTS = 100


class FieldError(ValueError):
    """A field that is missing, of the wrong type or length, or not exact in minor units;
    ``key`` names the field (the caller finds its line)."""

    def __init__(self, key: str | None, message: str, line: int | None = None) -> None:
        self.key = key
        self.line = line
        super().__init__(message)


def load(text: str) -> dict[str, Any]:
    """The hand's table: the whole document, or the one table of a ``.phhs`` fragment."""
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        where = _TOML_WHERE.search(str(error))
        line = int(where[1]) if where else None
        message = _TOML_WHERE.sub("", str(error)).strip()
        raise FieldError(None, f"not valid TOML: {message}", line) from None
    if "variant" not in document:
        tables = [v for v in document.values() if isinstance(v, dict)]
        if len(tables) == 1 and len(document) == 1:
            return tables[0]
    return document


@dataclass(frozen=True, slots=True, kw_only=True)
class Fields:
    """The checked fields of one hand, amounts in minor units."""

    variant: str
    game: str
    unit: int
    currency: str
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    bring_in: int | None
    small_bet: int | None
    big_bet: int | None
    min_bet: int | None
    stacks: tuple[int, ...]
    actions: tuple[str, ...]
    live: tuple[str, ...]
    players: tuple[str, ...]
    seats: tuple[int, ...]
    started_at: datetime | None
    table: str
    seat_count: int | None
    hand: str | None
    site: str | None
    level: str | None
    tournament: str | None


def read_fields(doc: dict[str, Any]) -> Fields:
    """Check the fields of ``doc`` (the hand's table) and convert every amount exactly."""
    variant = _get(doc, "variant", str)
    if variant not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise FieldError("variant", f"unknown PHH variant {variant!r} (known: {known})")
    for key in (*REQUIRED[variant], "starting_stacks", "actions"):
        if key not in doc:
            raise FieldError(None, f"{variant} needs the field {key!r}")
    stacks_raw = _numbers(doc, "starting_stacks")
    n = len(stacks_raw)
    if n < 2:
        raise FieldError("starting_stacks", "a hand needs at least two players")
    money: dict[str, Decimal | list[Decimal]] = {"starting_stacks": stacks_raw}
    for key in ("antes", "blinds_or_straddles"):
        if key in doc:
            values = _numbers(doc, key)
            if len(values) != n:
                raise FieldError(key, f"{key} has {len(values)} values for {n} players")
            money[key] = values
    for key in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if key in doc:
            money[key] = _number(doc, key)
    actions = tuple(_strings(doc, "actions"))
    live = tuple(_strings(doc, "_live")) if "_live" in doc else ()
    currency_field = doc.get("currency")
    if currency_field is not None and not isinstance(currency_field, str):
        raise FieldError("currency", "currency must be a string")
    unit = _unit(money, actions, currency_field)
    stacks = tuple(_units(v, unit, "starting_stacks") for v in stacks_raw)
    if any(s <= 0 for s in stacks):
        raise FieldError("starting_stacks", "every starting stack must be positive")

    def amounts(key: str) -> tuple[int, ...]:
        values = money.get(key)
        assert values is None or isinstance(values, list)
        return tuple(_units(v, unit, key) for v in values) if values else (0,) * n

    def amount(key: str) -> int | None:
        value = money.get(key)
        assert value is None or isinstance(value, Decimal)
        return None if value is None else _units(value, unit, key)

    players = _players(doc, n)
    seats = _seats(doc, n)
    if currency_field and _ISO_CURRENCY.fullmatch(currency_field):
        currency = currency_field
    else:
        currency = "CHIPS"
    return Fields(
        variant=variant,
        game=VARIANTS[variant],
        unit=unit,
        currency=currency,
        antes=amounts("antes"),
        blinds=amounts("blinds_or_straddles"),
        bring_in=amount("bring_in"),
        small_bet=amount("small_bet"),
        big_bet=amount("big_bet"),
        min_bet=amount("min_bet"),
        stacks=stacks,
        actions=actions,
        live=live,
        players=players,
        seats=seats,
        started_at=_started_at(doc),
        table=str(doc["table"]) if "table" in doc else "",
        seat_count=_optional_int(doc, "seat_count"),
        hand=str(doc["hand"]) if "hand" in doc else None,
        site=_site(doc),
        level=str(doc["level"]) if "level" in doc else None,
        tournament=str(doc["_tournament"]) if "_tournament" in doc else None,
    )


def _get(doc: dict[str, Any], key: str, kind: type) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise FieldError(key, f"{key} must be a {kind.__name__}, not {value!r}")
    return value


def _number(doc: dict[str, Any], key: str) -> Decimal:
    return _as_decimal(doc[key], key)


def _as_decimal(value: object, key: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise FieldError(key, f"{key} must hold numbers, not {value!r}")
    number = Decimal(value)
    if not number.is_finite():
        raise FieldError(key, f"{key}: {value} is not an amount pokerhh can store (unknown)")
    return number


def _numbers(doc: dict[str, Any], key: str) -> list[Decimal]:
    values = doc[key]
    if not isinstance(values, list):
        raise FieldError(key, f"{key} must be an array of numbers")
    return [_as_decimal(v, key) for v in values]


def _strings(doc: dict[str, Any], key: str) -> list[str]:
    values = doc[key]
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise FieldError(key, f"{key} must be an array of strings")
    return values


def _decimals(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def _unit(
    money: dict[str, Decimal | list[Decimal]], actions: tuple[str, ...], currency: str | None
) -> int:
    """100 if the hand names an ISO currency or writes any amount with decimals, else 1."""
    if currency and _ISO_CURRENCY.fullmatch(currency):
        return _CENTS
    values = [v for x in money.values() for v in (x if isinstance(x, list) else [x])]
    if any(_decimals(v) for v in values):
        return _CENTS
    for action in actions:
        words = action.split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr" and "." in words[2]:
            return _CENTS
    return 1


def _units(value: Decimal, unit: int, key: str) -> int:
    scaled = value * unit
    if scaled != scaled.to_integral_value():
        smallest = "a cent" if unit == _CENTS else "a chip"
        raise FieldError(key, f"{key}: {value} is finer than {smallest}")
    return int(scaled)


def to_units(value: Decimal, unit: int) -> int | None:
    """An action's amount in minor units, or None when it is finer than the unit."""
    scaled = value * unit
    return int(scaled) if scaled == scaled.to_integral_value() else None


def _players(doc: dict[str, Any], n: int) -> tuple[str, ...]:
    if "players" not in doc:
        return tuple(f"p{i}" for i in range(1, n + 1))
    names = _strings(doc, "players")
    if len(names) != n:
        raise FieldError("players", f"players has {len(names)} names for {n} players")
    if len(set(names)) != n:
        raise FieldError("players", "two players have the same name")
    return tuple(names)


def _seats(doc: dict[str, Any], n: int) -> tuple[int, ...]:
    if "seats" not in doc:
        return tuple(range(1, n + 1))
    seats = doc["seats"]
    if not isinstance(seats, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in seats
    ):
        raise FieldError("seats", "seats must be an array of positive integers")
    if len(seats) != n or len(set(seats)) != n:
        raise FieldError("seats", f"seats must give {n} different seat numbers")
    # p1 sits left of the button and the last player has it: clockwise, seat numbers rise
    # from p1 (wrapping round once).
    start = seats.index(min(seats))
    if seats[start:] + seats[:start] != sorted(seats):
        raise FieldError("seats", "seats must go clockwise from p1 (left of the button)")
    return tuple(seats)


def _optional_int(doc: dict[str, Any], key: str) -> int | None:
    if key not in doc:
        return None
    return int(_get(doc, key, int))


def _site(doc: dict[str, Any]) -> str | None:
    for key in ("_site", "venue"):
        value = doc.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _started_at(doc: dict[str, Any]) -> datetime | None:
    """The hand's start in UTC, when the day is known (``year``, ``month``, ``day``)."""
    if not all(isinstance(doc.get(k), int) for k in ("year", "month", "day")):
        return None
    clock = doc.get("time")
    if not isinstance(clock, time):
        clock = time()
    zone_name = doc.get("time_zone")
    zone: Any = UTC
    if isinstance(zone_name, str):
        try:
            zone = ZoneInfo(zone_name)
        except (ZoneInfoNotFoundError, ValueError):
            raise FieldError("time_zone", f"unknown time zone {zone_name!r}") from None
    try:
        local = datetime(doc["year"], doc["month"], doc["day"], clock.hour, clock.minute,
                         clock.second, tzinfo=zone)  # fmt: skip
    except ValueError as error:
        raise FieldError("day", f"not a date: {error}") from None
    return local.astimezone(UTC)
