"""Human output is safe for a terminal: control characters from the data never reach it (issue 18, item 22).

A title, speaker, organisation, room, track, abstract, URL or file name can
hold escape sequences (set the window title, clear the screen, OSC 52 writes
the clipboard, OSC 8 hides a link, an 8-bit CSI, a bidi override).  Every
human line of every command passes through one function,
``cli._render.terminal_text``; machine formats keep the data, escaped as
their format says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyconf_schedule import read
from pyconf_schedule.cli._render import json_text, terminal_text
from pyconf_schedule.formats import dumps

from ._cli import run
from ._hostile import HOSTILE

FILE = HOSTILE / "cli-terminal-escapes.json"
"""One session whose title, speaker, organisation, room, track, abstract and URL carry escape sequences."""
TITLE = "Talk \x1b]0;owned\x07\x1b]52;c;cGF5bG9hZA==\x07\x9b2J\u202eevil\x7f\r!"
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach a terminal: C0 but line feed and tab, DEL, C1, the bidi embeddings, overrides and isolates."""
SHOWN_TITLE = "Talk ␛]0;owned␇␛]52;c;cGF5bG9hZA==␇�2J�evil␡ !"


def test_terminal_text_makes_each_control_character_visible() -> None:
    """C0 controls become their pictures, DEL ␡, C1 and bidi controls �; line feed, tab and ordinary text stay."""
    assert terminal_text("\x00\x07\x08\x0b\x0c\r\x1b\x1f") == "␀␇␈␋␌␍␛␟"
    assert terminal_text("\x7f\x80\x85\x9b\x9f") == "␡����"
    assert terminal_text("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") == "�" * 9
    assert terminal_text("a\tb\nÉmile Zoë — 東京 ✓") == "a\tb\nÉmile Zoë — 東京 ✓"
    assert terminal_text("\u200e\u00a0") == "\u200e\u00a0"  # a left-to-right mark and a no-break space are harmless


def test_json_text_escapes_what_a_terminal_acts_on_and_keeps_the_data() -> None:
    """DEL, C1 and bidi controls inside JSON strings become \\u escapes; the document decodes to the same value."""
    document = json.dumps({"t": "a\x7f\x9b\u202eb"}, ensure_ascii=False)
    assert json_text(document) == '{"t": "a\\u007f\\u009b\\u202eb"}'
    assert json.loads(json_text(document)) == {"t": "a\x7f\x9b\u202eb"}


def _hostile_commands(tmp_path: Path) -> list[list[str]]:
    changed = tmp_path / "changed.json"
    changed.write_text(FILE.read_text(encoding="utf-8").replace("Talk ", "Keynote "), encoding="utf-8")
    path = str(FILE)
    return [
        ["list", path],
        ["list", path, "--ids", "--speaker", "Eve"],
        ["search", path, "talk"],
        ["show", path, "s1"],
        ["speakers", path],
        ["now", path, "--at", "2026-05-01T10:10Z"],
        ["next", path, "--at", "2026-05-01T09:00Z"],
        ["diff", path, str(changed)],
        ["export", path, "-o", str(tmp_path / "out\x1b]0;x\x07.ics")],
        ["show", path, "\x1b[2J\x9bnothing"],
        ["list", path, "--room", "\x1b]0;nowhere\x07"],
    ]


def test_every_command_neutralises_control_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """list, search, show, speakers, now, next, diff, export's note and the errors print no control character of the data, only its visible form."""
    for argv in _hostile_commands(tmp_path):
        code, out, err = run(capsys, *argv)
        assert code in (0, 1, 2), argv
        assert UNSAFE.findall(out + err) == [], argv
        assert out + err != "", argv
    assert run(capsys, "search", str(FILE), "talk")[1].count(SHOWN_TITLE) == 1
    assert ": Keynote ␛]0;owned␇" in run(capsys, "diff", str(FILE), str(tmp_path / "changed.json"))[1]


def test_list_shows_the_hostile_session_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """The listing of the hostile file, exactly: every escape shown, the layout intact."""
    code, out, err = run(capsys, "list", str(FILE))
    assert (code, err) == (0, "")
    assert out == (
        "Hostile ␛]0;conf␇Conf — times in UTC\n"
        "\n"
        "Friday 1 May 2026\n"
        f"  10:00–10:30  {SHOWN_TITLE}\n"
        "               Room ␛[H␛[2J1 · Eve ␛[5mBlink␛[0m (␛]8;;http://x.invalid/␇Org�)\n"
    )


def test_show_shows_every_field_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """show of the hostile session, exactly: title, room, track, URL, speaker and abstract with their escapes visible."""
    code, out, err = run(capsys, "show", str(FILE), "s1")
    assert (code, err) == (0, "")
    assert out == (
        "Hostile ␛]0;conf␇Conf — times in UTC\n"
        "\n"
        f"{SHOWN_TITLE}\n"
        "\n"
        "  id         s1\n"
        "  kind       Talk\n"
        "  when       Friday 1 May 2026, 10:00–10:30 UTC (30 min)\n"
        "  room       Room ␛[H␛[2J1\n"
        "  track      Track ␛[31mred\n"
        "  url        https://example.org/␛[31m\n"
        "  speaker    Eve ␛[5mBlink␛[0m (␛]8;;http://x.invalid/␇Org�)\n"
        "\n"
        "Up␛[1A␀here .\n"
    )


def test_speakers_table_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """The speakers table of the hostile file keeps its columns: each control character takes the one column it was counted for."""
    code, out, err = run(capsys, "speakers", str(FILE))
    assert (code, err) == (0, "")
    assert out.splitlines()[3] == "  Eve ␛[5mBlink␛[0m  ␛]8;;http://x.invalid/␇Org�" + " " * 31 + "1"


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "--json"],
        ["show", "s1", "--json"],
        ["speakers", "--json"],
        ["now", "--at", "2026-05-01T10:10Z", "--json"],
    ],
)
def test_json_output_keeps_the_data_escaped(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """--json keeps every character of the data, each control character written as a JSON escape."""
    code, out, err = run(capsys, argv[0], str(FILE), *argv[1:])
    assert (code, err) == (0, "")
    assert UNSAFE.findall(out.replace("\n", "")) == []
    document = json.loads(out)
    titles = [s["title"] for s in document["conference"]["sessions"]] if isinstance(document, dict) else None
    if argv[0] == "speakers":
        assert [row["name"] for row in document] == ["Eve \x1b[5mBlink\x1b[0m"]
    else:
        assert titles == [TITLE]


def test_diff_json_keeps_the_data_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """diff --json writes the changed title as JSON escapes; decoded, it is the title in the file."""
    changed = tmp_path / "changed.json"
    changed.write_text(FILE.read_text(encoding="utf-8").replace("Talk ", "Keynote "), encoding="utf-8")
    code, out, _ = run(capsys, "diff", str(FILE), str(changed), "--json")
    assert code == 1 and UNSAFE.findall(out.replace("\n", "")) == []
    assert {TITLE, TITLE.replace("Talk ", "Keynote ")} <= set(_strings(json.loads(out)))


def _strings(value: object) -> list[str]:
    """Every string in a decoded JSON document."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_an_exported_format_keeps_the_data(capsys: pytest.CaptureFixture[str]) -> None:
    """export to standard output writes the format's own text, unchanged: a machine format is not filtered."""
    code, out, err = run(capsys, "export", str(FILE), "--to", "csv")
    assert (code, err) == (0, "")
    assert out == dumps(read(FILE), "csv")


def test_agenda_output_neutralises_a_hostile_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """agenda add, show, clashes, remove and export -o print an agenda file name holding escapes in their visible form."""
    path = str(tmp_path / "my\x1b]0;x\x07.json")
    shown = path.replace("\x1b", "␛").replace("\x07", "␇")
    assert run(capsys, "agenda", path, "add", "eu2026", "pytorch-updates") == (0, f"added 1; 1 pick in {shown}\n", "")
    for argv in (
        ["show"],
        ["clashes"],
        ["free", "2026-04-07"],
        ["export", "-o", str(tmp_path / "a\x1b[2J.ics")],
        ["remove", "nope"],
    ):
        _, out, err = run(capsys, "agenda", path, *argv)
        assert UNSAFE.findall(out + err) == [], argv
    assert run(capsys, "agenda", path, "remove", "pytorch-updates") == (0, f"removed 1; 0 picks in {shown}\n", "")
