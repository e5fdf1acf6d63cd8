"""Benchmark: every reader and writer on the real files of ``../shared/samples/``, against its raw parse.

Each file in the samples folder (written by other projects' tools: frab,
pretalx, wafer, pentabarf, Sessionize, Sched, PyVObject) is read with the
library, its format detected from the content, next to the raw parse of the
same bytes with the standard library:

* ``json.loads`` for the JSON formats (native, c3voc, Sessionize, Sched,
  pretalx API, Indico), goal at most 4x;
* an unfold-and-split of the lines for iCalendar (and Sched's ``all.ics``),
  goal at most 4x;
* ``xml.etree.ElementTree.fromstring`` for frab and pentabarf XML, goal at
  most 3x;
* ``SELECT *`` of every table the SQLite reader reads, for the largest
  sample written to SQLite by the library (no sample is a database), goal
  at most 4x.

Then every conference read is written in every text format next to its
baseline: ``json.dumps`` of the same document for native and c3voc JSON,
``ElementTree.tostring`` of the same tree for frab XML and ``csv.writer`` of
the same rows for CSV, goal at most 2x; iCalendar, Markdown and the HTML
page, which the standard library cannot write, against ``json.dumps`` of the
conference's native document (no goal).

The machine may be shared: the library and its baseline are timed in turn,
``--repeat`` times each (interleaved), and the best of each is kept; every
timed sample runs the call as many times as makes it last about 20 ms, so
small files are not timed at the clock's grain.  The ratios (library /
baseline) are the result; absolute times move with the machine's load.
``--clock cpu`` times the process's CPU time instead of the wall clock:
on a machine whose cores other jobs hold, time spent waiting for a core
is then not counted on either side.

``--floors`` also puts each reader next to its floor: the parse it must make
(for JSON the checked one, as every reader parses it) plus making every
object it returned through the model's constructors, with no reader work
between.  A goal below the floor cannot be met by work in the reader.

    python benchmarks/real_files.py [--repeat 7] [--samples ../shared/samples] [--only read write] [--writers json]
                                    [--floors]

Not a test: the suite stays fast and never asserts a time.
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import sqlite3
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import attrs

from pyconf_schedule import Conference, Conflict, ScheduleParseError, Sessions
from pyconf_schedule._model import one_value_conflict
from pyconf_schedule.formats import ReadableFormat, TextFormat, detect_format, dumps, loads, read, write
from pyconf_schedule.formats._input import load_json

SAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "samples"

FILE_TZ = {
    # FOSDEM's pentabarf export gives naive local times and names no zone; the event is in Brussels.
    "mttcrsp-fosdem_fosdem-2024.pentabarf.xml": "Europe/Brussels",
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml": "Europe/Brussels",
}
"""The zone to assume for samples that give wall times without one (the samples' README says where each was held)."""

_SQLITE_TABLES = ("conferences", "sources", "rooms", "tracks", "speakers", "sessions", "session_speakers", "conflicts")
_ICS = ("ics",)
_XML = ("frab-xml",)
_TARGET_SECONDS = 0.02  # each timed sample repeats the call until it lasts about this long


def unfold_and_split(data: bytes) -> list[list[str]]:
    """The raw parse of an iCalendar file: its lines unfolded and split at the first colon."""
    text = data.decode("utf-8")
    return [line.split(":", 1) for line in text.replace("\r\n ", "").replace("\n ", "").splitlines()]


def select_all(path: Path) -> list[list[Any]]:
    """Every row of every table the SQLite reader reads, by plain ``SELECT *``."""
    db = sqlite3.connect(path)
    try:
        return [db.execute(f"SELECT * FROM {table}").fetchall() for table in _SQLITE_TABLES]
    finally:
        db.close()


def raw_parse(format: ReadableFormat, data: bytes, path: Path) -> tuple[str, Callable[[], object], float]:
    """The baseline reading ``data`` (from ``path``) as ``format`` does, its name and the goal for the ratio."""
    if format == "sqlite":
        return "SELECT *", lambda: select_all(path), 4.0
    if format in _XML:
        return "ElementTree.fromstring", lambda: ET.fromstring(data), 3.0
    if format in _ICS or (format == "sched" and data.lstrip().startswith(b"BEGIN:")):
        return "unfold + split", lambda: unfold_and_split(data), 4.0
    return "json.loads", lambda: json.loads(data), 4.0


Plan = list[tuple[Callable[..., object], dict[str, Any]]]


def construction_plan(conf: Conference) -> Plan:
    """Every distinct object of ``conf`` as the cheapest maker the library has for it and its arguments, children first.

    Timing ``maker(**arguments)`` for each entry is the cost of the model's own
    constructors and checks for what a reader returns, with no reader work:
    the session objects are given their existing speakers, rooms and variants
    (as cheap to check as new ones), and the conference its sessions as a
    list, so that it sorts, checks and indexes them as it does for a reader.
    A conflict of one value (each session's guid, slug and code, in the frab
    readers) is made by ``one_value_conflict``, as those readers make it,
    with its value; any other object by its class.  Not counted: what a reader
    derives before it builds, such as the dates ``build_conference`` takes
    from the conference's days for iCalendar and Sched.
    """
    plan: Plan = []
    seen: set[int] = set()

    def visit(value: Any) -> None:
        if type(value) is tuple or isinstance(value, Sessions):
            for item in value:
                visit(item)
            return
        cls = type(value)
        if not attrs.has(cls) or id(value) in seen:
            return
        seen.add(id(value))
        if cls is Conflict and len(value.values) == 1:
            (one,) = value.values
            seen.add(id(one))
            plan.append((one_value_conflict, {"field": value.field, "value": one.value, "sources": one.sources,
                                              "rule": value.rule}))  # fmt: skip
            return
        arguments: dict[str, Any] = {}
        for attribute in attrs.fields(cls):
            if attribute.init:
                item = getattr(value, attribute.name)
                visit(item)
                arguments[attribute.name] = list(item) if isinstance(item, Sessions) else item
        plan.append((cls, arguments))

    visit(conf)
    return plan


def construct(plan: Plan) -> None:
    """Make every object of ``plan`` with its maker."""
    for maker, arguments in plan:
        maker(**arguments)


@dataclass(frozen=True)
class Floor:
    """A reader next to its floor: the raw parse plus building the model it returns, with no reader work between."""

    file: str
    operation: str
    library: float
    baseline: float
    checked: float  # seconds of the parse with the checks every reader makes on hostile input (JSON), else baseline
    model: float  # seconds to make the returned objects through their constructors
    objects: int
    goal: float | None

    @property
    def floor(self) -> float:
        """The floor as a multiple of the raw parse: the least a reader returning this model can take."""
        return (self.checked + self.model) / self.baseline

    @property
    def above(self) -> float:
        """The reader's time as a multiple of its floor: what reader work adds."""
        return self.library / (self.checked + self.model)


@dataclass(frozen=True)
class Row:
    """One line of a table: an operation on one file, the library against its baseline."""

    file: str
    operation: str
    library: float  # seconds per call
    baseline_name: str
    baseline: float  # seconds per call
    goal: float | None

    @property
    def ratio(self) -> float:
        return self.library / self.baseline

    @property
    def met(self) -> str:
        if self.goal is None:
            return ""
        return f"≤ {self.goal:g}: {'met' if self.ratio <= self.goal else 'NOT met'}"


_CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = time.perf_counter
"""The clock every sample reads (``--clock``)."""


def _loops(call: Callable[[], object]) -> int:
    """How many calls make one timed sample last about ``_TARGET_SECONDS`` (one call also warms caches up)."""
    start = _clock()
    call()
    once = _clock() - start
    return max(1, min(1000, round(_TARGET_SECONDS / once) if once > 0 else 1000))


def _sample(call: Callable[[], object], loops: int) -> float:
    """Seconds per call over ``loops`` calls, the garbage of earlier samples collected first."""
    gc.collect()
    start = _clock()
    for _ in range(loops):
        call()
    return (_clock() - start) / loops


def side_by_side(library: Callable[[], object], baseline: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The best time per call of ``library`` and of ``baseline``, timed in turn ``repeat`` times each."""
    library_loops, baseline_loops = _loops(library), _loops(baseline)
    best_library = best_baseline = float("inf")
    for _ in range(repeat):
        best_library = min(best_library, _sample(library, library_loops))
        best_baseline = min(best_baseline, _sample(baseline, baseline_loops))
    return best_library, best_baseline


def sample_files(folder: Path) -> list[Path]:
    """The schedule files of the samples folder (not its README), by name."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() != ".md")


def readable(path: Path) -> tuple[ReadableFormat, bytes, Conference] | str:
    """The format, bytes and conference of the sample at ``path``, or why it holds no schedule to time."""
    data = path.read_bytes()
    format = detect_format(data)
    try:
        conf = loads(data, format, file_tz=FILE_TZ.get(path.name))
    except ScheduleParseError as exc:  # Sessionize's view/Speakers holds no schedule, and says so
        return f"not a schedule ({format}): {exc.reason[:90]}…"
    return format, data, conf


def measure_reads(
    files: Sequence[Path], repeat: int, folder: Path, floors: list[Floor] | None = None
) -> tuple[list[Row], list[str]]:
    """A row for each sample's reader against its raw parse (and one for SQLite), and what was skipped and why.

    With ``floors`` (a list), each reader is also put next to its floor (see :class:`Floor`), appended there.
    """
    rows: list[Row] = []
    skipped: list[str] = []
    largest: tuple[int, Path, Conference] | None = None
    for path in files:
        found = readable(path)
        if isinstance(found, str):
            skipped.append(f"{path.name}: {found}")
            continue
        format, data, conf = found
        zone = FILE_TZ.get(path.name)
        baseline_name, baseline, goal = raw_parse(format, data, path)
        library, base = side_by_side(partial(loads, data, format, file_tz=zone), baseline, repeat)
        rows.append(Row(path.name, f"read {format}", library, baseline_name, base, goal))
        if floors is not None:
            floors.append(_floor(rows[-1], conf, repeat, checked_parse(format, data)))
        if largest is None or len(data) > largest[0]:
            largest = (len(data), path, conf)
    if largest is not None:
        _, path, conf = largest
        database = folder / f"{path.stem}.sqlite"
        write(conf, database)
        baseline_name, baseline, goal = raw_parse("sqlite", b"", database)
        library, base = side_by_side(lambda: read(database), baseline, repeat)
        rows.append(Row(f"{path.name} as SQLite", "read sqlite", library, baseline_name, base, goal))
        if floors is not None:
            floors.append(_floor(rows[-1], read(database), repeat, None))
    return rows, skipped


def checked_parse(format: ReadableFormat, data: bytes) -> Callable[[], object] | None:
    """The parse a JSON reader makes, with the checks on hostile input (size, nesting, repeated keys, NaN), or None.

    It is this library's ``load_json``: a floor for these readers as they parse, not for any JSON reader.

    The c3voc reader notes non-finite numbers rather than refusing them in the parse; the others parse strictly.
    """
    if format in ("ics", "frab-xml", "sqlite") or data.lstrip()[:1] not in (b"{", b"["):
        return None
    if format == "c3voc-json":
        return lambda: load_json(data, format, nonfinite=[])
    return lambda: load_json(data, format, strict=True)


def _best(call: Callable[[], object], repeat: int) -> float:
    loops = _loops(call)
    return min(_sample(call, loops) for _ in range(repeat))


def _floor(row: Row, conf: Conference, repeat: int, checked: Callable[[], object] | None) -> Floor:
    plan = construction_plan(conf)
    model = _best(partial(construct, plan), repeat)
    parse = row.baseline if checked is None else _best(checked, repeat)
    return Floor(row.file, row.operation, row.library, row.baseline, parse, model, len(plan), row.goal)


def report_floors(floors: Sequence[Floor], out: Any = sys.stdout) -> None:
    """Each reader against its floor: the raw parse plus the model's own constructors for what it returns."""
    print("\n| file | operation | checked parse ÷ raw | objects | model build | floor ÷ raw parse | goal "
          "| reader ÷ floor |", file=out)  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---|---:|", file=out)
    for f in floors:
        goal = "" if f.goal is None else f"≤ {f.goal:g}" + (" (below the floor)" if f.floor > f.goal else "")
        print(f"| {f.file} | {f.operation} | {f.checked / f.baseline:.2f} | {f.objects} | {_ms(f.model)} "
              f"| {f.floor:.2f} | {goal} | {f.above:.2f} |", file=out)  # fmt: skip
    print("\nfloor: the checked parse (JSON: size, nesting, repeated keys and NaN refused, as every reader must; other "
          "formats: the raw parse) plus making every object the reader returns through the model's constructors, "
          "with no reader work between; reader ÷ floor is what the reader's own work adds.", file=out)  # fmt: skip


def write_baseline(format: TextFormat, text: str, native: str) -> tuple[str, Callable[[], object], float | None]:
    """The standard-library baseline for writing ``format``, given the library's own output: name, call and goal."""
    if format in ("json", "c3voc-json"):
        document = json.loads(text)
        return "json.dumps", lambda: json.dumps(document, ensure_ascii=False, indent=1), 2.0
    if format == "frab-xml":
        tree = ET.fromstring(text.encode())
        return "ElementTree.tostring", lambda: ET.tostring(tree, encoding="unicode"), 2.0
    if format == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        return "csv.writer", lambda: csv.writer(io.StringIO()).writerows(rows), 2.0
    document = json.loads(native)
    return "json.dumps (native document)", lambda: json.dumps(document, ensure_ascii=False, indent=1), None


WRITERS: tuple[TextFormat, ...] = ("json", "c3voc-json", "frab-xml", "csv", "ics", "markdown", "html")


def measure_writes(files: Sequence[Path], repeat: int, writers: Sequence[TextFormat] = WRITERS) -> list[Row]:
    """A row for each writer on each sample's conference against its baseline."""
    rows: list[Row] = []
    for path in files:
        found = readable(path)
        if isinstance(found, str):
            continue
        conf = found[2]
        native = dumps(conf, "json")
        for format in writers:
            text = dumps(conf, format)
            baseline_name, baseline, goal = write_baseline(format, text, native)
            library, base = side_by_side(partial(dumps, conf, format), baseline, repeat)
            rows.append(Row(path.name, f"write {format}", library, baseline_name, base, goal))
    return rows


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} µs"


def report(rows: Sequence[Row], out: Any = sys.stdout) -> None:
    """One markdown table of the rows, with each goal and whether it is met."""
    print("| file | operation | library | baseline | baseline time | ratio | goal |", file=out)
    print("|---|---|---:|---|---:|---:|---|", file=out)
    for row in rows:
        print(f"| {row.file} | {row.operation} | {_ms(row.library)} | {row.baseline_name} | {_ms(row.baseline)} "
              f"| {row.ratio:.2f} | {row.met} |", file=out)  # fmt: skip
    held = [row for row in rows if row.goal is not None]
    missed = [row for row in held if row.ratio > (row.goal or 0)]
    print(f"\n{len(held) - len(missed)} of {len(held)} goals met", file=out)
    for row in missed:
        print(f"  not met: {row.operation} {row.file}: {row.ratio:.2f} (goal ≤ {row.goal:g})", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=7, help="timed samples of each side (default: %(default)s)")
    parser.add_argument("--samples", type=Path, default=SAMPLES, help="the folder of real files (default: %(default)s)")
    parser.add_argument("--only", nargs="+", choices=("read", "write"), default=("read", "write"),
                        help="measure only readers or writers (default: both)")  # fmt: skip
    parser.add_argument("--match", default="", help="only the files whose name contains this text")
    parser.add_argument(
        "--writers", nargs="+", choices=WRITERS, default=WRITERS, help="the writers to time (default: all)"
    )
    parser.add_argument("--floors", action="store_true",
                        help="also put each reader next to its floor: the raw parse plus building its model")  # fmt: skip
    parser.add_argument("--clock", choices=sorted(_CLOCKS), default="wall",
                        help="time the wall clock or the process's CPU time (default: %(default)s)")  # fmt: skip
    args = parser.parse_args(argv)
    global _clock
    _clock = _CLOCKS[args.clock]
    if not args.samples.is_dir():
        print(f"skipped: the samples folder {args.samples} is absent (it sits beside the repository, in ../shared/)")
        return 0
    files = [p for p in sample_files(args.samples) if args.match in p.name]
    rows: list[Row] = []
    skipped: list[str] = []
    floors: list[Floor] | None = [] if args.floors else None
    with tempfile.TemporaryDirectory(prefix="pyconf-real-") as temporary:
        if "read" in args.only:
            read_rows, skipped = measure_reads(files, args.repeat, Path(temporary), floors)
            rows += read_rows
        if "write" in args.only:
            rows += measure_writes(files, args.repeat, args.writers)
    report(rows)
    if floors:
        report_floors(floors)
    for reason in skipped:
        print(f"skipped {reason}")
    print(f"\nBest of {args.repeat} interleaved samples each, {args.clock} clock; CPython {sys.version.split()[0]}, "
          f"SQLite {sqlite3.sqlite_version}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
