"""iCalendar: RFC 5545 writing checked by the icalendar package, and lenient reading."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import attrs
import icalendar
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, ScheduleParseError, Session, Speaker, dumps, load, loads, read
from pyconf_schedule.formats import ics

from .test_formats_golden import DTSTAMP, SHARED, small_conference


def _calendar(text: str) -> Any:
    """The icalendar package's parse of ``text``, untyped (its value types are a wide union)."""
    return icalendar.Calendar.from_ical(text)


def _events(text: str) -> list[Any]:
    calendar = _calendar(text)
    assert calendar.errors == []
    events = list(calendar.walk("VEVENT"))
    for event in events:
        assert event.errors == []
    return events


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
@pytest.mark.parametrize("tz", [None, "Europe/Paris", "America/Los_Angeles", "Asia/Tokyo"])
def test_datasets_parse_back_with_the_same_instants(name: str, tz: str | None) -> None:
    """icalendar reads every dataset export with no errors and the same titles and instants."""
    conf = load(name)
    events = {str(e["UID"]): e for e in _events(ics.dumps(conf, tz=tz, dtstamp=DTSTAMP))}
    written = [s for s in conf.sessions if s.start is not None and s.end is not None]
    assert len(events) == len(written)
    for session in written:
        event = events[f"{session.id}@{name}.pyconf-schedule"]
        assert str(event["SUMMARY"]) == ics.clean_text(session.title or "(untitled session)")
        assert event["DTSTART"].dt == session.start
        assert event["DTEND"].dt == session.end


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_datasets_round_trip_through_our_reader(name: str) -> None:
    """Our reader gets back every scheduled session's id, title (an untitled one untitled), instants, room and track."""
    conf = load(name)
    back = loads(dumps(conf, "ics", tz="Europe/Paris"), "ics")
    got = {s.id: (s.title, s.start, s.end, s.room and s.room.name, s.track and s.track.name) for s in back.sessions}
    want = {
        s.id: (s.title, s.start, s.end, s.room and s.room.name, s.track and s.track.name)
        for s in conf.sessions.scheduled
        if s.end is not None
    }
    assert got == want


def test_every_physical_line_is_at_most_75_octets_and_crlf() -> None:
    """Lines are folded at 75 octets, never inside a UTF-8 character, and end in CRLF."""
    conf = small_conference()
    long_title = "é🦄" * 60
    session = conf.sessions[0]
    text = ics.dumps(attrs.evolve(conf, sessions=[attrs.evolve(session, title=long_title)]), dtstamp=DTSTAMP)
    data = text.encode("utf-8")
    assert data.endswith(b"\r\n")
    for line in data.split(b"\r\n"):
        assert len(line) <= 75
        line.decode("utf-8")  # a split character would fail here
    assert str(_events(text)[0]["SUMMARY"]) == long_title


@pytest.mark.parametrize(
    ("value", "escaped"),
    [
        ("a;b", "a\\;b"),
        ("a,b", "a\\,b"),
        ("a\\b", "a\\\\b"),
        ("a\nb", "a\\nb"),
        ("a\r\nb", "a\\nb"),
        ("a\rb", "a\\nb"),
        ("a\x00\x1bb\tc", "ab\tc"),
    ],
)
def test_escape_text(value: str, escaped: str) -> None:
    """TEXT escaping covers backslash, semicolon, comma and newlines; other controls are removed."""
    assert ics.escape_text(value) == escaped


def test_crlf_in_a_title_cannot_inject_properties() -> None:
    """A title holding CRLF and a property line stays one SUMMARY value."""
    conf = small_conference()
    evil = "Talk\r\nBEGIN:VEVENT\r\nSUMMARY:pwned\r\nATTENDEE:mailto:x@y"
    text = ics.dumps(attrs.evolve(conf, sessions=[attrs.evolve(conf.sessions[0], title=evil)]), dtstamp=DTSTAMP)
    events = _events(text)
    assert len(events) == 1
    assert str(events[0]["SUMMARY"]) == "Talk\nBEGIN:VEVENT\nSUMMARY:pwned\nATTENDEE:mailto:x@y"
    assert "ATTENDEE" not in events[0]


def test_calendar_properties() -> None:
    """The calendar has a stable PRODID, VERSION 2.0 and the conference name; each event one UID and one DTSTAMP."""
    text = ics.dumps(small_conference(), dtstamp=DTSTAMP)
    calendar = _calendar(text)
    assert (str(calendar["PRODID"]), str(calendar["VERSION"]), calendar["X-WR-CALNAME"].to_ical()) == (
        "-//pyconf-schedule//pyconf-schedule//EN",
        "2.0",
        b'Demo Conf\\; 2026\\, "Edge" Edition',
    )
    assert loads(text, "ics").name == 'Demo Conf; 2026, "Edge" Edition'
    for event in calendar.walk("VEVENT"):
        assert len(event.property_items()) == len({*event.property_items()})
        assert event["DTSTAMP"].dt == DTSTAMP
    assert text.count("\r\nUID:") == text.count("\r\nDTSTAMP:") == 3


def test_unknown_end_is_left_out() -> None:
    """A session with an unknown end is not written (without DTEND it would end at its start); omitted() lists it."""
    from pyconf_schedule.formats import omitted

    events = {str(e["UID"]): e for e in _events(ics.dumps(small_conference(), dtstamp=DTSTAMP))}
    assert sorted(events) == [
        "coffee@demo2026.pyconf-schedule",
        "formula@demo2026.pyconf-schedule",
        "opening@demo2026.pyconf-schedule",
    ]
    assert all("DTEND" in event for event in events.values())
    assert omitted(small_conference(), "ics").ids == ("unicorns", "tba-panel")


def test_default_dtstamp_is_now() -> None:
    """Without dtstamp, DTSTAMP is the current UTC time."""
    before = datetime.now(UTC).replace(microsecond=0)
    event = _events(ics.dumps(small_conference()))[0]
    assert before <= event["DTSTAMP"].dt <= datetime.now(UTC)


@pytest.mark.parametrize(
    ("zone", "expected"),
    [
        (
            "Europe/Paris",
            [
                ("DAYLIGHT", "20250330T020000", "+0100", "+0200", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3"),
                ("STANDARD", "20251026T030000", "+0200", "+0100", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
            ],
        ),
        (
            "America/New_York",
            [
                ("DAYLIGHT", "20250309T020000", "-0500", "-0400", "FREQ=YEARLY;BYDAY=2SU;BYMONTH=3"),
                ("STANDARD", "20251102T020000", "-0400", "-0500", "FREQ=YEARLY;BYDAY=1SU;BYMONTH=11"),
            ],
        ),
        ("Asia/Tokyo", [("STANDARD", "20250101T090000", "+0900", "+0900", None)]),
        (
            "Australia/Lord_Howe",
            [
                ("STANDARD", "20250406T020000", "+1100", "+1030", "FREQ=YEARLY;BYDAY=1SU;BYMONTH=4"),
                ("DAYLIGHT", "20251005T020000", "+1030", "+1100", "FREQ=YEARLY;BYDAY=1SU;BYMONTH=10"),
            ],
        ),
    ],
)
def test_vtimezone_matches_zoneinfo(zone: str, expected: list[tuple[str, str, str, str, str | None]]) -> None:
    """The VTIMEZONE gives the zone's current yearly rules as RRULE observances starting the year before the events."""
    text = ics.dumps(small_conference(), tz=zone, dtstamp=DTSTAMP)
    calendar = _calendar(text)
    (vtimezone,) = calendar.walk("VTIMEZONE")
    got = [
        (
            c.name,
            c["DTSTART"].dt.strftime("%Y%m%dT%H%M%S"),
            _offset(c["TZOFFSETFROM"].to_ical()),
            _offset(c["TZOFFSETTO"].to_ical()),
            c["RRULE"].to_ical().decode() if "RRULE" in c else None,
        )
        for c in vtimezone.subcomponents
    ]
    assert got == expected


@pytest.mark.parametrize("zone", ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"])
def test_local_times_read_back_by_icalendar_with_our_vtimezone(zone: str) -> None:
    """icalendar, using our VTIMEZONE (the TZID renamed so it cannot look the zone up), gets the same instants."""
    text = ics.dumps(small_conference(), tz=zone, dtstamp=DTSTAMP).replace(zone, "Custom " + zone.replace("/", " "))
    events = {str(e["UID"]): e for e in _events(text)}
    written = [s for s in small_conference().sessions.scheduled if s.end is not None]
    for session in written:
        assert events[f"{session.id}@demo2026.pyconf-schedule"]["DTSTART"].dt == session.start
    back = loads(text, "ics")
    assert sorted(s.start for s in back.sessions if s.start) == [s.start for s in written]


def test_repeated_wall_time_is_written_in_utc() -> None:
    """A start in the hour a DST change repeats is written in UTC, so it stays unambiguous."""
    start = datetime(2026, 10, 25, 0, 30, tzinfo=UTC)  # 02:30 CEST, repeated at 02:30 CET
    conf = Conference(
        id="x",
        name="X",
        timezone="Europe/Paris",
        sessions=[Session(id="late", title="Late", start=start, end=start + timedelta(hours=2))],
    )
    text = ics.dumps(conf, tz="Europe/Paris", dtstamp=DTSTAMP)
    assert "DTSTART:20261025T003000Z\r\n" in text
    assert _events(text)[0]["DTSTART"].dt == start


_CAL = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n{head}BEGIN:VEVENT\r\nUID:e1\r\nDTSTAMP:20200101T000000Z\r\n{times}SUMMARY:Talk\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
_PARIS_VTZ = (
    "BEGIN:VTIMEZONE\r\nTZID:Romance Standard Time\r\nBEGIN:STANDARD\r\nDTSTART:16011028T030000\r\n"
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\n"
    "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
)


@pytest.mark.parametrize(
    ("head", "times", "tz", "start", "end", "zone"),
    [
        (
            "",
            "DTSTART:20200918T110000Z\r\nDTEND:20200918T120000Z\r\n",
            None,
            "2020-09-18T11:00:00+00:00",
            "2020-09-18T12:00:00+00:00",
            "UTC",
        ),
        (
            "",
            "DTSTART;TZID=Europe/Berlin:20200918T130000\r\nDURATION:PT45M\r\n",
            None,
            "2020-09-18T11:00:00+00:00",
            "2020-09-18T11:45:00+00:00",
            "Europe/Berlin",
        ),
        (
            "",
            "DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20200918T130000\r\n",
            None,
            "2020-09-18T11:00:00+00:00",
            None,
            "Europe/Berlin",
        ),
        (
            _PARIS_VTZ,
            "DTSTART;TZID=Romance Standard Time:20200918T130000\r\nDTEND;TZID=Romance Standard Time:20201225T100000\r\n",
            None,
            "2020-09-18T11:00:00+00:00",
            "2020-12-25T09:00:00+00:00",
            "UTC",
        ),
        (
            "X-WR-TIMEZONE:America/New_York\r\n",
            "DTSTART:20200918T090000\r\n",
            None,
            "2020-09-18T13:00:00+00:00",
            None,
            "America/New_York",
        ),
        ("", "DTSTART:20200918T090000\r\n", "Asia/Tokyo", "2020-09-18T00:00:00+00:00", None, "Asia/Tokyo"),
        ("", "DTSTART;VALUE=DATE:20200918\r\n", None, "2020-09-18T00:00:00+00:00", "2020-09-19T00:00:00+00:00", "UTC"),
    ],
)
def test_reader_zones(head: str, times: str, tz: str | None, start: str, end: str | None, zone: str) -> None:
    """UTC, IANA TZIDs, prefixed TZIDs, VTIMEZONE-only TZIDs, X-WR-TIMEZONE and file_tz= all give the right instants."""
    conf = loads(_CAL.format(head=head, times=times), "ics", file_tz=tz)
    (session,) = conf.sessions
    assert session.start is not None
    assert session.start.astimezone(UTC).isoformat() == start
    assert (session.end.astimezone(UTC).isoformat() if session.end else None) == end
    assert conf.timezone == zone


def test_floating_time_without_zone_is_an_error() -> None:
    """A floating time with no X-WR-TIMEZONE and no file_tz= is an error that says to pass file_tz."""
    with pytest.raises(ScheduleParseError, match=r"pass file_tz=") as info:
        loads(_CAL.format(head="", times="DTSTART:20200918T090000\r\n"), "ics")
    assert info.value.location == "line 7"


def test_unknown_tzid_without_vtimezone_is_an_error() -> None:
    """A TZID that is no IANA name and has no VTIMEZONE is an error naming it."""
    with pytest.raises(ScheduleParseError, match=r"unknown TZID 'Mars Standard Time'"):
        loads(_CAL.format(head="", times="DTSTART;TZID=Mars Standard Time:20200918T090000\r\n"), "ics")


@pytest.mark.parametrize(
    ("text", "message", "location"),
    [
        ("BEGIN:VEVENT\r\nEND:VEVENT\r\n", "expected BEGIN:VCALENDAR, got BEGIN:VEVENT", "line 1"),
        (
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n",
            "END:VCALENDAR closes BEGIN:VEVENT of line 2",
            "line 3",
        ),
        (
            "BEGIN:VCALENDAR\r\nno colon here\r\nEND:VCALENDAR\r\n",
            "expected ':' after the name and parameters of NO",
            "line 2",
        ),
        (
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2020-13-45\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            "DTSTART '2020-13-45' is not a date-time",
            "line 3",
        ),
        ("BEGIN:VCALENDAR\r\n", "BEGIN:VCALENDAR of line 1 is never closed", None),
    ],
)
def test_malformed_input(text: str, message: str, location: str | None) -> None:
    """Malformed iCalendar raises one ScheduleParseError naming the format and the line."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "ics")
    assert (info.value.format, info.value.location) == ("ics", location)
    assert message in info.value.reason


def test_kielux_sample() -> None:
    """The Kielux 2020 calendar imports with 2 days, 4 locations and 24 events at the right instants."""
    path = SHARED / "samples" / "giggity_kielux_2020.ics"
    if not path.exists():
        pytest.skip(f"{path} is absent (the shared samples folder is not here)")
    conf = read(path)
    assert (len(conf.days()), len(conf.rooms), len(conf.sessions)) == (2, 4, 24)
    assert sorted(r.name for r in conf.rooms) == ["Düsternbrook", "Laboe", "Linux-Lounge", "Ravensberg"]
    first = conf.session("460@KOLT20")
    assert (first.title, first.start, first.end) == (
        "OpenCelium - Der generische OpenSoure API-Hub",
        datetime(2020, 9, 18, 11, 0, tzinfo=UTC),
        datetime(2020, 9, 18, 12, 0, tzinfo=UTC),
    )
    assert first.speaker_names == ("Jakob Semere",)
    assert conf.sessions[0].start == datetime(2020, 9, 18, 9, 0, tzinfo=UTC)
    assert conf.sessions.scheduled[-1].start == datetime(2020, 9, 19, 15, 0, tzinfo=UTC)
    berlin = read(path, file_tz="Europe/Berlin")
    assert berlin.timezone == "Europe/Berlin" and berlin.sessions[0].start == conf.sessions[0].start


_INSTANTS = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2060, 1, 1), timezones=st.just(UTC)).map(
    lambda d: d.replace(microsecond=0)
)
_NASTY = st.text() | st.sampled_from(
    [
        "\r\nEND:VEVENT\r\nBEGIN:VEVENT",
        "a" * 500,
        "🦄" * 80,
        "\\;,\\n",
        "\x00\x1b[31m",
        "é" * 74 + "🦄",
        " leading",
        "\u2028\u0085",
    ]
)


@settings(max_examples=200, deadline=None)
@given(
    title=_NASTY,
    start=_INSTANTS,
    minutes=st.integers(0, 10_000),
    zone=st.sampled_from([None, "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata"]),
)
def test_titles_and_instants_survive(title: str, start: datetime, minutes: int, zone: str | None) -> None:
    """Any title (emoji, controls, long lines, injection attempts) and any instants survive, as clean_text describes (read back stripped)."""
    end = start + timedelta(minutes=minutes)
    conf = Conference(
        id="c", name=title or "x", timezone="UTC", sessions=[Session(id="s", title=title, start=start, end=end)]
    )
    text = ics.dumps(conf, tz=zone, dtstamp=DTSTAMP)
    for line in text.encode("utf-8").split(b"\r\n"):
        assert len(line) <= 75
    (event,) = _events(text)
    expected = ics.clean_text(title)
    assert str(event["SUMMARY"]) == expected
    # Compare in UTC: PEP 495 makes a repeated wall time unequal to every other zone's datetime.
    assert (_utc(event["DTSTART"].dt), _utc(event["DTEND"].dt)) == (start, end)
    (back,) = loads(text, "ics").sessions
    # Every text reader's one title rule: surrounding whitespace is layout, an empty title is none.
    assert (back.title, _utc(back.start), _utc(back.end)) == (expected.strip() or None, start, end)


def test_timezone_of_the_written_instants_is_aware() -> None:
    """Local wall times carry their TZID, so icalendar gives zone-aware datetimes in that zone."""
    event = _events(ics.dumps(small_conference(), tz="Europe/Paris", dtstamp=DTSTAMP))[0]
    assert event["DTSTART"].dt.tzinfo is not None
    assert event["DTSTART"].dt.utcoffset() == timedelta(hours=1)
    assert event["DTSTART"].dt == datetime(2026, 3, 28, 9, 0, tzinfo=ZoneInfo("Europe/Paris"))


def _offset(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _utc(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


# ---------------------------------------------------------------------------
# Mozilla Lightning, DST overlaps, our own layout read back
# ---------------------------------------------------------------------------

_LIGHTNING = (
    "BEGIN:VCALENDAR\r\n"
    "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n"
    "VERSION:2.0\r\n"
    "BEGIN:VTIMEZONE\r\n"
    "TZID:/mozilla.org/20070129_1/Europe/Berlin\r\n"
    "X-LIC-LOCATION:Europe/Berlin\r\n"
    "BEGIN:DAYLIGHT\r\n"
    "TZOFFSETFROM:+0100\r\n"
    "TZOFFSETTO:+0200\r\n"
    "TZNAME:CEST\r\n"
    "DTSTART:19700329T020000\r\n"
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\n"
    "END:DAYLIGHT\r\n"
    "BEGIN:STANDARD\r\n"
    "TZOFFSETFROM:+0200\r\n"
    "TZOFFSETTO:+0100\r\n"
    "TZNAME:CET\r\n"
    "DTSTART:19701025T030000\r\n"
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\n"
    "END:STANDARD\r\n"
    "END:VTIMEZONE\r\n"
    "BEGIN:VEVENT\r\n"
    "CREATED:20200901T080000Z\r\n"
    "LAST-MODIFIED:20200902T091500Z\r\n"
    "DTSTAMP:20200902T091500Z\r\n"
    "UID:5c8b1a3e-2f4d-4e0a-9d6b-1f2e3d4c5b6a\r\n"
    "SUMMARY:Kernel hacking night\r\n"
    "ORGANIZER;CN=Ann Example:mailto:ann@example.org\r\n"
    "ATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT;CN=Bob Builder:mailto:bob@example.org\r\n"
    "X-MOZ-SEND-INVITATIONS:FALSE\r\n"
    "X-MOZ-GENERATION:2\r\n"
    "DTSTART;TZID=/mozilla.org/20070129_1/Europe/Berlin:20201024T233000\r\n"
    "DTEND;TZID=/mozilla.org/20070129_1/Europe/Berlin:20201025T033000\r\n"
    "LOCATION:Hackcenter\r\n"
    "SEQUENCE:1\r\n"
    "TRANSP:OPAQUE\r\n"
    "BEGIN:VALARM\r\n"
    "ACTION:DISPLAY\r\n"
    "TRIGGER;VALUE=DURATION:-PT15M\r\n"
    "DESCRIPTION:Default Mozilla Description\r\n"
    "END:VALARM\r\n"
    "END:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


def test_mozilla_lightning_calendar_is_read() -> None:
    """A Lightning export with a /mozilla.org/ TZID and X-LIC-LOCATION in its VTIMEZONE reads with the right instants (across a DST end) and zone."""
    conf = loads(_LIGHTNING, "ics")
    (session,) = conf.sessions
    assert session.start is not None and session.end is not None
    assert (session.start.astimezone(UTC).isoformat(), session.end.astimezone(UTC).isoformat()) == (
        "2020-10-24T21:30:00+00:00",
        "2020-10-25T02:30:00+00:00",
    )
    assert (conf.timezone, session.title, session.room and session.room.name, session.speaker_names) == (
        "Europe/Berlin",
        "Kernel hacking night",
        "Hackcenter",
        ("Bob Builder",),
    )


def test_unreadable_vtimezone_falls_back_to_the_iana_suffix() -> None:
    """A VTIMEZONE that cannot be read gives way to the IANA zone at the end of the TZID."""
    broken = _LIGHTNING.replace("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200", "TZOFFSETFROM:garbage\r\nTZOFFSETTO:+0200")
    (session,) = loads(broken, "ics").sessions
    assert session.start is not None and session.start.astimezone(UTC).isoformat() == "2020-10-24T21:30:00+00:00"


def test_unreadable_vtimezone_without_a_hint_falls_back_to_tz() -> None:
    """A VTIMEZONE that cannot be read and implies no IANA zone uses tz=, and without it says to pass file_tz=."""
    broken = (
        _LIGHTNING.replace("/mozilla.org/20070129_1/Europe/Berlin", "Berlin Time")
        .replace("X-LIC-LOCATION:Europe/Berlin\r\n", "")
        .replace("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200", "TZOFFSETFROM:garbage\r\nTZOFFSETTO:+0200")
    )
    with pytest.raises(ScheduleParseError) as info:
        loads(broken, "ics")
    assert (info.value.location, info.value.reason.split(" (")[0]) == (
        "line 31",
        "cannot read the VTIMEZONE of TZID 'Berlin Time'",
    )
    (session,) = loads(broken, "ics", file_tz="Europe/Berlin").sessions
    assert session.start is not None and session.start.astimezone(UTC).isoformat() == "2020-10-24T21:30:00+00:00"


def test_an_event_in_a_dst_overlap_keeps_its_end() -> None:
    """DTSTART 02:30 CEST plus 45 minutes ends at 02:15 CET: compared as instants, the end is kept."""
    text = _CAL.format(head="", times="DTSTART;TZID=Europe/Berlin:20261025T023000\r\nDURATION:PT45M\r\n")
    (session,) = loads(text, "ics").sessions
    assert session.start is not None and session.end is not None
    assert (session.start.isoformat(), session.end.isoformat()) == (
        "2026-10-25T02:30:00+02:00",
        "2026-10-25T02:15:00+01:00",
    )


def test_our_own_export_reads_back_speakers_abstract_and_zone() -> None:
    """load("eu2026").by_speaker("Liz Li") survives an ics round trip: title, instants, room, speakers, abstract and zone."""
    original = load("eu2026").by_speaker("Liz Li")
    back = loads(dumps(original, "ics"), "ics")
    (want,) = original
    (got,) = back.sessions
    assert (
        got.title
        == want.title
        == "Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"
    )
    assert (got.start, got.end) == (want.start, want.end)
    assert got.start is not None and got.start.isoformat() == "2026-04-08T11:05:00+02:00"
    assert got.room is not None and want.room is not None and got.room.name == want.room.name == "Founders Cafe"
    assert [(p.name, p.organisation) for p in got.speakers] == [("Liz Li", "AMD"), ("Zachary Streeter", "AMD")]
    assert got.abstract == want.abstract
    assert (got.kind, back.timezone) == (want.kind, "Europe/Paris")


def test_speakers_with_commas_in_their_organisation_read_back() -> None:
    """Organisations with commas ("Red Hat, Inc") and a keynote kind survive the DESCRIPTION header."""
    from ._support import dst_conference

    conf = dst_conference()
    back = loads(dumps(conf, "ics"), "ics")
    assert {
        s.title: ([(p.name, p.organisation) for p in s.speakers], s.kind.value, s.abstract) for s in back.sessions
    } == {
        "Late Night Kernels": ([("Ada Lovelace", "Analytical Engines Ltd")], "talk", "Warp-level tricks."),
        "The Hour That Repeats": ([("René Descartes", "Red Hat, Inc")], "lightning-talk", None),
    }
    assert back.timezone == "America/Los_Angeles"


def test_a_foreign_description_stays_the_abstract() -> None:
    """A DESCRIPTION not in our exact layout is kept whole as the abstract, and the kind stays talk."""
    text = _CAL.format(head="", times="DTSTART:20200918T090000Z\r\nDESCRIPTION:Speaker: Ann\\nBring a laptop.\r\n")
    (session,) = loads(text, "ics").sessions
    assert (session.abstract, session.speaker_names, session.kind.value) == (
        "Speaker: Ann\nBring a laptop.",
        (),
        "talk",
    )


def test_x_wr_timezone_names_the_conference_zone() -> None:
    """The calendar names the zone it is shown in: the conference's by default, tz= when given."""
    assert "\r\nX-WR-TIMEZONE:Europe/Paris\r\n" in dumps(load("eu2026"), "ics")
    assert "\r\nX-WR-TIMEZONE:Asia/Tokyo\r\n" in dumps(load("eu2026"), "ics", tz="Asia/Tokyo")


def test_dates_at_the_calendar_edges_round_trip() -> None:
    """Sessions on 2 January of year 1 and 30 December 9999 are written with four-digit years and read back at the same instants."""
    edge = Conference(
        id="edge",
        name="Edge",
        timezone="UTC",
        sessions=[
            Session(
                id="first",
                title="First",
                start=datetime(1, 1, 2, 10, tzinfo=UTC),
                end=datetime(1, 1, 2, 10, 30, tzinfo=UTC),
            ),
            Session(
                id="last",
                title="Last",
                start=datetime(9999, 12, 30, 10, tzinfo=UTC),
                end=datetime(9999, 12, 30, 11, tzinfo=UTC),
            ),
        ],
    )
    text = dumps(edge, "ics")
    assert "\r\nDTSTART:00010102T100000Z\r\n" in text
    back = loads(text, "ics")
    assert [(s.id, s.start, s.end) for s in back.sessions] == [(s.id, s.start, s.end) for s in edge.sessions]


def test_speakers_with_parentheses_in_their_names_read_back_equal() -> None:
    """A speaker named "liv (she/her)" without an organisation comes back with that name and no organisation, not as liv of she/her."""
    liv = Speaker(id="liv", name="liv (she/her)")
    bo = Speaker(id="bo", name="Bo (he)", organisation="Labs (Paris)")
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[
        Session(id="s", title="T", start=datetime(2026, 1, 1, 9, tzinfo=UTC), end=datetime(2026, 1, 1, 9, 30, tzinfo=UTC),
                speakers=[liv]),
        Session(id="t", title="U", start=datetime(2026, 1, 1, 10, tzinfo=UTC), end=datetime(2026, 1, 1, 11, tzinfo=UTC),
                speakers=[liv, bo]),
    ])  # fmt: skip
    back = loads(ics.dumps(conf, dtstamp=DTSTAMP), "ics")
    assert [[(p.name, p.organisation) for p in s.speakers] for s in back.sessions] == [
        [("liv (she/her)", None)], [("liv (she/her)", None), ("Bo (he)", "Labs (Paris)")],
    ]  # fmt: skip


def test_page_recording_and_slide_addresses_are_url_and_attach() -> None:
    """A session's page is its URL; its recording and slide addresses are ATTACH lines, as icalendar reads them."""
    eu = load("eu2026")
    picked = eu.select(
        [
            eu.session(i)
            for i in (
                "the-token-slice-implementing-preemptive-scheduling-via-chunked",
                "pytorch-on-risc-v-from-cross-compilation-to",
            )
        ]
    )
    events = {str(e["UID"]).split("@")[0]: e for e in _calendar(dumps(picked, "ics")).walk("VEVENT")}
    token = events["the-token-slice-implementing-preemptive-scheduling-via-chunked"]
    assert str(token["URL"]) == "https://pytorchconferenceeu2026.sched.com/event/2Hins"
    assert str(token["ATTACH"]) == (
        "https://deepcamp.cc/video/the-token-slice-implementing-preemptive-scheduling-via-chunked-decod-m-GtbNM1RaRNg"
    )
    risc_v = events["pytorch-on-risc-v-from-cross-compilation-to"]
    assert "URL" not in risc_v
    assert str(risc_v["ATTACH"]) == (
        "https://hosted-files.sched.co/pytorchconferenceeu2026/0b/PyTorch%20Conf%20EU%20-%202026%20-%20PyTorch%20on%20RISC-V.pdf"
    )
