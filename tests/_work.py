"""Counting work instead of timing it: how the tests check that a loop is linear, and stop a hang.

Speed is measured by the benchmarks (``benchmarks/``), as ratios against a
baseline in the same run; a test never asserts on elapsed time, which a
loaded machine stretches.  Instead it counts the steps a call takes, the
Python lines executed plus the calls made (of Python functions and of
builtins), which are the same on every machine, and compares the counts for
``n``, ``2n`` and ``8n`` items.  Work done inside one C call (say, a
``str.replace`` over the whole text) is one step, so the count follows the
Python-level loops, where this project's quadratic defects were.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest

from ._hostile import TimeLimitExceeded, time_limit

HANG_SECONDS = 60.0
"""How long a block guarded by :func:`no_hang` may run: far beyond any working run, so only a hang reaches it."""


def steps(action: Callable[[], object]) -> int:
    """The Python lines executed plus the calls made (of Python functions and builtins) while ``action()`` runs.

    The garbage collector is paused meanwhile, so that no finalizer adds to
    the count.  Run ``action`` once beforehand when it imports modules or
    fills caches on first use.

    >>> steps(lambda: sorted(range(3)))  # the call, its line, sorted() and the return
    4
    """
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1  # "call" and "line" (and "return" and "exception", one per call or raise)
        return trace

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "c_call" and frame.f_code is not _STEPS_CODE:  # not the hooks' own set-up below
            count += 1

    old_trace, old_profile, collecting = sys.gettrace(), sys.getprofile(), gc.isenabled()
    gc.disable()
    sys.setprofile(profile)
    sys.settrace(trace)
    try:
        action()
    finally:
        sys.settrace(old_trace)
        sys.setprofile(old_profile)
        if collecting:
            gc.enable()
    return count


_STEPS_CODE = steps.__code__


def growth(steps_for: Callable[[int], int], n: int) -> float:
    """How much each item added from ``n`` to ``8n`` items costs, relative to each item added from ``n`` to ``2n``.

    ``steps_for(k)`` is the steps for ``k`` items.  Work that is a fixed
    cost plus a cost per item gives 1.0; work that also grows with the pairs
    of items gives more (up to 3.0), however small the fixed cost.

    >>> growth(lambda k: 100 + 5 * k, 10), growth(lambda k: 100 + k * k, 10)
    (1.0, 3.0)
    """
    base, double, eightfold = steps_for(n), steps_for(2 * n), steps_for(8 * n)
    return ((eightfold - base) / 7) / (double - base)


@contextmanager
def no_hang(what: str, seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail the test as a hang when the block still runs after ``seconds`` (SIGALRM; main thread, Unix).

    Not a speed claim: only a loop that does not end reaches the bound.

    >>> with no_hang("nothing"):
    ...     pass
    """
    try:
        with time_limit(seconds):
            yield
    except TimeLimitExceeded:
        pytest.fail(f"hang: {what} still running after {seconds:g} s", pytrace=False)
