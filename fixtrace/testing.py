"""Settings and helpers for tests and benchmarks against the local stack.

Tansu makes a consumer-group join wait half the session timeout (PLATFORM.md), so test
consumers use a short one; heartbeats must stay well inside it.
"""

from __future__ import annotations

from typing import Any

from fixtrace.waiting import wait_until

__all__ = [
    "FAUST_TEST_SESSION_TIMEOUT_S",
    "KAFKA_TEST_HEARTBEAT_INTERVAL_MS",
    "KAFKA_TEST_SESSION_TIMEOUT_MS",
    "fast_group_kwargs",
    "wait_until",
]

KAFKA_TEST_SESSION_TIMEOUT_MS = 1500
KAFKA_TEST_HEARTBEAT_INTERVAL_MS = 300
# faust's broker_session_timeout is in seconds.
FAUST_TEST_SESSION_TIMEOUT_S = KAFKA_TEST_SESSION_TIMEOUT_MS / 1000


def fast_group_kwargs() -> dict[str, Any]:
    """aiokafka consumer arguments that make group joins quick on Tansu."""
    return {
        "session_timeout_ms": KAFKA_TEST_SESSION_TIMEOUT_MS,
        "heartbeat_interval_ms": KAFKA_TEST_HEARTBEAT_INTERVAL_MS,
    }
