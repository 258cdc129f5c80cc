"""Test counts read from a test runner's own summary line, one named rule per format.

``capture run`` records a ``test_run`` event with ``tests_total`` and ``tests_failed`` when
the command's output ends with a summary one of these rules knows; otherwise the counts stay
unset (never guessed). The trace schema names four runners (``pytest``, ``go test``,
``npm test``, ``make test``); ``npm test`` and ``make test`` run whatever the project set
up, so every rule is tried for them, the last summary in the output winning.

Each rule carries examples (output tail → (total, failed)) that ``tests/producers/
test_capture_live.py`` checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

Counts = tuple[int, int]
"""(tests_total, tests_failed); errors count as failed, skips count in the total."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


@dataclass(frozen=True)
class CountRule:
    """How one runner's summary reads; ``parse`` returns (position, counts) of its last one."""

    name: str
    runners: frozenset[str]
    parse: Callable[[str], tuple[int, Counts] | None]
    examples: tuple[tuple[str, Counts | None], ...]


def _words(text: str) -> dict[str, int]:
    """``1 failed, 2 passed`` → {"failed": 1, "passed": 2} (plural forms folded)."""
    out: dict[str, int] = {}
    for n, word in re.findall(r"(\d+) ([a-z]+)", text):
        key = {"errors": "error", "warnings": "warning"}.get(word, word)
        out[key] = out.get(key, 0) + int(n)
    return out


_PYTEST = re.compile(
    r"^=*\s*((?:\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|deselected|warnings?)"
    r"(?:, )?)+|no tests ran) in [\d.]+s\b.*$",
    re.M,
)


def _pytest(text: str) -> tuple[int, Counts] | None:
    found = list(_PYTEST.finditer(text))
    if not found:
        return None
    last = found[-1]
    w = _words(last.group(1))
    failed = w.get("failed", 0) + w.get("error", 0)
    total = failed + sum(w.get(k, 0) for k in ("passed", "skipped", "xfailed", "xpassed"))
    return last.start(), (total, failed)


_GO = re.compile(r"^\s*--- (PASS|FAIL|SKIP): ", re.M)


def _go(text: str) -> tuple[int, Counts] | None:
    """``go test -v``'s per-test lines (without -v, passing tests are not listed)."""
    found = list(_GO.finditer(text))
    if not found or not re.search(r"^(ok|FAIL|PASS)\b", text, re.M):
        return None
    failed = sum(1 for m in found if m.group(1) == "FAIL")
    if failed == len(found) and re.search(r"^ok\s", text, re.M):
        return None  # some packages passed without listing their tests: the total is unknown
    return found[-1].start(), (len(found), failed)


_JEST = re.compile(r"^Tests:\s+(.*\d+ total)\s*$", re.M)


def _jest(text: str) -> tuple[int, Counts] | None:
    found = list(_JEST.finditer(text))
    if not found:
        return None
    w = _words(found[-1].group(1))
    return found[-1].start(), (w.get("total", 0), w.get("failed", 0))


_VITEST = re.compile(r"^\s*Tests\s+((?:\d+ (?:failed|passed|skipped|todo)\s*\|?\s*)+)\((\d+)\)",
                     re.M)  # fmt: skip


def _vitest(text: str) -> tuple[int, Counts] | None:
    found = list(_VITEST.finditer(text))
    if not found:
        return None
    w = _words(found[-1].group(1))
    return found[-1].start(), (int(found[-1].group(2)), w.get("failed", 0))


_MOCHA_PASSING = re.compile(r"^\s+(\d+) passing \(", re.M)


def _mocha(text: str) -> tuple[int, Counts] | None:
    found = list(_MOCHA_PASSING.finditer(text))
    if not found:
        return None
    tail = text[found[-1].start() :]
    failing = re.search(r"^\s+(\d+) failing\b", tail, re.M)
    pending = re.search(r"^\s+(\d+) pending\b", tail, re.M)
    failed = int(failing.group(1)) if failing else 0
    total = int(found[-1].group(1)) + failed + (int(pending.group(1)) if pending else 0)
    return found[-1].start(), (total, failed)


_TAP = re.compile(r"^# (tests|pass|fail|skipped|todo|cancelled) (\d+)\s*$", re.M)
"""The summary of ``node --test`` (its TAP reporter) and other TAP producers."""
_NODE_SPEC = re.compile(r"^ℹ (tests|pass|fail|skipped|todo|cancelled) (\d+)\s*$", re.M)
"""The same summary in ``node --test``'s spec reporter (its default on a terminal)."""


def _tap(text: str) -> tuple[int, Counts] | None:
    for pattern in (_TAP, _NODE_SPEC):
        found = list(pattern.finditer(text))
        tests = [m for m in found if m.group(1) == "tests"]
        if tests:
            values = {m.group(1): int(m.group(2)) for m in found if m.start() >= tests[-1].start()}
            failed = values.get("fail", 0) + values.get("cancelled", 0)
            return tests[-1].start(), (values["tests"], failed)
    return None


ALL_RUNNERS = frozenset({"pytest", "go test", "npm test", "make test"})
RULES: tuple[CountRule, ...] = (
    CountRule(
        "pytest-summary",
        frozenset({"pytest", "npm test", "make test"}),
        _pytest,
        (
            (
                "F.                  [100%]\n=== short test summary info ===\n"
                "FAILED test_calc.py::test_add - assert -1 == 5\n1 failed, 1 passed in 0.05s\n",
                (2, 1),
            ),
            ("======= 3 passed, 1 skipped, 2 warnings in 1.20s =======\n", (4, 0)),
            ("== 1 failed, 5 passed, 1 error, 1 xfailed in 2.01s (0:00:02) ==\n", (8, 2)),
            ("===== no tests ran in 0.01s =====\n", (0, 0)),
            ("collected 0 items\n", None),
        ),
    ),  # fmt: skip
    CountRule(
        "go-test-verbose",
        frozenset({"go test", "make test"}),
        _go,
        (
            (
                "=== RUN   TestAdd\n--- FAIL: TestAdd (0.00s)\n=== RUN   TestSub\n"
                "--- PASS: TestSub (0.00s)\nFAIL\nFAIL\texample.com/calc\t0.002s\n",
                (2, 1),
            ),
            ("--- PASS: TestA (0.00s)\n--- SKIP: TestB (0.00s)\nPASS\nok  \tcalc\t0.01s\n", (2, 0)),
            ("ok  \texample.com/calc\t0.002s\n", None),
        ),
    ),  # fmt: skip
    CountRule(
        "jest-summary",
        frozenset({"npm test", "make test"}),
        _jest,
        (
            (
                "Test Suites: 1 failed, 1 total\nTests:       1 failed, 2 passed, 3 total\n"
                "Snapshots:   0 total\nTime:        0.5 s\n",
                (3, 1),
            ),
            ("Tests:       4 passed, 4 total\n", (4, 0)),
        ),
    ),  # fmt: skip
    CountRule(
        "vitest-summary",
        frozenset({"npm test", "make test"}),
        _vitest,
        (
            (" Test Files  1 failed (1)\n      Tests  1 failed | 2 passed (3)\n", (3, 1)),
            ("      Tests  5 passed (5)\n", (5, 0)),
        ),
    ),  # fmt: skip
    CountRule(
        "mocha-summary",
        frozenset({"npm test", "make test"}),
        _mocha,
        (
            ("  calc\n    ✓ adds\n    1) subtracts\n\n\n  1 passing (5ms)\n  1 failing\n", (2, 1)),
            ("  3 passing (12ms)\n  1 pending\n", (4, 0)),
        ),
    ),  # fmt: skip
    CountRule(
        "tap-summary",
        frozenset({"npm test", "make test"}),
        _tap,
        (
            ("# tests 3\n# suites 0\n# pass 2\n# fail 1\n# cancelled 0\n# skipped 0\n", (3, 1)),
            ("ℹ tests 2\nℹ suites 0\nℹ pass 2\nℹ fail 0\nℹ cancelled 0\n", (2, 0)),
        ),
    ),  # fmt: skip
)


def test_counts(runner: str, output: str) -> Counts | None:
    """(total, failed) from the last summary a rule for ``runner`` finds in ``output``."""
    text = ANSI.sub("", output).replace("\r\n", "\n")
    best: tuple[int, Counts] | None = None
    for rule in RULES:
        if runner in rule.runners:
            found = rule.parse(text)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best[1] if best else None


test_counts.__test__ = False  # type: ignore[attr-defined]
