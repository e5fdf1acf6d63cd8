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
========== =================================== ====== =====

Each format is one module of this package (``native``, ``ics``, ``csv``,
``markdown``, ``frab_xml``, ``frab_json``) with ``dumps`` and, where it can
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
from ._limits import MAX_INPUT_BYTES, MAX_NESTING, check_size

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
    "format_names",
    "loads",
    "omitted",
    "read",
    "write",
]

FormatName = Literal["json", "ics", "csv", "markdown", "md", "frab-xml", "c3voc-json", "frab-json"]
"""Every name a format can be written as, aliases included."""

ReadableFormat = Literal["json", "ics", "frab-xml", "c3voc-json", "frab-json"]
"""Every name a format can be read as, aliases included (``csv`` and ``markdown`` are write-only)."""

_MODULES: dict[str, str] = {
    "json": "native",
    "ics": "ics",
    "csv": "csv",
    "markdown": "markdown",
    "frab-xml": "frab_xml",
    "c3voc-json": "frab_json",
}
_ALIASES: dict[str, str] = {"md": "markdown", "frab-json": "c3voc-json"}
_WRITABLE: tuple[FormatName, ...] = ("json", "ics", "csv", "markdown", "frab-xml", "c3voc-json")
_READABLE: tuple[ReadableFormat, ...] = ("json", "ics", "frab-xml", "c3voc-json")
_SUFFIXES: dict[str, FormatName] = {
    ".json": "json",
    ".ics": "ics",
    ".ical": "ics",
    ".csv": "csv",
    ".md": "markdown",
    ".markdown": "markdown",
    ".xml": "frab-xml",
}


@overload
def format_names(mode: Literal["write"] = "write") -> tuple[FormatName, ...]: ...
@overload
def format_names(mode: Literal["read"]) -> tuple[ReadableFormat, ...]: ...
def format_names(mode: Literal["write", "read"] = "write") -> tuple[FormatName, ...] | tuple[ReadableFormat, ...]:
    """The canonical format names: every writable one, or with ``"read"`` the readable ones.

    >>> format_names()
    ('json', 'ics', 'csv', 'markdown', 'frab-xml', 'c3voc-json')
    >>> format_names("read")
    ('json', 'ics', 'frab-xml', 'c3voc-json')

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


def loads(data: str | bytes, format: ReadableFormat, *, tz: str | None = None) -> Conference:
    """Read a schedule in ``format`` from text or bytes.

    ``tz`` is the zone for wall times the input gives without an offset, and
    the resulting conference's zone; offsets and UTC times in the input are
    always trusted.  Raises ScheduleParseError (format and location named)
    for malformed, unsafe or oversized input; nothing is half-loaded.
    A write-only name (``"csv"``) raises UnknownFormatError saying so.
    """
    conf: Conference = _module(_canonical(format, "read")).loads(data, tz=tz)
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


def detect_format(data: str | bytes) -> ReadableFormat:
    """The readable format of ``data``, told from its content.

    ``BEGIN:VCALENDAR`` is iCalendar, an XML document is frab XML, a JSON
    object with ``"format": "pyconf-schedule"`` is native JSON and one with a
    ``"schedule"`` object is c3voc JSON.  Raises ScheduleParseError otherwise.
    Bytes are UTF-8 unless a byte order mark says UTF-16 or UTF-32 (the
    reader then decides whether it reads that encoding).

    >>> detect_format(b"BEGIN:VCALENDAR\\r\\nEND:VCALENDAR\\r\\n")
    'ics'
    >>> detect_format("\\ufeff<schedule/>".encode("utf-16-le"))
    'frab-xml'
    """
    head = data[:65536]
    text = head.decode(_bom_encoding(head), "replace") if isinstance(head, bytes) else head
    text = text.lstrip("\ufeff \t\r\n")
    if text[:15].upper() == "BEGIN:VCALENDAR":
        return "ics"
    if text.startswith("<"):
        return "frab-xml"
    if text.startswith("{"):
        if _PYCONF_MARKER.search(text):
            return "json"
        if _C3VOC_MARKER.search(text):
            return "c3voc-json"
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


def read(path: str | os.PathLike[str], *, format: ReadableFormat | None = None, tz: str | None = None) -> Conference:
    """Read the schedule file at ``path``; the format is detected from the content unless given.

    Files over :data:`MAX_INPUT_BYTES` are refused before they are read;
    from a pipe or device, which gives no size, at most that many bytes
    (and one more, to tell) are read.  A URL (``https://...``) raises
    :class:`~pyconf_schedule.UnsupportedSourceError`: reading URLs is not
    supported yet; download the file and give its path.
    """
    _refuse_url(path)
    file = Path(path)
    what = format or "schedule file"
    check_size(file.stat().st_size, what)
    with file.open("rb") as stream:
        data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise ScheduleParseError(
            what, f"the input is over the limit of {MAX_INPUT_BYTES} bytes ({MAX_INPUT_BYTES // 2**20} MiB)"
        )
    name = cast("ReadableFormat", _canonical(format, "read")) if format is not None else detect_format(data)
    return loads(data, name, tz=tz)


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_URL_PATH = re.compile(r"(?i)(https?|ftps?|file|webcal):/")  # a URL that went through Path() keeps one slash


def _refuse_url(path: str | os.PathLike[str]) -> None:
    text = path if isinstance(path, str) else os.fspath(path)
    if isinstance(text, str) and (_URL.match(text) or (not isinstance(path, str) and _URL_PATH.match(text))):
        raise UnsupportedSourceError(
            f"cannot read {shorten(text)!r}: reading URLs is not supported; download the file and give its path"
        )


def write(
    obj: Conference | Sessions, path: str | os.PathLike[str], format: FormatName | None = None, *, tz: str | None = None
) -> None:
    """Write ``obj`` to ``path`` as UTF-8 (line endings as the format writes them).

    Without ``format`` the file's suffix decides (case ignored): ``.json``
    (native JSON), ``.ics`` or ``.ical``, ``.csv``, ``.md`` or
    ``.markdown``, ``.xml`` (frab XML).
    """
    file = Path(path)
    if format is None:
        suffix = file.suffix.lower()
        if suffix not in _SUFFIXES:
            raise UnknownFormatError(suffix or str(file), list(_SUFFIXES))
        name = _SUFFIXES[suffix]
    else:
        name = format
    file.write_bytes(dumps(obj, name, tz=tz).encode("utf-8"))
