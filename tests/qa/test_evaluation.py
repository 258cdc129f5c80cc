"""The held-out-test stage (SWE-bench rules) on a real repository in the bubblewrap sandbox.

Each case runs the real stage: git clone, the env built on the host, the layered venv,
``pip install -e .`` offline in the sandbox, pytest in the sandbox before and after.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.sample_repo import BAD_PATCH, as_document
from fixtrace_config import Settings
from qa_agents.ports import put_text
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from qa_agents.repo_tests.config import RepoSettings
from qa_agents.repo_tests.grading import grade, is_resolved, parse_pytest_log
from schemas.models import StageStatus
from sinks.blobs import FilesystemBlobStore
from tests.qa.bench_instance import (
    F2P,
    INSTALL,
    P2P,
    REPO_ID,
    BenchInstance,
    bench_trace,
    eval_spec,
    make_bench_instance,
)


@pytest.fixture(scope="module")
def instance(tmp_path_factory: pytest.TempPathFactory) -> BenchInstance:
    return make_bench_instance(tmp_path_factory.mktemp("bench") / "chunky")


def runner_for(
    settings: Settings, blobs: FilesystemBlobStore, inst: BenchInstance, **spec: object
) -> RepoTestRunner:
    fields: dict[str, object] = {"source": str(inst.path), "install": INSTALL, **spec}
    return RepoTestRunner(settings, blobs, repos=ReposConfig(repos={REPO_ID: RepoSpec(**fields)}))


def evaluate(
    settings: Settings,
    blobs: FilesystemBlobStore,
    inst: BenchInstance,
    patch: str,
    *,
    spec_fields: dict[str, object] | None = None,
    **repo_spec: object,
):
    spec = eval_spec(blobs, inst, **(spec_fields or {}))
    doc = as_document(*bench_trace(inst, blobs, patch, spec=spec))
    return runner_for(settings, blobs, inst, **repo_spec).run(doc)


def by_id(out) -> dict[str, tuple[str | None, str | None, bool]]:
    return {t.test_id: (t.before, t.after, t.ok) for t in out.tests.evaluation.tests}


def test_correct_fix_is_resolved(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    out = evaluate(qa_settings, blobs, instance, instance.correct)
    assert out.status == StageStatus.ok, out
    assert out.tests is not None and out.tests.resolved is True
    assert out.tests.final_passed is True
    assert by_id(out) == {
        F2P[0]: ("FAILED", "PASSED", True),
        F2P[1]: ("FAILED", "PASSED", True),
        P2P[0]: ("PASSED", "PASSED", True),
        P2P[1]: ("PASSED", "PASSED", True),
    }
    assert out.flags == []
    ev = out.tests.evaluation
    # The base was installed (src/ layout: nothing imports without it) once per run.
    assert [i.phase for i in ev.installs] == ["install-before", "install-after"]
    assert all(i.passed for i in ev.installs)
    assert ev.test_command == "pytest -rA tests/test_chunks.py tests/test_tail.py"
    assert set(ev.seconds) == {"install", "before", "after", "total"}
    # The agent's own test in tests/test_chunks.py was replaced by the held-out version.
    after_log = blobs.get(out.tests.invocations[1].stdout_blob_id).decode()
    assert "test_tail_kept" not in after_log and "PASSED tests/test_tail.py" in after_log


def test_subtly_wrong_fix_passes_the_issue_example_but_is_not_resolved(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    out = evaluate(qa_settings, blobs, instance, instance.wrong)
    assert out.status == StageStatus.ok, out
    assert out.tests.resolved is False and out.tests.final_passed is False
    tests = by_id(out)
    assert tests[F2P[0]] == ("FAILED", "PASSED", True)  # the issue's own example
    assert tests[F2P[1]] == ("FAILED", "FAILED", False)  # the held-out case
    assert out.tests.evaluation.failed("fail_to_pass") == [F2P[1]]
    assert out.tests.fail_to_pass == [F2P[0]]


def test_fix_that_does_not_apply_is_a_failed_fix(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    out = evaluate(qa_settings, blobs, instance, BAD_PATCH)
    assert out.tests.resolved is False
    assert "patch_does_not_apply" in out.flags
    assert [i.phase for i in out.tests.invocations] == ["before"]
    assert "headers.py" in (out.error or "")


def test_stale_context_applies_with_fuzz_like_the_harness(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    out = evaluate(qa_settings, blobs, instance, instance.stale)
    assert out.tests.resolved is True, out
    assert out.flags == ["patch_applied_with_fuzz"]


def test_test_patch_that_does_not_apply_gives_no_verdict(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    broken = instance.test_patch.replace("def test_empty", "def test_emptiness")
    blob = blobs.put(broken.encode(), content_type="text/x-diff").blob_id
    out = evaluate(
        qa_settings, blobs, instance, instance.correct, spec_fields={"test_patch_blob_id": blob}
    )
    assert out.status == StageStatus.failed
    assert out.tests.resolved is None
    assert out.flags == ["test_patch_does_not_apply"]
    assert out.tests.invocations == []


def test_install_failure_before_any_patch_gives_no_verdict(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    misconfigured = "python setup.py develop"  # the repository has no setup.py
    out = evaluate(qa_settings, blobs, instance, instance.correct, install=misconfigured)
    assert out.status == StageStatus.failed
    assert out.tests.resolved is None
    assert out.flags == ["install_failed"]
    assert "setup.py" in (out.error or "")


def test_fix_that_breaks_the_install_is_a_failed_fix(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    # The fix adds a dependency nobody provided: the offline install cannot satisfy it.
    out = evaluate(qa_settings, blobs, instance, instance.breaks_install)
    assert out.tests.resolved is False
    assert out.flags == ["install_failed"]
    installs = out.tests.evaluation.installs
    assert [(i.phase, i.passed) for i in installs] == [
        ("install-before", True),
        ("install-after", False),
    ]
    assert b"attrs" in blobs.get(installs[1].stdout_blob_id) + blobs.get(installs[1].stderr_blob_id)


def test_fix_that_hangs_times_out_and_its_tests_count_as_failed(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    out = evaluate(qa_settings, blobs, instance, instance.hangs, timeout_s=10.0)
    assert out.tests.resolved is False
    assert "test_timeout" in out.flags
    before, after = out.tests.invocations
    assert not before.timed_out and after.timed_out
    assert all(after is None and not ok for _, after, ok in by_id(out).values())


def test_f2p_passing_before_is_flagged_and_an_environment_failure_gives_no_verdict(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    spec_fields = {
        "fail_to_pass": [*F2P, P2P[0]],  # a test that already passes on the base
        # Missing before and after: PASS_TO_PASS tests pass at the spec's base by
        # construction, so this environment is not the spec's (e.g. too new a Python).
        "pass_to_pass": [P2P[1], "tests/test_chunks.py::test_never_written"],
    }
    out = evaluate(qa_settings, blobs, instance, instance.correct, spec_fields=spec_fields)
    assert out.flags == ["f2p_passed_before", "p2p_failed_before"]
    assert out.tests.resolved is None and out.status == StageStatus.failed
    assert "test_never_written" in (out.error or "")
    assert by_id(out)["tests/test_chunks.py::test_never_written"] == (None, None, False)


def test_a_spec_test_id_the_redaction_altered_gives_no_verdict_and_says_why(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance
) -> None:
    # The stream scans the grading spec like any text: a test id with a key-like part is
    # stored redacted and can never match the output. A correct fix is not failed for it.
    redacted = "tests/test_chunks.py::test_token[[REDACTED:high_entropy_token]]"
    spec_fields = {"fail_to_pass": [*F2P], "pass_to_pass": [*P2P, redacted]}
    out = evaluate(qa_settings, blobs, instance, instance.correct, spec_fields=spec_fields)
    assert out.flags == ["spec_test_id_redacted"]
    assert out.tests.resolved is None
    assert "redacted at ingestion" in (out.error or "") and redacted in (out.error or "")


def test_trace_without_a_spec_keeps_the_old_stage_and_makes_no_claim(
    runner: RepoTestRunner, blobs: FilesystemBlobStore, sample_repo
) -> None:
    from bench.sample_repo import sample_fix_trace

    out = runner.run(as_document(*sample_fix_trace(sample_repo, blobs)))
    assert out.tests.final_passed is True
    assert out.tests.resolved is None and out.tests.evaluation is None


# -- grading rules, without a sandbox ----------------------------------------------------


def test_pytest_summary_parsing_matches_the_harness_rules() -> None:
    log = "\n".join(
        [
            "tests/test_a.py::test_v PASSED                                [ 10%]",
            "PASSED tests/test_a.py::test_p",
            "FAILED tests/test_a.py::test_f - AssertionError: boom",
            "ERROR tests/test_a.py::test_e - RuntimeError",
            "SKIPPED [1] tests/test_a.py:12: no network",
            "SKIPPED tests/test_a.py::test_s",
            "XFAIL tests/test_a.py::test_xf - known",
            "XPASS tests/test_a.py::test_xp unexpected",
            "\x1b[32mPASSED\x1b[0m tests/test_a.py::test_color",
            "PASSED tests/test_a.py::test_param[/tmp/x/y/data.txt]",
        ]
    )
    statuses = parse_pytest_log(log)
    assert statuses["tests/test_a.py::test_v"] == "PASSED"
    assert statuses["tests/test_a.py::test_f"] == "FAILED"
    assert statuses["tests/test_a.py::test_color"] == "PASSED"
    assert not any(k.startswith("[") for k in statuses)
    short = parse_pytest_log(log, shorten_path_params=True)
    assert "tests/test_a.py::test_param[/data.txt]" in short

    def verdict(f2p: list[str], p2p: list[str]) -> bool:
        return is_resolved(grade(f2p, p2p, {}, statuses))

    assert verdict(["tests/test_a.py::test_p", "tests/test_a.py::test_xf"], [])
    assert verdict([], ["tests/test_a.py::test_s"])  # a skipped P2P test is maintained
    assert not verdict(["tests/test_a.py::test_s"], [])  # a skipped F2P test is not fixed
    assert verdict(["tests/test_a.py::test_xp"], [])  # XPASS: neither (harness rule)
    assert not verdict([], ["tests/test_a.py::test_e"])
    assert not verdict(["tests/test_a.py::test_gone"], [])
    assert not is_resolved(grade(["t::a"], [], {}, None))  # no run after the fix


def test_repo_spec_versions_override_the_defaults(tmp_path: Path) -> None:
    from qa_agents.repo_tests import load_repos_config

    path = tmp_path / "repos.toml"
    path.write_text(
        '[repos."pallets/flask"]\nsource = "/m/flask.git"\ninstall = "pip install -e ."\n'
        'requirements = ["pytest"]\n'
        '[repos."pallets/flask".versions."2.3"]\nrequirements = ["pytest", "Werkzeug==2.3.7"]\n'
    )
    spec = load_repos_config(path).get("pallets/flask")
    assert spec.for_version("2.3").requirements == ["pytest", "Werkzeug==2.3.7"]
    assert spec.for_version("2.3").source == "/m/flask.git"
    assert spec.for_version("9.9").requirements == ["pytest"]


def test_a_version_names_the_interpreter_of_its_env(
    qa_settings: Settings,
    blobs: FilesystemBlobStore,
    instance: BenchInstance,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`python = "X.Y"` (the harness's per-version Python) builds the env from pythonX.Y on
    PATH; one that is not there fails the stage at once, saying what to install."""
    from qa_agents.sandbox.pyenv import build_env

    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python9.8").symlink_to("/usr/bin/python3")  # an interpreter by another name
    monkeypatch.setenv("PATH", f"{bindir}:{os.environ['PATH']}")
    asked: list[dict] = []

    def builder(requirements, **kwargs):  # noqa: ANN001, ANN003, ANN202
        asked.append(kwargs)
        return build_env(requirements, **kwargs)

    spec = eval_spec(blobs, instance, version="9.8")
    doc = as_document(*bench_trace(instance, blobs, instance.correct, spec=spec))
    repo = RepoSpec(source=str(instance.path), install=INSTALL,
                    versions={"9.8": RepoSettings(python="9.8")})  # fmt: skip
    runner = RepoTestRunner(qa_settings, blobs, repos=ReposConfig(repos={REPO_ID: repo}),
                            env_builder=builder)  # fmt: skip
    out = runner.run(doc)
    assert asked == [{"base_python": bindir / "python9.8"}]
    assert out.tests is not None and out.tests.resolved is True, out

    missing = eval_spec(blobs, instance, version="0.1")
    doc = as_document(*bench_trace(instance, blobs, instance.correct, spec=missing))
    repo.versions["0.1"] = RepoSettings(python="0.1")
    out = runner.run(doc)
    assert out.status == StageStatus.failed and out.flags == ["env_failed"]
    assert "no python0.1 on PATH" in out.error and out.tests is None


PLANT_GIT_HOOKS = '''
import pathlib


def pytest_unconfigure(config):
    """Untrusted test code: make any later git on this tree run a command."""
    git = pathlib.Path(__file__).resolve().parents[1] / ".git"
    with open(git / "config", "a") as fh:
        fh.write('[filter "p"]\\n\\tsmudge = sh -c \\'id >> {marker}; cat\\'\\n\\tclean = cat\\n'
                 '[core]\\n\\tfsmonitor = sh -c \\'id >> {marker}\\'\\n')
    (git / "info").mkdir(exist_ok=True)
    (git / "info" / "attributes").write_text("* filter=p\\n")
'''


def test_host_never_runs_git_in_a_tree_a_sandboxed_run_wrote(
    qa_settings: Settings, blobs: FilesystemBlobStore, instance: BenchInstance, tmp_path: Path
) -> None:
    """The held-out tests (untrusted code) plant a git filter and fsmonitor during the
    "before" run; the "after" run must start from a fresh clone instead of running git on
    the host in that tree (where the filter would run as root), and still grade the fix."""
    marker = tmp_path / "git-ran-on-host"
    conftest = PLANT_GIT_HOOKS.format(marker=marker)
    lines = "".join(f"+{line}\n" for line in conftest.splitlines())
    plant = (
        "diff --git a/tests/conftest.py b/tests/conftest.py\nnew file mode 100644\n"
        f"--- /dev/null\n+++ b/tests/conftest.py\n@@ -0,0 +1,{len(conftest.splitlines())} @@\n"
        + lines
    )
    test_patch = instance.test_patch + plant
    spec_fields = {"test_patch_blob_id": put_text(blobs, test_patch, "text/x-diff")}
    for patch in (instance.correct, instance.stale):  # the plain and the fuzzy path
        out = evaluate(qa_settings, blobs, instance, patch, spec_fields=spec_fields)
        assert not marker.exists(), f"git ran the run's filter on the host: {marker.read_text()}"
        assert out.tests is not None and out.tests.resolved is True, out
