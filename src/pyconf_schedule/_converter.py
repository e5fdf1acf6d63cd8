"""The cattrs converter of the native JSON form (see docs/reference/native-json.md).

Sessions refer to speakers, rooms and tracks by id, so each person is written
once; datetimes are RFC 9557 strings that keep the zone name.  Reading errors
become one :class:`~pyconf_schedule.exceptions.ScheduleParseError` naming the
JSON path that failed.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.v import format_exception

from ._conference import Conference
from ._days import register_day_change_hooks
from ._model import Room, Session, SessionKind, Speaker, Track
from ._time import format_datetime, parse_datetime
from .exceptions import PyconfScheduleError, ScheduleParseError

_T = TypeVar("_T")

__all__ = ["FORMAT_NAME", "FORMAT_VERSION", "conference_from_dict", "conference_to_dict", "make_converter"]

FORMAT_NAME = "pyconf-schedule"
FORMAT_VERSION = 1
_FORMAT = "pyconf-schedule JSON"


def _structure_datetime(value: Any, _type: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"expected an RFC 9557 datetime string, got {type(value).__name__}")
    parsed = parse_datetime(value)
    if parsed.tzinfo is None:
        raise ValueError(f"datetime {value!r} has no UTC offset")
    return parsed


def _structure_date(value: Any, _type: Any) -> date:
    if not isinstance(value, str):
        raise ValueError(f"expected a YYYY-MM-DD string, got {type(value).__name__}")
    return date.fromisoformat(value)


def _structure_kind(value: Any, _type: Any) -> SessionKind:
    try:
        return SessionKind(value)
    except ValueError:
        valid = ", ".join(k.value for k in SessionKind)
        raise ValueError(f"{value!r} is not a session kind; valid: {valid}") from None


def _structure_str(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {type(value).__name__}")
    return value


@lru_cache(maxsize=1)
def make_converter() -> cattrs.Converter:
    """The project's converter: strict about unknown keys, never the global one."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(datetime, format_datetime)
    converter.register_structure_hook(datetime, _structure_datetime)
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_structure_hook(date, _structure_date)
    register_day_change_hooks(converter)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(SessionKind, _structure_kind)
    return converter


_SESSION_REFS = ("speakers", "room", "track")
_CONFERENCE_PARTS = ("sessions", "speakers", "rooms", "tracks")
# Written only when set, so documents without them are unchanged.
_OPTIONAL = {"view_timezone": None, "programme_days": (), "day_change": None}


def conference_to_dict(conf: Conference) -> dict[str, Any]:
    """The native JSON document of ``conf`` as plain Python data."""
    c = make_converter()
    body: dict[str, Any] = {}
    for a in attrs.fields(Conference):
        if a.name in _CONFERENCE_PARTS or (a.name in _OPTIONAL and getattr(conf, a.name) == _OPTIONAL[a.name]):
            continue
        body[a.name] = c.unstructure(getattr(conf, a.name), a.type if not isinstance(a.type, str) else None)
    body["rooms"] = [c.unstructure(r) for r in conf.rooms]
    body["tracks"] = [c.unstructure(t) for t in conf.tracks]
    body["speakers"] = [c.unstructure(s) for s in conf.speakers]
    body["sessions"] = [_session_to_dict(c, s) for s in conf.sessions]
    return {"format": FORMAT_NAME, "version": FORMAT_VERSION, "conference": body}


def _session_to_dict(c: cattrs.Converter, session: Session) -> dict[str, Any]:
    data: dict[str, Any] = c.unstructure(attrs.evolve(session, speakers=(), room=None, track=None))
    data["kind"] = session.kind.value
    data["room"] = session.room.id if session.room else None
    data["track"] = session.track.id if session.track else None
    data["speakers"] = [p.id for p in session.speakers]
    if session.day_only is None:
        del data["day_only"]  # written only for a session whose day is known and time is not
    return data


def conference_from_dict(document: Any) -> Conference:
    """Build a Conference from a parsed native JSON document, or raise ScheduleParseError."""
    if not isinstance(document, dict):
        raise ScheduleParseError(_FORMAT, "the document must be a JSON object", "$")
    if document.get("format") != FORMAT_NAME:
        raise ScheduleParseError(_FORMAT, f'"format" must be "{FORMAT_NAME}", got {document.get("format")!r}', "$.format")
    if document.get("version") != FORMAT_VERSION:
        raise ScheduleParseError(
            _FORMAT, f"unsupported version {document.get('version')!r}; this release reads version {FORMAT_VERSION}", "$.version"
        )
    extra = set(document) - {"format", "version", "conference"}
    if extra:
        raise ScheduleParseError(_FORMAT, f"unexpected key(s) {', '.join(sorted(extra))}", "$")
    body = document.get("conference")
    if not isinstance(body, dict):
        raise ScheduleParseError(_FORMAT, '"conference" must be an object', "$.conference")
    return _structure_conference(body)


def _list(body: dict[str, Any], key: str) -> list[Any]:
    value = body.get(key, [])
    if not isinstance(value, list):
        raise ScheduleParseError(_FORMAT, f'"{key}" must be a list', f"$.conference.{key}")
    return value


def _structure_conference(body: dict[str, Any]) -> Conference:
    c = make_converter()
    path = "$.conference"
    try:
        rooms: dict[str, Room] = {}
        for i, x in enumerate(_list(body, "rooms")):
            room = _structure(c, x, Room, f"{path}.rooms[{i}]")
            rooms[room.id] = room
        tracks: dict[str, Track] = {}
        for i, x in enumerate(_list(body, "tracks")):
            track = _structure(c, x, Track, f"{path}.tracks[{i}]")
            tracks[track.id] = track
        speakers: dict[str, Speaker] = {}
        for i, x in enumerate(_list(body, "speakers")):
            speaker = _structure(c, x, Speaker, f"{path}.speakers[{i}]")
            speakers[speaker.id] = speaker
        sessions = [
            _structure_session(c, raw, f"{path}.sessions[{i}]", rooms, tracks, speakers)
            for i, raw in enumerate(_list(body, "sessions"))
        ]
        rest = {k: v for k, v in body.items() if k not in _CONFERENCE_PARTS}
        shell = _structure(c, rest, Conference, path)
        return attrs.evolve(
            shell, sessions=sessions, speakers=list(speakers.values()), rooms=list(rooms.values()), tracks=list(tracks.values())
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
        raise ScheduleParseError(_FORMAT, "a session must be an object", path)
    fields = {k: v for k, v in raw.items() if k not in _SESSION_REFS}
    session = _structure(c, fields, Session, path)
    speaker_ids = raw.get("speakers", [])
    if not isinstance(speaker_ids, list):
        raise ScheduleParseError(_FORMAT, f'"speakers" must be a list of speaker ids, got {type(speaker_ids).__name__}', f"{path}.speakers")
    return attrs.evolve(
        session,
        speakers=tuple([_ref(speakers, sid, f"{path}.speakers[{i}]", "speaker") for i, sid in enumerate(speaker_ids)]),
        room=None if raw.get("room") is None else _ref(rooms, raw["room"], f"{path}.room", "room"),
        track=None if raw.get("track") is None else _ref(tracks, raw["track"], f"{path}.track", "track"),
    )


def _ref(table: dict[str, _T], key: Any, path: str, what: str) -> _T:
    try:
        return table[key]
    except (KeyError, TypeError):
        raise ScheduleParseError(_FORMAT, f"unknown {what} id {key!r}", path) from None


def _format_exception(exc: BaseException, type_: Any) -> str:
    """Our own messages (bad datetime, unknown zone, ...) are kept; cattrs words the rest."""
    if isinstance(exc, PyconfScheduleError) or (type(exc) is ValueError and str(exc)):
        return str(exc)
    return format_exception(exc, type_)


def _structure(c: cattrs.Converter, data: Any, cls: type[_T], path: str) -> _T:
    try:
        return c.structure(data, cls)
    except cattrs.BaseValidationError as exc:
        messages = cattrs.transform_error(exc, path=path, format_exception=_format_exception)
        raise ScheduleParseError(_FORMAT, "; ".join(messages)) from None
    except PyconfScheduleError as exc:
        raise ScheduleParseError(_FORMAT, str(exc), path) from None
    except (ValueError, TypeError) as exc:
        raise ScheduleParseError(_FORMAT, str(exc), path) from None
