"""The dataset cache: ``load()`` builds each embedded dataset once per process, even from many threads."""

from __future__ import annotations

import json
import os
import subprocess
import sys

_RACE = """
import json, threading, time
import pyconf_schedule._decode as decoder  # load() imports its decode() when it first reads a dataset
from pyconf_schedule import load

real = decoder.decode
parses = []

def counting_decode(document):
    parses.append(1)
    time.sleep(0.05)  # widen the window in which other threads find no cached value
    return real(document)

decoder.decode = counting_decode
barrier = threading.Barrier(32)
results = [None] * 32

def worker(i):
    barrier.wait()
    results[i] = load("eu2026")

threads = [threading.Thread(target=worker, args=(i,)) for i in range(32)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({"parses": len(parses), "objects": len({id(r) for r in results}), "same_as_later": load("eu2026") is results[0]}))
"""


def test_thirty_two_threads_get_one_parse_and_one_object() -> None:
    """32 threads loading eu2026 at once in a fresh interpreter parse it once and all get the same object."""
    env = {**os.environ, "PYTHONTZPATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", _RACE], capture_output=True, text=True, check=True, env=env, timeout=120
    )
    assert json.loads(done.stdout) == {"parses": 1, "objects": 1, "same_as_later": True}
