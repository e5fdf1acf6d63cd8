"""Benchmark: building the tidy Arrow tables (and Parquet files) against reading the same native JSON.

The goal (the tables for 1M sessions in at most 2x the time of reading the
same conference from native JSON, and linear) is printed with each ratio.
Both sides run in this process on the same synthetic conference as
``benchmarks/scale.py`` (``make_conference``); times are the best of
``--repeat`` runs.  A script, not a test: the suite never times anything.

    python benchmarks/tables.py --sizes 10000 100000
    python benchmarks/tables.py --sizes 1000000 --repeat 1
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale import make_conference

from pyconf_schedule import dumps, loads, to_arrow, write

GOAL = 2.0


def _best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    to_arrow(make_conference(10))  # imports pyarrow and warms it up: a cost paid once per process, shown apart
    print(f"first call (imports pyarrow): {time.perf_counter() - start:.3f}s")
    print(f"{'sessions':>9} {'read json':>10} {'to_arrow':>10} {'ratio':>6} {'goal':>5} {'':>7} {'parquet':>9}")
    previous: tuple[int, float] | None = None
    exponents = []
    for n in args.sizes:
        conf = make_conference(n)
        text = dumps(conf, "json")
        size = len(text.encode())
        read_time = _best(partial(loads, text, "json", max_bytes=size), args.repeat)
        tables_time = _best(partial(to_arrow, conf), args.repeat)
        with tempfile.TemporaryDirectory() as folder:
            parquet_time = _best(partial(write, conf, Path(folder) / "t", "parquet"), args.repeat)
        ratio = tables_time / read_time
        met = "met" if ratio <= GOAL else "NOT met"
        print(
            f"{n:>9} {read_time:>9.3f}s {tables_time:>9.3f}s {ratio:>6.2f} {GOAL:>5.1f} {met:>7} {parquet_time:>8.3f}s"
        )
        if previous is not None:
            exponents.append((previous[0], n, math.log(tables_time / previous[1]) / math.log(n / previous[0])))
        previous = (n, tables_time)
    for low, high, exponent in exponents:
        print(
            f"growth exponent of to_arrow from {low} to {high}: {exponent:.2f} (goal <= 1.2: {'met' if exponent <= 1.2 else 'NOT met'})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
