"""The model checks every field when an object is built, and refuses datetimes too close to years 1 and 9999."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import attrs
import pytest

import pyconf_schedule
from pyconf_schedule import (
    Conference,
    FieldTypeError,
    InvalidScheduleError,
    PyconfScheduleError,
    Room,
    ScheduleParseError,
    Session,
    SessionKind,
    Speaker,
    Track,
    UnknownKindError,
)
from pyconf_schedule._checks import MAX_INSTANT, MIN_INSTANT
from pyconf_schedule.formats import dumps, format_names, loads, omitted


@pytest.mark.parametrize(
    ("given", "kind"),
    [
        ("workshop", SessionKind.WORKSHOP),
        ("Lightning Talk", SessionKind.LIGHTNING_TALK),
        ("birds_of_a_feather", SessionKind.BIRDS_OF_A_FEATHER),
        (SessionKind.PANEL, SessionKind.PANEL),
    ],
)
def test_kind_given_by_name_becomes_a_session_kind(given: Any, kind: SessionKind) -> None:
    """A kind name is converted to its SessionKind, ignoring case and accepting spaces or underscores."""
    assert Session(id="s", kind=given).kind is kind


def test_kind_by_name_is_found_and_written() -> None:
    """A session built with kind="workshop" is found by by_kind and written by every writer."""
    session = Session(id="w", title="Hands on", kind="workshop", start=datetime(2026, 6, 10, 8, tzinfo=UTC))
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[session])
    assert conf.by_kind("workshop").ids == ("w",)
    text_formats = format_names("text")  # sqlite: a database file (test_formats_sqlite)
    assert [len(dumps(conf, name)) > 0 for name in text_formats] == [True] * len(text_formats)


def test_unknown_kind_name_suggests_the_closest() -> None:
    """A misspelt kind raises UnknownKindError, a LookupError, suggesting the kind meant."""
    with pytest.raises(UnknownKindError) as info:
        Session(id="s", kind="worksop")
    assert (str(info.value), info.value.suggestions[0], isinstance(info.value, LookupError)) == (
        "session kind 'worksop' not found (did you mean 'workshop'?)",
        "workshop",
        True,
    )


ps: Any = pyconf_schedule  # the wrong types below are the point: keep the type checker out of them

_WRONG: list[tuple[Callable[[], object], str]] = [
    (lambda: ps.Session(id=5), "Session.id must be a str, got int 5"),
    (lambda: ps.Session(id="s", kind=5), "Session.kind must be a SessionKind or a kind name such as 'talk', got int 5"),
    (lambda: ps.Session(id="s", title=b"x"), "Session.title must be a str or None, got bytes b'x' (in session 's')"),
    (
        lambda: ps.Session(id="s", start="2026-06-10T10:00+02:00"),
        "Session.start must be a timezone-aware datetime or None, got str '2026-06-10T10:00+02:00' (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", start=date(2026, 6, 10)),
        "Session.start must be a timezone-aware datetime or None, got date 2026-06-10 (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", start=datetime(2026, 6, 10, tzinfo=UTC), end=1.5),
        "Session.end must be a timezone-aware datetime or None, got float 1.5 (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", day_only="2026-04-08"),
        "Session.day_only must be a datetime.date (a day, no time) or None, got str '2026-04-08' (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", room="Aula 1"),
        "Session.room must be a Room or None, got str 'Aula 1' (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", track=ps.Room(id="r", name="R")),
        "Session.track must be a Track or None, got Room Room(id='r', name='R') (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", speakers="Ada"),
        "Session.speakers must be an iterable of Speaker, got str 'Ada' (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", speakers=["Ada"]),
        "Session.speakers must be an iterable of Speaker, but holds str 'Ada' (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", speakers=3),
        "Session.speakers must be an iterable of Speaker, got int 3 (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", slides=[1]),
        "Session.slides must be a str or an iterable of str, but holds int 1 (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", sources=7),
        "Session.sources must be a str or an iterable of str, got int 7 (in session 's')",
    ),
    (
        lambda: ps.Session(id="s", variants=["x"]),
        "Session.variants must be an iterable of Conflict, but holds str 'x' (in session 's')",
    ),
    (lambda: ps.Speaker(id="p", name=None), "Speaker.name must be a str, got NoneType None (in speaker 'p')"),
    (
        lambda: ps.Speaker(id="p", name="P", aliases=[None]),
        "Speaker.aliases must be a str or an iterable of str, but holds NoneType None (in speaker 'p')",
    ),
    (
        lambda: ps.Speaker(id="p", name="P", conflicts=["x"]),
        "Speaker.conflicts must be an iterable of Conflict, but holds str 'x' (in speaker 'p')",
    ),
    (
        lambda: ps.Speaker(id="p", name="P", organisation=3),
        "Speaker.organisation must be a str or None, got int 3 (in speaker 'p')",
    ),
    (lambda: ps.Room(id=1, name="R"), "Room.id must be a str, got int 1"),
    (lambda: ps.Track(id="t", name=None), "Track.name must be a str, got NoneType None (in track 't')"),
    (lambda: ps.Source(id="s", title="T", url=1), "Source.url must be a str or None, got int 1 (in source 's')"),
    (
        lambda: ps.Conflict(field="title", values=["x"]),
        "Conflict.values must be an iterable of SourcedValue, but holds str 'x'",
    ),
    (lambda: ps.SourcedValue(value=1, sources="a"), "SourcedValue.value must be a str, got int 1"),
    (lambda: ps.Conference(id=None, name="C", timezone="UTC"), "Conference.id must be a str, got NoneType None"),
    (
        lambda: ps.Conference(id="c", name="C", timezone=None),
        "Conference.timezone must be a str, got NoneType None (in conference 'c')",
    ),
    (
        lambda: ps.Conference(id="c", name="C", timezone="UTC", sessions=["x"]),
        "Conference.sessions must be an iterable of Session, but holds str 'x'",
    ),
    (
        lambda: ps.Conference(id="c", name="C", timezone="UTC", sessions=5),
        "Conference.sessions must be an iterable of Session, got int 5",
    ),
    (
        lambda: ps.Conference(id="c", name="C", timezone="UTC", rooms=["Aula 1"]),
        "Conference.rooms must be an iterable of Room, but holds str 'Aula 1' (in conference 'c')",
    ),
    (
        lambda: ps.Conference(id="c", name="C", timezone="UTC", start_date="2026-04-07"),
        "Conference.start_date must be a datetime.date (a day, no time) or None, got str '2026-04-07' (in conference 'c')",
    ),
    (
        lambda: ps.Conference(id="c", name="C", timezone="UTC", city=1),
        "Conference.city must be a str or None, got int 1 (in conference 'c')",
    ),
    (lambda: ps.Sessions(["x"]), "Sessions holds only Session objects, got str 'x'"),
]


@pytest.mark.parametrize(("build", "message"), _WRONG)
def test_a_wrong_type_is_refused_at_construction(build: Callable[[], object], message: str) -> None:
    """A value of the wrong type raises FieldTypeError, also a TypeError, naming the field, the type given and what is valid."""
    with pytest.raises(FieldTypeError) as info:
        build()
    assert (str(info.value), isinstance(info.value, TypeError), isinstance(info.value, PyconfScheduleError)) == (
        message,
        True,
        True,
    )


def test_evolve_checks_too() -> None:
    """attrs.evolve builds a new object, so a wrong value given to it is refused the same way."""
    with pytest.raises(FieldTypeError, match=r"^Session.room must be a Room or None, got str 'Aula 1'"):
        evolve: Any = attrs.evolve
        evolve(Session(id="s"), room="Aula 1")


def test_iterables_become_tuples() -> None:
    """Lists and generators given for collections are stored as tuples; one string is a one-item tuple."""
    ada = Speaker(id="ada", name="Ada", aliases="Augusta")
    session = Session(id="s", speakers=(p for p in [ada]), slides=["a.pdf"], sources="web")
    assert (ada.aliases, session.speakers, session.slides, session.sources) == (
        ("Augusta",),
        (ada,),
        ("a.pdf",),
        ("web",),
    )


# -- the limits of years 1 and 9999 ----------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "shown"),
    [
        (datetime(9999, 12, 31, 20, tzinfo=UTC), "9999-12-31T20:00:00+00:00"),
        (MAX_INSTANT + timedelta(microseconds=1), "9999-12-31T00:00:00+00:00"),
        (datetime(1, 1, 1, 23, 59, tzinfo=UTC), "0001-01-01T23:59:00+00:00"),
        (datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=-5))), "0001-01-01T00:30:00-05:00"),
    ],
)
def test_datetimes_too_close_to_the_limits_are_refused(start: datetime, shown: str) -> None:
    """A start whose view in some zone would leave years 1 to 9999 raises InvalidScheduleError giving the valid range."""
    with pytest.raises(InvalidScheduleError) as info:
        Session(id="edge", start=start)
    assert str(info.value) == (
        f"start of session 'edge' is {shown}, too close to the limits of years 1 to 9999 to be shown in every time "
        "zone; valid: instants from 0001-01-02T00:00:00+00:00 to 9999-12-30T23:59:59.999999+00:00"
    )


_EDGE_ZONES = [None, "UTC", "Pacific/Kiritimati", "Etc/GMT+12", "America/Los_Angeles", "Australia/Lord_Howe"]


def _edge_conference() -> Conference:
    """Sessions at the first and the last valid instants (whole seconds for iCalendar), one with an unknown end."""
    room = Room(id="r", name="R")
    return Conference(
        id="edge",
        name="Edge",
        timezone="UTC",
        rooms=[room],
        sessions=[
            Session(id="first", title="First", start=MIN_INSTANT, end=MIN_INSTANT + timedelta(hours=1), room=room),
            Session(
                id="last",
                title="Last",
                start=datetime(9999, 12, 30, 22, 59, 59, tzinfo=UTC),
                end=MAX_INSTANT,
                room=room,
            ),
            Session(id="open", title="Open", start=datetime(9999, 12, 30, 23, 59, 59, tzinfo=UTC), room=room),
        ],
    )


@pytest.mark.parametrize("tz", _EDGE_ZONES)
@pytest.mark.parametrize("format_name", format_names("text"))
def test_every_writer_writes_the_edge_instants_in_every_zone(format_name: Any, tz: str | None) -> None:
    """Every writer writes sessions at the first and last valid instants in any zone, and readers read them back."""
    conf = _edge_conference()
    text = dumps(conf, format_name, tz=tz)
    if format_name in format_names("read"):
        back = loads(text, format_name)
        left_out = omitted(conf, format_name).ids  # the client formats leave out "open", whose end is unknown
        assert sorted((s.title, s.start) for s in back.sessions) == sorted(
            (s.title, s.start) for s in conf.sessions if s.id not in left_out
        )
    elif format_name == "html":  # each session one element
        assert [text.count(f'data-session-id="{i}"') for i in ("first", "last", "open")] == [1, 1, 1]
    else:
        assert text.count("First") + text.count("Last") + text.count("Open") == 3


def _native(start: str) -> str:
    return json.dumps(
        {
            "format": "pyconf-schedule",
            "version": 1,
            "conference": {"id": "c", "name": "C", "timezone": "UTC", "sessions": [{"id": "s", "start": start}]},
        }
    )


def _ics(start: str) -> str:
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20260101T000000Z\r\n"
        f"DTSTART:{start}\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )


def _frab_xml(day: str, start: str) -> str:
    return (
        f"<schedule><conference><title>T</title><time_zone_name>UTC</time_zone_name></conference>"
        f'<day index="1" date="{day}"><room name="R"><event id="1"><date>{start}</date><start>{start[11:16]}</start>'
        "<duration>00:30</duration><title>x</title></event></room></day></schedule>"
    )


def _c3voc(day: str, start: str) -> str:
    event = {
        "id": 1,
        "guid": "5f4b4a9a-0000-4000-8000-000000000001",
        "date": start,
        "start": start[11:16],
        "duration": "00:30",
        "title": "x",
        "room": "R",
    }
    return json.dumps(
        {
            "schedule": {
                "version": "1",
                "conference": {
                    "title": "T",
                    "acronym": "tttt",
                    "time_zone_name": "UTC",
                    "days": [{"index": 1, "date": day, "rooms": {"R": [event]}}],
                },
            }
        }
    )


@pytest.mark.parametrize(
    ("format_name", "text", "shown"),
    [
        ("json", _native("9999-12-31T20:00:00+00:00"), "9999-12-31T20:00:00+00:00"),
        ("json", _native("0001-01-01T05:00:00+00:00"), "0001-01-01T05:00:00+00:00"),
        ("ics", _ics("99991231T200000Z"), "9999-12-31T20:00:00+00:00"),
        ("ics", _ics("00010101T050000Z"), "0001-01-01T05:00:00+00:00"),
        ("frab-xml", _frab_xml("9999-12-31", "9999-12-31T20:00:00+00:00"), "9999-12-31T20:00:00+00:00"),
        ("c3voc-json", _c3voc("9999-12-31", "9999-12-31T20:00:00+00:00"), "9999-12-31T20:00:00+00:00"),
    ],
)
def test_readers_refuse_instants_too_close_to_the_limits(format_name: Any, text: str, shown: str) -> None:
    """A file with such an instant is refused by its reader with one ScheduleParseError giving the valid range."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, format_name)
    assert (
        "start of session " in str(info.value),
        f" is {shown}, too close to the limits" in str(info.value),
        "valid: instants from 0001-01-02T00:00:00+00:00 to 9999-12-30T23:59:59.999999+00:00" in str(info.value),
    ) == (
        True,
        True,
        True,
    )


class _Text(str):
    """A str subclass, as some libraries hand out."""


def test_subclasses_of_the_valid_types_are_accepted() -> None:
    """A str subclass and a datetime subclass pass the checks, which use isinstance, not exact types."""

    class Moment(datetime):
        pass

    session = Session(id=_Text("s"), title=_Text("T"), sources=[_Text("web")], start=Moment(2026, 6, 10, 8, tzinfo=UTC))
    speaker = Speaker(id="p", name=_Text("P"), aliases=[_Text("Q")])
    assert (session.title, session.sources, session.start, speaker.aliases) == (
        "T",
        ("web",),
        datetime(2026, 6, 10, 8, tzinfo=UTC),
        ("Q",),
    )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: Session(id="a\x00"),
            "session id 'a\\x00' holds a control or separator character; an id is printable text",
        ),
        (
            lambda: Speaker(id="p\n", name="P"),
            "speaker id 'p\\n' holds a control or separator character; an id is printable text",
        ),
        (
            lambda: Room(id="r\x1b", name="R"),
            "room id 'r\\x1b' holds a control or separator character; an id is printable text",
        ),
        (
            lambda: Track(id="t\u2028", name="T"),
            "track id 't\\u2028' holds a control or separator character; an id is printable text",
        ),
    ],
)
def test_ids_are_printable(build: Callable[[], object], message: str) -> None:
    """An id with a control or separator character is refused: iCalendar and XML cannot carry it, so it would change on the way through a file."""
    with pytest.raises(InvalidScheduleError) as info:
        build()
    assert str(info.value) == message


def test_an_ics_uid_of_control_characters_is_refused() -> None:
    """An iCalendar UID made of a NUL is a ScheduleParseError (found by the fuzzer: it read, then could not be written back)."""
    data = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:\x00\r\nDTSTART:20200101T100000Z\r\nSUMMARY:T\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    with pytest.raises(ScheduleParseError) as info:
        loads(data, "ics")
    assert str(info.value) == (
        "cannot read ics at line 3: session id '\\x00' holds a control or separator character; an id is printable text"
    )


def test_a_c3voc_person_id_of_control_characters_is_refused() -> None:
    """A c3voc person whose id is a NUL is a ScheduleParseError at the event (found by the fuzzer as a bare InvalidScheduleError)."""
    document = {
        "schedule": {
            "version": "1",
            "conference": {
                "acronym": "c",
                "title": "C",
                "time_zone_name": "UTC",
                "days": [
                    {
                        "index": 1,
                        "date": "2020-01-01",
                        "day_start": "2020-01-01T00:00:00+00:00",
                        "day_end": "2020-01-02T00:00:00+00:00",
                        "rooms": {
                            "A": [
                                {
                                    "id": 1,
                                    "guid": "g",
                                    "title": "T",
                                    "date": "2020-01-01T10:00:00+00:00",
                                    "start": "10:00",
                                    "duration": "00:30",
                                    "room": "A",
                                    "persons": [{"id": "\x00", "public_name": "P"}],
                                }
                            ]
                        },
                    }
                ],
            },
        }
    }
    with pytest.raises(ScheduleParseError) as info:
        loads(json.dumps(document), "c3voc-json")
    assert str(info.value) == (
        'cannot read c3voc-json at $.schedule.conference.days[0].rooms["A"][0]: '
        "speaker id 'person-\\x00' holds a control or separator character; an id is printable text"
    )
