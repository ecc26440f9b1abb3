"""Times as rooms write them (a date, a clock, a zone abbreviation or none) -> UTC.

Every room writes its own zone names, or none (then the room's default zone applies, a
house rule its ``Room`` record documents). The conversion is cached per day: a file's hands
share a few days, and ``zoneinfo`` costs ten times a fixed offset.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from parser.model.header import HeaderError

#: Time-zone abbreviations PokerStars writes, and the zone each stands for (with its DST).
TIME_ZONES: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "NT": "America/St_Johns",
    "AKT": "America/Anchorage",
    "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "HKT": "Asia/Hong_Kong",
    "SGT": "Asia/Singapore",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}


def _zone(abbreviation: str) -> ZoneInfo:
    name = TIME_ZONES.get(abbreviation.upper())
    if name is None:
        raise HeaderError(f"unknown time zone {abbreviation!r}")
    return ZoneInfo(name)  # ZoneInfo caches its instances


#: (date, zone) -> the zone's UTC offset that whole day, or None when it changes that day.
_DAY_OFFSETS: dict[tuple[str, str], timedelta | None] = {}


def _day_offset(date: str, tz: str) -> timedelta | None:
    """The UTC offset of zone ``tz`` all day on ``date``, None on a day it changes (DST):
    converting through it is ``astimezone``'s answer at a tenth of the cost."""
    key = (date, tz)
    if key in _DAY_OFFSETS:
        return _DAY_OFFSETS[key]
    zone = _zone(tz)
    year, month, day = (int(part) for part in date.split("/"))
    try:
        start = datetime(year, month, day, tzinfo=zone).utcoffset()
        end = datetime(year, month, day, 23, 59, 59, tzinfo=zone).utcoffset()
    except ValueError:  # not a date: _when says so
        return None
    offset = start if start == end else None
    if len(_DAY_OFFSETS) > 10_000:
        _DAY_OFFSETS.clear()
    _DAY_OFFSETS[key] = offset
    return offset


#: (date, zone) -> the date's (year, month, day) and :func:`_day_offset`: a file's hands
#: share a few days.
_DAYS: dict[tuple[str, str], tuple[int, int, int, timedelta | None]] = {}


def local_time(date: str, clock: str, tz: str | None, default: str = "ET") -> datetime:
    """``date`` (``Y/M/D``) and ``clock`` (``H:MM[:SS]``) in zone ``tz`` (an abbreviation of
    :data:`TIME_ZONES`; ``default`` when the text names none) as a UTC time."""
    key = (date, tz or default)
    day = _DAYS.get(key)
    if day is None:
        offset = _day_offset(*key)  # raises for an unknown zone, as _zone does
        year, month, dd = date.split("/")
        day = (int(year), int(month), int(dd), offset)
        if len(_DAYS) > 10_000:
            _DAYS.clear()
        _DAYS[key] = day
    year_, month_, day_, offset = day
    parts = clock.split(":")
    second = int(parts[2]) if len(parts) > 2 else 0
    try:
        if offset is not None:  # the day's one offset, known: no zoneinfo lookup
            # tzinfo given positionally: datetime's keyword parsing costs more than the rest
            return (
                datetime(year_, month_, day_, int(parts[0]), int(parts[1]), second, 0, UTC) - offset
            )
        naive = datetime(year_, month_, day_, int(parts[0]), int(parts[1]), second)
    except ValueError as exc:
        raise HeaderError(f"invalid time '{date} {clock}'") from exc
    return naive.replace(tzinfo=_zone(key[1])).astimezone(UTC)
