"""Indico's HTTP export of an event (format name ``"indico"``), read from a file or a URL.

CERN, useR! and many physics and research meetings publish their timetable
through Indico, whose export API answers
``https://<host>/export/event/<id>.json?detail=contributions`` (every
contribution of the event) and ``?detail=sessions`` (the sessions, blocks of
contributions, each with its own; the contributions outside any session
beside them).  Both are ``{"count", "_type": "HTTPAPIResult", "results":
[<event>]}``; every date is an object ``{"date": "2011-06-23", "time":
"08:00:00", "tz": "Europe/Zurich"}``: a wall time and the zone it is in.

What is kept
    Each contribution is a session, once (one that a file lists both on its
    own and inside its session is read once, from inside its session): id
    ``indico-<id>``, ``title``, start and end (``startDate`` and
    ``endDate`` in the zone each names; without ``endDate``, the start plus
    ``duration`` minutes; without ``startDate``, unscheduled), ``room``
    (else its session's room), ``track`` (else the title of the Indico
    session it sits in or names in ``session``), ``type`` as the kind (words decide, as for frab
    files; ``isPoster`` sessions make their contributions posters when they
    have no type), ``description`` as the abstract, and ``speakers``
    (``first_name`` and ``last_name``, else ``fullName``; ``affiliation`` as
    the organisation).  The conference's id is ``indico-<event id>``, its
    name the event's ``title``, its zone the event's ``timezone``, its dates
    those of ``startDate`` and ``endDate``, its venue ``location`` and its
    URL ``url``.

Zones
    A date's own ``tz`` is trusted; a date without one is in the event's
    ``timezone``, else in ``file_tz=``; with neither it is refused (a zone is
    never guessed).  The conference's zone is the event's ``timezone``, else
    ``file_tz=``.

What is left out
    Sub-contributions (the export gives them no time of their own),
    authors who are not speakers (``primaryauthors``, ``coauthors``),
    conveners, keywords, materials, colours, the category and
    ``occurrences``; breaks, which the export does not list.  A file of
    several events (``/export/event/1-2.json``) is refused: export one.

>>> conf = loads('{"_type": "HTTPAPIResult", "results": [{"id": "7", "title": "M", "timezone": "UTC",'
...              ' "contributions": []}]}')
>>> conf.id, conf.name, conf.timezone
('indico-7', 'M', 'UTC')
"""

from __future__ import annotations

from datetime import date, datetime, time, tzinfo
from typing import Any

from .._conference import Conference
from .._model import Session, SessionKind, Speaker
from .._text import fold, slugify
from .._time import get_zone, localize, utc, zone_name
from ..exceptions import MissingZoneError, PyconfScheduleError, ScheduleParseError
from ._common import UniqueIds, build_conference, end_after_minutes, kind_from_label, rooms_table, tracks_table
from ._input import dates_in_range, load_json

__all__ = ["loads"]

_FORMAT = "indico"


def _error(message: str, location: str | None) -> ScheduleParseError:
    return ScheduleParseError(_FORMAT, message, location)


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read an Indico ``/export/event/<id>.json`` answer (see the module docstring)."""
    document = load_json(data, _FORMAT, strict=True)
    if not isinstance(document, dict):
        raise _error(f"expected a JSON object, got {type(document).__name__}", "$")
    results = document.get("results")
    if not isinstance(results, list):
        raise _error('expected an Indico export answer with a "results" list of events', "$.results")
    if len(results) != 1:
        if not results:
            raise _error("the export holds no event (an unknown or protected event id?)", "$.results")
        raise _error(f"the export holds {len(results)} events; export one event id at a time", "$.results")
    event = results[0]
    if not isinstance(event, dict):
        raise _error(f"expected an event object, got {type(event).__name__}", "$.results[0]")
    return _Reader(event, file_tz).conference()


class _Reader:
    def __init__(self, event: dict[str, Any], tz: str | None) -> None:
        self.event = event
        named = event.get("timezone")
        if named is not None and not isinstance(named, str):
            raise _error(f"the timezone is {type(named).__name__}, not a zone name", "$.results[0].timezone")
        self.zone: tzinfo | None = None
        self.zones: dict[str, tzinfo] = {}
        if named:  # the event's own zone; tz only where the export states none
            self.zone = self.zone_of(named, "$.results[0].timezone")
        elif tz is not None:
            self.zone = self.zone_of(tz, None)
        self.rooms = rooms_table()
        self.tracks = tracks_table()
        self.people: dict[str, Speaker] = {}
        self.people_ids = UniqueIds()
        self.ids = UniqueIds()
        self.seen: set[str] = set()

    def zone_of(self, name: str, where: str | None) -> tzinfo:
        zone = self.zones.get(name)
        if zone is None:
            try:
                zone = self.zones[name] = get_zone(name)
            except PyconfScheduleError as exc:
                raise _error(str(exc), where) from None
        return zone

    def moment(self, value: Any, where: str) -> datetime | None:
        """A ``{date, time, tz}`` object as an aware datetime; None when absent."""
        if value is None:
            return None
        if not isinstance(value, dict):
            raise _error(f"expected a {{date, time, tz}} object, got {type(value).__name__}", where)
        day_text, clock_text, zone_text = value.get("date"), value.get("time"), value.get("tz")
        if not isinstance(day_text, str) or not isinstance(clock_text, str):
            raise _error('a date object needs "date" (YYYY-MM-DD) and "time" (HH:MM:SS) strings', where)
        try:
            day = date.fromisoformat(day_text)
            clock = time.fromisoformat(clock_text)
        except ValueError as exc:
            raise _error(
                f"cannot read {day_text[:20]!r} {clock_text[:20]!r} as a date and a time: {exc}", where
            ) from None
        if clock.tzinfo is not None:
            raise _error(f'the time {clock_text[:20]!r} carries an offset; Indico gives the zone in "tz"', where)
        if isinstance(zone_text, str) and zone_text:
            zone = self.zone_of(zone_text, f"{where}.tz")
        elif zone_text is not None and zone_text != "":
            raise _error(f'"tz" is {type(zone_text).__name__}, not a zone name', f"{where}.tz")
        elif self.zone is not None:
            zone = self.zone
        else:
            raise MissingZoneError(
                _FORMAT,
                f"the date {day_text[:20]} {clock_text[:20]} names no zone and the event names none; pass file_tz= the zone",
                where,
            )
        try:
            moment = localize(datetime.combine(day, clock), zone)
            utc(moment)
        except PyconfScheduleError as exc:
            raise _error(str(exc), where) from None
        except OverflowError:
            raise _error("the date lies outside the years 1 to 9999", where) from None
        return moment

    def conference(self) -> Conference:
        event = self.event
        base = "$.results[0]"
        sessions: list[Session] = []
        # Inside its session first: a contribution listed twice is read where its session's room and title are known.
        for b, block in enumerate(_list(event.get("sessions"), f"{base}.sessions")):
            where = f"{base}.sessions[{b}]"
            if not isinstance(block, dict):
                raise _error(f"expected a session object, got {type(block).__name__}", where)
            for i, contribution in enumerate(_list(block.get("contributions"), f"{where}.contributions")):
                self.add(sessions, contribution, f"{where}.contributions[{i}]", block)
        for i, contribution in enumerate(_list(event.get("contributions"), f"{base}.contributions")):
            self.add(sessions, contribution, f"{base}.contributions[{i}]", None)
        start, end = (
            self.moment(event.get("startDate"), f"{base}.startDate"),
            self.moment(event.get("endDate"), f"{base}.endDate"),
        )
        if self.zone is None:
            raise MissingZoneError(
                _FORMAT, "the event names no timezone; pass file_tz= the event's zone", f"{base}.timezone"
            )
        zone = self.zone
        ident = event.get("id")
        ident_text = str(ident).strip() if isinstance(ident, (str, int)) and not isinstance(ident, bool) else ""
        title = _text(event.get("title"))
        with dates_in_range(_FORMAT, base):
            shown = [_in_zone(s, zone) for s in sessions]
            start_date = start.astimezone(zone).date() if start else None
            end_date = end.astimezone(zone).date() if end else None
        if start_date and end_date and end_date < start_date:
            start_date = end_date = None
        url = _text(event.get("url"))
        return build_conference(
            _FORMAT,
            id=f"indico-{ident_text}" if ident_text else slugify(title or "") or "indico",
            name=title or (f"Indico event {ident_text}" if ident_text else "Indico event"),
            timezone=zone_name(zone) or "UTC",
            sessions=shown,
            speakers=list(self.people.values()),
            rooms=self.rooms.values(),
            tracks=self.tracks.values(),
            venue=_text(event.get("location")),
            url=url if url and url.startswith(("http://", "https://")) else None,
            start_date=start_date,
            end_date=end_date,
        )

    def add(self, sessions: list[Session], value: Any, where: str, block: dict[str, Any] | None) -> None:
        if not isinstance(value, dict):
            raise _error(f"expected a contribution object, got {type(value).__name__}", where)
        ident = value.get("id")
        if isinstance(ident, bool) or not isinstance(ident, (str, int)) or not str(ident).strip():
            raise _error('the contribution has no "id"', f"{where}.id")
        key = str(ident).strip()
        if key in self.seen:  # listed on its own and inside its session: one contribution
            return
        self.seen.add(key)
        start = self.moment(value.get("startDate"), f"{where}.startDate")
        end = self.moment(value.get("endDate"), f"{where}.endDate") if start is not None else None
        if start is not None and end is None:
            end = end_after_minutes(start, value.get("duration"))
        if start is not None and end is not None and utc(end) < utc(start):
            raise _error(f"the contribution ends ({end.isoformat()}) before it starts ({start.isoformat()})", where)
        block_title = _text(block.get("title")) if block else None
        kind, label = kind_from_label(_text(value.get("type")))
        if label is None and kind is SessionKind.OTHER and block is not None and block.get("isPoster") is True:
            kind = SessionKind.POSTER
        people: dict[str, Speaker] = {}
        for i, person in enumerate(_list(value.get("speakers"), f"{where}.speakers")):
            speaker = self.speaker(person, f"{where}.speakers[{i}]")
            if speaker is not None:
                people.setdefault(speaker.id, speaker)
        base = f"indico-{key}"
        try:
            sessions.append(
                Session(
                    id=self.ids.claim(base),
                    title=_text(value.get("title")),
                    kind=kind,
                    kind_label=label,
                    start=start,
                    end=end,
                    room=self.rooms.get(_text(value.get("room")) or (_text(block.get("room")) if block else None)),
                    track=self.tracks.get(_text(value.get("track")) or block_title or _text(value.get("session"))),
                    speakers=list(people.values()),
                    abstract=_text(value.get("description")),
                )
            )
        except PyconfScheduleError as exc:
            raise _error(str(exc), where) from None

    def speaker(self, person: Any, where: str) -> Speaker | None:
        if not isinstance(person, dict):
            raise _error(f"expected a person object, got {type(person).__name__}", where)
        first, last = _text(person.get("first_name")), _text(person.get("last_name"))
        name = f"{first} {last}" if first and last else _text(person.get("fullName")) or first or last
        if not name:
            return None
        organisation = _text(person.get("affiliation"))
        key = f"{fold(name)}\x1f{fold(organisation or '')}"
        known = self.people.get(key)
        if known is None:
            known = self.people[key] = Speaker(
                id=self.people_ids.claim(slugify(name) or "speaker"),
                name=name,
                organisation=organisation,
            )
        return known


def _in_zone(session: Session, zone: tzinfo) -> Session:
    if session.start is None:
        return session
    from attrs import evolve

    return evolve(
        session, start=session.start.astimezone(zone), end=None if session.end is None else session.end.astimezone(zone)
    )


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _error(f"expected a list, got {type(value).__name__}", where)
    return value
