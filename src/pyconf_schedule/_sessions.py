"""``Sessions``: the one immutable, start-sorted collection every query returns.

Filters chain: ``conf.sessions.by_track("Inference & Production").on("2026-04-08")``.
A name that matches nothing known to the schedule (a typo in a speaker's
name, an unknown room) raises an error with suggestions; a known name that
simply has no session in the current selection gives an empty result.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, date, datetime, tzinfo
from operator import itemgetter
from typing import TYPE_CHECKING, Any, overload

from ._indexes import Catalogue, Index, org_matches, organisations_of
from ._model import Session, SessionKind, Speaker, kind_of
from ._text import fold, search_needle, search_text, shorten, term_matches, words
from ._time import DayLike, TimeLike, day_bounds, get_zone, parse_day, parse_instant, utc, zone_name
from .exceptions import (
    FieldTypeError,
    TimeParseError,
    UnknownOrganisationError,
    UnknownRoomError,
    UnknownSessionError,
    UnknownTrackError,
)

if TYPE_CHECKING:
    from ._conference import Conference

__all__ = ["Sessions", "sort_key", "sort_sessions"]

_REPR_LIMIT = 20
_FAR_FUTURE = datetime.max.replace(tzinfo=UTC)


def sort_key(session: Session) -> tuple[int, datetime, date, bool, datetime, str, str]:
    """The global order: timed sessions by start instant (then end), then day-only
    sessions by day, then sessions with no known day; ties by title and id."""
    return (*_time_key(session), *_tie_key(session))


def _time_key(session: Session) -> tuple[int, datetime, date, bool, datetime]:
    """:func:`sort_key` without its tie-breaks (title, id): what most sessions are told apart by."""
    start, end = session.start, session.end
    if start is not None:
        rank, first, day = 0, start.astimezone(UTC), date.min
    elif session.day_only is not None:
        rank, first, day = 1, _FAR_FUTURE, session.day_only
    else:
        rank, first, day = 2, _FAR_FUTURE, date.min
    return rank, first, day, end is None, _FAR_FUTURE if end is None else end.astimezone(UTC)


def _tie_key(session: Session) -> tuple[str, str]:
    title = session.title
    return fold(title) if title else "", session.id


def sort_sessions(items: Iterable[Session]) -> list[Session]:
    """``sorted(items, key=sort_key)``, with titles folded only where times tie.

    Sorted by time first (stable), then each run of equal times by title and
    id: the order of :func:`sort_key`, while folding a title (a Unicode
    decomposition for any non-ASCII one) is done only for sessions that share
    their start and end with another, not for every session.

    >>> from datetime import datetime
    >>> at = datetime(2026, 4, 7, 9, tzinfo=UTC)
    >>> [s.id for s in sort_sessions([Session(id="b", title="Été", start=at), Session(id="a", title="ete", start=at),
    ...                                Session(id="c", title="Z")])]
    ['a', 'b', 'c']
    """
    keyed = sorted(((_time_key(s), s) for s in items), key=itemgetter(0))
    result: list[Session] = []
    i, n = 0, len(keyed)
    while i < n:
        j = i + 1
        key = keyed[i][0]
        while j < n and keyed[j][0] == key:
            j += 1
        if j - i == 1:
            result.append(keyed[i][1])
        else:
            result.extend(sorted((s for _, s in keyed[i:j]), key=_tie_key))
        i = j
    return result


_WEAK_TIME = frozenset({"start", "end"})


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

    __slots__ = ("_catalogue", "_items", "_lookup", "_zone")
    _items: tuple[Session, ...]
    _zone: tzinfo
    _catalogue: Catalogue
    _lookup: Index | None

    def __init__(
        self,
        sessions: Iterable[Session] = (),
        *,
        zone: str | tzinfo = "UTC",
        _catalogue: Catalogue | None = None,
        _sorted: bool = False,
    ) -> None:
        items = tuple(sessions)
        if not _sorted:
            for item in items:
                if not isinstance(item, Session):
                    raise FieldTypeError(
                        f"Sessions holds only Session objects, got {type(item).__name__} {shorten(repr(item))}"
                    )
        init = object.__setattr__
        init(self, "_items", items if _sorted else tuple(sort_sessions(items)))
        init(self, "_zone", get_zone(zone))
        init(self, "_catalogue", _catalogue if _catalogue is not None else Catalogue.of(items))
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
            sort_sessions((*self._items, *(s for s in other if s.id not in seen))),
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
    def _index(self) -> Index:
        """This selection's lookup tables, made on first use (a selection never changes)."""
        if self._lookup is None:
            object.__setattr__(self, "_lookup", Index(self._items, self.day_of))
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

    def firm_times(self) -> Sessions:
        """The sessions whose time rests on no weak value: those whose ``start`` or ``end`` is weak are left out.

        A weak value is one its :class:`~pyconf_schedule.Provenance` marks
        (:attr:`Session.weak_fields`): in eu2026, the three times only the
        llm-d events list gives.  Sessions without a time stay.

        >>> from pyconf_schedule import load
        >>> eu = load("eu2026")
        >>> len(eu.sessions) - len(eu.sessions.firm_times())
        3
        """
        return self._derive(s for s in self._items if not _WEAK_TIME.intersection(s.weak_fields))

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
        if not query or not any(org_matches(query, o) for o in organisations):
            raise UnknownOrganisationError(name, organisations)
        return self.filter(lambda s: any(org_matches(query, o) for p in s.speakers for o in organisations_of(p)))

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
            raise TimeParseError(f"the interval ends ({local_b.isoformat()}) before it starts ({local_a.isoformat()})")

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
        if matches or re.fullmatch(_ID_LIKE, key):
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
        return Sessions((s.to_tz(zone) for s in self._items), zone=zone, _catalogue=self._catalogue, _sorted=True)

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


_ID_LIKE = r"[a-z0-9]+(?:-[a-z0-9]+)+"  # compiled on first use (re caches it), not at import
"""Text written as a session id (lower-case words joined by hyphens): :meth:`Sessions.find` does not search it."""


def _in_title(text: str, title: str | None) -> bool:
    """True when every word of ``text`` matches in ``title``, as search() matches them."""
    if not title:
        return False
    hay = search_text(title)
    return all(term_matches(hay, term) for term in text.split())


def _kind(kind: SessionKind | str) -> SessionKind:
    return kind_of(kind)
