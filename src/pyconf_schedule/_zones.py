"""What the tz database says about names that are not zones: abbreviations, offsets, cities.

A user who types ``EST``, ``IST`` or ``+05:30`` means the clock of some place
but does not say which.  This module reads the tz database that
:mod:`zoneinfo` uses (the ``tzdata`` package, or a folder on
``zoneinfo.TZPATH``) to say which places those are, so that the error can
name them instead of guessing:

* :func:`places_using` lists the zones whose clocks use an abbreviation now
  and from now on (the abbreviations of each zone's current rule, the last
  line of its TZif file), e.g. ``IST``: Europe/Dublin, Asia/Jerusalem,
  Asia/Kolkata;
* :func:`places_at_offset` lists the zones whose standard or daylight time is
  a UTC offset;
* :func:`offset_label` shows a fixed-offset ``Etc/GMT`` zone as the offset it
  is (``Etc/GMT-1`` is ``UTC+01:00``: POSIX inverts the sign).

The places are those of ``zonenow.tab`` (one zone for each way clocks are kept
from now on, with a description such as ``Eastern (EST/EDT) - US & Canada``),
else of ``zone1970.tab``; they are ordered by how many zones of
``zone1970.tab`` keep the same clock (the most used first), then as the table
lists them (by UTC offset).  Nothing here is a hand-written list of
abbreviations.  The tables are read on first use, once.

>>> [zone for zone, _ in places_using("JST")]
['Asia/Tokyo']
>>> offset_label("Etc/GMT-1")
'UTC+01:00'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

__all__ = ["Place", "fixed_offset", "offset_label", "places_at_offset", "places_using"]

# A POSIX TZ rule's names and offsets, as in "EST5EDT,M3.2.0,M11.1.0", "IST-5:30", "<+0530>-5:30", "IST-1GMT0,...".
_NAME = r"(<[^>]*>|[A-Za-z]{3,})"
_OFFSET = r"([+-]?\d{1,3}(?::\d{2}){0,2})"
_RULE = rf"^{_NAME}{_OFFSET}(?:{_NAME}{_OFFSET}?)?(?:,.*)?$"


class Place(NamedTuple):
    """One place's clock: its zone, the tz database's description, its names and offsets (seconds east of UTC)."""

    zone: str
    description: str
    abbreviations: tuple[str, ...]
    offsets: tuple[int, ...]


def places_using(abbreviation: str) -> list[tuple[str, str]]:
    """The zones (with descriptions) whose clocks are called ``abbreviation`` now or from now on, case ignored.

    >>> [zone for zone, _ in places_using("ist")]
    ['Europe/Dublin', 'Asia/Jerusalem', 'Asia/Kolkata']
    """
    key = abbreviation.strip().upper()
    return [(p.zone, p.description) for p in _places() if key in {a.upper() for a in p.abbreviations}]


def places_at_offset(seconds: int) -> list[tuple[str, str]]:
    """The zones (with descriptions) whose standard or daylight time is ``seconds`` east of UTC.

    >>> [zone for zone, _ in places_at_offset(5 * 3600 + 1800)]
    ['Asia/Colombo', 'Asia/Kolkata']
    """
    return [(p.zone, p.description) for p in _places() if seconds in p.offsets]


def fixed_offset(zone: str) -> int | None:
    """The one UTC offset (seconds east) a zone keeps from now on, or ``None`` if it changes or is unknown.

    >>> fixed_offset("EST"), fixed_offset("America/New_York")
    (-18000, None)
    """
    rule = _rule(zone)
    parsed = _parse_rule(rule) if rule is not None else None
    if parsed is None or len(parsed[1]) != 1:
        return None
    return parsed[1][0]


def offset_label(name: str) -> str | None:
    """``UTC+01:00`` for the fixed-offset zone ``Etc/GMT-1`` (``UTC`` for ``Etc/GMT``), else ``None``.

    >>> offset_label("Etc/GMT+5"), offset_label("Etc/GMT"), offset_label("Europe/Paris")
    ('UTC-05:00', 'UTC', None)
    """
    match = re.fullmatch(r"Etc/GMT(?:([+-]?)(\d{1,2}))?", name)
    if match is None or (match[1] == "" and int(match[2]) != 0):
        return None
    if match[2] is None or int(match[2]) == 0:
        return "UTC"
    return f"UTC{'-' if match[1] == '+' else '+'}{int(match[2]):02d}:00"


@lru_cache(maxsize=1)
def _places() -> tuple[Place, ...]:
    """Every place of zonenow.tab (else zone1970.tab) whose TZif file could be read, most used clocks first."""
    rows = _table("zonenow.tab") or _table("zone1970.tab")
    counts: dict[bytes, int] = {}
    for zone, _ in _table("zone1970.tab"):
        rule = _rule(zone)
        if rule is not None:
            counts[rule] = counts.get(rule, 0) + 1
    found: list[tuple[int, int, Place]] = []
    for index, (zone, description) in enumerate(rows):
        rule = _rule(zone)
        parsed = _parse_rule(rule) if rule is not None else None
        if rule is None or parsed is None:
            continue
        found.append((-counts.get(rule, 1), index, Place(zone, description, *parsed)))
    return tuple(place for *_, place in sorted(found))


def _table(name: str) -> list[tuple[str, str]]:
    """(zone, description) of each line of one of the tz database's .tab files; empty when it has none."""
    data = _data(name)
    if data is None:
        return []
    rows: list[tuple[str, str]] = []
    for line in data.decode("utf-8", "replace").splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 3:
            continue
        rows.append((fields[2], fields[3] if len(fields) > 3 else ""))
    return rows


def _rule(zone: str) -> bytes | None:
    """The POSIX TZ rule a zone keeps after its last transition: the footer of its TZif (version 2+) file."""
    data = _data(zone)
    if data is None or not data.startswith(b"TZif") or not data.endswith(b"\n"):
        return None
    return data[:-1].rsplit(b"\n", 1)[-1]


def _parse_rule(rule: bytes) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """The alphabetic names and the UTC offsets (seconds east) of a POSIX TZ rule; ``None`` if it is not one."""
    match = re.match(_RULE, rule.decode("ascii", "replace"))
    if match is None:
        return None
    std_name, std_offset, dst_name, dst_offset = match.groups()
    std = -_seconds(std_offset)
    names = [n for n in (std_name, dst_name) if n is not None and not n.startswith("<")]
    offsets = [std]
    if dst_name is not None:
        offsets.append(-_seconds(dst_offset) if dst_offset else std + 3600)
    return tuple(names), tuple(offsets)


def _seconds(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    parts = [int(p) for p in text.lstrip("+-").split(":")]
    return sign * sum(p * s for p, s in zip(parts, (3600, 60, 1), strict=False))


def _data(name: str) -> bytes | None:
    """A file of the tz database zoneinfo reads: the first folder of zoneinfo.TZPATH that has it, else tzdata's."""
    from pathlib import Path

    if ".." in name.split("/"):
        return None
    for folder in _folders():
        path = Path(folder, name)
        if path.is_file():
            return path.read_bytes()
    return None


@lru_cache(maxsize=1)
def _folders() -> tuple[str, ...]:
    """zoneinfo.TZPATH, then the folder of the tzdata package (as zoneinfo searches them)."""
    import zoneinfo
    from importlib.util import find_spec
    from pathlib import Path

    folders = list(zoneinfo.TZPATH)
    spec = find_spec("tzdata")
    if spec is not None and spec.origin:
        folders.append(str(Path(spec.origin).parent / "zoneinfo"))
    return tuple(folders)
