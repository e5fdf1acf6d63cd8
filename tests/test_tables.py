"""Tidy tables (Arrow, pandas, polars) of one or many conferences, checked against the model and with DuckDB."""

from __future__ import annotations

import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest

from pyconf_schedule import Conference, Room, Session, Speaker, load, write
from pyconf_schedule._tables import SESSION_FIELDS_NOT_IN_TABLES, TABLES, speaker_key, to_arrow, to_pandas, to_polars
from pyconf_schedule.exceptions import MissingExtraError, ScheduleWriteError

from ._cli import run
from ._support import utc
from ._work import growth, steps

pa = pytest.importorskip("pyarrow", reason="pyarrow is installed by the test extra")


def test_tables_of_eu2026_hold_every_session_speaker_and_link() -> None:
    """eu2026 gives one row per session (98), per speaker, per session's speaker, per room and per track."""
    conf = load("eu2026")
    tables = to_arrow(conf)
    assert list(tables) == list(TABLES)
    assert tables["conferences"].to_pylist()[0]["conference"] == "eu2026"
    assert tables["sessions"].num_rows == len(conf.sessions) == 98
    assert tables["speakers"].num_rows == len(conf.speakers)
    assert tables["session_speakers"].num_rows == sum(len(s.speakers) for s in conf.sessions)
    assert tables["rooms"].column("name").to_pylist() == [r.name for r in conf.rooms]
    assert tables["tracks"].column("name").to_pylist() == [t.name for t in conf.tracks]


def test_a_session_row_has_utc_instants_its_duration_day_and_room() -> None:
    """Liz Li's eu2026 talk: 11:05-11:30 CEST is 09:05-09:30 UTC, 25 minutes, on 8 April, in the Founders Cafe."""
    conf = load("eu2026")
    session = conf.by_speaker("Liz Li")[0]
    rows = [r for r in to_arrow(conf)["sessions"].to_pylist() if r["id"] == session.id]
    assert len(rows) == 1
    row = rows[0]
    assert row["start"] == datetime(2026, 4, 8, 9, 5, tzinfo=UTC)
    assert row["end"] == datetime(2026, 4, 8, 9, 30, tzinfo=UTC)
    assert row["duration"] == timedelta(minutes=25)
    assert (row["day"], row["timezone"], row["room"], row["kind"]) == (
        date(2026, 4, 8),
        "Europe/Paris",
        "Founders Cafe",
        "talk",
    )
    links = [r for r in to_arrow(conf)["session_speakers"].to_pylist() if r["session_id"] == session.id]
    assert [(r["speaker_id"], r["position"]) for r in links] == [(s.id, i) for i, s in enumerate(session.speakers)]


def test_columns_have_the_documented_types() -> None:
    """Times are UTC timestamps, durations durations, days dates, repeated names dictionary-encoded, lists lists."""
    schema = to_arrow(load("na2026"))["sessions"].schema
    assert schema.field("start").type == pa.timestamp("us", tz="UTC")
    assert schema.field("duration").type == pa.duration("us")
    assert schema.field("day").type == pa.date32()
    assert schema.field("room").type == pa.dictionary(pa.int32(), pa.string())
    assert schema.field("slides").type == pa.list_(pa.string())


def test_an_unknown_end_is_null_never_a_guessed_length() -> None:
    """na2026's sessions with a start and no known end have a null end and a null duration."""
    conf = load("na2026")
    open_ended = {s.id for s in conf.sessions if s.start is not None and s.end is None}
    assert len(open_ended) == 14
    rows = [r for r in to_arrow(conf)["sessions"].to_pylist() if r["id"] in open_ended]
    assert {(r["end"], r["duration"]) for r in rows} == {(None, None)}


def test_every_session_field_is_a_column_or_excluded_on_purpose() -> None:
    """A new Session field fails here until it has a column (or is excluded with a reason)."""
    columns = set(to_arrow(load("eu2026"))["sessions"].schema.names)
    fields = {f.name for f in attrs.fields(Session)}
    room_track = {"room", "track"}
    assert fields - columns - SESSION_FIELDS_NOT_IN_TABLES - room_track == set()
    assert room_track <= columns and {"room_id", "track_id"} <= columns


def test_many_conferences_stack_and_a_speaker_key_joins_them() -> None:
    """eu2026 and na2026 are one set of tables; the speakers at both are a join on ``key``."""
    eu, na = load("eu2026"), load("na2026")
    tables = to_arrow(eu, na)
    assert tables["sessions"].num_rows == len(eu.sessions) + len(na.sessions)
    assert tables["sessions"].column("conference").unique().to_pylist() == ["eu2026", "na2026"]
    rows = tables["speakers"].to_pylist()
    at_eu = {r["key"] for r in rows if r["conference"] == "eu2026"}
    at_na = {r["key"] for r in rows if r["conference"] == "na2026"}
    expected = {speaker_key(s.name) for s in eu.speakers} & {speaker_key(s.name) for s in na.speakers}
    assert at_eu & at_na == expected
    assert speaker_key("Liz Li") in expected


def test_a_conference_given_twice_is_refused() -> None:
    """Stacking one conference twice would double its rows: ValueError names it."""
    conf = load("eu2026")
    with pytest.raises(ValueError, match="conference 'eu2026' is given twice"):
        to_arrow(conf, conf)


def test_a_query_result_gives_only_what_its_sessions_use() -> None:
    """A selection's tables hold its sessions and just the speakers, rooms and tracks they name."""
    selection = load("eu2026").by_speaker("Liz Li")
    tables = to_arrow(selection)
    assert tables["sessions"].column("id").to_pylist() == [s.id for s in selection]
    assert sorted(tables["speakers"].column("name").to_pylist()) == ["Liz Li", "Zachary Streeter"]
    assert tables["rooms"].column("name").to_pylist() == ["Founders Cafe"]
    assert tables["sessions"].column("conference").to_pylist() == ["eu2026"]


def test_pandas_and_polars_get_the_same_rows() -> None:
    """to_pandas and to_polars give DataFrames of the Arrow tables, with aware UTC times."""
    pytest.importorskip("pandas")
    pytest.importorskip("polars")
    conf = load("na2026")
    frames = to_pandas(conf)
    assert list(frames) == list(TABLES)
    sessions = frames["sessions"]
    assert len(sessions) == len(conf.sessions)
    assert str(sessions["start"].dtype) == "datetime64[us, UTC]"
    assert str(sessions["room"].dtype) == "category"
    polars_sessions = to_polars(conf)["sessions"]
    assert polars_sessions.height == len(conf.sessions)
    assert polars_sessions["id"].to_list() == sessions["id"].tolist()


def test_duckdb_answers_talks_per_track_from_the_tables() -> None:
    """DuckDB reads the Arrow tables directly; its count per track equals the library's by_track."""
    duckdb = pytest.importorskip("duckdb")
    conf = load("eu2026")
    sessions = to_arrow(conf)["sessions"]  # noqa: F841 (DuckDB finds the local variable by name)
    counted = duckdb.sql("select track, count(*) from sessions where track is not null group by track").fetchall()
    assert dict(counted) == {t.name: len(conf.by_track(t.name)) for t in conf.tracks}


def test_without_pyarrow_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing pyarrow is a MissingExtraError (an ImportError) saying which extra to install."""
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(
        MissingExtraError,
        match=r"Arrow tables need pyarrow, which is not installed; install the extra: pip install 'pyconf-schedule\[arrow\]'",
    ):
        to_arrow(load("eu2026"))
    assert issubclass(MissingExtraError, ImportError)


def _conference(n: int) -> Conference:
    room = Room(id="r", name="Hall")
    sessions = [
        Session(id=f"s{i}", title=f"Talk {i}", start=utc(2026, 5, 1) + timedelta(minutes=i),
                end=utc(2026, 5, 1) + timedelta(minutes=i + 1), room=room,
                speakers=(Speaker(id=f"p{i}", name=f"Person {i}"),))
        for i in range(n)
    ]  # fmt: skip
    return Conference(id="big", name="Big", timezone="UTC", sessions=sessions)


def test_building_the_tables_is_linear() -> None:
    """Each session costs the same number of steps at 8n sessions as at 2n (counted, not timed)."""
    confs = {n: _conference(n) for n in (32, 64, 256)}
    for conf in confs.values():
        to_arrow(conf)  # first use: imports and caches

    def steps_for(n: int) -> int:
        conf: Any = confs[n]
        return steps(lambda: to_arrow(conf))

    assert growth(steps_for, 32) < 1.1


def test_parquet_writes_the_six_tables_that_read_back_equal(tmp_path: Path) -> None:
    """write(conf, FOLDER, "parquet") gives one file per table whose content is to_arrow's table."""
    parquet = pytest.importorskip("pyarrow.parquet")
    conf = load("eu2026")
    folder = tmp_path / "tables"
    write(conf, folder, "parquet")
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{name}.parquet" for name in TABLES)
    expected = to_arrow(conf)
    for name in TABLES:
        assert parquet.read_table(folder / f"{name}.parquet").equals(expected[name]), name
    write(load("na2026"), folder, "parquet")  # replaces the files
    assert parquet.read_table(folder / "sessions.parquet").num_rows == 113


def test_parquet_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """export --to parquet -o FOLDER writes the folder; without -o it says where to write."""
    folder = tmp_path / "na"
    assert run(capsys, "export", "na2026", "--to", "parquet", "-o", str(folder)) == (
        0,
        f"wrote 113 sessions to {folder}\n",
        "",
    )
    assert (folder / "sessions.parquet").is_file()
    code, out, err = run(capsys, "export", "na2026", "--to", "parquet")
    assert (code, out) == (2, "")
    assert "the parquet format writes files, not text" in err and "hint: name it with -o FOLDER" in err


def test_parquet_into_a_missing_parent_is_a_write_error(tmp_path: Path) -> None:
    """A folder whose parent does not exist is a ScheduleWriteError naming it, and nothing is left behind."""
    target = tmp_path / "missing" / "tables"
    with pytest.raises(ScheduleWriteError, match="the tables cannot be written"):
        write(load("eu2026"), target, "parquet")
    assert not (tmp_path / "missing").exists()
