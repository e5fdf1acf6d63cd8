"""The agenda command: add, remove, show, clashes, free and export, with the usual errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyconf_schedule.cli import EXIT_ERROR, EXIT_NOTHING_FOUND, EXIT_OK, main

from ._cli import run

KV = "kv-cache-centric-inference-building-a-state-aware"
MONARCH = "bringing-pytorch-monarch-to-amd-gpus-single-controller"


@pytest.fixture
def agenda_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """An agenda file with four picks of 8 April in eu2026, two of them clashing, in the working folder."""
    monkeypatch.chdir(tmp_path)
    path = "my.json"
    code, out, err = run(capsys, "agenda", path, "add", "eu2026", "pytorch-cto", "vllm-ray-updates", KV, MONARCH)
    assert (code, err) == (EXIT_OK, "")
    assert out == (
        f"added 4; 4 picks in {path}\nnote: 1 clash and 0 possible; see 'pyconf-schedule agenda {path} clashes'\n"
    )
    return path


def test_add_writes_the_agenda_file(agenda_file: str) -> None:
    """The first add creates the versioned file with the four picks."""
    document = json.loads(Path(agenda_file).read_text(encoding="utf-8"))
    assert document["format"] == "pyconf-schedule-agenda"
    assert [p["session"] for p in document["picks"]] == ["pytorch-cto", "vllm-ray-updates", KV, MONARCH]


def test_clashes_lists_the_overlapping_picks(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """clashes prints each clash with its overlap; --json gives the same as records."""
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes")
    assert code == EXIT_OK
    assert out.splitlines()[0] == "overlap 10 min:"
    assert out.splitlines()[1:3] == [
        f"  2026-04-08 11:05–11:15  {KV}",
        "      KV-Cache Centric Inference: Building a State-Aware Serving Platform With",
    ]
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes", "--json")
    assert json.loads(out) == [
        {"first": KV, "second": MONARCH, "overlap_minutes": 10.0, "possible": False, "weak_time": False}
    ]


def test_clashes_json_says_when_a_clash_rests_on_a_weak_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not All Tokens has its time only from the llm-d list: its clash with Monarch on ROCm has "weak_time": true."""
    path = str(tmp_path / "weak.json")
    weak = "not-all-tokens-are-equal-semantic-kv-cache"
    monarch = "bringing-pytorch-monarch-to-amd-gpus-single-controller"
    assert run(capsys, "agenda", path, "add", "eu2026", weak, monarch)[0] == EXIT_OK
    code, out, _ = run(capsys, "agenda", path, "clashes", "--json")
    assert (code, json.loads(out)) == (
        EXIT_OK,
        [{"first": monarch, "second": weak, "overlap_minutes": 5.0, "possible": False, "weak_time": True}],
    )


def test_free_in_another_zone(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """free DAY --tz prints the gaps in that zone."""
    code, out, _ = run(capsys, "agenda", agenda_file, "free", "2026-04-08", "--tz", "America/New_York")
    assert (code, out) == (
        EXIT_OK,
        "Free on 2026-04-08 (EDT):\n  03:25-05:05 (1 h 40 min)\n  05:30-09:50 (4 h 20 min)\n",
    )
    code, _, err = run(capsys, "agenda", agenda_file, "free", "2026-05-01")
    assert code == EXIT_NOTHING_FOUND
    assert err == "pyconf-schedule: no free time on 2026-05-01: no session that day, or the picks fill it\n"


def test_remove_and_show(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """remove drops a pick; show lists the rest with ids; removing a non-pick is an error with a hint."""
    code, out, _ = run(capsys, "agenda", agenda_file, "remove", KV)
    assert (code, out) == (EXIT_OK, f"removed 1; 3 picks in {agenda_file}\n")
    code, out, _ = run(capsys, "agenda", agenda_file, "show")
    assert code == EXIT_OK
    assert [line.strip() for line in out.splitlines() if line.strip().startswith("id: ")] == [
        "id: pytorch-cto", "id: vllm-ray-updates", f"id: {MONARCH}",
    ]  # fmt: skip
    code, _, err = run(capsys, "agenda", agenda_file, "remove", "pytorch-ct")
    assert code == EXIT_ERROR
    assert err == (
        "pyconf-schedule: error: session 'pytorch-ct' not found (did you mean 'pytorch-cto'?)\n"
        f"hint: 'pyconf-schedule agenda {agenda_file} show' lists the picks with their ids\n"
    )


def test_export_infers_the_format_from_the_suffix(
    agenda_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """export -o my.ics writes iCalendar with one event a pick; a name without suffix is refused, listing the suffixes."""
    target = tmp_path / "my.ics"
    code, out, _ = run(capsys, "agenda", agenda_file, "export", "-o", "my.ics")
    assert (code, out) == (EXIT_OK, "wrote 4 picks to my.ics\n")
    assert target.read_text(encoding="utf-8").count("BEGIN:VEVENT") == 4
    code, _, err = run(capsys, "agenda", agenda_file, "export", "-o", "mine")
    assert code == EXIT_ERROR
    assert err == (
        "pyconf-schedule: error: the file name 'mine' has no suffix to tell the format; "
        "use one of .json, .ics, .ical, .csv, .md, .markdown, .xml, .html, .htm, .sqlite, .sqlite3, .db, or give the format\n"
    )


def test_errors_of_agenda(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing agenda file, an unknown id and a file that is no agenda each give one error line and exit code 2."""
    monkeypatch.chdir(tmp_path)
    missing = "none.json"
    code, _, err = run(capsys, "agenda", missing, "show")
    assert (code, err) == (
        EXIT_ERROR,
        f"pyconf-schedule: error: no such agenda file: '{missing}'\n"
        f"hint: create it with: pyconf-schedule agenda {missing} add SOURCE ID... (or add SOURCE --search WORDS); "
        "SOURCE is a dataset (eu2026, na2026), a schedule file or a URL\n",
    )
    code, _, err = run(capsys, "agenda", missing, "add", "eu2026", "pytorch-update")
    assert (code, err) == (
        EXIT_ERROR,
        "pyconf-schedule: error: session 'pytorch-update' not found (did you mean 'pytorch-updates'?)\n"
        "hint: 'pyconf-schedule list eu2026 --ids' shows the session ids\n",
    )
    assert not Path(missing).exists()
    other = tmp_path / "other.json"
    other.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "agenda", str(other), "clashes")
    assert code == EXIT_ERROR
    assert err.startswith("pyconf-schedule: error: cannot read agenda: other.json is not an agenda file")


# -- the agenda file under pressure (issue 18, item 24) ----------------------------------------------


def _picks(path: str | Path) -> list[str]:
    return [p["session"] for p in json.loads(Path(path).read_text(encoding="utf-8"))["picks"]]


def test_an_agenda_naming_one_conference_twice_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An agenda file listing eu2026 twice is refused with its location and what is valid, exit 2 (it was an internal error)."""
    path = tmp_path / "twice.json"
    path.write_text(
        '{"format": "pyconf-schedule-agenda", "version": 1, "timezone": null, "conferences": ["eu2026", "eu2026"], "picks": []}',
        encoding="utf-8",
    )
    for action in (["show"], ["add", "eu2026", "pytorch-updates"]):
        assert run(capsys, "agenda", str(path), *action) == (
            EXIT_ERROR,
            "",
            "pyconf-schedule: error: cannot read agenda at conferences[1]: conference 'eu2026' is listed twice; "
            "list each conference once; expected a pyconf-schedule-agenda document as written by Agenda.save()\n",
        )


def test_an_agenda_from_a_pipe_is_read_no_further_than_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO that gives 5 MB (over the 4 MiB agenda limit) is refused as too large after reading at most the limit."""
    import os
    import threading

    from ._hostile import time_limit

    fifo = tmp_path / "agenda.fifo"
    os.mkfifo(fifo)
    sent: list[int] = []

    def feed() -> None:
        with open(fifo, "wb") as pipe:
            try:
                for _ in range(5):
                    pipe.write(b" " * 1_000_000)
                    sent.append(1)
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    with time_limit(30):
        result = run(capsys, "agenda", str(fifo), "show")
    writer.join(10)
    assert result == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: cannot read agenda: the input is over the limit of 4194304 bytes for an agenda\n",
    )


def test_agenda_dev_zero_is_refused_without_reading_it_all(capsys: pytest.CaptureFixture[str]) -> None:
    """agenda /dev/zero show stops at the size limit and says so, exit 2, instead of reading for ever."""
    from ._hostile import time_limit

    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with time_limit(30):
        assert run(capsys, "agenda", "/dev/zero", "show") == (
            EXIT_ERROR,
            "",
            "pyconf-schedule: error: cannot read agenda: the input is over the limit of 4194304 bytes for an agenda\n",
        )


def test_add_through_a_symbolic_link_writes_the_file_it_points_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """agenda LINK add keeps LINK a symbolic link and adds the pick to the file it points to."""
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    assert run(capsys, "agenda", str(real), "add", "eu2026", "pytorch-updates")[0] == EXIT_OK
    link.symlink_to(real)
    assert run(capsys, "agenda", str(link), "add", "eu2026", KV) == (EXIT_OK, f"added 1; 2 picks in {link}\n", "")
    assert link.is_symlink() and link.resolve() == real
    assert _picks(real) == ["pytorch-updates", KV]
    assert run(capsys, "agenda", str(link), "remove", KV)[0] == EXIT_OK
    assert link.is_symlink() and _picks(real) == ["pytorch-updates"]


def test_saving_keeps_the_file_mode_and_a_new_file_follows_the_umask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 0o640 agenda stays 0o640 after add and remove; a new agenda is 0o666 less the umask (0o644 under 0o022, 0o600 under 0o077)."""
    import os
    import stat

    path = tmp_path / "mine.json"
    previous = os.umask(0o022)
    try:
        assert run(capsys, "agenda", str(path), "add", "eu2026", "pytorch-updates")[0] == EXIT_OK
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        assert run(capsys, "agenda", str(path), "add", "eu2026", KV)[0] == EXIT_OK
        assert run(capsys, "agenda", str(path), "remove", "pytorch-updates")[0] == EXIT_OK
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        os.umask(0o077)
        assert run(capsys, "agenda", str(tmp_path / "private.json"), "add", "eu2026", KV)[0] == EXIT_OK
        assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    finally:
        os.umask(previous)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json", "private.json"]  # no temporary file left


def test_concurrent_adds_keep_every_pick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """20 agenda add runs at once on one file (threads, each its own descriptor and lock) keep all 21 picks."""
    import threading

    from pyconf_schedule import load

    from ._hostile import time_limit

    ids = list(load("eu2026").sessions.ids[:21])
    path = str(tmp_path / "shared.json")
    assert run(capsys, "agenda", path, "add", "eu2026", ids[0])[0] == EXIT_OK
    start = threading.Barrier(20)
    codes: list[int] = []

    def add(session_id: str) -> None:
        start.wait()
        codes.append(main(["agenda", path, "add", "eu2026", session_id]))

    workers = [threading.Thread(target=add, args=(i,)) for i in ids[1:]]
    with time_limit(120):
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    capsys.readouterr()
    assert codes == [EXIT_OK] * 20
    assert sorted(_picks(path)) == sorted(ids)


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C while a command reads, or while the command line is parsed, prints 'pyconf-schedule: interrupted' and returns 130."""
    import pyconf_schedule.cli as cli
    import pyconf_schedule.cli._commands as commands

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    def outcome(*argv: str) -> tuple[int, str, str]:
        try:
            return run(capsys, *argv)
        except KeyboardInterrupt:
            pytest.fail("KeyboardInterrupt escaped main(): the user sees a traceback")

    monkeypatch.setattr(commands, "load_source", interrupted)
    assert outcome("list", "eu2026") == (130, "", "pyconf-schedule: interrupted\n")
    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert outcome("agenda", "my.json", "show") == (130, "", "pyconf-schedule: interrupted\n")


def test_sigint_to_a_running_command_exits_130_without_a_traceback(tmp_path: Path) -> None:
    """A real SIGINT to `python -m pyconf_schedule list FIFO` blocked reading the FIFO: exit 130, one stderr line."""
    import os
    import signal
    import subprocess
    import sys
    import threading

    fifo = tmp_path / "schedule.fifo"
    os.mkfifo(fifo)
    child = subprocess.Popen(
        [sys.executable, "-m", "pyconf_schedule", "list", str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    opened = threading.Event()
    holder: list[object] = []

    def open_writer() -> None:
        # open() returns once the child has opened the FIFO to read it; the handle outlives this function.
        holder.append(open(fifo, "wb"))  # noqa: SIM115 (the test closes it after the child is done)
        opened.set()

    threading.Thread(target=open_writer, daemon=True).start()
    try:
        assert opened.wait(60), "the command never opened the FIFO"
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
        for handle in holder:
            handle.close()  # type: ignore[attr-defined]
    assert (child.returncode, out, err) == (130, "", "pyconf-schedule: interrupted\n")


# -- issue 21: sources, search words, notes, width, cross-conference export, reminders ----------------

FLYDSL = "extending-torchinductor-with-flydsl-a-new-mlir-native"
MXFP8 = "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x"


def test_add_takes_a_file_and_a_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21 item 4: add reads a schedule file or URL; the agenda file records where, and reads it again from any folder."""
    from pyconf_schedule import load
    from pyconf_schedule.formats import dumps

    from ._http import local_server

    folder = tmp_path / "plans"
    folder.mkdir()
    monkeypatch.chdir(folder)
    (folder / "na.json").write_text(dumps(load("na2026"), "json"), encoding="utf-8")
    assert run(capsys, "agenda", "my.json", "add", "na.json", FLYDSL) == (EXIT_OK, "added 1; 1 pick in my.json\n", "")
    with local_server() as server:
        url = server.serve("/eu.json", dumps(load("eu2026"), "json").encode())
        assert run(capsys, "agenda", "my.json", "add", url, "pytorch-cto") == (
            EXIT_OK,
            "added 1; 2 picks in my.json\n",
            "",
        )
        document = json.loads((folder / "my.json").read_text(encoding="utf-8"))
        assert (document["conferences"], document["sources"]) == (
            ["na2026", "eu2026"],
            {"na2026": "na.json", "eu2026": url},
        )
        monkeypatch.chdir(tmp_path)
        code, out, err = run(capsys, "agenda", "plans/my.json", "show")
        assert (code, err) == (EXIT_OK, "")
        assert [line.strip() for line in out.splitlines() if line.strip().startswith("id: ")] == [
            f"id: {FLYDSL}", "id: pytorch-cto",
        ]  # fmt: skip
        (folder / "eu.ics").write_text(dumps(load("eu2026"), "ics"), encoding="utf-8")
        code, out, err = run(
            capsys, "agenda", "plans/my.json", "add", "plans/eu.ics", "pytorch-updates", "--from", "ics"
        )
        assert (code, out, err) == (
            EXIT_OK,
            "added 1; 3 picks in plans/my.json\n",
            "",
        )  # --from is for eu.ics, not na.json


def test_add_by_search_words(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21 item 4: --search adds the one session the words find; several are listed with their ids and nothing is added."""
    assert run(capsys, "agenda", agenda_file, "add", "na2026", "--search", "flydsl torchinductor") == (
        EXIT_OK, "added 1; 5 picks in my.json\n", "",
    )  # fmt: skip
    code, out, err = run(capsys, "agenda", agenda_file, "add", "na2026", "--search", "liz li")
    assert code == EXIT_ERROR
    assert out == (
        f"  2026-10-20 11:10–11:35  {FLYDSL}\n"
        "      Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for\n"
        "      High-Performance GEMMs\n"
        f"  2026-10-21 14:15–14:40  {MXFP8}\n"
        "      Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and\n"
        "      TorchTitan Training\n"
    )
    assert err == (
        "pyconf-schedule: error: 2 sessions of na2026 match 'liz li'; nothing added: choose one of those listed by its id\n"
        f"hint: e.g. pyconf-schedule agenda my.json add na2026 {FLYDSL}, or narrow the search with more words\n"
    )
    assert _picks(agenda_file) == ["pytorch-cto", "vllm-ray-updates", KV, MONARCH, FLYDSL]
    assert run(capsys, "agenda", agenda_file, "add", "na2026", "--search", "quantum knitting") == (
        EXIT_NOTHING_FOUND, "", "pyconf-schedule: no session of na2026 matches 'quantum knitting'; nothing added\n",
    )  # fmt: skip
    assert run(capsys, "agenda", agenda_file, "add", "na2026") == (
        EXIT_ERROR, "",
        "pyconf-schedule: error: add needs session ids or --search WORDS\n"
        'hint: e.g. pyconf-schedule agenda my.json add eu2026 --search "kv cache"\n',
    )  # fmt: skip


def test_notes_are_shown_and_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21 item 5: show prints each pick's note under it; the iCalendar export opens the event's description with it."""
    monkeypatch.chdir(tmp_path)
    run(capsys, "agenda", "my.json", "add", "eu2026", "pytorch-updates", "--note", "ask about 2.12")
    run(capsys, "agenda", "my.json", "add", "eu2026", "pytorch-cto")
    code, out, _ = run(capsys, "agenda", "my.json", "show")
    assert (code, out) == (
        EXIT_OK,
        "PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)\n\n"
        "Tuesday 7 April 2026\n"
        "  09:10–09:30  PyTorch Updates\n"
        "               Master Stage · Keynote · Edward Yang (Meta)\n"
        "               id: pytorch-updates\n"
        "               note: ask about 2.12\n\n"
        "Wednesday 8 April 2026\n"
        "  09:00–09:10  PyTorch CTO\n"
        "               Master Stage · Keynote · Matt White (The Linux Foundation)\n"
        "               id: pytorch-cto\n",
    )
    code, out, _ = run(capsys, "agenda", "my.json", "export")
    assert code == EXIT_OK
    assert [line for line in out.splitlines() if line.startswith("DESCRIPTION:Note")] == [
        "DESCRIPTION:Note: ask about 2.12\\n\\nSpeaker: Edward Yang (Meta)\\nRoom: Mast"
    ]


def test_clashes_fit_the_width(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21 item 5: clashes lines fit --width (60 here), the title wrapped under the time and id; 80 columns without a terminal."""
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes", "--width", "60")
    assert (code, out) == (
        EXIT_OK,
        "overlap 10 min:\n"
        "  2026-04-08 11:05–11:15\n"
        f"      {KV}\n"
        "      KV-Cache Centric Inference: Building a State-Aware\n"
        "      Serving Platform With Llm-d and VLLM\n"
        "  2026-04-08 11:05–11:30\n"
        f"      {MONARCH}\n"
        "      Bringing PyTorch Monarch to AMD GPUs:\n"
        "      Single-Controller Distributed Training on ROCm\n",
    )
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert out.splitlines()[1:3] == [
        f"  2026-04-08 11:05–11:15  {KV}",
        "      KV-Cache Centric Inference: Building a State-Aware Serving Platform With",
    ]


def test_a_cross_conference_agenda_exports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21 item 1: Liz Li's talks at both conferences export, each in its conference's zone, with a reminder; --remind is for iCalendar only."""
    monkeypatch.chdir(tmp_path)
    run(capsys, "agenda", "liz.json", "add", "eu2026", MONARCH)
    run(capsys, "agenda", "liz.json", "add", "na2026", FLYDSL, MXFP8)
    for fmt in ("json", "csv", "md", "frab-xml"):
        code, out, err = run(capsys, "agenda", "liz.json", "export", "-t", fmt)
        assert (code, err) == (EXIT_OK, ""), fmt
        assert "FlyDSL" in out
    code, out, err = run(capsys, "agenda", "liz.json", "export", "--remind", "10m", "-o", "liz.ics")
    assert (code, out, err) == (EXIT_OK, "wrote 3 picks to liz.ics\n", "")
    text = (tmp_path / "liz.ics").read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith(("DTSTART;", "TRIGGER"))] == [
        "DTSTART;TZID=Europe/Paris:20260408T110500", "TRIGGER:-PT10M",
        "DTSTART;TZID=America/Los_Angeles:20261020T111000", "TRIGGER:-PT10M",
        "DTSTART;TZID=America/Los_Angeles:20261021T141500", "TRIGGER:-PT10M",
    ]  # fmt: skip
    assert run(capsys, "agenda", "liz.json", "export", "-t", "csv", "--remind", "10m") == (
        EXIT_ERROR, "", "pyconf-schedule: error: --remind applies to iCalendar (ics), not to csv\n"
        "hint: leave --remind out, or write -t ics\n",
    )  # fmt: skip
    assert run(capsys, "agenda", "liz.json", "export", "--remind", "soon") == (
        EXIT_ERROR, "", "pyconf-schedule: error: 'soon' is not a reminder time; give a number with a unit: "
        "'10m' (minutes), '1h' (hours), '1h30m', '90s' (seconds) or '1d' (days)\n",
    )  # fmt: skip


def _write_changed_na2026(path: Path) -> None:
    """na2026 a week later: FlyDSL an hour later, MXFP8 gone, and a talk nobody here picked retitled."""
    from datetime import timedelta

    import attrs

    from pyconf_schedule import load
    from pyconf_schedule.formats import dumps

    old = load("na2026")
    fly = old.session(FLYDSL)
    assert fly.start is not None and fly.end is not None
    moved = attrs.evolve(fly, start=fly.start + timedelta(hours=1), end=fly.end + timedelta(hours=1))
    other = old.sessions.scheduled[0]
    sessions = [
        moved if s.id == FLYDSL else attrs.evolve(s, title="Retitled") if s is other else s
        for s in old.sessions if s.id != MXFP8
    ]  # fmt: skip
    path.write_text(dumps(attrs.evolve(old, sessions=sessions), "json"), encoding="utf-8")


def test_agenda_diff_reports_only_my_picks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """agenda FILE diff OLD NEW (and diff OLD NEW --agenda FILE): the changes to my picks only; --ics writes the calendar update."""
    monkeypatch.chdir(tmp_path)
    _write_changed_na2026(tmp_path / "na-new.json")
    run(capsys, "agenda", "my.json", "add", "na2026", FLYDSL, MXFP8)
    run(capsys, "agenda", "my.json", "add", "eu2026", "pytorch-cto")
    expected = (
        "Removed (1):\n"
        "  - 2026-10-21 14:15–14:40 PDT, LL20AB: Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels "
        f"and TorchTitan Training (Liz Li, Shekhar Pandey) [{MXFP8}]\n"
        "Changed (1):\n"
        "  * 2026-10-20 12:10–12:35 PDT, 210BF: Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for "
        f"High-Performance GEMMs (Liz Li) [{FLYDSL}]\n"
        "      start: 2026-10-20 11:10 PDT → 2026-10-20 12:10 PDT\n"
        "      end: 2026-10-20 11:35 PDT → 2026-10-20 12:35 PDT\n"
    )
    assert run(capsys, "agenda", "my.json", "diff", "na2026", "na-new.json") == (1, expected, "")
    assert run(capsys, "diff", "na2026", "na-new.json", "--agenda", "my.json") == (1, expected, "")
    code, out, _ = run(capsys, "diff", "na2026", "na-new.json")
    assert code == 1 and "Retitled" in out and "Changed (2):" in out
    assert run(capsys, "agenda", "my.json", "diff", "na2026", "na-new.json", "--ics", "--sequence", "2", "-o", "up.ics") == (
        1, "wrote 2 changes to up.ics\n", "",
    )  # fmt: skip
    lines = (tmp_path / "up.ics").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith(("UID", "DTSTART;", "SEQUENCE", "STATUS"))] == [
        f"UID:{FLYDSL}@na2026.pyconf-sch", "DTSTART;TZID=America/Los_Angeles:20261020T121000", "SEQUENCE:2",
        f"UID:{MXFP8}@na2026.pyconf-sched", "DTSTART;TZID=America/Los_Angeles:20261021T141500", "SEQUENCE:2",
        "STATUS:CANCELLED",
    ]  # fmt: skip
    code, out, _ = run(capsys, "agenda", "my.json", "diff", "na2026", "na-new.json", "--atom")
    assert code == 1 and out.count("<entry>") == 2 and out.startswith('<?xml version="1.0" encoding="utf-8"?>\n<feed')
    assert run(capsys, "agenda", "my.json", "diff", "na2026", "na2026") == (0, "No changes.\n", "")
    assert run(capsys, "agenda", "my.json", "diff", "na2026", "na-new.json", "--sequence", "2") == (
        EXIT_ERROR, "", "pyconf-schedule: error: --sequence applies to --ics\nhint: add --ics, or leave --sequence out\n",
    )  # fmt: skip
    run(capsys, "agenda", "eu.json", "add", "eu2026", "pytorch-cto")
    assert run(capsys, "agenda", "eu.json", "diff", "na2026", "na-new.json") == (
        EXIT_ERROR, "", "pyconf-schedule: error: eu.json has no pick in conference 'na2026' (its conferences: eu2026)\n"
        "hint: diff two versions of a conference the agenda has picks in\n",
    )  # fmt: skip


def test_import_picks_and_export_them_as_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """import reads a calendar, an agenda file or a list and reports what matched nothing; export --list writes ids and titles."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "faved.txt").write_text("PyTorch CTO\nvllm-ray-updates\nA talk nobody gave\n", encoding="utf-8")
    assert run(capsys, "agenda", "my.json", "import", "eu2026", "faved.txt") == (
        EXIT_OK, "not a session of eu2026 (1):\n  A talk nobody gave\nadded 2 of 2 found; 2 picks in my.json\n", "",
    )  # fmt: skip
    assert run(capsys, "agenda", "my.json", "export", "--list", "-o", "picks.txt") == (
        EXIT_OK,
        "wrote 2 picks to picks.txt\n",
        "",
    )
    assert (tmp_path / "picks.txt").read_text(encoding="utf-8") == (
        "# conference: eu2026 (PyTorch Conference Europe 2026)\npytorch-cto\tPyTorch CTO\nvllm-ray-updates\tvLLM & Ray Updates\n"
    )
    run(capsys, "agenda", "my.json", "export", "-o", "mine.ics")
    assert run(capsys, "agenda", "other.json", "import", "eu2026", "mine.ics") == (
        EXIT_OK, "added 2 of 2 found; 2 picks in other.json\n", "",
    )  # fmt: skip
    (tmp_path / "none.txt").write_text("nothing here\n", encoding="utf-8")
    assert run(capsys, "agenda", "my.json", "import", "eu2026", "none.txt") == (
        EXIT_NOTHING_FOUND, "not a session of eu2026 (1):\n  nothing here\n",
        "pyconf-schedule: no entry of none.txt is a session of eu2026; nothing added\n",
    )  # fmt: skip


def test_compare_two_agendas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """compare: the picks both made, then when both are free, on DAY or on each day either has a pick."""
    monkeypatch.chdir(tmp_path)
    run(capsys, "agenda", "mine.json", "add", "eu2026", "pytorch-cto", "vllm-ray-updates")
    run(capsys, "agenda", "yours.json", "add", "eu2026", "pytorch-cto", MONARCH)
    assert run(capsys, "agenda", "mine.json", "compare", "yours.json", "2026-04-08") == (
        EXIT_OK,
        "Picked by both (1):\n  2026-04-08 09:00–09:10  pytorch-cto  PyTorch CTO\n"
        "Both free on 2026-04-08 (CEST):\n  09:25-11:05 (1 h 40 min)\n  11:30-15:50 (4 h 20 min)\n",
        "",
    )
    code, out, _ = run(capsys, "agenda", "mine.json", "compare", "yours.json", "--json")
    assert (code, json.loads(out)) == (EXIT_OK, {
        "common": ["pytorch-cto"],
        "free": {"2026-04-08": [
            {"start": "2026-04-08T09:25:00+02:00", "end": "2026-04-08T11:05:00+02:00", "maybe_taken": []},
            {"start": "2026-04-08T11:30:00+02:00", "end": "2026-04-08T15:50:00+02:00", "maybe_taken": []},
        ]},
    })  # fmt: skip


def test_agenda_write_errors_name_the_agenda_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saving or exporting an agenda where it cannot be written says `cannot write FILE: cause`, never a temporary file."""
    import os

    missing = tmp_path / "no-such-folder" / "my.json"
    assert run(capsys, "agenda", str(missing), "add", "eu2026", "pytorch-updates") == (
        EXIT_ERROR,
        "",
        f"pyconf-schedule: error: cannot write {missing}: No such file or directory\n",
    )
    mine = tmp_path / "my.json"
    assert run(capsys, "agenda", str(mine), "add", "eu2026", "pytorch-updates")[0] == EXIT_OK
    out = tmp_path / "no-such-folder" / "picks.ics"
    assert run(capsys, "agenda", str(mine), "export", "-o", str(out)) == (
        EXIT_ERROR,
        "",
        f"pyconf-schedule: error: cannot write {out}: No such file or directory\n",
    )
    fifo = tmp_path / "picks.fifo"
    os.mkfifo(fifo)
    from pyconf_schedule import Agenda, load

    with pytest.raises(OSError) as info:  # replacing a pipe (or a device such as /dev/full) would remove it
        Agenda.load(mine, loader=load).save(fifo)
    assert (info.value.filename, info.value.strerror, fifo.is_fifo()) == (
        str(fifo),
        "not a regular file, which an agenda is saved as",
        True,
    )


def test_agenda_save_failure_names_the_file_not_the_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An OSError while saving (the disk full, say) names the agenda file, and no temporary file is left."""
    import os

    from pyconf_schedule import Agenda, load

    mine = tmp_path / "my.json"
    agenda = Agenda.from_json(
        '{"format": "pyconf-schedule-agenda", "version": 1, "conferences": ["eu2026"], "picks": []}', loader=load
    )

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device", src)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as info:
        agenda.save(mine)
    assert (info.value.filename, info.value.strerror, sorted(p.name for p in tmp_path.iterdir())) == (
        str(mine),
        "No space left on device",
        [],
    )


def test_remove_drops_picks_whose_sessions_are_gone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A pick whose session the schedule no longer has blocks every command with a hint naming the fix; removing
    every such pick by id saves the file without them and keeps the others."""
    path = tmp_path / "old.json"
    document = {
        "format": "pyconf-schedule-agenda",
        "version": 1,
        "conferences": ["eu2026"],
        "picks": [
            {"conference": "eu2026", "session": "pytorch-ct"},
            {"conference": "eu2026", "session": "gone-talk"},
            {"conference": "eu2026", "session": "pytorch-updates"},
        ],
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "agenda", str(path), "show")
    assert (code, err.splitlines()[1]) == (
        EXIT_ERROR,
        f"hint: remove them with: pyconf-schedule agenda {path} remove pytorch-ct gone-talk",
    )
    code, _, err = run(capsys, "agenda", str(path), "remove", "pytorch-ct")  # gone-talk not named: nothing is saved
    assert (code, json.loads(path.read_text(encoding="utf-8"))) == (EXIT_ERROR, document)
    code, out, _ = run(capsys, "agenda", str(path), "remove", "pytorch-ct", "gone-talk")
    assert (code, out) == (EXIT_OK, f"removed 2; 1 pick in {path}\n")
    assert [p["session"] for p in json.loads(path.read_text(encoding="utf-8"))["picks"]] == ["pytorch-updates"]
