"""Native pyconf-schedule JSON (format name ``"json"``): lossless and versioned.

The document is described in ``docs/reference/native-json.md`` and by the
JSON Schema shipped as ``pyconf_schedule/formats/native.schema.json``
(:func:`schema` returns it).  ``loads(dumps(x)) == x`` for every Conference,
including zone names, unscheduled sessions, aliases and conflicts; with
``tz`` the conference is written as viewed in that zone (``view_timezone``).

Reading refuses inputs over 16 MiB (the record's ``max_bytes``)
and nesting deeper than 64 levels, a key repeated in one object, a
repeated session, speaker, room or track id, ``NaN``, ``Infinity`` and
numbers beyond a float's range; every error is a ScheduleParseError with a
JSON path or a line and column, the value found and what is valid.

>>> from pyconf_schedule import load
>>> conf = load("na2026")
>>> loads(dumps(conf)) == conf
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from .._conference import Conference
from .._decode import SESSIONS_KEY, Misordered, decode, decode_streamed
from .._sessions import Sessions
from ._common import as_conference
from ._input import input_text, load_json, strict_json_or_none
from ._json_stream import NotStreamed, conference_parts

__all__ = ["dumps", "loads", "schema"]

_FORMAT = "pyconf-schedule JSON"


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The native JSON text of ``obj`` (one-space indent, UTF-8 characters kept, final newline).

    With ``tz`` the conference is converted with ``to_tz(tz)`` first, so its
    datetimes carry that zone and ``view_timezone`` names it.
    """
    conf = as_conference(obj)
    if tz is not None:
        conf = conf.to_tz(tz)
    elif isinstance(obj, Sessions) and getattr(obj.zone, "key", None) not in (
        None,
        conf.view_timezone or conf.timezone,
    ):
        conf = conf.to_tz(obj.zone)
    from .._converter import conference_json

    return conference_json(conf, end="\n")


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read native JSON; ``file_tz``, when given, returns the conference viewed in that zone."""
    text = input_text(data, _FORMAT)
    conf, whole = _streamed(text)
    if conf is None and whole:  # another order of keys: parsed whole
        conf = _decoded(strict_json_or_none(text))
    if conf is None:  # invalid, or a shape only the converter reads: it says what is wrong
        from .._converter import conference_from_dict

        conf = conference_from_dict(load_json(text, _FORMAT, strict=True))
    return conf.to_tz(file_tz) if file_tz is not None else conf


def _streamed(text: str) -> tuple[Conference | None, bool]:
    """The direct decoder's Conference of a text in the writer's shape, read a session at a time, and False.

    The document is never whole in memory: each session's dict is parsed,
    built and dropped before the next (see :mod:`._json_stream`).  Where
    the text is in another shape (keys in another order: a table after the
    sessions, which an id naming it then misses) this gives ``(None, True)``:
    the whole document may still decode.  On invalid JSON, or content the
    decoder refuses in any order, ``(None, False)``: the converter's read
    says what is wrong, and the decoder is not run on the same text again.
    """
    try:
        return decode_streamed(*conference_parts(text, SESSIONS_KEY)), False
    except (NotStreamed, Misordered, KeyError):
        return None, True
    except Exception:
        return None, False


def _decoded(document: Any) -> Conference | None:
    """The direct decoder's Conference, or None where the converter must read the document."""
    if document is None:
        return None
    try:
        return decode(document, consume=True)  # the document is ours: its sessions are dropped as they are built
    except Exception:
        return None


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the native format, as shipped in the package.

    Each call returns a new dict, so a caller may change it freely.

    >>> s = schema(); s["title"] = "mine"
    >>> schema()["title"]
    'pyconf-schedule native JSON, versions 1 and 2'
    """
    result: dict[str, Any] = json.loads(_schema_text())
    return result


@lru_cache(maxsize=1)
def _schema_text() -> str:
    return resources.files(__package__).joinpath("native.schema.json").read_text(encoding="utf-8")
