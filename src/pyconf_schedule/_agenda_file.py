"""The agenda file: the small versioned JSON document :meth:`Agenda.save` writes and :meth:`Agenda.load` reads.

A document names its format and version, the zone times are shown in, the
conferences (by id, each once), where each conference was read from when it
was not an embedded dataset (``sources``: a file path relative to the
agenda file's folder, or a URL), and the picks with their notes.

>>> from pyconf_schedule import Agenda, load
>>> text = Agenda.of(load("eu2026"), ["pytorch-updates"], note="front row").to_json()
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
{
  "format": "pyconf-schedule-agenda",
  "version": 1,
  "timezone": "Europe/Paris",
  "conferences": [
    "eu2026"
  ],
  "picks": [
    {
      "conference": "eu2026",
      "session": "pytorch-updates",
      "note": "front row"
    }
  ]
}
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import secrets
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ._limits import read_at_most
from ._text import shorten
from ._time import zone_name
from .exceptions import MissingPicksError, ScheduleParseError, UnknownConferenceError

if TYPE_CHECKING:
    from ._agenda import Agenda
    from ._conference import Conference

__all__ = ["FORMAT", "MAX_FILE", "VERSION", "from_json", "locked", "read_file", "to_json", "write_file"]

FORMAT = "pyconf-schedule-agenda"
VERSION = 1
MAX_FILE = 4 * 1024 * 1024
"""An agenda file is small: a few kilobytes. Anything above this is refused unread."""


def to_json(agenda: Agenda) -> str:
    """The document of ``agenda``; ``sources`` only when a conference was read from a file or URL."""
    picks: list[dict[str, str]] = []
    for pick in agenda.picks:
        entry = {"conference": pick.conference, "session": pick.session}
        if pick.note is not None:
            entry["note"] = pick.note
        picks.append(entry)
    document: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "timezone": zone_name(agenda.zone),
        "conferences": [c.id for c in agenda.conferences],
    }
    if agenda.sources:
        document["sources"] = dict(agenda.sources)
    document["picks"] = picks
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _bad(message: str, where: str | None = None) -> ScheduleParseError:
    return ScheduleParseError("agenda", f"{message}; expected a {FORMAT} document as written by Agenda.save()", where)


def from_json(
    cls: type[Agenda],
    text: str,
    conferences: Iterable[Conference] | Mapping[str, Conference] = (),
    *,
    name: str = "agenda",
    loader: Callable[[str], Conference] | None = None,
    drop_missing: bool = False,
) -> Agenda:
    """The agenda of a document (see :meth:`Agenda.from_json`)."""
    from ._agenda_records import Pick
    from .formats._input import load_json

    if len(text) > MAX_FILE:
        raise _bad(f"{len(text)} characters is too large for an agenda (limit {MAX_FILE})")
    try:  # the readers' JSON rules: a key given twice, nesting past the limit or a lone surrogate is refused
        document = load_json(text, "agenda")
    except ScheduleParseError as exc:
        raise _bad(f"not JSON ({exc.reason})", exc.location) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _bad(f"{name} is not an agenda file")
    version = document.get("version")
    if version != VERSION:
        raise _bad(
            f"version {shorten(repr(version))} is not supported (this release reads version {VERSION})", "version"
        )
    zone_text = document.get("timezone")
    if zone_text is not None and not isinstance(zone_text, str):
        raise _bad("timezone must be an IANA zone name or null", "timezone")
    names = document.get("conferences")
    raw = document.get("picks")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise _bad("conferences must be a non-empty list of conference ids", "conferences")
    seen: set[str] = set()
    for i, conference_id in enumerate(names):
        if conference_id in seen:
            raise _bad(
                f"conference {shorten(conference_id)!r} is listed twice; list each conference once", f"conferences[{i}]"
            )
        seen.add(conference_id)
    sources = _sources(document.get("sources", {}), seen)
    if not isinstance(raw, list):
        raise _bad("picks must be a list", "picks")
    picks: list[Pick] = []
    for i, entry in enumerate(raw):
        where = f"picks[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"conference", "session", "note"}:
            raise _bad("a pick is an object with conference, session and an optional note", where)
        conf_id, sid, note = entry.get("conference"), entry.get("session"), entry.get("note")
        if not isinstance(conf_id, str) or not isinstance(sid, str) or not (note is None or isinstance(note, str)):
            raise _bad("conference and session must be strings, note a string or null", where)
        if conf_id not in seen:
            raise _bad(f"conference {shorten(conf_id)!r} is not listed in conferences", where)
        picks.append(Pick(conference=conf_id, session=sid, note=note))
    given = dict(conferences) if isinstance(conferences, Mapping) else {c.id: c for c in conferences}
    confs = [given[n] if n in given else _conference(n, sources.get(n), loader, given, name) for n in names]
    by_id = dict(zip(names, confs, strict=True))
    missing = [p for p in picks if by_id[p.conference].sessions.get(p.session) is None]
    if missing and drop_missing:
        gone = set(missing)
        picks = [p for p in picks if p not in gone]
    elif missing:
        valid = [s.id for c in confs for s in c.sessions]
        raise MissingPicksError(name, [(p.conference, p.session) for p in missing], valid)
    return cls(confs, picks, zone=zone_text, sources=sources)


def _sources(raw: object, names: set[str]) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) and v for k, v in raw.items()):
        raise _bad("sources must map conference ids to the file or URL each was read from", "sources")
    for key in raw:
        if key not in names:
            raise _bad(f"conference {shorten(key)!r} is not listed in conferences", f"sources.{shorten(key)}")
    return dict(raw)


def _conference(
    conf_id: str,
    source: str | None,
    loader: Callable[[str], Conference] | None,
    given: Mapping[str, Conference],
    name: str,
) -> Conference:
    """The conference ``conf_id`` from ``loader``: the agenda does not know where conferences come from."""
    if loader is None:
        raise UnknownConferenceError(name, conf_id, given)
    return loader(source if source is not None else conf_id)


def read_file(target: str) -> str:
    """The text of the agenda file ``target``, refused unread beyond :data:`MAX_FILE` and when not UTF-8."""
    size = os.path.getsize(target)
    if size > MAX_FILE:
        raise ScheduleParseError("agenda", f"{size} bytes is too large for an agenda (limit {MAX_FILE})")
    with open(target, "rb") as handle:
        data = read_at_most(handle, MAX_FILE + 1)  # a device or a pipe gives no size: no further than the limit
    if len(data) > MAX_FILE:
        raise ScheduleParseError("agenda", f"the input is over the limit of {MAX_FILE} bytes for an agenda")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScheduleParseError("agenda", f"not UTF-8 text ({exc.reason})") from None


def write_file(path: str, text: str) -> None:
    """``text`` written to ``path`` atomically, through a symbolic link, keeping an existing file's mode."""
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    try:
        status = os.stat(target)
    except FileNotFoundError:
        mode: int | None = None
    else:
        if not stat.S_ISREG(status.st_mode):  # a device or a pipe: replacing it would remove it
            raise OSError(errno.EINVAL, "not a regular file, which an agenda is saved as", os.fspath(path))
        mode = stat.S_IMODE(status.st_mode)
    for attempt in itertools.count():
        temp = os.path.join(folder, f".agenda-{os.getpid()}-{secrets.token_hex(6)}.tmp")
        try:
            handle = os.open(
                temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666
            )  # a new file's mode: 0o666 less the umask
            break
        except FileExistsError:
            if attempt > 100:
                raise
        except OSError as exc:  # named by the file asked for, not by the temporary one
            raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            if mode is not None:
                os.fchmod(out.fileno(), mode)
            out.write(text)
        os.replace(temp, target)
    except BaseException as exc:
        if os.path.exists(temp):
            os.unlink(temp)
        if isinstance(exc, OSError):  # named by the file asked for, not by the temporary one
            raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
        raise


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the lock of the agenda file ``path`` (through a symbolic link) for the block, for a read, change and save.

    The lock is an exclusive ``fcntl.flock`` on the folder that holds the
    file (the file itself is replaced on each save, so it cannot hold a
    lock); where ``fcntl`` is not available, the block runs unlocked.

    >>> import tempfile
    >>> with locked(tempfile.mkdtemp() + "/my.json"):
    ...     pass
    """
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks
        yield
        return
    folder = os.path.dirname(os.path.realpath(os.fspath(path)))
    handle = os.open(folder, os.O_RDONLY)
    try:
        # A file system without flock on folders (some network mounts): unlocked, as without fcntl.
        with contextlib.suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing the descriptor releases the lock
