"""The trace-opened record's redaction leaves a benchmark's grading spec as it came."""

from __future__ import annotations

from schemas.models import BugReport, Developer, EvalSpec, Repo, Task, TraceOpened
from streams.redact import RedactionConfig, Redactor
from streams.redact_events import redact_opened

CREDENTIAL_ID = (
    "tests/test_utils.py::test_prepend_scheme_if_needed"
    "[http://user:pass@example.com/path?query-http://user:pass@example.com/path?query]"
)


def test_evaluation_spec_test_ids_are_not_redacted_but_the_bug_report_is() -> None:
    # A real SWE-bench FAIL_TO_PASS id (psf__requests-6028): redacting it would make the
    # test "missing" from the output and fail every fix.
    spec = EvalSpec(
        instance_id="psf__requests-6028",
        test_patch_blob_id="sha256:" + "a" * 64,
        fail_to_pass=[CREDENTIAL_ID],
        pass_to_pass=[CREDENTIAL_ID.replace("prepend_scheme_if_needed", "get_auth_from_url")],
    )
    opened = TraceOpened(
        repo=Repo(repo_id="psf/requests", commit_base="0192aac2"),
        task=Task(
            bug_report=BugReport(
                title="Proxy authentication bug",
                description="connect with postgres://admin:hunter2secret@db.internal:5432/x",
            ),
            evaluation=spec,
        ),
        developer=Developer(developer_id="swe-agent"),
    )
    stored, redaction = redact_opened(opened, Redactor(RedactionConfig()))
    assert stored.task.evaluation == spec
    assert "hunter2secret" not in stored.task.bug_report.description
    assert redaction.applied
