"""Test helpers: paths to ../shared/ and a small synthetic conference across a DST change."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import attrs
import pytest

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track, load
from pyconf_schedule._days import ProgrammeDay
from pyconf_schedule._model import Conflict, Provenance, Source, SourcedValue

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
LA = ZoneInfo("America/Los_Angeles")


_Built = TypeVar("_Built")


def built_objects(monkeypatch: pytest.MonkeyPatch, cls: type[_Built]) -> list[_Built]:
    """Every object of the model class ``cls`` built from now on, in order (its ``__attrs_post_init__`` counts it)."""
    built: list[_Built] = []
    check = cls.__attrs_post_init__  # type: ignore[attr-defined]

    def counting(self: _Built) -> None:
        built.append(self)
        check(self)

    monkeypatch.setattr(cls, "__attrs_post_init__", counting)
    return built


def shared_path(*parts: str) -> Path:
    """The path of a file under ../shared/, skipping the test when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared folder is not next to this checkout")
    return path


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    """An aware UTC datetime."""
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


ADA = Speaker(id="ada", name="Ada Lovelace", aliases=("Augusta Ada King",), organisation="Analytical Engines Ltd")
RENE = Speaker(id="rene", name="René Descartes", organisation="Red Hat, Inc")
HALL = Room(id="main-hall", name="Main Hall")
SIDE = Room(id="side-room", name="Side Room")
CORE = Track(id="core-compilers", name="Core & Compilers")


def dst_conference() -> Conference:
    """A conference in Los Angeles on 31 Oct - 1 Nov 2026, across the end of DST.

    DST ends on 1 November 2026 at 02:00 PDT (09:00 UTC), when clocks go back to 01:00 PST.
    """
    sessions = [
        # 31 Oct 23:30 PDT -> 1 Nov 01:30 PDT (first 01:30): 2 hours.
        Session(
            id="late",
            title="Late Night Kernels",
            start=utc(2026, 11, 1, 6, 30),
            end=utc(2026, 11, 1, 8, 30),
            room=HALL,
            track=CORE,
            speakers=(ADA,),
            kind=SessionKind.TALK,
            abstract="Warp-level tricks.",
        ),
        # 1 Nov 01:30 PDT -> 01:30 PST: one hour of real time, the same wall time twice.
        Session(
            id="fold",
            title="The Hour That Repeats",
            start=utc(2026, 11, 1, 8, 30),
            end=utc(2026, 11, 1, 9, 30),
            room=SIDE,
            speakers=(RENE,),
            kind=SessionKind.LIGHTNING_TALK,
        ),
        # 1 Nov 10:00 PST, unknown end.
        Session(
            id="open",
            title="Open End",
            start=utc(2026, 11, 1, 18, 0),
            room=HALL,
            speakers=(ADA, RENE),
            kind=SessionKind.KEYNOTE,
        ),
        Session(id="tbd", title="To Be Decided", speakers=(RENE,), kind=SessionKind.PANEL),
    ]
    return Conference(id="dst", name="DST Test Conference", timezone="America/Los_Angeles", sessions=sessions)


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a parsed JSON document, the document's own ``()`` first, parents before children."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(json_paths(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(json_paths(item, (*path, i)))
    return found


def check_c3voc_schema(document: dict[str, Any], conf: Conference) -> None:
    """``document`` validates against schedule.schema.json (formats checked), but for the ``url`` of events that have none.

    An event's ``url`` is the session's, else the conference's; with neither,
    the writer leaves it out (as c3voc-schedule-tools' own files do) rather
    than write a placeholder, and the schema's ``required`` misses exactly it.
    """
    import jsonschema

    schema = json.loads(shared_path("schemas", "schedule.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER)
    errors = sorted((list(map(str, e.absolute_path)), e.message) for e in validator.iter_errors(document))
    days = document["schedule"]["conference"]["days"]
    events = [
        (["schedule", "conference", "days", str(d), "rooms", room, str(i)], event)
        for d, day in enumerate(days) for room, items in day["rooms"].items() for i, event in enumerate(items)
    ]  # fmt: skip
    assert errors == sorted((path, "'url' is a required property") for path, event in events if "url" not in event)
    written = [s for s in conf.sessions if s.start is not None and s.end is not None]
    without = sorted(s.title or "(untitled session)" for s in written if not (s.url or "").startswith("http"))
    assert sorted(e["title"] for _, e in events if "url" not in e) == ([] if conf.url else without)


MODEL_CLASSES: tuple[type[Any], ...] = (
    Conference,
    Session,
    Speaker,
    Room,
    Track,
    Source,
    Conflict,
    SourcedValue,
    Provenance,
    ProgrammeDay,
)
"""Every class the native form writes."""

_PARIS = ZoneInfo("Europe/Paris")


def rich_conference() -> Conference:
    """A conference giving every field of every model class a value other than its default somewhere.

    From eu2026: sessions with conflicts, variants, a day only and speakers
    with conflicts; a session with a language and an address, a speaker with
    aliases, two programme days, a day change, and the whole viewed from
    Tokyo.  ``tests/test_fields.py`` checks that no field is left at its
    default, so a new field must be given a value here to be tested.
    """
    eu = load("eu2026")
    picked = [s for s in eu.sessions if s.conflicts or s.variants][:3] + list(eu.sessions.day_only[:2])
    picked += [s for s in eu.sessions if any(p.aliases or p.conflicts for p in s.speakers)][:2]
    chosen = eu.select(picked)
    first = attrs.evolve(
        chosen.sessions[0],
        language="en",
        url="https://example.org/sessions/1",
        speakers=(*chosen.sessions[0].speakers, ADA),
        recording="https://example.org/videos/1",
        slide_urls=("https://example.org/slides/1.pdf",),
        field_sources=(
            Provenance(field="start", sources=("seed-002",)),
            Provenance(field="kind", weak="no source states the kind; 'talk' is the default"),
        ),
    )
    days = (
        ProgrammeDay(date=date(2026, 4, 7), start=datetime(2026, 4, 7, 8, tzinfo=_PARIS),
                     end=datetime(2026, 4, 8, 2, tzinfo=_PARIS)),
        ProgrammeDay(date=date(2026, 4, 8), start=datetime(2026, 4, 8, 8, tzinfo=_PARIS),
                     end=datetime(2026, 4, 9, 2, tzinfo=_PARIS)),
    )  # fmt: skip
    return Conference(
        id=chosen.id, name=chosen.name, timezone=chosen.timezone, sessions=[first, *chosen.sessions[1:]],
        speakers=(*chosen.speakers, ADA), rooms=chosen.rooms, tracks=chosen.tracks, sources=chosen.sources,
        city=chosen.city, country="France", venue=eu.venue, url=eu.url, coverage=eu.coverage,
        start_date=chosen.start_date, end_date=chosen.end_date, programme_days=days, day_change=time(4, 0),
    ).to_tz("Asia/Tokyo")  # fmt: skip
