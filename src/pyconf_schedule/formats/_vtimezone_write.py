"""VTIMEZONE components of the iCalendar format written from a ZoneInfo.

:func:`vtimezone_lines` writes the zone's current rules as ``RRULE``
observances (``FREQ=YEARLY;BYMONTH=m;BYDAY=nWD``, as Outlook, Google and
Apple do) from the year they took effect, and the transitions before that
year that the events' span reaches as explicit observances, so the output
has a size bounded by the zone's history whatever years the events span.
Reading is :mod:`._vtimezone`.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from functools import lru_cache

import attrs

from ._vtimezone import WEEKDAYS, year_windows

__all__ = ["basic", "offset_text", "vtimezone_lines"]

_UTC = UTC

_DAY = timedelta(days=1)
_SECOND = timedelta(seconds=1)
_EARLIEST_CHANGE = datetime(1800, 1, 1, tzinfo=_UTC)
"""No tzdata zone changes its offset before this instant (its first change is in the 1840s)."""
_RULE_YEARS = range(2100, 2128)
"""Years ruled by every zone's final rule (tzdata lists explicit changes only until 2087), 28 of them so every weekday pattern recurs."""


def offset_text(delta: timedelta | None) -> str:
    """``+HHMM`` (``+HHMMSS`` when it has seconds) of a UTC offset."""
    seconds = int((delta or timedelta(0)).total_seconds())
    sign = "-" if seconds < 0 else "+"
    hours, rest = divmod(abs(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{sign}{hours:02d}{minutes:02d}" + (f"{secs:02d}" if secs else "")


def basic(value: datetime) -> str:
    """``YYYYMMDDTHHMMSS`` of the wall time (the year always four digits, unlike strftime's ``%Y``)."""
    return f"{value.year:04d}{value.month:02d}{value.day:02d}T{value.hour:02d}{value.minute:02d}{value.second:02d}"


def _changes(zone: tzinfo, start: datetime, end: datetime) -> list[datetime]:
    """The UTC instants in [start, end) at which ``zone``'s UTC offset changes (found a day at a time)."""
    found: list[datetime] = []
    t = max(start, _EARLIEST_CHANGE)
    previous = t.astimezone(zone).utcoffset()
    while t < end:
        nxt = t + _DAY
        offset = nxt.astimezone(zone).utcoffset()
        if offset != previous:
            lo, hi = t, nxt
            while hi - lo > _SECOND:
                mid = (lo + (hi - lo) / 2).replace(microsecond=0)
                if mid.astimezone(zone).utcoffset() == previous:
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        previous = offset
        t = nxt
    return found


@attrs.frozen
class _Change:
    """One offset change: its onset (wall time in the old offset), the offsets, and the zone's state after it."""

    onset: datetime
    before: timedelta
    after: timedelta
    daylight: bool
    name: str


def _change(zone: tzinfo, instant: datetime) -> _Change:
    before = (instant - _SECOND).astimezone(zone)
    after = instant.astimezone(zone)
    old = before.utcoffset() or timedelta(0)
    return _Change(
        (instant + old).replace(tzinfo=None),
        old,
        after.utcoffset() or timedelta(0),
        bool(after.dst()),
        after.tzname() or "",
    )


def _year_changes(zone: tzinfo, year: int) -> list[_Change]:
    """The changes whose onset falls in ``year`` (1800 to 9998)."""
    start = datetime(year, 1, 1, tzinfo=_UTC) - 2 * _DAY
    end = datetime(year + 1, 1, 1, tzinfo=_UTC) + 2 * _DAY
    return [c for c in (_change(zone, t) for t in _changes(zone, start, end)) if c.onset.year == year]


@attrs.frozen
class _YearlyRule:
    """A yearly change: in ``month``, on weekday ``weekday`` (0 = Monday) number ``nth`` (-1 = last), or on the first such weekday from day ``first_day``."""

    month: int
    weekday: int
    nth: int | None
    first_day: int | None
    change: _Change  # its first onset

    def day(self, year: int) -> int:
        _, days = calendar.monthrange(year, self.month)
        if self.nth == -1:
            last = days
            return last - (calendar.weekday(year, self.month, last) - self.weekday) % 7
        first = self.first_day if self.first_day is not None else 7 * ((self.nth or 1) - 1) + 1
        return first + (self.weekday - calendar.weekday(year, self.month, first)) % 7

    def onset(self, year: int) -> datetime:
        return self.change.onset.replace(year=year, day=self.day(year))

    def rrule(self) -> str:
        weekday = WEEKDAYS[self.weekday]
        if self.first_day is not None:
            days = ",".join(str(d) for d in range(self.first_day, self.first_day + 7))
            return f"FREQ=YEARLY;BYMONTH={self.month};BYMONTHDAY={days};BYDAY={weekday}"
        return f"FREQ=YEARLY;BYMONTH={self.month};BYDAY={self.nth}{weekday}"


def _candidates(change: _Change) -> Iterable[_YearlyRule]:
    onset = change.onset
    weekday = onset.weekday()
    _, days = calendar.monthrange(onset.year, onset.month)
    if onset.day + 7 > days:
        yield _YearlyRule(onset.month, weekday, -1, None, change)
    if onset.day <= 28:
        yield _YearlyRule(onset.month, weekday, (onset.day - 1) // 7 + 1, None, change)
    shortest = 28 if onset.month == 2 else days  # the seven days must exist every year
    for first in range(max(onset.day - 6, 1), min(onset.day, shortest - 6) + 1):
        yield _YearlyRule(onset.month, weekday, None, first, change)


def _predicted(rules: Sequence[_YearlyRule], year: int) -> list[_Change]:
    return sorted((attrs.evolve(r.change, onset=r.onset(year)) for r in rules), key=lambda c: c.onset)


def _same(actual: Sequence[_Change], predicted: Sequence[_Change]) -> bool:
    return [(c.onset, c.before, c.after) for c in actual] == [(c.onset, c.before, c.after) for c in predicted]


@lru_cache(maxsize=64)
def _final_rules(key: str) -> tuple[tuple[_YearlyRule, ...], int] | None:
    """The zone's final yearly rules and the first year they hold in, or None when they are not such rules."""
    from zoneinfo import ZoneInfo

    zone = ZoneInfo(key)
    samples = {year: _year_changes(zone, year) for year in _RULE_YEARS}
    rules: list[_YearlyRule] = []
    for change in samples[_RULE_YEARS[0]]:
        for candidate in _candidates(change):
            if all(
                any(_same([c], [attrs.evolve(change, onset=candidate.onset(y))]) for c in samples[y])
                for y in _RULE_YEARS
            ):
                rules.append(candidate)
                break
        else:
            return None
    if not all(_same(samples[y], _predicted(rules, y)) for y in _RULE_YEARS):
        return None
    year = _RULE_YEARS[0]
    while year > _EARLIEST_CHANGE.year and _same(_year_changes(zone, year - 1), _predicted(rules, year - 1)):
        year -= 1
    rules = [attrs.evolve(r, change=attrs.evolve(r.change, onset=r.onset(year))) for r in rules]
    return tuple(sorted(rules, key=lambda r: r.change.onset)), year


def _observance(change: _Change, rrule: str | None = None) -> list[str]:
    kind = "DAYLIGHT" if change.daylight else "STANDARD"
    lines = [
        f"BEGIN:{kind}",
        f"DTSTART:{basic(change.onset)}",
        f"TZOFFSETFROM:{offset_text(change.before)}",
        f"TZOFFSETTO:{offset_text(change.after)}",
    ]
    if rrule is not None:
        lines.append(f"RRULE:{rrule}")
    if change.name:
        lines.append(f"TZNAME:{change.name}")
    return [*lines, f"END:{kind}"]


def _explicit(zone: tzinfo, low: int, high: int) -> list[str]:
    """Observances giving ``zone`` exactly from 1 January ``low`` to the end of ``high``: its state then and each change."""
    start = datetime(max(low, 1), 1, 1, tzinfo=_UTC) + (_DAY if low <= 1 else timedelta(0))
    end = datetime(high + 1, 1, 1, tzinfo=_UTC) if high < 9999 else datetime(9999, 12, 31, tzinfo=_UTC)
    initial = start.astimezone(zone)
    offset = initial.utcoffset() or timedelta(0)
    lines = _observance(
        _Change(initial.replace(tzinfo=None), offset, offset, bool(initial.dst()), initial.tzname() or "")
    )
    for instant in _changes(zone, start, end):
        lines += _observance(_change(zone, instant))
    return lines


def vtimezone_lines(zone: tzinfo, tzid: str, years: Iterable[int]) -> list[str]:
    """A VTIMEZONE (unfolded, unescaped content lines) for ``zone``, exact in the given (local) years.

    The zone's final yearly rules become ``RRULE`` observances from the year
    they took effect (or the year before the first event, if later); the
    changes before that year within the events' span become explicit
    observances.  A zone without such rules gets explicit observances for
    each run of event years.
    """
    runs = year_windows(years)
    if not runs:
        return []
    lines = ["BEGIN:VTIMEZONE", f"TZID:{tzid}"]
    key = getattr(zone, "key", None)
    final = _final_rules(key) if isinstance(key, str) else None
    if final is None:
        for low, high in runs:
            lines += _explicit(zone, low, high)
        return [*lines, "END:VTIMEZONE"]
    rules, since = final
    first, last = runs[0][0], runs[-1][1]
    if first < since:
        lines += _explicit(zone, first, min(last, since - 1))
    if last >= since:
        year = max(since, first)
        if rules:
            for rule in rules:
                lines += _observance(attrs.evolve(rule.change, onset=rule.onset(year)), rule.rrule())
        elif first >= since:
            lines += _explicit(zone, year, year)
    return [*lines, "END:VTIMEZONE"]
