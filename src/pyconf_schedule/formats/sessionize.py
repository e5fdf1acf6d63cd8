"""Sessionize's public API, format name ``"sessionize"`` (read only).

Sessionize publishes an event's programme at
``https://sessionize.com/api/v2/<endpoint id>/view/<View>``; this module reads
the JSON of the views that hold sessions:

* ``view/All``: one object with ``sessions``, ``speakers``, ``categories``,
  ``rooms`` and ``questions``; sessions name their speakers, room and
  category items by id.
* ``view/Sessions``: a list of groups (``groupId``, ``groupName``,
  ``sessions``), sessions with their speakers, room and categories embedded.
* ``view/GridSmart``: a list of days, each with its ``rooms`` (and their
  ``sessions``) and ``timeSlots``, sessions embedded.  A session met more
  than once (a plenum session repeated in every room, or listed both under
  its room and its time slot) is one session, in the room its first listing
  names.

``view/Speakers`` lists speakers and the titles of their sessions but no
times, rooms or kinds: it is refused with a message naming the views that
hold the sessions.

Mapping
-------
* ``id`` -> session id; ``title``; ``description`` -> abstract;
  ``startsAt``/``endsAt`` -> start/end.  Sessionize writes UTC (``...Z``),
  an offset, or a wall time with no zone: a wall time is read in ``file_tz``, and
  without ``file_tz`` the file is refused (:class:`~pyconf_schedule.MissingZoneError`
  naming ``file_tz=``); no zone is ever guessed.  A session without ``startsAt``
  is unscheduled.
* ``isServiceSession`` -> kind ``break`` (lunch, coffee, registration): read,
  never dropped, never a talk.
* Categories are the organiser's own groups.  A group whose title names one
  role is mapped: a title with ``track`` or ``stream`` -> the session's track;
  ``level``, ``difficulty`` or ``audience`` -> audience level; ``format`` or
  ``type`` -> the kind (by the words of the item, the item kept as
  ``kind_label``; a session with no such group is a talk); ``language`` ->
  language.  The first item of the first such group fills the field; every
  other group and item stays visible in :attr:`~pyconf_schedule.Session.variants`
  as ``category: <group title>`` (a group naming two roles, such as "Track
  type", is not guessed at: it is kept this way too).
* ``questionAnswers`` -> variants ``question: <question>``; ``status``,
  ``liveUrl`` and ``recordingUrl`` -> variants ``status``, ``live_url`` and
  ``recording_url`` (the model has no fields of their own for them).  Every
  variant cites the source ``sessionize``.
* Speakers: ``id``, ``fullName`` (else first and last name), ``bio``; the
  ``tagLine`` is the job title, except that a tag line of the form
  ``Title @ Company`` (one ``@`` with text on both sides) gives job title
  ``Title`` and organisation ``Company``.  Links and profile pictures are
  left out: the model has no place for them.
* Rooms keep Sessionize's ids (``"215"``), as do category items used as
  tracks.  The conference is ``id="sessionize"``, ``name="Sessionize event"``
  (the API names no event), in zone ``file_tz``, else UTC.

Left out: speaker links, profile pictures and ``isTopSpeaker``,
``isPlenumSession`` (no more than one room is kept), ``isInformed``,
``isConfirmed``, speakers' own categories and answers.

>>> data = '''{"sessions": [{"id": "1", "title": "Lunch", "startsAt": "2026-06-01T12:00:00",
...   "endsAt": "2026-06-01T13:00:00", "isServiceSession": true, "speakers": [], "categoryItems": [],
...   "roomId": 7}], "speakers": [], "categories": [], "rooms": [{"id": 7, "name": "Hall"}], "questions": []}'''
>>> str(loads(data, file_tz="Europe/Paris").sessions[0])
'2026-06-01 12:00-13:00 CEST, Hall: Lunch'
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from .._conference import Conference
from .._model import Conflict, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
from .._text import fold, words
from .._time import get_zone, zone_name
from ..exceptions import ScheduleParseError
from ._common import build_conference, kind_from_label
from ._input import dates_in_range, load_json
from ._platform import build, caller_zone, in_zone, items, mapping, optional_text, wall_time

__all__ = ["SOURCE", "loads"]

_FORMAT = "sessionize"
SOURCE = Source(id="sessionize", title="Sessionize API")
"""The source every variant this reader keeps cites."""

_ROLE_WORDS: dict[str, frozenset[str]] = {
    "track": frozenset({"track", "tracks", "stream", "streams"}),
    "level": frozenset({"level", "levels", "difficulty", "audience"}),
    "kind": frozenset({"format", "formats", "type", "types"}),
    "language": frozenset({"language", "languages"}),
}


def category_role(title: str) -> str | None:
    """The field a category group's title names: ``track``, ``level``, ``kind``, ``language``, or None.

    None as well for a title naming two roles (it is not guessed at).

    >>> category_role("Session format"), category_role("Track"), category_role("Track type"), category_role("Topic")
    ('kind', 'track', None, None)
    """
    said = set(words(fold(title)))
    roles = [role for role, names in _ROLE_WORDS.items() if said & names]
    return roles[0] if len(roles) == 1 else None


def tag_line(text: str | None) -> tuple[str | None, str | None]:
    """A speaker's tag line as (job title, organisation): split at one ``@`` with text on both sides, else all job title.

    >>> tag_line("Tester @ Sessionize"), tag_line("CEO / Contoso"), tag_line("a @ b @ c")
    (('Tester', 'Sessionize'), ('CEO / Contoso', None), ('a @ b @ c', None))
    """
    if text is None:
        return None, None
    if text.count("@") == 1:
        title, organisation = (part.strip() for part in text.split("@"))
        if title and organisation:
            return title, organisation
    return text, None


class _Reader:
    """One document being read: rooms, tracks, speakers and sessions met so far, by id."""

    def __init__(self, zone: tzinfo | None) -> None:
        self.zone = zone
        self.shown = zone if zone is not None else get_zone("UTC")  # the conference's zone: times are given in it
        self.rooms: dict[str, Room] = {}
        self.tracks: dict[str, Track] = {}
        self.speakers: dict[str, Speaker] = {}
        self.sessions: dict[str, Session] = {}
        self.questions: dict[str, str] = {}
        self.times: dict[str, datetime] = {}
        self.roles: dict[str, str | None] = {}  # a category group's title -> its role: every session repeats them

    def role(self, title: str) -> str | None:
        """:func:`category_role` of ``title``, worked out once per title."""
        try:
            return self.roles[title]
        except KeyError:
            role = self.roles[title] = category_role(title)
            return role

    # -- parts -------------------------------------------------------------

    def room(self, ident: Any, name: Any, path: str) -> Room | None:
        key = optional_text(ident, _FORMAT, f"{path}.roomId")
        if key is None:
            return None
        room = self.rooms.get(key)
        if room is None:
            label = optional_text(name, _FORMAT, f"{path}.room")
            if label is None:
                raise ScheduleParseError(_FORMAT, f"the room id {key!r} is not among the rooms of the document", path)
            room = self.rooms[key] = _build(Room, path, id=key, name=label)
        return room

    def track(self, ident: str, name: str, path: str) -> Track:
        track = self.tracks.get(ident)
        if track is None:
            track = self.tracks[ident] = _build(Track, path, id=ident, name=name)
        return track

    def speaker(self, value: Any, path: str) -> Speaker:
        person = mapping(value, _FORMAT, path)
        ident = optional_text(person.get("id"), _FORMAT, f"{path}.id")
        if ident is None:
            raise ScheduleParseError(_FORMAT, "a speaker has no id", path)
        known = self.speakers.get(ident)
        if known is not None:
            return known
        name = optional_text(person.get("fullName"), _FORMAT, f"{path}.fullName") or optional_text(
            person.get("name"), _FORMAT, f"{path}.name"
        )
        if name is None:
            parts = (optional_text(person.get(k), _FORMAT, f"{path}.{k}") for k in ("firstName", "lastName"))
            name = " ".join(p for p in parts if p) or None
        if name is None:
            raise ScheduleParseError(_FORMAT, f"speaker {ident!r} has no name", path)
        job_title, organisation = tag_line(optional_text(person.get("tagLine"), _FORMAT, f"{path}.tagLine"))
        bio = optional_text(person.get("bio"), _FORMAT, f"{path}.bio")
        speaker: Speaker = _build(
            Speaker, path, id=ident, name=name, job_title=job_title, organisation=organisation, bio=bio
        )
        self.speakers[ident] = speaker
        return speaker

    def time(self, value: Any, path: str) -> datetime | None:
        text = optional_text(value, _FORMAT, path)
        if text is None:
            return None
        shown = self.times.get(text)  # sessions share their times: each text is read once (a failure is not kept)
        if shown is None:
            with dates_in_range(_FORMAT, path):
                value = in_zone(wall_time(text, _FORMAT, path), self.zone, _FORMAT, path)
                shown = self.times[text] = value if value.tzinfo is self.shown else value.astimezone(self.shown)
        return shown

    # -- sessions ----------------------------------------------------------

    def session(
        self,
        raw: dict[str, Any],
        path: str,
        speakers: list[Speaker],
        categories: list[tuple[str, list[tuple[str, str]]]],
        room: Room | None,
    ) -> None:
        """Add one session (``categories``: (group title, [(item id, item name)]) in the source's order)."""
        ident = optional_text(raw.get("id"), _FORMAT, f"{path}.id")
        if ident is None:
            raise ScheduleParseError(_FORMAT, "a session has no id", path)
        if ident in self.sessions:  # a plenum session repeated in every room, or a session listed twice: one session
            return
        service = raw.get("isServiceSession")
        if service is not None and not isinstance(service, bool):
            raise ScheduleParseError(_FORMAT, "expected true or false", f"{path}.isServiceSession")
        fields: dict[str, Any] = {}
        variants: list[Conflict] = []
        taken: set[str] = set()
        for title, chosen in categories:
            role = self.role(title)
            rest = chosen
            if role is not None and role not in taken and chosen:
                taken.add(role)
                item_id, item_name = chosen[0]
                rest = chosen[1:]
                if role == "track":
                    fields["track"] = self.track(item_id, item_name, path)
                elif role == "level":
                    fields["audience_level"] = item_name
                elif role == "language":
                    fields["language"] = item_name
                elif not service:
                    fields["kind"], fields["kind_label"] = kind_from_label(item_name)
                else:
                    rest = chosen
            if rest:
                variants.append(_variant(f"category: {title}", [name for _, name in rest]))
        for number, answer in enumerate(items(raw.get("questionAnswers"), _FORMAT, f"{path}.questionAnswers")):
            where = f"{path}.questionAnswers[{number}]"
            answer = mapping(answer, _FORMAT, where)
            question = optional_text(answer.get("questionId"), _FORMAT, f"{where}.questionId")
            value = optional_text(answer.get("answerValue"), _FORMAT, f"{where}.answerValue")
            if question is not None and value is not None:
                variants.append(_variant(f"question: {self.questions.get(question, question)}", [value]))
        for key, name in (("status", "status"), ("liveUrl", "live_url"), ("recordingUrl", "recording_url")):
            value = optional_text(raw.get(key), _FORMAT, f"{path}.{key}")
            if value is not None:
                variants.append(_variant(name, [value]))
        if service:
            fields["kind"], fields["kind_label"] = SessionKind.BREAK, None
        start = self.time(raw.get("startsAt"), f"{path}.startsAt")
        end = self.time(raw.get("endsAt"), f"{path}.endsAt")
        self.sessions[ident] = _build(
            Session,
            path,
            id=ident,
            title=optional_text(raw.get("title"), _FORMAT, f"{path}.title"),
            start=start,
            end=end if start is not None else None,
            room=room,
            speakers=speakers,
            abstract=optional_text(raw.get("description"), _FORMAT, f"{path}.description"),
            variants=variants,
            sources=(SOURCE.id,) if variants else (),
            **fields,
        )

    def embedded(self, value: Any, path: str) -> None:
        """A session of view/Sessions or view/GridSmart: speakers, room and categories inside it."""
        raw = mapping(value, _FORMAT, path)
        speakers = [
            self.speaker(p, f"{path}.speakers[{i}]")
            for i, p in enumerate(items(raw.get("speakers"), _FORMAT, f"{path}.speakers"))
        ]
        categories: list[tuple[str, list[tuple[str, str]]]] = []
        for i, group in enumerate(items(raw.get("categories"), _FORMAT, f"{path}.categories")):
            where = f"{path}.categories[{i}]"
            group = mapping(group, _FORMAT, where)
            title = optional_text(group.get("name"), _FORMAT, f"{where}.name") or ""
            chosen = []
            for j, item in enumerate(items(group.get("categoryItems"), _FORMAT, f"{where}.categoryItems")):
                at = f"{where}.categoryItems[{j}]"
                item = mapping(item, _FORMAT, at)
                item_id = optional_text(item.get("id"), _FORMAT, f"{at}.id")
                item_name = optional_text(item.get("name"), _FORMAT, f"{at}.name")
                if item_id is not None and item_name is not None:
                    chosen.append((item_id, item_name))
            categories.append((title, chosen))
        room = self.room(raw.get("roomId"), raw.get("room"), path)
        self.session(raw, path, speakers, categories, room)


def _variant(field: str, values: list[str]) -> Conflict:
    return Conflict(
        field=field,
        values=[SourcedValue(value=v, sources=(SOURCE.id,)) for v in values],
        rule="kept from Sessionize: no field of the model holds it",
    )


def _view_all(reader: _Reader, document: dict[str, Any]) -> None:
    for i, room in enumerate(items(document.get("rooms"), _FORMAT, "$.rooms")):
        room = mapping(room, _FORMAT, f"$.rooms[{i}]")
        reader.room(room.get("id"), room.get("name"), f"$.rooms[{i}]")
    for i, question in enumerate(items(document.get("questions"), _FORMAT, "$.questions")):
        question = mapping(question, _FORMAT, f"$.questions[{i}]")
        key = optional_text(question.get("id"), _FORMAT, f"$.questions[{i}].id")
        text = optional_text(question.get("question"), _FORMAT, f"$.questions[{i}].question")
        if key is not None and text is not None:
            reader.questions[key] = text
    category_items: dict[str, tuple[int, str, str]] = {}  # item id -> (group position, group title, item name)
    groups: list[str] = []
    for i, group in enumerate(items(document.get("categories"), _FORMAT, "$.categories")):
        where = f"$.categories[{i}]"
        group = mapping(group, _FORMAT, where)
        title = optional_text(group.get("title"), _FORMAT, f"{where}.title") or ""
        groups.append(title)
        for j, item in enumerate(items(group.get("items"), _FORMAT, f"{where}.items")):
            at = f"{where}.items[{j}]"
            item = mapping(item, _FORMAT, at)
            item_id = optional_text(item.get("id"), _FORMAT, f"{at}.id")
            name = optional_text(item.get("name"), _FORMAT, f"{at}.name")
            if item_id is not None and name is not None:
                category_items[item_id] = (i, title, name)
                if reader.role(title) == "track":
                    reader.track(item_id, name, at)
    for i, person in enumerate(items(document.get("speakers"), _FORMAT, "$.speakers")):
        reader.speaker(person, f"$.speakers[{i}]")
    for i, raw in enumerate(items(document.get("sessions"), _FORMAT, "$.sessions")):
        path = f"$.sessions[{i}]"
        raw = mapping(raw, _FORMAT, path)
        speakers = []
        for j, ref in enumerate(items(raw.get("speakers"), _FORMAT, f"{path}.speakers")):
            key = optional_text(ref, _FORMAT, f"{path}.speakers[{j}]")
            if key is None or key not in reader.speakers:
                raise ScheduleParseError(
                    _FORMAT, f"the speaker id {key!r} is not among the document's speakers", f"{path}.speakers[{j}]"
                )
            speakers.append(reader.speakers[key])
        chosen: dict[int, list[tuple[str, str]]] = {}
        for j, ref in enumerate(items(raw.get("categoryItems"), _FORMAT, f"{path}.categoryItems")):
            key = optional_text(ref, _FORMAT, f"{path}.categoryItems[{j}]")
            found = category_items.get(key) if key is not None else None
            if key is None or found is None:
                raise ScheduleParseError(
                    _FORMAT,
                    f"the category item {key!r} is not among the document's categories",
                    f"{path}.categoryItems[{j}]",
                )
            chosen.setdefault(found[0], []).append((key, found[2]))
        categories = [(groups[g], chosen[g]) for g in sorted(chosen)]
        room_id = optional_text(raw.get("roomId"), _FORMAT, f"{path}.roomId")
        room = None if room_id is None else reader.room(room_id, raw.get("room"), path)
        reader.session(raw, path, speakers, categories, room)


def _view_list(reader: _Reader, document: list[Any]) -> str:
    """Read view/Sessions or view/GridSmart; the view's name."""
    view = ""
    for i, entry in enumerate(document):
        path = f"$[{i}]"
        entry = mapping(entry, _FORMAT, path)
        if "timeSlots" in entry or ("date" in entry and "rooms" in entry):
            shape = "GridSmart"
        elif "groupName" in entry or "groupId" in entry:
            shape = "Sessions"
        elif "fullName" in entry or "firstName" in entry or "tagLine" in entry:
            raise ScheduleParseError(_FORMAT, _SPEAKERS_ONLY, path)
        else:
            raise ScheduleParseError(_FORMAT, _NOT_A_VIEW, path)
        if view and shape != view:
            raise ScheduleParseError(_FORMAT, f"a view/{shape} entry in a view/{view} document", path)
        view = shape
        if shape == "Sessions":
            for j, raw in enumerate(items(entry.get("sessions"), _FORMAT, f"{path}.sessions")):
                reader.embedded(raw, f"{path}.sessions[{j}]")
            continue
        for j, room in enumerate(items(entry.get("rooms"), _FORMAT, f"{path}.rooms")):
            where = f"{path}.rooms[{j}]"
            room = mapping(room, _FORMAT, where)
            reader.room(room.get("id"), room.get("name"), where)
            for k, raw in enumerate(items(room.get("sessions"), _FORMAT, f"{where}.sessions")):
                reader.embedded(raw, f"{where}.sessions[{k}]")
        for j, slot in enumerate(items(entry.get("timeSlots"), _FORMAT, f"{path}.timeSlots")):
            where = f"{path}.timeSlots[{j}]"
            slot = mapping(slot, _FORMAT, where)
            for k, room in enumerate(items(slot.get("rooms"), _FORMAT, f"{where}.rooms")):
                at = f"{where}.rooms[{k}]"
                room = mapping(room, _FORMAT, at)
                if room.get("session") is not None:
                    reader.embedded(room["session"], f"{at}.session")
    return view


_SPEAKERS_ONLY = (
    "this is Sessionize's view/Speakers: it lists speakers and their session titles but no times, rooms or kinds, "
    "so it holds no schedule; read view/All, view/Sessions or view/GridSmart of the same endpoint instead "
    "(https://sessionize.com/api/v2/<id>/view/All)"
)
_NOT_A_VIEW = (
    "not a Sessionize API document: expected view/All (an object with sessions, speakers, categories and rooms), "
    "view/Sessions (a list of groups with sessions) or view/GridSmart (a list of days with rooms and time slots)"
)


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read the JSON of a Sessionize view (see the module docstring); wall times without a zone are read in ``file_tz``."""
    zone = caller_zone(file_tz)
    document = load_json(data, _FORMAT, strict=True)
    reader = _Reader(zone)
    if isinstance(document, dict):
        if not isinstance(document.get("sessions"), list):
            raise ScheduleParseError(_FORMAT, _NOT_A_VIEW, "$")
        _view_all(reader, document)
    elif isinstance(document, list):
        _view_list(reader, document)
    else:
        raise ScheduleParseError(_FORMAT, _NOT_A_VIEW, "$")
    variants = any(s.variants for s in reader.sessions.values())
    return build_conference(
        _FORMAT,
        dates_from_days=True,
        id="sessionize",
        name="Sessionize event",
        timezone=zone_name(reader.shown) or "UTC",
        sessions=list(reader.sessions.values()),
        speakers=list(reader.speakers.values()),
        rooms=list(reader.rooms.values()),
        tracks=list(reader.tracks.values()),
        sources=[SOURCE] if variants else [],
    )


def _build(cls: Any, path: str, **fields: Any) -> Any:
    return build(cls, _FORMAT, path, **fields)
