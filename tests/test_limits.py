"""read_at_most: what ``stream.read(most)`` gives, without a buffer of ``most`` bytes for a smaller file."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule._limits import read_at_most


@pytest.mark.parametrize(
    ("size", "most", "expected"),
    [(0, 10, 0), (5, 10, 5), (9, 10, 9), (10, 10, 10), (11, 10, 10), (50, 10, 10)],
)
def test_a_file_gives_what_read_gives(tmp_path: Path, size: int, most: int, expected: int) -> None:
    """A regular file, smaller, as large as or larger than ``most``: the same bytes as ``read(most)``."""
    path = tmp_path / "f"
    path.write_bytes(bytes(range(256))[:size])
    with path.open("rb") as stream:
        data = read_at_most(stream, most)
    with path.open("rb") as stream:
        assert data == stream.read(most)
    assert len(data) == expected


def test_it_reads_on_from_where_the_stream_stands(tmp_path: Path) -> None:
    """After a header line (the download cache's entries), the rest of the file, up to ``most``."""
    path = tmp_path / "entry"
    path.write_bytes(b'{"url": "x"}\n' + b"body" * 10)
    with path.open("rb") as stream:
        assert stream.readline() == b'{"url": "x"}\n'
        assert read_at_most(stream, 1000) == b"body" * 10
    with path.open("rb") as stream:
        stream.readline()
        assert read_at_most(stream, 7) == b"bodybod"


class _Grown(io.BufferedReader):
    """A file that has grown since its size was read: fstat is told the smaller file's descriptor."""

    def __init__(self, raw: Any, small: int) -> None:
        super().__init__(raw)
        self._small = small

    def fileno(self) -> int:
        return self._small


def test_a_file_grown_since_its_size_was_read_is_read_to_the_limit(tmp_path: Path) -> None:
    """The byte past the size the file gave shows it grew: the rest is read too, as far as ``most``."""
    big, small = tmp_path / "big", tmp_path / "small"
    big.write_bytes(b"x" * 100)
    small.write_bytes(b"x" * 10)
    with small.open("rb") as little:
        with _Grown(io.FileIO(big, "rb"), little.fileno()) as stream:
            assert read_at_most(stream, 60) == b"x" * 60
        with _Grown(io.FileIO(big, "rb"), little.fileno()) as stream:
            assert read_at_most(stream, 1000) == b"x" * 100


def test_streams_without_a_size_are_read_as_read_does() -> None:
    """An in-memory stream (no descriptor) and a pipe (no size, no position) are read by ``read(most)``."""
    assert read_at_most(io.BytesIO(b"abcdef"), 4) == b"abcd"
    assert read_at_most(io.BytesIO(b"ab"), 4) == b"ab"
    reading, writing = os.pipe()

    def write() -> None:
        os.write(writing, b"0123456789")
        os.close(writing)

    writer = threading.Thread(target=write)
    writer.start()
    with open(reading, "rb") as stream:
        assert read_at_most(stream, 6) == b"012345"
        assert read_at_most(stream, 100) == b"6789"
    writer.join()
