"""frab schedule XML and c3voc schedule JSON: schema-valid output, real samples, zones."""

from __future__ import annotations

import json
import weakref
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest
from lxml import etree

from pyconf_schedule import Conference, ScheduleParseError, Session, SessionKind, dumps, load, loads, read, write
from pyconf_schedule.formats import omitted
from pyconf_schedule.formats._common import strip_xml_illegal

from ._support import check_c3voc_schema
from .test_formats_golden import SHARED, small_conference

SAMPLES = SHARED / "samples"
SCHEMAS = SHARED / "schemas"


def _shared(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} is absent (the shared folder is not next to the repository)")
    return path


def _xsd() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(_shared(SCHEMAS / "schedule.xml.xsd"))))


def _json_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(_shared(SCHEMAS / "schedule.schema.json").read_text(encoding="utf-8"))
    return schema


def _conferences() -> list[tuple[str, Conference]]:
    return [("eu2026", load("eu2026")), ("na2026", load("na2026")), ("small", small_conference())]


@pytest.mark.parametrize(("name", "conf"), _conferences(), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("tz", [None, "UTC", "Asia/Tokyo", "America/Los_Angeles"])
def test_xml_validates_against_the_xsd(name: str, conf: Conference, tz: str | None) -> None:
    """frab XML of every dataset, in any zone, validates against schedule.xml.xsd."""
    schema = _xsd()
    document = etree.fromstring(dumps(conf, "frab-xml", tz=tz).encode("utf-8"))
    assert schema.validate(document), schema.error_log


@pytest.mark.parametrize(("name", "conf"), _conferences(), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("tz", [None, "UTC", "Asia/Tokyo", "America/Los_Angeles"])
def test_json_validates_against_the_schema(name: str, conf: Conference, tz: str | None) -> None:
    """c3voc JSON of every dataset, in any zone, validates against schedule.schema.json (formats checked), but for
    the url of events when neither they nor the conference have one (na2026, small)."""
    check_c3voc_schema(json.loads(dumps(conf, "c3voc-json", tz=tz)), conf)


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_round_trip_keeps_the_schedule(format_name: str, name: str) -> None:
    """Reading our own export gives every written session's title (an untitled one untitled), instants, room (none
    without one), track, kind and speakers."""
    conf = load(name)
    back = loads(dumps(conf, format_name), format_name)  # type: ignore[arg-type]
    assert back.timezone == conf.timezone
    want = sorted(
        (
            s.title or "",
            s.start,
            s.end,
            (s.room and s.room.name) or "",
            s.track and s.track.name,
            s.kind,
            s.speaker_names,
        )
        for s in conf.sessions.scheduled
        if s.end is not None
    )
    got = sorted(
        (
            s.title or "",
            s.start,
            s.end,
            (s.room and s.room.name) or "",
            s.track and s.track.name,
            s.kind,
            s.speaker_names,
        )
        for s in back.sessions
    )
    assert got == want


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_ids_and_guids_are_stable(format_name: str) -> None:
    """Two exports of the same conference are identical (ids, guids and slugs are derived, not random)."""
    assert dumps(small_conference(), format_name) == dumps(small_conference(), format_name)  # type: ignore[arg-type]


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_unknown_end_is_left_out(format_name: str) -> None:
    """A session with an unknown end is not written (no 00:00 a client shows as 0 minutes); omitted() lists it."""
    conf = small_conference()
    text = dumps(conf, format_name)  # type: ignore[arg-type]
    assert "Unicorns" not in text
    assert sorted(s.title or "" for s in loads(text, format_name).sessions) == [  # type: ignore[arg-type]
        "",
        "=cmd|' /C calc'!A0",
        "Opening: Welcome, Friends; Agenda",
    ]
    assert omitted(conf, format_name).ids == ("unicorns", "tba-panel")  # type: ignore[arg-type]


def test_forbidden_xml_characters_are_stripped() -> None:
    """Characters XML 1.0 forbids are removed from titles; the output still parses."""
    conf = small_conference()
    evil = attrs.evolve(conf.sessions[0], title="bell\x07 nul\x00 esc\x1b ok\ufffe")
    text = dumps(attrs.evolve(conf, sessions=[evil]), "frab-xml")
    assert etree.fromstring(text.encode()).findtext("day/room/event/title") == "bell nul esc ok"


def test_no_printable_character_is_one_xml_forbids() -> None:
    """strip_xml_illegal returns printable text untouched: checked over every code point, no printable one is forbidden."""
    assert [c for c in range(0x110000) if chr(c).isprintable() and strip_xml_illegal(chr(c)) != chr(c)] == []
    assert [strip_xml_illegal(chr(c)) for c in (0x0, 0x8, 0xB, 0x1F, 0xD800, 0xDFFF, 0xFFFE, 0xFFFF)] == [""] * 8
    assert [strip_xml_illegal(chr(c)) for c in (0x9, 0xA, 0xD, 0x85, 0xAD, 0x200D)] == [
        "\t",
        "\n",
        "\r",
        "\x85",
        "\xad",
        "\u200d",
    ]


SAMPLE_COUNTS = [
    # file, days, rooms, events, persons, tracks, zone
    ("voc-schedule_pretalx-democon.schedule.json", 3, 2, 36, 27, 2, "UTC"),
    ("voc-schedule_frab-camp2019.schedule.json", 5, 2, 79, 90, 7, "Europe/Berlin"),
    ("giggity_debconf23.wafer.schedule.xml", 8, 5, 117, 87, 12, "Asia/Kolkata"),
    ("felixu_31c3.frab.schedule.xml", 4, 4, 138, 198, 8, "Etc/GMT-1"),
]


@pytest.mark.parametrize(("file", "days", "rooms", "events", "persons", "tracks", "zone"), SAMPLE_COUNTS)
def test_sample_counts(file: str, days: int, rooms: int, events: int, persons: int, tracks: int, zone: str) -> None:
    """Each shared sample imports with the exact numbers of days, rooms, events, persons and tracks."""
    conf = read(_shared(SAMPLES / file))
    assert (
        len(conf.days()),
        len(conf.rooms),
        len(conf.sessions),
        len(conf.speakers),
        len(conf.tracks),
        conf.timezone,
    ) == (
        days,
        rooms,
        events,
        persons,
        tracks,
        zone,
    )


@pytest.mark.parametrize(
    ("file", "session_id", "title", "start", "end", "speakers"),
    [
        # pretalx says time_zone_name UTC but writes +01:00: the offset wins.
        (
            "voc-schedule_pretalx-democon.schedule.json",
            "frab-25",
            "Focused 5thgeneration hardware",
            datetime(2020, 12, 14, 8, 0, tzinfo=UTC),
            datetime(2020, 12, 14, 8, 30, tzinfo=UTC),
            ("Brian Robinson",),
        ),
        (
            "voc-schedule_frab-camp2019.schedule.json",
            "frab-10386",
            "Opening Ceremony",
            datetime(2019, 8, 21, 9, 0, tzinfo=UTC),
            datetime(2019, 8, 21, 9, 30, tzinfo=UTC),
            ("jinxx", "smtw"),
        ),
        # wafer writes UTC dates for an Asia/Kolkata conference.
        (
            "giggity_debconf23.wafer.schedule.xml",
            "frab-35",
            "Opening Ceremony",
            datetime(2023, 9, 10, 5, 0, tzinfo=UTC),
            datetime(2023, 9, 10, 5, 20, tzinfo=UTC),
            ("Sruthi Chandran",),
        ),
        (
            "felixu_31c3.frab.schedule.xml",
            "frab-6561",
            "31C3 Opening Event",
            datetime(2014, 12, 27, 10, 0, tzinfo=UTC),
            datetime(2014, 12, 27, 10, 30, tzinfo=UTC),
            ("erdgeist", "Geraldine de Bastion"),
        ),
    ],
)
def test_sample_instants(
    file: str, session_id: str, title: str, start: datetime, end: datetime, speakers: tuple[str, ...]
) -> None:
    """A known event of each sample has the right title, instants and speakers."""
    session = read(_shared(SAMPLES / file)).session(session_id)
    assert (session.title, session.start, session.end, session.speaker_names) == (title, start, end, speakers)


def test_sample_first_and_last_instants() -> None:
    """Every sample's first and last start are the instants the file gives (its latest <date>, in UTC)."""
    expected = {
        "voc-schedule_pretalx-democon.schedule.json": ("2020-12-14T08:00:00+00:00", "2020-12-16T14:00:00+00:00"),
        "voc-schedule_frab-camp2019.schedule.json": ("2019-08-21T09:00:00+00:00", "2019-08-25T16:00:00+00:00"),
        "giggity_debconf23.wafer.schedule.xml": ("2023-09-10T01:30:00+00:00", "2023-09-17T13:30:00+00:00"),
        "felixu_31c3.frab.schedule.xml": ("2014-12-27T10:00:00+00:00", "2014-12-30T17:30:00+00:00"),
    }
    got = {}
    for file in expected:
        starts = [s.start for s in read(_shared(SAMPLES / file)).sessions if s.start]
        got[file] = (starts[0].astimezone(UTC).isoformat(), starts[-1].astimezone(UTC).isoformat())
    assert got == expected


@pytest.mark.parametrize(
    ("label", "kind", "kept"),
    [
        ("lecture", SessionKind.TALK, "lecture"),
        ("Long talk (45 minutes)", SessionKind.TALK, "Long talk (45 minutes)"),
        ("BoF (45 minutes)", SessionKind.BIRDS_OF_A_FEATHER, "BoF (45 minutes)"),
        ("Workshop (2h)", SessionKind.WORKSHOP, "Workshop (2h)"),
        ("podium", SessionKind.PANEL, "podium"),
        ("lightning-talk", SessionKind.LIGHTNING_TALK, None),
        ("Lightning Talk", SessionKind.LIGHTNING_TALK, "Lightning Talk"),
        ("", SessionKind.OTHER, None),
        ("performance", SessionKind.OTHER, "performance"),
    ],
)
def test_type_to_kind(label: str, kind: SessionKind, kept: str | None) -> None:
    """An event's type maps to a kind through the table; the original wording is kept as kind_label."""
    from pyconf_schedule.formats._common import kind_from_label

    assert kind_from_label(label) == (kind, kept)


PENTABARF = """<?xml version="1.0" encoding="UTF-8"?>
<schedule>
  <conference>
    <title>FOSDEM 2019</title><subtitle/><venue>ULB</venue><city>Brussels</city>
    <start>2019-02-02</start><end>2019-02-03</end><days>2</days>
    <day_change>09:00:00</day_change><timeslot_duration>00:05:00</timeslot_duration>
  </conference>
  <day index="1" date="2019-02-02">
    <room name="Janson">
      <event id="8413">
        <start>09:30</start><duration>00:25</duration><room>Janson</room>
        <slug>welcome</slug><title>Welcome to FOSDEM 2019</title><subtitle/>
        <track>Keynotes</track><type>keynote</type><language/>
        <abstract>&lt;p&gt;Welcome&lt;/p&gt;</abstract><description/>
        <persons><person id="6">FOSDEM Staff</person></persons>
        <links/>
      </event>
      <event id="9000">
        <start>01:30</start><duration>01:00:00</duration><room>Janson</room>
        <title>After midnight</title><type>devroom</type>
        <persons><person id="6">FOSDEM Staff</person><person id="7">Ana</person></persons>
      </event>
    </room>
  </day>
</schedule>
"""


def test_pentabarf_without_zone_needs_tz() -> None:
    """A pentabarf file with no zone and no offsets is an error that says to pass tz."""
    with pytest.raises(
        ScheduleParseError, match=r"has no UTC offset and the file names no time zone; pass file_tz="
    ) as info:
        loads(PENTABARF, "frab-xml")
    assert (info.value.format, info.value.location) == ("frab-xml", "line 10")


def test_pentabarf_with_tz() -> None:
    """With file_tz=, wall times are read in that zone; a start before day_change belongs to the next day."""
    conf = loads(PENTABARF, "frab-xml", file_tz="Europe/Brussels")
    assert (conf.id, conf.name, conf.timezone, conf.venue, conf.city) == (
        "fosdem-2019",
        "FOSDEM 2019",
        "Europe/Brussels",
        "ULB",
        "Brussels",
    )
    welcome, late = conf.sessions
    assert (welcome.start, welcome.end, welcome.kind, welcome.abstract) == (
        datetime(2019, 2, 2, 8, 30, tzinfo=UTC),
        datetime(2019, 2, 2, 8, 55, tzinfo=UTC),
        SessionKind.KEYNOTE,
        "<p>Welcome</p>",
    )
    assert (late.start, late.end, late.kind) == (
        datetime(2019, 2, 3, 0, 30, tzinfo=UTC),
        datetime(2019, 2, 3, 1, 30, tzinfo=UTC),
        SessionKind.TALK,
    )
    assert [s.id for s in conf.speakers] == ["person-6", "person-7"]


def test_durations_are_added_in_utc() -> None:
    """An event running over a DST change ends at start + duration in real time."""
    text = PENTABARF.replace(
        "<start>01:30</start><duration>01:00:00</duration>",
        "<date>2019-03-31T01:30:00+01:00</date><start>01:30</start><duration>02:00</duration>",
    )
    late = loads(text, "frab-xml", file_tz="Europe/Brussels").session("frab-9000")
    assert late.end is not None
    assert (late.end.isoformat(), late.end.astimezone(UTC)) == (
        "2019-03-31T04:30:00+02:00",
        datetime(2019, 3, 31, 2, 30, tzinfo=UTC),
    )


@pytest.mark.parametrize(
    ("text", "format_name", "message", "location"),
    [
        (
            "<schedule><day date='2020-01-01'><room name='A'><event id='1'><date>2020-01-01T10:00:00+01:00</date><duration>1 hour</duration></event></room></day></schedule>",
            "frab-xml",
            "the duration '1 hour' is not HH:MM",
            "line 1",
        ),
        ("<other/>", "frab-xml", "the root element is <other>, expected <schedule>", "line 1"),
        (
            '{"schedule": {"conference": {"days": [{"rooms": {"A": [{"id": 1, "date": "yesterday"}]}}]}}}',
            "c3voc-json",
            "cannot read 'yesterday' as a date and time",
            '$.schedule.conference.days[0].rooms["A"][0]',
        ),
        (
            '{"schedule": {"conference": {"days": {"rooms": 1}}}}',
            "c3voc-json",
            "expected a list, got dict",
            "$.schedule.conference.days",
        ),
        ('{"schedule": {"version": "1"}}', "c3voc-json", 'no "conference" object', "$.schedule"),
    ],
)
def test_malformed_input(text: str, format_name: str, message: str, location: str) -> None:
    """Malformed frab input raises one ScheduleParseError naming the format and where it failed."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, format_name)  # type: ignore[arg-type]
    assert (info.value.format, info.value.location) == (format_name, location)
    assert message in info.value.reason


# ---------------------------------------------------------------------------
# DST: durations are real time, comparisons are by instant
# ---------------------------------------------------------------------------


def _berlin_dst_conference() -> Conference:
    """Sessions around the end of DST in Berlin: 25 Oct 2026, 03:00 CEST -> 02:00 CET (01:00 UTC)."""

    def at(day: int, hour: int, minute: int) -> datetime:
        return datetime(2026, 10, day, hour, minute, tzinfo=UTC)

    return Conference(
        id="berlin",
        name="Berlin Night",
        timezone="Europe/Berlin",
        sessions=[
            # 01:30 CEST -> 03:00 CET: 2h30 of real time, 1h30 on the wall.
            Session(id="frab-1", title="Into the repeated hour", start=at(24, 23, 30), end=at(25, 2, 0)),
            # 02:30 CEST -> 02:30 CET: 1h of real time, 0 on the wall.
            Session(id="frab-2", title="The repeated hour", start=at(25, 0, 30), end=at(25, 1, 30)),
            # 02:45 CEST -> 02:15 CET: 30 min of real time, -30 min on the wall.
            Session(id="frab-3", title="Out of the repeated hour", start=at(25, 0, 45), end=at(25, 1, 15)),
        ],
    )


_DST_DURATIONS = {
    "berlin": {"Into the repeated hour": "02:30", "The repeated hour": "01:00", "Out of the repeated hour": "00:30"},
    "la": {"Late Night Kernels": "02:00", "The Hour That Repeats": "01:00"},
}


def _dst_conferences() -> list[tuple[str, Conference]]:
    from ._support import dst_conference

    return [("berlin", _berlin_dst_conference()), ("la", dst_conference())]


def _durations(text: str, format_name: str) -> dict[str, str]:
    if format_name == "frab-xml":
        root = etree.fromstring(text.encode("utf-8"))
        return {e.findtext("title", ""): e.findtext("duration", "") for e in root.iter("event")}
    days = json.loads(text)["schedule"]["conference"]["days"]
    return {e["title"]: e["duration"] for d in days for events in d["rooms"].values() for e in events}


@pytest.mark.parametrize(("name", "conf"), _dst_conferences(), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_durations_across_dst_ends_are_real_time(name: str, conf: Conference, format_name: str) -> None:
    """Sessions across the 2026 DST ends of Berlin and Los Angeles are written with their UTC durations, validate, and read back at the same instants."""
    text = dumps(conf, format_name)  # type: ignore[arg-type]
    assert _durations(text, format_name) == _DST_DURATIONS[name]
    if format_name == "frab-xml":
        schema = _xsd()
        assert schema.validate(etree.fromstring(text.encode("utf-8"))), schema.error_log
    else:
        check_c3voc_schema(json.loads(text), conf)
    back = loads(text, format_name)  # type: ignore[arg-type]

    def instants(session: Session) -> tuple[str | None, str | None]:
        start, end = (None if t is None else t.astimezone(UTC).isoformat() for t in (session.start, session.end))
        return start, end

    assert {s.title: instants(s) for s in back.sessions} == {
        s.title: instants(s) for s in conf.sessions.scheduled if s.end
    }


@pytest.mark.parametrize(
    ("format_name", "text"),
    [
        (
            "frab-xml",
            "<schedule><conference><title>N</title><time_zone_name>Europe/Berlin</time_zone_name></conference>"
            '<day date="2026-10-25"><room name="A"><event id="1"><date>2026-10-25T02:30:00+02:00</date><start>02:30</start><duration>00:45</duration>'
            "<title>Overlap</title></event></room></day></schedule>",
        ),
        (
            "c3voc-json",
            '{"schedule": {"conference": {"title": "N", "time_zone_name": "Europe/Berlin", "days": [{"date": '
            '"2026-10-25", "rooms": {"A": [{"id": 1, "date": "2026-10-25T02:30:00+02:00", "start": "02:30", "duration": "00:45", "title": "Overlap"}]}}]}}}',
        ),
    ],
)
def test_events_in_a_dst_overlap_are_read(format_name: str, text: str) -> None:
    """A 45-minute event from 02:30+02:00 (its date's offset settles the repeated hour), ending at 02:15 CET by the wall clock, is read by instant, not refused."""
    (session,) = loads(text, format_name).sessions  # type: ignore[arg-type]
    assert session.start is not None and session.end is not None
    assert (session.start.isoformat(), session.end.isoformat()) == (
        "2026-10-25T02:30:00+02:00",
        "2026-10-25T02:15:00+01:00",
    )
    assert session.duration is not None and session.duration.total_seconds() == 45 * 60


# ---------------------------------------------------------------------------
# days that run past midnight
# ---------------------------------------------------------------------------

_NIGHT_XML = """<schedule><conference><title>Camp</title><time_zone_name>Europe/Berlin</time_zone_name></conference>
<day date="2019-08-21" start="2019-08-21T10:00:00+02:00" end="2019-08-22T04:00:00+02:00"><room name="A">
<event id="1"><start>23:00</start><duration>01:00</duration><title>Late</title></event>
<event id="2"><start>01:00</start><duration>00:30</duration><title>After midnight</title></event>
<event id="3"><start>10:00</start><duration>00:30</duration><title>Morning</title></event>
</room></day></schedule>"""
_NIGHT_JSON = json.dumps(
    {
        "schedule": {
            "conference": {
                "title": "Camp",
                "time_zone_name": "Europe/Berlin",
                "days": [
                    {
                        "index": 1,
                        "date": "2019-08-21",
                        "day_start": "2019-08-21T10:00:00+02:00",
                        "day_end": "2019-08-22T04:00:00+02:00",
                        "rooms": {
                            "A": [
                                {"id": 1, "start": "23:00", "duration": "01:00", "title": "Late"},
                                {"id": 2, "start": "01:00", "duration": "00:30", "title": "After midnight"},
                                {"id": 3, "start": "10:00", "duration": "00:30", "title": "Morning"},
                            ]
                        },
                    }
                ],
            }
        }
    }
)


@pytest.mark.parametrize(("format_name", "text"), [("frab-xml", _NIGHT_XML), ("c3voc-json", _NIGHT_JSON)])
def test_events_after_midnight_belong_to_the_next_calendar_day(format_name: str, text: str) -> None:
    """On a day running 10:00 to 04:00, an event at "01:00" without a date is on the next calendar day."""
    conf = loads(text, format_name)  # type: ignore[arg-type]
    assert {s.title: s.start.isoformat() for s in conf.sessions if s.start is not None} == {
        "Late": "2019-08-21T23:00:00+02:00",
        "After midnight": "2019-08-22T01:00:00+02:00",
        "Morning": "2019-08-21T10:00:00+02:00",
    }


# ---------------------------------------------------------------------------
# time_zone_name that is not an IANA zone
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("zone", ["CET-1CEST", "+02:00"])
def test_a_non_iana_time_zone_name_is_named_in_the_error(zone: str) -> None:
    """A wall time with a time_zone_name that is not an IANA zone raises MissingZoneError saying so and to pass file_tz=."""
    from pyconf_schedule import MissingZoneError

    text = _NIGHT_XML.replace("Europe/Berlin", zone)
    with pytest.raises(MissingZoneError) as info:
        loads(text, "frab-xml")
    assert info.value.reason == (
        f"the date '2019-08-21T23:00:00' has no UTC offset and the file's time_zone_name {zone!r} is not an IANA "
        "time-zone name (such as 'Europe/Berlin'); pass file_tz= the conference's zone"
    )
    assert info.value.location == "line 3"


def test_events_without_a_url_get_no_placeholder() -> None:
    """An event of a session and conference without a URL has no ``url`` (no ``urn:uuid:`` placeholder) and reads back without one."""
    from ._support import dst_conference

    text = dumps(dst_conference(), "c3voc-json")
    assert "urn:" not in text
    events = [e for d in json.loads(text)["schedule"]["conference"]["days"] for r in d["rooms"].values() for e in r]
    assert [("url" in e) for e in events] == [False, False]
    assert {s.url for s in loads(text, "c3voc-json").sessions} == {None}


def test_placeholder_event_urls_of_other_files_are_not_read_back() -> None:
    """The ``urn:uuid:<guid>`` placeholder older files carry (ours included) reads back as no URL."""
    guid = "a0a0fcfe-b7fb-46e3-84b6-97a5406016b4"
    text = json.dumps({"schedule": {"conference": {"title": "T", "time_zone_name": "UTC", "days": [{"date": "2026-01-01", "rooms": {
        "R": [{"guid": guid, "id": 1, "date": "2026-01-01T10:00:00+00:00", "duration": "00:30", "title": "A",
               "url": f"urn:uuid:{guid}"}]}}]}}})  # fmt: skip
    assert [s.url for s in loads(text, "c3voc-json").sessions] == [None]


def test_merged_c3voc_file_keeps_people_who_share_an_id_apart() -> None:
    """voc-jev22 (433 events, merged from about a dozen instances) reads with no stranger merged.

    Facts checked: the file's persons are 303 distinct (id, name) pairs and
    22 ids carry several names; each pair is one speaker (303; before the fix
    261, the 22 ids merging 64 people into 22); every session's speakers are
    exactly the names the file lists for it; person id 2 carries five names
    (Windfisch, ajuvo, Felix Ulonska, Matthias, P-T2), so by_speaker("Windfisch")
    is only frab-9081 (before: five sessions of five people); 64 speakers
    record the disagreement as a Conflict on "name".
    """
    conf = read(_shared(SAMPLES / "voc-jev22_everything.schedule.json"))
    document = json.loads(_shared(SAMPLES / "voc-jev22_everything.schedule.json").read_bytes())
    listed = {
        f"frab-{event['id']}": sorted(p["public_name"].strip() for p in event["persons"])
        for day in document["schedule"]["conference"]["days"]
        for events in day["rooms"].values()
        for event in events
    }
    assert (len(conf.sessions), len(conf.speakers)) == (433, 303)
    assert {s.id: sorted(p.name for p in s.speakers) for s in conf.sessions} == listed
    assert [s.id for s in conf.by_speaker("Windfisch")] == ["frab-9081"]
    assert [(p.id, p.name) for p in conf.speakers if p.id == "person-2" or p.id.startswith("person-2-")] == [
        ("person-2", "Windfisch"), ("person-2-2", "ajuvo"), ("person-2-3", "Felix Ulonska"),
        ("person-2-4", "Matthias"), ("person-2-5", "P-T2"),
    ]  # fmt: skip
    ajuvo = next(p for p in conf.speakers if p.id == "person-2-2")
    assert [(c.field, [(v.value, v.sources) for v in c.values], c.rule) for c in ajuvo.conflicts] == [
        ("name", [("ajuvo", ("person id 2",)), ("Windfisch", ("person id 2",))],
         "the file gives person id 2 to 5 different names; an id is a key only with a name that agrees with it, "
         "so each name is its own speaker"),
    ]  # fmt: skip
    assert sum(1 for p in conf.speakers if p.conflicts) == 64


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_one_id_with_two_names_is_two_speakers(format_name: str) -> None:
    """A person id carried by two names is two speakers (never merged); a spelling differing only in case is the same one, kept as an alias."""
    persons = [("6", "Ana"), ("6", "Bo"), ("6", "ANA")]
    if format_name == "frab-xml":
        events = "".join(
            f'<event id="{n}"><start>1{n}:00</start><duration>00:30</duration><room>R</room><title>T{n}</title>'
            f'<persons><person id="{pid}">{name}</person></persons></event>'
            for n, (pid, name) in enumerate(persons)
        )
        text = ('<schedule><conference><title>X</title><time_zone_name>UTC</time_zone_name></conference>'
                f'<day index="1" date="2020-01-01"><room name="R">{events}</room></day></schedule>')  # fmt: skip
    else:
        text = json.dumps({"schedule": {"conference": {"title": "X", "time_zone_name": "UTC", "days": [{"date": "2020-01-01", "rooms": {"R": [
            {"id": n, "date": f"2020-01-01T1{n}:00:00+00:00", "start": f"1{n}:00", "duration": "00:30", "room": "R", "title": f"T{n}",
             "persons": [{"id": int(pid), "public_name": name}]} for n, (pid, name) in enumerate(persons)]}}]}}})  # fmt: skip
    conf = loads(text, format_name)  # type: ignore[arg-type]
    assert [(p.id, p.name, p.aliases) for p in conf.speakers] == [
        ("person-6", "Ana", ("ANA",)),
        ("person-6-2", "Bo", ()),
    ]
    assert [[p.id for p in s.speakers] for s in conf.sessions] == [["person-6"], ["person-6-2"], ["person-6"]]
    assert [s.id for s in conf.by_speaker("Bo")] == ["frab-1"]
    assert [[v.value for v in c.values] for p in conf.speakers for c in p.conflicts] == [["Ana", "Bo"], ["Bo", "Ana"]]


def test_fosdem_2007_dialect_reads_with_the_callers_zone() -> None:
    """FOSDEM's 2007-2012 export (<event> directly under <day>, the room a child element) reads, in the caller's zone.

    Facts checked (mttcrsp-fosdem_fosdem-2007.pentabarf.xml): 215 events, all
    scheduled, on 2 days (94 on 25 February, 121 on 26 February 2007, the
    file's day_change 09:00 moving none: no start is before it), 18 rooms,
    25 tracks, 244 persons (244 distinct ids, each with one name); event 0 is
    "AIGLX" by Kristian Høgsberg in Chavanne, 15:00-15:45 Brussels time.
    The file names no zone: without file_tz= it is refused, naming the parameter.
    """
    path = _shared(SAMPLES / "mttcrsp-fosdem_fosdem-2007.pentabarf.xml")
    with pytest.raises(ScheduleParseError, match=r"the file names no time zone; pass file_tz="):
        read(path)
    conf = read(path, file_tz="Europe/Brussels")
    assert (conf.id, conf.name, conf.timezone, conf.venue, conf.city) == (
        "fosdem-2007", "FOSDEM 2007", "Europe/Brussels", "ULB (Université Libre de Bruxelles)", "Brussels",
    )  # fmt: skip
    assert (len(conf.sessions), len(conf.rooms), len(conf.tracks), len(conf.speakers)) == (215, 18, 25, 244)
    assert [(day, len(group)) for day, group in conf.sessions.by_day().items()] == [
        (datetime(2007, 2, 25).date(), 94), (datetime(2007, 2, 26).date(), 121),
    ]  # fmt: skip
    aiglx = conf.session("frab-0")
    assert (aiglx.title, aiglx.start, aiglx.end, str(aiglx.room), str(aiglx.track), [p.name for p in aiglx.speakers]) == (
        "AIGLX", datetime(2007, 2, 25, 14, 0, tzinfo=UTC), datetime(2007, 2, 25, 14, 45, tzinfo=UTC), "Chavanne",
        "Desktop Applications", ["Kristian Høgsberg"],
    )  # fmt: skip


def test_a_schedule_without_sessions_keeps_its_rooms_in_valid_frab_xml() -> None:
    """A pre-release schedule (rooms, a start date, no sessions) writes XSD-valid frab XML, one empty day holding every room, and reads back with those rooms; without a start date no day is invented."""
    from datetime import date

    from pyconf_schedule import Room

    rooms = [Room(id="a", name="Hall A"), Room(id="b", name="Hall B")]
    conf = Conference(
        id="pre",
        name="Pre",
        timezone="Europe/Berlin",
        start_date=date(2026, 6, 1),
        end_date=date(2026, 6, 2),
        rooms=rooms,
    )
    text = dumps(conf, "frab-xml")
    schema = _xsd()
    assert schema.validate(etree.fromstring(text.encode("utf-8"))), schema.error_log
    day = etree.fromstring(text.encode("utf-8")).find("day")
    assert day is not None and ({k: str(v) for k, v in day.attrib.items()}, [r.get("name") for r in day.findall("room")]) == (
        {"date": "2026-06-01", "start": "2026-06-01T00:00:00+02:00", "end": "2026-06-01T00:00:00+02:00", "index": "1"},
        ["Hall A", "Hall B"],
    )  # fmt: skip
    back = loads(text, "frab-xml")
    assert ([r.name for r in back.rooms], back.start_date, len(back.sessions), back.programme_days) == (
        ["Hall A", "Hall B"], date(2026, 6, 1), 0, (),
    )  # fmt: skip
    # Without a start date there is no day to write (no date is invented): no <day>, and it still reads back.
    dateless = dumps(Conference(id="p", name="P", timezone="UTC", rooms=rooms), "frab-xml")
    assert (etree.fromstring(dateless.encode("utf-8")).find("day"), len(loads(dateless, "frab-xml").sessions)) == (
        None,
        0,
    )


def test_recording_and_slide_addresses_are_links() -> None:
    """frab XML and c3voc JSON list a session's slide addresses (type slides) and recording (type media) as links."""
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
    root = etree.fromstring(dumps(picked, "frab-xml").encode("utf-8"))
    xml_links = {
        e.findtext("slug", ""): [(link.get("type"), link.text, link.get("href")) for link in e.iterfind("links/link")]
        for e in root.iter("event")
    }
    recording = (
        "https://deepcamp.cc/video/the-token-slice-implementing-preemptive-scheduling-via-chunked-decod-m-GtbNM1RaRNg"
    )
    slides = "https://hosted-files.sched.co/pytorchconferenceeu2026/0b/PyTorch%20Conf%20EU%20-%202026%20-%20PyTorch%20on%20RISC-V.pdf"
    assert sorted(xml_links.values()) == [[("media", "Recording", recording)], [("slides", "Slides", slides)]]
    events = [e for d in json.loads(dumps(picked, "c3voc-json"))["schedule"]["conference"]["days"]
              for r in d["rooms"].values() for e in r]  # fmt: skip
    assert sorted((e["links"] for e in events), key=str) == [
        [{"url": recording, "title": "Recording", "type": "media"}],
        [{"url": slides, "title": "Slides", "type": "slides"}],
    ]
    assert sorted(e["url"] for e in events)[1] == "https://pytorchconferenceeu2026.sched.com/event/2Hins"


def _with_relative_links() -> Conference:
    """The DST conference whose 'late' session has a relative page link, a relative and an absolute slides link and a slides file name."""
    from ._support import dst_conference

    conf = dst_conference()
    late = attrs.evolve(
        conf.session("late"),
        url="event/late/",
        slides=("/system/attachments/late.pdf", "https://example.org/late.pdf", "Late slides pdf"),
    )
    unscheduled = attrs.evolve(
        conf.session("tbd"), slides=("/system/attachments/tbd.pdf",)
    )  # left out whole: not a link note
    return attrs.evolve(
        conf, sessions=[late if s.id == "late" else unscheduled if s.id == "tbd" else s for s in conf.sessions]
    )


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_links_the_frab_formats_cannot_hold_are_named(format_name: str) -> None:
    """unwritten_links() names each link that is not an absolute http(s) URL of a written session; the file keeps the rest."""
    from pyconf_schedule.formats import unwritten_links

    conf = _with_relative_links()
    assert unwritten_links(conf, format_name) == (("late", "event/late/"), ("late", "/system/attachments/late.pdf"))  # type: ignore[arg-type]
    text = dumps(conf, format_name)  # type: ignore[arg-type]
    assert ("https://example.org/late.pdf" in text, "/system/attachments" in text, "event/late/" in text) == (
        True,
        False,
        False,
    )


@pytest.mark.parametrize("format_name", ["json", "ics", "csv"])
def test_other_formats_leave_no_link_out(format_name: str) -> None:
    """Formats that write links as given (or none) report none."""
    from pyconf_schedule.formats import unwritten_links

    assert unwritten_links(_with_relative_links(), format_name) == ()  # type: ignore[arg-type]


_IDENTITY = "the identity the source gives the event; no field of the model holds it"


@pytest.mark.parametrize(
    ("sample", "format", "session_id", "guid", "slug"),
    [
        (
            "felixu_31c3.frab.schedule.xml",
            "frab-xml",
            "frab-6561",
            "29aecfd7-2e44-4f49-ab86-29b5e0877325",
            "31c3_-_6561_-_en_-_saal_1_-_201412271100_-_31c3_opening_event_-_erdgeist_-_geraldine_de_bastion",
        ),
        (
            "voc-schedule_pretalx-democon.schedule.json",
            "c3voc-json",
            "frab-25",
            "8079583e-8321-506c-95af-fd2903a5f075",
            "democon-25-focused-5thgeneration-hardware",
        ),
    ],
)
def test_an_events_identities_are_kept_as_variants_and_read_back_from_sqlite(
    tmp_path: Path, sample: str, format: Literal["frab-xml", "c3voc-json"], session_id: str, guid: str, slug: str
) -> None:
    """A real event's guid and slug become one-value variants with the identity rule, and SQLite gives them back."""
    conf = loads(_shared(SAMPLES / sample).read_bytes(), format)
    expected = [("guid", [(guid, (format,))], _IDENTITY), ("slug", [(slug, (format,))], _IDENTITY)]

    def identities(c: Conference) -> list[tuple[str, list[tuple[str, tuple[str, ...]]], str]]:
        return [(v.field, [(x.value, x.sources) for x in v.values], v.rule) for v in c.session(session_id).variants]

    assert identities(conf) == expected
    database = tmp_path / "conf.sqlite"
    write(conf, database)
    assert identities(read(database)) == expected


class _Document(dict[str, Any]):
    """A parsed document that a weak reference can follow (a plain dict cannot be referred to weakly)."""


@pytest.mark.parametrize("form", ["schedule.json", "schedule2"])
def test_the_parsed_json_is_dropped_before_the_sessions_are_built(form: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """c3voc JSON: the document's dicts are gone when build() starts, so the collector does not walk them again."""
    from pyconf_schedule.formats import _frab, frab_json

    from .test_formats_frab_input import _OPENING, _schedule2

    text = dumps(load("eu2026"), "c3voc-json") if form == "schedule.json" else _schedule2(_OPENING)
    expected = frab_json.loads(text)
    parsed: list[weakref.ref[_Document]] = []
    alive_at_build: list[bool] = []

    def load_json(data: str | bytes, format_name: str, **options: Any) -> _Document:
        document = _Document(json.loads(data))
        parsed.append(weakref.ref(document))
        return document

    def build(raw: Any, tz: str | None, format_name: str) -> Conference:
        alive_at_build.append(parsed[0]() is not None)
        return _frab.build(raw, tz, format_name)

    monkeypatch.setattr(frab_json, "load_json", load_json)
    monkeypatch.setattr(frab_json, "build", build)
    assert (frab_json.loads(text), alive_at_build) == (expected, [False])
