"""Per-test outcomes from a JUnit XML report (pytest's ``--junitxml``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from enum import StrEnum


class Outcome(StrEnum):
    passed = "passed"
    failed = "failed"
    error = "error"
    skipped = "skipped"


def parse_junit(xml_text: str) -> dict[str, Outcome]:
    """``{"classname::name": outcome}``; an unreadable report yields no outcomes."""
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError:
        return {}
    outcomes: dict[str, Outcome] = {}
    for case in root.iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        tags = {child.tag for child in case}
        if "error" in tags:
            outcome = Outcome.error
        elif "failure" in tags:
            outcome = Outcome.failed
        elif "skipped" in tags:
            outcome = Outcome.skipped
        else:
            outcome = Outcome.passed
        # A test reported twice (setup error + call failure) keeps its worst outcome.
        if outcomes.get(test_id) not in (Outcome.error, Outcome.failed):
            outcomes[test_id] = outcome
    return outcomes


def transitions(
    before: dict[str, Outcome], after: dict[str, Outcome]
) -> tuple[list[str], list[str], list[str]]:
    """(fail_to_pass, pass_to_pass, pass_to_fail), each sorted.

    A test absent before (added by the patch and not collectable on the base) that passes
    after counts as fail-to-pass, as in SWE-bench where new tests fail on the base.
    """
    bad = (Outcome.failed, Outcome.error, None)
    f2p = sorted(t for t, o in after.items() if o == Outcome.passed and before.get(t) in bad)
    p2p = sorted(
        t for t, o in after.items() if o == Outcome.passed and before.get(t) == Outcome.passed
    )
    p2f = sorted(t for t, o in before.items() if o == Outcome.passed and after.get(t) in bad)
    return f2p, p2p, p2f
