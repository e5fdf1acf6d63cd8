"""The SQLite database as a publication: full-text tables Datasette detects, a details view, a metadata document.

One test starts ``datasette`` (a test-only dependency) on 127.0.0.1 and reads its JSON API.
"""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import load, write
from pyconf_schedule.formats import sqlite

from ._cli import run


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """Both datasets in one file, eu2026 written twice (a replaced conference must leave no stale index rows)."""
    path = tmp_path / "pytorch.sqlite"
    for name in ("eu2026", "na2026", "eu2026"):
        write(load(name), path)
    return path


def _titles(db: sqlite3.Connection, sql: str, *args: str) -> list[tuple[str, str]]:
    return sorted(db.execute(sql, args).fetchall())


def test_full_text_tables_index_each_sessions_row_once(database: Path) -> None:
    """sessions_fts finds the rows the library's search finds for 'monarch' (titles and abstracts), and its index is whole."""
    with sqlite3.connect(database) as db:
        found = _titles(db, "SELECT conference_id, id FROM sessions WHERE rowid IN "
                            "(SELECT rowid FROM sessions_fts WHERE sessions_fts MATCH ?)", "monarch")  # fmt: skip
        db.execute("INSERT INTO sessions_fts (sessions_fts) VALUES ('integrity-check')")
        db.execute("INSERT INTO speakers_fts (speakers_fts) VALUES ('integrity-check')")
        indexed = db.execute("SELECT count(*) FROM sessions_fts").fetchone()[0]
    expected = []
    for name in ("eu2026", "na2026"):
        conf = load(name)
        expected += [(name, s.id) for s in conf.sessions
                     if "monarch" in f"{s.title or ''} {s.abstract or ''}".lower()]  # fmt: skip
    assert found == sorted(expected)
    assert len(found) == 5
    assert indexed == 98 + 113


def test_session_details_gives_speakers_in_order_with_room_and_track(database: Path) -> None:
    """The view joins each session to its speakers (in order), room and track."""
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT conference_id, id, speakers, room, track FROM session_details "
                          "WHERE speakers LIKE '%Liz Li%' ORDER BY conference_id, start").fetchall()  # fmt: skip
    assert rows == [
        ("eu2026", "bringing-pytorch-monarch-to-amd-gpus-single-controller", "Liz Li, Zachary Streeter", "Founders Cafe", "Training Systems"),
        ("na2026", "extending-torchinductor-with-flydsl-a-new-mlir-native", "Liz Li", "210BF",
         load("na2026").session("extending-torchinductor-with-flydsl-a-new-mlir-native").track.name),  # type: ignore[union-attr]
        ("na2026", "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x", "Liz Li, Shekhar Pandey", "LL20AB",
         load("na2026").session("scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x").track.name),  # type: ignore[union-attr]
    ]  # fmt: skip


def test_a_database_written_before_the_publishing_tables_gets_them_whole(tmp_path: Path) -> None:
    """Writing into a file made without sessions_fts indexes the conferences already in it, not only the new one."""
    path = tmp_path / "old.sqlite"
    write(load("eu2026"), path)
    with sqlite3.connect(path) as db:
        db.executescript("DROP TABLE sessions_fts; DROP TABLE speakers_fts; DROP VIEW session_details;")
    write(load("na2026"), path)
    with sqlite3.connect(path) as db:
        counts = db.execute("SELECT s.conference_id, count(*) FROM sessions_fts f JOIN sessions s ON s.rowid = f.rowid "
                            "WHERE sessions_fts MATCH 'pytorch' GROUP BY s.conference_id").fetchall()  # fmt: skip
    assert [c for c, _ in counts] == ["eu2026", "na2026"]
    assert sqlite.read(path, conference="eu2026") == load("eu2026")


def test_metadata_describes_every_table_and_column(database: Path) -> None:
    """The metadata document names both conferences and describes exactly the columns each table and view has."""
    document = sqlite.datasette_metadata(database)
    assert document["title"] == "2 conference schedules"
    assert document["description"].startswith("PyTorch Conference Europe 2026: ")
    tables = document["databases"]["pytorch"]["tables"]
    with sqlite3.connect(database) as db:
        for table, described in tables.items():
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            assert list(described["columns"]) == columns, table
        shown = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                              "AND name NOT LIKE '%fts%' AND name NOT LIKE 'search%' AND name != 'schema_info'")}  # fmt: skip
    assert set(tables) == shown


def test_export_writes_the_metadata_beside_the_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """export --to sqlite -o FILE --metadata META writes both; META is the document datasette_metadata gives."""
    db, meta = tmp_path / "na.sqlite", tmp_path / "na.json"
    code, _, err = run(capsys, "export", "na2026", "--to", "sqlite", "-o", str(db), "--metadata", str(meta))
    assert (code, err) == (0, "")
    assert json.loads(meta.read_text(encoding="utf-8")) == sqlite.datasette_metadata(db)
    code, _, err = run(capsys, "export", "na2026", "--to", "ics", "--metadata", str(meta))
    assert code == 2
    assert "--metadata describes an SQLite database: use it with --to sqlite" in err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def datasette(database: Path, tmp_path: Path) -> Iterator[str]:
    """datasette serving the database with its metadata on 127.0.0.1; the base URL of the database."""
    pytest.importorskip("datasette", reason="datasette is installed by the test extra")
    meta = tmp_path / "metadata.json"
    meta.write_text(json.dumps(sqlite.datasette_metadata(database)), encoding="utf-8")
    port = _free_port()
    command = [str(Path(sys.executable).with_name("datasette")), "serve", str(database), "-m", str(meta),
               "--host", "127.0.0.1", "--port", str(port)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # at most 30 s for it to start; a bound, not a speed claim
            try:
                urllib.request.urlopen(base + "/-/versions.json", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(f"datasette exited: {server.stderr.read().decode() if server.stderr else ''}")
                time.sleep(0.1)
        else:
            pytest.fail("datasette did not answer within 30 s")
        yield base + "/pytorch"
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stderr is not None:
            server.stderr.close()


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def test_datasette_serves_sessions_search_and_metadata(datasette: str) -> None:
    """Datasette lists eu2026's 98 sessions, finds 'monarch' through sessions_fts on its own, and shows the metadata."""
    rows = _get(datasette + "/sessions.json?_shape=array&_size=max&conference_id=eu2026")
    assert len(rows) == 98
    found = _get(datasette + "/sessions.json?_shape=array&" + urllib.parse.urlencode({"_search": "monarch"}))
    assert sorted((r["conference_id"], r["id"]) for r in found) == sorted(
        [("na2026", "monarch-single-machine-devx-at-distributed-scale")] + [
            ("eu2026", s.id) for s in load("eu2026").sessions if "monarch" in f"{s.title or ''} {s.abstract or ''}".lower()
        ]
    )  # fmt: skip
    details = _get(
        datasette + "/session_details.json?_shape=array&" + urllib.parse.urlencode({"speakers__contains": "Liz Li"})
    )
    assert [r["id"] for r in details][:1] == ["bringing-pytorch-monarch-to-amd-gpus-single-controller"]
    tables = {t["name"]: t["fts_table"] for t in _get(datasette + ".json")["tables"]}
    assert (tables["sessions"], tables["speakers"]) == ("sessions_fts", "speakers_fts")  # detected, not configured
    assert _get(datasette.rsplit("/", 1)[0] + "/-/metadata.json")["title"] == "2 conference schedules"
