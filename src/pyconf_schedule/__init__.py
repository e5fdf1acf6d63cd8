"""pyconf_schedule: typed conference schedule data.

>>> from pyconf_schedule import load
>>> print(load("eu2026").by_speaker("Liz Li")[0].title)
Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._conference import Conference
from ._datasets import dataset_names, find_speaker, load
from ._days import ProgrammeDay
from ._model import Conflict, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
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

if TYPE_CHECKING:
    from ._agenda import Agenda, Clash, Gap, Pick
    from ._changes import FieldChange, SessionChange
    from ._diff import ScheduleDiff, diff
    from ._fetch import Fetched, fetch
    from ._tables import to_arrow, to_pandas, to_polars
    from ._platforms import fetch_pretalx, read_pretalx
    from ._read import read
    from .formats import dumps, format_names, loads, write

__version__ = "0.1.0"

__all__ = [
    "Agenda",
    "AmbiguousTimeError",
    "Clash",
    "Conference",
    "Conflict",
    "ConnectionFailedError",
    "FetchError",
    "FetchTimeoutError",
    "Fetched",
    "FieldChange",
    "FieldTypeError",
    "Gap",
    "HTTPStatusError",
    "InvalidArgumentError",
    "InvalidScheduleError",
    "MissingExtraError",
    "MissingPicksError",
    "MissingZoneError",
    "NaiveDatetimeError",
    "NotCachedError",
    "NotFoundError",
    "Pick",
    "ProgrammeDay",
    "PyconfScheduleError",
    "Room",
    "ScheduleDiff",
    "ScheduleParseError",
    "ScheduleWriteError",
    "Session",
    "SessionChange",
    "SessionKind",
    "Sessions",
    "Source",
    "SourcedValue",
    "Speaker",
    "TimeParseError",
    "Track",
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
    "__version__",
    "dataset_names",
    "diff",
    "dumps",
    "fetch",
    "fetch_pretalx",
    "find_speaker",
    "format_names",
    "get_zone",
    "load",
    "loads",
    "read",
    "read_pretalx",
    "to_arrow",
    "to_pandas",
    "to_polars",
    "write",
]

_LAZY = {
    "dumps": "formats", "format_names": "formats", "loads": "formats", "write": "formats", "read": "_read",
    "diff": "_diff", "ScheduleDiff": "_diff", "FieldChange": "_changes", "SessionChange": "_changes",
    "fetch": "_fetch", "Fetched": "_fetch",
    "fetch_pretalx": "_platforms", "read_pretalx": "_platforms",
    "Agenda": "_agenda", "Clash": "_agenda", "Gap": "_agenda", "Pick": "_agenda",
    "to_arrow": "_tables", "to_pandas": "_tables", "to_polars": "_tables",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    # The format registry (and pathlib with it), the agenda and the diff are imported on first
    # use, not by ``import pyconf_schedule``: a cold load() stays close to a bare json read,
    # and URL reading (urllib, ssl, http.client) costs nothing until a URL is read.
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyconf_schedule' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
