"""``Sessions``: the one immutable, start-sorted collection every query returns.

Filters chain: ``conf.sessions.by_track("Inference & Production").on("2026-04-08")``.
A name that matches nothing known to the schedule (a typo in a speaker's
name, an unknown room) raises an error with suggestions; a known name that
simply has no session in the current selection gives an empty result.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from datetime import date, datetime, timedelta, timezone, tzinfo
from itertools import islice
from operator import le
from typing import TYPE_CHECKING, Any, TypeVar, overload

from ._model import Room, Session, SessionKind, Speaker, Track, kind_of
from ._text import fold, search_document, search_needle, search_text, term_matches, words
from ._time import DayLike, TimeLike, day_bounds, get_zone, parse_day, parse_instant, utc, zone_name
from .exceptions import (
    FieldTypeError,
    TimeParseError,
    UnknownKindError,
    UnknownOrganisationError,
    UnknownRoomError,
    UnknownSessionError,
    UnknownSpeakerError,
    UnknownTrackError,
    shorten,
)

if TYPE_CHECKING:
    from ._conference import Conference
    from ._days import DayRule

__all__ = ["Sessions", "sort_key"]

_REPR_LIMIT = 20
_FAR_FUTURE = datetime.max.replace(tzinfo=timezone.utc)


def sort_key(session: Session) -> tuple[int, datetime, date, bool, datetime, str, str]:
    """The global order: timed sessions by start instant (then end), then day-only
    sessions by day, then sessions with no known day; ties by title and id."""
    start, end, title = session.start, session.end, session.title
    if start is not None:
        rank, first, day = 0, start.astimezone(timezone.utc), date.min
    elif session.day_only is not None:
        rank, first, day = 1, _FAR_FUTURE, session.day_only
    else:
        rank, first, day = 2, _FAR_FUTURE, date.min
    return (
        rank,
        first,
        day,
        end is None,
        _FAR_FUTURE if end is None else end.astimezone(timezone.utc),
        fold(title) if title else "",
        session.id,
    )


class _Catalogue:
    """What a schedule knows: every speaker, room, track and organisation.

    Shared by every ``Sessions`` derived from one schedule, so that a typo is
    told apart from a name that simply has no session in a selection.
    """

    __slots__ = (
        "speakers", "rooms", "tracks", "owner", "rule", "_speaker_keys", "_organisations",
        "_room_keys", "_track_keys",
    )  # fmt: skip

    def __init__(
        self,
        speakers: Iterable[Speaker],
        rooms: Iterable[Room],
        tracks: Iterable[Track],
        owner: Conference | None = None,
        rule: DayRule | None = None,
    ) -> None:
        self.owner = owner
        self.rule = rule
        self.speakers = tuple(speakers)
        self.rooms = tuple(rooms)
        self.tracks = tuple(tracks)
        self._speaker_keys: tuple[dict[str, Speaker], dict[str, list[Speaker]]] | None = None
        self._organisations: dict[str, str] | None = None
        self._room_keys: dict[str, set[str]] | None = None
        self._track_keys: dict[str, set[str]] | None = None

    @classmethod
    def of(cls, sessions: Iterable[Session]) -> _Catalogue:
        speakers: dict[str, Speaker] = {}
        rooms: dict[str, Room] = {}
        tracks: dict[str, Track] = {}
        for session in sessions:
            for speaker in session.speakers:
                speakers.setdefault(speaker.id, speaker)
            if session.room is not None:
                rooms.setdefault(session.room.id, session.room)
            if session.track is not None:
                tracks.setdefault(session.track.id, session.track)
        return cls(speakers.values(), rooms.values(), tracks.values())

    def _speakers_named(self, name: str) -> list[Speaker]:
        """The speakers whose name, alias or id is ``name`` (folded), in the catalogue's order, each once."""
        if self._speaker_keys is None:  # one table, each key folded once, for speaker() and speaker_ids()
            first: dict[str, Speaker] = {}
            more: dict[str, list[Speaker]] = {}  # the rare keys that several speakers share: no list per key
            for speaker in self.speakers:
                for key in (*speaker.names, speaker.id):
                    folded = fold(key)
                    known = first.setdefault(folded, speaker)
                    if known is not speaker:
                        others = more.setdefault(folded, [])
                        if not others or others[-1] is not speaker:  # a speaker's keys come together: once each
                            others.append(speaker)
            self._speaker_keys = first, more
        first, more = self._speaker_keys
        folded = fold(name)
        found = first.get(folded)
        if found is None:
            raise UnknownSpeakerError(name, (s.name for s in self.speakers))
        return [found, *more.get(folded, ())]

    def speaker_ids(self, name: str) -> set[str]:
        """Ids of the speakers whose name, alias or id is ``name`` (folded)."""
        return {s.id for s in self._speakers_named(name)}

    def speaker(self, name: str) -> Speaker:
        """The first speaker whose name, alias or id is ``name`` (folded)."""
        return self._speakers_named(name)[0]

    def room_ids(self, name: str) -> set[str]:
        """Ids of the rooms whose name or id is ``name`` (folded); empty when none."""
        if self._room_keys is None:
            self._room_keys = _keys(self.rooms)
        return self._room_keys.get(fold(name), set())

    def track_ids(self, name: str) -> set[str]:
        """Ids of the tracks whose name or id is ``name`` (folded); empty when none."""
        if self._track_keys is None:
            self._track_keys = _keys(self.tracks)
        return self._track_keys.get(fold(name), set())

    def organisations(self) -> dict[str, str]:
        """Folded organisation name -> organisation as written."""
        if self._organisations is None:
            self._organisations = {fold(o): o for s in self.speakers for o in _organisations(s)}
        return self._organisations


def _keys(items: Iterable[Room | Track]) -> dict[str, set[str]]:
    keys: dict[str, set[str]] = {}
    for item in items:
        for key in (item.name, item.id):
            keys.setdefault(fold(key), set()).add(item.id)
    return keys


def _org_matches(query_words: list[str], organisation: str | None) -> bool:
    if not organisation:
        return False
    org_words = words(organisation)
    n = len(query_words)
    return any(org_words[i : i + n] == query_words for i in range(len(org_words) - n + 1))


_SEARCHED_VARIANTS = frozenset({"title", "abstract"})


def _searched(session: Session) -> str:
    """Everything search() reads of a session, one part a line."""
    parts: list[str] = [session.title or "", *session.title_variants, session.abstract or ""]
    if session.variants or session.conflicts:
        for group in (*session.variants, *session.conflicts):
            if group.field in _SEARCHED_VARIANTS:
                parts.extend(v.value for v in group.values)
    for speaker in session.speakers:
        parts.append(speaker.name)
        if speaker.aliases:
            parts.extend(speaker.aliases)
        if speaker.organisation:
            parts.append(speaker.organisation)
        if speaker.conflicts:
            parts.extend(_organisations(speaker)[1 if speaker.organisation else 0 :])
    return "\n".join(parts)


def _haystack(session: Session) -> str:
    """Everything search() reads of a session, as search_text (the rule the search index follows)."""
    return search_text(_searched(session))


def _organisations(speaker: Speaker) -> list[str]:
    """The speaker's organisation and every other organisation a source gives for them."""
    found = [speaker.organisation] if speaker.organisation else []
    for conflict in speaker.conflicts:
        if conflict.field == "organisation":
            found.extend(v.value for v in conflict.values if v.value not in found)
    return found


_K = TypeVar("_K", bound=Hashable)


def _group(keys: Iterable[_K]) -> dict[_K, list[int]]:
    """Key -> positions (ascending) of the items, given each item's one key in order."""
    groups: dict[_K, list[int]] = {}
    for i, key in enumerate(keys):
        positions = groups.get(key)
        if positions is None:
            groups[key] = [i]
        else:
            positions.append(i)
    return groups


_SCANS_BEFORE_WORDS = 1
"""Needles found by scanning the search document before its word table is built.

A scan reads the whole document; the word table costs about as much as 40
scans (1.7 s at 100k sessions) and then finds any word's sessions at once,
as an FTS5 index does.  A program that searches once (the command line)
pays one scan; the second distinct needle builds the table, so every later
search is a lookup (docs/performance.md).
"""


class _Search:
    """The search text of every item of a ``Sessions``, in one document, and the positions each needle has.

    The document is each item's search words (:func:`search_document`), items
    separated by newlines; a needle never holds a newline, so a needle's
    occurrences are exactly the items whose search text holds it: what
    :func:`term_matches` says, found by ``str.find`` instead of one test per
    item.
    """

    __slots__ = ("_document", "_starts", "_found", "_words")

    def __init__(self, items: Sequence[Session]) -> None:
        self._document, self._starts = search_document(map(_searched, items))
        self._found: dict[str, list[int]] = {}  # what scans found, until the word table answers instead
        self._words: tuple[dict[str, list[int]], list[str]] | None = None  # the word table and its sorted words

    def positions(self, needle: str) -> list[int]:
        """Positions (ascending) of the items whose search text holds ``needle``."""
        found = self._found.get(needle)
        if found is not None:
            return found
        if self._words is not None or len(self._found) >= _SCANS_BEFORE_WORDS:
            return self._lookup(needle)
        found = self._found[needle] = self._scan(needle)
        return found

    def _segment(self, position: int) -> str:
        starts = self._starts
        end = starts[position + 1] - 1 if position + 1 < len(starts) else len(self._document)
        return self._document[starts[position] : end]

    def _scan(self, needle: str) -> list[int]:
        document, starts = self._document, self._starts
        count = len(starts)
        found: list[int] = []
        at = document.find(needle)
        while at >= 0:
            position = bisect_right(starts, at) - 1
            found.append(position)
            if position + 1 == count:
                break
            at = document.find(needle, starts[position + 1])  # on from the next item: each item once
        return found

    def build_words(self) -> tuple[dict[str, list[int]], list[str]]:
        """The word table (word -> positions of the items whose search text has it) and its sorted words."""
        words = self._words
        if words is None:
            table: dict[str, list[int]] = {}
            for i, segment in enumerate(self._document.split("\n")):
                for word in set(segment.split()):
                    positions = table.get(word)
                    if positions is None:
                        table[word] = [i]
                    else:
                        positions.append(i)
            words = self._words = (table, sorted(table))  # one assignment: another thread sees both or neither
            self._found = {}
        return words

    def _lookup(self, needle: str) -> list[int]:
        """The needle's positions from the word table: the items having each of its words, then checked in order."""
        table, vocabulary = self.build_words()
        words = needle.split()
        prefix = None if needle.endswith(" ") else words.pop()  # the last word may be the start of a longer one
        lists = [table.get(word, []) for word in words]
        if prefix is not None:
            low = high = bisect_left(vocabulary, prefix)
            while high < len(vocabulary) and vocabulary[high].startswith(prefix):
                high += 1
            lists.append(_union(table, vocabulary[low:high]))
        lists.sort(key=len)  # the rarest first
        if len(lists) == 1:  # a word of its own: its table entry is exact
            return lists[0]
        candidates = set(lists[0]).intersection(*lists[1:])
        return [i for i in sorted(candidates) if needle in self._segment(i)]


def _union(groups: dict[_K, list[int]], keys: Iterable[_K]) -> list[int]:
    """The positions under any of ``keys``, ascending, each once."""
    found = [groups[k] for k in keys if k in groups]
    if len(found) == 1:
        return found[0]
    return sorted({i for positions in found for i in positions})


class _Index:
    """Lookup tables over one ``Sessions``' items, each built on first use.

    They only find positions faster: every query keeps its own rule and
    order (positions ascend, so results stay in the sessions' order).
    Days come from the ``Sessions``' own day function, never a copy of it.
    """

    __slots__ = ("_items", "_day_of", "_tables", "_timed", "_starts", "_longest", "_search", "_ids")

    def __init__(self, items: tuple[Session, ...], day_of: Callable[[Session], date | None]) -> None:
        self._items = items
        self._day_of = day_of
        self._tables: dict[str, dict[object, list[int]]] = {}
        self._timed: int | None = None
        self._starts: list[datetime] = []
        self._longest = timedelta(0)
        self._search: _Search | None = None
        self._ids: dict[str, int] | None = None

    def _table(self, name: str, key: Callable[[Session], object]) -> dict[object, list[int]]:
        table = self._tables.get(name)
        if table is None:
            table = self._tables[name] = _group(map(key, self._items))
        return table

    def speakers(self, ids: Iterable[str]) -> list[int]:
        table = self._tables.get("speaker")
        if table is None:
            groups: dict[object, list[int]] = {}
            for i, session in enumerate(self._items):
                for speaker in session.speakers:
                    positions = groups.get(speaker.id)
                    if positions is None:
                        groups[speaker.id] = [i]
                    elif positions[-1] != i:  # a speaker listed twice in one session
                        positions.append(i)
            table = self._tables["speaker"] = groups
        return _union(table, ids)

    def rooms(self, ids: Iterable[str]) -> list[int]:
        return _union(self._table("room", lambda s: None if s.room is None else s.room.id), ids)

    def tracks(self, ids: Iterable[str]) -> list[int]:
        return _union(self._table("track", lambda s: None if s.track is None else s.track.id), ids)

    def kinds(self, kinds: Iterable[SessionKind]) -> list[int]:
        return _union(self._table("kind", lambda s: s.kind), kinds)

    def day(self, day: date) -> list[int]:
        return _union(self._table("day", self._day_of), (day,))

    def session_id(self, session_id: str) -> int | None:
        if self._ids is None:  # id -> its first position: no list per id
            items = self._items
            self._ids = dict(zip(reversed([s.id for s in items]), range(len(items) - 1, -1, -1)))
        return self._ids.get(session_id)

    def timed(self) -> int | None:
        """How many leading items have a start (bisect runs over them), or None when they are not start-sorted."""
        if self._timed is None:
            items = self._items
            count = next((i for i, s in enumerate(items) if s.start is None), len(items))
            timed = items[:count]
            starts = [s.start.astimezone(timezone.utc) for s in timed if s.start is not None]  # utc(), inlined
            ordered = all(map(le, starts, islice(starts, 1, None)))
            if not ordered or any(s.start is not None for s in items[count:]):
                self._timed = -1
            else:
                self._timed, self._starts = count, starts
                ends = [s.end for s in timed]
                self._longest = max(
                    (end.astimezone(timezone.utc) - start for end, start in zip(ends, starts) if end is not None),
                    default=timedelta(0),
                )
        return None if self._timed < 0 else self._timed

    def started_from(self, instant: datetime) -> int:
        """The first position whose start may lie at ``instant`` or later (requires :meth:`timed`)."""
        return bisect_left(self._starts, instant)

    def running_since(self, instant: datetime) -> int:
        """The first position that may still run at ``instant``: no session runs longer than the longest."""
        try:
            return bisect_left(self._starts, instant - self._longest)
        except OverflowError:
            return 0

    def started_by(self, instant: datetime) -> int:
        """The position after the last start at or before ``instant``."""
        return bisect_right(self._starts, instant)

    def search(self) -> _Search:
        """The items' search document."""
        if self._search is None:
            self._search = _Search(self._items)
        return self._search


class Sessions(Sequence[Session]):
    """An immutable, start-sorted sequence of :class:`Session`; every filter returns one.

    Sessions are sorted by start instant (then end, title and id); then
    come the day-only sessions (day known, time not) by day, then the
    sessions with no known day.  ``zone`` is the zone the sessions are viewed
    in: naive query times are read in it and days are counted in it.

    >>> from pyconf_schedule import load
    >>> conf = load("eu2026")
    >>> [s.title for s in conf.sessions.by_speaker("liz li")]
    ['Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm']
    """

    __slots__ = ("_items", "_zone", "_catalogue", "_lookup")
    _items: tuple[Session, ...]
    _zone: tzinfo
    _catalogue: _Catalogue
    _lookup: _Index | None

    def __init__(
        self,
        sessions: Iterable[Session] = (),
        *,
        zone: str | tzinfo = "UTC",
        _catalogue: _Catalogue | None = None,
        _sorted: bool = False,
    ) -> None:
        items = tuple(sessions)
        if not _sorted:
            for item in items:
                if not isinstance(item, Session):
                    raise FieldTypeError(f"Sessions holds only Session objects, got {type(item).__name__} {shorten(repr(item))}")
        init = object.__setattr__
        init(self, "_items", items if _sorted else tuple(sorted(items, key=sort_key)))
        init(self, "_zone", get_zone(zone))
        init(self, "_catalogue", _catalogue if _catalogue is not None else _Catalogue.of(items))
        init(self, "_lookup", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Sessions is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Sessions is immutable: cannot delete {name!r}")

    # -- Sequence protocol -------------------------------------------------

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Session: ...

    @overload
    def __getitem__(self, index: slice) -> Sessions: ...

    def __getitem__(self, index: int | slice) -> Session | Sessions:
        if isinstance(index, slice):
            return self._derive(self._items[index])
        return self._items[index]

    def __iter__(self) -> Iterator[Session]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sessions):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        count = len(self._items)
        zone = zone_name(self._zone) or str(self._zone)
        head = f"Sessions: {count} session{'' if count == 1 else 's'}, times in {zone}"
        if not count:
            return f"<{head}>"
        lines = [str(s) for s in self._items[:_REPR_LIMIT]]
        if count > _REPR_LIMIT:
            lines.append(f"... and {count - _REPR_LIMIT} more")
        return f"<{head}\n  " + "\n  ".join(lines) + ">"

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self._items)

    def _repr_html_(self) -> str:
        """A compact HTML table for notebooks: time, room, title, speakers; the first 20 and a count of the rest."""
        from ._notebook import sessions_html

        return sessions_html(self)

    def __or__(self, other: Sessions) -> Sessions:
        """Union by session id (first occurrence wins), kept sorted."""
        seen = {s.id for s in self._items}
        return self._derive(
            sorted((*self._items, *(s for s in other if s.id not in seen)), key=sort_key),
        )

    def __and__(self, other: Sessions) -> Sessions:
        """The sessions of ``self`` whose id is also in ``other``."""
        if not isinstance(other, Sessions):
            return NotImplemented
        ids = {s.id for s in other}
        return self._derive(s for s in self._items if s.id in ids)

    def __sub__(self, other: Sessions) -> Sessions:
        """The sessions of ``self`` whose id is not in ``other``."""
        if not isinstance(other, Sessions):
            return NotImplemented
        ids = {s.id for s in other}
        return self._derive(s for s in self._items if s.id not in ids)

    def _derive(self, items: Iterable[Session]) -> Sessions:
        return Sessions(items, zone=self._zone, _catalogue=self._catalogue, _sorted=True)

    @property
    def _index(self) -> _Index:
        """This selection's lookup tables, made on first use (a selection never changes)."""
        if self._lookup is None:
            object.__setattr__(self, "_lookup", _Index(self._items, self.day_of))
        assert self._lookup is not None
        return self._lookup

    def _at(self, positions: Iterable[int]) -> Sessions:
        items = self._items
        return self._derive([items[i] for i in positions])

    # -- properties --------------------------------------------------------

    @property
    def zone(self) -> tzinfo:
        """The zone the sessions are viewed in."""
        return self._zone

    @property
    def conference(self) -> Conference | None:
        """The conference these sessions were selected from, if any."""
        return self._catalogue.owner

    @property
    def scheduled(self) -> Sessions:
        """The sessions whose start is known."""
        return self._derive(s for s in self._items if s.start is not None)

    @property
    def day_only(self) -> Sessions:
        """The sessions whose day is known but whose start is not (:attr:`Session.day_only`)."""
        return self._derive(s for s in self._items if s.start is None and s.day_only is not None)

    @property
    def unscheduled(self) -> Sessions:
        """The sessions with neither a known start nor a known day."""
        return self._derive(s for s in self._items if s.start is None and s.day_only is None)

    @property
    def speakers(self) -> tuple[Speaker, ...]:
        """Every speaker of these sessions, once each, in order of first appearance."""
        seen: dict[str, Speaker] = {}
        for session in self._items:
            for speaker in session.speakers:
                seen.setdefault(speaker.id, speaker)
        return tuple(seen.values())

    @property
    def ids(self) -> tuple[str, ...]:
        """The session ids, in order."""
        return tuple(s.id for s in self._items)

    # -- filters -----------------------------------------------------------

    def filter(self, predicate: Callable[[Session], bool]) -> Sessions:
        """The sessions for which ``predicate(session)`` is true."""
        return self._derive(s for s in self._items if predicate(s))

    def by_speaker(self, name: str) -> Sessions:
        """Sessions with a speaker of that name, alias or id.

        Names match whole, ignoring case, accents and spacing: ``"liz li"``
        finds Liz Li, ``"Li"`` does not.  A name no speaker has raises
        :class:`~pyconf_schedule.exceptions.UnknownSpeakerError`.
        """
        return self._at(self._index.speakers(self._catalogue.speaker_ids(name)))

    def by_track(self, name: str) -> Sessions:
        """Sessions in the track of that name or id (case and accents ignored)."""
        ids = self._catalogue.track_ids(name)
        if not ids:
            raise UnknownTrackError(name, (t.name for t in self._catalogue.tracks))
        return self._at(self._index.tracks(ids))

    def by_room(self, name: str) -> Sessions:
        """Sessions in the room of that name or id (case and accents ignored)."""
        ids = self._catalogue.room_ids(name)
        if not ids:
            raise UnknownRoomError(name, (r.name for r in self._catalogue.rooms))
        return self._at(self._index.rooms(ids))

    def by_kind(self, kind: SessionKind | str, *more: SessionKind | str) -> Sessions:
        """Sessions of any of the given kinds: :class:`SessionKind` values or names.

        Names ignore case and accept spaces or underscores for hyphens:
        ``by_kind("keynote", "sponsored keynote")``.
        """
        wanted = {_kind(k) for k in (kind, *more)}
        return self._at(self._index.kinds(wanted))

    def by_organisation(self, name: str) -> Sessions:
        """Sessions with a speaker from an organisation whose name contains ``name`` as whole words.

        ``"Red Hat"`` finds "Red Hat" and "Red Hat, Inc"; ``"Meta"`` does not
        find "Metamorph".  An organisation no speaker has raises
        :class:`~pyconf_schedule.exceptions.UnknownOrganisationError`.
        """
        query = words(name)
        organisations = self._catalogue.organisations().values()
        if not query or not any(_org_matches(query, o) for o in organisations):
            raise UnknownOrganisationError(name, organisations)
        return self.filter(
            lambda s: any(_org_matches(query, o) for p in s.speakers for o in _organisations(p))
        )

    def on(self, day: DayLike) -> Sessions:
        """Sessions on ``day``: those starting on it, then its day-only sessions.

        A session's day is its programme day where the conference gives one,
        else its calendar day (see :meth:`day_of`): a 01:00 session of a
        congress whose days run to 04:00 is on the day before.  A day-only
        session (:attr:`Session.day_only`) belongs to the programme's day
        whatever the viewing zone.
        """
        wanted = parse_day(day)
        day_bounds(wanted, self._zone)  # a day the zone cannot hold is refused, as before the index
        return self._at(self._index.day(wanted))

    def at(self, when: TimeLike) -> Sessions:
        """Sessions running at ``when``: ``start <= when < end``.

        A naive ``when`` is a wall time in the viewing zone.  A session whose
        end is unknown counts as running only at its start instant.
        """
        instant = parse_instant(when, self._zone)
        index = self._index
        timed = index.timed()
        if timed is None:
            return self.filter(lambda s: s.runs_at(instant))
        at = utc(instant)
        candidates = self._items[index.running_since(at) : index.started_by(at)]
        return self._derive([s for s in candidates if s.runs_at(instant)])

    def between(self, start: TimeLike, end: TimeLike) -> Sessions:
        """Sessions that overlap the half-open interval ``[start, end)``.

        A session with an unknown end overlaps when its start lies in the
        interval.  A date as ``end`` means the start of that day, so
        ``between("2026-04-07", "2026-04-08")`` is all of 7 April.
        """
        local_a = parse_instant(start, self._zone)
        local_b = parse_instant(end, self._zone)
        a, b = utc(local_a), utc(local_b)
        if b < a:
            raise TimeParseError(
                f"the interval ends ({local_b.isoformat()}) before it starts ({local_a.isoformat()})"
            )

        def overlaps(s: Session) -> bool:
            if s.start is None:
                return False
            s_start = utc(s.start)
            if s.end is None or utc(s.end) == s_start:
                return a <= s_start < b
            return s_start < b and utc(s.end) > a

        index = self._index
        if index.timed() is None:
            return self.filter(overlaps)
        return self._derive([s for s in self._items[index.running_since(a) : index.started_from(b)] if overlaps(s)])

    def after(self, when: TimeLike) -> Sessions:
        """Sessions that start at or after ``when``."""
        instant = utc(parse_instant(when, self._zone))
        index = self._index
        timed = index.timed()
        if timed is None:
            return self.filter(lambda s: s.start is not None and utc(s.start) >= instant)
        return self._derive(self._items[index.started_from(instant) : timed])

    def search(self, text: str) -> Sessions:
        """Sessions in which every word of ``text`` occurs, case and accents ignored.

        Searched: the title and its variants, the abstract and other sources'
        summaries, speaker names and aliases, and their organisations.  A
        word matches the start of a word ("cache" finds "caches"); words of
        one or two characters, and words ending in "+" or "#", match whole
        words only.  Punctuation inside a word is kept in order:
        ``search("kv cache")`` and ``search("kv-cache")`` find "KV-Cache" and
        "KV caches"; ``search("llm-d")`` does not find "LLM deployment";
        ``search("c++")`` does not find every word starting with "c".
        """
        terms = text.split() if isinstance(text, str) else search_text(text).split()
        if not terms:
            return self._derive(())

        needles = {n for n in map(search_needle, terms) if n is not None}
        if not needles:
            return self
        document = self._index.search()
        found: list[int] | set[int] | None = None
        for needle in sorted(needles, key=len, reverse=True):  # the longest is likely the rarest
            positions = document.positions(needle)
            found = positions if found is None else set(found).intersection(positions)
            if not found:
                return self._derive(())
        assert found is not None
        return self._at(found if isinstance(found, list) else sorted(found))

    def find(self, text: str) -> Sessions:
        """The sessions that ``text`` names, as a person names one session: by id, by title, else by words.

        In this order, the first that matches: the id (case ignored); the
        title or display title (case, accents and spacing ignored); else,
        unless ``text`` is written like an id (``word-word``, a typo of one:
        nothing), :meth:`search`, narrowed to the one session whose title
        holds every word when exactly one does.  More than one session means
        ``text`` is ambiguous; none, that it names no session.

        >>> from pyconf_schedule import load
        >>> load("eu2026").sessions.find("monarch amd").ids
        ('bringing-pytorch-monarch-to-amd-gpus-single-controller',)
        """
        key = text.strip()
        if not key:
            return self._derive(())
        folded = key.casefold()
        matches = self.filter(lambda s: s.id.casefold() == folded)
        if matches:
            return matches
        title = fold(key)
        matches = self.filter(lambda s: title in {fold(t) for t in (s.title, s.display_title) if t})
        if matches or _ID_LIKE.fullmatch(key):
            return matches
        matches = self.search(key)
        # Words that match several sessions may all be in one title: "monarch amd".
        in_title = matches.filter(lambda s: _in_title(key, s.title))
        return in_title if len(matches) > 1 and len(in_title) == 1 else matches

    def by_ids(self, ids: Iterable[str]) -> Sessions:
        """The sessions with these ids, in the usual order (not the order given).

        An id that no session has raises
        :class:`~pyconf_schedule.exceptions.UnknownSessionError` naming it,
        with close ids.

        >>> from pyconf_schedule import load
        >>> load("eu2026").sessions.by_ids(["pytorch-updates"]).ids
        ('pytorch-updates',)
        """
        if isinstance(ids, str):
            ids = [ids]
        wanted: set[str] = set()
        for session_id in ids:
            if not isinstance(session_id, str):
                raise TypeError(f"a session id is a str, got {type(session_id).__name__}")
            wanted.add(session_id)
        known = {s.id for s in self._items}
        for session_id in wanted:
            if session_id not in known:
                raise UnknownSessionError(session_id, known)
        return self._derive(s for s in self._items if s.id in wanted)

    def get(self, session_id: str, default: Session | None = None) -> Session | None:
        """The session with id ``session_id``, or ``default`` when there is none (like ``dict.get``)."""
        if not isinstance(session_id, str):
            raise TypeError(f"a session id is a str, got {type(session_id).__name__}")
        position = self._index.session_id(session_id)
        return default if position is None else self._items[position]

    def session(self, session_id: str) -> Session:
        """The session with id ``session_id``; raises UnknownSessionError with close ids."""
        found = self.get(session_id)
        if found is None:
            raise UnknownSessionError(session_id, (s.id for s in self._items))
        return found

    # -- views -------------------------------------------------------------

    def to_tz(self, tz: str | tzinfo) -> Sessions:
        """The same sessions viewed in zone ``tz`` (instants unchanged, DST-correct)."""
        zone = get_zone(tz)
        return Sessions(
            (s.to_tz(zone) for s in self._items), zone=zone, _catalogue=self._catalogue, _sorted=True
        )

    def to_arrow(self) -> dict[str, Any]:
        """The tidy tables of these sessions (their speakers, rooms and tracks only) as ``pyarrow.Table`` objects by name (the ``arrow`` extra).

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

    def day_of(self, session: Session) -> date | None:
        """The day ``session`` is on in this schedule, or ``None`` when no day is known.

        For a session with a start: the conference's programme day that holds
        its start instant (:attr:`Conference.programme_days`); else, when the
        conference has a :attr:`~Conference.day_change`, the date of its
        start in the conference's zone, one day earlier before the day
        change; else the calendar day of its start in the viewing zone.
        Sessions not taken from a conference use the calendar day.  For a
        day-only session, its :attr:`~Session.day_only`.  (:attr:`Session.day`
        is the calendar day: a session does not know its conference.)
        """
        if session.start is None:
            return session.day_only
        rule = self._catalogue.rule
        if rule is None:
            return session.start.astimezone(self._zone).date()
        return rule.day_of(session.start, self._zone)

    def days(self) -> tuple[date, ...]:
        """The days that have sessions, sorted (programme days where given; see :meth:`day_of`)."""
        return tuple(sorted({d for d in map(self.day_of, self._items) if d is not None}))

    def by_day(self) -> dict[date, Sessions]:
        """Sessions grouped by their day (see :meth:`day_of`), days in order; each group is ``on(day)``.

        A group holds the sessions starting that day, then that day's
        day-only sessions.  Sessions with no known day (:attr:`unscheduled`)
        are in no group.
        """
        groups: dict[date, list[Session]] = {}
        for s in self._items:
            day = self.day_of(s)
            if day is not None:
                groups.setdefault(day, []).append(s)
        return {day: self._derive(groups[day]) for day in sorted(groups)}


_ID_LIKE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")
"""Text written as a session id (lower-case words joined by hyphens): :meth:`Sessions.find` does not search it."""


def _in_title(text: str, title: str | None) -> bool:
    """True when every word of ``text`` matches in ``title``, as search() matches them."""
    if not title:
        return False
    hay = search_text(title)
    return all(term_matches(hay, term) for term in text.split())


def _kind(kind: SessionKind | str) -> SessionKind:
    return kind_of(kind)
