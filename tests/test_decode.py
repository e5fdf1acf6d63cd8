"""The direct decoder agrees with the cattrs converter: the same Conference, or it steps aside."""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, ScheduleParseError, Session, Speaker, load
from pyconf_schedule._converter import conference_from_dict, conference_to_dict
from pyconf_schedule._decode import (
    _SESSION_KEYS,
    _SHELL_KEYS,
    PLANS,
    SESSIONS_KEY,
    TABLES,
    Unsupported,
    decode,
    decode_streamed,
    unhandled,
)
from pyconf_schedule._fields import CONFERENCE_PARTS
from pyconf_schedule.formats import native
from pyconf_schedule.formats._input import load_json
from pyconf_schedule.formats._json_stream import conference_parts

from ._support import MODEL_CLASSES, json_paths, rich_conference

_RICH = conference_to_dict(rich_conference())


def _outcome(call: Any) -> tuple[str, Any]:
    try:
        return "ok", call()
    except ScheduleParseError as exc:
        return "error", str(exc)


@pytest.mark.parametrize(
    "conf",
    [load("eu2026"), load("na2026"), load("eu2026").to_tz("Asia/Tokyo"), rich_conference()],
    ids=["eu", "na", "tokyo", "rich"],
)
def test_valid_documents_decode_to_what_the_converter_builds(conf: Conference) -> None:
    """Both paths build equal Conferences, shown in the same zones, from every valid document."""
    document = json.loads(native.dumps(conf))
    fast = decode(copy.deepcopy(document), consume=True)
    slow = conference_from_dict(document)
    assert fast == slow == conf
    assert [str(s.start) for s in fast.sessions] == [str(s.start) for s in slow.sessions]
    assert (fast.view_timezone, fast.programme_days, fast.day_change) == (
        slow.view_timezone,
        slow.programme_days,
        slow.day_change,
    )


def test_consume_drops_each_session_dict_once_built() -> None:
    """With consume, the document's session list holds only None afterwards; without, it is untouched."""
    document = json.loads(native.dumps(load("eu2026")))
    kept = copy.deepcopy(document)
    decode(kept)
    assert kept == document
    decode(document, consume=True)
    assert document["conference"]["sessions"] == [None] * 98


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["conference", "sessions", 0, "slides"], None),  # a list given as null: the converter refuses it
        (["conference", "sessions", 0, "speakers"], None),
        (["conference", "sessions", 0, "kind"], "Keynote"),  # the model would take it; the format does not
        (["conference", "sessions", 0, "slides"], "https://example.org/slides.pdf"),  # a string is not a list
        (["conference", "speakers", 0, "aliases"], "Liz"),
        (["conference", "sessions", 0, "start"], "2026-04-07T09:00:00"),  # no offset
        (["conference", "sessions", 0, "title"], 7),
        (["conference", "sessions", 1, "id"], "keynote-welcome"),  # the id of session 0: repeated
        (["version"], True),
        (["conference", "start_date"], "2026-04-07T00:00"),
    ],
)
def test_documents_the_converter_refuses_are_left_to_it(path: list[Any], value: Any) -> None:
    """The decoder refuses each, and native.loads reports the converter's own error."""
    document = copy.deepcopy(_RICH)
    document["conference"]["sessions"][0]["id"] = "keynote-welcome"
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(Exception):  # noqa: B017 - any exception sends the document to the converter
        decode(copy.deepcopy(document))
    text = json.dumps(document)
    slow = _outcome(lambda: conference_from_dict(load_json(text, "pyconf-schedule JSON", strict=True)))
    assert slow[0] == "error"
    assert _outcome(lambda: native.loads(text)) == slow


def test_every_field_has_a_rule() -> None:
    """No field of the model has a type the decoder lacks a rule for (such a field sends its documents to cattrs)."""
    assert unhandled() == ()


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_the_decoder_knows_every_field(cls: type[Any]) -> None:
    """The keys the decoder accepts for each class are its attrs fields; the conference's lists are read as tables."""
    names = {a.name for a in attrs.fields(cls)}
    if cls is Conference:
        assert _SHELL_KEYS | {name for name, _, _ in TABLES} | {"sessions"} == names
        assert {name for name, _, _ in TABLES} | {"sessions"} == set(CONFERENCE_PARTS)
    elif cls is Session:
        assert names == _SESSION_KEYS
    else:
        assert PLANS[cls][0] == names


def test_unsupported_is_raised_for_a_non_document() -> None:
    """A list is not a native document: the decoder says Unsupported."""
    with pytest.raises(Unsupported):
        decode([])


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "talk", "keynote", "x", "2026-04-07", "2026-04-07T09:00:00+02:00[Europe/Paris]",
                       "2026-04-07T08:00:00+02:00", "04:00:00", "Europe/Paris", "liz-li", "\t", "a\x00b"]),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(["id", "name", "value", "x"]), inner, max_size=2),
    max_leaves=4,
)  # fmt: skip


_PATHS = json_paths(_RICH)[1:]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_PATHS), st.sampled_from(["set", "delete", "add"]), _JSON), min_size=1, max_size=3
    )
)
def test_a_damaged_document_decodes_as_the_converter_reads_it(edits: list[tuple[tuple[Any, ...], str, Any]]) -> None:
    """After random edits, the decoder and the streamed read each step aside or give the converter's Conference; loads agrees."""
    document = copy.deepcopy(_RICH)
    for path, action, value in edits:
        target: Any = document
        try:
            for key in path[:-1]:
                target = target[key]
            if action == "set":
                target[path[-1]] = value
            elif action == "delete" and isinstance(target, dict):
                del target[path[-1]]
            elif action == "add" and isinstance(target, dict):
                target["x" if path[-1] != "x" else "y"] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed or replaced the path
    text = json.dumps(document)
    slow = _outcome(lambda: conference_from_dict(load_json(text, "pyconf-schedule JSON", strict=True)))
    try:
        fast = decode(copy.deepcopy(document), consume=True)
    except Exception:
        pass
    else:
        assert slow[0] == "ok", slow[1]
        assert fast == slow[1]
        assert [str(s.start) for s in fast.sessions] == [str(s.start) for s in slow[1].sessions]
    try:
        streamed = decode_streamed(*conference_parts(text, SESSIONS_KEY))
    except Exception:
        pass
    else:
        assert slow[0] == "ok", slow[1]
        assert streamed == slow[1]
        assert [str(s.start) for s in streamed.sessions] == [str(s.start) for s in slow[1].sessions]
    assert _outcome(lambda: native.loads(text)) == slow


def test_repeated_datetimes_are_read_once() -> None:
    """Sessions sharing a start share one datetime object: the text is parsed once a document."""
    conf = native.loads(native.dumps(load("na2026")))
    starts = [s.start for s in conf.sessions if s.start is not None]
    assert len({id(s) for s in starts}) == len({str(s) for s in starts})


def test_model_objects_are_the_ones_in_the_tables() -> None:
    """A session's speakers are the very objects of the conference's speaker list."""
    conf = native.loads(native.dumps(load("eu2026")))
    table = {id(p) for p in conf.speakers}
    assert all(id(p) in table for s in conf.sessions for p in s.speakers)
    assert isinstance(conf.sessions[0], Session) and isinstance(conf.speakers[0], Speaker)


def test_repeated_organisations_and_labels_are_one_string_each() -> None:
    """Reading native JSON keeps one str per distinct organisation, job title and kind label, not one per object."""
    speakers = [Speaker(id=f"p{i}", name=f"P {i}", organisation="".join(["Red ", "Hat"]), job_title="".join(["Eng", "ineer"]))
                for i in range(3)]  # fmt: skip
    sessions = [Session(id=f"s{i}", title="T", kind_label="".join(["Long ", "talk"]), language="".join(["e", "n"]),
                        speakers=(speakers[i],)) for i in range(3)]  # fmt: skip
    conf = native.loads(
        native.dumps(Conference(id="c", name="C", timezone="UTC", sessions=sessions, speakers=speakers))
    )
    assert [p.organisation for p in conf.speakers] == ["Red Hat"] * 3
    assert len({id(p.organisation) for p in conf.speakers}) == len({id(p.job_title) for p in conf.speakers}) == 1
    assert len({id(s.kind_label) for s in conf.sessions}) == len({id(s.language) for s in conf.sessions}) == 1


def test_equal_provenance_records_are_one_object_each() -> None:
    """eu2026 gives its sessions 498 provenance records holding 82 distinct values: read, they are 82 objects."""
    conf = native.loads(native.dumps(load("eu2026")))
    records = [p for s in conf.sessions for p in s.field_sources]
    assert (len(records), len(set(records)), len({id(p) for p in records})) == (498, 82, 82)
    assert conf == load("eu2026")


def _two_sessions_sourced(second: dict[str, Any]) -> dict[str, Any]:
    document = copy.deepcopy(_RICH)
    sessions = document["conference"]["sessions"]
    sessions[0]["field_sources"] = [{"field": "start", "sources": ["list"], "weak": None}]
    sessions[1]["field_sources"] = [second]
    return document


@pytest.mark.parametrize(
    "second",
    [
        {"field": "start", "sources": ["list"], "weak": None, "x": 1},  # an unknown key, the values of the first
        {"field": "start", "sources": "list", "weak": None},  # one string where a list belongs
        {"field": "start", "sources": [["list"]], "weak": None},  # a list inside the list: no key can be made
        {"field": "start", "sources": ["list"], "weak": 1},  # not a string
    ],
    ids=["unknown-key", "string-sources", "nested-list", "number-weak"],
)
def test_a_record_like_a_shared_one_is_still_checked(second: dict[str, Any]) -> None:
    """A provenance record is shared only when equal in every value to one built: any other is refused as before."""
    document = _two_sessions_sourced(second)
    with pytest.raises(Exception):  # noqa: B017 - any exception sends the document to the converter
        decode(copy.deepcopy(document))
    text = json.dumps(document)
    slow = _outcome(lambda: conference_from_dict(load_json(text, "pyconf-schedule JSON", strict=True)))
    assert _outcome(lambda: native.loads(text)) == slow


def test_records_equal_but_for_defaults_share_one_object() -> None:
    """An absent ``sources`` or ``weak`` is the default: the record equals one that gives it, and is that object."""
    document = _two_sessions_sourced({"field": "start", "sources": ["list"]})
    conf = decode(copy.deepcopy(document))
    first, second = (conf.session(s["id"]).field_sources[0] for s in document["conference"]["sessions"][:2])
    assert first is second
    assert (first.field, first.sources, first.weak) == ("start", ("list",), None)
