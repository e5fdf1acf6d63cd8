"""Benchmark: the README snippet, cold, against a json-module floor.

Each sample starts a fresh interpreter.  The *floor* reads the same dataset
file with the ``json`` module and filters it with a comprehension; the
*library* runs ``load("eu2026").by_speaker("Liz Li")``.  Runs alternate so
both see the same machine load; the result is the ratio of the medians.
The project's target is a ratio of at most 3.

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


def _time(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=_ENV)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=21, help="samples of each (default: %(default)s)")
    args = parser.parse_args(argv)
    path = str(resources.files("pyconf_schedule.datasets").joinpath("eu2026.json"))
    floor_code = FLOOR.format(path=path)
    _time(floor_code), _time(LIBRARY)  # warm the file cache and bytecode
    floor: list[float] = []
    library: list[float] = []
    for _ in range(args.runs):
        floor.append(_time(floor_code))
        library.append(_time(LIBRARY))
    f, lib = statistics.median(floor), statistics.median(library)
    print(f"floor   (json + comprehension): median {f * 1000:7.1f} ms over {args.runs} runs")
    print(f"library (load + by_speaker)   : median {lib * 1000:7.1f} ms over {args.runs} runs")
    print(f"ratio library / floor         : {lib / f:.2f} (target <= 3)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
