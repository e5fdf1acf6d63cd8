"""The native JSON reader on bad input: wrong types, duplicates, strict JSON, messages, the schema."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference
from pyconf_schedule.exceptions import ScheduleParseError
from pyconf_schedule.formats import native

from ._support import json_paths

_SMALL = Path(__file__).parent / "golden" / "small.json"
_BASE: dict[str, Any] = json.loads(_SMALL.read_text(encoding="utf-8"))
_PREFIX = "cannot read pyconf-schedule JSON at "


def _changed(change: Callable[[dict[str, Any]], object]) -> str:
    document = copy.deepcopy(_BASE)
    change(document["conference"])
    return json.dumps(document)


def _error(text: str) -> ScheduleParseError:
    with pytest.raises(ScheduleParseError) as info:
        native.loads(text)
    return info.value


def _speaker_twice(conf: dict[str, Any]) -> None:
    conf["speakers"].append(dict(conf["speakers"][0], name="Impostor"))


def _room_twice(conf: dict[str, Any]) -> None:
    conf["rooms"].append(dict(conf["rooms"][0], name="Impostor"))


def _track_twice(conf: dict[str, Any]) -> None:
    conf["tracks"].append(dict(conf["tracks"][0], name="Impostor"))


def _session_twice(conf: dict[str, Any]) -> None:
    conf["sessions"][1]["id"] = conf["sessions"][0]["id"]


@pytest.mark.parametrize(
    ("part", "location", "expected"),
    [
        ("rooms", "$.conference.rooms[0]", 'expected an object with keys id, name, got "x"'),
        ("tracks", "$.conference.tracks[0]", 'expected an object with keys id, name, got "x"'),
        (
            "speakers",
            "$.conference.speakers[0]",
            'expected an object with keys id, name, aliases, job_title, organisation, bio, conflicts, got "x"',
        ),
    ],
)
def test_a_room_track_or_speaker_given_as_a_string_is_a_parse_error(part: str, location: str, expected: str) -> None:
    """A room, track or speaker written as a string raises ScheduleParseError at its path, not AttributeError."""
    error = _error(_changed(lambda conf: conf[part].__setitem__(0, "x")))
    assert (error.location, error.reason) == (location, expected)


@pytest.mark.parametrize(
    ("change", "location", "expected"),
    [
        (
            _speaker_twice,
            "$.conference.speakers[2].id",
            "two speakers share the id 'ada-lovelace'; each speaker id must be unique",
        ),
        (_room_twice, "$.conference.rooms[2].id", "two rooms share the id 'main-hall'; each room id must be unique"),
        (_track_twice, "$.conference.tracks[1].id", "two tracks share the id 'keynotes'; each track id must be unique"),
        (
            _session_twice,
            "$.conference.sessions[1].id",
            "two sessions share the id 'opening'; each session id must be unique",
        ),
    ],
    ids=["speaker", "room", "track", "session"],
)
def test_duplicate_ids_are_refused(change: Callable[[dict[str, Any]], None], location: str, expected: str) -> None:
    """A speaker, room, track or session id given twice is refused at the second one's path."""
    error = _error(_changed(change))
    assert (error.location, error.reason) == (location, expected)


def test_a_duplicate_json_key_is_refused_with_its_path() -> None:
    """A key given twice in one JSON object is refused, naming the object's path, instead of the last one winning."""
    text = json.dumps(_BASE).replace('"name": "Ada Lovelace"', '"name": "Ada Lovelace", "name": "Impostor"')
    error = _error(text)
    assert (error.location, error.reason) == (
        "$.conference.speakers[0].name",
        'the key "name" is given twice in one object; keys must be unique',
    )


@pytest.mark.parametrize(("version", "shown"), [(True, "true"), (1.0, "1.0"), ("1", '"1"')])
def test_version_must_be_the_integer_one(version: object, shown: str) -> None:
    """``"version": true`` or ``1.0`` is refused: the schema says ``const 1`` and a bool is not a number."""
    document = dict(_BASE, version=version)
    assert str(_error(json.dumps(document))) == (
        f"{_PREFIX}$.version: unsupported version {shown}; this release reads versions 1 and 2"
    )


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
def test_non_finite_numbers_are_refused(token: str) -> None:
    """NaN, Infinity and numbers beyond a float's range are not JSON numbers and are refused where they stand."""
    text = json.dumps(_BASE, indent=1).replace('"country": null', f'"country": {token}')
    error = _error(text)
    assert (error.location, error.reason) == (
        "line 10 column 14",
        f"{token} is not a JSON number (only finite numbers are)",
    )


@pytest.mark.parametrize(
    ("change", "location", "expected"),
    [
        (
            lambda c: c["sessions"][0].__setitem__("start", "9999-12-31T23:00:00-05:00[America/New_York]"),
            "$.conference.sessions[0].start",
            'datetime "9999-12-31T23:00:00-05:00[America/New_York]" lies outside the years 1 to 9999',
        ),
        (
            lambda c: c["sessions"][0].__setitem__("start", 5),
            "$.conference.sessions[0].start",
            'expected an RFC 9557 date and time such as "2026-04-08T11:10:00+02:00[Europe/Paris]" or null, got 5',
        ),
        (
            lambda c: c["sessions"][0].__setitem__("slides", "abc"),
            "$.conference.sessions[0].slides",
            'expected a list of strings, got "abc"',
        ),
        (
            lambda c: c["speakers"][0].__setitem__("aliases", {}),
            "$.conference.speakers[0].aliases",
            "expected a list of strings, got an object",
        ),
        (
            lambda c: c["sessions"][0].__setitem__("conflicts", ["x"]),
            "$.conference.sessions[0].conflicts[0]",
            'expected an object with keys field, values, rule, got "x"',
        ),
        (
            lambda c: c.__setitem__("start_date", "2026-02-30"),
            "$.conference.start_date",
            '"2026-02-30" is not a date (day is out of range for month); expected YYYY-MM-DD such as "2026-04-08"',
        ),
        (lambda c: c.__setitem__("name", None), "$.conference.name", "expected a string, got null"),
        (
            lambda c: c["speakers"][0].pop("name"),
            "$.conference.speakers[0].name",
            "required key missing: expected a string",
        ),
        (
            lambda c: c["sessions"][0].__setitem__("kind", False),
            "$.conference.sessions[0].kind",
            "false is not a session kind; valid: keynote, sponsored-keynote, talk, lightning-talk, sponsored-talk, panel, "
            "workshop, tutorial, birds-of-a-feather, meet-the-developers, poster, demo, break, other",
        ),
        (
            lambda c: c["sessions"][0].__setitem__("room", ["main-hall"]),
            "$.conference.sessions[0].room",
            "expected a room id (a string), got a list of 1 item",
        ),
        (
            lambda c: c.__setitem__("rooms", "main-hall"),
            "$.conference.rooms",
            '"rooms" must be a list, got "main-hall"',
        ),
    ],
    ids=[
        "date-out-of-range",
        "datetime-int",
        "slides-string",
        "aliases-object",
        "conflict-string",
        "bad-date",
        "name-null",
        "name-missing",
        "kind-bool",
        "room-list",
        "rooms-string",
    ],
)
def test_structuring_errors_name_the_field_the_value_and_what_is_valid(
    change: Callable[[dict[str, Any]], object], location: str, expected: str
) -> None:
    """Every structuring failure says where, the value given and what the field accepts; never 'unknown error'."""
    error = _error(_changed(change))
    assert (error.location, error.reason) == (location, expected)


def test_schema_returns_a_fresh_dict_each_call() -> None:
    """A caller changing the dict schema() returned does not change what the next call returns."""
    first = native.schema()
    first["title"] = "changed"
    first["$defs"].clear()
    again = native.schema()
    assert again["title"] == "pyconf-schedule native JSON, versions 1 and 2"
    assert "session" in again["$defs"]


_SMALL_BYTES = _SMALL.read_bytes()
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


_SMALL_PATHS = json_paths(_BASE)[1:]


def _replaced(index: int, value: Any) -> bytes:
    document = copy.deepcopy(_BASE)
    *parents, last = _SMALL_PATHS[index % len(_SMALL_PATHS)]
    target: Any = document
    for key in parents:
        target = target[key]
    target[last] = value
    return json.dumps(document).encode("utf-8")


def _spliced(cut: int, insert: bytes, at: int) -> bytes:
    return _SMALL_BYTES[:cut] + insert + _SMALL_BYTES[at:]


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=300),
        st.builds(
            _spliced, st.integers(0, len(_SMALL_BYTES)), st.binary(max_size=20), st.integers(0, len(_SMALL_BYTES))
        ),
        st.builds(_replaced, st.integers(0, 10_000), _JSON_VALUES),
    )
)
def test_any_bytes_give_a_conference_or_a_schedule_parse_error(data: bytes) -> None:
    """Whatever the bytes, native.loads returns a Conference or raises ScheduleParseError, never another exception."""
    try:
        result = native.loads(data)
    except ScheduleParseError:
        return
    assert isinstance(result, Conference)


def test_a_document_without_version_2_fields_is_written_as_version_1() -> None:
    """A conference that sets no recording, slide address or provenance is written as version 1, for version 1 readers."""
    conf = native.loads(_SMALL.read_text(encoding="utf-8"))
    assert json.loads(native.dumps(conf))["version"] == 1


def test_a_recording_makes_a_version_2_document_that_reads_back() -> None:
    """A session with a recording, slide addresses or provenance is written as version 2 and read back equal."""
    import attrs

    from pyconf_schedule import Provenance

    conf = native.loads(_SMALL.read_text(encoding="utf-8"))
    first = attrs.evolve(
        conf.sessions[0], recording="https://example.org/v/1", slide_urls=["https://example.org/s.pdf"],
        field_sources=[Provenance(field="start", sources=["a"], weak="an early draft")],
    )  # fmt: skip
    changed = attrs.evolve(conf, sessions=[first, *conf.sessions[1:]])
    text = native.dumps(changed)
    document = json.loads(text)
    assert document["version"] == 2
    assert document["conference"]["sessions"][0]["field_sources"] == [
        {"field": "start", "sources": ["a"], "weak": "an early draft"}
    ]
    assert "recording" not in document["conference"]["sessions"][1]
    assert native.loads(text) == changed


def test_a_version_1_document_with_a_version_2_key_is_refused() -> None:
    """``recording`` in a document that says version 1 is refused, naming the key and the version that has it."""
    text = _changed(lambda conf: conf["sessions"][0].update(recording="https://example.org/v/1"))
    assert str(_error(text)) == (
        f"{_PREFIX}$.conference.sessions[0]: key(s) recording are version 2 of the format; the document says "
        'version 1 (give "version": 2, or leave them out)'
    )
