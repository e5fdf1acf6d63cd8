"""Every writer's output of a conference, checked by the independent reader its own tests use.

Native JSON against its JSON Schema, iCalendar by the ``icalendar`` package,
frab XML against ``schedule.xml.xsd`` (lxml), c3voc JSON against
``schedule.schema.json`` (jsonschema, formats checked), CSV by the ``csv``
module, Markdown's table rows, the HTML page by lxml's HTML parser, SQLite by
``sqlite3`` (integrity and a read back).  Used by the readers' tests: what a platform gives,
converted to every format.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import icalendar
import jsonschema
from lxml import etree
from lxml import html as lxml_html

from pyconf_schedule import Conference, dumps, loads, read, write
from pyconf_schedule.formats import format_names, native
from pyconf_schedule.formats._common import UNTITLED
from pyconf_schedule.formats.markdown import escape_cell

from ._support import check_c3voc_schema, shared_path


def check_every_writer(conf: Conference, folder: Path) -> dict[str, int]:
    """Write ``conf`` in every writable format and check each; the number of sessions each output holds, by format."""
    counts: dict[str, int] = {}
    for name in format_names():
        counts[name] = _CHECKS[name](conf, folder)
    return counts


def _json(conf: Conference, folder: Path) -> int:
    text = dumps(conf, "json")
    document = json.loads(text)
    jsonschema.Draft202012Validator(native.schema()).validate(document)
    assert loads(text, "json") == conf  # lossless
    return len(document["conference"]["sessions"])


def _ics(conf: Conference, folder: Path) -> int:
    calendar: Any = icalendar.Calendar.from_ical(dumps(conf, "ics"))
    events = calendar.walk("VEVENT")
    written = [s for s in conf.sessions if s.start is not None and s.end is not None]  # no known end: omitted()
    assert sorted(str(e["SUMMARY"]) for e in events) == sorted(
        s.title if s.title is not None else UNTITLED for s in written
    )
    return len(events)


def _frab_xml(conf: Conference, folder: Path) -> int:
    schema = etree.XMLSchema(etree.parse(str(shared_path("schemas", "schedule.xml.xsd"))))
    document = etree.fromstring(dumps(conf, "frab-xml").encode("utf-8"))
    assert schema.validate(document), schema.error_log
    return len(document.findall(".//event"))


def _c3voc(conf: Conference, folder: Path) -> int:
    document = json.loads(dumps(conf, "c3voc-json"))
    check_c3voc_schema(document, conf)
    days = document["schedule"]["conference"]["days"]
    return sum(len(events) for day in days for events in day["rooms"].values())


def _csv(conf: Conference, folder: Path) -> int:
    rows = list(csv.DictReader(io.StringIO(dumps(conf, "csv"), newline="")))
    assert [(row["id"], row["title"]) for row in rows] == [(s.id, s.display_title) for s in conf.sessions]
    return len(rows)


def _markdown(conf: Conference, folder: Path) -> int:
    rows_text = dumps(conf, "markdown")
    rows = [line for line in rows_text.splitlines() if line.startswith("| ") and not line.startswith("| Time |")]
    assert all(line.replace("\\|", "").count("|") == 6 for line in rows), rows  # five cells a row
    assert all(f"| {escape_cell(s.display_title)} |" in rows_text for s in conf.sessions)
    return len(rows)


def _html(conf: Conference, folder: Path) -> int:
    page = lxml_html.document_fromstring(dumps(conf, "html"))
    blocks: list[str] = [str(value) for value in page.xpath("//*[@data-session-id]/@data-session-id")]  # type: ignore[union-attr]
    assert sorted(set(blocks)) == sorted(s.id for s in conf.sessions if s.start is not None)
    text = "".join(str(part) for part in page.itertext())
    assert all(s.display_title in text for s in conf.sessions)
    return sum(1 for s in conf.sessions if s.display_title in text)


def _sqlite(conf: Conference, folder: Path) -> int:
    path = folder / f"{conf.id}.sqlite"
    write(conf, path)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (count,) = connection.execute("SELECT count(*) FROM sessions").fetchone()
    connection.close()
    assert [s.id for s in read(path).sessions] == [s.id for s in conf.sessions]
    return int(count)


def _llms(conf: Conference, folder: Path) -> int:
    text = dumps(conf, "llms")
    assert all(s.display_title in text for s in conf.sessions)
    return sum(1 for s in conf.sessions if s.display_title in text)


def _parquet(conf: Conference, folder: Path) -> int:
    import pyarrow.parquet as parquet

    target = folder / f"{conf.id}-tables"
    write(conf, target, "parquet")
    return int(parquet.read_table(target / "sessions.parquet").num_rows)


_CHECKS = {
    "llms": _llms,
    "parquet": _parquet,
    "json": _json,
    "ics": _ics,
    "csv": _csv,
    "markdown": _markdown,
    "frab-xml": _frab_xml,
    "c3voc-json": _c3voc,
    "html": _html,
    "sqlite": _sqlite,
}
