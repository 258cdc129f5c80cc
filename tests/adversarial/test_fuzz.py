"""Generated and hand-made hostile requests against the live gateway: no 5xx, every 4xx
says why in the gateway's error shape, and valid neighbours reach the raw topic once.

CI draws 240 cases; ``bench/adversarial.py fuzz`` draws ≥ 10,000 in all.
"""

from __future__ import annotations

from typing import Any

from tests.adversarial.conftest import scale
from tests.adversarial.fuzz import fuzz, hostile_requests
from tests.adversarial.gateway import Credentials, LiveGateway


def test_generated_requests(live: LiveGateway, creds: Credentials, figures: Any) -> None:
    total = scale("FUZZ_COUNT", 240)
    report = fuzz(live, creds, total=total)
    figures("fuzz", report.summary())
    assert len(report.operations) >= 6
    assert report.generated >= total
    assert not report.server_errors, "\n".join(report.server_errors[:10])
    assert not report.unclear_4xx, "\n".join(report.unclear_4xx[:10])
    assert report.statuses[200] + report.statuses[201] > 0, "some generated cases were valid"
    assert report.neighbours_sent > 0
    assert report.neighbours_missing == report.neighbours_duplicated == 0


def test_hostile_bodies(live: LiveGateway, creds: Credentials, figures: Any) -> None:
    wrong = []
    cases = hostile_requests(live, creds)
    figures("hostile", [{"case": c, "expected": e, "got": g} for c, e, g, _ in cases])
    for what, expected, got, response in cases:
        if got != expected:
            wrong.append(f"{what}: expected {expected}, got {got} {response.text[:200]}")
        elif got >= 400:
            error = response.json()["error"]
            assert error["code"] and error["message"], what
    assert not wrong, "\n".join(wrong)
