"""Which shell commands run tests, and with which runner."""

from __future__ import annotations

import re

_RUNNERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(^|[\s;&|/])(py\.test|pytest|python3? -m pytest)\b"), "pytest"),
    (re.compile(r"(^|[\s;&|])go test\b"), "go test"),
    (re.compile(r"(^|[\s;&|])(npm|yarn|pnpm) (run )?test\b"), "npm test"),
    (re.compile(r"(^|[\s;&|])make (test|check)\b"), "make test"),
    (
        re.compile(r"(^|[\s;&|])(python3? -m unittest|tox|nox|cargo test|mvn test|gradle test)\b"),
        "custom",
    ),
]


def test_runner(command: str) -> str | None:
    """The runner name for a test command (``pytest``, ``go test``, …), else None."""
    for pattern, name in _RUNNERS:
        if pattern.search(command):
            return name
    return None


test_runner.__test__ = False  # type: ignore[attr-defined]
