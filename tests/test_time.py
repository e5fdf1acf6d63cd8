"""Zones and user-supplied times: ISO 8601 only, naive means the viewing zone, DST never guessed."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import AmbiguousTimeError, TimeParseError, UnknownZoneError, get_zone
from pyconf_schedule._time import day_bounds, format_datetime, parse_datetime, parse_day, parse_instant

PARIS = ZoneInfo("Europe/Paris")
LA = ZoneInfo("America/Los_Angeles")


@pytest.mark.parametrize("name", ["Europe/Paris", "Asia/Kolkata", "America/Los_Angeles", "UTC", "GMT", "Japan"])
def test_get_zone_reads_iana_names(name: str) -> None:
    """IANA names give ZoneInfo objects with that key."""
    zone = get_zone(name)
    assert isinstance(zone, ZoneInfo) and zone.key == name


@pytest.mark.parametrize(
    ("name", "key"),
    [("asia/kolkata", "Asia/Kolkata"), ("europe/paris", "Europe/Paris"), ("AMERICA/NEW_YORK", "America/New_York")],
)
def test_get_zone_reads_iana_names_in_any_case(name: str, key: str) -> None:
    """IANA names differ by more than case, so another case names the same zone, with the IANA spelling."""
    zone = get_zone(name)
    assert isinstance(zone, ZoneInfo) and zone.key == key


@pytest.mark.parametrize(
    ("name", "zones"),
    [
        ("EST", ("America/New_York", "America/Winnipeg", "America/Jamaica")),
        ("est", ("America/New_York", "America/Winnipeg", "America/Jamaica")),
        ("PST", ("America/Los_Angeles", "Asia/Manila")),
        ("IST", ("Europe/Dublin", "Asia/Jerusalem", "Asia/Kolkata")),
        ("BST", ("Europe/London",)),
        ("JST", ("Asia/Tokyo",)),
        ("CEST", ("Europe/Paris",)),
        ("CET", ("Europe/Paris", "Africa/Algiers")),
        ("HST", ("Pacific/Honolulu", "America/Adak")),
    ],
)
def test_abbreviations_are_refused_with_the_zones_using_them(name: str, zones: tuple[str, ...]) -> None:
    """An abbreviation (even one tzdata keeps as a legacy zone, EST) is refused, naming the places whose clocks use it."""
    with pytest.raises(UnknownZoneError) as info:
        get_zone(name)
    assert info.value.suggestions == zones


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "EST",
            "time zone abbreviation 'EST' is not a zone (tzdata's zone 'EST' keeps UTC-05:00 all year, without "
            "daylight saving time): give the IANA zone of the place, e.g. 'America/New_York' (Eastern (EST/EDT) - "
            "US & Canada), 'America/Winnipeg' (Eastern Standard (EST) - Manitoba, northwestern Ontario) or "
            "'America/Jamaica' (Eastern Standard (EST) - Caymans; Jamaica; eastern Mexico; Panama)",
        ),
        (
            "IST",
            "time zone abbreviation 'IST' is not a zone: give the IANA zone of the place, e.g. 'Europe/Dublin' "
            "(Ireland (IST/GMT)), 'Asia/Jerusalem' (Israel) or 'Asia/Kolkata' (India (IST))",
        ),
        (
            "JST",
            "time zone abbreviation 'JST' is not a zone: give the IANA zone of the place: "
            "'Asia/Tokyo' (Japan (JST); Eyre Bird Observatory)",
        ),
        (
            "+05:30",
            "unknown time zone '+05:30': use an IANA name such as 'Europe/Paris' or 'UTC'; no IANA zone keeps "
            "+05:30 all year: give the zone of the place, e.g. 'Asia/Colombo' (Sri Lanka) or 'Asia/Kolkata' "
            "(India (IST))",
        ),
        (
            "UTC-03:30",
            "unknown time zone 'UTC-03:30': use an IANA name such as 'Europe/Paris' or 'UTC'; no IANA zone "
            "keeps -03:30 all year: give the zone of the place, e.g. 'America/St_Johns' (Newfoundland (NST/NDT))",
        ),
        (
            "new york",
            "unknown time zone 'new york': use an IANA name such as 'Europe/Paris' or 'UTC' "
            "(did you mean 'America/New_York'?)",
        ),
        (
            "são paulo",
            "unknown time zone 'são paulo': use an IANA name such as 'Europe/Paris' or 'UTC' "
            "(did you mean 'America/Sao_Paulo'?)",
        ),
    ],
)
def test_abbreviations_offsets_and_cities_get_the_zones_they_mean(name: str, message: str) -> None:
    """Abbreviations, offsets no Etc zone keeps and city names are refused with the zones of the places they mean."""
    with pytest.raises(UnknownZoneError) as info:
        get_zone(name)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "Europe/Pari",
            "unknown time zone 'Europe/Pari': use an IANA name such as 'Europe/Paris' or 'UTC' "
            "(did you mean 'Europe/Paris'?)",
        ),
        (
            "Tokyo",
            "unknown time zone 'Tokyo': use an IANA name such as 'Europe/Paris' or 'UTC' (did you mean 'Asia/Tokyo'?)",
        ),
        (
            "CESTX",
            "unknown time zone 'CESTX': use an IANA name such as 'Europe/Paris' or 'UTC' (did you mean 'CET', 'EST'?)",
        ),
        (
            "+02:00",
            "unknown time zone '+02:00': use an IANA name such as 'Europe/Paris' or 'UTC'; "
            "a fixed offset of +02:00 is 'Etc/GMT-2' (IANA inverts the sign)",
        ),
        (
            "UTC-5",
            "unknown time zone 'UTC-5': use an IANA name such as 'Europe/Paris' or 'UTC'; "
            "a fixed offset of -05:00 is 'Etc/GMT+5' (IANA inverts the sign)",
        ),
        ("-05:30", "unknown time zone '-05:30': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        ("localtime", "unknown time zone 'localtime': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        ("Factory", "unknown time zone 'Factory': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        ("x" * 100, "unknown time zone '" + "x" * 59 + "…': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        ("", "unknown time zone '': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        ("../../etc/passwd", "unknown time zone '../../etc/passwd': use an IANA name such as 'Europe/Paris' or 'UTC'"),
    ],
)
def test_unknown_zones_say_what_is_valid(name: str, message: str) -> None:
    """Unknown zone names raise UnknownZoneError (a LookupError) with an example and close names."""
    with pytest.raises(UnknownZoneError) as info:
        get_zone(name)
    assert str(info.value) == message
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-04-08 11:10", "2026-04-08T11:10:00+02:00"),
        ("2026-04-08T11:10", "2026-04-08T11:10:00+02:00"),
        ("2026-04-08T09:10Z", "2026-04-08T09:10:00+00:00"),
        ("2026-04-08T11:10+02:00", "2026-04-08T11:10:00+02:00"),
        ("2026-04-08T18:10+09:00", "2026-04-08T18:10:00+09:00"),
        ("20260408T111000", "2026-04-08T11:10:00+02:00"),
        ("2026-04-08T11:10[Europe/Paris]", "2026-04-08T11:10:00+02:00"),
        ("2026-04-08T11:10:00+02:00[Europe/Paris]", "2026-04-08T11:10:00+02:00"),
        (datetime(2026, 4, 8, 11, 10), "2026-04-08T11:10:00+02:00"),
        (datetime(2026, 4, 8, 9, 10, tzinfo=UTC), "2026-04-08T09:10:00+00:00"),
        (date(2026, 4, 8), "2026-04-08T00:00:00+02:00"),
    ],
)
def test_parse_instant(value: datetime | date | str, expected: str) -> None:
    """Aware values keep their instant; naive ones and dates are read in the viewing zone."""
    assert parse_instant(value, PARIS).isoformat() == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "04/08/2026 11:10",
            "cannot read '04/08/2026 11:10' as a date and time: expected ISO 8601 such as "
            "'2026-04-08 11:10', '2026-04-08T11:10+02:00' or '2026-04-08T09:10Z'",
        ),
        (
            "tomorrow",
            "cannot read 'tomorrow' as a date and time: expected ISO 8601 such as "
            "'2026-04-08 11:10', '2026-04-08T11:10+02:00' or '2026-04-08T09:10Z'",
        ),
        ("2026-13-40 11:10", "'2026-13-40 11:10' is not a valid date: month must be in 1..12"),
        ("2026-04-31 10:00", "'2026-04-31 10:00' is not a valid date: day is out of range for month"),
        ("2026-04-08 24:30", "'2026-04-08 24:30' is not a valid time of day"),
        ("11:10", "'11:10' gives no date; write the full date and time, e.g. '2026-04-08 11:10'"),
        (
            "2026-04-08T11:10+05:00[Europe/Paris]",
            "'2026-04-08T11:10+05:00[Europe/Paris]': the offset +05:00 does not match zone Europe/Paris (+02:00 at that time)",
        ),
    ],
)
def test_unreadable_times_are_refused(value: str, message: str) -> None:
    """Text that is not ISO 8601, or contradicts itself, raises TimeParseError (a ValueError)."""
    with pytest.raises(TimeParseError) as info:
        parse_instant(value, PARIS)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "2026-11-01 01:30",
            "2026-11-01 01:30:00 happens twice in America/Los_Angeles "
            "(UTC offsets -07:00 and -08:00); give the offset explicitly",
        ),
        (
            "2026-03-08 02:30",
            "2026-03-08 02:30:00 does not exist in America/Los_Angeles (clocks skip it at a "
            "DST change, from UTC offset -08:00 to -07:00); give another time or an explicit offset",
        ),
    ],
)
def test_dst_ambiguous_wall_times_are_refused(value: str, message: str) -> None:
    """A naive time in a DST fold or gap raises AmbiguousTimeError instead of guessing."""
    with pytest.raises(AmbiguousTimeError) as info:
        parse_instant(value, LA)
    assert str(info.value) == message


def test_offset_disambiguates_the_fold() -> None:
    """With an explicit offset, both 01:30s of 1 November 2026 are distinct instants an hour apart."""
    first = parse_instant("2026-11-01T01:30-07:00", LA)
    second = parse_instant("2026-11-01T01:30-08:00", LA)
    assert second - first == timedelta(hours=1)


@pytest.mark.parametrize(
    ("day", "hours"),
    [(date(2026, 11, 1), 25), (date(2026, 3, 8), 23), (date(2026, 10, 20), 24)],
)
def test_day_bounds_follow_dst(day: date, hours: int) -> None:
    """A local day lasts 25 hours when DST ends, 23 when it starts, 24 otherwise."""
    start, end = day_bounds(day, LA)
    assert end.astimezone(UTC) - start.astimezone(UTC) == timedelta(hours=hours)
    assert start.astimezone(LA).time().isoformat() == "00:00:00"


def test_a_day_as_text_means_its_first_instant_even_without_midnight() -> None:
    """'2026-09-06' in Santiago, where clocks skip midnight, means 01:00, as the date does."""
    zone = ZoneInfo("America/Santiago")
    assert parse_instant("2026-09-06", zone) == parse_instant(date(2026, 9, 6), zone)
    assert parse_instant("2026-09-06", zone).isoformat() == "2026-09-06T01:00:00-03:00"


def test_day_bounds_where_midnight_is_skipped() -> None:
    """Where DST skips midnight (Santiago, 6 Sep 2026), the day starts at 01:00."""
    start, _ = day_bounds(date(2026, 9, 6), ZoneInfo("America/Santiago"))
    assert start.isoformat() == "2026-09-06T01:00:00-03:00"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-04-08", date(2026, 4, 8)),
        (date(2026, 4, 8), date(2026, 4, 8)),
        (datetime(2026, 4, 8, 23, 0), date(2026, 4, 8)),
    ],
)
def test_parse_day(value: date | str, expected: date) -> None:
    """Days are dates, datetimes (their date) or YYYY-MM-DD text."""
    assert parse_day(value) == expected


def test_parse_day_refuses_other_text() -> None:
    """A day that is not YYYY-MM-DD is refused with an example."""
    with pytest.raises(TimeParseError) as info:
        parse_day("8 April")
    assert str(info.value) == "cannot read '8 April' as a day: expected YYYY-MM-DD, e.g. '2026-04-08'"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (datetime(2026, 4, 8, 11, 5, tzinfo=PARIS), "2026-04-08T11:05:00+02:00[Europe/Paris]"),
        (datetime(2026, 4, 8, 9, 5, tzinfo=UTC), "2026-04-08T09:05:00+00:00"),
        (datetime(2026, 4, 8, 9, 5, tzinfo=timezone(timedelta(hours=5, minutes=30))), "2026-04-08T09:05:00+05:30"),
    ],
)
def test_format_datetime(value: datetime, expected: str) -> None:
    """Datetimes are written as RFC 9557 text, with the zone name where there is one."""
    assert format_datetime(value) == expected


def _in_fresh_interpreter(code: str, tzpath: str) -> list[object]:
    """Run ``code`` (which prints one JSON value) in a new interpreter whose PYTHONTZPATH is ``tzpath``."""
    import json
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONTZPATH": tzpath},
        capture_output=True,
        text=True,
        check=True,
    )
    found: list[object] = json.loads(done.stdout)
    return found


_FIRST_LOOKUP = """
import json, sys, zoneinfo
from pyconf_schedule import load
conf = load("eu2026")
print(json.dumps([list(zoneinfo.TZPATH), "importlib.resources" in sys.modules, conf.zone.key,
                  conf.sessions[0].start.utcoffset().total_seconds()]))
"""


def test_without_a_zone_folder_the_tzdata_folder_is_searched_and_importlib_resources_not_imported() -> None:
    """PYTHONTZPATH empty: the first zone lookup makes the tzdata package's folder zoneinfo's search path, so
    zoneinfo opens Europe/Paris from it (same data: CEST, +2 h) without importing importlib.resources."""
    from importlib.util import find_spec

    spec = find_spec("tzdata")
    assert spec is not None and spec.origin is not None
    folder = str(Path(spec.origin).parent / "zoneinfo")
    assert _in_fresh_interpreter(_FIRST_LOOKUP, "") == [[folder], False, "Europe/Paris", 7200.0]


def test_a_zone_folder_that_is_set_is_kept(tmp_path: Path) -> None:
    """A TZPATH the user set is never changed (here a folder without zone files: zoneinfo falls back to tzdata)."""
    assert _in_fresh_interpreter(_FIRST_LOOKUP, str(tmp_path)) == [[str(tmp_path)], True, "Europe/Paris", 7200.0]


def _parse_datetime_reference(text: str) -> datetime:
    """parse_datetime as it was before its two patterns were guarded: both matched against every text."""
    import re

    from pyconf_schedule import _time

    value = text.strip()
    zone = None
    bracket = re.match(_time._BRACKET, value)
    if bracket:
        value = bracket["iso"]
        zone = _time.get_zone(bracket["zone"])
    if not value or not value[0].isdigit() or len(value) < 10:
        raise TimeParseError(f"cannot read {text!r} as a date and time: expected ISO 8601 such as {_time._EXAMPLES}")
    separator = re.match(_time._SEPARATOR, value)
    if separator and separator[1] not in "Tt ":
        raise TimeParseError(
            f"cannot read {text!r}: date and time must be separated by 'T' or a space, e.g. {_time._EXAMPLES}"
        )
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        shape = re.match(_time._ISO_SHAPE, value)
        if shape:
            _time._check_fields(text, shape)
        parsed = _time._dateutil_isoparse(text, value)
    if zone is not None:
        if parsed.tzinfo is None:
            return _time.localize(parsed, zone)
        converted = parsed.astimezone(zone)
        if converted.utcoffset() != parsed.utcoffset():
            raise TimeParseError(
                f"{text!r}: the offset {_time._offset(parsed)} does not match zone {bracket and bracket['zone']} "
                f"({_time._offset(converted)} at that time)"
            )
        return converted
    return parsed


def _outcome(call: Any, text: str) -> object:
    try:
        value = call(text)
    except Exception as exc:
        return type(exc).__name__, str(exc)
    return value.isoformat(), str(value.tzinfo)


@settings(max_examples=500, deadline=None)
@given(
    st.text(st.sampled_from("0123456789-:+TtZ x[]/Euroe/Pais٣"), max_size=30)
    | st.builds(
        lambda date, sep, rest: date + sep + rest,
        st.sampled_from(["2026-04-08", "2026-13-40", "٢٠٢٦-04-08", "20260408"]),
        st.sampled_from(["T", "t", " ", "x", "_", "", "1", "٣"]),
        st.sampled_from(["11:10", "11:10+02:00", "11:10[Europe/Paris]", "24:00", "", "]", "11:10Z[UTC]"]),
    )
)
def test_parse_datetime_gives_what_it_gave_with_both_patterns_matched_on_every_text(text: str) -> None:
    assert _outcome(parse_datetime, text) == _outcome(_parse_datetime_reference, text)
