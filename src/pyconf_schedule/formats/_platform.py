"""Helpers for the readers of platform APIs (Sessionize, Sched): JSON shapes with paths, wall times and zones.

Nothing here knows a platform.  Every helper raises one
:class:`~pyconf_schedule.ScheduleParseError` naming the format and the JSON
path of what is wrong.

>>> wall_time("2017-05-27T09:00:00Z", "x", "$").isoformat()
'2017-05-27T09:00:00+00:00'
>>> wall_time("2017-05-27 09:00", "x", "$").isoformat()
'2017-05-27T09:00:00'
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any

from .._text import shorten
from .._time import get_zone, localize
from ..exceptions import AmbiguousTimeError, MissingZoneError, PyconfScheduleError, ScheduleParseError

__all__ = ["build", "caller_zone", "in_zone", "items", "mapping", "optional_text", "wall_time"]


def mapping(value: Any, format_name: str, path: str) -> dict[str, Any]:
    """``value`` when it is a JSON object, else a parse error at ``path``."""
    if not isinstance(value, dict):
        raise ScheduleParseError(format_name, f"expected an object, got {_json_type(value)}", path)
    return value


def items(value: Any, format_name: str, path: str) -> list[Any]:
    """``value`` when it is a JSON list (``null`` or absent: an empty one), else a parse error at ``path``."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScheduleParseError(format_name, f"expected a list, got {_json_type(value)}", path)
    return value


def optional_text(value: Any, format_name: str, path: str) -> str | None:
    """A text field stripped (a whole number is read as its digits); ``null`` or blank: None; anything else an error."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise ScheduleParseError(format_name, f"expected a string, got {_json_type(value)}", path)
    return value.strip() or None


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


_WALL = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$", re.IGNORECASE
)


def wall_time(text: str, format_name: str, path: str) -> datetime:
    """``YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]`` (a space may stand for the T): aware with an offset, naive without.

    Refuses anything else, and impossible dates and times, with a parse error at ``path``.
    """
    m = _WALL.match(text.strip())
    if m is None:
        raise ScheduleParseError(
            format_name,
            f"{shorten(text)!r} is not a date and time such as 2026-04-07T09:00:00 (optionally ending in Z or +02:00)",
            path,
        )
    year, month, day, hour, minute = (int(m[i]) for i in range(1, 6))
    second = int(m[6] or 0)
    zone: tzinfo | None = None
    if m[7]:
        if m[7].upper() == "Z":
            zone = UTC
        else:
            hours, minutes = int(m[7][1:3]), int(m[7][4:6])
            if hours > 23 or minutes > 59:
                raise ScheduleParseError(format_name, f"{shorten(text)!r} has an impossible UTC offset {m[7]}", path)
            sign = -1 if m[7][0] == "-" else 1
            zone = timezone(sign * timedelta(hours=hours, minutes=minutes))
    try:
        value = datetime(year, month, day, hour, minute, second, tzinfo=zone)
    except ValueError as exc:
        raise ScheduleParseError(format_name, f"{shorten(text)!r} is not a valid date and time: {exc}", path) from None
    if zone is not None and (value.year == 1 or value.year == 9999):
        try:
            value.astimezone(UTC)
        except OverflowError:
            raise ScheduleParseError(format_name, f"{shorten(text)!r} lies outside the years 1 to 9999", path) from None
    return value


def in_zone(value: datetime, zone: tzinfo | None, format_name: str, path: str, parameter: str = "file_tz=") -> datetime:
    """``value`` when aware; a naive wall time read in ``zone``, refused without one (the message names ``parameter``).

    A wall time that a DST change skips or repeats in ``zone`` is refused, never shifted.
    """
    if value.tzinfo is not None:
        return value
    if zone is None:
        raise MissingZoneError(
            format_name,
            f"the time {value.isoformat()} has no UTC offset and the file names no zone; pass {parameter} the zone it is in",
            path,
        )
    try:
        return localize(value, zone)
    except AmbiguousTimeError as exc:
        raise ScheduleParseError(
            format_name, f"the time {value.isoformat()} has no UTC offset and {exc}", path
        ) from None


def caller_zone(tz: str | None) -> tzinfo | None:
    """The zone the caller gave (an unknown name raises UnknownZoneError, as with every reader), or None."""
    return None if tz is None else get_zone(tz)


def build(cls: Any, format_name: str, path: str, **fields: Any) -> Any:
    """``cls(**fields)`` (a part of the model), a model error becoming a parse error at ``path``."""
    try:
        return cls(**fields)
    except PyconfScheduleError as exc:
        raise ScheduleParseError(format_name, str(exc), path) from None
