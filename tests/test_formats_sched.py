"""Sched: the real all.ics feed of JoCo Cruise 2025, and the JSON of the API's session/export.

Facts of the feed (../shared/samples/sched_jococruise2025_all.ics, counted in
the file): PRODID ``-//Sched.com JoCo Cruise 2025//EN``, ``X-WR-CALNAME``
jococruise2025, ``X-WR-TIMEZONE:UTC``; 463 events from 2 to 9 March 2025,
every time in UTC (``Z``); one CATEGORIES value each, 11 types (GENERAL INFO
181, SHADOW CRUISE 139, GAMING 40, READING / PERFORMANCE 27, OFFICE HOURS 20,
WORKSHOP 13, MAIN CONCERT 12, Q&A / PANEL 11, SIGNING 10, PARTY 7, LIVE
PODCAST 3); 33 distinct LOCATIONs, "Room, Deck, Position" on the ship (and
"Half Moon Cay, Bahamas" ashore), which share no ending; no speaker field.

No real Sched JSON could be found in public repositories: the fixture
tests/platforms/sched_session_export.json is built from the shape of
session/export that Sched's API documentation (https://sched.com/api) and
issue 19 describe (event_key, id, active, name with " - Speaker, Company"
appended, event_start/event_end wall times, start_time_ts/end_time_ts epoch
seconds, event_type, event_subtype, venue, venue_id, speakers[], files[]).
Its six sessions are in Paris summer time (+02:00) on 7 and 8 April 2026;
one is inactive.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import Conference, MissingZoneError, ScheduleParseError, Session, SessionKind, loads, read
from pyconf_schedule.formats import detect_format, format_for_url
from pyconf_schedule.formats.sched import event_type_kind, split_location, split_name

from ._support import built_objects, shared_path
from ._writers import check_every_writer

CEST = timezone(timedelta(hours=2))
FIXTURE = Path(__file__).resolve().parent / "platforms" / "sched_session_export.json"


def _feed() -> Path:
    return shared_path("samples", "sched_jococruise2025_all.ics")


def test_the_feed_is_detected_as_sched_by_its_prodid() -> None:
    """A calendar with Sched's PRODID is sched, not bare ics; one without it stays ics."""
    data = _feed().read_bytes()
    assert detect_format(data) == "sched"
    assert detect_format(data.replace(b"PRODID:-//Sched.com", b"PRODID:-//Example")) == "ics"


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["PRODID:-//Sched.com JoCo Cruise 2025//EN"], "sched"),
        (["VERSION:2.0", "PRODID:-//Sched.com JoCo Cruise 2025//EN"], "sched"),  # on any line
        (["PRODID:-//Sched.com JoCo Cruise 2025//EN\r"], "sched"),  # before a CR of the line end
        (["X-NOTE:PRODID:-//Sched.com JoCo Cruise 2025//EN"], "ics"),  # not at the start of its line
        (["PRODID:-//Sched.com JoCo Cruise 2025//EN trailing"], "ics"),  # not at the end of its line
        (["PRODID:-//Sched.com JoCo", " Cruise 2025//EN"], "ics"),  # the line folded: not the whole PRODID
        (["PRODID:-//Example//EN"], "ics"),
    ],
)
def test_sched_is_told_by_a_whole_prodid_line(lines: list[str], expected: str) -> None:
    text = "\n".join(["BEGIN:VCALENDAR", *lines, "END:VCALENDAR", ""])
    assert detect_format(text) == expected


def test_the_feed_reads_exactly() -> None:
    """463 sessions over 2-9 March 2025 in UTC, named after the PRODID, 33 rooms, kinds from the event types, no speakers, a URL each."""
    conf = read(_feed())
    assert (conf.id, conf.name, conf.timezone, len(conf.sessions)) == ("jococruise2025", "JoCo Cruise 2025", "UTC", 463)
    assert (str(conf.start_date), str(conf.end_date), len(conf.days())) == ("2025-03-02", "2025-03-09", 8)
    assert (len(conf.rooms), conf.tracks, conf.speakers, conf.city, conf.country) == (33, (), (), None, None)
    assert Counter(s.kind_label for s in conf.sessions) == {
        "GENERAL INFO": 181, "SHADOW CRUISE": 139, "GAMING": 40, "READING / PERFORMANCE": 27, "OFFICE HOURS": 20,
        "WORKSHOP": 13, "MAIN CONCERT": 12, "Q&A / PANEL": 11, "SIGNING": 10, "PARTY": 7, "LIVE PODCAST": 3,
    }  # fmt: skip
    assert Counter(s.kind.value for s in conf.sessions) == {"other": 439, "workshop": 13, "panel": 11}
    assert all(s.url == f"http://jococruise2025.sched.com/event/{s.id}" for s in conf.sessions)
    first = conf.session("db5f42f654b37e16391d9bfdab7b8ed9")
    assert (first.title, first.start, first.end, first.room and first.room.name) == (
        "Theme: Welcome, New Cruisers!",
        datetime(2025, 3, 2, 11, tzinfo=UTC),
        datetime(2025, 3, 3, 5, tzinfo=UTC),
        "Whole Ship",
    )


def test_the_feed_builds_one_conference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The feed is read as iCalendar and given Sched's meaning before any Conference is made: one is built, not two."""
    built = built_objects(monkeypatch, Conference)
    conf = read(_feed())
    assert [c.name for c in built] == ["JoCo Cruise 2025"]
    assert len(conf.sessions) == 463


def test_the_feed_builds_each_session_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each category is read as the event's type while the session is made: no session is made again for its kind.

    The ship's locations name their rooms alone, so no session is made again for its room either.
    """
    built = built_objects(monkeypatch, Session)
    conf = read(_feed())
    assert sorted(s.id for s in built) == sorted(s.id for s in conf.sessions)
    assert len(built) == 463
    held = {id(room) for room in conf.rooms}  # one object for each of the 33 rooms, the one its sessions hold
    assert len(held) == 33 and all(id(s.room) in held for s in conf.sessions if s.room is not None)


def test_rooms_are_numbered_in_the_programmes_order() -> None:
    """Two locations whose names slug alike: the one that runs first is ``hall-a``, whatever the file's order."""
    events = [("late", "Hall-A", "110000"), ("early", "Hall A", "090000")]  # the later one first in the file
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Sched.com Test 2025//EN", "X-WR-TIMEZONE:UTC"]
    for uid, location, at in events:
        lines += ["BEGIN:VEVENT", f"UID:{uid}", "SUMMARY:Talk", f"DTSTART:20250302T{at}Z", f"LOCATION:{location}",
                  "CATEGORIES:Breakout Sessions", "END:VEVENT"]  # fmt: skip
    conf = loads("\r\n".join([*lines, "END:VCALENDAR", ""]), "sched")
    assert [(r.id, r.name) for r in conf.rooms] == [("hall-a", "Hall A"), ("hall-a-2", "Hall-A")]
    assert [(s.id, s.room and s.room.id, s.kind, s.kind_label, s.track) for s in conf.sessions] == [
        ("early", "hall-a", SessionKind.TALK, "Breakout Sessions", None),
        ("late", "hall-a-2", SessionKind.TALK, "Breakout Sessions", None),
    ]


def test_ship_locations_are_not_split() -> None:
    """ "Room, Deck, Position" LOCATIONs share no ending: every room is the LOCATION as written."""
    conf = read(_feed())
    names = {r.name for r in conf.rooms}
    assert {"Hudson Room, Deck 3, Forward", "Lido Market, Deck 9, Aft", "Half Moon Cay, Bahamas", "Whole Ship"} <= names
    assert "Hudson Room" not in names


def test_the_feed_in_the_ships_zone_keeps_every_instant() -> None:
    """With tz (the feed does not state New York's zone) times are shown in it at the same instants, across the DST change of 9 March."""
    utc = read(_feed())
    local = read(_feed(), file_tz="America/New_York")
    assert local.timezone == "America/New_York"
    assert [(s.id, s.start, s.end) for s in local.sessions] == [(s.id, s.start, s.end) for s in utc.sessions]
    session = local.session("db5f42f654b37e16391d9bfdab7b8ed9")
    assert session.start is not None and session.start.isoformat() == "2025-03-02T06:00:00-05:00"


def test_conference_locations_split_room_from_city_and_country() -> None:
    """ "Room, City, Country" LOCATIONs sharing City, Country split into rooms and the conference's city and country."""
    conf = read(Path(__file__).resolve().parent / "hostile" / "sched-minimal.ics")
    assert ([r.name for r in conf.rooms], conf.city, conf.country) == (["Hall A", "Foyer"], "Amsterdam", "Netherlands")
    assert [(s.kind, s.kind_label) for s in conf.sessions] == [
        (SessionKind.TALK, "Breakout Sessions"),
        (SessionKind.BREAK, "Breaks"),
    ]
    assert (
        conf.session("a1").speakers == ()
    )  # "T - Ada Lovelace, Analytical Engines": no speaker list to confirm a split


@pytest.mark.parametrize(
    ("locations", "expected"),
    [
        (["A, Berlin, Germany"], ({}, None, None)),  # one room: nothing shows the ending is shared
        (["A, Berlin, Germany", "B, Paris, France"], ({}, None, None)),
        (["A, Level 1, Berlin, Germany", "B, Berlin, Germany", "Online"],
         ({"A, Level 1, Berlin, Germany": "A, Level 1", "B, Berlin, Germany": "B"}, "Berlin", "Germany")),
        (["A, , Germany", "B, Berlin, Germany"], ({}, None, None)),
        (["Hudson Room, Deck 3, Forward", "Atrium, Deck 1, Midship"], ({}, None, None)),
    ],
)  # fmt: skip
def test_split_location_only_where_unambiguous(locations: list[str], expected: tuple[Any, ...]) -> None:
    """A LOCATION loses its last two parts only when every three-part LOCATION shares them and two rooms differ before them."""
    assert split_location(locations) == expected


def test_the_session_json_reads_exactly() -> None:
    """The session/export fixture: 5 active sessions at +02:00 (Etc/GMT-2, from the epoch fields), titles split from speakers only where speakers[] confirms."""
    conf = read(FIXTURE)
    assert (conf.id, conf.name, conf.timezone) == ("sched", "Sched event", "Etc/GMT-2")
    rows = [
        (
            s.id,
            s.title,
            s.start,
            s.end,
            s.kind,
            s.kind_label,
            s.room and s.room.name,
            s.track and s.track.name,
            s.speaker_names,
        )
        for s in conf.sessions
    ]
    assert rows == [
        ("a1f0", "Welcome & Opening Remarks", datetime(2026, 4, 7, 9, tzinfo=CEST), datetime(2026, 4, 7, 9, 15, tzinfo=CEST),
         SessionKind.KEYNOTE, "Keynote Sessions", "Grand Amphi", None, ("Jane Doe",)),
        ("b2e1", "Serving LLMs at Scale", datetime(2026, 4, 7, 10, tzinfo=CEST), datetime(2026, 4, 7, 10, 30, tzinfo=CEST),
         SessionKind.TALK, "Breakout Sessions", "Room 241", "Inference & Production", ("Ana Silva", "Bo Chen")),
        ("d4c3", "Coffee Break", datetime(2026, 4, 7, 10, 30, tzinfo=CEST), datetime(2026, 4, 7, 11, tzinfo=CEST),
         SessionKind.BREAK, "Breaks", "Foyer", None, ()),
        ("c3d2", "Q&A - Ask Us Anything", datetime(2026, 4, 7, 11, tzinfo=CEST), datetime(2026, 4, 7, 11, 10, tzinfo=CEST),
         SessionKind.LIGHTNING_TALK, "Lightning Talks", "Room 241", None, ("Rui Costa",)),
        ("f6a5", "The Future of Compilers", datetime(2026, 4, 8, 14, tzinfo=CEST), datetime(2026, 4, 8, 14, 45, tzinfo=CEST),
         SessionKind.PANEL, "Panel Discussions", "Grand Amphi", "Compilers", ("Jane Doe", "Bo Chen")),
    ]  # fmt: skip
    assert "e5b4" not in conf.sessions.ids  # active "N": not on the published programme
    jane = conf.speaker("Jane Doe")
    assert (jane.id, jane.organisation, jane.job_title) == ("janedoe", "PyTorch Foundation", "Executive Director")
    assert [(r.id, r.name) for r in conf.rooms] == [("101", "Grand Amphi"), ("102", "Room 241"), ("103", "Foyer")]
    assert conf.session("b2e1").slides == ("https://static.sched.com/hosted_files/example/slides.pdf",)
    assert conf.session("a1f0").abstract == "Opening of the conference."


def test_the_session_json_in_the_conference_zone() -> None:
    """With tz the wall times are checked against it and shown in it; a zone the epoch fields contradict is refused."""
    conf = read(FIXTURE, file_tz="Europe/Paris")
    assert (conf.timezone, conf.sessions[0].start and conf.sessions[0].start.isoformat()) == (
        "Europe/Paris",
        "2026-04-07T09:00:00+02:00",
    )
    with pytest.raises(
        ScheduleParseError,
        match=r"at \$\[0\]\.event_start: the wall time '2026-04-07 09:00' disagrees with its "
        r"epoch field: that instant \(2026-04-07T07:00:00\+00:00\) is 2026-04-07 03:00:00 in America/New_York",
    ):
        read(FIXTURE, file_tz="America/New_York")


def _rows(*sessions: dict[str, Any]) -> str:
    return json.dumps([{"event_key": f"k{i}", "name": "T", "venue": "A", **s} for i, s in enumerate(sessions)])


def test_a_dst_change_within_the_event_needs_tz() -> None:
    """Epoch fields at +01:00 and +02:00 are refused without tz (naming it) and read exactly with Europe/Paris."""
    data = _rows({"event_start": "2026-03-28 10:00", "start_time_ts": 1774688400},
                 {"event_start": "2026-03-29 10:00", "start_time_ts": 1774771200})  # fmt: skip
    with pytest.raises(MissingZoneError, match=r"several UTC offsets \(\+01:00, \+02:00\).*pass file_tz="):
        loads(data, "sched")
    starts = [s.start.isoformat() for s in loads(data, "sched", file_tz="Europe/Paris").sessions if s.start]
    assert starts == ["2026-03-28T10:00:00+01:00", "2026-03-29T10:00:00+02:00"]


def test_a_half_hour_offset_needs_tz() -> None:
    """+05:30 by the epoch field names no fixed-offset zone: refused without tz, read with Asia/Kolkata."""
    data = _rows({"event_start": "2026-01-10 10:00", "start_time_ts": 1768019400})
    with pytest.raises(MissingZoneError, match=r"UTC offset \+05:30, which no fixed-offset zone names; pass file_tz="):
        loads(data, "sched")
    (session,) = loads(data, "sched", file_tz="Asia/Kolkata").sessions
    assert session.start is not None and session.start.isoformat() == "2026-01-10T10:00:00+05:30"


def test_wall_times_without_epoch_fields_need_tz() -> None:
    """Without start_time_ts a wall time is read in tz, and refused without it: never guessed."""
    data = _rows({"event_start": "2026-04-07 09:00", "event_end": "2026-04-07 09:30"})
    with pytest.raises(MissingZoneError, match=r"no epoch field \(start_time_ts\) to give their zone; pass file_tz="):
        loads(data, "sched")
    (session,) = loads(data, "sched", file_tz="Europe/Paris").sessions
    assert session.duration == timedelta(minutes=30)


def test_an_end_without_epoch_takes_the_files_offset() -> None:
    """An event_end with no end_time_ts is read at the offset the file's epoch fields give."""
    (session,) = loads(_rows({"event_start": "2026-04-07 09:00", "event_end": "2026-04-07 09:30", "start_time_ts": 1775545200}),
                       "sched").sessions  # fmt: skip
    assert session.end is not None and session.end.isoformat() == "2026-04-07T09:30:00+02:00"


@pytest.mark.parametrize(
    ("name", "speakers", "title"),
    [
        ("Opening - Jane Doe, ACME", [("Jane Doe", "ACME")], "Opening"),
        ("Opening - Jane Doe", [("Jane Doe", "ACME")], "Opening"),
        ("Talk - A, X; B, Y", [("A", "X"), ("B", "Y")], "Talk"),
        ("Talk - A, X, B, Y", [("A", "X"), ("B", "Y")], "Talk"),
        ("Talk - B, A", [("A", None), ("B", None)], "Talk - B, A"),  # not the order of speakers[]
        ("Keynote - Welcome", [("Jane Doe", "ACME")], "Keynote - Welcome"),
        ("Opening - Jane Doe, ACME", [], "Opening - Jane Doe, ACME"),  # no speakers[]: never split
        (" - Jane Doe", [("Jane Doe", None)], " - Jane Doe"),  # nothing would be left of the title
    ],
)  # fmt: skip
def test_split_name_only_where_the_speakers_confirm(
    name: str, speakers: list[tuple[str, str | None]], title: str
) -> None:
    """The " - Speaker, Company" suffix goes only when it is exactly the speakers[] list in one of Sched's forms."""
    assert split_name(name, speakers) == title


@pytest.mark.parametrize(
    ("label", "kind"),
    [("Keynote Sessions", SessionKind.KEYNOTE), ("Breakout Sessions", SessionKind.TALK), ("Breaks", SessionKind.BREAK),
     ("Workshops", SessionKind.WORKSHOP), ("GENERAL INFO", SessionKind.OTHER), ("Q&A / PANEL", SessionKind.PANEL),
     ("Gaming", SessionKind.OTHER), (None, SessionKind.OTHER)],
)  # fmt: skip
def test_event_type_kinds(label: str | None, kind: SessionKind) -> None:
    """Event types name kinds by their words, plurals as singular; the type itself is the label."""
    assert event_type_kind(label) == (kind, label)


def test_the_json_is_detected_and_its_urls_named() -> None:
    """A JSON list of sessions with event_key is sched; <event>.sched.com/all.ics and /api/session/export are sched URLs."""
    assert detect_format(FIXTURE.read_bytes()) == "sched"
    assert [format_for_url(u) for u in (
        "https://pytorchconferenceeu2026.sched.com/all.ics", "https://kccnceu2026.sched.com/api/session/export?api_key=x",
        "https://kccnceu2026.sched.com/api/session/list", "https://sched.com/all.ics", "https://example.org/all.ics",
    )] == ["sched", "sched", "sched", None, None]  # fmt: skip


@pytest.mark.parametrize("source", ["feed", "json"])
def test_every_writer_validates_what_sched_reads(source: str, tmp_path: Path) -> None:
    """Convert from the feed and from the JSON to every writer: each output passes its writer tests' independent checker."""
    check_every_writer(read(_feed() if source == "feed" else FIXTURE), tmp_path)
