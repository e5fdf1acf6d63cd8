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
name, order ignored), ``abstract``, ``language``, ``audience_level``, ``url``
and ``slides``.  Times compare as instants, so a file rewritten in another
zone is no change.  Provenance (``sources``, ``variants``, ``conflicts``,
``title_variants``) and ``kind_label`` (a format's own wording of the kind)
are not compared.

>>> from pyconf_schedule import diff, load
>>> conf = load("eu2026")
>>> bool(diff(conf, conf.to_tz("Asia/Tokyo")))
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING, Literal, TypeAlias

from attrs import frozen

from ._model import Room, Session, SessionKind, Speaker, Track
from ._text import fold
from ._time import get_zone, utc

if TYPE_CHECKING:
    from ._conference import Conference

__all__ = ["COMPARED_FIELDS", "ChangedField", "DiffValue", "FieldChange", "MatchedBy", "ScheduleDiff", "SessionChange", "diff"]

ChangedField = Literal[
    "id", "title", "kind", "start", "end", "day_only", "room", "track", "speakers", "abstract", "language",
    "audience_level", "url", "slides",
]  # fmt: skip
"""The name of a field :func:`diff` compares."""

COMPARED_FIELDS: tuple[ChangedField, ...] = (
    "id", "title", "kind", "start", "end", "day_only", "room", "track", "speakers", "abstract", "language",
    "audience_level", "url", "slides",
)  # fmt: skip
"""The fields :func:`diff` compares, in the order changes are reported."""

MatchedBy = Literal["id", "url", "title"]
"""How a changed session was paired with its old version."""

DiffValue: TypeAlias = "str | SessionKind | datetime | date | Room | Track | tuple[Speaker, ...] | tuple[str, ...] | None"
"""A value of a compared field, as the session holds it."""


@frozen(kw_only=True)
class FieldChange:
    """One field of a session that differs: its name and both values, as the sessions hold them.

    ``speakers_added`` and ``speakers_removed`` name the people who came and
    went when the field is ``"speakers"``.
    """

    field: ChangedField
    old: DiffValue
    new: DiffValue

    @property
    def speakers_added(self) -> tuple[str, ...]:
        """The names in the new speakers and not in the old (empty for other fields)."""
        return _names_minus(self.new, self.old) if self.field == "speakers" else ()

    @property
    def speakers_removed(self) -> tuple[str, ...]:
        """The names in the old speakers and not in the new (empty for other fields)."""
        return _names_minus(self.old, self.new) if self.field == "speakers" else ()


@frozen(kw_only=True)
class SessionChange:
    """A session present in both versions whose compared fields differ.

    ``old`` and ``new`` are the two versions; ``changes`` the fields that
    differ, in the order of :data:`COMPARED_FIELDS`; ``matched_by`` how they
    were paired.
    """

    old: Session
    new: Session
    changes: tuple[FieldChange, ...]
    matched_by: MatchedBy = "id"

    @property
    def id(self) -> str:
        """The session's id in the new version."""
        return self.new.id

    @property
    def fields(self) -> tuple[ChangedField, ...]:
        """The names of the fields that differ."""
        return tuple(c.field for c in self.changes)


@frozen(kw_only=True)
class ScheduleDiff:
    """What changed from one version of a schedule to another; false when nothing did.

    ``added`` are sessions only in the new version (in its order),
    ``removed`` sessions only in the old one (in its order), ``changed`` the
    paired sessions that differ (in the new version's order).
    ``timezone`` is the zone :meth:`as_text` and :meth:`as_markdown` show
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

    def as_text(self, *, tz: str | None = None) -> str:
        """The changes as plain text, one line per session and one per changed field; "No changes." when none."""
        return _render_text(self, get_zone(tz or self.timezone))

    def as_markdown(self, *, tz: str | None = None) -> str:
        """The changes as Markdown: a section each for added, removed and changed sessions."""
        return _render_markdown(self, get_zone(tz or self.timezone))

    def as_json(self) -> str:
        """The changes as a JSON document (times as ISO 8601 with their offset, in UTC); see docs/reference/api.md."""
        import json

        return json.dumps(_as_data(self), indent=2, ensure_ascii=False) + "\n"


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


def _names_minus(a: DiffValue, b: DiffValue) -> tuple[str, ...]:
    """The speaker names of ``a`` not in ``b`` (as multisets)."""
    left = [s.name for s in a if isinstance(s, Speaker)] if isinstance(a, tuple) else []
    right = [s.name for s in b if isinstance(s, Speaker)] if isinstance(b, tuple) else []
    remaining = Counter(right)
    result = []
    for name in left:
        if remaining[name]:
            remaining[name] -= 1
        else:
            result.append(name)
    return tuple(result)


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


# -- rendering ----------------------------------------------------------------


def _when(session: Session, zone: tzinfo) -> str:
    if session.start is None:
        return "unscheduled" if session.day_only is None else f"{session.day_only.isoformat()} (time not known)"
    start = session.start.astimezone(zone)
    text = f"{start:%Y-%m-%d %H:%M}"
    if session.end is not None:
        end = session.end.astimezone(zone)
        text += f"–{end:%H:%M}" if end.date() == start.date() else f"–{end:%Y-%m-%d %H:%M}"
    return f"{text} {start.tzname()}"


def _summary(session: Session, zone: tzinfo) -> str:
    where = f", {session.room.name}" if session.room else ""
    who = f" ({', '.join(session.speaker_names)})" if session.speakers else ""
    return f"{_when(session, zone)}{where}: {session.display_title}{who} [{session.id}]"


def _value_text(value: DiffValue, zone: tzinfo) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, datetime):
        moment = value.astimezone(zone)
        return f"{moment:%Y-%m-%d %H:%M} {moment.tzname()}"
    if isinstance(value, str):  # free text: quoted, and cut where long
        return repr(value) if len(value) <= 80 else repr(value[:79] + "…")
    plain = _json_value(value)  # a date, kind, room, track or names: as JSON gives them
    if isinstance(plain, list):
        return ", ".join(map(str, plain)) if plain else "(none)"
    return str(plain)


def _change_text(change: FieldChange, zone: tzinfo) -> str:
    if change.field == "speakers":
        parts = [f"+{n}" for n in change.speakers_added] + [f"-{n}" for n in change.speakers_removed]
        return f"speakers: {', '.join(parts)}"
    if change.field == "abstract" and change.old is not None and change.new is not None:
        return "abstract: reworded"
    return f"{change.field}: {_value_text(change.old, zone)} → {_value_text(change.new, zone)}"


def _render_text(result: ScheduleDiff, zone: tzinfo) -> str:
    if not result:
        return "No changes.\n"
    lines: list[str] = []
    for heading, sessions, mark in (("Added", result.added, "+"), ("Removed", result.removed, "-")):
        if sessions:
            lines.append(f"{heading} ({len(sessions)}):")
            lines += [f"  {mark} {_summary(s, zone)}" for s in sessions]
    if result.changed:
        lines.append(f"Changed ({len(result.changed)}):")
        for change in result.changed:
            lines.append(f"  * {_summary(change.new, zone)}")
            lines += [f"      {_change_text(c, zone)}" for c in change.changes]
    return "\n".join(lines) + "\n"


def _render_markdown(result: ScheduleDiff, zone: tzinfo) -> str:
    from .formats.markdown import escape_cell

    if not result:
        return "No changes.\n"
    parts: list[str] = []
    for heading, sessions in (("Added", result.added), ("Removed", result.removed)):
        if sessions:
            parts.append(f"## {heading} ({len(sessions)})\n\n" + "".join(f"- {escape_cell(_summary(s, zone))}\n" for s in sessions))
    if result.changed:
        items = []
        for change in result.changed:
            items.append(f"- {escape_cell(_summary(change.new, zone))}\n")
            items += [f"  - {escape_cell(_change_text(c, zone))}\n" for c in change.changes]
        parts.append(f"## Changed ({len(result.changed)})\n\n" + "".join(items))
    return "\n".join(parts)


def _json_value(value: DiffValue) -> object:
    if isinstance(value, datetime):
        return utc(value).isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, SessionKind):
        return value.value
    if isinstance(value, (Room, Track)):
        return value.name
    if isinstance(value, tuple):
        return [v.name if isinstance(v, Speaker) else v for v in value]
    return value


def _session_data(session: Session) -> dict[str, object]:
    return {name: _json_value(getattr(session, name)) for name in COMPARED_FIELDS if name != "abstract"}


def _as_data(result: ScheduleDiff) -> dict[str, object]:
    return {
        "added": [_session_data(s) for s in result.added],
        "removed": [_session_data(s) for s in result.removed],
        "changed": [
            {
                "id": c.id,
                "old_id": c.old.id,
                "title": c.new.title,
                "matched_by": c.matched_by,
                "changes": [
                    {"field": f.field, "old": _json_value(f.old), "new": _json_value(f.new)}
                    | ({"added": list(f.speakers_added), "removed": list(f.speakers_removed)} if f.field == "speakers" else {})
                    for f in c.changes
                ],
            }
            for c in result.changed
        ],
    }
