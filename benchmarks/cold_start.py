"""Benchmark: the README snippet, cold, against a json-module floor, and where its imports go.

Each sample starts a fresh interpreter.  The *floor* reads the same dataset
file with the ``json`` module and filters it with a comprehension; the
*library* runs ``load("eu2026").by_speaker("Liz Li")``; the *command line*
runs ``pyconf-schedule list eu2026 --speaker "Liz Li"`` (the installed
script, output discarded) and ``python -m pyconf_schedule`` with the same
arguments.  Runs alternate so all see the same machine load; the results are
ratios of the medians.  The project's targets: the library at most 3x the
floor, the command line at most 1.2x the library.

Then the phases, timed inside fresh interpreters (``time.perf_counter``
around each step, medians): ``import attrs``; ``import pyconf_schedule``
beyond it (target at most 10 ms); the first zone lookup (``get_zone``) and
``load("eu2026")`` after that (target at most 5 ms more, the two together),
with the system's zone data and with zones from the ``tzdata`` package
(``PYTHONTZPATH=`` set empty, as the tests run).  Last, the breakdown by
``python -X importtime`` (medians of the same runs): every module each
phase imports that costs at least ``--min-us`` of its own time, so a
regression names its module.

    python benchmarks/cold_start.py [--runs 21] [--phases-only] [--min-us 300]

The ``load`` goal holds with the system's zone data; with ``tzdata`` the
first lookup is stated apart (it imports ``importlib.resources``, which the
``zoneinfo`` module uses to open the package's files).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from importlib import resources

FLOOR = """
import json
with open({path!r}, encoding="utf-8") as f:
    doc = json.load(f)
hits = [s for s in doc["conference"]["sessions"] if "liz-li" in s["speakers"]]
assert len(hits) == 1
"""

LIBRARY = """
from pyconf_schedule import load
hits = load("eu2026").by_speaker("Liz Li")
assert len(hits) == 1
"""

PHASES = """
import sys, time
mark = sys.stderr.write
t0 = time.perf_counter()
import attrs
t1 = time.perf_counter()
mark("-- phase: import pyconf_schedule\\n")
import pyconf_schedule
t2 = time.perf_counter()
mark("-- phase: first zone lookup\\n")
pyconf_schedule.get_zone("Europe/Paris")
t3 = time.perf_counter()
mark("-- phase: load eu2026\\n")
pyconf_schedule.load("eu2026")
t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""
"""Each phase's seconds on stdout; markers on stderr split ``-X importtime``'s lines by phase.
The zone looked up first is the one ``load("eu2026")`` needs (its conference is in Europe/Paris), so the load
after it is the load alone; the goal for loading holds the two together."""

PHASE_NAMES = ("import attrs", "import pyconf_schedule", "first zone lookup", "load eu2026")
GOALS = {"import pyconf_schedule": 10.0}  # milliseconds
LOAD_GOAL = 5.0  # milliseconds: the first zone lookup and load("eu2026") together, after the import


# Bytecode is cached as it is for any installed package (pip compiles it);
# an environment that forbids writing it would time the compiler instead.
_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONTZPATH")}
_TZDATA_ENV = {**_ENV, "PYTHONTZPATH": ""}  # zoneinfo finds no system zone data and reads the tzdata package


CLI_ARGS = ["list", "eu2026", "--speaker", "Liz Li"]
_IMPORTTIME = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def _time(code: str) -> float:
    return _run([sys.executable, "-c", code])


def _run(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, env=_ENV, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _script() -> list[str]:
    """The installed ``pyconf-schedule`` script beside this interpreter (as pip installs it)."""
    script = os.path.join(os.path.dirname(sys.executable), "pyconf-schedule")
    if not os.path.exists(script):
        raise SystemExit(f"no pyconf-schedule script next to {sys.executable}: install the package first")
    return [script, *CLI_ARGS]


def phases(env: Mapping[str, str]) -> tuple[list[float], dict[str, dict[str, int]]]:
    """One fresh interpreter's phase times (seconds) and, by phase, each module's own import time (µs).

    The times come from a run without ``-X importtime`` (which slows imports down); the modules from a second
    run with it.
    """
    plain = subprocess.run([sys.executable, "-c", PHASES], check=True, env=dict(env), capture_output=True, text=True)
    seconds = [float(x) for x in plain.stdout.split()]
    traced = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PHASES], check=True, env=dict(env), capture_output=True, text=True
    )
    modules: dict[str, dict[str, int]] = {name: {} for name in PHASE_NAMES}
    phase = PHASE_NAMES[0]
    for line in traced.stderr.splitlines():
        if line.startswith("-- phase: "):
            phase = line.removeprefix("-- phase: ")
            continue
        found = _IMPORTTIME.match(line)
        if found:
            modules[phase][found[4]] = int(found[1])
    return seconds, modules


def _phase_report(label: str, runs: Sequence[tuple[list[float], dict[str, dict[str, int]]]], min_us: int) -> None:
    print(f"\nPhases, {label} (medians of {len(runs)} fresh interpreters):")
    for index, name in enumerate(PHASE_NAMES):
        ms = statistics.median(run[0][index] for run in runs) * 1000
        goal = GOALS.get(name)
        verdict = "" if goal is None else f"   goal <= {goal:g} ms: {'met' if ms <= goal else 'NOT met'}"
        print(f"  {name:<24} {ms:7.1f} ms{verdict}")
    load = statistics.median(run[0][2] + run[0][3] for run in runs) * 1000
    print(
        f"  {'zone lookup + load':<24} {load:7.1f} ms   goal <= {LOAD_GOAL:g} ms: {'met' if load <= LOAD_GOAL else 'NOT met'}"
    )
    for name in PHASE_NAMES[1:]:
        names = {module for run in runs for module in run[1][name]}
        own = {m: statistics.median(run[1][name].get(m, 0) for run in runs) for m in names}
        total = sum(own.values())
        shown = sorted(((us, m) for m, us in own.items() if us >= min_us), reverse=True)
        print(f"  -X importtime, {name}: {len(names)} modules, {total / 1000:.1f} ms of their own time "
              f"(slowed by the tracing); those of {min_us} µs or more:")  # fmt: skip
        for us, module in shown:
            print(f"      {us / 1000:6.2f} ms  {module}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=21, help="samples of each (default: %(default)s)")
    parser.add_argument("--phases-only", action="store_true", help="only the phases and the import breakdown")
    parser.add_argument("--min-us", type=int, default=300, help="list modules of at least this own import time")
    args = parser.parse_args(argv)
    if not args.phases_only:
        path = str(resources.files("pyconf_schedule.datasets").joinpath("eu2026.json"))
        floor_code = FLOOR.format(path=path)
        script = _script()
        module = [sys.executable, "-m", "pyconf_schedule", *CLI_ARGS]
        _time(floor_code), _time(LIBRARY), _run(script), _run(module)  # warm the file cache and bytecode
        floor: list[float] = []
        library: list[float] = []
        cli: list[float] = []
        cli_module: list[float] = []
        for _ in range(args.runs):
            floor.append(_time(floor_code))
            library.append(_time(LIBRARY))
            cli.append(_run(script))
            cli_module.append(_run(module))
        f, lib = statistics.median(floor), statistics.median(library)
        c, m = statistics.median(cli), statistics.median(cli_module)
        print(f"floor   (json + comprehension)       : median {f * 1000:7.1f} ms over {args.runs} runs")
        print(f"library (load + by_speaker)          : median {lib * 1000:7.1f} ms over {args.runs} runs")
        print(f"command line (pyconf-schedule list)  : median {c * 1000:7.1f} ms over {args.runs} runs")
        print(f"command line (python -m ...)         : median {m * 1000:7.1f} ms over {args.runs} runs")
        print(f"ratio library / floor                : {lib / f:.2f} (target <= 3)")
        print(f"ratio pyconf-schedule / library      : {c / lib:.2f} (target <= 1.2)")
        print(f"ratio python -m / library            : {m / lib:.2f}")
    system: list[tuple[list[float], dict[str, dict[str, int]]]] = []
    tzdata: list[tuple[list[float], dict[str, dict[str, int]]]] = []
    phases(_ENV), phases(_TZDATA_ENV)  # warm the file cache and bytecode
    for _ in range(args.runs):  # alternating, so both see the same machine load
        system.append(phases(_ENV))
        tzdata.append(phases(_TZDATA_ENV))
    _phase_report("system zone data", system, args.min_us)
    _phase_report("zones from the tzdata package (PYTHONTZPATH=)", tzdata, args.min_us)
    first = [b[0][2] - a[0][2] for a, b in zip(system, tzdata, strict=True)]
    print(f"\nThe first zone lookup costs {statistics.median(first) * 1000:.1f} ms more with tzdata than with the "
          "system's zone data (median of the pairs)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
