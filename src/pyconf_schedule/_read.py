"""Reading a schedule from a file path or an ``http(s)://`` URL: :func:`read`.

A feature above the formats: a URL is fetched through the fetch layer (its
cache, limits and errors), and the bytes go to the format registry, which
detects the format and reads it; a path goes to :func:`formats.read
<pyconf_schedule.formats.read>`, which reads files only.  No format module
fetches anything.

>>> from pyconf_schedule import read
>>> read("ftp://example.org/talks.ics")
Traceback (most recent call last):
  ...
pyconf_schedule.exceptions.UnsupportedSourceError: cannot read 'ftp://example.org/talks.ics': only http:// and https:// URLs can be read; for another source, download the file and give its path
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from ._text import redact_url, shorten
from .exceptions import ScheduleParseError, UnsupportedSourceError

if TYPE_CHECKING:
    from ._conference import Conference
    from .formats import ReadableFormat

__all__ = ["read", "source_url"]


def read(
    path: str | os.PathLike[str],
    *,
    format: ReadableFormat | None = None,
    file_tz: str | None = None,
    offline: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    timeout: float = 30.0,
    max_bytes: int | None = None,
    conference: str | None = None,
) -> Conference:
    """Read the schedule file or ``http(s)://`` URL at ``path``; the format is detected from the content unless given.

    ``file_tz`` is the zone for wall times the schedule gives without an
    offset, and the resulting conference's zone; offsets and UTC times in
    it are always trusted (see :func:`~pyconf_schedule.loads`).

    Files over their format's limit (:func:`~pyconf_schedule.formats.default_max_bytes`) are refused
    before they are read; from a pipe or device, which gives no size, at
    most :data:`~pyconf_schedule.formats.MAX_INPUT_BYTES` (the largest limit)
    bytes, and one more to tell, are read.

    A URL is fetched through the on-disk cache (see
    :func:`~pyconf_schedule.fetch`): an unchanged schedule costs a ``304``;
    ``offline=True`` reads the cached copy only; ``cache_dir`` overrides the
    cache folder and ``timeout`` (seconds) bounds the wait.  Failures raise
    a :class:`~pyconf_schedule.FetchError` naming the cause; a scheme other
    than http and https (``webcal://`` is read as ``https://``) raises
    :class:`~pyconf_schedule.UnsupportedSourceError`.

    ``max_bytes`` raises (or lowers) the size limit for this read: the
    library reads whatever it writes when the limit is at least its size.

    ``conference`` is the id of the conference to read from a source that
    holds several (an SQLite database, which is otherwise refused with the
    ids it holds); a source holding one conference of another id is refused.

    A pretalx event's API URL (``https://<host>/api/events/<slug>/``) is
    read as the event and its latest released schedule, several requests
    through the same cache (:func:`pyconf_schedule.read_pretalx`, which also
    takes a token and a language); a Sessionize or Sched URL is read as the
    format its shape names (:func:`~pyconf_schedule.formats.format_for_url`).
    """
    from . import formats

    url = source_url(path)
    if url is None:
        return formats.read(path, format=format, file_tz=file_tz, max_bytes=max_bytes, conference=conference)
    from ._limits import size_limit

    with size_limit(max_bytes):
        if format in (None, "pretalx-api"):
            from .formats.pretalx_api import event_url

            if event_url(url) is not None:  # an event of pretalx's API: several documents
                from ._platforms import read_pretalx

                event = read_pretalx(url, file_tz=file_tz, offline=offline, cache_dir=cache_dir, timeout=timeout)
                return formats.chosen(event, conference, "pretalx-api")
        from ._fetch import fetch

        data = fetch(url, cache_dir=cache_dir, offline=offline, timeout=timeout).data
        if not data.strip():
            raise ScheduleParseError(format or "schedule", f"{shorten(url, 100)!r} served an empty document")
        name = format or formats.format_for_url(url) or formats.detect_format(data)
        return formats.loads(data, name, file_tz=file_tz, conference=conference)


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_URL_PATH = re.compile(r"(?i)(https?|ftps?|file|webcal):/")  # a URL that went through Path() keeps one slash


def source_url(path: str | os.PathLike[str]) -> str | None:
    """The http(s) URL ``path`` is, None for a file path; UnsupportedSourceError for another scheme.

    >>> source_url("webcal://example.org/talks.ics"), source_url("talks.ics")
    ('https://example.org/talks.ics', None)
    """
    text = path if isinstance(path, str) else os.fspath(path)
    if not isinstance(text, str):
        return None
    if not isinstance(path, str) and _URL_PATH.match(text):
        raise UnsupportedSourceError(
            f"cannot read {shorten(text)!r}: this path looks like a URL that went through Path(), "
            "which drops a slash; give the URL as a str"
        )
    if not _URL.match(text):
        return None
    scheme = text.split(":", 1)[0].lower()
    if scheme in ("http", "https"):
        return text
    if scheme == "webcal":  # a calendar subscription link: the same address over https
        return "https" + text[len(scheme) :]
    raise UnsupportedSourceError(
        f"cannot read {shorten(redact_url(text))!r}: only http:// and https:// URLs can be read; "
        "for another source, download the file and give its path"
    )
