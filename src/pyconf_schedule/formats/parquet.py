"""Parquet (format name ``"parquet"``): the six tidy tables as six files in a folder.

``write(obj, "folder", "parquet")`` writes ``conferences.parquet``,
``sessions.parquet``, ``speakers.parquet``, ``session_speakers.parquet``,
``rooms.parquet`` and ``tracks.parquet`` into ``folder`` (created if
missing; files of those names are replaced), with the schema of
:func:`pyconf_schedule.to_arrow`.  Instants are stored in UTC with each
conference's zone in the ``timezone`` column, so ``tz=`` changes nothing
here.  Needs the ``arrow`` extra (``pyarrow``).  Write-only: read the
tables back with pyarrow, pandas, polars, DuckDB or Spark.
"""

from __future__ import annotations

import os
from pathlib import Path

from .._conference import Conference
from .._sessions import Sessions
from .._tables import TABLES, import_extra, to_arrow
from ..exceptions import PyconfScheduleError, ScheduleWriteError

__all__ = ["dumps", "write"]


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """Refused: Parquet is a folder of binary files; use ``write(obj, "folder", "parquet")``."""
    raise PyconfScheduleError(
        "the parquet format is a folder of binary files, not text: write it with write(obj, 'FOLDER', 'parquet') "
        "(command line: export SOURCE --to parquet -o FOLDER)"
    )


def write(obj: Conference | Sessions, path: str | os.PathLike[str], *, tz: str | None = None) -> None:
    """Write the tables of ``obj`` as one Parquet file per table in the folder ``path``."""
    parquet = import_extra("pyarrow.parquet", "arrow", "Parquet files")
    tables = to_arrow(obj)
    folder = Path(path)
    try:
        folder.mkdir(parents=False, exist_ok=True)
        for name in TABLES:
            target = folder / f"{name}.parquet"
            partial = folder / f".{name}.parquet.partial"
            parquet.write_table(tables[name], partial)
            partial.replace(target)
    except OSError as exc:
        raise ScheduleWriteError(
            "parquet", f"the tables cannot be written: {exc.strerror or exc}", os.fspath(folder)
        ) from None
