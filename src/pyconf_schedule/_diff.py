"""What changed between two versions of a schedule: :func:`diff` and its typed result.

``diff(old, new)`` is a pure function of two :class:`~pyconf_schedule.Conference`
objects (two reads of one URL, two files, a file and a dataset): no files,
no network.  It pairs the sessions of both, then reports the sessions
added, the sessions removed, and for each paired session the fields that
differ, with both values.

Pairing, in this order, each step among the sessions still unpaired:

1. the same ``id``;
2. the same ``url``, when exactly one session on each side has it: the
   model keeps no frab ``guid`` (the frab readers make the session id from
   the event ``id``, or from the ``guid`` when there is no id, so step 1
   already pairs by the format's own key); an event's page address
   (pretalx's ``/talk/CODE/``) is the other key such exports keep stable
   when they renumber events;
3. the same title (case, accents and spacing ignored), when exactly one
   session on each side has it.

A retitled session that keeps its id is therefore one change, not a removal
and an addition.

Compared fields (:data:`COMPARED_FIELDS`): ``id`` (which differs only
for sessions paired by URL or title), ``title``, ``kind``, ``start``,
``end``, ``day_only``, ``room`` and ``track`` (by name), ``speakers`` (by
name, order ignored), ``abstract``, ``language``, ``audience_level``, ``url``,
``slides``, ``recording`` and ``slide_urls``.  Times compare as instants, so a file rewritten in another
zone is no change.  Provenance (``sources``, ``variants``, ``conflicts``,
``title_variants``) and ``kind_label`` (a format's own wording of the kind)
are not compared.

>>> from pyconf_schedule import diff, load
>>> conf = load("eu2026")
>>> bool(diff(conf, conf.to_tz("Asia/Tokyo")))
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from attrs import frozen

from ._changes import COMPARED_FIELDS, ChangedField, DiffValue, FieldChange, MatchedBy, SessionChange
from ._model import Room, Session, Speaker, Track
from ._text import fold
from ._time import get_zone, utc

if TYPE_CHECKING:
    from ._conference import Conference
    from ._sessions import Sessions

__all__ = ["ScheduleDiff", "diff"]


@frozen(kw_only=True)
class ScheduleDiff:
    """What changed from one version of a schedule to another; false when nothing did.

    ``added`` are sessions only in the new version (in its order),
    ``removed`` sessions only in the old one (in its order), ``changed`` the
    paired sessions that differ (in the new version's order).
    ``timezone`` is the zone :meth:`to_text` and :meth:`to_markdown` show
    times in by default: the new conference's view zone.
    """

    added: tuple[Session, ...] = ()
    removed: tuple[Session, ...] = ()
    changed: tuple[SessionChange, ...] = ()
    timezone: str = "UTC"

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def __len__(self) -> int:
        """The number of sessions added, removed or changed."""
        return len(self.added) + len(self.removed) + len(self.changed)

    # Writing a diff is the formats' job (formats/_changes.py); these name the zone and hand over the parts.

    def to_text(self, *, tz: str | None = None) -> str:
        """The changes as plain text, one line per session and one per changed field; "No changes." when none."""
        from .formats._changes import text

        return text(self.added, self.removed, self.changed, get_zone(tz or self.timezone))

    def to_markdown(self, *, tz: str | None = None) -> str:
        """The changes as Markdown: a section each for added, removed and changed sessions."""
        from .formats._changes import markdown

        return markdown(self.added, self.removed, self.changed, get_zone(tz or self.timezone))

    def to_json(self) -> str:
        """The changes as a JSON document (times as ISO 8601 with their offset, in UTC); see docs/reference/api.md."""
        from .formats._changes import json_text

        return json_text(self.added, self.removed, self.changed)

    def touching(self, session_ids: Iterable[str]) -> ScheduleDiff:
        """Only the changes to the sessions ``session_ids`` name (a changed session by its old or new id): an agenda's picks.

        >>> import attrs
        >>> from pyconf_schedule import diff, load
        >>> old = load("eu2026")
        >>> new = attrs.evolve(old, sessions=[attrs.evolve(s, title="Welcome!") for s in old.sessions[:2]] + list(old.sessions[2:]))
        >>> len(diff(old, new)), len(diff(old, new).touching([old.sessions[1].id, "pytorch-cto"]))
        (2, 1)
        """
        wanted = set(session_ids)
        return ScheduleDiff(
            added=tuple(s for s in self.added if s.id in wanted),
            removed=tuple(s for s in self.removed if s.id in wanted),
            changed=tuple(c for c in self.changed if c.new.id in wanted or c.old.id in wanted),
            timezone=self.timezone,
        )

    def to_ics(
        self,
        new: Conference | Sessions,
        *,
        sequence: int | None = None,
        tz: str | None = None,
        dtstamp: datetime | None = None,
        remind: timedelta | None = None,
    ) -> str:
        """An iCalendar of the new schedule that updates a calendar made from the old one.

        ``new`` is the new version (or the part of it to write, such as an
        agenda's picks).  Every timed session of ``new`` is an event with the
        ``UID`` the iCalendar writer gives it; a changed session keeps its
        old ``UID`` (when it was paired by URL or title) and gets
        ``SEQUENCE:sequence``; a removed session is an event
        ``STATUS:CANCELLED`` at its old time with the same ``SEQUENCE``, so
        a calendar that imports or subscribes to the file updates itself.
        ``sequence`` defaults to the minutes from 2000-01-01 UTC to
        ``dtstamp`` (default now): a later update has a higher one.  ``tz``
        writes times in that zone (default: each in the new conference's
        zone); ``remind`` adds a ``VALARM`` to the events not cancelled.
        """
        from .formats._changes import calendar

        return calendar(new, self.removed, self.changed, sequence=sequence, tz=tz, dtstamp=dtstamp, remind=remind)

    def to_atom(
        self,
        *,
        title: str,
        feed_id: str,
        updated: datetime | None = None,
        link: str | None = None,
        tz: str | None = None,
    ) -> str:
        """The changes as an Atom feed (RFC 4287): one entry per session added, removed or changed.

        ``title`` names the feed, ``feed_id`` makes its stable ``urn:uuid:``
        id (a conference id or the schedule's URL), ``updated`` (aware;
        default now) dates the feed and its entries, ``link`` is the
        schedule's address; times in the entries are shown in ``tz``
        (default :attr:`timezone`).  An entry's id depends on the session
        and the change, so a reader shows each change once.
        """
        from .formats._changes import atom

        return atom(
            self.added, self.removed, self.changed, get_zone(tz or self.timezone),
            title=title, feed_id=feed_id, updated=updated, link=link,
        )  # fmt: skip


def diff(old: Conference, new: Conference) -> ScheduleDiff:
    """The sessions added, removed and changed from ``old`` to ``new``.

    Sessions pair by id, then by URL, then by title (see the module's text);
    times compare as instants.  ``diff(a, a)`` is empty.

    >>> import attrs
    >>> from pyconf_schedule import diff, load
    >>> old = load("eu2026")
    >>> first = old.sessions[0]
    >>> new = attrs.evolve(old, sessions=[attrs.evolve(first, title="Welcome!"), *old.sessions[1:]])
    >>> [(c.field, c.old, c.new) for c in diff(old, new).changed[0].changes]
    [('title', 'Co-Evolution: How the Open Source Intelligence Stack Compounds', 'Welcome!')]
    """
    old_sessions, new_sessions = tuple(old.sessions), tuple(new.sessions)
    pairs: dict[int, tuple[int, MatchedBy]] = {}  # index in new -> (index in old, how)
    free_old = set(range(len(old_sessions)))
    free_new = set(range(len(new_sessions)))

    old_by_id = {s.id: i for i, s in enumerate(old_sessions)}
    for j, session in enumerate(new_sessions):
        i = old_by_id.get(session.id)
        if i is not None and i in free_old:
            pairs[j] = (i, "id")
            free_old.discard(i)
            free_new.discard(j)
    steps: tuple[tuple[MatchedBy, Callable[[Session], str | None]], ...] = (("url", _url_key), ("title", _title_key))
    for how, key in steps:
        _pair_unique(old_sessions, new_sessions, free_old, free_new, pairs, how, key)

    changed = []
    for j, session in enumerate(new_sessions):
        if j in pairs:
            i, how = pairs[j]
            changes = _changes(old_sessions[i], session)
            if changes:
                changed.append(SessionChange(old=old_sessions[i], new=session, changes=changes, matched_by=how))
    return ScheduleDiff(
        added=tuple(new_sessions[j] for j in sorted(free_new)),
        removed=tuple(old_sessions[i] for i in sorted(free_old)),
        changed=tuple(changed),
        timezone=new.view_timezone or new.timezone,
    )


def _url_key(session: Session) -> str | None:
    return session.url.strip() if session.url and session.url.strip() else None


def _title_key(session: Session) -> str | None:
    return fold(session.title) if session.title and fold(session.title) else None


def _pair_unique(
    old: Sequence[Session],
    new: Sequence[Session],
    free_old: set[int],
    free_new: set[int],
    pairs: dict[int, tuple[int, MatchedBy]],
    how: MatchedBy,
    key: Callable[[Session], str | None],
) -> None:
    """Pair the free sessions whose ``key`` is held by exactly one free session on each side."""
    old_keys = _unique_keys((i, key(old[i])) for i in sorted(free_old))
    new_keys = _unique_keys((j, key(new[j])) for j in sorted(free_new))
    for value, j in new_keys.items():
        i = old_keys.get(value)
        if i is not None:
            pairs[j] = (i, how)
            free_old.discard(i)
            free_new.discard(j)


def _unique_keys(items: Iterable[tuple[int, str | None]]) -> dict[str, int]:
    seen: dict[str, int] = {}
    repeated: set[str] = set()
    for index, value in items:
        if value is None:
            continue
        if value in seen:
            repeated.add(value)
        seen[value] = index
    return {value: index for value, index in seen.items() if value not in repeated}


def _speaker_key(speakers: tuple[Speaker, ...]) -> list[str]:
    return sorted(s.name for s in speakers)


def _comparable(name: ChangedField, value: DiffValue) -> object:
    """The form of a field's value that decides equality: instants for times, names for places and people."""
    if isinstance(value, datetime):
        return utc(value)
    if isinstance(value, (Room, Track)):
        return value.name
    if name == "speakers":
        return _speaker_key(value)  # type: ignore[arg-type]
    return value


def _changes(old: Session, new: Session) -> tuple[FieldChange, ...]:
    changes = []
    for name in COMPARED_FIELDS:
        before, after = getattr(old, name), getattr(new, name)
        if _comparable(name, before) != _comparable(name, after):
            changes.append(FieldChange(field=name, old=before, new=after))
    return tuple(changes)
