"""The one registry of schedule formats, used by the Python API and the CLI.

Each format is one module of this package and one :class:`Format` record in
:data:`FORMATS`; every table the library and the command line use (names,
aliases, suffixes, what can be read and written, content detection, the
names error messages list) is computed from the records.  Adding a format is
one module and one record: ``docs/how-to/add-a-format.md``.

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
sessionize Sessionize API views (JSON)          no     yes
sched      Sched all.ics and session JSON       no     yes
pretalx-api pretalx REST API (event, schedule)  no     yes
indico     Indico event export                  no     yes
========== =================================== ====== =====

Modules are imported only when a format is used, so ``import
pyconf_schedule`` loads none of them.

>>> from pyconf_schedule import dumps, load, loads
>>> conf = load("eu2026")
>>> loads(dumps(conf, "json"), "json") == conf
True

:data:`FormatName` is every name a format can be written as,
:data:`TextFormat` every one :func:`dumps` writes as text (not ``sqlite``, a
database file written by :func:`write`) and :data:`ReadableFormat` every
name :func:`loads` and :func:`read` accept; :func:`detect_format` returns a
ReadableFormat.  A test checks these ``Literal`` names against the records.

Writers accept a :class:`~pyconf_schedule.Conference` or any query result
(:class:`~pyconf_schedule.Sessions`), and ``tz`` to show times in another
zone.  Writers that cannot represent every session say which ones they leave
out through :func:`omitted`.  Readers refuse inputs over
their format's ``max_bytes`` (:func:`default_max_bytes`; 4 to 32 MiB) and raise one
:class:`~pyconf_schedule.ScheduleParseError` naming the format and where
reading failed.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, BinaryIO, Literal, cast, overload

import attrs

from .._limits import (
    MAX_INPUT_BYTES,
    MAX_NESTING,
    RAISE_IT,
    check_size,
    default_limit,
    input_limit,
    over_limit_text,
    read_at_most,
    size_limit,
)
from .._progress import active, report
from .._text import redact_url, shorten
from ..exceptions import InvalidArgumentError, ScheduleParseError, UnknownFormatError, UnsupportedSourceError
from ._detect import (
    bom_encoding,
    is_c3voc_json,
    is_csv,
    is_html,
    is_icalendar,
    is_indico,
    is_llms,
    is_markdown,
    is_native_json,
    is_parquet,
    is_pretalx_api,
    is_sched,
    is_sessionize,
    is_sqlite,
    is_xml,
)

if TYPE_CHECKING:
    from .._conference import Conference
    from .._sessions import Sessions

__all__ = [
    "FORMATS",
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "Format",
    "FormatName",
    "ReadableFormat",
    "TextFormat",
    "detect_format",
    "dumps",
    "format_for_path",
    "format_for_url",
    "default_max_bytes",
    "format_names",
    "get_format",
    "loads",
    "omitted",
    "read",
    "unwritten_links",
    "write",
]


@attrs.frozen(kw_only=True)
class Format:
    """One schedule format: the record every registry table is computed from.

    ``name`` is the canonical name and ``aliases`` other names accepted for
    it (case is ignored for both); ``module`` the module of this package
    that implements it (``loads`` when ``readable``, ``dumps`` when
    ``writable``, ``write(obj, path, *, tz)`` too when ``binary``, and an
    optional ``omitted`` and ``unwritten_links``).  ``suffixes`` are the file suffixes files of the
    format carry, lower case with the dot; where formats share one,
    :func:`write` infers the first record's.  ``binary`` means a file, not
    text: :func:`dumps` refuses it and :func:`write` calls the module's
    ``write``.  ``description`` is the one line help and docs show.

    ``max_bytes`` is the reader's default size limit: :func:`loads` and
    :func:`read` refuse a larger input unless the caller gives
    ``max_bytes=`` (the command line's ``--max-bytes``).  Each is set so that
    the costliest input of that size the reader is known to admit takes
    about 10 s and 1 GiB at most (docs/reference/formats.md, "What the limit
    admits"); :data:`MAX_INPUT_BYTES` is the largest of them.

    ``detect`` tells the format from the start of a document: it gets up to
    64 KiB of text (decoded, leading byte order mark and white space
    removed; for a ``binary`` format, only from bytes) and answers whether
    the document is of this format.  It must be cheap and must not import
    the module.  :func:`detect_format` tries the records in order, except
    that a record whose ``refines`` names another format (a dialect, such
    as one platform's iCalendar feed) is tried before that format.  A
    write-only format's ``detect`` recognises a file it wrote, so reading
    one can say it cannot be read back.

    >>> get_format("md").name, get_format("md").suffixes
    ('markdown', ('.md', '.markdown'))
    >>> get_format("sqlite").binary
    True
    """

    name: str
    module: str
    description: str
    readable: bool
    writable: bool = True
    binary: bool = False
    aliases: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    detect: Callable[[str], bool] | None = attrs.field(default=None, eq=False, repr=False)
    refines: str | None = None
    max_bytes: int = MAX_INPUT_BYTES


_MIB = 1 << 20

FORMATS: tuple[Format, ...] = (
    Format(name="json", module="native", description="native pyconf-schedule JSON (lossless)", readable=True,
           suffixes=(".json",), detect=is_native_json,
           max_bytes=16 * _MIB),
    Format(name="ics", module="ics", description="iCalendar (RFC 5545)", readable=True,
           suffixes=(".ics", ".ical"), detect=is_icalendar,
           max_bytes=8 * _MIB),
    Format(name="csv", module="csv", description="one row per session", readable=False,
           suffixes=(".csv",), detect=is_csv),
    Format(name="markdown", module="markdown", description="readable agenda", readable=False, aliases=("md",),
           suffixes=(".md", ".markdown"), detect=is_markdown),
    Format(name="frab-xml", module="frab_xml", description="frab/pentabarf schedule.xml", readable=True,
           suffixes=(".xml",), detect=is_xml,
           max_bytes=8 * _MIB),
    Format(name="c3voc-json", module="frab_json", description="c3voc schedule.json", readable=True,
           aliases=("frab-json",), suffixes=(".json",), detect=is_c3voc_json,
           max_bytes=6 * _MIB),
    Format(name="html", module="html", description="timetable page (self-contained)", readable=False,
           suffixes=(".html", ".htm"), detect=is_html),
    Format(name="sqlite", module="sqlite", description="SQLite database (a file, not text)", readable=True,
           binary=True, suffixes=(".sqlite", ".sqlite3", ".db"), detect=is_sqlite,
           max_bytes=32 * _MIB),
    Format(name="llms", module="llms", description="plain-text digest for language models", readable=False,
           detect=is_llms),
    Format(name="parquet", module="parquet", description="Parquet tables in a folder (the arrow extra)",
           readable=False, binary=True, detect=is_parquet),
    Format(name="sessionize", module="sessionize", description="Sessionize API views (All, Sessions, GridSmart)",
           readable=True, writable=False, suffixes=(".json",), detect=is_sessionize,
           max_bytes=6 * _MIB),
    Format(name="sched", module="sched", description="Sched all.ics feed and session/export JSON", readable=True,
           writable=False, suffixes=(".ics", ".json"), detect=is_sched, refines="ics",
           max_bytes=4 * _MIB),
    Format(name="pretalx-api", module="pretalx_api", description="pretalx REST API: an event and its schedule",
           readable=True, writable=False, suffixes=(".json",), detect=is_pretalx_api,
           max_bytes=6 * _MIB),
    Format(name="indico", module="indico", description="Indico export of an event (/export/event/<id>.json)",
           readable=True, writable=False, suffixes=(".json",), detect=is_indico,
           max_bytes=4 * _MIB),
)  # fmt: skip
"""Every format, one record each, in the order names are listed (and, but for dialects, detection is tried)."""

FormatName = Literal[
    "json", "ics", "csv", "markdown", "md", "frab-xml", "c3voc-json", "frab-json", "html", "sqlite", "llms", "parquet"
]
"""Every name a format can be written as, aliases included."""

TextFormat = Literal["json", "ics", "csv", "markdown", "md", "frab-xml", "c3voc-json", "frab-json", "html", "llms"]
"""Every name :func:`dumps` writes as text, aliases included (``sqlite`` is a database file: :func:`write`)."""

ReadableFormat = Literal[
    "json", "ics", "frab-xml", "c3voc-json", "frab-json", "sqlite", "sessionize", "sched", "pretalx-api", "indico"
]
"""Every name a format can be read as, aliases included (``csv``, ``markdown`` and ``html`` are write-only)."""

_BY_NAME: dict[str, Format] = {key: f for f in FORMATS for key in (f.name, *f.aliases)}
_WRITABLE = tuple(f.name for f in FORMATS if f.writable)
_TEXT = tuple(f.name for f in FORMATS if f.writable and not f.binary)
_READABLE = tuple(f.name for f in FORMATS if f.readable)
_SUFFIXES: dict[str, Format] = {}
"""Each suffix a writable format's files carry, to the first such record that names it: what :func:`write` infers."""
for _record in FORMATS:
    for _suffix in _record.suffixes if _record.writable else ():
        _SUFFIXES.setdefault(_suffix, _record)


def detection_order(formats: tuple[Format, ...]) -> tuple[Format, ...]:
    """The records in the order :func:`detect_format` tries them: record order, each format's dialects just before it."""
    dialects: dict[str, list[Format]] = {}
    for record in formats:
        if record.refines is not None:
            dialects.setdefault(record.refines, []).append(record)
    return tuple(f for base in formats if base.refines is None for f in (*dialects.get(base.name, ()), base))


_DETECTION = detection_order(FORMATS)


def get_format(name: str, mode: Literal["any", "write", "read"] = "any") -> Format:
    """The record of the format ``name`` (canonical or alias, case ignored).

    >>> get_format("FRAB-JSON").name
    'c3voc-json'

    An unknown name raises UnknownFormatError listing the valid names; with
    ``mode`` ``"write"`` or ``"read"`` only those formats are valid (the
    command line's ``--to`` asks for one it can write).
    """
    return _BY_NAME[_canonical(name, mode)]


Mode = Literal["write", "read", "text"]


@overload
def format_names(mode: Literal["write"] = "write") -> tuple[FormatName, ...]: ...
@overload
def format_names(mode: Literal["read"]) -> tuple[ReadableFormat, ...]: ...
@overload
def format_names(mode: Literal["text"]) -> tuple[TextFormat, ...]: ...
def format_names(
    mode: Mode = "write",
) -> tuple[FormatName, ...] | tuple[ReadableFormat, ...] | tuple[TextFormat, ...]:
    """The canonical format names: every writable one; with ``"read"`` the readable ones; with ``"text"`` those :func:`dumps` writes.

    >>> format_names()
    ('json', 'ics', 'csv', 'markdown', 'frab-xml', 'c3voc-json', 'html', 'sqlite', 'llms', 'parquet')
    >>> format_names("read")
    ('json', 'ics', 'frab-xml', 'c3voc-json', 'sqlite', 'sessionize', 'sched', 'pretalx-api', 'indico')
    >>> format_names("text")[-1]
    'llms'

    Any other ``mode`` raises ValueError.
    """
    if mode == "write":
        return cast("tuple[FormatName, ...]", _WRITABLE)
    if mode == "read":
        return cast("tuple[ReadableFormat, ...]", _READABLE)
    if mode == "text":
        return cast("tuple[TextFormat, ...]", _TEXT)
    raise ValueError(f"mode must be 'write', 'read' or 'text', not {str(mode)[:60]!r}")


def aliases_text(valid: tuple[str, ...]) -> str:
    """``md = markdown, frab-json = c3voc-json``: the aliases of the formats in ``valid``, for messages and help."""
    return ", ".join(f"{alias} = {f.name}" for f in FORMATS if f.name in valid for alias in f.aliases)


def _canonical(format: str, mode: Literal["write", "read", "any"] = "write") -> str:
    key = format.strip().lower() if isinstance(format, str) else ""
    record = _BY_NAME.get(key)
    valid: tuple[str, ...] = tuple(f.name for f in FORMATS) if mode == "any" else format_names(mode)
    if record is not None and record.name in valid:
        return record.name
    names = [*valid, *(a for f in FORMATS if f.name in valid for a in f.aliases)]
    error = UnknownFormatError(str(format), names)
    if record is not None and mode == "read":
        message = f"the {record.name} format can be written but not read; readable formats: {', '.join(valid)}"
    elif record is not None:
        message = f"the {record.name} format can be read but not written; writable formats: {', '.join(valid)}"
    else:
        message = f"unknown format {shorten(str(format))!r}; valid formats: {', '.join(valid)}"
        aliases = aliases_text(valid)
        if aliases:
            message += f" (aliases: {aliases})"
        if error.suggestions:
            message += f"; did you mean {error.suggestions[0]!r}?"
    error.message = message
    error.args = (message,)
    raise error


def default_max_bytes(format: ReadableFormat) -> int:
    """The default size limit, in bytes, of reading ``format`` (its record's ``max_bytes``).

    >>> default_max_bytes("ics") == get_format("ics").max_bytes
    True
    """
    return _BY_NAME[_canonical(format, "read")].max_bytes


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{_BY_NAME[name].module}")


def dumps(obj: Conference | Sessions, format: TextFormat, *, tz: str | None = None, zones: Sequence[str] = ()) -> str:
    """Write ``obj`` (a Conference or a query result) in ``format``; times shown in zone ``tz``.

    ``tz`` defaults to the zone ``obj`` is viewed in; iCalendar writes UTC
    unless ``tz`` is given.  A query result is written with its conference's
    details (``conference.select(sessions)``).  Raises UnknownFormatError,
    listing the valid names, for an unknown format.

    ``zones`` (IANA names) are offered by the time-zone switch of the
    ``html`` page, beside the page's zone and the viewer's own; an unknown
    name raises UnknownZoneError, and ``zones`` with another format raises
    InvalidArgumentError (no other format shows a choice of zones).

    >>> from pyconf_schedule import load
    >>> page = dumps(load("eu2026"), "html", zones=["Asia/Tokyo"])
    >>> '<option value="Asia/Tokyo">Asia/Tokyo</option>' in page
    True
    """
    canonical = _canonical(format)
    if canonical == "html":
        return str(_module(canonical).dumps(obj, tz=tz, zones=zones))
    _no_zones(canonical, zones)
    return str(_module(canonical).dumps(obj, tz=tz))


def _no_zones(format: str, zones: Sequence[str]) -> None:
    if zones:
        raise InvalidArgumentError(
            f"zones= names the zones the html page's time-zone switch offers; the {format} format has no such"
            " switch (write it with tz= for one zone)"
        )


def loads(
    data: str | bytes,
    format: ReadableFormat,
    *,
    file_tz: str | None = None,
    max_bytes: int | None = None,
    conference: str | None = None,
) -> Conference:
    """Read a schedule in ``format`` from text or bytes.

    ``file_tz`` is the zone for wall times the input gives without an offset, and
    the resulting conference's zone; offsets and UTC times in the input are
    always trusted.  Raises ScheduleParseError (format and location named)
    for malformed, unsafe or oversized input; nothing is half-loaded.
    A write-only name (``"csv"``) raises UnknownFormatError saying so.
    ``max_bytes`` raises (or lowers) the size limit, by default the format's
    (its record's ``max_bytes``; :func:`default_max_bytes`).
    ``conference`` is the id of the conference to read from an input that
    holds several (an SQLite database); an input holding one conference of
    another id is refused, naming the one it holds.
    """
    canonical = _canonical(format, "read")
    module = _module(canonical)
    with default_limit(_BY_NAME[canonical].max_bytes), size_limit(max_bytes):
        if canonical == "sqlite":
            conf: Conference = module.loads(data, file_tz=file_tz, conference=conference)
            return conf
        conf = module.loads(data, file_tz=file_tz)
    return chosen(conf, conference, canonical)


def chosen(conf: Conference, conference: str | None, format: str) -> Conference:
    """``conf`` when ``conference`` is None or its id; else ScheduleParseError naming the conference it is.

    For inputs that hold one conference, so that ``conference=`` means the
    same for every format: the conference of that id, or an error listing
    the ones there are.
    """
    if conference is None or conf.id == conference:
        return conf
    raise ScheduleParseError(format, f"no conference {shorten(conference)!r} here; it holds one: {conf.id}")


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


def unwritten_links(obj: Conference | Sessions, format: FormatName) -> tuple[tuple[str, str], ...]:
    """(session id, link) for each link of a written session that ``format`` cannot hold, so leaves out.

    frab XML and c3voc JSON hold only absolute http(s) URLs: a relative
    attachment path a c3voc file gives (``/system/event_attachments/...``)
    is left out rather than guessed into an address.  Empty for the others.

    >>> from datetime import datetime, timezone
    >>> from pyconf_schedule import Conference, Session
    >>> talk = Session(id="a", title="A", start=datetime(2026, 4, 7, 9, tzinfo=timezone.utc), slides=("/files/a.pdf",))
    >>> unwritten_links(Conference(id="c", name="C", timezone="UTC", sessions=[talk]), "frab-xml")
    (('a', '/files/a.pdf'),)
    """
    module = _module(_canonical(format))
    function = getattr(module, "unwritten_links", None)
    if function is None:
        return ()
    result: tuple[tuple[str, str], ...] = function(obj)
    return result


def detect_format(data: str | bytes) -> ReadableFormat:
    """The readable format of ``data``, told from its content by the records' ``detect`` hooks.

    An SQLite database file is ``sqlite``, ``BEGIN:VCALENDAR`` is iCalendar, an XML document is frab XML, a JSON
    object with ``"format": "pyconf-schedule"`` is native JSON, one with a
    ``"schedule"`` object c3voc JSON (unless it is a pretalx bundle,
    ``"format": "pretalx-api-bundle"``), one with ``"_type":
    "HTTPAPIResult"`` an Indico export, and one with a ``"slots"`` or
    ``"results"`` list of pretalx slots (``"submission"`` objects or
    ``null``) a pretalx schedule or slots page.  Raises ScheduleParseError otherwise,
    and for an HTML page (``<!DOCTYPE html>``), which no reader reads.
    Bytes are UTF-8 unless a byte order mark says UTF-16 or UTF-32 (the
    reader then decides whether it reads that encoding).

    >>> detect_format(b"BEGIN:VCALENDAR\\r\\nEND:VCALENDAR\\r\\n")
    'ics'
    >>> detect_format("\\ufeff<schedule/>".encode("utf-16-le"))
    'frab-xml'
    """
    head = data[:65536]
    text = head.decode(bom_encoding(head), "replace") if isinstance(head, bytes) else head
    stripped = text.lstrip("\ufeff \t\r\n")
    for record in _DETECTION:
        if record.detect is None:
            continue
        if record.binary:
            if not (isinstance(head, bytes) and record.detect(text)):  # a database is detected from its bytes only
                continue
        elif not record.detect(stripped):
            continue
        if record.readable:
            return cast("ReadableFormat", record.name)
        if record.name == "html":
            raise ScheduleParseError(
                "schedule file",
                "cannot tell the format from the content: an HTML page is not a schedule (html is written, never read); "
                "read the schedule it was made from, in one of " + ", ".join(_READABLE),
                "line 1",
            )
        raise write_only_error(record.name)
    raise ScheduleParseError(
        "schedule file",
        "cannot tell the format from the content; pass format= one of " + ", ".join(_READABLE),
        "line 1",
    )


def _write_only_suffix(suffix: str) -> str | None:
    """The write-only format a file's ``suffix`` names (``.csv``: csv), None for another suffix."""
    record = _SUFFIXES.get(suffix)
    return record.name if record is not None and not record.readable else None


def write_only_error(written: str) -> ScheduleParseError:
    """The one message, for read() and the command line, about a csv, markdown or html file given to read."""
    write_only = [f.name for f in FORMATS if f.writable and not f.readable]
    listed = ", ".join(write_only[:-1]) + f" and {write_only[-1]}" if len(write_only) > 1 else write_only[0]
    return ScheduleParseError(
        "schedule file",
        f"this looks like {written}, which cannot be read back ({listed} are write-only); "
        f"readable formats: {', '.join(_READABLE)}; save as json to keep a schedule you can read again",
        "line 1",
    )


def read(
    path: str | os.PathLike[str],
    *,
    format: ReadableFormat | None = None,
    file_tz: str | None = None,
    max_bytes: int | None = None,
    conference: str | None = None,
) -> Conference:
    """Read the schedule file at ``path``; the format is detected from the content unless given.

    ``file_tz`` is the zone for wall times the file gives without an offset
    (see :func:`loads`).  ``conference`` is the id of the conference to read
    from a file that holds several (an SQLite database: without it, such a
    file is refused with the ids it holds; see :func:`sqlite.conference_ids
    <pyconf_schedule.formats.sqlite.conference_ids>`).  Files over the format's limit are refused
    before they are read; from a pipe or device, which gives no size, at
    most that many bytes (and one more, to tell) are read.  ``max_bytes``
    raises (or lowers) the size limit for this read: the library reads
    whatever it writes when the limit is at least its size.

    This reads files only: :func:`pyconf_schedule.read` also reads
    ``http(s)://`` URLs (through the fetch layer), and a URL given here
    raises :class:`~pyconf_schedule.UnsupportedSourceError` saying so.
    """
    text = os.fspath(path)
    if isinstance(text, str) and (_URL.match(text) or (not isinstance(path, str) and _URL_PATH.match(text))):
        raise UnsupportedSourceError(
            f"cannot read {shorten(redact_url(text))!r}: formats.read reads files; read a URL with pyconf_schedule.read"
        )
    given = cast("ReadableFormat", _canonical(format, "read")) if format is not None else None
    # A file of a format still to be detected is read up to the largest default, then held to its format's.
    with default_limit(_BY_NAME[given].max_bytes if given is not None else MAX_INPUT_BYTES), size_limit(max_bytes):
        file = Path(path)
        what = format or "schedule file"
        check_size(file.stat().st_size, what)
        limit = input_limit()
        with file.open("rb") as stream:
            data = _read_told(stream, limit + 1, file.stat().st_size) if active() else read_at_most(stream, limit + 1)
        if len(data) > limit:
            raise ScheduleParseError(what, f"the input is over {over_limit_text(limit)}; {RAISE_IT}")
        if given is not None:
            name = given
        else:
            try:
                name = detect_format(data)
            except ScheduleParseError as exc:
                written = _write_only_suffix(file.suffix.lower())
                if written and exc.reason.startswith("cannot tell the format"):
                    raise write_only_error(written) from None
                raise
        if name == "sqlite":  # a database file may have a -wal file beside it holding committed changes
            from . import sqlite

            with default_limit(_BY_NAME["sqlite"].max_bytes):
                return sqlite.read_image(path, data, file_tz=file_tz, conference=conference)
        return loads(data, name, file_tz=file_tz, conference=conference)


def _read_told(stream: BinaryIO, most: int, size: int) -> bytes:
    """At most ``most`` bytes of ``stream``, read a MiB at a time with each step reported as progress ("read")."""
    chunks: list[bytes] = []
    done = 0
    total = size or None  # a pipe or device gives no size
    while done < most:
        chunk = stream.read(min(1 << 20, most - done))
        if not chunk:
            break
        chunks.append(chunk)
        done += len(chunk)
        report("read", done, total)
    return b"".join(chunks)


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_URL_PATH = re.compile(r"(?i)(https?|ftps?|file|webcal):/")  # a URL that went through Path() keeps one slash


_PLATFORM_URLS: tuple[tuple[re.Pattern[str], ReadableFormat], ...] = (
    (
        re.compile(
            r"(?i)^https?://sessionize\.com/api/v2/[A-Za-z0-9]+/view/(All|Sessions|GridSmart|Speakers)/?(?:[?#].*)?$"
        ),
        "sessionize",
    ),
    (
        re.compile(r"(?i)^https?://[A-Za-z0-9-]+\.sched\.com/(all\.ics|api/session/(list|export))/?(?:[?#].*)?$"),
        "sched",
    ),
)


def format_for_url(url: str) -> ReadableFormat | None:
    """The platform format a URL's shape names, where it is unambiguous; None for any other URL.

    ``https://sessionize.com/api/v2/<id>/view/All`` (or ``Sessions``,
    ``GridSmart``, ``Speakers``) is ``sessionize``;
    ``https://<event>.sched.com/all.ics`` and ``.../api/session/list`` or
    ``/export`` are ``sched``.  :func:`read` uses it before looking at the content.

    >>> format_for_url("https://sessionize.com/api/v2/jl4ktls0/view/GridSmart"), format_for_url("https://example.org/all.ics")
    ('sessionize', None)
    """
    for pattern, name in _PLATFORM_URLS:
        if pattern.match(url):
            return name
    return None


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
        return cast("FormatName", _SUFFIXES[suffix].name)
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
    obj: Conference | Sessions,
    path: str | os.PathLike[str],
    format: FormatName | None = None,
    *,
    tz: str | None = None,
    zones: Sequence[str] = (),
) -> None:
    """Write ``obj`` to ``path`` as UTF-8 (line endings as the format writes them).

    Without ``format`` the file's suffix decides (case ignored): ``.json``
    (native JSON), ``.ics`` or ``.ical``, ``.csv``, ``.md`` or
    ``.markdown``, ``.xml`` (frab XML), ``.html`` or ``.htm``, ``.sqlite``,
    ``.sqlite3`` or ``.db`` (SQLite: the conference is added to the
    database, replacing one of the same id).  ``zones`` are the extra zones
    of the html page's time-zone switch, as for :func:`dumps`; the zones
    are checked before anything is written.
    """
    file = Path(path)
    name = format_for_path(file) if format is None else format
    canonical = _canonical(name)
    if _BY_NAME[canonical].binary:  # a database file, not text: the module writes the file itself
        _no_zones(canonical, zones)
        _module(canonical).write(obj, file, tz=tz)
        return
    file.write_bytes(dumps(obj, cast("TextFormat", canonical), tz=tz, zones=zones).encode("utf-8"))
