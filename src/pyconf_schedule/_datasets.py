"""The embedded datasets: ``load(name)``, ``dataset_names()`` and cross-conference lookup.

Datasets are native JSON files inside the package (``datasets/*.json``), read
with :mod:`importlib.resources` so wheels and editable installs behave alike.
Each is parsed once per process and cached; the Conference is immutable.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ._conference import Conference
from ._sessions import Sessions
from .exceptions import UnknownDatasetError, UnknownSpeakerError

__all__ = ["dataset_names", "find_speaker", "load"]

_PACKAGE = "pyconf_schedule.datasets"


@lru_cache(maxsize=1)
def dataset_names() -> tuple[str, ...]:
    """The names of the embedded datasets, sorted.

    >>> dataset_names()
    ('eu2026', 'na2026')
    """
    files = resources.files(_PACKAGE)
    return tuple(sorted(f.name[: -len(".json")] for f in files.iterdir() if f.name.endswith(".json")))


def load(name: str) -> Conference:
    """Return the embedded dataset ``name`` as an immutable, cached :class:`Conference`.

    Raises :class:`~pyconf_schedule.exceptions.UnknownDatasetError`, listing
    the datasets and the closest name, when there is no such dataset.

    >>> load("eu2026").name
    'PyTorch Conference Europe 2026'
    """
    names = dataset_names()
    if name not in names:
        raise UnknownDatasetError(name, names)
    return _load(name)


@lru_cache(maxsize=None)
def _load(name: str) -> Conference:
    from ._converter import conference_from_dict

    text = resources.files(_PACKAGE).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return conference_from_dict(json.loads(text))


def find_speaker(name: str) -> dict[str, Sessions]:
    """Every embedded dataset in which ``name`` speaks, with that person's sessions.

    Names match as in :meth:`Sessions.by_speaker` (whole names, aliases, case
    and accents ignored).  Raises UnknownSpeakerError, with close names from
    every dataset, when no dataset knows the person.

    >>> {k: len(v) for k, v in find_speaker("Liz Li").items()}
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
