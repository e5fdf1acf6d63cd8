"""Sessionize's public API views: the demo event's real view/All, view/GridSmart and view/Speakers, and small documents.

Facts of the demo event (../shared/samples, Sessionize's own demo, checked by
hand in the JSON): 11 sessions on 27 and 28 May 2017, all in UTC (``Z``): 10
talks and workshops with one speaker each and one service session, "Lunch"
12:30-13:30 in the Restaurant; 10 speakers; rooms Green Room (215), Yellow
Room (216), Restaurant (217); categories "Session format", "Track", "Level"
and "Language" (view/GridSmart's endpoint leaves Language out); one question,
"Demo", answered on five sessions.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import Conference, MissingZoneError, ScheduleParseError, SessionKind, loads, read
from pyconf_schedule.formats import detect_format, format_for_url
from pyconf_schedule.formats.sessionize import category_role, tag_line

from ._support import shared_path
from ._writers import check_every_writer


def _sample(view: str) -> Path:
    return shared_path("samples", f"sessionize_demo_{view}.json")


def _row(conf: Conference, ident: str) -> tuple[Any, ...]:
    s = conf.session(ident)
    return (
        s.title, s.start, s.end, s.room and s.room.name, s.kind, s.kind_label, s.track and s.track.name,
        s.audience_level, s.speaker_names,
    )  # fmt: skip


ALL_ROWS = {
    "14022": ("Aiden's Session", datetime(2017, 5, 27, 9, tzinfo=UTC), datetime(2017, 5, 27, 10, tzinfo=UTC), "Green Room",
              SessionKind.TALK, "Session", "Technical", "Intermediate", ("Aiden Test",)),
    "14019": ("Jackson's Session", datetime(2017, 5, 27, 10, 15, tzinfo=UTC), datetime(2017, 5, 27, 11, 15, tzinfo=UTC),
              "Yellow Room", SessionKind.LIGHTNING_TALK, "Lightning talk", "Business", "Advanced", ("Jackson Test",)),
    "14026": ("Ava's Session", datetime(2017, 5, 27, 11, 30, tzinfo=UTC), datetime(2017, 5, 27, 12, 30, tzinfo=UTC),
              "Green Room", SessionKind.WORKSHOP, None, "Business", "Advanced", ("Ava Test",)),
    "f91513e5-6e73-4910-9ee5-070a6ab04035": ("Lunch", datetime(2017, 5, 27, 12, 30, tzinfo=UTC),
                                             datetime(2017, 5, 27, 13, 30, tzinfo=UTC), "Restaurant", SessionKind.BREAK,
                                             None, None, None, ()),
    "14025": ("Noah's Session", datetime(2017, 5, 28, 9, tzinfo=UTC), datetime(2017, 5, 28, 11, 15, tzinfo=UTC),
              "Yellow Room", SessionKind.WORKSHOP, None, "Business", "Expert", ("Noah Test",)),
    "14018": ("Sophia's Session", datetime(2017, 5, 28, 11, 30, tzinfo=UTC), datetime(2017, 5, 28, 12, 30, tzinfo=UTC),
              "Green Room", SessionKind.TALK, "Session", "Technical", "Introductory and overview", ("Sophia Test",)),
}  # fmt: skip


def test_view_all_reads_the_demo_event_exactly() -> None:
    """view/All: 11 sessions over two days in UTC, one break (Lunch), 10 speakers, 3 rooms and the 3 tracks of the Track category."""
    conf = read(_sample("All"))
    assert (conf.id, conf.name, conf.timezone, len(conf.sessions)) == ("sessionize", "Sessionize event", "UTC", 11)
    assert (conf.start_date, conf.end_date, conf.days()) == (
        datetime(2017, 5, 27).date(),
        datetime(2017, 5, 28).date(),
        (datetime(2017, 5, 27).date(), datetime(2017, 5, 28).date()),
    )
    assert [(r.id, r.name) for r in conf.rooms] == [
        ("215", "Green Room"),
        ("216", "Yellow Room"),
        ("217", "Restaurant"),
    ]
    assert [(t.id, t.name) for t in conf.tracks] == [
        ("10663", "Technical"),
        ("10664", "Scientific"),
        ("4375", "Business"),
    ]
    assert len(conf.speakers) == 10
    for ident, row in ALL_ROWS.items():
        assert _row(conf, ident) == row
    assert [s.title for s in conf.by_kind("break")] == ["Lunch"]
    talks = conf.sessions.filter(lambda s: s.kind is not SessionKind.BREAK)
    assert len(talks) == 10
    assert sorted(s.kind.value for s in conf.sessions).count("lightning-talk") == 2


def test_view_all_keeps_languages_answers_and_tag_lines() -> None:
    """Language items fill language; the answers to the question "Demo" stay visible as variants; tag lines give job titles."""
    conf = read(_sample("All"))
    assert [(s.id, s.language) for s in conf.sessions][:4] == [
        ("14022", "Italian"),
        ("14020", "Arabic"),
        ("14019", "English"),
        ("14026", "Italian"),
    ]
    aiden = conf.session("14022")
    assert [(v.field, [x.value for x in v.values], [x.sources for x in v.values]) for v in aiden.variants] == [
        ("question: Demo", ["67"], [("sessionize",)])
    ]
    assert aiden.sources == ("sessionize",)
    assert [s.id for s in conf.sources] == ["sessionize"]
    assert sum(1 for s in conf.sessions if s.variants) == 5
    liam, sophia, olivia = (conf.speaker(n) for n in ("Liam Test", "Sophia Test", "Olivia Test"))
    assert (liam.job_title, liam.organisation) == ("Tester", "Sessionize")
    assert (sophia.job_title, sophia.organisation) == ("CEO / Contoso", None)
    assert (olivia.job_title, olivia.organisation) == ("ABC, DEF, GHI", None)
    assert (
        conf.speaker("Aiden Test").bio
        == "Pop culture fanatic. Friend of animals everywhere. Student. Thinker. Bacon practitioner."
    )
    assert conf.organisations == ("Sessionize",)


def test_view_gridsmart_gives_the_sessions_of_view_all() -> None:
    """view/GridSmart, sessions embedded by room and time slot, reads the same 11 sessions as view/All (each once)."""
    grid = read(_sample("GridSmart"))
    every = read(_sample("All"))
    assert [s.id for s in grid.sessions] == [s.id for s in every.sessions]
    for session in every.sessions:
        assert _row(grid, session.id) == _row(every, session.id)
    assert [(r.id, r.name) for r in grid.rooms] == [
        ("215", "Green Room"),
        ("216", "Yellow Room"),
        ("217", "Restaurant"),
    ]
    assert {s.language for s in grid.sessions} == {None}  # this endpoint leaves the Language category out
    assert [p.job_title for p in grid.speakers] == [None] * 10  # embedded speakers are names only


def test_view_speakers_is_refused_naming_the_views_with_sessions() -> None:
    """view/Speakers holds no times or rooms: it is refused, and the message names view/All, view/Sessions and view/GridSmart."""
    with pytest.raises(ScheduleParseError) as caught:
        read(_sample("Speakers"))
    assert caught.value.location == "$[0]"
    assert "read view/All, view/Sessions or view/GridSmart of the same endpoint instead" in caught.value.reason


@pytest.mark.parametrize("view", ["All", "GridSmart", "Speakers"])
def test_every_view_is_detected_as_sessionize(view: str) -> None:
    """The content tells each view apart from native and c3voc JSON."""
    assert detect_format(_sample(view).read_bytes()) == "sessionize"


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("https://sessionize.com/api/v2/jl4ktls0/view/All", "sessionize"),
        ("https://sessionize.com/api/v2/jl4ktls0/view/GridSmart?under=True", "sessionize"),
        ("https://sessionize.com/api/v2/jl4ktls0/view/Speakers", "sessionize"),
        ("https://sessionize.com/api/v2/jl4ktls0/view/Unknown", None),
        ("https://example.org/api/v2/jl4ktls0/view/All", None),
    ],
)
def test_the_url_shape_names_the_format_only_where_unambiguous(url: str, name: str | None) -> None:
    """sessionize.com/api/v2/<id>/view/<View> is sessionize; another host or view is left to the content."""
    assert format_for_url(url) == name


def test_every_writer_validates_what_the_sample_reads(tmp_path: Path) -> None:
    """Convert from view/All to every writer: each output passes the independent checker of its writer's tests."""
    check_every_writer(read(_sample("All")), tmp_path)


def _all(session: dict[str, Any], categories: list[dict[str, Any]] | None = None) -> str:
    return json.dumps({
        "sessions": [{"id": "1", "title": "T", "isServiceSession": False, "speakers": [], "categoryItems": [],
                      "roomId": None, **session}],
        "speakers": [], "categories": categories or [], "rooms": [], "questions": [],
    })  # fmt: skip


def test_wall_times_without_a_zone_need_tz() -> None:
    """A naive startsAt is refused without tz (the message names tz=) and read in tz when given: never guessed."""
    data = _all({"startsAt": "2026-06-01T09:00:00", "endsAt": "2026-06-01T09:45:00"})
    with pytest.raises(
        MissingZoneError, match=r"has no UTC offset and the file names no zone; pass file_tz= the zone it is in"
    ):
        loads(data, "sessionize")
    conf = loads(data, "sessionize", file_tz="Europe/Paris")
    (session,) = conf.sessions
    assert (conf.timezone, session.start.isoformat() if session.start else None) == (
        "Europe/Paris",
        "2026-06-01T09:00:00+02:00",
    )
    assert session.duration == timedelta(minutes=45)


def test_utc_times_are_shown_in_tz_at_the_same_instant() -> None:
    """UTC times given with tz keep their instant and are shown in that zone."""
    (session,) = loads(
        _all({"startsAt": "2026-06-01T07:00:00Z", "endsAt": None}), "sessionize", file_tz="Europe/Paris"
    ).sessions
    assert (session.start.isoformat() if session.start else None, session.end) == ("2026-06-01T09:00:00+02:00", None)


def test_an_unscheduled_session_has_no_time() -> None:
    """A session without startsAt is read, unscheduled; its endsAt alone is not kept (no end without a start)."""
    (session,) = loads(_all({"startsAt": None, "endsAt": "2026-06-01T07:00:00Z"}), "sessionize").sessions
    assert (session.start, session.end, session.scheduled) == (None, None, False)


CATEGORIES = [
    {"id": 1, "title": "Session type", "items": [{"id": 10, "name": "Keynote"}]},
    {"id": 2, "title": "Tracks", "items": [{"id": 20, "name": "Web"}, {"id": 21, "name": "Data"}]},
    {"id": 3, "title": "Topic", "items": [{"id": 30, "name": "Security"}]},
    {"id": 4, "title": "Track type", "items": [{"id": 40, "name": "Hands-on"}]},
    {"id": 5, "title": "Difficulty", "items": [{"id": 50, "name": "Beginner"}]},
]


def test_categories_map_by_role_and_the_rest_stay_visible() -> None:
    """Type -> kind (an exact kind name keeps no label), Tracks -> track (first item), Difficulty -> level; the second track item, Topic and "Track type" (two roles) are variants."""
    data = _all({"startsAt": None, "categoryItems": [10, 20, 21, 30, 40, 50], "status": "Accepted",
                 "liveUrl": "https://live.example.org/1", "recordingUrl": "https://video.example.org/1"}, CATEGORIES)  # fmt: skip
    conf = loads(data, "sessionize")
    (session,) = conf.sessions
    assert (session.kind, session.kind_label, session.track, session.audience_level) == (
        SessionKind.KEYNOTE,
        None,
        conf.track("Web"),
        "Beginner",
    )
    assert [(v.field, [x.value for x in v.values]) for v in session.variants] == [
        ("category: Tracks", ["Data"]),
        ("category: Topic", ["Security"]),
        ("category: Track type", ["Hands-on"]),
        ("status", ["Accepted"]),
        ("live_url", ["https://live.example.org/1"]),
        ("recording_url", ["https://video.example.org/1"]),
    ]
    assert [t.name for t in conf.tracks] == ["Web", "Data"]  # every item of the track category is a track of the event


def test_a_service_session_is_a_break_whatever_its_format() -> None:
    """isServiceSession makes a break even with a format category, which then stays visible as a variant."""
    data = _all(
        {"title": "Registration", "isServiceSession": True, "startsAt": None, "categoryItems": [10]}, CATEGORIES
    )
    (session,) = loads(data, "sessionize").sessions
    assert (session.kind, session.kind_label, [(v.field, v.values[0].value) for v in session.variants]) == (
        SessionKind.BREAK,
        None,
        [("category: Session type", "Keynote")],
    )


def test_view_sessions_reads_each_session_once_across_groups() -> None:
    """view/Sessions grouped by track lists a session in each of its groups: it is read once."""
    session = {"id": "7", "title": "Shared", "startsAt": "2026-06-01T09:00:00Z", "endsAt": "2026-06-01T10:00:00Z",
               "isServiceSession": False, "speakers": [{"id": "p", "name": "Ada Lovelace"}], "categories": [],
               "roomId": 3, "room": "Main"}  # fmt: skip
    data = json.dumps([{"groupId": 1, "groupName": "Web", "sessions": [session]},
                       {"groupId": 2, "groupName": "Data", "sessions": [session]}])  # fmt: skip
    conf = loads(data, "sessionize")
    assert ([s.id for s in conf.sessions], conf.session("7").speaker_names, [r.name for r in conf.rooms]) == (
        ["7"],
        ("Ada Lovelace",),
        ["Main"],
    )


@pytest.mark.parametrize(
    ("title", "role"),
    [("Session format", "kind"), ("Format", "kind"), ("Track", "track"), ("Streams", "track"), ("Level", "level"),
     ("Audience", "level"), ("Language", "language"), ("Topic", None), ("Track type", None), ("", None)],
)  # fmt: skip
def test_category_roles(title: str, role: str | None) -> None:
    """A category title names one role by its words, or none (two roles are not guessed at)."""
    assert category_role(title) == role


@pytest.mark.parametrize(
    ("line", "split"),
    [("Tester @ Sessionize", ("Tester", "Sessionize")), ("@ Sessionize", ("@ Sessionize", None)),
     ("CTO @ A @ B", ("CTO @ A @ B", None)), ("CEO / Contoso", ("CEO / Contoso", None)), (None, (None, None))],
)  # fmt: skip
def test_tag_lines_split_only_at_one_at_sign(line: str | None, split: tuple[str | None, str | None]) -> None:
    """Only "Title @ Company" with one @ and text on both sides gives an organisation."""
    assert tag_line(line) == split


def test_a_reference_to_nothing_is_refused_with_its_path() -> None:
    """A category item id no category holds is an error at its JSON path, not a silent drop."""
    with pytest.raises(
        ScheduleParseError, match=r"at \$\.sessions\[0\]\.categoryItems\[0\]: the category item '99' is not"
    ):
        loads(_all({"startsAt": None, "categoryItems": [99]}), "sessionize")
