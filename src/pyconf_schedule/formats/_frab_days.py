"""Programme days of a frab or c3voc file: the days it declares, and the day change a file that states none implies.

The model's day rule (:mod:`pyconf_schedule._days`) then places each session on the declared day that holds it, else
on the day before when it starts before the day-change hour; see docs/explanation/programme-days.md.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from datetime import UTC, date, datetime, time, tzinfo
from typing import TYPE_CHECKING

from .._days import ProgrammeDay, check_programme_days
from .._model import Session
from .._time import utc
from ..exceptions import PyconfScheduleError

if TYPE_CHECKING:  # _frab imports this module
    from ._frab import RawDay

__all__ = ["LATEST", "day_date", "derived_day_change", "programme_days"]

LATEST = datetime.max.replace(tzinfo=UTC)


def programme_days(
    raw_days: list[RawDay], bound: Callable[[str | None], datetime | None], zone: tzinfo
) -> tuple[tuple[ProgrammeDay, ...] | None, list[time]]:
    """The file's days as programme days (None when they make no programme), and the wall times the days start at.

    A day is kept when its start and end are readable instants (in years 1
    to 9999 in UTC and in the conference's zone), the end after the start.
    A day whose end equals its start (voc's merged files declare every day
    so) has degenerate bounds: it is no programme day, and only its start's
    wall time counts (see :func:`derived_day_change`).  A day's date is the
    file's ``date``, except that wafer writes the UTC date of the day's
    start: a ``date`` that is the start's UTC date but not its date in the
    conference's zone gives way to the latter (DebConf23's day "2023-09-09"
    starts at 03:00 IST on 10 September).  Days that share a date or
    overlap make no programme: then None (sessions fall back to the day
    change or calendar days).
    """
    days: list[ProgrammeDay] = []
    starts: list[time] = []
    for raw_day in raw_days:
        start, end = bound(raw_day.start), bound(raw_day.end)
        if start is None or end is None:
            continue
        try:
            if utc(end) < utc(start):
                continue
            local = start.astimezone(zone)
            starts.append(local.time().replace(tzinfo=None))
            if utc(end) == utc(start):
                continue
            given = day_date(raw_day.date)
            if given is None or (given == utc(start).date() and given != local.date()):
                given = local.date()
            days.append(ProgrammeDay(date=given, start=local, end=end.astimezone(zone)))
        except OverflowError:  # a bound at the very edge of the calendar: not a day of a programme
            continue
    days.sort(key=lambda d: utc(d.start))
    try:
        check_programme_days(tuple(days))
    except PyconfScheduleError:
        return None, starts
    return tuple(days), starts


def derived_day_change(days: tuple[ProgrammeDay, ...], starts: list[time], sessions: list[Session]) -> time | None:
    """The day change a file that states none implies, when some session starts in none of its days.

    A session no declared day holds belongs to the day before when it starts
    before the day-change hour, which the days give: the wall time most of
    them start at (the earliest of those tied).  A file whose days hold
    every session, or that declares no day, keeps no day change.

    >>> derived_day_change((), [time(9), time(10), time(9)], [])
    >>> from datetime import timezone
    >>> lone = Session(id="s", title="t", start=datetime(2022, 12, 28, 4, tzinfo=timezone.utc))
    >>> derived_day_change((), [time(9), time(10), time(9)], [lone])
    datetime.time(9, 0)
    """
    if not starts:
        return None
    bounds = [(utc(d.start), utc(d.end)) for d in days]
    held = 0
    for session in sessions:
        if session.start is None:
            held += 1
            continue
        instant = utc(session.start)
        i = bisect_right(bounds, (instant, LATEST)) - 1
        if i >= 0 and instant <= bounds[i][1]:
            held += 1
    if held == len(sessions):
        return None
    counts: dict[time, int] = {}
    for start in starts:
        counts[start] = counts.get(start, 0) + 1
    most = max(counts.values())
    return min(start for start, count in counts.items() if count == most)


def day_date(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None
