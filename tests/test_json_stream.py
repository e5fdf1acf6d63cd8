"""Native JSON read a session at a time: the same Conference as the whole-text read, or it steps aside."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from pyconf_schedule import Conference, ScheduleParseError, load
from pyconf_schedule._decode import SESSIONS_KEY, Unsupported, decode, decode_streamed
from pyconf_schedule.formats import native
from pyconf_schedule.formats._json_stream import NotStreamed, conference_parts

from ._support import rich_conference

_FORMAT = "pyconf-schedule JSON"


def _streamed(text: str) -> Conference:
    return decode_streamed(*conference_parts(text, SESSIONS_KEY))


def _document(conf: Conference) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(native.dumps(conf))
    return document


@pytest.mark.parametrize(
    "conf",
    [load("eu2026"), load("na2026"), load("eu2026").to_tz("Asia/Tokyo"), rich_conference()],
    ids=["eu", "na", "tokyo", "rich"],
)
def test_what_the_writer_writes_is_read_streamed_as_whole(conf: Conference) -> None:
    """The writer's texts, indented and minified, stream to the Conference the whole document decodes to.

    (Non-ASCII characters stay characters: a text escaping them as surrogate pairs is read whole, see below.)
    """
    whole = decode(_document(conf))
    for text in (native.dumps(conf), json.dumps(_document(conf), separators=(",", ":"), ensure_ascii=False)):
        streamed = _streamed(text)
        assert streamed == whole == conf
        assert [str(s.start) for s in streamed.sessions] == [str(s.start) for s in whole.sessions]
        assert (streamed.view_timezone, streamed.programme_days, streamed.day_change) == (
            whole.view_timezone,
            whole.programme_days,
            whole.day_change,
        )


def test_sessions_are_parsed_one_at_a_time() -> None:
    """The first session is given before the text after it is parsed: a syntax error there comes only later."""
    text = native.dumps(load("eu2026"))
    cut = text.rindex('"id"')  # inside the last session
    head, body, sessions, late = conference_parts(text[:cut] + "!" + text[cut:], SESSIONS_KEY)
    assert (head, sorted(body)[:3], late) == (
        {"format": "pyconf-schedule", "version": 2},
        ["city", "country", "coverage"],
        {},
    )
    first = next(sessions)
    assert (type(first), first["id"]) == (dict, load("eu2026").sessions[0].id)
    parsed = [first]
    with pytest.raises(json.JSONDecodeError):
        parsed.extend(sessions)
    assert len(parsed) == 97  # the 98th holds the error


def _reordered(document: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    return {key: document[key] for key in keys}


def _shapes() -> list[tuple[str, str]]:
    """(name, text) of documents the walk leaves to the whole-text read, each still a valid native document."""
    document = _document(rich_conference())
    body = document["conference"]
    tables_after = _reordered(body, [k for k in body if k != "speakers"] + ["speakers"])
    return [
        ("conference first", json.dumps(_reordered(document, ["conference", "format", "version"]))),
        ("version after the conference", json.dumps(_reordered(document, ["format", "conference", "version"]))),
        ("a table after the sessions", json.dumps({**document, "conference": tables_after})),
    ]


@pytest.mark.parametrize("name, text", _shapes(), ids=[name for name, _ in _shapes()])
def test_other_orders_of_keys_are_read_whole(name: str, text: str) -> None:
    """Keys in another order than the writer's: the walk steps aside, and loads reads the same Conference."""
    with pytest.raises((NotStreamed, Unsupported, KeyError)):  # the walk's shape, the decoder's, a speaker not yet
        _streamed(text)  # listed: each hands over to the whole-text read
    assert native.loads(text) == rich_conference()


def test_keys_after_the_sessions_are_read() -> None:
    """The conference's keys after its sessions (not tables) stream too: day_change and view_timezone given last."""
    document = _document(rich_conference())
    body = document["conference"]
    late = ["day_change", "view_timezone"]
    document["conference"] = _reordered(body, [k for k in body if k not in late] + late)
    head, _, sessions, found = conference_parts(json.dumps(document), SESSIONS_KEY)
    assert found == {}
    conf = decode_streamed(head, _, sessions, found)
    assert (sorted(found), conf) == (late, rich_conference())


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "pyconf-schedule", "version": 2, "conference": {"id": "c", "name": "C", "timezone": "UTC"}}',
        '{"format": "pyconf-schedule", "version": 2, "conference": {"id": "c", "name": "C", "timezone": "UTC", "sessions": []}}',
        ' \n{ "format" : "pyconf-schedule" , "version" : 2 , "conference" : { "id" : "c" , "name" : "C" , "timezone" : "UTC" , "sessions" : [ ] } } \n',
    ],
    ids=["no sessions", "no session", "spaces everywhere"],
)
def test_a_conference_without_sessions_streams(text: str) -> None:
    """No sessions key, an empty list, and whitespace between every token: one empty conference each."""
    conf = _streamed(text)
    assert (conf.id, conf.name, conf.timezone, len(conf.sessions)) == ("c", "C", "UTC", 0)


_DOC = '{"format": "pyconf-schedule", "version": 2, "conference": {"id": "c", "name": "C", "timezone": "UTC", "sessions": []}}'


@pytest.mark.parametrize(
    "text, error",
    [
        (_DOC + " x", "line 1 column 120: invalid JSON: Extra data"),
        (_DOC + ', "x": 1}', "line 1 column 119: invalid JSON: Extra data"),
        (_DOC.replace('"name": "C"', '"name": "C", "name": "D"'), '$.conference.name: the key "name" is given twice in one object; keys must be unique'),
        (_DOC.replace('"sessions": []', '"sessions": [], "sessions": []'), '$.conference.sessions: the key "sessions" is given twice in one object; keys must be unique'),
        (_DOC.replace('"version": 2, ', '"version": 2, "version": 2, '), '$.version: the key "version" is given twice in one object; keys must be unique'),
        (_DOC.replace('"sessions": []', '"sessions": [1 2]'), "line 1 column 118: invalid JSON: Expecting ',' delimiter"),
        (_DOC.replace('"sessions": []', '"sessions": [NaN]'), "line 1 column 116: NaN is not a JSON number (only finite numbers are)"),
    ],
    ids=["text after", "key after the conference", "repeated key", "repeated sessions", "repeated version",
         "missing comma", "NaN"],
)  # fmt: skip
def test_what_the_walk_refuses_is_reported_by_the_whole_text_read(text: str, error: str) -> None:
    """The walk raises at the first fault; loads then names it exactly as the whole-text read did before the walk."""
    with pytest.raises(Exception):  # noqa: B017 - NotStreamed or the parser's own error: either hands over
        _streamed(text)
    with pytest.raises(ScheduleParseError) as caught:
        native.loads(text)
    assert str(caught.value) == f"cannot read {_FORMAT} at {error}"


def test_a_lone_surrogate_escape_is_left_to_the_whole_text_read() -> None:
    r"""A ``\ud800`` escape could make a lone surrogate: the walk steps aside and loads refuses it with its path."""
    text = _DOC.replace('"name": "C"', '"name": "C\\ud800"')
    with pytest.raises(NotStreamed):
        conference_parts(text, SESSIONS_KEY)
    with pytest.raises(ScheduleParseError, match=r"\$\.conference\.name"):
        native.loads(text)


def test_the_walk_changes_no_caller_data() -> None:
    """Each session's dict is the walk's own: decoding it leaves the caller's text and document as they were."""
    document = _document(load("eu2026"))
    kept = copy.deepcopy(document)
    text = json.dumps(document, ensure_ascii=False)
    assert _streamed(text) == load("eu2026")
    assert (document, json.dumps(document, ensure_ascii=False) == text) == (kept, True)


def test_the_whole_document_is_decoded_again_only_where_order_can_be_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table after the sessions: the whole-document decoder reads it.  Invalid JSON, or a session the decoder
    refuses in any order: the converter's read says what is wrong, without decoding the same text again."""
    calls: list[int] = []

    def counted(document: Any, *, consume: bool = False) -> Conference:
        calls.append(1)
        return decode(document, consume=consume)

    monkeypatch.setattr("pyconf_schedule.formats.native.decode", counted)
    assert (native.loads(_shapes()[2][1]), calls) == (rich_conference(), [1])
    calls.clear()
    document = _document(rich_conference())
    document["conference"]["sessions"][0]["x"] = 1
    with pytest.raises(ScheduleParseError, match=r"\$\.conference\.sessions\[0\]"):
        native.loads(json.dumps(document, ensure_ascii=False))
    with pytest.raises(ScheduleParseError, match="invalid JSON"):
        native.loads(native.dumps(rich_conference())[:-10])
    assert calls == []
