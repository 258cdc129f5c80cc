"""Held-out test grading with the SWE-bench harness's rules.

Why not JUnit here: benchmark specs name tests by the ids pytest prints in its ``-rA``
summary (``tests/test_x.py::TestC::test_y[param]``); JUnit keeps only a dotted class name,
so ids would have to be guessed back. The harness reads that summary from the log, so
this does too, with the same verdict rules:

- success after the fix: PASSED or XFAIL; a pass-to-pass test may also be SKIPPED;
- failure: FAILED, ERROR, a fail-to-pass test SKIPPED, or the test missing from the output
  (a crash, a timeout or a collection error must never count as a pass);
- XPASS is neither (the harness leaves it out of the count), so it does not fail a spec;
- resolved: no fail-to-pass and no pass-to-pass failure.

Test ids are read whole: a parametrized id may hold spaces
(``test_rfc822[value0-Sun, 10 Nov 2013 01:23:45 -0000-rfc]``). The published SWE-bench
datasets store such ids cut at the first space (the harness's old log parser split on
whitespace), so a spec id that is not found whole is matched as the part before the first
space of whole ids; when several whole ids share it, the worst status counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from schemas.document import HeldOutTest

STATUSES = ("PASSED", "FAILED", "SKIPPED", "ERROR", "XFAIL", "XPASS")
_STATUS = "|".join(STATUSES)
_STATUS_FIRST = re.compile(rf"^({_STATUS})\s+(\S.*)$")
# A verbose line: the id (its [params] may hold spaces), then the status.
_ID_FIRST = re.compile(rf"^(\S+?\[.*?\]|\S+)\s+({_STATUS})(?:\s|$)")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_SKIP_SUMMARY = re.compile(r"^\[\d+\]$")
_PARAM = re.compile(r"^(.*?)\[(.*)\]$")

FAIL_TO_PASS = "fail_to_pass"
PASS_TO_PASS = "pass_to_pass"


def _shorten_path_param(test_id: str) -> str:
    """``t[/abs/dir/file]`` → ``t[/file]``: ids stay stable across checkout folders."""
    match = _PARAM.match(test_id)
    if not match:
        return test_id
    name, param = match.groups()
    if param.startswith("/") and not param.startswith("//") and "*" not in param:
        param = "/" + param.rsplit("/", 1)[-1]
    return f"{name}[{param}]"


def _leading_id(rest: str) -> str:
    """The test id at the start of ``rest`` (a ``-rA`` line after its status word).

    ``FAILED t.py::test_x[a b] - AssertionError: [1] != [2]``: an id without brackets
    ends at the first space; a parametrized one at the ``]`` that closes its ``[`` and ends
    the line or comes before `` - `` (the failure message), so spaces and balanced
    brackets inside the parameters are kept. Unbalanced parameters fall back to the first
    ``]`` followed by the line's end or `` - ``.
    """
    head = rest.split(None, 1)[0]
    bracket = rest.find("[")
    if bracket < 0 or bracket > len(head):
        return head

    def ends_id(close: int) -> bool:
        tail = rest[close + 1 :]
        return not tail.strip() or tail.startswith(" - ")

    depth = 0
    for i in range(bracket, len(rest)):
        depth += {"[": 1, "]": -1}.get(rest[i], 0)
        if depth == 0:
            if ends_id(i):
                return rest[: i + 1]
            break
    for close in (i for i, ch in enumerate(rest) if ch == "]" and i > bracket):
        if ends_id(close):
            return rest[: close + 1]
    return head


def parse_pytest_log(log: str, *, shorten_path_params: bool = False) -> dict[str, str]:
    """``{test id: status}`` from pytest output (``-rA`` summary or verbose lines).

    A test reported more than once keeps its last status, as in the harness.
    """
    statuses: dict[str, str] = {}
    for raw in log.splitlines():
        line = _ANSI.sub("", raw).rstrip()
        first = _STATUS_FIRST.match(line)
        if first:
            status, rest = first.groups()
            if status == "SKIPPED" and _SKIP_SUMMARY.match(rest.split(None, 1)[0]):
                continue  # "SKIPPED [2] file.py:10: reason" names no test
            test_id = _leading_id(rest)
        else:
            second = _ID_FIRST.match(line)
            if not second:
                continue
            test_id, status = second.groups()
        if shorten_path_params:
            test_id = _shorten_path_param(test_id)
        statuses[test_id] = status
    return statuses


def is_failure(kind: str, status: str | None) -> bool:
    """Whether a held-out test of ``kind`` with ``status`` after the fix fails the spec."""
    if status is None:
        return True
    if kind == PASS_TO_PASS:
        return status in ("FAILED", "ERROR")
    return status in ("FAILED", "ERROR", "SKIPPED")


def passed(status: str | None) -> bool:
    """PASSED or XFAIL (the harness's "passed")."""
    return status in ("PASSED", "XFAIL")


#: Worst first: which status a cut id takes when several whole ids share its prefix.
_SEVERITY = ("ERROR", "FAILED", "SKIPPED", "XPASS", "XFAIL", "PASSED")


class Statuses:
    """A run's ``{whole test id: status}``, looked up by whole or cut-at-first-space id."""

    def __init__(self, statuses: dict[str, str] | None) -> None:
        self.statuses = statuses or {}
        self.by_cut: dict[str, list[str]] = {}
        for test_id in self.statuses:
            if " " in test_id:
                self.by_cut.setdefault(test_id.split(" ", 1)[0], []).append(test_id)

    def whole_ids(self, test_id: str) -> list[str]:
        """The whole ids ``test_id`` names: itself, or those it is the cut form of."""
        if test_id in self.statuses:
            return [test_id]
        return self.by_cut.get(test_id, [])

    def get(self, test_id: str) -> str | None:
        """The status of ``test_id`` (the worst of its whole ids when it is a cut id)."""
        found = [self.statuses[whole] for whole in self.whole_ids(test_id)]
        if not found:
            return None
        return min(found, key=lambda s: _SEVERITY.index(s) if s in _SEVERITY else 0)


def grade(
    fail_to_pass: Iterable[str],
    pass_to_pass: Iterable[str],
    before: dict[str, str] | None,
    after: dict[str, str] | None,
) -> list[HeldOutTest]:
    """One :class:`HeldOutTest` per spec test; ``after=None`` means no run after the fix.

    Spec ids are matched whole, or as the dataset's ids cut at the first space.
    """
    before_map, after_map = Statuses(before), Statuses(after)
    out: list[HeldOutTest] = []
    for kind, ids in ((FAIL_TO_PASS, fail_to_pass), (PASS_TO_PASS, pass_to_pass)):
        for test_id in ids:
            status = after_map.get(test_id)
            out.append(
                HeldOutTest(
                    test_id=test_id,
                    kind=kind,
                    before=before_map.get(test_id),
                    after=status,
                    ok=after is not None and not is_failure(kind, status),
                )
            )
    return out


def is_resolved(tests: list[HeldOutTest]) -> bool:
    """The SWE-bench definition: every spec test is a success (or XPASS) after the fix."""
    return all(t.ok for t in tests)


REDACTION_MARK = "[REDACTED:"
"""What the stream's redaction writes in place of a value (``[REDACTED:<rule>]``)."""


def redacted_spec_ids(tests: list[HeldOutTest]) -> list[str]:
    """Spec test ids the stream's redaction altered (a key-like part of an id is taken
    like any other text's): such an id cannot match the test output."""
    return [t.test_id for t in tests if REDACTION_MARK in t.test_id]


def environment_failures(tests: list[HeldOutTest]) -> list[str]:
    """PASS_TO_PASS tests failing before the fix and after it (not the fix's doing)."""
    return [
        t.test_id
        for t in tests
        if t.kind == PASS_TO_PASS and not t.ok and is_failure(PASS_TO_PASS, t.before)
    ]
