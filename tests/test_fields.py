"""The native form's field tables come from the model's attrs fields; its two written choices are checked against them."""

from __future__ import annotations

import typing
from typing import Any

import attrs
import pytest

from pyconf_schedule import Conference, Room, Session, Speaker, Track
from pyconf_schedule._converter import conference_to_dict
from pyconf_schedule._days import ProgrammeDay
from pyconf_schedule._fields import (
    CONFERENCE_PARTS,
    REFERENCED,
    SESSION_REFS,
    WRITTEN_WHEN_SET,
    field_types,
    item_type,
    keys,
    part_class,
)
from pyconf_schedule._model import Conflict, Provenance, Source, SourcedValue
from pyconf_schedule._sessions import Sessions

from ._support import MODEL_CLASSES, rich_conference


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_keys_are_the_attrs_fields(cls: type[Any]) -> None:
    """Each class's JSON keys are exactly its attrs fields, in field order for the resolved types."""
    assert list(field_types(cls)) == [a.name for a in attrs.fields(cls)]
    assert keys(cls) == {a.name for a in attrs.fields(cls)}


def test_item_types() -> None:
    """item_type strips ``| None`` and ``tuple[..., ...]``; part_class names the class a conference list holds."""
    types = field_types(Session)
    assert [item_type(types[n]) for n in ("id", "room", "speakers", "slides")] == [str, Room, Speaker, str]
    conference = field_types(Conference)
    assert [part_class(conference[n]) for n in ("sessions", "speakers", "rooms", "tracks", "sources", "name")] == [
        Session, Speaker, Room, Track, None, None,
    ]  # fmt: skip


def test_parts_and_references_are_what_the_format_says() -> None:
    """Sessions refer by id to rooms, tracks and speakers; the conference lists those and the sessions."""
    assert (Room, Track, Speaker) == REFERENCED
    assert CONFERENCE_PARTS == ("sessions", "speakers", "rooms", "tracks")
    assert SESSION_REFS == ("room", "track", "speakers")
    assert field_types(Conference)["sessions"] is Sessions


def test_referenced_classes_are_the_conference_lists() -> None:
    """Every class a session refers to has an id and is listed by exactly one conference field."""
    listed = [part_class(t) for n, t in field_types(Conference).items() if n in CONFERENCE_PARTS]
    assert sorted(c.__name__ for c in listed if c is not None and c is not Session) == sorted(
        c.__name__ for c in REFERENCED
    )
    assert all("id" in keys(cls) for cls in REFERENCED)


@pytest.mark.parametrize(("cls", "names"), list(WRITTEN_WHEN_SET.items()), ids=lambda v: getattr(v, "__name__", ""))
def test_written_when_set_names_fields_with_defaults(cls: type[Any], names: tuple[str, ...]) -> None:
    """Each field written only when set is a field of its class that has a default (the value leaving it out)."""
    fields = attrs.fields_dict(cls)
    assert set(names) <= set(fields)
    assert all(fields[n].default is not attrs.NOTHING for n in names)


def test_a_document_holds_every_field() -> None:
    """The converter writes each conference, session, speaker, room and track field (those written when set, set)."""
    body = conference_to_dict(rich_conference())["conference"]
    assert set(body) == keys(Conference)
    assert {k for s in body["sessions"] for k in s} == keys(Session)
    assert {k for p in body["speakers"] for k in p} == keys(Speaker)
    assert {k for r in body["rooms"] for k in r} == keys(Room)
    assert {k for t in body["tracks"] for k in t} == keys(Track)


def _instances(conf: Conference) -> dict[type[Any], list[Any]]:
    conflicts = [c for s in conf.sessions for c in (*s.conflicts, *s.variants)] + [
        c for p in conf.speakers for c in p.conflicts
    ]
    return {
        Conference: [conf], Session: list(conf.sessions), Speaker: list(conf.speakers), Room: list(conf.rooms),
        Track: list(conf.tracks), Source: list(conf.sources), Conflict: conflicts,
        SourcedValue: [v for c in conflicts for v in c.values], ProgrammeDay: list(conf.programme_days),
        Provenance: [p for s in conf.sessions for p in s.field_sources],
    }  # fmt: skip


def test_the_rich_sample_sets_every_field() -> None:
    """Every field of every class is set (not its default) somewhere in the sample the decoder and writers are tested on."""
    instances = _instances(rich_conference())
    assert set(instances) == set(MODEL_CLASSES)
    unset = []
    for cls, items in instances.items():
        for a in attrs.fields(cls):
            default = (
                None if hasattr(a.default, "factory") else a.default
            )  # a Factory: a derived list, set when not empty
            if all(getattr(item, a.name) in (default, None, ()) for item in items):
                unset.append(f"{cls.__name__}.{a.name}")
    assert unset == []


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_field_types_are_what_get_type_hints_resolves(cls: type[Any]) -> None:
    """field_types() evaluates each annotation itself: the result is typing.get_type_hints()'s, field by field."""
    hints = typing.get_type_hints(cls)
    assert field_types(cls) == {a.name: hints[a.name] for a in attrs.fields(cls)}
