"""Time zones and user-supplied times.

* :func:`get_zone` turns an IANA name into a ``tzinfo``; unknown names raise
  :class:`~pyconf_schedule.exceptions.UnknownZoneError` with suggestions.
* :func:`parse_instant` and :func:`parse_day` read what users pass to queries:
  aware datetimes, dates and ISO 8601 strings.  A naive value is read in the
  zone the schedule is viewed in; a wall time that a DST change makes
  ambiguous or impossible is refused, never guessed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from typing import TYPE_CHECKING, TypeGuard, TypeVar

from .exceptions import AmbiguousTimeError, TimeParseError, UnknownZoneError

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo

__all__ = [
    "utc",
    "TimeLike",
    "DayLike",
    "day_bounds",
    "format_datetime",
    "get_zone",
    "localize",
    "parse_datetime",
    "parse_day",
    "parse_instant",
    "search_tzdata_folder",
    "zone_name",
]

_R = TypeVar("_R")

TimeLike = datetime | date | str
"""What a query accepts as a moment: an aware or naive datetime, a date, or ISO 8601 text."""

DayLike = date | str
"""What a query accepts as a calendar day: a date (or datetime) or ``"YYYY-MM-DD"``."""

# Patterns are compiled on first use (re caches them), not at import.
_BRACKET = r"^(?P<iso>[^\[\]]+)\[(?P<zone>[^\[\]]+)\]$"
_EXAMPLES = "'2026-04-08 11:10', '2026-04-08T11:10+02:00' or '2026-04-08T09:10Z'"


# Names tzdata ships that are not zones a schedule can be in.
_PSEUDO_ZONES = frozenset({"localtime", "factory", "posixrules"})
_OFFSET = r"^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$"


_ZERO_OFFSET = frozenset({"UTC", "GMT", "Z"})
"""Abbreviations taken as zones: they mean UTC+00:00 (GMT is also London's winter clock, and means UTC here)."""


@lru_cache(maxsize=1)
def search_tzdata_folder() -> str | None:
    """Let zoneinfo search the ``tzdata`` package's folder when it has no folder of zone files to search.

    Without system zone data (or with ``PYTHONTZPATH`` empty) zoneinfo finds
    each zone in ``tzdata`` through :mod:`importlib.resources`, whose first
    use imports ``zipfile``, ``tempfile``, ``shutil``, ``pathlib`` and
    ``urllib.parse``.  The same files lie in the package's ``zoneinfo``
    folder: when ``zoneinfo.TZPATH`` is empty and that folder exists, it
    becomes the search path (:func:`zoneinfo.reset_tzpath`), so zoneinfo
    opens the file directly.  Zones and their data are the same; a
    ``TZPATH`` that is set is never changed.  Returns the folder it set.
    """
    import os
    import zoneinfo
    from importlib.machinery import PathFinder  # imported at start-up; importlib.util would cost more

    if zoneinfo.TZPATH:
        return None
    spec = PathFinder.find_spec("tzdata")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = os.path.join(location, "zoneinfo")
        if os.path.isabs(folder) and os.path.isfile(os.path.join(folder, "UTC")):
            zoneinfo.reset_tzpath([folder])
            return folder
    return None


@lru_cache(maxsize=256)
def _zone_from_name(name: str) -> tzinfo:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # here: importing zoneinfo reads sysconfig (about 3 ms)

    search_tzdata_folder()
    if name.upper() in {"UTC", "Z"}:
        return ZoneInfo("UTC")
    if name.isascii() and name.isalpha() and 2 <= len(name) <= 6 and name.upper() not in _ZERO_OFFSET:
        _refuse_abbreviation(name)
    if name.lower() not in _PSEUDO_ZONES and not name.lower().startswith(("posix/", "right/")):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
        # IANA names differ by more than case: "asia/kolkata" is Asia/Kolkata.
        canonical = _names_by_case().get(name.lower())
        if canonical is not None:
            return ZoneInfo(canonical)
    raise _unknown_zone(name)


def _refuse_abbreviation(name: str) -> None:
    """Raise UnknownZoneError naming the places whose clocks use ``name``, if the tz database calls any so.

    ``EST`` is refused although tzdata keeps a zone of that name: it is UTC-05:00
    all year, an hour off New York's clocks in summer.
    """
    from ._zones import fixed_offset, places_using

    places = places_using(name)
    if not places:
        return
    note = ""
    offset = fixed_offset(name) if name in _names_by_case().values() else None
    if offset is not None:
        note = f" (tzdata's zone {name!r} keeps UTC{_offset_text(offset)} all year, without daylight saving time)"
    raise UnknownZoneError(name, [], abbreviation=True, places=places, note=note)


def _offset_text(seconds: int) -> str:
    """'+05:30' for 19800 seconds east of UTC."""
    sign = "-" if seconds < 0 else "+"
    hours, minutes = divmod(abs(seconds) // 60, 60)
    return f"{sign}{hours:02d}:{minutes:02d}"


@lru_cache(maxsize=1)
def _names_by_case() -> dict[str, str]:
    """Every IANA zone name that zoneinfo can load, by its lower-case spelling."""
    from zoneinfo import available_timezones

    return {n.lower(): n for n in available_timezones() if n.lower() not in _PSEUDO_ZONES}


def _unknown_zone(name: str) -> UnknownZoneError:
    from ._text import fold

    offset = re.match(_OFFSET, name)
    if offset:
        # A fixed offset: IANA spells +02:00 as Etc/GMT-2 (POSIX signs are inverted).
        sign, hours, minutes = offset[1], int(offset[2]), int(offset[3] or 0)
        if minutes == 0 and hours <= 14:
            etc = "Etc/GMT" if hours == 0 else f"Etc/GMT{'-' if sign == '+' else '+'}{hours}"
            return UnknownZoneError(name, [], fixed_offset=(f"{sign}{hours:02d}:00", etc))
        from ._zones import places_at_offset

        seconds = (hours * 3600 + minutes * 60) * (-1 if sign == "-" else 1)
        places = places_at_offset(seconds) if minutes < 60 else []
        return UnknownZoneError(name, [], offset=_offset_text(seconds), places=places)

    names = set(_names_by_case().values())
    # Offer cities too, case, accents, spaces and underscores aside: "new york" -> "America/New_York".
    city = fold(name.replace("_", " "))
    hits = sorted(n for n in names if fold(n.rsplit("/", 1)[-1].replace("_", " ")) == city)
    if hits:
        return UnknownZoneError(name, [], places=[(n, "") for n in hits])
    return UnknownZoneError(name, names)


def utc(value: datetime) -> datetime:
    """The same instant in UTC.

    Aware datetimes that share a tzinfo compare and subtract by wall time,
    ignoring ``fold``; the project compares, sorts and measures in UTC.
    """
    return value.astimezone(UTC)


def get_zone(tz: str | tzinfo) -> tzinfo:
    """Return the ``tzinfo`` for an IANA zone name (or pass a ``tzinfo`` through).

    >>> get_zone("Asia/Tokyo")
    zoneinfo.ZoneInfo(key='Asia/Tokyo')
    """
    if isinstance(tz, tzinfo):
        return tz
    if not isinstance(tz, str) or not tz.strip():
        raise UnknownZoneError(str(tz), [])
    return _zone_from_name(tz.strip())


def _is_zoneinfo(tz: tzinfo | None) -> TypeGuard[ZoneInfo]:
    """Whether ``tz`` is a :class:`zoneinfo.ZoneInfo`: none can be before the module is imported, so this imports nothing."""
    module = sys.modules.get("zoneinfo")
    return module is not None and isinstance(tz, module.ZoneInfo)


def zone_name(tz: tzinfo | None) -> str | None:
    """The IANA name of a zone, ``"UTC"`` for UTC, else ``None`` (fixed offsets)."""
    if tz is None:
        return None
    if _is_zoneinfo(tz):
        return tz.key
    if tz is UTC:
        return "UTC"
    return None


def localize(naive: datetime, zone: tzinfo) -> datetime:
    """Attach ``zone`` to a naive wall time, refusing DST-ambiguous or missing times.

    >>> localize(datetime(2026, 4, 8, 11, 10), get_zone("Europe/Paris")).isoformat()
    '2026-04-08T11:10:00+02:00'
    """
    first = naive.replace(tzinfo=zone, fold=0)
    second = naive.replace(tzinfo=zone, fold=1)
    if first.utcoffset() == second.utcoffset():
        return first
    name = zone_name(zone) or str(zone)
    roundtrip = first.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if roundtrip != naive:
        raise AmbiguousTimeError(
            f"{naive.isoformat(sep=' ')} does not exist in {name} (clocks skip it at a DST change, "
            f"from UTC offset {_offset(first)} to {_offset(second)}); give another time or an explicit offset"
        )
    raise AmbiguousTimeError(
        f"{naive.isoformat(sep=' ')} happens twice in {name} "
        f"(UTC offsets {_offset(first)} and {_offset(second)}); give the offset explicitly"
    )


def _offset(value: datetime) -> str:
    return value.strftime("%z")[:3] + ":" + value.strftime("%z")[3:]


def parse_datetime(text: str) -> datetime:
    """Read an ISO 8601 datetime, with an optional RFC 9557 ``[Zone/Name]`` suffix.

    The result is naive when the text carries no offset or zone.  With a
    bracketed zone and no offset, the wall time is read in that zone.
    """
    value = text.strip()
    zone: tzinfo | None = None
    # Each pattern only where it can match, so that the common text compiles and runs neither.
    bracket = re.match(_BRACKET, value) if value.endswith("]") else None
    if bracket:
        value = bracket["iso"]
        zone = get_zone(bracket["zone"])
    if not value or not value[0].isdigit() or len(value) < 10:
        raise TimeParseError(f"cannot read {text!r} as a date and time: expected ISO 8601 such as {_EXAMPLES}")
    # The separator is the 11th character where the pattern matches: with "T", "t" or " " there, all is well.
    separator = re.match(_SEPARATOR, value) if len(value) > 10 and value[10] not in "Tt " else None
    if separator and separator[1] not in "Tt ":
        raise TimeParseError(
            f"cannot read {text!r}: date and time must be separated by 'T' or a space, e.g. {_EXAMPLES}"
        )
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        shape = re.match(_ISO_SHAPE, value)
        if shape:
            _check_fields(text, shape)
        parsed = _dateutil_isoparse(text, value)
    if zone is not None:
        if parsed.tzinfo is None:
            return localize(parsed, zone)
        converted = parsed.astimezone(zone)
        if converted.utcoffset() != parsed.utcoffset():
            raise TimeParseError(
                f"{text!r}: the offset {_offset(parsed)} does not match zone {bracket and bracket['zone']} "
                f"({_offset(converted)} at that time)"
            )
        return converted
    return parsed


_SEPARATOR = r"^\d{4}-\d{2}-\d{2}(\D)"
_ISO_SHAPE = r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?"


def _check_fields(text: str, shape: re.Match[str]) -> None:
    """Name the impossible field of text shaped like ISO 8601 ("2026-04-31 10:00")."""
    year, month, day = (int(shape[i]) for i in (1, 2, 3))
    try:
        date(year, month, day)
    except ValueError as exc:
        raise TimeParseError(f"{text!r} is not a valid date: {exc}") from None
    hour, minute, second = (int(shape[i] or 0) for i in (4, 5, 6))
    if hour > 23 or minute > 59 or second > 59:
        raise TimeParseError(f"{text!r} is not a valid time of day")


def _dateutil_isoparse(text: str, value: str) -> datetime:
    from dateutil.parser import isoparse

    try:
        return isoparse(value)
    except (ValueError, OverflowError):
        raise TimeParseError(
            f"cannot read {text!r} as a date and time: expected ISO 8601 such as {_EXAMPLES}"
        ) from None


def _in_range(make: Callable[[], _R], shown: object) -> _R:
    try:
        return make()
    except OverflowError:
        raise TimeParseError(f"{shown!s} is too close to the limits of the calendar (years 1 to 9999) to use") from None


def parse_instant(value: TimeLike, zone: tzinfo) -> datetime:
    """Turn a query's moment into an aware datetime; see :func:`_parse_instant`.

    Raises TimeParseError when the moment cannot be expressed in UTC (years 1 to 9999).
    """

    def checked() -> datetime:
        instant = _parse_instant(value, zone)
        utc(instant)
        return instant

    return _in_range(checked, value)


def _parse_instant(value: TimeLike, zone: tzinfo) -> datetime:
    """Turn a query's moment into an aware datetime.

    Aware datetimes pass through; naive datetimes and naive ISO strings are
    wall times in ``zone``; a date means its midnight in ``zone``.

    >>> parse_instant("2026-04-08 11:10", get_zone("Europe/Paris")).isoformat()
    '2026-04-08T11:10:00+02:00'
    """
    if isinstance(value, datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            return localize(value, zone)
        return value
    if isinstance(value, date):
        return day_bounds(value, zone)[0]
    if isinstance(value, str):
        if re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}\s*", value):
            return day_bounds(parse_day(value), zone)[0]  # a day means its first instant, as a date does
        if _looks_like_time_only(value):
            raise TimeParseError(
                f"{value!r} gives no date; write the full date and time, e.g. '2026-04-08 {value.strip()}'"
            )
        parsed = parse_datetime(value)
        if parsed.tzinfo is None:
            return localize(parsed, zone)
        return parsed
    raise TimeParseError(f"expected a datetime, a date or an ISO 8601 string, got {type(value).__name__}")


def _looks_like_time_only(value: str) -> bool:
    return re.fullmatch(r"\s*\d{1,2}:\d{2}(:\d{2})?\s*", value) is not None


def parse_day(value: DayLike) -> date:
    """Turn a query's day into a date: a ``date``, a ``datetime`` (its date) or ``YYYY-MM-DD``.

    >>> parse_day("2026-04-08")
    datetime.date(2026, 4, 8)
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            shape = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", value.strip())
            if shape:
                raise TimeParseError(_no_such_day(value.strip(), *map(int, shape.groups()))) from None
            raise TimeParseError(f"cannot read {value!r} as a day: expected YYYY-MM-DD, e.g. '2026-04-08'") from None
    raise TimeParseError(f"expected a date or a 'YYYY-MM-DD' string, got {type(value).__name__}")


def _no_such_day(text: str, year: int, month: int, day: int) -> str:
    """Why a well-formed YYYY-MM-DD names no day: 'there is no 31 April; April 2026 has 30 days'."""
    import calendar

    if not 1 <= month <= 12:
        return f"{text!r} is not a day: there is no month {month:02d}; months run from 01 to 12"
    if year < 1:
        return f"{text!r} is not a day: years run from 0001 to 9999"
    name = calendar.month_name[month]
    last = calendar.monthrange(year, month)[1]
    return f"{text!r} is not a day: there is no {day} {name} {year}; {name} {year} has {last} days"


def day_bounds(day: date, zone: tzinfo) -> tuple[datetime, datetime]:
    """The first instant of ``day`` in ``zone`` and the first instant of the next day."""
    return _in_range(lambda: (_midnight(day, zone), _midnight(day + timedelta(days=1), zone)), day)


def _midnight(day: date, zone: tzinfo) -> datetime:
    # fold=0 reads a wall time skipped by a DST change with the offset before the
    # change, which names the instant of the change: the day's first instant.
    wall = datetime.combine(day, time(0), tzinfo=zone)
    return wall.astimezone(UTC).astimezone(zone)


def format_datetime(value: datetime) -> str:
    """RFC 9557 text of an aware datetime: ISO 8601 plus ``[Zone]`` when the zone has a name.

    >>> format_datetime(parse_instant("2026-04-08 11:05", get_zone("Europe/Paris")))
    '2026-04-08T11:05:00+02:00[Europe/Paris]'
    """
    name = zone_name(value.tzinfo)
    text = value.isoformat()
    return f"{text}[{name}]" if name and _is_zoneinfo(value.tzinfo) else text
