"""The immutable object model: sessions, speakers, rooms, tracks and sources.

Every class is a frozen, keyword-only attrs class; collections are tuples and
changes are made with :func:`attrs.evolve`.  Datetimes are always aware: a
naive one is refused with :class:`~pyconf_schedule.exceptions.NaiveDatetimeError`.

Every field is checked when an object is built, so a wrong value fails there
and not later, far away: a value of the wrong type raises
:class:`~pyconf_schedule.exceptions.FieldTypeError` (also a ``TypeError``)
naming the field, the type given and what is valid; a session kind may be
given by name (``kind="workshop"``) and an unknown name raises
:class:`~pyconf_schedule.exceptions.UnknownKindError` with suggestions.  A
datetime must lie between :data:`MIN_INSTANT` and :data:`MAX_INSTANT`, so
that it can be shown in every zone without leaving the years 1 to 9999.
The checks are plain ``isinstance`` tests: building stays cheap.
The :class:`~pyconf_schedule.Conference` that holds them lives in
``_conference.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Literal, get_args

import attrs
from attrs import field, frozen

from ._checks import (
    as_tuple,
    check_date,
    check_datetime,
    check_id,
    check_items,
    check_optional_str,
    check_str,
    fields_repr,
    instant_key,
    tuple_of_str,
    wrong_type,
)
from ._text import fold
from ._time import get_zone, utc
from .exceptions import InvalidScheduleError, NaiveDatetimeError, UnknownKindError

__all__ = [
    "PROVENANCE_FIELDS",
    "Conflict",
    "Provenance",
    "ProvenanceField",
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


_KINDS = {k.value: k for k in SessionKind}


def kind_of(kind: SessionKind | str) -> SessionKind:
    """The :class:`SessionKind` of a kind or its name; names ignore case and accept spaces or underscores.

    Raises :class:`~pyconf_schedule.exceptions.UnknownKindError`, with the
    closest names, for a name that is no kind.
    """
    if isinstance(kind, SessionKind):
        return kind
    key = fold(str(kind)).replace("_", "-").replace(" ", "-")
    try:
        return _KINDS[key]
    except KeyError:
        raise UnknownKindError(str(kind), (k.value for k in SessionKind)) from None


def _values(value: Iterable[SourcedValue]) -> tuple[SourcedValue, ...]:
    return as_tuple(value)


def _conflicts(value: Iterable[Conflict]) -> tuple[Conflict, ...]:
    return as_tuple(value)


def _speakers(value: Iterable[Speaker]) -> tuple[Speaker, ...]:
    return as_tuple(value)


_STRINGS = "a str or an iterable of str"
# Exact types for the fast checks (what the readers build); the detailed checks,
# run only when a fast one fails, accept subclasses too.
_STR = frozenset({str})
_STR_OR_NONE = frozenset({str, type(None)})
_DATETIME_OR_NONE = frozenset({datetime, type(None)})
_DATE_OR_NONE = frozenset({date, type(None)})
_EDGE_YEARS = (1, 9999)


def _to_kind(value: SessionKind | str) -> SessionKind:
    if isinstance(value, SessionKind):
        return value
    if not isinstance(value, str):
        raise wrong_type("Session", "kind", value, "a SessionKind or a kind name such as 'talk'")
    return kind_of(value)


@frozen(kw_only=True)
class Source:
    """A document a dataset was built from.

    ``id`` is what :attr:`Session.sources` refers to; ``file`` the path of the
    document inside the project's source folder; ``url`` its public address
    where one is known.
    """

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    id: str
    title: str
    url: str | None = None
    file: str | None = None

    def __attrs_post_init__(self) -> None:
        if not (
            type(self.id) is type(self.title) is str
            and type(self.url) in _STR_OR_NONE
            and type(self.file) in _STR_OR_NONE
        ):
            check_str("Source", self.id, id=self.id, title=self.title)
            check_optional_str("Source", self.id, url=self.url, file=self.file)


@frozen(kw_only=True)
class SourcedValue:
    """One value of a field as one or more sources give it."""

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    value: str
    sources: tuple[str, ...] = field(converter=tuple_of_str)

    def __attrs_post_init__(self) -> None:
        if not (type(self.value) is str and type(self.sources) is tuple and set(map(type, self.sources)) <= _STR):
            check_str("SourcedValue", None, value=self.value)
            check_items("SourcedValue", None, "sources", self.sources, str, _STRINGS)


_SOURCED_VALUE = frozenset({SourcedValue})


@frozen(kw_only=True)
class Conflict:
    """The values several sources give for one field of a session or speaker.

    ``field`` names the attribute (``"title"``, ``"start"``, ...); ``values``
    lists every value with the sources that give it, the shown one first;
    ``rule`` says why the shown value was chosen.  Used for disagreements
    (:attr:`Session.conflicts`) and for mere differences of wording
    (:attr:`Session.variants`).
    """

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    field: str
    values: tuple[SourcedValue, ...] = attrs.field(converter=_values)
    rule: str = ""

    def __attrs_post_init__(self) -> None:
        if not (
            type(self.field) is type(self.rule) is str
            and type(self.values) is tuple
            and set(map(type, self.values)) <= _SOURCED_VALUE
        ):
            check_str("Conflict", None, field=self.field, rule=self.rule)
            check_items("Conflict", None, "values", self.values, SourcedValue, "an iterable of SourcedValue")


_CONFLICT = frozenset({Conflict})


def one_value_conflict(field: str, value: str, sources: tuple[str, ...], rule: str) -> Conflict:
    """``Conflict(field=field, values=(SourcedValue(value=value, sources=sources),), rule=rule)``, made directly.

    The frab readers record each session's own identities (guid, slug,
    code) so, thousands in a file, and the SQLite reader reads them back
    so.  Where every argument has the exact type
    the two classes check (``sources`` a tuple of str), that check is all
    their ``__init__`` would do, so the objects are made without attrs'
    ``__init__`` and converters (0.6 µs against 1.7 µs); any other argument
    goes to the constructors, which check it and say what is wrong.
    ``tests/test_model.py`` holds the result equal to the constructors' and
    every field set, so a field added to either class cannot be left out.
    """
    if not (
        type(field) is type(value) is type(rule) is str and type(sources) is tuple and set(map(type, sources)) <= _STR
    ):
        return Conflict(field=field, values=(SourcedValue(value=value, sources=sources),), rule=rule)
    one = _NEW(SourcedValue)
    _SET(one, "value", value)
    _SET(one, "sources", sources)
    conflict = _NEW(Conflict)
    _SET(conflict, "field", field)
    _SET(conflict, "values", (one,))
    _SET(conflict, "rule", rule)
    return conflict


_NEW = object.__new__
_SET = object.__setattr__  # what attrs' own __init__ of a frozen class calls

ProvenanceField = Literal["start", "end", "day_only", "room", "kind", "track", "speakers", "url", "recording"]
"""A session field whose source a dataset records: the fields that can come from more than one source."""
PROVENANCE_FIELDS: tuple[ProvenanceField, ...] = get_args(ProvenanceField)
"""The fields :meth:`Session.provenance` answers for, in field order."""


@frozen(kw_only=True)
class Provenance:
    """Which sources gave the value a session shows for one field, and whether that value is weak.

    ``sources`` are ids of :attr:`Conference.sources` (empty when the value is
    a default no source states); ``weak`` says why the value is weak (its
    only source is one a dataset's notes call unreliable, or it is a
    default), and is ``None`` for a firm value.

    >>> p = Provenance(field="kind", weak="no source states the kind; 'talk' is the default")
    >>> p.is_weak, p.sources
    (True, ())
    """

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    field: str
    sources: tuple[str, ...] = attrs.field(default=(), converter=tuple_of_str)
    weak: str | None = None

    def __attrs_post_init__(self) -> None:
        if not (
            type(self.field) is str and type(self.weak) in _STR_OR_NONE
            and type(self.sources) is tuple and set(map(type, self.sources)) <= _STR
        ):  # fmt: skip
            check_str("Provenance", None, field=self.field)
            check_optional_str("Provenance", None, weak=self.weak)
            check_items("Provenance", None, "sources", self.sources, str, _STRINGS)
        if self.field not in PROVENANCE_FIELDS:
            raise InvalidScheduleError(
                f"provenance field {self.field!r} is not recorded; valid: {', '.join(PROVENANCE_FIELDS)}"
            )

    @property
    def is_weak(self) -> bool:
        """True when the value is weak (``weak`` gives the reason)."""
        return self.weak is not None


_PROVENANCE = frozenset({Provenance})


def _provenances(value: Iterable[Provenance]) -> tuple[Provenance, ...]:
    return as_tuple(value)


@frozen(kw_only=True)
class Room:
    """A place where sessions run."""

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    id: str
    name: str

    def __attrs_post_init__(self) -> None:
        if not type(self.id) is type(self.name) is str:
            check_str("Room", self.id, id=self.id, name=self.name)
        check_id("room", self.id)

    def __str__(self) -> str:
        return self.name


@frozen(kw_only=True)
class Track:
    """A themed strand of the programme."""

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    id: str
    name: str

    def __attrs_post_init__(self) -> None:
        if not type(self.id) is type(self.name) is str:
            check_str("Track", self.id, id=self.id, name=self.name)
        check_id("track", self.id)

    def __str__(self) -> str:
        return self.name


@frozen(kw_only=True)
class Speaker:
    """A person who speaks at a conference.

    ``aliases`` are other spellings the sources use for the same person; they
    match in queries just like ``name``.
    """

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    id: str
    name: str
    aliases: tuple[str, ...] = field(default=(), converter=tuple_of_str)
    job_title: str | None = None
    organisation: str | None = None
    bio: str | None = None
    conflicts: tuple[Conflict, ...] = field(default=(), converter=_conflicts)

    def __attrs_post_init__(self) -> None:
        if not (
            type(self.id) is type(self.name) is str  # each type tested alone: no set is made (0.15 µs against 0.4)
            and type(self.job_title) in _STR_OR_NONE
            and type(self.organisation) in _STR_OR_NONE
            and type(self.bio) in _STR_OR_NONE
            and type(self.aliases) is tuple
            and type(self.conflicts) is tuple
            and (not self.aliases or set(map(type, self.aliases)) <= _STR)  # empty, the common case: no set made
            and (not self.conflicts or set(map(type, self.conflicts)) <= _CONFLICT)
        ):
            check_str("Speaker", self.id, id=self.id, name=self.name)
            check_optional_str(
                "Speaker", self.id, job_title=self.job_title, organisation=self.organisation, bio=self.bio
            )
            check_items("Speaker", self.id, "aliases", self.aliases, str, _STRINGS)
            check_items("Speaker", self.id, "conflicts", self.conflicts, Conflict, "an iterable of Conflict")
        check_id("speaker", self.id)

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by every alias."""
        return (self.name, *self.aliases)

    def __str__(self) -> str:
        return self.name


_ROOM_OR_NONE = frozenset({Room, type(None)})
_TRACK_OR_NONE = frozenset({Track, type(None)})
_SPEAKER = frozenset({Speaker})


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

    __repr__ = fields_repr  # attrs' own text, without compiling one per class

    id: str
    title: str | None = None
    kind: SessionKind = field(default=SessionKind.TALK, converter=_to_kind)
    kind_label: str | None = None
    start: datetime | None = field(default=None, eq=instant_key)
    end: datetime | None = field(default=None, eq=instant_key)
    day_only: date | None = None
    room: Room | None = None
    track: Track | None = None
    speakers: tuple[Speaker, ...] = field(default=(), converter=_speakers)
    abstract: str | None = None
    audience_level: str | None = None
    language: str | None = None
    url: str | None = None
    recording: str | None = None
    slides: tuple[str, ...] = field(default=(), converter=tuple_of_str)
    slide_urls: tuple[str, ...] = field(default=(), converter=tuple_of_str)
    sources: tuple[str, ...] = field(default=(), converter=tuple_of_str)
    title_variants: tuple[str, ...] = field(default=(), converter=tuple_of_str)
    variants: tuple[Conflict, ...] = field(default=(), converter=_conflicts)
    conflicts: tuple[Conflict, ...] = field(default=(), converter=_conflicts)
    field_sources: tuple[Provenance, ...] = field(default=(), converter=_provenances)

    def __attrs_post_init__(self) -> None:
        ident, start, end = self.id, self.start, self.end
        # One cheap test of every type (exact types, as the readers build them); the
        # detailed checks, which also accept subclasses, run only when it fails.
        # Empty collections, the common case, skip their item tests.
        if not (
            type(ident) is str
            and type(self.title) in _STR_OR_NONE and type(self.kind_label) in _STR_OR_NONE
            and type(self.abstract) in _STR_OR_NONE and type(self.audience_level) in _STR_OR_NONE
            and type(self.language) in _STR_OR_NONE and type(self.url) in _STR_OR_NONE
            and type(self.recording) in _STR_OR_NONE
            and type(start) in _DATETIME_OR_NONE
            and type(end) in _DATETIME_OR_NONE
            and type(self.day_only) in _DATE_OR_NONE
            and type(self.room) in _ROOM_OR_NONE
            and type(self.track) in _TRACK_OR_NONE
            and type(self.speakers) is tuple and type(self.slides) is tuple and type(self.sources) is tuple
            and type(self.slide_urls) is tuple and type(self.field_sources) is tuple
            and type(self.title_variants) is tuple and type(self.variants) is tuple and type(self.conflicts) is tuple
            and (not self.speakers or set(map(type, self.speakers)) <= _SPEAKER)
            and (not (self.slides or self.sources or self.title_variants or self.slide_urls)
                 or set(map(type, self.slides + self.sources + self.title_variants + self.slide_urls)) <= _STR)
            and (not (self.variants or self.conflicts) or set(map(type, self.variants + self.conflicts)) <= _CONFLICT)
            and (not self.field_sources or set(map(type, self.field_sources)) <= _PROVENANCE)
        ):  # fmt: skip
            self._check_types()
        if not ident:
            raise InvalidScheduleError("a session needs a non-empty id")
        check_id("session", ident)
        # An aware datetime away from years 1 and 9999 passes check_datetime: only others are checked in full.
        if start is not None and (start.utcoffset() is None or start.year in _EDGE_YEARS):
            check_datetime("Session", ident, "start", start)
        if end is not None and (end.utcoffset() is None or end.year in _EDGE_YEARS):
            check_datetime("Session", ident, "end", end)
        if end is not None and start is None:
            raise InvalidScheduleError(f"session {self.id!r} has an end but no start")
        if self.day_only is not None and start is not None:
            raise InvalidScheduleError(
                f"session {self.id!r} has both a start ({start.isoformat()}) and day_only "
                f"({self.day_only.isoformat()}); give day_only only when the start is not known"
            )
        if start is not None and end is not None and end.astimezone(UTC) < start.astimezone(UTC):
            raise InvalidScheduleError(
                f"session {self.id!r} ends ({end.isoformat()}) before it starts ({start.isoformat()})"
            )

    def _check_types(self) -> None:
        """Name the first field of a wrong type."""
        ident = self.id
        check_str("Session", None, id=ident)
        check_optional_str(
            "Session", ident, title=self.title, kind_label=self.kind_label, abstract=self.abstract,
            audience_level=self.audience_level, language=self.language, url=self.url, recording=self.recording,
        )  # fmt: skip
        check_datetime("Session", ident, "start", self.start)
        check_datetime("Session", ident, "end", self.end)
        check_date("Session", ident, "day_only", self.day_only)
        if self.room is not None and not isinstance(self.room, Room):
            raise wrong_type("Session", "room", self.room, "a Room or None", ident)
        if self.track is not None and not isinstance(self.track, Track):
            raise wrong_type("Session", "track", self.track, "a Track or None", ident)
        check_items("Session", ident, "speakers", self.speakers, Speaker, "an iterable of Speaker")
        for name in ("slides", "slide_urls", "sources", "title_variants"):
            check_items("Session", ident, name, getattr(self, name), str, _STRINGS)
        check_items("Session", ident, "variants", self.variants, Conflict, "an iterable of Conflict")
        check_items("Session", ident, "conflicts", self.conflicts, Conflict, "an iterable of Conflict")
        check_items("Session", ident, "field_sources", self.field_sources, Provenance, "an iterable of Provenance")

    def provenance(self, name: ProvenanceField) -> Provenance | None:
        """Where the shown value of field ``name`` comes from, or ``None`` when nothing is recorded.

        The embedded datasets record it for every field of
        :data:`PROVENANCE_FIELDS` that holds a value (and for a defaulted
        kind); a file read from elsewhere records none.

        >>> s = Session(id="x", field_sources=[Provenance(field="start", sources=["list"], weak="an early draft")])
        >>> s.provenance("start").sources, s.provenance("room")
        (('list',), None)
        """
        if name not in PROVENANCE_FIELDS:
            raise InvalidScheduleError(
                f"provenance field {name!r} is not recorded; valid: {', '.join(PROVENANCE_FIELDS)}"
            )
        return next((p for p in self.field_sources if p.field == name), None)

    @property
    def weak_fields(self) -> tuple[str, ...]:
        """The fields whose shown value is weak (see :class:`Provenance`), in :data:`PROVENANCE_FIELDS` order."""
        weak = {p.field for p in self.field_sources if p.weak is not None}
        return tuple(name for name in PROVENANCE_FIELDS if name in weak)

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
