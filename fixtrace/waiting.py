"""Poll a condition with a deadline: the one way fixtrace waits for something to happen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")


def wait_until(
    condition: Callable[[], _T],
    *,
    timeout_s: float = 10.0,
    interval_s: float = 0.02,
    message: str = "condition",
) -> _T:
    """Call ``condition`` until it returns something truthy and return that.

    Exceptions from ``condition`` propagate (that is how a caller fails fast); after
    ``timeout_s`` a :class:`TimeoutError` naming ``message`` is raised.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutError(f"{message} not met within {timeout_s}s")
        time.sleep(interval_s)
