"""The errors pyconf_schedule raises.

Every error derives from :class:`PyconfScheduleError`, and each leaf also
derives from the builtin it resembles, so ``except LookupError`` or
``except ValueError`` keep working.  Messages say what was wrong and what is
valid.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ._text import printable, redact_url, shorten, suggest

if TYPE_CHECKING:
    from datetime import datetime

__all__ = [
    "AmbiguousTimeError",
    "ConnectionFailedError",
    "FetchError",
    "FetchTimeoutError",
    "FieldTypeError",
    "HTTPStatusError",
    "InvalidArgumentError",
    "InvalidScheduleError",
    "MissingExtraError",
    "MissingPicksError",
    "MissingZoneError",
    "NaiveDatetimeError",
    "NotCachedError",
    "NotFoundError",
    "PyconfScheduleError",
    "ScheduleParseError",
    "ScheduleWriteError",
    "TimeParseError",
    "UnknownConferenceError",
    "UnknownDatasetError",
    "UnknownFormatError",
    "UnknownKindError",
    "UnknownOrganisationError",
    "UnknownRoomError",
    "UnknownSessionError",
    "UnknownSpeakerError",
    "UnknownTrackError",
    "UnknownZoneError",
    "UnsupportedSourceError",
]


class PyconfScheduleError(Exception):
    """Base class of every error raised by pyconf_schedule."""


class NotFoundError(PyconfScheduleError, LookupError):
    """A name or id matched nothing; the message lists close matches.

    ``what`` is the kind of thing looked up, ``query`` what was asked for and
    ``suggestions`` the closest valid values, best first.
    """

    what: str = "value"

    def __init__(self, query: str, valid: Iterable[str], *, limit: int = 5) -> None:
        self.query = query
        valid_list = sorted(set(valid))
        self.suggestions: tuple[str, ...] = tuple(suggest(query, valid_list, limit))
        message = f"{self.what} {shorten(query)!r} not found"
        if self.suggestions:
            close = ", ".join(repr(s) for s in self.suggestions)
            message += f" (did you mean {close}?)"
        elif valid_list and len(valid_list) <= 12:
            message += f"; valid: {', '.join(valid_list)}"
        elif valid_list:
            message += f"; {len(valid_list)} {self.what}s exist"
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UnknownDatasetError(NotFoundError):
    """``load()`` was given a name that is not an embedded dataset."""

    what = "dataset"

    def __init__(self, query: str, valid: Iterable[str]) -> None:
        valid_list = sorted(valid)
        super().__init__(query, valid_list)
        message = f"{shorten(query)!r} is not a dataset; available: {', '.join(valid_list)}"
        if self.suggestions:
            message += f" (did you mean {self.suggestions[0]!r}?)"
        self.message = message
        self.args = (message,)


class UnknownConferenceError(NotFoundError):
    """An agenda file names a conference that was neither given nor found by the loader given."""

    what = "conference"

    def __init__(self, name: str, query: str, given: Iterable[str]) -> None:
        given_list = sorted(given)
        super().__init__(query, given_list)
        message = (
            f"{shorten(name)} names conference {shorten(query)!r}, which was not given"
            f" (given: {', '.join(given_list) or 'none'}); pass it in conferences=, or pass"
            f" loader=pyconf_schedule.load to read embedded datasets by name"
        )
        self.message = message
        self.args = (message,)


class UnknownSpeakerError(NotFoundError):
    """No speaker has that name or id."""

    what = "speaker"


class UnknownSessionError(NotFoundError):
    """No session has that id."""

    what = "session"


class MissingPicksError(UnknownSessionError):
    """An agenda file names sessions that its conferences no longer have.

    ``missing`` lists every such pick as ``(conference id, session id)``;
    the message names them all, with close ids for the first.
    """

    def __init__(self, name: str, missing: Iterable[tuple[str, str]], valid: Iterable[str]) -> None:
        self.missing: tuple[tuple[str, str], ...] = tuple(missing)
        super().__init__(self.missing[0][1], valid)
        count = len(self.missing)
        shown = ", ".join(f"{sid} ({conf})" for conf, sid in self.missing[:10])
        more = f" and {count - 10} more" if count > 10 else ""
        message = (
            f"{shorten(name)}: {count} picked session{' no longer exists' if count == 1 else 's no longer exist'}: "
            f"{shown}{more}"
        )
        if self.suggestions:
            message += f" (did you mean {', '.join(repr(s) for s in self.suggestions)}?)"
        self.message = message
        self.args = (message,)


class UnknownTrackError(NotFoundError):
    """No track has that name."""

    what = "track"


class UnknownRoomError(NotFoundError):
    """No room has that name."""

    what = "room"


class UnknownKindError(NotFoundError):
    """No session kind has that name."""

    what = "session kind"


class UnknownOrganisationError(NotFoundError):
    """No speaker belongs to that organisation."""

    what = "organisation"


class UnknownFormatError(NotFoundError):
    """No schedule format has that name."""

    what = "format"


class UnknownZoneError(NotFoundError):
    """The text is not an IANA time-zone name known to tzdata.

    An abbreviation (``EST``, ``IST``) is refused with the zones whose clocks
    use it (``places``: pairs of zone name and the tz database's description),
    and so is a UTC offset that no IANA zone keeps all year (``+05:30``, with
    the places at that offset); ``suggestions`` holds their zone names.
    """

    what = "time zone"

    def __init__(
        self,
        query: str,
        valid: Iterable[str],
        *,
        fixed_offset: tuple[str, str] | None = None,
        abbreviation: bool = False,
        offset: str | None = None,
        places: Iterable[tuple[str, str]] = (),
        note: str = "",
    ) -> None:
        super().__init__(query, valid, limit=3)
        shown = shorten(query)
        message = f"unknown time zone {shown!r}: use an IANA name such as 'Europe/Paris' or 'UTC'"
        place_list = list(places)
        if place_list:
            self.suggestions = tuple(zone for zone, _ in place_list)
        if abbreviation:
            message = (
                f"time zone abbreviation {shown!r} is not a zone{note}: give the IANA zone of the place"
                f"{', e.g. ' if len(place_list) > 1 else ': '}{_places_text(place_list)}"
            )
        elif fixed_offset is not None:
            fixed, etc = fixed_offset
            self.suggestions = (etc,)
            message += f"; a fixed offset of {fixed} is {etc!r} (IANA inverts the sign)"
        elif offset is not None and place_list:
            message += (
                f"; no IANA zone keeps {offset} all year: give the zone of the place, e.g. {_places_text(place_list)}"
            )
        elif self.suggestions:
            message += f" (did you mean {', '.join(repr(s) for s in self.suggestions)}?)"
        self.message = message
        self.args = (message,)


def _places_text(places: list[tuple[str, str]], limit: int = 5) -> str:
    """ "'Asia/Tokyo' (Japan (JST))", or several: "'A' (a), 'B' (b) or 'C' (c)", with "and N more" past ``limit``."""
    shown = [f"{zone!r} ({description})" if description else repr(zone) for zone, description in places[:limit]]
    if len(places) > limit:
        return f"{', '.join(shown)} and {len(places) - limit} more"
    if len(shown) > 1:
        return f"{', '.join(shown[:-1])} or {shown[-1]}"
    return "".join(shown)


class TimeParseError(PyconfScheduleError, ValueError):
    """A time given as text could not be read as ISO 8601."""


class AmbiguousTimeError(TimeParseError):
    """A local wall time occurs twice (DST fold) or never (DST gap) in its zone."""


class NaiveDatetimeError(PyconfScheduleError, ValueError):
    """A datetime without a time zone was given where an aware one is required."""


class InvalidArgumentError(PyconfScheduleError, ValueError):
    """A function was given an argument outside what it accepts; the message says what is valid.

    >>> from pyconf_schedule import fetch
    >>> fetch("https://example.org/s.json", timeout=-1)
    Traceback (most recent call last):
    ...
    pyconf_schedule.exceptions.InvalidArgumentError: timeout must be a number of seconds greater than 0 and finite, got -1
    """


class InvalidScheduleError(PyconfScheduleError, ValueError):
    """Objects that break a model invariant (end before start, duplicate ids, ...)."""


class FieldTypeError(PyconfScheduleError, TypeError):
    """A model object was given a value of the wrong type for one of its fields.

    The message names the class and field, the type given and what is valid:
    ``Session.room must be a Room or None, got str 'Aula 1'``.
    """


class ScheduleParseError(PyconfScheduleError, ValueError):
    """A schedule file could not be read.

    ``format`` names the format being read and ``location`` where reading
    failed (a line, or a path inside the document), when known.
    """

    def __init__(self, format: str, message: str, location: str | None = None) -> None:
        # Input echoed in the message or location must not bring control characters to a terminal or a log.
        message = printable(message)
        location = None if location is None else printable(location)
        self.format = format
        self.location = location
        self.reason = message
        where = f" at {location}" if location else ""
        super().__init__(f"cannot read {format}{where}: {message}")


class ScheduleWriteError(PyconfScheduleError, OSError):
    """A schedule file could not be written (a database that cannot be opened or changed); also an ``OSError``.

    ``format`` names the format being written, ``location`` the file and
    ``reason`` what went wrong.
    """

    def __init__(self, format: str, message: str, location: str | None = None) -> None:
        message = printable(message)
        location = None if location is None else printable(location)
        self.format = format
        self.location = location
        self.reason = message
        where = f" to {location}" if location else ""
        super().__init__(f"cannot write {format}{where}: {message}")


class UnsupportedSourceError(PyconfScheduleError, ValueError):
    """A source that cannot be read from: a URL whose scheme is not http or https (``ftp://``, ``file://``)."""


class FetchError(PyconfScheduleError, OSError):
    """A URL could not be read: TLS failure, too many redirects, a response over the size limit, ...

    ``url`` is the address asked for and ``reason`` what went wrong; the
    subclasses name the common cases.  Also an ``OSError``.  ``cached`` is
    when the copy the cache holds of the URL was last downloaded or
    confirmed (an aware UTC datetime), or ``None`` when it holds none: with
    a copy, ``offline=True`` reads it.
    """

    cached: datetime | None = None

    def __init__(self, url: str, reason: str) -> None:
        url = redact_url(url)  # a password in the URL is never shown, logged or kept
        self.url = url
        self.reason = reason
        super().__init__(f"cannot read {shorten(url, 100)!r}: {reason}")


class ConnectionFailedError(FetchError, ConnectionError):
    """The server could not be reached: its name does not resolve, or it refused or dropped the connection."""


class FetchTimeoutError(FetchError, TimeoutError):
    """The server did not answer, or did not send the whole response, within the timeout."""


class HTTPStatusError(FetchError):
    """The server answered with an error status (4xx or 5xx); ``status`` is its number.

    ``retry_after`` is the wait, in seconds, a ``Retry-After`` header asked
    for (with a 429 or 503), else None.
    """

    def __init__(self, url: str, reason: str, status: int, *, retry_after: float | None = None) -> None:
        self.status = status
        self.retry_after = retry_after
        super().__init__(url, reason)


class NotCachedError(FetchError, FileNotFoundError):
    """Reading offline, and the cache holds no copy of the URL."""


class MissingZoneError(ScheduleParseError):
    """A schedule file gives wall times without any zone; pass ``file_tz=`` the zone they are in."""


class MissingExtraError(PyconfScheduleError, ImportError):
    """An optional integration was asked for, but the library it needs is not installed; the message says which extra.

    >>> print(MissingExtraError("pyarrow", "arrow", "Arrow tables"))
    Arrow tables need pyarrow, which is not installed; install the extra: pip install 'pyconf-schedule[arrow]'
    """

    def __init__(self, library: str, extra: str, what: str) -> None:
        message = (
            f"{what} need {library}, which is not installed; install the extra: pip install 'pyconf-schedule[{extra}]'"
        )
        super().__init__(message)
        self.library = library
        self.extra = extra
