"""JSON text written a part at a time: ``json.dumps(document, ensure_ascii=False, indent=1)`` without the whole document.

A writer that builds its whole document before :func:`json.dumps` holds a
dict for every session at once.  With a large programme the garbage
collector walks those dicts again at each of its full collections, and the
write grows faster than the programme: writing the native JSON of 100k
sessions took 2.5x ``json.dumps`` of the finished document, two thirds of
it in the collector.  A :class:`Streamed` list in a document is made while
the text is written, a hundred items at a time: each is converted, written
and dropped before the next hundred are made, so none outlives its youth.

>>> indented_json({"n": 2, "items": Streamed(range(2), lambda i: {"i": i})})
'{\\n "n": 2,\\n "items": [\\n  {\\n   "i": 0\\n  },\\n  {\\n   "i": 1\\n  }\\n ]\\n}'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, Generic, TypeVar

__all__ = ["Streamed", "indented_json"]

_T = TypeVar("_T")

_BATCH = 100
"""Items of a :class:`Streamed` list converted and written together: one encoder call for many, all dropped young."""


class Streamed(Generic[_T]):
    """A list of a document, written as ``[convert(item) for item in items]``, a hundred items at a time."""

    __slots__ = ("convert", "items")

    def __init__(self, items: Iterable[_T], convert: Callable[[_T], Any]) -> None:
        self.items = items
        self.convert = convert


def indented_json(document: Any, end: str = "") -> str:
    """The text ``json.dumps(document, ensure_ascii=False, indent=1)`` gives, each :class:`Streamed` as its list.

    ``end`` is added to the text (a final newline, without copying the whole text again to add it).

    Only the dicts and lists that hold a :class:`Streamed` are walked here
    (their keys must be strings); every other value, and each item of a
    :class:`Streamed` (a hundred at a time, as one list), is written by one
    encoder and moved to its depth by indenting its lines: a JSON text holds
    a line break only between its tokens, since a string writes its own as
    ``\\n``.
    """
    encode = json.JSONEncoder(ensure_ascii=False, indent=1).encode
    out: list[str] = []
    if _streams(document):
        _streamed(document, 0, encode, out.append)
    else:
        out.append(encode(document))
    out.append(end)
    return "".join(out)


def _streamed(value: Any, level: int, encode: Callable[[Any], str], emit: Callable[[str], None]) -> None:
    """Give ``emit`` the text of ``value``, a :class:`Streamed` list or a dict or list holding one, at depth ``level``.

    Each member or item is looked into once (:func:`_streams`) to choose how it is written.
    """
    here = "\n" + " " * level  # a line break at this value's depth
    inner = here + " "  # and one at its items' depth
    if isinstance(value, Streamed):
        opening = "["
        items, convert = iter(value.items), value.convert
        while batch := [convert(item) for item in islice(items, _BATCH)]:
            # "[" inner item "," inner item ... here "]" at this depth: kept but for its brackets
            emit(opening + encode(batch).replace("\n", here)[1 : -len(here) - 1])
            opening = ","
        emit("[]" if opening == "[" else here + "]")
    elif isinstance(value, dict):
        opening = "{"
        plain: dict[str, Any] = {}  # members in a row that hold no Streamed list: written by one encoder call
        for key, item in value.items():
            if type(key) is not str:
                raise TypeError(f"a dict that holds a Streamed list needs str keys, got {type(key).__name__}")
            if not _streams(item):
                plain[key] = item
                continue
            if plain:
                emit(opening + encode(plain).replace("\n", here)[1 : -len(here) - 1])
                opening, plain = ",", {}
            emit(opening + inner + encode(key) + ": ")
            opening = ","
            _streamed(item, level + 1, encode, emit)
        if plain:
            emit(opening + encode(plain).replace("\n", here)[1 : -len(here) - 1])
        emit(here + "}")
    else:  # a list
        opening = "["
        for item in value:
            emit(opening + inner)
            opening = ","
            if _streams(item):
                _streamed(item, level + 1, encode, emit)
            else:
                emit(encode(item).replace("\n", inner))
        emit(here + "]")


def _streams(value: Any) -> bool:
    """Whether ``value`` is or holds a :class:`Streamed` list (dicts and lists are looked into)."""
    if isinstance(value, Streamed):
        return True
    if isinstance(value, dict):
        return any(_streams(item) for item in value.values())
    if isinstance(value, list):
        return any(_streams(item) for item in value)
    return False
