"""The one registry of schedule formats, used by the Python API and the CLI.

========== =================================== ====== =====
name       what                                write  read
========== =================================== ====== =====
json       native pyconf-schedule JSON          yes    yes
ics        iCalendar (RFC 5545)                 yes    yes
csv        one row per session                  yes    no
markdown   readable agenda (alias ``md``)       yes    no
frab-xml   frab/pentabarf schedule.xml          yes    yes
c3voc-json c3voc schedule.json (``frab-json``)  yes    yes
html       timetable page (self-contained)      yes    no
sqlite     SQLite database (a file, not text)   yes    yes
========== =================================== ====== =====

Each format is one module of this package (``native``, ``ics``, ``csv``,
``markdown``, ``frab_xml``, ``frab_json``, ``html``, ``sqlite``) with ``dumps`` and, where it can
be read back, ``loads``; modules are imported only when a format is used, so
``import pyconf_schedule`` loads none of them.

>>> from pyconf_schedule import dumps, load, loads
>>> conf = load("eu2026")
>>> loads(dumps(conf, "json"), "json") == conf
True

:data:`FormatName` is every name a format can be written as and
:data:`ReadableFormat` every name :func:`loads` and :func:`read` accept;
:func:`detect_format` returns a ReadableFormat.

Writers accept a :class:`~pyconf_schedule.Conference` or any query result
(:class:`~pyconf_schedule.Sessions`), and ``tz`` to show times in another
zone.  Writers that cannot represent every session say which ones they leave
out through :func:`omitted`.  Readers refuse inputs over
:data:`MAX_INPUT_BYTES` (50 MiB) and raise one
:class:`~pyconf_schedule.ScheduleParseError` naming the format and where
reading failed.
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Literal, cast, overload

from ..exceptions import ScheduleParseError, UnknownFormatError, UnsupportedSourceError, shorten
from ._limits import MAX_INPUT_BYTES, MAX_NESTING, RAISE_IT, check_size, input_limit, shown_limit, size_limit

if TYPE_CHECKING:
    from .._conference import Conference
    from .._sessions import Sessions

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "FormatName",
    "ReadableFormat",
    "detect_format",
    "dumps",
    "format_for_path",
    "format_names",
    "loads",
    "omitted",
    "read",
    "write",
]

FormatName = Literal["json", "ics", "csv", "markdown", "md", "frab-xml", "c3voc-json", "frab-json", "html", "sqlite"]
"""Every name a format can be written as, aliases included."""

ReadableFormat = Literal["json", "ics", "frab-xml", "c3voc-json", "frab-json", "sqlite"]
"""Every name a format can be read as, aliases included (``csv`` and ``markdown`` are write-only)."""

_MODULES: dict[str, str] = {
    "json": "native",
    "ics": "ics",
    "csv": "csv",
    "markdown": "markdown",
    "frab-xml": "frab_xml",
    "c3voc-json": "frab_json",
    "html": "html",
    "sqlite": "sqlite",
}
_ALIASES: dict[str, str] = {"md": "markdown", "frab-json": "c3voc-json"}
_WRITABLE: tuple[FormatName, ...] = ("json", "ics", "csv", "markdown", "frab-xml", "c3voc-json", "html", "sqlite")
_READABLE: tuple[ReadableFormat, ...] = ("json", "ics", "frab-xml", "c3voc-json", "sqlite")
_SUFFIXES: dict[str, FormatName] = {
    ".json": "json",
    ".ics": "ics",
    ".ical": "ics",
    ".csv": "csv",
    ".md": "markdown",
    ".markdown": "markdown",
    ".xml": "frab-xml",
    ".html": "html",
    ".htm": "html",
    ".sqlite": "sqlite",
    ".sqlite3": "sqlite",
    ".db": "sqlite",
}


@overload
def format_names(mode: Literal["write"] = "write") -> tuple[FormatName, ...]: ...
@overload
def format_names(mode: Literal["read"]) -> tuple[ReadableFormat, ...]: ...
def format_names(mode: Literal["write", "read"] = "write") -> tuple[FormatName, ...] | tuple[ReadableFormat, ...]:
    """The canonical format names: every writable one, or with ``"read"`` the readable ones.

    >>> format_names()
    ('json', 'ics', 'csv', 'markdown', 'frab-xml', 'c3voc-json', 'html', 'sqlite')
    >>> format_names("read")
    ('json', 'ics', 'frab-xml', 'c3voc-json', 'sqlite')

    Any other ``mode`` raises ValueError.
    """
    if mode == "write":
        return _WRITABLE
    if mode == "read":
        return _READABLE
    raise ValueError(f"mode must be 'write' or 'read', not {str(mode)[:60]!r}")


def _canonical(format: str, mode: Literal["write", "read"] = "write") -> str:
    key = format.strip().lower() if isinstance(format, str) else ""
    key = _ALIASES.get(key, key)
    valid: tuple[str, ...] = format_names(mode)
    if key in valid:
        return key
    names = [*valid, *(a for a, target in _ALIASES.items() if target in valid)]
    error = UnknownFormatError(str(format), names)
    if key in _MODULES:
        message = f"the {key} format can be written but not read; readable formats: {', '.join(valid)}"
    else:
        message = f"unknown format {shorten(str(format))!r}; valid formats: {', '.join(valid)}"
        aliases = [f"{a} = {t}" for a, t in _ALIASES.items() if t in valid]
        if aliases:
            message += f" (aliases: {', '.join(aliases)})"
        if error.suggestions:
            message += f"; did you mean {error.suggestions[0]!r}?"
    error.message = message
    error.args = (message,)
    raise error


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{_MODULES[name]}")


def dumps(obj: Conference | Sessions, format: FormatName, *, tz: str | None = None) -> str:
    """Write ``obj`` (a Conference or a query result) in ``format``; times shown in zone ``tz``.

    ``tz`` defaults to the zone ``obj`` is viewed in; iCalendar writes UTC
    unless ``tz`` is given.  A query result is written with its conference's
    details (``conference.select(sessions)``).  Raises UnknownFormatError,
    listing the valid names, for an unknown format.
    """
    return str(_module(_canonical(format)).dumps(obj, tz=tz))


def loads(
    data: str | bytes, format: ReadableFormat, *, tz: str | None = None, max_bytes: int | None = None
) -> Conference:
    """Read a schedule in ``format`` from text or bytes.

    ``tz`` is the zone for wall times the input gives without an offset, and
    the resulting conference's zone; offsets and UTC times in the input are
    always trusted.  Raises ScheduleParseError (format and location named)
    for malformed, unsafe or oversized input; nothing is half-loaded.
    A write-only name (``"csv"``) raises UnknownFormatError saying so.
    ``max_bytes`` raises (or lowers) the size limit, :data:`MAX_INPUT_BYTES`.
    """
    module = _module(_canonical(format, "read"))
    with size_limit(max_bytes):
        conf: Conference = module.loads(data, tz=tz)
    return conf


def omitted(obj: Conference | Sessions, format: FormatName) -> Sessions:
    """The sessions of ``obj`` that ``format`` leaves out when writing (an empty Sessions for most).

    iCalendar, frab XML and c3voc JSON need a time: they leave out every
    session without a start, both the day-only ones (day known, time not)
    and the unscheduled ones.

    >>> from pyconf_schedule import load
    >>> [s.id for s in omitted(load("eu2026"), "ics")] == [s.id for s in load("eu2026").sessions if s.start is None]
    True
    """
    module = _module(_canonical(format))
    function = getattr(module, "omitted", None)
    if function is not None:
        result: Sessions = function(obj)
        return result
    from ._common import as_conference

    return as_conference(obj).sessions[0:0]


_PYCONF_MARKER = re.compile(r'"format"\s*:\s*"pyconf-schedule"')
_C3VOC_MARKER = re.compile(r'"schedule"\s*:\s*\{')
_HTML_MARKER = re.compile(r"(?i)<!doctype\s+html[\s>]|<html[\s>]")


def detect_format(data: str | bytes) -> ReadableFormat:
    """The readable format of ``data``, told from its content.

    An SQLite database file is ``sqlite``, ``BEGIN:VCALENDAR`` is iCalendar, an XML document is frab XML, a JSON
    object with ``"format": "pyconf-schedule"`` is native JSON and one with a
    ``"schedule"`` object is c3voc JSON.  Raises ScheduleParseError otherwise,
    and for an HTML page (``<!DOCTYPE html>``), which no reader reads.
    Bytes are UTF-8 unless a byte order mark says UTF-16 or UTF-32 (the
    reader then decides whether it reads that encoding).

    >>> detect_format(b"BEGIN:VCALENDAR\\r\\nEND:VCALENDAR\\r\\n")
    'ics'
    >>> detect_format("\\ufeff<schedule/>".encode("utf-16-le"))
    'frab-xml'
    """
    if isinstance(data, bytes) and data.startswith(b"SQLite format 3\x00"):
        return "sqlite"
    head = data[:65536]
    text = head.decode(_bom_encoding(head), "replace") if isinstance(head, bytes) else head
    text = text.lstrip("\ufeff \t\r\n")
    if text[:15].upper() == "BEGIN:VCALENDAR":
        return "ics"
    if _HTML_MARKER.match(text):
        raise ScheduleParseError(
            "schedule file",
            "cannot tell the format from the content: an HTML page is not a schedule (html is written, never read); "
            "read the schedule it was made from, in one of " + ", ".join(_READABLE),
            "line 1",
        )
    if text.startswith("<"):
        return "frab-xml"
    if text.startswith("{"):
        if _PYCONF_MARKER.search(text):
            return "json"
        if _C3VOC_MARKER.search(text):
            return "c3voc-json"
    written = _write_only_format(text)
    if written:
        raise _write_only_error(written)
    raise ScheduleParseError(
        "schedule file",
        "cannot tell the format from the content; pass format= one of " + ", ".join(_READABLE),
        "line 1",
    )


def _bom_encoding(head: bytes) -> str:
    """The encoding a byte order mark at the start of ``head`` names; UTF-8 without one."""
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    return "utf-8"


def _write_only_format(text: str, suffix: str = "") -> str | None:
    """``csv``, ``markdown`` or ``html`` when ``text`` (or the file's ``suffix``) looks like a file written in that write-only format."""
    if suffix == ".csv" or text.startswith("id,title,"):
        return "csv"
    if suffix in (".md", ".markdown") or (text.startswith("# ") and "\n| Time |" in text):
        return "markdown"
    if suffix in (".html", ".htm"):
        return "html"
    return None


def _write_only_error(written: str) -> ScheduleParseError:
    """The one message, for read() and the command line, about a csv, markdown or html file given to read."""
    return ScheduleParseError(
        "schedule file",
        f"this looks like {written}, which cannot be read back (csv, markdown and html are write-only); "
        f"readable formats: {', '.join(_READABLE)}; save as json to keep a schedule you can read again",
        "line 1",
    )


def read(
    path: str | os.PathLike[str],
    *,
    format: ReadableFormat | None = None,
    tz: str | None = None,
    offline: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    timeout: float = 30.0,
    max_bytes: int | None = None,
) -> Conference:
    """Read the schedule file or ``http(s)://`` URL at ``path``; the format is detected from the content unless given.

    Files over :data:`MAX_INPUT_BYTES` are refused before they are read;
    from a pipe or device, which gives no size, at most that many bytes
    (and one more, to tell) are read.

    A URL is fetched through the on-disk cache (see
    :func:`~pyconf_schedule.fetch`): an unchanged schedule costs a ``304``;
    ``offline=True`` reads the cached copy only; ``cache_dir`` overrides the
    cache folder and ``timeout`` (seconds) bounds the wait.  Failures raise
    a :class:`~pyconf_schedule.FetchError` naming the cause; a scheme other
    than http and https (``webcal://`` is read as ``https://``) raises
    :class:`~pyconf_schedule.UnsupportedSourceError`.

    ``max_bytes`` raises (or lowers) the size limit for this read: the
    library reads whatever it writes when the limit is at least its size.
    """
    with size_limit(max_bytes):
        return _read(path, format, tz, offline, cache_dir, timeout)


def _read(
    path: str | os.PathLike[str],
    format: ReadableFormat | None,
    tz: str | None,
    offline: bool,
    cache_dir: str | os.PathLike[str] | None,
    timeout: float,
) -> Conference:
    url = _url(path)
    if url is not None:
        from .._fetch import fetch

        data = fetch(url, cache_dir=cache_dir, offline=offline, timeout=timeout).data
        if not data.strip():
            raise ScheduleParseError(format or "schedule", f"{shorten(url, 100)!r} served an empty document")
    else:
        file = Path(path)
        what = format or "schedule file"
        check_size(file.stat().st_size, what)
        limit = input_limit()
        with file.open("rb") as stream:
            data = stream.read(limit + 1)
        if len(data) > limit:
            raise ScheduleParseError(what, f"the input is over the limit of {shown_limit(limit)}; {RAISE_IT}")
    if format is not None:
        name = cast("ReadableFormat", _canonical(format, "read"))
    else:
        try:
            name = detect_format(data)
        except ScheduleParseError as exc:
            written = _write_only_format("", Path(path).suffix.lower()) if url is None else None
            if written and exc.reason.startswith("cannot tell the format"):
                raise _write_only_error(written) from None
            raise
    return loads(data, name, tz=tz)


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_URL_PATH = re.compile(r"(?i)(https?|ftps?|file|webcal):/")  # a URL that went through Path() keeps one slash


def _url(path: str | os.PathLike[str]) -> str | None:
    """The http(s) URL ``path`` is, None for a file path; UnsupportedSourceError for another scheme."""
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
        f"cannot read {shorten(text)!r}: only http:// and https:// URLs can be read; "
        "for another source, download the file and give its path"
    )


def format_for_path(path: str | os.PathLike[str]) -> FormatName:
    """The format :func:`write` infers from a file name's suffix (case ignored).

    A name without a suffix, or with one no format uses, raises
    :class:`~pyconf_schedule.UnknownFormatError` saying so and listing the suffixes.

    >>> format_for_path("talks.ICS")
    'ics'
    """
    file = Path(path)
    suffix = file.suffix.lower()
    if suffix in _SUFFIXES:
        return _SUFFIXES[suffix]
    known = ", ".join(_SUFFIXES)
    error = UnknownFormatError(suffix or file.name, list(_SUFFIXES))
    if suffix:
        message = f"the suffix {shorten(suffix)!r} of {shorten(file.name)!r} names no format; use one of {known}, or give the format"
    else:
        message = f"the file name {shorten(file.name)!r} has no suffix to tell the format; use one of {known}, or give the format"
    error.message = message
    error.args = (message,)
    raise error


def write(
    obj: Conference | Sessions, path: str | os.PathLike[str], format: FormatName | None = None, *, tz: str | None = None
) -> None:
    """Write ``obj`` to ``path`` as UTF-8 (line endings as the format writes them).

    Without ``format`` the file's suffix decides (case ignored): ``.json``
    (native JSON), ``.ics`` or ``.ical``, ``.csv``, ``.md`` or
    ``.markdown``, ``.xml`` (frab XML), ``.html`` or ``.htm``, ``.sqlite``,
    ``.sqlite3`` or ``.db`` (SQLite: the conference is added to the
    database, replacing one of the same id).
    """
    file = Path(path)
    name = format_for_path(file) if format is None else format
    if _canonical(name) == "sqlite":  # a database file, not text
        from . import sqlite

        sqlite.write(obj, file, tz=tz)
        return
    file.write_bytes(dumps(obj, name, tz=tz).encode("utf-8"))
