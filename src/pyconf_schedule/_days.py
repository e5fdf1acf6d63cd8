"""Programme days: which day of a conference a session belongs to.

A conference's programme day is not always a calendar day: a congress day
runs from late morning to 04:00 the next morning, so a 01:00 session
belongs to the day before.  The rule, used by :meth:`Sessions.days`,
:meth:`Sessions.on`, :meth:`Sessions.by_day` and the writers:

1. the :class:`ProgrammeDay` whose ``[start, end]`` holds the session's start
   instant (at an instant where one day ends and the next starts, the later
   day);
2. else, when the conference has a ``day_change`` (a wall-clock time in the
   conference's own zone), the date of the start in that zone, one day
   earlier when the start's wall time is before the day change;
3. else the calendar day of the start in the zone the sessions are viewed in.

Rules 1 and 2 belong to the conference, so they give the same days in every
view (:meth:`Conference.to_tz`); rule 3 follows the view.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta, tzinfo

import attrs
from attrs import field, frozen

from ._checks import as_tuple, check_date, check_datetime, check_items, fields_repr, instant_key, wrong_type
from ._time import get_zone, utc
from .exceptions import InvalidScheduleError

__all__ = ["DayRule", "ProgrammeDay", "parse_day_change"]


@frozen(kw_only=True)
class ProgrammeDay:
    """One day of a conference's programme, as its schedule file gives it.

    ``date`` names the day; ``start`` and ``end`` are the aware instants it
    runs between (both included), which may cross midnight: 31C3's first day
    is ``2014-12-27`` from 11:00 to 04:00 the next morning.

    >>> from datetime import date, datetime, timedelta, timezone
    >>> cet = timezone(timedelta(hours=1))
    >>> day = ProgrammeDay(date=date(2014, 12, 27), start=datetime(2014, 12, 27, 11, tzinfo=cet),
    ...                    end=datetime(2014, 12, 28, 4, tzinfo=cet))
    >>> day.contains(datetime(2014, 12, 28, 1, tzinfo=cet))
    True
    """

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    date: date
    start: datetime = field(eq=instant_key)
    end: datetime = field(eq=instant_key)

    def __attrs_post_init__(self) -> None:
        if self.date is None:
            raise wrong_type("ProgrammeDay", "date", self.date, "a datetime.date (a day, no time)")
        check_date("ProgrammeDay", None, "date", self.date)
        for name in ("start", "end"):
            value = getattr(self, name)
            if value is None:
                raise wrong_type("ProgrammeDay", name, value, "a timezone-aware datetime")
            check_datetime("ProgrammeDay", None, name, value)
        if utc(self.end) < utc(self.start):
            raise InvalidScheduleError(
                f"programme day {self.date} ends ({self.end.isoformat()}) before it starts ({self.start.isoformat()})"
            )

    def contains(self, instant: datetime) -> bool:
        """True when ``start <= instant <= end``."""
        return utc(self.start) <= utc(instant) <= utc(self.end)

    def to_tz(self, tz: str | tzinfo) -> ProgrammeDay:
        """The same day with ``start`` and ``end`` shown in zone ``tz`` (instants unchanged)."""
        zone = get_zone(tz)
        return attrs.evolve(self, start=self.start.astimezone(zone), end=self.end.astimezone(zone))


def programme_days(value: Iterable[ProgrammeDay]) -> tuple[ProgrammeDay, ...]:
    """``value`` as a tuple sorted by start instant (anything else is left for the checks to name)."""
    items = as_tuple(value)
    if not isinstance(items, tuple) or not all(isinstance(d, ProgrammeDay) for d in items):
        return items
    return tuple(sorted(items, key=lambda d: (utc(d.start), utc(d.end))))


def check_programme_days(days: tuple[ProgrammeDay, ...], ident: object = None) -> None:
    """Refuse programme days that are not ProgrammeDays, share a date or overlap (touching, end == next start, is allowed)."""
    check_items("Conference", ident, "programme_days", days, ProgrammeDay, "an iterable of ProgrammeDay")
    for before, after in itertools.pairwise(days):
        if after.date <= before.date:
            raise InvalidScheduleError(
                f"programme days must have increasing dates in time order: {before.date} "
                f"(from {before.start.isoformat()}) comes before {after.date} (from {after.start.isoformat()})"
            )
        if utc(after.start) < utc(before.end):
            raise InvalidScheduleError(
                f"programme days {before.date} (ending {before.end.isoformat()}) and {after.date} "
                f"(starting {after.start.isoformat()}) overlap"
            )


def check_day_change(_instance: object, _attribute: object, value: time | None) -> None:
    """A day change is a naive wall-clock ``datetime.time``."""
    if value is None:
        return
    if not isinstance(value, time):
        raise wrong_type("Conference", "day_change", value, "a datetime.time such as time(4, 0), or None")
    if value.tzinfo is not None:
        raise InvalidScheduleError(
            "day_change is a wall-clock time in the conference's zone; give it without a tzinfo, e.g. time(4, 0)"
        )


def parse_day_change(value: object) -> time:
    """A day change written as text (``"04:00"``, ``"04:00:00"``): a wall-clock time with no offset.

    >>> parse_day_change("04:00")
    datetime.time(4, 0)
    """
    if not isinstance(value, str):
        raise ValueError(f"expected a wall-clock time string such as '04:00:00', got {type(value).__name__}")
    try:
        parsed = time.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a wall-clock time; expected HH:MM or HH:MM:SS, e.g. '04:00:00'") from None
    if parsed.tzinfo is not None:
        raise ValueError(f"{value!r} has a UTC offset; a day change is a wall-clock time in the conference's zone")
    return parsed


class DayRule:
    """The programme-day rule of one conference (see the module docstring)."""

    __slots__ = ("_ends", "_starts", "day_change", "days", "zone")

    def __init__(self, days: tuple[ProgrammeDay, ...], day_change: time | None, zone: tzinfo) -> None:
        self.days = days
        self.day_change = day_change
        self.zone = zone
        self._starts = [utc(d.start) for d in days]
        self._ends = [utc(d.end) for d in days]

    def day_of(self, start: datetime, view: tzinfo) -> date:
        """The programme day of a session starting at ``start``, viewed in zone ``view``."""
        instant = utc(start)
        i = bisect_right(self._starts, instant) - 1
        if i >= 0 and instant <= self._ends[i]:
            return self.days[i].date
        if self.day_change is not None:
            wall = start.astimezone(self.zone)
            day = wall.date()
            if wall.time() < self.day_change and day > date.min:
                return day - timedelta(days=1)
            return day
        return start.astimezone(view).date()
