"""The embedded datasets: ``load(name)``, ``dataset_names()`` and cross-conference lookup.

Datasets are native JSON files inside the package (``datasets/*.json``), so
wheels and editable installs read the same files.  Each is parsed once per
process, even when several threads load it at once, and cached; the
Conference is immutable.

Loading the embedded files does not go through the cattrs converter: the
direct decoder of :mod:`pyconf_schedule._decode` builds the objects, because
importing cattrs and generating its structuring code would triple the cost
of a cold ``load()`` (see ``benchmarks/cold_start.py``).  Should it refuse a
file, the converter reads it and reports the error.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from functools import lru_cache

from ._conference import Conference
from ._sessions import Sessions
from .exceptions import UnknownDatasetError, UnknownSpeakerError

__all__ = ["dataset_names", "speaker_sessions", "load"]

_PACKAGE = "pyconf_schedule.datasets"
_FOLDER = os.path.join(os.path.dirname(__file__), "datasets")


def _dataset_files() -> Iterator[tuple[str, str]]:
    """(file name, text reader) pairs; importlib.resources only where files are not plain files."""
    if os.path.isdir(_FOLDER):
        for name in sorted(os.listdir(_FOLDER)):
            yield name, os.path.join(_FOLDER, name)
        return
    from importlib import resources  # zip imports and other loaders

    for entry in resources.files(_PACKAGE).iterdir():
        yield entry.name, entry.name


def _read(name: str) -> str:
    path = os.path.join(_FOLDER, f"{name}.json")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    from importlib import resources

    return resources.files(_PACKAGE).joinpath(f"{name}.json").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def dataset_names() -> tuple[str, ...]:
    """The names of the embedded datasets, sorted.

    >>> dataset_names()
    ('eu2026', 'na2026')
    """
    return tuple(sorted(name[: -len(".json")] for name, _ in _dataset_files() if name.endswith(".json")))


def load(name: str) -> Conference:
    """Return the embedded dataset ``name`` as an immutable, cached :class:`Conference`.

    Raises :class:`~pyconf_schedule.exceptions.UnknownDatasetError`, listing
    the datasets and the closest name, when there is no such dataset.

    >>> load("eu2026").name
    'PyTorch Conference Europe 2026'
    """
    names = dataset_names()
    if not isinstance(name, str):
        raise TypeError(f"load() expects a dataset name as str ({', '.join(names)}), got {type(name).__name__}")
    if name not in names:
        raise UnknownDatasetError(name, names)
    return _load(name)


_cache: dict[str, Conference] = {}
_build_lock = threading.Lock()


def _load(name: str) -> Conference:
    """The cached Conference of dataset ``name``, built once per process even when threads race.

    The cache is read without the lock (a dict lookup is atomic); a miss
    takes the lock and looks again, so only the first thread builds.
    """
    conf = _cache.get(name)
    if conf is None:
        with _build_lock:
            conf = _cache.get(name)
            if conf is None:
                conf = _cache[name] = _build(name)
    return conf


def _build(name: str) -> Conference:
    import json  # here, not at import: ``import pyconf_schedule`` reads no dataset

    from ._decode import decode

    document = json.loads(_read(name))
    try:
        return decode(document)
    except Exception:  # the converter explains what is wrong with the file
        from ._converter import conference_from_dict

        return conference_from_dict(document)


def speaker_sessions(name: str) -> dict[str, Sessions]:
    """Every embedded dataset in which ``name`` speaks, with that person's sessions.

    Names match as in :meth:`Sessions.by_speaker` (whole names, aliases, case
    and accents ignored).  Raises UnknownSpeakerError, with close names from
    every dataset, when no dataset knows the person.

    >>> {k: len(v) for k, v in speaker_sessions("Liz Li").items()}
    {'eu2026': 1, 'na2026': 2}
    """
    found: dict[str, Sessions] = {}
    known: list[str] = []
    for dataset in dataset_names():
        conf = load(dataset)
        try:
            found[dataset] = conf.by_speaker(name)
        except UnknownSpeakerError:
            known.extend(s.name for s in conf.speakers)
    if not found:
        raise UnknownSpeakerError(name, known)
    return found
