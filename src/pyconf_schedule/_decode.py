"""The direct decoder of native JSON documents: the model built without cattrs.

:func:`decode` builds a :class:`Conference` from a parsed native document
(see docs/reference/native-json.md) with plain dict lookups and the model's
own constructors.  It accepts only documents the cattrs converter of
:mod:`pyconf_schedule._converter` accepts, and builds an equal Conference
from them; on anything else it raises :class:`Unsupported`, and the caller
hands the document to the converter, which says what is wrong.  So errors
keep one source, the converter, and the common case (a valid file, the
embedded datasets) costs neither importing cattrs nor running its hooks.

Every JSON type is checked here or by the model's constructors (which check
exact types of every field); the converter's rules are mirrored one by one:
unknown keys are refused, lists must be lists, dates and datetimes are read
by the same functions, references must name an earlier room, track or
speaker, and ids are unique.  ``tests/test_decode.py`` compares both paths
on valid documents and on randomly damaged ones (400 in each test run).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from ._conference import Conference
from ._days import ProgrammeDay, parse_day_change
from ._model import _KINDS, Conflict, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
from ._time import parse_datetime

__all__ = ["Unsupported", "decode"]


class Unsupported(Exception):
    """The document is not one the direct decoder builds: the converter must read it (and name any error)."""


_SESSION_KEYS = frozenset(
    ("id", "title", "kind", "kind_label", "start", "end", "day_only", "room", "track", "speakers", "abstract",
     "audience_level", "language", "url", "slides", "sources", "title_variants", "variants", "conflicts")
)  # fmt: skip
_SPEAKER_KEYS = frozenset(("id", "name", "aliases", "job_title", "organisation", "bio", "conflicts"))
_NAMED_KEYS = frozenset(("id", "name"))
_SOURCE_KEYS = frozenset(("id", "title", "url", "file"))
_CONFLICT_KEYS = frozenset(("field", "values", "rule"))
_VALUE_KEYS = frozenset(("value", "sources"))
_DAY_KEYS = frozenset(("date", "start", "end"))
_PARTS = ("sessions", "speakers", "rooms", "tracks")
_CONFERENCE_KEYS = frozenset(
    ("id", "name", "timezone", "sources", "city", "country", "venue", "url", "start_date", "end_date", "coverage",
     "programme_days", "day_change", "view_timezone", *_PARTS)
)  # fmt: skip
_ABSENT: list[Any] = []
"""What a session's absent list field reads as: a list, so only a present non-list is refused."""


def _object(raw: Any, keys: frozenset[str]) -> dict[str, Any]:
    """A copy of ``raw`` when it is a JSON object with only ``keys``."""
    if type(raw) is not dict or not raw.keys() <= keys:
        raise Unsupported
    return dict(raw)


def _list(raw: Any) -> list[Any]:
    if type(raw) is not list:
        raise Unsupported
    return raw


def _strings(raw: Any) -> tuple[str, ...]:
    """A JSON list of strings as a tuple (the model checks each item's type; a string alone is refused here)."""
    if type(raw) is not list:
        raise Unsupported
    return tuple(raw)


def _date(raw: Any) -> date:
    if type(raw) is not str:
        raise Unsupported
    return date.fromisoformat(raw)


class _Datetimes(dict[str, datetime]):
    """The datetimes of one document by their text: a programme repeats a few hundred instants."""

    def __missing__(self, text: str) -> datetime:  # text is a str: callers check
        parsed = parse_datetime(text)
        if parsed.tzinfo is None:
            raise Unsupported
        self[text] = parsed
        return parsed


def _conflicts(raw: Any) -> tuple[Conflict, ...]:
    items = _list(raw)
    if not items:
        return ()
    conflicts = []
    for item in items:
        fields = _object(item, _CONFLICT_KEYS)
        values = []
        for value in _list(fields.get("values")):
            parts = _object(value, _VALUE_KEYS)
            parts["sources"] = _strings(parts.get("sources"))
            values.append(SourcedValue(**parts))
        fields["values"] = tuple(values)
        conflicts.append(Conflict(**fields))
    return tuple(conflicts)


def _table(body: dict[str, Any], key: str, build: Any) -> dict[str, Any]:
    """The rooms, tracks or speakers of ``body`` by id; an id given twice is the converter's to report."""
    table: dict[str, Any] = {}
    for raw in _list(body.get(key, [])):
        item = build(raw)
        if item.id in table:
            raise Unsupported
        table[item.id] = item
    return table


def _room(raw: Any) -> Room:
    return Room(**_object(raw, _NAMED_KEYS))


def _track(raw: Any) -> Track:
    return Track(**_object(raw, _NAMED_KEYS))


def _speaker(raw: Any) -> Speaker:
    fields = _object(raw, _SPEAKER_KEYS)
    if "aliases" in fields:
        fields["aliases"] = _strings(fields["aliases"])
    if "conflicts" in fields:
        fields["conflicts"] = _conflicts(fields["conflicts"])
    return Speaker(**fields)


def _source(raw: Any) -> Source:
    return Source(**_object(raw, _SOURCE_KEYS))


def _datetime(raw: Any, datetimes: _Datetimes) -> datetime:
    if type(raw) is not str:
        raise Unsupported
    return datetimes[raw]


def decode(document: Any, *, consume: bool = False) -> Conference:
    """The Conference of a native JSON document, or :class:`Unsupported`.

    Any error of the document's content or of the model's checks also
    raises: callers catch ``Exception`` and use the converter.  With
    ``consume`` each session's dict is dropped from the document once its
    Session is built, so a large document is not held twice; the caller
    must then not use the document again.
    """
    if type(document) is not dict or document.keys() != {"format", "version", "conference"}:
        raise Unsupported
    version = document["version"]
    if document["format"] != "pyconf-schedule" or type(version) is not int or version != 1:
        raise Unsupported
    body = document["conference"]
    if type(body) is not dict or not body.keys() <= _CONFERENCE_KEYS:
        raise Unsupported
    datetimes = _Datetimes()
    rooms: dict[str, Room] = _table(body, "rooms", _room)
    tracks: dict[str, Track] = _table(body, "tracks", _track)
    speakers: dict[str, Speaker] = _table(body, "speakers", _speaker)
    raw_sessions = _list(body.get("sessions", []))
    sessions = []
    for i, raw in enumerate(raw_sessions):
        if type(raw) is not dict or not raw.keys() <= _SESSION_KEYS:
            raise Unsupported
        if consume:  # the caller's document is ours to change: no copy, and the dict goes once built
            fields = raw
            raw_sessions[i] = None
        else:
            fields = dict(raw)
        _session_fields(fields, datetimes, rooms, tracks, speakers)
        sessions.append(Session(**fields))  # a repeated id is refused by the Conference, as for the converter
    shell = {k: v for k, v in body.items() if k not in _PARTS}
    if "sources" in shell:
        shell["sources"] = tuple(_source(raw) for raw in _list(shell["sources"]))
    for key in ("start_date", "end_date"):
        if shell.get(key) is not None:
            shell[key] = _date(shell[key])
    if "programme_days" in shell:
        shell["programme_days"] = tuple(_day(raw, datetimes) for raw in _list(shell["programme_days"]))
    if shell.get("day_change") is not None:
        shell["day_change"] = parse_day_change(shell["day_change"])
    return Conference(
        **shell, sessions=sessions, speakers=tuple(speakers.values()), rooms=tuple(rooms.values()),
        tracks=tuple(tracks.values()),
    )  # fmt: skip


def _session_fields(
    fields: dict[str, Any], datetimes: _Datetimes, rooms: dict[str, Room], tracks: dict[str, Track],
    speakers: dict[str, Speaker],
) -> None:  # fmt: skip
    """Turn a session's JSON values into the model's, in place (every branch is one field's converter rule)."""
    get = fields.get
    if "kind" in fields:
        fields["kind"] = _kind(fields["kind"])
    start, end, day = get("start"), get("end"), get("day_only")
    if start is not None:
        fields["start"] = datetimes[start] if type(start) is str else _missing()
    if end is not None:
        fields["end"] = datetimes[end] if type(end) is str else _missing()
    if day is not None:
        fields["day_only"] = _date(day)
    room, track = get("room"), get("track")
    fields["room"] = None if room is None else rooms[room] if type(room) is str else _missing()
    fields["track"] = None if track is None else tracks[track] if type(track) is str else _missing()
    # Lists must be lists (null, a string or an object is refused, as the converter does); an absent key
    # takes the default.  The model turns lists into tuples and checks their items' types.
    if not (
        type(get("speakers", _ABSENT)) is list and type(get("slides", _ABSENT)) is list
        and type(get("sources", _ABSENT)) is list and type(get("title_variants", _ABSENT)) is list
        and type(get("variants", _ABSENT)) is list and type(get("conflicts", _ABSENT)) is list
    ):  # fmt: skip
        raise Unsupported
    if "speakers" in fields:
        fields["speakers"] = [speakers[n] if type(n) is str else _missing() for n in fields["speakers"]]
    if get("variants"):
        fields["variants"] = _conflicts(fields["variants"])
    if get("conflicts"):
        fields["conflicts"] = _conflicts(fields["conflicts"])


def _day(raw: Any, datetimes: _Datetimes) -> ProgrammeDay:
    fields = _object(raw, _DAY_KEYS)
    return ProgrammeDay(
        date=_date(fields.get("date")), start=_datetime(fields.get("start"), datetimes),
        end=_datetime(fields.get("end"), datetimes),
    )  # fmt: skip


def _kind(raw: Any) -> SessionKind:
    if type(raw) is not str or raw not in _KINDS:
        raise Unsupported
    return _KINDS[raw]


def _missing() -> Any:
    raise Unsupported
