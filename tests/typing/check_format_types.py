"""Checked by mypy only (not collected by pytest): the format registry's static types, with negative cases.

A line ending in ``# type: ignore[code]`` is a call the types must refuse;
``mypy --strict`` (``warn_unused_ignores``) fails if it stops being refused,
and tests/test_public_api.py checks each one is refused for that code.
"""

from __future__ import annotations

from pathlib import Path
from typing import assert_type

from pyconf_schedule import Conference, Sessions, dumps, format_names, load, loads, read, write
from pyconf_schedule.formats import (
    FORMATS,
    Format,
    FormatName,
    ReadableFormat,
    TextFormat,
    detect_format,
    format_for_path,
    format_for_url,
    get_format,
    omitted,
)


def _checks() -> None:
    """Never called: mypy checks the body, pytest (which imports this file for its doctests) runs nothing."""
    conf = load("eu2026")
    assert_type(dumps(conf, "ics"), str)
    assert_type(dumps(conf.sessions, "md"), str)
    assert_type(dumps(conf, "frab-json", tz="Asia/Tokyo"), str)
    assert_type(loads("{}", "frab-json"), Conference)
    assert_type(loads(b"", "sqlite"), Conference)
    assert_type(loads(b"[]", "sessionize", file_tz="Europe/Paris"), Conference)
    assert_type(read("all.ics", format="sched"), Conference)
    assert_type(format_for_url("https://sessionize.com/api/v2/x/view/All"), ReadableFormat | None)
    assert_type(read("schedule.xml", format="frab-xml", file_tz="Europe/Berlin"), Conference)
    assert_type(loads(b"{}", "pretalx-api", file_tz="Europe/Berlin"), Conference)
    assert_type(read("https://pretalx.com/api/events/democon/", format="pretalx-api"), Conference)
    assert_type(loads(b"{}", "indico"), Conference)
    assert_type(format_names(), tuple[FormatName, ...])
    assert_type(format_names("read"), tuple[ReadableFormat, ...])
    assert_type(format_names("text"), tuple[TextFormat, ...])
    assert_type(detect_format(b""), ReadableFormat)
    assert_type(format_for_path("talks.ics"), FormatName)
    assert_type(get_format("ics"), Format)
    assert_type(FORMATS, tuple[Format, ...])
    assert_type(omitted(conf, "sqlite"), Sessions)
    write(conf, Path("conf.sqlite"), "sqlite")
    write(conf, "talks.ics", "md")

    # A database is a file: dumps() does not write it as text, and write-only or unknown names are not read.
    dumps(conf, "sqlite")  # type: ignore[arg-type]
    dumps(conf, "ical")  # type: ignore[arg-type]
    dumps(conf, "sessionize")  # type: ignore[arg-type]
    write(conf, "all.ics", "sched")  # type: ignore[arg-type]
    loads("", "csv")  # type: ignore[arg-type]
    loads("", "html")  # type: ignore[arg-type]
    loads("", "markdown")  # type: ignore[arg-type]
    read("talks.csv", format="csv")  # type: ignore[arg-type]
    write(conf, "talks.txt", "text")  # type: ignore[arg-type]
    format_names("readable")  # type: ignore[call-overload]
    # pretalx-api and indico are read, never written.
    dumps(conf, "pretalx-api")  # type: ignore[arg-type]
    write(conf, "event.json", "indico")  # type: ignore[arg-type]
