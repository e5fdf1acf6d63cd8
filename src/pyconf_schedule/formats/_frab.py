"""What frab schedule XML and c3voc schedule JSON share: the event model of both.

Readers turn their document into :class:`RawSchedule` / :class:`RawEvent`
(plain strings, as the file gives them) and call :func:`build`; writers
call :func:`._frab_plan.plan` and render its :class:`._frab_plan.Plan`.  The rules (zones, ids,
kinds, what is left out) live here once; they are documented in
``docs/reference/formats.md`` and the modules ``frab_xml`` and ``frab_json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any, TypeVar

import attrs

from .._conference import Conference
from .._model import Conflict, Session, SessionKind, SourcedValue, Speaker, one_value_conflict
from .._progress import SESSION_STEP, active, report
from .._text import fold, slugify
from .._time import get_zone, localize, parse_datetime, utc, zone_name
from ..exceptions import AmbiguousTimeError, MissingZoneError, PyconfScheduleError, ScheduleParseError
from ._common import (
    UniqueIds,
    build_conference,
    kind_from_label,
    rooms_table,
    source_room,
    source_title,
    tracks_table,
    unique_slug,
)
from ._frab_days import day_date, derived_day_change, programme_days
from ._frab_plan import IDENTITY_RULE
from ._input import out_of_range

__all__ = ["CLOCK_FORMS", "DURATION_FORMS", "RawDay", "RawEvent", "RawPerson", "RawSchedule", "build"]


@attrs.define
class RawPerson:
    name: str
    id: str | None = None
    guid: str | None = None
    code: str | None = None
    bio: str | None = None


@attrs.define
class RawEvent:
    location: str
    id: str | None = None
    guid: str | None = None
    slug: str | None = None
    code: str | None = None
    title: str | None = None
    subtitle: str | None = None
    type: str | None = None
    date: str | None = None
    start: str | None = None
    duration: str | None = None
    end: str | None = None
    room: str | None = None
    track: str | None = None
    language: str | None = None
    abstract: str | None = None
    description: str | None = None
    url: str | None = None
    persons: list[RawPerson] = attrs.field(factory=list)
    slides: list[str] = attrs.field(factory=list)
    day_date: str | None = None
    day_start: str | None = None
    day_end: str | None = None


@attrs.define
class RawDay:
    """A ``<day>`` / ``days[]`` entry: its date, start and end as the file gives them."""

    location: str
    date: str | None = None
    start: str | None = None
    end: str | None = None


@attrs.define
class RawSchedule:
    title: str | None = None
    acronym: str | None = None
    time_zone_name: str | None = None
    start: str | None = None
    end: str | None = None
    url: str | None = None
    venue: str | None = None
    city: str | None = None
    day_change: str | None = None
    rooms: list[str] = attrs.field(factory=list)
    tracks: list[str] = attrs.field(factory=list)
    events: list[RawEvent] = attrs.field(factory=list)
    days: list[RawDay] = attrs.field(factory=list)


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------


_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")
CLOCK_FORMS = "HH:MM or HH:MM:SS (hours 00 to 23, minutes and seconds 00 to 59; no leap second)"
"""The start times of the day read: ``23:59:60`` and ``24:00`` are refused."""
_DURATION = re.compile(r"^(?:(\d{1,3}):(?=\d{2}:\d{2}:\d{2}$))?(\d{1,8}):([0-5]\d)(?::([0-5]\d))?$")
DURATION_FORMS = "HH:MM or HH:MM:SS (1 to 8 digits of hours, minutes and seconds 00 to 59), or D:HH:MM:SS"
"""The durations read: frab and pretalx write ``HH:MM`` (hours may pass 24), pentabarf ``HH:MM:SS``."""


_EDGE_YEARS = (1, 9999)
_UNKNOWN = object()
_MEMO_SIZE = 4096
_MEMO_TEXT = 32
"""Clock times and durations read so far (a programme repeats a few dozen): at most this many of each, none longer."""
_CLOCKS: dict[str, time | None] = {}
_DURATIONS: dict[str, timedelta | None] = {}
_T = TypeVar("_T")


def _memo(table: dict[str, Any], read: Callable[[str], _T], text: str) -> _T:
    """``read(text)``, remembered in ``table`` for short texts while it holds fewer than :data:`_MEMO_SIZE`."""
    known = table.get(text, _UNKNOWN)
    if known is not _UNKNOWN:
        return known  # type: ignore[no-any-return]
    value = read(text)
    if len(text) <= _MEMO_TEXT and len(table) < _MEMO_SIZE:
        table[text] = value
    return value


def _clock(text: str) -> time | None:
    return _memo(_CLOCKS, _read_clock, text)


def _read_clock(text: str) -> time | None:
    m = _CLOCK.match(text.strip())
    if m is None or int(m[1]) > 23 or int(m[2]) > 59 or int(m[3] or 0) > 59:
        return None
    return time(int(m[1]), int(m[2]), int(m[3] or 0))


def _duration(text: str) -> timedelta | None:
    """``HH:MM``, ``HH:MM:SS`` or ``D:HH:MM:SS`` (:data:`DURATION_FORMS`), else None.

    >>> _duration("01:30"), _duration("00:99"), _duration("1:02:00:05")
    (datetime.timedelta(seconds=5400), None, datetime.timedelta(days=1, seconds=7205))
    """
    return _memo(_DURATIONS, _read_duration, text)


def _read_duration(text: str) -> timedelta | None:
    m = _DURATION.match(text.strip())
    if m is None:
        return None
    days, hours = int(m[1] or 0), int(m[2])
    if m[1] is not None and hours > 23:  # D:HH:MM:SS: the hours are within the day
        return None
    return timedelta(days=days, hours=hours, minutes=int(m[3]), seconds=int(m[4] or 0))


def _zone_or_none(name: str | None) -> tzinfo | None:
    if not name or not name.strip():
        return None
    try:
        return get_zone(name.strip())
    except PyconfScheduleError:
        return None


def _named_zone(tz: str | None, time_zone_name: str | None) -> tzinfo | None:
    """The conference's zone when the caller or the file names it (an IANA zone), else None (the offsets decide)."""
    if tz is not None:
        zone = get_zone(tz)
        return zone if zone_name(zone) is not None else None
    named = _zone_or_none(time_zone_name)
    return named if named is not None and zone_name(named) is not None else None


def _in_zone(value: datetime, zone: tzinfo) -> datetime:
    """``value`` in ``zone``; as it is when either wall time falls in year 1 or 9999 or the conversion overflows.

    Such a value is converted later, as every value once was, so that an error it raises (naming the value as the
    file gives it, or out of range) is raised where and as it always was.
    """
    if value.year in _EDGE_YEARS:
        return value
    try:
        converted = value.astimezone(zone)
    except OverflowError:
        return value
    return value if converted.year in _EDGE_YEARS else converted


def _bound(text: str, wall_zone: tzinfo | None) -> datetime | None:
    try:
        value = parse_datetime(text)
    except PyconfScheduleError:
        return None
    if value.tzinfo is None:
        if wall_zone is None:
            return None
        try:  # a wall time a DST change skips or repeats is no instant: the day has no readable bounds
            value = localize(value, wall_zone)
        except (PyconfScheduleError, OverflowError):
            return None
    return value


def _fixed_zone(offsets: set[timedelta]) -> str:
    """The IANA name for the one UTC offset every date carries: ``UTC`` or ``Etc/GMT-1`` for +01:00."""
    if len(offsets) != 1:
        return "UTC"
    offset = next(iter(offsets))
    hours, rest = divmod(int(offset.total_seconds()), 3600)
    if rest or not -12 <= hours <= 14:
        return "UTC"
    return "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"


def build(raw: RawSchedule, tz: str | None, format_name: str) -> Conference:
    """A Conference from a frab-style schedule, following the rules in the module docstring.

    Every comparison and duration is done on instants (UTC), never on wall
    times, so events across a DST change are read as they happen.
    """

    def error(message: str, location: str | None = None) -> ScheduleParseError:
        return ScheduleParseError(format_name, message, location)

    if tz is not None:
        wall_zone: tzinfo | None = get_zone(tz)
    else:
        wall_zone = _zone_or_none(raw.time_zone_name)
    day_change = _clock(raw.day_change) if raw.day_change else None
    # A programme repeats a few hundred distinct times: each text is read once (a failure is never kept).
    instants: dict[str, datetime] = {}
    bounds: dict[str, datetime | None] = {}

    def instant(text: str, location: str) -> datetime:
        known = instants.get(text)
        if known is not None:
            return known
        try:
            value = parse_datetime(text)
        except PyconfScheduleError as exc:
            raise error(str(exc), location) from None
        if value.tzinfo is None:
            if wall_zone is None:
                named = (raw.time_zone_name or "").strip()
                if named:
                    reason = (
                        f"the date {text!r} has no UTC offset and the file's time_zone_name {named!r} is not an "
                        "IANA time-zone name (such as 'Europe/Berlin'); pass file_tz= the conference's zone"
                    )
                else:
                    reason = f"the date {text!r} has no UTC offset and the file names no time zone; pass file_tz= the conference's zone"
                raise MissingZoneError(format_name, reason, location)
            try:
                value = localize(value, wall_zone)
            except AmbiguousTimeError as exc:
                # A wall time a DST change skips or repeats has two readings an hour apart: refuse, never shift.
                raise error(f"the date {text!r} has no UTC offset and {exc}", location) from None
        utc(value)  # an instant outside years 1-9999 fails here, at its event
        instants[text] = value
        return value

    def bound(text: str | None) -> datetime | None:
        """A day's start or end as an instant, or None when absent or unreadable (lenient)."""
        if not text:
            return None
        if text in bounds:
            return bounds[text]
        bounds[text] = value = _bound(text, wall_zone)
        return value

    rooms = rooms_table()
    for name in raw.rooms:
        rooms.get(source_room(name))
    tracks = tracks_table()
    for name in raw.tracks:
        tracks.get(name)
    people_met = _People()
    session_ids = UniqueIds()
    offsets: set[timedelta] = set()
    drafts: list[tuple[dict[str, Any], tuple[str, ...], str]] = []  # each session's fields, its speakers' ids, location
    # The conference's zone, where it is known before the events are read: each time is then made in it (the
    # second pass below converts only what it must: see _in_zone).  Each Session is made once, in that pass,
    # when the zone and the speakers (their aliases and conflicts known) are final.
    early_zone = _named_zone(tz, raw.time_zone_name)
    kinds: dict[str | None, tuple[SessionKind, str | None]] = {}
    times: dict[tuple[str | None, ...], tuple[datetime | None, datetime | None]] = {}
    told = active()  # progress for a listener (the command line on a terminal), counted only when one listens
    for number, event in enumerate(raw.events, start=1):
        if told and not number % SESSION_STEP:
            report("sessions", number, len(raw.events))
        # Events in parallel rooms share their times: the texts that decide an event's instants are read once.
        key = (event.date, event.day_date, event.start, event.duration, event.end, event.day_start, event.day_end)
        known_times = times.get(key)
        if known_times is not None:
            start, end = known_times
        else:
            try:
                start, end = _times(event, instant, bound, day_change, error)
            except OverflowError:
                raise out_of_range(format_name, event.location) from None
            if start is not None:
                offsets.add(start.utcoffset() or timedelta(0))
                if early_zone is not None:
                    start, end = _in_zone(start, early_zone), None if end is None else _in_zone(end, early_zone)
            times[key] = start, end  # only what was read without error: an error is raised at each event that has it
        sid = _session_id(event, session_ids)
        people: dict[str, None] = {}  # speaker ids: a person named twice in one event speaks once
        for person in event.persons:
            try:
                speaker = people_met.get(person)
            except PyconfScheduleError as exc:  # a person the model refuses, e.g. an id of control characters
                raise error(str(exc), event.location) from None
            if speaker is not None:
                people[speaker.id] = None
        if event.type in kinds:
            kind, label = kinds[event.type]
        else:
            kind, label = kinds[event.type] = kind_from_label(event.type)
        paragraphs: list[str] = []
        for text in (event.subtitle, event.abstract, event.description):
            if text and text.strip() and text.strip() not in paragraphs:
                paragraphs.append(text.strip())
        fields: dict[str, Any] = {
            "id": sid,
            "title": source_title(event.title, sid),
            "kind": kind,
            "kind_label": label,
            "start": start,
            "end": end,
            "room": rooms.get(source_room(event.room)),
            "track": tracks.get(event.track),
            "abstract": "\n\n".join(paragraphs) or None,
            "language": event.language or None,
            "url": event.url or None,
            "slides": event.slides,
            "variants": _identities(event, sid, format_name),
        }
        drafts.append((fields, tuple(people), event.location))
    conf_zone = zone_name(early_zone) if early_zone is not None else None
    if conf_zone is None:
        conf_zone = "UTC" if tz is not None else _fixed_zone(offsets)
    zone = get_zone(conf_zone)
    speakers = people_met.speakers()
    sessions = []
    for fields, speaker_ids, location in drafts:
        start, end = fields["start"], fields["end"]
        named = [speakers[i] for i in speaker_ids]
        try:
            try:
                if start is not None and start.tzinfo is not zone:  # astimezone(zone) of a time in zone is that time
                    fields["start"] = start.astimezone(zone)
                if end is not None and end.tzinfo is not zone:
                    fields["end"] = end.astimezone(zone)
            except OverflowError:  # the model says which time is too close to the limits, where it can
                Session(speakers=named, **fields)
                raise
            sessions.append(Session(speakers=named, **fields))
        except PyconfScheduleError as exc:
            raise error(str(exc), location) from None
        except OverflowError:
            raise out_of_range(format_name, location) from None
    days, starts = programme_days(raw.days, bound, zone)
    if day_change is None and days is not None:
        day_change = derived_day_change(days, starts, sessions)
    start_date, end_date = day_date(raw.start), day_date(raw.end)
    if start_date and end_date and end_date < start_date:
        start_date = end_date = None
    name = raw.title or raw.acronym or "Schedule"
    return build_conference(
        format_name,
        id=(raw.acronym or "").strip() or slugify(name) or "schedule",
        name=name,
        timezone=conf_zone,
        sessions=sessions,
        speakers=list(speakers.values()),
        rooms=rooms.values(),
        tracks=tracks.values(),
        url=raw.url or None,
        venue=raw.venue or None,
        city=raw.city or None,
        start_date=start_date,
        end_date=end_date,
        programme_days=days or (),
        day_change=day_change,
    )


def _times(
    event: RawEvent,
    instant: Callable[[str, str], datetime],
    bound: Callable[[str | None], datetime | None],
    day_change: time | None,
    error: Callable[..., ScheduleParseError],
) -> tuple[datetime | None, datetime | None]:
    """An event's start and end instants (either may be None)."""
    start: datetime | None = None
    end: datetime | None = None
    if event.date:
        start = instant(event.date, event.location)
    elif event.day_date and event.start:
        clock = _clock(event.start)
        try:
            day = date.fromisoformat(event.day_date.strip()[:10])
        except ValueError:
            raise error(f"the day date {event.day_date!r} is not YYYY-MM-DD", event.location) from None
        if clock is None:
            raise error(f"the start {event.start!r} is not {CLOCK_FORMS}", event.location)
        if day_change is not None and clock < day_change:
            day += timedelta(days=1)
        start = instant(datetime.combine(day, clock).isoformat(), event.location)
        # A start before the day's own start is after midnight: the next calendar day,
        # unless that would put it after the day's end.
        day_start = bound(event.day_start)
        if day_start is not None and utc(start) < utc(day_start):
            later = instant(datetime.combine(day + timedelta(days=1), clock).isoformat(), event.location)
            day_end = bound(event.day_end)
            if day_end is None or utc(later) <= utc(day_end):
                start = later
    if start is None:
        return None, None
    if event.end:
        end = instant(event.end, event.location)
    elif event.duration:
        length = _duration(event.duration)  # at most 10**8 hours (11 400 years): never an OverflowError
        if length is None:
            raise error(f"the duration {event.duration!r} is not {DURATION_FORMS}", event.location)
        # "00:00" means the end is unknown (what frab and pretalx write then); "00:00:00",
        # with seconds, is a zero-length event, as this library writes one.
        if length or event.duration.strip().count(":") >= 2:
            end = (utc(start) + length).astimezone(start.tzinfo)
    if end is not None and utc(end) < utc(start):
        raise error(f"the event ends ({end.isoformat()}) before it starts ({start.isoformat()})", event.location)
    return start, end


def _identities(event: RawEvent, session_id: str, format_name: str) -> list[Conflict]:
    """The event's own identities (guid, id, slug, code) as variants, so that writers give them back.

    The id is kept only when the session id does not already carry it
    (``frab-<id>``): two slots of one pretalx submission share an id.
    """
    values = {"guid": event.guid, "slug": event.slug, "code": event.code}
    if event.id and session_id != f"frab-{event.id}":
        values["id"] = event.id
    sources = (format_name,)  # one tuple for all: the model keeps a tuple as it is
    return [
        one_value_conflict(key, value, sources, IDENTITY_RULE)
        for key, raw in values.items()
        if raw and (value := raw.strip())
    ]


def _session_id(event: RawEvent, taken: UniqueIds) -> str:
    candidates = [f"frab-{event.id}" if event.id else None, f"frab-{event.guid}" if event.guid else None]
    for candidate in candidates:
        if candidate and candidate not in taken:
            return taken.claim(candidate)
    return taken.claim(next((c for c in candidates if c), "frab-event"), suffixed=True)


class _People:
    """The speakers a frab-style schedule names, each made on first meeting.

    A person's id (else code, else guid) is a key only together with a name
    that agrees with it (folds the same): merged files (c3voc's "everything"
    schedules) reuse small ids across their sources, so one id may carry
    several people.  Each name an id carries is its own speaker (the first
    keeps the key, ``person-0``; the next get ``person-0-2``...), and each of
    them records the disagreement as a :class:`~pyconf_schedule.Conflict` on
    ``name`` (its own name and the id's first other name): strangers are never
    merged.  Spellings of one name that differ only in case or accents are
    one speaker, the others kept as aliases.  A person without a key is the
    first known speaker whose name folds the same, else a new speaker (never
    an unrelated one whose name happens to slug the same, as every name in a
    script without Latin letters does).  Every look-up is a dict's and each
    speaker records at most two names, so reading stays linear in the number
    of persons.
    """

    def __init__(self) -> None:
        self._by_id: dict[str, Speaker] = {}
        self._by_key: dict[tuple[str, str], str] = {}  # ("person-<id>", folded name) -> speaker id
        self._bearers: dict[str, list[str]] = {}  # "person-<id>" -> its speakers (one per name), in order met
        self._labels: dict[str, str] = {}  # "person-<id>" -> "person id 0", as the file gives it
        self._by_name: dict[str, str] = {}  # folded name -> the first speaker so named
        self._aliases: dict[str, dict[str, None]] = {}  # speaker id -> other spellings, in order met
        self._ids = UniqueIds()
        self._folded: dict[str, str] = {}  # name -> fold(name): persons recur from event to event

    def _fold(self, name: str) -> str:
        folded = self._folded.get(name)
        if folded is None:
            folded = self._folded[name] = fold(name)
        return folded

    def get(self, person: RawPerson) -> Speaker | None:
        """The speaker ``person`` is; None for a person without a name."""
        name = person.name.strip()
        if not name:
            return None
        if person.id:
            key, label = f"person-{slugify(person.id) or person.id}", f"person id {person.id}"
        elif person.code:
            key, label = f"person-{slugify(person.code)}", f"person code {person.code}"
        elif person.guid:
            key, label = f"person-{person.guid.lower()}", f"person guid {person.guid}"
        else:
            existing = self._by_name.get(self._fold(name))
            return self._by_id[existing] if existing is not None else self._new(slugify(name) or "person", name, person)
        folded = self._fold(name)
        known = self._by_key.get((key, folded))
        if known is None:
            speaker = self._new(key, name, person)
            self._by_key[key, folded] = speaker.id
            self._bearers.setdefault(key, []).append(speaker.id)
            self._labels.setdefault(key, label)
            return speaker
        speaker = self._by_id[known]
        aliases = self._aliases.setdefault(known, {})
        if name != speaker.name and name not in aliases:  # a non-empty str: nothing for the model to refuse
            aliases[name] = None
        return speaker

    def _new(self, key: str, name: str, person: RawPerson) -> Speaker:
        speaker_id = unique_slug(key, self._ids, "person") if key in self._ids else self._ids.claim(key)
        speaker = self._by_id[speaker_id] = Speaker(id=speaker_id, name=name, bio=person.bio or None)
        self._by_name.setdefault(self._fold(name), speaker_id)
        return speaker

    def _conflicts(self) -> dict[str, Conflict]:
        """For each speaker whose key other names also carry: its name and the key's first other name."""
        conflicts: dict[str, Conflict] = {}
        for key, bearers in self._bearers.items():
            if len(bearers) < 2:
                continue
            label = self._labels[key]
            rule = (
                f"the file gives {label} to {len(bearers)} different names; an id is a key only with a name "
                "that agrees with it, so each name is its own speaker"
            )
            for index, speaker_id in enumerate(bearers):
                other = bearers[1] if index == 0 else bearers[0]
                values = (
                    SourcedValue(value=self._by_id[speaker_id].name, sources=(label,)),
                    SourcedValue(value=self._by_id[other].name, sources=(label,)),
                )
                conflicts[speaker_id] = Conflict(field="name", values=values, rule=rule)
        return conflicts

    def speakers(self) -> dict[str, Speaker]:
        """Every speaker by id, in the order first met, with its aliases and any id disagreement."""
        conflicts = self._conflicts()
        result: dict[str, Speaker] = {}
        for speaker_id, speaker in self._by_id.items():
            changes: dict[str, Any] = {}
            if self._aliases.get(speaker_id):
                changes["aliases"] = tuple(self._aliases[speaker_id])
            if speaker_id in conflicts:
                changes["conflicts"] = (conflicts[speaker_id],)
            result[speaker_id] = attrs.evolve(speaker, **changes) if changes else speaker
        return result
