"""What changed in one session between two versions of a schedule: the values :func:`~pyconf_schedule.diff` reports.

They sit with the model, below the formats, so a format can write a diff
without importing the feature that computes it.

>>> from pyconf_schedule import FieldChange
>>> FieldChange(field="title", old="Old", new="New").speakers_added
()
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from typing import Literal, TypeAlias

from attrs import frozen

from ._model import Room, Session, SessionKind, Speaker, Track

__all__ = ["COMPARED_FIELDS", "ChangedField", "DiffValue", "FieldChange", "MatchedBy", "SessionChange"]

ChangedField = Literal[
    "id", "title", "kind", "start", "end", "day_only", "room", "track", "speakers", "abstract", "language",
    "audience_level", "url", "slides", "recording", "slide_urls",
]  # fmt: skip
"""The name of a field :func:`diff` compares."""

COMPARED_FIELDS: tuple[ChangedField, ...] = (
    "id", "title", "kind", "start", "end", "day_only", "room", "track", "speakers", "abstract", "language",
    "audience_level", "url", "slides", "recording", "slide_urls",
)  # fmt: skip
"""The fields :func:`diff` compares, in the order changes are reported."""

MatchedBy = Literal["id", "url", "title"]
"""How a changed session was paired with its old version."""

DiffValue: TypeAlias = (
    "str | SessionKind | datetime | date | Room | Track | tuple[Speaker, ...] | tuple[str, ...] | None"
)
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
