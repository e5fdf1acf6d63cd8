"""The format registry: names, errors, detection, files and what writers leave out."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import get_args

import pytest

import pyconf_schedule
from pyconf_schedule import ScheduleParseError, UnknownFormatError, dumps, format_names, load, loads, read, write
from pyconf_schedule.formats import (
    FORMATS,
    MAX_INPUT_BYTES,
    Format,
    FormatName,
    ReadableFormat,
    TextFormat,
    default_max_bytes,
    detect_format,
    get_format,
    omitted,
)

from .test_formats_golden import SHARED, small_conference

ALL_NAMES = ["json", "ics", "csv", "markdown", "md", "frab-xml", "c3voc-json", "frab-json", "sqlite"]


def test_format_names() -> None:
    """format_names lists the canonical writable names, and the readable or text-written ones on request."""
    assert format_names() == (
        "json",
        "ics",
        "csv",
        "markdown",
        "frab-xml",
        "c3voc-json",
        "html",
        "sqlite",
        "llms",
        "parquet",
    )
    assert format_names("read") == (
        "json",
        "ics",
        "frab-xml",
        "c3voc-json",
        "sqlite",
        "sessionize",
        "sched",
        "pretalx-api",
        "indico",
    )
    assert format_names("text") == ("json", "ics", "csv", "markdown", "frab-xml", "c3voc-json", "html", "llms")


def _names(records: Iterable[Format]) -> set[str]:
    return {name for record in records for name in (record.name, *record.aliases)}


def test_literal_names_match_the_records() -> None:
    """FormatName, TextFormat and ReadableFormat name exactly the records' writable, text-written and readable names and aliases."""
    assert set(get_args(FormatName)) == _names(f for f in FORMATS if f.writable)
    assert set(get_args(TextFormat)) == _names(f for f in FORMATS if f.writable and not f.binary)
    assert set(get_args(ReadableFormat)) == _names(f for f in FORMATS if f.readable)
    assert len(get_args(FormatName)) == len(_names(f for f in FORMATS if f.writable))  # no name twice


def test_records_are_consistent() -> None:
    """Every record names a module with the functions it claims, unique names, lower-case dotted suffixes and a known base for a dialect."""
    import importlib

    seen: list[str] = []
    for record in FORMATS:
        module = importlib.import_module(f"pyconf_schedule.formats.{record.module}")
        assert (hasattr(module, "loads"), hasattr(module, "dumps") or not record.writable) == (record.readable, True), (
            record.name
        )
        if record.binary and record.writable:
            assert callable(getattr(module, "write", None)), record.name
        assert all(s.startswith(".") and s == s.lower() for s in record.suffixes), record.name
        assert record.suffixes or not record.readable, record.name  # the fuzzer finds a reader's seed files by it
        assert record.refines is None or record.refines in {f.name for f in FORMATS if f.refines is None}, record.name
        assert record.description and "\n" not in record.description, record.name
        seen += [record.name, *record.aliases]
    assert len(seen) == len(set(seen)) and all(name == name.lower() for name in seen)


def test_a_dialect_is_detected_before_its_base() -> None:
    """detect_format tries a record that refines another just before that one, the others in record order."""
    from pyconf_schedule.formats import detection_order

    records = (
        Format(name="a", module="a", description="a", readable=True),
        Format(name="b", module="b", description="b", readable=True),
        Format(name="b-feed", module="c", description="c", readable=True, refines="b"),
        Format(name="a-feed", module="d", description="d", readable=True, refines="a"),
    )
    assert [f.name for f in detection_order(records)] == ["a-feed", "a", "b-feed", "b"]
    assert [f.name for f in detection_order(FORMATS)] == [
        "json",
        "sched",
        "ics",
        "csv",
        "markdown",
        "frab-xml",
        "c3voc-json",
        "html",
        "sqlite",
        "llms",
        "parquet",
        "sessionize",
        "pretalx-api",
        "indico",
    ]  # Sched's feed is a dialect of ics


def test_get_format() -> None:
    """get_format gives the record of a name or alias, case ignored, and lists the valid names for another."""
    assert (get_format(" MD ").name, get_format("frab-json").module, get_format("sqlite").binary) == (
        "markdown",
        "frab_json",
        True,
    )
    with pytest.raises(
        UnknownFormatError,
        match=r"^unknown format 'ical'; valid formats: json, ics, csv, markdown, frab-xml, c3voc-json, html, sqlite, llms, parquet, sessionize, sched, pretalx-api, indico \(aliases: md = markdown, frab-json = c3voc-json\)$",
    ):
        get_format("ical")


def test_formats_reference_table_matches_the_records() -> None:
    """docs/reference/formats.md's table lists each record, in order, with its module, aliases and what it reads and writes."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "formats.md").read_text(encoding="utf-8")
    rows = [line.split(" | ")[:4] for line in page.splitlines() if line.startswith("| `") and "formats." in line]
    expected = []
    for f in FORMATS:
        name = f"| `{f.name}`" + (f" (alias {', '.join(f'`{a}`' for a in f.aliases)})" if f.aliases else "")
        write_cell = ("yes (a file: `write`)" if f.binary else "yes") if f.writable else "no"
        expected.append([name, f"`formats.{f.module}`", write_cell, "yes" if f.readable else "no"])
    assert rows == expected


def test_format_names_refuses_an_unknown_mode() -> None:
    """format_names raises ValueError for a mode other than "write", "read" or "text", instead of answering for one."""
    with pytest.raises(ValueError, match=r"^mode must be 'write', 'read' or 'text', not 'bogus'$"):
        format_names("bogus")  # type: ignore[call-overload]


@pytest.mark.parametrize(("alias", "canonical"), [("md", "markdown"), ("frab-json", "c3voc-json"), ("ICS", "ics")])
def test_aliases_write_the_same(alias: str, canonical: str) -> None:
    """An alias (or a differently cased name) writes exactly what the canonical name writes."""
    conf = small_conference()
    if canonical == "ics":
        assert dumps(conf, alias).split("DTSTAMP")[0] == dumps(conf, canonical).split("DTSTAMP")[0]  # type: ignore[arg-type]
    else:
        assert dumps(conf, alias) == dumps(conf, canonical)  # type: ignore[arg-type]


def test_unknown_format_lists_valid_names() -> None:
    """An unknown name raises UnknownFormatError listing every valid name and the closest one."""
    with pytest.raises(UnknownFormatError) as info:
        dumps(small_conference(), "icss")  # type: ignore[arg-type]
    assert str(info.value) == (
        "unknown format 'icss'; valid formats: json, ics, csv, markdown, frab-xml, c3voc-json, html, sqlite, llms, parquet "
        "(aliases: md = markdown, frab-json = c3voc-json); did you mean 'ics'?"
    )
    assert isinstance(info.value, LookupError)


def test_write_only_format_cannot_be_read() -> None:
    """Asking to read a write-only format says so and lists the readable formats."""
    with pytest.raises(
        UnknownFormatError,
        match=r"^the csv format can be written but not read; readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico$",
    ):
        loads("id\r\n", "csv")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["sessionize", "sched"])
def test_read_only_format_cannot_be_written(name: str) -> None:
    """Asking to write a platform format, which is only read, says so and lists the writable formats."""
    with pytest.raises(
        UnknownFormatError, match=rf"^the {name} format can be read but not written; writable formats: json, ics, csv, "
    ):
        dumps(small_conference(), name)  # type: ignore[arg-type]


def test_import_loads_no_format_module() -> None:
    """import pyconf_schedule imports no format module and none of csv, xml, uuid or icalendar."""
    code = (
        "import sys, pyconf_schedule\n"
        "bad = [m for m in sys.modules if m.startswith(('pyconf_schedule.formats.', 'xml', 'csv', 'icalendar', 'uuid', 'lxml'))]\n"
        "print(','.join(sorted(bad)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_all_exports_the_registry() -> None:
    """The package's __all__ names the registry functions."""
    assert {"dumps", "format_names", "loads", "read", "write"} <= set(pyconf_schedule.__all__)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "ics"),
        (b"\xef\xbb\xbf  begin:vcalendar\n", "ics"),
        (b'<?xml version="1.0"?><schedule/>', "frab-xml"),
        ('{"format": "pyconf-schedule", "version": 1}', "json"),
        ('{"$schema": "x", "schedule": {"conference": {}}}', "c3voc-json"),
    ],
)
def test_detect_format(data: str | bytes, expected: str) -> None:
    """The format is told from the content."""
    assert detect_format(data) == expected


def test_detect_format_refuses_unknown_content() -> None:
    """Content of no readable format raises ScheduleParseError naming the formats to pass."""
    with pytest.raises(
        ScheduleParseError, match="pass format= one of json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched"
    ):
        detect_format("id,title\r\n")


@pytest.mark.parametrize("format_name", ["json", "ics", "frab-xml", "c3voc-json"])
def test_write_then_read_detects_the_format(tmp_path: Path, format_name: str) -> None:
    """write() a file with a misleading suffix, and read() still detects the format from the content."""
    path = tmp_path / "schedule.txt"
    write(small_conference(), path, format_name)  # type: ignore[arg-type]
    conf = read(path)
    left_out = omitted(small_conference(), format_name).ids  # type: ignore[arg-type]
    assert sorted(s.start for s in conf.sessions if s.start) == sorted(
        s.start for s in small_conference().sessions if s.start and s.id not in left_out
    )


@pytest.mark.parametrize(
    ("suffix", "head"),
    [(".md", b"# Demo"), (".markdown", b"# Demo"), (".csv", b"id,title"), (".ics", b"BEGIN:VCALENDAR"),
     (".ical", b"BEGIN:VCALENDAR"), (".ICS", b"BEGIN:VCALENDAR"), (".xml", b"<?xml")],
)  # fmt: skip
def test_write_infers_the_format_from_the_suffix(tmp_path: Path, suffix: str, head: bytes) -> None:
    """Without a format, write() picks one from the file suffix."""
    path = tmp_path / f"out{suffix}"
    write(small_conference(), path)
    assert path.read_bytes().startswith(head)


def test_write_unknown_suffix(tmp_path: Path) -> None:
    """A suffix that names no format raises UnknownFormatError."""
    with pytest.raises(UnknownFormatError):
        write(small_conference(), tmp_path / "out.txt")


def test_each_reader_has_its_default_size_limit_and_the_largest_is_max_input_bytes() -> None:
    """Each readable format's default limit is its record's max_bytes, with these values; MAX_INPUT_BYTES is the largest."""
    mib = 2**20
    defaults = {f.name: f.max_bytes for f in FORMATS if f.readable}
    assert defaults == {
        "json": 16 * mib, "ics": 8 * mib, "frab-xml": 8 * mib, "c3voc-json": 6 * mib, "sqlite": 32 * mib,
        "sessionize": 6 * mib, "sched": 4 * mib, "pretalx-api": 6 * mib, "indico": 4 * mib,
    }  # fmt: skip
    assert {name: default_max_bytes(name) for name in format_names("read")} == defaults
    assert default_max_bytes("frab-json") == defaults["c3voc-json"]
    assert MAX_INPUT_BYTES == max(defaults.values()) == 32 * mib


def test_the_largest_real_samples_read_within_their_default_limits() -> None:
    """The largest shared samples of each format (FOSDEM 2024's 1.2 MB XML, a 1 MB c3voc merge, Sched's 226 kB feed) read with no max_bytes."""
    samples = SHARED / "samples"
    if not samples.is_dir():
        pytest.skip(f"the shared samples ({samples}) are absent")
    largest: dict[str, Path] = {}
    for path in sorted(samples.iterdir()):
        if path.suffix in (".xml", ".json", ".ics"):
            name = detect_format(path.read_bytes())
            if name not in largest or path.stat().st_size > largest[name].stat().st_size:
                largest[name] = path
    assert {name: path.name for name, path in largest.items()} == {
        "frab-xml": "mttcrsp-fosdem_fosdem-2024.pentabarf.xml", "ics": "pyconuk-2015_schedule.pyvobject.ics",
        "sched": "sched_jococruise2025_all.ics", "sessionize": "sessionize_demo_GridSmart.json",
        "c3voc-json": "voc-jev22_everything.schedule.json",
    }  # fmt: skip
    zones = {"frab-xml": "Europe/Brussels"}  # FOSDEM's export names no zone
    sessions = {name: len(read(path, file_tz=zones.get(name)).sessions) for name, path in largest.items()}
    assert sessions == {"frab-xml": 674, "ics": 162, "sched": 463, "sessionize": 11, "c3voc-json": 433}


def test_read_refuses_oversized_file(tmp_path: Path) -> None:
    """A file over the size limit is refused before it is read: over the largest default when the format is still to be detected, over its format's when given."""
    path = tmp_path / "big.ics"
    with path.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)
    with pytest.raises(ScheduleParseError) as info:
        read(path)
    assert info.value.reason == (
        "the input is 33554433 bytes; the default limit is 33554432 bytes (32 MiB); "
        "to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )
    with pytest.raises(ScheduleParseError) as info:
        read(path, format="ics")
    assert info.value.reason.startswith("the input is 33554433 bytes; the default limit is 8388608 bytes (8 MiB); ")


def _endless_fifo(path: Path) -> threading.Thread:
    """A FIFO at ``path`` fed by a thread with more bytes than the limit, until the reader closes it."""
    os.mkfifo(path)

    def feed() -> None:
        chunk = b"y\n" * 32768
        try:
            with path.open("wb") as pipe:
                for _ in range(MAX_INPUT_BYTES // len(chunk) + 2):
                    pipe.write(chunk)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_read_refuses_endless_stream(tmp_path: Path, source: str) -> None:
    """A device or pipe, which has no size, is read up to the limit only and then refused, not read to exhaustion."""
    if source == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this platform")
        path = tmp_path / "endless"
        thread = _endless_fifo(path)
    else:
        path = Path(source)
        if not path.exists():
            pytest.skip("no /dev/zero on this platform")
    with pytest.raises(ScheduleParseError) as info:
        read(path)
    if source == "fifo":
        thread.join(timeout=10)
    assert str(info.value) == (
        "cannot read schedule file: the input is over the default limit of 33554432 bytes (32 MiB)"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )


@pytest.mark.parametrize(
    ("format_name", "left_out"),
    [
        ("json", []),
        ("csv", []),
        ("markdown", []),
        ("ics", ["unicorns", "tba-panel"]),
        ("frab-xml", ["unicorns", "tba-panel"]),
        ("c3voc-json", ["unicorns", "tba-panel"]),
    ],
)
def test_omitted(format_name: str, left_out: list[str]) -> None:
    """omitted() names the sessions a format cannot write: for ics and frab, unscheduled ones and those with no known end."""
    assert [s.id for s in omitted(small_conference(), format_name)] == left_out  # type: ignore[arg-type]


def test_query_result_is_written_with_its_conference() -> None:
    """A query result is written with its conference's name and only its sessions."""
    conf = load("eu2026")
    result = conf.by_speaker("Liz Li")
    back = loads(dumps(result, "json"), "json")
    assert (back.id, back.name, [s.id for s in back.sessions]) == (conf.id, conf.name, [s.id for s in result])
    assert [s.name for s in back.speakers] == [p.name for s in result for p in s.speakers]


def test_query_result_in_another_zone_keeps_that_zone() -> None:
    """A query result viewed in another zone is written in that zone by default."""
    result = load("eu2026").by_speaker("Liz Li").to_tz("Asia/Tokyo")
    assert "+09:00" in dumps(result, "csv").splitlines()[1]


def test_hand_built_sessions_get_a_minimal_conference() -> None:
    """Sessions with no conference are written under a minimal one."""
    sessions = pyconf_schedule.Sessions(small_conference().sessions)
    back = loads(dumps(sessions, "json"), "json")
    assert (back.id, back.name, back.timezone, len(back.sessions)) == ("sessions", "Sessions", "UTC", 5)


def test_shared_folder_is_found_or_skipped() -> None:
    """The shared folder path is computed from the test file's location."""
    if not SHARED.exists():
        pytest.skip(f"{SHARED} is absent")
    assert (SHARED / "samples").is_dir()


@pytest.mark.parametrize(
    ("text", "format"),
    [
        (
            '<schedule><conference><title>T</title></conference><day index="1" date="2026-02-01">'
            '<room name="R"><event id="1"><date>2026-02-01T10:00:00</date><start>10:00</start>'
            "<duration>00:25</duration><room>R</room><title>Opening</title></event></room></day></schedule>",
            "frab-xml",
        ),
        (
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTAMP:20260101T000000Z\r\n"
            "DTSTART:20260201T100000\r\nSUMMARY:Opening\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            "ics",
        ),
    ],
)
def test_zone_less_files_raise_missing_zone_error(text: str, format: ReadableFormat) -> None:
    """A file whose times carry no zone raises MissingZoneError, a ScheduleParseError, until tz= is given."""
    from pyconf_schedule import MissingZoneError

    with pytest.raises(MissingZoneError) as info:
        loads(text, format)
    assert isinstance(info.value, ScheduleParseError)
    start = loads(text, format, file_tz="Europe/Brussels").sessions[0].start
    assert start is not None and start.isoformat() == "2026-02-01T10:00:00+01:00"


def test_detected_formats_type_check_as_readable() -> None:
    """detect_format and format_names("read") return ReadableFormat names that loads accepts (checked by mypy too)."""
    from pyconf_schedule import dumps, load

    conf = load("eu2026").by_speaker("Liz Li")
    readable: tuple[ReadableFormat, ...] = format_names("read")
    writable: tuple[FormatName, ...] = format_names()
    text: tuple[TextFormat, ...] = format_names("text")
    assert (readable, writable[-3:]) == (
        ("json", "ics", "frab-xml", "c3voc-json", "sqlite", "sessionize", "sched", "pretalx-api", "indico"),
        ("sqlite", "llms", "parquet"),
    )
    both = [
        name for name in text if name in readable
    ]  # sqlite is a database file, not text: tests/test_formats_sqlite.py
    assert both == ["json", "ics", "frab-xml", "c3voc-json"]
    for name in both:
        data = dumps(conf, name)
        detected: ReadableFormat = detect_format(data)
        assert (detected, [s.title for s in loads(data, detected).sessions]) == (name, [s.title for s in conf])


def test_omitted_has_one_definition() -> None:
    """Every writer that leaves sessions out uses the one shared omitted()."""
    from pyconf_schedule.formats import _common, frab_json, frab_xml, ics

    assert frab_xml.omitted is frab_json.omitted is ics.omitted is _common.omitted
