"""The cattrs converter of the native JSON form (see docs/reference/native-json.md).

Sessions refer to speakers, rooms and tracks by id, so each person is written
once; datetimes are RFC 9557 strings that keep the zone name.  Reading errors
become one :class:`~pyconf_schedule.exceptions.ScheduleParseError` naming the
JSON path that failed.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Iterable
from datetime import date, datetime, time
from functools import lru_cache, partial
from typing import Any, Protocol, TypeVar

import attrs
import cattrs

from ._conference import Conference
from ._days import parse_day_change
from ._fields import (
    CONFERENCE_PARTS,
    FORMAT_NAME,
    FORMAT_VERSION,
    READ_VERSIONS,
    SESSION_REFS,
    VERSION_2,
    WRITTEN_WHEN_SET,
    field_types,
)
from ._json_text import Streamed, indented_json
from ._model import Room, Session, SessionKind, Speaker, Track
from ._text import shorten
from ._time import format_datetime, parse_datetime
from .exceptions import PyconfScheduleError, ScheduleParseError, UnknownZoneError

_T = TypeVar("_T")
_N = TypeVar("_N", Room, Track, Speaker)

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "conference_from_dict",
    "conference_json",
    "conference_to_dict",
    "make_converter",
]

_FORMAT = "pyconf-schedule JSON"


class _WrongType(ValueError):
    """A JSON value of the wrong type; the error report says what the field expects."""

    def __init__(self, value: Any) -> None:
        super().__init__(f"got {_show(value)}")
        self.value = value


def _show(value: Any) -> str:
    """A JSON value as a message shows it: ``"text"`` (shortened), ``7``, ``true``, ``null``, ``a list``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):  # JSON spelling, and no character that would break the message's line
        text = json.dumps(value, ensure_ascii=False)
        return shorten("".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text[:200]), 62)
    if isinstance(value, (int, float)):
        return shorten(repr(value), 30)
    if isinstance(value, list):
        return "an empty list" if not value else f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"  # pragma: no cover - JSON holds nothing else


def _structure_datetime(value: Any, _type: Any) -> datetime:
    if not isinstance(value, str):
        raise _WrongType(value)
    try:
        parsed = parse_datetime(value)
    except OverflowError:
        raise ValueError(f"datetime {_show(value)} lies outside the years 1 to 9999") from None
    if parsed.tzinfo is None:
        raise ValueError(f"datetime {shorten(value)!r} has no UTC offset")
    return parsed


def _structure_date(value: Any, _type: Any) -> date:
    if not isinstance(value, str):
        raise _WrongType(value)
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ValueError(f'{_show(value)} is not a date ({exc}); expected YYYY-MM-DD such as "2026-04-08"') from None


def _structure_kind(value: Any, _type: Any) -> SessionKind:
    if isinstance(value, str):
        try:
            return SessionKind(value)
        except ValueError:
            pass
    valid = ", ".join(k.value for k in SessionKind)
    raise ValueError(f"{_show(value)} is not a session kind; valid: {valid}") from None


def _structure_str(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise _WrongType(value)
    return value


def _list_factory(type_: Any, converter: cattrs.Converter) -> Any:
    """Tuples are JSON lists, and only lists: a string is not a list of its characters."""
    from cattrs.cols import homogenous_tuple_structure_factory

    base = homogenous_tuple_structure_factory(type_, converter)

    def structure(value: Any, cls: Any) -> Any:
        if not isinstance(value, list):
            raise _WrongType(value)
        return base(value, cls)

    return structure


def _object_factory(cls: Any, converter: cattrs.Converter) -> Any:
    """attrs classes are JSON objects, and only objects."""
    from cattrs.gen import make_dict_structure_fn

    base = make_dict_structure_fn(cls, converter)

    def structure(value: Any, type_: Any) -> Any:
        if type(value) is cls:  # already built: a session's room, track or speaker resolved from its id
            return value
        if not isinstance(value, dict):
            raise _WrongType(value)
        return base(value, type_)

    return structure


def _is_tuple(type_: Any) -> bool:
    return typing.get_origin(type_) is tuple


@lru_cache(maxsize=1)
def make_converter() -> cattrs.Converter:
    """The project's converter: strict about unknown keys and JSON types, never the global one."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(datetime, format_datetime)
    converter.register_structure_hook(datetime, _structure_datetime)
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_structure_hook(date, _structure_date)
    converter.register_structure_hook(time, lambda value, _type: parse_day_change(value))  # the day change
    converter.register_unstructure_hook(time, time.isoformat)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(SessionKind, _structure_kind)
    converter.register_structure_hook_factory(_is_tuple, lambda t: _list_factory(t, converter))
    converter.register_structure_hook_factory(attrs.has, lambda t: _object_factory(t, converter))
    return converter


_OPTIONAL = {name: attrs.fields_dict(Conference)[name].default for name in WRITTEN_WHEN_SET[Conference]}
"""The conference's fields written only when set, with the default that leaves them out."""
_SESSION_OPTIONAL = {name: attrs.fields_dict(Session)[name].default for name in WRITTEN_WHEN_SET[Session]}


def conference_to_dict(conf: Conference) -> dict[str, Any]:
    """The native JSON document of ``conf`` as plain Python data."""
    return _document(conf, _listed)


def conference_json(conf: Conference, end: str = "") -> str:
    """The native JSON text of ``conf``: ``json.dumps(conference_to_dict(conf), ensure_ascii=False, indent=1) + end``.

    The speakers and sessions are converted and written a hundred at a time
    (:class:`~pyconf_schedule._json_text.Streamed`): the document is never
    whole in memory, and a large programme writes in time linear in its size.
    """
    return indented_json(_document(conf, Streamed), end)


class _Lists(Protocol):
    """How a document holds a long list: made whole (:func:`_listed`) or while it is written (``Streamed``)."""

    def __call__(self, items: Iterable[_T], convert: Callable[[_T], Any], /) -> Any: ...


def _listed(items: Iterable[_T], convert: Callable[[_T], Any]) -> list[Any]:
    return [convert(item) for item in items]


def _document(conf: Conference, listed: _Lists) -> dict[str, Any]:
    """The native document of ``conf``, each list of speakers and sessions made by ``listed(items, convert)``."""
    c = make_converter()
    body: dict[str, Any] = {}
    for a in attrs.fields(Conference):
        if a.name in CONFERENCE_PARTS or (a.name in _OPTIONAL and getattr(conf, a.name) == _OPTIONAL[a.name]):
            continue
        body[a.name] = c.unstructure(getattr(conf, a.name), a.type if not isinstance(a.type, str) else None)
    body["rooms"] = [c.unstructure(r) for r in conf.rooms]
    body["tracks"] = [c.unstructure(t) for t in conf.tracks]
    body["speakers"] = listed(conf.speakers, c.unstructure)
    body["sessions"] = listed(conf.sessions, partial(_session_to_dict, c))
    # A session dict holds a key of version 2 exactly where the field differs from its default (_session_to_dict).
    newer = any(getattr(s, name) != _SESSION_OPTIONAL[name] for s in conf.sessions for name in _VERSION_2_KEYS)
    return {"format": FORMAT_NAME, "version": FORMAT_VERSION if newer else 1, "conference": body}


_VERSION_2_KEYS = VERSION_2[Session]


_TEXT_TYPES = (str, str | None)
"""Field types whose values the converter writes as they are (a str, or None)."""


@lru_cache(maxsize=1)
def _session_hooks() -> tuple[tuple[str, Any], ...]:
    """Each Session field in order with the converter's hook for its type: None for a text field written as it is,
    ``SESSION_REFS`` for the room, track and speakers, written as ids."""
    c = make_converter()
    return tuple(
        (
            name,
            SESSION_REFS if name in SESSION_REFS else None if type_ in _TEXT_TYPES else c.get_unstructure_hook(type_),
        )
        for name, type_ in field_types(Session).items()
    )


def _session_to_dict(c: cattrs.Converter, session: Session) -> dict[str, Any]:
    # What c.unstructure(session) gives, field by field, with the references as ids (no copy of the session made).
    data: dict[str, Any] = {}
    for name, hook in _session_hooks():
        value = getattr(session, name)
        if hook is None:
            data[name] = value
        elif hook is SESSION_REFS:  # the room, track and speakers by id
            data[name] = [p.id for p in value] if isinstance(value, tuple) else None if value is None else value.id
        else:
            data[name] = hook(value)
    data["kind"] = session.kind.value
    for name, default in _SESSION_OPTIONAL.items():  # day_only: only for a session whose day is known and time is not
        if getattr(session, name) == default:
            del data[name]
    return data


def conference_from_dict(document: Any) -> Conference:
    """Build a Conference from a parsed native JSON document, or raise ScheduleParseError."""
    if not isinstance(document, dict):
        raise ScheduleParseError(_FORMAT, f"the document must be a JSON object, got {_show(document)}", "$")
    if document.get("format") != FORMAT_NAME:
        raise ScheduleParseError(
            _FORMAT, f'"format" must be "{FORMAT_NAME}", got {document.get("format")!r}', "$.format"
        )
    version = document.get("version")
    if type(version) is not int or version not in READ_VERSIONS:  # true == 1 and 1.0 == 1 in Python, not in the schema
        shown = repr(version) if type(version) is int else _show(version)
        readable = " and ".join(map(str, READ_VERSIONS))
        raise ScheduleParseError(
            _FORMAT, f"unsupported version {shown}; this release reads versions {readable}", "$.version"
        )
    extra = set(document) - {"format", "version", "conference"}
    if extra:
        raise ScheduleParseError(
            _FORMAT, f"unexpected key(s) {', '.join(sorted(extra))}; valid keys: format, version, conference", "$"
        )
    body = document.get("conference")
    if not isinstance(body, dict):
        raise ScheduleParseError(_FORMAT, f'"conference" must be an object, got {_show(body)}', "$.conference")
    if version == 1:
        _refuse_newer_keys(body)
    return _structure_conference(body)


def _refuse_newer_keys(body: dict[str, Any]) -> None:
    """A version 1 document holds no key that version 2 added."""
    sessions = body.get("sessions")
    for i, raw in enumerate(sessions if isinstance(sessions, list) else []):
        newer = sorted(k for k in _VERSION_2_KEYS if isinstance(raw, dict) and k in raw)
        if newer:
            raise ScheduleParseError(
                _FORMAT,
                f"key(s) {', '.join(newer)} are version 2 of the format; the document says version 1 "
                f'(give "version": 2, or leave them out)',
                f"$.conference.sessions[{i}]",
            )


def _list(body: dict[str, Any], key: str) -> list[Any]:
    value = body.get(key, [])
    if not isinstance(value, list):
        raise ScheduleParseError(_FORMAT, f'"{key}" must be a list, got {_show(value)}', f"$.conference.{key}")
    return value


def _table(c: cattrs.Converter, body: dict[str, Any], key: str, cls: type[_N], what: str) -> dict[str, _N]:
    """The rooms, tracks or speakers of ``body`` by id; an id given twice is refused, as for sessions."""
    table: dict[str, _N] = {}
    for i, raw in enumerate(_list(body, key)):
        item = _structure(c, raw, cls, f"$.conference.{key}[{i}]")
        if item.id in table:
            raise ScheduleParseError(
                _FORMAT,
                f"two {what}s share the id {item.id!r}; each {what} id must be unique",
                f"$.conference.{key}[{i}].id",
            )
        table[item.id] = item
    return table


def _structure_conference(body: dict[str, Any]) -> Conference:
    c = make_converter()
    path = "$.conference"
    try:
        rooms = _table(c, body, "rooms", Room, "room")
        tracks = _table(c, body, "tracks", Track, "track")
        speakers = _table(c, body, "speakers", Speaker, "speaker")
        sessions: list[Session] = []
        session_ids: set[str] = set()
        for i, raw in enumerate(_list(body, "sessions")):
            session = _structure_session(c, raw, f"{path}.sessions[{i}]", rooms, tracks, speakers)
            if session.id in session_ids:
                raise ScheduleParseError(
                    _FORMAT,
                    f"two sessions share the id {session.id!r}; each session id must be unique",
                    f"{path}.sessions[{i}].id",
                )
            session_ids.add(session.id)
            sessions.append(session)
        rest = {k: v for k, v in body.items() if k not in CONFERENCE_PARTS}
        shell = _structure(c, rest, Conference, path)
        return attrs.evolve(
            shell,
            sessions=sessions,
            speakers=list(speakers.values()),
            rooms=list(rooms.values()),
            tracks=list(tracks.values()),
        )
    except ScheduleParseError:
        raise
    except PyconfScheduleError as exc:
        raise ScheduleParseError(_FORMAT, str(exc), path) from None
    except OverflowError:
        raise ScheduleParseError(_FORMAT, "a date lies outside the years 1 to 9999", path) from None


def _structure_session(
    c: cattrs.Converter,
    raw: Any,
    path: str,
    rooms: dict[str, Room],
    tracks: dict[str, Track],
    speakers: dict[str, Speaker],
) -> Session:
    if not isinstance(raw, dict):
        raise ScheduleParseError(_FORMAT, f"a session must be an object, got {_show(raw)}", path)
    fields = {k: v for k, v in raw.items() if k not in SESSION_REFS}
    try:
        speaker_ids = raw.get("speakers", [])
        if not isinstance(speaker_ids, list):
            raise ScheduleParseError(
                _FORMAT, f"expected a list of speaker ids, got {_show(speaker_ids)}", f"{path}.speakers"
            )
        fields["speakers"] = [
            _ref(speakers, sid, f"{path}.speakers[{i}]", "speaker") for i, sid in enumerate(speaker_ids)
        ]
        fields["room"] = None if raw.get("room") is None else _ref(rooms, raw["room"], f"{path}.room", "room")
        fields["track"] = None if raw.get("track") is None else _ref(tracks, raw["track"], f"{path}.track", "track")
    except ScheduleParseError:
        _structure(
            c, {k: v for k, v in raw.items() if k not in SESSION_REFS}, Session, path
        )  # its own fields' errors come first
        raise
    # One construction: the references are resolved first and pass through the converter as they are.
    return _structure(c, fields, Session, path)


def _ref(table: dict[str, _T], key: Any, path: str, what: str) -> _T:
    if not isinstance(key, str):
        raise ScheduleParseError(_FORMAT, f"expected a {what} id (a string), got {_show(key)}", path)
    try:
        return table[key]
    except KeyError:
        raise ScheduleParseError(
            _FORMAT, f"unknown {what} id {key!r}: it must be the id of one of the {what}s in $.conference.{what}s", path
        ) from None


def _describe(type_: Any) -> str:
    """What a field of type ``type_`` holds, in JSON terms."""
    args = typing.get_args(type_)
    if type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return f"{_describe(rest[0])} or null" if len(rest) == 1 else "a value or null"
    if type_ is str:
        return "a string"
    if type_ is datetime:
        return 'an RFC 9557 date and time such as "2026-04-08T11:10:00+02:00[Europe/Paris]"'
    if type_ is date:
        return 'a date such as "2026-04-08"'
    if type_ is SessionKind:
        return "a session kind: " + ", ".join(k.value for k in SessionKind)
    if typing.get_origin(type_) is tuple:
        item = _describe(args[0]) if args else "values"
        return "a list of " + ("strings" if args and args[0] is str else item)
    if attrs.has(type_):
        return f"an object with keys {', '.join(a.name for a in attrs.fields(type_))}"
    return "a different value"  # pragma: no cover - every field type is named above


def _child(data: Any, key: Any) -> Any:
    if isinstance(data, dict) and isinstance(key, str):
        return data.get(key)
    if isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
        return data[key]
    return None


def _problems(exc: BaseException, data: Any, type_: Any, path: str) -> list[tuple[str, str]]:
    """(JSON path, message) for each failure in a cattrs error tree, saying the value given and what is valid."""
    if isinstance(exc, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        found: list[tuple[str, str]] = []
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(note, cattrs.AttributeValidationNote):
                child_path = f"{path}.{note.name}" if note.name.isidentifier() else f"{path}[{json.dumps(note.name)}]"
                found.extend(_problems(sub, _child(data, note.name), note.type, child_path))
            else:
                found.extend(_problems(sub, _child(data, note.index), note.type, f"{path}[{note.index}]"))
        for sub in without:
            found.extend(_problems(sub, data, type_, path))
        return found
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        valid = ", ".join(a.name for a in attrs.fields(exc.cl))
        extra = ", ".join(sorted(exc.extra_fields))
        return [(path, f"unexpected key(s) {extra}; valid keys: {valid}")]
    if isinstance(exc, KeyError):
        return [(path, f"required key missing: expected {_describe(type_)}")]
    if isinstance(exc, _WrongType):
        return [(path, f"expected {_describe(type_)}, got {_show(exc.value)}")]
    if isinstance(exc, UnknownZoneError) and isinstance(data, dict):
        for key in ("timezone", "view_timezone"):
            if data.get(key) == exc.query:
                return [(f"{path}.{key}", str(exc))]
    if isinstance(exc, (PyconfScheduleError, ValueError)) and str(exc):
        return [(path, str(exc))]
    return [(path, f"expected {_describe(type_)}, got {_show(data)} ({type(exc).__name__}: {exc})")]


def _structure(c: cattrs.Converter, data: Any, cls: type[_T], path: str) -> _T:
    try:
        return c.structure(data, cls)
    except (cattrs.BaseValidationError, PyconfScheduleError, ValueError, TypeError, OverflowError) as exc:
        problems = _problems(exc, data, cls, path) or [(path, f"expected {_describe(cls)}")]
        where, message = problems[0]
        if len(problems) > 1:
            message += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''} in the same object)"
        raise ScheduleParseError(_FORMAT, message, where) from None
