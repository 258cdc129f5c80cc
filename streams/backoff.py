"""The worker's one retry rule, and how it says whether it makes progress.

Why apart from the pipeline: the scheduler (a dead prepare child) and every step of the
pipeline (consents, prepare, store) wait out failures the same way, and the same state
feeds `fixtrace status`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from fixtrace_config.failures import classify, disk_full
from fixtrace_config.health import HealthFile

log = logging.getLogger(__name__)

T = TypeVar("T")

Errors = type[BaseException] | tuple[type[BaseException], ...]

STUCK_AFTER = 5
"""Failures of one step in a row (0.5 + 1 + 2 + 4 + 8 s of backoff) after which the worker
reports itself ``stuck`` in `fixtrace status`; it keeps retrying every 30 s."""


class Progress:
    """Whether the worker makes progress, written for `fixtrace status` on every change.

    Steps that fail report here (several may fail at once: prepare and commit); the state
    is ``paused`` while the disk is full, ``retrying`` for the first failures of an outage,
    ``stuck`` after :data:`STUCK_AFTER` of them, and ``ok`` once every step succeeded again.
    """

    def __init__(self, health: HealthFile | None = None, stuck_after: int = STUCK_AFTER) -> None:
        self.health = health or HealthFile(None, "stream worker")
        self.stuck_after = stuck_after
        self.failing: dict[str, tuple[int, str, bool]] = {}
        self.health.set("ok")

    def failed(self, what: str, exc: BaseException, failures: int) -> None:
        self.failing[what] = (failures, f"{what}: {type(exc).__name__}: {exc}", disk_full(exc))
        self._write()

    def succeeded(self, what: str) -> None:
        if self.failing.pop(what, None) is not None:
            self._write()

    def _write(self) -> None:
        if not self.failing:
            self.health.set("ok")
            return
        failures, detail, full = max(self.failing.values())
        state = "paused" if full else "stuck" if failures >= self.stuck_after else "retrying"
        if full:
            detail = f"waiting for disk space ({detail})"
        self.health.set(state, detail, failures)


async def with_backoff(
    what: str,
    attempt: Callable[[], Awaitable[T]],
    *,
    fatal: Errors = (),
    progress: Progress | None = None,
    first_delay_s: float = 0.5,
) -> T:
    """Run ``attempt`` until it succeeds, backing off 0.5 s → 30 s, while it fails on
    infrastructure (:mod:`fixtrace_config.failures`); poison and ``fatal`` errors are raised
    at once for the caller to handle.

    Why retry instead of crash: every step it wraps is idempotent, and a partition that
    waits for ClickHouse, the blob store, disk space or a new prepare child loses nothing.
    The bound is on the noise, not on the wait: the first failure is logged with its
    traceback, later ones in one line each; after :data:`STUCK_AFTER` failures ``progress``
    says ``stuck`` (visible in `fixtrace status`), and the worker keeps waiting, since
    skipping data for an outage would lose it.
    """
    delay = first_delay_s
    failures = 0
    while True:
        try:
            result = await attempt()
        except fatal:
            raise
        except Exception as exc:
            kind, rule = classify(exc)
            if kind == "poison":
                raise
            failures += 1
            if failures == 1:
                log.exception("%s failed (%s); retrying in %.1fs", what, rule, delay)
            else:
                log.warning(
                    "%s failed again (%s, %d times): %s: %s; retrying in %.1fs",
                    what, rule, failures, type(exc).__name__, str(exc)[:200], delay,
                )  # fmt: skip
            if progress is not None:
                progress.failed(what, exc, failures)
            await asyncio.sleep(delay)  # backoff before an idempotent retry
            delay = min(delay * 2, 30.0)
        else:
            if failures:
                log.warning("%s succeeded after %d failures", what, failures)
            if progress is not None:
                progress.succeeded(what)
            return result
