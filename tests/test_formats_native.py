"""Native JSON: lossless round trips, the shipped JSON Schema, and errors with JSON paths."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import (
    Conference,
    Room,
    ScheduleParseError,
    Session,
    SessionKind,
    Speaker,
    Track,
    dumps,
    load,
    loads,
)
from pyconf_schedule._days import ProgrammeDay
from pyconf_schedule._model import Conflict, Provenance, Source, SourcedValue
from pyconf_schedule.formats import native

from ._support import MODEL_CLASSES, rich_conference
from .test_formats_golden import small_conference


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_dataset_round_trip(name: str) -> None:
    """Each dataset survives dumps and loads unchanged."""
    conf = load(name)
    assert loads(dumps(conf, "json"), "json") == conf


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
@pytest.mark.parametrize("tz", [None, "Asia/Tokyo"])
def test_dataset_validates_against_the_shipped_schema(name: str, tz: str | None) -> None:
    """Each dataset's native JSON, in its own zone or another, validates against native.schema.json."""
    document = json.loads(dumps(load(name), "json", tz=tz))
    jsonschema.Draft202012Validator(native.schema()).validate(document)


_SCHEMA_DEFS = {
    Conference: "conference", Session: "session", Speaker: "speaker", Room: "named", Track: "named", Source: "source",
    Conflict: "conflict", SourcedValue: "sourcedValue", ProgrammeDay: "programmeDay", Provenance: "provenance",
}  # fmt: skip
"""The schema's object definition of each model class (rooms and tracks share one: both are an id and a name)."""


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_schema_properties_are_the_attrs_fields(cls: type[Any]) -> None:
    """Each class's schema object has a property for every attrs field and no other; those without a default are required."""
    definition = native.schema()["$defs"][_SCHEMA_DEFS[cls]]
    fields = attrs.fields(cls)
    assert definition["additionalProperties"] is False
    assert set(definition["properties"]) == {a.name for a in fields}
    assert set(definition["required"]) == {a.name for a in fields if a.default is attrs.NOTHING}


def test_schema_kinds_are_the_session_kinds() -> None:
    """The schema's session kinds are SessionKind's values, in order."""
    assert native.schema()["$defs"]["session"]["properties"]["kind"]["enum"] == [k.value for k in SessionKind]


def test_the_rich_sample_validates() -> None:
    """The sample setting every field of every class validates against the schema."""
    jsonschema.Draft202012Validator(native.schema()).validate(json.loads(native.dumps(rich_conference())))


def test_schema_is_a_valid_schema() -> None:
    """The shipped schema is itself a valid draft 2020-12 schema."""
    jsonschema.Draft202012Validator.check_schema(native.schema())


def test_tz_view_round_trips() -> None:
    """A conference written with tz= reads back as the same conference viewed in that zone."""
    conf = small_conference()
    assert loads(dumps(conf, "json", tz="Asia/Tokyo"), "json") == conf.to_tz("Asia/Tokyo")


def test_small_conference_round_trip_keeps_aliases_and_unscheduled() -> None:
    """Aliases, unscheduled and untitled sessions and unknown ends survive."""
    back = loads(dumps(small_conference(), "json"), "json")
    assert back == small_conference()
    assert back.speaker("A. Lovelace").id == "ada-lovelace"
    assert [s.id for s in back.sessions.unscheduled] == ["tba-panel"]


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ('{"format": "pyconf-schedule", "version": 3, "conference": {}}', "$.version"),
        ('{"format": "other", "version": 1}', "$.format"),
        (
            '{"format": "pyconf-schedule", "version": 1, "conference": {"id": "x", "name": "X", "timezone": "UTC", "sessions": [{"id": "a", "room": "nowhere"}]}}',
            "$.conference.sessions[0].room",
        ),
        ('{"format": "pyconf-schedule",\n "version": 1,,}', "line 2 column 15"),
    ],
)
def test_errors_name_the_path(text: str, location: str) -> None:
    """A malformed document raises ScheduleParseError whose location names the JSON path or line."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "json")
    assert info.value.location == location


_ZONES = st.sampled_from(["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe"])
_TEXT = st.text(max_size=40)


@st.composite
def conferences(draw: st.DrawFn) -> Conference:
    """Small random conferences: any text, zones, unscheduled sessions, unknown ends, aliases."""
    zone = ZoneInfo(draw(_ZONES))
    rooms = [Room(id=f"r{i}", name=draw(_TEXT)) for i in range(draw(st.integers(0, 2)))]
    tracks = [Track(id=f"t{i}", name=draw(_TEXT)) for i in range(draw(st.integers(0, 2)))]
    speakers = [
        Speaker(
            id=f"p{i}",
            name=draw(_TEXT),
            aliases=draw(st.lists(_TEXT, max_size=2)),
            organisation=draw(st.none() | _TEXT),
        )
        for i in range(draw(st.integers(0, 3)))
    ]
    sessions = []
    for i in range(draw(st.integers(0, 4))):
        start = end = None
        if draw(st.booleans()):
            instant = draw(
                st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC))
            )
            start = instant.astimezone(zone)
            if draw(st.booleans()):
                end = (instant + timedelta(minutes=draw(st.integers(0, 600)))).astimezone(zone)
        sessions.append(
            Session(
                id=f"s{i}",
                title=draw(st.none() | _TEXT),
                kind=draw(st.sampled_from(list(SessionKind))),
                kind_label=draw(st.none() | _TEXT),
                start=start,
                end=end,
                room=draw(st.none() | st.sampled_from(rooms)) if rooms else None,
                track=draw(st.none() | st.sampled_from(tracks)) if tracks else None,
                speakers=draw(st.lists(st.sampled_from(speakers), unique=True, max_size=2)) if speakers else (),
                abstract=draw(st.none() | st.text(max_size=200)),
                url=draw(st.none() | _TEXT),
            )
        )
    return Conference(
        id="c", name=draw(_TEXT), timezone=zone.key, sessions=sessions, speakers=speakers, rooms=rooms, tracks=tracks
    )


@settings(max_examples=150, deadline=None)
@given(conferences())
def test_json_is_lossless(conf: Conference) -> None:
    """Any conference survives native JSON exactly."""
    assert loads(dumps(conf, "json"), "json") == conf
