"""The immutable object model: sessions, speakers, rooms, tracks and sources.

Every class is a frozen, keyword-only attrs class; collections are tuples and
changes are made with :func:`attrs.evolve`.  Datetimes are always aware: a
naive one is refused with :class:`~pyconf_schedule.exceptions.NaiveDatetimeError`.
The :class:`~pyconf_schedule.Conference` that holds them lives in
``_conference.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from datetime import date, datetime, timedelta, tzinfo
from typing import Any

import attrs
from attrs import field, frozen

from ._time import get_zone, utc
from .exceptions import InvalidScheduleError, NaiveDatetimeError

__all__ = [
    "Conflict",
    "Room",
    "Session",
    "SessionKind",
    "Source",
    "SourcedValue",
    "Speaker",
    "Track",
]


class SessionKind(enum.Enum):
    """What sort of session a :class:`Session` is.

    The value is the stable name used in files and on the command line.
    """

    KEYNOTE = "keynote"
    SPONSORED_KEYNOTE = "sponsored-keynote"
    TALK = "talk"
    LIGHTNING_TALK = "lightning-talk"
    SPONSORED_TALK = "sponsored-talk"
    PANEL = "panel"
    WORKSHOP = "workshop"
    TUTORIAL = "tutorial"
    BIRDS_OF_A_FEATHER = "birds-of-a-feather"
    MEET_THE_DEVELOPERS = "meet-the-developers"
    POSTER = "poster"
    DEMO = "demo"
    BREAK = "break"
    OTHER = "other"

    @property
    def label(self) -> str:
        """A human label: ``SessionKind.BIRDS_OF_A_FEATHER.label == 'Birds of a feather'``."""
        return self.value.replace("-", " ").capitalize()


def _aware(_instance: Any, attribute: attrs.Attribute[Any], value: datetime | None) -> None:
    if value is not None and (value.tzinfo is None or value.utcoffset() is None):
        raise NaiveDatetimeError(
            f"{attribute.name} must be a timezone-aware datetime, got naive {value.isoformat()}; "
            "attach a zone, e.g. value.replace(tzinfo=ZoneInfo('Europe/Paris'))"
        )


def _instant_key(value: datetime | None) -> tuple[datetime, str] | None:
    """Equality key of a datetime: its instant and the zone it is shown in.

    Plain ``==`` between two datetimes with the same tzinfo compares wall
    times and ignores ``fold``; comparing instants avoids that DST trap.
    """
    if value is None:
        return None
    return utc(value), str(getattr(value.tzinfo, "key", value.utcoffset()))


def _tuple_of_str(value: str | Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _values(value: Iterable[SourcedValue]) -> tuple[SourcedValue, ...]:
    return tuple(value)


def _conflicts(value: Iterable[Conflict]) -> tuple[Conflict, ...]:
    return tuple(value)


def _speakers(value: Iterable[Speaker]) -> tuple[Speaker, ...]:
    return tuple(value)


@frozen(kw_only=True)
class Source:
    """A document a dataset was built from.

    ``id`` is what :attr:`Session.sources` refers to; ``file`` the path of the
    document inside the project's source folder; ``url`` its public address
    where one is known.
    """

    id: str
    title: str
    url: str | None = None
    file: str | None = None


@frozen(kw_only=True)
class SourcedValue:
    """One value of a field as one or more sources give it."""

    value: str
    sources: tuple[str, ...] = field(converter=_tuple_of_str)


@frozen(kw_only=True)
class Conflict:
    """The values several sources give for one field of a session or speaker.

    ``field`` names the attribute (``"title"``, ``"start"``, ...); ``values``
    lists every value with the sources that give it, the shown one first;
    ``rule`` says why the shown value was chosen.  Used for disagreements
    (:attr:`Session.conflicts`) and for mere differences of wording
    (:attr:`Session.variants`).
    """

    field: str
    values: tuple[SourcedValue, ...] = attrs.field(converter=_values)
    rule: str = ""


@frozen(kw_only=True)
class Room:
    """A place where sessions run."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


@frozen(kw_only=True)
class Track:
    """A themed strand of the programme."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


@frozen(kw_only=True)
class Speaker:
    """A person who speaks at a conference.

    ``aliases`` are other spellings the sources use for the same person; they
    match in queries just like ``name``.
    """

    id: str
    name: str
    aliases: tuple[str, ...] = field(default=(), converter=_tuple_of_str)
    job_title: str | None = None
    organisation: str | None = None
    bio: str | None = None
    conflicts: tuple[Conflict, ...] = field(default=(), converter=_conflicts)

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by every alias."""
        return (self.name, *self.aliases)

    def __str__(self) -> str:
        return self.name


@frozen(kw_only=True)
class Session:
    """One entry of a programme.

    Where several sources describe a session, ``sources`` lists them all,
    ``title_variants`` holds the other wordings of the title, ``variants``
    the other sources' wording of fields they word differently without
    disagreeing (a post's own summary or theme heading), and ``conflicts``
    the fields on which they disagree, each with the rule that chose the
    shown value.

    A session may be unscheduled (``start`` is ``None``), and a scheduled
    session may have an unknown ``end`` when no source gives one; nothing is
    guessed.  ``start`` and ``end`` are aware datetimes; :meth:`to_tz` gives
    the same session seen in another zone.

    A session whose programme day is known but whose time is not has
    ``start=None`` and ``day_only`` set to that day: it is never given an
    invented time.  ``day_only`` is the day of the conference's programme,
    so :meth:`to_tz` leaves it as it is.

    >>> from datetime import datetime, timezone
    >>> s = Session(id="x", title="Hello", start=datetime(2026, 4, 7, 9, tzinfo=timezone.utc),
    ...             end=datetime(2026, 4, 7, 9, 30, tzinfo=timezone.utc))
    >>> s.duration
    datetime.timedelta(seconds=1800)
    """

    id: str
    title: str | None = None
    kind: SessionKind = SessionKind.TALK
    kind_label: str | None = None
    start: datetime | None = field(default=None, validator=_aware, eq=_instant_key)
    end: datetime | None = field(default=None, validator=_aware, eq=_instant_key)
    day_only: date | None = None
    room: Room | None = None
    track: Track | None = None
    speakers: tuple[Speaker, ...] = field(default=(), converter=_speakers)
    abstract: str | None = None
    audience_level: str | None = None
    language: str | None = None
    url: str | None = None
    slides: tuple[str, ...] = field(default=(), converter=_tuple_of_str)
    sources: tuple[str, ...] = field(default=(), converter=_tuple_of_str)
    title_variants: tuple[str, ...] = field(default=(), converter=_tuple_of_str)
    variants: tuple[Conflict, ...] = field(default=(), converter=_conflicts)
    conflicts: tuple[Conflict, ...] = field(default=(), converter=_conflicts)

    def __attrs_post_init__(self) -> None:
        if not self.id:
            raise InvalidScheduleError("a session needs a non-empty id")
        if self.end is not None and self.start is None:
            raise InvalidScheduleError(f"session {self.id!r} has an end but no start")
        if self.day_only is not None:
            if isinstance(self.day_only, datetime) or not isinstance(self.day_only, date):
                raise InvalidScheduleError(
                    f"session {self.id!r}: day_only must be a datetime.date (a day, no time), "
                    f"got {type(self.day_only).__name__} {self.day_only!r}"
                )
            if self.start is not None:
                raise InvalidScheduleError(
                    f"session {self.id!r} has both a start ({self.start.isoformat()}) and day_only "
                    f"({self.day_only.isoformat()}); give day_only only when the start is not known"
                )
        if self.start is not None and self.end is not None and utc(self.end) < utc(self.start):
            raise InvalidScheduleError(
                f"session {self.id!r} ends ({self.end.isoformat()}) before it starts "
                f"({self.start.isoformat()})"
            )

    @property
    def scheduled(self) -> bool:
        """True when the start time is known."""
        return self.start is not None

    @property
    def duration(self) -> timedelta | None:
        """``end - start`` in real (UTC) time, or ``None`` when either is unknown."""
        if self.start is None or self.end is None:
            return None
        return utc(self.end) - utc(self.start)

    @property
    def day(self) -> date | None:
        """The calendar day of ``start`` in the zone the session is viewed in, else ``day_only``.

        ``None`` when neither the start nor the day is known.
        """
        return self.day_only if self.start is None else self.start.date()

    @property
    def speaker_names(self) -> tuple[str, ...]:
        """The speakers' names, in the order the source lists them."""
        return tuple(s.name for s in self.speakers)

    @property
    def display_title(self) -> str:
        """The title, or a placeholder naming the id when the source gives none."""
        return self.title if self.title is not None else f"(untitled session {self.id})"

    def runs_at(self, instant: datetime) -> bool:
        """True when ``start <= instant < end``.

        A session with an unknown end runs only at its start instant: no
        duration is guessed.
        """
        if instant.tzinfo is None or instant.utcoffset() is None:
            raise NaiveDatetimeError(f"instant must be a timezone-aware datetime, got naive {instant.isoformat()}")
        if self.start is None:
            return False
        at = utc(instant)
        if self.end is None:
            return at == utc(self.start)
        return utc(self.start) <= at < utc(self.end)

    def to_tz(self, tz: str | tzinfo) -> Session:
        """The same session with ``start`` and ``end`` shown in zone ``tz``.

        ``tz`` is an IANA name or a ``tzinfo``; instants do not change.
        ``day_only`` is the programme's day, not a moment, and stays as it is.
        """
        zone = get_zone(tz)
        return attrs.evolve(
            self,
            start=None if self.start is None else self.start.astimezone(zone),
            end=None if self.end is None else self.end.astimezone(zone),
        )

    def __str__(self) -> str:
        if self.start is None:
            when = "unscheduled" if self.day_only is None else f"{self.day_only.isoformat()} (time not known)"
        else:
            when = self.start.strftime("%Y-%m-%d %H:%M")
        if self.start is not None and self.end is not None:
            when += self.end.strftime("-%H:%M")
        if self.start is not None:
            when += f" {self.start.tzname()}"
        where = f", {self.room.name}" if self.room else ""
        who = f" ({', '.join(self.speaker_names)})" if self.speakers else ""
        return f"{when}{where}: {self.display_title}{who}"
