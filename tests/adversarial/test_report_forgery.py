"""A run cannot forge its result: the tests stage decides pass/fail from what the host saw
(exit status, pytest's ``-rA`` summary on the captured output), never from the JUnit file
the run itself writes.

The repository's own conftest (untrusted code) forges after pytest has reported a real
failure: it overwrites the report with an all-green one, deletes it, and/or leaves with
exit status 0. Before issue 30 the stage took the exit status as is (a forged 0 made the
run pass) and its per-test outcomes from the report (the broken test counted as passing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import sample_repo as sample
from fixtrace_config import Settings
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from sinks.blobs import FilesystemBlobStore

BROKEN = "def test_broken():\n    assert False, 'really broken'\n"
BROKEN_ID = "tests/test_broken.py::test_broken"

FORGE = """
import os, pathlib
from xml.sax.saxutils import quoteattr

SEEN = []

def pytest_collection_modifyitems(items):
    SEEN.extend(item.nodeid for item in items)

def _green(path):
    cases = []
    for node in SEEN:
        names = node.split("::")
        names[0] = names[0].replace("/", ".").removesuffix(".py")
        cases.append(f'<testcase classname={{quoteattr(".".join(names[:-1]))}} '
                     f'name={{quoteattr(names[-1])}} time="0.001"/>')
    path.write_text('<?xml version="1.0"?><testsuites><testsuite name="pytest" errors="0" '
                    f'failures="0" skipped="0" tests="{{len(cases)}}">{{"".join(cases)}}'
                    '</testsuite></testsuites>')

def pytest_unconfigure(config):
    report = pathlib.Path(config.option.xmlpath)
    action = {action!r}
    if "replace" in action:
        _green(report)
    if "delete" in action:
        report.unlink()
    if "flush" in action:
        import sys
        sys.stdout.flush()  # the host then sees pytest's real summary before the forged exit
    if "exit0" in action:
        os._exit(0)  # without a flush, pytest's buffered summary is lost with the process
"""

CASES = {
    "report replaced with an all-green one, exit status 0": (
        "replace flush exit0",
        {"junit_report_mismatch", "runner_output_contradicts_exit"},
    ),
    "report deleted, output cut, exit status 0": (
        "delete exit0",
        {"junit_report_missing", "runner_output_contradicts_exit"},
    ),
    "report replaced, real exit status": ("replace", {"junit_report_mismatch"}),
}


def _forging_repo(path: Path, action: str) -> sample.SampleRepo:
    repo = sample.make_sample_repo(path)
    (repo.path / "tests" / "test_broken.py").write_text(BROKEN)
    (repo.path / "conftest.py").write_text(FORGE.format(action=action))
    sample.run_git(repo.path, "add", "-A")
    sample.run_git(repo.path, "commit", "-q", "-m", "a broken test and a forging conftest")
    return sample.SampleRepo(
        repo.path, sample.run_git(repo.path, "rev-parse", "HEAD").strip(), repo.fix_patch
    )


@pytest.mark.parametrize("case", list(CASES))
def test_a_forged_report_or_exit_status_does_not_pass(case: str, tmp_path: Path) -> None:
    action, expected_flags = CASES[case]
    repo = _forging_repo(tmp_path / "repo", action)
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    settings = Settings(data_dir=tmp_path, sandbox_backend="bwrap", qa_test_timeout_s=60.0)
    repos = ReposConfig(repos={sample.REPO_ID: RepoSpec(source=str(repo.path))})
    out = RepoTestRunner(settings, blobs, repos=repos).run(
        sample.as_document(*sample.sample_fix_trace(repo, blobs))
    )
    assert out.tests is not None, out
    after = out.tests.invocations[-1]
    assert after.phase == "after"
    if "exit0" in action:
        assert after.exit_code == 0  # the forgery itself worked inside the sandbox
    assert after.passed is False and out.tests.final_passed is False, out
    if "flush" in action or "exit0" not in action:
        assert after.tests.get(BROKEN_ID) == "failed", after.tests
    else:  # pytest's output never reached the host: nothing is claimed for the test
        assert after.tests.get(BROKEN_ID) is None, after.tests
    assert BROKEN_ID not in out.tests.pass_to_pass
    assert expected_flags <= set(out.flags), out.flags
