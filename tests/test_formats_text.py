"""CSV and Markdown: stable columns, ISO datetimes, neutralised formulas and escaped cells."""

from __future__ import annotations

import csv
import io

import attrs
import pytest

from pyconf_schedule import dumps, load
from pyconf_schedule.formats import csv as csv_format
from pyconf_schedule.formats import markdown

from .test_formats_golden import small_conference


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_csv_has_one_row_per_session(name: str) -> None:
    """Each dataset gives one CSV row per session under the documented header."""
    conf = load(name)
    text = dumps(conf, "csv")
    assert text.split("\r\n", 1)[0] == ",".join(csv_format.COLUMNS)
    assert [r["id"] for r in _rows(text)] == [s.id for s in conf.sessions]


def test_csv_datetimes_are_iso_in_the_view_zone() -> None:
    """start and end are ISO 8601 with the offset of the view zone, named in the timezone column."""
    rows = _rows(dumps(small_conference(), "csv", tz="Asia/Kolkata"))
    assert (rows[0]["start"], rows[0]["end"], rows[0]["timezone"]) == (
        "2026-03-28T13:30:00+05:30",
        "2026-03-28T14:00:00+05:30",
        "Asia/Kolkata",
    )
    assert (rows[2]["end"], rows[4]["start"]) == ("", "")


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"),
        ("a=b", "a=b"), ("", ""),
        # issue 18 item 23: control characters, spaces or invisible characters before the formula hid it from the guard
        ("\x00=HYPERLINK(1)", "'\x00=HYPERLINK(1)"), ("\x01\x1f+1", "'\x01\x1f+1"), ("\x7f\x9b-1", "'\x7f\x9b-1"),
        (" =1", "' =1"), ("\u00a0@x", "'\u00a0@x"), ("\u200b\ufeff=1", "'\u200b\ufeff=1"),
        ("\x00plain", "\x00plain"), (" a-b", " a-b"),
    ],
)  # fmt: skip
def test_formula_cells_are_neutralised(cell: str, written: str) -> None:
    """Cells starting with = + - @ tab or CR, also after controls, spaces or invisible characters, get a leading apostrophe; others are unchanged."""
    conf = small_conference()
    session = attrs.evolve(conf.sessions[0], title=cell, abstract=cell)
    (row,) = _rows(dumps(attrs.evolve(conf, sessions=[session]), "csv"))
    assert (row["title"], row["abstract"]) == (written, written)


_SKIPPABLE = "".join(
    chr(c)
    for c in (*range(0x21), *range(0x7F, 0xA1), 0x1680, 0x180E, *range(0x2000, 0x2010), *range(0x2028, 0x2030),
              *range(0x205F, 0x2070), 0x3000, 0xFEFF)
)  # fmt: skip
"""What the guard skips before looking for a formula's start: controls, spaces and invisible characters."""


def _guarded(cell: str) -> bool:
    """The guard's rule, written out apart from the library: a formula start first, or after skippable characters."""
    return cell.startswith(("=", "+", "-", "@", "\t", "\r")) or cell.lstrip(_SKIPPABLE).startswith(("=", "+", "-", "@"))


def test_the_guard_looks_further_after_every_character_that_may_hide_a_formula() -> None:
    """For every code point c, the cells c, c + '=1' and c + 'a' are guarded exactly when the rule says so."""
    wrong = [
        (hex(c), cell)
        for c in range(0x110000)
        for cell in (chr(c), chr(c) + "=1", chr(c) + "a")
        if (csv_format.neutralise(cell) != cell) != _guarded(cell)
    ]
    assert wrong == []


def test_markdown_groups_by_day_in_the_view_zone() -> None:
    """Day headings follow the view zone, and unscheduled sessions come last."""
    text = dumps(small_conference(), "md", tz="Pacific/Auckland")
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## Saturday 28 March 2026",
        "## Sunday 29 March 2026",
        "## Unscheduled",
    ]
    assert "Times are in Pacific/Auckland." in text


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("a|b", "a\\|b"), ("line\nbreak", "line<br>break"), ("crlf\r\nx", "crlf<br>x"), ("<script>", "\\<script\\>"),
        ("*x* _y_", "\\*x\\* \\_y\\_"), ("nul\x00", "nul"), ("[l](u)", "\\[l\\](u)"),
        # issue 18 item 23: an entity rendered as the character it names; & is escaped so it stays text
        ("&lt;script&gt;", "\\&lt;script\\&gt;"), ("Q&A", "Q\\&A"), ("&#60;", "\\&#60;"),
    ],
)  # fmt: skip
def test_markdown_cells_are_escaped(text: str, cell: str) -> None:
    """Pipes, newlines and Markdown/HTML specials cannot break out of a table cell."""
    assert markdown.escape_cell(text) == cell
    conf = small_conference()
    session = attrs.evolve(conf.sessions[0], title=text)
    rows = [
        line
        for line in dumps(attrs.evolve(conf, sessions=[session]), "markdown").splitlines()
        if line.startswith("| 09:00")
    ]
    assert rows == [f"| 09:00–09:30 | {cell} | Ada Lovelace, Émile Zoë | Main Hall | Keynotes, Plenary |"]


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_markdown_tables_have_five_cells_per_row(name: str) -> None:
    """Every table row of a dataset agenda has exactly five cells once escaped pipes are ignored."""
    text = dumps(load(name), "markdown")
    for line in text.splitlines():
        if line.startswith("|"):
            assert line.replace("\\|", "").count("|") == 6, line


def test_csv_gives_recording_slides_and_their_addresses() -> None:
    """The recording, slide file names and slide addresses are columns; several are joined with "; "."""
    rows = {r["id"]: r for r in _rows(dumps(load("eu2026"), "csv"))}
    token = rows["the-token-slice-implementing-preemptive-scheduling-via-chunked"]
    assert (token["url"], token["recording"]) == (
        "https://pytorchconferenceeu2026.sched.com/event/2Hins",
        "https://deepcamp.cc/video/the-token-slice-implementing-preemptive-scheduling-via-chunked-decod-m-GtbNM1RaRNg",
    )
    risc_v = rows["pytorch-on-risc-v-from-cross-compilation-to"]
    assert (risc_v["slides"], risc_v["slide_urls"]) == (
        "PyTorch Conf EU 2026 PyTorch on RISC V pdf",
        "https://hosted-files.sched.co/pytorchconferenceeu2026/0b/PyTorch%20Conf%20EU%20-%202026%20-%20PyTorch%20on%20RISC-V.pdf",
    )
    assert (
        rows["why-wideep-inference-needs-data-parallel-aware-scheduling"]["slides"]
        == "[2026 04 07] PyTorch WideEP pptx"
    )


def test_csv_times_that_compare_equal_but_differ_are_written_each_as_it_is() -> None:
    """The writer writes each distinct time once and reuses the text: equal-looking times must not share one.

    02:30 on 25 October 2026 in Paris happens twice (fold 0 at +02:00, fold 1 at +01:00); Python compares two
    datetimes of one zone by wall time alone, so the two are ``==``.  The same instant given in another zone is
    written in the view zone like any other.
    """
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from pyconf_schedule import Conference, Session

    paris, utc = ZoneInfo("Europe/Paris"), ZoneInfo("UTC")
    first, second = datetime(2026, 10, 25, 2, 30, tzinfo=paris), datetime(2026, 10, 25, 2, 30, fold=1, tzinfo=paris)
    assert first == second  # the trap
    sessions = [
        Session(id="a", title="A", start=first, end=second),
        Session(id="b", title="B", start=second),
        Session(id="c", title="C", start=datetime(2026, 10, 25, 1, 30, tzinfo=utc)),  # the instant of `second`
    ]
    conf = Conference(id="dst", name="DST", timezone="Europe/Paris", sessions=sessions)
    rows = _rows(dumps(conf, "csv"))
    assert [(r["id"], r["start"], r["end"]) for r in rows] == [
        ("a", "2026-10-25T02:30:00+02:00", "2026-10-25T02:30:00+01:00"),
        ("b", "2026-10-25T02:30:00+01:00", ""),
        ("c", "2026-10-25T02:30:00+01:00", ""),
    ]
