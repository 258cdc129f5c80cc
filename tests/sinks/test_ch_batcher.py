"""The size/time batcher, driven by a fake clock (no sleeping)."""

from __future__ import annotations

import pytest

from sinks.clickhouse.batcher import Batcher


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(max_rows: int = 3, max_age_s: float = 5.0) -> tuple[Batcher[int], list[list[int]], Clock]:
    sent: list[list[int]] = []
    clock = Clock()
    return Batcher(sent.append, max_rows=max_rows, max_age_s=max_age_s, clock=clock), sent, clock


def test_flushes_full_batches_on_add_and_keeps_the_rest() -> None:
    b, sent, _ = make(max_rows=3)
    assert b.add([1, 2]) == 0 and sent == []
    assert b.add([3, 4, 5, 6, 7]) == 6
    assert sent == [[1, 2, 3], [4, 5, 6]] and len(b) == 1
    assert b.flushed_rows == 6 and b.flushes == 2


def test_poll_flushes_only_when_old_enough() -> None:
    b, sent, clock = make(max_rows=100, max_age_s=5.0)
    assert b.poll() == 0  # empty: never due
    b.add([1])
    clock.now += 4.9
    b.add([2])
    assert not b.due() and b.poll() == 0
    clock.now += 0.1  # the oldest row is now 5 s old
    assert b.due() and b.poll() == 2 and sent == [[1, 2]]
    assert b.age_s == 0.0 and not b.due()
    b.add([3])  # the age restarts with the next row
    clock.now += 1
    assert b.age_s == pytest.approx(1.0) and not b.due()


def test_explicit_flush_and_empty_adds() -> None:
    b, sent, _ = make()
    assert b.flush() == 0 and b.add([]) == 0 and b.age_s == 0.0
    b.add([1])
    assert b.flush() == 1 and sent == [[1]] and len(b) == 0


def test_sink_error_keeps_rows_for_retry() -> None:
    calls: list[list[int]] = []

    def flaky(batch: list[int]) -> None:
        calls.append(list(batch))
        if len(calls) == 1:
            raise ConnectionError("down")

    b: Batcher[int] = Batcher(flaky, max_rows=10, max_age_s=1, clock=Clock())
    b.add([1, 2])
    with pytest.raises(ConnectionError):
        b.flush()
    assert len(b) == 2
    assert b.flush() == 2 and calls[-1] == [1, 2]


def test_sink_error_during_add_keeps_rows() -> None:
    def down(batch: list[int]) -> None:
        raise ConnectionError("down")

    b: Batcher[int] = Batcher(down, max_rows=2, max_age_s=1, clock=Clock())
    with pytest.raises(ConnectionError):
        b.add([1, 2, 3])
    assert len(b) == 3


def test_rejects_bad_limits() -> None:
    with pytest.raises(ValueError):
        Batcher(print, max_rows=0)
