"""The direct decoder of native JSON documents: the model built without cattrs.

:func:`decode` builds a :class:`Conference` from a parsed native document
(see docs/reference/native-json.md) with plain dict lookups and the model's
own constructors.  It accepts only documents the cattrs converter of
:mod:`pyconf_schedule._converter` accepts, and builds an equal Conference
from them; on anything else it raises :class:`Unsupported`, and the caller
hands the document to the converter, which says what is wrong.  So errors
keep one source, the converter, and the common case (a valid file, the
embedded datasets) costs neither importing cattrs nor running its hooks.

Nothing here lists a model field.  The keys each object may hold and the
way each value is read come from the classes' attrs fields
(:mod:`pyconf_schedule._fields`): a field's type picks its rule, one per
JSON shape the converter reads (a string the model checks, an RFC 9557
datetime, a date, a wall-clock time, an enum's value, a list of strings, a
list of objects, an id naming an earlier room, track or speaker).  A field
of a type with no rule is listed by :func:`unhandled` (a test holds that
list empty) and sends every document that gives it to the converter.
``tests/test_decode.py`` compares both paths on valid documents and on
randomly damaged ones (400 in each test run).
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, time
from typing import Any

import attrs

from ._conference import Conference
from ._fields import (
    CONFERENCE_PARTS,
    FORMAT_NAME,
    READ_VERSIONS,
    REFERENCED,
    VERSION_2,
    field_types,
    item_type,
    part_class,
)
from ._model import Provenance, Session
from ._progress import SESSION_STEP, active, report
from ._time import parse_datetime

__all__ = ["SESSIONS_KEY", "Misordered", "Unsupported", "decode", "decode_streamed", "unhandled"]


class Unsupported(Exception):
    """The document is not one the direct decoder builds: the converter must read it (and name any error)."""


class Misordered(Unsupported):
    """A document given in parts lists a table (rooms, tracks, speakers) after its sessions: decode it whole."""


class _Context(dict[str, datetime]):
    """One document's datetimes by their text (a programme repeats a few hundred instants) and its tables by class."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[type[Any], dict[str, Any]] = {}
        self.strings: dict[str, str] = {}  # the values of _SHARED fields, one str object each
        self.provenance: dict[tuple[Any, ...], Provenance] = {}  # one object for each distinct record (_provenance)

    def __missing__(self, text: str) -> datetime:  # text is a str: callers check
        parsed = parse_datetime(text)
        if parsed.tzinfo is None:
            raise Unsupported
        self[text] = parsed
        return parsed


_Rule = Callable[[Any, _Context], Any]
"""How one field's JSON value becomes the model's: the value and the document's context in, the value out."""


def _missing() -> Any:
    raise Unsupported


def _datetime(raw: Any, ctx: _Context) -> datetime:
    return ctx[raw] if type(raw) is str else _missing()


def _datetime_or_none(raw: Any, ctx: _Context) -> datetime | None:
    return None if raw is None else ctx[raw] if type(raw) is str else _missing()


def _date(raw: Any, ctx: _Context) -> date:
    return date.fromisoformat(raw) if type(raw) is str else _missing()


def _date_or_none(raw: Any, ctx: _Context) -> date | None:
    return None if raw is None else _date(raw, ctx)


def _time(raw: Any, ctx: _Context) -> time:
    parsed = time.fromisoformat(raw) if type(raw) is str else _missing()
    return parsed if parsed.tzinfo is None else _missing()  # a wall-clock time carries no offset


def _time_or_none(raw: Any, ctx: _Context) -> time | None:
    return None if raw is None else _time(raw, ctx)


def _strings(raw: Any, ctx: _Context) -> tuple[str, ...]:
    """A JSON list of strings as a tuple (the model checks each item's type; a string alone is refused here)."""
    return tuple(raw) if type(raw) is list else _missing()


_SHARED = frozenset({
    ("Speaker", "organisation"), ("Speaker", "job_title"),
    ("Session", "kind_label"), ("Session", "language"), ("Session", "audience_level"),
})  # fmt: skip
"""Text fields whose values repeat across a conference (thousands of speakers, a few hundred organisations): each
distinct value is kept once, as rooms and tracks are, instead of once per object that names it."""


def _shared(raw: Any, ctx: _Context) -> Any:
    """The one str of this value in the document (anything else as it is: the model checks the type)."""
    return ctx.strings.setdefault(raw, raw) if type(raw) is str else raw


def _member(kind: type[enum.Enum]) -> _Rule:
    members = {m.value: m for m in kind}

    def read(raw: Any, ctx: _Context) -> Any:
        return members[raw] if type(raw) is str and raw in members else _missing()

    return read


def _reference(cls: type[Any]) -> _Rule:
    """An id (or null) naming one of the document's objects of ``cls``, listed before the sessions."""

    def read(raw: Any, ctx: _Context) -> Any:
        return None if raw is None else ctx.tables[cls][raw] if type(raw) is str else _missing()

    _REFERENCE_OF[read] = cls
    return read


_REFERENCE_OF: dict[_Rule, type[Any]] = {}
"""The class each reference rule looks up (the sessions' fast path reads its table directly)."""


def _references(cls: type[Any]) -> _Rule:
    def read(raw: Any, ctx: _Context) -> Any:
        if type(raw) is not list:
            raise Unsupported
        table = ctx.tables[cls]
        return [table[key] if type(key) is str else _missing() for key in raw]

    return read


def _objects(cls: type[Any]) -> _Rule:
    build = _provenance if cls is Provenance else _builder(cls)

    def read(raw: Any, ctx: _Context) -> Any:
        if type(raw) is not list:
            raise Unsupported
        return tuple([build(item, ctx) for item in raw]) if raw else ()

    _OBJECT_RULES.add(read)
    return read


_OBJECT_RULES: set[_Rule] = set()
"""The rules reading a list of objects (an empty list needs no call: the model's default is empty)."""


def _no_rule(raw: Any, ctx: _Context) -> Any:
    raise Unsupported


_UNHANDLED: list[str] = []

_SCALARS: dict[Any, tuple[_Rule, _Rule]] = {
    datetime: (_datetime, _datetime_or_none), date: (_date, _date_or_none), time: (_time, _time_or_none),
}  # fmt: skip
"""The rules of the scalar types, not nullable and nullable."""


def _rule(owner: type[Any], name: str, type_: Any) -> _Rule | None:
    """The rule of a field of type ``type_``: None when the model takes the JSON value as it is (a string)."""
    item = item_type(type_)
    if typing.get_origin(type_) is tuple:
        if item is str:
            return _strings
        if item in REFERENCED:
            return _references(item)
        if attrs.has(item):
            return _objects(item)
    elif item is str:  # a string, or null where the field allows it: the model checks the exact type
        return _shared if (owner.__name__, name) in _SHARED else None
    elif item in _SCALARS:
        return _SCALARS[item][type(None) in typing.get_args(type_)]
    elif isinstance(item, type) and issubclass(item, enum.Enum):
        return _member(item)
    elif item in REFERENCED:
        return _reference(item)
    _UNHANDLED.append(f"{owner.__name__}.{name}: {type_}")
    return _no_rule


_Plan = tuple[frozenset[str], tuple[tuple[str, _Rule], ...]]
PLANS: dict[type[Any], _Plan] = {}


def _plan(cls: type[Any], skip: tuple[str, ...] = ()) -> _Plan:
    """The keys an object of ``cls`` may hold and the rule of each field whose value the decoder turns."""
    if cls not in PLANS:
        types = {name: type_ for name, type_ in field_types(cls).items() if name not in skip}
        rules = ((name, _rule(cls, name, type_)) for name, type_ in types.items())
        PLANS[cls] = (frozenset(types), tuple((name, rule) for name, rule in rules if rule is not None))
    return PLANS[cls]


def _builder(cls: type[Any]) -> Callable[[Any, _Context], Any]:
    allowed, rules = _plan(cls)

    def build(raw: Any, ctx: _Context) -> Any:
        if type(raw) is not dict or not raw.keys() <= allowed:
            raise Unsupported
        fields = dict(raw)
        for name, rule in rules:
            if name in fields:
                fields[name] = rule(fields[name], ctx)
        return cls(**fields)

    return build


def _provenance(raw: Any, ctx: _Context) -> Provenance:
    """A session's provenance record, the same object for every record of the document that holds the same values.

    A dataset gives each session a record for each of its sourced fields: 498 records in eu2026, 82 of them
    distinct.  The key holds every value the record may hold, so only a record equal in every field is shared;
    only a record that was built (its values checked) is kept, and a record with an unknown key is refused
    before any look-up, as the builder refuses it.
    """
    if type(raw) is not dict or not raw.keys() <= _PROVENANCE_KEYS:
        raise Unsupported
    sources = raw.get("sources", ())
    key = (raw.get("field"), tuple(sources) if type(sources) is list else sources, raw.get("weak"))
    try:
        known = ctx.provenance.get(key)
    except TypeError:  # an unhashable value (an object where a string belongs): built, and refused there
        return _build_provenance(raw, ctx)  # type: ignore[no-any-return]
    if known is None:
        known = ctx.provenance[key] = _build_provenance(raw, ctx)
    return known


def _part(name: str) -> type[Any]:
    cls = part_class(field_types(Conference)[name])
    assert cls is not None  # CONFERENCE_PARTS holds only the fields that list a class
    return cls


_SESSIONS = next(name for name in CONFERENCE_PARTS if _part(name) is Session)
SESSIONS_KEY = _SESSIONS
"""The conference's key that lists its sessions (``"sessions"``)."""
TABLES = tuple((name, _part(name), _builder(_part(name))) for name in CONFERENCE_PARTS if name != _SESSIONS)
"""The conference's lists of rooms, tracks and speakers: the class of their items and its builder."""
_PROVENANCE_KEYS = _plan(Provenance)[0]
_build_provenance = _builder(Provenance)
_SESSION_KEYS, _SESSION_RULES = _plan(Session)
_SESSION_KEYS_1 = _SESSION_KEYS - frozenset(VERSION_2[Session])
"""The keys of a session in a version 1 document."""
# The sessions' rules sorted by shape, so that the common values (a datetime, an id, a list of strings, an empty
# list) are read in line instead of by a call each: a document holds as many sessions as all else together.
_SESSION_DATETIMES = tuple(n for n, rule in _SESSION_RULES if rule is _datetime_or_none)
_SESSION_STRINGS = tuple(n for n, rule in _SESSION_RULES if rule is _strings)  # the model makes the tuples
_SESSION_REFERENCES = tuple((n, _REFERENCE_OF[rule]) for n, rule in _SESSION_RULES if rule in _REFERENCE_OF)
_SESSION_OBJECTS = tuple((n, rule) for n, rule in _SESSION_RULES if rule in _OBJECT_RULES)
_SESSION_OTHERS = tuple(
    (n, rule) for n, rule in _SESSION_RULES
    if rule not in (_datetime_or_none, _strings) and rule not in _REFERENCE_OF and rule not in _OBJECT_RULES
)  # fmt: skip
_ABSENT: list[Any] = []
"""What an absent list field reads as: a list, so only a present non-list is refused."""
_CONFERENCE_KEYS = frozenset(field_types(Conference))
_TABLE_KEYS = frozenset(name for name, _, _ in TABLES)
_SHELL_KEYS, _SHELL_RULES = _plan(Conference, skip=CONFERENCE_PARTS)


def unhandled() -> tuple[str, ...]:
    """The model fields (``"Class.field: type"``) whose type has no rule here; a test holds this empty."""
    return tuple(_UNHANDLED)


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
    body = document["conference"]
    if type(body) is not dict:
        raise Unsupported
    raw_sessions = _list(body.get(_SESSIONS, []))
    return _conference(
        document, body, raw_sessions, len(raw_sessions), {}, own=consume, drop=raw_sessions if consume else None
    )


def decode_streamed(head: Any, body: Any, sessions: Iterator[Any], late: dict[str, Any]) -> Conference:
    """The Conference of a native document given in parts, its sessions parsed one at a time; or :class:`Unsupported`.

    ``head`` holds the document's ``format`` and ``version``, ``body`` the
    conference's keys before its sessions, ``sessions`` yields each
    session's dict (they are this call's to change), and ``late`` holds,
    once ``sessions`` is exhausted, the conference's keys after them
    (:func:`pyconf_schedule.formats._json_stream.conference_parts` gives
    these).  The result equals :func:`decode` of the whole document.
    """
    if type(head) is not dict or head.keys() != {"format", "version"} or type(body) is not dict:
        raise Unsupported
    return _conference(head, body, sessions, None, late, own=True, drop=None)


def _conference(
    head: dict[str, Any],
    body: dict[str, Any],
    raw_sessions: Iterable[Any],
    total: int | None,
    late: dict[str, Any],
    *,
    own: bool,
    drop: list[Any] | None,
) -> Conference:
    """The Conference of a document's parts: its sessions' dicts are changed when ``own``, cleared from ``drop``."""
    version = head["version"]
    if head["format"] != FORMAT_NAME or type(version) is not int or version not in READ_VERSIONS:
        raise Unsupported
    allowed = _SESSION_KEYS if version != 1 else _SESSION_KEYS_1
    if not body.keys() <= _CONFERENCE_KEYS:
        raise Unsupported
    ctx = _Context()
    for name, cls, build in TABLES:
        ctx.tables[cls] = _table(body, name, build, ctx)
    sessions = []
    references = tuple((name, ctx.tables[cls]) for name, cls in _SESSION_REFERENCES)
    told = active()  # progress for a listener (the command line on a terminal), counted only when one listens
    for i, raw in enumerate(raw_sessions):
        if type(raw) is not dict or not raw.keys() <= allowed:
            raise Unsupported
        fields = raw if own else dict(raw)  # the caller's dict is changed only when it is ours
        if drop is not None:  # and it goes from the document once built
            drop[i] = None
        _session_fields(fields, ctx, references)
        sessions.append(Session(**fields))  # a repeated id is refused by the Conference, as for the converter
        if told and not (i + 1) % SESSION_STEP:
            report("sessions", i + 1, total)
    if not late.keys() <= _CONFERENCE_KEYS:
        raise Unsupported
    if not late.keys().isdisjoint(_TABLE_KEYS):
        raise Misordered  # a table after the sessions: only the whole document can be read so
    shell = {k: v for part in (body, late) for k, v in part.items() if k in _SHELL_KEYS}
    for name, rule in _SHELL_RULES:
        if name in shell:
            shell[name] = rule(shell[name], ctx)
    shell[_SESSIONS] = sessions
    for name, cls, _ in TABLES:
        shell[name] = tuple(ctx.tables[cls].values())
    return Conference(**shell)


def _session_fields(fields: dict[str, Any], ctx: _Context, references: tuple[tuple[str, dict[str, Any]], ...]) -> None:
    """Turn a session's JSON values into the model's, in place: the rules of :data:`_SESSION_RULES`, by shape."""
    get = fields.get
    for name in _SESSION_DATETIMES:
        value = get(name)
        if value is not None:
            fields[name] = ctx[value] if type(value) is str else _missing()
    for name, table in references:
        value = get(name)
        if value is not None:
            fields[name] = table[value] if type(value) is str else _missing()
    for name in _SESSION_STRINGS:
        if type(get(name, _ABSENT)) is not list:
            raise Unsupported
    for name, rule in _SESSION_OBJECTS:
        value = get(name, _ABSENT)
        if type(value) is not list:
            raise Unsupported
        if value:
            fields[name] = rule(value, ctx)
    for name, rule in _SESSION_OTHERS:
        if name in fields:
            fields[name] = rule(fields[name], ctx)


def _list(raw: Any) -> list[Any]:
    if type(raw) is not list:
        raise Unsupported
    return raw


def _table(body: dict[str, Any], key: str, build: Callable[[Any, _Context], Any], ctx: _Context) -> dict[str, Any]:
    """The rooms, tracks or speakers of ``body`` by id; an id given twice is the converter's to report."""
    table: dict[str, Any] = {}
    for raw in _list(body.get(key, [])):
        item = build(raw, ctx)
        if item.id in table:
            raise Unsupported
        table[item.id] = item
    return table
