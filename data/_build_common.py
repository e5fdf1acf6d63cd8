"""Helpers shared by the dataset build scripts (``data/build_*.py``).

The scripts turn the source documents in ``../shared/sources/`` into the
native JSON form under ``src/pyconf_schedule/datasets/``.  Run one with
``python data/build_eu2026.py`` to rewrite its dataset, or with ``--check`` to
verify that the shipped file is exactly what the script produces (the test
suite does this).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from pyconf_schedule._text import fold, slugify  # noqa: E402

__all__ = ["MAX_ID_WORDS", "ROOT", "dump", "editorial", "fold", "main", "session_id", "slugify"]

DATASETS = ROOT / "src" / "pyconf_schedule" / "datasets"
DEFAULT_SOURCES = ROOT.parent / "shared" / "sources"


def editorial(name: str) -> dict[str, Any]:
    """The editorial tables of a build script: ``data/<name>.toml`` (the decisions the sources cannot settle)."""
    return tomllib.loads((ROOT / "data" / f"{name}.toml").read_text(encoding="utf-8"))


MAX_ID_WORDS = 8
"""Session ids are the slug of the title cut to this many words."""


def session_id(title: str | None, taken: set[str], fallback: str = "session") -> str:
    """A stable, readable session id: the title's slug cut to MAX_ID_WORDS words (``fallback``
    when there is no title), with "-2", "-3" ... added if already in ``taken``, which it joins."""
    base = "-".join(slugify(title).split("-")[:MAX_ID_WORDS]) if title else fallback
    candidate, counter = base, 1
    while candidate in taken:
        counter += 1
        candidate = f"{base}-{counter}"
    taken.add(candidate)
    return candidate


SESSION_KEYS = (
    "id",
    "title",
    "kind",
    "kind_label",
    "start",
    "end",
    "day_only",
    "room",
    "track",
    "speakers",
    "abstract",
    "audience_level",
    "language",
    "url",
    "recording",
    "slides",
    "slide_urls",
    "sources",
    "title_variants",
    "variants",
    "conflicts",
    "field_sources",
)
"""A session's keys in the native form's order (the model's attrs fields)."""
VERSION_2_KEYS = ("recording", "slide_urls", "field_sources")
"""The session keys version 2 of the native form added, written only when set (and "day_only" only when set)."""


def finish(document: dict[str, Any]) -> dict[str, Any]:
    """The document in the native form's canonical shape: each session's keys in field order, those written
    only when set left out while empty, and version 2 where a session uses a key that version 2 added."""
    sessions = document["conference"]["sessions"]
    for i, session in enumerate(sessions):
        unknown = set(session) - set(SESSION_KEYS)
        if unknown:
            raise ValueError(f"session {session['id']}: unknown keys {sorted(unknown)}")
        sessions[i] = {
            key: session[key]
            for key in SESSION_KEYS
            if key in session and not (key in (*VERSION_2_KEYS, "day_only") and not session[key])
        }
    newer = any(key in s for s in sessions for key in VERSION_2_KEYS)
    document["version"] = 2 if newer else 1
    return document


def dump(document: dict[str, Any]) -> str:
    """Serialise a dataset document the one way the project stores it."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def main(name: str, build: Callable[[Path], dict[str, Any]], argv: list[str] | None = None) -> int:
    """Command line of a build script: write the dataset, or ``--check`` it."""
    parser = argparse.ArgumentParser(description=f"Build the {name} dataset from its sources.")
    parser.add_argument(
        "--sources", type=Path, default=DEFAULT_SOURCES, help="folder holding seeds/ and extra/ (default: %(default)s)"
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped dataset instead of writing it")
    args = parser.parse_args(argv)
    if not args.sources.is_dir():
        print(
            f"error: the source documents are not at {args.sources}; pass --sources DIR "
            "(the folder holding seeds/ and extra/)",
            file=sys.stderr,
        )
        return 2
    text = dump(build(args.sources))
    target = DATASETS / f"{name}.json"
    if args.check:
        if target.read_text(encoding="utf-8") != text:
            print(f"{target} differs from what the build produces", file=sys.stderr)
            return 1
        print(f"{target} is up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0
