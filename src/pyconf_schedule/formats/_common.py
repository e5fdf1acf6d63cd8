"""Helpers shared by the format modules: input limits, zones, ids and text clean-up.

Nothing here knows a particular format.  Readers call :func:`input_text` /
:func:`check_size` before parsing, writers call :func:`as_conference` and
:func:`view_zone` to turn what they were given into a Conference and a zone.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from .._conference import Conference
from .._model import SessionKind
from .._sessions import Sessions
from .._text import slugify
from .._time import get_zone, zone_name
from ..exceptions import ScheduleParseError
from ._limits import MAX_INPUT_BYTES, MAX_NESTING, check_size

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "NAMESPACE",
    "as_conference",
    "check_size",
    "input_text",
    "kind_from_label",
    "load_json",
    "stable_uuid",
    "strip_xml_illegal",
    "unique_slug",
    "view_zone",
]

NAMESPACE = uuid.UUID("8f4d1a52-3b1c-5d7e-9a60-2c7b9e4f1d3a")
"""The fixed namespace of every UUID the writers derive (uuid5)."""


def input_text(data: str | bytes, format_name: str) -> str:
    """Size-check ``data`` and return it as text (bytes are UTF-8, an optional BOM dropped)."""
    if isinstance(data, bytes):
        check_size(len(data), format_name)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScheduleParseError(format_name, f"the input is not UTF-8 ({exc.reason})", f"byte {exc.start}") from None
    elif isinstance(data, str):
        if len(data) > MAX_INPUT_BYTES // 4:
            check_size(len(data.encode("utf-8", "surrogatepass")), format_name)
        text = data[1:] if data.startswith("\ufeff") else data
    else:
        raise ScheduleParseError(format_name, f"expected str or bytes, got {type(data).__name__}")
    return text


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _check_nesting(text: str, format_name: str) -> None:
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, match.start()) + 1
                column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
                raise ScheduleParseError(
                    format_name, f"the JSON is nested deeper than {MAX_NESTING} levels", f"line {line} column {column}"
                )
        elif token in ("]", "}"):
            depth -= 1


def load_json(data: str | bytes, format_name: str) -> Any:
    """Parse JSON text within the size and nesting limits; errors name the line and column."""
    text = input_text(data, format_name)
    _check_nesting(text, format_name)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScheduleParseError(format_name, f"invalid JSON: {exc.msg}", f"line {exc.lineno} column {exc.colno}") from None
    except RecursionError:  # pragma: no cover - the nesting check comes first
        raise ScheduleParseError(format_name, f"the JSON is nested deeper than {MAX_NESTING} levels") from None


def as_conference(obj: Conference | Sessions) -> Conference:
    """A Conference for ``obj``: itself, a query result with its conference's details, or a minimal one.

    A :class:`Sessions` that came from a conference is written as
    ``conference.select(sessions)``; one built by hand becomes a conference
    with id ``"sessions"``, name ``"Sessions"`` and the sessions' zone.
    """
    if isinstance(obj, Conference):
        return obj
    if isinstance(obj, Sessions):
        owner = obj.conference
        if owner is not None:
            return owner.select(obj)
        return Conference(id="sessions", name="Sessions", timezone=zone_name(obj.zone) or "UTC", sessions=obj)
    raise TypeError(f"expected a Conference or Sessions, got {type(obj).__name__}")


def view_zone(obj: Conference | Sessions, tz: str | None) -> tuple[ZoneInfo | tzinfo, str]:
    """The zone a writer shows times in, and its name.

    ``tz`` when given; else the zone ``obj`` is viewed in (a conference's
    ``view_timezone`` or own ``timezone``, a query result's zone).
    """
    if tz is not None:
        zone = get_zone(tz)
    else:
        zone = obj.zone
    name = zone_name(zone)
    if name is None:
        offset = datetime.now(timezone.utc).astimezone(zone).utcoffset() or timedelta(0)
        name = _offset_text(offset)
    return zone, name


def _offset_text(offset: timedelta) -> str:
    total = int(offset.total_seconds())
    sign = "+" if total >= 0 else "-"
    hours, minutes = divmod(abs(total) // 60, 60)
    return f"UTC{sign}{hours:02d}:{minutes:02d}"


def stable_uuid(*parts: str) -> uuid.UUID:
    """A UUID5 of :data:`NAMESPACE` and ``parts``: the same inputs always give the same UUID."""
    return uuid.uuid5(NAMESPACE, "\x1f".join(parts))


_XML_ILLEGAL = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def strip_xml_illegal(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (most C0 controls, surrogates, U+FFFE/U+FFFF)."""
    return _XML_ILLEGAL.sub("", text)


def unique_slug(text: str, taken: set[str], fallback: str = "item") -> str:
    """A slug of ``text`` not in ``taken`` (``-2``, ``-3``... appended); the slug is added to ``taken``."""
    base = slugify(text) or fallback
    slug = base
    n = 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    taken.add(slug)
    return slug


# Label words -> kind.  Checked in order; the first table entry with a word
# (or phrase) contained in the label wins.
_KIND_WORDS: tuple[tuple[tuple[str, ...], SessionKind], ...] = (
    (("sponsored keynote",), SessionKind.SPONSORED_KEYNOTE),
    (("keynote",), SessionKind.KEYNOTE),
    (("sponsored talk", "sponsored session"), SessionKind.SPONSORED_TALK),
    (("lightning", "lightningtalk"), SessionKind.LIGHTNING_TALK),
    (("birds of a feather", "bof", "birds-of-a-feather"), SessionKind.BIRDS_OF_A_FEATHER),
    (("meet the developers",), SessionKind.MEET_THE_DEVELOPERS),
    (("panel", "podium", "discussion"), SessionKind.PANEL),
    (("workshop", "hands on", "hackathon"), SessionKind.WORKSHOP),
    (("tutorial",), SessionKind.TUTORIAL),
    (("poster",), SessionKind.POSTER),
    (("demo", "demonstration"), SessionKind.DEMO),
    (("break", "lunch", "coffee", "pause", "dinner", "breakfast", "registration"), SessionKind.BREAK),
    (("talk", "lecture", "presentation", "session", "maintrack", "devroom"), SessionKind.TALK),
)

_KIND_VALUES = {k.value: k for k in SessionKind}


def kind_from_label(label: str | None) -> tuple[SessionKind, str | None]:
    """The kind a schedule file's ``type`` names, and the label to keep as ``kind_label``.

    An exact kind value (``"lightning-talk"``) gives that kind and no label;
    otherwise words of the label decide (``"Long talk (45 minutes)"`` is a
    talk, ``"BoF (45 minutes)"`` a birds-of-a-feather) and the label is kept;
    an empty or unknown label gives ``OTHER``.
    """
    if label is None or not label.strip():
        return SessionKind.OTHER, None
    text = label.strip()
    exact = _KIND_VALUES.get(text.lower())
    if exact is not None:
        return exact, None
    words = " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "
    for names, kind in _KIND_WORDS:
        for name in names:
            if f" {name} " in words:
                return kind, text
    return SessionKind.OTHER, text

