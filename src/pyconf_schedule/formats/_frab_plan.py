"""The day planning of the frab writers: a Conference laid out as frab days, rooms and events.

frab schedule XML and c3voc schedule JSON render the same :class:`Plan`
(:func:`plan`): numeric event ids and guids stable across runs, slugs, the
days' bounds (the programme day's, else the day change's, else the
sessions' first and last instants) and the events of each day by room.
Reading is :mod:`._frab`.
"""

from __future__ import annotations

import base64
import re
import uuid
from datetime import UTC, date, datetime, timedelta

import attrs

from .._conference import Conference
from .._days import ProgrammeDay
from .._model import Session, Speaker
from .._sessions import Sessions
from .._text import slugify
from .._time import get_zone, utc
from ._common import KIND_VALUES, NO_ROOM, UNTITLED, as_conference, place_zone, stable_guid, view_zone

__all__ = [
    "IDENTITY_RULE",
    "DayPlan",
    "EventPlan",
    "PersonPlan",
    "Plan",
    "acronym",
    "http_url",
    "identities",
    "plan",
    "unwritten_links",
]

IDENTITY_RULE = "the identity the source gives the event; no field of the model holds it"
"""The rule of the :attr:`Session.variants <pyconf_schedule.Session.variants>` that keep a frab or c3voc event's own
``guid``, ``id``, ``slug`` and ``code``, so that a converted schedule keeps the source's identities."""


@attrs.frozen
class PersonPlan:
    """A person as the frab writers give it: the name, the source's numeric id (when known) and a guid."""

    name: str
    id: int | None
    guid: str


@attrs.define
class EventPlan:
    """An event as the frab writers give it (a plain slots class: one is made per event, and a frozen class's
    ``object.__setattr__`` per field would cost a quarter of the making)."""

    session: Session
    id: int
    guid: str
    date: str
    start: str
    duration: str
    end: str
    room: str
    xml_start: str
    xml_duration: str
    slug: str
    title: str
    type: str
    track: str | None
    language: str | None
    abstract: str | None
    url: str | None
    persons: tuple[PersonPlan, ...]
    slides: tuple[str, ...]
    recording: str | None
    code: str | None


@attrs.frozen
class DayPlan:
    index: int
    date: date
    start: str
    end: str
    rooms: tuple[tuple[str, tuple[EventPlan, ...]], ...]


@attrs.frozen
class Plan:
    zone_name: str | None
    acronym: str
    title: str
    start: date | None
    end: date | None
    url: str | None
    rooms: tuple[tuple[str, str, str], ...]
    tracks: tuple[tuple[str, str], ...]
    days: tuple[DayPlan, ...]


_HTTP = re.compile(r"^https?://\S+$")
_NUMERIC_ID = re.compile(r"^(?:frab-)?([1-9]\d{0,8})$")
_UUID = re.compile(r"^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$")
_PERSON_NUMBER = re.compile(r"^person-(0|[1-9]\d{0,8})(?:-\d+)?$")
"""A speaker id the frab readers made from a numeric person id (``person-7797``; ``person-2-2`` for the second person
a merged file gives the id 2): the id comes back out, as the file gave it."""
_BASE64_UUID = re.compile(r"^[A-Za-z0-9_-]{21}[AQgw]$")
"""A UUID's 16 bytes in URL-safe base64 without padding, as frab wrote event guids in 2014 (31C3)."""
_PERSON_GUID = re.compile(r"^person-([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})$")
_SLUG = re.compile(r"^[a-z0-9_]{4,}-[a-z0-9_-]*[a-z0-9]$")
"""A slug both schemas accept: the XSD's ``voc-slug-new`` and the JSON Schema's ``^[a-z0-9_-]+[a-z0-9]$``."""
_CODE = re.compile(r"^[0-9A-Z]{6}$")
"""A pretalx submission code, as the XSD's ``pretalx-random-code`` and the JSON Schema's ``^[A-Z0-9]+$`` accept it."""


def identities(session: Session) -> dict[str, str]:
    """The source's own ``guid``, ``id``, ``slug`` and ``code`` of ``session`` that a frab or c3voc reader kept, by key.

    Its variants are scanned once; the first kept value of each key wins.

    >>> from pyconf_schedule import Conflict, SourcedValue
    >>> kept = Conflict(field="guid", values=[SourcedValue(value="a0a0fcfe-b7fb-46e3-84b6-97a5406016b4", sources=["frab-xml"])],
    ...                 rule=IDENTITY_RULE)
    >>> identities(Session(id="frab-1", variants=[kept]))
    {'guid': 'a0a0fcfe-b7fb-46e3-84b6-97a5406016b4'}
    >>> identities(Session(id="frab-1"))
    {}
    """
    kept: dict[str, str] = {}
    for variant in session.variants:
        if variant.rule == IDENTITY_RULE and variant.values:
            kept.setdefault(variant.field, variant.values[0].value)
    return kept


def acronym(conf_id: str) -> str:
    """``conf_id`` as a c3voc acronym: lower-case ``[a-z0-9_]``, at least 4 characters.

    >>> acronym("EU 2026"), acronym("x")
    ('eu_2026', 'x_conf')
    """
    text = re.sub(r"[^a-z0-9_]", "_", conf_id.lower()).strip("_") or "conf"
    return text if len(text) >= 4 else f"{text}_conf"


def _hhmm(delta: timedelta) -> str:
    """A real (UTC) duration as ``HH:MM``; hours go past 24 (``26:00``), as the schemas allow."""
    minutes = int(delta.total_seconds() // 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _exact(delta: timedelta) -> str:
    """A duration for frab XML: ``HH:MM``, or ``HH:MM:SS`` when it has seconds or is zero (``00:00`` means unknown).

    >>> _exact(timedelta(minutes=90)), _exact(timedelta(seconds=61)), _exact(timedelta(0))
    ('01:30', '00:01:01', '00:00:00')
    """
    seconds = int(delta.total_seconds())
    if seconds and not seconds % 60:
        return _hhmm(delta)
    hours, rest = divmod(seconds, 3600)
    return f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}"


def http_url(value: str | None) -> str | None:
    """``value`` when it is an absolute http(s) URL without spaces, else None."""
    return value if value and _HTTP.match(value) else None


def unwritten_links(obj: Conference | Sessions) -> tuple[tuple[str, str], ...]:
    """(session id, link) for each link of a written session that is not an absolute http(s) URL.

    The links are the session's page, recording, slide addresses and those
    of its slides entries that are paths or addresses (a slash in them; a
    plain file name is no link).  The frab formats hold only absolute
    http(s) URLs (a relative attachment path such as
    ``/system/event_attachments/...`` names no host), so the writers leave
    the others out; sessions without a start are left out whole
    (``omitted``).
    """
    dropped: list[tuple[str, str]] = []
    for session in as_conference(obj).sessions:
        if session.start is None:
            continue
        named = [s for s in session.slides if "/" in s]
        links = [v for v in (session.url, session.recording) if v] + named + list(session.slide_urls)
        dropped.extend((session.id, link) for link in dict.fromkeys(links) if not http_url(link))
    return tuple(dropped)


def _day_bounds(
    day: date, programme: dict[date, ProgrammeDay], conf: Conference, instants: list[datetime]
) -> tuple[datetime, datetime]:
    """A written day's start and end: the programme day's, else the day change's, else its sessions' first and last
    instants (``instants``: its sessions' starts and ends, in UTC)."""
    known = programme.get(day)
    if known is not None:
        return known.start, known.end
    if conf.day_change is not None:
        home = get_zone(conf.timezone)
        start = datetime.combine(day, conf.day_change, tzinfo=home)
        end = datetime.combine(day + timedelta(days=1), conf.day_change, tzinfo=home)
        return utc(start), utc(end)
    return min(instants), max(instants)  # instants in UTC: comparing them compares the instants


def _uuid_text(guid: str | None) -> str | None:
    """A source's event guid as the schemas' UUID text: as it is (in lower case), or decoded from frab's base64; else None.

    >>> _uuid_text("A0A0FCFE-B7FB-46E3-84B6-97A5406016B4"), _uuid_text("HOqeNIb6G7M4hYFKFRkCmQ"), _uuid_text("x")
    ('a0a0fcfe-b7fb-46e3-84b6-97a5406016b4', '1cea9e34-86fa-1bb3-3885-814a15190299', None)
    """
    if guid is None:
        return None
    if _UUID.match(guid.lower()):
        return guid.lower()
    if _BASE64_UUID.match(guid):
        return str(uuid.UUID(bytes=base64.urlsafe_b64decode(guid + "==")))
    return None


def _kept_slug(slug: str | None, taken: set[str]) -> str | None:
    """The source's slug when the schemas accept it (as it is, else in lower case) and no other event has it."""
    if not slug:
        return None
    for candidate in (slug, slug.lower()):
        if candidate and _SLUG.match(candidate) and candidate not in taken:
            return candidate
    return None


def _person(conf_id: str, speaker: Speaker) -> PersonPlan:
    """A speaker as a frab person: the source's numeric id and guid when its id keeps them, else a stable guid.

    The frab and c3voc readers name a person ``person-<id>`` (or
    ``person-<guid>`` when the source gives only a guid): those come back out.
    """
    number, kept = _PERSON_NUMBER.match(speaker.id), _PERSON_GUID.match(speaker.id)
    return PersonPlan(
        name=speaker.name,
        id=int(number[1]) if number else None,
        guid=kept[1] if kept else stable_guid(conf_id, "speaker", speaker.id),
    )


def plan(obj: Conference | Sessions, tz: str | None) -> Plan:
    """Lay ``obj`` out as frab days, rooms and events in the view zone.

    Durations are real time (``session.duration``, measured in UTC): a talk
    across a DST change keeps its length, whatever the wall clocks say.
    """
    conf = as_conference(obj)
    zone, name = view_zone(obj, tz)
    acr = acronym(conf.id)
    used_ids: set[int] = set()
    ids: dict[str, int] = {}
    scheduled = [s for s in conf.sessions if s.start is not None and s.end is not None]  # the rest: omitted()
    kept = {s.id: identities(s) for s in scheduled if s.variants}  # the source's own ids, each session's scanned once
    no_identity: dict[str, str] = {}
    for session in scheduled:  # numeric ids first, so they keep their number
        m = _NUMERIC_ID.match(kept.get(session.id, no_identity).get("id") or session.id)
        if m and int(m[1]) not in used_ids:
            ids[session.id] = int(m[1])
            used_ids.add(int(m[1]))
    uuids: dict[str, str] = {}  # each session's stable UUID, made once: its number and its guid
    for session in scheduled:
        if session.id in ids:
            continue
        made = uuids[session.id] = stable_guid(conf.id, "session", session.id)
        number = int(made.replace("-", ""), 16) % 2_000_000_000 + 1
        while number in used_ids:
            number = number % 2_000_000_000 + 1
        ids[session.id] = number
        used_ids.add(number)
    room_order = {r.id: i for i, r in enumerate(conf.rooms)}
    view = conf.sessions if zone is conf.zone else conf.sessions.to_tz(zone)
    by_day: dict[date, list[EventPlan]] = {}
    instants: dict[date, list[datetime]] = {}
    slugs: set[str] = set()
    guids: set[str] = set()
    persons: dict[str, PersonPlan] = {}  # by speaker id: a speaker of many sessions is laid out once
    durations: dict[timedelta, tuple[str, str]] = {}
    for session in scheduled:
        assert session.start is not None and session.end is not None
        start = session.start.astimezone(zone)
        end = session.end.astimezone(zone)
        start_utc, end_utc = session.start.astimezone(UTC), session.end.astimezone(UTC)
        duration = end_utc - start_utc
        lengths = durations.get(duration)
        if lengths is None:  # a programme has a few distinct lengths: each is written out once
            lengths = durations[duration] = (_hhmm(duration), _exact(duration))
        number = ids[session.id]
        title = session.title if session.title is not None else UNTITLED
        source_ids = kept.get(session.id, no_identity)
        slug = _kept_slug(source_ids.get("slug"), slugs)
        if slug is None:
            rest = f"{number}-{slugify(title)[:60].rstrip('-')}".rstrip("-")
            slug = f"{acr}-{rest if len(rest) >= 4 else rest.zfill(4)}"
            while slug in slugs:
                slug += "-x"
        slugs.add(slug)
        guid = _uuid_text(source_ids.get("guid"))
        if not guid or guid in guids:
            known = uuids.get(session.id)
            guid = known if known is not None else stable_guid(conf.id, "session", session.id)
        guids.add(guid)
        code = source_ids.get("code")
        day = view.day_of(session)
        assert day is not None
        by_day.setdefault(day, []).append(
            EventPlan(
                session=session,
                id=number,
                guid=guid,
                date=start.isoformat(),
                start=f"{start.hour:02d}:{start.minute:02d}",
                duration=lengths[0],
                end=end.isoformat(),
                room=session.room.name if session.room else NO_ROOM,
                xml_start=f"{start.hour:02d}:{start.minute:02d}:{start.second:02d}"
                if start.second
                else f"{start.hour:02d}:{start.minute:02d}",
                xml_duration=lengths[1],
                slug=slug,
                title=title,
                type=KIND_VALUES[session.kind],
                track=session.track.name if session.track else None,
                language=session.language,
                abstract=session.abstract,
                url=http_url(session.url),
                persons=tuple(
                    persons.get(p.id) or persons.setdefault(p.id, _person(conf.id, p)) for p in session.speakers
                ),
                slides=tuple(dict.fromkeys(s for s in (*session.slides, *session.slide_urls) if http_url(s)))
                if session.slides or session.slide_urls
                else (),
                recording=http_url(session.recording),
                code=code if code and _CODE.match(code) else None,
            )
        )
        instants.setdefault(day, []).extend((start_utc, end_utc))
    programme = {d.date: d for d in conf.programme_days}
    days: list[DayPlan] = []
    for index, (day, events) in enumerate(sorted(by_day.items()), start=1):
        first, last = _day_bounds(day, programme, conf, instants[day])
        grouped: dict[str, list[EventPlan]] = {}
        ordered = sorted(
            events,
            key=lambda e: room_order.get(e.session.room.id, len(room_order)) if e.session.room else len(room_order) + 1,
        )
        for event in ordered:
            grouped.setdefault(event.room, []).append(event)
        days.append(
            DayPlan(
                index=index,
                date=day,
                start=first.astimezone(zone).isoformat(),
                end=last.astimezone(zone).isoformat(),
                rooms=tuple((room, tuple(items)) for room, items in grouped.items()),
            )
        )
    day_list = [d.date for d in days]
    return Plan(
        zone_name=place_zone(name),
        acronym=acr,
        title=conf.name,
        start=conf.start_date or (day_list[0] if day_list else None),
        end=conf.end_date or (day_list[-1] if day_list else None),
        url=http_url(conf.url),
        rooms=tuple((r.name, slugify(r.name) or r.id, stable_guid(conf.id, "room", r.id)) for r in conf.rooms),
        tracks=tuple((t.name, slugify(t.name) or slugify(t.id) or "track") for t in conf.tracks),
        days=tuple(days),
    )
