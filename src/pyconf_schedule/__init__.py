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
    FieldTypeError,
    InvalidScheduleError,
    MissingZoneError,
    NaiveDatetimeError,
    NotFoundError,
    PyconfScheduleError,
    ScheduleParseError,
    TimeParseError,
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
    from .formats import dumps, format_names, loads, read, write

__version__ = "0.1.0"

__all__ = [
    "AmbiguousTimeError",
    "Conference",
    "Conflict",
    "FieldTypeError",
    "InvalidScheduleError",
    "MissingZoneError",
    "NaiveDatetimeError",
    "NotFoundError",
    "ProgrammeDay",
    "PyconfScheduleError",
    "Room",
    "ScheduleParseError",
    "Session",
    "SessionKind",
    "Sessions",
    "Source",
    "SourcedValue",
    "Speaker",
    "TimeParseError",
    "Track",
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
    "dumps",
    "find_speaker",
    "format_names",
    "get_zone",
    "load",
    "loads",
    "read",
    "write",
]

_LAZY = frozenset({"dumps", "format_names", "loads", "read", "write"})


def __getattr__(name: str) -> Any:
    # The format registry (and pathlib with it) is imported on first use, not
    # by ``import pyconf_schedule``: a cold load() stays close to a bare json read.
    if name in _LAZY:
        from . import formats

        value = getattr(formats, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyconf_schedule' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
