"""The checks every model class runs on its fields: types, ids, aware datetimes within the shown range.

Each raises a :class:`~pyconf_schedule.exceptions.PyconfScheduleError`
subclass naming the class, the field, the value found and what is valid.

>>> check_date("Session", "s1", "day_only", "2026-04-07")
Traceback (most recent call last):
  ...
pyconf_schedule.exceptions.FieldTypeError: Session.day_only must be a datetime.date (a day, no time) or None, got str '2026-04-07' (in session 's1')
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import TypeVar

from ._text import printable, shorten
from ._time import utc
from .exceptions import FieldTypeError, InvalidScheduleError, NaiveDatetimeError

__all__ = [
    "MAX_INSTANT",
    "MIN_INSTANT",
    "as_tuple",
    "check_date",
    "check_datetime",
    "check_id",
    "check_items",
    "check_optional_str",
    "check_str",
    "fields_repr",
    "instant_key",
    "tuple_of_str",
    "wrong_type",
]

_T = TypeVar("_T")


def check_id(owner: str, ident: str) -> None:
    """Ids are one line of printable text: a control character cannot be written by iCalendar or XML, so an id
    holding one would change, or collide with another, on the way through a file."""
    if not ident.isprintable():
        raise InvalidScheduleError(
            f"{owner} id '{printable(ident)}' holds a control or separator character; an id is printable text"
        )


MIN_INSTANT = datetime(1, 1, 2, tzinfo=UTC)
"""The earliest instant a datetime of the model may hold: shown in any zone (offsets under 24 hours) it stays in year 1."""
MAX_INSTANT = datetime(9999, 12, 30, 23, 59, 59, 999999, tzinfo=UTC)
"""The latest instant a datetime of the model may hold: shown in any zone it stays in year 9999."""


def _shown(value: object) -> str:
    return shorten(value.isoformat() if isinstance(value, date) else repr(value))


def wrong_type(owner: str, name: str, value: object, valid: str, ident: object = None) -> FieldTypeError:
    where = f" (in {owner.lower()} {shorten(ident)!r})" if isinstance(ident, str) and ident else ""
    return FieldTypeError(f"{owner}.{name} must be {valid}, got {type(value).__name__} {_shown(value)}{where}")


def check_str(owner: str, ident: object, **fields: object) -> None:
    """Refuse any of ``fields`` that is not a str."""
    for name, value in fields.items():
        if not isinstance(value, str):
            raise wrong_type(owner, name, value, "a str", ident)


def check_optional_str(owner: str, ident: object, **fields: object) -> None:
    """Refuse any of ``fields`` that is neither a str nor None."""
    for name, value in fields.items():
        if value is not None and not isinstance(value, str):
            raise wrong_type(owner, name, value, "a str or None", ident)


def check_items(owner: str, ident: object, name: str, items: object, cls: type, valid: str) -> None:
    """Refuse a collection field that is not a tuple of ``cls`` (its converter made a tuple of any iterable)."""
    if not isinstance(items, tuple):
        raise wrong_type(owner, name, items, valid, ident)
    for item in items:
        if not isinstance(item, cls):
            raise FieldTypeError(
                f"{owner}.{name} must be {valid}, but holds {type(item).__name__} {_shown(item)}"
                + (f" (in {owner.lower()} {shorten(ident)!r})" if isinstance(ident, str) and ident else "")
            )


def check_datetime(owner: str, ident: object, name: str, value: object) -> None:
    """Refuse a value that is not an aware datetime between MIN_INSTANT and MAX_INSTANT."""
    if value is None:
        return
    if not isinstance(value, datetime):
        raise wrong_type(owner, name, value, "a timezone-aware datetime or None", ident)
    if value.tzinfo is None or value.utcoffset() is None:
        raise NaiveDatetimeError(
            f"{name} must be a timezone-aware datetime, got naive {value.isoformat()}; "
            "attach a zone, e.g. value.replace(tzinfo=ZoneInfo('Europe/Paris'))"
        )
    # Only a wall time in year 1 or 9999 can be within a day of the limits.  Aware
    # datetimes compare by instant without converting, so the test cannot overflow.
    if (value.year == 1 or value.year == 9999) and not MIN_INSTANT <= value <= MAX_INSTANT:
        where = f" of {owner.lower()} {ident!r}" if isinstance(ident, str) and ident else ""
        raise InvalidScheduleError(
            f"{name}{where} is {value.isoformat()}, too close to the limits of years 1 to 9999 to be shown in "
            f"every time zone; valid: instants from {MIN_INSTANT.isoformat()} to {MAX_INSTANT.isoformat()}"
        )


def check_date(owner: str, ident: object, name: str, value: object) -> None:
    """Refuse a value that is neither a date (without a time) nor None."""
    if value is not None and (isinstance(value, datetime) or not isinstance(value, date)):
        raise wrong_type(owner, name, value, "a datetime.date (a day, no time) or None", ident)


def instant_key(value: datetime | None) -> tuple[datetime, str] | None:
    """Equality key of a datetime: its instant and the zone it is shown in.

    Plain ``==`` between two datetimes with the same tzinfo compares wall
    times and ignores ``fold``; comparing instants avoids that DST trap.
    """
    if value is None:
        return None
    return utc(value), str(getattr(value.tzinfo, "key", value.utcoffset()))


def as_tuple(value: Iterable[_T]) -> tuple[_T, ...]:
    """Any iterable as a tuple; anything else unchanged, for the class's checks to name."""
    kind = type(value)
    if kind is tuple:
        return value  # type: ignore[return-value]
    if kind is list or (not isinstance(value, (str, bytes, dict)) and hasattr(value, "__iter__")):
        return tuple(value)
    return value  # type: ignore[return-value]


def fields_repr(self: object) -> str:
    """``Room(id='r1', name='Hall A')``: the ``__repr__`` attrs would write for a model class, one function for all.

    attrs compiles a ``__repr__`` of its own for every class it builds, and that
    compile was 1.6 ms of ``import pyconf_schedule`` (``benchmarks/cold_start.py``);
    a class that sets ``__repr__ = fields_repr`` gets none (attrs leaves a class's
    own ``__repr__`` alone).  The text is attrs' own: every field in order, each
    value's ``repr``.  attrs' guard against a recursive repr is not needed: a model
    object cannot contain itself (its fields are checked, immutable values).
    """
    cls = type(self)
    fields = getattr(cls, "__attrs_attrs__")  # noqa: B009 - mypy knows no such attribute on an object's type
    shown = ", ".join(
        f"{a.name}={(a.repr if callable(a.repr) else repr)(getattr(self, a.name))}" for a in fields if a.repr
    )
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({shown})"


def tuple_of_str(value: str | Iterable[str]) -> tuple[str, ...]:
    if type(value) is tuple:
        return value
    if isinstance(value, str):
        return (value,)
    return as_tuple(value)
