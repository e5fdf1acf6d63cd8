"""pretalx's REST API (format name ``"pretalx-api"``): an event and its latest released schedule.

pretalx (DjangoCon US, PyCon DE, EuroPython...) serves each event at
``https://<host>/api/events/<slug>/``: the event (``name``, ``timezone``,
``locale``, ``locales``, ``date_from``, ``date_to``), and its latest
released schedule at ``schedules/latest/`` with the slots expanded
(:data:`SCHEDULE_EXPAND`), or page by page at ``slots/`` (``{"count",
"next", "previous", "results"}``).  This module turns those documents into a
Conference; it fetches nothing.  :func:`collect` says which URLs it needs and
asks a ``get(url) -> bytes`` callable for them (the library's fetch layer
passes one that goes through the cache); :func:`loads` reads what was saved.

What :func:`loads` reads
    * a bundle, what :func:`collect` returns and ``read()`` of an event URL
      reads: ``{"format": "pretalx-api-bundle", "version": 1, "url":
      <event URL>, "event": <the event>, "schedule": <the expanded
      schedule>}``, or ``"slots": [...]`` (every page's ``results``) in place
      of ``"schedule"``;
    * an expanded schedule response saved alone (``{"version": ...,
      "slots": [...]}``) or one page of ``slots/`` (``{"count": ...,
      "results": [...]}``): neither names the event, so ``file_tz=`` gives the
      conference's zone (refused without it: a zone is never guessed), and
      the conference is called after the schedule's version.

What is kept
    Each slot with a submission is a session: its id is the submission's
    ``code`` (``CODE-2``, ``CODE-3``... for further slots of one
    submission), title, ``start`` and ``end`` (their UTC offsets trusted;
    a time without one is in the event's ``timezone``, else ``file_tz=``; without
    ``end``, ``start`` plus the slot's ``duration`` minutes), room, track,
    the submission type as the kind (its English name decides, words as for
    frab files: ``"Talk"``, ``"Workshop"``; the name in the chosen language
    is kept as ``kind_label`` unless it is the kind's own name),
    speakers (``code``, ``name``, ``biography``), ``abstract`` and
    ``description`` as the abstract, ``content_locale`` as the language.
    A slot without a submission is a break (kind ``break``, id
    ``break-<slot id>``, titled by the slot's ``description``).  The
    conference's id is the event's slug, its name the event's name, its zone
    the event's ``timezone`` (``file_tz=`` only when the document names none),
    its dates ``date_from`` and ``date_to``.

What is left out
    Tags, answers, resources, images, avatars, the room's capacity and
    description, colours, the submission's state and recording flag, the
    schedule's version and comment: the model has no place for them.  No
    URL is made up for a talk page the API does not give.

Multi-language strings
    ``{"en": "Main hall", "de": "Großer Saal"}`` is read in the language
    ``lang=`` names; where that language is missing or empty, in the event's
    ``locale``, then in each of its ``locales`` in order, then the first
    non-empty string the object holds.  Without ``lang=`` the event's
    ``locale`` comes first.  A plain string is itself.

>>> conf = loads(bundle({"slug": "demo", "name": {"en": "Demo"}, "timezone": "Europe/Berlin", "locale": "en"},
...                     schedule={"version": "1", "slots": []}))
>>> conf.id, conf.name, conf.timezone
('demo', 'Demo', 'Europe/Berlin')
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable, Iterable
from datetime import date, datetime, tzinfo
from typing import Any

from .._conference import Conference
from .._limits import RAISE_IT, input_limit, over_limit_text
from .._model import Session, SessionKind, Speaker
from .._text import slugify
from .._time import get_zone, localize, parse_datetime, utc, zone_name
from ..exceptions import HTTPStatusError, MissingZoneError, PyconfScheduleError, ScheduleParseError
from ._common import UniqueIds, build_conference, end_after_minutes, kind_from_label, rooms_table, tracks_table
from ._input import dates_in_range, load_json

__all__ = [
    "BUNDLE_FORMAT",
    "MAX_PAGES",
    "SCHEDULE_EXPAND",
    "SLOTS_EXPAND",
    "bundle",
    "collect",
    "event_url",
    "loads",
]

_FORMAT = "pretalx-api"
BUNDLE_FORMAT = "pretalx-api-bundle"
"""The ``"format"`` of a bundle: an event and its schedule in one JSON document."""
SCHEDULE_EXPAND = "slots,slots.room,slots.submission,slots.submission.speakers,slots.submission.track,slots.submission.submission_type"
"""What the schedule request expands: every slot with its room, submission, speakers, track and type."""
SLOTS_EXPAND = "room,submission,submission.speakers,submission.track,submission.submission_type"
"""What each ``slots/`` page request expands."""
MAX_PAGES = 200
"""Pages of ``slots/`` followed at most (10 000 slots at pretalx's 50 a page); more is refused."""

_EVENT_URL = re.compile(r"^(https?://[^/?#]+(?:/[^?#]*)?/api/events/)([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)/?$")


def event_url(url: str) -> str | None:
    """The canonical event URL (with its final slash) when ``url`` is a pretalx event's API URL, else None.

    >>> event_url("https://pretalx.com/api/events/democon")
    'https://pretalx.com/api/events/democon/'
    >>> event_url("https://pretalx.com/democon/schedule/") is None
    True
    """
    match = _EVENT_URL.match(url.strip())
    if match is None:
        return None
    return f"{match[1]}{match[2]}/"


def bundle(event: Any, *, schedule: Any = None, slots: list[Any] | None = None, url: str | None = None) -> bytes:
    """The bundle (UTF-8 JSON) of an event and its expanded ``schedule``, or the ``slots`` of every page.

    >>> json.loads(bundle({"slug": "x"}, slots=[]))["format"]
    'pretalx-api-bundle'
    """
    document: dict[str, Any] = {"format": BUNDLE_FORMAT, "version": 1, "url": url, "event": event}
    if schedule is not None:
        document["schedule"] = schedule
    else:
        document["slots"] = slots or []
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def collect(url: str, get: Callable[[str], bytes], *, max_pages: int = MAX_PAGES) -> bytes:
    """The bundle of the event at ``url``, each document asked of ``get(url) -> bytes``.

    ``get`` raises for a failed request (the fetch layer's errors); a
    :class:`~pyconf_schedule.HTTPStatusError` with status 400 or 404 for the
    schedule (an older pretalx, a schedule not released) sends this to the
    ``slots/`` pages instead, following ``next`` for at most ``max_pages``
    pages and the format's size limit (6 MiB, or the raised
    limit) in all.  A ``next`` link to another host is refused (a token is
    never sent elsewhere); one written ``http://`` for an ``https://`` event
    is followed over https.

    >>> documents = {"https://x.org/api/events/e/": b'{"slug": "e", "timezone": "UTC"}',
    ...              "https://x.org/api/events/e/schedules/latest/?expand=" + SCHEDULE_EXPAND: b'{"slots": []}'}
    >>> json.loads(collect("https://x.org/api/events/e", documents.__getitem__))["schedule"]
    {'slots': []}
    """
    base = event_url(url)
    if base is None:
        raise ScheduleParseError(
            _FORMAT, f"{url[:100]!r} is not a pretalx event URL; the form is https://<host>/api/events/<slug>/"
        )
    budget = _Budget()
    event = _document(budget.take(get(base)), base, dict)
    try:
        schedule = _document(budget.take(get(f"{base}schedules/latest/?expand={SCHEDULE_EXPAND}")), base, dict)
    except HTTPStatusError as exc:
        if exc.status not in (400, 404):
            raise
    else:
        return bundle(event, schedule=schedule, url=base)
    slots: list[Any] = []
    page_url: str | None = f"{base}slots/?expand={SLOTS_EXPAND}"
    seen: set[str] = set()
    pages = 0
    while page_url is not None:
        if pages == max_pages:
            raise ScheduleParseError(
                _FORMAT,
                f"the slots of {base} run to more than {max_pages} pages; refused (max_pages= raises the bound)",
            )
        if page_url in seen:
            raise ScheduleParseError(
                _FORMAT, f"the slots pages of {base} link back to a page already read ({page_url[:100]})"
            )
        seen.add(page_url)
        page = _document(budget.take(get(page_url)), page_url, dict)
        pages += 1
        results = page.get("results")
        if not isinstance(results, list):
            raise ScheduleParseError(_FORMAT, 'a slots page has no "results" list', page_url[:100])
        slots.extend(results)
        page_url = _next_page(page.get("next"), base)
    return bundle(event, slots=slots, url=base)


class _Budget:
    """The bytes of every document of one event together stay within the size limit of the read."""

    def __init__(self) -> None:
        self.left = input_limit()

    def take(self, data: bytes) -> bytes:
        self.left -= len(data)
        if self.left < 0:
            raise ScheduleParseError(
                _FORMAT,
                f"the event's documents together are over {over_limit_text(input_limit())}; {RAISE_IT}",
            )
        return data


def _document(data: bytes, where: str, kind: type) -> Any:
    document = load_json(data, _FORMAT, strict=True)
    if not isinstance(document, kind):
        raise ScheduleParseError(_FORMAT, f"expected a JSON object from {where[:100]}, got {type(document).__name__}")
    return document


def _next_page(link: Any, base: str) -> str | None:
    if link is None or link == "":
        return None
    if not isinstance(link, str):
        raise ScheduleParseError(_FORMAT, f'a slots page\'s "next" is {type(link).__name__}, not a URL')
    here, there = urllib.parse.urlsplit(base), urllib.parse.urlsplit(urllib.parse.urljoin(base, link))
    if there.netloc.lower() != here.netloc.lower() or there.scheme not in ("http", "https"):
        raise ScheduleParseError(
            _FORMAT,
            f"a slots page links its next page on another host ({there.netloc[:60]!r}, not {here.netloc!r}); refused",
        )
    if here.scheme == "https" and there.scheme == "http":
        there = there._replace(scheme="https")
    return urllib.parse.urlunsplit(there)


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------


def loads(data: str | bytes, *, file_tz: str | None = None, lang: str | None = None) -> Conference:
    """Read a pretalx bundle, expanded schedule or slots page (see the module docstring).

    ``file_tz`` is the zone assumed where the document states none: no event
    (a schedule or slots page saved alone), or an event without
    ``timezone``; the event's own zone is never replaced.  ``lang`` is the
    language multi-language strings are read in.
    """
    document = load_json(data, _FORMAT, strict=True)
    if not isinstance(document, dict):
        raise ScheduleParseError(_FORMAT, f"expected a JSON object, got {type(document).__name__}", "$")
    if document.get("format") == BUNDLE_FORMAT:
        event = document.get("event")
        if not isinstance(event, dict):
            raise ScheduleParseError(_FORMAT, 'the bundle has no "event" object', "$.event")
        if "schedule" in document:
            slots, path = _slots_of(document["schedule"], "$.schedule")
        else:
            listed, path = document.get("slots"), "$.slots"
            if not isinstance(listed, list):
                raise ScheduleParseError(_FORMAT, 'the bundle has neither a "schedule" object nor a "slots" list', "$")
            slots = listed
        return _Reader(event, file_tz, lang).conference(slots, path, None)
    if "results" in document:
        slots, path = document["results"], "$.results"
        if not isinstance(slots, list):
            raise ScheduleParseError(_FORMAT, 'expected "results" to be a list of slots', path)
        return _Reader({}, file_tz, lang).conference(slots, path, None)
    if "slots" in document:
        slots, path = _slots_of(document, "$")
        return _Reader({}, file_tz, lang).conference(slots, path, document.get("version"))
    raise ScheduleParseError(
        _FORMAT,
        'expected a pretalx bundle ("format": "pretalx-api-bundle"), an expanded schedule ("slots") or a slots page '
        '("results")',
        "$",
    )


def _slots_of(schedule: Any, path: str) -> tuple[list[Any], str]:
    if not isinstance(schedule, dict):
        raise ScheduleParseError(_FORMAT, "expected the schedule to be an object", path)
    slots = schedule.get("slots")
    if not isinstance(slots, list):
        raise ScheduleParseError(_FORMAT, 'expected the schedule\'s "slots" to be a list', f"{path}.slots")
    return slots, f"{path}.slots"


def _error(message: str, location: str | None) -> ScheduleParseError:
    return ScheduleParseError(_FORMAT, message, location)


class _Reader:
    """The event's zone and languages, and what its slots name, read once each."""

    def __init__(self, event: dict[str, Any], tz: str | None, lang: str | None) -> None:
        self.event = event
        named = event.get("timezone")
        if named is not None and not isinstance(named, str):
            raise _error(f"the event's timezone is {type(named).__name__}, not a zone name", "$.event.timezone")
        stated = named.strip() if isinstance(named, str) else ""
        self.zone: tzinfo | None = None
        if stated or tz is not None:
            try:
                self.zone = get_zone(stated or str(tz))
            except PyconfScheduleError as exc:
                raise _error(f"the event's timezone: {exc}", "$.event.timezone") if stated else exc from None
        languages: list[str] = []
        for value in (
            lang,
            event.get("locale"),
            *_strings(event.get("locales")),
            *_strings(event.get("content_locales")),
        ):
            if isinstance(value, str) and value and value not in languages:
                languages.append(value)
        self.languages = tuple(languages)
        self.rooms = rooms_table()
        self.tracks = tracks_table()
        self.speakers: dict[str, Speaker] = {}
        self.ids = UniqueIds()

    def text(self, value: Any, location: str) -> str | None:
        """A string, or a multi-language object read by the language rule; None when empty."""
        if value is None:
            return None
        if isinstance(value, str):
            return value.strip() or None
        if isinstance(value, dict):
            for language in self.languages:
                chosen = value.get(language)
                if isinstance(chosen, str) and chosen.strip():
                    return chosen.strip()
            for chosen in value.values():
                if isinstance(chosen, str) and chosen.strip():
                    return chosen.strip()
            return None
        raise _error(f"expected a string or a multi-language object, got {type(value).__name__}", location)

    def instant(self, value: Any, location: str) -> datetime | None:
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            raise _error(f"expected an ISO 8601 date and time, got {type(value).__name__}", location)
        try:
            moment = parse_datetime(value)
            if moment.tzinfo is None:
                if self.zone is None:
                    raise MissingZoneError(
                        _FORMAT,
                        f"the time {value[:40]!r} has no UTC offset and no event names its zone; pass file_tz= the zone",
                        location,
                    )
                moment = localize(moment, self.zone)
            utc(moment)
        except MissingZoneError:
            raise
        except PyconfScheduleError as exc:
            raise _error(str(exc), location) from None
        except OverflowError:
            raise _error(f"the time {value[:40]!r} lies outside the years 1 to 9999", location) from None
        return moment

    def conference(self, slots: list[Any], path: str, version: Any) -> Conference:
        if self.zone is None:
            raise MissingZoneError(
                _FORMAT,
                "the document names no event, so no time zone; read the event URL or a bundle, or pass file_tz= the event's zone",
                path,
            )
        sessions = [self.session(slot, f"{path}[{i}]") for i, slot in enumerate(slots)]
        event = self.event
        slug = event.get("slug")
        name = self.text(event.get("name"), "$.event.name")
        if name is None and isinstance(version, str) and version.strip():
            name = f"Schedule {version.strip()}"
        ident = slug.strip() if isinstance(slug, str) and slug.strip() else slugify(name or "") or "pretalx"
        start_date, end_date = _day(event.get("date_from")), _day(event.get("date_to"))
        if start_date and end_date and end_date < start_date:
            start_date = end_date = None
        zone = self.zone
        with dates_in_range(_FORMAT, path):
            shown = [s if s.start is None else _in_zone(s, zone) for s in sessions]
        return build_conference(
            _FORMAT,
            id=ident,
            name=name or ident,
            timezone=zone_name(zone) or "UTC",
            sessions=shown,
            speakers=list(self.speakers.values()),
            rooms=self.rooms.values(),
            tracks=self.tracks.values(),
            start_date=start_date,
            end_date=end_date,
        )

    def session(self, slot: Any, where: str) -> Session:
        if not isinstance(slot, dict):
            raise _error(f"expected a slot object, got {type(slot).__name__}", where)
        start = self.instant(slot.get("start"), f"{where}.start")
        end = self.instant(slot.get("end"), f"{where}.end") if start is not None else None
        if start is not None and end is None:
            end = end_after_minutes(start, slot.get("duration"))
        if start is not None and end is not None and utc(end) < utc(start):
            raise _error(f"the slot ends ({end.isoformat()}) before it starts ({start.isoformat()})", where)
        room = self.room(slot.get("room"), f"{where}.room")
        submission = slot.get("submission")
        try:
            if submission is None:
                slot_id = slot.get("id")
                base = (
                    f"break-{slot_id}" if isinstance(slot_id, (int, str)) and not isinstance(slot_id, bool) else "break"
                )
                return Session(
                    id=self.ids.claim(base),
                    title=self.text(slot.get("description"), f"{where}.description"),
                    kind=SessionKind.BREAK,
                    start=start,
                    end=end,
                    room=room,
                )
            if not isinstance(submission, dict):
                raise _error(
                    "the slot's submission is not expanded (an id, not an object); fetch the schedule with "
                    f"?expand={SCHEDULE_EXPAND}",
                    f"{where}.submission",
                )
            return self.talk(submission, f"{where}.submission", start, end, room)
        except ScheduleParseError:
            raise
        except PyconfScheduleError as exc:
            raise _error(str(exc), where) from None

    def talk(self, sub: dict[str, Any], where: str, start: datetime | None, end: datetime | None, room: Any) -> Session:
        code = sub.get("code")
        if not isinstance(code, str) or not code.strip():
            raise _error('the submission has no "code"', f"{where}.code")
        title = sub.get("title")
        if title is not None and not isinstance(title, str):
            raise _error(f"expected the title to be a string, got {type(title).__name__}", f"{where}.title")
        kind, label = self.kind(sub.get("submission_type"), f"{where}.submission_type")
        paragraphs: list[str] = []
        for field in ("abstract", "description"):
            text = self.text(sub.get(field), f"{where}.{field}")
            if text and text not in paragraphs:
                paragraphs.append(text)
        speakers = _list(sub.get("speakers"), f"{where}.speakers")
        people: dict[str, Speaker] = {}
        for i, person in enumerate(speakers):
            speaker = self.speaker(person, f"{where}.speakers[{i}]")
            if speaker is not None:
                people.setdefault(speaker.id, speaker)
        language = sub.get("content_locale")
        ident = code.strip()
        return Session(
            id=self.ids.claim(ident),
            title=title.strip() if title and title.strip() else None,
            kind=kind,
            kind_label=label,
            start=start,
            end=end,
            room=room,
            track=self.tracks.get(self.named(sub.get("track"), f"{where}.track")),
            speakers=list(people.values()),
            abstract="\n\n".join(paragraphs) or None,
            language=language.strip() if isinstance(language, str) and language.strip() else None,
        )

    def named(self, value: Any, where: str) -> str | None:
        """The name of an expanded room, track or type; an id alone names nothing (refused)."""
        if value is None:
            return None
        if isinstance(value, dict):
            return self.text(value.get("name"), f"{where}.name")
        raise _error(f"expected an expanded object with a name, got {type(value).__name__}; fetch with ?expand=", where)

    def kind(self, value: Any, where: str) -> tuple[SessionKind, str | None]:
        """The kind a submission type names (its English name decides, the words being English) and the label to keep.

        The label is the name in the chosen language whenever it is not the
        kind's own English name: ``{"en": "Talk", "de": "Vortrag"}`` read in
        German is a talk labelled "Vortrag".
        """
        shown = self.named(value, where)
        english = (
            value.get("name", {}).get("en") if isinstance(value, dict) and isinstance(value.get("name"), dict) else None
        )
        english = english.strip() if isinstance(english, str) and english.strip() else shown
        kind, label = kind_from_label(english)
        return kind, label if shown == english else shown

    def room(self, value: Any, where: str) -> Any:
        return self.rooms.get(self.named(value, where))

    def speaker(self, person: Any, where: str) -> Speaker | None:
        if not isinstance(person, dict):
            raise _error(f"expected an expanded speaker object, got {type(person).__name__}", where)
        name = person.get("name")
        if not isinstance(name, str) or not name.strip():
            return None
        code = person.get("code")
        key = code.strip() if isinstance(code, str) and code.strip() else f"speaker-{slugify(name) or 'x'}"
        known = self.speakers.get(key)
        if known is not None:
            return known
        bio = person.get("biography")
        speaker = Speaker(id=key, name=name.strip(), bio=bio.strip() if isinstance(bio, str) and bio.strip() else None)
        self.speakers[key] = speaker
        return speaker


def _in_zone(session: Session, zone: tzinfo) -> Session:
    from attrs import evolve

    return evolve(
        session,
        start=None if session.start is None else session.start.astimezone(zone),
        end=None if session.end is None else session.end.astimezone(zone),
    )


def _strings(value: Any) -> Iterable[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _error(f"expected a list, got {type(value).__name__}", where)
    return value


def _day(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError:
        return None
