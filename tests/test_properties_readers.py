"""Properties of every reader in the registry: any input gives a Conference or a ScheduleParseError (and never hangs), and round trips keep what docs/reference/formats.md says.

The readers come from ``formats.format_names("read")``, so a new reader is held to
these properties as soon as it is registered (sqlite, which ``dumps`` cannot write, has its round trips in test_formats_sqlite.py).  Native JSON's lossless round trip
and iCalendar's titles and instants are in test_formats_native.py and
test_formats_ics.py; this module adds the other fields of the round-trip table.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Literal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Room, ScheduleParseError, Session, SessionKind, Speaker, Track, dumps, loads
from pyconf_schedule.formats import FORMATS, format_names

from . import fuzz_readers
from ._hostile import TimeLimitExceeded, time_limit

READERS = format_names("read")
TEXT_READERS = tuple(f.name for f in FORMATS if f.readable and f.writable and not f.binary)
"""The readers whose own export round-trips through dumps() (sqlite: test_formats_sqlite; the platforms are read only)."""
BOUND = 5.0
"""Seconds after which reading one input (of at most a few kB: milliseconds) is stopped as a hang; not a speed claim."""
_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _read_or_refuse(data: bytes, format_name: str, tz: str | None = None) -> None:
    """Read ``data``; a ScheduleParseError is fine, anything else (or a hang, stopped after BOUND seconds) fails."""
    try:
        with time_limit(BOUND):
            conf = loads(data, format_name, file_tz=tz)  # type: ignore[arg-type]
    except ScheduleParseError:
        return
    except TimeLimitExceeded:
        pytest.fail(f"hang: reading {format_name} still running after {BOUND:g} s: {data[:200]!r}", pytrace=False)
    assert isinstance(conf, Conference)


@pytest.mark.parametrize("format_name", READERS)
@_SETTINGS
@given(data=st.binary(max_size=3000))
def test_any_bytes_give_a_conference_or_a_parse_error(format_name: str, data: bytes) -> None:
    """Arbitrary bytes read in any registered format give a Conference or a ScheduleParseError, never another exception."""
    _read_or_refuse(data, format_name)


def _seeds(format_name: str) -> list[bytes]:
    return fuzz_readers.seed_inputs(format_name, fuzz_readers.SEED_FOLDERS[:2])


_OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["insert", "replace", "delete", "truncate", "flip", "duplicate"]),
        st.floats(0, 1),
        st.integers(0, 10_000),
        st.integers(1, 64),
    ),
    min_size=1,
    max_size=5,
)


def _apply(data: bytes, operations: list[tuple[str, float, int, int]], tokens: tuple[bytes, ...]) -> bytes:
    out = data
    for name, where, pick, length in operations:
        i = int(where * len(out))
        token = tokens[pick % len(tokens)]
        if name == "insert":
            out = out[:i] + token + out[i:]
        elif name == "replace":
            out = out[:i] + token + out[i + length :]
        elif name == "delete":
            out = out[:i] + out[i + length :]
        elif name == "truncate":
            out = out[:i]
        elif name == "flip" and out:
            i = min(i, len(out) - 1)
            out = out[:i] + bytes([out[i] ^ (1 << (pick % 8))]) + out[i + 1 :]
        elif name == "duplicate":
            out = out[:i] + out[i : i + length] * (1 + pick % 4) + out[i:]
    return out


@pytest.mark.parametrize("format_name", READERS)
@_SETTINGS
@given(pick=st.integers(0, 10_000), operations=_OPERATIONS, tz=st.sampled_from([None, *fuzz_readers.ZONES]))
def test_mutated_golden_and_corpus_files_give_a_conference_or_a_parse_error(
    format_name: str, pick: int, operations: list[tuple[str, float, int, int]], tz: str | None
) -> None:
    """Golden and corpus files of each format, mutated with the format's interesting tokens, give a Conference or a ScheduleParseError."""
    seeds = _seeds(format_name)
    tokens = fuzz_readers.tokens(format_name)
    _read_or_refuse(_apply(seeds[pick % len(seeds)], operations, tokens), format_name, tz)


# ---- round trips: what the table "What survives a round trip" of docs/reference/formats.md promises ----

_WORD = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N"]) | st.sampled_from(list("&<>\"';:|*_\\/.!?-")),
    min_size=1,
    max_size=10,
)
_TEXT = st.lists(_WORD, min_size=1, max_size=4).map(" ".join)
_NAME = st.lists(
    st.text(alphabet=st.characters(codec="utf-8", categories=["L"]), min_size=1, max_size=8), min_size=1, max_size=3
).map(" ".join)
_ZONES = st.sampled_from(["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe"])
_MINUTES = st.integers(0, 60 * 24 * 365 * 30).map(lambda m: datetime(2000, 1, 1, tzinfo=UTC) + timedelta(minutes=m))


@st.composite
def scheduled_conferences(draw: st.DrawFn) -> Conference:
    """Conferences of scheduled sessions with whole-minute times, an end after the start and plain, non-empty texts."""
    zone = draw(_ZONES)
    rooms = [Room(id=f"r{i}", name=name) for i, name in enumerate(draw(st.lists(_TEXT, max_size=2, unique=True)))]
    tracks = [Track(id=f"t{i}", name=name) for i, name in enumerate(draw(st.lists(_TEXT, max_size=2, unique=True)))]
    names = draw(st.lists(_NAME, max_size=3, unique_by=str.casefold))
    speakers = [Speaker(id=f"p{i}", name=name, organisation=draw(st.none() | _NAME)) for i, name in enumerate(names)]
    sessions = []
    for i in range(draw(st.integers(1, 4))):
        start = draw(_MINUTES)
        sessions.append(
            Session(
                id=f"frab-{i + 1}",
                title=draw(_TEXT),
                kind=draw(st.sampled_from(list(SessionKind))),
                start=start,
                end=start + timedelta(minutes=draw(st.integers(1, 600))),
                room=draw(st.none() | st.sampled_from(rooms)) if rooms else None,
                track=draw(st.none() | st.sampled_from(tracks)) if tracks else None,
                speakers=draw(st.lists(st.sampled_from(speakers), unique=True, max_size=2)) if speakers else (),
                abstract=draw(st.none() | _TEXT),
                language=draw(st.none() | st.sampled_from(["en", "de", "fr"])),
                url=draw(st.none() | st.sampled_from(["https://example.org/a", "http://example.org/b?c=1&d=2"])),
            )
        )
    return Conference(
        id="c", name=draw(_TEXT), timezone=zone, sessions=sessions, speakers=speakers, rooms=rooms, tracks=tracks
    )


def _kept(conf: Conference, format_name: str) -> tuple[object, ...]:
    """What ``format_name`` keeps of ``conf``, per the round-trip table, as a comparable value."""
    organisations = format_name == "ics"
    language = format_name != "ics"
    sessions = [
        (
            s.title,
            s.start,
            s.end,
            s.kind,
            s.room and s.room.name,
            s.track and s.track.name,
            tuple((p.name, p.organisation if organisations else None) for p in s.speakers),
            s.abstract,
            s.language if language else None,
            s.url,
        )
        for s in conf.sessions
    ]
    sessions.sort(key=repr)
    return (conf.name, conf.timezone, sessions)


@pytest.mark.parametrize("format_name", [name for name in TEXT_READERS if name != "json"])
@settings(max_examples=30, deadline=None)
@given(conf=scheduled_conferences())
def test_round_trip_keeps_what_the_docs_promise(format_name: str, conf: Conference) -> None:
    """Each reader's own export reads back with the name, zone, titles, instants, kinds, rooms, tracks, speakers, abstracts, languages and URLs the docs list."""
    back = loads(dumps(conf, format_name), format_name)  # type: ignore[arg-type]
    assert _kept(back, format_name) == _kept(conf, format_name)


@pytest.mark.parametrize("format_name", [name for name in TEXT_READERS if name != "json"])
@settings(max_examples=20, deadline=None)
@given(conf=scheduled_conferences(), view=_ZONES)
@example(  # ends at 02:44 CET on 25 October 2026, inside the hour Paris repeats
    conf=Conference(
        id="c",
        name="C",
        timezone="UTC",
        sessions=[
            Session(
                id="frab-1",
                title="T",
                start=datetime(2026, 10, 24, 23, 31, tzinfo=UTC),
                end=datetime(2026, 10, 25, 1, 44, tzinfo=UTC),
            )
        ],
    ),
    view="Europe/Paris",
)
def test_round_trip_in_another_zone_keeps_the_instants(format_name: str, conf: Conference, view: str) -> None:
    """Written with tz= another zone, every session reads back at the same instants, and the zone is the one written."""
    back = loads(dumps(conf, format_name, tz=view), format_name)  # type: ignore[arg-type]
    assert sorted(map(_instants, back.sessions)) == sorted(map(_instants, conf.sessions))
    assert back.timezone == view


def _instants(session: Session) -> tuple[datetime | None, datetime | None]:
    """Start and end in UTC: Python's == between zones is False for any time in a DST fold, so instants are compared in one zone."""
    return tuple(None if t is None else t.astimezone(UTC) for t in (session.start, session.end))  # type: ignore[return-value]


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
@settings(max_examples=30, deadline=None)
@given(
    start=st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)),
    seconds=st.integers(0, 36_000),
)
def test_seconds_and_zero_length_ends_survive(
    format_name: Literal["frab-xml", "c3voc-json"], start: datetime, seconds: int
) -> None:
    """A start and end with seconds, or equal (zero length), read back exactly from frab XML and c3voc JSON."""
    start = start.replace(microsecond=0)
    session = Session(id="frab-1", title="T", start=start, end=start + timedelta(seconds=seconds))
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[session])
    (back,) = loads(dumps(conf, format_name), format_name).sessions
    assert (back.start, back.end) == (session.start, session.end)
