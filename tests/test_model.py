"""The object model: invariants, immutability and per-session time views."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import attrs
import pytest

from pyconf_schedule import (
    Conference,
    InvalidScheduleError,
    NaiveDatetimeError,
    Room,
    Session,
    SessionKind,
    Speaker,
    UnknownZoneError,
)

from ._support import ADA, HALL, utc


def test_naive_start_is_refused() -> None:
    """A naive start raises NaiveDatetimeError naming the field and the fix."""
    with pytest.raises(NaiveDatetimeError) as info:
        Session(id="s", start=datetime(2026, 4, 7, 9, 0))
    assert str(info.value) == (
        "start must be a timezone-aware datetime, got naive 2026-04-07T09:00:00; "
        "attach a zone, e.g. value.replace(tzinfo=ZoneInfo('Europe/Paris'))"
    )


def test_naive_error_is_a_value_error() -> None:
    """NaiveDatetimeError is also a ValueError."""
    with pytest.raises(ValueError):
        Session(id="s", start=utc(2026, 4, 7), end=datetime(2026, 4, 7, 10))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"id": "s", "start": utc(2026, 4, 7, 10), "end": utc(2026, 4, 7, 9)},
            "session 's' ends (2026-04-07T09:00:00+00:00) before it starts (2026-04-07T10:00:00+00:00)",
        ),
        ({"id": "s", "end": utc(2026, 4, 7, 9)}, "session 's' has an end but no start"),
        ({"id": ""}, "a session needs a non-empty id"),
    ],
)
def test_session_invariants(kwargs: dict[str, object], message: str) -> None:
    """Impossible sessions are refused with a message that names the session."""
    with pytest.raises(InvalidScheduleError) as info:
        Session(**kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_sessions_are_frozen() -> None:
    """Assigning to a field of a Session raises FrozenInstanceError."""
    session = Session(id="s", title="T")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        session.title = "U"  # type: ignore[misc]


def test_lists_become_tuples() -> None:
    """Collections given as lists are stored as tuples, so objects stay hashable."""
    session = Session(id="s", speakers=[ADA], slides=["a.pdf"], sources=["src"])
    assert session.speakers == (ADA,)
    assert session.slides == ("a.pdf",)
    assert isinstance(hash(session), int)


def test_unknown_end_is_kept_unknown() -> None:
    """A session with a start and no end has no duration and runs only at its start instant."""
    session = Session(id="s", start=utc(2026, 4, 7, 9))
    assert session.duration is None
    assert session.runs_at(utc(2026, 4, 7, 9))
    assert not session.runs_at(utc(2026, 4, 7, 9, 1))


def test_runs_at_is_half_open() -> None:
    """runs_at is true from the start instant up to, not including, the end."""
    session = Session(id="s", start=utc(2026, 4, 7, 9), end=utc(2026, 4, 7, 10))
    assert [
        session.runs_at(utc(2026, 4, 7, 8, 59)),
        session.runs_at(utc(2026, 4, 7, 9)),
        session.runs_at(utc(2026, 4, 7, 9, 59)),
        session.runs_at(utc(2026, 4, 7, 10)),
    ] == [False, True, True, False]


def test_runs_at_refuses_naive_instant() -> None:
    """runs_at needs an aware instant."""
    with pytest.raises(NaiveDatetimeError):
        Session(id="s", start=utc(2026, 4, 7, 9)).runs_at(datetime(2026, 4, 7, 9))


def test_session_to_tz_keeps_the_instant() -> None:
    """to_tz changes the zone shown, not the instant, and moves the calendar day where it must."""
    session = Session(id="s", start=utc(2026, 10, 20, 18, 10), end=utc(2026, 10, 20, 18, 35))
    tokyo = session.to_tz("Asia/Tokyo")
    assert tokyo.start == session.start
    assert tokyo.start is not None and tokyo.start.isoformat() == "2026-10-21T03:10:00+09:00"
    assert tokyo.day is not None and tokyo.day.isoformat() == "2026-10-21"
    assert tokyo.duration == timedelta(minutes=25)


def test_session_to_tz_unknown_zone() -> None:
    """An unknown zone raises UnknownZoneError with an IANA example."""
    with pytest.raises(UnknownZoneError) as info:
        Session(id="s").to_tz("Mars/Olympus")
    assert str(info.value).startswith(
        "unknown time zone 'Mars/Olympus': use an IANA name such as 'Europe/Paris' or 'UTC'"
    )


def test_session_str() -> None:
    """str(session) gives time, zone abbreviation, room, title and speakers."""
    session = Session(
        id="s", title="Hello", start=utc(2026, 4, 7, 7), end=utc(2026, 4, 7, 7, 30), room=HALL, speakers=(ADA,)
    ).to_tz("Europe/Paris")
    assert str(session) == "2026-04-07 09:00-09:30 CEST, Main Hall: Hello (Ada Lovelace)"


def test_untitled_session_has_a_display_title() -> None:
    """A session without a title shows a placeholder naming its id, never an invented title."""
    session = Session(id="untitled-000")
    assert session.title is None
    assert session.display_title == "(untitled session untitled-000)"
    assert str(session) == "unscheduled: (untitled session untitled-000)"


def test_kind_labels() -> None:
    """Every kind has a stable value and a readable label."""
    assert [(k.value, k.label) for k in (SessionKind.BIRDS_OF_A_FEATHER, SessionKind.SPONSORED_KEYNOTE)] == [
        ("birds-of-a-feather", "Birds of a feather"),
        ("sponsored-keynote", "Sponsored keynote"),
    ]


def test_speaker_names_include_aliases() -> None:
    """Speaker.names is the name followed by the aliases."""
    assert Speaker(id="j", name="Jason Zhihuai Zhu", aliases=["Jason Zhu"]).names == ("Jason Zhihuai Zhu", "Jason Zhu")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sessions": [Session(id="a"), Session(id="a")]}, "two sessions share the id 'a'"),
        (
            {"sessions": [Session(id="a", speakers=(ADA,))], "speakers": ()},
            "session 'a' names speaker 'ada', which is not in the conference's speakers",
        ),
        (
            {"sessions": [Session(id="a", room=HALL)], "rooms": [Room(id="main-hall", name="Other")]},
            "session 'a' is in room 'main-hall', which is not in the conference's rooms",
        ),
        (
            {
                "sessions": [Session(id="a", sources=("nowhere",))],
                "sources": [__import__("pyconf_schedule").Source(id="s1", title="S")],
            },
            "session 'a' cites unknown source(s) nowhere",
        ),
    ],
)
def test_conference_invariants(kwargs: dict[str, object], message: str) -> None:
    """A conference whose parts do not fit together is refused."""
    with pytest.raises(InvalidScheduleError) as info:
        Conference(id="c", name="C", timezone="UTC", **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_conference_zone_must_be_iana() -> None:
    """A conference with an unknown zone name is refused."""
    with pytest.raises(UnknownZoneError):
        Conference(id="c", name="C", timezone="Europe/Pariss")


def test_conference_derives_people_and_places() -> None:
    """Speakers, rooms and tracks default to those the sessions use."""
    conf = Conference(
        id="c",
        name="C",
        timezone="UTC",
        sessions=[Session(id="a", speakers=(ADA,), room=HALL, start=datetime(2026, 1, 1, tzinfo=UTC))],
    )
    assert (conf.speakers, conf.rooms, conf.tracks) == ((ADA,), (HALL,), ())


def test_provenance_names_the_sources_of_a_field_and_marks_weak_values() -> None:
    """provenance(name) gives the recorded Provenance of a field, None when none is; weak_fields lists the weak ones."""
    from pyconf_schedule import Provenance

    s = Session(
        id="x", start=utc(2026, 4, 8, 9), field_sources=[
            Provenance(field="start", sources=["list"], weak="an early draft"),
            Provenance(field="kind", weak="no source states the kind; 'talk' is the default"),
            Provenance(field="room", sources=["page"]),
        ],
    )  # fmt: skip
    start = s.provenance("start")
    assert start is not None and (start.sources, start.weak, start.is_weak) == (("list",), "an early draft", True)
    room = s.provenance("room")
    assert room is not None and (room.sources, room.is_weak) == (("page",), False)
    assert s.provenance("track") is None
    assert s.weak_fields == ("start", "kind")


def test_provenance_of_an_unknown_field_is_refused() -> None:
    """A field that has no provenance (title) is refused, naming the fields that have one."""
    from pyconf_schedule import Provenance

    message = "provenance field 'title' is not recorded; valid: start, end, day_only, room, kind, track, speakers, url, recording"
    with pytest.raises(InvalidScheduleError) as info:
        Provenance(field="title")
    assert str(info.value) == message
    with pytest.raises(InvalidScheduleError) as info:
        Session(id="x").provenance("title")  # type: ignore[arg-type]
    assert str(info.value) == message


def test_provenance_of_the_wrong_type_is_refused() -> None:
    """field_sources holds Provenance objects only; a Provenance's sources are strings."""
    from pyconf_schedule import FieldTypeError, Provenance

    with pytest.raises(FieldTypeError) as info:
        Session(id="x", field_sources=["start"])  # type: ignore[list-item]
    assert (
        str(info.value)
        == "Session.field_sources must be an iterable of Provenance, but holds str 'start' (in session 'x')"
    )
    with pytest.raises(FieldTypeError) as info:
        Provenance(field="start", sources=[1])  # type: ignore[list-item]
    assert str(info.value) == "Provenance.sources must be a str or an iterable of str, but holds int 1"


def test_repr_is_the_text_attrs_writes() -> None:
    """Every model class shows each field in order with its value's repr, as attrs' generated ``__repr__`` did.

    The classes share one ``__repr__`` (``fields_repr``) instead of one compiled per class at import; the
    expected texts were printed by the attrs-generated methods before the change.
    """
    from zoneinfo import ZoneInfo

    from pyconf_schedule import Conflict, ProgrammeDay, Provenance, Source, SourcedValue, Track

    paris = ZoneInfo("Europe/Paris")
    hall_a = SourcedValue(value="Hall A", sources=("sched", "blog"))
    room = Conflict(
        field="room", values=(hall_a, SourcedValue(value="Hall B", sources=("pdf",))), rule="the schedule wins"
    )
    speaker = Speaker(
        id="ada",
        name="Ada Lovelace",
        aliases=("A. Lovelace",),
        conflicts=(Conflict(field="name", values=(SourcedValue(value="Ada", sources=("x",)),)),),
    )
    session = Session(
        id="s1",
        title="Hello 'world'",
        kind="workshop",
        start=datetime(2026, 4, 7, 9, tzinfo=paris),
        end=datetime(2026, 4, 7, 9, 30, tzinfo=paris),
        room=Room(id="a", name="Hall A"),
        track=Track(id="t", name="Core"),
        speakers=(speaker,),
        slides=("https://x/s.pdf",),
        conflicts=(room,),
        field_sources=(Provenance(field="start", sources=("sched",), weak="only the day is certain"),),
    )
    plus_one = "datetime.timezone(datetime.timedelta(seconds=3600))"
    day = ProgrammeDay(
        date=date(2014, 12, 27),
        start=datetime(2014, 12, 27, 11, tzinfo=timezone(timedelta(hours=1))),
        end=datetime(2014, 12, 28, 4, tzinfo=timezone(timedelta(hours=1))),
    )
    ada = (
        "Speaker(id='ada', name='Ada Lovelace', aliases=('A. Lovelace',), job_title=None, organisation=None, "
        "bio=None, conflicts=(Conflict(field='name', values=(SourcedValue(value='Ada', sources=('x',)),), rule=''),))"
    )
    rooms = (
        "Conflict(field='room', values=(SourcedValue(value='Hall A', sources=('sched', 'blog')), "
        "SourcedValue(value='Hall B', sources=('pdf',))), rule='the schedule wins')"
    )
    assert repr(hall_a) == "SourcedValue(value='Hall A', sources=('sched', 'blog'))"
    assert repr(room) == rooms
    assert repr(speaker) == ada
    assert repr(Source(id="sched", title="Sched", url="https://x")) == (
        "Source(id='sched', title='Sched', url='https://x', file=None)"
    )
    assert repr(Track(id="t", name="Core")) == "Track(id='t', name='Core')"
    assert repr(day) == (
        f"ProgrammeDay(date=datetime.date(2014, 12, 27), start=datetime.datetime(2014, 12, 27, 11, 0, tzinfo={plus_one}), "
        f"end=datetime.datetime(2014, 12, 28, 4, 0, tzinfo={plus_one}))"
    )
    assert repr(session) == (
        "Session(id='s1', title=\"Hello 'world'\", kind=<SessionKind.WORKSHOP: 'workshop'>, kind_label=None, "
        "start=datetime.datetime(2026, 4, 7, 9, 0, tzinfo=zoneinfo.ZoneInfo(key='Europe/Paris')), "
        "end=datetime.datetime(2026, 4, 7, 9, 30, tzinfo=zoneinfo.ZoneInfo(key='Europe/Paris')), day_only=None, "
        f"room=Room(id='a', name='Hall A'), track=Track(id='t', name='Core'), speakers=({ada},), abstract=None, "
        "audience_level=None, language=None, url=None, recording=None, slides=('https://x/s.pdf',), slide_urls=(), "
        f"sources=(), title_variants=(), variants=(), conflicts=({rooms},), "
        "field_sources=(Provenance(field='start', sources=('sched',), weak='only the day is certain'),))"
    )
    assert eval(repr(Room(id="a", name="Hall A")), {"Room": Room}) == Room(id="a", name="Hall A")


def test_one_value_conflict_is_what_the_constructors_make() -> None:
    """The readers' direct build of a one-value Conflict equals the constructors' in every field, hash and repr.

    ``attrs.asdict`` reads every field, so a field added to Conflict or SourcedValue and left unset by the
    direct build fails here; arguments of other types go to the constructors and their messages.
    """
    from pyconf_schedule import Conflict, FieldTypeError, SourcedValue
    from pyconf_schedule._model import one_value_conflict

    class Text(str):
        pass

    made = one_value_conflict("guid", "a0a0", ("frab-xml",), "kept")
    built = Conflict(field="guid", values=(SourcedValue(value="a0a0", sources=("frab-xml",)),), rule="kept")
    assert (made, hash(made), repr(made)) == (built, hash(built), repr(built))
    assert (
        attrs.asdict(made)
        == attrs.asdict(built)
        == {
            "field": "guid",
            "values": ({"value": "a0a0", "sources": ("frab-xml",)},),
            "rule": "kept",
        }
    )
    assert attrs.evolve(made, rule="other").rule == "other"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.rule = "x"  # type: ignore[misc]
    subclassed = one_value_conflict("slug", Text("s"), (Text("pretalx"),), "kept")  # the checked constructors take it
    assert subclassed == Conflict(field="slug", values=(SourcedValue(value="s", sources=("pretalx",)),), rule="kept")
    with pytest.raises(FieldTypeError) as info:
        one_value_conflict("guid", 7, ("frab-xml",), "kept")  # type: ignore[arg-type]
    assert str(info.value) == "SourcedValue.value must be a str, got int 7"
    with pytest.raises(FieldTypeError) as info:
        one_value_conflict("guid", "a", ("frab-xml", None), "kept")  # type: ignore[arg-type]
    assert str(info.value) == "SourcedValue.sources must be a str or an iterable of str, but holds NoneType None"
