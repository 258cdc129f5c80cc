"""The trace-opened record's redaction: a benchmark's grading spec is read like any text a
client sends, and real specs come through it unchanged."""

from __future__ import annotations

import pytest

from schemas.models import BugReport, Developer, EvalSpec, Repo, Task, TraceOpened
from streams.redact import RedactionConfig, Redactor
from streams.redact_events import redact_opened

CREDENTIAL_ID = (
    "tests/test_utils.py::test_prepend_scheme_if_needed"
    "[http://user:pass@example.com/path?query-http://user:pass@example.com/path?query]"
)
"""A real SWE-bench FAIL_TO_PASS id (psf__requests-6028): a textbook user:pass stand-in."""

REAL_SPECS = (
    ("princeton-nlp/SWE-bench_Verified", "psf__requests-6028", "2.27", [CREDENTIAL_ID]),
    ("princeton-nlp/SWE-bench_Lite", "django__django-11099", "3.0",
     ["test_unicode_validator (auth_tests.test_validators.UsernameValidatorsTests)"]),
    ("SWE-bench/SWE-smith", "oauthlib__oauthlib.1fd52536.combine_file__09vlzwgc", None,
     ["tests/oauth2/rfc6749/test_parameters.py::ParameterTests::test_prepare_grant_uri"]),
    ("princeton-nlp/SWE-bench", "sympy__sympy-20590", "1.7",
     ["test_immutable", "test_C99CodePrinter", "test_datetime64tz_aware"]),
)  # fmt: skip


def _opened(spec: EvalSpec, description: str = "it fails") -> TraceOpened:
    return TraceOpened(
        repo=Repo(repo_id="psf/requests", commit_base="0192aac2"),
        task=Task(bug_report=BugReport(title="bug", description=description), evaluation=spec),
        developer=Developer(developer_id="swe-agent"),
    )


def _spec(**fields: object) -> EvalSpec:
    return EvalSpec(test_patch_blob_id="sha256:" + "a" * 64, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("dataset", "instance_id", "version", "tests"), REAL_SPECS)
def test_real_grading_specs_are_stored_as_they_came(
    dataset: str, instance_id: str, version: str | None, tests: list[str]
) -> None:
    # Test ids are matched byte for byte against the test output: a redacted real id would
    # make the test "missing" and fail every fix (QA flags it: spec_test_id_redacted).
    spec = _spec(dataset=dataset, instance_id=instance_id, version=version,
                 fail_to_pass=tests, pass_to_pass=tests)  # fmt: skip
    opened = _opened(spec, "connect with postgres://admin:hunter2secret@db.internal:5432/x")
    stored, redaction = redact_opened(opened, Redactor(RedactionConfig()))
    assert stored.task.evaluation == spec
    assert "hunter2secret" not in stored.task.bug_report.description
    assert redaction.applied


KEY = "Xk3jd8fQ2aB7Lm9pR4tW"


@pytest.mark.parametrize(
    "fields",
    [
        {"instance_id": KEY},
        {"instance_id": "x", "dataset": f"acme/{KEY}"},
        {"instance_id": "x", "version": KEY},
        {"instance_id": "x", "fail_to_pass": ["test_login", f"export API_TOKEN={KEY}"]},
        {"instance_id": "x", "pass_to_pass": ["ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo"]},
    ],
)
def test_a_key_planted_in_the_grading_spec_is_not_stored(fields: dict[str, object]) -> None:
    # The spec comes from a client like the rest of the record: a key sent there is taken.
    stored, redaction = redact_opened(_opened(_spec(**fields)), Redactor(RedactionConfig()))
    kept = stored.task.evaluation.model_dump_json()
    assert KEY not in kept and "ghp_R2d4" not in kept
    assert redaction.applied
