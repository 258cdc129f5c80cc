"""The worker's one retry rule: outages are waited out (and reported), poison is not retried.

Before issue 28, ``with_backoff`` retried every exception for ever, so a record the code
could not handle stopped its partition and the worker never said so.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from fixtrace_config.failures import RULES, classify
from fixtrace_config.health import HealthFile, read_health
from streams.backoff import Progress, with_backoff


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_failure_rule_has_an_example_and_a_kind(rule) -> None:  # type: ignore[no-untyped-def]
    assert rule.kind in ("infrastructure", "poison") and rule.example


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "infrastructure"),
        (ConnectionRefusedError(111, "refused"), "infrastructure"),
        (TimeoutError("slow"), "infrastructure"),
        (RuntimeError("something new"), "infrastructure"),  # unknown: never dead-lettered
        (ValueError("1 validation error for DeadLetter"), "poison"),
        (TypeError("object of type 'NoneType' has no len()"), "poison"),
        (KeyError("seq"), "poison"),
    ],
)
def test_classify(exc: BaseException, kind: str) -> None:
    assert classify(exc)[0] == kind


def test_clickhouse_errors_split_into_values_and_outages() -> None:
    from clickhouse_connect.driver.exceptions import DataError, OperationalError

    assert classify(DataError("Unable to create native array for column `seq`"))[0] == "poison"
    assert classify(OperationalError("connection refused"))[0] == "infrastructure"


def test_a_wrapped_disk_full_error_is_an_outage_not_poison() -> None:
    try:
        try:
            raise OSError(errno.ENOSPC, "No space left on device")
        except OSError as inner:
            raise ValueError("could not write part") from inner
    except ValueError as outer:
        assert classify(outer) == ("infrastructure", "disk full")


async def test_poison_is_raised_at_once_and_never_retried() -> None:
    calls = 0

    async def attempt() -> None:
        nonlocal calls
        calls += 1
        raise TypeError("object of type 'NoneType' has no len()")

    with pytest.raises(TypeError):
        await with_backoff("x", attempt, first_delay_s=0.001)
    assert calls == 1


async def test_an_outage_is_retried_reported_stuck_then_ok(tmp_path: Path) -> None:
    progress = Progress(HealthFile(tmp_path, "stream worker"), stuck_after=3)
    seen: list[str] = []
    calls = 0

    async def attempt() -> str:
        nonlocal calls
        calls += 1
        seen.append(progress.health.current.state)  # type: ignore[union-attr]
        if calls <= 4:
            raise ConnectionRefusedError(111, "Connection refused")
        return "stored"

    assert await with_backoff("storing", attempt, progress=progress, first_delay_s=0.001) == (
        "stored"
    )
    assert seen == ["ok", "retrying", "retrying", "stuck", "stuck"]
    (health,) = read_health(tmp_path)
    assert health.state == "ok" and health.part == "stream worker"


async def test_a_full_disk_pauses_the_worker_visibly(tmp_path: Path) -> None:
    progress = Progress(HealthFile(tmp_path, "stream worker"))
    calls = 0

    async def attempt() -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        (written,) = (tmp_path / "health").glob("*.json")
        paused = json.loads(written.read_text())
        assert paused["state"] == "paused" and "disk space" in paused["detail"]

    await with_backoff("storing", attempt, progress=progress, first_delay_s=0.001)
    assert read_health(tmp_path)[0].state == "ok"
