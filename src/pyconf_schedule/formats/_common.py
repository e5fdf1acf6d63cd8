"""Helpers shared by the format modules for building and writing the model: rooms, tracks, zones, ids, titles.

Nothing here knows a particular format.  Readers check their input with :mod:`._input` (and
:func:`check_size`) before parsing, build rooms and tracks with
:class:`NamedTable` and finish with :func:`build_conference`; writers call
:func:`as_conference` and :func:`view_zone` to turn what they were given into
a Conference and a zone.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from .._conference import Conference
from .._limits import MAX_INPUT_BYTES, MAX_NESTING, check_size
from .._model import Room, SessionKind, Track
from .._sessions import Sessions
from .._text import slugify
from .._time import get_zone, utc, zone_name
from ..exceptions import PyconfScheduleError, ScheduleParseError

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "NAMESPACE",
    "KINDS_BY_VALUE",
    "KIND_VALUES",
    "NO_ROOM",
    "UNTITLED",
    "NamedTable",
    "UniqueIds",
    "as_conference",
    "build_conference",
    "end_after_minutes",
    "check_size",
    "kind_from_label",
    "offset_text",
    "omitted",
    "place_zone",
    "rooms_table",
    "source_room",
    "source_title",
    "stable_guid",
    "stable_uuid",
    "strip_xml_illegal",
    "tracks_table",
    "unique_slug",
    "view_zone",
]

NAMESPACE = uuid.UUID("8f4d1a52-3b1c-5d7e-9a60-2c7b9e4f1d3a")
"""The fixed namespace of every UUID the writers derive (uuid5)."""
_NAMESPACE_BYTES = NAMESPACE.bytes

KIND_VALUES = {kind: kind.value for kind in SessionKind}
"""Each kind's value, for the writers: an enum's ``.value`` is a descriptor call, and iterating the enum costs more
than writing a short file."""
KINDS_BY_VALUE = {kind.value: kind for kind in SessionKind}
"""Each kind by its value, for the readers: a dict's lookup, where ``SessionKind(value)`` costs 15 times more."""


def omitted(obj: Conference | Sessions) -> Sessions:
    """The sessions the client formats' :func:`dumps` leave out: no known start (day-only, unscheduled) or no known end.

    iCalendar, frab XML and c3voc JSON have no way to say "the end is not
    known": a start without an end is read as a zero-length event (RFC 5545,
    frab's ``00:00``) or given an invented hour (khal); so such a session is
    left out, never shown with a length nobody gave.
    """
    return as_conference(obj).sessions.filter(lambda s: s.start is None or s.end is None)


_N = TypeVar("_N", Room, Track)


class NamedTable(Generic[_N]):
    """Rooms or tracks a reader meets, by name: the first mention creates one with a unique slug id."""

    def __init__(self, make: Callable[..., _N], fallback: str) -> None:
        self._make: Callable[..., _N] = make
        self._fallback = fallback
        self._by_name: dict[str, _N] = {}
        self._ids = UniqueIds()

    def get(self, name: str | None) -> _N | None:
        """The item named ``name`` (created on first use), or None for no name."""
        if not name:
            return None
        item = self._by_name.get(name)
        if item is None:
            item = self._by_name[name] = self._make(id=unique_slug(name, self._ids, self._fallback), name=name)
        return item

    def values(self) -> list[_N]:
        """Every item, in the order first met."""
        return list(self._by_name.values())


def rooms_table() -> NamedTable[Room]:
    """An empty table of rooms (ids: slugs of the names, else ``room``)."""
    return NamedTable(Room, "room")


def tracks_table() -> NamedTable[Track]:
    """An empty table of tracks (ids: slugs of the names, else ``track``)."""
    return NamedTable(Track, "track")


def build_conference(format_name: str, *, dates_from_days: bool = False, **fields: Any) -> Conference:
    """``Conference(**fields)``, a model error or a date out of range becoming one ScheduleParseError.

    With ``dates_from_days`` the start and end dates are the first and last
    day with sessions (the caller gives neither).  The Conference is built
    once: its days need its sessions sorted and placed on days, and the
    dates, first and last of those days, enter none of its checks or
    indexes, so they are set on the new object before anyone holds it,
    instead of building it a second time with ``attrs.evolve``.
    """
    try:
        conf = Conference(**fields)
        if dates_from_days:
            if "start_date" in fields or "end_date" in fields:
                raise TypeError("build_conference: dates_from_days sets start_date and end_date; give neither")
            days = conf.days()
            if days:
                object.__setattr__(conf, "start_date", days[0])  # frozen, and not yet seen by any other code
                object.__setattr__(conf, "end_date", days[-1])
    except PyconfScheduleError as exc:
        raise ScheduleParseError(format_name, str(exc)) from None
    except OverflowError:
        raise ScheduleParseError(format_name, "a session's day lies outside the years 1 to 9999") from None
    return conf


def end_after_minutes(start: datetime, minutes: object) -> datetime | None:
    """The end a platform's ``duration`` in minutes gives ``start`` (in ``start``'s zone), or None.

    Only a whole number of minutes from 1 to 10**6 counts (a bool, a string, zero or a negative value is no
    duration): Indico's and pretalx's APIs give one beside a start without an end.

    >>> end_after_minutes(datetime(2026, 4, 7, 9, tzinfo=UTC), 45)
    datetime.datetime(2026, 4, 7, 9, 45, tzinfo=datetime.timezone.utc)
    >>> end_after_minutes(datetime(2026, 4, 7, 9, tzinfo=UTC), True) is None
    True
    """
    if type(minutes) is not int or not 0 < minutes <= 10**6:
        return None
    return (utc(start) + timedelta(minutes=minutes)).astimezone(start.tzinfo)


def as_conference(obj: Conference | Sessions) -> Conference:
    """A Conference for ``obj``: itself, a query result with its conference's details, or a minimal one.

    A :class:`Sessions` that came from a conference is written as
    ``conference.select(sessions)``; one built by hand becomes a conference
    with id ``"sessions"``, name ``"Sessions"`` and the sessions' zone.
    """
    if isinstance(obj, Conference):
        return obj
    if isinstance(obj, Sessions):
        owner = obj.conference
        if owner is not None:
            return owner.select(obj)
        return Conference(id="sessions", name="Sessions", timezone=zone_name(obj.zone) or "UTC", sessions=obj)
    raise TypeError(f"expected a Conference or Sessions, got {type(obj).__name__}")


_PLACE_ZONE = re.compile(
    r"^(?:(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][a-z]+\S*|UTC)$"
)


def place_zone(name: str | None) -> str | None:
    """``name`` when it is a real place's zone (an IANA ``Region/City`` name, or ``UTC``), else None.

    The writers of frab XML, c3voc JSON (``time_zone_name``) and iCalendar
    (``X-WR-TIMEZONE``) name the zone only then: an offset-only
    zone (``Etc/GMT-1``, what a file that gives only ``+01:00`` offsets reads
    as) is no place, and clients show it as "GMT-1" for UTC+1 (IANA's sign
    is inverted); its events' dates carry the offset, which says it all.
    Every name this admits also matches the c3voc JSON Schema's pattern.

    >>> place_zone("Europe/Paris"), place_zone("America/Argentina/Buenos_Aires"), place_zone("UTC")
    ('Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC')
    >>> place_zone("Etc/GMT-1"), place_zone("UTC+01:00"), place_zone(None)
    (None, None, None)
    """
    return name if name is not None and _PLACE_ZONE.match(name) else None


def view_zone(obj: Conference | Sessions, tz: str | None) -> tuple[ZoneInfo | tzinfo, str]:
    """The zone a writer shows times in, and its name.

    ``tz`` when given; else the zone ``obj`` is viewed in (a conference's
    ``view_timezone`` or own ``timezone``, a query result's zone).
    """
    zone = get_zone(tz) if tz is not None else obj.zone
    name = zone_name(zone)
    if name is None:
        offset = datetime.now(UTC).astimezone(zone).utcoffset() or timedelta(0)
        name = "UTC" + offset_text(offset)
    return zone, name


def offset_text(offset: timedelta | None, *, basic: bool = False) -> str:
    """A UTC offset as ISO 8601 text: ``+02:00``, or with ``basic`` ``+0200`` (seconds appended when not zero).

    >>> offset_text(timedelta(hours=-7)), offset_text(timedelta(hours=5, minutes=30), basic=True)
    ('-07:00', '+0530')
    """
    total = int((offset or timedelta(0)).total_seconds())
    sign = "+" if total >= 0 else "-"
    hours, rest = divmod(abs(total), 3600)
    minutes, seconds = divmod(rest, 60)
    separator = "" if basic else ":"
    text = f"{sign}{hours:02d}{separator}{minutes:02d}"
    return text + f"{separator}{seconds:02d}" if seconds else text


def stable_uuid(*parts: str) -> uuid.UUID:
    """A UUID5 of :data:`NAMESPACE` and ``parts``: the same inputs always give the same UUID."""
    return uuid.uuid5(NAMESPACE, "\x1f".join(parts))


def stable_guid(*parts: str) -> str:
    """``str(stable_uuid(*parts))`` without a :class:`uuid.UUID` between: the text of the same UUID5.

    The writers make one per session, speaker and room; ``uuid.uuid5`` and
    ``str`` of its result cost three times the SHA-1 itself.  The bits are
    uuid5's: the first 16 bytes of SHA-1 of the namespace's bytes and the
    UTF-8 name, version 5 in the 13th hex digit and the RFC 4122 variant
    (``10`` in the top bits) in the 17th (``tests/test_formats_frab_writer.py``
    holds the two alike on any text).

    >>> stable_guid("c", "session", "a") == str(stable_uuid("c", "session", "a"))
    True
    """
    import hashlib

    h = hashlib.sha1(_NAMESPACE_BYTES + "\x1f".join(parts).encode("utf-8")).hexdigest()
    return f"{h[:8]}-{h[8:12]}-5{h[13:16]}-{_VARIANT[h[16]]}{h[17:20]}-{h[20:32]}"


_VARIANT = {d: "89ab"[int(d, 16) & 3] for d in "0123456789abcdef"}
"""A hex digit with its top two bits set to the RFC 4122 variant ``10``."""


_XML_ILLEGAL = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def strip_xml_illegal(text: str) -> str:
    r"""``text`` without the characters XML 1.0 forbids (most C0 controls, surrogates, U+FFFE/U+FFFF).

    A printable text is returned as it is without a regular expression: ``str.isprintable`` is false for every
    control character, surrogate and unassigned code point (U+FFFE and U+FFFF are), so it holds none of them.

    >>> strip_xml_illegal("Talk\x00 one\ufffe"), strip_xml_illegal("line\nbreak"), strip_xml_illegal("Café")
    ('Talk one', 'line\nbreak', 'Café')
    """
    if text.isprintable():
        return text
    return _XML_ILLEGAL.sub("", text)


class UniqueIds:
    """Ids handed out so far; :meth:`claim` hands out a new one, ``-2``, ``-3``... appended on a clash.

    The next suffix to try is kept for each base, so that n clashes on one
    base (1000 speakers whose names all slug to ``speaker``, one UID on every
    event) cost about n probes, not n²/2.  The ids are those of trying every
    suffix from 2: the ids handed out only ever grow, so every suffix below the
    kept one is still taken.

    >>> ids = UniqueIds()
    >>> [ids.claim("a"), ids.claim("a"), ids.claim("a-3"), ids.claim("a"), ids.claim("b", suffixed=True)]
    ['a', 'a-2', 'a-3', 'a-4', 'b-2']
    """

    __slots__ = ("_next", "_taken")

    def __init__(self) -> None:
        self._taken: set[str] = set()
        self._next: dict[str, int] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._taken

    def claim(self, base: str, *, suffixed: bool = False) -> str:
        """``base`` when free (unless ``suffixed``), else ``base-N`` for the least free N from 2; it is then taken."""
        key = base
        if suffixed or key in self._taken:
            n = self._next.get(base, 2)
            key = f"{base}-{n}"
            while key in self._taken:
                n += 1
                key = f"{base}-{n}"
            self._next[base] = n + 1
        self._taken.add(key)
        return key


def unique_slug(text: str, taken: UniqueIds, fallback: str = "item") -> str:
    """A slug of ``text`` not in ``taken`` (``-2``, ``-3``... appended); the slug is then taken."""
    return taken.claim(slugify(text) or fallback)


# Label words -> kind.  Checked in order; the first table entry with a word
# (or phrase) contained in the label wins.
_KIND_WORDS: tuple[tuple[tuple[str, ...], SessionKind], ...] = (
    (("sponsored keynote",), SessionKind.SPONSORED_KEYNOTE),
    (("keynote",), SessionKind.KEYNOTE),
    (("sponsored talk", "sponsored session"), SessionKind.SPONSORED_TALK),
    (("lightning", "lightningtalk"), SessionKind.LIGHTNING_TALK),
    (("birds of a feather", "bof", "birds-of-a-feather"), SessionKind.BIRDS_OF_A_FEATHER),
    (("meet the developers",), SessionKind.MEET_THE_DEVELOPERS),
    (("panel", "podium", "discussion"), SessionKind.PANEL),
    (("workshop", "hands on", "hackathon"), SessionKind.WORKSHOP),
    (("tutorial",), SessionKind.TUTORIAL),
    (("poster",), SessionKind.POSTER),
    (("demo", "demonstration"), SessionKind.DEMO),
    (("break", "lunch", "coffee", "pause", "dinner", "breakfast", "registration"), SessionKind.BREAK),
    (("talk", "lecture", "presentation", "session", "maintrack", "devroom"), SessionKind.TALK),
)

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def kind_from_label(label: str | None) -> tuple[SessionKind, str | None]:
    """The kind a schedule file's ``type`` names, and the label to keep as ``kind_label``.

    An exact kind value (``"lightning-talk"``) gives that kind and no label;
    otherwise words of the label decide (``"Long talk (45 minutes)"`` is a
    talk, ``"BoF (45 minutes)"`` a birds-of-a-feather) and the label is kept;
    an empty or unknown label gives ``OTHER``.
    """
    if label is None or not label.strip():
        return SessionKind.OTHER, None
    text = label.strip()
    exact = KINDS_BY_VALUE.get(text.lower())
    if exact is not None:
        return exact, None
    words = " " + _NOT_WORD.sub(" ", text.lower()).strip() + " "
    for names, kind in _KIND_WORDS:
        for name in names:
            if f" {name} " in words:
                return kind, text
    return SessionKind.OTHER, text


UNTITLED = "(untitled session)"
"""The title iCalendar, frab XML and c3voc JSON write for an untitled session (they need one); read back as untitled."""
NO_ROOM = "(no room given)"
"""The room frab XML and c3voc JSON file a session without a room under (they need one); read back as no room."""


def source_title(text: str | None, session_id: str) -> str | None:
    """A session's title as a text reader gives it: the one rule of every reader of text formats.

    Surrounding whitespace is dropped (the file's layout, not the title), an
    empty title is no title, and the placeholders writers use for an
    untitled session, :data:`UNTITLED` and the older ``(untitled session
    <id>)`` (with the id the session is read with), read back as untitled.

    >>> source_title("  Keynote ", "s1"), source_title("   ", "s1"), source_title("(untitled session)", "s1")
    ('Keynote', None, None)
    >>> source_title("(untitled session s1)", "s1"), source_title("(untitled session s1)", "s2")
    (None, '(untitled session s1)')
    """
    if text is None:
        return None
    title = text.strip()
    if not title or title == UNTITLED or title == f"(untitled session {session_id})":
        return None
    return title


def source_room(text: str | None) -> str | None:
    """A room name as a reader gives it: stripped, and none for a blank one or the :data:`NO_ROOM` placeholder.

    >>> source_room(" Hall A "), source_room(""), source_room("(no room given)")
    ('Hall A', None, None)
    """
    name = (text or "").strip()
    return None if not name or name == NO_ROOM else name
