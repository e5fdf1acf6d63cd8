"""``Conference``: one schedule, with its sessions, people, places and sources."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, time, tzinfo
from typing import Any, TypeVar

import attrs
from attrs import field, frozen

from ._checks import as_tuple, check_date, check_items, check_optional_str, check_str, wrong_type
from ._days import DayRule, ProgrammeDay, check_day_change, check_programme_days, programme_days
from ._indexes import Catalogue
from ._model import Room, Session, SessionKind, Source, Speaker, Track
from ._sessions import Sessions
from ._text import fold
from ._time import DayLike, TimeLike, get_zone, zone_name
from .exceptions import (
    InvalidScheduleError,
    UnknownRoomError,
    UnknownTrackError,
)

__all__ = ["Conference"]


def _to_sessions(value: Iterable[Session]) -> Sessions:
    if isinstance(value, Sessions):
        return value
    items = as_tuple(value)
    check_items("Conference", None, "sessions", items, Session, "an iterable of Session")
    # Sorted here; __attrs_post_init__ gives the sessions the conference's catalogue, so none is made for them now.
    return Sessions(items, _catalogue=_NO_CATALOGUE)


_NO_CATALOGUE = Catalogue((), (), ())


def _speakers(value: Iterable[Speaker]) -> tuple[Speaker, ...]:
    return as_tuple(value)


def _rooms(value: Iterable[Room]) -> tuple[Room, ...]:
    return as_tuple(value)


def _tracks(value: Iterable[Track]) -> tuple[Track, ...]:
    return as_tuple(value)


def _sources(value: Iterable[Source]) -> tuple[Source, ...]:
    return as_tuple(value)


def _derived_speakers(self: Conference) -> tuple[Speaker, ...]:
    return Catalogue.of(self.sessions).speakers


def _derived_rooms(self: Conference) -> tuple[Room, ...]:
    return Catalogue.of(self.sessions).rooms


def _derived_tracks(self: Conference) -> tuple[Track, ...]:
    return Catalogue.of(self.sessions).tracks


@frozen(kw_only=True, repr=False)
class Conference:
    """A conference schedule: immutable, with every query of :class:`Sessions`.

    ``timezone`` is the conference's own IANA zone; session times are shown
    in it (sessions given in another zone are converted, instants unchanged).  ``speakers``, ``rooms``
    and ``tracks`` default to those the sessions use.  :meth:`to_tz` gives a
    view in another zone; ``view_timezone`` then names it, and naive query
    times and days are read in it.

    ``programme_days`` are the days of the programme where the source gives
    them (frab and c3voc files do; a congress day may run to 04:00 the next
    morning), sorted by start; ``day_change`` is the wall-clock time, in
    ``timezone``, at which a programme day turns over where the source gives
    one.  They decide which day a session is on (:meth:`Sessions.day_of`)
    in :meth:`days`, :meth:`on`, :meth:`by_day` and the writers, in every view.

    >>> from pyconf_schedule import load
    >>> conf = load("eu2026")
    >>> conf.speaker("Liz Li").organisation
    'AMD'
    """

    id: str
    name: str
    timezone: str
    sessions: Sessions = field(factory=Sessions, converter=_to_sessions)
    speakers: tuple[Speaker, ...] = field(
        default=attrs.Factory(_derived_speakers, takes_self=True), converter=_speakers
    )
    rooms: tuple[Room, ...] = field(default=attrs.Factory(_derived_rooms, takes_self=True), converter=_rooms)
    tracks: tuple[Track, ...] = field(default=attrs.Factory(_derived_tracks, takes_self=True), converter=_tracks)
    sources: tuple[Source, ...] = field(default=(), converter=_sources)
    city: str | None = None
    country: str | None = None
    venue: str | None = None
    url: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    coverage: str | None = None
    programme_days: tuple[ProgrammeDay, ...] = field(default=(), converter=programme_days)
    day_change: time | None = field(default=None, validator=check_day_change)
    view_timezone: str | None = None

    def __attrs_post_init__(self) -> None:
        _check_types(self)
        zone = get_zone(self.view_timezone or self.timezone)
        home = get_zone(self.timezone)
        _check(self)
        rule = DayRule(self.programme_days, self.day_change, home) if self.programme_days or self.day_change else None
        catalogue = Catalogue(self.speakers, self.rooms, self.tracks, owner=self, rule=rule)
        # Times are shown in the zone of the view: convert sessions given in another.
        shown = [s if _shown_in(s, zone) else s.to_tz(zone) for s in self.sessions]
        sessions = Sessions(shown, zone=zone, _catalogue=catalogue, _sorted=True)
        object.__setattr__(self, "sessions", sessions)

    def __repr__(self) -> str:
        view = f", viewed in {self.view_timezone}" if self.view_timezone else ""
        return (
            f"<Conference {self.id!r}: {self.name}, {len(self.sessions)} sessions, "
            f"{len(self.speakers)} speakers, {self.timezone}{view}>"
        )

    def _repr_html_(self) -> str:
        """A compact HTML table for notebooks: the conference's name and size, then its first 20 sessions."""
        from ._notebook import conference_html

        return conference_html(self)

    # -- zone --------------------------------------------------------------

    @property
    def zone(self) -> tzinfo:
        """The zone times are shown in: ``view_timezone`` or the conference's own."""
        return self.sessions.zone

    def to_tz(self, tz: str | tzinfo) -> Conference:
        """The whole conference viewed in zone ``tz`` (an IANA name)."""
        zone = get_zone(tz)
        name = zone_name(zone)
        if name is None:
            raise InvalidScheduleError("a conference view needs an IANA zone name, e.g. 'Asia/Tokyo'")
        return attrs.evolve(self, sessions=self.sessions.to_tz(zone), view_timezone=name)

    def to_arrow(self) -> dict[str, Any]:
        """The tidy tables of this conference as ``pyarrow.Table`` objects by name (the ``arrow`` extra).

        See :func:`pyconf_schedule.to_arrow`: ``conferences``, ``sessions``,
        ``speakers``, ``session_speakers``, ``rooms`` and ``tracks``.
        """
        from ._tables import to_arrow

        return to_arrow(self)

    def to_pandas(self) -> dict[str, Any]:
        """The tables of :meth:`to_arrow` as pandas DataFrames (the ``pandas`` extra)."""
        from ._tables import to_pandas

        return to_pandas(self)

    def to_polars(self) -> dict[str, Any]:
        """The tables of :meth:`to_arrow` as polars DataFrames (the ``polars`` extra)."""
        from ._tables import to_polars

        return to_polars(self)

    def select(self, sessions: Iterable[Session]) -> Conference:
        """This conference restricted to ``sessions``, with only their speakers, rooms and tracks.

        Formats use it to write a query result with its conference's details.
        """
        chosen = Sessions(sessions)
        used = Catalogue.of(chosen)
        speaker_ids = {s.id for s in used.speakers}
        room_ids = {r.id for r in used.rooms}
        track_ids = {t.id for t in used.tracks}
        return attrs.evolve(
            self,
            sessions=chosen,
            speakers=[s for s in self.speakers if s.id in speaker_ids],
            rooms=[r for r in self.rooms if r.id in room_ids],
            tracks=[t for t in self.tracks if t.id in track_ids],
        )

    # -- lookups -----------------------------------------------------------

    def speaker(self, name: str) -> Speaker:
        """The speaker with that name, alias or id (case and accents ignored).

        Raises :class:`~pyconf_schedule.exceptions.UnknownSpeakerError` with
        close names when there is none.
        """
        return self.sessions._catalogue.speaker(name)

    def session(self, session_id: str) -> Session:
        """The session with that id; raises UnknownSessionError with close ids."""
        return self.sessions.session(session_id)

    def room(self, name: str) -> Room:
        """The room with that name or id (case ignored)."""
        key = fold(name)
        for room in self.rooms:
            if key in (fold(room.name), fold(room.id)):
                return room
        raise UnknownRoomError(name, (r.name for r in self.rooms))

    def track(self, name: str) -> Track:
        """The track with that name or id (case ignored)."""
        key = fold(name)
        for track in self.tracks:
            if key in (fold(track.name), fold(track.id)):
                return track
        raise UnknownTrackError(name, (t.name for t in self.tracks))

    @property
    def organisations(self) -> tuple[str, ...]:
        """Every speaker organisation, sorted."""
        return tuple(sorted({s.organisation for s in self.speakers if s.organisation}, key=fold))

    # -- queries (the same as on ``sessions``) -------------------------------

    def by_speaker(self, name: str) -> Sessions:
        """See :meth:`Sessions.by_speaker`."""
        return self.sessions.by_speaker(name)

    def by_track(self, name: str) -> Sessions:
        """See :meth:`Sessions.by_track`."""
        return self.sessions.by_track(name)

    def by_room(self, name: str) -> Sessions:
        """See :meth:`Sessions.by_room`."""
        return self.sessions.by_room(name)

    def by_kind(self, kind: SessionKind | str, *more: SessionKind | str) -> Sessions:
        """See :meth:`Sessions.by_kind`."""
        return self.sessions.by_kind(kind, *more)

    def by_organisation(self, name: str) -> Sessions:
        """See :meth:`Sessions.by_organisation`."""
        return self.sessions.by_organisation(name)

    def on(self, day: DayLike) -> Sessions:
        """See :meth:`Sessions.on`."""
        return self.sessions.on(day)

    def at(self, when: TimeLike) -> Sessions:
        """See :meth:`Sessions.at`."""
        return self.sessions.at(when)

    def between(self, start: TimeLike, end: TimeLike) -> Sessions:
        """See :meth:`Sessions.between`."""
        return self.sessions.between(start, end)

    def after(self, when: TimeLike) -> Sessions:
        """See :meth:`Sessions.after`."""
        return self.sessions.after(when)

    def find(self, text: str) -> Sessions:
        """The sessions that ``text`` names: by id, by title, else by words (see :meth:`Sessions.find`)."""
        return self.sessions.find(text)

    def search(self, text: str) -> Sessions:
        """See :meth:`Sessions.search`."""
        return self.sessions.search(text)

    def day_of(self, session: Session) -> date | None:
        """See :meth:`Sessions.day_of`."""
        return self.sessions.day_of(session)

    def days(self) -> tuple[date, ...]:
        """See :meth:`Sessions.days`."""
        return self.sessions.days()

    def by_day(self) -> dict[date, Sessions]:
        """See :meth:`Sessions.by_day`."""
        return self.sessions.by_day()


def _shown_in(session: Session, zone: tzinfo) -> bool:
    start, end = session.start, session.end
    return (start is None or start.tzinfo is zone) and (end is None or end.tzinfo is zone)


def _check_types(conf: Conference) -> None:
    """Refuse a field of the wrong type, naming it, before anything uses it."""
    ident = conf.id
    check_str("Conference", None, id=ident)
    check_str("Conference", ident, name=conf.name, timezone=conf.timezone)
    check_optional_str(
        "Conference", ident, city=conf.city, country=conf.country, venue=conf.venue, url=conf.url,
        coverage=conf.coverage, view_timezone=conf.view_timezone,
    )  # fmt: skip
    check_date("Conference", ident, "start_date", conf.start_date)
    check_date("Conference", ident, "end_date", conf.end_date)
    check_items("Conference", ident, "speakers", conf.speakers, Speaker, "an iterable of Speaker")
    check_items("Conference", ident, "rooms", conf.rooms, Room, "an iterable of Room")
    check_items("Conference", ident, "tracks", conf.tracks, Track, "an iterable of Track")
    check_items("Conference", ident, "sources", conf.sources, Source, "an iterable of Source")
    if not isinstance(conf.sessions, Sessions):  # only a subclass's own converter could let this through
        raise wrong_type("Conference", "sessions", conf.sessions, "an iterable of Session", ident)


def _check(conf: Conference) -> None:
    """Refuse a conference whose parts do not fit together."""
    if conf.start_date and conf.end_date and conf.end_date < conf.start_date:
        raise InvalidScheduleError(
            f"conference {conf.id!r} ends ({conf.end_date}) before it starts ({conf.start_date})"
        )
    speakers = _unique("speaker", conf.speakers)
    rooms = _unique("room", conf.rooms)
    tracks = _unique("track", conf.tracks)
    _unique("source", conf.sources)
    check_programme_days(conf.programme_days, conf.id)
    source_ids = {s.id for s in conf.sources}
    _unique("session", conf.sessions)
    for session in conf.sessions:  # the same object (as readers build them) is the same part: no field-by-field compare
        for speaker in session.speakers:
            known = speakers.get(speaker.id)
            if known is not speaker and known != speaker:
                raise InvalidScheduleError(
                    f"session {session.id!r} names speaker {speaker.id!r}, which is not in the conference's speakers"
                )
        room, track = session.room, session.track
        if room is not None and rooms.get(room.id) is not room and rooms.get(room.id) != room:
            raise InvalidScheduleError(
                f"session {session.id!r} is in room {room.id!r}, which is not in the conference's rooms"
            )
        if track is not None and tracks.get(track.id) is not track and tracks.get(track.id) != track:
            raise InvalidScheduleError(
                f"session {session.id!r} is in track {track.id!r}, which is not in the conference's tracks"
            )
        if source_ids:
            unknown = [s for s in session.sources if s not in source_ids]
            if unknown:
                raise InvalidScheduleError(f"session {session.id!r} cites unknown source(s) {', '.join(unknown)}")


_T = TypeVar("_T", Speaker, Room, Track, Source, Session)


def _unique(what: str, items: Iterable[_T]) -> dict[str, _T]:
    by_id: dict[str, _T] = {}
    for item in items:
        if item.id in by_id:
            raise InvalidScheduleError(f"two {what}s share the id {item.id!r}")
        by_id[item.id] = item
    return by_id
