"""pyconf_schedule: typed conference schedule data.

>>> from pyconf_schedule import load
>>> print(load("eu2026").by_speaker("Liz Li")[0].title)
Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from ._conference import Conference
from ._datasets import dataset_names, load, speaker_sessions
from ._days import ProgrammeDay
from ._model import Conflict, Provenance, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
from ._sessions import Sessions
from ._time import get_zone
from .exceptions import (
    AmbiguousTimeError,
    ConnectionFailedError,
    FetchError,
    FetchTimeoutError,
    FieldTypeError,
    HTTPStatusError,
    InvalidArgumentError,
    InvalidScheduleError,
    MissingExtraError,
    MissingPicksError,
    MissingZoneError,
    NaiveDatetimeError,
    NotCachedError,
    NotFoundError,
    PyconfScheduleError,
    ScheduleParseError,
    ScheduleWriteError,
    TimeParseError,
    UnknownConferenceError,
    UnknownDatasetError,
    UnknownFormatError,
    UnknownKindError,
    UnknownOrganisationError,
    UnknownRoomError,
    UnknownSessionError,
    UnknownSpeakerError,
    UnknownTrackError,
    UnknownZoneError,
    UnsupportedSourceError,
)

if _TYPE_CHECKING:
    from ._agenda import Agenda
    from ._agenda_picks import FoundPicks, find_picks
    from ._agenda_records import Alternatives, Clash, Gap, Pick
    from ._changes import FieldChange, SessionChange
    from ._diff import ScheduleDiff, diff
    from ._fetch import Fetched, fetch
    from ._platforms import fetch_pretalx, read_pretalx
    from ._read import read
    from ._tables import to_arrow, to_pandas, to_polars
    from .formats import dumps, format_names, loads, write

    __version__: str

__all__ = [
    # Loading data: the embedded datasets
    "load", "dataset_names", "speaker_sessions", "__version__",
    # The model and its one query type
    "Conference", "ProgrammeDay", "Sessions", "Session", "Speaker", "Room", "Track", "SessionKind", "Source",
    "Conflict", "Provenance", "SourcedValue",
    # Personal agendas
    "Agenda", "find_picks", "FoundPicks", "Alternatives", "Clash", "Gap", "Pick",
    # Time zones
    "get_zone",
    # Formats: reading and writing schedules, files and URLs
    "format_names", "dumps", "loads", "read", "write", "fetch", "read_pretalx", "fetch_pretalx", "Fetched",
    # Tables for DataFrames and Parquet (the arrow, pandas and polars extras)
    "to_arrow", "to_pandas", "to_polars",
    # Changes between two versions of a schedule
    "diff", "ScheduleDiff", "SessionChange", "FieldChange",
    # Errors
    "PyconfScheduleError", "NotFoundError", "UnknownDatasetError", "UnknownSpeakerError", "UnknownSessionError",
    "MissingPicksError", "UnknownConferenceError", "UnknownTrackError", "UnknownRoomError", "UnknownKindError", "UnknownOrganisationError",
    "UnknownFormatError", "UnknownZoneError", "TimeParseError", "AmbiguousTimeError", "NaiveDatetimeError",
    "FieldTypeError", "InvalidArgumentError", "InvalidScheduleError", "ScheduleParseError", "ScheduleWriteError", "MissingExtraError",
    "MissingZoneError",
    "UnsupportedSourceError", "FetchError", "ConnectionFailedError", "FetchTimeoutError", "HTTPStatusError",
    "NotCachedError",
]  # fmt: skip
"""The public names, by topic, in the order of docs/reference/api.md (a test holds both)."""

_LAZY: dict[str, str] = {
    # name: the module that defines it, imported on first use
    "Agenda": "_agenda", "Alternatives": "_agenda_records", "Clash": "_agenda_records", "Gap": "_agenda_records", "Pick": "_agenda_records",
    "format_names": "formats", "dumps": "formats", "loads": "formats", "write": "formats",
    "read": "_read",
    "fetch": "_fetch", "Fetched": "_fetch",
    "fetch_pretalx": "_platforms", "read_pretalx": "_platforms",
    "diff": "_diff", "ScheduleDiff": "_diff", "SessionChange": "_changes", "FieldChange": "_changes",
    "find_picks": "_agenda_picks", "FoundPicks": "_agenda_picks",
    "to_arrow": "_tables", "to_pandas": "_tables", "to_polars": "_tables",
}  # fmt: skip
"""The one lazy-import table: the names ``import pyconf_schedule`` does not import until they are used."""

_UNKNOWN_VERSION = "0+unknown"
"""``__version__`` when the package runs without installed metadata (a source tree put on ``sys.path``)."""


def _version() -> str:
    """The installed distribution's version, from its metadata; :data:`_UNKNOWN_VERSION` without one."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pyconf-schedule")
    except PackageNotFoundError:
        return _UNKNOWN_VERSION


def __getattr__(name: str) -> object:
    # The format registry (and pathlib with it), the agenda and the diff are imported on first
    # use, not by ``import pyconf_schedule``: a cold load() stays close to a bare json read,
    # and URL reading (urllib, ssl, http.client) costs nothing until a URL is read.  So is
    # __version__: importlib.metadata imports csv, email and more.
    if name == "__version__":
        value: object = _version()
    elif name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'pyconf_schedule' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
