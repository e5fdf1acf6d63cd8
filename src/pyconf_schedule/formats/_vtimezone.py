"""VTIMEZONE components of the iCalendar format read into a tzinfo.

Reading
-------
A VTIMEZONE's STANDARD and DAYLIGHT observances each start at their
``DTSTART`` and again at every ``RDATE`` and ``RRULE`` occurrence (minus
``EXDATE``).  Only the occurrences the calendar needs are computed: those in
the years its events fall in (a year of margin on each side, runs of nearby
years merged) and the last one before each such run.  Time-zone rules repeat
yearly, so an ``RRULE`` must be ``FREQ=YEARLY`` with at most one ``BYHOUR``,
``BYMINUTE`` and ``BYSECOND`` value (at most 366 occurrences a year); other
rules, and calendars whose rules would take more than
:data:`MAX_RULE_STEPS` steps to expand, are refused with :class:`VTimezoneError`.  The
result is a fixed table of transitions looked up by bisection.

Writing is :mod:`._vtimezone_write`.
"""

from __future__ import annotations

import calendar
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta, tzinfo

import attrs

__all__ = ["MAX_RULE_STEPS", "WEEKDAYS", "Observance", "VTimezoneError", "read_vtimezone", "year_windows"]

MAX_RULE_STEPS = 10_000
"""The most steps (months scanned and onsets found) expanding the VTIMEZONE rules of one calendar may take.

A step takes a few dozen microseconds, so this bounds the work to well
under a second; real rules need a few dozen steps per zone."""

_UTC = UTC
_MIN = datetime(1, 1, 1)
_MAX = datetime(9999, 12, 31, 23, 59, 59)


class VTimezoneError(ValueError):
    """A VTIMEZONE that cannot be read, with what was wrong and what is supported."""


@attrs.frozen
class Observance:
    """One STANDARD or DAYLIGHT sub-component: its kind and its (name, value) properties."""

    kind: str
    properties: tuple[tuple[str, str], ...]


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------


def _clamp(value: datetime, delta: timedelta) -> datetime:
    try:
        return value + delta
    except OverflowError:
        return _MIN if delta < timedelta(0) else _MAX


_OFFSET = re.compile(r"^([+-])(\d{2})(\d{2})(\d{2})?$")
_LOCAL = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$", re.IGNORECASE)


def _offset(name: str, value: str) -> timedelta:
    m = _OFFSET.match(value.strip())
    if m is None:
        raise VTimezoneError(f"{name} {value.strip()[:40]!r} is not a UTC offset such as +0100 or -0530")
    delta = timedelta(hours=int(m[2]), minutes=int(m[3]), seconds=int(m[4] or 0))
    if delta >= timedelta(hours=24) or int(m[3]) > 59 or int(m[4] or 0) > 59:
        raise VTimezoneError(f"{name} {value.strip()!r} is not a UTC offset under 24 hours")
    return -delta if m[1] == "-" else delta


def _local(name: str, value: str) -> tuple[datetime, bool]:
    """A DATE or DATE-TIME value as a naive datetime, and whether it ended in ``Z``."""
    m = _LOCAL.match(value.strip())
    try:
        if m is None:
            raise ValueError("expected YYYYMMDDTHHMMSS")
        year, month, day, hour, minute, second = (int(g or 0) for g in m.groups()[:6])
        return datetime(year, month, day, hour, minute, second), bool(m[7])
    except ValueError as exc:
        raise VTimezoneError(f"{name} {value.strip()[:40]!r} is not a date-time ({exc})") from None


WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_BYDAY = re.compile(r"^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$")
_RANGES = {
    "BYMONTH": (1, 12, False),
    "BYMONTHDAY": (1, 31, True),
    "BYYEARDAY": (1, 366, True),
    "BYSETPOS": (1, 366, True),
    "BYHOUR": (0, 23, False),
    "BYMINUTE": (0, 59, False),
    "BYSECOND": (0, 59, False),
}
_SINGLE = ("BYHOUR", "BYMINUTE", "BYSECOND")
SUPPORTED_RRULE = (
    "a VTIMEZONE RRULE must be FREQ=YEARLY, with optional INTERVAL, COUNT, UNTIL, BYMONTH, BYDAY, BYMONTHDAY, "
    "BYYEARDAY, BYSETPOS, WKST and at most one BYHOUR, BYMINUTE and BYSECOND value"
)


@attrs.frozen
class _Rule:
    interval: int
    count: int | None
    until: datetime | None  # naive local wall time (in the observance's TZOFFSETFROM)
    by: dict[str, tuple[int, ...]]
    byweekday: tuple[tuple[int, int | None], ...]
    wkst: int


def _int(part: str, value: str, low: int, high: int, signed: bool) -> int:
    if not re.fullmatch(r"[+-]?\d{1,4}", value) or (not signed and value[0] in "+-"):
        raise VTimezoneError(f"RRULE {part}={value[:20]} is not a number in range; {SUPPORTED_RRULE}")
    number = int(value)
    if not low <= abs(number) <= high or (not signed and number < low) or (signed and number == 0):
        raise VTimezoneError(f"RRULE {part}={value} is outside {low} to {high}; {SUPPORTED_RRULE}")
    return number


def _rule(value: str, offset_from: timedelta) -> _Rule:
    parts: dict[str, str] = {}
    for item in value.strip().upper().split(";"):
        key, sep, text = item.partition("=")
        if not sep or not key or key in parts:
            raise VTimezoneError(
                f"RRULE {value.strip()[:60]!r} is not KEY=VALUE parts each given once; {SUPPORTED_RRULE}"
            )
        parts[key] = text
    if parts.get("FREQ") != "YEARLY":
        raise VTimezoneError(f"RRULE FREQ={parts.get('FREQ', '')[:20]} is not supported; {SUPPORTED_RRULE}")
    unknown = sorted(set(parts) - {"FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST", *_RANGES})
    if unknown:
        raise VTimezoneError(f"RRULE part {unknown[0][:20]} is not supported; {SUPPORTED_RRULE}")
    interval = _int("INTERVAL", parts["INTERVAL"], 1, 9999, False) if "INTERVAL" in parts else 1
    count = _int("COUNT", parts["COUNT"], 1, 9999, False) if "COUNT" in parts else None
    until = None
    if "UNTIL" in parts:
        until, is_utc = _local("RRULE UNTIL", parts["UNTIL"])
        if len(parts["UNTIL"].strip()) == 8:
            until = until.replace(hour=23, minute=59, second=59)
        elif is_utc:
            until = _clamp(until, offset_from)
    by: dict[str, tuple[int, ...]] = {}
    for key, (low, high, signed) in _RANGES.items():
        if key in parts:
            values = tuple(_int(key, v, low, high, signed) for v in parts[key].split(","))
            if key in _SINGLE and len(values) > 1:
                raise VTimezoneError(f"RRULE {key} has {len(values)} values; {SUPPORTED_RRULE}")
            by[key] = values
    byweekday: list[tuple[int, int | None]] = []
    if "BYDAY" in parts:
        for item in parts["BYDAY"].split(","):
            m = _BYDAY.match(item)
            if m is None:
                raise VTimezoneError(
                    f"RRULE BYDAY={item[:20]!r} is not a weekday such as SU or -1SU; {SUPPORTED_RRULE}"
                )
            n = _int("BYDAY", m[1], 1, 53, True) if m[1] else None
            byweekday.append((WEEKDAYS.index(m[2]), n))
    wkst = 0
    if "WKST" in parts:
        if parts["WKST"] not in WEEKDAYS:
            raise VTimezoneError(f"RRULE WKST={parts['WKST'][:20]!r} is not a weekday; {SUPPORTED_RRULE}")
        wkst = WEEKDAYS.index(parts["WKST"])
    return _Rule(interval, count, until, by, tuple(byweekday), wkst)


class _Budget:
    def __init__(self, limit: int) -> None:
        self.left = limit

    def spend(self, n: int = 1) -> None:
        self.left -= n
        if self.left < 0:
            raise VTimezoneError(
                f"expanding its rules for the events' years takes more than {MAX_RULE_STEPS} steps "
                "(months scanned and onsets found); a time-zone rule changes the offset a few times a year"
            )


def _year_occurrences(rule: _Rule, dtstart: datetime, year: int) -> list[datetime]:
    """The occurrences of a yearly ``rule`` in ``year`` (RFC 5545 section 3.3.10, BYxxx parts ANDed), before DTSTART/UNTIL filtering."""
    by = rule.by
    months = by.get("BYMONTH")
    monthdays = by.get("BYMONTHDAY")
    if not (rule.byweekday or monthdays or "BYYEARDAY" in by):
        # Without a day part, the day (and, without BYMONTH, the month) is DTSTART's.
        monthdays = (dtstart.day,)
        months = months or (dtstart.month,)
    yeardays = by.get("BYYEARDAY")
    plain = {day for day, n in rule.byweekday if n is None}
    numbered = [(day, n) for day, n in rule.byweekday if n is not None]
    in_month = months is not None and "BYMONTH" in by  # a numbered BYDAY counts within the month when BYMONTH is given
    length = 366 if calendar.isleap(year) else 365
    hour, minute, second = (
        by.get(k, (getattr(dtstart, k[2:].lower()),))[0] for k in ("BYHOUR", "BYMINUTE", "BYSECOND")
    )
    found: list[datetime] = []
    day_of_year = 0
    wanted = set(months) if months is not None else None
    for month in range(1, 13):
        _, days = calendar.monthrange(year, month)
        if wanted is not None and month not in wanted:
            day_of_year += days
            continue
        first_weekday = calendar.weekday(year, month, 1)
        for day in range(1, days + 1):
            doy = day_of_year + day
            if monthdays is not None and day not in monthdays and day - days - 1 not in monthdays:
                continue
            if yeardays is not None and doy not in yeardays and doy - length - 1 not in yeardays:
                continue
            if rule.byweekday:
                weekday = (first_weekday + day - 1) % 7
                if weekday not in plain:
                    index, period = (day, days) if in_month else (doy, length)
                    nth, nth_back = (index - 1) // 7 + 1, -((period - index) // 7 + 1)
                    if not any(w == weekday and n in (nth, nth_back) for w, n in numbered):
                        continue
            found.append(datetime(year, month, day, hour, minute, second))
        day_of_year += days
    positions = by.get("BYSETPOS")
    if positions is not None and found:
        chosen = {found[p - 1] if p > 0 else found[p] for p in positions if -len(found) <= p <= len(found) and p}
        found = sorted(chosen)
    return found


def _walk(rule: _Rule, dtstart: datetime, first_year: int, last_year: int, budget: _Budget) -> Iterator[datetime]:
    """The occurrences of ``rule`` (first instance ``dtstart``) in the years ``first_year`` (one the INTERVAL reaches) to ``last_year``."""
    if "BYMONTH" in rule.by:
        months = len(set(rule.by["BYMONTH"]))
    else:
        months = 12 if rule.byweekday or {"BYMONTHDAY", "BYYEARDAY"} & set(rule.by) else 1
    year = first_year
    while year <= last_year:
        budget.spend(months)  # a step per month scanned, a step per occurrence
        if rule.until is not None and rule.until.year < year:
            return
        for occurrence in _year_occurrences(rule, dtstart, year):
            if occurrence < dtstart:
                continue
            if rule.until is not None and occurrence > rule.until:
                return
            budget.spend()
            yield occurrence
        year += rule.interval


def year_windows(years: Iterable[int]) -> list[tuple[int, int]]:
    """Runs of years (each event year with one year of margin), runs less than 8 years apart merged."""
    runs: list[tuple[int, int]] = []
    for year in sorted(set(years)):
        low, high = max(year - 1, 1), min(year + 1, 9999)
        if runs and low - runs[-1][1] <= 8:
            runs[-1] = (runs[-1][0], max(runs[-1][1], high))
        else:
            runs.append((low, high))
    return runs


def _occurrences(rule: _Rule, dtstart: datetime, windows: Sequence[tuple[int, int]], budget: _Budget) -> list[datetime]:
    """The occurrences of ``rule`` in each window of years, and the last one before each window."""
    found: list[datetime] = []
    if rule.count is not None:
        # COUNT counts from DTSTART, so walk from there (at most 9999 occurrences).
        last_year = windows[-1][1] if windows else dtstart.year
        for number, occurrence in enumerate(_walk(rule, dtstart, dtstart.year, last_year, budget), start=1):
            found.append(occurrence)
            if number == rule.count:
                break
        return found
    for low, high in windows:
        if high < dtstart.year:
            continue
        for lookback in (8, 400):
            # Start on a year the INTERVAL reaches, ``lookback`` intervals before the window.
            years_back = max(low - dtstart.year, 0)
            first = (
                dtstart.year
                + (years_back // rule.interval - min(years_back // rule.interval, lookback)) * rule.interval
            )
            before: datetime | None = None
            inside: list[datetime] = []
            for occurrence in _walk(rule, dtstart, first, high, budget):
                if occurrence.year < low:
                    before = occurrence
                else:
                    inside.append(occurrence)
            if before is not None or first == dtstart.year or lookback == 400:
                found += ([before] if before is not None else []) + inside
                break
    return found


@attrs.frozen
class _State:
    offset: timedelta
    dst: timedelta
    name: str | None


class RuleZone(tzinfo):
    """A zone given by a table of UTC transitions (read from a VTIMEZONE); looked up by bisection."""

    def __init__(self, key: str, initial: _State, transitions: Sequence[tuple[datetime, _State]]) -> None:
        self.key = key
        self._utc = [t for t, _ in transitions]
        self._states = [initial] + [s for _, s in transitions]
        walls: tuple[list[datetime], list[datetime]] = ([], [])
        for i, instant in enumerate(self._utc):
            before, after = self._states[i].offset, self._states[i + 1].offset
            walls[0].append(_clamp(instant, max(before, after)))
            walls[1].append(_clamp(instant, min(before, after)))
        self._walls = walls

    def __repr__(self) -> str:
        return f"RuleZone({self.key!r}, {len(self._utc)} transitions)"

    def _state(self, dt: datetime | None) -> _State:
        if dt is None:
            return self._states[0]
        return self._states[bisect_right(self._walls[dt.fold], dt.replace(tzinfo=None))]

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return self._state(dt).offset

    def dst(self, dt: datetime | None) -> timedelta:
        return self._state(dt).dst

    def tzname(self, dt: datetime | None) -> str | None:
        return self._state(dt).name

    def fromutc(self, dt: datetime) -> datetime:
        naive = dt.replace(tzinfo=None)
        index = bisect_right(self._utc, naive)
        offset = self._states[index].offset
        wall = naive + offset
        fold = 0
        if index > 0:
            previous = self._states[index - 1].offset
            if previous > offset and wall < _clamp(self._utc[index - 1], previous):
                fold = 1
        return wall.replace(tzinfo=self, fold=fold)


def read_vtimezone(
    tzid: str, observances: Sequence[Observance], years: Iterable[int], budget_left: list[int]
) -> RuleZone:
    """The zone a VTIMEZONE's observances define, exact in the given event years.

    ``budget_left`` is a one-item list holding the onsets the calendar may
    still spend; it is decreased by what this zone used.
    """
    if not observances:
        raise VTimezoneError("it has no STANDARD or DAYLIGHT observance")
    windows = year_windows(years)
    budget = _Budget(budget_left[0])
    onsets: list[tuple[datetime, timedelta, _State]] = []  # (utc, TZOFFSETFROM, state)
    for observance in observances:
        props: dict[str, list[str]] = {}
        for name, value in observance.properties:
            props.setdefault(name, []).append(value)
        for required in ("DTSTART", "TZOFFSETFROM", "TZOFFSETTO"):
            if required not in props:
                raise VTimezoneError(f"a {observance.kind} observance has no {required}")
        if "EXRULE" in props:
            raise VTimezoneError("EXRULE is not supported (RFC 5545 deprecates it); use EXDATE")
        offset_from = _offset("TZOFFSETFROM", props["TZOFFSETFROM"][0])
        offset_to = _offset("TZOFFSETTO", props["TZOFFSETTO"][0])
        dtstart = _local("DTSTART", props["DTSTART"][0])[0]
        dst = (
            (offset_to - offset_from if offset_to > offset_from else timedelta(hours=1))
            if observance.kind == "DAYLIGHT"
            else timedelta(0)
        )
        names = props.get("TZNAME")
        state = _State(offset_to, dst, names[0] if names else None)
        locals_: list[datetime] = [dtstart]
        for value in props.get("RDATE", []):
            for item in value.split(","):
                if item.strip():  # explicit in the file: linear in its size, no budget needed
                    locals_.append(_local("RDATE", item)[0])
        for value in props.get("RRULE", []):
            locals_ += _occurrences(_rule(value, offset_from), dtstart, windows, budget)
        excluded = {
            _local("EXDATE", item)[0] for value in props.get("EXDATE", []) for item in value.split(",") if item.strip()
        }
        onsets += [(_clamp(local, -offset_from), offset_from, state) for local in locals_ if local not in excluded]
    budget_left[0] = budget.left
    onsets.sort(key=lambda item: item[0])
    if not onsets:
        raise VTimezoneError("every onset of its observances is excluded by EXDATE")
    # Before its first onset a zone has the first onset's TZOFFSETFROM.
    initial = _State(onsets[0][1], timedelta(0), None)
    return RuleZone(tzid, initial, [(utc, state) for utc, _, state in onsets])
