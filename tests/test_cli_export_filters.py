"""list and export select by --id and --after; export takes --search and infers its format from -o."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyconf_schedule import load
from pyconf_schedule.cli import EXIT_ERROR, EXIT_OK

from ._cli import run


def test_export_infers_the_format_from_the_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """export -o keynotes.ics writes iCalendar without --to."""
    target = tmp_path / "keynotes.ics"
    code, out, _ = run(capsys, "export", "eu2026", "--kind", "keynote", "-o", str(target))
    assert (code, out) == (EXIT_OK, f"wrote 9 sessions to {target}\n")
    assert target.read_text(encoding="utf-8").startswith("BEGIN:VCALENDAR")


def test_export_without_a_format_says_how_to_give_one(capsys: pytest.CaptureFixture[str]) -> None:
    """export with neither --to nor -o is a usage error naming both ways."""
    assert run(capsys, "export", "eu2026") == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: give the output format with --to FMT, or a file with -o FILE whose suffix names it\n"
        "hint: formats: json, ics, csv, markdown, frab-xml, c3voc-json, html, sqlite, llms, parquet; e.g. -o talks.ics\n",
    )


def test_export_takes_search_text_and_after(capsys: pytest.CaptureFixture[str]) -> None:
    """export --search and --after select the same sessions as the library's search().after()."""
    code, out, _ = run(
        capsys, "export", "eu2026", "--search", "kv cache", "--after", "2026-04-08 12:00", "--to", "json"
    )
    expected = load("eu2026").search("kv cache").after("2026-04-08 12:00").ids
    assert code == EXIT_OK
    assert [s["id"] for s in json.loads(out)["conference"]["sessions"]] == list(expected)
    assert expected == (
        "inside-vllm-s-kv-offloading-connector-async-memory",
        "beyond-the-theory-what-actually-breaks-when-you",
    )


def test_list_and_export_select_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    """--id, repeated or comma-separated, selects those sessions; an unknown id is an error with close ids."""
    code, out, _ = run(capsys, "export", "eu2026", "--id", "vllm-ray-updates,pytorch-cto", "--to", "json")
    assert (code, [s["id"] for s in json.loads(out)["conference"]["sessions"]]) == (
        EXIT_OK,
        ["pytorch-cto", "vllm-ray-updates"],
    )
    code, out, _ = run(capsys, "list", "eu2026", "--id", "pytorch-cto", "--id", "vllm-ray-updates", "--ids")
    assert code == EXIT_OK
    assert [line.strip() for line in out.splitlines() if "id: " in line] == ["id: pytorch-cto", "id: vllm-ray-updates"]
    code, _, err = run(capsys, "list", "eu2026", "--id", "pytorch-ct")
    assert (code, err.splitlines()[0]) == (
        EXIT_ERROR, "pyconf-schedule: error: session 'pytorch-ct' not found (did you mean 'pytorch-cto'?)"
    )  # fmt: skip


def test_list_after(capsys: pytest.CaptureFixture[str]) -> None:
    """list --after keeps the sessions starting at or after the moment."""
    code, out, _ = run(capsys, "list", "na2026", "--after", "2026-10-21 17:00", "--ids")
    expected = load("na2026").after("2026-10-21 17:00").ids
    assert code == EXIT_OK and len(expected) == 7
    assert [line.strip()[4:] for line in out.splitlines() if line.strip().startswith("id: ")] == list(expected)


def test_export_and_convert_offer_zones_in_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--offer-zone, repeated, gives the page the zones html.dumps(zones=) gives, for a dataset and for a file."""
    from pyconf_schedule.formats import html, write

    conf = load("eu2026")
    expected = html.dumps(conf, zones=["Asia/Tokyo", "America/New_York"])
    page = tmp_path / "page.html"
    code, out, err = run(
        capsys, "export", "eu2026", "--offer-zone", "Asia/Tokyo", "--offer-zone", "America/New_York", "-o", str(page)
    )
    assert (code, out, err) == (EXIT_OK, f"wrote 98 sessions to {page}\n", "")
    assert page.read_text(encoding="utf-8") == expected
    source = tmp_path / "eu2026.json"
    write(conf, source)
    code, out, err = run(
        capsys, "convert", str(source), "--to", "html", "--offer-zone", "Asia/Tokyo", "--offer-zone", "America/New_York"
    )
    assert (code, out, err) == (EXIT_OK, expected, "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["export", "eu2026", "--to", "html", "--offer-zone", "Mars/Olympus"],
         "pyconf-schedule: error: unknown time zone 'Mars/Olympus': use an IANA name such as 'Europe/Paris' or 'UTC'\n"),
        (["export", "eu2026", "--to", "html", "--offer-zone", "-05:00"],
         "pyconf-schedule: error: unknown time zone '-05:00': use an IANA name such as 'Europe/Paris' or 'UTC'"),
        (["export", "eu2026", "--to", "ics", "--offer-zone", "Asia/Tokyo"],
         "pyconf-schedule: error: --offer-zone adds a zone to the HTML page's time-zone switch: use it with --to html\n"
         "hint: for times in one zone, give --tz ZONE\n"),
    ],
)  # fmt: skip
def test_offer_zone_is_refused_when_unknown_or_not_for_a_page(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown --offer-zone, or one with a format that is not html, is an error that says why; nothing is written."""
    page = tmp_path / "page.out"
    code, out, err = run(capsys, *argv, "-o", str(page))
    assert (code, out, err.startswith(message), page.exists()) == (EXIT_ERROR, "", True, False)
