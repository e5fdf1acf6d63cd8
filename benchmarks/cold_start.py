"""Benchmark: the README snippet, cold, against a json-module floor.

Each sample starts a fresh interpreter.  The *floor* reads the same dataset
file with the ``json`` module and filters it with a comprehension; the
*library* runs ``load("eu2026").by_speaker("Liz Li")``; the *command line*
runs ``pyconf-schedule list eu2026 --speaker "Liz Li"`` (the installed
script, output discarded) and ``python -m pyconf_schedule`` with the same
arguments.  Runs alternate so all see the same machine load; the results are
ratios of the medians.  The project's targets: the library at most 3x the
floor, the command line at most 1.2x the library.

    python benchmarks/cold_start.py [--runs 21]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
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


# Bytecode is cached as it is for any installed package (pip compiles it);
# an environment that forbids writing it would time the compiler instead.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


CLI_ARGS = ["list", "eu2026", "--speaker", "Liz Li"]


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=21, help="samples of each (default: %(default)s)")
    args = parser.parse_args(argv)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
