"""Sched (sched.com), format name ``"sched"`` (read only): the ``all.ics`` feed and the API's session JSON.

The content decides which: a calendar is read as Sched's feed, a JSON list
as the answer of ``session/export`` or ``session/list``.

The ``all.ics`` feed
--------------------
``https://<event>.sched.com/all.ics``, with ``PRODID:-//Sched.com <event
name>//EN``.  It is read by the iCalendar reader
(:mod:`~pyconf_schedule.formats.ics`: UTC times, ``UID`` -> id, ``SUMMARY``
-> title, ``DESCRIPTION`` -> abstract, ``URL`` -> the session's page), and
then what Sched means:

* ``CATEGORIES`` is Sched's event type: the session's kind, by the words of
  the type, plural words read as singular (``WORKSHOP`` is a workshop,
  ``Q&A / PANEL`` a panel, ``Breaks`` a break, ``Breakout Sessions`` a talk;
  a type with no such word is ``other``), the type itself kept as
  ``kind_label``.  No track is set.
* ``LOCATION`` is the venue, followed by its address when the organiser gave
  one: ``Room, City, Country`` at a conference, ``Room, Deck, Position`` on
  a ship.  The room is split from the address only where that is
  unambiguous: when every LOCATION of three or more comma-separated parts
  ends with the same last two parts, and at least two different rooms come
  before them.  Those two parts are then the conference's ``city`` and
  ``country``.  Otherwise each LOCATION is a room as written (on the ship,
  "Hudson Room, Deck 3, Forward" and "Lido Market, Deck 9, Aft" share no
  ending, so nothing is split).
* The feed has no speaker field.  Speakers are read only from
  ``ATTENDEE;CN=``, never from the words of ``SUMMARY`` or ``DESCRIPTION``:
  without a list of the speakers no split of "Title - Name, Company" is
  unambiguous (the JSON below has one, and is split).
* The conference's name is the event name of the ``PRODID``, its id the
  slug of ``X-WR-CALNAME``; its zone ``file_tz``, else ``X-WR-TIMEZONE`` (Sched
  writes ``UTC`` whatever the event's own zone: pass ``file_tz`` to see local
  times; instants are exact either way).

The API's session JSON
----------------------
A list of sessions as ``https://<event>.sched.com/api/session/export`` (or
``session/list``) answers, each with ``event_key``, ``id``, ``active``,
``name``, ``event_start``/``event_end`` (local wall times, ``YYYY-MM-DD
HH:MM[:SS]``), ``start_time_ts`` (and ``end_time_ts``: epoch seconds),
``event_type``, ``event_subtype``, ``venue``/``venue_id``, ``description``,
``speakers[]`` (``name``, ``company``, ``position``, ``username``) and
``files[]`` (``name``, ``path``):

* Times: the epoch field gives the instant; its difference from the wall
  time is the UTC offset.  With ``file_tz`` each wall time must be the wall time
  of that instant in ``file_tz``; without it, every session must be at one offset,
  a whole number of hours, and the zone is that fixed offset
  (``Etc/GMT-2`` for +02:00).  Wall times that disagree with their epoch
  field are refused; several offsets (a DST change within the event) or
  another offset without ``file_tz`` are refused with a message naming ``file_tz=``,
  as is a wall time with no epoch field and no ``file_tz``.
* ``name``: Sched often appends the speakers (" - Jane Doe, ACME").  The
  title is the name without a trailing ``" - " + S`` where ``S`` is exactly
  the session's ``speakers[]`` written as ``Name, Name``, as ``Name, Company,
  Name, Company`` or as ``Name, Company; Name, Company``; any other name is
  the title as written.
* ``id`` (else ``event_key``) -> id; ``event_type`` -> kind (as above) with
  ``kind_label``; ``event_subtype`` -> track; ``venue`` -> room (id
  ``venue_id``); ``description`` -> abstract (``session/export`` gives it
  without HTML; ``session/list``'s HTML is kept as written); speakers with
  ``company`` as organisation and ``position`` as job title (id
  ``username``, else a slug of the name); ``files[].path`` -> slides;
  ``url`` -> the session's URL.  A session with ``active`` "N" is not on the
  published programme and is left out.
* The conference is ``id="sched"``, ``name="Sched event"``: the export
  names no event.

Left out: seats, goers, ``invite_only``, ``pinned``, ``address``, ``map``,
``media_url``, tags and custom fields, speakers' avatars and URLs.

>>> data = '''[{"event_key": "k1", "id": "a1", "active": "Y", "name": "Opening - Jane Doe, ACME",
...   "event_start": "2026-04-07 09:00", "event_end": "2026-04-07 09:30", "start_time_ts": 1775545200,
...   "event_type": "Keynote Sessions", "venue": "Hall A", "speakers": [{"name": "Jane Doe", "company": "ACME"}]}]'''
>>> str(loads(data, file_tz="Europe/Paris").sessions[0])
'2026-04-07 09:00-09:30 CEST, Hall A: Opening (Jane Doe)'
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any

import attrs

from .._conference import Conference
from .._model import Room, Session, SessionKind, Speaker, Track
from .._sessions import sort_sessions
from .._text import shorten
from .._time import get_zone, zone_name
from ..exceptions import MissingZoneError, ScheduleParseError
from ._common import UniqueIds, build_conference, kind_from_label, offset_text, rooms_table, unique_slug
from ._input import dates_in_range, input_text, load_json
from ._platform import build, caller_zone, in_zone, items, mapping, optional_text, wall_time

__all__ = ["event_type_kind", "is_sched_calendar", "loads", "split_location", "split_name"]

_FORMAT = "sched"
_PRODID = re.compile(r"^PRODID:-//Sched\.com (.*?)//EN\r?$", re.MULTILINE)


def is_sched_calendar(head: str) -> bool:
    """True when the start of an iCalendar text carries Sched's ``PRODID:-//Sched.com <event>//EN``.

    >>> is_sched_calendar("BEGIN:VCALENDAR\\nPRODID:-//Sched.com JoCo Cruise 2025//EN\\n")
    True
    """
    return _PRODID.search(head) is not None


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read Sched's ``all.ics`` feed or its API's session JSON (see the module docstring)."""
    zone = caller_zone(file_tz)
    text = input_text(data, _FORMAT)
    start = text.lstrip("\ufeff \t\r\n")
    if start[:15].upper() == "BEGIN:VCALENDAR":
        return _calendar(text, file_tz)
    if start.startswith("["):
        return _sessions(load_json(text, _FORMAT, strict=True), zone)
    raise ScheduleParseError(
        _FORMAT,
        "not a Sched document: expected the all.ics feed (BEGIN:VCALENDAR) or the JSON list of session/export",
        "line 1",
    )


# ---------------------------------------------------------------------------
# the all.ics feed
# ---------------------------------------------------------------------------


def split_location(locations: list[str]) -> tuple[dict[str, str], str | None, str | None]:
    """Each LOCATION's room, and the city and country they share, by the rule of the module docstring.

    >>> split_location(["Hall A, Amsterdam, Netherlands", "Hall B, Amsterdam, Netherlands", "Online"])
    ({'Hall A, Amsterdam, Netherlands': 'Hall A', 'Hall B, Amsterdam, Netherlands': 'Hall B'}, 'Amsterdam', 'Netherlands')
    >>> split_location(["Hudson Room, Deck 3, Forward", "Lido Market, Deck 9, Aft"])
    ({}, None, None)
    """
    tails: set[tuple[str, str]] = set()
    rooms: dict[str, str] = {}
    for location in locations:
        parts = [part.strip() for part in location.split(",")]
        if len(parts) >= 3 and all(parts):
            tails.add((parts[-2], parts[-1]))
            rooms[location] = ", ".join(parts[:-2])
    if len(tails) != 1 or len(set(rooms.values())) < 2:
        return {}, None, None
    ((city, country),) = tails
    return rooms, city, country


_PLURAL = re.compile(r"(?<=[A-Za-z]{3})s\b", re.IGNORECASE)


def event_type_kind(label: str | None) -> tuple[SessionKind, str | None]:
    """The kind a Sched event type names, and the type itself (always kept as ``kind_label``): plural words count as singular.

    >>> event_type_kind("Breakout Sessions"), event_type_kind("Breaks"), event_type_kind("GENERAL INFO")
    ((<SessionKind.TALK: 'talk'>, 'Breakout Sessions'), (<SessionKind.BREAK: 'break'>, 'Breaks'), (<SessionKind.OTHER: 'other'>, 'GENERAL INFO'))
    """
    if label is None or not label.strip():
        return SessionKind.OTHER, None
    kind = kind_from_label(label)[0]
    if kind is SessionKind.OTHER:
        kind = kind_from_label(_PLURAL.sub("", label))[0]
    return kind, label.strip()


def _calendar(text: str, tz: str | None) -> Conference:
    from ._ics_events import calendar_fields

    kinds: dict[str | None, tuple[SessionKind, str | None]] = {}  # a feed has a few event types, on every session

    def kind_of(label: str | None) -> tuple[SessionKind, str | None]:
        found = kinds.get(label)
        if found is None:
            found = kinds[label] = event_type_kind(label)
        return found

    try:  # the events as iCalendar reads them, each category an event type; the Conference is built below
        calendar = calendar_fields(text, tz=tz, kind_of_category=kind_of)
    except ScheduleParseError as exc:  # the same error (MissingZoneError stays one), naming this format
        raise type(exc)(_FORMAT, exc.reason, exc.location) from None
    m = _PRODID.search(text[:65536])
    name = (m[1].strip() if m else "") or calendar["name"]
    # In the programme's order, as a Conference holds them: rooms are numbered in the order first met.
    ordered = sort_sessions(calendar["sessions"])
    locations = list(dict.fromkeys(s.room.name for s in ordered if s.room is not None))
    rooms_by_location, city, country = split_location(locations)
    rooms = rooms_table()
    shared: dict[str, Room] = {}  # by id, the one object of each room that the sessions and the conference hold
    sessions = []
    for session in ordered:
        location = session.room.name if session.room is not None else None
        room = rooms.get(rooms_by_location.get(location, location) if location is not None else None)
        if room is not None:
            # A location that names its room alone (a ship's, most feeds') is the room iCalendar made: kept as it is.
            room = shared.setdefault(room.id, session.room if room == session.room else room)
        sessions.append(session if room is session.room else attrs.evolve(session, room=room))
    return build_conference(
        _FORMAT,
        dates_from_days=True,
        id=calendar["id"],
        name=name,
        timezone=calendar["timezone"],
        sessions=sessions,
        speakers=calendar["speakers"],
        rooms=[shared[room.id] for room in rooms.values()],
        tracks=(),
        city=city,
        country=country,
    )


# ---------------------------------------------------------------------------
# the API's session JSON
# ---------------------------------------------------------------------------


def _epoch(value: Any, path: str) -> datetime | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 12:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 253_402_214_400:
        raise ScheduleParseError(
            _FORMAT, f"expected epoch seconds (a whole number from 0), got {shorten(repr(value))}", path
        )
    return datetime.fromtimestamp(value, UTC)


class _Times:
    """Wall times and epoch fields of the sessions, checked against each other and against ``file_tz``."""

    def __init__(self, zone: tzinfo | None) -> None:
        self.zone = zone
        self.offsets: dict[timedelta, str] = {}  # offset -> where it was first seen
        self.pending: list[tuple[int, str, str, datetime]] = []  # (session index, field, path, naive wall) to place

    def place(
        self, index: int, field: str, wall_text: str | None, epoch: datetime | None, path: str
    ) -> datetime | None:
        """The instant of one wall time: from its epoch field (checked), in ``file_tz``, or later in the file's offset."""
        if wall_text is None:
            return epoch
        wall = wall_time(wall_text, _FORMAT, path)
        if wall.tzinfo is not None:
            if epoch is not None and wall != epoch:
                raise ScheduleParseError(
                    _FORMAT, f"{wall_text!r} is not the instant of its epoch field ({epoch.isoformat()})", path
                )
            return wall
        if epoch is None:
            if self.zone is not None:
                return in_zone(wall, self.zone, _FORMAT, path)
            self.pending.append((index, field, path, wall))
            return None
        offset = wall - epoch.replace(tzinfo=None)
        if self.zone is not None:
            local = epoch.astimezone(self.zone)
            if local.replace(tzinfo=None) != wall:
                raise ScheduleParseError(
                    _FORMAT,
                    f"the wall time {wall_text!r} disagrees with its epoch field: that instant ({epoch.isoformat()}) is "
                    f"{local.replace(tzinfo=None).isoformat(sep=' ')} in {zone_name(self.zone) or self.zone}, the zone given",
                    path,
                )
            return local
        if abs(offset) >= timedelta(hours=18) or offset % timedelta(minutes=1):
            raise ScheduleParseError(
                _FORMAT,
                f"the wall time {wall_text!r} disagrees with its epoch field ({epoch.isoformat()}): "
                f"they are {offset} apart, which is no UTC offset",
                path,
            )
        self.offsets.setdefault(offset, path)
        return epoch.astimezone(timezone(offset))

    def file_zone(self) -> tuple[tzinfo, str]:
        """The zone of the file: ``file_tz``, else the one offset the epoch fields give (an ``Etc/GMT`` zone)."""
        if self.zone is not None:
            return self.zone, zone_name(self.zone) or "UTC"
        if len(self.offsets) > 1:
            shown = ", ".join(offset_text(o) for o in sorted(self.offsets))
            raise MissingZoneError(
                _FORMAT,
                f"by their epoch fields the wall times are at several UTC offsets ({shown}), as when a DST change "
                "falls within the event; pass file_tz= the conference's zone (each time is checked against it)",
                next(iter(self.offsets.values())),
            )
        if not self.offsets:
            if self.pending:
                path = self.pending[0][2]
                raise MissingZoneError(
                    _FORMAT,
                    "the wall times have no epoch field (start_time_ts) to give their zone; pass file_tz= the zone they are in",
                    path,
                )
            return UTC, "UTC"
        ((offset, path),) = self.offsets.items()
        hours, rest = divmod(offset, timedelta(hours=1))
        if rest:
            raise MissingZoneError(
                _FORMAT,
                f"by their epoch fields the wall times are at UTC offset {offset_text(offset)}, which no fixed-offset "
                "zone names; pass file_tz= the conference's zone",
                path,
            )
        name = "Etc/GMT" if hours == 0 else f"Etc/GMT{-hours:+d}"
        return get_zone(name), name


def split_name(name: str, speakers: list[tuple[str, str | None]]) -> str:
    """The title in a Sched ``name``: without a trailing " - " and the speakers in one of Sched's forms.

    >>> split_name("Opening - Jane Doe, ACME", [("Jane Doe", "ACME")])
    'Opening'
    >>> split_name("Keynote - Welcome", [("Jane Doe", "ACME")])
    'Keynote - Welcome'
    """
    if not speakers:
        return name
    names = [n for n, _ in speakers]
    with_company = [f"{n}, {c}" if c else n for n, c in speakers]
    for suffix in (", ".join(names), ", ".join(with_company), "; ".join(with_company)):
        tail = " - " + suffix
        if name.endswith(tail) and len(name) > len(tail) and name[: -len(tail)].strip():
            return name[: -len(tail)].strip()
    return name


def _active(value: Any, path: str) -> bool:
    if value is None or value is True or value == "Y" or value == "y" or value == 1:
        return True
    if value is False or value == "N" or value == "n" or value == 0:
        return False
    raise ScheduleParseError(_FORMAT, f'active must be "Y" or "N", got {shorten(repr(value))}', path)


def _start_end(times: _Times, index: int, raw: dict[str, Any], path: str) -> tuple[datetime | None, datetime | None]:
    start = times.place(
        index, "start", optional_text(raw.get("event_start"), _FORMAT, f"{path}.event_start"),
        _epoch(raw.get("start_time_ts"), f"{path}.start_time_ts"), f"{path}.event_start",
    )  # fmt: skip
    end = times.place(
        index, "end", optional_text(raw.get("event_end"), _FORMAT, f"{path}.event_end"),
        _epoch(raw.get("end_time_ts"), f"{path}.end_time_ts"), f"{path}.event_end",
    )  # fmt: skip
    return start, end


def _sessions(document: Any, zone: tzinfo | None) -> Conference:
    rows = items(document, _FORMAT, "$")
    times = _Times(zone)
    rooms: dict[str, Room] = {}
    room_ids = UniqueIds()
    tracks: dict[str, Track] = {}
    track_ids = UniqueIds()
    speakers: dict[str, Speaker] = {}
    speaker_ids = UniqueIds()
    session_ids = UniqueIds()
    drafts: list[dict[str, Any]] = []
    for i, row in enumerate(rows):
        path = f"$[{i}]"
        raw = mapping(row, _FORMAT, path)
        if not _active(raw.get("active"), f"{path}.active"):
            continue
        ident = optional_text(raw.get("id"), _FORMAT, f"{path}.id") or optional_text(
            raw.get("event_key"), _FORMAT, f"{path}.event_key"
        )
        if ident is None:
            raise ScheduleParseError(_FORMAT, "a session has neither id nor event_key", path)
        people: list[Speaker] = []
        listed: set[str] = set()
        named: list[tuple[str, str | None]] = []
        for j, person in enumerate(items(raw.get("speakers"), _FORMAT, f"{path}.speakers")):
            where = f"{path}.speakers[{j}]"
            person = mapping(person, _FORMAT, where)
            name = optional_text(person.get("name"), _FORMAT, f"{where}.name")
            if name is None:
                continue
            company = optional_text(person.get("company"), _FORMAT, f"{where}.company")
            named.append((name, company))
            key = optional_text(person.get("username"), _FORMAT, f"{where}.username") or f"\x00{name}"
            speaker = speakers.get(key)
            if speaker is None:
                sid = (
                    speaker_ids.claim(key) if not key.startswith("\x00") else unique_slug(name, speaker_ids, "speaker")
                )
                speaker = speakers[key] = _build(
                    Speaker, where, id=sid, name=name, organisation=company,
                    job_title=optional_text(person.get("position"), _FORMAT, f"{where}.position"),
                )  # fmt: skip
            if speaker.id not in listed:
                listed.add(speaker.id)
                people.append(speaker)
        title = optional_text(raw.get("name"), _FORMAT, f"{path}.name")
        venue = optional_text(raw.get("venue"), _FORMAT, f"{path}.venue")
        room = None
        if venue is not None:
            key = optional_text(raw.get("venue_id"), _FORMAT, f"{path}.venue_id") or f"\x00{venue}"
            room = rooms.get(key)
            if room is None:
                rid = room_ids.claim(key) if not key.startswith("\x00") else unique_slug(venue, room_ids, "room")
                room = rooms[key] = _build(Room, path, id=rid, name=venue)
        subtype = optional_text(raw.get("event_subtype"), _FORMAT, f"{path}.event_subtype")
        track = None
        if subtype is not None:
            track = tracks.get(subtype)
            if track is None:
                track = tracks[subtype] = _build(Track, path, id=unique_slug(subtype, track_ids, "track"), name=subtype)
        kind, kind_label = event_type_kind(optional_text(raw.get("event_type"), _FORMAT, f"{path}.event_type"))
        slides = []
        for j, file in enumerate(items(raw.get("files"), _FORMAT, f"{path}.files")):
            where = f"{path}.files[{j}]"
            file_path = optional_text(mapping(file, _FORMAT, where).get("path"), _FORMAT, f"{where}.path")
            if file_path is not None:
                slides.append(file_path)
        index = len(drafts)
        with dates_in_range(_FORMAT, path):
            start, end = _start_end(times, index, raw, path)
        drafts.append({
            "id": session_ids.claim(ident), "title": split_name(title, named) if title is not None else None,
            "kind": kind, "kind_label": kind_label, "start": start, "end": end, "room": room, "track": track,
            "speakers": people, "abstract": optional_text(raw.get("description"), _FORMAT, f"{path}.description"),
            "url": optional_text(raw.get("url"), _FORMAT, f"{path}.url"), "slides": slides, "_path": path,
        })  # fmt: skip
    file_zone, zone_id = times.file_zone()
    for index, field, path, wall in times.pending:
        with dates_in_range(_FORMAT, path):
            drafts[index][field] = in_zone(wall, file_zone, _FORMAT, path)
    sessions = []
    for draft in drafts:
        path = draft.pop("_path")
        if draft["start"] is None:
            draft["end"] = None
        for field in ("start", "end"):  # given in the conference's zone, so the Conference need not convert them
            value = draft[field]
            if value is not None and value.tzinfo is not file_zone:
                with dates_in_range(_FORMAT, path):
                    draft[field] = value.astimezone(file_zone)
        sessions.append(_build(Session, path, **draft))
    return build_conference(
        _FORMAT,
        dates_from_days=True,
        id="sched",
        name="Sched event",
        timezone=zone_id,
        sessions=sessions,
        speakers=list(speakers.values()),
        rooms=list(rooms.values()),
        tracks=list(tracks.values()),
    )


def _build(cls: Any, path: str, **fields: Any) -> Any:
    return build(cls, _FORMAT, path, **fields)
