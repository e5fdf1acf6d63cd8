"""The native JSON converter: lossless round trips and one clear error per malformed document."""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest

from pyconf_schedule import Conference, ScheduleParseError, Session, load
from pyconf_schedule._converter import conference_from_dict, conference_to_dict, make_converter
from pyconf_schedule._fields import WRITTEN_WHEN_SET

from ._support import dst_conference, rich_conference


@pytest.mark.parametrize(
    "conf",
    [load("eu2026"), load("na2026"), dst_conference(), load("eu2026").to_tz("Asia/Tokyo")],
    ids=["eu2026", "na2026", "dst", "eu-tokyo"],
)
def test_round_trip_is_lossless(conf: Conference) -> None:
    """conference_from_dict(conference_to_dict(c)) == c, zone names included."""
    document = json.loads(json.dumps(conference_to_dict(conf)))
    again = conference_from_dict(document)
    assert again == conf
    assert [str(s.start) for s in again.sessions] == [str(s.start) for s in conf.sessions]
    assert again.view_timezone == conf.view_timezone


def test_shipped_dataset_is_in_canonical_form() -> None:
    """The shipped eu2026 file lists the same data the converter writes."""
    conf = load("eu2026")
    document = conference_to_dict(conf)
    assert document["format"] == "pyconf-schedule" and document["version"] == 2  # it has recordings
    assert document["conference"]["sessions"][0]["start"] == "2026-04-07T09:00:00+02:00[Europe/Paris]"


def _eu() -> dict[str, Any]:
    return conference_to_dict(load("eu2026"))


def _set(path: list[Any], value: Any) -> dict[str, Any]:
    document = copy.deepcopy(_EU)
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return document


_EU = _eu()


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "cannot read pyconf-schedule JSON at $: the document must be a JSON object, got an empty list"),
        (
            {"format": "frab"},
            'cannot read pyconf-schedule JSON at $.format: "format" must be "pyconf-schedule", got \'frab\'',
        ),
        (
            _set(["version"], 3),
            "cannot read pyconf-schedule JSON at $.version: unsupported version 3; this release reads versions 1 and 2",
        ),
        (
            _set(["extra"], 1),
            "cannot read pyconf-schedule JSON at $: unexpected key(s) extra; valid keys: format, version, conference",
        ),
        (
            _set(["conference", "sessions", 3, "speakers", 0], "nobody"),
            "cannot read pyconf-schedule JSON at $.conference.sessions[3].speakers[0]: unknown speaker id 'nobody': it must be the id of one of the speakers in $.conference.speakers",
        ),
        (
            _set(["conference", "sessions", 0, "room"], "attic"),
            "cannot read pyconf-schedule JSON at $.conference.sessions[0].room: unknown room id 'attic': it must be the id of one of the rooms in $.conference.rooms",
        ),
        (
            _set(["conference", "sessions", 0, "start"], "yesterday"),
            "cannot read pyconf-schedule JSON at $.conference.sessions[0].start: cannot read 'yesterday' as a date and time: "
            "expected ISO 8601 such as '2026-04-08 11:10', '2026-04-08T11:10+02:00' or '2026-04-08T09:10Z'",
        ),
        (
            _set(["conference", "sessions", 0, "start"], "2026-04-07T09:00:00"),
            "cannot read pyconf-schedule JSON at $.conference.sessions[0].start: datetime '2026-04-07T09:00:00' has no UTC offset",
        ),
        (
            _set(["conference", "sessions", 0, "kind"], "party"),
            'cannot read pyconf-schedule JSON at $.conference.sessions[0].kind: "party" is not a session kind; valid: keynote, '
            "sponsored-keynote, talk, lightning-talk, sponsored-talk, panel, workshop, tutorial, birds-of-a-feather, "
            "meet-the-developers, poster, demo, break, other",
        ),
        (
            _set(["conference", "sessions", 0, "colour"], "red"),
            "cannot read pyconf-schedule JSON at $.conference.sessions[0]: unexpected key(s) colour; valid keys: id, title, "
            "kind, kind_label, start, end, day_only, room, track, speakers, abstract, audience_level, language, url, recording, "
            "slides, slide_urls, sources, title_variants, variants, conflicts, field_sources",
        ),
        (
            _set(["conference", "sessions", 1, "id"], _EU["conference"]["sessions"][0]["id"]),
            "cannot read pyconf-schedule JSON at $.conference.sessions[1].id: two sessions share the id "
            "'co-evolution-how-the-open-source-intelligence-stack'; each session id must be unique",
        ),
        (
            _set(["conference", "timezone"], "Mars/Base"),
            "cannot read pyconf-schedule JSON at $.conference.timezone: unknown time zone 'Mars/Base': use an IANA name "
            "such as 'Europe/Paris' or 'UTC'",
        ),
        (
            _set(["conference", "sessions", 0, "title"], 7),
            "cannot read pyconf-schedule JSON at $.conference.sessions[0].title: expected a string or null, got 7",
        ),
    ],
    ids=[
        "not-object",
        "format",
        "version",
        "extra-top",
        "speaker-ref",
        "room-ref",
        "bad-datetime",
        "naive-datetime",
        "bad-kind",
        "extra-key",
        "duplicate-id",
        "zone",
        "wrong-type",
    ],
)
def test_malformed_documents_raise_one_parse_error(document: Any, message: str) -> None:
    """Every malformed document raises ScheduleParseError naming the JSON path."""
    with pytest.raises(ScheduleParseError) as info:
        conference_from_dict(document)
    assert str(info.value) == message


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_dataset_fast_decoder_agrees_with_converter(name: str) -> None:
    """The direct decoder used by load() builds the same Conference as the cattrs converter."""
    from pyconf_schedule._datasets import _read
    from pyconf_schedule._decode import decode

    document = json.loads(_read(name))
    assert decode(document) == conference_from_dict(document)
    assert [str(s.start) for s in decode(document).sessions] == [
        str(s.start) for s in conference_from_dict(document).sessions
    ]


def test_sessions_are_written_as_the_converter_unstructures_them() -> None:
    """A session's native dict is the converter's unstructuring of it, with its room, track and speakers as ids."""
    c = make_converter()
    for conf in (rich_conference(), load("eu2026"), dst_conference()):
        written = conference_to_dict(conf)["conference"]["sessions"]
        for session, data in zip(conf.sessions, written, strict=True):
            expected = c.unstructure(session)
            expected["room"] = session.room.id if session.room else None
            expected["track"] = session.track.id if session.track else None
            expected["speakers"] = [p.id for p in session.speakers]
            for name in WRITTEN_WHEN_SET[Session]:  # written only when set
                if getattr(session, name) == attrs.fields_dict(Session)[name].default:
                    del expected[name]
            assert repr(data) == repr(expected)
