"""What the native JSON form holds of each model class, read from the classes' attrs fields.

The native form (docs/reference/native-json.md) writes each model object as
a JSON object whose keys are its attrs fields, so the field sets here are
those of the classes themselves, never a list kept beside them.  The
converter (:mod:`pyconf_schedule._converter`) and the direct decoder
(:mod:`pyconf_schedule._decode`) both read them, so a new field reaches the
two at once.  Two choices the fields cannot state stay written here, each
checked against the fields by ``tests/test_fields.py``:

* :data:`REFERENCED`: the classes a session names by id (each room, track
  and person is written once, in the conference's lists);
* :data:`WRITTEN_WHEN_SET`: the fields left out of a document while they
  hold their default, so documents that do not use them stay as they were.

>>> sorted(keys(Room))
['id', 'name']
>>> CONFERENCE_PARTS
('sessions', 'speakers', 'rooms', 'tracks')
>>> SESSION_REFS
('room', 'track', 'speakers')
"""

from __future__ import annotations

import sys
import typing
from typing import Any

import attrs

from ._conference import Conference
from ._model import Room, Session, Speaker, Track
from ._sessions import Sessions

__all__ = [
    "CONFERENCE_PARTS",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "READ_VERSIONS",
    "VERSION_2",
    "REFERENCED",
    "SESSION_REFS",
    "WRITTEN_WHEN_SET",
    "field_types",
    "item_type",
    "keys",
    "part_class",
]

FORMAT_NAME = "pyconf-schedule"
"""The ``format`` of every native document."""
FORMAT_VERSION = 2
"""The newest ``version`` of the native form, written when a document uses a field of :data:`VERSION_2`."""
READ_VERSIONS = (1, 2)
"""The versions this release reads."""

VERSION_2: dict[type[Any], tuple[str, ...]] = {
    Session: ("recording", "slide_urls", "field_sources"),
}
"""The fields version 2 added.  A document that sets none of them is written as version 1, so a reader of
version 1 still reads it; a version 1 document giving one of them is refused."""

REFERENCED: tuple[type[Any], ...] = (Room, Track, Speaker)
"""The classes a session refers to by id; the conference lists each once (a choice of the format)."""

WRITTEN_WHEN_SET: dict[type[Any], tuple[str, ...]] = {
    Conference: ("view_timezone", "programme_days", "day_change"),
    Session: ("day_only", *VERSION_2[Session]),
}
"""The fields a document holds only when they differ from their default (a choice of the format)."""


_TYPES: dict[type[Any], dict[str, Any]] = {}


def field_types(cls: type[Any]) -> dict[str, Any]:
    """The resolved type of each attrs field of ``cls``, in field order.

    >>> field_types(Room)
    {'id': <class 'str'>, 'name': <class 'str'>}
    """
    if cls not in _TYPES:
        _TYPES[cls] = {a.name: _resolved(cls, a.name, a.type) for a in attrs.fields(cls)}
    return _TYPES[cls]


def _resolved(cls: type[Any], name: str, annotation: Any) -> Any:
    """``typing.get_type_hints(cls)[name]``, by evaluating the one annotation in its module (a tenth of the cost).

    The model's modules write ``from __future__ import annotations``, so each
    annotation is the text of a type (``"str | None"``, ``"tuple[Speaker,
    ...]"``); evaluated in the namespace of the class that declares the field,
    it is what ``get_type_hints`` gives (``tests/test_fields.py`` holds the
    two equal for every model class), without its walk over every
    annotation and its forward references, which cost a few milliseconds of
    the first ``load()``.
    """
    if not isinstance(annotation, str):
        return annotation
    # The class's own __annotations__ (a base's would be inherited by attribute access); inspect.get_annotations
    # does the same but importing inspect costs more than this whole function.
    owner = next(k for k in cls.__mro__ if name in k.__dict__.get("__annotations__", {}))  # noqa: RUF063
    return eval(annotation, vars(sys.modules[owner.__module__]))


def keys(cls: type[Any]) -> frozenset[str]:
    """The keys a JSON object of ``cls`` may hold: its attrs fields."""
    return frozenset(field_types(cls))


def item_type(type_: Any) -> Any:
    """The type a field holds, without ``| None`` and without ``tuple[..., ...]``: ``Room`` for ``Room | None``."""
    args = [a for a in typing.get_args(type_) if a is not type(None)]
    if typing.get_origin(type_) is tuple or (len(args) == 1 and args[0] is not type_):
        return item_type(args[0])
    return type_


def part_class(type_: Any) -> type[Any] | None:
    """The referenced class a conference field lists (``Session`` for :class:`Sessions`), else None."""
    if type_ is Sessions:
        return Session
    item = item_type(type_)
    return item if typing.get_origin(type_) is tuple and item in REFERENCED else None


CONFERENCE_PARTS: tuple[str, ...] = tuple(n for n, t in field_types(Conference).items() if part_class(t) is not None)
"""The conference's fields written as lists of their own (sessions, speakers, rooms, tracks)."""

SESSION_REFS: tuple[str, ...] = tuple(n for n, t in field_types(Session).items() if item_type(t) in REFERENCED)
"""A session's fields written as ids: its room, track and speakers."""
