"""The tests stage on a real repository in the bubblewrap sandbox."""

from __future__ import annotations

from bench.sample_repo import BAD_PATCH, SampleRepo, as_document, sample_fix_trace
from fixtrace_config import Settings
from qa_agents.repo_tests import RepoTestRunner
from qa_agents.repo_tests.command import build_command
from qa_agents.repo_tests.junit import Outcome, parse_junit, transitions
from schemas.models import StageStatus
from sinks.blobs import FilesystemBlobStore
from tests.qa.conftest import make_runner


def test_fix_fails_before_and_passes_after(
    runner: RepoTestRunner, blobs: FilesystemBlobStore, sample_repo: SampleRepo
) -> None:
    doc = as_document(*sample_fix_trace(sample_repo, blobs))
    out = runner.run(doc)
    assert out.status == StageStatus.ok, out
    assert out.tests is not None
    before, after = out.tests.invocations
    assert (before.phase, before.passed, before.exit_code) == ("before", False, 1)
    assert (after.phase, after.passed, after.exit_code) == ("after", True, 0)
    assert out.tests.fail_to_pass == ["tests/test_missing.py::test_missing_defaults"]
    assert out.tests.pass_to_pass == ["tests/test_headers.py::test_present"]
    assert out.flags == []  # the reports agree with what pytest printed
    assert out.tests.final_passed is True
    assert out.tests.sandbox_backend == "bwrap"
    assert b"KeyError" in blobs.get(before.stdout_blob_id)
    assert b"<testsuite" in blobs.get(after.report_blob_id)


def test_patch_that_does_not_apply_is_recorded(
    runner: RepoTestRunner, blobs: FilesystemBlobStore, sample_repo: SampleRepo
) -> None:
    doc = as_document(*sample_fix_trace(sample_repo, blobs, patch=BAD_PATCH))
    out = runner.run(doc)
    assert out.tests is not None
    assert "patch_does_not_apply" in out.flags
    assert out.tests.final_passed is False
    assert [i.phase for i in out.tests.invocations] == ["before"]
    assert b"patch" in blobs.get(out.tests.patch_apply_stderr_blob_id)


def test_hanging_test_command_is_recorded(
    qa_settings: Settings, blobs: FilesystemBlobStore, sample_repo: SampleRepo
) -> None:
    hang = make_runner(
        qa_settings,
        blobs,
        sample_repo,
        test_command="python -c 'import time; time.sleep(600)'",
        timeout_s=1.5,
    )
    out = hang.run(as_document(*sample_fix_trace(sample_repo, blobs)))
    assert out.tests is not None
    assert "test_timeout" in out.flags
    assert all(i.timed_out and not i.passed for i in out.tests.invocations)
    assert out.tests.final_passed is False


def test_pytest_command_gets_a_junit_report_and_shell_syntax_runs_in_sh() -> None:
    cmd = build_command("pytest -q tests/", "r.xml")
    assert cmd.runner == "pytest" and "--junitxml=r.xml" in cmd.argv
    assert build_command("python -m pytest", "r.xml").runner == "pytest"
    assert build_command("make test && echo ok", "r.xml").argv[:2] == ["sh", "-c"]


def test_junit_transitions() -> None:
    xml = (
        '<testsuites><testsuite><testcase classname="t" name="a"/>'
        '<testcase classname="t" name="b"><failure message="x"/></testcase>'
        '<testcase classname="t" name="c"><skipped/></testcase></testsuite></testsuites>'
    )
    before = parse_junit(xml)
    assert before == {"t::a": Outcome.passed, "t::b": Outcome.failed, "t::c": Outcome.skipped}
    after = {"t::a": Outcome.failed, "t::b": Outcome.passed, "t::new": Outcome.passed}
    assert transitions(before, after) == (["t::b", "t::new"], [], ["t::a"])
    assert parse_junit("not xml") == {}
