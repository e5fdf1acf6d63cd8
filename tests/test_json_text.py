"""JSON text written a part at a time is the text ``json.dumps(..., ensure_ascii=False, indent=1)`` writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyconf_schedule import Conference, load
from pyconf_schedule._converter import conference_json, conference_to_dict
from pyconf_schedule._json_text import Streamed, indented_json
from pyconf_schedule.formats import dumps

from ._support import rich_conference

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=30,
)


def _reference(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)


def _streaming(value: Any, choose: Iterator[bool]) -> Any:
    """``value`` with each list whose turn ``choose`` says made a Streamed list of its items (converted as they are)."""
    if isinstance(value, dict):
        return {key: _streaming(item, choose) for key, item in value.items()}
    if isinstance(value, list):
        items = [_streaming(item, choose) for item in value]
        if next(choose):
            return Streamed(items, lambda item: _materialised(item))
        return items
    return value


def _materialised(value: Any) -> Any:
    """``value`` with every Streamed list made whole: the document ``json.dumps`` is given to compare."""
    if isinstance(value, Streamed):
        return [_materialised(value.convert(item)) for item in value.items]
    if isinstance(value, dict):
        return {key: _materialised(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_materialised(item) for item in value]
    return value


@given(_VALUES)
def test_a_document_without_streamed_lists_is_written_as_json_dumps_writes_it(document: Any) -> None:
    """With nothing streamed, the text is json.dumps's, byte for byte."""
    assert indented_json(document) == _reference(document)


@given(_VALUES, st.lists(st.booleans(), min_size=1))
def test_streamed_lists_at_any_depth_are_written_as_their_lists(document: Any, pattern: list[bool]) -> None:
    """Lists streamed anywhere (chosen by ``pattern``, repeated) give the text json.dumps gives the whole document."""
    choices = iter(pattern * 1000)
    streamed = _streaming(document, choices)
    assert indented_json(streamed) == _reference(_materialised(streamed))


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (Streamed([], lambda item: item), "[]"),
        ({"a": Streamed([], lambda item: item)}, '{\n "a": []\n}'),
        ({"a": Streamed([1], lambda item: {"x": [item]})}, '{\n "a": [\n  {\n   "x": [\n    1\n   ]\n  }\n ]\n}'),
        ([{"k": Streamed(["é\n"], str.upper)}, 2], '[\n {\n  "k": [\n   "É\\n"\n  ]\n },\n 2\n]'),
    ],
)
def test_exact_texts(document: Any, expected: str) -> None:
    """An empty streamed list is ``[]``; nested ones are indented one space a level; strings keep their characters."""
    assert indented_json(document) == expected
    assert indented_json(document, end="\n") == expected + "\n"


class _Logged(dict[str, int]):
    """An item that notes in ``log`` when the encoder writes it (the encoder reads a dict through ``items()``)."""

    log: ClassVar[list[str]] = []

    def items(self) -> Any:
        _Logged.log.append(f"write {self['i']}")
        return super().items()


def test_items_are_converted_and_written_a_hundred_at_a_time() -> None:
    """Items are taken and converted as the writer reaches them, at most 100 held before they are written."""
    _Logged.log = seen = []

    def items() -> Iterator[int]:
        for index in range(250):
            seen.append(f"take {index}")
            yield index

    def convert(index: int) -> _Logged:
        seen.append(f"convert {index}")
        return _Logged(i=index)

    text = indented_json({"all": Streamed(items(), convert)})
    batches = [range(0, 100), range(100, 200), range(200, 250)]
    assert seen == [
        line
        for batch in batches
        for line in [*(f"{step} {i}" for i in batch for step in ("take", "convert")), *(f"write {i}" for i in batch)]
    ]
    assert text == _reference({"all": [{"i": i} for i in range(250)]})


def test_a_dict_holding_a_streamed_list_needs_str_keys() -> None:
    """json.dumps would turn a key 1 into "1"; the streaming writer says it cannot rather than guess."""
    with pytest.raises(TypeError, match="needs str keys, got int"):
        indented_json({1: Streamed([1], str)})


@pytest.mark.parametrize(
    "conf",
    [load("eu2026"), load("na2026"), load("eu2026").to_tz("Asia/Tokyo"), rich_conference(), None],
    ids=["eu", "na", "tokyo", "rich", "empty"],
)
def test_native_json_is_the_text_of_the_whole_document(conf: Conference | None) -> None:
    """The native writer, a session at a time, writes what json.dumps writes of conference_to_dict, version included."""
    conf = conf if conf is not None else Conference(id="x", name="X", timezone="UTC")
    expected = _reference(conference_to_dict(conf))
    assert conference_json(conf) == expected
    assert dumps(conf, "json") == expected + "\n"


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
def test_c3voc_json_is_indented_as_json_dumps_indents_it(dataset: str) -> None:
    """The schedule.json writer, an event at a time, writes the text json.dumps writes of the same document."""
    text = dumps(load(dataset), "c3voc-json")
    assert text == _reference(json.loads(text)) + "\n"
