"""iCalendar on unusual input: bounded VTIMEZONE rules, file_tz= checks, folds inside characters, linear reading, fuzzing.

The long fuzzing runs use tests/fuzz_readers.py (``--format ics``), which takes these tokens too.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Session, UnknownZoneError
from pyconf_schedule.cli import EXIT_ERROR, main
from pyconf_schedule.exceptions import MissingZoneError, ScheduleParseError
from pyconf_schedule.formats import _ics_lines, _vtimezone, ics
from pyconf_schedule.formats._vtimezone import MAX_RULE_STEPS

from ._work import growth, no_hang, steps

ROOT = Path(__file__).resolve().parent.parent
SEEDS = sorted((ROOT / "tests" / "golden").glob("*.ics")) + sorted((ROOT.parent / "shared" / "samples").glob("*.ics"))
STAMP = datetime(2026, 1, 1, tzinfo=UTC)


def _calendar(vtimezone: str, times: str) -> str:
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
        + vtimezone
        + "BEGIN:VEVENT\r\nUID:e1\r\n"
        + times
        + "SUMMARY:Talk\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )


def _rule_zone(rrule: str, dtstart: str = "19700101T000000") -> str:
    """A VTIMEZONE whose STANDARD observance has ``rrule``, beside a DAYLIGHT one (with one observance dateutil never expanded)."""
    return (
        "BEGIN:VTIMEZONE\r\nTZID:Rule Time\r\nBEGIN:STANDARD\r\n"
        f"DTSTART:{dtstart}\r\n{rrule}TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
        "BEGIN:DAYLIGHT\r\nDTSTART:19700601T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\n"
        "END:VTIMEZONE\r\n"
    )


_AT_2026 = "DTSTART;TZID=Rule Time:20260101T100000\r\n"
_SUPPORTED = (
    "a VTIMEZONE RRULE must be FREQ=YEARLY, with optional INTERVAL, COUNT, UNTIL, BYMONTH, BYDAY, BYMONTHDAY, "
    "BYYEARDAY, BYSETPOS, WKST and at most one BYHOUR, BYMINUTE and BYSECOND value"
)


def _refusal(problem: str) -> str:
    return f"cannot read the VTIMEZONE of TZID 'Rule Time' ({problem}); pass file_tz= the zone it means"


# ---------------------------------------------------------------------------
# 1. VTIMEZONE rule expansion is bounded
# ---------------------------------------------------------------------------


class _Expansion:
    """What expanding VTIMEZONE rules did: the budget steps spent, and each year a rule was expanded for, in order."""

    def __init__(self) -> None:
        self.steps = 0
        self.years: list[int] = []


@pytest.fixture
def expansion(monkeypatch: pytest.MonkeyPatch) -> _Expansion:
    """Record the work of rule expansion: each step spent from the budget, each year expanded."""
    record = _Expansion()
    spend = _vtimezone._Budget.spend
    year_occurrences = _vtimezone._year_occurrences

    def counted(self: _vtimezone._Budget, n: int = 1) -> None:
        record.steps += n
        spend(self, n)

    def recorded(rule: _vtimezone._Rule, dtstart: datetime, year: int) -> list[datetime]:
        record.years.append(year)
        return year_occurrences(rule, dtstart, year)

    monkeypatch.setattr(_vtimezone._Budget, "spend", counted)
    monkeypatch.setattr(_vtimezone, "_year_occurrences", recorded)
    return record


@pytest.mark.parametrize(
    ("rrule", "dtstart", "problem"),
    [
        ("RRULE:FREQ=SECONDLY\r\n", "19700101T000000", f"RRULE FREQ=SECONDLY is not supported; {_SUPPORTED}"),
        ("RRULE:FREQ=MINUTELY\r\n", "19990101T000000", f"RRULE FREQ=MINUTELY is not supported; {_SUPPORTED}"),
        ("RRULE:FREQ=DAILY;INTERVAL=1\r\n", "00010101T000000", f"RRULE FREQ=DAILY is not supported; {_SUPPORTED}"),
        ("RRULE:FREQ=YEARLY;BYHOUR=0,1,2\r\n", "19700101T000000", f"RRULE BYHOUR has 3 values; {_SUPPORTED}"),
        (
            "RRULE:FREQ=YEARLY;BYSECOND=0;BYSECOND=1\r\n",
            "19700101T000000",
            f"RRULE 'FREQ=YEARLY;BYSECOND=0;BYSECOND=1' is not KEY=VALUE parts each given once; {_SUPPORTED}",
        ),
        (
            "RRULE:FREQ=YEARLY;COUNT=99999999999\r\n",
            "19700101T000000",
            f"RRULE COUNT=99999999999 is not a number in range; {_SUPPORTED}",
        ),
        ("RRULE:FREQ=YEARLY;INTERVAL=0\r\n", "19700101T000000", f"RRULE INTERVAL=0 is outside 1 to 9999; {_SUPPORTED}"),
        ("RRULE:FREQ=YEARLY;BYMONTH=13\r\n", "19700101T000000", f"RRULE BYMONTH=13 is outside 1 to 12; {_SUPPORTED}"),
        ("RRULE:FREQ=YEARLY;X-FOO=1\r\n", "19700101T000000", f"RRULE part X-FOO is not supported; {_SUPPORTED}"),
        ("EXRULE:FREQ=YEARLY\r\n", "19700101T000000", "EXRULE is not supported (RFC 5545 deprecates it); use EXDATE"),
    ],
)
def test_unbounded_or_absurd_vtimezone_rules_are_refused_at_once(
    rrule: str, dtstart: str, problem: str, expansion: _Expansion
) -> None:
    """A VTIMEZONE rule that is not yearly (the 395-byte FREQ=SECONDLY file used to run for minutes) is refused before any expansion step, saying what is supported."""
    with pytest.raises(MissingZoneError) as info:
        ics.loads(_calendar(_rule_zone(rrule, dtstart), _AT_2026))
    assert (info.value.location, info.value.reason) == ("line 20", _refusal(problem))
    assert (expansion.steps, expansion.years) == (0, [])


def test_a_rule_with_a_year_of_daily_occurrences_exhausts_the_budget(expansion: _Expansion) -> None:
    """A yearly rule naming every day of the year, needed for 300 events ten years apart, is refused at the step over the limit, after 27 years expanded."""
    days = ",".join(str(d) for d in range(1, 367))
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{y}\r\nDTSTART;TZID=Rule Time:{y:04d}0704T120000\r\nEND:VEVENT\r\n"
        for y in range(1000, 4000, 10)
    )
    text = (
        "BEGIN:VCALENDAR\r\n"
        + _rule_zone(f"RRULE:FREQ=YEARLY;BYYEARDAY={days}\r\n", "00010101T000000")
        + events
        + "END:VCALENDAR\r\n"
    )
    with pytest.raises(MissingZoneError) as info:
        ics.loads(text)
    assert info.value.reason == _refusal(
        "expanding its rules for the events' years takes more than 10000 steps (months scanned and onsets found); "
        "a time-zone rule changes the offset a few times a year"
    )
    assert (expansion.steps, len(expansion.years)) == (MAX_RULE_STEPS + 1, 27)


def test_a_rule_that_never_matches_is_not_walked_to_year_9999(expansion: _Expansion) -> None:
    """A rule on 30 February, needed for 200 events twenty years apart, is walked a step a year near the events' years, never to year 9999, until the budget runs out."""
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{y}\r\nDTSTART;TZID=Rule Time:{y:04d}0704T120000\r\nEND:VEVENT\r\n"
        for y in range(1000, 5000, 20)
    )
    text = (
        "BEGIN:VCALENDAR\r\n"
        + _rule_zone("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\n", "00010101T000000")
        + events
        + "END:VCALENDAR\r\n"
    )
    with pytest.raises(MissingZoneError) as info:
        ics.loads(text)
    assert info.value.reason == _refusal(
        "expanding its rules for the events' years takes more than 10000 steps (months scanned and onsets found); "
        "a time-zone rule changes the offset a few times a year"
    )
    assert (expansion.steps, len(expansion.years), min(expansion.years), max(expansion.years)) == (
        MAX_RULE_STEPS + 1,
        MAX_RULE_STEPS,
        599,
        1481,
    )


_US_EASTERN = (
    "BEGIN:VTIMEZONE\r\nTZID:Eastern\r\n"
    "BEGIN:STANDARD\r\nDTSTART:16011104T020000\r\nRRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11\r\n"
    "TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:16010311T020000\r\nRRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3\r\n"
    "TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\n"
    "END:VTIMEZONE\r\n"
)
_US_HISTORY = (
    "BEGIN:VTIMEZONE\r\nTZID:Eastern\r\n"
    "BEGIN:STANDARD\r\nDTSTART:19671029T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10;UNTIL=20061029T060000Z\r\n"
    "TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:19870405T020000\r\nRRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4;UNTIL=20060402T070000Z\r\n"
    "TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:20070311T020000\r\nRRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3\r\n"
    "TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\n"
    "BEGIN:STANDARD\r\nDTSTART:20071104T020000\r\nRRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11\r\n"
    "TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD\r\n"
    "END:VTIMEZONE\r\n"
)


@pytest.mark.parametrize(
    ("vtimezone", "wall"),
    [
        (_US_EASTERN, datetime(2026, 3, 8, 1, 59)),
        (_US_EASTERN, datetime(2026, 3, 8, 3, 0)),
        (_US_EASTERN, datetime(2026, 11, 1, 0, 30)),
        (_US_EASTERN, datetime(2026, 11, 1, 2, 0)),
        (_US_EASTERN, datetime(9999, 7, 1, 12, 0)),
        (_US_HISTORY, datetime(2006, 4, 1, 12, 0)),
        (_US_HISTORY, datetime(2006, 4, 2, 12, 0)),
        (_US_HISTORY, datetime(2006, 10, 28, 12, 0)),
        (_US_HISTORY, datetime(2006, 10, 29, 12, 0)),
        (_US_HISTORY, datetime(1990, 7, 1, 12, 0)),
        (_US_HISTORY, datetime(2026, 3, 8, 3, 0)),
    ],
)
def test_vtimezone_rules_from_1601_and_with_until_give_zoneinfos_instants(vtimezone: str, wall: datetime) -> None:
    """Outlook's rules from 1601 and historic rules ending with UNTIL give the instants America/New_York gives, even in year 9999."""
    text = _calendar(vtimezone, f"DTSTART;TZID=Eastern:{wall:%Y%m%dT%H%M%S}\r\n")
    (session,) = ics.loads(text).sessions
    assert session.start == wall.replace(tzinfo=ZoneInfo("America/New_York"))


def test_a_vtimezone_with_count_and_interval_is_expanded_from_its_dtstart() -> None:
    """COUNT counts from DTSTART and INTERVAL skips years: a two-yearly change counted three times is in effect in 2004 only up to 2004."""
    zone = (
        "BEGIN:VTIMEZONE\r\nTZID:Rule Time\r\n"
        "BEGIN:STANDARD\r\nDTSTART:20000101T000000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000\r\nEND:STANDARD\r\n"
        "BEGIN:DAYLIGHT\r\nDTSTART:20000601T000000\r\nRRULE:FREQ=YEARLY;INTERVAL=2;COUNT=3\r\n"
        "TZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nEND:DAYLIGHT\r\n"
        "BEGIN:STANDARD\r\nDTSTART:20000901T000000\r\nRRULE:FREQ=YEARLY\r\n"
        "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nEND:STANDARD\r\n"
        "END:VTIMEZONE\r\n"
    )
    offsets = []
    for year in (2000, 2001, 2002, 2004, 2006):
        (session,) = ics.loads(_calendar(zone, f"DTSTART;TZID=Rule Time:{year}0701T120000\r\n")).sessions
        assert session.start is not None
        offsets.append(datetime(year, 7, 1, 12, tzinfo=UTC) - session.start)
    assert offsets == [timedelta(hours=h) for h in (1, 0, 1, 1, 0)]


def test_every_year_of_a_long_calendar_reads_fast_with_a_1601_rule(expansion: _Expansion) -> None:
    """A thousand events in a thousand different years under Outlook's rules from 1601: each rule is expanded once a year, from 1991 only, in 4040 steps."""
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{y}\r\nDTSTART;TZID=Eastern:{y:04d}0704T120000\r\nSUMMARY:T\r\nEND:VEVENT\r\n"
        for y in range(2000, 3000)
    )
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + _US_EASTERN + events + "END:VCALENDAR\r\n"
    sessions = ics.loads(text).sessions
    assert sorted(expansion.years) == sorted([*range(1991, 3001)] * 2)  # the two rules, from the lookback before 2000
    assert expansion.steps == 2 * 1010 * 2  # a month scanned and an onset found, for each rule and year
    assert [s.start for s in sessions][::250] == [
        datetime(y, 7, 4, 12, tzinfo=ZoneInfo("America/New_York")) for y in (2000, 2250, 2500, 2750)
    ]


def _rdate_zone(count: int) -> bytes:
    """A calendar whose zone has one observance with ``count`` RDATE values (the corpus case has 200,000)."""
    rdates = ",".join(f"{1900 + n // 365:04d}{1 + n % 12:02d}{1 + n % 28:02d}T000000" for n in range(count))
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Custom\r\nBEGIN:STANDARD\r\n"
        f"DTSTART:19000101T000000\r\nRDATE:{rdates}\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\n"
        "END:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;TZID=Custom:20200101T100000\r\n"
        "SUMMARY:T\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    ).encode()


def test_rdate_values_are_read_in_linear_steps() -> None:
    """Each RDATE value added from 500 to 4,000 costs the steps each one added from 500 to 1,000 costs (within 5%)."""

    def steps_for(count: int) -> int:
        data = _rdate_zone(count)
        return steps(lambda: ics.loads(data))

    steps_for(10)  # imports and caches filled on first use
    assert growth(steps_for, 500) < 1.05


# ---------------------------------------------------------------------------
# 7. file_tz= is checked
# ---------------------------------------------------------------------------

_UTC_EVENT = _calendar("", "DTSTART:20260101T100000Z\r\n")


def test_an_unknown_tz_is_an_unknown_zone_error() -> None:
    """loads(file_tz=) with a name that is no IANA zone raises UnknownZoneError, as the other readers do, even when no time needs it."""
    with pytest.raises(UnknownZoneError) as info:
        ics.loads(_UTC_EVENT, file_tz="Mars/Olympus")
    assert str(info.value) == "unknown time zone 'Mars/Olympus': use an IANA name such as 'Europe/Paris' or 'UTC'"


@pytest.mark.parametrize("suffix", [".ics", ".xml"])
def test_the_command_line_refuses_an_unknown_file_tz_for_ics_as_for_xml(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--file-tz Mars/Olympus exits 2 with the same message for an .ics file as for a frab XML file."""
    source = ROOT / "tests" / "golden" / ("small.ics" if suffix == ".ics" else "small.frab.xml")
    path = tmp_path / f"schedule{suffix}"
    path.write_bytes(source.read_bytes())
    code = main(["list", str(path), "--file-tz", "Mars/Olympus"])
    out, err = capsys.readouterr()
    assert (code, out, err.splitlines()[0]) == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: unknown time zone 'Mars/Olympus': use an IANA name such as 'Europe/Paris' or 'UTC'",
    )


# ---------------------------------------------------------------------------
# 12. the written VTIMEZONE has a bounded size
# ---------------------------------------------------------------------------


def _far_apart(zone: str, years: tuple[int, ...] = (2026, 9999)) -> Conference:
    return Conference(
        id="far",
        name="Far",
        timezone=zone,
        sessions=[
            Session(
                id=f"s{year}-{month}",
                title="T",
                start=datetime(year, month, 15, 10, tzinfo=ZoneInfo(zone)),
                end=datetime(year, month, 15, 11, tzinfo=ZoneInfo(zone)),
            )
            for year in years
            for month in (1, 4, 7, 11)
        ],
    )


def test_vtimezone_for_sessions_in_2026_and_9999_is_two_rules() -> None:
    """Sessions in 2026 and 9999 get a VTIMEZONE of two RRULE observances, in the steps sessions in 2026 and 2027 take (it was 1.7 MB, built day by day)."""
    text = ics.dumps(_far_apart("Europe/Paris"), tz="Europe/Paris", dtstamp=STAMP)
    vtimezone = text[text.index("BEGIN:VTIMEZONE") : text.index("END:VTIMEZONE")].split("\r\n")
    assert vtimezone == [
        "BEGIN:VTIMEZONE",
        "TZID:Europe/Paris",
        "BEGIN:DAYLIGHT",
        "DTSTART:20250330T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "TZNAME:CEST",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "DTSTART:20251026T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "TZNAME:CET",
        "END:STANDARD",
        "",
    ]
    assert len(text) < 3000
    near = _far_apart("Europe/Paris", (2026, 2027))
    far = _far_apart("Europe/Paris")
    assert steps(lambda: ics.dumps(far, tz="Europe/Paris", dtstamp=STAMP)) == steps(
        lambda: ics.dumps(near, tz="Europe/Paris", dtstamp=STAMP)
    )


ZONES = [
    "Europe/Paris",
    "America/New_York",
    "America/Los_Angeles",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Asia/Tokyo",
    "America/Santiago",
    "Asia/Jerusalem",
    "America/Nuuk",
    "Africa/Cairo",
    "Asia/Gaza",
    "Africa/Casablanca",
    "Pacific/Chatham",
    "Europe/Dublin",
]


def _renamed(text: str, zone: str) -> str:
    """The calendar with the TZID renamed, so a reader has to use the VTIMEZONE instead of looking the zone up."""
    custom = "Far " + zone.replace("/", " ")  # icalendar caches zones by TZID: a name no other test uses
    return (
        text.replace(f"TZID:{zone}", f"TZID:{custom}")
        .replace(f"TZID={zone}", f"TZID={custom}")
        .replace(f"X-WR-TIMEZONE:{zone}", "X-WR-TIMEZONE:UTC")
    )


@pytest.mark.parametrize("zone", ZONES)
def test_rules_and_history_read_back_by_icalendar_at_the_same_instants(zone: str) -> None:
    """icalendar, reading our VTIMEZONE alone, gives every session's instant, for sessions from 1950 to 9999, in rule and history zones."""
    conf = _far_apart(zone, (1950, 1987, 2006, 2026, 2100, 9999))
    text = _renamed(ics.dumps(conf, tz=zone, dtstamp=STAMP), zone)
    calendar: Any = icalendar.Calendar.from_ical(text)
    assert calendar.errors == []
    got = {str(e["UID"]).split("@")[0]: e["DTSTART"].dt for e in calendar.walk("VEVENT")}
    assert {k: v.astimezone(UTC) for k, v in got.items()} == {
        s.id: s.start.astimezone(UTC) for s in conf.sessions if s.start
    }
    assert len(text) < 40_000


@pytest.mark.parametrize("zone", ZONES)
def test_our_reader_reads_our_vtimezone_at_the_same_instants(zone: str) -> None:
    """Our reader, using our VTIMEZONE alone, gives every session's instant, for sessions from 1950 to 9999."""
    conf = _far_apart(zone, (1950, 1987, 2006, 2026, 2100, 9999))
    back = ics.loads(_renamed(ics.dumps(conf, tz=zone, dtstamp=STAMP), zone))
    assert {s.id: s.start for s in back.sessions} == {s.id: s.start for s in conf.sessions}


# ---------------------------------------------------------------------------
# 19. folds inside a UTF-8 character
# ---------------------------------------------------------------------------


def test_a_fold_inside_a_utf8_character_is_unfolded_before_decoding() -> None:
    """A producer that folds between the two bytes of "é" gives a title with "é", not a "not UTF-8" error."""
    data = (
        _calendar("", "DTSTART:20260101T100000Z\r\n")
        .replace("SUMMARY:Talk", "SUMMARY:Caf\udcc3\r\n \udca9 au lait")
        .encode("utf-8", "surrogateescape")
    )
    assert b"Caf\xc3\r\n \xa9" in data
    (session,) = ics.loads(data).sessions
    assert session.title == "Café au lait"


def test_bytes_that_are_not_utf8_name_their_line() -> None:
    """Bytes that stay invalid UTF-8 after unfolding are refused naming the (first physical) line."""
    data = _calendar("", "DTSTART:20260101T100000Z\r\n").encode().replace(b"SUMMARY:Talk", b"SUMMARY:T\xffk")
    with pytest.raises(ScheduleParseError) as info:
        ics.loads(data)
    assert (info.value.location, info.value.reason) == (
        "line 7",
        "the input is not UTF-8 (invalid start byte at byte 9 of the unfolded line)",
    )


def test_a_byte_order_mark_and_bare_newlines_are_accepted_in_bytes() -> None:
    """UTF-8 bytes with a BOM and LF line ends read like the text."""
    text = _calendar("", "DTSTART:20260101T100000Z\r\n")
    (session,) = ics.loads(b"\xef\xbb\xbf" + text.replace("\r\n", "\n").encode()).sessions
    assert (session.title, session.start) == ("Talk", datetime(2026, 1, 1, 10, tzinfo=UTC))


# ---------------------------------------------------------------------------
# linear reading
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "items"),
    [
        (r"a\,b,c", ["a,b", "c"]),
        ("a,,b, ,", ["a", "b"]),
        (r"x\\,y", ["x\\", "y"]),
        ("tail\\", ["tail\\"]),
        (r"new\nline\N,\;", ["new\nline", ";"]),
    ],
)
def test_text_lists_split_on_unescaped_commas(value: str, items: list[str]) -> None:
    """CATEGORIES-style lists split on commas not preceded by an escaping backslash, each item unescaped."""
    assert _ics_lines.split_list(value) == items


def _unescape_reference(value: str) -> str:
    """The character-by-character unescaping the reader used before."""
    out: list[str] = []
    i = 0
    while i < len(value):
        char = value[i]
        if char == "\\" and i + 1 < len(value):
            nxt = value[i + 1]
            out.append("\n" if nxt in "nN" else nxt)
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


@settings(max_examples=500)
@given(st.text(alphabet="\\nN,;a\n ", max_size=40))
def test_unescape_agrees_with_the_character_by_character_reading(value: str) -> None:
    """The linear unescaping gives what reading one character at a time gives, for any mix of backslashes and escapable letters."""
    assert _ics_lines.unescape(value) == _unescape_reference(value)


@pytest.mark.parametrize(
    ("value", "length"),
    [("\\n\\," * 1_000_000, 2_000_000), ("a\\" * 2_000_000, 2_000_001), ("\\\\" * 2_000_000, 2_000_000)],
)
def test_a_huge_escaped_description_unescapes_fast(value: str, length: int) -> None:
    """Escapes are unescaped in C: no step per character or per escape, at most one loop turn (two steps) per escaped backslash."""
    short, longer = value[:4000], value[:32000]
    added = steps(lambda: _ics_lines.unescape(longer)) - steps(lambda: _ics_lines.unescape(short))
    assert added <= 2 * (longer.count("\\\\") - short.count("\\\\"))
    text = _ics_lines.unescape(value)
    assert (len(text), text == _unescape_reference(value)) == (length, True)


def _events_text(count: int) -> str:
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{i}\r\nDTSTART;TZID=Eastern:2026{1 + i % 12:02d}10T100000\r\nDURATION:PT30M\r\n"
        f"SUMMARY:Talk {i}\\, part\\n2\r\nCATEGORIES:A\\,B,C\r\nDESCRIPTION:{'x' * 100}\r\nEND:VEVENT\r\n"
        for i in range(count)
    )
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + _US_EASTERN + events + "END:VCALENDAR\r\n"


def test_reading_work_grows_linearly_with_the_events() -> None:
    """Each event added from 50 to 400 events costs the steps each event added from 50 to 100 costs (within 5%): reading is linear."""

    def steps_for(count: int) -> int:
        text = _events_text(count)
        read: list[Conference] = []
        taken = steps(lambda: read.append(ics.loads(text)))
        assert len(read[0].sessions) == count
        return taken

    steps_for(10)  # imports and caches filled on first use
    assert growth(steps_for, 50) < 1.05


def _folded_calendar(body: str) -> bytes:
    """A calendar whose one event has ``body`` as its DESCRIPTION, folded every 74 octets."""
    folded = "\r\n ".join(body[i : i + 74] for i in range(0, len(body), 74))
    return (
        _calendar("", "DTSTART:20260101T100000Z\r\n")
        .replace("SUMMARY:Talk", "SUMMARY:Talk\r\nDESCRIPTION:" + folded)
        .encode()
    )


def test_one_enormous_folded_line_reads_in_linear_time() -> None:
    """Folds cost no Python step each (unfolding is done in C over the whole text): a DESCRIPTION of 8,000 folds reads in exactly the steps of one of 1,000, and a 4 MB one (54,054 folds) reads back whole."""

    def steps_for(folds: int) -> int:
        data = _folded_calendar("y" * 74 * folds)
        return steps(lambda: ics.loads(data))

    steps_for(10)  # imports and caches filled on first use
    assert steps_for(8000) == steps_for(1000)
    body = "y" * 4_000_000
    with no_hang("reading a 4 MB folded line"):
        (session,) = ics.loads(_folded_calendar(body)).sessions
    assert session.abstract == body


# ---------------------------------------------------------------------------
# fuzzing: any bytes give a Conference or a ScheduleParseError, and never hang
# ---------------------------------------------------------------------------

_TOKENS = [
    b"\r\n",
    b"\r\n ",
    b"\n",
    b":",
    b";",
    b",",
    b"=",
    b'"',
    b"\\",
    b"\\n",
    b"\xc3",
    b"\xff",
    b"\x00",
    b"BEGIN:VEVENT\r\n",
    b"END:VEVENT\r\n",
    b"BEGIN:VTIMEZONE\r\n",
    b"END:VTIMEZONE\r\n",
    b"BEGIN:STANDARD\r\n",
    b"END:STANDARD\r\n",
    b"BEGIN:DAYLIGHT\r\n",
    b"END:DAYLIGHT\r\n",
    b"TZID:Z\r\n",
    b";TZID=Z",
    b";VALUE=DATE",
    b"DTSTART:",
    b"DTEND:",
    b"DURATION:P",
    b"RRULE:FREQ=YEARLY;",
    b"RRULE:FREQ=SECONDLY\r\n",
    b"COUNT=",
    b"UNTIL=",
    b"INTERVAL=",
    b"BYDAY=-1SU",
    b"BYMONTH=",
    b"BYYEARDAY=",
    b"RDATE:",
    b"EXDATE:",
    b"TZOFFSETFROM:",
    b"TZOFFSETTO:",
    b"+0100",
    b"-2359",
    b"99991231T235959",
    b"00010101T000000",
    b"16010101T000000",
    b"Z",
    b"T",
    b"X-WR-TIMEZONE:",
    b"Europe/Paris",
    b"X-LIC-LOCATION:",
    b"ATTENDEE;CN=",
    b"CATEGORIES:",
    b"UID:",
    b"9" * 12,
    b"-",
]


def check_input(data: bytes) -> None:
    """Read ``data``; only a Conference or a ScheduleParseError may come out, and the reading must end (a generous hang guard)."""
    try:
        with no_hang(f"reading {data[:200]!r}", seconds=10.0):
            result = ics.loads(data)
    except ScheduleParseError:
        pass
    else:
        assert isinstance(result, Conference)


def test_seed_files_read() -> None:
    """Every hypothesis seed (the two golden calendars, and the shared sample calendar where ../shared is present) reads into a Conference."""
    assert [path.name for path in SEEDS[:2]] == ["small.ics", "small.paris.ics"]
    for path in SEEDS:
        assert isinstance(ics.loads(path.read_bytes()), Conference)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=2000)
    | st.builds(lambda a, b: a + b, st.sampled_from([p.read_bytes()[:4000] for p in SEEDS]), st.binary(max_size=200))
)
def test_any_bytes_give_a_conference_or_a_parse_error(data: bytes) -> None:
    """Any bytes, alone or after the start of a real calendar, give a Conference or a ScheduleParseError, and never hang."""
    check_input(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_TOKENS), max_size=60))
def test_any_sequence_of_calendar_tokens_gives_a_conference_or_a_parse_error(tokens: list[bytes]) -> None:
    """Any sequence of iCalendar fragments after BEGIN:VCALENDAR gives a Conference or a ScheduleParseError, and never hangs."""
    check_input(b"BEGIN:VCALENDAR\r\n" + b"".join(tokens) + b"\r\nEND:VCALENDAR\r\n")


# -- issue 18: truth on real inputs ----------------------------------------

_HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"


def _one(events: str, head: str = _HEAD) -> Conference:
    from pyconf_schedule import loads

    return loads(head + events + "END:VCALENDAR\r\n", "ics")


def test_mixed_line_ends_and_bare_lf_folds_are_read() -> None:
    """Lines ending in CRLF and bare LF mixed, folded with a bare LF plus a space or a tab, unfold as RFC 5545 says."""
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\nPRODID:x\r\nBEGIN:VEVENT\nUID:f\r\nSUMMARY:Folded with\n  a bare LF\r\n"
        "DTSTART:20260408T090000Z\nDESCRIPTION:mixed\r\n\tline ends\nEND:VEVENT\r\nEND:VCALENDAR\n"
    )
    from pyconf_schedule import loads

    for data in (text, text.encode()):
        (session,) = loads(data, "ics").sessions
        assert (session.title, session.abstract, session.start) == (
            "Folded with a bare LF", "mixedline ends", datetime(2026, 4, 8, 9, tzinfo=UTC),
        )  # fmt: skip


def test_a_duration_of_thousands_of_digits_is_a_parse_error() -> None:
    """A DURATION number longer than 12 digits is refused at its line, not a bare ValueError from int()."""
    with pytest.raises(ScheduleParseError) as info:
        _one("BEGIN:VEVENT\r\nUID:d\r\nDTSTART:20260408T090000Z\r\nDURATION:PT" + "9" * 5000 + "M\r\nEND:VEVENT\r\n")
    assert (info.value.location, info.value.reason) == (
        "line 7", f"DURATION {'PT' + '9' * 37 + '…'!r} is too long (at most 12 digits a number)",
    )  # fmt: skip


def test_exdate_moves_the_start_to_the_next_rdate_or_keeps_the_event_off_the_programme() -> None:
    """A DTSTART that EXDATE excludes: the first RDATE left is the start (length kept); with no other occurrence, the event is unscheduled with the reason recorded."""
    conf = _one(
        "BEGIN:VEVENT\r\nUID:x\r\nSUMMARY:Moved\r\nDTSTART:20260408T090000Z\r\nDTEND:20260408T100000Z\r\n"
        "RDATE:20260408T090000Z,20260410T090000Z,20260409T090000Z\r\nEXDATE:20260408T090000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:y\r\nSUMMARY:Gone\r\nDTSTART:20260408T110000Z\r\nEXDATE:20260408T110000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:z\r\nSUMMARY:Weekly\r\nDTSTART:20260408T120000Z\r\nRRULE:FREQ=WEEKLY\r\n"
        "EXDATE:20260408T120000Z\r\nEND:VEVENT\r\n"
    )
    moved, gone, weekly = (conf.session(i) for i in ("x", "y", "z"))
    assert (moved.start, moved.end) == (datetime(2026, 4, 9, 9, tzinfo=UTC), datetime(2026, 4, 9, 10, tzinfo=UTC))
    assert [(s.start, [(c.field, [v.value for v in c.values], c.rule) for c in s.conflicts]) for s in (gone, weekly)] == [
        (None, [("start", ["2026-04-08T11:00:00+00:00"], "EXDATE excludes its only occurrence: kept off the programme (unscheduled)")]),
        (None, [("start", ["2026-04-08T12:00:00+00:00"], "EXDATE excludes DTSTART and its next occurrence comes from the "
                 "RRULE, which is not expanded: kept off the programme (unscheduled)")]),
    ]  # fmt: skip
    assert [s.id for s in ics.omitted(conf)] == ["y", "z"]


def test_cancelled_events_are_kept_off_the_programme_visibly() -> None:
    """STATUS:CANCELLED (and every event of a METHOD:CANCEL calendar) is unscheduled, so no day or time shows it; ics.omitted lists it and its conflict says why."""
    conf = _one(
        "BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Called off\r\nSTATUS:CANCELLED\r\nDTSTART:20260408T090000Z\r\n"
        "DTEND:20260408T100000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:k\r\nSUMMARY:Kept\r\nSTATUS:CONFIRMED\r\n"
        "DTSTART:20260408T100000Z\r\nDTEND:20260408T110000Z\r\nEND:VEVENT\r\n"
    )
    assert [s.id for s in conf.sessions.scheduled] == ["k"]
    assert [s.id for s in conf.at("2026-04-08T09:30:00Z")] == []
    assert [(s.id, s.title, [c.rule for c in s.conflicts]) for s in ics.omitted(conf)] == [
        ("c", "Called off", ["STATUS:CANCELLED cancels it: kept off the programme (unscheduled)"]),
    ]
    cancel = _one(
        "BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Called off\r\nDTSTART:20260408T090000Z\r\nEND:VEVENT\r\n",
        head=_HEAD + "METHOD:CANCEL\r\n",
    )
    assert [(s.id, s.start, [c.rule for c in s.conflicts]) for s in cancel.sessions] == [
        ("c", None, ["the calendar's METHOD:CANCEL cancels it: kept off the programme (unscheduled)"]),
    ]


def test_a_date_start_with_a_date_time_end_is_a_day_only_session() -> None:
    """DTSTART;VALUE=DATE with a DATE-TIME DTEND is that day (a day-only session), not a zero-length session at midnight."""
    (session,) = _one(
        "BEGIN:VEVENT\r\nUID:m\r\nSUMMARY:Mixed\r\nDTSTART;VALUE=DATE:20260408\r\nDTEND:20260408T170000Z\r\nEND:VEVENT\r\n"
    ).sessions
    assert (session.start, session.end, session.day_only) == (None, None, datetime(2026, 4, 8).date())
    assert [(c.field, [v.value for v in c.values]) for c in session.conflicts] == [
        ("end", ["2026-04-08T17:00:00+00:00"])
    ]


def test_a_vevent_inside_a_vevent_is_refused_at_its_line() -> None:
    """An event nested in an event is invalid iCalendar: refused where it begins, naming its parent, never dropped silently."""
    with pytest.raises(ScheduleParseError) as info:
        _one(
            "BEGIN:VEVENT\r\nUID:o\r\nDTSTART:20260408T090000Z\r\nBEGIN:VEVENT\r\nUID:i\r\nEND:VEVENT\r\nEND:VEVENT\r\n"
        )
    assert (info.value.location, info.value.reason) == (
        "line 7", "BEGIN:VEVENT inside BEGIN:VEVENT of line 4; an event belongs directly in the VCALENDAR",
    )  # fmt: skip


def test_attendees_differing_only_in_case_are_one_speaker() -> None:
    """ATTENDEE names that fold the same are one speaker: the first spelling is the name, the others its aliases, in every session."""
    conf = _one(
        "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260408T090000Z\r\nATTENDEE;CN=Ana Lima:mailto:a@x\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260408T100000Z\r\nATTENDEE;CN=ana lima:mailto:a@x\r\n"
        "ATTENDEE;CN=ANA LIMA:mailto:a@x\r\nEND:VEVENT\r\n"
    )
    assert [(p.id, p.name, p.aliases) for p in conf.speakers] == [("ana-lima", "Ana Lima", ("ana lima", "ANA LIMA"))]
    assert [[(p.id, p.aliases) for p in s.speakers] for s in conf.sessions] == [
        [("ana-lima", ("ana lima", "ANA LIMA"))], [("ana-lima", ("ana lima", "ANA LIMA"))],
    ]  # fmt: skip


def test_titles_follow_the_one_rule_of_every_reader() -> None:
    """SUMMARY is stripped like the frab and c3voc titles; a blank one, no SUMMARY and our own untitled placeholder all read as untitled."""
    conf = _one(
        "BEGIN:VEVENT\r\nUID:t\r\nSUMMARY:Trailing space \r\nDTSTART:20260408T090000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:u\r\nSUMMARY:(untitled session u)\r\nDTSTART:20260408T100000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:e\r\nSUMMARY:   \r\nDTSTART:20260408T110000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:n\r\nDTSTART:20260408T120000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:v\r\nSUMMARY:(untitled session u)\r\nDTSTART:20260408T130000Z\r\nEND:VEVENT\r\n"
    )
    assert [(s.id, s.title) for s in conf.sessions] == [
        ("t", "Trailing space"), ("u", None), ("e", None), ("n", None), ("v", "(untitled session u)"),
    ]  # fmt: skip


def test_pyconuk_2015_sample_reads_as_its_file_says() -> None:
    """pyconuk-2015 (PyVObject): 162 events in UTC on 4 days in 11 rooms; the 4 without SUMMARY are untitled, the 5 without DTEND have no end."""
    from pyconf_schedule import read

    path = ROOT.parent / "shared" / "samples" / "pyconuk-2015_schedule.pyvobject.ics"
    if not path.exists():
        pytest.skip(f"{path} is absent (the shared folder is not next to the repository)")
    conf = read(path)
    untitled = [s.id.split("@")[0] for s in conf.sessions if s.title is None]
    open_ended = [s.id.split("@")[0] for s in conf.sessions if s.end is None]
    assert (len(conf.sessions), conf.timezone, len(conf.days()), len(conf.rooms)) == (162, "UTC", 4, 11)
    assert (sorted(untitled), sorted(open_ended)) == (
        ["20150919T102825Z-20643", "20150919T102825Z-37507", "20150919T102825Z-79948", "20150919T102825Z-95687"],
        ["20150919T102825Z-44535", "20150919T102825Z-47344", "20150919T102825Z-63408", "20150919T102825Z-8929",
         "20150919T102825Z-93091"],
    )  # fmt: skip
    assert [s.title for s in conf.sessions if s.title is not None and s.title != s.title.strip()] == []
